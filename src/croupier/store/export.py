"""``croupier export``: the casino's record as a documented, versioned stream (issue 28, item 2).

Format ``croupier-export/1`` (docs/proof.md; JSON Schema ``proof/export.schema.json``): JSON
Lines, one record per line, each naming its kind in ``"record"``; money in integer minor units.
In order: the ``export`` header (its scope); every ``table`` and ``account`` in the scope; each
finished ``round`` (its bets inside), preceded by its ``shoe`` where the shoe has ended (never a
shoe in play: GLI-19 4.18.2) and followed by its ``journal`` entries and its ``posting``\\ s (each
leg to a jackpot pool also as a ``jackpot`` movement); then the postings no round made; then,
in a whole export, each account's stored ``balance``; last, the ``end`` record with the counts.

Streamed: rounds, bets, journal entries and postings are read by cursors in round order and
merged, so a month of a busy casino never sits in memory (nor in the verifier's).

A scoped export keeps whole shoes: the finished rounds of every shoe with a round in the scope
(the verifier follows each shoe's cards from its first). A player's own export holds the rounds
they bet on with their bets only, the result as they were shown it, the journal where the game
shows every card (not stud's), and of each posting their own legs (``"partial": true``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Integer, and_, cast, func, or_, select

from croupier.games.registry import journal_is_public, shown_result
from croupier.rulesets import load_ruleset
from croupier.store.recall import round_fields
from croupier.store.schema import (
    accounts,
    entries,
    game_tables,
    journal,
    players,
    round_bets,
    rounds,
    shoes,
    table_configs,
    transactions,
)
from croupier.store.stamps import iso, now

FORMAT = "croupier-export/1"
ROUND_REFERENCE = "round:"
_BATCH = 1_000


@dataclass(frozen=True)
class Scope:
    """What an export holds: rounds closed and postings made in ``[start, end)``, one table's,
    one player's own; all of them where nothing is given."""

    start: datetime | None = None
    end: datetime | None = None
    table: int | None = None
    player: str | None = None

    @property
    def whole(self) -> bool:
        """Everything from the first posting to now: the accounts' balances can be checked."""
        return self.start is None and self.end is None and self.table is None and not self.player

    def json(self) -> dict[str, Any]:
        return {
            "from": iso(self.start),
            "to": iso(self.end),
            "table": self.table,
            "player": self.player,
            "whole": self.whole,
        }


def _round_of(reference: Any) -> Any:
    """The round id a posting's reference names (``round:<id>``), in SQL."""
    return cast(func.substr(reference, len(ROUND_REFERENCE) + 1), Integer)


