// The stud felt: the dealer's hand (one card up, art. 7) and yours (your five cards, face up to
// you only, art. 7(1), with their category in words); after the deal you raise twice your ante or
// fold (art. 6); at the result the dealer's hand is opened with its category and whether it
// qualifies (art. 9).
import { el, clear, words, session, cardNode } from "./common.js";
import { handBox, cardsText } from "./hands.js";
import { t } from "./i18n.js";

export function studFelt({ decide, pause }) {
  const hands = { dealer: handBox("dealer", t("Dealer")), you: handBox("you", t("Your hand")) };
  const node = el("div", { class: "hands five" }, hands.dealer.box, hands.you.box);
  const raise = el("button", { id: "raise", class: "deal" }, t("Raise (2 × ante)"));
  const fold = el("button", { id: "fold", class: "secondary" }, t("Fold"));
  raise.addEventListener("click", () => decide("raise"));
  fold.addEventListener("click", () => decide("fold"));
  const bar = el("div", { class: "decisions", id: "decisions", role: "group", "aria-label": t("your decision"), hidden: true }, raise, fold);
  const me = () => (session.me ? session.me.name : null);
  const faceUp = (into, cards) => {
    clear(into);
    for (const card of cards) { const c = cardNode(card); c.classList.add("up"); into.append(c); }
  };
  return {
    node,
    bar,
    assist: null,
    settling: t("The dealer's hand is opened"),
    clear() { bar.hidden = true; for (const hand of Object.values(hands)) hand.clear(); },
    open(event) {
      faceUp(hands.dealer.cards, event.dealer_up);
      for (let i = event.dealer_up.length; i < 5; i++) hands.dealer.cards.append(cardNode("XX"));
      bar.hidden = !(me() && event.waiting_for.includes(me()));
      return t("Raise or fold");
    },
    yourHand(event) {
      faceUp(hands.you.cards, event.cards);
      hands.you.total.textContent = words(event.category); // your hand's category, in words
    },
    decided(event) {
      if (event.player !== me()) return null;
      bar.hidden = true;
      if (event.timed_out) return t("Time ran out: your hand folds");
      return event.decision === "raise" ? t("You raise") : t("You fold");
    },
    async showRound(event) {
      const r = event.result;
      clear(hands.dealer.cards);
      if (!r.dealer_cards) { // every hand folded: the dealer's hand is not turned over (art. 9(3))
        faceUp(hands.dealer.cards, r.dealer_up || []);
        for (let i = (r.dealer_up || []).length; i < 5; i++) hands.dealer.cards.append(cardNode("XX"));
        const mine = me() && r.hands.find((h) => h.player === me());
        if (mine) hands.you.total.textContent = t("folded");
        const text = t("Every hand folded: the dealer's hand stays closed (art. 9(3))");
        return { text, headline: text, cls: "" };
      }
      for (const card of r.dealer_cards) {
        const c = cardNode(card);
        hands.dealer.cards.append(c);
        await pause(200);
        c.classList.add("up");
      }
      hands.dealer.total.textContent = `${words(r.dealer_category)}${r.dealer_qualifies ? "" : ` · ${t("does not qualify")}`}`;
      const mine = me() && r.hands.find((h) => h.player === me());
      if (mine) {
        faceUp(hands.you.cards, mine.cards);
        hands.you.total.textContent = mine.folded ? t("folded") : words(mine.category);
        if (!mine.folded && mine.beats_dealer) hands.you.box.classList.add("winner");
      }
      const text = r.dealer_qualifies ? t("Dealer qualifies with {hand}", { hand: words(r.dealer_category) }) : t("Dealer does not qualify: antes win 1:1 (art. 9)");
      return { text, headline: text, cls: "" };
    },
    details(r) {
      if (!r.hands) return [];
      if (!r.dealer_cards) return [el("p", { class: "recall-cards" }, t("Every hand folded: the dealer's hand stays closed (art. 9(3))"))];
      return [
        el("p", { class: "recall-cards" }, `${t("Dealer")} ${cardsText(r.dealer_cards)} · ${words(r.dealer_category)}${r.dealer_qualifies ? "" : ` · ${t("does not qualify")}`}`),
        ...r.hands.map((h) => el("p", {}, `${h.player || t("box {number}", { number: h.box })}: ${cardsText(h.cards)} · ${h.folded ? t("folded") : words(h.category)}`)),
      ];
    },
  };
}
