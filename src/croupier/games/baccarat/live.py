"""Baccarat dealt from a physical shoe, card by card (issue 31; Macau baccarat arts. 2, 4, 7, 9,
10): the engine says which card is due (the burn of a new shoe, the card for Player or Banker, a
third card or none by the tableau) and checks each card that arrives against it.

* A new shoe's first cards are burned (art. 2(1); :meth:`~croupier.shoe.ShoeSpec.burn_count`).
* The first four cards go one at a time, alternately, Player first (art. 7(1)); then at most one
  more card to each hand, Player's first, by the tableau (art. 9).
* A card that left the shoe face up stands, and so does its coup (art. 4).
* A card the rules do not allow where it was put is refused as an irregularity naming its article,
  with the remedy of art. 10: corrected at once (the card goes to the hand it belongs to, or out
  of play when no hand takes it), or, only when it cannot be corrected, the coup is void; the
  dealer confirms which, a void with a supervisor's name (docs/choices.md, D1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.citing import macau_baccarat
from croupier.errors import RuleViolation
from croupier.games.baccarat.coup import Coup
from croupier.games.baccarat.drawing import (
    BANKER_ROW_ARTICLE,
    NATURALS,
    banker_draws,
    player_draws,
)
from croupier.games.baccarat.points import POINTS, total
from croupier.games.baccarat.round import BaccaratRound
from croupier.games.live import BURN, CORRECT, VOID, Irregularity, LiveCard, SeenCards
from croupier.games.protocol import Bet, TableRound
from croupier.i18n.message import Msg, msg
from croupier.shoe import Burn, ShoeSpec

PLAYER, BANKER = "player", "banker"
OUT_OF_PLAY = "out of play"
#: Banker's standing article when Player stood (art. 9(4)(4): on 6; 9(4)(5): on 7, 8 or 9)
_BANKER_STOOD_ARTICLE = {6: "art. 9(4)(4)", 7: "art. 9(4)(5)", 8: "art. 9(4)(5)", 9: "art. 9(4)(5)"}


class LiveCoup:
    """One coup's cards as they arrive."""

    def __init__(self) -> None:
        self.player: list[int] = []
        self.banker: list[int] = []
        self.out_of_play: list[int] = []  # cards dealt in error and taken out (art. 10)
        self.void_reason: str | None = None

    def due(self) -> str | None:
        """The hand the next card is for; None when the coup is complete (or void)."""
        p, b = self.player, self.banker
        if self.void_reason is not None:
            return None
        if len(p) + len(b) < 4:  # art. 7(1): alternately, Player first
            return PLAYER if len(p) == len(b) else BANKER
        pt, bt = total(p[:2]), total(b[:2])
        if pt in NATURALS or bt in NATURALS:  # art. 9(2), 9(4)(6)
            return None
        if len(p) == 2 and player_draws(pt):  # art. 9: the first added card is Player's
            return PLAYER
        third = POINTS[p[2]] if len(p) == 3 else None
        if len(b) == 2 and banker_draws(bt, third):  # art. 9(3)
            return BANKER
        return None

    def refusal(self, to: str) -> tuple[Msg, str]:
        """Why a card to ``to`` (a hand, not the one due) cannot be right, and the article."""
        p, b = self.player, self.banker
        if len(p) + len(b) < 4:
            return (
                msg(
                    "the first four cards go one at a time, alternately, Player first: this "
                    "card is {due}'s",
                    due=self.due(),
                ),
                "art. 7(1)",
            )
        hand = p if to == PLAYER else b
        if len(hand) >= 3:
            return msg("only one card may be added to the two each hand was dealt"), "art. 9"
        pt, bt = total(p[:2]), total(b[:2])
        if to == PLAYER:
            if bt in NATURALS:
                return msg(
                    "Banker has a natural {total}: Player takes no card", total=bt
                ), "art. 9(2)"
            return msg("Player stands on {total}", total=pt), "art. 9(2)"
        if pt in NATURALS:
            return msg(
                "Player has a natural {total}: Banker takes no card", total=pt
            ), "art. 9(4)(6)"
        if len(p) == 2 and player_draws(pt) and bt not in NATURALS:
            return msg("the first card added is Player's"), "art. 9"
        if len(p) == 3:
            stands = msg("Banker stands on {total} against Player's third card", total=bt)
            return stands, BANKER_ROW_ARTICLE[bt]
        return msg("Banker stands on {total}", total=bt), _BANKER_STOOD_ARTICLE[bt]

    def put(self, card: int, to: str) -> None:
        (self.player if to == PLAYER else self.banker).append(card)

    def coup(self) -> Coup:
        if self.due() is not None or self.void_reason is not None:
            raise RuleViolation("coup", "the coup is not complete", macau_baccarat("art. 9"))
        return Coup(tuple(self.player), tuple(self.banker))


