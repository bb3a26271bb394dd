"""The table's display (issue 31), in headless Chromium: the board beside a baccarat table shows
the last result, the roads with the shoe's statistics and the limits, and follows the table as
rounds settle; at a stud table with a progressive jackpot, the electronic meter Macau stud art.
1(4) requires shows the pool and moves when a round's tickets move it. Each expectation is read
from the API."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from croupier.web.screenshots import Stage


def _amount(minor: int) -> str:
    return f"{minor / 100:,.2f} pts"


def test_the_display_shows_the_last_result_roads_and_limits(browser: Browser, stage: Stage) -> None:
    table = stage.multi_table()
    stage.play_rounds(table["id"], 3)
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    page.goto(f"{stage.base}/display/{table['id']}")
    last = stage.http.get(f"/tables/{table['id']}/rounds/last").json()["result"]
    expect(page.locator("#last-result [data-winner]")).to_have_attribute(
        "data-winner", last["winner"]
    )
    roads = stage.http.get(f"/tables/{table['id']}/roads").json()
    expect(page.locator("#shoe-progress")).to_contain_text(f"{roads['rounds']} rounds")
    expect(page.locator("#roads svg[data-road='bead_plate'] circle")).to_have_count(
        len(roads["bead_plate"])
        + sum(int(b["player_pair"]) + int(b["banker_pair"]) for b in roads["bead_plate"])
    )
    info = stage.http.get(f"/tables/{table['id']}/information").json()
    banker = next(b for b in info["bets"] if b["kind"] == "banker")
    expect(page.locator("#limits")).to_contain_text(
        _amount(banker["minimum"] or info["minimum_bet"])
    )
    expect(page.locator("#jackpot")).to_be_hidden()  # no jackpot at this table

    stage.play_rounds(table["id"], 1, name="Carla")  # the board follows the table
    after = stage.http.get(f"/tables/{table['id']}/roads").json()
    expect(page.locator("#shoe-progress")).to_contain_text(f"{after['rounds']} rounds")


@pytest.mark.cites("macau-stud-2004", "art. 1(4)")
def test_the_stud_jackpot_meter_shows_the_pool_and_moves(browser: Browser, stage: Stage) -> None:
    """Art. 1(4): the table's material includes "Um sistema e expositor electrónico do «jackpot
    progressivo»" (an electronic system and display of the progressive jackpot): the meter
    shows the pool the API reports, and after a round whose ticket contributes to it, the new
    pool."""
    stud = next(t for t in stage.http.get("/tables").json() if t["game"] == "stud")
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    page.goto(f"{stage.base}/display/{stud['id']}")
    before = stage.http.get(f"/tables/{stud['id']}").json()["jackpot"]
    expect(page.locator("#jackpot-amount")).to_have_attribute("data-pool", str(before))
    expect(page.locator("#jackpot-amount")).to_have_text(_amount(before))
    info = stage.http.get(f"/tables/{stud['id']}/information").json()
    ana = stage.demo_player("Ana")
    stage.http.post(f"/tables/{stud['id']}/sessions", json={}, headers=ana).raise_for_status()
    for kind in ("ante", "jackpot"):
        bet = next(b for b in info["bets"] if b["kind"] == kind)
        stage.http.post(
            f"/tables/{stud['id']}/bets",
            json={"kind": kind, "amount": bet["minimum"] or info["minimum_bet"]},
            headers=ana,
        ).raise_for_status()
    stage.advance(stud["betting_seconds"])  # dealt; Ana is asked to raise or fold
    stage.advance(30)  # out of time: she folds (choice O15), and the round settles
    after = stage.http.get(f"/tables/{stud['id']}").json()["jackpot"]
    assert after != before
    expect(page.locator("#jackpot-amount")).to_have_attribute("data-pool", str(after))
    expect(page.locator("#jackpot-amount")).to_have_text(_amount(after))
