"""Settling a blackjack round: each hand against the dealer's (arts. 9-11, 16(6), 17(3),
18 [1991]), even money, insurance (art. 12 [1991]) and the any-pair bet (art. 13(1)); and a
void round, every stake returned (PT 812/2015 rule 29)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.blackjack.booking import booked
from croupier.games.blackjack.hands import BjPhase, Box, Hand, cite
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.values import is_blackjack, total
from croupier.games.protocol import Bet, BetSettlement, SettlementTotals, allowed
from croupier.i18n.message import msg


@dataclass(frozen=True)
class BlackjackSettlement(SettlementTotals):
    round: int
    void: bool
    reason: str | None
    bets: tuple[BetSettlement, ...]
    dealer_cards: tuple[int, ...]
    house_result: int
    carry_over: tuple[Bet, ...] = ()  # nothing stays on a blackjack table

    @cached_property
    def ledger(self) -> tuple[BetSettlement, ...]:
        """One line per player and kind (:mod:`croupier.games.blackjack.booking`)."""
        return booked(self.bets)


class Settling:
    """The settlement of :class:`croupier.games.blackjack.round.BlackjackRound`."""

    rules: BlackjackRules
    number: int
    boxes: dict[int, Box]
    dealer: list[int]
    settlement: BlackjackSettlement | None
    _phase: BjPhase
    _current: tuple[int, int] | None

    if TYPE_CHECKING:

        def _end(
            self,
            settlement: BlackjackSettlement,
            command: str,
            phase: BjPhase,
            args: Mapping[str, Any] | None = None,
        ) -> None: ...

    # -- a void round (PT online rule 29; Macau baccarat art. 10's principle) -----------------
    def verify_void(self) -> None:
        if self._phase in (BjPhase.SETTLED, BjPhase.VOID):
            raise RuleViolation("phase", "a settled round cannot be voided", pt("rule 29"))

    def void(self, reason: str = "operator fault") -> BlackjackSettlement:
        """Every stake returned in full: the initial bets, doubles and splits, insurance and
        any-pair bets (a fault before the result is known, PT 812/2015 rule 29)."""
        self.verify_void()
        returned: list[BetSettlement] = []
        why = f"void: {reason} (PT 812/2015 rule 29)"
        for number in sorted(self.boxes):
            box = self.boxes[number]
            for player, stake in box.stakes.items():
                hands = box.hands or [Hand()]
                for index, hand in enumerate(hands):
                    bet = stake * (2 if hand.doubled else 1)
                    returned.append(
                        BetSettlement(player, "hand", bet, "void", bet, 0, why, number, index)
                    )
            for kind, held in (("insurance", box.insurance), ("any_pair", box.any_pair)):
                for player, amount in held.items():
                    returned.append(
                        BetSettlement(player, kind, amount, "void", amount, 0, why, number)
                    )
        s = BlackjackSettlement(self.number, True, reason, tuple(returned), tuple(self.dealer), 0)
        self._current = None
        self._end(s, "void", BjPhase.VOID, {"reason": reason})
        return s

    # -- settlement -----------------------------------------------------------------------
    def verify_settle(self) -> None:
        if self._phase is not BjPhase.DEALER:
            raise RuleViolation(
                "phase",
                msg("nothing to settle yet ({value})", value=self._phase.value),
                cite("art. 9"),
            )

    def can_settle(self) -> bool:
        return allowed(self.verify_settle)

    def settle(self) -> BlackjackSettlement:
        self.verify_settle()
        rules = self.rules
        dealer_bj = is_blackjack(self.dealer)
        d_total = total(self.dealer)[0]
        settled: list[BetSettlement] = []
        for number in sorted(self.boxes):
            box = self.boxes[number]
            for player, stake in box.stakes.items():
                if player in box.even_money:  # even money: 1:1 at once [1991]
                    settled.append(
                        BetSettlement(
                            player,
                            "hand",
                            stake,
                            "win",
                            2 * stake,
                            0,
                            cite("art. 12 [1991] even money"),
                            number,
                            0,
                        )
                    )
                    continue
                for index, hand in enumerate(box.hands):
                    settled.append(
                        self._settle_hand(
                            player, stake, number, index, hand, box, dealer_bj, d_total
                        )
                    )
            for player, amount in box.insurance.items():
                if dealer_bj:
                    settled.append(
                        BetSettlement(
                            player,
                            "insurance",
                            amount,
                            "win",
                            3 * amount,
                            0,
                            cite("art. 12 [1991]"),
                            number,
                        )
                    )
                else:
                    settled.append(
                        BetSettlement(
                            player,
                            "insurance",
                            amount,
                            "lose",
                            0,
                            0,
                            cite("art. 12 [1991]"),
                            number,
                        )
                    )
            for player, amount in box.any_pair.items():
                if box.pairs_formed:
                    payout = amount + amount * rules.any_pair_pays * box.pairs_formed
                    settled.append(
                        BetSettlement(
                            player,
                            "any_pair",
                            amount,
                            "win",
                            payout,
                            0,
                            cite("art. 13(1) (Despacho 42/2007)"),
                            number,
                        )
                    )
                else:
                    settled.append(
                        BetSettlement(
                            player,
                            "any_pair",
                            amount,
                            "lose",
                            0,
                            0,
                            cite("art. 13(1) (Despacho 42/2007)"),
                            number,
                        )
                    )
        house = sum(b.stake - b.payout for b in settled)
        s = BlackjackSettlement(self.number, False, None, tuple(settled), tuple(self.dealer), house)
        self._end(s, "settle", BjPhase.SETTLED)
        return s

    def _settle_hand(
        self,
        player: str,
        stake: int,
        box_no: int,
        index: int,
        hand: Hand,
        box: Box,
        dealer_bj: bool,
        d_total: int,
    ) -> BetSettlement:
        rules = self.rules
        money = rules.money
        bet = stake * (2 if hand.doubled else 1)

        def out(outcome: Any, payout: int, why: str) -> BetSettlement:
            return BetSettlement(player, "hand", bet, outcome, payout, 0, why, box_no, index)

        if hand.surrendered:
            return out("surrender", money.to_player(Fraction(bet, 2)), cite("art. 18 [1991]"))
        if dealer_bj and len(box.hands) > 1 and rules.split_loses_initial_only:
            # art. 16(6): "Quando a banca fizer «black jack», o jogador que tenha separado as
            # cartas ... apenas perde a sua aposta inicial": the split loses the initial bet,
            # once, taken from the first hand, whatever became of each hand (a bust, a double);
            # every other stake comes back. Until issue 17 a busted second hand lost too.
            why = cite("art. 16(6) (Despacho 42/2007)")
            return out("lose", bet - stake, why) if index == 0 else out("push", bet, why)
        if hand.busted:
            return out("lose", 0, cite("art. 7, 9 [1991]: a hand over 21 loses at once"))
        if hand.blackjack:
            if dealer_bj:
                return out("push", bet, cite("art. 10 [1991]: blackjack against blackjack"))
            prize = money.to_player(bet * rules.blackjack_pays)
            return out("blackjack", bet + prize, cite("art. 10 [1991]"))
        if dealer_bj:
            # only the initial bet is lost after a double (art. 17(3)); a split: above
            if hand.doubled and rules.double_keeps_initial_only:
                return out("lose", bet - stake, cite("art. 17(3) (Despacho 42/2007)"))
            return out("lose", 0, cite("art. 10 [1991]: dealer blackjack"))
        if d_total > 21 or hand.total > d_total:
            return out("win", 2 * bet, cite("art. 9 [1991]"))
        if hand.total < d_total:
            return out("lose", 0, cite("art. 9 [1991]"))
        return out("push", bet, cite("art. 11 [practice]"))
