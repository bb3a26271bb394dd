"""Screenshots of the browser table: the lobby, and each game mid-round and settled, at desktop
and phone widths.

Run:  python3 -m croupier.web.screenshots [--out docs/screenshots] [--chromium /usr/bin/chromium]

Needs Playwright (``pip install -e '.[test]'``) and a Chromium (Debian's ``chromium`` package;
Playwright drives it through ``executable_path``). A server with the demo tables runs in this
process on a temporary database, with seeded shoes (a stacked one for blackjack) and a clock
moved by hand, so the pictures are the same at every run: a dozen baccarat rounds are played
first (the scoreboards fill), then a player bets through the page at each game.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from croupier.rng import SeededRandomSource
from croupier.server.embedded import EmbeddedServer
from croupier.server.service import Casino
from croupier.shoe import StackedCards
from croupier.table.clock import ManualClock

CHROMIUM = os.environ.get("CROUPIER_CHROMIUM", "/usr/bin/chromium")
VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}
BLACKJACK_TABLE = "Demo blackjack"
# a pair of eights against a 7: split; 8 3 doubles and draws a ten (21); 8 K stands on 18;
# the dealer draws a ten and stands on 17
BLACKJACK_SPLIT = "8S 7H 8D 3C TD KS TC"


class Stage:
    """A demo server with a hand-moved clock, for pictures and browser tests."""

    def __init__(
        self,
        database_url: str,
        seed: int = 2026,
        stacked: dict[str, str] | None = None,
        time_zone: str = "UTC",
    ) -> None:
        self.clock = ManualClock()
        self.casino = Casino(
            database_url,
            clock=self.clock,
            source=SeededRandomSource(seed),
            stacked={name: StackedCards(cards) for name, cards in (stacked or {}).items()},
            drain_seconds=0.0,  # its manual clock never finishes a dealt round
            time_zone=time_zone,
        )
        self.server = EmbeddedServer(self.casino)
        self.base = self.server.base
        self.http = httpx.Client(base_url=self.base, timeout=30)

    def advance(self, seconds: float) -> None:
        """Move the clock and wait until every table has looked at it."""
        self.clock.advance(seconds)
        target = self.clock.now()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            tables = list(self.casino.tables.values())
            if all(t.checked_at >= target and t.queue.empty() and t.idle for t in tables):
                return
            time.sleep(0.01)
        raise RuntimeError("the tables did not catch up with the clock")

    def demo_player(self, name: str) -> dict[str, str]:
        made = self.http.post("/demo/players", json={"name": name})
        made.raise_for_status()
        return {"Authorization": f"Bearer {made.json()['token']}"}

    def play_rounds(self, table: int, rounds: int, name: str = "Bruno") -> None:
        """Rounds at a multi-player table, a demo player betting on each (fills the roads)."""
        player = self.demo_player(name)
        self.http.post(f"/tables/{table}/sessions", json={}, headers=player).raise_for_status()
        view = self.http.get(f"/tables/{table}").json()
        for n in range(rounds):
            kind = ("banker", "player")[n % 2]
            self.http.post(
                f"/tables/{table}/bets", json={"kind": kind, "amount": 5_00}, headers=player
            ).raise_for_status()
            self.advance(view["betting_seconds"])
            self.advance(5)  # the result's pause; the next window opens

    def open_table(self, name: str, ruleset: str, betting_seconds: int = 10) -> int:
        """The operator opens a demo table of ``ruleset``."""
        operator = {"Authorization": f"Bearer {self.casino.credentials.operator_token}"}
        made = self.http.post(
            "/tables",
            json={
                "name": name,
                "ruleset": ruleset,
                "demo": True,
                "betting_seconds": betting_seconds,
            },
            headers=operator,
        )
        made.raise_for_status()
        return int(made.json()["id"])

    def multi_table(self) -> dict[str, Any]:
        tables = self.http.get("/tables").json()
        return next(t for t in tables if t["mode"] == "multi")

    def stop(self) -> None:
        self.http.close()
        self.server.stop()
        self.casino.engine.dispose()


def take(out: Path, chromium: str = CHROMIUM) -> list[Path]:
    """The lobby, then each game mid-round and settled, at desktop and phone widths."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        # two identical blackjack rounds: one per width
        stacked = {BLACKJACK_TABLE: f"{BLACKJACK_SPLIT} {BLACKJACK_SPLIT}"}
        stage = Stage(f"sqlite:///{tmp}/screens.db", stacked=stacked)
        try:
            baccarat = stage.multi_table()
            stud = next(t for t in stage.http.get("/tables").json() if t["game"] == "stud")
            blackjack = stage.open_table(BLACKJACK_TABLE, "macau-blackjack-2007")
            stage.play_rounds(baccarat["id"], 12)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium)
                for label, (width, height) in VIEWPORTS.items():
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, reduced_motion="reduce"
                    )
                    page = context.new_page()

                    def shot(name: str, page: Any = page, label: str = label) -> None:
                        path = out / f"{name}-{label}.png"
                        page.screenshot(path=str(path), full_page=True)
                        written.append(path)

                    page.goto(stage.base + "/")
                    page.wait_for_selector(".table-card svg[data-road='mini_big_road']")
                    shot("lobby")
                    page.fill("#demo-name", f"Ana ({label})")
                    page.click("#play-demo")
                    _baccarat(stage, page, baccarat, shot)
                    _stud(stage, page, stud, shot)
                    _blackjack(stage, page, blackjack, shot)
                    context.close()
                browser.close()
        finally:
            stage.stop()
    return written


