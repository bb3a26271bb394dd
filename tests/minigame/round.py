"""One round of high card: bets by kind (croupier's KindBets), one card to Dragon then one to
Tiger, the higher rank wins; a tie pays the tie bet 8 to 1 and takes half of the others (an
outcome croupier's games do not have: "lose_half", open as issue 27(2) asks)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.cards import card_text, rank_of
from croupier.errors import RuleViolation
from croupier.games.kind_bets import BetPhase, KindBets
from croupier.games.protocol import Bet, BetSettlement, Event, LogEntry, SettlementTotals
from croupier.games.shoe_rounds import ShoeRounds
from croupier.games.wager_round import replay as replay_round
from croupier.shoe import CardSource, Shoe, StackedCards
from tests.minigame.rules import KINDS, PAYS, HighCardRules

RULE = "high card"


Phase = BetPhase


@dataclass(frozen=True)
class Settlement(SettlementTotals):
    round: int
    void: bool
    reason: str | None
    bets: tuple[BetSettlement, ...]
    house_result: int
    carry_over: tuple[Bet, ...] = ()


def rank(card: int) -> int:
    return rank_of(card)  # 2 lowest, ace highest; suits do not count


class HighCardRound(KindBets):
    def __init__(
        self,
        rules: HighCardRules,
        cards: CardSource,
        *,
        number: int = 1,
        carried: Iterable[Bet] = (),
    ) -> None:
        self.rules = rules
        self.cards = cards
        self.number = number
        self.jackpot_pool: int | None = None
        self.log: list[LogEntry] = []
        self.settlement: Settlement | None = None
        self.dragon: int | None = None
        self.tiger: int | None = None
        self._phase = Phase.BETTING
        self._bets: dict[tuple[str, str], Bet] = {}
        self._take_carried(carried)

    def _verify_bet(self, bet: Bet, table: list[Bet]) -> None:
        if bet.kind not in KINDS:
            raise RuleViolation("kind", f"{bet.kind!r}: bets are {', '.join(KINDS)}", RULE)
        if bet.amount < self.rules.minimum_bet:
            raise RuleViolation("amount", f"the minimum is {self.rules.minimum_bet}", RULE)
        if self.rules.maximum_bet is not None and bet.amount > self.rules.maximum_bet:
            raise RuleViolation("amount", f"the maximum is {self.rules.maximum_bet}", RULE)

    def verify_deal(self) -> None:
        if self._phase not in (Phase.BETTING, Phase.CLOSED):
            raise RuleViolation("phase", f"cards are already dealt ({self.phase_name})", RULE)

    def deal(self) -> tuple[Event, ...]:
        self.verify_deal()
        self._phase = Phase.CLOSED
        self.dragon = self.cards.draw()
        self.tiger = self.cards.draw()
        self._phase = Phase.DEALT
        events = [
            Event("card_dealt", {"hand": "dragon", "card": card_text(self.dragon)}),
            Event("card_dealt", {"hand": "tiger", "card": card_text(self.tiger)}),
        ]
        return self._record("deal", {}, events)

    def winner(self) -> str:
        assert self.dragon is not None and self.tiger is not None
        d, t = rank(self.dragon), rank(self.tiger)
        return "tie" if d == t else ("dragon" if d > t else "tiger")

    def result(self) -> dict[str, Any]:
        if self.dragon is None or self.tiger is None:
            return {}
        return {
            "dragon_cards": [card_text(self.dragon)],
            "tiger_cards": [card_text(self.tiger)],
            "winner": self.winner(),
        }

    def settle(self) -> Settlement:
        if self._phase is not Phase.DEALT:
            raise RuleViolation("phase", f"nothing to settle ({self.phase_name})", RULE)
        winner = self.winner()
        settled = []
        for bet in self._bets.values():
            if bet.kind == winner:
                outcome, payout = "win", bet.amount * (1 + PAYS[bet.kind])
            elif winner == "tie":  # Dragon Tiger's rule: a tie takes half of the other bets
                outcome, payout = "lose_half", bet.amount // 2
            else:
                outcome, payout = "lose", 0
            settled.append(
                BetSettlement(bet.bettor, bet.kind, bet.amount, outcome, payout, 0, RULE)
            )
        house = sum(b.stake - b.payout for b in settled)
        settlement = Settlement(self.number, False, None, tuple(settled), house)
        self._end(settlement, "settle", Phase.SETTLED)
        return settlement

    def verify_void(self) -> None:
        if self._phase in (Phase.SETTLED, Phase.VOID):
            raise RuleViolation("phase", f"the round is already {self.phase_name}", RULE)

    def void(self, reason: str = "fault") -> Settlement:
        self.verify_void()
        settled = tuple(
            BetSettlement(b.bettor, b.kind, b.amount, "void", b.amount, 0, RULE)
            for b in self._bets.values()
        )
        settlement = Settlement(self.number, True, reason, settled, 0)
        self._end(settlement, "void", Phase.VOID, {"reason": reason})
        return settlement


def replay(rules: HighCardRules, cards: CardSource, log: Sequence[LogEntry]) -> HighCardRound:
    return replay_round(HighCardRound, log, rules=rules, cards=cards)


@dataclass
class HighCardGame(ShoeRounds[HighCardRound, Settlement]):
    rules: HighCardRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    carried: tuple[Bet, ...] = ()
    rounds_played: int = 0
    _current: HighCardRound | None = None

    def _new_round(self, number: int, burned: tuple[int, ...]) -> HighCardRound:
        return HighCardRound(self.rules, self.cards, number=number)
