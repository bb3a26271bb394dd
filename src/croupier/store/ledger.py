"""The double-entry, append-only ledger (DESIGN.md, Money; issue 7).

Every movement of money is one posting: entries on two or more accounts, in integer minor
units, summing to zero, written in one database transaction together with the balance updates
(and, through ``connection``, together with the round event that caused it). Entries are never
updated or deleted: a correction is a new posting. A player's balance can never go negative:
the database refuses it (CHECK constraint) even when two tables debit the same account at once.
Play money (currency ``DEMO``) never meets real money in a posting (Portuguese online rules
37-38: demo play has no real-money value).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    BigInteger,
    Connection,
    Engine,
    Integer,
    bindparam,
    case,
    func,
    insert,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.money import DEMO, MAX_AMOUNT
from croupier.store.prepared import Prepared, insert_rows
from croupier.store.schema import accounts, entries, transactions

__all__ = ["DEMO", "Account", "Ledger"]
#: the largest entry of a posting (a round's legs add up its bets and their payouts)
MAX_LEG = 10**6 * MAX_AMOUNT
_RULE = "ledger: double entry, balances never negative (DESIGN.md, Money)"


@dataclass(frozen=True)
class Account:
    id: int
    owner: str
    kind: str
    currency: str
    may_go_negative: bool
    balance: int


class Ledger:
    """Accounts and postings on one database engine."""

    def __init__(self, engine: Engine, wall: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.wall = wall  # when a posting is made (UTC seconds): a deposit's period reads it
        self._currency: dict[int, str] = {}

    def open_account(
        self, owner: str, kind: str, currency: str, *, may_go_negative: bool = False
    ) -> int:
        """A new account with a zero balance; house-side accounts (the cashier that money comes
        in from, the house result) may go negative, a player's may not."""
        if not owner or len(owner) > 100:
            raise RuleViolation("owner", "must be 1 to 100 characters", _RULE)
        if not currency or len(currency) > 8 or not currency.isupper():
            raise RuleViolation(
                "currency", msg("{currency} is not a currency code", currency=repr(currency)), _RULE
            )
        try:
            return self._insert_account(owner, kind, currency, may_go_negative)
        except IntegrityError:
            raise RuleViolation(
                "owner",
                msg(
                    "{owner} already has a {kind} account in {currency}",
                    owner=repr(owner),
                    kind=kind,
                    currency=currency,
                ),
                _RULE,
            ) from None

    def _insert_account(self, owner: str, kind: str, currency: str, may_go_negative: bool) -> int:
        with self.engine.begin() as connection:
            result = connection.execute(
                insert(accounts).values(
                    owner=owner,
                    kind=kind,
                    currency=currency,
                    may_go_negative=may_go_negative,
                    balance=0,
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def account(self, account_id: int) -> Account:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(accounts).where(accounts.c.id == account_id)
            ).one_or_none()
        if row is None:
            raise RuleViolation(
                "account", msg("no account {account_id}", account_id=account_id), _RULE
            )
        return Account(
            row.id, row.owner, row.kind, row.currency, bool(row.may_go_negative), row.balance
        )

    def balance(self, account_id: int) -> int:
        return self.account(account_id).balance

    def post(
        self,
        kind: str,
        reference: str,
        legs: Sequence[tuple[int, int]],
        connection: Connection | None = None,
        *,
        checked: bool = False,
        sure: bool = False,
    ) -> None:
        """Write one posting of ``legs`` (account id, signed amount).

        With ``connection`` the posting joins the caller's transaction (so it commits or rolls
        back with the round event that caused it); otherwise it is its own transaction. On any
        refusal nothing is written. ``checked``: the caller's transaction already locked every
        account of ``legs`` (in id order) and saw that their balances cover the debits; the
        balances then move without being read again, and a mistake is refused by the database
        itself (the CHECK constraint: an error of the caller's transaction, not a refusal).
        ``sure``: no debit of ``legs`` can be short by construction (a settlement pays out of
        the escrow that holds the round's stakes); the accounts are locked in id order here and
        their balances moved without being read (on PostgreSQL nothing waits for an answer),
        and a mistake is, likewise, an error of the caller's transaction."""
        _validate(legs)
        if checked and sure:
            raise ValueError("checked and sure: a posting is one or the other")
        if connection is not None:
            _post(connection, kind, reference, legs, self._currency, checked, sure, self.wall())
            return
        with self.engine.begin() as own:
            _post(own, kind, reference, legs, self._currency, at=self.wall())

    def verify_posting(self, connection: Connection, legs: Sequence[tuple[int, int]]) -> None:
        """Refuse ``legs`` that :meth:`post` would refuse whatever the balances: for a caller
        that writes the posting itself (:mod:`croupier.store.at_once`)."""
        _validate(legs)
        _verify_accounts(connection, sorted({account for account, _ in legs}), self._currency)

    def transfer(self, source: int, target: int, amount: int, kind: str, reference: str) -> None:
        """Move ``amount`` (> 0) from ``source`` to ``target``: a posting of two entries."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise RuleViolation(
                "amount", msg("{amount} must be a positive integer", amount=repr(amount)), _RULE
            )
        if amount > MAX_AMOUNT:
            raise RuleViolation(
                "amount",
                msg("{amount} is more than {max_amount}", amount=amount, max_amount=MAX_AMOUNT),
                _RULE,
            )
        self.post(kind, reference, [(source, -amount), (target, amount)])

    def audit(self) -> list[str]:
        """Everything wrong with the books (empty when they are right): each account's balance
        against the sum of its entries, each posting and each currency summing to zero."""
        problems = []
        with self.engine.connect() as connection:
            sums = dict(
                connection.execute(
                    select(entries.c.account_id, func.sum(entries.c.amount)).group_by(
                        entries.c.account_id
                    )
                ).all()
            )
            by_currency: dict[str, int] = {}
            for row in connection.execute(select(accounts)):
                total = int(sums.get(row.id, 0))
                if total != row.balance:
                    problems.append(f"account {row.id}: balance {row.balance} != entries {total}")
                by_currency[row.currency] = by_currency.get(row.currency, 0) + row.balance
            unbalanced = connection.execute(
                select(entries.c.transaction_id)
                .group_by(entries.c.transaction_id)
                .having(func.sum(entries.c.amount) != 0)
            ).all()
        problems += [f"posting {row[0]} does not sum to zero" for row in unbalanced]
        problems += [f"{c}: accounts sum to {s}" for c, s in sorted(by_currency.items()) if s]
        return problems


def _validate(legs: Sequence[tuple[int, int]]) -> None:
    if len(legs) < 2:
        raise RuleViolation("legs", "a posting needs at least two entries", _RULE)
    for account_id, amount in legs:
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise RuleViolation(
                "amount", msg("{amount} must be a non-zero integer", amount=repr(amount)), _RULE
            )
        if abs(amount) > MAX_LEG:  # a round's legs sum its bets: room above MAX_AMOUNT
            raise RuleViolation(
                "amount",
                msg("{amount} is beyond {max_leg} in one entry", amount=amount, max_leg=MAX_LEG),
                _RULE,
            )
        if isinstance(account_id, bool) or not isinstance(account_id, int):
            raise RuleViolation(
                "account",
                msg("{account_id} is not an account id", account_id=repr(account_id)),
                _RULE,
            )
    if sum(amount for _, amount in legs) != 0:
        raise RuleViolation("legs", "entries must sum to zero (double entry)", _RULE)


# Built once: the ledger's statements run for every bet, and building a statement costs more
# than executing it on SQLite.
_MOVE = Prepared(
    update(accounts)
    .where(accounts.c.id == bindparam("aid"))
    .values(balance=accounts.c.balance + bindparam("delta"))
)
_GUARDED_MOVE = Prepared(
    update(accounts)
    .where(
        accounts.c.id == bindparam("aid"),
        or_(accounts.c.may_go_negative, accounts.c.balance + bindparam("delta") >= 0),
    )
    .values(balance=accounts.c.balance + bindparam("delta"))
)
_NEW_POSTING = Prepared(
    insert(transactions)
    .values(
        kind=bindparam("kind"),
        reference=bindparam("reference"),
        created_at=bindparam("created_at"),
    )
    .returning(transactions.c.id)
)
_NEW_ENTRY = insert_rows(
    entries,
    {
        "transaction_id": bindparam("transaction_id"),
        "account_id": bindparam("account_id"),
        "amount": bindparam("amount"),
    },
)
# PostgreSQL: the posting's id is not read back (a round trip); its entries take it from the
# session's sequence, which the posting's insert has just advanced
_NEW_POSTING_UNREAD = Prepared(
    insert(transactions).values(
        kind=bindparam("kind"),
        reference=bindparam("reference"),
        created_at=bindparam("created_at"),
    )
)
_NEW_ENTRY_OF_LAST_POSTING = insert_rows(
    entries,
    {
        "transaction_id": literal_column(
            f"currval(pg_get_serial_sequence('{transactions.name}', 'id'))"
        ),
        "account_id": bindparam("account_id"),
        "amount": bindparam("amount"),
    },
)


@cache
def _lock_in_order(count: int) -> Prepared:
    """``count`` accounts locked in id order (PostgreSQL ``FOR UPDATE``)."""
    return Prepared(
        select(accounts.c.id)
        .where(accounts.c.id.in_([bindparam(f"i{n}") for n in range(count)]))
        .order_by(accounts.c.id)
        .with_for_update()
    )


def _case(count: int) -> tuple[list[Any], Any]:
    """``count`` account ids and the CASE that gives each its own amount."""
    ids = [bindparam(f"a{n}", type_=Integer) for n in range(count)]
    delta = case(
        *[(accounts.c.id == ids[n], bindparam(f"d{n}", type_=BigInteger)) for n in range(count)]
    )
    return ids, delta


@cache
def _move_together(count: int) -> Prepared:
    """``count`` balances moved by one statement, returning the ids it moved: a debit that
    would take an account the database forbids to go negative below zero moves nothing (its
    id is not returned). One round trip to PostgreSQL instead of one per account."""
    ids, delta = _case(count)
    return Prepared(
        update(accounts)
        .where(
            accounts.c.id.in_(ids),
            or_(accounts.c.may_go_negative, accounts.c.balance + delta >= 0),
        )
        .values(balance=accounts.c.balance + delta)
        .returning(accounts.c.id)
    )


@cache
def _move_checked(count: int) -> Prepared:
    """``count`` balances the caller has checked (or that cannot be short), moved by one
    statement that returns nothing (on PostgreSQL it travels in the pipeline without a round
    trip of its own)."""
    ids, delta = _case(count)
    return Prepared(
        update(accounts).where(accounts.c.id.in_(ids)).values(balance=accounts.c.balance + delta)
    )


def _move(connection: Connection, net: dict[int, int], checked: bool, sure: bool) -> None:
    """Move every balance of ``net`` (account id -> signed amount) or none: a refusal moves
    back what was moved and raises (``checked``, ``sure``: see :meth:`Ledger.post`)."""
    ids = sorted(net)
    if not checked and connection.dialect.name == "postgresql":
        # rows locked in id order first: concurrent postings cannot deadlock on them
        _lock_in_order(len(ids)).execute(
            connection, {f"i{n}": a for n, a in enumerate(ids)}
        ).close()
    if checked or sure:
        _move_checked(len(ids)).execute(connection, _pairs(ids, net)).close()
        return
    cursor = _move_together(len(ids)).execute(connection, _pairs(ids, net))
    moved = {row[0] for row in cursor.fetchall()}
    cursor.close()
    if len(moved) == len(ids):
        return
    if moved:
        back = sorted(moved)
        _move_together(len(back)).execute(
            connection, _pairs(back, {a: -net[a] for a in back})
        ).close()
    raise RuleViolation(
        "amount", "an account would go below zero: too little balance for this posting", _RULE
    )


def _pairs(ids: Sequence[int], net: dict[int, int]) -> dict[str, int]:
    params = {f"a{n}": a for n, a in enumerate(ids)}
    params.update({f"d{n}": net[a] for n, a in enumerate(ids)})
    return params


def _post(
    connection: Connection,
    kind: str,
    reference: str,
    legs: Sequence[tuple[int, int]],
    known: dict[int, str],
    checked: bool = False,
    sure: bool = False,
    at: float | None = None,
) -> None:
    """Balances first, all in one statement (on PostgreSQL after locking them in a fixed
    account order, unless the caller already holds them: no deadlocks between concurrent
    postings); a debit that would take an account the database forbids to go negative below
    zero is not moved, and the balances already moved are moved back, so a refusal leaves the
    caller's transaction exactly as it was, without a savepoint. The CHECK constraint stays as
    the last word. Then the posting and its entries."""
    ids = sorted({account_id for account_id, _ in legs})
    _verify_accounts(connection, ids, known)
    net: dict[int, int] = {}
    for account_id, amount in legs:
        net[account_id] = net.get(account_id, 0) + amount
    net = {a: m for a, m in net.items() if m}
    if net:
        _move(connection, net, checked, sure)
    made = datetime.now(UTC) if at is None else datetime.fromtimestamp(at, UTC)
    posting = {"kind": kind, "reference": reference, "created_at": made}
    if connection.dialect.name == "postgresql":
        _NEW_POSTING_UNREAD.execute(connection, posting).close()
        _NEW_ENTRY_OF_LAST_POSTING.execute_many(
            connection, [{"account_id": a, "amount": m} for a, m in legs]
        )
        return
    cursor = _NEW_POSTING.execute(connection, posting)
    posting_id = int(cursor.fetchone()[0])
    cursor.close()
    _NEW_ENTRY.execute_many(
        connection,
        [{"transaction_id": posting_id, "account_id": a, "amount": m} for a, m in legs],
    )


def _verify_accounts(connection: Connection, ids: Sequence[int], known: dict[int, str]) -> None:
    """Every account exists, all of one currency."""
    missing = [i for i in ids if i not in known]
    if missing:
        rows = connection.execute(
            select(accounts.c.id, accounts.c.currency).where(accounts.c.id.in_(missing))
        ).all()
        known.update({row.id: row.currency for row in rows})  # an account's currency never changes
    for account_id in ids:
        if account_id not in known:
            raise RuleViolation(
                "account", msg("no account {account_id}", account_id=account_id), _RULE
            )
    currencies = {known[i] for i in ids}
    if len(currencies) > 1:
        # Portuguese online rules 37-38: play money never becomes real money
        raise RuleViolation(
            "legs",
            msg("one posting cannot mix currencies {currencies}", currencies=sorted(currencies)),
            _RULE,
        )
