// The table's display (issue 31): the board at a Macau baccarat table, for a screen beside it.
// Read-only, for anyone, as a watcher of the table: the last result, the roads and the shoe's
// statistics, the limits, the shoe's progress and, at a jackpot table, the progressive jackpot
// meter (Macau stud art. 1(4): "Um sistema e expositor electrónico do «jackpot progressivo»").

import { clear, el, formatMoney } from "/web/common.js";
import { renderRoads } from "/web/roads.js";
import { current, languageOf, number, preferred, t, term, useLanguage } from "/web/i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = Number(location.pathname.split("/").pop());
const state = { view: null, info: null };

const money = (minor) => formatMoney(minor, state.view?.currency || "", state.info?.minor_digits ?? 2);

async function get(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

function showResult(result) {
  const box = $("last-result");
  clear(box);
  if (!result) { box.textContent = "–"; return; }
  if (result.winner) {
    const words = result.winner === "tie" ? term("tie") : t("{side} wins", { side: term(result.winner) });
    box.append(el("span", { class: result.winner, "data-winner": result.winner }, words));
    if (result.player_total !== undefined) {
      box.append(el("div", { class: "totals" }, `${term("player")} ${result.player_total} · ${term("banker")} ${result.banker_total}`));
    }
    return;
  }
  box.textContent = t("Round settled");
}

function showJackpot(pool) {
  if (pool === null || pool === undefined) return;
  $("jackpot").hidden = false;
  $("jackpot-amount").textContent = money(pool);
  $("jackpot-amount").dataset.pool = String(pool);
}

function showLimits(info) {
  const body = $("limits").tBodies[0];
  clear(body);
  for (const bet of info.bets || []) {
    if (bet.area === "decision") continue;
    const max = bet.maximum ? money(bet.maximum) : "–";
    body.append(el("tr", {}, el("td", {}, term(bet.kind, bet.title)),
      el("td", { class: "amount" }, bet.minimum ? money(bet.minimum) : money(info.minimum_bet)),
      el("td", { class: "amount" }, max)));
  }
}

async function refreshRoads() {
  if (!state.info?.roads) return;
  const roads = await get(`/tables/${tableId}/roads`);
  $("roads-box").hidden = false;
  renderRoads($("roads"), roads);
  const cut = state.view?.cut_card_out ? ` · ${t("cut card out: last round(s) of the shoe")}` : "";
  $("shoe-progress").textContent = `${t("{rounds} rounds of this shoe", { rounds: number(roads.rounds) })}${cut}`;
}

function status(text) { $("display-status").textContent = text; }

function receive(message) {
  switch (message.type) {
    case "table":
      state.view = message;
      $("display-round").textContent = t("Round {number}", { number: number(message.round) });
      showJackpot(message.jackpot);
      break;
    case "betting_open":
      $("display-round").textContent = t("Round {number}", { number: number(message.round) });
      status(t("Place your bets"));
      break;
    case "betting_closed":
      status(t("No more bets"));
      break;
    case "round_settled":
    case "round_void":
      showResult(message.type === "round_void" ? null : message.result);
      if (message.type === "round_void") $("last-result").textContent = t("Round void");
      refreshRoads().catch(() => {});
      break;
    case "jackpot":
      showJackpot(message.pool);
      break;
    default:
  }
}

// the display's language: ?lang= in its address (the operator's choice for the screen beside
// the table), or the browser's (issue 29, item 1)
async function start() {
  await useLanguage(languageOf(new URLSearchParams(location.search).get("lang")) || preferred());
  state.view = await get(`/tables/${tableId}`);
  state.info = await get(`/tables/${tableId}/information`);
  $("display-name").textContent = state.view.name;
  $("display-game").textContent = t(state.info.game_title || state.view.game);
  $("display-round").textContent = t("Round {number}", { number: number(state.view.round) });
  showLimits(state.info);
  $("shoe").hidden = !state.info.roads; // a shoe's progress where the game keeps its roads
  showJackpot(state.view.jackpot);
  try { showResult((await get(`/tables/${tableId}/rounds/last`)).result); } catch { /* none yet */ }
  await refreshRoads();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/ws?lang=${current()}`, ["croupier"]);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}

start().catch((error) => status(String(error.message)));
