"""The betting window's end (PT 812/2015 rules 16 and 27), as the table's timers judge a bet."""

from __future__ import annotations

import pytest

from croupier.errors import RuleViolation
from croupier.table.timers import Timers


@pytest.mark.cites("pt-812-2015", "rule 16", "rule 27")
def test_a_bet_at_or_after_the_windows_end_is_refused_before_the_table_closes_it() -> None:
    """Rule 27: "o período de tempo para a realização das apostas é definido pela entidade
    exploradora, corre em simultâneo para todos os jogadores" (the betting period is the
    operator's, and runs for every player at once); rule 16: "Findo o período de tempo para a
    realização das apostas inicia-se a distribuição" (once the betting period has ended, the
    dealing begins). So a bet that arrives when the countdown has reached zero is refused, even
    before the table has looked at the clock and closed the window."""
    timers = Timers(closes_at=100.0)
    timers.verify_window(99.999)  # still within the period: no refusal
    for late in (100.0, 100.25):
        with pytest.raises(RuleViolation) as refused:
            timers.verify_window(late)
        assert refused.value.field == "phase" and "rule 27" in refused.value.rule


def test_an_individual_table_has_no_countdown_to_end() -> None:
    """At an individual table the player starts the deal (rule 28): no period ends by itself."""
    Timers().verify_window(10**9)
