"""End to end in headless Chromium (Debian's ``chromium``, driven by Playwright): join a table,
bet with the mouse and the keyboard, see the round dealt and settled, check the balance against
the API, recall the round, read the rules, leave with a statement; the individual table's Deal
button and inactivity warning; phone width."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from croupier.web.screenshots import BLACKJACK_SPLIT, BLACKJACK_TABLE, Stage
from tests.web.pages import balance as _balance
from tests.web.pages import new_page as _page
from tests.web.pages import points as _points
from tests.web.pages import sign_in as _sign_in


@pytest.mark.cites("pt-812-2015", "rule 3", "rule 27", "rule 31", "rule 32", "rule 20", "rule 33")
def test_a_player_joins_bets_sees_the_round_recalls_it_and_leaves(
    browser: Browser, stage: Stage
) -> None:
    """PT 812/2015 rule 3: play "deve decorrer em tempo real num ambiente virtual que
    reproduza gráfica e visualmente as características, os equipamentos utilizados numa banca
    física" (in real time, in a virtual setting that reproduces a physical table): a person
    joins the drawn table in a browser, bets on its felt and sees the round dealt."""
    page = _page(browser)
    headers = _sign_in(page, stage, "Ana")
    table = stage.multi_table()
    page.click(f"[data-join='{table['id']}']")
    expect(page.locator(".seat.mine")).to_contain_text("Ana")
    expect(page.locator("#announcement")).to_have_text("Place your bets")  # rule 27
    page.click("label[for='chip-1']")  # 5.00
    page.click("#area-player")
    expect(page.locator("#stake-player")).to_have_text(_points(5_00))
    page.focus("#area-banker")  # the keyboard bets too
    page.keyboard.press("Enter")  # 5.00 on both sides: refused with its rule (13)
    expect(page.locator("#error")).to_contain_text("rule 13")
    expect(page.locator("#stake-banker")).to_have_text("")
    page.focus("#chip-0")
    page.keyboard.press("Space")  # 1.00
    page.focus("#area-banker")
    page.keyboard.press("Enter")
    expect(page.locator("#stake-banker")).to_have_text(_points(1_00))
    expect(page.locator("#balance")).to_have_text(_points(10_000_00 - 6_00))
    assert _balance(stage, headers) == 10_000_00 - 6_00

    stage.advance(table["betting_seconds"])
    expect(page.locator("#result.show")).to_be_visible()
    last = stage.http.get(f"/tables/{table['id']}/rounds/last", headers=headers).json()
    result = last["result"]
    dealt = page.locator("#player-cards .card, #player-third .card")
    assert [c.get_attribute("data-card") for c in dealt.all()] == result["player_cards"]
    dealt = page.locator("#banker-cards .card, #banker-third .card")
    assert [c.get_attribute("data-card") for c in dealt.all()] == result["banker_cards"]
    expect(page.locator("#player-total")).to_have_text(str(result["player_total"]))
    expect(page.locator("#banker-total")).to_have_text(str(result["banker_total"]))
    # issue 18, item 10: the headline read "No more bets, cards being dealt" under the result
    expect(page.locator("#announcement")).not_to_have_text("No more bets, cards being dealt")
    expect(page.locator("#announcement")).to_have_text(
        page.locator("#result").inner_text().split(" · ")[0]
    )
    net = last["mine"]["net"]
    expect(page.locator("#my-result")).to_be_visible()
    expect(page.locator("#balance")).to_have_text(_points(10_000_00 + net))
    assert _balance(stage, headers) == 10_000_00 + net
    expect(page.locator("svg[data-road='bead_plate'] circle").first).to_be_visible()
    # issue 18, item 10: a refusal stayed on screen into the next round
    page.click("#area-player")  # the result's pause: the window is closed (rule 27)
    expect(page.locator("#error")).to_contain_text("no more bets")
    stage.advance(5)  # the next window opens
    expect(page.locator("#announcement")).to_have_text("Place your bets")
    expect(page.locator("#error")).to_have_text("")

    page.click("#recall")  # rule 31
    expect(page.locator("#panel")).to_contain_text(f"Round {last['number']}")
    sign = "+" if net >= 0 else "−"
    expect(page.locator("#recall-net")).to_have_text(f"Your result: {sign}{_points(abs(net))}")
    page.click("#close-panel")

    page.click("#rules")  # rule 32
    expect(page.locator("#panel")).to_contain_text(_points(70_00))
    expect(page.locator("#panel")).to_contain_text("rule 15(a)")
    # the rules of the game too (issue 17, item 4): values, naturals, rule 20's drawing table
    expect(page.locator("#how-to-play")).to_contain_text("10, J, Q and K count 0")
    expect(page.locator("#how-to-play")).to_contain_text("natural")
    expect(page.locator("#drawing-table")).to_contain_text("rule 20")
    expect(page.locator("#drawing-table tbody tr")).to_have_count(8)
    page.click("#close-panel")

    page.click("#leave")  # rule 33: the statement
    expect(page.locator("#st-bet")).to_have_text(_points(6_00))
    expect(page.locator("#st-net")).to_have_text(f"{sign}{_points(abs(net))}")
    statement = stage.http.get("/me", headers=headers).json()
    assert statement["sessions"] == []


@pytest.mark.cites("pt-812-2015", "rule 28", "rule 35", "rule 36")
def test_individual_table_deal_button_and_inactivity_warning(
    browser: Browser, stage: Stage
) -> None:
    page = _page(browser)
    _sign_in(page, stage, "Rui")
    individual = next(t for t in stage.http.get("/tables").json() if t["mode"] == "individual")
    page.click(f"[data-join='{individual['id']}']")
    deal = page.locator("#deal")
    expect(deal).to_be_visible()  # rule 28
    page.click("#area-tie")
    expect(page.locator("#stake-tie")).to_have_text(_points(1_00))
    deal.click()
    expect(page.locator("#result.show")).to_be_visible()
    stage.advance(181)  # rules 35-36: more than 3 minutes without a bet
    expect(page.locator(".inactivity_warning")).to_contain_text("next minute")
    stage.advance(60)
    expect(page.locator("#statement")).to_be_visible()
    expect(page.locator("#panel")).to_contain_text("inactivity")


def test_phone_width_and_watching(browser: Browser, stage: Stage) -> None:
    page = _page(browser, 390, 844)
    page.goto(stage.base + "/")
    table = stage.multi_table()
    page.click(f"a[href='#/table/{table['id']}/watch']")
    expect(page.locator(".watching")).to_be_visible()
    expect(page.locator("#area-player")).to_be_disabled()  # a watcher cannot bet
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # nothing wider than the phone
    stage.play_rounds(table["id"], 2)
    expect(page.locator("#round-no")).to_have_text(re.compile(r"Round 3"))
    roads = stage.http.get(f"/tables/{table['id']}/roads").json()
    expect(page.locator("svg[data-road='bead_plate'] .bead-letter")).to_have_count(roads["rounds"])


def test_a_stud_hand_raised_in_the_browser(browser: Browser, stage: Stage) -> None:
    operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
    made = stage.http.post(
        "/tables",
        json={
            "name": "Demo stud",
            "ruleset": "macau-stud-2004",
            "demo": True,
            "betting_seconds": 10,
        },
        headers=operator,
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    page = _page(browser)
    headers = _sign_in(page, stage, "Sofia")
    expect(page.locator("#regulation")).not_to_contain_text("812/2015")  # the lobby: no one text
    page.click(f"[data-join='{table}']")
    # issue 18, item 5: the footer cited PT 812/2015 at every table; it cites the table's own
    expect(page.locator("#regulation")).to_contain_text("61/2004")
    expect(page.locator("#area-raise")).to_have_count(0)  # a raise is a decision, not a bet
    page.click("#area-ante")  # the smallest chip: the minimum ante, 100.00
    expect(page.locator("#stake-ante")).to_have_text(_points(100_00))
    # issue 18, item 4: the jackpot ticket (20.00, art. 10(1)) is one click at its price
    page.click("#area-jackpot")
    expect(page.locator("#stake-jackpot")).to_have_text(_points(20_00))
    stage.advance(10)
    expect(page.locator("#decisions")).to_be_visible()
    expect(page.locator("#you-cards .card")).to_have_count(5)  # own cards, face up
    page.click("#raise")
    expect(page.locator("#result.show")).to_be_visible()
    expect(page.locator("#dealer-cards .card.up")).to_have_count(5)
    last = stage.http.get(f"/tables/{table}/rounds/last", headers=headers).json()
    assert [c.get_attribute("data-card") for c in page.locator("#dealer-cards .card").all()] == (
        last["result"]["dealer_cards"]
    )
    net = last["mine"]["net"]
    expect(page.locator("#balance")).to_have_text(_points(10_000_00 + net))
    assert _balance(stage, headers) == 10_000_00 + net


def test_a_blackjack_split_and_double_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    stage = Stage(f"sqlite:///{tmp_path / 'bj.db'}", stacked={BLACKJACK_TABLE: BLACKJACK_SPLIT})
    try:
        table = stage.open_table(BLACKJACK_TABLE, "macau-blackjack-2007")
        page = _page(browser)
        headers = _sign_in(page, stage, "Rui")
        page.click(f"[data-join='{table}']")
        expect(page.locator("#area-insurance")).to_have_count(0)  # insurance is a decision
        page.click("#area-bet")  # the smallest chip: the minimum bet, 100.00
        expect(page.locator("#stake-bet")).to_have_text(_points(100_00))
        stage.advance(10)
        # 8 8 against a 7: every choice the rules allow, as buttons (arts. 16-18)
        buttons = page.locator("#decisions button")
        expect(buttons).to_have_text(["Hit", "Stand", "Double", "Split", "Surrender"])
        # issue 34(4): two buttons read "Double" at once (the bet slip's and double down), and
        # chip labels such as "2,500.00 pts" overflowed their chip
        shown = [b.inner_text() for b in page.locator("button:visible").all()]
        assert len(shown) == len(set(shown)), shown
        for chip in page.locator(".chip span").all():
            fits = chip.evaluate("c => c.scrollWidth <= c.clientWidth + 1")
            assert fits, chip.inner_text()
        expect(page.locator("label[for='chip-3']")).to_have_attribute("title", _points(2_500_00))
        expect(page.locator("label[for='chip-3'] span")).to_have_text("2.5K")
        expect(page.locator("#box-1-hand-0[aria-current='true']")).to_be_visible()
        page.click("#decide-split")
        expect(page.locator("#box-1 .bj-hand")).to_have_count(2)
        expect(page.locator("#box-1-hand-0-total")).to_have_text("11")
        page.keyboard.press("Tab")  # the page is usable from the keyboard
        page.locator("#decide-double").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#box-1-hand-1[aria-current='true']")).to_be_visible()
        # issue 18, item 10: after the split and the double the area showed the first stake;
        # 100.00 + 100.00 (split) + 100.00 (double) are at stake
        expect(page.locator("#stake-bet")).to_have_text(_points(300_00))
        page.click("#decide-stand")
        expect(page.locator("#result.show")).to_have_text("Dealer stands on 17")
        # net, as "You win" says it (issue 18, item 10: "wins 400.00" gross sat by "You win")
        expect(page.locator("#box-1-hand-0 .bj-outcome")).to_have_text("wins +" + _points(200_00))
        expect(page.locator("#box-1-hand-1 .bj-outcome")).to_have_text("wins +" + _points(100_00))
        expect(page.locator("#my-result")).to_have_text("You win " + _points(300_00))
        last = stage.http.get(f"/tables/{table}/rounds/last", headers=headers).json()
        dealer = [c.get_attribute("data-card") for c in page.locator("#dealer-cards .card").all()]
        assert dealer == last["result"]["dealer_cards"] == ["7H", "TC"]
        assert last["mine"]["net"] == 300_00  # 200 + 100 won on 300 staked
        expect(page.locator("#balance")).to_have_text(_points(10_000_00 + 300_00))
        assert _balance(stage, headers) == 10_000_00 + 300_00
        page.click("#recall")
        expect(page.locator("#panel")).to_contain_text("Dealer 7♥ 10♣ = 17")
    finally:
        stage.stop()


def test_the_interactive_api_renders_with_no_network(browser: Browser, stage: Stage) -> None:
    """Issue 18, item 1: /docs was blank without internet; a test lab works offline. The
    browser is refused every request that leaves the server."""
    page = _page(browser)
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(stage.base) else route.abort()
        ),
    )
    page.goto(stage.base + "/docs")
    expect(page.locator(".swagger-ui .title")).to_contain_text("croupier online tables")
    expect(page.locator(".opblock").first).to_be_visible()
    # issue 34(4): no Authorize button (the document declared no security scheme), and the
    # description and the page's title said "online baccarat" for a server of three games
    expect(page.locator(".swagger-ui .auth-wrapper .authorize")).to_be_visible()
    expect(page.locator(".swagger-ui .info .description")).to_contain_text("stud poker")
    page.goto(stage.base + "/")
    assert "stud" in page.title() and "blackjack" in page.title()
    scheme = stage.http.get("/openapi.json").json()["components"]["securitySchemes"]["bearer"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")


def _at_the_multi_table_with_a_bet(browser: Browser, stage: Stage) -> tuple[Page, dict[str, Any]]:
    """Ana signed in, seated at the multi-player table with 5.00 on Player in its window."""
    page = _page(browser)
    _sign_in(page, stage, "Ana")
    table = stage.multi_table()
    page.click(f"[data-join='{table['id']}']")
    expect(page.locator("#announcement")).to_have_text("Place your bets")
    page.click("label[for='chip-1']")
    page.click("#area-player")
    expect(page.locator("#stake-player")).to_have_text(_points(5_00))
    return page, table


@pytest.mark.cites("pt-812-2015", "rule 18")
def test_the_players_cards_are_turned_before_the_bankers(browser: Browser, stage: Stage) -> None:
    """PT 812/2015 rule 18: "Finda a distribuição das cartas iniciais são viradas primeiro as do
    grupo do ponto e depois as do grupo da banca" (once the initial cards are dealt, the
    Player's are turned first, then the Banker's). The page records the order in which each
    card is turned face up: both of the Player's initial cards, then both of the Banker's."""
    page, table = _at_the_multi_table_with_a_bet(browser, stage)
    page.evaluate(
        """() => {
        window.turned = [];
        new MutationObserver((changes) => {
          for (const change of changes) {
            const card = change.target;
            if (card.classList.contains("up") && !card.dataset.seen) {
              card.dataset.seen = "1";
              window.turned.push(card.parentElement.id);
            }
          }
        }).observe(document.body, { attributes: true, attributeFilter: ["class"], subtree: true });
        }"""
    )
    stage.advance(table["betting_seconds"])
    expect(page.locator("#result.show")).to_be_visible()
    turned = page.evaluate("window.turned")
    assert turned[:4] == ["player-cards", "player-cards", "banker-cards", "banker-cards"], turned
    assert set(turned[4:]) <= {"player-third", "banker-third"}


def test_the_lobby_names_each_tables_regulation(browser: Browser, stage: Stage) -> None:
    """Issue 34(4): the lobby's tiles showed ruleset keys ("pt", "macau-stud") where a person
    reads the regulation's name."""
    page = _page(browser)
    page.goto(stage.base + "/")
    tiles = page.locator(".table-card .game")
    expect(tiles).to_have_count(len(stage.http.get("/tables").json()))  # every tile drawn
    texts = tiles.all_inner_texts()
    assert any("Ponto e Banca online (Portugal, 2015)" in t for t in texts), texts
    assert any("Macau Stud Poker (2004)" in t for t in texts), texts
    assert not any(t.endswith((" · pt", " · macau-stud", " · macau-blackjack")) for t in texts)


