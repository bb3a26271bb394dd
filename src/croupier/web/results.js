// A result line per hand and per bet, as a dealer says it at the end of a round (issue 18):
// stud compares your hand with the dealer's in words, blackjack tells each hand against the
// dealer's, baccarat each bet; amounts are net, as "You win" says them.
import { el, words, signed } from "./common.js";

const VERB = { win: "wins", lose: "loses", push: "is returned", blackjack: "blackjack pays", surrender: "surrendered", void: "void", carried: "stays on the table" };

function betLine(bets, titles, money) {
  return bets.map((b) => `${titles[b.kind] || words(b.kind)} ${VERB[b.outcome] || words(b.outcome)}${b.outcome === "carried" ? "" : ` ${signed(b.payout - b.stake, money)}`}`).join(" · ");
}

function studLines(r, me, mine, titles, money) {
  if (!me) return [];
  const dealer = words(r.dealer_category);
  let head;
  if (me.folded) head = "You folded: the ante is lost (art. 6(7))";
  else if (!r.dealer_qualifies) head = `The dealer's ${dealer} does not qualify: your ante wins 1:1 (art. 9(2))`;
  else head = `Your ${words(me.category)} ${me.beats_dealer ? "beats" : "loses to"} the dealer's ${dealer}`;
  return [head, betLine(mine, titles, money)];
}

function blackjackLines(r, me, money) {
  const box = r.boxes.find((b) => b.player === me);
  if (!box) return [];
  const dealer = r.dealer_blackjack ? "blackjack" : r.dealer_busted ? `${r.dealer_total} (bust)` : String(r.dealer_total);
  return box.hands.map((hand, i) => {
    const mine = hand.blackjack ? "blackjack" : hand.busted ? `${hand.total} (bust)` : String(hand.total);
    const label = box.hands.length > 1 ? `Hand ${i + 1}` : "Your hand";
    return `${label}: ${mine} against the dealer's ${dealer}: ${VERB[hand.outcome] || hand.outcome} ${signed((hand.payout || 0) - (hand.stake || 0), money)}`;
  });
}

export function resultLines(game, event, me, titles, money) {
  const mine = event.bets.filter((b) => b.player === me);
  let lines;
  if (game === "stud") lines = studLines(event.result, (event.result.hands || []).find((h) => h.player === me), mine, titles, money);
  else if (game === "blackjack") lines = blackjackLines(event.result, me, money);
  else lines = mine.length ? [betLine(mine, titles, money)] : [];
  lines = lines.filter(Boolean);
  if (!lines.length) return null;
  return el("ul", { class: "hand-results", id: "hand-results" }, ...lines.map((line) => el("li", {}, line)));
}
