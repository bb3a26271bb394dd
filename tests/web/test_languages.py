"""The table in the players' languages, end to end in Chromium (issue 29, "Done when"): "a round
of each game played in Portuguese and in Chinese with no English word left on the page (checked
against the catalogue, not by eye), the language switched mid-session, amounts and dates in the
locale's format, and the phone width still fits".

"No English word" is read off the catalogues: a word of an English text of the catalogue that
no text of the page's language uses is English (the names a regulation keeps in every language,
"Stud poker", "Ponto e Banca", are in both and so not counted); the page's words are its
visible text, less the names people gave (the players', the tables')."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from croupier.i18n.catalogue import PLACEHOLDER, catalogue
from croupier.web.screenshots import BLACKJACK_SPLIT, BLACKJACK_TABLE, Stage
from tests.server.conftest import BORN
from tests.web.pages import sign_in

WORD = re.compile(r"[A-Za-z]{2,}")
STUD_TABLE = "Mesa stud"
#: what each language writes where the test looks: the window's call (PT rule 27) and an
#: amount of 5.00 in points
SAID = {
    "pt-PT": {"place": "Façam as vossas apostas", "five": "5,00 pts"},
    "zh-Hant": {"place": "請下注", "five": "5.00 分"},
}


def _words(language: str) -> set[str]:
    """The words of ``language``'s texts, their placeholders ({dealer}) left out."""
    texts = (PLACEHOLDER.sub(" ", text) for text in catalogue(language).values())
    return {w.lower() for text in texts for w in WORD.findall(text)}


def english_only(language: str) -> set[str]:
    """The words of the English catalogue that no text of ``language`` uses."""
    return _words("en") - _words(language)


def english_left(page: Page, language: str, names: list[str]) -> list[str]:
    text = page.locator("body").inner_text()
    for name in names:
        text = text.replace(name, " ")
    left = english_only(language)
    return sorted({w for w in WORD.findall(text) if w.lower() in left})


def _page(browser: Browser, language: str, width: int = 1280, height: int = 900) -> Page:
    context = browser.new_context(
        viewport={"width": width, "height": height}, reduced_motion="reduce", locale=language
    )
    return context.new_page()


def _names(stage: Stage) -> list[str]:
    return [t["name"] for t in stage.http.get("/tables").json()]


def _join(page: Page, table: int) -> None:
    page.goto(page.url.split("#")[0] + f"#/table/{table}")
    expect(page.locator(".seat.mine")).to_be_visible()


def test_the_scan_finds_an_english_word() -> None:
    """The check below fails on what it is meant to catch."""
    assert {"place", "bets", "dealer"} <= english_only("pt-PT")
    assert {"place", "bets", "dealer"} <= english_only("zh-Hant")
    assert "stud" not in english_only("pt-PT")  # the regulation's own name, kept in Portuguese


@pytest.mark.parametrize("language", ["pt-PT", "zh-Hant"])
@pytest.mark.cites("pt-812-2015", "rule 3", "rule 27")
def test_a_round_of_each_game_in_the_players_language(
    browser: Browser, tmp_path: Path, language: str
) -> None:
    said = SAID[language]
    stage = Stage(f"sqlite:///{tmp_path / 'lang.db'}", stacked={BLACKJACK_TABLE: BLACKJACK_SPLIT})
    try:
        blackjack = stage.open_table(BLACKJACK_TABLE, "macau-blackjack-2007")
        stud = stage.open_table(STUD_TABLE, "macau-stud-2004")
        baccarat = stage.multi_table()
        page = _page(browser, language)
        page.goto(stage.base + "/")
        expect(page.locator("html")).to_have_attribute("lang", language)  # the browser's choice
        expect(page.locator(".table-card")).to_have_count(len(_names(stage)))
        assert english_left(page, language, _names(stage)) == []
        page.fill("#demo-name", "Ana")
        page.click("#play-demo")
        expect(page.locator("#who")).to_have_text("Ana")
        names = [*_names(stage), "Ana"]
        assert english_left(page, language, names) == []

        # baccarat: a bet, the round dealt and settled, the result in words
        _join(page, baccarat["id"])
        expect(page.locator("#announcement")).to_have_text(said["place"])
        page.click("label[for='chip-1']")  # 5.00
        page.click("#area-banker")
        expect(page.locator("#stake-banker")).to_have_text(said["five"])
        stage.advance(baccarat["betting_seconds"])
        expect(page.locator("#result.show")).to_be_visible()
        expect(page.locator("#my-result")).to_be_visible()
        assert english_left(page, language, names) == []
        page.click("#rules")  # the rules, limits and payouts (PT rule 32)
        expect(page.locator("#how-to-play")).to_be_visible()
        assert english_left(page, language, names) == []
        # item 3: an article opens in the regulation's own words, Portuguese, in any language
        page.locator("#how-to-play details.article summary").first.click()
        quote = page.locator("#how-to-play blockquote.official").first
        expect(quote).to_have_attribute("lang", "pt")
        expect(quote).to_contain_text("7 — As cartas têm o seguinte valor")
        page.click("#close-panel")
        stage.advance(5)

        # stud: an ante, the raise, the dealer's hand opened
        _join(page, stud)
        page.click("#area-ante")
        expect(page.locator("#stake-ante")).not_to_be_empty()
        stage.advance(10)
        expect(page.locator("#decisions")).to_be_visible()
        assert english_left(page, language, names) == []
        page.click("#raise")
        expect(page.locator("#hand-results")).to_be_visible()
        assert english_left(page, language, names) == []

        # blackjack: a pair of eights split, one hand doubled, the dealer's 17
        _join(page, blackjack)
        page.click("#area-bet")
        expect(page.locator("#stake-bet")).not_to_be_empty()
        stage.advance(10)
        for decision in ("split", "double", "stand"):
            page.click(f"#decide-{decision}")
        expect(page.locator("#hand-results")).to_be_visible()
        assert english_left(page, language, names) == []
    finally:
        stage.stop()


