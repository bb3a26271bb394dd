"""The game protocol every game follows (DESIGN.md, "The game protocol").

A round is a state machine created from a ruleset and a card source. It accepts commands, each
in three forms (after pokerkit): ``verify_x(...)`` raises :class:`~croupier.errors.RuleViolation`
naming the field and the rule that refuses it, ``can_x(...)`` answers with a bool (what a UI asks
before greying out a button), and ``x(...)`` does it and returns the events it caused. Every
command and its events are appended to the round's :attr:`log`, so replaying the same commands on
the same cards gives the same events. A round ends in a :class:`Settlement`: per bet, the stake,
the payout, the commission and the article that decided it.
"""

from __future__ import annotations

import abc
import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from croupier.errors import RuleViolation
from croupier.shoe import ShoeSeal

#: how a bet ended, in a word: the outcomes every game knows (``KNOWN_OUTCOMES``) or one a game
#: names for a rule of its own (Dragon Tiger's "lose_half"): open, since what a bet returned is
#: said by its payout (:attr:`BetSettlement.returned`), not by the word (issue 27(2))
Outcome = str
KNOWN_OUTCOMES = ("win", "lose", "push", "void", "blackjack", "surrender")


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake placed by ``bettor`` on ``kind``, in integer minor units."""

    bettor: str
    kind: str
    amount: int
    seated: bool = True
    box: int | None = None  # the seat / box the bet stands on, where the game has them


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a round. ``data`` holds plain JSON-able values."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One command given to a round and the events it caused."""

    command: str
    args: Mapping[str, Any]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class BetSettlement:
    """How one bet was settled.

    ``payout`` is everything handed back to the bettor (the stake of a winning or pushed bet
    included, rule 24); ``commission`` is what the house deducted from the prize; ``reason`` cites
    the article that decided the outcome.
    """

    bettor: str
    kind: str
    stake: int
    outcome: Outcome
    payout: int
    commission: int
    reason: str
    box: int | None = None
    hand: int | None = None  # the hand of a box that split (blackjack)

    @property
    def net(self) -> int:
        """The bettor's result: payout less stake."""
        return self.payout - self.stake

    @property
    def returned(self) -> Fraction:
        """What the bet returned for each unit staked: 0 lost, 1/2 half returned, 1 the stake
        back (a push, a void), 2 a win at 1:1, 9 a win at 8:1 (its stake included)."""
        return Fraction(self.payout, self.stake) if self.stake else Fraction(0)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """Where a round's log stood at :meth:`RecordedRound.checkpoint`."""

    logged: int


#: the command of a log entry that records what happened outside the round (:meth:`note`)
NOTE = "note"
#: a round keeps a copy of its state at most every this many log entries, so that a restore
#: replays at most this many entries plus the batch it takes back (bench_restore.py)
SNAPSHOT_EVERY = 64
#: what a snapshot never copies: the rules (immutable), the shoe (shared, untouched before the
#: deal), the log (kept as it is, cut back) and the round's memory of how it was made
_NOT_STATE = frozenset({"rules", "cards", "log", "_made_with", "_snapshot"})