class LiveShoe:
    """A physical baccarat shoe as its cards arrive: a new shoe's burn, then coup after coup."""

    pulls = False  # the coup's cards are handed to the engine once they are all in

    def __init__(self, spec: ShoeSpec) -> None:
        self.spec = spec
        self.seen = SeenCards(spec.decks, macau_baccarat("art. 1(1)"))
        self.burned: list[int] = []
        self.shown: int | None = None  # the burn's first card, turned face up (art. 2(1))
        self.coup = LiveCoup()
        self.log: list[dict[str, Any]] = []

    def due(self) -> str | None:
        """What the next card is: ``burn``, ``player``, ``banker``, or None (the coup is
        complete: it settles, then :meth:`next_coup`)."""
        if self.spec.burn is Burn.FACE_VALUE and self.shown is None:
            return BURN  # art. 2(1): the first card, turned up, says how many more
        if len(self.burned) < self.spec.burn_count(self.shown):
            return BURN
        return self.coup.due()

    def irregularity(self, card: LiveCard) -> Irregularity | None:
        """What is wrong with ``card`` where it was put, or None."""
        due = self.due()
        to = card.to or due
        if to == due and due is not None:
            return None
        if self.coup.void_reason is not None and due != BURN:
            raise RuleViolation(
                "card", "the coup is void: no card is dealt", macau_baccarat("art. 10")
            )
        message: Msg
        if due == BURN:
            message, article = msg("a new shoe's first cards are burned"), "art. 2(1)"
        elif to is None:
            message = msg("the coup is complete: no hand takes another card")
            article = "art. 9"
        elif to == BURN:
            message, article = msg("no card is burned now: the burn opens the shoe"), "art. 2(1)"
        elif to not in (PLAYER, BANKER):
            raise RuleViolation(
                "to",
                msg("{to} is not burn, player or banker", to=repr(to)),
                macau_baccarat("art. 6"),
            )
        else:
            message, article = self.coup.refusal(to)
        remedies = (CORRECT, VOID) if due != BURN and to != BURN else (CORRECT,)
        return Irregularity(message, macau_baccarat(article), remedies, due)

    def deal(self, card: LiveCard) -> dict[str, Any]:
        """A card that arrived: taken where it is due, or refused (nothing changes) as an
        :class:`~croupier.games.live.Irregularity`. A card that left the shoe face up stands
        (art. 4)."""
        self.seen.verify(card.card)
        wrong = self.irregularity(card)
        if wrong is not None:
            raise wrong
        to = self.due()
        assert to is not None
        return self._take(card, to, None)

    def correct(self, card: LiveCard) -> dict[str, Any]:
        """The dealer's correction of the card ``card`` was refused for (art. 10: "deve ser
        imediatamente corrigido"): it goes to the hand it belongs to, or out of play."""
        self.seen.verify(card.card)
        wrong = self.irregularity(card)
        if wrong is None:
            raise RuleViolation(
                "card", "nothing to correct: the card is right", macau_baccarat("art. 10")
            )
        return self._take(card, wrong.belongs or OUT_OF_PLAY, wrong.rule)

    def void(self, reason: str, supervisor: str) -> dict[str, Any]:
        """The coup void because an error cannot be corrected (art. 10: "O lance, porém, é
        considerado nulo se for de todo impossível corrigir o erro"), with the supervisor who
        confirmed it."""
        if not supervisor.strip():
            raise RuleViolation(
                "supervisor", "a void needs a supervisor's confirmation", macau_baccarat("art. 10")
            )
        if self.due() == BURN:
            raise RuleViolation(
                "coup", "no coup is in play during the burn", macau_baccarat("art. 10")
            )
        self.coup.void_reason = reason
        event = {
            "event": "coup_void",
            "reason": reason,
            "supervisor": supervisor,
            "rule": macau_baccarat("art. 10"),
        }
        self.log.append(event)
        return event

    @property
    def void_reason(self) -> str | None:
        return self.coup.void_reason

    def begin(self, bets: Sequence[Bet]) -> None:
        """Baccarat deals the same two hands whatever the bets (art. 6)."""

    def after_deal(self, rnd: TableRound) -> None:
        """Every baccarat card is dealt face up: nothing more happens to the round."""

    def announce(self, rnd: TableRound) -> dict[str, Any]:
        """Who may squeeze each hand's cards (art. 16(2): "o jogador com a aposta mais elevada,
        desde que ocupe o respectivo lugar à mesa, tem direito a manusear as cartas"), where
        the house allows it (art. 16(1)): told when betting closes, for the dealer to hand
        the cards to."""
        assert isinstance(rnd, BaccaratRound)
        squeeze = {side: rnd.squeezer(side) for side in (PLAYER, BANKER)}
        return {"squeeze": squeeze} if any(squeeze.values()) else {}

    def remedy(self, card: LiveCard, remedy: str, supervisor: str = "") -> dict[str, Any]:
        """Art. 10's remedies for the card refused: ``correct`` (:meth:`correct`) or ``void``
        (:meth:`void`, with the supervisor who confirms it)."""
        if remedy == CORRECT:
            return self.correct(card)
        wrong = self.irregularity(card)
        if remedy != VOID or wrong is None or VOID not in wrong.remedies:
            raise RuleViolation(
                "remedy",
                msg("{remedy} is not a remedy for this card", remedy=repr(remedy)),
                macau_baccarat("art. 10"),
            )
        return self.void(f"{wrong.message} ({wrong.rule})", supervisor)

    def dealt_in_order(self) -> list[int]:
        """The coup's cards in the order the round engine draws them (art. 7(1), art. 9)."""
        return list(self.coup.coup().dealing_order)

    def next_coup(self) -> None:
        """The coup is settled (or void): the next one begins."""
        if self.due() is not None:
            raise RuleViolation(
                "coup",
                msg("the coup is not complete: the next card is {due}'s", due=self.due()),
                macau_baccarat("art. 9"),
            )
        self.coup = LiveCoup()

    def new_shoe(self) -> dict[str, Any]:
        """A new shoe, between coups (art. 2(1): "o «croupier» depois de baralhar as cartas
        ... introduzindo, de seguida, as cartas baralhadas num distribuidor de cartas ... De
        seguida, o «croupier» retira do distribuidor as primeiras cartas": shuffled, put in
        the shoe, and its first cards burned): its burn is due, and the cards of the old shoe
        no longer count against what this one holds (art. 1(1))."""
        coup = self.coup
        if coup.player or coup.banker or coup.out_of_play:
            raise RuleViolation(
                "shoe", "a coup is being dealt: the shoe is changed between coups",
                macau_baccarat("art. 2(1)"),
            )  # fmt: skip
        self.seen = SeenCards(self.spec.decks, macau_baccarat("art. 1(1)"))
        self.burned, self.shown = [], None
        event = {"event": "new_shoe", "rule": macau_baccarat("art. 2(1)"), "next": self.due()}
        self.log.append(event)
        return event

    def want(self, to: str | None) -> None:
        """The tableau says what is due (art. 9): the engine is never asked."""

    def take_kept(self) -> list[int]:
        return []

    def abandon(self, reason: str) -> None:
        """The round was voided (a fault, PT rule 29): its coup's cards are gone with it."""
        if self.due() != BURN:
            self.coup = LiveCoup()
            self.log.append({"event": "coup_abandoned", "reason": reason})

    def _take(self, card: LiveCard, to: str, corrected: str | None) -> dict[str, Any]:
        self.seen.seen(card.card)
        if to == BURN:
            if not self.burned and self.spec.burn is Burn.FACE_VALUE:  # turned face up
                self.shown = card.card
            self.burned.append(card.card)
        elif to == OUT_OF_PLAY:
            self.coup.out_of_play.append(card.card)
        else:
            self.coup.put(card.card, to)
        event: dict[str, Any] = {"event": "card", "to": to, **card.record()}
        if card.face_up and to in (PLAYER, BANKER):
            event["stands"] = macau_baccarat("art. 4")  # a face-up card is valid, play goes on
        if corrected is not None:
            event["corrected"] = corrected
        event["next"] = self.due()
        self.log.append(event)
        return event
