"""The double-entry ledger: money is neither lost nor created, balances never go negative,
refusals change nothing, demo money stays apart, concurrent spenders cannot spend twice."""

from __future__ import annotations

import itertools
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, inspect, select

from croupier.errors import RuleViolation
from croupier.store.database import migrate, pipelined
from croupier.store.ledger import DEMO, Ledger
from croupier.store.schema import entries, transactions


def _books(engine):
    with engine.connect() as connection:
        return (
            connection.execute(select(func.count()).select_from(entries)).scalar_one(),
            connection.execute(select(func.count()).select_from(transactions)).scalar_one(),
        )


@pytest.fixture
def funded(engine):
    ledger = Ledger(engine)
    cashier = ledger.open_account("cashier", "cashier", "EUR", may_go_negative=True)
    alice = ledger.open_account("alice", "player", "EUR")
    house = ledger.open_account("house", "house", "EUR", may_go_negative=True)
    ledger.transfer(cashier, alice, 50_00, "deposit", "d1")
    return ledger, cashier, alice, house


def test_migrations_create_the_tables_and_run_twice(engine):
    migrate(engine)  # idempotent
    names = set(inspect(engine).get_table_names())
    assert {"accounts", "ledger_transactions", "ledger_entries", "alembic_version"} <= names


def test_the_migrations_build_exactly_the_declared_schema(engine):
    # the revisions are frozen snapshots; this keeps them and schema.py from drifting apart
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from croupier.store.schema import metadata

    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_a_transfer_is_two_entries_that_sum_to_zero(funded):
    ledger, cashier, alice, house = funded
    ledger.transfer(alice, house, 12_50, "stake", "round-1")
    assert ledger.balance(alice) == 37_50
    assert ledger.balance(house) == 12_50
    assert ledger.balance(cashier) == -50_00
    assert _books(ledger.engine) == (4, 2)
    assert ledger.audit() == []


def test_a_multi_leg_posting_settles_a_round(funded):
    ledger, cashier, alice, house = funded
    bob = ledger.open_account("bob", "player", "EUR")
    ledger.transfer(cashier, bob, 20_00, "deposit", "d2")
    # alice and bob stake 10.00 each; alice wins 9.50 net of commission, bob loses
    ledger.post("stakes", "round-2", [(alice, -10_00), (bob, -10_00), (house, 20_00)])
    ledger.post("payout", "round-2", [(house, -19_50), (alice, 19_50)])
    assert (ledger.balance(alice), ledger.balance(bob), ledger.balance(house)) == (
        59_50,
        10_00,
        50,
    )
    assert ledger.audit() == []


def test_a_player_cannot_go_below_zero_and_nothing_changes(funded):
    ledger, _, alice, house = funded
    before = _books(ledger.engine)
    with pytest.raises(RuleViolation) as refused:
        ledger.transfer(alice, house, 50_01, "stake", "round-3")
    assert refused.value.field == "amount"
    assert ledger.balance(alice) == 50_00 and ledger.balance(house) == 0
    assert _books(ledger.engine) == before
    ledger.transfer(alice, house, 50_00, "stake", "round-3")  # the whole balance is fine
    assert ledger.balance(alice) == 0


@pytest.mark.parametrize(
    ("amount", "field"), [(-5, "amount"), (0, "amount"), (1.5, "amount"), (True, "amount")]
)
def test_bad_amounts_are_refused_by_name(funded, amount, field):
    ledger, _, alice, house = funded
    before = _books(ledger.engine)
    with pytest.raises(RuleViolation) as refused:
        ledger.transfer(alice, house, amount, "stake", "r")
    assert refused.value.field == field
    assert _books(ledger.engine) == before


def test_bad_postings_are_refused_by_name(funded):
    ledger, _, alice, house = funded
    before = _books(ledger.engine)
    cases = [
        ([(alice, -10)], "legs"),  # one entry is not double entry
        ([(alice, -10), (house, 9)], "legs"),  # money created or lost
        ([(alice, -10), (999_999, 10)], "account"),
        ([(alice, -10), ("x", 10)], "account"),
    ]
    for legs, field in cases:
        with pytest.raises(RuleViolation) as refused:
            ledger.post("stake", "r", legs)
        assert refused.value.field == field, legs
    assert _books(ledger.engine) == before
    assert ledger.audit() == []


