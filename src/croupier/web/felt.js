// The felt of a game that brings none of its own (issue 27(3)): every hand the result names
// (each "<hand>_cards" entry) in a box of its own, its cards turned, its total where the result
// gives one ("<hand>_total"), and the winner where it names one. A new game plays in the
// browser before it draws its felt.
import { el, cardNode } from "./common.js";
import { handBox, cardsText, noDecisions } from "./hands.js";
import { t, term } from "./i18n.js";

const title = (name) => term(name, name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()));

export function genericFelt({ pause }) {
  const node = el("div", { class: "hands generic" });
  const bar = noDecisions();
  const handsOf = (r) => Object.keys(r).filter((k) => k.endsWith("_cards") && Array.isArray(r[k]))
    .map((k) => k.slice(0, -"_cards".length));
  return {
    node,
    bar,
    assist: null,
    settling: null,
    clear() { node.replaceChildren(); },
    open() { return ""; },
    yourHand() {},
    decided() { return null; },
    async showRound(event) {
      const r = event.result;
      this.clear();
      for (const name of handsOf(r)) {
        const hand = handBox(name, title(name));
        node.append(hand.box);
        for (const card of r[`${name}_cards`]) {
          const face = cardNode(card);
          hand.cards.append(face);
          await pause(220);
          face.classList.add("up");
        }
        if (r[`${name}_total`] !== undefined) hand.total.textContent = String(r[`${name}_total`]);
        if (r.winner === name) hand.box.classList.add("winner");
      }
      const headline = r.winner ? (r.winner === "tie" ? term("tie", "Tie") : t("{side} wins", { side: title(r.winner) })) : t("Round settled");
      return { text: headline, headline, cls: r.winner || "" };
    },
    details(r) {
      const hands = handsOf(r);
      if (!hands.length) return [];
      return [el("p", { class: "recall-cards" }, hands.map((h) => `${title(h)} ${cardsText(r[`${h}_cards`])}`).join(" · "))];
    },
  };
}
