"""The interactive terminal baccarat game behind ``croupier baccarat play``.

A player with a bankroll bets against the house; each round shows the cards in the
regulation's order (Player's first, third cards set apart, PT rule 21), both totals, the
settlement of every bet with the article that decided it, and the balance. Under the Macau rules
a tie leaves Player/Banker bets on the table for the next round (art. 12), where the player may
keep them (Enter), withdraw them ('clear') or change them.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from croupier.cli.language import said
from croupier.cli.render import coup_lines, limits_text, settlement_lines
from croupier.cli.session import TerminalGame
from croupier.errors import RuleViolation
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.round import BaccaratRound
from croupier.games.registry import table_information
from croupier.rng import RandomSource
from croupier.rulesets import Ruleset
from croupier.shoe import Shoe, StackedCards

PLAYER = "you"
ALIASES = {
    "p": "player",
    "player": "player",
    "b": "banker",
    "banker": "banker",
    "t": "tie",
    "tie": "tie",
    "pp": "player_pair",
    "player_pair": "player_pair",
    "bp": "banker_pair",
    "banker_pair": "banker_pair",
    "d7": "dragon7",
    "dragon7": "dragon7",
    "l6": "lucky6",
    "lucky6": "lucky6",
    "jp": "jackpot",
    "jackpot": "jackpot",
}

HELP = """Type your bets as BET AMOUNT pairs, e.g. {example}.
  bets: {offered}
  Enter alone repeats your last bets (or keeps bets a tie left on the table);
  'clear' withdraws bets a tie left on the table; 'rules' shows the table; 'q' ends the session."""
SHORT = {full: short for short, full in ALIASES.items() if short != full}


class TerminalBaccarat(TerminalGame):
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
        self.rules = ruleset.baccarat()
        super().__init__(ruleset, self.rules.money, balance, console, ask)
        if cards is not None:
            self.game = BaccaratGame(self.rules, cards)
        else:
            assert source is not None
            self.game = BaccaratGame(self.rules, Shoe(self.rules.shoe, source))
        self.last_bets: list[tuple[str, int]] = []
        self._shoes_shown = 0

    @property
    def balance(self) -> int:
        return self.session.balance

    @property
    def total_bet(self) -> int:
        return self.session.total_bet

    @property
    def total_paid(self) -> int:
        return self.session.total_paid

    @property
    def rounds(self) -> int:
        return self.session.rounds

    # -- session --------------------------------------------------------------------------
    def run(self) -> None:
        c = self.console
        self.title()
        c.print(self._limits_text())
        c.print(self.help())
        c.print(f"Balance: [bold]{self.money.format(self.balance)}[/]")
        while True:
            try:
                rnd = self.game.start_round()
            except Exception as exc:  # a shoe that cannot start is a fault, not a crash
                c.print(f"[red]the table cannot deal: {exc}[/]")
                break
            self._show_shoe()
            if not self._betting(rnd):
                self._void_unplayed(rnd)
                break
            self._deal(rnd)
            if self.balance < self.rules.minimum_bet and not self.game.carried:
                c.print("[yellow]Your balance is below the table minimum.[/]")
                break
        self._statement()

    def help(self) -> str:
        """The help, from this table's rules: only the bets it offers, and example bets at
        their minimums, which the table accepts (issue 34(4))."""
        r = self.rules
        offered = ", ".join(f"{SHORT.get(k, k)}/{k}" for k in r.offered_bets)
        amount = {k: self.typed(r.limit_for(k).minimum) for k in ("banker", "player", "tie")}
        example = f"'banker {amount['banker']}' or 'p {amount['player']} t {amount['tie']}'"
        return HELP.format(example=example, offered=offered)

    def _limits_text(self) -> str:
        r = self.rules
        limits = limits_text(table_information(r))  # PT rule 15's maxima as enforced
        return f"Limits: {limits}; commission: {r.scheme.description}"

    def _show_shoe(self) -> None:
        starts = self.game.shoe_starts
        while self._shoes_shown < len(starts):
            s = starts[self._shoes_shown]
            self._shoes_shown += 1
            burned = len(s.burned)
            self.console.print(
                f"[dim]New shoe {s.number}: {self.rules.shoe.decks} decks shuffled; order "
                f"committed as sha256 {s.commitment[:16]}...; {burned} card(s) burned.[/]"
            )
            for demo in self.game.demonstrations:
                if demo.shoe == s.number and demo.round.coup is not None:
                    self.console.print("[dim]Demonstration hand (no bets, art. 2(2)):[/]")
                    for line in coup_lines(demo.round.coup):
                        self.console.print(line)

    # -- betting --------------------------------------------------------------------------
    def _betting(self, rnd: BaccaratRound) -> bool:
        """Take this round's bets; False when the player ends the session."""
        c = self.console
        carried = rnd.bets_of(PLAYER)
        if carried:
            self.session.stake(sum(carried.values()))  # a tie's bets are this round's stakes
            text = ", ".join(f"{k} {self.money.format(v)}" for k, v in carried.items())
            c.print(f"[cyan]Your bets stay on the table after the tie (art. 12): {text}[/]")
        while True:
            line = self.read(f"Round {rnd.number} - your bets> ")
            if line is None or line in ("q", "quit", "exit"):
                return False
            if line in ("?", "h", "help"):
                c.print(self.help())
                continue
            if line == "rules":
                c.print(self._limits_text())
                continue
            if line == "clear":
                for kind in list(rnd.bets_of(PLAYER)):
                    try:
                        rnd.withdraw_bet(PLAYER, kind)
                    except RuleViolation as exc:
                        c.print(f"[red]{said(exc)}[/]")
                        continue
                    self.session.refund(carried.get(kind, 0))
                carried = rnd.bets_of(PLAYER)
                c.print("Bets withdrawn.")
                continue
            if not line:
                if rnd.bets_of(PLAYER):
                    return True
                if not self.last_bets:
                    c.print("Place a bet first (type '?' for help).")
                    continue
                wanted = self.last_bets
            else:
                try:
                    wanted = self._parse(line)
                except ValueError as exc:
                    c.print(f"[red]{said(exc)}[/]")
                    continue
            if self._place(rnd, wanted):
                self.last_bets = wanted
                return True

    def _parse(self, line: str) -> list[tuple[str, int]]:
        tokens = line.replace(",", " ").split()
        if len(tokens) % 2:
            raise ValueError("bets: give BET AMOUNT pairs, e.g. 'banker 100' ('?' for help)")
        bets = []
        for name, amount in zip(tokens[::2], tokens[1::2], strict=True):
            if name not in ALIASES:
                raise ValueError(f"bet: unknown bet {name!r} ('?' lists them)")
            bets.append((ALIASES[name], self.money.parse(amount, f"{ALIASES[name]} amount")))
        return bets

    def _place(self, rnd: BaccaratRound, wanted: list[tuple[str, int]]) -> bool:
        """Place all of ``wanted`` or none of it."""
        total = sum(a for _, a in wanted)
        if not self.session.can_stake(total):
            self.console.print(
                f"[red]amount: your bets total {self.money.format(total)} but your balance is "
                f"{self.money.format(self.balance)}[/]"
            )
            return False
        trial = BaccaratRound(
            self.rules,
            StackedCards([]),
            jackpot_pool=rnd.jackpot_pool,
            carried=rnd.bets,
        )
        try:
            for kind, amount in wanted:
                trial.place_bet(PLAYER, kind, amount, seated=True)
        except RuleViolation as exc:
            self.console.print(f"[red]{said(exc)}[/]")
            return False
        for kind, amount in wanted:
            rnd.place_bet(PLAYER, kind, amount, seated=True)
        self.session.stake(total)
        return True

    def _void_unplayed(self, rnd: BaccaratRound) -> None:
        """The player leaves during a betting window: every stake on the table comes back."""
        if rnd.bets:
            settlement = rnd.void("player left before the deal")
            self.session.refund(sum(b.payout for b in settlement.bets if b.bettor == PLAYER))

    # -- dealing --------------------------------------------------------------------------
    def _deal(self, rnd: BaccaratRound) -> None:
        c = self.console
        c.print("[dim]No more bets, cards being dealt.[/]")
        rnd.deal()
        settlement = rnd.settle()
        self.game.finish_round()
        self.session.rounds += 1
        assert rnd.coup is not None
        for line in coup_lines(rnd.coup):
            c.print(line)
        for line in settlement_lines(settlement, self.money, PLAYER):
            c.print(line)
        self.session.paid(sum(b.payout for b in settlement.bets if b.bettor == PLAYER))
        if settlement.jackpot is not None:
            c.print(f"  [dim]jackpot pool: {self.money.format(settlement.jackpot.pool_after)}[/]")
        c.print(f"Balance: [bold]{self.money.format(self.balance)}[/]")
        shoe = self.game.cards
        if isinstance(shoe, Shoe) and shoe.cut_card_out:
            if shoe.finished:
                c.print("[yellow]The cut card is out: this shoe is finished (art. 3(1)).[/]")
            else:
                c.print("[yellow]The cut card is out: one more round (art. 3(1)).[/]")

    def _statement(self) -> None:
        self.console.print(self.session.statement())
