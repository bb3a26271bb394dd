"""Recovery: every round a stopped server left open is voided and its stakes refunded, exactly
once (PT rule 29): each round's refund and its new status commit together, so a second recovery
(or a crash during this one) can never refund a round twice."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy import Connection, Engine, select, update

from croupier.i18n.message import msg
from croupier.store.ledger import Ledger
from croupier.store.round_sql import settle_rows
from croupier.store.schema import accounts, players, round_bets, rounds
from croupier.store.stamps import now
from croupier.table.port import BetResult, TableAccounts

log = logging.getLogger(__name__)
VOID_ON_RESTART = msg("the server stopped before the round was settled (PT rule 29)")


def standing_bets(connection: Connection, round_id: int) -> list[tuple[int, int, str, int]]:
    """(session, player, kind, amount) of every bet still standing on a round."""
    rows = connection.execute(
        select(
            round_bets.c.session_id,
            round_bets.c.player_id,
            round_bets.c.kind,
            round_bets.c.amount,
        ).where(round_bets.c.round_id == round_id, round_bets.c.outcome.is_(None))
    ).all()
    return [(r.session_id, r.player_id, r.kind, r.amount) for r in rows]


#: the accounts a bet is staked from: a player's wallet, or a live table's box (issue 31(4))
STAKING_KINDS = ("player", "box")


class Recovery:
    """Open rounds voided and refunded exactly once."""

    def __init__(self, engine: Engine, ledger: Ledger) -> None:
        self.engine = engine
        self.ledger = ledger
        #: rounds recovery could not void (their books disagree): reported, never blocking
        self.unrecovered: set[int] = set()

    def recover(self, table_id: int | None = None, reason: str = VOID_ON_RESTART) -> list[int]:
        """Void every round left open by a stopped server and refund its stakes (PT rule 29).
        Each round's refund and its new status commit together, so a second recovery (or a
        crash during this one) can never refund a round twice. Returns the rounds voided."""
        with self.engine.connect() as connection:
            query = select(rounds.c.id, rounds.c.table_id).where(rounds.c.status == "open")
            if table_id is not None:
                query = query.where(rounds.c.table_id == table_id)
            open_rounds = connection.execute(query.order_by(rounds.c.id)).all()
        voided = []
        for round_id, owner_table in open_rounds:
            try:
                if self._recover_round(round_id, owner_table, reason):
                    voided.append(round_id)
            except Exception:  # one round's books never keep the server from starting
                log.exception("round %s could not be voided and refunded; left open", round_id)
                self.unrecovered.add(round_id)
        return voided

    def _recover_round(self, round_id: int, owner_table: int, reason: str) -> bool:
        """Void one open round and refund its stakes, in one transaction."""
        with self.engine.begin() as connection:
            status = connection.execute(
                select(rounds.c.status).where(rounds.c.id == round_id)
            ).scalar_one()
            if status != "open":
                return False
            escrow = connection.execute(
                select(accounts.c.id, accounts.c.currency).where(
                    accounts.c.owner == f"table:{owner_table}", accounts.c.kind == "escrow"
                )
            ).first()
            results = []
            for _session, player_id, kind, amount in standing_bets(connection, round_id):
                assert escrow is not None
                name = connection.execute(
                    select(players.c.name).where(players.c.id == player_id)
                ).scalar_one()
                account = connection.execute(
                    select(accounts.c.id).where(
                        accounts.c.owner == name,
                        accounts.c.kind.in_(STAKING_KINDS),
                        accounts.c.currency == escrow.currency,
                    )
                ).scalar_one()
                results.append(
                    BetResult(player_id, account, kind, amount, "void", amount, 0, reason)
                )
            table_accounts = TableAccounts(escrow.id if escrow else 0, 0, None)
            self._refund(connection, round_id, results, table_accounts, reason)
        self.unrecovered.discard(round_id)
        return True

    def _refund(
        self,
        connection: Connection,
        round_id: int,
        results: Sequence[BetResult],
        table_accounts: TableAccounts,
        reason: str = VOID_ON_RESTART,
    ) -> None:
        legs: dict[int, int] = {}
        for r in results:
            legs[r.account_id] = legs.get(r.account_id, 0) + r.payout
        if legs:
            legs[table_accounts.escrow] = -sum(legs.values())
            self.ledger.post("refund", f"round:{round_id}", list(legs.items()), connection)
        settle_rows(connection, round_id, results)
        connection.execute(
            update(rounds)
            .where(rounds.c.id == round_id, rounds.c.status == "open")
            .values(status="void", void_reason=reason, closed_at=now())
        )
