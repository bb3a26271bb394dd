// The dealer's console (issue 31; docs/live-table.md): beside the physical shoe, on a
// touchscreen or a keyboard. It signs in with an operator's token, picks a live table and
// connects to its device socket: it shows what the next card is for, takes each card (tap a
// rank and a suit, or type them: "A" then "S"), shows an irregularity with its article and the
// remedies the text gives, and lists the bets and what to pay each once the round settles.

import { cardFace, clear, el, formatMoney } from "/web/common.js";

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const TOKEN_KEY = "croupier-operator";
const $ = (id) => document.getElementById(id);

const state = {
  token: sessionStorage.getItem(TOKEN_KEY),
  table: null, // the table's view, as the socket last told it
  socket: null,
  source: `console-${Math.random().toString(36).slice(2, 8)}`, // its own sequence numbers
  seq: 0,
  rank: null,
  next: null,
  refused: null, // the card message an irregularity refused, for its remedy
  bets: [],
};

const money = (minor) => formatMoney(minor, state.table?.currency || "", 2);

async function call(path) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${state.token}` } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

function show(section) {
  for (const id of ["signin", "tables", "console"]) $(id).hidden = id !== section;
}

async function start() {
  if (!state.token) return showSignin();
  try {
    const tables = await call("/tables");
    const live = tables.filter((t) => t.live);
    clear($("table-list"));
    for (const table of live) {
      $("table-list").append(
        el("button", { type: "button", class: "live-table", "data-table": table.id },
          `${table.name} · ${table.game}`));
    }
    if (!live.length) $("table-list").append(el("p", {}, "No live table is open."));
    show("tables");
  } catch (error) {
    showSignin(String(error.message));
  }
}

function showSignin(message = "") {
  $("signin-error").textContent = message;
  show("signin");
  $("token").focus();
}

function connect(tableId) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/device`,
    ["croupier", `bearer.${state.token}`]);
  state.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    $("error").textContent = "The connection closed: reconnecting…";
    setTimeout(() => { if (state.socket === socket) connect(tableId); }, 2000);
  };
  show("console");
  drawPad();
}

function receive(message) {
  switch (message.type) {
    case "table":
      state.table = message;
      state.bets = message.bets || [];
      state.next = message.live ? message.live.next : null;
      drawPlaces(message);
      break;
    case "cards_due":
      state.next = message.next;
      break;
    case "bets":
      state.bets = [...state.bets, ...message.bets];
      break;
    case "betting_open":
      state.bets = message.carried || [];
      state.next = null;
      if (state.table) state.table.round = message.round;
      break;
    case "round_settled":
    case "round_void":
      drawPayouts(message);
      break;
    case "taken":
    case "remedied":
      take(message);
      break;
    case "irregularity":
      refuse(message);
      break;
    case "refused":
      $("error").textContent = `${message.message} (${message.rule})`;
      break;
    default:
      return;
  }
  draw();
}

function take(answer) {
  $("error").textContent = "";
  $("irregularity").hidden = true;
  state.refused = null;
  const where = answer.to === "out of play" ? "out of play" : answer.to;
  const note = answer.corrected ? ` · corrected (${answer.corrected})` : answer.stands ? " · face up, stands" : "";
  if (answer.card) $("cards").prepend(el("li", {}, `${answer.card} → ${where}${note}`));
  if (answer.event === "coup_void") $("cards").prepend(el("li", {}, `coup void (${answer.rule})`));
  state.next = answer.next ?? null;
}

function refuse(wrong) {
  $("irregularity-text").textContent = wrong.message;
  $("irregularity-rule").textContent = wrong.rule;
  const remedies = $("remedies");
  clear(remedies);
  for (const remedy of wrong.remedies) {
    const label = remedy === "correct" ? `Correct${wrong.belongs ? ` → ${wrong.belongs}` : " → out of play"}`
      : remedy === "void" ? "Void the coup" : remedy === "keep" ? "Keep as next card" : "Play on";
    remedies.append(el("button", { type: "button", "data-remedy": remedy }, label));
  }
  $("irregularity").hidden = false;
  remedies.querySelector("button")?.focus();
}

