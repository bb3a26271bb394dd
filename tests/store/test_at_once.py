"""Bets written at once: on PostgreSQL one statement outside any transaction, on SQLite five
statements in the writer's transaction, write exactly what the careful way writes in a
transaction (stake posting and entries, standing bets, journal), and nothing at all when a
balance does not cover its stake."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, Engine, func, select, text

from croupier.store.at_once import ShortBalance
from croupier.store.database import pipelined
from croupier.store.ledger import Ledger
from croupier.store.players import Players
from croupier.store.rounds import JournalEntry, RoundRecords, StandingBet
from croupier.store.schema import entries, journal, round_bets, transactions


class Books:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.ledger = Ledger(engine)
        self.records = RoundRecords(engine, self.ledger)
        players = Players(engine, self.ledger)
        self.cashier = self.ledger.open_account("cashier", "cashier", "EUR", may_go_negative=True)
        self.table = self.records.tables.create_table("t", {})
        self.escrow = self.records.tables.table_accounts(self.table, "EUR").escrow
        self.people: dict[str, tuple[int, int, int]] = {}  # name: player, account, session
        for name, deposit in (("ana", 50_00), ("bruno", 20_00)):
            player, _token = players.create(name)
            account = players.account(player, "EUR")
            self.ledger.transfer(self.cashier, account, deposit, "deposit", name)
            session = self.records.sessions.start_session(
                player.id, self.table, len(self.people) + 1
            )
            self.people[name] = (player.id, account, session)

    def bet(self, name: str, kind: str, total: int, added: int) -> tuple[StandingBet, int]:
        player, account, session = self.people[name]
        return StandingBet(session, player, account, kind, total), added

    def rows(self, round_id: int) -> dict[str, Any]:
        """What a round's bets left in the books, ids and times aside."""
        reference = f"round:{round_id}"
        with self.engine.connect() as c:
            postings = c.execute(
                select(transactions.c.id, transactions.c.kind).where(
                    transactions.c.reference == reference
                )
            ).all()
            legs = c.execute(
                select(entries.c.transaction_id, entries.c.account_id, entries.c.amount)
                .where(entries.c.transaction_id.in_([p.id for p in postings]))
                .order_by(entries.c.id)
            ).all()
            bets = c.execute(
                select(round_bets.c.player_id, round_bets.c.kind, round_bets.c.amount)
                .where(round_bets.c.round_id == round_id)
                .order_by(round_bets.c.player_id, round_bets.c.kind)
            ).all()
            logged = c.execute(
                select(journal.c.seq, journal.c.command, journal.c.args, journal.c.events)
                .where(journal.c.round_id == round_id)
                .order_by(journal.c.seq)
            ).all()
        index = {p.id: n for n, p in enumerate(postings)}
        return {
            "postings": [p.kind for p in postings],
            "entries": [(index[e.transaction_id], e.account_id, e.amount) for e in legs],
            "bets": [tuple(b) for b in bets],
            "journal": [tuple(j) for j in logged],
        }

    def journal_text(self, round_id: int) -> list[tuple[str, str]]:
        """The round's journal as stored: its JSON columns' text."""
        with self.engine.connect() as c:
            rows = c.execute(
                text("SELECT args, events FROM journal WHERE round_id = :r ORDER BY seq"),
                {"r": round_id},
            ).all()
        assert rows
        return [tuple(row) for row in rows]

    def counts(self, within: Connection | None = None) -> tuple[int, ...]:
        """Rows of the books' tables (``within`` a connection's transaction, if given)."""
        with contextlib.nullcontext(within) if within else self.engine.connect() as c:
            return tuple(
                c.execute(select(func.count()).select_from(t)).scalar_one()
                for t in (transactions, entries, round_bets, journal)
            )


def _entry(name: str, kind: str, amount: int) -> JournalEntry:
    args = {"bettor": name, "kind": kind, "amount": amount}
    return JournalEntry("place_bet", args, [{"type": "bet_placed", **args}])


# two batches of a round: ana's new bet and bruno's; then ana's bet raised and a new one of hers
BATCHES = [
    (
        lambda b: [b.bet("ana", "player", 10_00, 10_00), b.bet("bruno", "banker", 5_00, 5_00)],
        [_entry("ana", "player", 10_00), _entry("bruno", "banker", 5_00)],
    ),
    (
        lambda b: [
            b.bet("ana", "player", 15_00, 5_00),
            b.bet("ana", "tie", 1_00, 1_00),
            b.bet("ana", "player", 17_00, 2_00),
        ],
        [_entry("ana", "player", 5_00), _entry("ana", "tie", 1_00), _entry("ana", "player", 2_00)],
    ),
]


