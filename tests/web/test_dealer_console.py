"""The dealer's console of a live table (issue 31), in headless Chromium as a dealer meets it:
signed in with an operator's token, the live table picked, the new shoe burned from the
keyboard, each next card shown in words, cards entered by keyboard and by taps, an irregular
card shown with its article and corrected with one tap, and what to pay each bet once the
round settles. Each expectation is read from the API or the engine, never from the page's own
code."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from croupier.games.baccarat.round import BaccaratRound
from croupier.i18n.catalogue import catalogue
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from croupier.web.screenshots import Stage
from tests.web.pages import balance, new_page, points, sign_in
from tests.web.test_languages import english_left

RULESET = "pt-ponto-banca-2015"


def _type(page: Page, card: str) -> None:
    page.keyboard.press(card[0])
    page.keyboard.press(card[1])


def _console(
    browser: Browser,
    stage: Stage,
    table: int,
    device: Callable[[WebSocketRoute], None] | None = None,
) -> Page:
    """The console signed in and connected to ``table``; its device socket through ``device``
    (a test's stand-in for the network) where one is given."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    if device is not None:
        page.route_web_socket(re.compile(r"/device"), device)
    page.goto(f"{stage.base}/dealer")
    page.fill("#token", stage.casino.credentials.operator_token)
    page.click("#signin-go")
    page.click(f"[data-table='{table}']")
    return page


def _burn(page: Page) -> None:
    """A new shoe's burn keyed at the console (Macau baccarat art. 2(1): the 2 turned up, two
    more burned); then bets are taken."""
    expect(page.locator("#next")).to_have_text("Next card: BURN")
    for card in ("2C", "4C", "5C"):
        _type(page, card)
    expect(page.locator("#next")).to_have_text("No card due: bets are being taken")


def _engine_payout(cards: str, kind: str, amount: int) -> int:
    rnd = BaccaratRound(load_ruleset(RULESET).rules, StackedCards(cards))
    rnd.place_bet("Ana", kind, amount)
    rnd.close_betting()
    rnd.deal()
    [bet] = rnd.settle().bets
    return bet.payout


def _live_baccarat(stage: Stage, name: str) -> dict[str, Any]:
    """A live baccarat table of demo points, Ana seated at it with 10.00 on Banker."""
    operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
    made = stage.http.post(
        "/tables", json={"name": name, "live": True, "demo": True, "pause_seconds": 0},
        headers=operator,
    )  # fmt: skip
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    ana = stage.demo_player("Ana")
    stage.http.post(f"/tables/{table['id']}/sessions", json={}, headers=ana).raise_for_status()
    bet = stage.http.post(
        f"/tables/{table['id']}/bets", json={"kind": "banker", "amount": 10_00}, headers=ana
    )
    assert bet.status_code == 201, bet.text
    return {**table, "ana": ana}


def test_the_dealer_deals_a_live_round_from_the_console(browser: Browser, stage: Stage) -> None:
    table = _live_baccarat(stage, "Live baccarat")

    page = _console(browser, stage, table["id"])
    _burn(page)
    expect(page.locator("#bets")).to_contain_text("Banker")  # the game's term for it
    view = stage.http.get(f"/tables/{table['id']}").json()
    seat = next(s["seat"] for s in view["seated"] if s["player"] == "Ana")
    # Ana bet before the console connected: her bet comes from the table's view, which says
    # where she sits as the "bets" messages do (it said "seat –")
    expect(page.locator("#bets")).to_contain_text(f"seat {seat} · Ana")

    stage.advance(table["betting_seconds"])  # no more bets: the round waits for its cards
    expect(page.locator("#next")).to_have_text("Next card: PLAYER")
    page.click("[data-rank='3']")
    page.click("[data-suit='S']")
    expect(page.locator("#next")).to_have_text("Next card: BANKER")
    for card in ("2S", "3H", "2H"):
        _type(page, card)
    expect(page.locator("#next")).to_have_text("Next card: BANKER")  # Player 6 stands

    page.select_option("#to", "player")  # the dealer puts the fifth card to Player
    page.click("[data-rank='5']")
    page.click("[data-suit='D']")
    expect(page.locator("#irregularity")).to_be_visible()
    expect(page.locator("#irregularity-rule")).to_contain_text("art. 9(2)")
    expect(page.locator("[data-remedy='correct']")).to_have_text("Correct → Banker")
    page.click("[data-remedy='correct']")
    expect(page.locator("#irregularity")).to_be_hidden()

    payout = _engine_payout("3S 2S 3H 2H 5D", "banker", 10_00)
    row = page.locator("#payouts tr[data-player='Ana'][data-kind='banker']")
    expect(row).to_contain_text(f"{payout / 100:,.2f} pts")
    expect(row).to_contain_text("win")
    view = stage.http.get(f"/tables/{table['id']}").json()
    assert view["round"] == 2 and view["live"] == {"next": None}
    expect(page.locator("#cards li").first).to_contain_text(re.compile(r"5D → Banker"))


@pytest.mark.parametrize("released", ["after the fifth card", "after its irregularity"])
def test_a_late_answer_does_not_take_the_next_cards_remedy(
    browser: Browser, stage: Stage, released: str
) -> None:
    """A dealer types faster than the table answers (a slow link, a loaded server): the fifth
    card is sent before the answer to the fourth arrives. That answer settles the fourth card
    only; the fifth card's irregularity (Player's 6 stands, Macau baccarat art. 9(2)) still
    takes its remedy with one tap, whether the answer comes before the irregularity (the
    table's order) or while it is on screen (any other card's answer then). Before, the late
    answer forgot the card the remedy is for and the tap on "Correct" did nothing: the coup
    stood still (CI, 2026-11-28)."""
    table = _live_baccarat(stage, "Live baccarat")
    late: dict[str, Any] = {}  # the fourth card's answer, held until the fifth card is sent

    def device(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_console(text: str | bytes) -> None:
            server.send(text)
            fifth = json.loads(text).get("card") == "5D"
            if fifth and "answer" in late and released == "after the fifth card":
                ws.send(late.pop("answer"))  # after the fifth card left the console

        def from_table(text: str | bytes) -> None:
            answer = json.loads(text)
            if answer.get("type") == "taken" and answer.get("seq") == late.get("seq"):
                late["answer"] = text
                return
            ws.send(text)
            if answer.get("type") == "irregularity" and "answer" in late:
                ws.send(late.pop("answer"))  # while the irregularity is on screen

        ws.on_message(from_console)
        server.on_message(from_table)

    page = _console(browser, stage, table["id"], device)
    _burn(page)
    stage.advance(table["betting_seconds"])
    expect(page.locator("#next")).to_have_text("Next card: PLAYER")
    for card in ("3S", "2S", "3H"):
        _type(page, card)
    expect(page.locator("#cards li")).to_have_count(6)
    late["seq"] = 7  # the console's seventh card: 2H, Banker's second
    _type(page, "2H")
    page.select_option("#to", "player")  # the fifth card to Player, whose 6 stands
    _type(page, "5D")
    expect(page.locator("#irregularity")).to_be_visible()
    assert "answer" not in late  # the fourth card's answer came after the fifth card left
    expect(page.locator("#irregularity-rule")).to_contain_text("art. 9(2)")
    page.click("[data-remedy='correct']")
    expect(page.locator("#irregularity")).to_be_hidden()
    payout = _engine_payout("3S 2S 3H 2H 5D", "banker", 10_00)
    row = page.locator("#payouts tr[data-player='Ana'][data-kind='banker']")
    expect(row).to_contain_text(f"{payout / 100:,.2f} pts")


def test_the_console_of_a_live_stud_table_names_its_boxes(browser: Browser, stage: Stage) -> None:
    """At a live stud table the console's places are the dealer and the table's boxes (art.
    2(1)), and when betting closes the next card is the first box with an ante (art. 7(1)):
    the box Ana's ante took, the lowest free one (choice O16): box 1."""
    operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
    made = stage.http.post(
        "/tables",
        json={"name": "Live stud", "ruleset": "macau-stud-2004", "live": True, "demo": True},
        headers=operator,
    )
    assert made.status_code == 201, made.text
    table = made.json()
    ana = stage.demo_player("Ana")
    stage.http.post(f"/tables/{table['id']}/sessions", json={}, headers=ana).raise_for_status()
    info = stage.http.get(f"/tables/{table['id']}/information").json()
    ante = next(b for b in info["bets"] if b["kind"] == "ante")["minimum"]
    stage.http.post(
        f"/tables/{table['id']}/bets", json={"kind": "ante", "amount": ante}, headers=ana
    ).raise_for_status()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{stage.base}/dealer")
    page.fill("#token", stage.casino.credentials.operator_token)
    page.click("#signin-go")
    page.click(f"[data-table='{table['id']}']")
    places = ["", "dealer", *(f"box {n}" for n in range(1, table["seats"] + 1))]
    expect(page.locator("#to option")).to_have_count(len(places))
    assert page.locator("#to option").evaluate_all("os => os.map(o => o.value)") == places
    stage.advance(table["betting_seconds"])
    expect(page.locator("#next")).to_have_text("Next card: BOX 1")  # the only ante: box 1


def test_a_remote_player_is_paid_as_the_box_the_dealer_entered(
    browser: Browser, stage: Stage
) -> None:
    """A live-dealer table (issue 31(4)): Ana bets 10.00 on Banker through the online client
    from seat 1, and the dealer enters the same bet for box 3 at the console (the box, the bet,
    the amount). The dealer deals the coup from the keyboard; the console lists what to pay
    from the dealer's left, Ana's seat before box 3, each the engine's payout of the cards; the
    box's account and Ana's balance both moved by it."""
    operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
    made = stage.http.post(
        "/tables",
        json={"name": "Live studio", "live": True, "demo": True, "pause_seconds": 0},
        headers=operator,
    )
    assert made.status_code == 201, made.text
    table = made.json()
    player = new_page(browser)
    headers = sign_in(player, stage, "Ana")
    player.click(f"[data-join='{table['id']}']")
    expect(player.locator(".seat.mine")).to_contain_text("Ana")
    player.click("label[for='chip-1']")  # 5.00
    player.click("#area-banker")
    player.click("#area-banker")
    expect(player.locator("#stake-banker")).to_have_text(points(10_00))

    dealer = _console(browser, stage, table["id"])
    _burn(dealer)  # connected: it keys cards
    dealer.select_option("#box", "3")
    dealer.click("#box-kinds [data-kind='banker']")
    dealer.fill("#amount", "10")
    dealer.click("#box-bet")
    expect(dealer.locator("#bets")).to_contain_text("box 3")
    box = f"box 3/table {table['id']}"
    held = stage.http.get(f"/tables/{table['id']}").json()["bets"]
    # a box sits in the seat of its number (docs/live-table.md, server/boxes.py)
    assert {"player": box, "seat": 3, "kind": "banker", "amount": 10_00} in held

    stage.advance(table["betting_seconds"])
    expect(dealer.locator("#next")).to_have_text("Next card: PLAYER")
    for card in ("3S", "2S", "3H", "2H", "5D"):  # Player 6 stands, Banker 4 draws: 9
        _type(dealer, card)
    payout = _engine_payout("3S 2S 3H 2H 5D", "banker", 10_00)
    rows = dealer.locator("#payouts tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("seat 1 · Ana")
    expect(rows.nth(1)).to_contain_text("box 3")
    for row in (rows.nth(0), rows.nth(1)):
        expect(row).to_contain_text(points(payout))
    assert balance(stage, headers) == 10_000_00 - 10_00 + payout
    found = stage.casino.players.by_name(box)
    assert found is not None
    account = stage.casino.players.account(found, "DEMO")
    assert stage.casino.ledger.balance(account) == payout - 10_00


def test_shoe_sim_deals_while_the_console_shows_each_card_and_the_payouts(
    browser: Browser, stage: Stage
) -> None:
    """``croupier shoe-sim`` plays the card-reading shoe of a live baccarat table while the
    dealer's console is open: the console lists each card the shoe sends with the place the
    engine gave it (the burn of art. 2(1), then Player, Banker, Player, Banker and Banker's
    third card by art. 9(3)), says when the next card is due and for whom, and what to pay."""
    token = stage.casino.credentials.operator_token
    made = stage.http.post(
        "/tables",
        json={"name": "Live shoe", "live": True, "demo": True, "pause_seconds": 0},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status_code == 201, made.text
    table = made.json()
    ana = stage.demo_player("Ana")
    stage.http.post(f"/tables/{table['id']}/sessions", json={}, headers=ana).raise_for_status()
    stage.http.post(
        f"/tables/{table['id']}/bets", json={"kind": "player", "amount": 10_00}, headers=ana
    ).raise_for_status()
    dealer = _console(browser, stage, table["id"])
    expect(dealer.locator("#next")).to_have_text("Next card: BURN")
    shoe = "2C 4C 5C 3S 2S 3H 2H 5D"
    command = [sys.executable, "-m", "croupier", "shoe-sim", "--url", stage.base]
    command += ["--table", str(table["id"]), "--cards", shoe, "--coups", "1", "--wait", "30"]
    device = subprocess.Popen(
        command,
        env={**os.environ, "CROUPIER_OPERATOR_TOKEN": token},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        expect(dealer.locator("#cards li")).to_have_count(3)  # the burn, while bets are taken
        expect(dealer.locator("#next")).to_contain_text("No card due")
        stage.advance(table["betting_seconds"])
        output, _ = device.communicate(timeout=60)
    finally:
        if device.poll() is None:
            device.kill()
    assert device.returncode == 0, output
    places = ["burn"] * 3 + ["Player", "Banker", "Player", "Banker", "Banker"]  # the hands'
    # names as the game's terms write them
    sent = [f"{card} → {place}" for card, place in zip(shoe.split(), places, strict=True)]
    expect(dealer.locator("#cards li")).to_have_text(list(reversed(sent)))
    payout = _engine_payout("3S 2S 3H 2H 5D", "player", 10_00)
    row = dealer.locator("#payouts tr[data-player='Ana'][data-kind='player']")
    expect(row).to_contain_text("lose")
    assert payout == 0
    expect(dealer.locator("#next")).to_contain_text("No card due")


def test_the_console_plays_a_live_blackjack_box(browser: Browser, stage: Stage) -> None:
    """A live blackjack table (Macau blackjack): the dealer enters box 2's bet at the console,
    deals from the keyboard where the engine asks (box 2, the dealer, box 2: no hole card),
    taps the box's decision among those its turn offers (stand on 19), deals the dealer's card
    by art. 6(1) (7 K = 17 stands), and reads what to pay: the engine's payout of 19 over 17."""
    token = stage.casino.credentials.operator_token
    made = stage.http.post(
        "/tables",
        json={
            "name": "Live blackjack",
            "ruleset": "macau-blackjack-2007",
            "live": True,
            "demo": True,
            "pause_seconds": 0,
        },
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status_code == 201, made.text
    table = made.json()
    info = stage.http.get(f"/tables/{table['id']}/information").json()
    minimum = next(b for b in info["bets"] if b["kind"] == "bet")["minimum"]
    dealer = _console(browser, stage, table["id"])
    expect(dealer.locator("#next")).to_contain_text("No card due")
    dealer.select_option("#box", "2")
    dealer.click("#box-kinds [data-kind='bet']")
    dealer.fill("#amount", f"{minimum / 100:.2f}")
    dealer.click("#box-bet")
    expect(dealer.locator("#bets")).to_contain_text("box 2")
    stage.advance(table["betting_seconds"])
    expect(dealer.locator("#next")).to_have_text("Next card: BOX 2")
    _type(dealer, "TS")
    expect(dealer.locator("#next")).to_have_text("Next card: DEALER")
    _type(dealer, "7H")
    expect(dealer.locator("#next")).to_have_text("Next card: BOX 2")
    _type(dealer, "9S")
    expect(dealer.locator("#box-decisions [data-decide='stand']")).to_be_visible()
    expect(dealer.locator("#next")).to_have_text("No card due: waiting for a decision (box 2)")
    dealer.click("#box-decisions [data-decide='stand']")
    expect(dealer.locator("#next")).to_have_text("Next card: DEALER")
    _type(dealer, "KD")
    row = dealer.locator(f"#payouts tr[data-player='box 2/table {table['id']}']")
    expect(row).to_contain_text("win")
    expect(row).to_contain_text(points(2 * minimum))


def test_the_console_names_who_may_squeeze(browser: Browser, stage: Stage) -> None:
    """Macau baccarat art. 16(2): where the house allows it, the seated player with the highest
    bet on a hand may squeeze its cards. Box 3 holds the highest Banker bet and Ana the only
    Player bet: when betting closes the console says to whom each hand's cards go."""
    operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
    made = stage.http.post(
        "/tables",
        json={
            "name": "Live squeeze",
            "ruleset": "macau-2004",
            "overrides": {"table.squeeze": True},
            "live": True,
            "demo": True,
        },
        headers=operator,
    )
    assert made.status_code == 201, made.text
    table = made.json()
    minimum = stage.http.get(f"/tables/{table['id']}/information").json()["minimum_bet"]
    ana = stage.demo_player("Ana")
    stage.http.post(f"/tables/{table['id']}/sessions", json={}, headers=ana).raise_for_status()
    dealer = _console(browser, stage, table["id"])
    while stage.http.get(f"/tables/{table['id']}").json()["live"]["next"] == "burn":
        stage.http.post(
            f"/tables/{table['id']}/cards", json={"card": "2C"}, headers=operator
        ).raise_for_status()
    for path, kind, amount, who in (
        ("bets", "player", minimum, ana),
        ("boxes/3/bets", "banker", 3 * minimum, operator),
        ("boxes/4/bets", "banker", minimum, operator),
    ):
        stage.http.post(
            f"/tables/{table['id']}/{path}", json={"kind": kind, "amount": amount}, headers=who
        ).raise_for_status()
    expect(dealer.locator("#squeeze")).to_be_hidden()
    stage.advance(table["betting_seconds"])
    expect(dealer.locator("#squeeze")).to_have_text(
        "Squeeze (art. 16(2)): Player → Ana · Banker → box 3"
    )


@pytest.mark.parametrize("language", ["pt-PT", "zh-Hant"])
def test_the_console_speaks_the_dealers_language(
    browser: Browser, stage: Stage, language: str
) -> None:
    """Issue 29's languages at issue 31's physical table: a dealer in Lisbon or Macau deals a
    coup from the console in Portuguese or in Chinese, the browser's language, with no English
    word left on the page (read off the catalogues, as the players' pages are checked): the
    table list, the next card named in the language's words, an irregular card's text and
    remedies from the server in the same language, what to pay."""
    said = catalogue(language)
    table = _live_baccarat(stage, "Mesa ao vivo")
    names = ["Mesa ao vivo", "Ana"]

    page = browser.new_context(viewport={"width": 1280, "height": 900}, locale=language).new_page()
    page.goto(f"{stage.base}/dealer")
    expect(page.locator("html")).to_have_attribute("lang", language)  # the browser's choice
    page.fill("#token", stage.casino.credentials.operator_token)
    page.click("#signin-go")
    expect(page.locator(f"[data-table='{table['id']}']")).to_be_visible()
    assert english_left(page, language, names) == []
    page.click(f"[data-table='{table['id']}']")

    def next_card(place: str) -> str:
        return said["Next card: {place}"].replace("{place}", place.upper())

    expect(page.locator("#next")).to_have_text(next_card(said["burn"]))
    for card in ("2C", "4C", "5C"):  # art. 2(1): the new shoe's burn
        _type(page, card)
    expect(page.locator("#next")).to_have_text(said["No card due: bets are being taken"])
    stage.advance(table["betting_seconds"])
    expect(page.locator("#next")).to_have_text(next_card(said["term:player"]))
    for card in ("3S", "2S", "3H", "2H"):
        _type(page, card)
    page.select_option("#to", "player")  # Player's 6 stands: a fifth card there is irregular
    _type(page, "5D")
    expect(page.locator("#irregularity")).to_be_visible()
    correct = said["Correct → {place}"].replace("{place}", said["term:banker"])
    expect(page.locator("[data-remedy='correct']")).to_have_text(correct)
    citation = page.locator("#irregularity-rule").inner_text()  # the article, a reference
    assert citation == "Macau baccarat art. 9(2)"  # Player's 6 stands
    assert english_left(page, language, [*names, citation]) == []
    page.click("[data-remedy='correct']")
    expect(page.locator("#irregularity")).to_be_hidden()
    expect(page.locator("#payouts tr"), page.locator("body").inner_text()).to_have_count(1)
    expect(page.locator("#payouts tr").first).to_contain_text(said["term:win"])
    assert english_left(page, language, [*names, citation]) == []  # "corrected (article)"

    # the other language chosen at the bar: the page and the table's own messages follow it
    other = "zh-Hant" if language == "pt-PT" else "pt-PT"
    told = catalogue(other)
    page.select_option("#language", other)
    expect(page.locator("#next")).to_have_text(told["No card due: bets are being taken"])
    stage.http.post(
        f"/tables/{table['id']}/bets", json={"kind": "player", "amount": 10_00},
        headers=table["ana"],
    ).raise_for_status()  # fmt: skip
    stage.advance(table["betting_seconds"])
    expect(page.locator("#next")).to_have_text(
        told["Next card: {place}"].replace("{place}", told["term:player"].upper())
    )
    page.select_option("#to", "banker")  # art. 7(1): the first card is Player's
    _type(page, "6S")
    first = "the first four cards go one at a time, alternately, Player first: this card is {due}'s"
    expect(page.locator("#irregularity-text")).to_have_text(
        told[first].replace("{due}", told["term:player"])
    )
