"""The prepared statements of a round's writes (compiled once per dialect, :mod:`croupier.store.
prepared`) and the settled bets' rows."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from sqlalchemy import Connection, bindparam, insert, select, update

from croupier.store.prepared import Prepared, insert_rows
from croupier.store.schema import accounts, journal, round_bets, rounds
from croupier.table.port import BetResult


@cache
def lock_balances_statement(count: int) -> Prepared:
    """Balances of ``count`` accounts, locked (PostgreSQL ``FOR UPDATE``, in id order)."""
    return Prepared(
        select(accounts.c.id, accounts.c.balance)
        .where(accounts.c.id.in_([bindparam(f"i{n}") for n in range(count)]))
        .order_by(accounts.c.id)
        .with_for_update()
    )


SETTLE_BET = Prepared(
    update(round_bets)
    .where(
        round_bets.c.round_id == bindparam("r"),
        round_bets.c.player_id == bindparam("p"),
        round_bets.c.kind == bindparam("k"),
    )
    .values(
        outcome=bindparam("v_outcome"),
        payout=bindparam("v_payout"),
        commission=bindparam("v_commission"),
        reason=bindparam("v_reason"),
    )
)
OPEN_ROUND = Prepared(
    insert(rounds)
    .values(
        table_id=bindparam("table_id"),
        number=bindparam("number"),
        status="open",
        shoe=bindparam("shoe", type_=rounds.c.shoe.type),
        opened_at=bindparam("opened_at", type_=rounds.c.opened_at.type),
    )
    .returning(rounds.c.id)
)
CLOSE_ROUND = Prepared(
    update(rounds)
    .where(rounds.c.id == bindparam("r"), rounds.c.status == "open")  # closed once
    .values(
        status=bindparam("v_status"),
        result=bindparam("v_result", type_=rounds.c.result.type),
        void_reason=bindparam("v_void_reason"),
        closed_at=bindparam("v_closed_at", type_=rounds.c.closed_at.type),
    )
)
NEW_BET = insert_rows(
    round_bets,
    {
        "round_id": bindparam("round_id"),
        "session_id": bindparam("session_id"),
        "player_id": bindparam("player_id"),
        "kind": bindparam("kind"),
        "amount": bindparam("amount"),
    },
)
RAISE_BET = Prepared(
    update(round_bets)
    .where(
        round_bets.c.round_id == bindparam("r"),
        round_bets.c.player_id == bindparam("p"),
        round_bets.c.kind == bindparam("k"),
    )
    .values(amount=bindparam("a"))
)
JOURNAL = insert_rows(
    journal,
    {
        "round_id": bindparam("round_id"),
        "seq": bindparam("seq"),
        "command": bindparam("command"),
        "args": bindparam("args"),
        "events": bindparam("events"),
    },
)


def settle_rows(connection: Connection, round_id: int, results: Sequence[BetResult]) -> None:
    """Each bet's outcome on its row, in one batched statement."""
    if not results:
        return
    SETTLE_BET.execute_many(
        connection,
        [
            {
                "r": round_id,
                "p": r.player_id,
                "k": r.kind,
                "v_outcome": r.outcome,
                "v_payout": None if r.outcome == "carried" else r.payout,
                "v_commission": r.commission,
                "v_reason": r.reason[:200],
            }
            for r in results
        ],
    )
