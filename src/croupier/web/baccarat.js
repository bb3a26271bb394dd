// The baccarat felt: Player and Banker, the cards dealt face down one at a time, Player first
// (P1 B1 P2 B2, rules 16-17), turned Player's first (rule 18), third cards dealt apart and
// turned (rule 21); the totals and the winner.
import { el, cardNode } from "./common.js";
import { handBox, cardsText, noDecisions } from "./hands.js";
import { t, term } from "./i18n.js";

export function baccaratFelt({ pause }) {
  const hands = { player: handBox("player", term("player", "Player")), banker: handBox("banker", term("banker", "Banker")) };
  const node = el("div", { class: "hands" }, hands.player.box, hands.banker.box);
  const bar = noDecisions();
  return {
    node,
    bar,
    assist: null,
    settling: null, // the cards tell the result as they are dealt
    clear() { for (const hand of Object.values(hands)) hand.clear(); },
    open() { return ""; }, // no decisions after the deal
    yourHand() {},
    decided() { return null; },
    async showRound(event) {
      const r = event.result;
      this.clear();
      const player = r.player_cards;
      const banker = r.banker_cards;
      const nodes = { player: [], banker: [] };
      for (const [side, card] of [["player", player[0]], ["banker", banker[0]], ["player", player[1]], ["banker", banker[1]]]) {
        const card_ = cardNode(card);
        nodes[side].push(card_);
        hands[side].cards.append(card_);
        await pause(220);
      }
      for (const side of ["player", "banker"]) {
        for (const card of nodes[side]) { card.classList.add("up"); await pause(320); }
      }
      for (const side of ["player", "banker"]) {
        const cards = side === "player" ? player : banker;
        if (cards.length > 2) {
          const card = cardNode(cards[2], { third: true });
          hands[side].third.append(card);
          await pause(260);
          card.classList.add("up");
          await pause(320);
        }
      }
      hands.player.total.textContent = String(r.player_total);
      hands.banker.total.textContent = String(r.banker_total);
      const headline = r.winner === "tie" ? t("Tie {total}", { total: r.player_total })
        : t("{side} wins {high} to {low}", { side: term(r.winner), high: Math.max(r.player_total, r.banker_total), low: Math.min(r.player_total, r.banker_total) });
      const extras = [r.natural ? t("natural") : "", r.player_pair ? term("player_pair", "Player pair") : "", r.banker_pair ? term("banker_pair", "Banker pair") : ""].filter(Boolean);
      if (r.winner !== "tie") hands[r.winner].box.classList.add("winner");
      return { text: extras.length ? `${headline} · ${extras.join(" · ")}` : headline, headline, cls: r.winner };
    },
    details(r) {
      if (!r.winner) return [];
      const outcome = r.winner === "tie" ? term("tie", "Tie") : t("{side} wins", { side: term(r.winner) });
      return [el("p", { class: "recall-cards" }, `${term("player", "Player")} ${cardsText(r.player_cards)} = ${r.player_total} · ${term("banker", "Banker")} ${cardsText(r.banker_cards)} = ${r.banker_total} · ${outcome}`)];
    },
  };
}
