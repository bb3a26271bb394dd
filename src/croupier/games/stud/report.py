"""JSON records of stud rounds: the contract of ``croupier stud deal --format json``."""

from __future__ import annotations

from typing import Any

from croupier.cards import cards_text
from croupier.games.stud.dealing import DEALER, deal_piles
from croupier.games.stud.evaluator import category_of, rank5
from croupier.games.stud.round import dealer_qualifies
from croupier.games.stud.rules import StudRules
from croupier.rng import RandomSource
from croupier.shoe import Shoe, StackedCards


def deal_record(piles: dict[int, list[int]]) -> dict[str, Any]:
    dealer = piles[DEALER]
    d_rank = rank5(dealer)
    d_cat = category_of(d_rank)
    hands = []
    for seat in sorted(s for s in piles if s != DEALER):
        rank = rank5(piles[seat])
        hands.append(
            {
                "seat": seat,
                "cards": cards_text(piles[seat]),
                "category": category_of(rank),
                "beats_dealer": rank > d_rank,
            }
        )
    return {
        "dealer": {
            "cards": cards_text(dealer),
            "up_card": cards_text(dealer[4:5])[0],
            "category": d_cat,
            "qualifies": dealer_qualifies(dealer, d_cat),
        },
        "hands": hands,
    }


def deal_report(
    ruleset_name: str,
    rules: StudRules,
    hands: int,
    rounds: int,
    *,
    source: RandomSource | None = None,
    stacked: StackedCards | None = None,
) -> dict[str, Any]:
    """``{"ruleset": ..., "rounds": [...]}``: ``hands`` hands (seats 1..hands) and the dealer,
    dealt in the order of art. 7 for ``rounds`` rounds (a stacked source: as many whole rounds
    as its cards allow, dealt one card at a time as art. 7(1) says)."""
    seats = list(range(1, hands + 1))
    out = []
    shoe: Shoe | None = None
    if stacked is None:
        if source is None:
            raise ValueError("deal_report needs a random source or stacked cards")
        shoe = Shoe(rules.shoe, source)
    for number in range(1, rounds + 1):
        if shoe is None:
            assert stacked is not None
            if stacked.cards_remaining < 5 * (hands + 1):
                break
            piles = deal_piles(seats, "shoe", stacked.draw)
            commitment = stacked.commitment
        else:
            shoe.begin_round()  # a fresh shuffle of the deck every round
            commitment = shoe.commitment
            piles = deal_piles(seats, rules.dealing, shoe.draw)
            shoe.end_round()
        out.append({"round": number, "commitment": commitment, **deal_record(piles)})
    return {"ruleset": ruleset_name, "rounds": out}
