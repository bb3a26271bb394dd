"""A bet and its caller: what the table does with a bet must not depend on where or when its
caller waits (the checks a bet taken in its caller's task, tried for issue 32(4) and not kept,
had to pass: docs/benchmarks.md).

A caller that stops waiting for its bet changes nothing at the table (PT 812/2015 rule 29). A
bet's caller is a task of the server (a connection's, a request's); the server may cancel it
while its stake is being written (a shutdown cancels what is still running). Found by a test
of the table's runtime: the table then answered a future its caller had cancelled, the answer
raised, and the table took that for a fault of its own and voided the round in play, every
player's bets with it. Rule 29 voids a round for a malfunction of the game, not because a
player's request went away: the bet whose stake was written stands, the others' bets stand, and
the round plays on. And a command sent while a bet's stake is written waits for it; a bet
is followed by a look at the clock, so a betting period that has ended closes at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from croupier.table.runtime import Table
from tests.server.conftest import RunningServer


def _ana_has_bet(server: RunningServer, **table: Any) -> tuple[int, dict[str, str], dict[str, str]]:
    """A multi-player table with Ana and Bruno seated, 100.00 each, and Ana's 5.00 on Player."""
    table_id = int(server.open_table(**table)["id"])
    ana, bruno = server.player("ana", 100_00), server.player("bruno", 100_00)
    server.sit(table_id, ana)
    server.sit(table_id, bruno)
    assert server.bet(table_id, ana, "player", 5_00).status_code == 201
    return table_id, ana, bruno


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
    table_id, _ana, bruno = _ana_has_bet(server, betting_seconds=60)
    table = server.casino.tables[table_id]
    round_id = table.round_id

    assert server.on_the_loop(_bet_cancelled_while_written(table, "bruno", 2_00))
    server.rested()

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


async def _bet_then_deal(table: Table, player: str) -> tuple[Any, Any]:
    """Ana's bet, then her deal sent while the bet's stake is still being written."""
    bet = asyncio.create_task(table.command("bet", player=player, kind="banker", amount=10_00))
    await asyncio.sleep(0)  # the bet is sent, its stake on its way once the table takes it
    deal = asyncio.create_task(table.command("deal", player=player))
    return await asyncio.gather(bet, deal)


@pytest.mark.cites("pt-812-2015", "rule 28")
def test_a_deal_sent_while_a_bet_is_written_deals_that_bet(server: RunningServer) -> None:
    """PT rule 28: at an individual table "o jogador efectua a aposta e inicia a jogada" (the
    player bets, then starts the round). A command sent before a bet's stake is written waits
    for it (the table runs one command at a time): Ana's deal, sent while her 10.00 on Banker
    is on its way to the database, deals the round with that bet in it and settles it, and her
    balance is her deposit less the stake plus what the round paid her."""
    table_id = server.open_table(mode="individual", seats=1)["id"]
    ana = server.player("ana", 100_00)
    server.sit(table_id, ana)
    table = server.casino.tables[table_id]
    placed, dealt = server.on_the_loop(_bet_then_deal(table, "ana"))
    assert placed["amount"] == 10_00 and placed["balance"] == 90_00
    assert dealt["type"] == "round_settled"
    [settled] = [b for b in dealt["bets"] if b["player"] == "ana"]
    assert (settled["kind"], settled["stake"]) == ("banker", 10_00)
    assert server.balance(ana) == 90_00 + settled["payout"]
    assert server.view(table_id)["round"] == 2
    assert server.audit()["balanced"]


@pytest.mark.cites("pt-812-2015", "rule 16", "rule 27")
def test_a_bet_after_the_period_ended_starts_the_deal_without_waiting_for_a_tick(
    server: RunningServer,
) -> None:
    """PT rule 16: "Findo o período de tempo para a realização das apostas inicia-se a
    distribuição" (once the time for bets has ended, the dealing begins). The table looks at
    the clock after each batch of bets, not only at its ticks: Bruno's bet, sent after the
    period ended but before anything told the table the time (no tick), is refused, and the
    table deals Ana's round then, not at the next tick (until which every bet would be refused
    and the next window would open late)."""
    table_id, _ana, bruno = _ana_has_bet(server, betting_seconds=10, pause_seconds=0)
    table = server.casino.tables[table_id]
    round_id = table.round_id
    server.clock._now += 11  # the period has ended, and no tick has told the table
    late = server.bet(table_id, bruno, "banker", 1_00)
    assert (
        late.status_code == 422 and "betting period has ended" in late.json()["detail"]["message"]
    )
    server.rested()
    assert table.round_id != round_id  # dealt and settled: the next round's window is open
    assert server.view(table_id)["round"] == 2
    assert server.balance(bruno) == 100_00
    assert server.audit()["balanced"]
