"""Macau blackjack played at random against a model written from the text: every decision
offered, every card, the dealer's drawing and every bet's settlement, over many seeded shoes and
every reading of the rules the ruleset allows.

The text (Despacho 56/2004 as amended by Despacho 42/2007; the parts the amendment leaves blank
follow the 1991 rules and practice, tagged so in docs/choices.md):
- Art. 6(1): "A banca é obrigada a tomar cartas quando o total dos seus pontos for 16 ou
  inferior ou quando tiver um «soft 17», mas não pode tomar mais cartas quando tiver 17 ou mais
  pontos" (the dealer draws on 16 or less or on a soft 17, never on 17 or more); art. 6(6): a
  "soft 17" is "a mão da banca que contenha um «6» e um «Ás» a que é atribuído o valor de um
  ponto" (read four ways, docs/choices.md B2).
- Art. 6(3): the boxes decide in turn from the dealer's left, each to its final decision.
- Art. 13(1): «qualquer par» is "(1) As duas cartas iniciais da mão de um jogador que formem um
  par ... de idêntico valor" (the first two cards of one rank: J-Q is no pair) and "(2) O
  segundo par formado por duas cartas depois de o jogador ter separado o primeiro par, o
  terceiro par e assim sucessivamente" (each further pair formed after a split pays again).
- Art. 16 (Separação de pares): a pair is split into two hands, each given its second card;
  16(6): "Quando a banca fizer «black jack», o jogador que tenha separado as cartas ... apenas
  perde a sua aposta inicial" (against a dealer's blackjack a split loses only its initial bet).
- Art. 17(1): a double "(1) sobre as duas primeiras cartas distribuídas; (2) sobre as duas
  primeiras cartas de qualquer par separado, excepto em caso de separação de ases; (3) quando as
  duas primeiras cartas totalizem 11 pontos" (on any first two cards; also after a split but not
  on split aces; or only on 11); 17(2): "recebe uma única carta" (exactly one card); 17(3): after
  a double by (1) or (2), a dealer's blackjack takes only the initial bet.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from croupier.cards import RANKS, new_decks
from croupier.games.blackjack.round import BjPhase, BlackjackRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards


def value(card: int) -> int:
    rank = RANKS[card // 4]
    return 1 if rank == "A" else 10 if rank in "TJQK" else int(rank)


def same_rank(a: int, b: int) -> bool:  # art. 13(1)(1): J and Q are no pair
    return a // 4 == b // 4


def best(cards) -> tuple[int, bool]:
    hard = sum(value(c) for c in cards)
    soft = any(value(c) == 1 for c in cards) and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def natural(cards) -> bool:
    return len(cards) == 2 and best(cards)[0] == 21


def dealer_draws(cards, reading: str) -> bool:
    """Art. 6(1) with art. 6(6) in the ruleset's reading."""
    total, soft = best(cards)
    if total != 17:
        return total < 17
    values = sorted(value(c) for c in cards)
    six_and_ace = 1 in values and 6 in values
    return {
        "six_ace": values == [1, 6],  # the hand of a six and an ace, the ace able to count one
        "any": soft,  # every 17 with an ace counted 11
        "ace_one_point": six_and_ace and not soft,  # a 17 with a six and an ace counted one
        "stands": False,
    }[reading]


