// One table, whatever its game (the game's own felt module draws its hands and decisions):
// betting areas, chips, seats, shoe, countdown and announcements (PT rule 27), Deal at an
// individual table (rule 28), recall and history (rule 31), rules (rule 32), statement
// (rule 33), inactivity messages (rules 35-36), scoreboards.
import { api, session, formatMoney, el, clear, sleep, cite } from "./common.js";
import { number, t, term } from "./i18n.js";
import { tableConnection } from "./connection.js";
import { shoeProof } from "./proof.js";
import { baccaratFelt } from "./baccarat.js";
import { blackjackFelt } from "./blackjack.js";
import { studFelt } from "./stud.js";
import { renderRoads } from "./roads.js";
import { betSlip } from "./betting.js";
import { resultLines } from "./results.js";
import { soundToggle, cue } from "./sound.js";
import { chipRack, chipValues } from "./chips.js";
import { openDialog, roundDetails, rulesPanel, statementPanel } from "./panels.js";
import { genericFelt } from "./felt.js";
import { bettingAreas } from "./areas.js";

// the felts drawn for a game; any other game plays on the generic felt (issue 27(3))
const FELTS = { baccarat: baccaratFelt, stud: studFelt, blackjack: blackjackFelt };
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const pause = (ms) => (reducedMotion() ? Promise.resolve() : sleep(ms));

