"""The interactive terminal game behind ``croupier blackjack play``, with a strategy trainer.

Bets: ``100`` (one box), ``100 x3`` (three boxes of 100), add ``pair 20`` for the any-pair bet
on each box (art. 13(1)); Enter repeats. Each hand shows its cards, total and legal actions;
type ``?`` for the basic-strategy advice. After each decision the trainer says when it departs
from basic strategy and what that costs on average.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from croupier.cli.language import said
from croupier.cli.render import card_markup
from croupier.cli.session import TerminalGame
from croupier.errors import RuleViolation
from croupier.games.blackjack.information import SOFT17_TEXT
from croupier.games.blackjack.round import BjPhase, BlackjackRound
from croupier.games.blackjack.strategy import BasicStrategy
from croupier.games.blackjack.values import VALUES, is_blackjack, total
from croupier.rng import RandomSource
from croupier.rulesets import Ruleset
from croupier.shoe import CardSource, Shoe, StackedCards

PLAYER = "you"
KEYS = {"h": "hit", "s": "stand", "d": "double", "p": "split", "r": "surrender"}
HELP = """Bets: '{bet}' for one box, '{bet} x3' for three boxes{pair}.
Enter repeats your last bets; 'q' ends the session. In a hand: h hit, s stand, d double,
p split{surrender}, ? basic-strategy advice."""


def hand_text(cards: list[int]) -> str:
    t, soft = total(cards)
    label = "blackjack" if is_blackjack(cards) else f"{'soft ' if soft else ''}{t}"
    return f"{' '.join(card_markup(c) for c in cards)}  [bold]{label}[/]"


class TerminalBlackjack(TerminalGame):
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
        self.rules = ruleset.blackjack()
        super().__init__(ruleset, self.rules.money, balance, console, ask)
        self.stacked = cards
        self.shoe = Shoe(self.rules.shoe, source) if source is not None else None
        self.strategy = BasicStrategy(self.rules)
        self.last: tuple[int, int, int] | None = None  # (amount, boxes, pair)
        self.mistakes = 0
        self.mistake_cost = 0.0

    def help(self) -> str:
        """The help, from this table's rules: example bets at their minimums, the any-pair bet
        and surrender only where the table offers them (issue 34(4))."""
        r = self.rules
        bet = self.typed(r.minimum_bet)
        pair = (
            f", add 'pair {self.typed(r.any_pair_minimum)}' for the any-pair bet"
            if r.any_pair
            else ""
        )
        return HELP.format(bet=bet, pair=pair, surrender=", r surrender" if r.surrender else "")

    def run(self) -> None:
        c, f, r = self.console, self.money.format, self.rules
        self.title()
        c.print(
            f"Bets {f(r.minimum_bet)} to {f(r.maximum_bet) if r.maximum_bet else 'no max'}; "
            f"dealer {SOFT17_TEXT[r.soft17]}; "
            f"blackjack pays {r.blackjack_pays}"
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
            rnd = BlackjackRound(r, cards, number=number)
            if not self._betting(rnd):
                break
            try:
                self._play(rnd)
            finally:
                if self.shoe is not None:
                    self.shoe.end_round()
            if self.session.balance < r.minimum_bet:
                c.print("[yellow]Your balance is below the table minimum.[/]")
                break
        if self.mistakes:
            c.print(
                f"Trainer: {self.mistakes} decision(s) departed from basic strategy, costing "
                f"about {self.mistake_cost:.2f} initial bets in expectation."
            )
        c.print(self.session.statement())

    def _cards(self) -> CardSource | None:
        if self.stacked is not None:
            return self.stacked if self.stacked.cards_remaining >= 4 else None
        assert self.shoe is not None
        shuffled = self.shoe.finished
        self.shoe.begin_round()
        if shuffled:
            self.console.print(
                f"[dim]New shoe: {self.rules.shoe.decks} decks shuffled, "
                f"commitment sha256 {self.shoe.commitment[:16]}...[/]"
            )
        return self.shoe

    def _betting(self, rnd: BlackjackRound) -> bool:
        c = self.console
        while True:
            line = self.read(f"Round {rnd.number} - bets> ")
            if line is None or line in ("q", "quit", "exit"):
                return False
            if line in ("?", "help"):
                c.print(self.help())
                continue
            try:
                amount, boxes, pair = self._parse(line) if line else self._repeat()
            except ValueError as exc:
                c.print(f"[red]{said(exc)}[/]")
                continue
            need = boxes * (amount + pair)
            if not self.session.can_stake(need):
                c.print(
                    f"[red]amount: these bets need {self.money.format(need)}; your balance "
                    f"is {self.money.format(self.session.balance)}[/]"
                )
                continue
            trial = BlackjackRound(self.rules, StackedCards([]))
            try:
                for box in range(1, boxes + 1):
                    trial.place_bet(PLAYER, "bet", amount, box=box)
                    if pair:
                        trial.place_bet(PLAYER, "any_pair", pair, box=box)
            except RuleViolation as exc:
                c.print(f"[red]{said(exc)}[/]")
                continue
            for box in range(1, boxes + 1):
                rnd.place_bet(PLAYER, "bet", amount, box=box)
                if pair:
                    rnd.place_bet(PLAYER, "any_pair", pair, box=box)
            self.session.stake(need)
            self.last = (amount, boxes, pair)
            return True

    def _repeat(self) -> tuple[int, int, int]:
        if self.last is None:
            raise ValueError("bets: type a bet first ('?' for help)")
        return self.last

    def _parse(self, line: str) -> tuple[int, int, int]:
        tokens = line.split()
        amount = self.money.parse(tokens[0], "bet")
        boxes, pair = 1, 0
        rest = tokens[1:]
        while rest:
            token = rest.pop(0)
            if token.startswith("x") and token[1:].isdigit():
                boxes = int(token[1:])
            elif token == "pair" and rest:
                pair = self.money.parse(rest.pop(0), "any_pair")
            else:
                raise ValueError(f"bets: {token!r} not understood ('?' for help)")
        if not 1 <= boxes <= self.rules.boxes:
            raise ValueError(f"boxes: 1 to {self.rules.boxes}")
        return amount, boxes, pair

    def _play(self, rnd: BlackjackRound) -> None:
        c = self.console
        rnd.deal()
        up = rnd.dealer_up
        assert up is not None
        c.print(f"  Dealer  {card_markup(up)}")
        for number, box in sorted(rnd.boxes.items()):
            c.print(f"  Box {number}   {hand_text(box.hands[0].cards)}")
        if rnd.phase is BjPhase.INSURANCE:
            self._insurance(rnd)
        while rnd.current is not None:
            self._decide(rnd)
        c.print(f"  Dealer  {hand_text(rnd.dealer)}")
        s = rnd.settle()
        f = self.money.format
        for b in s.bets:
            where = f"box {b.box}" + (f" hand {b.hand + 1}" if b.hand else "")
            colour = "green" if b.net > 0 else "red" if b.net < 0 else "white"
            c.print(
                f"  {where:<14} {b.kind:<9} {f(b.stake):>12} {b.outcome:<9} "
                f"[{colour}]{'+' if b.net > 0 else ''}{f(b.net)}[/]  [dim]{b.reason}[/]"
            )
        self.session.paid(s.payouts)
        self.session.rounds += 1
        c.print(f"Balance: [bold]{f(self.session.balance)}[/]")

    def _insurance(self, rnd: BlackjackRound) -> None:
        up = rnd.dealer_up
        assert up is not None
        for number, box in sorted(rnd.boxes.items()):
            if box.hands[0].blackjack and self.rules.even_money:
                if self.yes(f"Box {number}: even money? (y/N)> "):
                    rnd.even_money(PLAYER, number)
                continue
            if VALUES[up] == 1 and self.rules.insurance:
                half = box.stakes[PLAYER] // 2 // self.money.unit * self.money.unit
                if (
                    half
                    and self.session.can_stake(half)
                    and self.yes(f"Box {number}: insurance for {self.money.format(half)}? (y/N)> ")
                ):
                    rnd.insure(PLAYER, number, half)
                    self.session.stake(half)
        rnd.close_insurance()

    def _decide(self, rnd: BlackjackRound) -> None:
        c = self.console
        assert rnd.current is not None and rnd.dealer_up is not None
        box_no, index = rnd.current
        hand = rnd.current_hand()
        assert hand is not None
        legal = rnd.legal_actions()
        advice = self.strategy.advise([VALUES[x] for x in hand.cards], VALUES[rnd.dealer_up], legal)
        label = f"Box {box_no}" + (f" hand {index + 1}" if len(rnd.boxes[box_no].hands) > 1 else "")
        keys = " ".join(f"{a}({k})" for k, a in KEYS.items() if a in legal)
        while True:
            line = self.read(f"{label}: {hand_text(hand.cards)}  {keys}> ") or "s"
            if line == "?":
                values = ", ".join(
                    f"{a} {v:+.3f}" for a, v in sorted(advice.values.items(), key=lambda kv: -kv[1])
                )
                c.print(f"  basic strategy: [bold]{advice.action}[/] ({values})")
                continue
            action = KEYS.get(line[:1]) if line else None
            if action is None or action not in legal:
                c.print(f"  choose one of: {', '.join(legal)}")
                continue
            break
        if action != advice.action:
            cost = advice.cost(action)
            self.mistakes += 1
            self.mistake_cost += cost
            c.print(
                f"  [yellow]trainer: basic strategy says {advice.action}; {action} costs "
                f"{cost * 100:.1f}% of the bet on average[/]"
            )
        if action in ("double", "split"):
            extra = sum(rnd.boxes[box_no].stakes.values())
            self.session.stake(extra)
        rnd.act(box_no, action)
        if action != "stand" and hand.cards:
            c.print(f"  {label}: {hand_text(hand.cards)}")
