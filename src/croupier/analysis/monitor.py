"""The shoe monitor: follow a baccarat shoe and re-analyse it exactly before every round.

Game-protection teams use this against card counting on side bets: after each round the cards
seen are removed from the composition and every bet's exact expected value for the next round
is computed (:mod:`croupier.analysis.baccarat_par`); a bet whose value has turned positive for
the player is flagged. At the end of the shoe: how many rounds each bet was positive, and what a
player who bet one unit on it only in those rounds would have won.

Cards come as a stream in dealing order (any separators); a line starting with ``burn`` lists
cards that left the shoe without being dealt (the opening burn, art. 2(1); a per-round burn,
art. 8). The rounds are cut from the stream by the drawing rules themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.analysis.baccarat_exact import Composition
from croupier.analysis.baccarat_par import bet_figures, net_per_unit
from croupier.cards import cards_text, parse_cards
from croupier.errors import CardsExhausted
from croupier.games.baccarat.coup import Coup, deal_coup
from croupier.games.baccarat.rules import BaccaratRules
from croupier.rng import RandomSource
from croupier.shoe import Shoe, StackedCards


@dataclass
class BetTally:
    positive_rounds: int = 0
    won: Fraction = Fraction(0)


@dataclass
class MonitorReport:
    rounds: list[dict[str, Any]] = field(default_factory=list)
    tallies: dict[str, BetTally] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        return {
            bet: {"positive_rounds": t.positive_rounds, "won_betting_only_then": float(t.won)}
            for bet, t in self.tallies.items()
        }


def parse_stream(lines: Iterable[str]) -> Iterator[tuple[str, list[int]]]:
    """("burn", cards) and ("deal", cards) items from the text of a shoe."""
    for line in lines:
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if text.lower().startswith("burn"):
            yield "burn", parse_cards(text[4:].replace(":", " "))
        else:
            yield "deal", parse_cards(text)


class ShoeMonitor:
    def __init__(self, rules: BaccaratRules, decks: int | None = None) -> None:
        self.rules = rules
        self.comp = Composition.full(decks or rules.shoe.decks)
        self.report = MonitorReport()
        self._pending: list[int] = []

    def burn(self, cards: Iterable[int]) -> None:
        self.comp = self.comp.remove(list(cards))

    def next_round_values(self) -> dict[str, Fraction]:
        """Exact expected value per unit of every bet for the next round."""
        _, bets = bet_figures(self.rules, self.comp)
        return {b.bet: b.expected for b in bets}

    def observe(self, coup: Coup) -> dict[str, Any]:
        """Record a round: the values it was dealt under, and its result."""
        values = self.next_round_values()
        positive = [bet for bet, ev in values.items() if ev > 0]
        for bet, ev in values.items():
            tally = self.report.tallies.setdefault(bet, BetTally())
            if ev > 0:
                tally.positive_rounds += 1
                tally.won += net_per_unit(bet, self.rules, coup)
        self.comp = self.comp.remove(list(coup.dealing_order))
        record = {
            "round": len(self.report.rounds) + 1,
            "cards_left_before": self.comp.size + len(coup.dealing_order),
            "expected_values": {bet: float(ev) for bet, ev in values.items()},
            "positive": positive,
            "player_cards": cards_text(coup.player),
            "banker_cards": cards_text(coup.banker),
            "winner": coup.winner,
        }
        self.report.rounds.append(record)
        return record

    def feed(self, items: Iterable[tuple[str, list[int]]]) -> Iterator[dict[str, Any]]:
        """Follow a card stream, yielding each round's record as soon as it is complete."""
        for kind, cards in items:
            if kind == "burn":
                self.burn(cards)
                continue
            self._pending.extend(cards)
            while self.comp.size >= 6:
                source = StackedCards(self._pending)
                try:
                    coup = deal_coup(source.draw)
                except CardsExhausted:
                    break  # the rest of this round has not been dealt yet
                self._pending = self._pending[source.position :]
                yield self.observe(coup)

    @property
    def incomplete(self) -> list[str]:
        """The cards fed after the last complete round (a round not dealt to its end)."""
        return cards_text(self._pending)

    def simulate(self, source: RandomSource) -> Iterator[dict[str, Any]]:
        """Deal one shoe by the ruleset's procedures and follow it."""
        shoe = Shoe(self.rules.shoe, source)
        start = shoe.shuffle()
        self.burn(start.burned)
        while not shoe.finished:
            burned = shoe.begin_round()
            self.burn(burned)
            try:
                coup = deal_coup(shoe.draw)
            except CardsExhausted:
                break
            shoe.end_round()
            yield self.observe(coup)
