"""Limits a player sets on their own play (issue 29, item 6; docs/player-protection.md): the
deposits and the losses per day, week and month, the largest single bet, and the length of a
session.

* Lowering a limit (or setting one where there was none) takes effect at once; raising or
  removing one only after a cooling-off period (24 hours by default, an option of the casino).
* A later change supersedes a change still waiting for its cooling-off.
* The operator may set a limit on a player too, in force at once; the strictest of the
  player's and the operator's applies.
* A deposit or a bet over a limit is refused with the limit, the amount left in the period and
  when the period resets. A period's loss is its net loss (choice X8): what the player staked in
  it, less what their bets returned in it (a stake in play counts as lost until it is
  settled). Periods are calendar periods of the casino's time zone (UTC unless the server is
  given one: protection/calendar.py): the day from midnight, the week from Monday, the month
  from its first day (choice X3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from croupier.errors import RuleViolation
from croupier.i18n.message import N_, Msg, When, msg
from croupier.money import MAX_AMOUNT
from croupier.protection.calendar import UTC_CALENDAR, Calendar
from croupier.protection.exclusion import utc_text

LIMITS_RULE = "limits set by the player (issue 29, item 6; docs/player-protection.md)"
COOLING_OFF_SECONDS = 24 * 3600.0
DEPOSIT_PERIODS = {"deposit_day": "day", "deposit_week": "week", "deposit_month": "month"}
LOSS_PERIODS = {"loss_day": "day", "loss_week": "week", "loss_month": "month"}
BET, SESSION_MINUTES = "bet", "session_minutes"
KINDS = (*DEPOSIT_PERIODS, *LOSS_PERIODS, BET, SESSION_MINUTES)
SEAT_KINDS = (BET, SESSION_MINUTES, *LOSS_PERIODS)  # the limits a table applies to a seat
SESSION_BOUNDS = (5, 24 * 60)  # a session of 5 minutes to a day (choice X6)


@dataclass(frozen=True)
class LimitChange:
    """A limit of ``kind`` set to ``amount`` (None: no limit) at ``set_at``, in force from
    ``effective_at``; by the player, or by the operator."""

    kind: str
    amount: int | None
    set_at: float
    effective_at: float
    by_operator: bool = False
    set_by: str = ""


def verify_kind(kind: object) -> str:
    if kind not in KINDS:
        raise RuleViolation(
            "kind",
            msg("{kind}: one of {kinds}", kind=repr(kind), kinds=", ".join(KINDS)),
            LIMITS_RULE,
        )
    assert isinstance(kind, str)
    return kind


def verify_amount(amount: object, kind: str = "deposit_day") -> int | None:
    """A limit's value: minor units (a deposit, a bet), minutes (a session), or None."""
    if amount is None:
        return None
    if kind == SESSION_MINUTES:
        low, high = SESSION_BOUNDS
        if isinstance(amount, bool) or not isinstance(amount, int) or not low <= amount <= high:
            raise RuleViolation(
                "amount",
                msg(
                    "{amount}: a session of {low} to {high} minutes, or null",
                    amount=repr(amount),
                    low=low,
                    high=high,
                ),
                LIMITS_RULE,
            )
        return amount
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
        raise RuleViolation(
            "amount",
            msg(
                "{amount}: a whole number of minor units, 1 to {max_amount}, or null",
                amount=repr(amount),
                max_amount=MAX_AMOUNT,
            ),
            LIMITS_RULE,
        )
    return amount


def in_force(changes: Iterable[LimitChange], now: float) -> int | None:
    """The limit ``changes`` (of one kind, by one party) put in force at ``now``: the last one
    set whose time has come; a change set while an earlier one still waited supersedes it."""
    standing: list[LimitChange] = []
    for change in sorted(changes, key=lambda c: c.set_at):
        if change.set_at > now:
            break
        standing = [c for c in standing if c.effective_at <= change.set_at]  # waiting: gone
        standing.append(change)
    effective = [c for c in standing if c.effective_at <= now]
    return effective[-1].amount if effective else None


def pending(changes: Iterable[LimitChange], now: float) -> LimitChange | None:
    """The player's change still waiting for its cooling-off, if any."""
    ordered = sorted(changes, key=lambda c: c.set_at)  # stable: the order they were made
    last = ordered[-1] if ordered else None
    return last if last is not None and last.effective_at > now else None


def takes_effect(current: int | None, amount: int | None, now: float, cooling: float) -> float:
    """When a player's change from ``current`` to ``amount`` takes effect: at once when it is
    stricter (lower, or a limit where there was none), after the cooling-off otherwise."""
    stricter = amount is not None and (current is None or amount < current)
    return now if stricter else now + cooling


def strictest(*limits: int | None) -> int | None:
    present = [limit for limit in limits if limit is not None]
    return min(present) if present else None


def limits_in_force(changes: Iterable[LimitChange], now: float) -> dict[str, int | None]:
    """Each kind's limit in force at ``now``: the strictest of the player's and the
    operator's."""
    every = list(changes)
    out: dict[str, int | None] = {}
    for kind in KINDS:
        own = in_force([c for c in every if c.kind == kind and not c.by_operator], now)
        house = in_force([c for c in every if c.kind == kind and c.by_operator], now)
        out[kind] = strictest(own, house)
    return out