@pytest.mark.cites("pt-812-2015", "rule 37", "rule 38")
def test_demo_money_never_meets_real_money(funded):
    # Portuguese online rules 37-38: demo play is play money only
    ledger, _, alice, _ = funded
    bank = ledger.open_account("demo-bank", "cashier", DEMO, may_go_negative=True)
    demo = ledger.open_account("alice", "player", DEMO)
    ledger.transfer(bank, demo, 1_000_00, "demo-credit", "demo")
    before = _books(ledger.engine)
    with pytest.raises(RuleViolation) as refused:
        ledger.transfer(demo, alice, 10_00, "withdraw", "x")
    assert refused.value.field == "legs" and "DEMO" in str(refused.value)
    assert ledger.balance(alice) == 50_00 and ledger.balance(demo) == 1_000_00
    assert _books(ledger.engine) == before
    assert ledger.audit() == []


def test_a_posting_commits_and_rolls_back_with_its_round_event(funded):
    ledger, _, alice, house = funded
    with pytest.raises(RuntimeError), ledger.engine.begin() as connection:
        ledger.post("stake", "round-4", [(alice, -5_00), (house, 5_00)], connection)
        raise RuntimeError("the round event failed to write")
    assert ledger.balance(alice) == 50_00
    with ledger.engine.begin() as connection:
        ledger.post("stake", "round-4", [(alice, -5_00), (house, 5_00)], connection)
        # a refused posting inside the same transaction leaves the first one standing
        with pytest.raises(RuleViolation):
            ledger.post("stake", "round-4", [(alice, -99_00), (house, 99_00)], connection)
    assert ledger.balance(alice) == 45_00
    assert ledger.audit() == []


def test_concurrent_spenders_cannot_spend_the_same_balance_twice(funded):
    # one player betting on two tables at once, from many threads: 50.00 buys exactly five 10.00
    ledger, _, alice, house = funded
    table2 = ledger.open_account("table-2", "house", "EUR", may_go_negative=True)
    accepted = []
    refused = []

    def spend(target: int) -> None:
        for _ in range(5):
            try:
                ledger.transfer(alice, target, 10_00, "stake", "concurrent")
                accepted.append(target)
            except RuleViolation:
                refused.append(target)

    threads = [threading.Thread(target=spend, args=(t,)) for t in (house, table2) * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(accepted) == 5 and len(refused) == 35
    assert ledger.balance(alice) == 0
    assert ledger.balance(house) + ledger.balance(table2) == 50_00
    assert ledger.audit() == []


_EXAMPLES = itertools.count()


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 3_000)),
        min_size=1,
        max_size=25,
    )
)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_any_sequence_of_transfers_keeps_the_books(engine, moves):
    ledger = Ledger(engine)
    run = next(_EXAMPLES)  # examples share the database: one account per owner, kind, currency
    cashier = ledger.open_account(f"cashier{run}", "cashier", "EUR", may_go_negative=True)
    players = [ledger.open_account(f"p{i}-{run}", "player", "EUR") for i in range(4)]
    model = {p: 0 for p in players}
    for p in players:
        ledger.transfer(cashier, p, 1_000, "deposit", "d")
        model[p] = 1_000
    for source, target, amount in moves:
        if source == target:
            continue
        a, b = players[source], players[target]
        if model[a] >= amount:
            ledger.transfer(a, b, amount, "move", "m")
            model[a] -= amount
            model[b] += amount
        else:
            with pytest.raises(RuleViolation):
                ledger.transfer(a, b, amount, "move", "m")
    assert {p: ledger.balance(p) for p in players} == model
    assert ledger.audit() == []


