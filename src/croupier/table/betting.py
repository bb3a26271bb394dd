"""Judging a batch of bets (issue 19): a pure function of the round, the seats and, when the
store read them, the balances.

Bets that arrive together are judged one by one, in arrival order, each against the round as the
bets before it left it: a refused bet (limits, PT rules 13, 15, 41-43; a short balance) changes
nothing and does not hold up the others. The accepted ones are placed on the round; what they
stake is handed to the store (:class:`BetBatch`, the port's :class:`~croupier.table.port.
StakeJob`), which writes them the way its database does best.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.protocol import TableRound
from croupier.money import format_amount
from croupier.table.port import JournalEntry, Stake
from croupier.table.seats import Seat

SESSION_RULE = pt("rule 34: bets are placed within a session the player started")
BALANCE_RULE = "ledger: balances never go negative (DESIGN.md, Money)"
Answer = dict[str, Any] | RuleViolation


@dataclass(frozen=True)
class BetRequest:
    player: str
    kind: str
    amount: int


@dataclass(frozen=True)
class Placed:
    """An accepted bet of a batch: its answer's place, the seat, the kind, the bet's total now
    and the stake it added."""

    index: int
    seat: Seat
    kind: str
    total: int
    added: int

    @property
    def stake(self) -> Stake:
        return self.seat.standing(self.kind, self.total), self.added


@dataclass(frozen=True)
class Money:
    """How the table writes amounts in its refusals."""

    minor_digits: int
    currency: str  # as messages say it: "points" at a demo table

    def text(self, amount: int) -> str:
        return format_amount(amount, self.minor_digits)


def no_session() -> RuleViolation:
    return RuleViolation("session", "no session at this table: start one first", SESSION_RULE)


def judge_bets(
    rnd: TableRound,
    seats: Mapping[str, Seat],
    requests: Sequence[BetRequest],
    balances: dict[int, int] | None,
    verify_window: Callable[[], None],
    money: Money,
) -> tuple[list[Answer], list[Placed]]:
    """Each bet in arrival order, by the rules and (given ``balances``, which it debits) by the
    money; the accepted ones are placed on ``rnd``. Each bet's answer so far (a refusal, or an
    empty answer the store completes) and the bets placed."""
    out: list[Answer] = []
    placed: list[Placed] = []
    standing = {(b.bettor, b.kind): b.amount for b in rnd.bets}
    for request in requests:
        player, kind, amount = request.player, request.kind, request.amount
        seat = seats.get(player)
        try:
            if seat is None:
                raise no_session()
            if seat.leaving:
                raise RuleViolation("session", "your session is ending", SESSION_RULE)
            verify_window()
            if balances is not None and balances[seat.account] < amount:
                rnd.verify_place_bet(player, kind, amount)  # judged by the rules first
                raise RuleViolation(
                    "amount",
                    f"the stake {money.text(amount)} would take the balance "
                    f"{money.text(balances[seat.account])} {money.currency} below zero",
                    BALANCE_RULE,
                )
            rnd.place_bet(player, kind, amount)
        except RuleViolation as refusal:
            out.append(refusal)
            continue
        if balances is not None:
            balances[seat.account] -= amount
        total = standing.get((player, kind), 0) + amount
        standing[(player, kind)] = total
        placed.append(Placed(len(out), seat, kind, total, amount))
        out.append({})
    return out, placed


class RoundJournal(Protocol):
    """The part of a table that knows its round and what of its log is written."""

    round: TableRound
    round_id: int
    journaled: int


def pending(table: RoundJournal) -> tuple[int, list[JournalEntry]]:
    """The round's log not yet in the journal: its first seq and the entries."""
    fresh = table.round.log[table.journaled :]
    entries = [
        JournalEntry(
            e.command, dict(e.args), [{"event": ev.kind, "data": dict(ev.data)} for ev in e.events]
        )
        for e in fresh
    ]
    return table.journaled, entries


class BetBatch:
    """A batch of bets as the store's :class:`~croupier.table.port.StakeJob`."""

    def __init__(
        self,
        table: RoundJournal,
        seats: Mapping[str, Seat],
        requests: Sequence[BetRequest],
        escrow: int,
        verify_window: Callable[[], None],
        money: Money,
    ) -> None:
        self.table = table
        self.seats = seats
        self.requests = requests
        self.escrow = escrow
        self.round_id = table.round_id
        self.size = len(requests)
        self.verify_window = verify_window
        self.money = money
        self._out: list[Answer] = []
        self._placed: list[Placed] = []
        self._checkpoint: Any = None
        self._journaled = table.journaled
        self._logged: int | None = None  # how far the journal goes once written

    def accounts(self) -> set[int]:
        wanted = {seat.account for r in self.requests if (seat := self.seats.get(r.player))}
        return wanted | {self.escrow}

    def judge(self, balances: dict[int, int] | None) -> list[Stake]:
        self._checkpoint, self._journaled = self.table.round.checkpoint(), self.table.journaled
        self._logged = None
        self._out, self._placed = judge_bets(
            self.table.round, self.seats, self.requests, balances, self.verify_window, self.money
        )
        return [p.stake for p in self._placed]

    def journal(self) -> tuple[int, list[JournalEntry]]:
        first, entries = pending(self.table)
        self._logged = first + len(entries)
        return first, entries

    def written(self, balances: dict[int, int]) -> list[Answer]:
        """Each accepted bet's answer: the bet standing now and the balance after the batch."""
        if self._logged is not None:  # the journal went with the stakes
            self.table.journaled = self._logged
        out = list(self._out)
        for p in self._placed:
            out[p.index] = {
                "round": self.table.round.number,
                "player": p.seat.name,
                "seat": p.seat.seat,
                "kind": p.kind,
                "amount": p.total,
                "balance": balances[p.seat.account],
            }
        return out

    def undo(self) -> None:
        if self._checkpoint is not None:
            self.table.round.restore(self._checkpoint)
        self.table.journaled = self._journaled
