// A result line per hand and per bet, as a dealer says it at the end of a round (issue 18):
// stud compares your hand with the dealer's in words, blackjack tells each hand against the
// dealer's, baccarat each bet; amounts are net, as "You win" says them.
import { el, words, signed } from "./common.js";
import { N_, t } from "./i18n.js";

// a bet's outcome, as a result line says it
const VERB = {
  win: N_("wins"), lose: N_("loses"), push: N_("is returned"), blackjack: N_("blackjack pays"),
  surrender: N_("surrendered"), void: N_("void"), carried: N_("stays on the table"),
};
const verb = (outcome) => (VERB[outcome] ? t(VERB[outcome]) : words(outcome));

function betLine(bets, titles, money) {
  return bets.map((b) => (b.outcome === "carried"
    ? t("{bet} {verb}", { bet: titles[b.kind] || words(b.kind), verb: verb(b.outcome) })
    : t("{bet} {verb} {net}", { bet: titles[b.kind] || words(b.kind), verb: verb(b.outcome), net: signed(b.payout - b.stake, money) }))).join(" · ");
}

const BEATS = N_("Your {hand} beats the dealer's {dealer}");
const LOSES_TO = N_("Your {hand} loses to the dealer's {dealer}");

function studLines(r, me, mine, titles, money) {
  if (!me) return [];
  const dealer = words(r.dealer_category);
  let head;
  if (me.folded) head = t("You folded: the ante is lost (art. 6(7))");
  else if (!r.dealer_qualifies) head = t("The dealer's {dealer} does not qualify: your ante wins 1:1 (art. 9(2))", { dealer });
  else head = t(me.beats_dealer ? BEATS : LOSES_TO, { hand: words(me.category), dealer });
  return [head, betLine(mine, titles, money)];
}

function blackjackLines(r, me, money) {
  const box = r.boxes.find((b) => b.player === me);
  if (!box) return [];
  const total = (hand, blackjack, busted) => (blackjack ? t("blackjack") : busted ? t("{total} (bust)", { total: hand }) : String(hand));
  const dealer = total(r.dealer_total, r.dealer_blackjack, r.dealer_busted);
  return box.hands.map((hand, i) => {
    const label = box.hands.length > 1 ? t("Hand {number}", { number: i + 1 }) : t("Your hand");
    return t("{label}: {hand} against the dealer's {dealer}: {verb} {net}", {
      label, hand: total(hand.total, hand.blackjack, hand.busted), dealer, verb: verb(hand.outcome), net: signed((hand.payout || 0) - (hand.stake || 0), money),
    });
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
