"""``croupier play``: any registered game at the terminal, driven by its spec (issue 27(1)). A
game with a terminal table of its own (its spec's ``terminal``: baccarat's road and squeeze,
stud's raise, blackjack's trainer) plays on it; any other on :class:`TerminalTable`: its bets
from the game's information, placed as ``KIND AMOUNT`` (several with commas), the round dealt
through the table protocol, every decision at the game's default, the result and each bet's
settlement shown, the session's statement at the end."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console

from croupier.cli.common import SEED_OPTION, SET_OPTION, console, load
from croupier.cli.common import bankroll as parse_bankroll
from croupier.cli.language import said
from croupier.cli.session import TerminalGame
from croupier.errors import CroupierError, RuleViolation
from croupier.games.autoplay import play_out
from croupier.games.registry import spec_of, table_game, table_information
from croupier.rng import RandomSource, source_for
from croupier.rulesets import Ruleset
from croupier.shoe import StackedCards

ME = "you"


def play_command(
    ruleset: str = typer.Option(
        ..., "--ruleset", "-r", help="Preset name (see 'croupier rules') or a .toml file."
    ),
    bankroll: str = typer.Option("10000", "--bankroll", help="Starting balance (major units)."),
    seed: int = SEED_OPTION,
    settings: list[str] = SET_OPTION,
) -> None:
    """Play any game against the house in the terminal."""
    play_game(ruleset, settings, bankroll, seed)


def play_game(
    ruleset: str, settings: list[str], bankroll: str, seed: int | None, game: str | None = None
) -> None:
    """The terminal table of ``ruleset``'s game (which must be ``game``, when given), the
    player starting with ``bankroll`` major units."""
    loaded = load(ruleset, settings, game)
    spec = spec_of(loaded.rules)
    balance = parse_bankroll(loaded.rules.money, bankroll)
    if spec.terminal is not None:
        module, _, name = spec.terminal.partition(":")
        table: Any = getattr(importlib.import_module(module), name)
    else:
        table = TerminalTable
    table(loaded, balance, source_for(seed), console).run()


class TerminalTable(TerminalGame):
    """Any game at the terminal, from its information and the table protocol."""

    def __init__(
        self,
        ruleset: Ruleset,
        balance: int,
        source: RandomSource | None,
        console: Console,
        *,
        cards: StackedCards | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        rules = ruleset.rules
        super().__init__(ruleset, rules.money, balance, console, ask)
        self.info = table_information(rules)
        if cards is None and source is None:
            raise ValueError("a terminal table needs a random source or stacked cards")
        self.game = table_game(rules, source or source_for(None), cards=cards)
        self.kinds = [b["kind"] for b in self.info["bets"] if b["area"] != "decision"]
        self.last: list[tuple[str, int]] = []

    def run(self) -> None:
        c, f = self.console, self.money.format
        self.title()
        for bet in self.info["bets"]:
            if bet["area"] != "decision":
                most = "no maximum" if bet["maximum"] is None else f(bet["maximum"])
                low = f(bet["minimum"] or self.info["minimum_bet"])
                c.print(f"  {bet['kind']}: {bet['title']}, pays {bet['pays']} ({low} to {most})")
        c.print(f"Bets as 'KIND AMOUNT', several with commas ({', '.join(self.kinds)}); Enter "
                "repeats the last; 'q' ends the session.")  # fmt: skip
        c.print(f"Balance: [bold]{f(self.session.balance)}[/]")
        while True:
            bets = self._bets()
            if bets is None:
                break
            try:
                self._round(bets)
            except CroupierError as error:  # the cards ran out: the shoe ends the session
                c.print(f"[yellow]{error}[/]")
                break
        c.print(self.session.statement())

    def _bets(self) -> list[tuple[str, int]] | None:
        while True:
            answer = self.read("Your bets: ")
            if answer is None or answer in ("q", "quit"):
                return None
            if not answer and self.last:
                return self.last
            try:
                bets = [self._bet(part) for part in answer.split(",") if part.strip()]
            except ValueError as error:
                self.console.print(f"[red]{error}[/]")
                continue
            if bets and self.session.can_stake(sum(a for _, a in bets)):
                self.last = bets
                return bets
            self.console.print("[red]bets: name at least one, within your balance[/]")

    def _bet(self, text: str) -> tuple[str, int]:
        words = text.split()
        if len(words) != 2 or words[0] not in self.kinds:
            raise ValueError(f"bet {text.strip()!r}: write KIND AMOUNT, KIND one of "
                             f"{', '.join(self.kinds)}")  # fmt: skip
        return words[0], self.money.parse(words[1], "amount")

    def _round(self, bets: list[tuple[str, int]]) -> None:
        c, f = self.console, self.money.format
        rnd = self.game.start_round()
        for kind, amount in bets:
            try:
                rnd.place_bet(ME, kind, amount)
                self.session.stake(amount)
            except RuleViolation as refused:
                c.print(f"[red]{kind}: {said(refused)}[/]")
        if not rnd.bets:
            rnd.void("no bets")
            self.game.finish_round()
            return
        play_out(rnd)
        settlement = self.game.finish_round()
        self.session.rounds += 1
        shown = ", ".join(f"{k} {' '.join(map(str, v)) if isinstance(v, list) else v}"
                          for k, v in rnd.result().items())  # fmt: skip
        c.print(f"[bold]Round {rnd.number}[/]: {shown}")
        for line in settlement.bets:
            self.session.paid(line.payout)
            c.print(f"  {line.kind} {f(line.stake)}: {line.outcome.replace('_', ' ')}, "
                    f"paid {f(line.payout)}")  # fmt: skip
        c.print(f"Balance: [bold]{f(self.session.balance)}[/]")
