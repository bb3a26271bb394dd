"""What every game's round shares, written once (issue 27): the phase it is in, and how it
ends, settled or void, in its log: one ``bet_settled`` event per bet, in one format whatever the
game, and one ``round_<phase>`` event with the house's result. A game's round writes only what
is its own: how its cards are dealt, the decisions it offers, how each bet settles.

A ``bet_settled`` event's data: ``bettor``, ``kind``, ``stake``, ``outcome``, ``payout``,
``commission``, ``reason`` (the article that decided it), and ``box`` and ``hand`` where the game
has boxes (stud, blackjack) and split hands (blackjack)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from croupier.games.protocol import BetSettlement, Event, LogEntry, RecordedRound

P = TypeVar("P", bound=enum.Enum)


def settled_data(bet: BetSettlement) -> dict[str, Any]:
    """The data of one bet's ``bet_settled`` event."""
    data: dict[str, Any] = {
        "bettor": bet.bettor,
        "kind": bet.kind,
        "stake": bet.stake,
        "outcome": bet.outcome,
        "payout": bet.payout,
        "commission": bet.commission,
        "reason": bet.reason,
    }
    if bet.box is not None:
        data["box"] = bet.box
    if bet.hand is not None:
        data["hand"] = bet.hand
    return data


class WagerRound(RecordedRound, Generic[P]):
    """A round bets are placed on and settled: its phase (an enum whose values name the
    phases) and its end."""

    _phase: P
    settlement: Any

    @property
    def phase(self) -> P:
        return self._phase

    @property
    def phase_name(self) -> str:
        return str(self._phase.value)

    def _end(
        self, settlement: Any, command: str, phase: P, args: Mapping[str, Any] | None = None
    ) -> None:
        """The round ends in ``settlement`` (settled, or void) by ``command``: logged with one
        event per bet and one for the round."""
        self.settlement = settlement
        self._phase = phase
        events = [Event("bet_settled", settled_data(b)) for b in settlement.bets]
        events.append(Event(f"round_{phase.value}", {"house_result": settlement.house_result}))
        self._record(command, args or {}, events)


W = TypeVar("W", bound=RecordedRound)


def replay(make: Callable[..., W], log: Sequence[LogEntry], **made_with: Any) -> W:
    """A round made again by ``make(**made_with)`` (on the same cards) with ``log``'s commands
    applied to it in order: the new round's log must equal ``log``. A log that opens with the
    bets a previous round carried (``carry_bets``, logged by the constructor) is made with
    them (``carried``, as the game's ``carried_bets`` reads them)."""
    if log and log[0].command == "carry_bets":
        reader = getattr(make, "carried_bets", None)
        assert reader is not None, f"{make!r} logs carried bets it cannot read back"
        made_with = {**made_with, "carried": reader(log[0].args)}
        log = log[1:]
    rnd = make(**made_with)
    for entry in log:
        rnd.replay_entry(entry)
    return rnd
