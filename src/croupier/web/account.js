// The player's account and protection (issue 29, items 5-9; docs/player-protection.md): the
// statement of account (postings and the protection history), the limits in force and the ones
// waiting for their cooling-off, setting a limit, the reality check's interval, a time-out and
// self-exclusion (RJO art. 39). Every change goes through the API, which judges it.
import { api, el, formatMoney } from "./common.js";
import { N_, dateTime, number, t, term } from "./i18n.js";
import { openDialog } from "./panels.js";

const KINDS = {
  deposit_day: N_("deposits per day"), deposit_week: N_("deposits per week"), deposit_month: N_("deposits per month"),
  loss_day: N_("losses per day"), loss_week: N_("losses per week"), loss_month: N_("losses per month"),
  bet: N_("largest single bet"), session_minutes: N_("session length (minutes)"),
};
const EVENTS = {
  limit: N_("limit set"), reality_check: N_("reality check set"),
  exclusion: N_("exclusion"), exclusion_end_asked: N_("early end asked"),
};
const minorOf = (text) => Math.round(Number(String(text).replace(",", ".")) * 100);

export async function openAccount(dialog, { onExcluded }) {
  const [statement, limits, reality] = await Promise.all([api("/me/statement"), api("/me/limits"), api("/me/reality-check")]);
  const currency = Object.keys(statement.balances)[0] || "EUR";
  const money = (v, cur = currency) => formatMoney(v, cur);
  const errors = el("p", { class: "error", role: "alert", id: "account-error" });
  const run = async (job) => {
    errors.textContent = "";
    try { await job(); await openAccount(dialog, { onExcluded }); } catch (error) { errors.textContent = error.message; }
  };
  const shown = (kind, value) => (value === null || value === undefined ? t("none")
    : kind === "session_minutes" ? number(value) : money(value));

  // the limits: in force, the player's own, the operator's, a raise waiting
  const rows = Object.entries(KINDS).map(([kind, label]) => {
    const l = limits[kind];
    const waiting = l.pending ? t("{amount} from {when}", { amount: shown(kind, l.pending.amount), when: dateTime(l.pending.from) }) : "";
    return el("tr", { "data-limit": kind }, el("td", {}, t(label)), el("td", {}, shown(kind, l.in_force)), el("td", {}, waiting));
  });
  const kind = el("select", { id: "limit-kind" }, ...Object.entries(KINDS).map(([k, label]) => el("option", { value: k }, t(label))));
  const amount = el("input", { id: "limit-amount", inputmode: "decimal", size: "8", "aria-label": t("amount") });
  const setLimit = el("button", { id: "set-limit", type: "submit" }, t("Set limit"));
  const limitForm = el("form", { class: "inline" }, kind, amount, setLimit);
  limitForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = amount.value.trim() === "" ? null : kind.value === "session_minutes" ? Number(amount.value) : minorOf(amount.value);
    run(() => api(`/me/limits/${kind.value}`, { method: "PUT", body: { amount: value } }));
  });

  const minutes = el("input", { id: "reality-minutes", inputmode: "numeric", size: "4", value: reality.minutes ?? "", "aria-label": t("minutes") });
  const realityForm = el("form", { class: "inline" }, el("label", { for: "reality-minutes" }, t("Reality check every (minutes):")), minutes,
    el("button", { type: "submit", id: "set-reality" }, t("Set")));
  realityForm.addEventListener("submit", (event) => {
    event.preventDefault();
    run(() => api("/me/reality-check", { method: "PUT", body: { minutes: minutes.value.trim() === "" ? null : Number(minutes.value) } }));
  });

  // a break: a time-out (24 hours to six weeks) or self-exclusion (three months at least)
  const hours = el("select", { id: "timeout-hours" },
    el("option", { value: "24" }, t("24 hours")), el("option", { value: "168" }, t("one week")), el("option", { value: "1008" }, t("six weeks")));
  const breakForm = el("form", { class: "inline" }, el("label", { for: "timeout-hours" }, t("Take a break:")), hours,
    el("button", { type: "submit", id: "take-timeout", class: "secondary" }, t("Take a time-out")));
  breakForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!window.confirm(t("You will be taken out of every table at once. Continue?"))) return;
    run(async () => { await api("/me/exclusions", { method: "POST", body: { kind: "timeout", hours: Number(hours.value) } }); onExcluded(); });
  });
  const until = el("input", { id: "exclude-until", type: "date", "aria-label": t("until") });
  const excludeForm = el("form", { class: "inline" }, el("label", { for: "exclude-until" }, t("Exclude myself until (empty: indefinitely):")), until,
    el("button", { type: "submit", id: "self-exclude", class: "secondary" }, t("Exclude myself")));
  excludeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!window.confirm(t("You will be taken out of every table at once. Continue?"))) return;
    run(async () => { await api("/me/exclusions", { method: "POST", body: { kind: "self", until: until.value || null } }); onExcluded(); });
  });

  const postings = statement.postings.map((p) => el("tr", {}, el("td", {}, dateTime(p.at)), el("td", {}, term(p.kind)),
    el("td", { class: "amount" }, money(p.amount, p.currency))));
  const history = statement.protection.map((e) => el("li", {}, `${dateTime(e.at)} · ${t(EVENTS[e.event] || e.event)} · ${term(e.kind)}${
    e.amount !== undefined && e.amount !== null && e.event === "limit" ? ` · ${shown(e.kind, e.amount)}` : ""}`));
  openDialog(dialog, t("My account"),
    el("p", { id: "account-balances" }, Object.entries(statement.balances).map(([cur, v]) => money(v, cur)).join(" · ")),
    errors,
    el("h3", {}, t("Limits")),
    el("table", { class: "bets", id: "limits" }, el("thead", {}, el("tr", {}, el("th", {}, t("limit")), el("th", {}, t("in force")), el("th", {}, t("waiting")))), el("tbody", {}, ...rows)),
    el("p", { class: "note" }, t("A lower limit applies at once; a higher one after 24 hours.")),
    limitForm, realityForm,
    el("h3", {}, t("Take a break")), breakForm, excludeForm,
    el("h3", {}, t("Statement of account")),
    el("p", {}, t("From {from} to {to}", { from: statement.from, to: statement.to })),
    postings.length ? el("table", { class: "bets", id: "postings" }, el("tbody", {}, ...postings)) : el("p", {}, t("No movements in this period.")),
    el("h3", {}, t("Protection history")),
    history.length ? el("ul", { id: "protection-history" }, ...history) : el("p", {}, t("Nothing set yet.")));
}
