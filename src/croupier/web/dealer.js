// The dealer's console (issue 31; docs/live-table.md): beside the physical shoe, on a
// touchscreen or a keyboard. It signs in with an operator's token, picks a live table and
// connects to its device socket: it shows what the next card is for, takes each card (tap a
// rank and a suit, or type them: "A" then "S"), shows an irregularity with its article and the
// remedies the text gives, and lists the bets and what to pay each once the round settles. It
// enters the bets of the boxes of the felt (a box, a bet, an amount) and, at stud, each box's
// raise or fold; what to pay is listed box by box from the dealer's left, the jackpot's prizes
// in the order Macau stud art. 10(4) and 10(7) pay them.

import { cardFace, clear, el, formatMoney } from "/web/common.js";
import { current, languageMenu, preferred, t, term, useLanguage } from "/web/i18n.js";

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const TOKEN_KEY = "croupier-operator";
// what the table waits for when no card is due, in the console's language (issue 29)
const WAITING = {
  betting: () => t("No card due: bets are being taken"),
  dealing: () => t("No card due"),
  deciding: (turn) => (turn ? t("No card due: waiting for a decision ({turn})", { turn })
    : t("No card due: waiting for a decision")),
  settled: () => t("No card due: the round is settled, pay the bets"),
};
const $ = (id) => document.getElementById(id);

