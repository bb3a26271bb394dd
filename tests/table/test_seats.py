"""The inactivity counts of one seat, without a server (PT 812/2015 rules 35-36), each count
derived from the rule's words and started again by a bet, as the rule counts "consecutive"
rounds and a period without "qualquer aposta" (any bet)."""

from __future__ import annotations

import pytest

from croupier.table.seats import Seat


def _seat(now: float = 0.0) -> Seat:
    return Seat(session_id=1, player_id=2, name="ana", account=3, seat=1, idle_since=now)


@pytest.mark.cites("pt-812-2015", "rule 35", "rule 36")
def test_after_a_bet_the_multi_player_count_starts_again_from_nothing() -> None:
    """PT rule 35(b): "Numa mesa com múltiplos jogadores o jogador não realize apostas em mais
    de 5 jogadas consecutivas" (at a multi-player table, the player places no bet in more than
    5 consecutive rounds): the invitation comes at the 6th round without a bet counted from the
    player's last bet, never earlier; rule 36: "na próxima jogada" (in the next round) the
    session ends if there is still no bet."""
    seat = _seat()
    for _ in range(3):
        assert seat.window_missed(1.0) is None
    seat.betted(2.0)  # a bet: the rounds before it are no longer consecutive with the next
    for n in range(1, 6):
        assert seat.window_missed(3.0) is None, f"round {n} without a bet: not yet more than 5"
    assert seat.window_missed(4.0) == "warn"  # the 6th consecutive round: more than 5
    seat.warned_at = 4.0  # the table warns (Sessions._warn)
    assert seat.window_missed(5.0) == "end"  # rule 36: no bet in the next round


@pytest.mark.cites("pt-812-2015", "rule 35", "rule 36")
def test_a_bet_after_the_warning_takes_the_warning_back() -> None:
    """Rule 36 ends the session only "se o jogador não realizar qualquer aposta" (if the player
    places no bet) in the next round or minute: a bet after the warning keeps the session, and
    the counts start again (rule 35 needs more than 5 rounds, or 3 minutes, anew)."""
    seat = _seat()
    for _ in range(5):
        assert seat.window_missed(1.0) is None
    assert seat.window_missed(1.0) == "warn"
    seat.warned_at = 1.0  # the table warns (Sessions._warn)
    seat.betted(10.0)
    assert seat.warned_at is None
    for _ in range(5):
        assert seat.window_missed(11.0) is None
    assert seat.individual_due(10.0 + 180.0) is None  # exactly 3 minutes: not "superior a"
    assert seat.individual_due(10.0 + 180.5) == "warn"


@pytest.mark.cites("pt-812-2015", "rule 35", "rule 36")
def test_the_individual_table_counts_three_minutes_then_one() -> None:
    """Rule 35(a): "Numa mesa individual o jogador não faz qualquer aposta num período superior
    a 3 minutos" (more than 3 minutes without a bet): invited after 180 s, not at 180 s; rule
    36: the session ends if no bet "no minuto seguinte" (in the next minute) after the
    warning, at 60 s from it, not before."""
    seat = _seat(100.0)
    assert seat.individual_due(280.0) is None
    assert seat.individual_due(280.01) == "warn"
    seat.warned_at = 280.01
    assert seat.individual_due(280.01 + 59.9) is None
    assert seat.individual_due(280.01 + 60.0) == "end"