class RecordedRound(abc.ABC):
    """The log every round keeps: each accepted command with its arguments and events, in
    order, so that :meth:`apply` re-applies it to the same cards (a game's ``replay``, and
    :meth:`restore`). A round remembers how it was made, so that it can be made again."""

    log: list[LogEntry]
    _made_with: tuple[tuple[Any, ...], dict[str, Any]]
    _snapshot: tuple[int, dict[str, Any]] | None

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        made = super().__new__(cls)
        made._made_with = (args, kwargs)
        made._snapshot = None
        return made

    @abc.abstractmethod
    def apply(self, entry: LogEntry) -> tuple[Event, ...]:
        """Give the round the logged command ``entry`` again (each game names its commands)."""

    def checkpoint(self) -> Checkpoint:
        """The round as it is now, during the betting window: :meth:`restore` brings it back
        after bets whose stakes the ledger then refused (the table judged them before the
        database answered). Every :data:`SNAPSHOT_EVERY` entries the round also keeps a copy of
        its state (every attribute, none declared by a game), which bounds a restore's replay."""
        logged = len(self.log)
        at = self._snapshot[0] if self._snapshot is not None else 0
        if logged - at >= SNAPSHOT_EVERY:
            state = {k: v for k, v in vars(self).items() if k not in _NOT_STATE}
            self._snapshot = (logged, copy.deepcopy(state))
        return Checkpoint(logged)

    def restore(self, checkpoint: Checkpoint) -> None:
        """Back to ``checkpoint`` by replaying the log up to it, from the last snapshot at or
        before it or on the round made afresh (no card is drawn before the deal, so the same
        cards stay in the shoe): the bets placed and the log entries made since are gone (issue
        19: restoring is replaying the log, not a copy of state each game declares)."""
        kept = self.log[: checkpoint.logged]
        snapshot = self._snapshot
        if snapshot is not None and snapshot[0] <= checkpoint.logged:
            vars(self).update(copy.deepcopy(snapshot[1]))
            self.log = kept[: snapshot[0]]
        else:
            args, kwargs = self._made_with
            type(self).__init__(self, *args, **kwargs)
            self._snapshot = None
        for entry in kept[len(self.log) :]:  # past the snapshot, or what the constructor logs
            self.replay_entry(entry)
        assert len(self.log) == len(kept), "a restored round's log is the log it had"
        self.log = kept

    def note(self, args: Mapping[str, Any], events: Sequence[Event]) -> tuple[Event, ...]:
        """Record in the round's log what happened outside its own commands (a live table's
        cards as they came from the physical shoe, and their corrections: issue 31), so that
        the journal holds it with the round; replaying the log passes over it."""
        return self._record(NOTE, args, events)

    def replay_entry(self, entry: LogEntry) -> tuple[Event, ...]:
        """``entry`` given to the round again: its command, or a note kept as it was."""
        if entry.command == NOTE:
            self.log.append(entry)
            return entry.events
        return self.apply(entry)

    def _record(
        self, command: str, args: Mapping[str, Any], events: Sequence[Event]
    ) -> tuple[Event, ...]:
        out = tuple(events)
        self.log.append(LogEntry(command, dict(args), out))
        return out


class SettlementTotals:
    """Totals and the conservation check every game's settlement shares.

    A subclass provides ``bets`` (its :class:`BetSettlement` records), ``house_result`` (computed
    from the bets and the jackpot's parts, not as a difference) and ``pool_change``.
    Conservation: ``stakes == payouts + house_result + pool_change``, to the unit.
    """

    bets: tuple[BetSettlement, ...]
    house_result: int

    @property
    def pool_change(self) -> int:
        return 0

    @property
    def jackpot_pool(self) -> int | None:
        """The jackpot pool the round left (None: the game has no jackpot)."""
        return None

    @property
    def ledger(self) -> tuple[BetSettlement, ...]:
        """The lines the ledger books, one per bettor and kind: the bets themselves, where a
        game settles each bet once (blackjack sums a box's hands)."""
        return self.bets

    @property
    def stakes(self) -> int:
        return sum(b.stake for b in self.bets)

    @property
    def payouts(self) -> int:
        return sum(b.payout for b in self.bets)

    @property
    def commissions(self) -> int:
        return sum(b.commission for b in self.bets)

    @property
    def conserved(self) -> bool:
        return self.stakes == self.payouts + self.house_result + self.pool_change


def allowed(verify: Callable[..., None], *args: Any) -> bool:
    """The ``can_x`` of a command: True when ``verify_x(*args)`` raises no RuleViolation."""
    try:
        verify(*args)
    except RuleViolation:
        return False
    return True