def _at_once(records: RoundRecords, c: Connection, *args: Any) -> dict[int, int]:
    """One round's batch written by the statement alone."""
    return records.writes.write_at_once(c, [records.writes.stake_batch(c, *args)])


@contextlib.contextmanager
def _autocommit(books: Books) -> Iterator[Connection]:
    """A connection as the writer writes stakes: in autocommit on PostgreSQL (each statement
    commits by itself), in a transaction on SQLite."""
    with books.engine.connect() as c:
        if c.dialect.name == "sqlite":
            with c.begin():
                yield c
            return
        driver: Any = c.connection.dbapi_connection
        driver.autocommit = True
        try:
            yield c
        finally:
            driver.autocommit = False


@pytest.fixture
def books(engine: Engine) -> Books:
    return Books(engine)


def test_at_once_writes_what_the_careful_way_writes(books: Books) -> None:
    records = books.records
    assert records.writes.stakes_at_once
    careful = records.writes.begin_round(books.table, 1, None)
    at_once = records.writes.begin_round(books.table, 2, None)
    seq = 0
    balances: dict[int, int] = {}
    for bets_of, items in BATCHES:
        with books.engine.begin() as c, pipelined(c):
            records.writes.stake_all(c, careful, books.escrow, bets_of(books))
            records.writes.write_journal(c, careful, seq, items)
        with _autocommit(books) as c:
            balances = _at_once(records, c, at_once, books.escrow, bets_of(books), seq, items)
        seq += len(items)
    written, expected = books.rows(at_once), books.rows(careful)
    assert written == expected
    if books.engine.dialect.name == "sqlite":  # a JSON column is its text there, kept as sent:
        # the same text however the bet was written (PostgreSQL's statement passes it through
        # jsonb, which writes its own spacing: equal as JSON, compared above)
        assert books.journal_text(at_once) == books.journal_text(careful)
    assert written["bets"] == [  # new bets inserted, a raised bet at its last total
        (books.people["ana"][0], "player", 17_00),
        (books.people["ana"][0], "tie", 1_00),
        (books.people["bruno"][0], "banker", 5_00),
    ]
    ana, bruno = books.people["ana"][1], books.people["bruno"][1]
    # each round took ana's 18.00 and bruno's 5.00: the balances the statement returned
    assert balances == {ana: 50_00 - 2 * 18_00, books.escrow: 2 * 23_00}
    assert books.ledger.balance(ana) == 14_00 and books.ledger.balance(bruno) == 10_00
    assert books.ledger.audit() == []


def test_a_stake_no_balance_covers_writes_nothing_at_all(books: Books) -> None:
    round_id = books.records.writes.begin_round(books.table, 1, None)
    before = books.counts()
    # ana's stake is covered, bruno's (25.00 of 20.00) is not: the whole statement is refused
    bets = [books.bet("ana", "player", 10_00, 10_00), books.bet("bruno", "banker", 25_00, 25_00)]
    items = [_entry("ana", "player", 10_00), _entry("bruno", "banker", 25_00)]
    with _autocommit(books) as c:
        with pytest.raises(ShortBalance):
            _at_once(books.records, c, round_id, books.escrow, bets, 0, items)
        # the connection is fit for the next statement
        covered = [bets[0], books.bet("bruno", "banker", 20_00, 20_00)]
        _at_once(books.records, c, round_id, books.escrow, covered, 0, items)
    assert books.counts() == (before[0] + 1, before[1] + 3, before[2] + 2, before[3] + 2)
    assert books.ledger.balance(books.people["bruno"][1]) == 0
    assert books.ledger.balance(books.escrow) == 30_00
    assert books.ledger.audit() == []


def _second_table(books: Books) -> tuple[int, int, int]:
    """Another table, ana and bruno seated at it too: (table, escrow, ana's session there)."""
    table = books.records.tables.create_table("t2", {})
    escrow = books.records.tables.table_accounts(table, "EUR").escrow
    ana = books.people["ana"][0]
    return table, escrow, books.records.sessions.start_session(ana, table, 1)


