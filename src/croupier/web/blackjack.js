// A blackjack felt: the dealer's cards, the boxes in play with their hands (cards face up, no
// hole card), whose turn it is (Macau blackjack art. 6(3)), the insurance question (art. 12
// [1991]) and the hand's choices as buttons, and every hand's outcome when the round settles.
import { el, clear, session, cardNode } from "./common.js";
import { cardsText } from "./hands.js";
import { N_, t } from "./i18n.js";

const LABELS = {
  hit: N_("Hit"),
  stand: N_("Stand"),
  double: N_("Double"),
  split: N_("Split"),
  surrender: N_("Surrender"),
  insurance: N_("Insurance"),
  even_money: N_("Even money"),
  no_insurance: N_("No insurance"),
};
const SAID = {
  hit: N_("You hit"),
  stand: N_("You stand"),
  double: N_("You double"),
  split: N_("You split"),
  surrender: N_("You surrender half your bet"),
  insurance: N_("You take insurance"),
  even_money: N_("You take even money"),
  no_insurance: N_("No insurance"),
};
const OUTCOMES = { win: N_("wins"), lose: N_("loses"), push: N_("push"), blackjack: N_("blackjack pays"), surrender: N_("surrendered"), void: N_("void") };
const label = (option) => (LABELS[option] ? t(LABELS[option]) : option);

function handLabel(hand) {
  if (hand.blackjack) return t("Blackjack");
  if (hand.surrendered) return t("surrendered");
  if (hand.busted) return t("{total} bust", { total: hand.total });
  const total = hand.soft && hand.total < 21 ? t("soft {total}", { total: hand.total }) : String(hand.total);
  return `${total}${hand.doubled ? ` · ${t("doubled")}` : ""}`;
}

