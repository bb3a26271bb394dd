// The table's panels (a modal dialog): a round as recall shows it (PT rule 31), the rules,
// limits and payouts (rule 32) with how the game is played, and a session's statement (rule 33).
import { api, el, cite } from "./common.js";
import { number, t, term } from "./i18n.js";

// the dialog opened with ``title`` and ``content``, at its top
export function openDialog(dialog, title, ...content) {
  const close = el("button", { class: "close", id: "close-panel" }, t("Close"));
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
    el("td", {}, b.player), el("td", {}, term(b.kind)), el("td", {}, money(b.amount)),
    el("td", {}, b.outcome ? term(b.outcome) : ""), el("td", {}, b.payout === null || b.payout === undefined ? "" : money(b.payout))));
  const said = t("Round {number} · {status}", { number: number(round.number), status: term(round.status) });
  const parts = [el("p", {}, `${said}${round.void_reason ? ` · ${t(round.void_reason)}` : ""}`)];
  parts.push(...felt.details(r));
  parts.push(el("table", { class: "bets" },
    el("thead", {}, el("tr", {}, ...[t("player"), t("bet"), t("stake"), t("outcome"), t("paid")].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...rows)));
  if (round.mine) parts.push(el("p", { class: "mine-net", id: "recall-net" }, t("Your result: {net}", { net: `${round.mine.net >= 0 ? "+" : "−"}${money(Math.abs(round.mine.net))}` })));
  return el("div", { class: "round-detail" }, ...parts);
}

// the rules, limits and payouts of the table (PT rule 32)
export function rulesPanel(info, money) {
  const rows = info.bets.map((b) => el("tr", {}, el("td", {}, term(b.kind, b.title)), el("td", {}, b.minimum === null ? "" : money(b.minimum)),
    el("td", {}, b.maximum === null ? t("no maximum") : money(b.maximum)), el("td", {}, t(b.pays)),
    el("td", {}, article(b.limits_article), "; ", t("pays"), ": ", article(b.article))));
  return [
    el("p", {}, `${t(info.ruleset.title)}. ${t(info.ruleset.source)}.`),
    el("table", { class: "bets" }, el("thead", {}, el("tr", {}, ...[t("bet"), t("minimum"), t("maximum"), t("pays"), t("rules")].map((h) => el("th", {}, h)))), el("tbody", {}, ...rows)),
    el("p", {}, t("Commission: {commission}. Ties: {ties}.", { commission: t(info.commission.description), ties: t(info.ties) })),
    info.both_sides ? el("p", {}, t("Betting on both Player and Banker: {rule}.", { rule: t(info.both_sides) })) : "",
    el("p", {}, t("Betting window: {window}.", { window: info.mode === "individual" ? t("you start the deal (rule 28)") : t("{seconds} s (rule 27)", { seconds: number(info.betting_seconds) }) })),
    howToPlay(info.rules_of_the_game),
    el("p", {}, t("Complaints: {where}", { where: t(info.complaints) })),
  ];
}

// a citation that opens in the official wording of the articles it names (issue 29, item 3):
// the regulation's own Portuguese text, never a translation of ours presented as official
export function article(citation) {
  const node = el("details", { class: "article", "data-cite": citation }, el("summary", {}, cite(citation)));
  node.addEventListener("toggle", async () => {
    if (!node.open || node.dataset.loaded) return;
    node.dataset.loaded = "1";
    try {
      const found = await api(`/articles?cite=${encodeURIComponent(citation)}`);
      node.append(el("p", { class: "official-label" }, t("The official text (Portuguese):")),
        ...found.quotes.map((q) => el("blockquote", { lang: "pt", class: "official", "data-article": q.article },
          q.title ? el("strong", {}, q.title) : "", el("span", {}, q.text))));
    } catch (error) {
      node.append(el("p", { class: "error" }, error.message));
    }
  });
  return node;
}

// the rules of the game (PT rule 32), and baccarat's drawing table (rule 20)
function howToPlay(rules) {
  if (!rules) return "";
  const items = Object.values(rules).map((r) => el("li", {}, `${t(r.text)} `, article(r.article)));
  const parts = [el("h3", {}, t("How the game is played")),
    el("p", { class: "note" }, t("These rules are our summary; each article opens in the regulation's own words (Portuguese), the only official text.")),
    el("ul", { id: "how-to-play" }, ...items)];
  const drawing = rules.drawing;
  if (drawing && drawing.banker_draws_when_player_drew) {
    const rows = Object.entries(drawing.banker_draws_when_player_drew).map(([total, on]) =>
      el("tr", {}, el("td", {}, total), el("td", {}, on.length ? on.join(", ") : t("stands"))));
    parts.push(el("table", { class: "drawing", id: "drawing-table" },
      el("caption", {}, t("Banker's third card when Player drew ({article})", { article: cite(drawing.article) })),
      el("thead", {}, el("tr", {}, el("th", {}, t("Banker total")), el("th", {}, t("draws when Player's third card is")))),
      el("tbody", {}, ...rows)));
  }
  return el("section", { class: "how-to-play" }, ...parts);
}

// a session's statement (PT rule 33): rounds, total bet, total won, the net result
export function statementPanel(statement, money) {
  return [
    el("dl", { class: "statement", id: "statement" },
      el("dt", {}, t("Rounds")), el("dd", { id: "st-rounds" }, number(statement.rounds)),
      el("dt", {}, t("Total bet")), el("dd", { id: "st-bet" }, money(statement.total_bet)),
      el("dt", {}, t("Total won")), el("dd", { id: "st-won" }, money(statement.total_won)),
      el("dt", {}, t("Net result")), el("dd", { id: "st-net" }, `${statement.net >= 0 ? "+" : "−"}${money(Math.abs(statement.net))}`)),
    el("p", {}, t("Session {session} · {how}.", { session: statement.session, how: endedHow(statement.end_reason) })),
  ];
}

// why a session ended, as its statement says it
function endedHow(reason) {
  if (reason === "inactivity") return t("ended for inactivity (rule 36)");
  if (reason === "excluded") return t("ended by your exclusion from play (RJO art. 39)");
  if (reason === "time_limit") return t("ended at the session time you set");
  return t("ended by you");
}
