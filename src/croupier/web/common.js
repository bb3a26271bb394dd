// Shared helpers: the API, the signed-in player, money and DOM.
import { N_, current, locale, t, term } from "./i18n.js";

// the regulations' names as citations write them, translated by the catalogue
const REGULATIONS = { "Macau baccarat": N_("Macau baccarat"), "Macau stud": N_("Macau stud"), "Macau blackjack": N_("Macau blackjack") };

export const session = {
  token: localStorage.getItem("croupier-token"),
  me: null,
  onChange: null,
  remember(token) {
    this.token = token || null;
    if (token) localStorage.setItem("croupier-token", token);
    else localStorage.removeItem("croupier-token");
  },
  forget() {
    this.remember(null);
    this.me = null;
  },
};

export async function api(path, { method = "GET", body } = {}) {
  const headers = { "Accept-Language": current() }; // the server's messages in the page's language
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = data.detail;
    let message = response.statusText;
    if (detail && typeof detail === "object" && !Array.isArray(detail)) {
      message = detail.message + (detail.rule ? ` (${cite(detail.rule)})` : "");
    } else if (Array.isArray(detail)) {
      message = detail.map((d) => `${d.loc.slice(-1)[0]}: ${d.msg}`).join("; ");
    }
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}

// an amount in minor units, the locale's way, with the currency as the table's regulation names
// it (EUR, MOP) or the demo tables' points
export function formatMoney(minor, currency, digits = 2) {
  const value = (minor / 10 ** digits).toLocaleString(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return currency === "DEMO" || currency === "points" ? `${value} ${t("pts")}` : `${value} ${currency}`;
}

// a rule's citation in the page's language: a sentence of croupier's own from the catalogue,
// or a regulation's article with its words translated ("PT 812/2015 rule 14")
export function cite(rule) {
  const text = String(rule || "");
  if (t(text) !== text) return t(text);
  return text
    .replace(/\bPT 812\/2015\b/g, t("PT 812/2015"))
    .replace(/\bMacau (baccarat|stud|blackjack)\b/g, (whole) => t(REGULATIONS[whole]))
    .replace(/\brules\b/g, t("rules")).replace(/\brule\b/g, t("rule"))
    .replace(/\barts\./g, t("arts.")).replace(/\bart\./g, t("art."));
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

export function cardFace(text) {
  if (text === "XX") return { rank: "", suit: "", red: false }; // a card still face down
  const rank = RANKS[text[0]] || text[0];
  const suit = text[1];
  return { rank, suit: SUITS[suit], red: suit === "H" || suit === "D" };
}

export function cardNode(text, { third = false } = {}) {
  const face = cardFace(text);
  return el("div", { class: `card${third ? " third" : ""}`, "data-card": text },
    el("div", { class: "card-inner" },
      el("div", { class: "card-back", "aria-hidden": "true" }),
      el("div", { class: `card-front${face.red ? " red" : ""}`, "aria-label": t("{rank} of {suit}", face) },
        el("span", { class: "rank" }, face.rank), el("span", { class: "suit" }, face.suit))));
}

// a category or outcome key as words ("two_pairs" -> "two pairs"), in the page's language
export const words = (key) => term(key);

// a signed net amount, as a result line shows it ("+200.00", "−20.00")
export const signed = (net, money) => (net ? `${net > 0 ? "+" : "−"}${money(Math.abs(net))}` : "±0");
