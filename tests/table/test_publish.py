"""Who is told what a table says, without a server (PT 812/2015 rules 4, 5, 28): at a
multi-player table everybody at the table shares the round; an individual table's round is
its player's alone."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.table.announcer import Announcer


def _table(mode: str) -> tuple[Announcer, list[tuple[dict[str, Any], str | None]]]:
    sent: list[tuple[dict[str, Any], str | None]] = []
    table = Announcer(lambda event, to: sent.append((event, to)), mode, {"ana": object()})
    return table, sent


SEATED = {"type": "seat_taken", "seat": 1, "player": "ana"}
BET = {"type": "bet_placed", "player": "ana", "kind": "banker", "amount": 37_00}


@pytest.mark.cites("pt-812-2015", "rule 4", "rule 5", "rule 28")
def test_a_multi_player_table_tells_everybody_an_individual_one_its_player() -> None:
    """PT rule 5: at a multi-player table "todos se vinculam ao resultado da jogada que é
    simultânea e comum a todos os participantes" (all are bound to the one round, common to
    every participant): what the table says goes to the whole table (``None``: every player
    and watcher). Rule 4 sets the individual table apart, and rule 28 lets its player alone
    deal its round: what it says goes to its seated player only, and a watcher learns only
    that its seat was taken, not by whom. A message for one player goes to that player alone
    at either table."""
    multi, sent = _table("multi")
    multi.publish(SEATED, None)
    multi.publish(BET, None)
    multi.publish({"type": "your_hand"}, "ana")
    assert sent == [(SEATED, None), (BET, None), ({"type": "your_hand"}, "ana")]

    individual, sent = _table("individual")
    individual.publish(SEATED, None)
    individual.publish({**SEATED, "type": "seat_free"}, None)
    individual.publish(BET, None)
    individual.publish({"type": "your_hand"}, "ana")
    assert sent == [
        ({"type": "seat_taken", "seat": 1}, None),
        ({"type": "seat_free", "seat": 1}, None),
        (BET, "ana"),
        ({"type": "your_hand"}, "ana"),
    ]
