// The bet slip of live tables: undo the last chip, rebet the last round's bets, double every
// bet, before the window closes; and the confirmation of the bets the table accepted when it
// closes (issue 18). Every bet still goes through the API, so the table's rules judge each one.
import { el } from "./common.js";
import { t, term } from "./i18n.js";

export function betSlip({ bets, stakeOf, place, withdraw, money }) {
  const clicks = []; // this window's accepted chips, in order: { kind, amount }
  let last = {}; // the bets the table accepted at the last close: kind -> amount
  let open = false;
  const undo = el("button", { id: "undo", class: "secondary", type: "button" }, t("Undo"));
  const rebet = el("button", { id: "rebet", class: "secondary", type: "button" }, t("Rebet"));
  // "Double bets", not "Double": blackjack's double down is a button of its own (issue 34(4))
  const double = el("button", { id: "double-bets", class: "secondary", type: "button" }, t("Double bets"));
  const node = el("div", { class: "bet-slip", role: "group", "aria-label": t("bet slip") }, undo, rebet, double);
  const info = (kind) => bets.find((b) => b.kind === kind);
  const fixed = (kind) => { const b = info(kind); return b && b.maximum !== null && b.maximum === b.minimum; };
  // a bet added to others (the jackpot bet) goes after them
  const byNeed = (kinds) => [...kinds].sort((a, b) => Number(Boolean(info(a).added_to)) - Number(Boolean(info(b).added_to)));

  function refresh() {
    const staked = bets.some((b) => stakeOf(b.kind) > 0);
    undo.disabled = !open || clicks.length === 0;
    rebet.disabled = !open || clicks.length > 0 || staked || Object.keys(last).length === 0;
    double.disabled = !open || !staked;
  }

  async function undoLast() {
    const click = clicks.pop();
    if (!click) return;
    const rest = stakeOf(click.kind) - click.amount;
    try {
      await withdraw(click.kind);
      if (rest > 0) await place(click.kind, rest);
    } catch (error) {
      clicks.push(click);
      throw error;
    } finally {
      refresh();
    }
  }
  async function rebetLast() {
    for (const kind of byNeed(Object.keys(last))) await chip(kind, last[kind]);
  }
  async function doubleAll() {
    const staked = bets.filter((b) => stakeOf(b.kind) > 0 && !fixed(b.kind)).map((b) => b.kind);
    for (const kind of byNeed(staked)) await chip(kind, stakeOf(kind));
  }
  async function chip(kind, amount) {
    await place(kind, amount);
    clicks.push({ kind, amount });
    refresh();
  }

  return {
    node,
    bind(run) {
      undo.addEventListener("click", () => run(undoLast));
      rebet.addEventListener("click", () => run(rebetLast));
      double.addEventListener("click", () => run(doubleAll));
    },
    placed(kind, amount) { clicks.push({ kind, amount }); refresh(); },
    opened() { clicks.length = 0; open = true; refresh(); },
    // the window closed: what the table holds is what was accepted; it is the next rebet
    closed() {
      open = false;
      const accepted = bets.filter((b) => stakeOf(b.kind) > 0).map((b) => [b.kind, stakeOf(b.kind)]);
      if (accepted.length) last = Object.fromEntries(accepted);
      refresh();
      if (!accepted.length) return null;
      return el("p", { class: "confirmation", id: "bets-confirmed", role: "status" },
        t("Bets accepted: {bets}", { bets: accepted.map(([kind, amount]) => `${term(kind, info(kind).title)} ${money(amount)}`).join(" · ") }));
    },
    refresh,
  };
}
