"""The exclusions of players (issue 29; :mod:`croupier.protection.exclusion`), kept with their
history: a row per exclusion, never deleted; an early end is a time written on its row."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.engine import Row

from croupier.protection.exclusion import Exclusion
from croupier.store.schema import exclusions


def _at(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def _seconds(moment: datetime | None) -> float | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _exclusion(row: Row[tuple[object, ...]]) -> Exclusion:
    m = row._mapping
    starts = _seconds(m["starts_at"])
    assert starts is not None
    return Exclusion(
        int(m["id"]),
        str(m["kind"]),
        starts,
        _seconds(m["ends_at"]),
        _seconds(m["end_asked_at"]),
        str(m["reason"]),
        str(m["set_by"]),
    )


class Exclusions:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(
        self,
        player_id: int,
        kind: str,
        starts_at: float,
        ends_at: float | None,
        reason: str,
        set_by: str,
    ) -> Exclusion:
        with self.engine.begin() as connection:
            key = connection.execute(
                insert(exclusions).values(
                    player_id=player_id,
                    kind=kind,
                    starts_at=_at(starts_at),
                    ends_at=_at(ends_at),
                    reason=reason,
                    set_by=set_by,
                    created_at=_at(starts_at),
                )
            ).inserted_primary_key
        assert key is not None
        return Exclusion(int(key[0]), kind, starts_at, ends_at, None, reason, set_by)

    def ask_end(self, exclusion_id: int, at: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(exclusions)
                .where(exclusions.c.id == exclusion_id, exclusions.c.end_asked_at.is_(None))
                .values(end_asked_at=_at(at))
            )

    def of(self, player_id: int, connection: Connection | None = None) -> list[Exclusion]:
        """Every exclusion of the player, the oldest first."""
        query = (
            select(exclusions).where(exclusions.c.player_id == player_id).order_by(exclusions.c.id)
        )
        if connection is None:
            with self.engine.connect() as own:
                return [_exclusion(row) for row in own.execute(query).all()]
        return [_exclusion(row) for row in connection.execute(query).all()]

    def active(self, player_id: int, now: float) -> Exclusion | None:
        """The exclusion in force now that ends last (None: the player may play)."""
        current = [e for e in self.of(player_id) if e.active_at(now)]
        if not current:
            return None
        return max(current, key=lambda e: (e.effective_end() is None, e.effective_end() or 0))
