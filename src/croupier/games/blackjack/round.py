"""One Macau blackjack round as a pure state machine (European no hole card).

Dealing [practice, implied by arts. 16(6), 17(3)]: one card to each box with a bet, from the
dealer's left, one card face up to the dealer, a second card to each box; the dealer's second
card comes only after every box has finished. Phases: ``betting`` -> ``insurance`` (only when
the dealer shows an ace, or a ten and a box may take even money) -> ``playing`` (boxes in turn
from the dealer's left, art. 6(3)) -> ``dealer`` (dealer draws, art. 6(1)) -> ``settled``.

Each box has an owner (the first to bet on it) who makes its decisions, and possibly back
bettors (art. 20) whose bets follow those decisions with their own stakes. The any-pair side bet
(art. 13(1)) may be placed by anyone on any box with a bet.

The insurance question is :mod:`croupier.games.blackjack.insurance`'s; what a hand may do is
:mod:`croupier.games.blackjack.choices`'s (arts. 16-18); the settlement
and a void round are :mod:`croupier.games.blackjack.settlement`'s; hands and boxes are
:mod:`croupier.games.blackjack.hands`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.blackjack.choices import Choices
from croupier.games.blackjack.dealer import draws_on as dealer_draws
from croupier.games.blackjack.felt import Felt
from croupier.games.blackjack.hands import ACTIONS, BJ, BjPhase, Box, Hand, cite
from croupier.games.blackjack.insurance import Insurance
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.settlement import BlackjackSettlement, Settling
from croupier.games.blackjack.turns import Turns
from croupier.games.blackjack.values import VALUES, is_blackjack, same_rank
from croupier.games.boxes import PlayedBoxes, choose_box, played_box
from croupier.games.live import DEALER_PLACE, CardWanted, box_place
from croupier.games.protocol import Bet, Event, LogEntry, allowed
from croupier.games.table_limits import verify_within
from croupier.games.wager_round import WagerRound
from croupier.i18n.message import msg
from croupier.money import verify_stake
from croupier.shoe import CardSource


class BlackjackRound(Turns, Felt, Insurance, Choices, PlayedBoxes, Settling, WagerRound[BjPhase]):
    jackpot_pool: int | None = None  # no progressive jackpot at blackjack

    def __init__(self, rules: BlackjackRules, cards: CardSource, *, number: int = 1) -> None:
        self.rules = rules
        self.cards = cards
        self.number = number
        self.log: list[LogEntry] = []
        self.boxes: dict[int, Box] = {}
        self.dealer: list[int] = []
        self.voided_cards: list[int] = []
        self.returned_cards: list[int] = []  # an unseen erroneous card left to stand (art. 6(1))
        self.settlement: BlackjackSettlement | None = None
        self._phase = BjPhase.BETTING
        self.betting_closed = False  # "no more bets" (close_betting)
        self._current: tuple[int, int] | None = None  # (box, hand index) to act
        self.log_pending: list[Event] = []  # cards dealt while advancing, for the next record

    # -- state ----------------------------------------------------------------------------
    @property
    def current(self) -> tuple[int, int] | None:
        """(box, hand index) whose decision the table waits for, while playing."""
        return self._current

    def current_hand(self) -> Hand | None:
        if self._current is None:
            return None
        box, index = self._current
        return self.boxes[box].hands[index]

    @property
    def dealer_up(self) -> int | None:
        return self.dealer[0] if self.dealer else None

    # -- betting --------------------------------------------------------------------------
    def verify_close_betting(self) -> None:
        if self._phase is not BjPhase.BETTING or self.betting_closed:
            raise RuleViolation("phase", "bets are closed already", cite("art. 5 [practice]"))

    def close_betting(self) -> tuple[Event, ...]:
        """ "No more bets" (PT 812/2015 rule 27 online; art. 5 [practice]: bets before the first
        card): logged, so the journal tells when the window closed."""
        self.verify_close_betting()
        self.betting_closed = True
        return self._record("close_betting", {}, [Event("betting_closed")])

    # -- boxes and bets -------------------------------------------------------------------
    def _owners(self) -> dict[int, str | None]:
        return {number: box.owner for number, box in self.boxes.items()}

    @property
    def bets(self) -> tuple[Bet, ...]:
        """Each player's stake by kind: a box's ``bet`` with its doubles and splits (one ledger
        line, :mod:`croupier.games.blackjack.booking`), ``insurance`` and ``any_pair``."""
        out: list[Bet] = []
        for number in sorted(self.boxes):
            box = self.boxes[number]
            for player, stake in box.stakes.items():
                hands = box.hands or [Hand()]
                amount = sum(stake * (2 if h.doubled else 1) for h in hands)
                out.append(Bet(player, "bet", amount, box=number))
            for kind, held in (("insurance", box.insurance), ("any_pair", box.any_pair)):
                out.extend(Bet(p, kind, a, box=number) for p, a in held.items())
        return tuple(out)

    def _box_for(self, player: str, kind: str, box: int | None) -> int:
        """``box``, or the box ``player`` plays, or for a bet the lowest free one (choice O16);
        an any-pair bet stands on the player's own hand (art. 13(1))."""
        if box is None and kind == "any_pair" and self.box_of(player) is None:
            raise RuleViolation(
                "bet",
                "place your box's bet first: the any-pair bet stands on your hand",
                cite("art. 13(1)"),
            )
        return choose_box(self._owners(), player, self.rules.boxes, box, cite("art. 3 [practice]"))

    def verify_place_bet(
        self, player: str, kind: str, amount: int, seated: bool = True, *, box: int | None = None
    ) -> None:
        """A bet on ``box``, or (none given) on the box ``player`` plays or the lowest free
        one."""
        rules = self.rules
        box = self._box_for(player, kind, box)
        if self._phase is not BjPhase.BETTING or self.betting_closed:
            raise RuleViolation(
                "phase", "bets are placed before the first card", cite("art. 5 [practice]")
            )
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= rules.boxes:
            raise RuleViolation(
                "box",
                msg("{box} is not a box (1 to {boxes})", box=repr(box), boxes=rules.boxes),
                cite("art. 3 [practice]"),
            )
        if kind not in ("bet", "any_pair"):
            raise RuleViolation(
                "bet",
                msg("{kind}: a box takes a bet and the any-pair side bet", kind=repr(kind)),
                cite("art. 13"),
            )
        verify_stake(amount)
        if amount % rules.money.unit:
            raise RuleViolation(
                "amount",
                msg("{amount} is not a multiple of the table unit", amount=amount),
                "table limits",
            )
        existing = self.boxes.get(box)
        if kind == "any_pair":
            if not rules.any_pair:
                raise RuleViolation("bet", "this table offers no any-pair bet", cite("art. 13(1)"))
            if existing is None or not existing.stakes:  # "de uma ou mais mãos" (on a hand)
                raise RuleViolation(
                    "box",
                    msg(
                        "box {box} has no hand: an any-pair bet stands on a player's hand", box=box
                    ),
                    cite("art. 13(1)"),
                )
            held = existing.any_pair.get(player, 0) if existing else 0
            verify_within(held + amount, rules.any_pair_minimum, rules.any_pair_maximum,
                          msg("any-pair bet"), rules.money.format)  # fmt: skip
            return
        if existing is not None and existing.owner != player and not rules.back_betting:
            raise RuleViolation(
                "box",
                msg(
                    "box {box} is {owner}'s and this table takes no bets on another player's box",
                    box=box,
                    owner=existing.owner,
                ),
                cite("art. 20 [practice]"),
            )
        held = existing.stakes.get(player, 0) if existing else 0
        verify_within(
            held + amount, rules.minimum_bet, rules.maximum_bet, "bet", rules.money.format
        )

    def place_bet(
        self, player: str, kind: str, amount: int, seated: bool = True, *, box: int | None = None
    ) -> tuple[Event, ...]:
        box = self._box_for(player, kind, box)
        self.verify_place_bet(player, kind, amount, box=box)
        b = self.boxes.get(box)
        if b is None:
            b = self.boxes[box] = Box(box, player)
        if kind == "any_pair":
            b.any_pair[player] = b.any_pair.get(player, 0) + amount
        else:
            b.stakes[player] = b.stakes.get(player, 0) + amount
        data = {"player": player, "box": box, "kind": kind, "amount": amount}
        return self._record("place_bet", data, [Event("bet_placed", data)])

    def verify_withdraw_bet(self, player: str, kind: str, *, box: int | None = None) -> None:
        box = played_box(self._owners(), player, box, cite("art. 5"))
        if self._phase is not BjPhase.BETTING or self.betting_closed:
            raise RuleViolation(
                "phase", "a bet is withdrawn only before the first card", cite("art. 5 [practice]")
            )
        if kind not in ("bet", "any_pair"):  # insurance is asked after the deal (art. 15)
            raise RuleViolation(
                "kind",
                msg("{kind}: the bets withdrawn here are bet and any_pair", kind=repr(kind)),
                cite("art. 5"),
            )
        b = self.boxes.get(box)
        held = (b.any_pair if kind == "any_pair" else b.stakes) if b is not None else {}
        if player not in held:
            raise RuleViolation(
                "bet",
                msg("{player} has no {kind} on box {box}", player=player, kind=kind, box=box),
                cite("art. 5"),
            )
        assert b is not None
        if kind == "bet" and b.any_pair and len(b.stakes) == 1:
            # art. 13(1): an any-pair bet, the player's own or another's ("de qualquer
            # jogador"), stands on the box's hand: without it no card could be dealt to anyone
            whose = (
                "withdraw the any-pair bet first"
                if b.any_pair.get(player)
                else "another player's any-pair bet stands on it until the deal"
            )
            raise RuleViolation(
                "bet",
                msg("box {box}'s any-pair bet needs its hand: {whose}", box=box, whose=whose),
                cite("art. 13(1)"),
            )

    def withdraw_bet(self, player: str, kind: str, *, box: int | None = None) -> tuple[Event, ...]:
        """Take a bet back before the deal (the online betting window, PT rule 27)."""
        box = played_box(self._owners(), player, box, cite("art. 5"))
        self.verify_withdraw_bet(player, kind, box=box)
        b = self.boxes[box]
        held = b.any_pair if kind == "any_pair" else b.stakes
        amount = held.pop(player)
        if not b.stakes and not b.any_pair:
            del self.boxes[box]
        elif kind == "bet" and b.owner == player and b.stakes:
            b.owner = next(iter(b.stakes))  # a back bettor becomes the box's player
        data = {"player": player, "box": box, "kind": kind, "amount": amount}
        return self._record("withdraw_bet", data, [Event("bet_withdrawn", data)])

    # -- dealing --------------------------------------------------------------------------
    def verify_deal(self) -> None:
        if self._phase is not BjPhase.BETTING:
            raise RuleViolation("phase", "cards are already dealt", cite("art. 5 [practice]"))
        if not any(b.stakes for b in self.boxes.values()):
            raise RuleViolation("bet", "no box has a bet", cite("art. 5 [practice]"))
        for number, b in sorted(self.boxes.items()):
            if b.any_pair and not b.stakes:
                raise RuleViolation(
                    "bet",
                    msg(
                        "box {number}: an any-pair bet needs a hand dealt on that box",
                        number=number,
                    ),
                    cite("art. 13(1)"),
                )

    def can_deal(self) -> bool:
        return allowed(self.verify_deal)

    def _draw(self, to: str) -> int:
        """The next card of the shoe, for ``to`` (``box 2``, ``dealer``): a live table's shoe
        that has not sent it yet is told where it goes (issue 31)."""
        try:
            return self.cards.draw()
        except CardWanted as wanted:
            raise CardWanted(to) from wanted

    def deal(self) -> tuple[Event, ...]:
        """One card to each box with a bet, one to the dealer, a second to each box (no hole
        card [practice]); an insurance question no player can be asked closes at once."""
        return self._deal() + self.close_insurance_when_answered()

    def _deal(self) -> tuple[Event, ...]:
        self.verify_deal()
        order = sorted(n for n, b in self.boxes.items() if b.stakes)
        events: list[Event] = []
        for b in order:
            self.boxes[b].hands = [Hand()]
        for b in order:
            events.append(self._give(b, 0))
        card = self._draw(DEALER_PLACE)
        self.dealer.append(card)
        events.append(Event("card_dealt", {"box": 0, "hand": 0, "card": card_text(card)}))
        for b in order:
            events.append(self._give(b, 0))
        for b in order:
            box = self.boxes[b]
            if same_rank(*box.hands[0].cards):
                box.pairs_formed += 1  # any pair, art. 13(1)(1)
        self._phase = BjPhase.INSURANCE if self._insurance_offered() else BjPhase.PLAYING
        if self._phase is BjPhase.PLAYING:
            self._advance()
        events.append(Event("phase", {"phase": self._phase.value}))
        return self._record("deal", {}, events)

    def _give(self, box: int, index: int) -> Event:
        card = self._draw(box_place(box))
        hand = self.boxes[box].hands[index]
        hand.cards.append(card)
        return Event("card_dealt", {"box": box, "hand": index, "card": card_text(card)})

    # -- decisions ------------------------------------------------------------------------
    def act(self, box: int, action: str) -> tuple[Event, ...]:
        """Apply the owner's decision to the box's current hand."""
        self.verify_act(box, action)
        assert self._current is not None
        box_no, index = self._current
        b = self.boxes[box_no]
        hand = b.hands[index]
        hand.actions.append(action)
        events: list[Event] = [Event("action", {"box": box_no, "hand": index, "action": action})]
        if action == "hit":
            events.append(self._give(box_no, index))
        elif action == "stand":
            hand.finished = True
        elif action == "double":
            hand.doubled = True
            events.append(self._give(box_no, index))
            hand.finished = True  # a double receives exactly one card (art. 17(2))
        elif action == "surrender":
            hand.surrendered = True
            hand.finished = True
        elif action == "split":
            first, second = hand.cards
            aces = VALUES[first] == 1
            hand.cards = [first]
            hand.from_split = True
            hand.split_aces = aces
            new = Hand(cards=[second], from_split=True, split_aces=aces)
            b.hands.insert(index + 1, new)
            events.append(self._give(box_no, index))
            if same_rank(*hand.cards):
                b.pairs_formed += 1  # art. 13(1)(2): a new pair after a split
            if aces and self.rules.split_aces_one_card and not self._may_resplit(hand):
                hand.finished = True
        if hand.total >= 21:  # a hand never continues after 21, however it got there
            hand.finished = True
        if hand.finished:
            self._advance()
        events.append(
            Event(
                "hand",
                {"box": box_no, "hand": index, "total": hand.total, "finished": hand.finished},
            )
        )
        return self._record("act", {"box": box, "action": action}, events)

    def _may_resplit(self, hand: Hand) -> bool:
        return self.rules.resplit_aces and same_rank(*hand.cards)

    def hit(self, box: int) -> tuple[Event, ...]:
        return self.act(box, "hit")

    def stand(self, box: int) -> tuple[Event, ...]:
        return self.act(box, "stand")

    def double(self, box: int) -> tuple[Event, ...]:
        return self.act(box, "double")

    def split(self, box: int) -> tuple[Event, ...]:
        return self.act(box, "split")

    def surrender(self, box: int) -> tuple[Event, ...]:
        return self.act(box, "surrender")

    def _advance(self) -> None:
        """Move to the next hand that needs a decision, dealing split hands their second card;
        when none is left, the dealer plays."""
        for number in sorted(self.boxes):
            box = self.boxes[number]
            for index, hand in enumerate(box.hands):
                if hand.finished:
                    continue
                if len(hand.cards) == 1:  # a split hand receives its second card now
                    hand.cards.append(self._draw(box_place(number)))
                    self.log_pending.append(
                        Event(
                            "card_dealt",
                            {"box": number, "hand": index, "card": card_text(hand.cards[-1])},
                        )
                    )
                    if same_rank(*hand.cards):
                        box.pairs_formed += 1  # art. 13(1)(2)
                    if (
                        hand.split_aces
                        and self.rules.split_aces_one_card
                        and not (self._may_resplit(hand))
                    ):
                        hand.finished = True
                        continue
                if hand.blackjack or hand.total >= 21:
                    hand.finished = True
                    continue
                self._current = (number, index)
                return
        self._current = None
        self._dealer_plays()

    def _dealer_plays(self) -> None:
        """Art. 6(1): the dealer draws on 16 or less and on a "soft 17" as art. 6(6) defines
        it (the ruleset's reading, games/blackjack/dealer.py), stands on 17 or more. If every
        hand has busted or surrendered, the dealer draws only what insurance or a blackjack
        still needs (its second card)."""
        self._phase = BjPhase.DEALER
        hands = [h for b in self.boxes.values() for h in b.hands]
        live = [h for h in hands if not h.busted and not h.surrendered]
        needs_second = bool(live) or any(b.insurance for b in self.boxes.values())
        standing = [h for h in live if not h.blackjack]
        if needs_second:
            self.dealer.append(self._draw(DEALER_PLACE))
        if standing and not is_blackjack(self.dealer):
            while dealer_draws([VALUES[c] for c in self.dealer], self.rules.soft17):
                self.dealer.append(self._draw(DEALER_PLACE))

    # -- the dealer's erroneous card (art. 6(1)) ------------------------------------------
    def verify_dealer_error(self) -> None:
        if self._phase is not BjPhase.DEALER:
            raise RuleViolation("phase", "the dealer has not finished drawing", cite("art. 6(1)"))

    def dealer_error(self, shown: bool) -> tuple[Event, ...]:
        """The dealer took a card the rules did not call for (art. 6(1)): it is void and
        removed; if it was not shown it may stand, as the next card of the shoe."""
        self.verify_dealer_error()
        card = self._draw(DEALER_PLACE)
        if shown:
            self.voided_cards.append(card)
            event = Event(
                "dealer_card_void", {"card": card_text(card), "article": cite("art. 6(1)")}
            )
        else:
            self.returned_cards.append(card)
            event = Event("dealer_card_stands", {"article": cite("art. 6(1)")})
        return self._record("dealer_error", {"shown": shown}, [event])

    # -- log ------------------------------------------------------------------------------
    def apply(self, entry: LogEntry) -> tuple[Event, ...]:
        a, command = dict(entry.args), entry.command
        if command in ("place_bet", "withdraw_bet"):
            player, box, kind = a["player"], a["box"], a["kind"]
            if command == "withdraw_bet":
                return self.withdraw_bet(player, kind, box=box)
            return self.place_bet(player, kind, a["amount"], box=box)
        simple = {
            "deal": self._deal,  # a question closed at once is logged on its own
            "close_insurance": self.close_insurance,
            "close_betting": self.close_betting,
        }
        if command in simple:
            return simple[command]()
        if command == "insure":
            return self.insure(a["player"], a["box"], a["amount"])
        if command == "even_money":
            return self.even_money(a["player"], a["box"])
        if command == "decline_insurance":
            return self.decline_insurance(a["player"], a["box"])
        if command == "act":
            return self.act(a["box"], a["action"])
        if command == "dealer_error":
            return self.dealer_error(a["shown"])
        if command == "settle":
            self.settle()
        elif command == "void":
            self.void(a["reason"])
        else:
            raise ValueError(f"unknown command {command!r} in log")
        return self.log[-1].events

    def _record(
        self, command: str, args: Mapping[str, Any], events: Sequence[Event]
    ) -> tuple[Event, ...]:
        pending, self.log_pending = self.log_pending, []
        return super()._record(command, args, [*events, *pending])


def replay(
    rules: BlackjackRules, cards: CardSource, log: Iterable[LogEntry], *, number: int = 1
) -> BlackjackRound:
    rnd = BlackjackRound(rules, cards, number=number)
    for entry in log:
        rnd.replay_entry(entry)
    return rnd


__all__ = [
    "ACTIONS",
    "BJ",
    "BjPhase",
    "BlackjackRound",
    "BlackjackSettlement",
    "Box",
    "Hand",
    "cite",
    "replay",
]
