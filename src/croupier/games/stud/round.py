"""One Macau stud round as a pure state machine (Despacho Regulamentar Externo 61/2004).

Phases: ``betting`` (antes and jackpot bets, art. 5-6, 10(1)) -> ``deciding`` (cards dealt by
art. 7; each live hand raises exactly twice its ante or folds, art. 6(5)-(7)) -> ``settled``
(art. 9, 10); or ``void`` (art. 11(1), 11(4)). Seats 1..7 count clockwise from the dealer's
left; seat 0 is the dealer.

Settlement (art. 9, 10) is :mod:`croupier.games.stud.settlement`'s; a seat's hand and the
phases are :mod:`croupier.games.stud.hand`'s. Irregularities of art. 11 are commands:
:meth:`StudRound.void` (cards dealt wrongly, a wrong count, a shuffler fault: stakes
returned, jackpot bets carried to the next round),
:meth:`StudRound.expose_card` (one exposed card: play goes on, an exposed dealer card stays up;
a second exposed card voids the round), and ``deal(extra_seats=...)`` for cards dealt to a hand
with no bet (that hand is dead, play goes on).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.boxes import PlayedBoxes, choose_box, played_box
from croupier.games.protocol import Bet, BetSettlement, Event, LogEntry, allowed
from croupier.games.stud.by_bettor import ByBettor
from croupier.games.stud.dealing import DEALER, DEALER_UP_INDEX, deal_order
from croupier.games.stud.evaluator import category_of, rank5
from croupier.games.stud.hand import Decision, StudPhase
from croupier.games.stud.hand import SeatHand as _Hand
from croupier.games.stud.hands import dealer_qualifies
from croupier.games.stud.rules import StudRules, cite
from croupier.games.stud.settlement import HandResult, Settling, StudSettlement
from croupier.games.table_limits import verify_within
from croupier.games.wager_round import WagerRound
from croupier.games.wager_round import replay as replay_round
from croupier.i18n.message import msg
from croupier.money import verify_stake
from croupier.pool import starting_pool
from croupier.shoe import CardSource


class StudRound(ByBettor, PlayedBoxes, Settling, WagerRound[StudPhase]):
    def __init__(
        self,
        rules: StudRules,
        cards: CardSource,
        *,
        number: int = 1,
        jackpot_pool: int | None = None,
        carried: Iterable[Bet] = (),
    ) -> None:
        self.rules = rules
        self.cards = cards
        self.number = number
        self.jackpot_pool = starting_pool(
            jackpot_pool, rules.jackpot.seed if rules.jackpot else None
        )
        self.log: list[LogEntry] = []
        self.settlement: StudSettlement | None = None
        self.dealer: list[int] = []
        self.dealer_exposed: set[int] = {DEALER_UP_INDEX}  # dealt face up (art. 7)
        self.exposures = 0
        self._phase = StudPhase.BETTING
        self.betting_closed = False  # "no more bets" (close_betting)
        self._hands: dict[int, _Hand] = {}
        carried = tuple(carried)
        if carried:
            events = []
            for bet in carried:  # jackpot bets carried over by art. 11(1), 11(4)
                assert bet.box is not None
                hand = self._hands.setdefault(bet.box, _Hand(bet.box, bet.bettor))
                hand.jackpot += bet.amount
                events.append(Event("bet_carried", _bet_data(bet)))
            self._record("carry_bets", {"bets": [_bet_data(b) for b in carried]}, events)

    @classmethod
    def carried_bets(cls, args: Mapping[str, Any]) -> list[Bet]:
        """The jackpot bets a ``carry_bets`` log entry names (a void round carried them)."""
        return [Bet(b["player"], b["kind"], b["amount"], True, b["seat"]) for b in args["bets"]]

    # -- state ----------------------------------------------------------------------------

    @property
    def bets(self) -> tuple[Bet, ...]:
        out = []
        for seat in sorted(self._hands):
            h = self._hands[seat]
            for kind, amount in (("ante", h.ante), ("jackpot", h.jackpot), ("raise", h.raised)):
                if amount and h.player is not None:
                    out.append(Bet(h.player, kind, amount, True, seat))
        return tuple(out)

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        return tuple(self._hands[seat].cards) if seat in self._hands else ()

    def view(self, seat: int) -> dict[str, Any]:
        """What the player at ``seat`` may see: their own cards and the dealer's face-up cards
        (art. 7(1): cards dealt face down, the dealer's last card face up)."""
        up = [
            card_text(self.dealer[i]) for i in sorted(self.dealer_exposed) if i < len(self.dealer)
        ]
        cards = self.hand_cards(seat)
        return {
            "seat": seat,
            "cards": [card_text(c) for c in cards],
            # the hand's category in words, as the table tells it (art. 8's order of hands)
            "category": category_of(rank5(cards)) if len(cards) == 5 else None,
            "dealer_up": up,
        }

    def live_seats(self) -> list[int]:
        return [s for s in sorted(self._hands) if self._hands[s].ante and not self._hands[s].dead]

    # -- betting --------------------------------------------------------------------------
    def verify_close_betting(self) -> None:
        if self._phase is not StudPhase.BETTING or self.betting_closed:
            raise RuleViolation("phase", "bets are closed already", cite("art. 6(2)"))

    def close_betting(self) -> tuple[Event, ...]:
        """ "No more bets" (art. 6(2)-(3): the ante and the jackpot bet before the first card;
        PT 812/2015 rule 27 online): logged, so the journal tells when the window closed."""
        self.verify_close_betting()
        self.betting_closed = True
        return self._record("close_betting", {}, [Event("betting_closed")])

    def _owners(self) -> dict[int, str | None]:
        return {seat: hand.player for seat, hand in self._hands.items()}

    def verify_place_bet(
        self, player: str, kind: str, amount: int, seated: bool = True, *, box: int | None = None
    ) -> None:
        """A bet on ``box``, or (none given) on the seat ``player`` plays or the lowest free
        one (choice O16; art. 1: seven boxes)."""
        rules = self.rules
        seat = choose_box(self._owners(), player, rules.seats, box, cite("art. 1"))
        if self._phase is not StudPhase.BETTING or self.betting_closed:
            article = "art. 6(3)" if kind == "jackpot" else "art. 6(2)"
            raise RuleViolation("phase", "bets are taken before the first card", cite(article))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= rules.seats:
            raise RuleViolation(
                "seat",
                msg("{seat} is not a seat (1 to {seats})", seat=repr(seat), seats=rules.seats),
                cite("art. 2(1)"),
            )
        # art. 5(1): the ante and art. 5(2): the jackpot bet, before the deal; the additional
        # bet, the raise (art. 5(3)), only as a decision after it (art. 6(5)-(6))
        if kind not in ("ante", "jackpot"):
            raise RuleViolation(
                "bet",
                msg(
                    "{kind}: before the deal a hand takes an ante and a jackpot bet only",
                    kind=repr(kind),
                ),
                cite("art. 5"),
            )
        if kind == "jackpot" and rules.jackpot is None:
            raise RuleViolation("bet", "this table offers no jackpot", cite("art. 10"))
        verify_stake(amount)
        if amount % rules.money.unit:
            raise RuleViolation(
                "amount",
                msg(
                    "{amount} is not a multiple of the table unit {unit}",
                    amount=amount,
                    unit=rules.money.unit,
                ),
                "table limits",
            )
        hand = self._hands.get(seat)
        if hand is not None and hand.player not in (None, player):
            raise RuleViolation(
                "seat",
                msg(
                    "seat {seat} is {player}'s hand: players bet only on their own hand",
                    seat=seat,
                    player=hand.player,
                ),
                cite("art. 6(1)"),
            )
        current = (hand.ante if kind == "ante" else hand.jackpot) if hand else 0
        total = current + amount
        if kind == "ante":
            verify_within(total, rules.minimum_ante, rules.maximum_ante, msg("ante"),
                          rules.money.format)  # fmt: skip
        else:
            spec = rules.jackpot
            assert spec is not None
            if hand is None or not hand.ante:
                # art. 10(1): the player "deve: Seleccionar uma aposta inicial, e uma aposta no
                # «jackpot progressivo»": the ante first (docs/choices.md T6)
                raise RuleViolation(
                    "bet",
                    msg(
                        "seat {seat}: a jackpot bet goes with an ante on the same hand: place one "
                        "first",
                        seat=seat,
                    ),
                    cite("art. 10(1)"),
                )
            if spec.stake is not None and total != spec.stake:
                raise RuleViolation(
                    "amount",
                    msg("the jackpot bet is {stake} a hand", stake=rules.money.format(spec.stake)),
                    cite("art. 10(1)"),
                )

    def place_bet(
        self, player: str, kind: str, amount: int, seated: bool = True, *, box: int | None = None
    ) -> tuple[Event, ...]:
        seat = choose_box(self._owners(), player, self.rules.seats, box, cite("art. 1"))
        self.verify_place_bet(player, kind, amount, box=seat)
        hand = self._hands.setdefault(seat, _Hand(seat))
        hand.player = player
        if kind == "ante":
            hand.ante += amount
        else:
            hand.jackpot += amount
        bet = Bet(player, kind, amount, True, seat)
        return self._record(
            "place_bet",
            {"player": player, "seat": seat, "kind": kind, "amount": amount},
            [Event("bet_placed", _bet_data(bet))],
        )

    def verify_withdraw_bet(self, player: str, kind: str, *, box: int | None = None) -> None:
        seat = played_box(self._owners(), player, box, cite("art. 6"))
        if self._phase is not StudPhase.BETTING or self.betting_closed:
            raise RuleViolation("phase", "bets are taken back only before the deal", cite("art. 6"))
        hand = self._hands.get(seat)
        amount = (hand.ante if kind == "ante" else hand.jackpot) if hand else 0
        if hand is None or hand.player != player or not amount:
            raise RuleViolation(
                "bet",
                msg("{player} has no {kind} on seat {seat}", player=player, kind=kind, seat=seat),
                cite("art. 6"),
            )
        if kind == "ante" and hand.jackpot:
            raise RuleViolation(
                "bet",
                msg(
                    "seat {seat}: the jackpot bet stands on this ante: take it back first",
                    seat=seat,
                ),
                cite("art. 10(1)"),
            )

    def withdraw_bet(self, player: str, kind: str, *, box: int | None = None) -> tuple[Event, ...]:
        seat = played_box(self._owners(), player, box, cite("art. 6"))
        self.verify_withdraw_bet(player, kind, box=seat)
        hand = self._hands[seat]
        amount = hand.ante if kind == "ante" else hand.jackpot
        if kind == "ante":
            hand.ante = 0
        else:
            hand.jackpot = 0
        if not hand.ante and not hand.jackpot:
            del self._hands[seat]
        bet = Bet(player, kind, amount, True, seat)
        return self._record(
            "withdraw_bet",
            {"player": player, "seat": seat, "kind": kind},
            [Event("bet_withdrawn", _bet_data(bet))],
        )

    # -- dealing --------------------------------------------------------------------------
    def verify_deal(self, extra_seats: Sequence[int] = ()) -> None:
        if self._phase is not StudPhase.BETTING:
            raise RuleViolation(
                "phase",
                msg("cards are already dealt ({value})", value=self._phase.value),
                cite("art. 7"),
            )
        if not any(h.ante for h in self._hands.values()):
            raise RuleViolation("bet", "no hand has an ante", cite("art. 6(2)"))
        for seat in extra_seats:
            if not 1 <= seat <= self.rules.seats or (
                seat in self._hands and self._hands[seat].ante
            ):
                raise RuleViolation(
                    "extra_seats",
                    msg("seat {seat} is not an empty seat", seat=seat),
                    cite("art. 11(3)"),
                )

    def can_deal(self, extra_seats: Sequence[int] = ()) -> bool:
        return allowed(self.verify_deal, extra_seats)

    def deal(self, extra_seats: Sequence[int] = ()) -> tuple[Event, ...]:
        """Deal five cards to every hand with an ante and to the dealer (art. 7). Cards dealt by
        mistake to the empty seats ``extra_seats`` make dead hands (art. 11(3))."""
        self.verify_deal(extra_seats)
        for seat in extra_seats:
            self._hands[seat] = _Hand(seat, dead=True)
        order = sorted(s for s, h in self._hands.items() if h.ante or h.dead)
        events: list[Event] = []
        for seat in deal_order(order, self.rules.dealing):
            card = self.cards.draw()
            pile = self.dealer if seat == DEALER else self._hands[seat].cards
            pile.append(card)
            face_up = seat == DEALER and len(pile) - 1 == DEALER_UP_INDEX
            events.append(
                Event(
                    "card_dealt",
                    {
                        "seat": seat,
                        "index": len(pile) - 1,
                        "card": card_text(card),
                        "face_up": face_up,
                    },
                )
            )
        for seat in extra_seats:
            events.append(Event("hand_dead", {"seat": seat, "article": cite("art. 11(3)")}))
        self._phase = StudPhase.DECIDING
        return self._record("deal", {"extra_seats": list(extra_seats)}, events)

    def verify_expose_card(self, seat: int, index: int) -> None:
        if self._phase is not StudPhase.DECIDING or any(h.decision for h in self._hands.values()):
            raise RuleViolation(
                "phase", "cards are exposed by accident only during the deal", cite("art. 11(2)")
            )
        pile = self.dealer if seat == DEALER else self.hand_cards(seat)
        if not 0 <= index < len(pile):
            raise RuleViolation(
                "index",
                msg("seat {seat} has no card {index}", seat=seat, index=index),
                cite("art. 11(2)"),
            )

    def expose_card(self, seat: int, index: int) -> tuple[Event, ...]:
        """A card shown by accident (art. 11(2)): play goes on; a second exposed card in the
        round voids it (art. 11(1)). An exposed dealer card "é deixada de fora à vista e todas
        as outras cartas são distribuídas com a face voltada para baixo" (is left out face up and
        every other card is dealt face down): it becomes the dealer's only card showing, the
        usual face-up card (art. 7) face down with the rest. Until issue 17 both showed."""
        self.verify_expose_card(seat, index)
        self.exposures += 1
        if seat == DEALER:
            self.dealer_exposed = {index}
        events = [
            Event("card_exposed", {"seat": seat, "index": index, "article": cite("art. 11(2)")})
        ]
        self._record("expose_card", {"seat": seat, "index": index}, events)
        if self.exposures >= 2:
            self.void("two or more cards exposed", article="art. 11(1)")
        return tuple(events)

    # -- decisions ------------------------------------------------------------------------
    def verify_decide_seat(self, seat: int, decision: str) -> None:
        if self._phase is not StudPhase.DECIDING:
            raise RuleViolation(
                "phase",
                msg("no decision now ({value})", value=self._phase.value),
                cite("art. 6(5)"),
            )
        if decision not in ("raise", "fold"):
            raise RuleViolation(
                "decision",
                msg("{decision}: raise or fold", decision=repr(decision)),
                cite("art. 6(5)"),
            )
        hand = self._hands.get(seat)
        if hand is None or not hand.ante or hand.dead:
            raise RuleViolation(
                "seat", msg("seat {seat} has no live hand", seat=seat), cite("art. 6(2)")
            )
        if hand.decision is not None:
            raise RuleViolation(
                "seat",
                msg(
                    "seat {seat} has already chosen to {decision}",
                    seat=seat,
                    decision=hand.decision,
                ),
                cite("art. 6(5)"),
            )

    def can_decide_seat(self, seat: int, decision: str) -> bool:
        return allowed(self.verify_decide_seat, seat, decision)

    def decide_seat(self, seat: int, decision: Decision) -> tuple[Event, ...]:
        """Raise exactly twice the ante (art. 6(6)) or fold, losing the ante (art. 6(7))."""
        self.verify_decide_seat(seat, decision)
        hand = self._hands[seat]
        hand.decision = decision
        data: dict[str, Any] = {"seat": seat, "decision": decision}
        if decision == "raise":
            hand.raised = 2 * hand.ante
            data["amount"] = hand.raised
        return self._record(decision, {"seat": seat}, [Event("decided", data)])

    def raise_bet(self, seat: int) -> tuple[Event, ...]:
        return self.decide_seat(seat, "raise")

    def fold(self, seat: int) -> tuple[Event, ...]:
        return self.decide_seat(seat, "fold")

    @property
    def undecided(self) -> list[int]:
        return [s for s in self.live_seats() if self._hands[s].decision is None]

    def verify_void(self) -> None:
        if self._phase in (StudPhase.SETTLED, StudPhase.VOID):
            raise RuleViolation(
                "phase",
                msg("the round is already {value}", value=self._phase.value),
                cite("art. 11"),
            )

    def can_void(self) -> bool:
        return allowed(self.verify_void)

    def void(self, reason: str = "misdeal", article: str = "art. 11(1)") -> StudSettlement:
        """Void the round (art. 11(1): cards dealt wrongly, a wrong count, two or more cards
        exposed; art. 11(4): a shuffler fault): every stake returned, jackpot bets carried."""
        self.verify_void()
        why = cite(article)
        settled = tuple(
            BetSettlement(b.bettor, b.kind, b.amount, "void", b.amount, 0, why, b.box)
            for b in self.bets
        )
        carry = tuple(b for b in self.bets if b.kind == "jackpot")
        settlement = StudSettlement(
            self.number,
            True,
            f"{reason} ({why})",
            settled,
            carry,
            tuple(self.dealer),
            None,
            None,
            (),
            None,
            0,
        )
        self._end(settlement, "void", StudPhase.VOID, {"reason": reason, "article": article})
        return settlement

    # -- log ------------------------------------------------------------------------------
    def apply(self, entry: LogEntry) -> tuple[Event, ...]:
        a, command = dict(entry.args), entry.command
        void = self._phase is StudPhase.VOID
        if command == "place_bet":
            return self.place_bet(a["player"], a["kind"], a["amount"], box=a["seat"])
        if command == "withdraw_bet":
            return self.withdraw_bet(a["player"], a["kind"], box=a["seat"])
        if command == "close_betting":
            return self.close_betting()
        if command == "deal":
            return self.deal(a["extra_seats"])
        if command == "expose_card":  # a second one voided the round (art. 11(1))
            return () if void else self.expose_card(a["seat"], a["index"])
        if command in ("raise", "fold"):
            return self.decide_seat(a["seat"], command)  # type: ignore[arg-type]
        if command == "settle":
            self.settle()
        elif command == "void":
            if not void:
                self.void(a["reason"], a["article"])
        else:
            raise ValueError(f"unknown command {command!r} in log")
        return self.log[-1].events


def _bet_data(bet: Bet) -> dict[str, Any]:
    return {"player": bet.bettor, "seat": bet.box, "kind": bet.kind, "amount": bet.amount}


def replay(
    rules: StudRules,
    cards: CardSource,
    log: Sequence[LogEntry],
    *,
    number: int = 1,
    jackpot_pool: int | None = None,
) -> StudRound:
    """Re-apply a stud round's logged commands to ``cards``."""
    return replay_round(
        StudRound, log, rules=rules, cards=cards, number=number, jackpot_pool=jackpot_pool
    )


__all__ = ["HandResult", "StudPhase", "StudRound", "StudSettlement", "dealer_qualifies", "replay"]
