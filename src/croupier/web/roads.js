// Draws the scoreboards the server computes (GET /tables/{id}/roads) as SVG grids.
import { N_, t, term } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const COLOURS = { banker: "#d8262e", player: "#1f5fd1", tie: "#1a9a4b", red: "#d8262e", blue: "#1f5fd1" };
// the bead plate's letter of each winner (in Chinese the character a Macau board shows)
const LETTERS = { banker: N_("B"), player: N_("P"), tie: N_("T") };

function svg(width, height, cell, label) {
  const root = document.createElementNS(NS, "svg");
  root.setAttribute("viewBox", `0 0 ${width * cell} ${6 * cell}`);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", label);
  root.classList.add("road");
  for (let x = 0; x <= width; x++) line(root, x * cell, 0, x * cell, 6 * cell, "grid");
  for (let y = 0; y <= 6; y++) line(root, 0, y * cell, width * cell, y * cell, "grid");
  return root;
}

function line(root, x1, y1, x2, y2, cls, colour) {
  const l = document.createElementNS(NS, "line");
  Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v));
  l.setAttribute("class", cls);
  if (colour) l.setAttribute("stroke", colour);
  root.append(l);
}

function circle(root, x, y, r, colour, filled) {
  const c = document.createElementNS(NS, "circle");
  c.setAttribute("cx", x);
  c.setAttribute("cy", y);
  c.setAttribute("r", r);
  c.setAttribute("fill", filled ? colour : "none");
  c.setAttribute("stroke", colour);
  c.setAttribute("stroke-width", filled ? 0 : 2);
  root.append(c);
  return c;
}

function text(root, x, y, content, cls) {
  const node = document.createElementNS(NS, "text");
  node.setAttribute("x", x);
  node.setAttribute("y", y);
  node.setAttribute("class", cls);
  node.textContent = content;
  root.append(node);
}

function width(cells, minimum) {
  return Math.max(minimum, ...cells.map((c) => c.x + 1));
}

export function renderRoads(container, roads) {
  container.replaceChildren();
  const cell = 20;
  const bead = svg(width(roads.bead_plate, 12), 6, cell, t("bead plate, {rounds} rounds", { rounds: roads.rounds }));
  bead.dataset.road = "bead_plate";
  for (const b of roads.bead_plate) {
    const cx = b.x * cell + cell / 2;
    const cy = b.y * cell + cell / 2;
    circle(bead, cx, cy, cell / 2 - 2, COLOURS[b.winner], true);
    text(bead, cx, cy + 4, t(LETTERS[b.winner]), "bead-letter");
    if (b.banker_pair) circle(bead, cx - 6, cy - 6, 2.5, COLOURS.banker, true).classList.add("pair");
    if (b.player_pair) circle(bead, cx + 6, cy + 6, 2.5, COLOURS.player, true).classList.add("pair");
  }
  const big = bigRoad(roads.big_road.cells, 24, t("big road"));
  big.dataset.road = "big_road";
  const row = document.createElement("div");
  row.className = "derived";
  for (const [key, label] of DERIVED) {
    const road = roads[key];
    const tiny = 9;
    const pic = svg(width(road.cells, 16), 6, tiny, t(label));
    pic.dataset.road = key;
    for (const m of road.cells) {
      const cx = m.x * tiny + tiny / 2;
      const cy = m.y * tiny + tiny / 2;
      mark(pic, key, cx, cy, m.colour);
    }
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = t(label);
    figure.append(pic, caption);
    row.append(figure);
  }
  // the shoe's statistics (issue 18)
  const c = roads.counts;
  const counts = document.createElement("p");
  counts.className = "road-counts";
  counts.id = "shoe-stats";
  counts.textContent = t("Banker {banker} · Player {player} · Tie {tie} · Player pairs {player_pair} · Banker pairs {banker_pair} · Naturals {natural}", c);
  const beadFigure = document.createElement("figure");
  const beadCaption = document.createElement("figcaption");
  beadCaption.textContent = t("bead plate");
  beadFigure.append(bead, beadCaption);
  const bigFigure = document.createElement("figure");
  const bigCaption = document.createElement("figcaption");
  bigCaption.textContent = t("big road");
  bigFigure.append(big, bigCaption);
  container.append(counts, askPreview(roads.ask), beadFigure, bigFigure, row);
}

const DERIVED = [
  ["big_eye_boy", N_("big eye boy")],
  ["small_road", N_("small road")],
  ["cockroach_pig", N_("cockroach pig")],
];

// a derived road's mark: big eye boy a hollow circle, small road a dot, cockroach pig a slash
function mark(root, key, cx, cy, colour) {
  if (key === "big_eye_boy") circle(root, cx, cy, 3, COLOURS[colour], false);
  else if (key === "small_road") circle(root, cx, cy, 3, COLOURS[colour], true);
  else line(root, cx - 3, cy + 3, cx + 3, cy - 3, "roach", COLOURS[colour]);
}

function bigRoad(cells, minimum, label) {
  const small = 12;
  const big = svg(width(cells, minimum), 6, small, label);
  for (const c of cells) {
    const cx = c.x * small + small / 2;
    const cy = c.y * small + small / 2;
    circle(big, cx, cy, small / 2 - 1.5, COLOURS[c.winner], false);
    if (c.ties) {
      line(big, cx - 4, cy + 4, cx + 4, cy - 4, "tie-slash", COLOURS.tie);
      if (c.ties > 1) text(big, cx, cy + 3, String(c.ties), "tie-count");
    }
  }
  return big;
}

// "ask Banker / ask Player": the mark each derived road would add if the next round went to
// that side, as the server computes it
function askPreview(ask) {
  const box = document.createElement("div");
  box.className = "ask";
  box.id = "ask";
  for (const side of ["banker", "player"]) {
    const row = document.createElement("p");
    row.className = `ask-row ${side}`;
    row.dataset.ask = side;
    const name = document.createElement("strong");
    name.textContent = side === "banker" ? t("Ask Banker") : t("Ask Player");
    row.append(name);
    for (const [key, label] of DERIVED) {
      const colour = ask ? ask[side][key] : null;
      const pic = document.createElementNS(NS, "svg");
      pic.setAttribute("viewBox", "0 0 10 10");
      pic.setAttribute("role", "img");
      pic.setAttribute("aria-label", `${t(label)}: ${colour ? term(colour) : t("no mark yet")}`);
      pic.classList.add("ask-mark");
      pic.dataset.road = key;
      pic.dataset.mark = colour || "none";
      if (colour) mark(pic, key, 5, 5, colour);
      row.append(pic);
    }
    box.append(row);
  }
  return box;
}

// the lobby's small live big road
export function miniBigRoad(roads) {
  const pic = bigRoad(roads.big_road.cells, 16, t("big road, {rounds} rounds", { rounds: roads.rounds }));
  pic.dataset.road = "mini_big_road";
  pic.classList.add("mini");
  return pic;
}

// A table's roads, asked of the server again only once its round has moved on (a round has
// finished): for pages that follow many tables every few seconds (the lobby, the back office).
// While the server does not answer, the last roads it gave.
export function roadsByRound(ask) {
  const last = new Map(); // table id -> { round, roads }
  return async (id, round) => {
    const known = last.get(id);
    if (known?.round === round) return known.roads;
    let roads;
    try { roads = await ask(`/tables/${id}/roads`); } catch (error) { if (known) return known.roads; throw error; }
    last.set(id, { round, roads });
    return roads;
  };
}
