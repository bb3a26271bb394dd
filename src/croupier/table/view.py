"""What a table shows readers: the view of the lobby and a new watcher, as a viewer may see it,
and the progressive jackpot's display."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.table.announcer import Announcer
from croupier.table.betting import bet_told, bet_totals
from croupier.table.clock import Clock
from croupier.table.in_play import InPlay
from croupier.table.live_dealer import LiveDealer
from croupier.table.seats import Seat
from croupier.table.terms import TableTerms
from croupier.table.timers import Timers


class JackpotDisplay:
    """The progressive jackpot's display of a table."""

    def __init__(self, announcer: Announcer) -> None:
        self.announcer = announcer
        self.jackpot_shown: int | None = None  # the pool as last known

    def show(self, pool: int | None) -> None:
        """The progressive jackpot's display (Macau stud art. 1(4): "Um sistema e expositor
        electrónico do «jackpot progressivo»", an electronic system and display of the
        progressive jackpot): the pool as last known, told to the table when it changes: after
        each of its rounds, and for a linked pool whenever another table's round changed it
        (``Casino.refresh_jackpots``)."""
        if pool is None or pool == self.jackpot_shown:
            return
        self.jackpot_shown = pool
        self.announcer.publish({"type": "jackpot", "pool": pool}, None)


class TableView:
    """The table as it is now, built when asked (a busy table changes many times between two
    looks)."""

    def __init__(
        self,
        table_id: int,
        terms: TableTerms,
        in_play: InPlay,
        seats: Mapping[str, Seat],
        timers: Timers,
        clock: Clock,
        display: JackpotDisplay,
        live: LiveDealer | None = None,
    ) -> None:
        self.live = live  # a live table's cards (issue 31): what the next one is for
        self.table_id = table_id
        self.terms = terms
        self.in_play = in_play
        self.seats = seats
        self.timers = timers
        self.clock = clock
        self.display = display

    def view_for(self, viewer: str | None, *, operator: bool) -> dict[str, Any]:
        """The view as ``viewer`` (a player's name, None for a watcher) may see it: at an
        individual table, only its seated player and operators see the stakes and who sits
        (PT 812/2015 rules 4, 28; issue 16, finding 6)."""
        view = self.view()
        if self.terms.config.mode == "individual" and not operator and viewer not in self.seats:
            view["bets"], view["totals"] = [], {}
            view["seated"] = [{"seat": s["seat"], "player": None} for s in view["seated"]]
        return view

    def _seat_of(self, name: str) -> int | None:
        """The seat ``name`` sits in, or None once they have left."""
        seat = self.seats.get(name)
        return None if seat is None else seat.seat

    def view(self) -> dict[str, Any]:
        """The table as the lobby and a new watcher see it."""
        config, rnd, timers = self.terms.config, self.in_play.round, self.timers
        left = None
        deadline = timers.deadline()
        if deadline is not None:
            left = max(0.0, round(deadline - self.clock.now(), 3))
        return {
            "id": self.table_id,
            "name": config.name,
            "game": self.terms.ruleset.game,
            "ruleset": config.ruleset,
            "mode": config.mode,
            "demo": config.demo,
            "currency": self.terms.currency,
            "seats": config.seats,
            "seated": sorted(
                ({"seat": s.seat, "player": s.name} for s in self.seats.values()),
                key=lambda s: s["seat"],
            ),
            "round": rnd.number,
            "phase": "result" if timers.opens_at is not None else rnd.phase_name,
            "seconds_left": left,
            "betting_seconds": config.betting_seconds,
            "totals": bet_totals(rnd.bets),
            "bets": [
                bet_told(b.bettor, self._seat_of(b.bettor), b.kind, b.amount) for b in rnd.bets
            ],
            "cut_card_out": self.in_play.game.cut_card_out,
            "shoe": self.in_play.game.shoe_commitment(),  # its commitment (issue 28, item 1)
            "minimum_bet": self.terms.information.get("minimum_bet"),
            "jackpot": self.display.jackpot_shown,
            "live": None if self.live is None else {"next": self.live.due()},
            "disabled": timers.disabled,  # why the operator disabled it (issue 30), or None
            "players_entropy": None
            if self.in_play.entropy is None
            else {
                "next_shoe_entropy_sha256": self.in_play.game.next_entropy_sha256(),
                **self.in_play.entropy.state(),
            },
        }
