"""One baccarat round as a pure state machine (DESIGN.md, "The game protocol").

Phases: ``betting`` -> ``closed`` ("no more bets", PT rule 27) -> ``dealt`` -> ``settled``, or
``void`` (Macau art. 10; PT rule 29) at any point before settlement. A demonstration round
(Macau art. 2(2)) takes no bets and settles nothing.

Commands come in the pokerkit triple ``verify_x`` / ``can_x`` / ``x``; a refused command raises
:class:`~croupier.errors.RuleViolation` and changes nothing. Every accepted command and its events
are appended to :attr:`BaccaratRound.log`; :func:`replay` re-applies a log to the same cards and
must give the same events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.cards import card_text
from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.baccarat.articles import Regulation, cite
from croupier.games.baccarat.coup import Coup, deal_coup
from croupier.games.baccarat.jackpot import JackpotSettlement, settle_jackpot
from croupier.games.baccarat.limits import verify_bet, verify_table
from croupier.games.baccarat.payout import settle_bet
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.kind_bets import BetPhase, KindBets
from croupier.games.protocol import Bet, BetSettlement, Event, LogEntry, SettlementTotals, allowed
from croupier.games.wager_round import replay as replay_round
from croupier.i18n.message import msg
from croupier.pool import starting_pool
from croupier.shoe import CardSource

Phase = BetPhase  # a baccarat round's phases are those of every round of bets by kind


@dataclass(frozen=True)
class Settlement(SettlementTotals):
    """The end of a round: every bet's settlement, the jackpot's movement, what carries over.

    Conservation: ``stakes == payouts + house_result + pool_change`` to the unit, where
    ``house_result`` is computed from the bets and the jackpot's parts, not as a difference.
    """

    round: int
    coup: Coup | None
    void: bool
    reason: str | None
    bets: tuple[BetSettlement, ...]
    carry_over: tuple[Bet, ...]
    jackpot: JackpotSettlement | None
    house_result: int

    @property
    def pool_change(self) -> int:
        if self.jackpot is None:
            return 0
        return self.jackpot.pool_after - self.jackpot.pool_before

    @property
    def jackpot_pool(self) -> int | None:
        return None if self.jackpot is None else self.jackpot.pool_after


class BaccaratRound(KindBets):
    """A baccarat round on ``cards`` under ``rules``.

    ``jackpot_pool`` is the pool before this round (the seed when None); ``carried`` are the
    Player/Banker bets a Macau tie left on the table (art. 12), which stand as placed bets and
    may be withdrawn, kept, changed or moved during this round's betting window.
    """

    def __init__(
        self,
        rules: BaccaratRules,
        cards: CardSource,
        *,
        number: int = 1,
        jackpot_pool: int | None = None,
        carried: Iterable[Bet] = (),
        demonstration: bool = False,
    ) -> None:
        self.rules = rules
        self.cards = cards
        self.number = number
        self.demonstration = demonstration
        self.jackpot_pool = starting_pool(
            jackpot_pool, rules.jackpot.seed if rules.jackpot else None
        )
        self.log: list[LogEntry] = []
        self.coup: Coup | None = None
        self.settlement: Settlement | None = None
        self._phase = Phase.BETTING
        self._bets: dict[tuple[str, str], Bet] = {}
        self._take_carried(carried)

    # -- state ----------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        """The dealt cards and what they decide, as recall shows them (PT rule 31): each hand's
        cards in the order received (third cards last, rule 21), totals, winner, pairs."""
        if self.coup is None:
            return {}
        return {
            "player_cards": [card_text(c) for c in self.coup.player],
            "banker_cards": [card_text(c) for c in self.coup.banker],
            **self.coup.outcome(),
            "winning_areas": self.winning_areas(),
        }

    def winning_areas(self) -> list[str]:
        """The betting areas the dealt cards make win (a table lights them, issue 18): each
        offered bet but the jackpot's, settled as a bet of its minimum by the same rules that
        settle real ones."""
        coup = self.coup
        if coup is None:
            return []
        rules = self.rules
        notional = [
            Bet("", k, rules.limit_for(k).minimum) for k in rules.offered_bets if k != "jackpot"
        ]
        return [bet.kind for bet in notional if settle_bet(rules, bet, coup).outcome == "win"]

    @property
    def regulation(self) -> Regulation:
        return self.rules.regulation

    # -- betting (games/kind_bets.py): the limits are this game's ----------------------------
    def _verify_bet(self, bet: Bet, table: list[Bet]) -> None:
        verify_bet(self.rules, bet, table)

    def _verify_table(self, table: list[Bet]) -> None:
        verify_table(self.rules, table)

    def _verify_betting_open(self) -> None:
        if self.demonstration:
            raise RuleViolation(
                "bet",
                "demonstration hands settle nothing; no bets are taken",
                cite(self.regulation, "demonstration")
                if self.regulation is Regulation.MACAU
                else "demonstration hand",
            )
        if self._phase is not Phase.BETTING:
            raise RuleViolation(
                "phase",
                msg("bets are closed (round is {value})", value=self._phase.value),
                pt("rule 27") if self.regulation.portuguese else "betting window",
            )

    # -- dealing --------------------------------------------------------------------------
    def verify_deal(self) -> None:
        if self._phase not in (Phase.BETTING, Phase.CLOSED):
            raise RuleViolation(
                "phase", msg("cards are already dealt ({value})", value=self._phase.value), "round"
            )

    def can_deal(self) -> bool:
        return allowed(self.verify_deal)

    def deal(self) -> tuple[Event, ...]:
        """Deal the coup (art. 7, 9; rules 16-20). Closes betting first if still open (rule 28)."""
        self.verify_deal()
        events: list[Event] = []
        if self._phase is Phase.BETTING:
            self._phase = Phase.CLOSED
            events.append(Event("betting_closed"))
        coup = deal_coup(self.cards.draw)
        self.coup = coup
        self._phase = Phase.DEALT
        hands = ["player", "banker", "player", "banker"]
        hands += ["player"] * (len(coup.player) - 2) + ["banker"] * (len(coup.banker) - 2)
        for position, (hand, card) in enumerate(zip(hands, coup.dealing_order, strict=True)):
            events.append(
                Event("card_dealt", {"hand": hand, "card": card_text(card), "position": position})
            )
        events.append(Event("coup_decided", coup.outcome()))
        return self._record("deal", {}, events)

    def squeezer(self, side: str) -> str | None:
        """Who may handle ``side``'s cards (art. 16(2)): the seated player with the highest bet
        on that side (the first to bet it, on equal amounts), if the house allows squeezing."""
        if not self.rules.squeeze:
            return None
        best: Bet | None = None
        for bet in self._bets.values():
            if bet.kind == side and bet.seated and (best is None or bet.amount > best.amount):
                best = bet
        return best.bettor if best else None

    # -- settlement -----------------------------------------------------------------------
    def verify_settle(self) -> None:
        if self._phase is not Phase.DEALT:
            raise RuleViolation(
                "phase", msg("nothing to settle ({value})", value=self._phase.value), "round"
            )

    def can_settle(self) -> bool:
        return allowed(self.verify_settle)

    def settle(self) -> Settlement:
        self.verify_settle()
        coup = self.coup
        assert coup is not None
        settled: list[BetSettlement] = []
        carry: list[Bet] = []
        house = 0
        jackpot_bets: list[Bet] = []
        for bet in self._bets.values():
            if bet.kind == "jackpot":
                jackpot_bets.append(bet)
                continue
            result = settle_bet(self.rules, bet, coup)
            settled.append(result)
            house += result.stake - result.payout
            if result.outcome == "push" and coup.winner == "tie" and self.rules.ties_carry_over:
                # art. 12: the bet stays on the table; next round it may be withdrawn (12(1)),
                # kept (art. 12(2)) or altered (art. 12(3)): carry_bets, withdraw and place
                carry.append(bet)
        jackpot = None
        if self.rules.jackpot is not None:
            spec = self.rules.jackpot
            pool = self.jackpot_pool if self.jackpot_pool is not None else spec.seed
            stakes = [b.amount for b in jackpot_bets]
            jackpot = settle_jackpot(spec, coup, pool, stakes, self.rules.money)
            returned = 0
            for bet in jackpot_bets:
                if jackpot.combination and jackpot.winners:
                    back = bet.amount if spec.returns_stake else 0
                    returned += back
                    payout = jackpot.share + back
                    settled.append(
                        BetSettlement(
                            bet.bettor,
                            "jackpot",
                            bet.amount,
                            "win",
                            payout,
                            0,
                            jackpot.article or "",
                        )
                    )
                else:
                    settled.append(
                        BetSettlement(
                            bet.bettor,
                            "jackpot",
                            bet.amount,
                            "lose",
                            0,
                            0,
                            cite(self.regulation, "jackpot"),
                        )
                    )
            house += (
                sum(stakes)
                - jackpot.contributions
                - jackpot.paid_by_house
                - jackpot.house_funding
                - returned
            )
        settlement = Settlement(
            self.number, coup, False, None, tuple(settled), tuple(carry), jackpot, house
        )
        self._end(settlement, "settle", Phase.SETTLED)
        return settlement

    def verify_void(self) -> None:
        if self._phase in (Phase.SETTLED, Phase.VOID):
            raise RuleViolation(
                "phase", msg("the round is already {value}", value=self._phase.value), "round"
            )
        if self.regulation.portuguese and self._phase is Phase.DEALT:
            raise RuleViolation(
                "phase",
                "the totals are known: a fault now does not void the round",
                cite(self.regulation, "void"),
            )

    def can_void(self) -> bool:
        return allowed(self.verify_void)

    def void(self, reason: str = "dealing error") -> Settlement:
        """Void the round and return every stake (Macau art. 10; PT rule 29)."""
        self.verify_void()
        article = cite(self.regulation, "void")
        settled = tuple(
            BetSettlement(b.bettor, b.kind, b.amount, "void", b.amount, 0, article)
            for b in self._bets.values()
        )
        settlement = Settlement(
            self.number,
            self.coup,
            True,
            f"{reason} ({article})",
            settled,
            (),
            self._void_jackpot(),
            0,
        )
        self._end(settlement, "void", Phase.VOID, {"reason": reason})
        return settlement

    def _void_jackpot(self) -> JackpotSettlement | None:
        """A void coup's jackpot (Macau baccarat art. 10; Despacho 2/2009 art. 17(5)): no
        contribution taken, no combination, no prize; the pool as it was. None at a table with
        no jackpot."""
        if self.rules.jackpot is None or self.jackpot_pool is None:
            return None
        pool = self.jackpot_pool
        return JackpotSettlement(
            self.rules.jackpot.modality, None, 0, pool, 0, 0, 0, 0, 0, 0, pool, None
        )


def replay(
    rules: BaccaratRules,
    cards: CardSource,
    log: Sequence[LogEntry],
    *,
    number: int = 1,
    jackpot_pool: int | None = None,
    demonstration: bool = False,
) -> BaccaratRound:
    """Re-apply a round's logged commands to ``cards``; the new round's log must equal ``log``."""
    return replay_round(
        BaccaratRound,
        log,
        rules=rules,
        cards=cards,
        number=number,
        jackpot_pool=jackpot_pool,
        demonstration=demonstration,
    )
