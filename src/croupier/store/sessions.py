"""Players' sessions at tables and their statements (PT 812/2015 rules 33-36)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, func, insert, select, update

from croupier.store.schema import round_bets, sessions
from croupier.store.stamps import iso, now


class SessionRecords:
    """Players' sessions at tables and their statements."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def start_session(self, player_id: int, table_id: int, seat: int) -> int:
        with self.engine.begin() as connection:
            result = connection.execute(
                insert(sessions).values(
                    player_id=player_id, table_id=table_id, seat=seat, started_at=now()
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def end_session(self, session_id: int, reason: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(sessions)
                .where(sessions.c.id == session_id, sessions.c.ended_at.is_(None))
                .values(ended_at=now(), end_reason=reason)
            )

    def session_player(self, session_id: int) -> int | None:
        with self.engine.connect() as connection:
            return connection.execute(
                select(sessions.c.player_id).where(sessions.c.id == session_id)
            ).scalar_one_or_none()

    def sessions_of(self, player_id: int) -> list[tuple[int, int, int]]:
        """(session, table, seat) of a player's open sessions."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(sessions.c.id, sessions.c.table_id, sessions.c.seat)
                .where(sessions.c.player_id == player_id, sessions.c.ended_at.is_(None))
                .order_by(sessions.c.id)
            ).all()
        return [(r.id, r.table_id, r.seat) for r in rows]

    def open_sessions(self, table_id: int) -> list[tuple[int, int, int]]:
        """(session, player, seat) of the sessions still open at a table."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(sessions.c.id, sessions.c.player_id, sessions.c.seat).where(
                    sessions.c.table_id == table_id, sessions.c.ended_at.is_(None)
                )
            ).all()
        return [(r.id, r.player_id, r.seat) for r in rows]

    def statement(self, session_id: int) -> dict[str, Any] | None:
        """Total bet, total won and net result of a session (PT rule 33), from its settled
        bets (a bet a tie carried counts once, in the round that finally settled it)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(sessions).where(sessions.c.id == session_id)
            ).one_or_none()
            if row is None:
                return None
            totals = connection.execute(
                select(
                    func.count(func.distinct(round_bets.c.round_id)),
                    func.coalesce(func.sum(round_bets.c.amount), 0),
                    func.coalesce(func.sum(round_bets.c.payout), 0),
                ).where(
                    round_bets.c.session_id == session_id,
                    round_bets.c.outcome.is_not(None),
                    round_bets.c.outcome != "carried",
                )
            ).one()
        rounds_played, bet, won = int(totals[0]), int(totals[1]), int(totals[2])
        return {
            "session": row.id,
            "table_id": row.table_id,
            "seat": row.seat,
            "started_at": iso(row.started_at),
            "ended_at": iso(row.ended_at),
            "end_reason": row.end_reason,
            "rounds": rounds_played,
            "total_bet": bet,
            "total_won": won,
            "net": won - bet,
        }
