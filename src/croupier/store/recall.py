"""What recall, history and the scoreboards read: finished rounds with their bets and journal
(PT 812/2015 rule 31)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, select

from croupier.store.schema import journal, players, round_bets, rounds
from croupier.store.stamps import iso


def round_fields(row: Any, bet_rows: Sequence[Any], result: Any) -> dict[str, Any]:
    """A finished round as recall, audits and the export show it: its number, shoe, ``result``
    (as the viewer may see it), void reason, times and bets (PT rule 31)."""
    return {
        "id": row.id,
        "table_id": row.table_id,
        "number": row.number,
        "status": row.status,
        "shoe": row.shoe,
        "result": result,
        "void_reason": row.void_reason,
        "opened_at": iso(row.opened_at),
        "closed_at": iso(row.closed_at),
        "bets": [
            {
                "player": b.name,
                "kind": b.kind,
                "amount": b.amount,
                "outcome": b.outcome,
                "payout": b.payout,
                "commission": b.commission,
                "reason": b.reason,
            }
            for b in bet_rows
        ],
    }


class Recall:
    """Finished rounds as recall and the scoreboards read them."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def round_record(self, round_id: int) -> dict[str, Any] | None:
        """A round with its bets and its journal: what recall and audits read (PT rule 31)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(rounds).where(rounds.c.id == round_id)).one_or_none()
            if row is None:
                return None
            bets = connection.execute(
                select(round_bets, players.c.name)
                .join(players, players.c.id == round_bets.c.player_id)
                .where(round_bets.c.round_id == round_id)
                .order_by(round_bets.c.id)
            ).all()
            entries = connection.execute(
                select(journal).where(journal.c.round_id == round_id).order_by(journal.c.seq)
            ).all()
        return {
            **round_fields(row, bets, row.result),
            "journal": [
                {"seq": e.seq, "command": e.command, "args": e.args, "events": e.events}
                for e in entries
            ],
        }

    def shoe_results(self, table_id: int, shoe: str | None) -> list[dict[str, Any]]:
        """The results of a shoe's settled rounds at a table, in order (the scoreboards)."""
        query = select(rounds.c.result).where(
            rounds.c.table_id == table_id, rounds.c.status == "settled"
        )
        query = query.where(rounds.c.shoe.is_(None) if shoe is None else rounds.c.shoe == shoe)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(rounds.c.id)).all()
        return [dict(row[0]) for row in rows if row[0]]

    def history(self, table_id: int, *, limit: int = 20, player_id: int | None = None) -> list[int]:
        """Ids of a table's finished rounds, newest first (those a player bet on, if given)."""
        query = select(rounds.c.id).where(rounds.c.table_id == table_id, rounds.c.status != "open")
        if player_id is not None:
            query = query.where(
                rounds.c.id.in_(
                    select(round_bets.c.round_id).where(round_bets.c.player_id == player_id)
                )
            )
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(rounds.c.id.desc()).limit(limit)).all()
        return [r[0] for r in rows]