const state = {
  token: sessionStorage.getItem(TOKEN_KEY),
  table: null, // the table's view, as the socket last told it
  tableId: null, // the table the console is connected to
  socket: null,
  source: `console-${Math.random().toString(36).slice(2, 8)}`, // its own sequence numbers
  seq: 0,
  rank: null,
  next: null,
  sent: new Map(), // the card messages not answered yet, by sequence number
  refused: null, // the card message an irregularity refused, for its remedy
  phase: "betting", // betting, dealing, deciding or settled: what the table waits for
  turn: null, // who decides now, while decisions are asked (as shown)
  bets: [],
  kind: null, // the bet the dealer picked for a box
  kinds: [], // the bets a box may take at this table (its information)
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
    const live = tables.filter((table) => table.live);
    const games = await Promise.all(live.map((table) => call(`/tables/${table.id}/information`)
      .then((info) => t(info.game_title || table.game)).catch(() => table.game)));
    clear($("table-list"));
    live.forEach((table, n) => {
      $("table-list").append(
        el("button", { type: "button", class: "live-table", "data-table": table.id },
          `${table.name} · ${games[n]}`));
    });
    if (!live.length) $("table-list").append(el("p", {}, t("No live table is open.")));
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
  state.tableId = tableId;
  state.sent.clear(); // a card sent on a closed socket is answered on none
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the table's messages (an irregularity's text among them) in the console's language
  const socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/device?lang=${current()}`,
    ["croupier", `bearer.${state.token}`]);
  state.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (state.socket !== socket) return; // closed by the console itself (a new language)
    $("error").textContent = t("The connection closed: reconnecting…");
    setTimeout(() => { if (state.socket === socket) connect(tableId); }, 2000);
  };
  show("console");
  drawPad();
  call(`/tables/${tableId}/information`).then(drawKinds).catch(() => {});
}

function receive(message) {
  switch (message.type) {
    case "table":
      state.table = message;
      state.bets = message.bets || [];
      state.next = message.live ? message.live.next : null;
      state.phase = message.phase === "betting" ? "betting" : "dealing";
      drawPlaces(message);
      break;
    case "betting_closed":
      state.phase = "dealing";
      break;
    case "cards_due":
      state.next = message.next;
      drawSqueeze(message.squeeze);
      break;
    case "bets":
      state.bets = [...state.bets, ...message.bets];
      break;
    case "betting_open":
      state.bets = message.carried || [];
      state.next = null;
      state.phase = "betting";
      drawSqueeze(null);
      if (state.table) state.table.round = message.round;
      break;
    case "round_settled":
    case "round_void":
      $("box-decisions").hidden = true;
      state.phase = "settled";
      drawPayouts(message);
      break;
    case "taken":
    case "remedied":
      answered(message);
      break;
    case "live":
      told(message);
      break;
    case "placed":
    case "withdrawn":
    case "decided":
      $("error").textContent = "";
      if (message.type === "placed") $("amount").value = "";
      break;
    case "decisions_open":
      state.phase = "deciding";
      state.turn = message.turn ? place(`box ${message.turn.box}`)
        : (message.waiting_for || []).map(place).join(", ");
      drawDecisions(message);
      break;
    case "irregularity":
      refuse(message);
      break;
    case "refused":
      state.sent.delete(message.seq);
      $("error").textContent = `${message.message} (${message.rule})`;
      break;
    default:
      return;
  }
  draw();
}

// this console's own card answered. The answer is to the card of its sequence number, which
// may not be the last one sent (the dealer types faster than the table answers): it settles
// an irregularity only if it answers the card refused. What the next card is for is not taken
// from it: the table's events tell that, in their order ("live", "cards_due"), and an answer
// can arrive after a later event.
function answered(answer) {
  $("error").textContent = "";
  state.sent.delete(answer.seq);
  if (state.refused && answer.seq === state.refused.seq) {
    $("irregularity").hidden = true;
    state.refused = null;
  }
}

// a card the table took, from this console or from the shoe's reader: the card log (a card the
// table keeps secret, stud's, is listed by its place only)
function told(event) {
  const where = event.to ? place(event.to) : null;
  const note = event.corrected ? ` · ${t("corrected ({rule})", { rule: event.corrected })}`
    : event.stands ? ` · ${t("face up, stands")}` : "";
  if (event.event === "coup_void") $("cards").prepend(el("li", {}, t("coup void ({rule})", { rule: event.rule })));
  else if (where) $("cards").prepend(el("li", {}, `${event.card ? `${event.card} → ` : "→ "}${where}${note}`));
  state.next = event.next ?? null;
}

// a place at the table (where a card goes, who decides) in the console's language: the hands
// by the terms the players' pages use, a box by its number
function place(name) {
  const text = String(name || "");
  const box = /^box (\d+)/.exec(text);
  if (box) return t("box {number}", { number: box[1] });
  if (text === "player" || text === "banker") return term(text);
  if (text === "dealer") return t("dealer");
  if (text === "burn") return t("burn");
  if (text === "out of play") return t("out of play");
  return text;
}

function refuse(wrong) {
  state.refused = state.sent.get(wrong.seq) ?? null; // the card the remedy is for
  state.sent.delete(wrong.seq);
  $("irregularity-text").textContent = wrong.message;
  $("irregularity-rule").textContent = wrong.rule;
  const remedies = $("remedies");
  clear(remedies);
  for (const remedy of wrong.remedies) {
    const label = remedy === "correct" ? t("Correct → {place}", { place: place(wrong.belongs || "out of play") })
      : remedy === "void" ? t("Void the coup") : remedy === "keep" ? t("Keep as next card") : t("Play on");
    remedies.append(el("button", { type: "button", "data-remedy": remedy }, label));
  }
  $("irregularity").hidden = false;
  remedies.querySelector("button")?.focus();
}

function send(card) {
  const to = $("to").value || null;
  const message = { type: "card", card, to, face_up: $("face-up").checked, source: state.source, seq: ++state.seq };
  state.sent.set(message.seq, message);
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

// a box's bet: the amount typed in the table's units ("20" or "20.50"), sent in minor units
function minorUnits(text) {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] || "").padEnd(2, "0"));
}

function boxBet() {
  const amount = minorUnits($("amount").value);
  if (!state.kind) { $("error").textContent = t("Pick the bet for the box first."); return; }
  if (amount === null || amount <= 0) { $("error").textContent = t("The amount: a number such as 20 or 20.50."); return; }
  state.socket.send(JSON.stringify({ type: "bet", box: Number($("box").value), kind: state.kind, amount }));
}

function boxDecision(decision) {
  state.socket.send(JSON.stringify({ type: "decision", box: Number($("box").value), decision }));
}

function drawKinds(information) {
  state.kinds = (information.bets || []).filter((bet) => bet.area !== "decision");
  const kinds = $("box-kinds");
  clear(kinds);
  for (const bet of state.kinds) {
    kinds.append(el("button", { type: "button", role: "radio", "aria-checked": "false", "data-kind": bet.kind },
      term(bet.kind, t(bet.title))));
  }
}

// the decisions the table asks for now (stud: raise or fold; blackjack: the hand's options),
// for the box whose turn it is where the game plays boxes in turn (art. 6(3) of blackjack)
function drawDecisions(asked) {
  const buttons = $("box-decisions");
  clear(buttons);
  for (const option of asked.options || []) {
    buttons.append(el("button", { type: "button", "data-decide": option }, term(option)));
  }
  buttons.hidden = !buttons.childElementCount;
  const player = asked.turn?.player || "";
  if (player.startsWith("box ")) $("box").value = String(asked.turn.box);
}

function pickKind(kind) {
  state.kind = kind;
  for (const button of $("box-kinds").querySelectorAll("button")) {
    button.setAttribute("aria-checked", String(button.dataset.kind === kind));
  }
}

function key(event) {
  if (["INPUT", "SELECT"].includes(event.target.tagName) && event.target.type !== "checkbox") return;
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
  select.append(el("option", { value: "" }, t("as due")));
  for (const where of places) select.append(el("option", { value: where }, place(where)));
  const boxes = $("box");
  const chosen = boxes.value;
  clear(boxes);
  for (let n = 1; n <= view.seats; n += 1) boxes.append(el("option", { value: String(n) }, String(n)));
  if (chosen) boxes.value = chosen;
}

function drawTyped() {
  $("typed").textContent = state.rank ? cardFace(`${state.rank}S`).rank : "–";
}

function draw() {
  const table = state.table;
  if (!table) return;
  $("table-name").textContent = table.name;
  $("round").textContent = t("Round {number}", { number: table.round });
  const phase = state.next ? "dealing" : state.phase;
  $("phase").textContent = term(phase); // betting, dealing, deciding, settled
  const next = $("next");
  next.classList.toggle("idle", !state.next);
  next.textContent = state.next ? t("Next card: {place}", { place: place(state.next).toUpperCase() })
    : WAITING[phase](state.turn);
  const body = $("bets").tBodies[0];
  clear(body);
  for (const bet of state.bets) {
    body.append(el("tr", {}, el("td", {}, payee(bet)), el("td", {}, term(bet.kind)), el("td", { class: "amount" }, money(bet.amount))));
  }
}

// who may squeeze each hand's cards (Macau baccarat art. 16(2)): the dealer hands them over
function drawSqueeze(squeeze) {
  const line = $("squeeze");
  const named = Object.entries(squeeze || {}).filter(([, who]) => who);
  line.hidden = !named.length;
  line.textContent = named.length
    ? t("Squeeze (art. 16(2)): {who}", {
      who: named.map(([side, who]) => `${term(side)} → ${who.startsWith("box ") ? place(who.split("/")[0]) : who}`).join(" · "),
    })
    : "";
}

// who is paid: a box of the felt by its number, an online player by seat and name
function payee(bet) {
  return bet.player.startsWith("box ") ? place(bet.player.split("/")[0])
    : t("seat {seat} · {player}", { seat: bet.seat ?? "–", player: bet.player });
}

// the order the dealer pays in: box by box from the dealer's left (seat 1 first), and the
// jackpot's prizes after, in the order Macau stud art. 10(4) and 10(7) pay them
function payingOrder(result) {
  const jackpot = (result.result?.jackpot_paid || []).map((paid) => paid.box);
  const rank = (bet) => {
    const at = bet.kind === "jackpot" && bet.outcome === "win" ? jackpot.indexOf(bet.seat) : -1;
    return at >= 0 ? [1, at] : [0, bet.seat ?? 99];
  };
  return [...(result.bets || [])].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
}

function drawPayouts(result) {
  const body = $("payouts").tBodies[0];
  clear(body);
  for (const bet of payingOrder(result)) {
    const pay = bet.payout ? money(bet.payout) : "–";
    body.append(el("tr", { "data-player": bet.player, "data-kind": bet.kind, "data-seat": bet.seat },
      el("td", {}, payee(bet)), el("td", {}, term(bet.kind)), el("td", {}, term(bet.outcome)),
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
  else if (target.dataset.kind) pickKind(target.dataset.kind);
  else if (target.id === "box-bet") boxBet();
  else if (target.dataset.decide) boxDecision(target.dataset.decide);
});
document.addEventListener("keydown", key);

// the console's language: the browser's by default, switchable from the bar (issue 29)
async function begin() {
  await useLanguage(preferred());
  $("language-slot").append(languageMenu(() => {
    if (state.socket) { // the table's own messages in the new language too: connected again
      const old = state.socket;
      state.socket = null;
      old.close();
      connect(state.tableId);
    }
    if (state.table) { drawPlaces(state.table); draw(); }
    else if (!$("tables").hidden) start();
  }));
  await start();
}
begin();