export function blackjackFelt({ decide, money, pause }) {
  const dealerCards = el("div", { class: "cards", id: "dealer-cards" });
  const dealerTotal = el("div", { class: "total", id: "dealer-total", "aria-live": "polite" }, "");
  const dealer = el("div", { class: "hand dealer" },
    el("h3", {}, t("Dealer")), el("div", { class: "hand-cards" }, dealerCards), dealerTotal);
  const boxes = el("ol", { class: "bj-boxes", id: "bj-boxes", "aria-label": t("boxes") });
  const node = el("div", { class: "bj-felt" }, dealer, boxes);
  const bar = el("div", { class: "decisions", id: "decisions", role: "group", "aria-label": t("your decision"), hidden: true });
  const assist = el("div", { class: "assist", id: "assist", hidden: true }); // the hint: not a decision
  const me = () => (session.me ? session.me.name : null);

  function showDealer(cards) {
    clear(dealerCards);
    for (const card of cards) { const c = cardNode(card); c.classList.add("up"); dealerCards.append(c); }
  }

  function renderBoxes(list, turn) {
    clear(boxes);
    for (const box of list) {
      const item = el("li", { class: `bj-box${box.player === me() ? " mine" : ""}`, id: `box-${box.box}`, "data-player": box.player || "" },
        el("h3", {}, t("Box {number}", { number: box.box }), el("span", { class: "bj-player" }, box.player || "")));
      box.hands.forEach((hand, index) => {
        const acting = turn && turn.box === box.box && turn.hand === index;
        const cards = el("div", { class: "cards" }, ...hand.cards.map((c) => { const n = cardNode(c); n.classList.add("up"); return n; }));
        const lines = [el("span", { class: "bj-total", id: `box-${box.box}-hand-${index}-total` }, handLabel(hand))];
        if (hand.outcome) {
          // net, as "You win" says it: a doubled 200.00 that wins shows +200.00, not 400.00
          const net = (hand.payout || 0) - (hand.stake || 0);
          const shown = net ? ` ${net > 0 ? "+" : "−"}${money(Math.abs(net))}` : "";
          lines.push(el("span", { class: `bj-outcome ${hand.outcome}` },
            `${OUTCOMES[hand.outcome] ? t(OUTCOMES[hand.outcome]) : hand.outcome}${shown}`));
        }
        item.append(el("div", {
          class: `bj-hand${acting ? " to-act" : ""}${hand.outcome ? ` ${hand.outcome}` : ""}`,
          id: `box-${box.box}-hand-${index}`,
          "aria-current": acting ? "true" : false,
        }, cards, ...lines));
      });
      if (box.insured) item.append(el("span", { class: "bj-insured" }, t("insured {amount}", { amount: money(box.insured) })));
      if (box.even_money) item.append(el("span", { class: "bj-insured" }, t("even money")));
      boxes.append(item);
    }
  }

  function offer(options, insuranceStake, advice) {
    clear(bar);
    for (const option of options) {
      const text = option === "insurance" && insuranceStake ? `${label(option)} (${money(insuranceStake)})` : label(option);
      const button = el("button", { id: `decide-${option}`, class: option === "stand" || option === "no_insurance" ? "secondary" : "deal" }, text);
      button.addEventListener("click", () => decide(option));
      bar.append(button);
    }
    // the trainer's advice, shown only when asked for (the terminal's '?')
    clear(assist);
    if (advice) {
      const said = el("span", { class: "advice", id: "advice", "aria-live": "polite" }, "");
      const hint = el("button", { id: "hint", class: "link", type: "button", "aria-controls": "advice" }, t("Hint"));
      hint.addEventListener("click", () => { said.textContent = t("Basic strategy: {decision}", { decision: label(advice) }); });
      assist.append(hint, " ", said);
    }
    bar.hidden = options.length === 0;
    assist.hidden = bar.hidden || !advice;
  }

  return {
    node,
    bar,
    assist,
    settling: t("The dealer plays"),
    clear() {
      bar.hidden = true;
      assist.hidden = true;
      clear(dealerCards);
      clear(boxes);
      dealerTotal.textContent = "";
    },
    // the insurance question, or a hand's turn: the felt as the server sees it
    open(event) {
      showDealer(event.dealer_up);
      dealerTotal.textContent = "";
      renderBoxes(event.boxes, event.turn);
      if (!(me() && event.waiting_for.includes(me()))) { bar.hidden = true; assist.hidden = true; }
      if (event.phase === "insurance") return t("Insurance? The dealer shows an ace");
      if (event.turn) return event.turn.player === me() ? t("Your turn") : t("Box {number}: {player} to play", { number: event.turn.box, player: event.turn.player });
      return "";
    },
    yourHand(event) {
      offer(event.options || [], event.insurance_stake, event.advice);
    },
    decided(event) {
      if (event.player !== me()) return null;
      bar.hidden = true;
      assist.hidden = true;
      if (event.timed_out) return event.decision === "stand" ? t("Time ran out: your hand stands") : t("Time ran out: no insurance");
      return SAID[event.decision] ? t(SAID[event.decision]) : event.decision;
    },
    async showRound(event) {
      const r = event.result;
      bar.hidden = true;
      assist.hidden = true;
      renderBoxes(r.boxes, null);
      clear(dealerCards);
      for (const card of r.dealer_cards) {
        const c = cardNode(card);
        dealerCards.append(c);
        c.classList.add("up");
        await pause(260);
      }
      dealerTotal.textContent = r.dealer_blackjack ? t("Blackjack") : r.dealer_busted ? t("{total} bust", { total: r.dealer_total }) : String(r.dealer_total);
      const mine = r.boxes.find((b) => b.player === me());
      if (mine && mine.hands.some((h) => ["win", "blackjack"].includes(h.outcome))) document.getElementById(`box-${mine.box}`).classList.add("winner");
      const text = r.dealer_blackjack ? t("Dealer blackjack") : r.dealer_busted ? t("Dealer busts with {total}", { total: r.dealer_total }) : t("Dealer stands on {total}", { total: r.dealer_total });
      return { text, headline: text, cls: "" };
    },
    details(r) {
      if (!r.boxes) return [];
      const parts = [el("p", { class: "recall-cards" }, `${t("Dealer")} ${cardsText(r.dealer_cards)} = ${r.dealer_blackjack ? t("blackjack") : r.dealer_total}`)];
      for (const box of r.boxes) {
        for (const hand of box.hands) {
          parts.push(el("p", {}, `${box.player || t("box {number}", { number: box.box })}: ${cardsText(hand.cards)} = ${handLabel(hand)} · ${hand.outcome ? t(OUTCOMES[hand.outcome] || hand.outcome) : ""}`));
        }
      }
      return parts;
    },
  };
}
