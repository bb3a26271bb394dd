// One baccarat table: the felt, betting areas, chips, seats, shoe, cards turned in the
// regulation's order, countdown and announcements (PT rule 27), Deal at an individual table
// (rule 28), recall and history (rule 31), rules (rule 32), statement (rule 33), inactivity
// messages (rules 35-36), scoreboards.
import { api, session, formatMoney, el, clear, sleep, cardFace, cardNode, words } from "./common.js";
import { blackjackFelt } from "./blackjack.js";
import { renderRoads } from "./roads.js";
import { betSlip } from "./betting.js";
import { resultLines } from "./results.js";
import { soundToggle, cue } from "./sound.js";

const MAIN = ["player", "tie", "banker", "bet"];
const DECISIONS = ["raise", "insurance"]; // stakes a decision after the deal makes, not a betting area
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const pause = (ms) => (reducedMotion() ? Promise.resolve() : sleep(ms));

function chipValues(minimum) {
  const saved = localStorage.getItem("croupier-chips");
  if (saved) {
    const values = saved.split(",").map((v) => Math.round(Number(v) * 100)).filter((v) => v > 0);
    if (values.length) return values;
  }
  return [1, 5, 10, 25, 50].map((m) => m * minimum);
}

export async function openTable(app, id, { watch, refreshHeader }) {
  clear(app);
  const info = await api(`/tables/${id}/information`);
  // the footer cites this table's own regulation (issue 18, item 5)
  document.getElementById("regulation").textContent = info.ruleset.source;
  let view = await api(`/tables/${id}`);
  const currency = view.currency;
  const money = (v) => formatMoney(v, currency, info.minor_digits);
  let sessionId = null;
  let mySeat = null;
  const errors = el("p", { class: "error", role: "alert", id: "error" });

  if (!watch) {
    const me = await api("/me");
    const open = me.sessions.find((s) => s.table_id === id);
    try {
      const joined = open ? open : await api(`/tables/${id}/sessions`, { method: "POST", body: {} });
      sessionId = joined.session;
      mySeat = joined.seat;
    } catch (error) {
      app.append(el("p", { class: "error", role: "alert" }, `Cannot sit at this table: ${error.message}`),
        el("a", { class: "button", href: "#/" }, "Back to the lobby"));
      return () => {};
    }
    view = await api(`/tables/${id}`);
  }

  // -- layout ----------------------------------------------------------------------------
  const announcement = el("p", { class: "announcement", id: "announcement", "aria-live": "assertive" }, "");
  const countdown = el("span", { class: "countdown", id: "countdown", role: "timer", "aria-live": "off" }, "");
  const phase = el("span", { class: "phase", id: "phase" }, view.phase);
  const roundNo = el("span", { class: "round-no", id: "round-no" }, `Round ${view.round}`);
  const cut = el("span", { class: "cut", id: "cut", hidden: !view.cut_card_out }, "cut card out: last round(s) of the shoe");
  const shoe = el("div", { class: "shoe", title: "the shoe", "aria-label": "the shoe" }, el("div", { class: "shoe-body" }), cut);
  const stud = info.game === "stud";
  const bj = info.game === "blackjack" ? blackjackFelt({ decide, money, pause }) : null;
  const titles = stud ? { dealer: "Dealer", you: "Your hand" } : bj ? {} : { player: "Player", banker: "Banker" };
  const hands = {};
  for (const [side, title] of Object.entries(titles)) {
    hands[side] = {
      cards: el("div", { class: "cards", id: `${side}-cards` }),
      third: el("div", { class: "cards third-spot", id: `${side}-third` }),
      total: el("div", { class: "total", id: `${side}-total`, "aria-live": "polite" }, ""),
    };
    hands[side].box = el("div", { class: `hand ${side}` },
      el("h3", {}, title),
      el("div", { class: "hand-cards" }, hands[side].cards, hands[side].third), hands[side].total);
  }
  // stud: after the deal each hand raises twice its ante or folds (Macau stud art. 6)
  const raiseButton = el("button", { id: "raise", class: "deal" }, "Raise (2 × ante)");
  const foldButton = el("button", { id: "fold", class: "secondary" }, "Fold");
  const decisionBar = bj ? bj.bar : el("div", { class: "decisions", id: "decisions", role: "group", "aria-label": "your decision", hidden: true },
    raiseButton, foldButton);
  raiseButton.addEventListener("click", () => decide("raise"));
  foldButton.addEventListener("click", () => decide("fold"));
  const result = el("div", { class: "result", id: "result", "aria-live": "assertive" }, "");
  const mine = {};
  const totals = {};
  const areas = el("div", { class: "areas", role: "group", "aria-label": "betting areas" });
  const offered = info.bets.map((b) => b.kind).filter((k) => !DECISIONS.includes(k));
  const order = [...offered.filter((k) => !MAIN.includes(k)), ...MAIN.filter((k) => offered.includes(k))];
  for (const kind of order) {
    const bet = info.bets.find((b) => b.kind === kind);
    mine[kind] = el("span", { class: "stake", id: `stake-${kind}` }, "");
    totals[kind] = el("span", { class: "table-total", id: `total-${kind}` }, "");
    const area = el("button", {
      class: `area ${kind}${MAIN.includes(kind) ? " main" : " side"}`,
      id: `area-${kind}`,
      "data-kind": kind,
      disabled: watch,
      "aria-label": `bet on ${bet.title}, pays ${bet.pays}`,
    }, el("strong", {}, bet.title), el("small", {}, `pays ${bet.pays}`), mine[kind], totals[kind]);
    area.addEventListener("click", () => placeBet(kind));
    areas.append(area);
  }
  const betTitles = Object.fromEntries(info.bets.map((b) => [b.kind, b.title]));
  const slip = betSlip({
    bets: info.bets.filter((b) => order.includes(b.kind)),
    stakeOf: (kind) => Number(mine[kind].dataset.amount || 0),
    place: async (kind, amount) => {
      const ack = await api(`/tables/${id}/bets`, { method: "POST", body: { kind, amount } });
      showStake(kind, ack.amount);
      renderRequirements();
      refreshHeader();
    },
    withdraw: async (kind) => {
      await api(`/tables/${id}/bets/${kind}`, { method: "DELETE" });
      showStake(kind, 0);
      renderRequirements();
      refreshHeader();
    },
    money,
  });
  slip.bind(async (job) => {
    errors.textContent = "";
    try { await job(); } catch (error) { errors.textContent = error.message; }
  });
  const seats = el("ol", { class: "seats", id: "seats", "aria-label": "seats" });
  const felt = el("div", { class: "felt" },
    el("div", { class: "felt-top" }, shoe, bj ? bj.node : el("div", { class: stud ? "hands five" : "hands" }, ...Object.values(hands).map((h) => h.box))),
    result, decisionBar, bj ? bj.assist : "", areas, seats);

  let chip = chipValues(info.minimum_bet)[0];
  const chips = el("div", { class: "chips", role: "radiogroup", "aria-label": "chip value" });
  chipValues(info.minimum_bet).forEach((value, i) => {
    const input = el("input", { type: "radio", name: "chip", id: `chip-${i}`, value: String(value), checked: i === 0 });
    input.addEventListener("change", () => { chip = value; });
    chips.append(el("label", { class: `chip chip-${i}`, for: `chip-${i}` }, input, el("span", {}, money(value))));
  });
  const dealButton = el("button", { id: "deal", class: "deal", hidden: watch || view.mode !== "individual" }, "Deal");
  dealButton.addEventListener("click", deal);
  const leaveButton = el("button", { id: "leave", hidden: watch }, "Leave table");
  leaveButton.addEventListener("click", leave);
  const recallButton = el("button", { id: "recall" }, "Last round");
  recallButton.addEventListener("click", showRecall);
  const historyButton = el("button", { id: "history" }, "History");
  historyButton.addEventListener("click", showHistory);
  const rulesButton = el("button", { id: "rules" }, "Rules & limits");
  rulesButton.addEventListener("click", showRules);
  const messages = el("div", { class: "messages", id: "messages", "aria-live": "polite" });
  const confirmation = el("div", { class: "messages", id: "confirmation", "aria-live": "polite" });
  const roads = el("section", { class: "roads", id: "roads", "aria-label": "scoreboards" });
  const dialog = el("dialog", { id: "panel", "aria-modal": "true" });

  app.append(el("section", { class: "table-view", "data-table": String(id) },
    el("div", { class: "table-head" },
      el("h1", {}, view.name, view.demo ? el("span", { class: "demo-tag" }, "demo") : ""),
      roundNo, phase, countdown, watch ? el("span", { class: "watching" }, "watching") : ""),
    announcement, felt,
    el("div", { class: "controls" }, watch ? "" : chips, watch ? "" : slip.node, dealButton, recallButton, historyButton, rulesButton, soundToggle(), leaveButton),
    errors, confirmation, messages, roads, dialog));

  // -- state updates ----------------------------------------------------------------------
  function renderSeats(list) {
    clear(seats);
    for (let n = 1; n <= view.seats; n++) {
      const who = list.find((s) => s.seat === n);
      seats.append(el("li", { class: `seat${who ? " taken" : ""}${n === mySeat ? " mine" : ""}`, "data-seat": String(n) },
        el("span", { class: "seat-no" }, String(n)), who ? who.player : "free"));
    }
  }
  function renderTotals(table) {
    for (const kind of order) totals[kind].textContent = table[kind] ? `table ${money(table[kind])}` : "";
  }
  function renderMine(bets) {
    for (const kind of order) { mine[kind].textContent = ""; mine[kind].dataset.amount = "0"; }
    if (session.me) {
      for (const b of bets) if (b.player === session.me.name && mine[b.kind]) showStake(b.kind, b.amount);
    }
    renderRequirements();
  }
  // a bet added to others (the baccarat jackpot bet: Macau 2/2009 art. 13(3)) opens once one
  // of them holds your stake
  function renderRequirements() {
    for (const bet of info.bets) {
      const area = document.getElementById(`area-${bet.kind}`);
      if (!area || !bet.added_to) continue;
      const open = bet.added_to.some((k) => mine[k] && mine[k].textContent);
      area.setAttribute("aria-disabled", String(!open));
      area.title = open ? "" : `added to a ${bet.added_to.join(", ")} bet: place one first`;
    }
  }
  let deadline = null;
  function showCountdown() {
    if (deadline === null) { countdown.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    countdown.textContent = `${left} s`;
  }
  const ticker = setInterval(showCountdown, 250);
  function startCountdown(seconds) {
    deadline = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000;
    showCountdown();
  }
  function clearFelt() {
    decisionBar.hidden = true;
    if (bj) bj.clear();
    for (const side of Object.keys(hands)) {
      clear(hands[side].cards);
      clear(hands[side].third);
      hands[side].total.textContent = "";
      hands[side].box.classList.remove("winner");
    }
    result.textContent = "";
    result.className = "result";
  }
  renderSeats(view.seated);
  renderTotals(view.totals);
  renderMine(view.bets);
  if (view.phase === "betting") slip.opened();
  startCountdown(view.seconds_left);
  announcement.textContent = view.phase === "betting" ? "Place your bets" : "";
  refreshRoads();

  async function refreshRoads() {
    if (info.game !== "baccarat") { roads.hidden = true; return; } // the scoreboards are baccarat's
    try { renderRoads(roads, await api(`/tables/${id}/roads`)); } catch (error) { /* shown next round */ }
  }

  async function showStudRound(event) {
    const r = event.result;
    clear(hands.dealer.cards);
    for (const card of r.dealer_cards) {
      const node = cardNode(card);
      hands.dealer.cards.append(node);
      await pause(200);
      node.classList.add("up");
    }
    hands.dealer.total.textContent = `${words(r.dealer_category)}${r.dealer_qualifies ? "" : " · does not qualify"}`;
    const me = session.me && r.hands.find((h) => h.player === session.me.name);
    if (me) {
      clear(hands.you.cards);
      for (const card of me.cards) { const node = cardNode(card); node.classList.add("up"); hands.you.cards.append(node); }
      hands.you.total.textContent = me.folded ? "folded" : words(me.category);
      if (!me.folded && me.beats_dealer) hands.you.box.classList.add("winner");
    }
    result.textContent = r.dealer_qualifies ? `Dealer qualifies with ${words(r.dealer_category)}` : "Dealer does not qualify: antes win 1:1 (art. 9)";
    result.className = "result show";
    announcement.textContent = result.textContent; // the headline tells the result (issue 18)
    settle(event);
  }

  async function showBlackjackRound(event) {
    result.textContent = await bj.showRound(event);
    result.className = "result show";
    announcement.textContent = result.textContent; // the headline tells the result (issue 18)
    settle(event);
  }

  function showStake(kind, amount) {
    mine[kind].dataset.amount = String(amount);
    mine[kind].textContent = amount ? money(amount) : "";
  }

  async function decide(decision) {
    errors.textContent = "";
    decisionBar.hidden = true; // one answer per question; the table asks again if needed
    try {
      const answer = await api(`/tables/${id}/decisions`, { method: "POST", body: { decision } });
      // a double or a split adds to the box's stake: the area shows what is at stake now
      if (answer.stake && mine.bet) showStake("bet", Number(mine.bet.dataset.amount || 0) + answer.stake);
      refreshHeader();
    } catch (error) {
      errors.textContent = error.message;
      decisionBar.hidden = false;
    }
  }

  // -- the round, as the server tells it ----------------------------------------------------
  let queue = Promise.resolve();
  const enqueue = (job) => { queue = queue.then(job).catch((e) => console.error(e)); };

  async function showRound(event) {
    const r = event.result;
    clearFelt();
    const player = r.player_cards;
    const banker = r.banker_cards;
    // dealt face down, one at a time, Player first: P1 B1 P2 B2 (rules 16-17)
    const nodes = { player: [], banker: [] };
    for (const [side, card] of [["player", player[0]], ["banker", banker[0]], ["player", player[1]], ["banker", banker[1]]]) {
      const node = cardNode(card);
      nodes[side].push(node);
      hands[side].cards.append(node);
      await pause(220);
    }
    // turned: Player's first (rule 18), then Banker's
    for (const side of ["player", "banker"]) {
      for (const node of nodes[side]) { node.classList.add("up"); await pause(320); }
    }
    // third cards, set apart (rule 21): Player's first
    for (const side of ["player", "banker"]) {
      const cards = side === "player" ? player : banker;
      if (cards.length > 2) {
        const node = cardNode(cards[2], { third: true });
        hands[side].third.append(node);
        await pause(260);
        node.classList.add("up");
        await pause(320);
      }
    }
    hands.player.total.textContent = String(r.player_total);
    hands.banker.total.textContent = String(r.banker_total);
    const text = r.winner === "tie" ? `Tie ${r.player_total}` : `${r.winner === "player" ? "Player" : "Banker"} wins ${Math.max(r.player_total, r.banker_total)} to ${Math.min(r.player_total, r.banker_total)}`;
    const extras = [r.natural ? "natural" : "", r.player_pair ? "Player pair" : "", r.banker_pair ? "Banker pair" : ""].filter(Boolean);
    result.textContent = extras.length ? `${text} · ${extras.join(" · ")}` : text;
    result.className = `result show ${r.winner}`;
    announcement.textContent = text; // not "No more bets" under the result (issue 18)
    if (r.winner !== "tie") hands[r.winner].box.classList.add("winner");
    settle(event);
    refreshRoads();
  }

  // the winning areas are lit, and your settled bets stay in view, until the next window
  function light(kinds) {
    for (const kind of kinds) {
      const area = document.getElementById(`area-${kind}`);
      if (area) area.classList.add("lit");
    }
  }
  function unlight() {
    for (const area of areas.querySelectorAll(".area")) {
      area.classList.remove("lit", ...[...area.classList].filter((c) => c.startsWith("settled-")));
    }
  }
  function settle(event) {
    light(event.result.winning_areas || []);
    cue("result");
    if (!session.me) return;
    const mineSettled = event.bets.filter((b) => b.player === session.me.name);
    if (!mineSettled.length) return;
    let net = 0;
    for (const b of mineSettled) {
      if (b.outcome !== "carried") net += b.payout - b.stake;
      const area = document.getElementById(`area-${b.kind}`);
      if (area) area.classList.add(`settled-${b.outcome}`);
    }
    if (!event.result.winning_areas) light(mineSettled.filter((b) => ["win", "blackjack"].includes(b.outcome)).map((b) => b.kind));
    const line = el("p", { class: `settlement ${net > 0 ? "won" : net < 0 ? "lost" : "even"}`, id: "my-result" },
      net > 0 ? `You win ${money(net)}` : net < 0 ? `You lose ${money(-net)}` : "Your stakes are returned");
    messages.replaceChildren(line, resultLines(info.game, event, session.me.name, betTitles, money) || "");
    refreshHeader();
  }

  function onEvent(event) {
    switch (event.type) {
      case "table":
        view = event;
        renderSeats(event.seated);
        if (event.phase !== "result") { // the settled bets stay in view until the next window
          renderTotals(event.totals);
          renderMine(event.bets);
        }
        break;
      case "betting_open":
        errors.textContent = ""; // a refusal belongs to the round it was made in (issue 18)
        enqueue(async () => {
          await pause(reducedMotion() ? 0 : 1200);
          if (view.mode !== "individual") { // alone at a table, the result stays until the next deal
            clearFelt();
            unlight();
          }
          roundNo.textContent = `Round ${event.round}`;
          cut.hidden = !event.cut_card_out;
          phase.textContent = "betting";
          announcement.textContent = event.announcement;
          startCountdown(event.seconds);
          renderTotals({});
          renderMine((event.carried || []).map((b) => ({ ...b })));
          if (event.carried) renderTotals(Object.fromEntries(event.carried.map((b) => [b.kind, b.amount])));
          slip.opened();
          confirmation.replaceChildren();
          cue("open");
          refreshRoads();
        });
        break;
      case "bets":
        renderTotals(event.totals);
        break;
      case "betting_closed": {
        announcement.textContent = event.announcement;
        phase.textContent = "closed";
        startCountdown(null);
        const confirmed = slip.closed(); // the bets the table accepted (issue 18)
        confirmation.replaceChildren(confirmed || "");
        cue("closed");
        break;
      }
      case "round_settled":
        phase.textContent = "result";
        decisionBar.hidden = true;
        startCountdown(null);
        if (stud) announcement.textContent = "The dealer's hand is opened";
        if (bj) announcement.textContent = "The dealer plays";
        enqueue(() => (bj ? showBlackjackRound(event) : stud ? showStudRound(event) : showRound(event)));
        break;
      case "decisions_open":
        phase.textContent = "deciding";
        startCountdown(event.seconds);
        if (bj) {
          announcement.textContent = bj.open(event);
          break;
        }
        announcement.textContent = "Raise or fold";
        clear(hands.dealer.cards);
        for (const card of event.dealer_up) { const node = cardNode(card); node.classList.add("up"); hands.dealer.cards.append(node); }
        for (let i = event.dealer_up.length; i < 5; i++) hands.dealer.cards.append(cardNode("XX"));
        decisionBar.hidden = !(session.me && event.waiting_for.includes(session.me.name));
        break;
      case "your_hand":
        if (bj) { bj.yourHand(event); break; }
        clear(hands.you.cards);
        for (const card of event.cards) { const node = cardNode(card); node.classList.add("up"); hands.you.cards.append(node); }
        hands.you.total.textContent = words(event.category); // your hand's category, in words
        break;
      case "decided":
        if (bj) {
          const said = bj.decided(event);
          if (said) messages.replaceChildren(el("p", { id: "my-decision" }, said));
          break;
        }
        if (session.me && event.player === session.me.name) {
          decisionBar.hidden = true;
          messages.replaceChildren(el("p", { id: "my-decision" }, event.timed_out ? "Time ran out: your hand folds" : `You ${event.decision === "raise" ? "raise" : "fold"}`));
        }
        break;
      case "round_void":
        enqueue(async () => {
          clearFelt();
          result.textContent = `Round void: every stake returned (rule 29)${event.void_reason ? ` · ${event.void_reason}` : ""}`;
          result.className = "result show void";
          renderMine([]);
          refreshHeader();
        });
        break;
      case "seat_taken":
      case "seat_free":
        api(`/tables/${id}`).then((v) => { view = v; renderSeats(v.seated); });
        break;
      case "inactivity_invitation":
      case "inactivity_warning": {
        const end = el("button", { class: "link" }, "End my session");
        end.addEventListener("click", leave);
        messages.append(el("p", { class: `inactivity ${event.type}`, role: "alert" }, event.message, " ", end));
        break;
      }
      case "announcement":
        messages.append(el("p", { class: "operator-message", role: "status" }, `Table: ${event.message}`));
        break;
      case "session_ended":
        showStatement(event.statement);
        break;
      default:
        break;
    }
  }

  const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/tables/${id}/ws`;
  // the token travels as a subprotocol, never in the URL (proxies and logs keep URLs)
  const protocols = session.token ? ["croupier", `bearer.${session.token}`] : ["croupier"];
  let socket = null;
  let closed = false;
  function connect() {
    socket = new WebSocket(wsUrl, protocols);
    socket.addEventListener("message", (m) => onEvent(JSON.parse(m.data)));
    socket.addEventListener("close", () => { if (!closed) setTimeout(connect, 1000); });
  }
  connect();

  // -- commands -----------------------------------------------------------------------------
  async function placeBet(kind) {
    errors.textContent = "";
    try {
      const area = document.getElementById(`area-${kind}`);
      if (area && area.getAttribute("aria-disabled") === "true") { errors.textContent = area.title; return; }
      // a fixed-price bet (its minimum is its maximum: the stud jackpot ticket) is one click
      // at its price, whatever the chip (issue 18, item 4)
      const bet = info.bets.find((b) => b.kind === kind);
      const fixed = bet && bet.maximum !== null && bet.maximum === bet.minimum;
      const amount = fixed ? bet.minimum : chip;
      const ack = await api(`/tables/${id}/bets`, { method: "POST", body: { kind, amount } });
      showStake(kind, ack.amount);
      slip.placed(kind, amount);
      renderRequirements();
      refreshHeader();
    } catch (error) {
      errors.textContent = error.message;
    }
  }
  async function deal() {
    errors.textContent = "";
    unlight();
    try { await api(`/tables/${id}/deal`, { method: "POST" }); } catch (error) { errors.textContent = error.message; }
  }
  async function leave() {
    if (sessionId === null) return;
    try {
      const statement = await api(`/sessions/${sessionId}/end`, { method: "POST" });
      if (statement.ended_at) showStatement(statement);
      else messages.append(el("p", {}, "Your bets stand: the session ends after this round."));
    } catch (error) {
      errors.textContent = error.message;
    }
  }

  function openDialog(title, ...content) {
    const close = el("button", { class: "close", id: "close-panel" }, "Close");
    close.addEventListener("click", () => dialog.close());
    dialog.replaceChildren(el("h2", {}, title), ...content, close);
    if (!dialog.open) dialog.showModal();
    close.focus();
  }

  function roundDetails(round) {
    const r = round.result || {};
    const cards = (side) => (r[`${side}_cards`] || []).map((c) => { const f = cardFace(c); return `${f.rank}${f.suit}`; }).join(" ");
    const rows = round.bets.map((b) => el("tr", {},
      el("td", {}, b.player), el("td", {}, b.kind), el("td", {}, money(b.amount)),
      el("td", {}, b.outcome || ""), el("td", {}, b.payout === null || b.payout === undefined ? "" : money(b.payout))));
    const parts = [el("p", {}, `Round ${round.number} · ${round.status}${round.void_reason ? ` · ${round.void_reason}` : ""}`)];
    if (r.winner) {
      parts.push(el("p", { class: "recall-cards" }, `Player ${cards("player")} = ${r.player_total} · Banker ${cards("banker")} = ${r.banker_total} · ${r.winner === "tie" ? "Tie" : `${r.winner} wins`}`));
    }
    if (r.boxes && bj) {
      const text = (list) => list.map((c) => { const f = cardFace(c); return `${f.rank}${f.suit}`; }).join(" ");
      parts.push(...bj.details(r, text));
    }
    if (r.dealer_cards && r.hands) {
      const text = (list) => list.map((c) => { const f = cardFace(c); return `${f.rank}${f.suit}`; }).join(" ");
      parts.push(el("p", { class: "recall-cards" }, `Dealer ${text(r.dealer_cards)} · ${(r.dealer_category || "").replace(/_/g, " ")}${r.dealer_qualifies ? "" : " · does not qualify"}`));
      for (const h of r.hands) {
        parts.push(el("p", {}, `${h.player || `box ${h.box}`}: ${text(h.cards)} · ${h.folded ? "folded" : h.category.replace(/_/g, " ")}`));
      }
    }
    parts.push(el("table", { class: "bets" },
      el("thead", {}, el("tr", {}, ...["player", "bet", "stake", "outcome", "paid"].map((h) => el("th", {}, h)))),
      el("tbody", {}, ...rows)));
    if (round.mine) parts.push(el("p", { class: "mine-net", id: "recall-net" }, `Your result: ${round.mine.net >= 0 ? "+" : "−"}${money(Math.abs(round.mine.net))}`));
    return el("div", { class: "round-detail" }, ...parts);
  }

  async function showRecall() {
    try {
      const round = await api(`/tables/${id}/rounds/last`);
      openDialog("Last round", roundDetails(round));
    } catch (error) {
      openDialog("Last round", el("p", {}, error.message));
    }
  }
  async function showHistory() {
    const rounds = await api(`/tables/${id}/rounds?limit=20${session.token && !watch ? "&mine=true" : ""}`);
    openDialog("History", rounds.length ? el("div", {}, ...rounds.map(roundDetails)) : el("p", {}, "No rounds yet."));
  }
  function showRules() {
    const rows = info.bets.map((b) => el("tr", {}, el("td", {}, b.title), el("td", {}, money(b.minimum)),
      el("td", {}, b.maximum === null ? "no maximum" : money(b.maximum)), el("td", {}, b.pays),
      el("td", {}, `${b.limits_article}; pays: ${b.article}`)));
    openDialog("Rules, limits and payouts",
      el("p", {}, `${info.ruleset.title}. ${info.ruleset.source}.`),
      el("table", { class: "bets" }, el("thead", {}, el("tr", {}, ...["bet", "minimum", "maximum", "pays", "rules"].map((h) => el("th", {}, h)))), el("tbody", {}, ...rows)),
      el("p", {}, `Commission: ${info.commission.description}. Ties: ${info.ties}.`),
      info.both_sides ? el("p", {}, `Betting on both Player and Banker: ${info.both_sides}.`) : "",
      el("p", {}, `Betting window: ${info.mode === "individual" ? "you start the deal (rule 28)" : `${info.betting_seconds} s (rule 27)`}.`),
      howToPlay(info.rules_of_the_game),
      el("p", {}, `Complaints: ${info.complaints}`));
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
  function showStatement(statement) {
    const done = el("a", { class: "button", href: "#/", id: "to-lobby" }, "Back to the lobby");
    openDialog("Session statement",
      el("dl", { class: "statement", id: "statement" },
        el("dt", {}, "Rounds"), el("dd", { id: "st-rounds" }, String(statement.rounds)),
        el("dt", {}, "Total bet"), el("dd", { id: "st-bet" }, money(statement.total_bet)),
        el("dt", {}, "Total won"), el("dd", { id: "st-won" }, money(statement.total_won)),
        el("dt", {}, "Net result"), el("dd", { id: "st-net" }, `${statement.net >= 0 ? "+" : "−"}${money(Math.abs(statement.net))}`)),
      el("p", {}, `Session ${statement.session} · ${statement.end_reason === "inactivity" ? "ended for inactivity (rule 36)" : "ended by you"}.`),
      done);
    sessionId = null;
    for (const button of areas.querySelectorAll("button")) button.disabled = true;
    leaveButton.hidden = true;
    dealButton.hidden = true;
    refreshHeader();
  }

  return () => {
    closed = true;
    clearInterval(ticker);
    if (socket) socket.close();
  };
}
