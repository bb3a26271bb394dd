"""A caller that stops waiting for its bet changes nothing at the table (PT 812/2015 rule 29).

A bet's caller is a task of the server (a connection's, a request's); the server may cancel it
while its stake is being written (a shutdown cancels what is still running). Found by a test
of the table's runtime: the table then answered a future its caller had cancelled, the answer
raised, and the table took that for a fault of its own and voided the round in play, every
player's bets with it. Rule 29 voids a round for a malfunction of the game, not because a
player's request went away: the bet whose stake was written stands, the others' bets stand, and
the round plays on."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from croupier.table.runtime import Table
from tests.server.conftest import RunningServer


def _on_the_servers_loop(table: Table, work: Any) -> Any:
    loop = table._task.get_loop()  # type: ignore[union-attr]
    return asyncio.run_coroutine_threadsafe(work, loop).result(20)


def _settled(table: Table) -> None:
    deadline = time.monotonic() + 20
    while not (table.idle and table.queue.empty()):
        assert time.monotonic() < deadline, "the table never came back to rest"
        time.sleep(0.01)


async def _bet_cancelled_while_written(table: Table, player: str, amount: int) -> bool:
    """A bet whose caller is cancelled once it has been sent (its stake then on its way to the
    database): whether the cancellation reached the caller."""
    caller = asyncio.create_task(table.command("bet", player=player, kind="banker", amount=amount))
    await asyncio.sleep(0)  # the caller sends the bet and waits for its answer
    caller.cancel()
    try:
        await caller
    except asyncio.CancelledError:
        return True
    return False


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_bet_whose_caller_is_cancelled_voids_no_round(server: RunningServer) -> None:
    """PT 812/2015 rule 29(1): "Em caso de avaria ou mau funcionamento do equipamento ou do
    software utilizado no jogo, todas as apostas são anuladas" (a malfunction of the equipment
    or of the game's software voids every bet). A bettor's request that stops waiting is not a
    malfunction of the game: the round is not voided, Ana's bet stands, and Bruno's bet, sent
    before his caller stopped waiting, stands as written, his balance debited once; the round
    then settles with both and the books balance."""
    table_id = server.open_table(betting_seconds=60)["id"]
    ana, bruno = server.player("ana", 100_00), server.player("bruno", 100_00)
    server.sit(table_id, ana)
    server.sit(table_id, bruno)
    assert server.bet(table_id, ana, "player", 5_00).status_code == 201
    table = server.casino.tables[table_id]
    round_id = table.round_id

    assert _on_the_servers_loop(table, _bet_cancelled_while_written(table, "bruno", 2_00))
    _settled(table)

    assert table.round_id == round_id  # not voided
    view = server.view(table_id)
    assert {(b["player"], b["kind"], b["amount"]) for b in view["bets"]} == {
        ("ana", "player", 5_00),
        ("bruno", "banker", 2_00),
    }
    assert server.balance(bruno) == 98_00
    # the table still takes bets, from the caller that went away too
    assert server.bet(table_id, bruno, "banker", 1_00).status_code == 201
    assert server.balance(bruno) == 97_00
    server.advance(60)
    assert server.casino.tables[table_id].round_id != round_id  # settled, the next one open
    assert server.audit()["balanced"]