export async function openTable(app, id, { watch, refreshHeader }) {
  clear(app);
  const info = await api(`/tables/${id}/information`);
  // the footer cites this table's own regulation (issue 18, item 5)
  document.getElementById("regulation").textContent = t(info.ruleset.source);
  let view = await api(`/tables/${id}`);
  const currency = view.currency;
  const money = (v) => formatMoney(v, currency, info.minor_digits);
  let sessionId = null;
  let mySeat = null;
  const errors = el("p", { class: "error", role: "alert", id: "error" });
  const link = el("p", { class: "reconnecting", id: "reconnecting", role: "status", hidden: true },
    t("Connection lost: reconnecting…"));

  if (!watch) {
    const me = await api("/me");
    const open = me.sessions.find((s) => s.table_id === id);
    try {
      const joined = open ? open : await api(`/tables/${id}/sessions`, { method: "POST", body: {} });
      sessionId = joined.session;
      mySeat = joined.seat;
    } catch (error) {
      app.append(el("p", { class: "error", role: "alert" }, t("Cannot sit at this table: {reason}", { reason: error.message })),
        el("a", { class: "button", href: "#/" }, t("Back to the lobby")));
      return () => {};
    }
    view = await api(`/tables/${id}`);
  }

  // -- layout ----------------------------------------------------------------------------
  const announcement = el("p", { class: "announcement", id: "announcement", "aria-live": "assertive" }, "");
  const countdown = el("span", { class: "countdown", id: "countdown", role: "timer", "aria-live": "off" }, "");
  const phase = el("span", { class: "phase", id: "phase", "data-phase": view.phase }, term(view.phase));
  const showPhase = (name) => { phase.dataset.phase = name; phase.textContent = term(name); };
  const roundNo = el("span", { class: "round-no", id: "round-no" }, t("Round {number}", { number: number(view.round) }));
  // the progressive jackpot's display (Macau stud art. 1(4)); a linked pool's is every linked
  // table's, whichever process runs it
  const jackpot = el("span", { class: "jackpot-meter", id: "jackpot", role: "status", hidden: view.jackpot == null }, "");
  const showJackpot = (pool) => {
    if (pool == null) return;
    jackpot.hidden = false;
    jackpot.textContent = t("Jackpot {pool}", { pool: money(pool) });
  };
  showJackpot(view.jackpot);
  const cut = el("span", { class: "cut", id: "cut", hidden: !view.cut_card_out }, t("cut card out: last round(s) of the shoe"));
  const shoe = el("div", { class: "shoe", title: t("the shoe"), "aria-label": t("the shoe") }, el("div", { class: "shoe-body" }), cut);
  const felt = (FELTS[info.game] || genericFelt)({ decide, money, pause });
  const decisionBar = felt.bar;
  const result = el("div", { class: "result", id: "result", "aria-live": "assertive" }, "");
  const { node: areas, order, mine, totals } = bettingAreas(info.bets, { disabled: watch, place: placeBet });
  const betTitles = Object.fromEntries(info.bets.map((b) => [b.kind, term(b.kind, b.title)]));
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
  const seats = el("ol", { class: "seats", id: "seats", "aria-label": t("seats") });
  const cloth = el("div", { class: "felt" },
    el("div", { class: "felt-top" }, shoe, felt.node),
    result, decisionBar, felt.assist || "", areas, seats);

  let chip = chipValues(info.minimum_bet)[0];
  const chips = chipRack(info.minimum_bet, info.minor_digits, money, (value) => { chip = value; });
  const dealButton = el("button", { id: "deal", class: "deal", hidden: watch || view.mode !== "individual" }, t("Deal"));
  dealButton.addEventListener("click", deal);
  const leaveButton = el("button", { id: "leave", hidden: watch }, t("Leave table"));
  leaveButton.addEventListener("click", leave);
  const recallButton = el("button", { id: "recall" }, t("Last round"));
  recallButton.addEventListener("click", showRecall);
  const historyButton = el("button", { id: "history" }, t("History"));
  historyButton.addEventListener("click", showHistory);
  const rulesButton = el("button", { id: "rules" }, t("Rules & limits"));
  rulesButton.addEventListener("click", showRules);
  const proofButton = el("button", { id: "proof" }, t("Shoe proof"));
  proofButton.addEventListener("click", async () => {
    try { openDialog(dialog, t("Shoe proof"), ...(await shoeProof(id))); } catch (error) { errors.textContent = error.message; }
  });
  const messages = el("div", { class: "messages", id: "messages", "aria-live": "polite" });
  const confirmation = el("div", { class: "messages", id: "confirmation", "aria-live": "polite" });
  const roads = el("section", { class: "roads", id: "roads", "aria-label": t("scoreboards") });
  const dialog = el("dialog", { id: "panel", "aria-modal": "true" });

  app.append(el("section", { class: "table-view", "data-table": String(id) },
    el("div", { class: "table-head" },
      el("h1", {}, view.name, view.demo ? el("span", { class: "demo-tag" }, t("demo")) : ""),
      roundNo, phase, countdown, jackpot, watch ? el("span", { class: "watching" }, t("watching")) : ""),
    announcement, cloth,
    el("div", { class: "controls" }, watch ? "" : chips, watch ? "" : slip.node, dealButton, recallButton, historyButton, rulesButton, proofButton, soundToggle(), leaveButton),
    link, errors, confirmation, messages, roads, dialog));

  // -- state updates ----------------------------------------------------------------------
  function renderSeats(list) {
    clear(seats);
    for (let n = 1; n <= view.seats; n++) {
      const who = list.find((s) => s.seat === n);
      seats.append(el("li", { class: `seat${who ? " taken" : ""}${n === mySeat ? " mine" : ""}`, "data-seat": String(n) },
        el("span", { class: "seat-no" }, String(n)), who ? who.player : t("free")));
    }
  }
  function renderTotals(table) {
    for (const kind of order) totals[kind].textContent = table[kind] ? t("table {amount}", { amount: money(table[kind]) }) : "";
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
      area.title = open ? "" : t("added to a {bets} bet: place one first", { bets: bet.added_to.map((k) => term(k)).join(", ") });
    }
  }
  let deadline = null;
  function showCountdown() {
    if (deadline === null) { countdown.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    countdown.textContent = t("{seconds} s", { seconds: number(left) });
  }
  const ticker = setInterval(showCountdown, 250);
  function startCountdown(seconds) {
    deadline = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000;
    showCountdown();
  }
  function clearFelt() {
    decisionBar.hidden = true;
    felt.clear();
    felt.node.classList.remove("previous");
    result.textContent = "";
    result.className = "result";
  }
  // the last round's hands stay on the felt, dimmed, while the next round's bets are placed,
  // as at a live table; they go when the next round is dealt (issue 34(4))
  function dimFelt() {
    felt.node.classList.add("previous");
    result.classList.add("previous");
  }
  renderSeats(view.seated);
  renderTotals(view.totals);
  renderMine(view.bets);
  if (view.phase === "betting") slip.opened();
  startCountdown(view.seconds_left);
  announcement.textContent = view.phase === "betting" ? t("Place your bets") : "";
  refreshRoads();

  async function refreshRoads() {
    if (!info.roads) { roads.hidden = true; return; } // the game keeps no scoreboards
    try { renderRoads(roads, await api(`/tables/${id}/roads`)); } catch (error) { /* shown next round */ }
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

  // the round's result as the game's felt shows it; the headline tells it (issue 18)
  async function showResult(event) {
    result.textContent = "";
    result.className = "result";
    const shown = await felt.showRound(event);
    result.textContent = shown.text;
    result.className = `result show ${shown.cls}`.trim();
    announcement.textContent = shown.headline;
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
      net > 0 ? t("You win {amount}", { amount: money(net) }) : net < 0 ? t("You lose {amount}", { amount: money(-net) }) : t("Your stakes are returned"));
    messages.replaceChildren(line, resultLines(info.game, event, session.me.name, betTitles, money) || "");
    refreshHeader();
  }

  function onEvent(event) {
    switch (event.type) {
      case "table": {
        view = event;
        if (awayFrom !== null) { // the first view after a reconnection: what became of the bets
          const was = awayFrom;
          awayFrom = null;
          enqueue(() => explainReturn(was, event));
        }
        renderSeats(event.seated);
        showJackpot(event.jackpot);
        if (event.phase !== "result") { // the settled bets stay in view until the next window
          renderTotals(event.totals);
          renderMine(event.bets);
        }
        break;
      }
      case "betting_open":
        errors.textContent = ""; // a refusal belongs to the round it was made in (issue 18)
        enqueue(async () => {
          await pause(reducedMotion() ? 0 : 1200);
          if (view.mode !== "individual") { // alone at a table, the result stays until the next deal
            dimFelt();
            unlight();
          }
          roundNo.textContent = t("Round {number}", { number: number(event.round) });
          cut.hidden = !event.cut_card_out;
          showPhase("betting");
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
        clearFelt(); // the next round is dealt now: the last one's dimmed hands go
        announcement.textContent = event.announcement;
        showPhase("closed");
        startCountdown(null);
        const confirmed = slip.closed(); // the bets the table accepted (issue 18)
        confirmation.replaceChildren(confirmed || "");
        cue("closed");
        break;
      }
      case "round_settled":
        showPhase("result");
        decisionBar.hidden = true;
        startCountdown(null);
        if (felt.settling) announcement.textContent = felt.settling;
        enqueue(() => showResult(event));
        break;
      case "decisions_open":
        showPhase("deciding");
        startCountdown(event.seconds);
        announcement.textContent = felt.open(event);
        break;
      case "your_hand":
        felt.yourHand(event);
        break;
      case "decided": {
        const said = felt.decided(event);
        if (said) messages.replaceChildren(el("p", { id: "my-decision" }, said));
        break;
      }
      case "round_void":
        enqueue(async () => {
          const mine = session.me ? (event.bets || []).filter((b) => b.player === session.me.name) : [];
          showVoid(event.round, mine.length ? mine.reduce((sum, b) => sum + b.stake, 0) : null, event.void_reason);
        });
        break;
      case "seat_taken":
      case "seat_free":
        api(`/tables/${id}`).then((v) => { view = v; renderSeats(v.seated); });
        break;
      case "inactivity_invitation":
      case "inactivity_warning": {
        const end = el("button", { class: "link" }, t("End my session"));
        end.addEventListener("click", leave);
        messages.append(el("p", { class: `inactivity ${event.type}`, role: "alert" }, event.message, " ", end));
        break;
      }
      case "jackpot":
        showJackpot(event.pool);
        break;
      case "announcement":
        messages.append(el("p", { class: "operator-message", role: "status" }, t("Table: {message}", { message: event.message })));
        break;
      case "session_ended":
        showStatement(event.statement);
        break;
      case "reality_check": // issue 29: acknowledged before the next bet
        showRealityCheck(event);
        break;
      case "session_limit":
        messages.append(el("p", { class: "inactivity", role: "alert" }, t("Your session has reached the time you set: it ends after this round.")));
        break;
      default:
        break;
    }
  }

  // a round void: what the player is told, with their own stakes returned (PT rule 29)
  function showVoid(round, returned, reason) {
    clearFelt();
    renderMine([]);
    const which = round ? t("Round {number} void", { number: number(round) }) : t("Round void");
    const what = returned ? t("your {amount} returned", { amount: money(returned) }) : t("every stake returned");
    result.textContent = `${which}: ${what} (${cite("rule 29")})${reason ? ` · ${t(reason)}` : ""}`;
    result.className = "result show void";
    if (returned) messages.replaceChildren(el("p", { class: "settlement even", id: "my-result" }, `${which}: ${what}`));
    refreshHeader();
  }

  // back after a lost connection (issue 34(2)): the round the page showed may have gone on
  // (the player's link failed: rule 30, the bets stand) or been voided (the table's server
  // failed: rule 29, the stakes returned); the page says which, from the table's own record
  async function explainReturn(was, now) {
    roundNo.textContent = t("Round {number}", { number: number(now.round) });
    refreshHeader();
    if (!session.me) return;
    const name = session.me.name;
    if (now.round === was) {
      if ((now.bets || []).some((b) => b.player === name)) {
        messages.replaceChildren(el("p", { id: "return-note" }, t("Reconnected: your bets stand (rule 30)")));
      }
      return;
    }
    let last;
    try { last = await api(`/tables/${id}/rounds/last`); } catch { return; }
    if (last.number !== was) return;
    const mine = last.bets.filter((b) => b.player === name);
    if (!mine.length) return;
    if (last.status === "void") {
      showVoid(last.number, mine.reduce((sum, b) => sum + (b.payout ?? b.amount), 0), last.void_reason);
      return;
    }
    const net = last.mine ? last.mine.net : 0;
    const said = net > 0 ? t("you won {amount}", { amount: money(net) }) : net < 0 ? t("you lost {amount}", { amount: money(-net) }) : t("your stakes were returned");
    messages.replaceChildren(el("p", { id: "return-note" }, t("Round {number} was settled while you were away: {said} (rule 30)", { number: number(last.number), said })));
  }

  let awayFrom = null; // the round the page showed when its connection dropped
  const disconnect = tableConnection(id, {
    onEvent,
    onDrop: () => { if (awayFrom === null) awayFrom = view.round; link.hidden = false; },
    onBack: () => { link.hidden = true; },
    onExcluded: (reason) => { errors.textContent = reason; },
  });

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
      else messages.append(el("p", {}, t("Your bets stand: the session ends after this round.")));
    } catch (error) {
      errors.textContent = error.message;
    }
  }

  async function showRecall() {
    try {
      const round = await api(`/tables/${id}/rounds/last`);
      openDialog(dialog, t("Last round"), roundDetails(round, felt, money));
    } catch (error) {
      openDialog(dialog, t("Last round"), el("p", {}, error.message));
    }
  }
  async function showHistory() {
    const rounds = await api(`/tables/${id}/rounds?limit=20${session.token && !watch ? "&mine=true" : ""}`);
    openDialog(dialog, t("History"), rounds.length ? el("div", {}, ...rounds.map((r) => roundDetails(r, felt, money))) : el("p", {}, t("No rounds yet.")));
  }
  function showRules() {
    openDialog(dialog, t("Rules, limits and payouts"), ...rulesPanel(info, money));
  }
  function showRealityCheck(event) {
    const go = el("button", { id: "reality-ok", class: "deal" }, t("Continue playing"));
    go.addEventListener("click", async () => {
      try { await api(`/sessions/${event.session}/reality-check`, { method: "POST" }); dialog.close(); } catch (error) { errors.textContent = error.message; }
    });
    const stop = el("button", { id: "reality-leave", class: "secondary" }, t("Leave table"));
    stop.addEventListener("click", () => { dialog.close(); leave(); });
    const net = `${event.net >= 0 ? "+" : "−"}${money(Math.abs(event.net))}`;
    openDialog(dialog, t("Reality check"),
      el("p", { id: "reality-text" }, t("You have played {minutes} minutes at this table; your net result is {net}.", { minutes: number(event.minutes_played), net })),
      go, " ", stop);
  }
  function showStatement(statement) {
    const done = el("a", { class: "button", href: "#/", id: "to-lobby" }, t("Back to the lobby"));
    openDialog(dialog, t("Session statement"), ...statementPanel(statement, money), done);
    sessionId = null;
    for (const button of areas.querySelectorAll("button")) button.disabled = true;
    leaveButton.hidden = true;
    dealButton.hidden = true;
    refreshHeader();
  }

  return () => {
    clearInterval(ticker);
    disconnect();
  };
}
