// The lobby: a tile per table with its game, regulation, limits, seats taken, the betting
// countdown and, at a public baccarat table, a small live big road (issue 18).
import { api, session, formatMoney, el } from "./common.js";
import { miniBigRoad, roadsByRound } from "./roads.js";
import { number, t, term } from "./i18n.js";

function status(table) {
  return t("Seats {taken}/{seats} · round {round} · {phase}", {
    taken: number(table.seated.length), seats: number(table.seats), round: number(table.round), phase: term(table.phase),
  });
}

export async function lobby(app, signInPanel) {
  app.append(el("h1", {}, t("Tables")));
  if (!session.token) app.append(signInPanel());
  const list = el("div", { class: "lobby", role: "list" });
  app.append(list);
  const deadlines = new Map(); // table id -> when its window closes (ms), null when closed
  const roadsOf = roadsByRound(api);
  const shown = new Map(); // table id -> the roads drawn
  const keepsRoads = new Set(); // the tables whose game keeps roads (baccarat's scoreboards)
  const tables = await api("/tables");
  for (const table of tables) {
    const info = await api(`/tables/${table.id}/information`);
    if (info.roads) keepsRoads.add(table.id);
    const main = info.bets.find((b) => b.area === "main") || info.bets[0];
    const limits = `${formatMoney(main.minimum, table.currency)} – ${
      main.maximum === null ? t("no maximum") : formatMoney(main.maximum, table.currency)}`;
    const card = el("article", { class: "table-card", role: "listitem", "data-table": String(table.id), "data-game": table.game },
      el("h2", {}, table.name, table.demo ? el("span", { class: "demo-tag" }, t("demo")) : ""),
      el("p", { class: "game" }, `${t(info.game_title)} · ${table.mode === "individual" ? t("individual table") : t("multi-player")} · ${t(info.ruleset.title)}`),
      el("p", { class: "limits" }, `${term(main.kind, main.title)} ${limits}`),
      el("p", { class: "status" }, status(table)),
      el("p", { class: "tile-countdown", role: "timer", "aria-live": "off" }, ""),
      el("div", { class: "tile-road" }),
      el("div", { class: "actions" },
        el("a", { class: "button", href: `#/table/${table.id}`, "data-join": String(table.id) },
          session.token ? t("Join") : t("Sign in to play")),
        el("a", { class: "button secondary", href: `#/table/${table.id}/watch` }, t("Watch"))));
    if (!session.token) card.querySelector("[data-join]").setAttribute("aria-disabled", "true");
    list.append(card);
  }
  async function follow(table) {
    const card = list.querySelector(`[data-table="${table.id}"]`);
    if (!card) return;
    card.querySelector(".status").textContent = status(table);
    if (table.mode === "individual") deadlines.set(table.id, "deal"); // its player starts each deal (PT rule 28)
    else deadlines.set(table.id, table.phase === "betting" && table.seconds_left !== null ? Date.now() + table.seconds_left * 1000 : null);
    // the road of a public baccarat table, redrawn when a round has finished
    if (keepsRoads.has(table.id) && table.mode !== "individual") {
      const roads = await roadsOf(table.id, table.round);
      if (shown.get(table.id) !== roads) { // drawn again only when they are new roads
        shown.set(table.id, roads);
        card.querySelector(".tile-road").replaceChildren(miniBigRoad(roads));
      }
    }
  }
  function tick() {
    for (const [id, deadline] of deadlines) {
      const node = list.querySelector(`[data-table="${id}"] .tile-countdown`);
      if (!node) continue;
      if (deadline === "deal") node.textContent = t("its player deals each round");
      else node.textContent = deadline === null ? t("bets closed") : t("bets close in {seconds} s", { seconds: number(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))) });
    }
  }
  async function poll() {
    try {
      for (const table of await api("/tables")) await follow(table);
      tick();
    } catch (error) { /* the server may be restarting: try again */ }
  }
  await poll();
  // the lobby follows the tables: seats, round, phase and road every two seconds
  const timer = setInterval(poll, 2000);
  const ticker = setInterval(tick, 250);
  return () => { clearInterval(timer); clearInterval(ticker); };
}
