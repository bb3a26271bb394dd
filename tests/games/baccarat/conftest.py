from __future__ import annotations

import pytest

from croupier.games.baccarat.round import BaccaratRound, Settlement
from croupier.rulesets import load_ruleset


def rules_of(name: str, **overrides):
    """A preset's rules with dotted overrides, e.g. rules_of("macau-2009", **{"bets.commission":
    "banker6_half"})."""
    if name.startswith("macau"):  # whole minor units and a small minimum: exact test amounts
        overrides = {"table.rounding_unit": 1, "table.minimum_bet": 100, **overrides}
    return load_ruleset(name, overrides).rules


def play(rules, cards, bets, *, pool=None) -> Settlement:
    """Place ``bets`` [(bettor, kind, amount[, seated])], deal ``cards`` and settle."""
    rnd = BaccaratRound(rules, cards, jackpot_pool=pool)
    for bet in bets:
        rnd.place_bet(*bet)
    rnd.deal()
    settlement = rnd.settle()
    assert settlement.conserved
    return settlement


def only(settlement: Settlement, kind: str, bettor: str = "a"):
    [result] = [b for b in settlement.bets if b.kind == kind and b.bettor == bettor]
    return result


@pytest.fixture
def macau():
    # whole-unit rounding so that every amount in the tests is exact
    return rules_of("macau-2009")