class Model:
    def __init__(self, rules, order, boxes):
        self.r, self.order, self.at = rules, order, 0
        self.hands = {b: [] for b in boxes}
        self.pairs = dict.fromkeys(boxes, 0)
        self.dealer: list[int] = []
        self.current = None

    def draw(self):
        self.at += 1
        return self.order[self.at - 1]

    def deal(self):
        for b in self.hands:
            self.hands[b].append({"cards": [self.draw()], "doubled": False, "split": False,
                                  "aces": False, "surrendered": False, "done": False,
                                  "acted": False})  # fmt: skip
        self.dealer.append(self.draw())  # no hole card: the dealer's second comes last
        for b, hands in self.hands.items():
            hands[0]["cards"].append(self.draw())
            if same_rank(*hands[0]["cards"]):
                self.pairs[b] += 1  # art. 13(1)(1)

    def legal(self):
        b, i = self.current
        h, r = self.hands[b][i], self.r
        first_two = len(h["cards"]) == 2 and not h["acted"]
        a, c = h["cards"][0], h["cards"][-1]
        legal = {"hit", "stand"}
        if (
            first_two
            and not h["aces"]  # 17(1)(2): not on split aces
            and (not h["split"] or r.double_after_split)
            and (r.double != "eleven_only" or best(h["cards"])[0] == 11)  # 17(1)(3)
        ):
            legal.add("double")
        tens = r.split_unlike_tens and value(a) == value(c) == 10
        if (
            first_two
            and (same_rank(a, c) or tens)
            and len(self.hands[b]) < r.split_max_hands
            and (not h["aces"] or r.resplit_aces)
        ):
            legal.add("split")
        if r.surrender and value(self.dealer[0]) != 1 and first_two and not h["split"]:
            legal.add("surrender")
        return legal

    def act(self, action):
        b, i = self.current
        h = self.hands[b][i]
        if action == "hit":
            h["cards"].append(self.draw())
        elif action == "stand":
            h["done"] = True
        elif action == "double":  # 17(2): exactly one card
            h["doubled"] = True
            h["cards"].append(self.draw())
            h["done"] = True
        elif action == "surrender":
            h["surrendered"] = h["done"] = True
        elif action == "split":  # art. 16: two hands, each given its second card in turn
            first, second = h["cards"]
            aces = value(first) == 1
            h.update(cards=[first, self.draw()], split=True, aces=aces)
            self.hands[b].insert(i + 1, {**h, "cards": [second], "acted": False})
            if same_rank(*h["cards"]):
                self.pairs[b] += 1  # 13(1)(2): a new pair after a split
            if aces and self.r.split_aces_one_card and not self._resplits(h):
                h["done"] = True
        if action != "split":
            h["acted"] = True
        if best(h["cards"])[0] >= 21:
            h["done"] = True
        if h["done"]:
            self.advance()

    def _resplits(self, h):
        return self.r.resplit_aces and same_rank(*h["cards"])

    def advance(self):
        for b, hands in self.hands.items():
            for i, h in enumerate(hands):
                if h["done"]:
                    continue
                if len(h["cards"]) == 1:
                    h["cards"].append(self.draw())
                    if same_rank(*h["cards"]):
                        self.pairs[b] += 1  # 13(1)(2)
                    if h["aces"] and self.r.split_aces_one_card and not self._resplits(h):
                        h["done"] = True
                        continue
                if (natural(h["cards"]) and not h["split"]) or best(h["cards"])[0] >= 21:
                    h["done"] = True
                    continue
                self.current = (b, i)
                return
        self.current = None
        live = [h for hs in self.hands.values() for h in hs
                if best(h["cards"])[0] <= 21 and not h["surrendered"]]  # fmt: skip
        if live:
            self.dealer.append(self.draw())
        standing = [h for h in live if not (natural(h["cards"]) and not h["split"])]
        if standing and not natural(self.dealer):  # art. 6(1), 6(6)
            while dealer_draws(self.dealer, self.r.soft17):
                self.dealer.append(self.draw())

    def settle(self, stakes, pair_bets):
        r = self.r
        d_bj, d_total = natural(self.dealer), best(self.dealer)[0]
        out = []
        for b, hands in self.hands.items():
            s = stakes[b]
            for i, h in enumerate(hands):
                bet = 2 * s if h["doubled"] else s
                total = best(h["cards"])[0]
                bj = natural(h["cards"]) and not h["split"]
                if h["surrendered"]:
                    res = ("surrender", bet // 2)
                elif d_bj and len(hands) > 1 and r.split_loses_initial_only:  # 16(6)
                    res = ("lose", bet - s) if i == 0 else ("push", bet)
                elif total > 21:
                    res = ("lose", 0)
                elif bj:
                    res = ("push", bet) if d_bj else ("blackjack", bet + bet * 3 // 2)
                elif d_bj:  # 17(3): a double loses only the initial bet
                    res = ("lose", bet - s) if h["doubled"] and r.double_keeps_initial_only else (
                        "lose", 0)  # fmt: skip
                elif d_total > 21 or total > d_total:
                    res = ("win", 2 * bet)
                elif total < d_total:
                    res = ("lose", 0)
                else:
                    res = ("push", bet)
                out.append((f"p{b}", "hand", b, i, bet, *res))
            if b in pair_bets:  # art. 13(1): each pair formed pays
                a = pair_bets[b]
                n = self.pairs[b]
                pays = a + a * r.any_pair_pays * n if n else 0
                out.append((f"p{b}", "any_pair", b, None, a, "win" if n else "lose", pays))
        return out


def stacked_order(rnd: random.Random, boxes: int) -> list[int]:
    order = new_decks(8)
    if rnd.random() < 0.5:  # a shoe of few ranks: pairs, splits to the limit, aces resplit
        ranks = (
            {0, *rnd.sample(range(1, 13), 2)} if rnd.random() < 0.5 else {12, 8, rnd.randint(0, 7)}
        )
        order = [c for c in order if c // 4 in ranks]
    rnd.shuffle(order)
    for k in range(boxes):  # make pairs common: each box's second card often its first's rank
        if rnd.random() < 0.5:
            first, second = k, boxes + 1 + k
            later = range(2 * boxes + 1, len(order))
            j = next(j for j in later if same_rank(order[j], order[first]))
            order[second], order[j] = order[j], order[second]
    return order


OPTIONS = {
    "rules.soft17": ["six_ace", "any", "ace_one_point", "stands"],
    "rules.double": ["any_two", "any_two_and_after_split", "eleven_only"],
    "rules.double_loses_initial_only": [True, False],
    "rules.split_loses_initial_only": [True, False],
    "rules.split_max_hands": [2, 3, 4, 8],
    "rules.split_unlike_tens": [False, True],
    "rules.resplit_aces": [False, True],
    "rules.split_aces_one_card": [True, False],
    "rules.surrender": [True, False],
    "side_bets.any_pair_pays": [11, 5],
}


@pytest.mark.cites("macau-blackjack-2007", "art. 6", "art. 6(1)", "art. 6(3)", "art. 6(6)")
@pytest.mark.cites("macau-blackjack-2007", "art. 13", "art. 13(1)", "art. 16", "art. 16(6)")
@pytest.mark.cites("macau-blackjack-2007", "art. 17", "art. 17(1)", "art. 17(2)", "art. 17(3)")
@pytest.mark.cites("macau-blackjack-2007", "art. 21", "art. 21(2)")
@pytest.mark.parametrize("seed", range(160))
def test_random_play_follows_the_text_card_by_card(seed):
    rnd = random.Random(seed)
    chosen = {k: rnd.choice(v) for k, v in OPTIONS.items()}
    base = {"table.rounding_unit": 1, "table.minimum_bet": 100, "side_bets.any_pair_minimum": 10}
    rules = load_ruleset("macau-blackjack-2007", {**base, **chosen}).blackjack()
    boxes = sorted(rnd.sample(range(1, 8), rnd.randint(1, 3)))
    order = stacked_order(rnd, len(boxes))
    game = BlackjackRound(rules, StackedCards(order))
    model = Model(rules, order, boxes)
    stakes = {b: rnd.choice([100, 250, 1000]) * 2 for b in boxes}
    pair_bets = {b: 50 for b in boxes if rnd.random() < 0.6}
    for b in boxes:
        game.place_bet(f"p{b}", "bet", stakes[b], box=b)
        if b in pair_bets:
            game.place_bet(f"p{b}", "any_pair", pair_bets[b], box=b)
    game.deal()
    model.deal()
    if game.phase is BjPhase.INSURANCE:
        game.close_insurance()  # nobody insures: this test is about the hands
    model.advance()
    while model.current is not None:
        assert game.current == model.current  # art. 6(3): one hand at a time, in order
        legal = model.legal()
        assert set(game.legal_actions()) == legal
        for refused in {"hit", "stand", "double", "split", "surrender"} - legal:
            assert not game.can_act(model.current[0], refused)
        action = rnd.choice(sorted(legal))
        game.act(model.current[0], action)
        model.act(action)
    assert game.current is None
    for b in boxes:
        got = [(h.cards, h.doubled, h.surrendered) for h in game.boxes[b].hands]
        want = [(h["cards"], h["doubled"], h["surrendered"]) for h in model.hands[b]]
        assert got == want
    assert game.dealer == model.dealer
    s = game.settle()
    got = sorted(
        (b.bettor, b.kind, b.box, b.hand if b.kind == "hand" else None, b.stake, b.outcome,
         b.payout) for b in s.bets
    )  # fmt: skip
    assert got == sorted(model.settle(stakes, pair_bets))
    assert s.conserved and all(b.commission == 0 for b in s.bets)
    assert rules.blackjack_pays == Fraction(3, 2)