def test_batches_of_two_tables_in_one_statement_write_what_each_writes_alone(
    books: Books,
) -> None:
    records = books.records
    table2, escrow2, _ = _second_table(books)
    alone = [records.writes.begin_round(t, 1, None) for t in (books.table, table2)]
    together = [records.writes.begin_round(t, 2, None) for t in (books.table, table2)]
    escrows = (books.escrow, escrow2)
    bets_of, items = BATCHES[0]
    with _autocommit(books) as c:
        for round_id, escrow in zip(alone, escrows, strict=True):
            _at_once(records, c, round_id, escrow, bets_of(books), 0, items)
        batches = [
            records.writes.stake_batch(c, round_id, escrow, bets_of(books), 0, items)
            for round_id, escrow in zip(together, escrows, strict=True)
        ]
        balances = records.writes.write_at_once(c, batches)
    for one, both in zip(alone, together, strict=True):
        assert books.rows(both) == books.rows(one)  # a posting, entries, bets, journal each
    ana, bruno = books.people["ana"][1], books.people["bruno"][1]
    # each of the four rounds took ana's 10.00 and bruno's 5.00
    assert balances == {
        ana: 50_00 - 40_00,
        bruno: 20_00 - 20_00,
        books.escrow: 30_00,
        escrow2: 30_00,
    }
    assert books.ledger.audit() == []


def test_a_player_at_two_tables_in_one_statement_pays_both_stakes_or_neither(
    books: Books,
) -> None:
    # ana (50.00) bets 30.00 at each table: each stake alone is covered, both together are
    # not; the statement moves her balance once, by the sum, and the CHECK refuses it whole
    records = books.records
    table2, escrow2, session2 = _second_table(books)
    player, account, session = books.people["ana"]
    rounds_ = [records.writes.begin_round(t, 1, None) for t in (books.table, table2)]
    before = books.counts()

    def batches(c: Any, amount: int) -> list[Any]:
        return [
            records.writes.stake_batch(
                c,
                round_id,
                escrow,
                [(StandingBet(s, player, account, "player", amount), amount)],
                0,
                [_entry("ana", "player", amount)],
            )
            for round_id, escrow, s in zip(
                rounds_, (books.escrow, escrow2), (session, session2), strict=True
            )
        ]

    with _autocommit(books) as c:
        with pytest.raises(ShortBalance):
            records.writes.write_at_once(c, batches(c, 30_00))
        assert books.counts(c) == before  # nothing of either table
        balances = records.writes.write_at_once(c, batches(c, 25_00))
    assert balances == {account: 0, books.escrow: 25_00, escrow2: 25_00}
    assert books.counts() == (before[0] + 2, before[1] + 4, before[2] + 2, before[3] + 2)
    assert books.ledger.audit() == []


_NUMBERS = itertools.count(1)  # round numbers, fresh for every example
# a bet of a batch: who, on what, the amount it adds
_BET = st.tuples(
    st.sampled_from(["ana", "bruno"]),
    st.sampled_from(["player", "banker", "tie"]),
    st.integers(min_value=1, max_value=2_00),
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(batches=st.lists(st.lists(_BET, min_size=1, max_size=6), min_size=1, max_size=3))
def test_the_statement_writes_exactly_what_ledger_post_writes(
    books: Books, batches: list[list[tuple[str, str, int]]]
) -> None:
    """Issue 19: the double-entry posting is written once (``stake_posting``) and the
    multi-row statement of bets-at-once writes, for any batches, exactly the postings, entries,
    standing bets, journal and balances that ``Ledger.post`` (``stake_all``) writes."""
    records = books.records
    careful = records.writes.begin_round(books.table, next(_NUMBERS), None)
    at_once = records.writes.begin_round(books.table, next(_NUMBERS), None)
    accounts = [books.people[n][1] for n in ("ana", "bruno")] + [books.escrow]
    for name in ("ana", "bruno"):  # enough for both rounds
        books.ledger.transfer(books.cashier, books.people[name][1], 40_00, "deposit", name)
    seq = 0
    moved: list[dict[int, int]] = []
    totals: dict[tuple[str, str], int] = {}  # a bet of a later batch raises the standing one
    for batch in batches:
        stakes, items = [], []
        for name, kind, added in batch:
            totals[(name, kind)] = totals.get((name, kind), 0) + added
            stakes.append(books.bet(name, kind, totals[(name, kind)], added))
            items.append(_entry(name, kind, added))
        for round_id, write in ((careful, "post"), (at_once, "statement")):
            before = {a: books.ledger.balance(a) for a in accounts}
            if write == "post":
                with books.engine.begin() as c, pipelined(c):
                    records.writes.stake_all(c, round_id, books.escrow, stakes)
                    records.writes.write_journal(c, round_id, seq, items)
            else:
                with _autocommit(books) as c:
                    _at_once(records, c, round_id, books.escrow, stakes, seq, items)
            moved.append({a: books.ledger.balance(a) - before[a] for a in accounts})
        # the same batch moved every balance by the same amount both ways
        assert moved[-1] == moved[-2]
        seq += len(items)
    assert books.rows(at_once) == books.rows(careful)
    assert books.ledger.audit() == []
