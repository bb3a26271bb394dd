// The back office (issue 30; docs/operator.md): staff sign in with their name and password;
// what each can do is the server's to decide (a role without a duty is refused there), the page
// only hides the forms a role cannot use. No build step: a module of the same stack as the
// player's page, in the player's three languages.
import { api, formatMoney, session } from "./common.js";
import { N_, dateTime, languageMenu, number, preferred, t, term, useLanguage } from "./i18n.js";
import { miniBigRoad, roadsByRound } from "./roads.js";

// the words the page shows from the server's values: roles, modes, account states
N_("operator"); N_("supervisor"); N_("cashier"); N_("compliance"); N_("auditor"); N_("dealer");
N_("multi"); N_("individual"); N_("active"); N_("suspended"); N_("excluded"); N_("demo");

const KEY = "croupier-staff-token"; // this tab's session only
const $ = (id) => document.getElementById(id);
let me = null;
let tab = "tables";
let timer = null;
let lastReport = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function notice(text, bad = false) {
  $("notice").textContent = text;
  $("notice").className = bad ? "notice bad" : "notice";
}

const holds = (duty) => Boolean(me && me.duties.includes(duty));
const money = (minor, currency) => (minor === null || minor === undefined ? "" : formatMoney(minor, currency));
const pct = (x) => (x === null || x === undefined ? "" : `${number(100 * x, 2)} %`);

async function act(label, work) {
  try {
    await work();
    notice(t("Done: {what}", { what: label }));
  } catch (error) {
    notice(error.message, true);
  }
  await show(tab);
}

// -- signing in ---------------------------------------------------------------------------
async function signIn(event) {
  event.preventDefault();
  $("signin-error").textContent = "";
  try {
    const answer = await api("/login", { method: "POST", body: { name: $("signin-name").value, password: $("signin-password").value } });
    session.token = answer.token;
    me = await api("/operator/me");
    sessionStorage.setItem(KEY, answer.token);
    $("signin-password").value = "";
    started();
  } catch (error) {
    session.token = null;
    $("signin-error").textContent = error.status === 403 ? t("This account is not the staff's") : error.message;
  }
}

async function signOut() {
  try { await api("/operator/logout", { method: "POST" }); } catch (_error) { /* gone already */ }
  sessionStorage.removeItem(KEY);
  session.token = null;
  me = null;
  clearInterval(timer);
  $("tabs").hidden = $("signout").hidden = true;
  $("who").textContent = "";
  for (const section of document.querySelectorAll(".tab")) section.hidden = true;
  $("signin").hidden = false;
}

function started() {
  $("signin").hidden = true;
  $("tabs").hidden = $("signout").hidden = false;
  $("who").textContent = `${me.name} · ${t(me.role)}`;
  for (const node of document.querySelectorAll(".duty-tables")) node.hidden = !holds("tables");
  show("tables");
  clearInterval(timer);
  timer = setInterval(() => { if (tab === "tables") drawTables(false).catch(() => {}); }, 2000);
}

async function show(name) {
  tab = name;
  for (const section of document.querySelectorAll(".tab")) section.hidden = section.id !== name;
  for (const button of document.querySelectorAll("#tabs button")) {
    if (button.dataset.tab === name) button.setAttribute("aria-current", "page");
    else button.removeAttribute("aria-current");
  }
  try {
    if (name === "tables") await drawTables();
    if (name === "audit") await drawAudit();
    if (name === "reports") await drawReports();
  } catch (error) {
    if (error.status === 401) { await signOut(); notice(t("Your session ended: sign in again"), true); return; }
    notice(error.message, true);
  }
}

// -- tables -------------------------------------------------------------------------------
function facts(pairs) {
  const list = el("dl", { class: "facts" });
  for (const [label, value] of pairs) {
    if (value === undefined) continue; // a fact the table's game does not have
    list.append(el("dt", { text: label }), value instanceof Node ? el("dd", {}, value) : el("dd", { text: value ?? "" }));
  }
  return list;
}

// issue 30(2): each table's roads, where its game keeps them (baccarat's scoreboards): the big
// road of the shoe in play
const keepsRoads = new Map(); // table id -> whether its game keeps roads (its information)
const roadsByTable = roadsByRound(api);

async function roadsOf(row) {
  if (!keepsRoads.has(row.id)) keepsRoads.set(row.id, Boolean((await api(`/tables/${row.id}/information`)).roads));
  return keepsRoads.get(row.id) ? roadsByTable(row.id, row.round) : undefined;
}

