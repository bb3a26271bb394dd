"""The tables a casino has opened: their names, configurations and status, and their accounts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine, func, insert, select, update

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.store.ledger import Ledger
from croupier.store.players import named_account
from croupier.store.schema import accounts, game_tables, rounds, table_configs
from croupier.store.stamps import now
from croupier.table.port import TableAccounts


class TableRecords:
    """The tables opened, their configuration and accounts."""

    def __init__(self, engine: Engine, ledger: Ledger) -> None:
        self.engine = engine
        self.ledger = ledger

    def create_table(
        self,
        name: str,
        config: Mapping[str, Any],
        claim: Callable[[int], object] | None = None,
    ) -> int:
        """A new open table; ``claim`` is given its id before the row is committed, so that no
        other process sees the table before its creator owns it (issue 20)."""
        with self.engine.begin() as connection:
            taken = connection.execute(
                select(game_tables.c.id).where(game_tables.c.name == name)
            ).first()
            if taken is not None:
                raise RuleViolation(
                    "name", msg("a table named {name} exists", name=repr(name)), "tables"
                )
            result = connection.execute(
                insert(game_tables).values(
                    name=name, config=dict(config), status="open", created_at=now()
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            if claim is not None:
                claim(int(key[0]))
            return int(key[0])

    def all(self) -> list[tuple[int, str, dict[str, Any], str]]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(game_tables).order_by(game_tables.c.id)).all()
        return [(row.id, row.name, dict(row.config), row.status) for row in rows]

    def last_round_number(self, table_id: int) -> int:
        """The highest round number the table has used (0 before its first round): the next
        round takes the one after it, whichever process runs the table (issue 34(2))."""
        with self.engine.connect() as connection:
            top = connection.execute(
                select(func.max(rounds.c.number)).where(rounds.c.table_id == table_id)
            ).scalar()
        return int(top or 0)

    def set_table_config(
        self, table_id: int, config: Mapping[str, Any], from_round: int | None = None
    ) -> None:
        """The table's configuration from now on; with ``from_round``, kept in its history too
        (the first change keeps the one it was opened with, from round 1)."""
        with self.engine.begin() as connection:
            if from_round is not None:
                kept = connection.execute(
                    select(func.count()).where(table_configs.c.table_id == table_id)
                ).scalar_one()
                if not kept:
                    (opened,) = connection.execute(
                        select(game_tables.c.config).where(game_tables.c.id == table_id)
                    ).one()
                    connection.execute(
                        insert(table_configs).values(table_id=table_id, from_round=1, config=opened)
                    )
                connection.execute(
                    insert(table_configs).values(
                        table_id=table_id, from_round=from_round, config=dict(config)
                    )
                )
            connection.execute(
                update(game_tables).where(game_tables.c.id == table_id).values(config=dict(config))
            )

    def set_table_status(self, table_id: int, status: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(game_tables).where(game_tables.c.id == table_id).values(status=status)
            )

    def table_accounts(
        self, table_id: int, currency: str, *, pool_seed: int | None = None, link: str = ""
    ) -> TableAccounts:
        """The table's escrow, the house account of its currency, and its jackpot pool (funded
        with the seed by the house when first opened: the pool never falls below its seed).
        A linked table's pool is the one of every table linked by that name (issue 20)."""
        owner = f"table:{table_id}"
        escrow = named_account(self.ledger, owner, "escrow", currency, negative=False)
        house = named_account(self.ledger, "house", "house", currency, negative=True)
        pool = None
        if pool_seed is not None:
            pool_owner = f"linked:{link}" if link else owner
            pool = named_account(self.ledger, pool_owner, "jackpot", currency, negative=False)
            with self.engine.begin() as connection:  # the pool locked first, as settlements do
                balance = connection.execute(
                    select(accounts.c.balance).where(accounts.c.id == pool).with_for_update()
                ).scalar_one()
                if balance == 0 and pool_seed > 0:  # seeded once, however many tables open it
                    self.ledger.post(
                        "jackpot_seed", pool_owner, [(house, -pool_seed), (pool, pool_seed)],
                        connection,
                    )  # fmt: skip
        return TableAccounts(escrow, house, pool)
