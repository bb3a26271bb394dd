"""Issue 30's end-to-end run of the back office, in headless Chromium as the staff meet it: a
cashier signs in and deposits for a player; a supervisor signs in, opens a stud table, changes
its minimum ante (the player's bet meets the new limit at the next round, not in the round in
play: PT 812/2015 rule 15), disables the table while a round is dealt (that round settles, no
next one begins: GLI-19 4.15), voids the round in play at another table with a reason (every
stake returned: PT rule 29; the reason in the audit trail), and reads the day's report, whose
GGR is the ledger's: the money deposited less what the player holds now.

``CROUPIER_SCREENSHOTS=DIR`` saves the console's pictures there (docs/screenshots)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from croupier.web.screenshots import Stage
from tests.web.pages import new_page

PASSWORD = "a staff password"
DEPOSIT = 5_000_00  # MOP


def _picture(page: Page, name: str) -> None:
    folder = os.environ.get("CROUPIER_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"operator-{name}.png"), full_page=True)


def _sign_in(browser: Browser, stage: Stage, name: str, width: int = 1280) -> Page:
    page = new_page(browser, width)
    page.goto(f"{stage.base}/operator")
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.press("#signin-password", "Enter")  # the keyboard signs in
    expect(page.locator("#who")).to_contain_text(name)
    return page


def _act(page: Page, table: int, action: str, text: str) -> None:
    card = page.locator(f"[data-table='{table}']")
    card.locator("select[name=action]").select_option(action)
    card.locator("input[name=text]").fill(text)
    page.evaluate("document.getElementById('notice').textContent = ''")
    card.locator("button[type=submit]").click()
    expect(page.locator("#notice")).to_contain_text("Done")


def _view(stage: Stage, table: int) -> dict:
    return stage.http.get(f"/tables/{table}").json()


def test_a_day_at_the_back_office(browser: Browser, stage: Stage) -> None:
    casino, http = stage.casino, stage.http
    operator = {"Authorization": f"Bearer {casino.credentials.operator_token}"}
    casino.players.create("sam", role="supervisor", password=PASSWORD)
    casino.players.create("cleo", role="cashier", password=PASSWORD)
    made = http.post("/players", json={"name": "ana", "born": "1990-01-01"}, headers=operator)
    ana = {"Authorization": f"Bearer {made.json()['token']}"}

    # the cashier deposits for Ana, from the Players tab
    cashier = _sign_in(browser, stage, "cleo", width=820)  # a tablet's width
    cashier.click("[data-tab=players]")
    cashier.fill("#search", "an")
    cashier.press("#search", "Enter")
    cashier.get_by_role("button", name="ana", exact=True).click()
    form = cashier.locator("#player-file form").first
    form.locator("input[type=number]").fill(str(DEPOSIT))
    form.locator("input[pattern]").fill("MOP")
    form.locator("button[type=submit]").click()
    expect(cashier.locator("#notice")).to_contain_text("Done")
    assert http.get("/me", headers=ana).json()["balances"]["MOP"] == DEPOSIT
    expect(cashier.locator("#open-table")).to_be_hidden()  # no tables duty: no table forms

    # the supervisor opens a stud table
    sam = _sign_in(browser, stage, "sam")
    sam.click("#open-table summary")
    sam.fill("#open-form [name=name]", "Stud one")
    sam.fill("#open-form [name=ruleset]", "macau-stud-2004")
    sam.fill("#open-form [name=betting_seconds]", "10")
    sam.click("#open-form button[type=submit]")
    expect(sam.locator("#notice")).to_contain_text("Done")
    stud = next(t for t in http.get("/tables").json() if t["name"] == "Stud one")["id"]
    expect(sam.locator(f"[data-table='{stud}']")).to_contain_text("Stud one")

    http.post(f"/tables/{stud}/sessions", json={}, headers=ana).raise_for_status()
    first = http.post(f"/tables/{stud}/bets", json={"kind": "ante", "amount": 100_00}, headers=ana)
    assert first.status_code == 201, first.text

    # a new minimum ante, from the next round: the round in play keeps its own
    _act(sam, stud, "limits", "table.minimum_ante=20000")
    assert http.get(f"/tables/{stud}/information").json()["minimum_bet"] == 200_00
    stage.advance(10)  # the window closes, the cards are dealt
    stage.advance(60)  # Ana's decision times out (the default), the round settles
    stage.advance(10)  # the result's pause: the next round's window opens
    low = http.post(f"/tables/{stud}/bets", json={"kind": "ante", "amount": 100_00}, headers=ana)
    assert low.status_code == 422 and "minimum" in low.text
    ok = http.post(f"/tables/{stud}/bets", json={"kind": "ante", "amount": 200_00}, headers=ana)
    assert ok.status_code == 201, ok.text
    second = _view(stage, stud)["round"]

    # disabled while its round is dealt: that round settles, no next one begins
    stage.advance(10)
    assert _view(stage, stud)["phase"] not in ("betting", "closed")
    _act(sam, stud, "disable", "dealer's break")
    expect(sam.locator(f"[data-table='{stud}']")).to_contain_text("dealer's break")
    stage.advance(60)
    stage.advance(10)
    stage.advance(30)
    settled = http.get(f"/tables/{stud}/rounds?limit=5", headers=ana).json()
    assert any(r["number"] == second and r["status"] == "settled" for r in settled)
    view = _view(stage, stud)
    assert view["disabled"] == "dealer's break" and view["seconds_left"] is None
    refused = http.post(
        f"/tables/{stud}/bets", json={"kind": "ante", "amount": 200_00}, headers=ana
    )
    assert refused.status_code == 422 and "disabled" in refused.text
    sam.click("[data-tab=tables]")  # drawn afresh, as the clock moved
    expect(sam.locator(f"[data-table='{stud}']")).to_contain_text("200.00 MOP")
    _picture(sam, "tables")

    # the round in play voided at another table, with a reason: every stake returned
    demo = next(t for t in http.get("/tables").json() if t["name"] == "Demo Ponto e Banca")["id"]
    bruno = stage.demo_player("Bruno")
    http.post(f"/tables/{demo}/sessions", json={}, headers=bruno).raise_for_status()
    before = http.get("/me", headers=bruno).json()["balances"]["DEMO"]
    placed = http.post(f"/tables/{demo}/bets", json={"kind": "banker", "amount": 10_00},
                       headers=bruno)  # fmt: skip
    assert placed.status_code == 201, placed.text
    _act(sam, demo, "void", "card reader fault")
    assert http.get("/me", headers=bruno).json()["balances"]["DEMO"] == before
    sam.click("[data-tab=audit]")
    row = sam.locator("#audit-list tr", has_text="card reader fault")
    expect(row).to_contain_text("sam")
    expect(row).to_contain_text("void")
    expect(sam.locator("#audit-list")).to_contain_text("cleo")  # the deposit, by the cashier
    _picture(sam, "audit")

    # the day's report: its GGR is the ledger's (what was deposited less what Ana holds)
    held = http.get("/me", headers=ana).json()["balances"]["MOP"]
    ggr = DEPOSIT - held
    sam.click("[data-tab=reports]")
    total = sam.locator("#report tr.total[data-currency=MOP] [data-field=ggr]")
    # (the stud figures are computed once, exactly, at the first report: a few seconds)
    expect(total).to_have_text(f"{ggr / 100:,.2f} MOP", timeout=90_000)
    token = sam.evaluate("sessionStorage.getItem('croupier-staff-token')")
    staff = {"Authorization": f"Bearer {token}"}
    report = http.get("/operator/reports/daily", headers=staff).json()
    [mop] = [t for t in report["totals"] if t["currency"] == "MOP"]
    assert mop["ggr"] == ggr and mop["rounds"] == 2 and mop["turnover"] >= 300_00
    assert mop["theoretical_hold"] is not None and mop["hold_low_95"] < mop["hold_high_95"]
    _picture(sam, "reports")
    # the report's days are those of the time zone the console names (the casino's at first,
    # another when typed): the console asks for them
    assert sam.input_value("#report-zone") == "UTC"  # this casino was given none
    sam.fill("#report-zone", "Asia/Macau")
    with sam.expect_response(lambda r: "timezone=Asia%2FMacau" in r.url) as asked:
        sam.click("#report-form button[type=submit]")
    assert asked.value.ok and asked.value.json()["timezone"] == "Asia/Macau"

    # Ana's file: her session's statement a click away (PT rule 33)
    sam.click("[data-tab=players]")
    sam.fill("#search", "ana")
    sam.press("#search", "Enter")
    sam.get_by_role("button", name="ana", exact=True).click()
    sam.locator("#player-file button", has_text=f"(table {stud})").click()
    expect(sam.locator("#recall")).to_contain_text('"session"')

    # in the player's languages too: the console switches at once
    sam.select_option("#language", "pt-PT")
    sam.click("[data-tab=tables]")
    expect(sam.locator("#tables h1")).to_have_text("Mesas em funcionamento")
    expect(sam.locator(f"[data-table='{stud}']")).to_contain_text("Desativada: dealer's break")
    sam.select_option("#language", "zh-Hant")
    expect(sam.locator("#tables h1")).to_have_text("運作中的賭枱")


def test_the_reports_are_asked_in_the_casinos_days_wherever_the_browser_is(
    browser: Browser, tmp_path: Path
) -> None:
    """A Macau casino (``--time-zone Asia/Macau``) read from a browser in Lisbon: the console's
    report zone is the casino's, and its "today" is Macau's (the casino's calendar, choice X3),
    not the browser's; at 00:30 of the 28th in Macau it is still the 27th in Lisbon."""
    stage = Stage(f"sqlite:///{tmp_path / 'macau.db'}", time_zone="Asia/Macau")
    try:
        stage.casino.players.create("sam", role="supervisor", password=PASSWORD)
        context = browser.new_context(timezone_id="Europe/Lisbon")
        page = context.new_page()
        page.clock.set_fixed_time(datetime(2026, 11, 27, 16, 30, tzinfo=UTC))
        page.goto(f"{stage.base}/operator")
        page.fill("#signin-name", "sam")
        page.fill("#signin-password", PASSWORD)
        page.press("#signin-password", "Enter")
        expect(page.locator("#who")).to_contain_text("sam")
        assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == (
            "Europe/Lisbon"
        )
        expect(page.locator("#report-zone")).to_have_value("Asia/Macau")
        expect(page.locator("#report-from")).to_have_value("2026-11-28")
        context.close()
    finally:
        stage.stop()


def test_each_baccarat_tables_card_shows_its_big_road_as_rounds_finish(
    browser: Browser, stage: Stage
) -> None:
    """Issue 30(2): the console shows "every table of every process live (phase, countdown,
    seats and players, bets on the felt, shoe and cut card, roads, jackpot meter)". A baccarat
    table's card draws the big road of its shoe in play, the server's (``GET /tables/{id}/roads``)
    mark for mark, and draws it again as a round finishes; a game that keeps no roads (stud)
    shows none."""
    stage.casino.players.create("sam", role="supervisor", password=PASSWORD)
    table = stage.multi_table()["id"]
    stage.play_rounds(table, 5)
    sam = _sign_in(browser, stage, "sam")
    marks = sam.locator(f"[data-table='{table}'] svg[data-road='mini_big_road'] circle")
    cells = stage.http.get(f"/tables/{table}/roads").json()["big_road"]["cells"]
    assert len(cells) >= 2  # five rounds: a road with columns to draw
    expect(marks).to_have_count(len(cells))
    stage.play_rounds(table, 3, name="Carla")  # the console follows the table (every 2 s)
    later = stage.http.get(f"/tables/{table}/roads").json()
    assert later["rounds"] == 8
    expect(marks).to_have_count(len(later["big_road"]["cells"]))
    expect(sam.locator(f"[data-table='{table}'] svg[data-road='mini_big_road']")).to_have_attribute(
        "aria-label", "big road, 8 rounds"
    )
    stud = next(t for t in stage.http.get("/tables").json() if t["game"] == "stud")["id"]
    expect(sam.locator(f"[data-table='{stud}']")).to_be_visible()
    expect(sam.locator(f"[data-table='{stud}'] svg[data-road]")).to_have_count(0)