function send(card) {
  const to = $("to").value || null;
  const message = { type: "card", card, to, face_up: $("face-up").checked, source: state.source, seq: ++state.seq };
  state.refused = message;
  state.socket.send(JSON.stringify(message));
  state.rank = null;
  $("face-up").checked = false;
  $("to").value = "";
  drawTyped();
}

function remedy(name) {
  if (!state.refused) return;
  const supervisor = $("supervisor").value.trim();
  state.socket.send(JSON.stringify({ ...state.refused, type: "remedy", remedy: name, supervisor }));
}

function key(event) {
  if (event.target.tagName === "INPUT" && event.target.type !== "checkbox") return;
  const k = event.key.toUpperCase();
  if (k === "ESCAPE") { state.rank = null; drawTyped(); return; }
  if (k === "U") { $("face-up").checked = !$("face-up").checked; return; }
  if (k === "0") { state.rank = "T"; drawTyped(); return; }
  if (RANKS.includes(k) && k.length === 1) { state.rank = k; drawTyped(); return; }
  if (SUITS.includes(k) && k.length === 1 && state.rank) send(state.rank + k);
}

function drawPad() {
  const ranks = $("ranks");
  const suits = $("suits");
  clear(ranks);
  clear(suits);
  for (const r of RANKS) ranks.append(el("button", { type: "button", "data-rank": r }, cardFace(`${r}S`).rank));
  for (const s of SUITS) {
    const face = cardFace(`A${s}`);
    suits.append(el("button", { type: "button", "data-suit": s, class: face.red ? "red" : "" }, face.suit));
  }
}

// where a card may be put at this game's table: baccarat's two hands and the burn, or the
// stud dealer and each box
function drawPlaces(view) {
  const select = $("to");
  const places = view.game === "baccarat" ? ["player", "banker", "burn"]
    : ["dealer", ...Array.from({ length: view.seats }, (_, n) => `box ${n + 1}`)];
  clear(select);
  select.append(el("option", { value: "" }, "as due"));
  for (const place of places) select.append(el("option", { value: place }, place));
}

function drawTyped() {
  $("typed").textContent = state.rank ? cardFace(`${state.rank}S`).rank : "–";
}

function draw() {
  const table = state.table;
  if (!table) return;
  $("table-name").textContent = table.name;
  $("round").textContent = `Round ${table.round}`;
  $("phase").textContent = state.next ? "dealing" : "bets being taken";
  const next = $("next");
  next.classList.toggle("idle", !state.next);
  next.textContent = state.next ? `Next card: ${state.next.toUpperCase()}` : "No card due: bets are being taken";
  const body = $("bets").tBodies[0];
  clear(body);
  for (const bet of state.bets) {
    body.append(el("tr", {}, el("td", {}, bet.player), el("td", {}, bet.kind), el("td", { class: "amount" }, money(bet.amount))));
  }
}

function drawPayouts(result) {
  const body = $("payouts").tBodies[0];
  clear(body);
  for (const bet of result.bets || []) {
    const pay = bet.payout ? money(bet.payout) : "–";
    body.append(el("tr", { "data-player": bet.player, "data-kind": bet.kind },
      el("td", {}, bet.player), el("td", {}, bet.kind), el("td", {}, bet.outcome),
      el("td", { class: "amount" }, pay)));
  }
  state.bets = [];
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("button");
  if (!target) return;
  if (target.id === "signin-go") {
    state.token = $("token").value.trim();
    sessionStorage.setItem(TOKEN_KEY, state.token);
    start();
  } else if (target.dataset.table) connect(target.dataset.table);
  else if (target.dataset.rank) { state.rank = target.dataset.rank; drawTyped(); }
  else if (target.dataset.suit && state.rank) send(state.rank + target.dataset.suit);
  else if (target.dataset.remedy) remedy(target.dataset.remedy);
});
document.addEventListener("keydown", key);
start();
