"""What a table shows readers: the view of the lobby and a new watcher, as a viewer may see it."""

from __future__ import annotations

from typing import Any

from croupier.table.state import TableState


class View(TableState):
    def view_for(self, viewer: str | None, *, operator: bool) -> dict[str, Any]:
        """The view as ``viewer`` (a player's name, None for a watcher) may see it: at an
        individual table, only its seated player and operators see the stakes and who sits
        (PT 812/2015 rules 4, 28; issue 16, finding 6)."""
        view = self.view
        if self.config.mode == "individual" and not operator and viewer not in self.seats:
            view["bets"], view["totals"] = [], {}
            view["seated"] = [{"seat": s["seat"], "player": None} for s in view["seated"]]
        return view

    @property
    def view(self) -> dict[str, Any]:
        """The table as the lobby and a new watcher see it, as it is now (built when asked:
        a busy table changes many times between two looks)."""
        totals: dict[str, int] = {}
        for b in self.round.bets:
            totals[b.kind] = totals.get(b.kind, 0) + b.amount
        left = None
        deadline = self.closes_at if self.closes_at is not None else self.decides_by
        if deadline is not None:
            left = max(0.0, round(deadline - self.clock.now(), 3))
        return {
            "id": self.id,
            "name": self.config.name,
            "game": self.ruleset.game,
            "ruleset": self.config.ruleset,
            "mode": self.config.mode,
            "demo": self.config.demo,
            "currency": self.currency,
            "seats": self.config.seats,
            "seated": sorted(
                ({"seat": s.seat, "player": s.name} for s in self.seats.values()),
                key=lambda s: s["seat"],
            ),
            "round": self.round.number,
            "phase": "result" if self.opens_at is not None else self.round.phase_name,
            "seconds_left": left,
            "betting_seconds": self.config.betting_seconds,
            "totals": totals,
            "bets": [
                {"player": b.bettor, "kind": b.kind, "amount": b.amount} for b in self.round.bets
            ],
            "cut_card_out": self.game.cut_card_out,
            "minimum_bet": self.information.get("minimum_bet"),
            "jackpot": self.jackpot_shown,
        }

    def show_jackpot(self, pool: int | None) -> None:
        """The progressive jackpot's display (Macau stud art. 1(4): "Um sistema e expositor
        electrónico do «jackpot progressivo»", an electronic system and display of the
        progressive jackpot): the pool as last known, told to the table when it changes: after
        each of its rounds, and for a linked pool whenever another table's round changed it
        (``Casino.refresh_jackpots``)."""
        if pool is None or pool == self.jackpot_shown:
            return
        self.jackpot_shown = pool
        self.publish({"type": "jackpot", "pool": pool}, None)