def _join(page: Any, table: int) -> None:
    page.goto(page.url.split("#")[0] + f"#/table/{table}")
    page.wait_for_selector(".seat.mine")


def _bet(page: Any, kind: str, chip: int | None = None) -> None:
    """Click a chip (by its position) and a betting area, and wait for the stake to show."""
    if chip is not None:
        page.click(f"label[for='chip-{chip}']")
    page.click(f"#area-{kind}")
    page.wait_for_selector(f"#stake-{kind}:not(:empty)")


def _baccarat(stage: Stage, page: Any, table: dict[str, Any], shot: Any) -> None:
    """Bets on the felt with the window open, then the settled round with its areas lit."""
    _join(page, table["id"])
    _bet(page, "banker", chip=2)
    _bet(page, "player_pair", chip=0)
    shot("baccarat-mid")
    stage.advance(table["betting_seconds"])
    page.wait_for_selector("#result.show")
    page.wait_for_selector("#my-result")
    shot("baccarat-settled")
    stage.advance(5)


def _stud(stage: Stage, page: Any, table: dict[str, Any], shot: Any) -> None:
    """An ante and the jackpot ticket, the hand to decide on, then the dealer's hand opened."""
    _join(page, table["id"])
    _bet(page, "ante")
    _bet(page, "jackpot")
    stage.advance(table["betting_seconds"])
    page.wait_for_selector("#decisions:not([hidden])")
    page.wait_for_selector("#you-total:not(:empty)")
    shot("stud-mid")
    page.click("#raise")
    page.wait_for_selector("#result.show")
    page.wait_for_selector("#hand-results")
    shot("stud-settled")
    stage.advance(5)


def _blackjack(stage: Stage, page: Any, table: int, shot: Any) -> None:
    """A pair of eights against a 7 with the hint asked for; then split, double, the
    dealer's 17 and a line per hand."""
    _join(page, table)
    _bet(page, "bet")
    stage.advance(10)
    page.click("#hint")
    page.wait_for_selector("#advice:not(:empty)")
    shot("blackjack-mid")
    for decision in ("split", "double", "stand"):
        page.click(f"#decide-{decision}")
    page.wait_for_selector("#result.show")
    page.wait_for_selector("#hand-results")
    shot("blackjack-settled")
    stage.advance(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    for path in take(args.out, args.chromium):
        print(path)


if __name__ == "__main__":
    main()