def test_the_rules_open_at_their_top(browser: Browser, stage: Stage) -> None:
    """Issue 34(4): the rules dialog opened scrolled to the bottom (its Close button took the
    focus), so a player saw the end of the rules first."""
    page = _page(browser, 1280, 600)
    _sign_in(page, stage, "Ana")
    table = stage.multi_table()
    page.click(f"[data-join='{table['id']}']")
    page.click("#rules")
    expect(page.locator("#panel")).to_be_visible()
    assert page.evaluate("document.getElementById('panel').scrollHeight") > 600  # it scrolls
    assert page.evaluate("document.getElementById('panel').scrollTop") == 0
    expect(page.locator("#close-panel")).to_be_focused()


def _until_the_table_holds_a_bet(stage: Stage, table: int) -> None:
    """Wait until the table has taken the bet a click sent (the page sends it over its socket
    and the clock must not close the window before the table has it)."""
    deadline = time.monotonic() + 10
    while not stage.http.get(f"/tables/{table}").json()["bets"]:
        assert time.monotonic() < deadline, "the table never took the click's bet"
        time.sleep(0.05)


def test_the_last_hand_stays_dimmed_until_the_next_deal(browser: Browser, stage: Stage) -> None:
    """Issue 34(4): the settled hand was cleared about 3 s after the result, when the next
    window opened; a live table leaves it, dimmed, until the next round is dealt."""
    page, table = _at_the_multi_table_with_a_bet(browser, stage)
    stage.advance(table["betting_seconds"])
    expect(page.locator("#result.show")).to_be_visible()
    cards = [c.get_attribute("data-card") for c in page.locator("#player-cards .card").all()]
    assert len(cards) == 2
    stage.advance(5)  # the result's pause: the next window opens
    expect(page.locator("#announcement")).to_have_text("Place your bets")
    page.wait_for_timeout(3_500)
    kept = [c.get_attribute("data-card") for c in page.locator("#player-cards .card").all()]
    assert kept == cards  # still on the felt, 3.5 s into the next window
    expect(page.locator(".felt .hands")).to_have_class(re.compile(r"\bprevious\b"))
    page.click("#area-player")
    _until_the_table_holds_a_bet(stage, table["id"])  # the click's bet is in before the close
    stage.advance(table["betting_seconds"])  # the next round is dealt: the old hand goes
    expect(page.locator("#round-no")).to_have_text(re.compile(r"Round 2"))
    expect(page.locator(".felt .hands")).not_to_have_class(re.compile(r"\bprevious\b"))