def shown_limits(changes: Iterable[LimitChange], now: float) -> dict[str, dict[str, object]]:
    """Each limit as the player and the operator see it: in force, the player's own, the
    operator's, and the player's change waiting for its cooling-off."""
    every = list(changes)
    out: dict[str, dict[str, object]] = {}
    for kind in KINDS:
        mine = [c for c in every if c.kind == kind and not c.by_operator]
        own = in_force(mine, now)
        house = in_force([c for c in every if c.kind == kind and c.by_operator], now)
        waiting = pending(mine, now)
        out[kind] = {
            "in_force": strictest(own, house),
            "own": own,
            "operator": house,
            "pending": None
            if waiting is None
            else {"amount": waiting.amount, "from": utc_text(waiting.effective_at)},
        }
    return out


class LimitReached(RuleViolation):
    """A deposit (or a bet) a limit refuses: the limit, what is left of it in the period, and
    when the period resets."""

    def __init__(self, message: str, limit: int, left: int, resets_at: float, kind: str) -> None:
        super().__init__("amount", message, LIMITS_RULE)
        self.limit = limit
        self.left = left
        self.resets_at = resets_at
        self.kind = kind

    def extra(self) -> dict[str, object]:
        return {
            "limit": self.limit,
            "left": self.left,
            "resets_at": utc_text(self.resets_at),
            "limit_kind": self.kind,
        }


def verify_deposit(
    limits: dict[str, int | None],
    deposited: dict[str, int],
    amount: int,
    now: float,
    calendar: Calendar = UTC_CALENDAR,
) -> None:
    """Refuse ``amount`` when it would take a period's deposits past its limit (``limits`` by
    kind, those in force; ``deposited``: the deposits so far in each period of ``calendar``, by
    period)."""
    for kind, period in DEPOSIT_PERIODS.items():
        limit = limits.get(kind)
        if limit is not None:
            _start, resets = calendar.period_bounds(period, now)
            _verify_period(Standing(kind, limit, deposited.get(period, 0), resets), amount)


@dataclass(frozen=True)
class Standing:
    """A limit of a period (``kind``) as the transaction that checks it found it: ``used`` so
    far in the period (deposited, or lost net: negative when the player is ahead), and when the
    period resets."""

    kind: str
    limit: int
    used: int
    resets_at: float

    @property
    def left(self) -> int:
        return max(0, self.limit - self.used)


#: what a refusal says, by the limit it meets (one sentence each, for the translators)
PERIOD_TEXTS = {
    "deposit_day": N_(
        "the deposit {amount} is over your day's deposit limit {limit}: {left} left "
        "until {resets_at}"
    ),
    "deposit_week": N_(
        "the deposit {amount} is over your week's deposit limit {limit}: {left} left "
        "until {resets_at}"
    ),
    "deposit_month": N_(
        "the deposit {amount} is over your month's deposit limit {limit}: {left} "
        "left until {resets_at}"
    ),
    "loss_day": N_(
        "the stake {amount} is over your day's loss limit {limit}: {left} left until {resets_at}"
    ),
    "loss_week": N_(
        "the stake {amount} is over your week's loss limit {limit}: {left} left until {resets_at}"
    ),
    "loss_month": N_(
        "the stake {amount} is over your month's loss limit {limit}: {left} left until {resets_at}"
    ),
}


def _verify_period(standing: Standing, amount: int) -> None:
    if amount <= standing.left:
        return
    resets = standing.resets_at
    said = Msg(
        PERIOD_TEXTS[standing.kind],
        amount=amount,
        limit=standing.limit,
        left=standing.left,
        resets_at=When(utc_text(resets), resets),
    )
    raise LimitReached(said, standing.limit, standing.left, resets, standing.kind)


def verify_losses(standings: Iterable[Standing], amount: int) -> None:
    """Refuse a stake of ``amount`` that could take a period's net loss past its limit (the
    stakes of the round in play count as lost: the bet may lose)."""
    for standing in standings:
        _verify_period(standing, amount)


def within_losses(standings: Iterable[Standing], amount: int) -> bool:
    return all(amount <= standing.left for standing in standings)


@dataclass(frozen=True)
class SeatLimits:
    """The limits a table applies to one seat (those in force when they were read)."""

    bet: int | None = None
    session_minutes: int | None = None
    losses: tuple[tuple[str, int], ...] = ()  # (loss_day|loss_week|loss_month, limit)


def seat_limits(limits: dict[str, int | None]) -> SeatLimits:
    losses = tuple(
        (kind, limit) for kind in LOSS_PERIODS if (limit := limits.get(kind)) is not None
    )
    return SeatLimits(limits.get(BET), limits.get(SESSION_MINUTES), losses)


def verify_bet_limit(limit: int | None, standing: int, amount: int, kind: str) -> None:
    """The largest single bet: a bet's total on one kind in a round (the chips already there
    and those added) within the limit (choice X6)."""
    if limit is not None and standing + amount > limit:
        raise RuleViolation(
            "amount",
            msg(
                "over your limit on a single bet, {limit}: {limit_2} more on {kind} at most",
                limit=limit,
                limit_2=max(0, limit - standing),
                kind=kind,
            ),
            LIMITS_RULE,
        )
