"""Seats and the inactivity rules of the online regulation (PT 812/2015 rules 34-36).

Rule 35 lets the operator invite a player to end the session after more than 3 minutes without
a bet at an individual table, or more than 5 consecutive rounds without a bet at a multi-player
table; rule 36 then has the operator warn that the session ends if no bet is placed within the
next minute (individual) or the next round (multi-player). Choices (docs/server.md): the
invitation and the warning are sent together, the moment the threshold is passed (the player
who does not end the session is warned at once); at a multi-player table a "round" is a betting
window, dealt or not (a player alone at a table who never bets is still invited).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.i18n.message import msg
from croupier.protection.reality import RealityCheck
from croupier.table.port import StandingBet

INDIVIDUAL_IDLE_SECONDS = 180.0  # rule 35(a): more than 3 minutes
INDIVIDUAL_GRACE_SECONDS = 60.0  # rule 36: the next minute
MULTI_IDLE_ROUNDS = 5  # rule 35(b): more than 5 consecutive rounds
INVITATION = msg("You have not bet for a while: you are invited to end your session (PT rule 35).")
WARNING_INDIVIDUAL = msg(
    "Your session will end if you place no bet within the next minute (rule 36)."
)
WARNING_MULTI = msg("Your session will end if you place no bet in the next round (rule 36).")


@dataclass
class Seat:
    """A player seated at a table for one session."""

    session_id: int
    player_id: int
    name: str
    account: int
    seat: int
    idle_since: float  # the player's last bet, or the session's start
    missed: int = 0  # consecutive betting windows without a bet (multi-player)
    warned_at: float | None = None  # when the rule 36 warning was given
    leaving: bool = False  # the session ends once the round in play is settled
    #: a box of a live table's felt, whose bets the dealer enters for the record (issue 31(4)):
    #: its chips are on the felt, so no balance limits its stakes (its account is the house's,
    #: and may go negative), and the online inactivity rules 35-36 are not for it
    box: bool = False
    #: the player's reality check, if they asked for one (issue 29; protection/reality.py)
    reality: RealityCheck | None = None
    net: int = 0  # the session's net result so far: what its settled bets paid less staked
    started: float = 0.0  # the session's start on the table's clock
    bet_limit: int | None = None  # the player's largest single bet (issue 29)
    session_ends_at: float | None = None  # the player's limit on a session's length
    #: the player's loss limits (kind, limit), checked in the stake's transaction (issue 29)
    loss_limits: tuple[tuple[str, int], ...] = ()

    def standing(self, kind: str, amount: int) -> StandingBet:
        """This seat's bet of ``kind``, standing at ``amount`` on the open round."""
        return StandingBet(self.session_id, self.player_id, self.account, kind, amount)

    def betted(self, now: float) -> None:
        """A bet resets every inactivity count (rules 35-36)."""
        self.idle_since = now
        self.missed = 0
        self.warned_at = None

    def individual_due(self, now: float) -> str | None:
        """``warn`` when rule 35(a) is passed, ``end`` when rule 36's minute has run out."""
        if self.warned_at is not None:
            return "end" if now - self.warned_at >= INDIVIDUAL_GRACE_SECONDS else None
        return "warn" if now - self.idle_since > INDIVIDUAL_IDLE_SECONDS else None

    def window_missed(self, now: float) -> str | None:
        """A multi-player round was played without a bet from this player (PT rule 35(b): "não
        realize apostas em mais de 5 jogadas consecutivas"; a window in which nobody bet deals
        no cards and is no «jogada», rule 2, so it is not counted)."""
        self.missed += 1
        if self.warned_at is not None:
            return "end"  # rule 36: no bet in the round after the warning
        return "warn" if self.missed > MULTI_IDLE_ROUNDS else None
