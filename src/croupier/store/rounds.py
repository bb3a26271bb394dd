"""Tables, rounds, standing bets and the round journal, written together with their money.

Every write here happens in one database transaction with the ledger postings it causes
(DESIGN.md, Server): a bet's stake moves from the player's account to the table's escrow in the
same transaction that records the bet and journals the command; a settlement pays out of the
escrow, books the house result and the jackpot pool, marks the round settled and opens the next
round (with the bets a Macau tie carried, art. 12) in one transaction. So the escrow of a table
always holds exactly the stakes of its open round, and a crash at any moment leaves either the
whole of a step or none of it: :meth:`RoundRecords.recover` then voids every round still open and
refunds its stakes (PT rule 29), exactly once, because the refund and the round's status change
commit together.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update

from croupier.errors import RuleViolation
from croupier.store.at_once import Batch, stake_at_once
from croupier.store.ledger import Ledger
from croupier.store.players import named_account
from croupier.store.prepared import Prepared, insert_rows
from croupier.store.schema import (
    accounts,
    game_tables,
    journal,
    players,
    round_bets,
    rounds,
    sessions,
)


@cache
def _lock_balances(count: int) -> Prepared:
    """Balances of ``count`` accounts, locked (PostgreSQL ``FOR UPDATE``, in id order)."""
    return Prepared(
        select(accounts.c.id, accounts.c.balance)
        .where(accounts.c.id.in_([bindparam(f"i{n}") for n in range(count)]))
        .order_by(accounts.c.id)
        .with_for_update()
    )


_SETTLE_BET = Prepared(
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
_OPEN_ROUND = Prepared(
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
_CLOSE_ROUND = Prepared(
    update(rounds)
    .where(rounds.c.id == bindparam("r"), rounds.c.status == "open")  # closed once
    .values(
        status=bindparam("v_status"),
        result=bindparam("v_result", type_=rounds.c.result.type),
        void_reason=bindparam("v_void_reason"),
        closed_at=bindparam("v_closed_at", type_=rounds.c.closed_at.type),
    )
)
_NEW_BET = insert_rows(
    round_bets,
    {
        "round_id": bindparam("round_id"),
        "session_id": bindparam("session_id"),
        "player_id": bindparam("player_id"),
        "kind": bindparam("kind"),
        "amount": bindparam("amount"),
    },
)
_RAISE_BET = Prepared(
    update(round_bets)
    .where(
        round_bets.c.round_id == bindparam("r"),
        round_bets.c.player_id == bindparam("p"),
        round_bets.c.kind == bindparam("k"),
    )
    .values(amount=bindparam("a"))
)
_JOURNAL = insert_rows(
    journal,
    {
        "round_id": bindparam("round_id"),
        "seq": bindparam("seq"),
        "command": bindparam("command"),
        "args": bindparam("args"),
        "events": bindparam("events"),
    },
)
log = logging.getLogger(__name__)
VOID_ON_RESTART = "the server stopped before the round was settled (PT rule 29)"


@dataclass(frozen=True)
class StandingBet:
    """A bet standing on an open round (its stake is in the table's escrow)."""

    session_id: int
    player_id: int
    account_id: int
    kind: str
    amount: int


@dataclass(frozen=True)
class BetResult:
    """A settled bet as the table runtime hands it to the store."""

    player_id: int
    account_id: int
    kind: str
    stake: int
    outcome: str  # win, lose, push, void, blackjack, surrender, or carried (art. 12)
    payout: int
    commission: int
    reason: str


@dataclass(frozen=True)
class JournalEntry:
    command: str
    args: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class TableAccounts:
    escrow: int  # the stakes of the open round
    house: int  # the house result (may go negative)
    pool: int | None  # the progressive jackpot pool, where the game has one


def now() -> datetime:
    return datetime.now(UTC)


def iso(when: datetime | None) -> str | None:
    """ISO 8601 with its UTC offset on both databases (SQLite hands back naive datetimes of
    what was written in UTC; issue 18, item 11)."""
    if when is None:
        return None
    return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).isoformat()