function tableActions(row) {
  const form = el("form", { "aria-label": t("Actions") });
  const action = el("select", { name: "action", "aria-label": t("Action") });
  const choices = row.disabled
    ? [["enable", t("Enable")], ["close", t("Close")], ["announce", t("Announce")], ["limits", t("Change limits")]]
    : [["limits", t("Change limits")], ["announce", t("Announce")], ["void", t("Void the round in play")], ["disable", t("Disable")], ["close", t("Close")]];
  for (const [value, label] of choices) action.append(el("option", { value, text: label }));
  const text = el("input", { name: "text", required: "", maxlength: "300", "aria-label": t("Reason, message or options") });
  text.placeholder = t("reason, message or option=value");
  form.append(action, text, el("button", { type: "submit", text: t("Do it") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = text.value.trim();
    const id = row.id;
    const label = `${action.selectedOptions[0].textContent} · ${row.name}`;
    act(label, () => {
      if (action.value === "limits") return api(`/tables/${id}/limits`, { method: "POST", body: { overrides: options(value) } });
      if (action.value === "announce") return api(`/tables/${id}/announcements`, { method: "POST", body: { message: value } });
      if (action.value === "void") return api(`/tables/${id}/fault`, { method: "POST", body: { reason: value } });
      return api(`/tables/${id}/${action.value}`, { method: "POST", body: { reason: value } });
    });
  });
  return form;
}

// "table.minimum_bet=500, table.maximum_bet=20000" as overrides (numbers and booleans as such)
function options(text) {
  const found = {};
  for (const part of text.split(/[,;]\s*/)) {
    const [key, raw] = part.split("=");
    if (!key || raw === undefined) continue;
    const value = raw.trim();
    found[key.trim()] = /^-?\d+$/.test(value) ? Number(value) : value === "true" ? true : value === "false" ? false : value;
  }
  return found;
}

async function drawTables(force = true) {
  const live = await api("/operator/tables");
  const list = $("table-list");
  // asked before the list is emptied: the cards are drawn again at once, roads and all
  const roads = await Promise.all(live.tables.map((row) => roadsOf(row).catch(() => undefined)));
  const focused = document.activeElement;
  const typing = focused && list.contains(focused) && ["INPUT", "SELECT"].includes(focused.tagName);
  if (typing && !force) return; // the clock's redraw never wipes a form being filled in
  list.replaceChildren();
  for (const [index, row] of live.tables.entries()) {
    const road = roads[index];
    const bets = row.bets.map((b) => `${b.player}: ${term(b.kind)} ${money(b.amount, row.currency)}`).join("; ");
    const card = el("article", { class: row.disabled ? "card disabled" : "card", "data-table": String(row.id) },
      el("h2", { text: `${row.name} (#${row.id})` }),
      row.disabled ? el("p", { class: "warn", text: t("Disabled: {reason}", { reason: row.disabled }) }) : null,
      facts([
        [t("Game"), `${term(row.game)} · ${row.ruleset} · ${t(row.mode)}`],
        [t("Process"), row.node],
        [t("Round"), `${row.round} · ${term(row.phase)}${row.seconds_left !== null ? ` · ${number(row.seconds_left, 0)} s` : ""}`],
        [t("Seats"), row.seated.map((s) => `${s.seat}: ${s.player ?? "—"}`).join(", ") || "—"],
        [t("Bets"), bets || "—"],
        [t("Shoe"), `${(row.shoe || "").slice(0, 12)}${row.cut_card_out ? ` · ${t("cut card out")}` : ""}`],
        [t("Jackpot"), row.jackpot === null ? "—" : money(row.jackpot, row.currency)],
        [t("Minimum bet"), money(row.minimum_bet, row.currency)],
        [t("Big road"), road && miniBigRoad(road)],
      ]),
      holds("tables") ? tableActions(row) : null);
    list.append(card);
  }
}

async function openTable(event) {
  event.preventDefault();
  const data = new FormData(event.target);
  const body = { name: data.get("name"), ruleset: data.get("ruleset"), mode: data.get("mode"), betting_seconds: Number(data.get("betting_seconds")) };
  await act(t("Open a table"), async () => {
    body.overrides = JSON.parse(data.get("overrides") || "{}");
    await api("/tables", { method: "POST", body });
    event.target.reset();
  });
}

// -- players ------------------------------------------------------------------------------
async function search(event) {
  event?.preventDefault();
  const found = await api(`/operator/players?q=${encodeURIComponent($("search").value)}`);
  const table = $("player-list");
  table.replaceChildren(el("tr", {}, ...[t("Player"), t("Balances"), t("State")].map((h) => el("th", { text: h }))));
  for (const p of found) {
    const open = el("button", { type: "button", text: p.name, onclick: () => playerFile(p.name) });
    const balances = Object.entries(p.balances).map(([c, v]) => money(v, c)).join(", ");
    const state = p.suspended ? t("suspended: {reason}", { reason: p.suspended }) : p.demo ? t("demo") : t("active");
    table.append(el("tr", {}, el("td", {}, open), el("td", { class: "n", text: balances }), el("td", { text: state })));
  }
}

async function playerFile(name) {
  const file = await api(`/operator/players/${encodeURIComponent(name)}`);
  const box = $("player-file");
  const balances = Object.entries(file.balances).map(([c, v]) => money(v, c)).join(", ") || "—";
  box.replaceChildren(el("h2", { text: file.name }), facts([
    [t("Balances"), balances],
    [t("Suspended"), file.suspended ?? "—"],
    [t("Exclusion"), file.exclusion ? `${file.exclusion.kind}: ${file.exclusion.reason}` : "—"],
  ]));
  // each session's statement (PT rule 33) a click away
  const sessions = el("p", {}, el("span", { text: `${t("Sessions")}: ` }));
  for (const s of file.sessions) {
    sessions.append(el("button", { type: "button", text: `#${s.id} (${t("table")} ${s.table})`, onclick: async () => {
      $("recall").textContent = JSON.stringify(await api(`/sessions/${s.id}`), null, 1);
    } }), " ");
  }
  box.append(sessions);
  if (holds("cash") && !file.demo) {
    const amount = el("input", { type: "number", min: "1", required: "", "aria-label": t("Amount (minor units)") });
    const currency = el("input", { value: "EUR", pattern: "[A-Z]{3}", size: "4", "aria-label": t("Currency") });
    const kind = el("select", { "aria-label": t("Movement") }, el("option", { value: "deposits", text: t("Deposit") }), el("option", { value: "withdrawals", text: t("Withdrawal") }));
    const form = el("form", { class: "row" }, kind, amount, currency, el("button", { type: "submit", text: t("Do it") }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      act(`${kind.selectedOptions[0].textContent} · ${name}`, async () => {
        await api(`/players/${encodeURIComponent(name)}/${kind.value}`, { method: "POST", body: { amount: Number(amount.value), currency: currency.value } });
        await playerFile(name);
      });
    });
    box.append(form);
  }
  if (holds("protect")) {
    const reason = el("input", { required: "", maxlength: "150", "aria-label": t("Reason") });
    const verb = file.suspended ? "reinstate" : "suspend";
    const form = el("form", { class: "row" }, reason, el("button", { type: "submit", text: file.suspended ? t("Reinstate") : t("Suspend the account") }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      act(`${verb} · ${name}`, async () => {
        await api(`/operator/players/${encodeURIComponent(name)}/${verb}`, { method: "POST", body: { reason: reason.value } });
        await playerFile(name);
      });
    });
    box.append(form);
  }
  if (holds("protect") && !file.demo) box.append(protectionForms(name));
  const statement = el("button", { type: "button", text: t("Statement"), onclick: async () => {
    const data = await api(`/operator/players/${encodeURIComponent(name)}/statement`);
    $("recall").textContent = JSON.stringify(data, null, 1);
  } });
  box.append(statement);
}

// compliance's forms: the operator's exclusion of the player, and a limit on their play
const LIMIT_KINDS = ["deposit_day", "deposit_week", "deposit_month", "loss_day", "loss_week", "loss_month", "bet", "session_minutes"];

function protectionForms(name) {
  const until = el("input", { type: "date", "aria-label": t("Until (none: indefinitely)") });
  const why = el("input", { required: "", maxlength: "200", "aria-label": t("Reason") });
  const exclude = el("form", { class: "row" }, el("span", { text: t("Exclude") }), until, why, el("button", { type: "submit", text: t("Do it") }));
  exclude.addEventListener("submit", (event) => {
    event.preventDefault();
    act(`${t("Exclude")} · ${name}`, async () => {
      await api("/operator/exclusions", { method: "POST", body: { players: [name], until: until.value || null, reason: why.value } });
      await playerFile(name);
    });
  });
  const kind = el("select", { "aria-label": t("Limit") }, ...LIMIT_KINDS.map((k) => el("option", { value: k, text: term(k) })));
  const amount = el("input", { type: "number", min: "1", "aria-label": t("Amount (minor units; empty: no limit)") });
  const limit = el("form", { class: "row" }, el("span", { text: t("Limit") }), kind, amount, el("button", { type: "submit", text: t("Do it") }));
  limit.addEventListener("submit", (event) => {
    event.preventDefault();
    act(`${t("Limit")} · ${name}`, async () => {
      await api(`/operator/players/${encodeURIComponent(name)}/limits/${kind.value}`, { method: "PUT", body: { amount: amount.value ? Number(amount.value) : null } });
      await playerFile(name);
    });
  });
  return el("div", {}, exclude, limit);
}

async function recall(event) {
  event.preventDefault();
  try {
    const data = await api(`/rounds/${Number($("recall-id").value)}`);
    $("recall").textContent = JSON.stringify(data, null, 1);
  } catch (error) {
    notice(error.message, true);
  }
}

// -- reports ------------------------------------------------------------------------------
function reportQuery(format) {
  const params = new URLSearchParams({ by: $("report-by").value, format });
  if ($("report-from").value) params.set("from", $("report-from").value);
  if ($("report-to").value) params.set("to", $("report-to").value);
  if ($("report-zone").value) params.set("timezone", $("report-zone").value); // the casino's days
  return `/operator/reports/daily?${params}`;
}

const REPORT_COLUMNS = [
  ["day", N_("Day")], ["table_name", N_("Table")], ["game", N_("Game")], ["ruleset", N_("Ruleset")], ["rounds", N_("Rounds")],
  ["void_rounds", N_("Void rounds")], ["turnover", N_("Turnover")], ["payouts", N_("Payouts")], ["commission", N_("Commission")],
  ["ggr", N_("GGR")], ["hold", N_("Hold")], ["theoretical_hold", N_("Theoretical hold")], ["interval", N_("95% interval")],
];

function reportCell(row, key) {
  if (["turnover", "payouts", "commission", "ggr"].includes(key)) return el("td", { class: "n", "data-field": key, text: money(row[key], row.currency) });
  if (key === "hold" || key === "theoretical_hold") return el("td", { class: "n", "data-field": key, text: pct(row[key]) });
  if (key === "interval") return el("td", { class: "n", text: row.hold_low_95 === null ? "" : `${pct(row.hold_low_95)} – ${pct(row.hold_high_95)}` });
  if (key === "rounds" || key === "void_rounds") return el("td", { class: "n", text: number(row[key]) });
  if (key === "game") return el("td", { text: row.game ? term(row.game) : "" });
  return el("td", { text: row[key] ?? "" });
}

async function drawReports(event) {
  event?.preventDefault();
  const report = await api(reportQuery("json"));
  lastReport = report;
  const table = $("report");
  const columns = REPORT_COLUMNS.filter(([key]) => key === "interval" || report.rows.some((r) => key in r) || report.rows.length === 0);
  table.replaceChildren(el("tr", {}, ...columns.map(([, label]) => el("th", { text: t(label) }))));
  for (const row of report.rows) table.append(el("tr", {}, ...columns.map(([key]) => reportCell(row, key))));
  for (const total of report.totals) {
    table.append(el("tr", { class: "total", "data-currency": total.currency }, el("th", { text: t("Total {currency}", { currency: total.currency }) }),
      ...columns.slice(1).map(([key]) => (["turnover", "payouts", "commission", "ggr", "hold", "theoretical_hold", "interval", "rounds", "void_rounds"].includes(key) ? reportCell(total, key) : el("td")))));
  }
  chart(report.rows);
  const pools = (await api("/operator/reports/jackpots")).pools;
  $("jackpots").replaceChildren(el("tr", {}, ...[N_("Pool"), N_("Liability"), N_("Seeded"), N_("Contributions"), N_("Prizes")].map((h) => el("th", { text: t(h) }))),
    ...pools.map((p) => el("tr", {}, el("td", { text: p.pool }), ...["liability", "seeded", "contributions", "prizes"].map((k) => el("td", { class: "n", text: money(p[k], p.currency) })))));
  const accounts = (await api("/operator/reports/accounts")).accounts;
  $("accounts").replaceChildren(el("tr", {}, ...[N_("Player"), N_("State"), N_("Reason"), N_("Responsible"), N_("Since")].map((h) => el("th", { text: t(h) }))),
    ...accounts.map((a) => el("tr", {}, el("td", { text: a.player }), el("td", { text: t(a.state) }), el("td", { text: a.reason ?? "" }), el("td", { text: a.responsible ?? "" }), el("td", { text: a.since ? dateTime(a.since) : "" }))));
}

// the hold of each row (bar) against its theoretical hold (line) and 95% interval (whisker)
function chart(rows) {
  const svg = $("hold-chart");
  const ns = "http://www.w3.org/2000/svg";
  svg.replaceChildren();
  const shown = rows.filter((r) => r.hold !== null);
  if (!shown.length) return;
  const width = 800;
  const height = 256;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const values = shown.flatMap((r) => [r.hold, r.theoretical_hold, r.hold_low_95, r.hold_high_95]).filter((v) => v !== null);
  const top = Math.max(0.05, ...values);
  const bottom = Math.min(0, ...values);
  const y = (v) => 16 + (height - 40) * (top - v) / (top - bottom);
  const step = width / shown.length;
  const draw = (tag, attrs) => { const node = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); svg.append(node); return node; };
  draw("line", { x1: 0, x2: width, y1: y(0), y2: y(0), stroke: "#999" });
  shown.forEach((r, i) => {
    const x = i * step;
    draw("rect", { x: x + step * 0.2, width: step * 0.6, y: Math.min(y(r.hold), y(0)), height: Math.abs(y(r.hold) - y(0)), fill: "#1f6f43" });
    if (r.theoretical_hold !== null) draw("line", { x1: x + step * 0.1, x2: x + step * 0.9, y1: y(r.theoretical_hold), y2: y(r.theoretical_hold), stroke: "#b8860b", "stroke-width": 3 });
    if (r.hold_low_95 !== null) draw("line", { x1: x + step / 2, x2: x + step / 2, y1: y(r.hold_low_95), y2: y(r.hold_high_95), stroke: "#b8860b" });
    draw("text", { x: x + step / 2, y: height - 6, "text-anchor": "middle", "font-size": 11 }).textContent = r.table_name || r.ruleset || r.game || r.day;
  });
}

