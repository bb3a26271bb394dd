"""The interactive terminal game behind ``croupier stud play``.

You play one hand against the dealer: place an ante (and a jackpot bet if the table offers
one), see your five cards and the dealer's face-up card, then raise (twice the ante, art. 6(6))
or fold (art. 6(7)). The dealer's hand is then opened and every bet settled with its article.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from croupier.cli.language import said
from croupier.cli.render import card_markup
from croupier.cli.session import TerminalGame
from croupier.errors import RuleViolation
from croupier.games.stud.evaluator import category_of, rank5
from croupier.games.stud.round import StudRound
from croupier.rng import RandomSource
from croupier.rulesets import Ruleset
from croupier.shoe import CardSource, Shoe, StackedCards

PLAYER = "you"
SEAT = 1
HELP = """Type your ante, e.g. '{ante}' (Enter repeats the last one){jackpot}.
Then 'r' to raise (twice the ante) or 'f' to fold. 'q' ends the session."""


class TerminalStud(TerminalGame):
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
        self.rules = ruleset.stud()
        super().__init__(ruleset, self.rules.money, balance, console, ask)
        self.stacked = cards
        self.shoe = Shoe(self.rules.shoe, source) if source is not None else None
        self.pool = self.rules.jackpot.seed if self.rules.jackpot else None
        self.last: tuple[int, bool] | None = None

    def run(self) -> None:
        c = self.console
        r = self.rules
        f = self.money.format
        self.title()
        maximum = f(r.maximum_ante) if r.maximum_ante else "no maximum"
        jackpot = f", jackpot bet {f(r.jackpot.stake)}" if r.jackpot and r.jackpot.stake else ""
        c.print(
            f"Ante {f(r.minimum_ante)} to {maximum}{jackpot}; royal flush pays "
            f"{r.royal_flush_pays}:1 on the raise"
        )
        c.print(self.help())
        c.print(f"Balance: [bold]{f(self.session.balance)}[/]")
        number = 0
        while True:
            number += 1
            cards = self._cards()
            if cards is None:
                c.print("[yellow]No cards left.[/]")
                break
            rnd = StudRound(r, cards, number=number, jackpot_pool=self.pool)
            if not self._betting(rnd):
                break
            rnd.deal()
            self._show_hand(rnd)
            decision = self._decision()
            # leaving with a hand dealt folds it (art. 6(7))
            self._play_out(rnd, decision or "fold")
            if self.shoe is not None:
                self.shoe.end_round()
            if decision is None:
                break
            if self.session.balance < r.minimum_ante * 3:
                c.print("[yellow]Your balance cannot cover an ante and its raise.[/]")
                break
        c.print(self.session.statement())

    def help(self) -> str:
        """The help, from this table's rules: an example ante at its minimum, and the jackpot
        bet only where the table has one (issue 34(4))."""
        ante = self.typed(self.rules.minimum_ante)
        jackpot = f"; add 'j' for the jackpot bet, e.g. '{ante} j'" if self.rules.jackpot else ""
        return HELP.format(ante=ante, jackpot=jackpot)

    def _cards(self) -> CardSource | None:
        if self.stacked is not None:
            return self.stacked if self.stacked.cards_remaining >= 10 else None
        assert self.shoe is not None
        if self.shoe._in_round:
            self.shoe.end_round()
        self.shoe.begin_round()
        return self.shoe

    def _betting(self, rnd: StudRound) -> bool:
        c = self.console
        while True:
            line = self.read(f"Round {rnd.number} - ante> ")
            if line is None or line in ("q", "quit", "exit"):
                return False
            if line in ("?", "h", "help"):
                c.print(self.help())
                continue
            if not line and self.last is None:
                c.print("Type an ante first ('?' for help).")
                continue
            if line:
                try:
                    ante, jackpot = self._parse(line)
                except ValueError as exc:
                    c.print(f"[red]{said(exc)}[/]")
                    continue
            else:
                assert self.last is not None
                ante, jackpot = self.last
            spec = self.rules.jackpot
            jp = (spec.stake or 0) if jackpot and spec else 0
            if not self.session.can_stake(3 * ante + jp):
                c.print(
                    f"[red]amount: an ante of {self.money.format(ante)} and its raise need "
                    f"{self.money.format(3 * ante + jp)}; your balance is "
                    f"{self.money.format(self.session.balance)}[/]"
                )
                continue
            try:
                trial = StudRound(self.rules, StackedCards([]), jackpot_pool=rnd.jackpot_pool)
                trial.place_bet(PLAYER, "ante", ante, box=SEAT)
                if jackpot:
                    trial.place_bet(PLAYER, "jackpot", jp or 0, box=SEAT)
            except RuleViolation as exc:
                c.print(f"[red]{said(exc)}[/]")
                continue
            rnd.place_bet(PLAYER, "ante", ante, box=SEAT)
            if jackpot:
                rnd.place_bet(PLAYER, "jackpot", jp, box=SEAT)
            self.session.stake(ante + jp)
            self.last = (ante, jackpot)
            return True

    def _parse(self, line: str) -> tuple[int, bool]:
        parts = line.split()
        jackpot = "j" in parts[1:]
        if any(p != "j" for p in parts[1:]):
            raise ValueError("ante: type an amount, optionally followed by 'j'")
        return self.money.parse(parts[0], "ante"), jackpot

    def _show_hand(self, rnd: StudRound) -> None:
        cards = rnd.hand_cards(SEAT)
        category = category_of(rank5(cards)).replace("_", " ")
        up = rnd.dealer[4]
        self.console.print(
            f"  Your hand  {' '.join(card_markup(x) for x in cards)}   [bold]{category}[/]"
        )
        self.console.print(
            f"  Dealer     {' '.join(['[white on blue] ?? [/]'] * 4)} {card_markup(up)}"
        )

    def _decision(self) -> str | None:
        while True:
            line = self.read("raise or fold (r/f)> ")
            if line is None:
                return None
            if line in ("r", "raise"):
                return "raise"
            if line in ("f", "fold"):
                return "fold"
            if line in ("q", "quit"):
                return None
            self.console.print("Type 'r' to raise twice your ante or 'f' to fold.")

    def _play_out(self, rnd: StudRound, decision: str) -> None:
        c = self.console
        if decision == "raise":
            raise_amount = 2 * rnd.bets[0].amount
            self.session.stake(raise_amount)
            rnd.raise_bet(SEAT)
        else:
            rnd.fold(SEAT)
        s = rnd.settle()
        self.session.rounds += 1
        self.pool = s.jackpot_pool
        qualifies = "qualifies" if s.dealer_qualifies else "does not qualify (needs A-K)"
        c.print(
            f"  Dealer     {' '.join(card_markup(x) for x in s.dealer_cards)}   "
            f"[bold]{(s.dealer_category or '').replace('_', ' ')}[/], {qualifies}"
        )
        f = self.money.format
        for b in s.bets:
            colour = "green" if b.net > 0 else "red" if b.net < 0 else "white"
            c.print(
                f"  {b.kind:<8} {f(b.stake):>14}  {b.outcome:<5} paid {f(b.payout):>14}  "
                f"[{colour}]{'+' if b.net > 0 else ''}{f(b.net)}[/]  [dim]{b.reason}[/]"
            )
        self.session.paid(s.payouts)
        if s.jackpot_pool is not None:
            c.print(f"  [dim]jackpot pool: {f(s.jackpot_pool)}[/]")
        c.print(f"Balance: [bold]{f(self.session.balance)}[/]")
