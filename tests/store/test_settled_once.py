"""A round is paid out once, checked by the database itself (issue 16, finding 2: two servers on
one database voided a round and then settled it, paying its stakes twice)."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from croupier.store.ledger import Ledger
from croupier.store.players import Players, named_account
from croupier.store.rounds import BetResult, RoundRecords, StandingBet
from croupier.store.schema import rounds

#: the writes go through the driver's own cursor (store/prepared.py): its error, or SQLAlchemy's
DRIVER_INTEGRITY = (IntegrityError, sqlite3.IntegrityError, psycopg.IntegrityError)


def test_a_round_settled_once_cannot_be_refunded_or_settled_again(engine: Engine) -> None:
    ledger = Ledger(engine)
    records = RoundRecords(engine, ledger)
    cashier = named_account(ledger, "cashier", "cashier", "EUR", negative=True)
    ana = named_account(ledger, "ana", "player", "EUR", negative=False)
    ledger.transfer(cashier, ana, 100_00, "deposit", "player:1")
    player, _token = Players(engine, ledger).create("ana")
    table = records.tables.create_table("t", {"ruleset": "pt-ponto-banca-2015"})
    accounts = records.tables.table_accounts(table, "EUR")
    session = records.sessions.start_session(player.id, table, 1)
    round_id = records.writes.begin_round(table, 1, None)
    with engine.begin() as c:
        bet = StandingBet(session, player.id, ana, "player", 40_00)
        records.writes.stake_all(c, round_id, accounts.escrow, [(bet, 40_00)])
    won = [BetResult(player.id, ana, "player", 40_00, "win", 80_00, 0, "rule 18")]
    with engine.begin() as c:
        records.writes.settle(
            c,
            round_id,
            won,
            accounts,
            house_result=-40_00,
            pool_change=0,
            status="settled",
            result={"winner": "player"},
        )
    paid = ledger.balance(ana)
    # the escrow holds the next round's stakes now: only the database's rule can stop a second
    # payment of the first round out of them
    next_round = records.writes.begin_round(table, 2, None)
    with engine.begin() as c:
        bet = StandingBet(session, player.id, ana, "banker", 100_00)
        records.writes.stake_all(c, next_round, accounts.escrow, [(bet, 100_00)])
    void = [BetResult(player.id, ana, "player", 40_00, "void", 40_00, 0, "late void")]
    for status, results, house in (("void", void, 0), ("settled", won, -40_00)):
        with (
            pytest.raises(DRIVER_INTEGRITY, match=r"(?i)unique|ux_round_paid_once"),
            engine.begin() as c,
        ):
            records.writes.settle(
                c,
                round_id,
                results,
                accounts,
                house_result=house,
                pool_change=0,
                status=status,
                result=None,
            )
    assert ledger.balance(ana) == paid - 100_00 == 100_00 + 40_00 - 100_00
    # recovery refunds the open round and leaves the settled one as it is
    assert records.recovery.recover() == [next_round]
    assert ledger.balance(ana) == 100_00 + 40_00
    with engine.connect() as c:
        assert c.execute(select(rounds.c.status).where(rounds.c.id == round_id)).scalar() == (
            "settled"
        )
    assert ledger.audit() == []
