// A hand's box on the felt (its title, cards, a spot for a card dealt apart, its total), and
// cards written as text for recall: shared by the felts of the games.
import { el, clear, cardFace } from "./common.js";

export function handBox(side, title) {
  const hand = {
    cards: el("div", { class: "cards", id: `${side}-cards` }),
    third: el("div", { class: "cards third-spot", id: `${side}-third` }),
    total: el("div", { class: "total", id: `${side}-total`, "aria-live": "polite" }, ""),
  };
  hand.box = el("div", { class: `hand ${side}` },
    el("h3", {}, title), el("div", { class: "hand-cards" }, hand.cards, hand.third), hand.total);
  hand.clear = () => {
    clear(hand.cards);
    clear(hand.third);
    hand.total.textContent = "";
    hand.box.classList.remove("winner");
  };
  return hand;
}

export const cardsText = (list) => (list || []).map((c) => { const f = cardFace(c); return `${f.rank}${f.suit}`; }).join(" ");

// a felt whose players decide nothing after the deal has an empty, hidden decision bar
export const noDecisions = () => el("div", { class: "decisions", id: "decisions", hidden: true });
