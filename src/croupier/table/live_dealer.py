"""A live table's cards (issue 31; docs/live-table.md): after "no more bets" the round waits for
its cards from the physical shoe, each checked by the game's live dealing as it arrives, told to
the table and journaled with the round; once the coup's cards are all in, the round engine deals
them (the table's card source is :class:`~croupier.games.live.LiveCards`) and the round settles
as any other. A card that cannot be right is refused as an irregularity naming its article, and
changes nothing until the dealer applies one of the remedies the text gives; a void returns
every stake (Macau baccarat art. 10; PT 812/2015 rule 29)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.live import BURN, LiveCard, LiveCards, LiveDealing, device_card
from croupier.games.protocol import Event, TableRound
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

    def await_cards(self) -> dict[str, Any]:
        """Betting is closed: the round waits for its cards; the table is told what is due."""
        rnd = self.in_play.round
        self.dealing.begin(rnd.bets)
        self.waiting = True
        due = {"type": "cards_due", "round": rnd.number, "next": self.dealing.due()}
        self.announcer.publish(due, None)
        return due

    async def card(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """A card from the device or the dealer: taken, or refused as an irregularity."""
        card = self._admit(message)
        event = self.dealing.deal(card)
        self._taken(card)
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

    def abandon(self, reason: str) -> None:
        """The round was voided otherwise (a fault): its coup's cards go with it."""
        self.dealing.abandon(reason)
        self.feed.discard()
        self.waiting = False

    def _admit(self, message: Mapping[str, Any]) -> LiveCard:
        card = device_card(message)
        last = self._last_seq.get(card.source)
        if card.seq is not None and last is not None:
            if card.seq <= last:  # sent again (a reconnection): it must not be dealt twice
                raise RuleViolation(
                    "seq", f"card {card.seq} of {card.source} was taken already", LIVE_RULE
                )
            if card.seq > last + 1:  # a card the device read never arrived
                raise RuleViolation(
                    "seq",
                    f"card {last + 1} of {card.source} never arrived: send it first",
                    LIVE_RULE,
                )
        if not self._taking():  # after the sequence: a card sent again is told as such
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
