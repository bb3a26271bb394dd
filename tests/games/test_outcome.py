"""An outcome says what a bet returned (issue 27(2)): a game may name an outcome of its own
(Dragon Tiger's "lose_half"), and what the bet returned is read from its payout."""

from __future__ import annotations

from fractions import Fraction

from croupier.games.protocol import KNOWN_OUTCOMES, BetSettlement


def test_what_a_bet_returned_is_told_by_its_payout() -> None:
    def settled(outcome: str, payout: int, stake: int = 10_00) -> BetSettlement:
        return BetSettlement("ana", "dragon", stake, outcome, payout, 0, "high card")

    assert settled("lose", 0).returned == 0
    assert settled("lose_half", 5_00).returned == Fraction(1, 2)
    assert settled("push", 10_00).returned == 1
    assert settled("win", 20_00).returned == 2  # 1:1, the stake included
    assert settled("win", 90_00).returned == 9  # 8:1
    assert settled("void", 0, stake=0).returned == 0
    assert "lose_half" not in KNOWN_OUTCOMES and settled("lose_half", 5_00).net == -5_00
