// The felt's betting areas, drawn from the game's information (issue 27(3)): side bets first,
// then the main ones; a stake a decision after the deal makes (a raise, insurance) is no area.
// Each area shows your stake and the table's total on it; a click places a chip there.
import { el } from "./common.js";
import { t, term } from "./i18n.js";

export function bettingAreas(bets, { disabled, place }) {
  const node = el("div", { class: "areas", role: "group", "aria-label": t("betting areas") });
  const offered = bets.filter((b) => b.area !== "decision");
  const main = new Set(offered.filter((b) => b.area === "main").map((b) => b.kind));
  const order = [...offered.filter((b) => !main.has(b.kind)), ...offered.filter((b) => main.has(b.kind))].map((b) => b.kind);
  const mine = {};
  const totals = {};
  for (const kind of order) {
    const bet = bets.find((b) => b.kind === kind);
    mine[kind] = el("span", { class: "stake", id: `stake-${kind}` }, "");
    totals[kind] = el("span", { class: "table-total", id: `total-${kind}` }, "");
    const area = el("button", {
      class: `area ${kind}${main.has(kind) ? " main" : " side"}`,
      id: `area-${kind}`,
      "data-kind": kind,
      disabled,
      "aria-label": t("bet on {bet}, pays {pays}", { bet: term(kind, bet.title), pays: t(bet.pays) }),
    }, el("strong", {}, term(kind, bet.title)), el("small", {}, t("pays {pays}", { pays: t(bet.pays) })), mine[kind], totals[kind]);
    area.addEventListener("click", () => place(kind));
    node.append(area);
  }
  return { node, order, mine, totals };
}
