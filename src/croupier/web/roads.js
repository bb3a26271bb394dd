// Draws the scoreboards the server computes (GET /tables/{id}/roads) as SVG grids.
const NS = "http://www.w3.org/2000/svg";
const COLOURS = { banker: "#d8262e", player: "#1f5fd1", tie: "#1a9a4b", red: "#d8262e", blue: "#1f5fd1" };
const LETTERS = { banker: "B", player: "P", tie: "T" };

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
  const t = document.createElementNS(NS, "text");
  t.setAttribute("x", x);
  t.setAttribute("y", y);
  t.setAttribute("class", cls);
  t.textContent = content;
  root.append(t);
}

function width(cells, minimum) {
  return Math.max(minimum, ...cells.map((c) => c.x + 1));
}

export function renderRoads(container, roads) {
  container.replaceChildren();
  const cell = 20;
  const bead = svg(width(roads.bead_plate, 12), 6, cell, `bead plate, ${roads.rounds} rounds`);
  bead.dataset.road = "bead_plate";
  for (const b of roads.bead_plate) {
    const cx = b.x * cell + cell / 2;
    const cy = b.y * cell + cell / 2;
    circle(bead, cx, cy, cell / 2 - 2, COLOURS[b.winner], true);
    text(bead, cx, cy + 4, LETTERS[b.winner], "bead-letter");
    if (b.banker_pair) circle(bead, cx - 6, cy - 6, 2.5, COLOURS.banker, true).classList.add("pair");
    if (b.player_pair) circle(bead, cx + 6, cy + 6, 2.5, COLOURS.player, true).classList.add("pair");
  }
  const small = 12;
  const big = svg(width(roads.big_road.cells, 24), 6, small, "big road");
  big.dataset.road = "big_road";
  for (const c of roads.big_road.cells) {
    const cx = c.x * small + small / 2;
    const cy = c.y * small + small / 2;
    circle(big, cx, cy, small / 2 - 1.5, COLOURS[c.winner], false);
    if (c.ties) {
      line(big, cx - 4, cy + 4, cx + 4, cy - 4, "tie-slash", COLOURS.tie);
      if (c.ties > 1) text(big, cx, cy + 3, String(c.ties), "tie-count");
    }
  }
  const derived = [
    ["big_eye_boy", "big eye boy"],
    ["small_road", "small road"],
    ["cockroach_pig", "cockroach pig"],
  ];
  const row = document.createElement("div");
  row.className = "derived";
  for (const [key, label] of derived) {
    const road = roads[key];
    const tiny = 9;
    const pic = svg(width(road.cells, 16), 6, tiny, label);
    pic.dataset.road = key;
    for (const m of road.cells) {
      const cx = m.x * tiny + tiny / 2;
      const cy = m.y * tiny + tiny / 2;
      if (key === "big_eye_boy") circle(pic, cx, cy, 3, COLOURS[m.colour], false);
      else if (key === "small_road") circle(pic, cx, cy, 3, COLOURS[m.colour], true);
      else line(pic, cx - 3, cy + 3, cx + 3, cy - 3, "roach", COLOURS[m.colour]);
    }
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = label;
    figure.append(pic, caption);
    row.append(figure);
  }
  const counts = document.createElement("p");
  counts.className = "road-counts";
  counts.textContent = `Banker ${roads.counts.banker} · Player ${roads.counts.player} · Tie ${roads.counts.tie}`;
  const beadFigure = document.createElement("figure");
  const beadCaption = document.createElement("figcaption");
  beadCaption.textContent = "bead plate";
  beadFigure.append(bead, beadCaption);
  const bigFigure = document.createElement("figure");
  const bigCaption = document.createElement("figcaption");
  bigCaption.textContent = "big road";
  bigFigure.append(big, bigCaption);
  container.append(counts, beadFigure, bigFigure, row);
}