class Export:
    """One export's reads, streamed."""

    def __init__(self, engine: Engine, scope: Scope) -> None:
        self.engine = engine
        self.scope = scope

    def records(self) -> Iterator[dict[str, Any]]:
        counts: dict[str, int] = {}
        with self.engine.connect() as connection:
            connection = connection.execution_options(stream_results=True, yield_per=_BATCH)
            self._player_id = self._find_player(connection)
            for record in itertools.chain(
                [
                    {
                        "record": "export",
                        "format": FORMAT,
                        "created_at": iso(now()),
                        "scope": self.scope.json(),
                    }
                ],
                self._tables(connection),
                self._accounts(connection),
                self._rounds(connection),
                self._postings(connection),
                self._balances(connection),
            ):
                counts[record["record"]] = counts.get(record["record"], 0) + 1
                yield record
        yield {"record": "end", "counts": counts}

    # -- what the scope holds --------------------------------------------------------------
    def _find_player(self, connection: Any) -> int | None:
        if not self.scope.player:
            return None
        found = connection.execute(
            select(players.c.id).where(players.c.name == self.scope.player)
        ).scalar()
        if found is None:
            raise LookupError(f"no player named {self.scope.player!r}")
        return int(found)

    def _in_scope(self) -> Any:
        """Finished rounds in the scope (before whole shoes are kept)."""
        s = self.scope
        where = [rounds.c.status != "open"]
        if s.start is not None:
            where.append(rounds.c.closed_at >= s.start)
        if s.end is not None:
            where.append(rounds.c.closed_at < s.end)
        if s.table is not None:
            where.append(rounds.c.table_id == s.table)
        if self._player_id is not None:
            where.append(
                rounds.c.id.in_(
                    select(round_bets.c.round_id).where(round_bets.c.player_id == self._player_id)
                )
            )
        return and_(*where)

    def _round_ids(self) -> Any:
        """The exported rounds' ids: those in scope and, but for a player's export, every
        finished round of their shoes."""
        scoped = select(rounds.c.id).where(self._in_scope())
        if self._player_id is not None or self.scope.whole:
            return scoped
        their_shoes = select(rounds.c.shoe).where(self._in_scope(), rounds.c.shoe.is_not(None))
        return select(rounds.c.id).where(
            rounds.c.status != "open", or_(rounds.c.id.in_(scoped), rounds.c.shoe.in_(their_shoes))
        )

    def _table_ids(self) -> Any:
        return select(rounds.c.table_id).where(rounds.c.id.in_(self._round_ids())).distinct()

    def _account_ids(self) -> Any:
        if self._player_id is not None:
            return select(accounts.c.id).where(
                accounts.c.kind == "player", accounts.c.owner == self.scope.player
            )
        if self.scope.table is not None:
            touched = (
                select(entries.c.account_id)
                .join(transactions, transactions.c.id == entries.c.transaction_id)
                .where(
                    transactions.c.reference.like(ROUND_REFERENCE + "%"),
                    _round_of(transactions.c.reference).in_(self._round_ids()),
                )
            )
            return touched.distinct()
        return select(accounts.c.id)

    # -- the records ---------------------------------------------------------------------
    def _tables(self, connection: Any) -> Iterator[dict[str, Any]]:
        query = select(game_tables).order_by(game_tables.c.id)
        if not self.scope.whole:
            query = query.where(game_tables.c.id.in_(self._table_ids()))
        self._rules: dict[int, Any] = {}
        kept_query = select(
            table_configs.c.table_id, table_configs.c.from_round, table_configs.c.config
        ).order_by(table_configs.c.table_id, table_configs.c.from_round, table_configs.c.id)
        if not self.scope.whole:  # the history of the tables in the scope only
            kept_query = kept_query.where(table_configs.c.table_id.in_(self._table_ids()))
        history: dict[int, list[dict[str, Any]]] = {}
        for kept in connection.execute(kept_query).all():
            history.setdefault(kept.table_id, []).append(
                {"from_round": kept.from_round, "config": dict(kept.config)}
            )
        for row in connection.execute(query).all():
            config = dict(row.config)
            self._rules[row.id] = load_ruleset(
                config["ruleset"], dict(config.get("overrides") or {})
            ).rules
            record = {
                "record": "table",
                "id": row.id,
                "name": row.name,
                "config": config,
                "status": row.status,
                "created_at": iso(row.created_at),
            }
            if row.id in history:  # the configurations it was played by, round by round
                record["configs"] = history[row.id]
            yield record

    def _accounts(self, connection: Any) -> Iterator[dict[str, Any]]:
        query = select(accounts).where(accounts.c.id.in_(self._account_ids()))
        for row in connection.execute(query.order_by(accounts.c.id)):
            yield {
                "record": "account",
                "id": row.id,
                "owner": row.owner,
                "kind": row.kind,
                "currency": row.currency,
                "may_go_negative": row.may_go_negative,
            }

    def _rounds(self, connection: Any) -> Iterator[dict[str, Any]]:
        ids = self._round_ids()
        query = (
            select(
                rounds,
                shoes.c.id.label("shoe_id"),
                shoes.c.document,
                shoes.c.entropy,
                shoes.c.players.label("shoe_players"),
                shoes.c.started_at.label("shoe_started"),
                shoes.c.ended_at.label("shoe_ended"),
                shoes.c.table_id.label("shoe_table"),
            )
            .select_from(
                rounds.outerjoin(
                    shoes, and_(shoes.c.commitment == rounds.c.shoe, shoes.c.ended_at.is_not(None))
                )
            )
            .where(rounds.c.id.in_(ids))
            .order_by(rounds.c.id)
        )
        bet_rows = (
            select(round_bets, players.c.name)
            .join(players, players.c.id == round_bets.c.player_id)
            .where(round_bets.c.round_id.in_(ids))
        )
        if self._player_id is not None:
            bet_rows = bet_rows.where(round_bets.c.player_id == self._player_id)
        bets = _Grouped(
            connection.execute(bet_rows.order_by(round_bets.c.round_id, round_bets.c.id)),
            "round_id",
        )
        logged = _Grouped(
            connection.execute(
                select(journal)
                .where(journal.c.round_id.in_(ids))
                .order_by(journal.c.round_id, journal.c.seq)
            ),
            "round_id",
        )
        postings = self._round_postings(connection, ids)
        shown_shoe: dict[int, int] = {}
        for row in connection.execute(query):
            if row.shoe_id is not None and shown_shoe.get(row.table_id) != row.shoe_id:
                shown_shoe[row.table_id] = row.shoe_id
                yield {
                    "record": "shoe",
                    "id": row.shoe_id,
                    "table_id": row.shoe_table,
                    "commitment": row.shoe,
                    "document": row.document,
                    "entropy": row.entropy,
                    "players": json.loads(row.shoe_players) if row.shoe_players else [],
                    "started_at": iso(row.shoe_started),
                    "ended_at": iso(row.shoe_ended),
                }
            yield self._round(row, bets.take(row.id))
            entries_ = logged.take(row.id)
            if self._player_id is None or journal_is_public(self._rules[row.table_id]):
                for e in entries_:
                    yield {
                        "record": "journal",
                        "round_id": row.id,
                        "seq": e.seq,
                        "command": e.command,
                        "args": e.args,
                        "events": e.events,
                    }
            yield from _posting_records(postings.take(row.id), self._player_id is not None)

    def _round(self, row: Any, bet_rows: list[Any]) -> dict[str, Any]:
        result = row.result
        if self._player_id is not None and result is not None:
            result = shown_result(self._rules[row.table_id], dict(result), self.scope.player)
        return {"record": "round", **round_fields(row, bet_rows, result)}

    def _entry_query(self) -> Any:
        query = (
            select(
                transactions.c.id,
                transactions.c.kind,
                transactions.c.reference,
                transactions.c.created_at,
                entries.c.account_id,
                entries.c.amount,
                accounts.c.kind.label("account_kind"),
            )
            .join(entries, entries.c.transaction_id == transactions.c.id)
            .join(accounts, accounts.c.id == entries.c.account_id)
        )
        if self._player_id is not None:
            query = query.where(entries.c.account_id.in_(self._account_ids()))
        return query

    def _round_postings(self, connection: Any, ids: Any) -> _Grouped:
        round_id = _round_of(transactions.c.reference)
        query = (
            self._entry_query()
            .add_columns(round_id.label("round_id"))
            .where(transactions.c.reference.like(ROUND_REFERENCE + "%"), round_id.in_(ids))
            .order_by(round_id, transactions.c.id, entries.c.id)
        )
        return _Grouped(connection.execute(query), "round_id")

    def _postings(self, connection: Any) -> Iterator[dict[str, Any]]:
        """The postings no round made (deposits, withdrawals, jackpot seeds ...) in the scope."""
        if self.scope.table is not None:
            return
        query = self._entry_query().where(~transactions.c.reference.like(ROUND_REFERENCE + "%"))
        if self.scope.start is not None:
            query = query.where(transactions.c.created_at >= self.scope.start)
        if self.scope.end is not None:
            query = query.where(transactions.c.created_at < self.scope.end)
        rows = connection.execute(query.order_by(transactions.c.id, entries.c.id))
        for _id, legs in itertools.groupby(rows, key=lambda r: r.id):
            yield from _posting_records(list(legs), self._player_id is not None)

    def _balances(self, connection: Any) -> Iterator[dict[str, Any]]:
        if not self.scope.whole:
            return
        for row in connection.execute(
            select(accounts.c.id, accounts.c.balance).order_by(accounts.c.id)
        ):
            yield {"record": "balance", "account": row.id, "balance": row.balance}


