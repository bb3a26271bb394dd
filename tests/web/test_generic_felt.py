"""Issue 27(3): the browser draws a table from the game's information, so a game with no felt
of its own (tests/minigame: high card, written only in the tests) plays in Chromium on the
generic felt: its title in the lobby, its bets as areas, each hand's cards from the result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from croupier.games.registry import GAMES
from croupier.web.screenshots import Stage
from tests.minigame.spec import SPEC
from tests.web.pages import new_page, points, sign_in

RULESET = str(Path(__file__).resolve().parents[1] / "minigame" / "high-card.toml")


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Stage]:
    monkeypatch.setitem(GAMES, SPEC.name, SPEC)
    stage = Stage(f"sqlite:///{tmp_path / 'web.db'}", stacked={"High card": "KS QH 2D 2C"})
    try:
        yield stage
    finally:
        stage.stop()


def test_a_game_without_a_felt_plays_on_the_generic_one(browser: Browser, outside: Stage) -> None:
    table = outside.open_table("High card", RULESET)
    page = new_page(browser)
    sign_in(page, outside, "Ana")
    tile = page.locator(f"[data-table='{table}']")
    expect(tile.locator(".game")).to_contain_text("High card")
    expect(tile.locator(".limits")).to_contain_text("Dragon")  # its first main bet
    page.click(f"[data-join='{table}']")
    expect(page.locator("#area-dragon")).to_be_visible()
    expect(page.locator("#area-tiger")).to_be_visible()
    page.click("label[for='chip-1']")  # 5.00
    page.click("#area-dragon")
    expect(page.locator("#stake-dragon")).to_have_text(points(5_00))
    outside.advance(10)
    expect(page.locator("#result.show")).to_have_text("Dragon wins")
    expect(page.locator("#dragon-cards .card")).to_have_attribute("data-card", "KS")
    expect(page.locator("#tiger-cards .card")).to_have_attribute("data-card", "QH")
    expect(page.locator("#my-result")).to_have_text(f"You win {points(5_00)}")
    page.click("#recall")
    expect(page.locator("#panel .recall-cards")).to_have_text("Dragon K♠ · Tiger Q♥")
