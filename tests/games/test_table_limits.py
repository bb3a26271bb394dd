"""A stake against the table's minimum and maximum, at both edges (the house limits of a bet:
Macau stud art. 5's ante, blackjack's box bet), through the one check both games share
(games/table_limits.py): a bet's total exactly at the minimum or the maximum is taken, one unit
beyond is refused naming the amount and the limit, and a refusal changes nothing."""

from __future__ import annotations

import pytest

from croupier.errors import RuleViolation
from croupier.games.blackjack.round import BlackjackRound
from croupier.games.stud.round import StudRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.games.stud.conftest import stud_rules


@pytest.mark.cites("macau-stud-2004", "art. 5", "art. 5(1)")
def test_an_ante_at_the_maximum_is_taken_and_one_unit_more_refused() -> None:
    """Art. 5(1): "Aposta inicial («ante bet»)", within the table's limits (100 to 100,000 minor
    units here, unit 1): the ante's total, chips added included, is what is judged."""
    rnd = StudRound(stud_rules(), StackedCards([]))
    with pytest.raises(RuleViolation, match="below the minimum"):
        rnd.place_bet("p1", "ante", 99, box=1)
    rnd.place_bet("p1", "ante", 100, box=1)  # the minimum itself
    rnd.place_bet("p1", "ante", 99_900, box=1)  # a total of exactly the maximum
    with pytest.raises(RuleViolation, match="above the maximum"):
        rnd.place_bet("p1", "ante", 1, box=1)  # 100,001
    assert [(b.kind, b.amount) for b in rnd.bets] == [("ante", 100_000)]


def test_a_box_bet_at_the_maximum_is_taken_and_one_unit_more_refused() -> None:
    rules = load_ruleset(
        "macau-blackjack-2007", {"table.maximum_bet": 100_000, "table.minimum_bet": 100}
    ).blackjack()
    unit = rules.money.unit
    rnd = BlackjackRound(rules, StackedCards([]))
    rnd.place_bet("p", "bet", 100_000, box=1)  # exactly the maximum
    with pytest.raises(RuleViolation, match="above the maximum"):
        rnd.place_bet("p", "bet", unit, box=1)
    assert [(b.kind, b.amount) for b in rnd.bets] == [("bet", 100_000)]
