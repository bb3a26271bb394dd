// The lobby: a tile per table with its game, regulation, limits, seats taken, the betting
// countdown and, at a public baccarat table, a small live big road (issue 18).
import { api, session, formatMoney, el } from "./common.js";
import { miniBigRoad } from "./roads.js";

function status(t) {
  return `Seats ${t.seated.length}/${t.seats} · round ${t.round} · ${t.phase}`;
}

export async function lobby(app, signInPanel) {
  app.append(el("h1", {}, "Tables"));
  if (!session.token) app.append(signInPanel());
  const list = el("div", { class: "lobby", role: "list" });
  app.append(list);
  const deadlines = new Map(); // table id -> when its window closes (ms), null when closed
  const shown = new Map(); // table id -> round whose road is drawn
  const keepsRoads = new Set(); // the tables whose game keeps roads (baccarat's scoreboards)
  const tables = await api("/tables");
  for (const t of tables) {
    const info = await api(`/tables/${t.id}/information`);
    if (info.roads) keepsRoads.add(t.id);
    const main = info.bets.find((b) => b.area === "main") || info.bets[0];
    const limits = `${formatMoney(main.minimum, t.currency)} – ${
      main.maximum === null ? "no maximum" : formatMoney(main.maximum, t.currency)}`;
    const card = el("article", { class: "table-card", role: "listitem", "data-table": String(t.id), "data-game": t.game },
      el("h2", {}, t.name, t.demo ? el("span", { class: "demo-tag" }, "demo") : ""),
      el("p", { class: "game" }, `${info.game_title} · ${t.mode === "individual" ? "individual table" : "multi-player"} · ${info.ruleset.title}`),
      el("p", { class: "limits" }, `${main.title} ${limits}`),
      el("p", { class: "status" }, status(t)),
      el("p", { class: "tile-countdown", role: "timer", "aria-live": "off" }, ""),
      el("div", { class: "tile-road" }),
      el("div", { class: "actions" },
        el("a", { class: "button", href: `#/table/${t.id}`, "data-join": String(t.id) },
          session.token ? "Join" : "Sign in to play"),
        el("a", { class: "button secondary", href: `#/table/${t.id}/watch` }, "Watch")));
    if (!session.token) card.querySelector("[data-join]").setAttribute("aria-disabled", "true");
    list.append(card);
  }
  async function follow(t) {
    const card = list.querySelector(`[data-table="${t.id}"]`);
    if (!card) return;
    card.querySelector(".status").textContent = status(t);
    if (t.mode === "individual") deadlines.set(t.id, "deal"); // its player starts each deal (PT rule 28)
    else deadlines.set(t.id, t.phase === "betting" && t.seconds_left !== null ? Date.now() + t.seconds_left * 1000 : null);
    // the road of a public baccarat table, redrawn when a round has finished
    if (keepsRoads.has(t.id) && t.mode !== "individual" && shown.get(t.id) !== t.round) {
      const roads = await api(`/tables/${t.id}/roads`);
      shown.set(t.id, t.round);
      card.querySelector(".tile-road").replaceChildren(miniBigRoad(roads));
    }
  }
  function tick() {
    for (const [id, deadline] of deadlines) {
      const node = list.querySelector(`[data-table="${id}"] .tile-countdown`);
      if (!node) continue;
      if (deadline === "deal") node.textContent = "its player deals each round";
      else node.textContent = deadline === null ? "bets closed" : `bets close in ${Math.max(0, Math.ceil((deadline - Date.now()) / 1000))} s`;
    }
  }
  async function poll() {
    try {
      for (const t of await api("/tables")) await follow(t);
      tick();
    } catch (error) { /* the server may be restarting: try again */ }
  }
  await poll();
  // the lobby follows the tables: seats, round, phase and road every two seconds
  const timer = setInterval(poll, 2000);
  const ticker = setInterval(tick, 250);
  return () => { clearInterval(timer); clearInterval(ticker); };
}
