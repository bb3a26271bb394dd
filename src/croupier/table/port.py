"""What a table asks of the store (issue 19): one small port, so that ``table/`` holds the rules of
running a table and no database code. The store (:mod:`croupier.store.table_store`) implements it
on SQLite and PostgreSQL and chooses how each write is made. Bets run one way: the table judges
them on its own task and hands the store what to write (:class:`StakeWrite`); the store writes
it whole or, when a balance does not cover it, writes nothing and says what the balances are
(:class:`Staked`), and the table judges again with them (docs/store.md, "Bets at once").

A round's writes are units of work: the table hands the store a function of a :class:`RoundTx`
(the writes of one transaction) and the store runs it in a transaction of its writer, so that
the money and the journal of a change are written together with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from croupier.i18n.message import msg
from croupier.people import Player
from croupier.protection.limits import Standing, within_losses
from croupier.shoe import ShoeSeal

T = TypeVar("T")


@dataclass(frozen=True)
class StandingBet:
    """A bet standing on an open round (its stake is in the table's escrow)."""

    session_id: int
    player_id: int
    account_id: int
    kind: str
    amount: int


#: a stake of a batch: the bet standing after it, and the amount it added
Stake = tuple[StandingBet, int]


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


@dataclass(frozen=True)
class OpenSession:
    """A session left open at a table (a restart keeps players seated)."""

    session_id: int
    player: Player
    seat: int
    account: int


@dataclass(frozen=True)
class Settling:
    """What settling a round writes: the payouts, the house's result and the pool's change."""

    round_id: int
    results: Sequence[BetResult]
    house_result: int
    pool_change: int
    status: str  # settled or void
    result: Mapping[str, Any] | None
    void_reason: str | None


class RoundTx(Protocol):
    """The writes of one transaction on a table's rounds."""

    def balances(self, accounts: Iterable[int]) -> dict[int, int]:
        """Balances of ``accounts``, locked until the transaction ends."""

    def losses(self, account: int, limits: Sequence[tuple[str, int]]) -> list[Standing]:
        """The account's loss ``limits`` (kind, limit) with the net loss of each one's period
        so far (read after :meth:`balances` locked the account: issue 29, item 6)."""

    def stake(self, round_id: int, escrow: int, stakes: Sequence[Stake]) -> None:
        """Move the stakes into the escrow (balances checked under lock by the caller) and
        record the standing bets."""

    def unstake(self, round_id: int, bet: StandingBet, escrow: int) -> None:
        """A standing bet withdrawn during the betting window: its stake goes back."""

    def journal(self, round_id: int, first_seq: int, items: Sequence[JournalEntry]) -> None:
        """The round's journal from ``first_seq`` on."""

    def settle(self, settling: Settling, accounts: TableAccounts) -> None:
        """Pay the round out of the escrow in one posting and close it."""

    def open_round(
        self, table_id: int, number: int, shoe: ShoeSeal | str | None,
        carried: Iterable[StandingBet],
    ) -> int:  # fmt: skip
        """A new open round (with the bets a tie carried over, Macau art. 12); its id."""


@dataclass(frozen=True)
class StakeWrite:
    """Bets the table has judged and placed on its round, as the store writes them (issue 27(4):
    the table judges on its own task, the store only writes): the stakes, in arrival order,
    and the round's journal from ``first_seq`` on. The write is conditional: the store writes
    it whole, or nothing when a balance does not cover its stakes."""

    round_id: int
    escrow: int
    stakes: Sequence[Stake]
    first_seq: int
    journal: Sequence[JournalEntry]
    #: the accounts of a live table's boxes: the house's, which may go negative (issue 31(4))
    boxes: frozenset[int] = frozenset()
    #: the loss limits of the bettors who set them (issue 29, item 6): account -> (kind, limit)
    loss_limits: Mapping[int, Sequence[tuple[str, int]]] = field(default_factory=dict)

    def accounts(self) -> set[int]:
        """The accounts the stakes move (the bettors' and the escrow)."""
        return {bet.account_id for bet, _ in self.stakes} | {self.escrow}


@dataclass(frozen=True)
class Staked:
    """What the store did with a :class:`StakeWrite`: ``written``, with ``balances`` the moved
    accounts' balances after it; or not (a balance did not cover its stakes), with
    ``balances`` the accounts' balances as the store read them, for the table to judge again."""

    written: bool
    balances: Mapping[int, int]
    #: when not written, each loss-limited bettor's limits as the store found them
    losses: Mapping[int, Sequence[Standing]] = field(default_factory=dict)


def covered(
    balances: Mapping[int, int], stakes: Sequence[Stake], boxes: frozenset[int] = frozenset()
) -> bool:
    """Whether ``balances`` cover ``stakes`` taken in order (no balance goes below zero but a
    live table's box's, whose chips are on the felt)."""
    left = dict(balances)
    for bet, added in stakes:
        left[bet.account_id] = left.get(bet.account_id, 0) - added
        if left[bet.account_id] < 0 and bet.account_id not in boxes:
            return False
    return True


def within_loss_limits(losses: Mapping[int, Sequence[Standing]], stakes: Sequence[Stake]) -> bool:
    """Whether ``stakes`` stay within each bettor's loss limits (``losses``, as found)."""
    staked: dict[int, int] = {}
    for bet, added in stakes:
        staked[bet.account_id] = staked.get(bet.account_id, 0) + added
    return all(within_losses(losses[a], amount) for a, amount in staked.items() if a in losses)


#: a graceful stop (issue 34(2)): only a round no card of which was dealt is voided this way
VOID_ON_SHUTDOWN = msg("the table closed for a server shutdown before any card was dealt")


class TableStore(Protocol):
    """Everything a running table reads and writes."""

    async def write(self, table_id: int, work: Callable[[RoundTx], T]) -> T:
        """Run ``work`` in one transaction of the writer; its writes commit together."""

    async def stake(self, table_id: int, write: StakeWrite) -> Staked:
        """Write a batch of stakes the way this database does best, whole, or nothing when a
        balance does not cover them (then the balances, read under lock). Raises, having
        written nothing, when the database fails."""

    async def open_table(
        self, table_id: int, currency: str, pool_seed: int | None, link: str = ""
    ) -> tuple[TableAccounts, int | None, list[OpenSession]]:
        """The table's accounts (its pool funded with its seed when first opened; the pool of
        every table linked by ``link``, if given), the pool's balance, and the sessions left
        open at it."""

    async def begin_round(self, table_id: int, number: int, shoe: ShoeSeal | str | None) -> int: ...

    async def next_shoe(self, table_id: int) -> tuple[str, list[dict[str, str | None]]] | None:
        """What the table's next shoe was promised before this start (issue 28): the house's
        entropy (hex) and the players' contributions; None where nothing is kept."""

    async def keep_next_shoe(
        self, table_id: int, contributions: list[dict[str, str | None]]
    ) -> None:
        """The players' contributions given for the table's next shoe so far."""

    async def last_round_number(self, table_id: int) -> int:
        """The highest round number the table has used, 0 before its first round: round
        numbers are never reused at a table (issue 34(2); the database keeps them unique)."""

    async def start_session(
        self, player: Player, table_id: int, seat: int, currency: str
    ) -> tuple[int, int]:
        """A new session of ``player`` at ``seat``: its id and the player's account."""

    async def end_session(self, session_id: int, reason: str) -> dict[str, Any]:
        """End the session; its statement (PT rule 33)."""

    async def save_config(
        self, table_id: int, config: Mapping[str, Any], from_round: int | None = None
    ) -> None:
        """The table's configuration; from ``from_round`` on, kept in its history (the
        export's, which ``croupier verify`` checks each round by)."""

    async def recover(self, table_id: int, reason: str | None = None) -> None:
        """Void and refund the table's open round from what the database holds (PT rule 29),
        with ``reason`` (default: the server stopped before the round was settled)."""
