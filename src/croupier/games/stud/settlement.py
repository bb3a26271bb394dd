"""Settling a stud round (art. 9, 10): the dealer's hand opened and qualified (ace-king or
better, art. 9(1)), each live hand's ante and raise paid by the paytable of art. 9(5) or lost,
the progressive jackpot of art. 10 over its pool, and the jackpot bets that wait (art. 11(1))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from croupier.errors import RuleViolation
from croupier.games.protocol import Bet, BetSettlement, SettlementTotals, allowed
from croupier.games.stud.evaluator import category_of, rank5
from croupier.games.stud.hand import SeatHand, StudPhase
from croupier.games.stud.hands import CATEGORY_ARTICLE, dealer_qualifies
from croupier.games.stud.jackpot import StudJackpotResult, settle_stud_jackpot
from croupier.games.stud.rules import CAPPED, JACKPOT_COMBINATIONS, RAISE_ARTICLE, StudRules, cite
from croupier.i18n.message import msg


@dataclass(frozen=True, slots=True)
class HandResult:
    seat: int
    player: str | None
    cards: tuple[int, ...]
    category: str
    rank: int
    folded: bool
    dead: bool
    beats_dealer: bool


@dataclass(frozen=True)
class StudSettlement(SettlementTotals):
    round: int
    void: bool
    reason: str | None
    bets: tuple[BetSettlement, ...]
    carry_over: tuple[Bet, ...]
    dealer_cards: tuple[int, ...]
    dealer_category: str | None
    dealer_qualifies: bool | None
    hands: tuple[HandResult, ...]
    jackpot: StudJackpotResult | None
    house_result: int

    @property
    def pool_change(self) -> int:
        return self.jackpot.pool.change if self.jackpot is not None else 0

    @property
    def jackpot_pool(self) -> int | None:
        return self.jackpot.pool.after if self.jackpot is not None else None


class Settling:
    """The settlement of :class:`croupier.games.stud.round.StudRound`."""

    rules: StudRules
    number: int
    dealer: list[int]
    jackpot_pool: int | None
    _phase: StudPhase
    _hands: dict[int, SeatHand]

    if TYPE_CHECKING:

        @property
        def undecided(self) -> list[int]: ...

        def _end(
            self,
            settlement: StudSettlement,
            command: str,
            phase: StudPhase,
            args: Mapping[str, Any] | None = None,
        ) -> None: ...

    def verify_settle(self) -> None:
        if self._phase is not StudPhase.DECIDING:
            raise RuleViolation(
                "phase", msg("nothing to settle ({value})", value=self._phase.value), cite("art. 9")
            )
        if self.undecided:
            raise RuleViolation(
                "seat",
                msg("seats {undecided} have not raised or folded", undecided=self.undecided),
                cite("art. 6(8)"),
            )

    def can_settle(self) -> bool:
        return allowed(self.verify_settle)

    def _waiting_jackpots(self) -> set[int]:
        """Seats holding only a jackpot bet carried from a void round (art. 11(1)): no ante
        was placed on them, so they are not dealt, and the bet waits for the next round."""
        return {s for s, h in self._hands.items() if h.jackpot and not h.ante and not h.dead}

    def settle(self) -> StudSettlement:
        """Open the dealer's hand and settle every bet (art. 9, 10)."""
        self.verify_settle()
        rules = self.rules
        money = rules.money
        d_rank = rank5(self.dealer)
        d_cat = category_of(d_rank)
        qualifies = dealer_qualifies(self.dealer, d_cat)
        settled: list[BetSettlement] = []
        results: list[HandResult] = []
        house = 0
        eligible: list[tuple[int, str]] = []
        jackpot_stakes = 0
        waiting = self._waiting_jackpots()
        for seat in sorted(self._hands):
            hand = self._hands[seat]
            if seat in waiting:
                continue
            rank = rank5(hand.cards)
            cat = category_of(rank)
            folded = hand.decision == "fold"
            results.append(
                HandResult(
                    seat,
                    hand.player,
                    tuple(hand.cards),
                    cat,
                    rank,
                    folded,
                    hand.dead,
                    rank > d_rank,
                )
            )
            if hand.dead or hand.player is None:
                continue
            for bet in self._settle_hand(hand, rank, cat, d_rank, qualifies):
                settled.append(bet)
                house += bet.stake - bet.payout
            if hand.jackpot:
                jackpot_stakes += hand.jackpot
                if not folded and cat in JACKPOT_COMBINATIONS:
                    eligible.append((seat, cat))
        jackpot = None
        if rules.jackpot is not None:
            pool = self.jackpot_pool if self.jackpot_pool is not None else rules.jackpot.seed
            jackpot = settle_stud_jackpot(rules.jackpot, pool, jackpot_stakes, eligible, money)
            paid = {w.seat: w for w in jackpot.wins}
            for seat in sorted(self._hands):
                hand = self._hands[seat]
                if not hand.jackpot or hand.player is None or seat in waiting:
                    continue
                win = paid.get(seat)
                if win is not None:
                    settled.append(
                        BetSettlement(
                            hand.player,
                            "jackpot",
                            hand.jackpot,
                            "win",
                            win.amount,
                            0,
                            win.article,
                            seat,
                        )
                    )
                else:
                    why = cite("art. 6(7), 10") if hand.decision == "fold" else cite("art. 10(2)")
                    settled.append(
                        BetSettlement(hand.player, "jackpot", hand.jackpot, "lose", 0, 0, why, seat)
                    )
            movement = jackpot.pool
            house += (
                jackpot_stakes
                - movement.contributions
                - movement.paid_by_house
                - movement.house_funding
            )
        carried = []
        for seat in sorted(waiting):  # a carried jackpot bet whose hand took no ante this round
            hand = self._hands[seat]
            assert hand.player is not None
            why = cite("art. 11(1): carried; it waits for an ante on its hand (art. 10(1))")
            settled.append(
                BetSettlement(
                    hand.player, "jackpot", hand.jackpot, "push", hand.jackpot, 0, why, seat
                )
            )
            carried.append(Bet(hand.player, "jackpot", hand.jackpot, True, seat))
        settlement = StudSettlement(
            self.number,
            False,
            None,
            tuple(settled),
            tuple(carried),
            tuple(self.dealer),
            d_cat,
            qualifies,
            tuple(results),
            jackpot,
            house,
        )
        self._end(settlement, "settle", StudPhase.SETTLED)
        return settlement

    def _settle_hand(
        self, hand: SeatHand, rank: int, cat: str, d_rank: int, qualifies: bool
    ) -> list[BetSettlement]:
        """Ante and raise of one live hand (art. 6(7), 9)."""
        rules = self.rules
        assert hand.player is not None

        def bet(kind: str, stake: int, outcome: Any, payout: int, why: str) -> BetSettlement:
            return BetSettlement(hand.player or "", kind, stake, outcome, payout, 0, why, hand.seat)

        if hand.decision == "fold":
            return [bet("ante", hand.ante, "lose", 0, cite("art. 6(7)"))]
        if not qualifies:
            return [
                bet("ante", hand.ante, "win", 2 * hand.ante, cite("art. 9(2)")),
                bet("raise", hand.raised, "push", hand.raised, cite("art. 9(2)")),
            ]
        if rank < d_rank:
            return [
                bet("ante", hand.ante, "lose", 0, cite("art. 9(4)")),
                bet("raise", hand.raised, "lose", 0, cite("art. 9(4)")),
            ]
        assert rank > d_rank, "one deck: the suit order decides every tie (art. 8)"
        prize = hand.raised * rules.raise_multiple(cat)
        why = f"{cite(RAISE_ARTICLE[cat])}; {CATEGORY_ARTICLE[cat]}"
        if cat in CAPPED and rules.max_payout is not None and prize > rules.max_payout:
            prize = rules.max_payout
            why += "; capped at the maximum payout per game"
        return [
            bet("ante", hand.ante, "win", 2 * hand.ante, cite("art. 9(5)")),
            bet("raise", hand.raised, "win", hand.raised + prize, why),
        ]
