"""A finished shoe's proof in the browser (issue 28, item 1: "the browser shows a finished shoe's
proof to the players who sat at it"): after a stud round (its deck is a shoe that ends with the
round), the table's Shoe proof shows the next deck in play by its commitment alone and the
finished one with its document and entropy, which the page checks with its own SHA-256. The
round is one whose only hand folded: the dealer's hand is then not turned over (Macau stud art.
9(3)) and the page showed nothing of the result before (its felt read the dealer's cards the
server rightly withheld)."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from croupier.web.screenshots import Stage
from tests.web.pages import new_page, sign_in


def _ana_at(browser: Browser, stage: Stage, table: int) -> Page:
    """Ana, a demo player, seated at ``table`` in a new page. Signed in first, the lobby drawn
    for her, then to the table, as the other browser tests do (``pages.sign_in``): navigating
    while the sign-in is still drawing can draw the table twice, the second time over a panel
    the test has opened (the likely cause of one CI failure under load, not reproduced here)."""
    page = new_page(browser)
    sign_in(page, stage, "Ana")
    page.goto(page.url.split("#")[0] + f"#/table/{table}")
    expect(page.locator(".seat.mine")).to_be_visible()
    return page


def test_a_players_finished_deck_is_checked_in_the_page(browser: Browser, tmp_path: Path) -> None:
    stage = Stage(f"sqlite:///{tmp_path / 'proof.db'}")
    try:
        table = stage.open_table("Prova", "macau-stud-2004")
        page = _ana_at(browser, stage, table)
        page.click("#area-ante")
        expect(page.locator("#stake-ante")).not_to_be_empty()
        for _ in range(100):  # the bet reaches the table before its window closes
            if stage.http.get(f"/tables/{table}").json()["bets"]:
                break
            time.sleep(0.05)
        stage.advance(10)
        page.click("#fold")
        expect(page.locator("#result.show")).to_be_visible()
        page.click("#proof")
        shoes = page.locator("#panel .shoe-proof")
        expect(shoes).to_have_count(2)  # the next round's deck, and the finished one
        expect(shoes.nth(0)).to_contain_text("in play")
        expect(shoes.nth(0).locator("pre")).to_have_count(0)  # nothing of a deck in play
        finished = shoes.nth(1)
        document = finished.locator("pre.shoe-document").text_content() or ""
        commitment = finished.locator(".commitment code").inner_text()
        assert hashlib.sha256(document.encode()).hexdigest() == commitment
        finished.locator("[data-check]").click()
        expect(finished.locator(".verdict.ok")).to_contain_text("committed to before the shoe")
    finally:
        stage.stop()


def test_a_player_gives_the_next_shoe_a_value_from_the_page(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue 28, item 1's option: at a table taking players' values, Shoe proof offers to give
    the next shoe a value: the page draws 32 random bytes, sends their SHA-256, then the value,
    and says the house's entropy was committed before; the table counts it revealed."""
    stage = Stage(f"sqlite:///{tmp_path / 'entropy.db'}")
    try:
        operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
        made = stage.http.post(
            "/tables",
            json={"name": "Valores", "ruleset": "macau-stud-2004", "demo": True,
                  "players_entropy": True},
            headers=operator,
        )  # fmt: skip
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        page = _ana_at(browser, stage, table)
        page.click("#proof")
        promised = stage.http.get(f"/tables/{table}").json()["players_entropy"]
        page.click("[data-give-value]")
        expect(page.locator(".players-entropy .verdict.ok")).to_contain_text(
            promised["next_shoe_entropy_sha256"]
        )
        given = stage.http.get(f"/tables/{table}").json()["players_entropy"]
        assert given["revealed"] == 1 and given["committed"] == 1
    finally:
        stage.stop()