def test_a_short_debit_among_many_legs_moves_no_balance(funded):
    # all balances move in one statement that returns the rows it moved: those are moved back
    ledger, cashier, alice, house = funded
    bob = ledger.open_account("bob", "player", "EUR")
    carol = ledger.open_account("carol", "player", "EUR")
    ledger.transfer(cashier, bob, 5_00, "deposit", "d2")
    ledger.transfer(cashier, carol, 30_00, "deposit", "d3")
    ids = (cashier, alice, bob, carol, house)
    before = [ledger.balance(a) for a in ids], _books(ledger.engine)
    legs = [(cashier, 7_00), (alice, -10_00), (bob, -5_01), (carol, -2_00), (house, 10_01)]
    with ledger.engine.begin() as connection:  # the transaction commits after the refusal
        with pytest.raises(RuleViolation) as refused:  # bob holds 5.00, not 5.01
            ledger.post("stake", "round-5", legs, connection)
        assert refused.value.field == "amount"
    assert ([ledger.balance(a) for a in ids], _books(ledger.engine)) == before
    legs[2] = (bob, -5_00)
    legs[4] = (house, 10_00)
    ledger.post("stake", "round-5", legs)
    assert [ledger.balance(a) for a in ids] == [
        before[0][0] + 7_00,
        40_00,
        0,
        28_00,
        10_00,
    ]
    assert ledger.audit() == []


def test_a_checked_posting_moves_unguarded_and_the_database_refuses_a_mistake(funded):
    # the table's bets: balances locked and checked by the caller, moved without a read
    ledger, _, alice, house = funded
    with ledger.engine.begin() as connection:
        ledger.post("stake", "r6", [(alice, -20_00), (house, 20_00)], connection, checked=True)
        ledger.post("payout", "r6", [(house, -5_00), (alice, 5_00)], connection)
        ledger.post("stake", "r6", [(alice, -1_00), (house, 1_00)], connection, checked=True)
    assert (ledger.balance(alice), ledger.balance(house)) == (34_00, 16_00)
    with ledger.engine.connect() as connection:
        per_posting = connection.execute(
            select(transactions.c.kind, func.count(), func.sum(entries.c.amount))
            .join(entries, entries.c.transaction_id == transactions.c.id)
            .where(transactions.c.reference == "r6")
            .group_by(transactions.c.id, transactions.c.kind)
            .order_by(transactions.c.id)
        ).all()
    assert [tuple(row) for row in per_posting] == [
        ("stake", 2, 0),
        ("payout", 2, 0),
        ("stake", 2, 0),
    ]
    before = _books(ledger.engine)
    mistake = [(alice, -35_00), (house, 35_00)]  # a caller's mistake: 34.00 cannot pay 35.00
    with (
        pytest.raises(Exception, match="balance_not_negative"),
        ledger.engine.begin() as connection,
    ):
        ledger.post("stake", "r7", mistake, connection, checked=True)
    assert (ledger.balance(alice), ledger.balance(house)) == (34_00, 16_00)
    assert _books(ledger.engine) == before
    assert ledger.audit() == []


def test_a_sure_posting_locks_and_moves_without_a_read_and_a_mistake_fails_its_transaction(
    funded,
):
    # a round's settlement: paid out of an escrow that holds the stakes, so it cannot be short
    ledger, _, alice, house = funded
    escrow = ledger.open_account("table:1", "escrow", "EUR")
    ledger.post("stake", "r8", [(alice, -30_00), (escrow, 30_00)])
    with ledger.engine.begin() as connection, pipelined(connection):
        ledger.post(
            "settlement",
            "r8",
            [(escrow, -30_00), (alice, 45_00), (house, -15_00)],
            connection,
            sure=True,
        )
    assert (ledger.balance(alice), ledger.balance(escrow), ledger.balance(house)) == (
        65_00,
        0,
        -15_00,
    )
    before = _books(ledger.engine)
    mistake = [(escrow, -1_00), (alice, 1_00)]  # the escrow holds nothing now
    with (
        pytest.raises(Exception, match="balance_not_negative"),
        ledger.engine.begin() as connection,
        pipelined(connection),
    ):
        ledger.post("settlement", "r9", mistake, connection, sure=True)
    assert _books(ledger.engine) == before
    assert ledger.balance(escrow) == 0 and ledger.audit() == []
    with pytest.raises(ValueError, match="one or the other"), ledger.engine.begin() as c:
        ledger.post("settlement", "r9", mistake, c, checked=True, sure=True)
    assert _books(ledger.engine) == before