async function download(path, name) {
  try {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${session.token}` } });
    if (!response.ok) throw new Error(response.statusText);
    const link = el("a", { href: URL.createObjectURL(await response.blob()), download: name });
    link.click();
  } catch (error) {
    notice(error.message, true);
  }
}

// -- audit trail ----------------------------------------------------------------------------
async function drawAudit() {
  const rows = (await api("/operator/audit?limit=200")).actions;
  $("audit-list").replaceChildren(el("tr", {}, ...[N_("When"), N_("Who"), N_("Role"), N_("Action"), N_("On"), N_("Why"), N_("Before"), N_("After")].map((h) => el("th", { text: t(h) }))),
    ...rows.map((r) => el("tr", {}, el("td", { text: dateTime(r.at) }), el("td", { text: r.actor }), el("td", { text: t(r.role) }),
      el("td", { text: r.action }), el("td", { text: r.target }), el("td", { text: r.reason ?? "" }),
      el("td", { text: r.before ? JSON.stringify(r.before).slice(0, 120) : "" }), el("td", { text: r.after ? JSON.stringify(r.after).slice(0, 120) : "" }))));
}

// -- start ----------------------------------------------------------------------------------
async function main() {
  await useLanguage(preferred());
  $("language-slot").append(languageMenu(() => { if (me) started(); }));
  $("signin-form").addEventListener("submit", signIn);
  $("signout").addEventListener("click", signOut);
  for (const button of document.querySelectorAll("#tabs button")) button.addEventListener("click", () => show(button.dataset.tab));
  $("open-form").addEventListener("submit", openTable);
  $("search-form").addEventListener("submit", (event) => search(event).catch((error) => notice(error.message, true)));
  $("recall-form").addEventListener("submit", recall);
  $("report-form").addEventListener("submit", (event) => drawReports(event).catch((error) => notice(error.message, true)));
  $("report-csv").addEventListener("click", () => download(reportQuery("csv"), "report.csv"));
  $("accounts-csv").addEventListener("click", () => download("/operator/reports/accounts?format=csv", "player-accounts.csv"));
  $("audit-csv").addEventListener("click", () => download("/operator/audit?format=csv&limit=1000", "audit-trail.csv"));
  // the reports' days are the casino's (its --time-zone, which /health names), editable; this
  // browser's zone where the server does not say
  const health = await fetch("/health").then((r) => r.json()).catch(() => ({}));
  const zone = health.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  $("report-zone").value = zone;
  const today = new Date().toLocaleDateString("en-CA", { timeZone: zone }); // YYYY-MM-DD
  $("report-from").value = $("report-to").value = today;
  const saved = sessionStorage.getItem(KEY);
  session.token = null; // never a player's token from the player's page
  if (saved) {
    session.token = saved;
    try { me = await api("/operator/me"); started(); return; } catch (_error) { session.token = null; sessionStorage.removeItem(KEY); }
  }
  $("signin").hidden = false;
}

main();
