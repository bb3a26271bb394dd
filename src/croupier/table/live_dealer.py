"""A live table's cards (issue 31; docs/live-table.md): after "no more bets" the round waits for
its cards from the physical shoe, each checked by the game's live dealing as it arrives, told to
the table and journaled with the round; once the coup's cards are all in, the round engine deals
them (the table's card source is :class:`~croupier.games.live.LiveCards`) and the round settles
as any other. A card that cannot be right is refused as an irregularity naming its article, and
changes nothing until the dealer applies one of the remedies the text gives; a void returns
every stake (Macau baccarat art. 10; PT 812/2015 rule 29).

Where the engine asks for each card as it plays (blackjack: a hit, a double, a split, the
dealer's draw), what it would play is tried first on a copy of the round (:meth:`LiveDealer.
hold`): when it wants a card the shoe has not sent, it waits, the table is told where the card
goes, and it is played for real once the card is in."""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.live import BURN, CardWanted, LiveCard, LiveCards, LiveDealing, device_card
from croupier.games.protocol import Event, TableRound
from croupier.i18n.message import msg
from croupier.table.announcer import Announcer
from croupier.table.config import LIVE_RULE
from croupier.table.in_play import InPlay

__all__ = ["LIVE_RULE", "LiveDealer"]


class LiveDealer:
    """The cards of a live table's rounds, between "no more bets" and the deal."""

    def __init__(
        self,
        dealing: LiveDealing,
        feed: LiveCards,
        in_play: InPlay,
        announcer: Announcer,
        dealt: Callable[[TableRound], Awaitable[dict[str, Any]]],
        void: Callable[[str], Awaitable[dict[str, Any]]],
        public: bool,
    ) -> None:
        self.dealing = dealing
        self.feed = feed
        self.in_play = in_play
        self.announcer = announcer
        self.dealt = dealt  # the round dealt: its decisions asked, or it settles
        self.void = void
        self.public = public  # every card shown (baccarat); else a card is told to no one
        self.waiting = False  # betting closed, the round waits for its cards
        self._last_seq: dict[str, int] = {}  # each device's last card taken (its source)
        #: (an engine that asks for its cards) what waits for a card: tried on a copy of the
        #: round, and played for real once the shoe has sent what it wants
        self._trial: Callable[[TableRound], object] | None = None
        self._pending: Callable[[], Awaitable[dict[str, Any]]] | None = None

    async def await_cards(self) -> dict[str, Any]:
        """Betting is closed: the round waits for its cards; the table is told what is due."""
        rnd = self.in_play.round
        self.dealing.begin(rnd.bets)
        self.waiting = True
        if self.dealing.pulls:  # the engine deals, asking for each card as it needs it
            self.feed.add(self.dealing.take_kept())  # art. 6(1): kept as the next cards
            held = self.hold(lambda r: r.deal(), self._deal_pulled)
            return held if held is not None else await self._deal_pulled()
        due = {
            "type": "cards_due",
            "round": rnd.number,
            "next": self.dealing.due(),
            **self.dealing.announce(rnd),
        }
        self.announcer.publish(due, None)
        return due

    def hold(
        self, play: Callable[[TableRound], object], run: Callable[[], Awaitable[dict[str, Any]]]
    ) -> dict[str, Any] | None:
        """Where the engine asks for its cards: ``play`` tried on a copy of the round; when it
        wants a card the shoe has not sent, it waits (``run`` plays it for real once the card
        is in) and the table is told where the card goes. None: nothing is wanted, so nothing
        waits (the caller plays it now)."""
        if not self.dealing.pulls:
            return None
        to = self._wanted(play)
        if to is None:
            return None
        self.dealing.want(to)
        self._trial, self._pending, self.waiting = play, run, True
        rnd = self.in_play.round
        due = {"type": "cards_due", "round": rnd.number, "next": to}
        self.announcer.publish(due, None)
        return due

    def _wanted(self, play: Callable[[TableRound], object]) -> str | None:
        """Where the first card goes that ``play`` would want and the shoe has not sent, or
        None: tried on a copy of the round, which nothing else sees."""
        trial = copy.deepcopy(self.in_play.round)
        try:
            play(trial)
        except CardWanted as wanted:
            return wanted.to or "a card"
        return None

    async def _deal_pulled(self) -> dict[str, Any]:
        """Every card of the first deal is in: the engine deals them."""
        rnd = self.in_play.round
        rnd.deal()
        self.dealing.after_deal(rnd)
        return await self.dealt(rnd)

    async def card(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """A card from the device or the dealer: taken, or refused as an irregularity."""
        card = self._admit(message)
        event = self.dealing.deal(card)
        self._taken(card)
        if self.dealing.pulls:  # handed to the engine at once: where does the next one go?
            self.feed.add([card.card])
            if self._trial is not None:
                self.dealing.want(self._wanted(self._trial))
            event = {**event, "next": self.dealing.due()}
        return await self._done(event)

    async def remedy(
        self, message: Mapping[str, Any], remedy: str, supervisor: str = ""
    ) -> dict[str, Any]:
        """The remedy the dealer (and supervisor) confirm for a card refused."""
        card = self._admit(message)
        event = self.dealing.remedy(card, remedy, supervisor)
        self._taken(card)
        return await self._done(event)

    async def new_shoe(self) -> dict[str, Any]:
        """The dealer puts a new shoe in, while bets are taken (between coups)."""
        if self.waiting:
            raise RuleViolation(
                "shoe", "the round waits for its cards: the shoe is changed between rounds",
                LIVE_RULE,
            )  # fmt: skip
        return await self._done(self.dealing.new_shoe())

    def due(self) -> str | None:
        """What the next card is for (a hand, ``burn``), or None (no card is due)."""
        return self.dealing.due() if self._taking() else None

    def _taking(self) -> bool:
        """Whether a card is taken now: the round waits for its cards, or a new shoe's burn."""
        return self.waiting or self.dealing.due() == BURN

    def _judged_by_dealing(self) -> bool:
        """Whether a card no round waits for is still the live dealing's to judge: where the
        engine asks for its cards, a card the dealer takes after standing is the dealer's
        error (Macau blackjack art. 6(1)), not a card out of place."""
        return self.dealing.pulls

    def abandon(self, reason: str) -> None:
        """The round was voided otherwise (a fault): its coup's cards go with it."""
        self.dealing.abandon(reason)
        self.feed.discard()
        self.waiting = False
        self._trial = self._pending = None

    def _admit(self, message: Mapping[str, Any]) -> LiveCard:
        card = device_card(message)
        last = self._last_seq.get(card.source)
        if card.seq is not None and last is not None:
            if card.seq <= last:  # sent again (a reconnection): it must not be dealt twice
                raise RuleViolation(
                    "seq",
                    msg(
                        "card {seq} of {source} was taken already", seq=card.seq, source=card.source
                    ),
                    LIVE_RULE,
                )
            if card.seq > last + 1:  # a card the device read never arrived
                raise RuleViolation(
                    "seq",
                    msg(
                        "card {last} of {source} never arrived: send it first",
                        last=last + 1,
                        source=card.source,
                    ),
                    LIVE_RULE,
                )
        if not self._taking() and not self._judged_by_dealing():  # a resend told as such
            raise RuleViolation(
                "card", "no card is due: bets are being taken or the round is dealt", LIVE_RULE
            )
        return card

    def _taken(self, card: LiveCard) -> None:
        if card.seq is not None:
            self._last_seq[card.source] = card.seq

    async def _done(self, event: dict[str, Any]) -> dict[str, Any]:
        """Tell and journal what happened; deal and settle the round once its cards are in."""
        in_play, rnd = self.in_play, self.in_play.round
        checkpoint = rnd.checkpoint()
        rnd.note({"live": event.get("event")}, [Event("live", event)])
        await in_play.commit(checkpoint, lambda tx: None)
        event = {**event, "next": self.due()}  # what the table takes next, betting or not
        told = event if self.public else {k: v for k, v in event.items() if k != "card"}
        self.announcer.publish({"type": "live", "round": rnd.number, **told}, None)
        answer: dict[str, Any] = {"round": rnd.number, **event}
        dealing = self.dealing
        if dealing.void_reason is not None:  # a remedy voided the coup: every stake returned
            self.waiting = False
            answer["settlement"] = await self.void(dealing.void_reason)
        elif dealing.pulls:
            if dealing.due() is None and self._pending is not None:  # what waited is played
                run, self._trial, self._pending, self.waiting = self._pending, None, None, False
                played = await run()
                if str(played.get("type", "")).startswith("round_"):
                    answer["settlement"] = played
                else:
                    answer["played"] = played
                    if "settlement" in played:
                        answer["settlement"] = played["settlement"]
        elif dealing.due() is None and self.waiting:
            self.waiting = False
            self.feed.add(dealing.dealt_in_order())
            rnd.deal()
            dealing.after_deal(rnd)
            dealing.next_coup()
            after = await self.dealt(rnd)
            key = "settlement" if str(after.get("type", "")).startswith("round_") else "dealt"
            answer[key] = after
        if "settlement" in answer:
            answer["next"] = self.due()  # a new round takes bets: no card is due
        return answer