def _settle_rows(connection: Connection, round_id: int, results: Sequence[BetResult]) -> None:
    """Each bet's outcome on its row, in one batched statement."""
    if not results:
        return
    _SETTLE_BET.execute_many(
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


class RoundRecords:
    """The store side of the table runtime (the small interface DESIGN.md asks for)."""

    def __init__(self, engine: Engine, ledger: Ledger) -> None:
        self.engine = engine
        self.ledger = ledger
        #: rounds recovery could not void (their books disagree): reported, never blocking
        self.unrecovered: set[int] = set()

    # -- tables ---------------------------------------------------------------------------
    def create_table(self, name: str, config: Mapping[str, Any]) -> int:
        with self.engine.begin() as connection:
            taken = connection.execute(
                select(game_tables.c.id).where(game_tables.c.name == name)
            ).first()
            if taken is not None:
                raise RuleViolation("name", f"a table named {name!r} exists", "tables")
            result = connection.execute(
                insert(game_tables).values(
                    name=name, config=dict(config), status="open", created_at=now()
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def tables(self) -> list[tuple[int, str, dict[str, Any], str]]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(game_tables).order_by(game_tables.c.id)).all()
        return [(row.id, row.name, dict(row.config), row.status) for row in rows]

    def set_table_config(self, table_id: int, config: Mapping[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(game_tables).where(game_tables.c.id == table_id).values(config=dict(config))
            )

    def set_table_status(self, table_id: int, status: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(game_tables).where(game_tables.c.id == table_id).values(status=status)
            )

    def table_accounts(
        self, table_id: int, currency: str, *, pool_seed: int | None = None
    ) -> TableAccounts:
        """The table's escrow, the house account of its currency, and its jackpot pool (funded
        with the seed by the house when first opened: the pool never falls below its seed)."""
        owner = f"table:{table_id}"
        escrow = named_account(self.ledger, owner, "escrow", currency, negative=False)
        house = named_account(self.ledger, "house", "house", currency, negative=True)
        pool = None
        if pool_seed is not None:
            pool = named_account(self.ledger, owner, "jackpot", currency, negative=False)
            if self.ledger.balance(pool) == 0 and pool_seed > 0:
                self.ledger.transfer(house, pool, pool_seed, "jackpot_seed", owner)
        return TableAccounts(escrow, house, pool)

    # -- rounds ---------------------------------------------------------------------------
    def open_round(
        self,
        connection: Connection,
        table_id: int,
        number: int,
        shoe: str | None,
        carried: Iterable[StandingBet] = (),
    ) -> int:
        cursor = _OPEN_ROUND.execute(
            connection,
            {"table_id": table_id, "number": number, "shoe": shoe, "opened_at": now()},
        )
        round_id = int(cursor.fetchone()[0])
        cursor.close()
        rows = [
            {
                "round_id": round_id,
                "session_id": b.session_id,
                "player_id": b.player_id,
                "kind": b.kind,
                "amount": b.amount,
            }
            for b in carried
        ]
        _NEW_BET.execute_many(connection, rows)  # (no wait for an answer on PostgreSQL)
        return round_id

    def begin_round(self, table_id: int, number: int, shoe: str | None) -> int:
        with self.engine.begin() as connection:
            return self.open_round(connection, table_id, number, shoe)

    def lock_balances(self, connection: Connection, ids: Iterable[int]) -> dict[int, int]:
        """Balances of ``ids``, locked until the transaction ends (PostgreSQL ``FOR UPDATE``, in
        id order so concurrent tables cannot deadlock; SQLite holds its one write lock already
        since ``BEGIN IMMEDIATE``)."""
        wanted = sorted(set(ids))
        cursor = _lock_balances(len(wanted)).execute(
            connection, {f"i{n}": account for n, account in enumerate(wanted)}
        )
        rows = cursor.fetchall()
        cursor.close()
        return {account: balance for account, balance in rows}

    def stake_all(
        self,
        connection: Connection,
        round_id: int,
        escrow: int,
        bets: Sequence[tuple[StandingBet, int]],
        *,
        checked: bool = False,
    ) -> None:
        """Bets accepted together: each ``(bet, added)`` raises a standing bet to ``bet.amount``
        by ``added``. The stakes move from the players to the escrow in one posting (one entry
        per player); a short balance refuses the whole posting (the caller checked them under
        lock, so that means a fault). ``checked``: the caller locked the balances of the players
        and the escrow (:meth:`lock_balances`) and saw that they cover the stakes."""
        legs: dict[int, int] = {}
        for bet, added in bets:
            legs[bet.account_id] = legs.get(bet.account_id, 0) - added
        legs[escrow] = sum(added for _, added in bets)
        self.ledger.post(
            "stake", f"round:{round_id}", list(legs.items()), connection, checked=checked
        )
        new = [bet for bet, added in bets if bet.amount == added]
        raised = [bet for bet, added in bets if bet.amount != added]
        final: dict[tuple[int, str], int] = {}
        for bet in raised:
            final[(bet.player_id, bet.kind)] = bet.amount  # the last total of each bet
        inserted = {(bet.player_id, bet.kind): bet for bet in new}
        if inserted:
            _NEW_BET.execute_many(
                connection,
                [
                    {
                        "round_id": round_id,
                        "session_id": bet.session_id,
                        "player_id": bet.player_id,
                        "kind": bet.kind,
                        "amount": final.pop((bet.player_id, bet.kind), bet.amount),
                    }
                    for bet in inserted.values()
                ],
            )
        if final:
            _RAISE_BET.execute_many(
                connection,
                [{"r": round_id, "p": p, "k": k, "a": a} for (p, k), a in final.items()],
            )

    @property
    def stakes_at_once(self) -> bool:
        """Whether :meth:`stake_at_once` is available (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def stake_at_once(
        self,
        connection: Connection,
        round_id: int,
        escrow: int,
        bets: Sequence[tuple[StandingBet, int]],
        first_seq: int,
        items: Sequence[JournalEntry],
    ) -> dict[int, int]:
        """What :meth:`stake_all` and :meth:`write_journal` write, by one statement that commits
        by itself (``connection`` outside any transaction, in autocommit: see
        :mod:`croupier.store.at_once`), without reading the balances first. Returns the new
        balances of the players and the escrow; raises :class:`~croupier.store.at_once.
        ShortBalance`, having written nothing, when a balance does not cover its stakes."""
        batch = self.stake_batch(connection, round_id, escrow, bets, first_seq, items)
        return self.write_at_once(connection, [batch])

    def stake_batch(
        self,
        connection: Connection,
        round_id: int,
        escrow: int,
        bets: Sequence[tuple[StandingBet, int]],
        first_seq: int,
        items: Sequence[JournalEntry],
    ) -> Batch:
        """A round's part of a statement of :meth:`write_at_once`: the stake posting of
        ``bets`` (each standing bet and the amount it added) into ``escrow``, the bets standing
        after it and the journal ``items`` from ``first_seq``. Writes nothing; refuses a posting
        the ledger would refuse whatever the balances."""
        legs: dict[int, int] = {}
        for bet, added in bets:
            legs[bet.account_id] = legs.get(bet.account_id, 0) - added
        legs[escrow] = sum(added for _, added in bets)
        posting = list(legs.items())
        self.ledger.verify_posting(connection, posting)
        standing: dict[tuple[int, str], StandingBet] = {}
        for bet, _added in bets:
            standing[(bet.player_id, bet.kind)] = bet  # the last total of each bet
        return Batch(
            round_id=round_id,
            reference=f"round:{round_id}",
            created_at=now(),
            legs=posting,
            bets=[(b.session_id, b.player_id, b.kind, b.amount) for b in standing.values()],
            logged=[
                (first_seq + i, item.command, dict(item.args), [dict(e) for e in item.events])
                for i, item in enumerate(items)
            ],
        )

    @staticmethod
    def write_at_once(connection: Connection, batches: Sequence[Batch]) -> dict[int, int]:
        """Write ``batches`` (of :meth:`stake_batch`, any rounds) by one statement that commits
        by itself: ``connection`` outside any transaction, in autocommit. Returns the new
        balance of every account moved; raises :class:`~croupier.store.at_once.ShortBalance`,
        having written nothing, when a balance does not cover its stakes."""
        return stake_at_once(connection.connection.dbapi_connection, batches)

    def unstake(self, connection: Connection, round_id: int, bet: StandingBet, escrow: int) -> None:
        """Withdraw a standing bet during the betting window: its stake goes back."""
        self.ledger.post(
            "withdrawal",
            f"round:{round_id}",
            [(escrow, -bet.amount), (bet.account_id, bet.amount)],
            connection,
        )
        connection.execute(
            delete(round_bets).where(
                round_bets.c.round_id == round_id,
                round_bets.c.player_id == bet.player_id,
                round_bets.c.kind == bet.kind,
            )
        )

    def write_journal(
        self, connection: Connection, round_id: int, first_seq: int, items: Sequence[JournalEntry]
    ) -> None:
        if not items:
            return
        _JOURNAL.execute_many(
            connection,
            [
                {
                    "round_id": round_id,
                    "seq": first_seq + i,
                    "command": item.command,
                    "args": dict(item.args),
                    "events": [dict(e) for e in item.events],
                }
                for i, item in enumerate(items)
            ],
        )

    def settle(
        self,
        connection: Connection,
        round_id: int,
        results: Sequence[BetResult],
        accounts: TableAccounts,
        *,
        house_result: int,
        pool_change: int,
        status: str,
        result: Mapping[str, Any] | None,
        void_reason: str | None = None,
    ) -> None:
        """Pay a round out of the escrow in one posting: each player's payout, the house result
        and the jackpot pool's change. Stakes = payouts + house result + pool change, to the
        unit, or the posting is refused (double entry)."""
        paid = [r for r in results if r.outcome != "carried"]
        legs: dict[int, int] = {}

        def leg(account: int, amount: int) -> None:
            legs[account] = legs.get(account, 0) + amount

        leg(accounts.escrow, -sum(r.stake for r in paid))
        for r in paid:
            leg(r.account_id, r.payout)
        leg(accounts.house, house_result)
        if pool_change:
            if accounts.pool is None:
                raise RuleViolation("pool", "this table has no jackpot pool", "jackpot")
            leg(accounts.pool, pool_change)
        nonzero = [(a, m) for a, m in legs.items() if m]
        if nonzero:
            kind = "refund" if status == "void" else "settlement"
            # the escrow holds the round's stakes, which cover what it pays (the settlement
            # conserves money); a jackpot pool pays no more than it holds (games' pool rules):
            # nothing here can be short, and a mistake fails the transaction
            self.ledger.post(kind, f"round:{round_id}", nonzero, connection, sure=True)
        _settle_rows(connection, round_id, results)
        _CLOSE_ROUND.execute(
            connection,
            {
                "r": round_id,
                "v_status": status,
                "v_result": None if result is None else dict(result),
                "v_void_reason": void_reason,
                "v_closed_at": now(),
            },
        ).close()

    def standing_bets(
        self, connection: Connection, round_id: int
    ) -> list[tuple[int, int, str, int]]:
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

    def balances(self, connection: Connection, ids: Iterable[int]) -> dict[int, int]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        rows = connection.execute(
            select(accounts.c.id, accounts.c.balance).where(accounts.c.id.in_(wanted))
        ).all()
        return {row.id: row.balance for row in rows}

    # -- recovery -------------------------------------------------------------------------
    def recover(self, table_id: int | None = None) -> list[int]:
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
                if self._recover_round(round_id, owner_table):
                    voided.append(round_id)
            except Exception:  # one round's books never keep the server from starting
                log.exception("round %s could not be voided and refunded; left open", round_id)
                self.unrecovered.add(round_id)
        return voided

    def _recover_round(self, round_id: int, owner_table: int) -> bool:
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
            for _session, player_id, kind, amount in self.standing_bets(connection, round_id):
                assert escrow is not None
                name = connection.execute(
                    select(players.c.name).where(players.c.id == player_id)
                ).scalar_one()
                account = connection.execute(
                    select(accounts.c.id).where(
                        accounts.c.owner == name,
                        accounts.c.kind == "player",
                        accounts.c.currency == escrow.currency,
                    )
                ).scalar_one()
                results.append(
                    BetResult(player_id, account, kind, amount, "void", amount, 0, VOID_ON_RESTART)
                )
            table_accounts = TableAccounts(escrow.id if escrow else 0, 0, None)
            self._refund(connection, round_id, results, table_accounts)
        self.unrecovered.discard(round_id)
        return True

    def _refund(
        self,
        connection: Connection,
        round_id: int,
        results: Sequence[BetResult],
        table_accounts: TableAccounts,
    ) -> None:
        legs: dict[int, int] = {}
        for r in results:
            legs[r.account_id] = legs.get(r.account_id, 0) + r.payout
        if legs:
            legs[table_accounts.escrow] = -sum(legs.values())
            self.ledger.post("refund", f"round:{round_id}", list(legs.items()), connection)
        _settle_rows(connection, round_id, results)
        connection.execute(
            update(rounds)
            .where(rounds.c.id == round_id, rounds.c.status == "open")
            .values(status="void", void_reason=VOID_ON_RESTART, closed_at=now())
        )

    # -- reading --------------------------------------------------------------------------
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
            "id": row.id,
            "table_id": row.table_id,
            "number": row.number,
            "status": row.status,
            "shoe": row.shoe,
            "result": row.result,
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
                for b in bets
            ],
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

    # -- sessions (PT rules 33-36) ---------------------------------------------------------
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