@pytest.mark.cites("pt-812-2015", "rule 27")
def test_the_language_is_switched_mid_session_and_remembered_for_the_player(
    browser: Browser, tmp_path: Path
) -> None:
    """Seated in Portuguese, the player switches to Chinese: the table is drawn again in
    Chinese, its seat and bets as they were, and the choice is the player's (``/me``) from
    then on, in any browser."""
    stage = Stage(f"sqlite:///{tmp_path / 'switch.db'}")
    try:
        baccarat = stage.multi_table()
        page = _page(browser, "pt-PT")
        # signed in and the lobby drawn for the player before the table is asked for: asked
        # sooner, the sign-in's own redraw could draw the table a second time, after a chip
        # was taken on the first (the stake then the rack's first chip, seen once under load)
        sign_in(page, stage, "Rui")
        _join(page, baccarat["id"])
        page.click("label[for='chip-1']")
        page.click("#area-player")
        expect(page.locator("#stake-player")).to_have_text(SAID["pt-PT"]["five"])
        page.select_option("#language", "zh-Hant")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("#stake-player")).to_have_text(SAID["zh-Hant"]["five"])
        expect(page.locator("#leave")).to_have_text("離開賭檯")
        token = page.evaluate("localStorage.getItem('croupier-token')")
        me = stage.http.get("/me", headers={"Authorization": f"Bearer {token}"}).json()
        assert me["language"] == "zh-Hant"
        refused = stage.http.post(
            f"/tables/{baccarat['id']}/bets",
            json={"kind": "tie", "amount": 1},
            headers={"Authorization": f"Bearer {token}", "Accept-Language": "zh-Hant"},
        )
        assert refused.json()["detail"]["message"].startswith("和局投注")
        # another browser, in English: the player's own choice wins once they are known
        elsewhere = _page(browser, "en-GB")
        elsewhere.goto(stage.base + "/")
        elsewhere.evaluate(f"localStorage.setItem('croupier-token', '{token}')")
        elsewhere.reload()
        expect(elsewhere.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(elsewhere.locator("h1")).to_have_text("賭檯")
    finally:
        stage.stop()


def test_a_real_money_players_account_in_portuguese_with_dates_the_locales_way(
    browser: Browser, tmp_path: Path
) -> None:
    """The player's account dialog (limits, a break, the statement and the protection
    history) in Portuguese: a loss limit set from it is in force, dated the Portuguese way, and
    the dialog has no English word; at phone width nothing overflows."""
    stage = Stage(f"sqlite:///{tmp_path / 'account.db'}")
    try:
        operator = {"Authorization": f"Bearer {stage.casino.credentials.operator_token}"}
        made = stage.http.post("/players", json={"name": "Inês", "born": BORN}, headers=operator)
        token = made.json()["token"]
        stage.http.post(
            "/players/Inês/deposits", json={"amount": 100_00, "currency": "EUR"}, headers=operator
        )
        page = _page(browser, "pt-PT", 390, 844)  # a phone
        page.goto(stage.base + "/")
        page.fill("#token", token)
        page.get_by_role("button", name="Entrar").click()
        expect(page.locator("#who")).to_have_text("Inês")
        page.click("#account")
        expect(page.locator("#limits")).to_be_visible()
        page.select_option("#limit-kind", "loss_day")
        page.fill("#limit-amount", "50")
        page.click("#set-limit")
        expect(page.locator("[data-limit='loss_day'] td").nth(1)).to_have_text("50,00 EUR")
        expect(page.locator("#protection-history")).to_contain_text("perdas por dia")
        day = page.locator("#protection-history li").first.inner_text()
        assert re.match(r"\d{2}/\d{2}/\d{4}", day), day  # dd/mm/yyyy, as Portugal writes it
        assert english_left(page, "pt-PT", ["Inês", *_names(stage)]) == []
        fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert fits
    finally:
        stage.stop()


def test_the_tables_display_in_chinese(browser: Browser, tmp_path: Path) -> None:
    """The board beside a live table (issue 31) is read by the players at it: in Chinese when
    the operator's screen asks for it (``?lang=zh-Hant``), with no English word."""
    stage = Stage(f"sqlite:///{tmp_path / 'display.db'}")
    try:
        table = stage.multi_table()
        stage.play_rounds(table["id"], 2)
        page = _page(browser, "en-GB", 1600, 900)
        page.goto(f"{stage.base}/display/{table['id']}?lang=zh-Hant")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("#last-result [data-winner]")).to_be_visible()
        expect(page.locator("#shoe-progress")).to_contain_text("此牌靴已開 2 局")
        assert english_left(page, "zh-Hant", [*_names(stage), "Bruno"]) == []
    finally:
        stage.stop()
