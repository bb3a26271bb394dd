"""Taking bets (issues 19, 27(4)): bets that arrive together are judged together, on the
table's own task, and written by the store in one go.

Judging is a pure function of the round, the seats and, once the store has read them, the
balances (:func:`judge_bets`): the bets are judged one by one, in arrival order, each against
the round as the bets before it left it; a refused bet (limits, PT rules 13, 15, 41-43; a short
balance) changes nothing and does not hold up the others. The accepted ones are placed on the
round and what they stake is handed to the store as data (:class:`~croupier.table.port.
StakeWrite`), which writes it whole, or nothing when a balance does not cover it: then the batch
is taken back off the round and judged again with the balances the store read, which says whose
balance was short (:meth:`Betting.take`). The store never calls back into the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.protocol import Bet, TableRound
from croupier.i18n.message import msg
from croupier.protection.limits import Standing, verify_bet_limit, verify_losses
from croupier.table.port import Stake
from croupier.table.seats import Seat
from croupier.table.terms import Money

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


def no_session() -> RuleViolation:
    return RuleViolation("session", "no session at this table: start one first", SESSION_RULE)


def judge_bets(
    rnd: TableRound,
    seats: Mapping[str, Seat],
    requests: Sequence[BetRequest],
    balances: dict[int, int] | None,
    verify_window: Callable[[], None],
    money: Money,
    *,
    seat_is_box: bool = False,
    now: float | None = None,
    losses: Mapping[int, Sequence[Standing]] | None = None,
) -> tuple[list[Answer], list[Placed]]:
    """Each bet in arrival order, by the rules and (given ``balances``, which it debits) by the
    money; the accepted ones are placed on ``rnd``. Each bet's answer so far (a refusal, or an
    empty answer the store completes) and the bets placed. With ``seat_is_box`` (a live table
    of a game dealt to boxes: each seat is a box of the felt, choice D7) a bettor plays the box
    of their seat rather than the lowest free one (choice O16). With ``now``, a player whose
    reality check is due (issue 29) is refused until they acknowledge it; given ``losses`` (the
    store's reading of the bettors' loss limits), a stake over one is refused."""
    out: list[Answer] = []
    placed: list[Placed] = []
    standing = {(b.bettor, b.kind): b.amount for b in rnd.bets}
    staked: dict[int, int] = {}  # by account: what this batch stakes so far
    boxes: Any = rnd  # a round dealt to boxes takes the box (stud, blackjack)
    for request in requests:
        player, kind, amount = request.player, request.kind, request.amount
        seat = seats.get(player)
        boxed: dict[str, Any] = {"box": seat.seat} if seat_is_box and seat is not None else {}
        try:
            if seat is None:
                raise no_session()
            if seat.leaving:
                raise RuleViolation("session", "your session is ending", SESSION_RULE)
            verify_window()
            if seat.reality is not None and now is not None:  # a check due is acknowledged first
                seat.reality.verify_bet(now, seat.net)
            verify_bet_limit(seat.bet_limit, standing.get((player, kind), 0), amount, kind)
            if losses is not None and seat.account in losses:
                verify_losses(losses[seat.account], staked.get(seat.account, 0) + amount)
            if balances is not None and not seat.box and balances[seat.account] < amount:
                boxes.verify_place_bet(player, kind, amount, **boxed)  # the rules first
                raise RuleViolation(
                    "amount",
                    msg(
                        "the stake {amount} would take the balance {balances} {currency} below "
                        "zero",
                        amount=money.text(amount),
                        balances=money.text(balances[seat.account]),
                        currency=money.currency,
                    ),
                    BALANCE_RULE,
                )
            boxes.place_bet(player, kind, amount, **boxed)
        except RuleViolation as refusal:
            out.append(refusal)
            continue
        if balances is not None:
            balances[seat.account] -= amount
        staked[seat.account] = staked.get(seat.account, 0) + amount
        total = standing.get((player, kind), 0) + amount
        standing[(player, kind)] = total
        placed.append(Placed(len(out), seat, kind, total, amount))
        out.append({})
    return out, placed


def bet_told(player: str, seat: int | None, kind: str, amount: int) -> dict[str, Any]:
    """A bet as the table tells it, in its "bets" messages and its view: who, in which seat
    (the dealer pays by seat; None once the player has left), on what, how much in all."""
    return {"player": player, "seat": seat, "kind": kind, "amount": amount}


def bet_totals(bets: Iterable[Bet]) -> dict[str, int]:
    """The table's total on each kind of bet."""
    totals: dict[str, int] = {}
    for b in bets:
        totals[b.kind] = totals.get(b.kind, 0) + b.amount
    return totals
