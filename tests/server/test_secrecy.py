"""Nothing hidden leaves the server before the rules show it, by any route (issue 16, finding 1
and the secrecy test it asks for): a watcher and a second player record everything they receive
over the WebSocket and from every REST route that serves a table or a round, through whole
rounds of every game, and no card the rules keep hidden appears in it.

What is hidden, from the texts:

* Macau stud (DRE 61/2004) art. 7(1): "as cartas são distribuídas ... com a face voltada para
  baixo ... A última carta do «croupier» será distribuída com a face voltada para cima" (every
  card face down, but the dealer's last, face up); art. 6(7): a hand that does not raise "é
  considerada perdida, sendo as cartas e as apostas iniciais recolhidas pelo «croupier»" (its
  cards collected, never shown); art. 9(3): the dealer "abre as «mãos» dos jogadores" (opens
  the hands) to decide the round. So: the dealer's face-down cards until the hands are opened,
  a player's cards from everyone else until then, and a folded hand's cards for ever.
* Macau blackjack (Despacho 56/2004 as amended by 42/2007) art. 6(1): the dealer takes one card
  and draws the rest after the players (European no hole card): a card not yet dealt is nobody's.
* Baccarat (PT 812/2015 rule 27): no card is dealt before "No more bets".
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
from collections.abc import Iterator

import pytest
from websockets.sync.client import ClientConnection

from croupier.games.registry import GAMES, journal_is_public, shown_result
from croupier.rulesets import load_ruleset, preset_names
from croupier.shoe import StackedCards
from tests.minigame.spec import SPEC
from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 10_000_00
CARD = re.compile(r'"([2-9TJQKA][SHDC])"')
# stud, art. 7(1), one card at a time: ana (seat 1), bruno (seat 2), the dealer, five times;
# the dealer's fifth card is the face-up one
STUD = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H"
# blackjack: ana TS 5D, bruno 9H 7S, the dealer 6C; ana hits KD; the dealer draws TC 9D
BLACKJACK = "TS 9H 6C 5D 7S KD TC 9D"
BACCARAT = "9S 7S KD KD"


class Recorder:
    """Everything one party receives: its WebSocket messages, read by a thread, and the REST
    routes it polls; :meth:`cards` lists every card text seen so far."""

    def __init__(self, server: RunningServer, table: int, headers: dict[str, str] | None) -> None:
        self.server, self.table, self.headers = server, table, headers
        self.texts: list[str] = []
        self.ws: ClientConnection = server.watch(table, headers["token"] if headers else None)
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                self.texts.append(str(self.ws.recv(timeout=0.1)))
            except TimeoutError:
                continue
            except Exception:
                return

    def poll(self) -> None:
        """Every REST route that serves this table or a round, as this party."""
        auth = self.server.auth(self.headers) if self.headers else {}
        http = self.server.http
        current = self.server.casino.tables[self.table].round_id
        paths = [
            "/tables",
            f"/tables/{self.table}",
            f"/tables/{self.table}/information",
            f"/tables/{self.table}/rounds",
            f"/tables/{self.table}/rounds/last",
            f"/tables/{self.table}/roads",
            *(f"/rounds/{n}" for n in range(max(1, current - 2), current + 3)),
        ]
        for path in paths:
            self.texts.append(http.get(path, headers=auth).text)

    def cards(self) -> set[str]:
        time.sleep(0.3)  # what the table sent has arrived
        return {card for text in self.texts for card in CARD.findall(text)}

    def close(self) -> None:
        self._stop.set()
        self._reader.join(5)
        self.ws.close()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


@contextlib.contextmanager
def _server(database_url: str, name: str, cards: str) -> Iterator[RunningServer]:
    server = RunningServer(database_url, stacked={name: StackedCards(cards)})
    try:
        yield server
    finally:
        server.stop()


def _stud_table(server: RunningServer) -> int:
    opened = server.open_table(
        name="stud", ruleset="macau-stud-2004", betting_seconds=10, pause_seconds=0
    )
    return int(opened["id"])


def _seated(server: RunningServer, table: int) -> tuple[dict[str, str], dict[str, str]]:
    """ana and bruno, with MOP to bet, seated at ``table``."""
    ana, bruno = (server.player(n, DEPOSIT, currency="MOP") for n in ("ana", "bruno"))
    server.sit(table, ana)
    server.sit(table, bruno)
    return ana, bruno


def test_stud_hole_cards_and_folded_hands_stay_hidden(database_url: str) -> None:
    with _server(database_url, "stud", STUD) as server:
        table = _stud_table(server)
        ana, bruno = _seated(server, table)
        watcher, second = Recorder(server, table, None), Recorder(server, table, bruno)
        own = server.watch(table, ana["token"])
        deck = STUD.split()
        ana_cards, bruno_cards = deck[0:15:3], deck[1:15:3]
        dealer_up, dealer_down = deck[14], set(deck[2:14:3])
        try:
            assert server.bet(table, ana, "ante", 100_00).status_code == 201
            assert server.bet(table, bruno, "ante", 100_00).status_code == 201
            server.advance(10)  # dealt: decisions asked
            hand = receive_until(own, "your_hand")[-1]
            assert sorted(hand["cards"]) == sorted(ana_cards)  # art. 7(1): the deal's order
            raised = server.http.post(
                f"/tables/{table}/decisions",
                json={"decision": "raise"},
                headers=server.auth(ana),
            )
            assert raised.status_code == 200, raised.text  # the raise journals the round
            # finding 1: the open round's record is nobody's, not even an operator's
            current = server.casino.tables[table].round_id
            for headers in ({}, server.auth(bruno), server.operator):
                assert server.http.get(f"/rounds/{current}", headers=headers).status_code == 409
            watcher.poll()
            second.poll()
            assert dealer_up in watcher.cards()
            assert not watcher.cards() & (dealer_down | set(ana_cards) | set(bruno_cards))
            assert not second.cards() & (dealer_down | set(ana_cards))
            folded = server.http.post(
                f"/tables/{table}/decisions",
                json={"decision": "fold"},
                headers=server.auth(bruno),
            )
            assert folded.status_code == 200, folded.text
            watcher.poll()
            second.poll()
            # art. 9(3): ana's hand was opened against the dealer's; art. 6(7): bruno's never
            assert dealer_down | set(ana_cards) <= watcher.cards()
            assert not watcher.cards() & set(bruno_cards)
            ana_view = server.http.get(f"/rounds/{current}", headers=server.auth(ana)).text
            assert not set(CARD.findall(ana_view)) & set(bruno_cards)
            whole = server.http.get(f"/rounds/{current}", headers=server.operator).json()
            assert whole["journal"]  # the operator reads every card, for audits
        finally:
            watcher.close()
            second.close()
            own.close()


def test_stud_with_every_hand_folded_turns_no_dealer_card_over(database_url: str) -> None:
    with _server(database_url, "stud", STUD) as server:
        table = _stud_table(server)
        ana = server.player("ana", DEPOSIT, currency="MOP")
        server.sit(table, ana)
        watcher = Recorder(server, table, None)
        try:
            assert server.bet(table, ana, "ante", 100_00).status_code == 201
            server.advance(10)
            folded = server.http.post(
                f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(ana)
            )
            assert folded.status_code == 200, folded.text
            watcher.poll()
            deck = STUD.split()
            dealt = set(deck[:10])  # ana's five, the dealer's five (art. 7(1))
            assert watcher.cards() & dealt == {deck[9]}  # the dealer's face-up card only
        finally:
            watcher.close()


def test_blackjack_shows_no_card_before_it_is_dealt(database_url: str) -> None:
    with _server(database_url, "bj", BLACKJACK) as server:
        table = server.open_table(
            name="bj",
            ruleset="macau-blackjack-2007",
            betting_seconds=10,
            decision_seconds=20,
            pause_seconds=0,
        )["id"]
        ana, bruno = _seated(server, table)
        watcher, second = Recorder(server, table, None), Recorder(server, table, bruno)
        try:
            assert server.bet(table, ana, "bet", 100_00).status_code == 201
            assert server.bet(table, bruno, "bet", 100_00).status_code == 201
            watcher.poll()
            assert not watcher.cards() & set(BLACKJACK.split())  # nothing before the deal
            server.advance(10)
            watcher.poll()
            second.poll()
            dealt = {"TS", "9H", "6C", "5D", "7S"}
            assert watcher.cards() & set(BLACKJACK.split()) == dealt
            assert second.cards() & set(BLACKJACK.split()) == dealt
            hit = server.http.post(
                f"/tables/{table}/decisions", json={"decision": "hit"}, headers=server.auth(ana)
            )
            assert hit.status_code == 200, hit.text
            watcher.poll()
            assert watcher.cards() & {"TC", "9D"} == set()  # the dealer draws after the players
        finally:
            watcher.close()
            second.close()


def test_baccarat_shows_no_card_before_no_more_bets(database_url: str) -> None:
    with _server(database_url, "bac", BACCARAT) as server:
        table = server.open_table(name="bac", betting_seconds=10, pause_seconds=0)["id"]
        ana = server.player("ana", 1_000_00)
        server.sit(table, ana)
        watcher = Recorder(server, table, None)
        try:
            assert server.bet(table, ana, "player", 10_00).status_code == 201
            watcher.poll()
            assert not watcher.cards() & set(BACCARAT.split())
            server.advance(10)
            watcher.poll()
            assert set(BACCARAT.split()) <= watcher.cards()  # all face up once dealt
        finally:
            watcher.close()


@pytest.mark.cites("pt-812-2015", "rule 4", "rule 28")
def test_an_individual_tables_stakes_are_its_players_alone(database_url: str) -> None:
    """Finding 6: round history and GET /rounds/{id} needed no token, and showed other players'
    names, stakes and payouts of individual tables. PT rule 4 tells "mesas individuais" from
    "de múltiplos jogadores" (individual from multi-player tables), and rule 28 lets the
    individual table's player alone start its deal "após a marcação da aposta" (after placing
    the bet): its round is that player's, so nobody else (a watcher, another player) learns
    its stake or who plays it, while an operator reads it whole."""
    server = RunningServer(database_url)
    try:
        table = server.open_table(mode="individual", seats=1)["id"]
        ana, bruno = server.player("ana", 1_000_00), server.player("bruno", 1_000_00)
        server.sit(table, ana)
        watcher = Recorder(server, table, None)
        other = Recorder(server, table, bruno)
        try:
            assert server.bet(table, ana, "banker", 37_00).status_code == 201
            for headers in ({}, server.auth(bruno)):  # the felt as a watcher, as another player
                felt = server.http.get(f"/tables/{table}", headers=headers)
                assert felt.status_code == 200, felt.text
                assert "3700" not in felt.text and '"ana"' not in felt.text, felt.text[:500]
                assert felt.json()["seated"] == [{"seat": 1, "player": None}]
            staked = server.http.get(f"/tables/{table}", headers=server.auth(ana)).json()
            assert [b["amount"] for b in staked["bets"]] == [37_00]
            played = server.http.post(f"/tables/{table}/deal", headers=server.auth(ana))
            assert played.status_code == 200, played.text
            round_id = played.json()["round_id"]
            watcher.poll()
            other.poll()
            for party in (watcher, other):
                seen = "".join(party.texts)
                assert "3700" not in seen and '"ana"' not in seen, seen[:500]
            assert server.http.get(f"/rounds/{round_id}").status_code == 401
            assert (
                server.http.get(f"/rounds/{round_id}", headers=server.auth(bruno)).status_code
                == 403
            )
            mine = server.http.get(f"/rounds/{round_id}", headers=server.auth(ana)).json()
            assert mine["mine"]["staked"] == 37_00
            assert server.http.get(f"/rounds/{round_id}", headers=server.operator).json()["bets"]
            view = server.http.get(f"/tables/{table}", headers=server.auth(ana)).json()
            assert view["seated"] == [{"seat": 1, "player": "ana"}]
        finally:
            watcher.close()
            other.close()
    finally:
        server.stop()


def test_a_shared_tables_finished_round_is_public(server: RunningServer) -> None:
    """A shared table's finished round is what everyone at the table saw: its bets and result
    are readable without a token (the journal too: baccarat deals every card face up)."""
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana", 1_000_00)
    server.sit(table, ana)
    assert server.bet(table, ana, "player", 10_00).status_code == 201
    server.advance(10)
    last = server.http.get(f"/tables/{table}/rounds/last")
    assert last.status_code == 200, last.text
    assert last.json()["bets"][0]["amount"] == 10_00 and last.json()["journal"]
    assert json.loads(last.text)["status"] == "settled"


#: every game the registry plays, by a preset (or a ruleset file) of its, and the outside game
#: of tests/minigame (issue 27(6): the secrecy test runs over every registered game)
def _every_game() -> list[str]:
    first: dict[str, str] = {}
    for name in preset_names():
        first.setdefault(load_ruleset(name).game, name)
    assert set(first) == set(GAMES), "a registered game with no preset"
    return [*first.values(), "tests/minigame/high-card.toml"]


# twenty distinct cards, enough for any round of one bettor (a blackjack dealer drawing to 17
# from the lowest cards takes five)
DISTINCT = "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS 2H 3C 4D 5S 6H 7C 8D"


@pytest.mark.parametrize("ruleset", _every_game())
def test_every_game_shows_no_card_before_the_deal_and_a_watcher_only_what_its_rules_show(
    database_url: str, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the game: while bets are taken no card of the shoe reaches anybody (the
    bettor, another seated player, a watcher), by the WebSocket or any REST route; once the
    round is over, a watcher has seen no card but those the game's rules turn over for
    everyone (its ``shown_result``)."""
    monkeypatch.setitem(GAMES, SPEC.name, SPEC)
    name = "every game"
    with _server(database_url, name, DISTINCT) as server:
        opened = server.open_table(name=name, ruleset=ruleset, betting_seconds=10, pause_seconds=0)
        table = int(opened["id"])
        info = server.http.get(f"/tables/{table}/information").json()
        main = next(b for b in info["bets"] if b["area"] == "main")
        ana, bruno = (
            server.player(n, DEPOSIT, currency=info["currency"]) for n in ("ana", "bruno")
        )
        server.sit(table, ana)
        server.sit(table, bruno)
        shoe = set(DISTINCT.split())
        with (
            Recorder(server, table, ana) as bettor,
            Recorder(server, table, bruno) as other,
            Recorder(server, table, None) as watcher,
        ):
            placed = server.bet(table, ana, main["kind"], main["minimum"] or info["minimum_bet"])
            assert placed.status_code == 201, placed.text
            for party in (bettor, other, watcher):
                party.poll()
                assert not party.cards() & shoe, (ruleset, party.cards() & shoe)
            server.advance(10)  # no more bets: the deal
            for _ in range(4):  # every decision the game asks times out to its default
                server.advance(server.casino.tables[table].config.decision_seconds)
            last = f"/tables/{table}/rounds/last"
            whole = server.http.get(last, headers=server.operator).json()
            assert whole["status"] == "settled", whole
            rules = server.casino.tables[table].rules
            public = set(CARD.findall(json.dumps(shown_result(rules, whole["result"], None))))
            if whole["journal"] is not None and journal_is_public(rules):
                public |= set(CARD.findall(json.dumps(whole["journal"])))
            watcher.poll()
            seen = watcher.cards() & shoe
            assert seen <= public, (ruleset, seen - public)
            assert seen, (ruleset, "the watcher saw no card of a dealt round")
