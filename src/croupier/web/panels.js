// The table's panels (a modal dialog): a round as recall shows it (PT rule 31), the rules,
// limits and payouts (rule 32) with how the game is played, and a session's statement (rule 33).
import { el } from "./common.js";

// the dialog opened with ``title`` and ``content``, at its top
export function openDialog(dialog, title, ...content) {
  const close = el("button", { class: "close", id: "close-panel" }, "Close");
  close.addEventListener("click", () => dialog.close());
  dialog.replaceChildren(el("h2", {}, title), ...content, close);
  if (!dialog.open) dialog.showModal();
  close.focus({ preventScroll: true }); // the panel opens at its top, not at its Close button
  dialog.scrollTop = 0;
}

// a finished round: its cards as the game's felt tells them, every bet, your result
export function roundDetails(round, felt, money) {
  const r = round.result || {};
  const rows = round.bets.map((b) => el("tr", {},
    el("td", {}, b.player), el("td", {}, b.kind), el("td", {}, money(b.amount)),
    el("td", {}, b.outcome || ""), el("td", {}, b.payout === null || b.payout === undefined ? "" : money(b.payout))));
  const parts = [el("p", {}, `Round ${round.number} · ${round.status}${round.void_reason ? ` · ${round.void_reason}` : ""}`)];
  parts.push(...felt.details(r));
  parts.push(el("table", { class: "bets" },
    el("thead", {}, el("tr", {}, ...["player", "bet", "stake", "outcome", "paid"].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...rows)));
  if (round.mine) parts.push(el("p", { class: "mine-net", id: "recall-net" }, `Your result: ${round.mine.net >= 0 ? "+" : "−"}${money(Math.abs(round.mine.net))}`));
  return el("div", { class: "round-detail" }, ...parts);
}

// the rules, limits and payouts of the table (PT rule 32)
export function rulesPanel(info, money) {
  const rows = info.bets.map((b) => el("tr", {}, el("td", {}, b.title), el("td", {}, money(b.minimum)),
    el("td", {}, b.maximum === null ? "no maximum" : money(b.maximum)), el("td", {}, b.pays),
    el("td", {}, `${b.limits_article}; pays: ${b.article}`)));
  return [
    el("p", {}, `${info.ruleset.title}. ${info.ruleset.source}.`),
    el("table", { class: "bets" }, el("thead", {}, el("tr", {}, ...["bet", "minimum", "maximum", "pays", "rules"].map((h) => el("th", {}, h)))), el("tbody", {}, ...rows)),
    el("p", {}, `Commission: ${info.commission.description}. Ties: ${info.ties}.`),
    info.both_sides ? el("p", {}, `Betting on both Player and Banker: ${info.both_sides}.`) : "",
    el("p", {}, `Betting window: ${info.mode === "individual" ? "you start the deal (rule 28)" : `${info.betting_seconds} s (rule 27)`}.`),
    howToPlay(info.rules_of_the_game),
    el("p", {}, `Complaints: ${info.complaints}`),
  ];
}

// the rules of the game (PT rule 32), and baccarat's drawing table (rule 20)
function howToPlay(rules) {
  if (!rules) return "";
  const items = Object.values(rules).map((r) => el("li", {}, `${r.text} (${r.article}).`));
  const parts = [el("h3", {}, "How the game is played"), el("ul", { id: "how-to-play" }, ...items)];
  const drawing = rules.drawing;
  if (drawing && drawing.banker_draws_when_player_drew) {
    const rows = Object.entries(drawing.banker_draws_when_player_drew).map(([total, on]) =>
      el("tr", {}, el("td", {}, total), el("td", {}, on.length ? on.join(", ") : "stands")));
    parts.push(el("table", { class: "drawing", id: "drawing-table" },
      el("caption", {}, `Banker's third card when Player drew (${drawing.article})`),
      el("thead", {}, el("tr", {}, el("th", {}, "Banker total"), el("th", {}, "draws when Player's third card is"))),
      el("tbody", {}, ...rows)));
  }
  return el("section", { class: "how-to-play" }, ...parts);
}

// a session's statement (PT rule 33): rounds, total bet, total won, the net result
export function statementPanel(statement, money) {
  return [
    el("dl", { class: "statement", id: "statement" },
      el("dt", {}, "Rounds"), el("dd", { id: "st-rounds" }, String(statement.rounds)),
      el("dt", {}, "Total bet"), el("dd", { id: "st-bet" }, money(statement.total_bet)),
      el("dt", {}, "Total won"), el("dd", { id: "st-won" }, money(statement.total_won)),
      el("dt", {}, "Net result"), el("dd", { id: "st-net" }, `${statement.net >= 0 ? "+" : "−"}${money(Math.abs(statement.net))}`)),
    el("p", {}, `Session ${statement.session} · ${statement.end_reason === "inactivity" ? "ended for inactivity (rule 36)" : "ended by you"}.`),
  ];
}
