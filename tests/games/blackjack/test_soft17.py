"""The dealer's "soft 17" as Macau blackjack art. 6(6) (Despacho 42/2007) defines it, read the
ways the sentence allows (docs/choices.md B2), through every implementation of the dealer:
the engine, the basic strategy, the exact analysis and the simulator (issue 17, item 10).

Art. 6(1): "A banca é obrigada a tomar cartas quando o total dos seus pontos for 16 ou
inferior ou quando tiver um «soft 17», mas não pode tomar mais cartas quando tiver 17 ou mais
pontos" (the dealer draws on 16 or less or on a "soft 17", and on no other 17 or more).
Art. 6(6): "Considera-se «soft 17» a mão da banca que contenha um «6» e um «Ás» a que é
atribuído o valor de um ponto" ("soft 17" is the dealer's hand holding a "6" and an "Ace" to
which the value of one point is given).

The hands below are 17s; the expectations come from the sentence:
* ``six_ace`` (default): a 17 of a six and an ace, the ace able to count one point (7 or 17):
  A-6 draws; A-2-4 holds no six, so it stands (the common meaning would draw);
* ``any``: every 17 with an ace counted 11 draws (A-6, A-2-4, A-A-5), no hard 17;
* ``ace_one_point``: a 17 holding a six and an ace counted one point draws (A-6-K, A-6-5-5);
  A-6 (its ace counted 11) stands;
* ``stands``: no 17 draws.
"""

from __future__ import annotations

import numpy as np
import pytest

from croupier.analysis.blackjack_exact import dealer_hands
from croupier.analysis.blackjack_kernel_input import DEALER_TABLE, kernel_arguments
from croupier.cards import parse_cards
from croupier.games.blackjack.dealer import READINGS, draws_on
from croupier.games.blackjack.round import BlackjackRound
from croupier.games.blackjack.strategy import dealer_outcomes
from croupier.games.blackjack.values import VALUES
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards

pytestmark = pytest.mark.cites("macau-blackjack-2007", "art. 6(1)", "art. 6(6)")

SEVENTEENS = {  # the dealer's 17, and whether each reading draws on it
    "AC 6D": {"six_ace": True, "any": True, "ace_one_point": False, "stands": False},
    "6D AC": {"six_ace": True, "any": True, "ace_one_point": False, "stands": False},
    "AC 2D 4S": {"six_ace": False, "any": True, "ace_one_point": False, "stands": False},
    "AC AD 5S": {"six_ace": False, "any": True, "ace_one_point": False, "stands": False},
    "AC 6D KS": {"six_ace": False, "any": False, "ace_one_point": True, "stands": False},
    "6D AC 5S 5H": {"six_ace": False, "any": False, "ace_one_point": True, "stands": False},
    "TC 7D": {"six_ace": False, "any": False, "ace_one_point": False, "stands": False},
    "6C 6D 5S": {"six_ace": False, "any": False, "ace_one_point": False, "stands": False},
}


@pytest.mark.parametrize("hand", sorted(SEVENTEENS))
@pytest.mark.parametrize("reading", READINGS)
def test_the_dealer_rule_draws_on_17_as_the_reading_says(hand: str, reading: str) -> None:
    values = [VALUES[c] for c in parse_cards(hand)]
    assert draws_on(values, reading) is SEVENTEENS[hand][reading]
    # the simulator's table says the same
    flags = kernel_arguments(
        load_ruleset("macau-blackjack-2007", {"rules.soft17": reading}).blackjack()
    )[-1]
    table = np.asarray(flags[DEALER_TABLE:])
    hard, ace, six = sum(values), int(1 in values), int(6 in values)
    assert bool(table[(hard * 2 + ace) * 2 + six]) is SEVENTEENS[hand][reading]


def test_the_2007_preset_reads_a_six_and_an_ace_and_the_practice_preset_stands() -> None:
    assert load_ruleset("macau-blackjack-2007").blackjack().soft17 == "six_ace"
    assert load_ruleset("macau-blackjack-practice").blackjack().soft17 == "stands"


@pytest.mark.parametrize("reading", READINGS)
def test_the_engine_draws_on_a2_4_only_where_the_reading_says(reading: str) -> None:
    """A box stands on 18 (TS 8H) against the dealer's ace; the dealer draws 2 and 4 (A-2-4,
    a soft 17 with no six), then a ten if it draws again."""
    rules = load_ruleset(
        "macau-blackjack-2007", {"rules.soft17": reading, "table.rounding_unit": 1}
    ).blackjack()
    rnd = BlackjackRound(rules, StackedCards("TS AC 8H 2D 4S KD"))
    rnd.place_bet("ana", "bet", rules.minimum_bet, box=1)
    rnd.deal()
    if rnd.phase.value == "insurance":
        rnd.close_insurance()
    rnd.stand(1)
    drew = len(rnd.dealer) == 4
    assert drew is SEVENTEENS["AC 2D 4S"][reading]


@pytest.mark.parametrize("reading", READINGS)
def test_the_strategy_and_the_exact_analysis_follow_the_same_rule(reading: str) -> None:
    """Up card 6: the dealer's A-6 (a six, then an ace) ends at 17 only where the reading
    stands on it; the exact analysis's dealer hands agree with the basic strategy's."""
    strategy = dealer_outcomes(6, reading)
    draws_ace = SEVENTEENS["6D AC"][reading]
    draws, _orders, outcomes = dealer_hands(6, reading)
    ace_only = [i for i, d in enumerate(draws) if d.sum() == 1 and d[0] == 1]
    assert (len(ace_only) == 1) is not draws_ace  # A alone ends the hand only if it stands
    if not draws_ace:
        assert outcomes[ace_only[0]] == 0  # 17
    assert abs(sum(strategy.values()) - 1) < 1e-12
