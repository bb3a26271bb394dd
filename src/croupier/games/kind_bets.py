"""Bets by kind, written once (issue 27(1)): a round whose bettors stake on the kinds of bet
the game offers (Player, Banker, Tie...), not on boxes; a bettor's second stake on a kind adds
to the first. It takes bets while betting is open, lets a bet be withdrawn while it is, closes
betting ("no more bets", PT 812/2015 rule 27) and logs each of these. A game says only what
limits a bet and the table must keep (:meth:`KindBets._verify_bet`,
:meth:`KindBets._verify_table`) and how betting is closed in its words
(:meth:`KindBets._verify_betting_open`)."""

from __future__ import annotations

import abc
import enum
from collections.abc import Iterable, Mapping
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.protocol import Bet, Event, allowed
from croupier.games.wager_round import WagerRound
from croupier.i18n.message import msg
from croupier.money import verify_stake


class BetPhase(enum.Enum):
    """A round of bets by kind: ``betting`` -> ``closed`` ("no more bets") -> ``dealt`` ->
    ``settled``, or ``void`` before it settles."""

    BETTING = "betting"
    CLOSED = "closed"
    DEALT = "dealt"
    SETTLED = "settled"
    VOID = "void"


def bet_data(bet: Bet) -> dict[str, Any]:
    """A bet as its events and the log hold it."""
    return {"bettor": bet.bettor, "kind": bet.kind, "amount": bet.amount, "seated": bet.seated}


class KindBets(WagerRound[BetPhase]):
    """The bets of a round, by (bettor, kind), in the order they were first placed."""

    _bets: dict[tuple[str, str], Bet]

    def _take_carried(self, carried: Iterable[Bet]) -> None:
        """Bets a previous round left on the table (a Macau tie, art. 12), standing as placed;
        logged first, so that a replay makes the round with them (``carried_bets``)."""
        carried = tuple(carried)
        if carried:
            for bet in carried:
                self._bets[(bet.bettor, bet.kind)] = bet
            events = [Event("bet_carried", bet_data(b)) for b in carried]
            self._record("carry_bets", {"bets": [bet_data(b) for b in carried]}, events)

    @classmethod
    def carried_bets(cls, args: Mapping[str, Any]) -> list[Bet]:
        """The carried bets a ``carry_bets`` log entry names."""
        return [Bet(**b) for b in args["bets"]]

    # -- the game's own limits ---------------------------------------------------------------
    @abc.abstractmethod
    def _verify_bet(self, bet: Bet, table: list[Bet]) -> None:
        """Refuse ``bet`` (the bettor's whole stake on its kind) on a table holding ``table``
        (``bet`` included): the kinds offered, their limits, and the table's limits with it."""

    def _verify_table(self, table: list[Bet]) -> None:
        """Refuse a table whose bets together break a table-wide limit (none by default): what
        a withdrawal leaves must keep them."""

    def _verify_betting_open(self) -> None:
        """Refuse a bet or a withdrawal once betting is closed."""
        if self._phase is not BetPhase.BETTING:
            raise RuleViolation(
                "phase",
                msg("bets are closed (round is {phase_name})", phase_name=self.phase_name),
                "round",
            )

    # -- state -------------------------------------------------------------------------------
    @property
    def bets(self) -> tuple[Bet, ...]:
        return tuple(self._bets.values())

    def bets_of(self, bettor: str) -> dict[str, int]:
        return {b.kind: b.amount for b in self._bets.values() if b.bettor == bettor}

    # -- placing and withdrawing -------------------------------------------------------------
    def _proposed(self, bettor: str, kind: str, amount: int, seated: bool) -> tuple[Bet, list[Bet]]:
        existing = self._bets.get((bettor, kind))
        total = amount + (existing.amount if existing else 0)
        bet = Bet(bettor, kind, total, seated)
        table = [b for key, b in self._bets.items() if key != (bettor, kind)] + [bet]
        return bet, table

    def verify_place_bet(self, bettor: str, kind: str, amount: int, seated: bool = True) -> None:
        """Refuse a bet (added to the bettor's existing bet on ``kind``) the rules do not allow."""
        self._allowed_bet(bettor, kind, amount, seated)

    def _allowed_bet(self, bettor: str, kind: str, amount: int, seated: bool) -> Bet:
        """The bettor's bet on ``kind`` with ``amount`` added, once the rules allow it."""
        self._verify_betting_open()
        verify_stake(amount)
        bet, table = self._proposed(bettor, kind, amount, seated)
        self._verify_bet(bet, table)
        return bet

    def can_place_bet(self, bettor: str, kind: str, amount: int, seated: bool = True) -> bool:
        return allowed(self.verify_place_bet, bettor, kind, amount, seated)

    def place_bet(
        self, bettor: str, kind: str, amount: int, seated: bool = True
    ) -> tuple[Event, ...]:
        bet = self._allowed_bet(bettor, kind, amount, seated)  # the table built once, not twice
        self._bets[(bettor, kind)] = bet
        return self._record(
            "place_bet",
            {"bettor": bettor, "kind": kind, "amount": amount, "seated": seated},
            [Event("bet_placed", bet_data(bet))],
        )

    def verify_withdraw_bet(self, bettor: str, kind: str) -> None:
        self._verify_betting_open()
        if (bettor, kind) not in self._bets:
            raise RuleViolation(
                "bet",
                msg("{bettor} has no {kind} bet to withdraw", bettor=bettor, kind=kind),
                "betting window",
            )
        table = [b for key, b in self._bets.items() if key != (bettor, kind)]
        for remaining in table:  # what stays must still stand on its own
            if remaining.bettor == bettor:
                self._verify_bet(remaining, table)
        self._verify_table(table)

    def can_withdraw_bet(self, bettor: str, kind: str) -> bool:
        return allowed(self.verify_withdraw_bet, bettor, kind)

    def withdraw_bet(self, bettor: str, kind: str) -> tuple[Event, ...]:
        """Take a bet back during the betting window: the bet a tie carried may be withdrawn
        (Macau baccarat art. 12(1)), as any bet may be before "no more bets"."""
        self.verify_withdraw_bet(bettor, kind)
        bet = self._bets.pop((bettor, kind))
        return self._record(
            "withdraw_bet",
            {"bettor": bettor, "kind": kind},
            [Event("bet_withdrawn", bet_data(bet))],
        )

    # -- no more bets ------------------------------------------------------------------------
    def verify_close_betting(self) -> None:
        if self._phase is not BetPhase.BETTING:
            raise RuleViolation(
                "phase",
                msg("betting is not open ({phase_name})", phase_name=self.phase_name),
                "round",
            )

    def can_close_betting(self) -> bool:
        return allowed(self.verify_close_betting)

    def close_betting(self) -> tuple[Event, ...]:
        """ "No more bets, cards being dealt" (PT rule 27)."""
        self.verify_close_betting()
        self._phase = BetPhase.CLOSED
        return self._record("close_betting", {}, [Event("betting_closed")])

    # -- the log -----------------------------------------------------------------------------
    def apply(self, entry: Any) -> tuple[Event, ...]:
        """Give the round a logged command again: each command is the method of its name,
        with the logged arguments (a game whose log differs overrides this)."""
        command = getattr(self, entry.command, None)
        if entry.command.startswith("_") or not callable(command):
            raise ValueError(f"unknown command {entry.command!r} in log")
        command(**dict(entry.args))
        return self.log[-1].events
