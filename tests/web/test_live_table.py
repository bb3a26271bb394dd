"""What live tables have (issue 18), in headless Chromium as a player meets it: undo, double and
rebet before the window closes; the accepted bets confirmed when it closes; the settled bets
kept in view with the winning areas lit until the next window; the shoe's statistics and the
"ask Banker / ask Player" preview; lobby tiles with limits, seats, countdown and a live big
road; stud categories in words, blackjack's hint and a result line per hand; sounds off by
default. Each expectation is read back from the API, never from the page's own code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from croupier.web.screenshots import BLACKJACK_SPLIT, BLACKJACK_TABLE, Stage
from tests.web.pages import balance, new_page, points, sign_in

START = 10_000_00  # a demo player's points


def _my_bets(stage: Stage, table: int, name: str) -> dict[str, int]:
    view = stage.http.get(f"/tables/{table}").json()
    return {b["kind"]: b["amount"] for b in view["bets"] if b["player"] == name}


def _join(page: Page, stage: Stage, name: str, table: int) -> dict[str, str]:
    headers = sign_in(page, stage, name)
    page.click(f"[data-join='{table}']")
    expect(page.locator(".seat.mine")).to_contain_text(name)
    return headers


def test_undo_double_rebet_confirmation_and_the_lit_result(browser: Browser, stage: Stage) -> None:
    table = stage.multi_table()
    tid = table["id"]
    page = new_page(browser)
    headers = _join(page, stage, "Ana", tid)
    expect(page.locator("#rebet")).to_be_disabled()  # nothing to repeat yet
    page.click("label[for='chip-1']")  # 5.00
    page.click("#area-player")
    page.click("#area-player")
    expect(page.locator("#stake-player")).to_have_text(points(10_00))
    page.click("#undo")  # the last chip only
    expect(page.locator("#stake-player")).to_have_text(points(5_00))
    assert _my_bets(stage, tid, "Ana") == {"player": 5_00}
    page.click("#undo")
    expect(page.locator("#stake-player")).to_have_text("")
    assert _my_bets(stage, tid, "Ana") == {}
    expect(page.locator("#undo")).to_be_disabled()
    assert balance(stage, headers) == START  # every undone chip came back

    page.click("#area-player")
    page.click("label[for='chip-0']")  # 1.00
    page.click("#area-tie")
    page.click("#double-bets")  # every bet doubled
    expect(page.locator("#stake-player")).to_have_text(points(10_00))
    expect(page.locator("#stake-tie")).to_have_text(points(2_00))
    assert _my_bets(stage, tid, "Ana") == {"player": 10_00, "tie": 2_00}
    assert balance(stage, headers) == START - 12_00

    stage.advance(table["betting_seconds"])  # no more bets: the table confirms what it holds
    expect(page.locator("#bets-confirmed")).to_have_text(
        f"Bets accepted: Player {points(10_00)} · Tie {points(2_00)}"
    )
    expect(page.locator("#result.show")).to_be_visible()
    last = stage.http.get(f"/tables/{tid}/rounds/last", headers=headers).json()
    lit = [a.get_attribute("data-kind") for a in page.locator(".area.lit").all()]
    assert sorted(lit) == sorted(last["result"]["winning_areas"])
    assert last["result"]["winner"] in lit or last["result"]["winner"] == "tie"
    # the settled bets stay in view with the result
    expect(page.locator("#stake-player")).to_have_text(points(10_00))
    expect(page.locator("#hand-results li")).to_have_count(1)

    stage.advance(5)  # the next window: the felt is cleared
    expect(page.locator("#announcement")).to_have_text("Place your bets")
    expect(page.locator(".area.lit")).to_have_count(0)
    expect(page.locator("#stake-player")).to_have_text("")
    page.click("#rebet")  # the last round's bets again
    expect(page.locator("#stake-player")).to_have_text(points(10_00))
    expect(page.locator("#stake-tie")).to_have_text(points(2_00))
    assert _my_bets(stage, tid, "Ana") == {"player": 10_00, "tie": 2_00}
    expect(page.locator("#rebet")).to_be_disabled()  # once per window


def test_shoe_statistics_and_the_ask_preview(browser: Browser, stage: Stage) -> None:
    table = stage.multi_table()
    stage.play_rounds(table["id"], 12)
    page = new_page(browser)
    page.goto(stage.base + f"/#/table/{table['id']}/watch")
    roads = stage.http.get(f"/tables/{table['id']}/roads").json()
    c = roads["counts"]
    expect(page.locator("#shoe-stats")).to_have_text(
        f"Banker {c['banker']} · Player {c['player']} · Tie {c['tie']} · "
        f"Player pairs {c['player_pair']} · Banker pairs {c['banker_pair']} · "
        f"Naturals {c['natural']}"
    )
    assert c["banker"] + c["player"] + c["tie"] == 12
    for side in ("banker", "player"):
        for road, mark in roads["ask"][side].items():
            icon = page.locator(f"[data-ask='{side}'] [data-road='{road}']")
            expect(icon).to_have_attribute("data-mark", mark or "none")
    assert any(m for side in roads["ask"].values() for m in side.values())  # 12 rounds: marks


def test_lobby_tiles_show_game_limits_seats_countdown_and_a_live_road(
    browser: Browser, stage: Stage
) -> None:
    table = stage.multi_table()
    stage.play_rounds(table["id"], 5)
    page = new_page(browser)
    page.goto(stage.base + "/")
    tile = page.locator(f".table-card[data-table='{table['id']}']")
    expect(tile.locator(".game")).to_contain_text("Baccarat · multi-player")
    info = stage.http.get(f"/tables/{table['id']}/information").json()
    player = next(b for b in info["bets"] if b["kind"] == "player")
    expect(tile.locator(".limits")).to_have_text(
        f"Player {points(player['minimum'])} – {points(player['maximum'])}"
    )
    expect(tile.locator(".status")).to_contain_text("Seats 1/7")  # Bruno sits there
    expect(tile.locator(".tile-countdown")).to_contain_text("bets close in")
    road = stage.http.get(f"/tables/{table['id']}/roads").json()["big_road"]["cells"]
    marks = tile.locator("svg[data-road='mini_big_road'] circle")
    expect(marks).to_have_count(len(road))
    stage.play_rounds(table["id"], 1, name="Carla")  # the tile follows the table
    road = stage.http.get(f"/tables/{table['id']}/roads").json()["big_road"]["cells"]
    expect(marks).to_have_count(len(road))
    expect(tile.locator(".status")).to_contain_text("Seats 2/7")
    games = {t.get_attribute("data-game") for t in page.locator(".table-card").all()}
    assert games == {"baccarat", "stud", "blackjack"}  # the three games, each with a tile
    expect(page.locator(".table-card[data-game='stud'] .game")).to_contain_text("Stud poker")


def _stud_table(stage: Stage) -> dict[str, Any]:
    return next(t for t in stage.http.get("/tables").json() if t["game"] == "stud")


@pytest.mark.cites("macau-stud-2004", "art. 1(4)")
def test_stud_categories_in_words_and_a_result_line(browser: Browser, stage: Stage) -> None:
    table = _stud_table(stage)
    page = new_page(browser)
    headers = _join(page, stage, "Sofia", table["id"])
    # Macau stud art. 1(4): the equipment includes "Um sistema e expositor electrónico do
    # «jackpot progressivo»" (an electronic display of the progressive jackpot)
    before = stage.http.get(f"/tables/{table['id']}").json()["jackpot"]
    expect(page.locator("#jackpot")).to_have_text(f"Jackpot {points(before)}")
    page.click("#area-ante")
    expect(page.locator("#stake-ante")).not_to_have_text("")
    page.click("#area-jackpot")  # the ticket: part of it goes to the pool (art. 10)
    expect(page.locator("#stake-jackpot")).not_to_have_text("")
    stage.advance(table["betting_seconds"])
    expect(page.locator("#decisions")).to_be_visible()
    told = page.locator("#you-total").inner_text()  # the category, before the result
    page.click("#raise")
    expect(page.locator("#result.show")).to_be_visible()
    result = stage.http.get(f"/tables/{table['id']}/rounds/last", headers=headers).json()["result"]
    mine = next(h for h in result["hands"] if h["player"] == "Sofia")
    assert told == mine["category"].replace("_", " ")
    dealer = result["dealer_category"].replace("_", " ")
    if not result["dealer_qualifies"]:
        head = f"The dealer's {dealer} does not qualify: your ante wins 1:1 (art. 9(2))"
    else:
        verb = "beats" if mine["beats_dealer"] else "loses to"
        head = f"Your {told} {verb} the dealer's {dealer}"
    expect(page.locator("#hand-results li").first).to_have_text(head)
    expect(page.locator("#hand-results li").nth(1)).to_contain_text("Ante")
    after = stage.http.get(f"/tables/{table['id']}").json()["jackpot"]
    assert after != before  # the ticket's share went in (or a prize came out)
    expect(page.locator("#jackpot")).to_have_text(f"Jackpot {points(after)}")


def test_blackjack_hint_and_a_result_line_per_hand(browser: Browser, tmp_path: Path) -> None:
    stage = Stage(f"sqlite:///{tmp_path / 'bj.db'}", stacked={BLACKJACK_TABLE: BLACKJACK_SPLIT})
    try:
        table = stage.open_table(BLACKJACK_TABLE, "macau-blackjack-2007")
        page = new_page(browser)
        _join(page, stage, "Rui", table)
        page.click("#area-bet")
        expect(page.locator("#stake-bet")).not_to_have_text("")  # taken before the close
        stage.advance(10)
        expect(page.locator("#decide-split")).to_be_visible()
        expect(page.locator("#advice")).to_have_text("")  # only when asked for
        page.click("#hint")  # 8 8 against a 7: split (the published basic strategy)
        expect(page.locator("#advice")).to_have_text("Basic strategy: Split")
        page.click("#decide-split")
        page.click("#hint")  # 8 3 = 11 against a 7
        expect(page.locator("#advice")).to_have_text("Basic strategy: Double")
        page.click("#decide-double")
        page.click("#decide-stand")
        expect(page.locator("#hand-results li")).to_have_text(
            [
                f"Hand 1: 21 against the dealer's 17: wins +{points(200_00)}",
                f"Hand 2: 18 against the dealer's 17: wins +{points(100_00)}",
            ]
        )
        expect(page.locator("#announcement")).to_have_text("Dealer stands on 17")  # not "plays"
    finally:
        stage.stop()


COUNT_AUDIO = """
window.audioContexts = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...a) { super(...a); window.audioContexts++; }
};
"""


def test_sounds_are_off_until_turned_on_and_motion_is_reduced(
    browser: Browser, stage: Stage
) -> None:
    table = stage.multi_table()
    page = new_page(browser)
    page.add_init_script(COUNT_AUDIO)
    _join(page, stage, "Ana", table["id"])
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_text("Sound off")
    page.click("#area-player")
    expect(page.locator("#stake-player")).not_to_have_text("")  # taken before the close
    stage.advance(table["betting_seconds"])
    expect(page.locator("#result.show")).to_be_visible()
    assert page.evaluate("window.audioContexts") == 0  # not one sound made
    # reduced motion respected: the cards are not animated
    card = page.locator("#player-cards .card").first
    assert card.evaluate("c => getComputedStyle(c).animationName") == "none"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('croupier-sound')") == "on"
    stage.advance(5)  # the next window opens: a tone
    expect(page.locator("#announcement")).to_have_text("Place your bets")
    page.wait_for_function("window.audioContexts > 0")


def test_a_quick_navigation_draws_one_view(browser: Browser, stage: Stage) -> None:
    """Found while taking the screenshots: a hash change while the page was still drawing the
    lobby drew the table beside it, twice (a disabled copy of every area answered clicks)."""
    table = stage.multi_table()
    page = new_page(browser)
    page.goto(stage.base + "/")
    page.fill("#demo-name", "Ana")
    page.click("#play-demo")
    # two clicks in quick succession: watch, then join
    page.evaluate(
        f"location.hash = '#/table/{table['id']}/watch'; "
        f"setTimeout(() => {{ location.hash = '#/table/{table['id']}'; }}, 5)"
    )
    expect(page.locator(".seat.mine")).to_contain_text("Ana")
    page.wait_for_timeout(1500)  # let any second drawing finish
    expect(page.locator(".table-view")).to_have_count(1)
    expect(page.locator(".table-card")).to_have_count(0)


def test_a_stud_hand_fits_a_phone(browser: Browser, stage: Stage) -> None:
    """Found in the phone screenshots: the dealer's five cards beside yours ran off a 390 px
    screen."""
    table = _stud_table(stage)
    page = new_page(browser, 390, 844)
    _join(page, stage, "Sofia", table["id"])
    page.click("#area-ante")
    expect(page.locator("#stake-ante")).not_to_have_text("")
    stage.advance(table["betting_seconds"])
    expect(page.locator("#you-cards .card")).to_have_count(5)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.click("#raise")
    expect(page.locator("#result.show")).to_be_visible()
    # the headline tells the result, not "The dealer's hand is opened"
    expect(page.locator("#announcement")).to_have_text(page.locator("#result").inner_text())