class _Grouped:
    """Rows ordered by a round id, taken round by round as the rounds' cursor reaches them."""

    def __init__(self, rows: Any, key: str) -> None:
        self._rows = iter(rows)
        self._key = key
        self._next: Any = next(self._rows, None)

    def take(self, round_id: int) -> list[Any]:
        taken = []
        while self._next is not None and getattr(self._next, self._key) <= round_id:
            if getattr(self._next, self._key) == round_id:
                taken.append(self._next)
            self._next = next(self._rows, None)
        return taken


def _posting_records(legs: list[Any], partial: bool) -> Iterator[dict[str, Any]]:
    """Each posting of ``legs`` (rows of one or more postings, in order), and its jackpot legs
    as pool movements."""
    for tx_id, rows in itertools.groupby(legs, key=lambda r: r.id):
        mine = list(rows)
        first = mine[0]
        round_id = (
            int(first.reference[len(ROUND_REFERENCE) :])
            if first.reference.startswith(ROUND_REFERENCE)
            else None
        )
        record = {
            "record": "posting",
            "id": tx_id,
            "kind": first.kind,
            "reference": first.reference,
            "round_id": round_id,
            "created_at": iso(first.created_at),
            "entries": [{"account": r.account_id, "amount": r.amount} for r in mine],
        }
        if partial:
            record["partial"] = True
        yield record
        for r in mine:
            if r.account_kind == "jackpot":
                yield {
                    "record": "jackpot",
                    "posting": tx_id,
                    "account": r.account_id,
                    "round_id": round_id,
                    "amount": r.amount,
                }