class TableRound(Protocol):
    """What the online table runtime needs of a round, whatever the game (DESIGN.md: the table
    never imports a specific game). Every game's round state machine provides it."""

    number: int
    log: list[LogEntry]
    #: the jackpot pool the round settles on (None: no jackpot); a linked pool's is set to the
    #: pool as the database holds it, locked, just before the round settles (issue 20)
    jackpot_pool: int | None

    @property
    def bets(self) -> tuple[Bet, ...]: ...

    @property
    def phase_name(self) -> str: ...

    def verify_place_bet(
        self, bettor: str, kind: str, amount: int, seated: bool = True
    ) -> None: ...

    def place_bet(
        self, bettor: str, kind: str, amount: int, seated: bool = True
    ) -> tuple[Event, ...]: ...

    def verify_withdraw_bet(self, bettor: str, kind: str) -> None: ...

    def withdraw_bet(self, bettor: str, kind: str) -> tuple[Event, ...]: ...

    def checkpoint(self) -> Checkpoint:
        """The betting state now (see :meth:`RecordedRound.checkpoint`)."""
        ...

    def restore(self, checkpoint: Checkpoint) -> None: ...

    def note(self, args: Mapping[str, Any], events: Sequence[Event]) -> tuple[Event, ...]: ...

    def close_betting(self) -> tuple[Event, ...]: ...

    def deal(self) -> tuple[Event, ...]: ...

    def settle(self) -> TableSettlement: ...

    def verify_void(self) -> None: ...

    def void(self, reason: str = ...) -> TableSettlement: ...

    def result(self) -> dict[str, Any]:
        """What recall shows of the dealt cards (PT rule 31): cards, totals, winner."""
        ...


@runtime_checkable
class DecidingRound(Protocol):
    """A round in which players decide after the deal (stud: raise or fold; blackjack: the
    insurance question, then each hand in turn). The table asks the undecided bettors, asks again
    with fresh time whenever :meth:`public_view` changes (a blackjack hand's next card, the next
    box's turn), adds the stake a decision costs to the ledger line :meth:`decision_kind` names,
    and settles once no one is left to decide."""

    @property
    def default_decision(self) -> str:
        """What the table decides for a bettor whose time ran out."""
        ...

    def undecided_bettors(self) -> list[str]: ...

    def verify_decide(self, bettor: str, decision: str) -> None: ...

    def decide(self, bettor: str, decision: str) -> tuple[Event, ...]: ...

    def decision_stake(self, bettor: str, decision: str) -> int: ...

    def decision_kind(self, bettor: str, decision: str) -> str: ...

    def private_view(self, bettor: str) -> dict[str, Any]: ...

    def public_view(self) -> dict[str, Any]: ...


class TableSettlement(Protocol):
    @property
    def bets(self) -> tuple[BetSettlement, ...]: ...

    @property
    def ledger(self) -> tuple[BetSettlement, ...]: ...

    @property
    def carry_over(self) -> tuple[Bet, ...]: ...

    @property
    def house_result(self) -> int: ...

    @property
    def pool_change(self) -> int: ...

    @property
    def conserved(self) -> bool: ...


class TableGame(Protocol):
    """A game played round after round at one table: the shoe and what passes between rounds."""

    jackpot_pool: int | None
    rounds_played: int  # the last round's number; the next round takes the one after it

    @property
    def cut_card_out(self) -> bool:
        """Whether the cut card has come out: the shoe's last round(s) are being dealt."""
        ...

    def start_round(self) -> TableRound: ...

    def finish_round(self) -> TableSettlement: ...

    def shoe_commitment(self) -> str | None: ...

    def shoe_seal(self) -> ShoeSeal | None:
        """The shoe in use's document and entropy (issue 28, item 1): a secret the table
        keeps until the shoe ends."""
        ...

    def next_entropy_sha256(self) -> str | None:
        """The SHA-256 of the house's entropy for the next shoe, where players give values."""
        ...

    def promise_next_shoe(self, entropy: bytes) -> None:
        """The next shoe shuffled with the house's ``entropy`` promised before a restart."""
        ...
