"""The verifiable shoes a table dealt from (issue 28, item 1; migration 0011): read back for
``GET /shoes/{id}``, whose route reveals a shoe's document and entropy only once it ended."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine, select

from croupier.store.schema import round_bets, rounds, shoes
from croupier.store.stamps import iso


def _record(row: Any) -> dict[str, Any]:
    m = row._mapping
    return {
        "id": int(m["id"]),
        "table_id": int(m["table_id"]),
        "commitment": str(m["commitment"]),
        "started_at": iso(m["started_at"]),
        "ended_at": iso(m["ended_at"]),
        "document": str(m["document"]),
        "entropy": str(m["entropy"]),
        "players": json.loads(m["players"]) if m["players"] else [],
    }


class Shoes:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def get(self, shoe_id: int) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(shoes).where(shoes.c.id == shoe_id)).first()
        return None if row is None else _record(row)

    def of_table(self, table_id: int, most: int = 50) -> list[dict[str, Any]]:
        """The table's last ``most`` shoes, the newest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(shoes)
                .where(shoes.c.table_id == table_id)
                .order_by(shoes.c.id.desc())
                .limit(most)
            ).all()
        return [_record(row) for row in rows]

    def played_by(self, commitment: str, player_id: int) -> bool:
        """Whether the player had a bet on a round dealt from the shoe."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(round_bets.c.id)
                .select_from(round_bets.join(rounds, round_bets.c.round_id == rounds.c.id))
                .where(rounds.c.shoe == commitment, round_bets.c.player_id == player_id)
                .limit(1)
            ).first()
        return found is not None
