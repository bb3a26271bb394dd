"""The browser reconnects by itself after its server process dies and resumes the table it was at
(issue 20, part 2: "The browser client reconnects by itself after its process dies and resumes
the table it was at").

Three real processes on one PostgreSQL database with the NATS bus; process a runs the table.
The page reaches the casino through a TCP proxy that sends each new connection to the first
of b and c that answers, as a reverse proxy with health checks does (deploy/haproxy.cfg): so
the page is served by b, which shows it a's table through the bus and forwards its bets to a.
b is killed (kill -9): the page says it is reconnecting, reconnects by itself through the proxy
to c, shows the table again, and the player's next bet is placed at a's table."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_bus import _bus
from tests.server.test_cluster import _serve
from tests.server.test_crash import OPERATOR
from tests.web.pages import new_page, points


class FirstAlive:
    """A TCP proxy on loopback: each connection goes to the first backend that accepts it."""

    def __init__(self, backends: list[int]) -> None:
        self.backends = backends
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.started.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", self.port)
        )
        self.started.set()
        self.loop.run_forever()
        server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for port in self.backends:
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue  # that process is gone: the next one
            await asyncio.gather(
                self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
            )
            return
        writer.close()

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        finally:
            with contextlib.suppress(Exception):
                sink.close()

    def stop(self) -> None:
        async def cancelled() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancelled(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def _demo_player(browser: Browser, base: str, name: str) -> tuple[Page, dict[str, str]]:
    """A page at ``base`` signed in as the demo player ``name``, and its token's header."""
    page = new_page(browser)
    page.goto(base + "/")
    page.fill("#demo-name", name)
    page.click("#play-demo")
    expect(page.locator("#who")).to_have_text(name)
    token = page.evaluate("localStorage.getItem('croupier-token')")
    return page, {"Authorization": f"Bearer {token}"}


def _window_open(base: str, table: int, headers: dict[str, str]) -> None:
    """Until the table's betting window has 4 s or more left (a bet clicked then is in it)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = httpx.get(f"{base}/tables/{table}", headers=headers).json()
        if view["phase"] == "betting" and (view["seconds_left"] or 0) >= 4:
            return
        time.sleep(0.1)
    raise AssertionError("no betting window opened")


@pytest.fixture
def cluster() -> Iterator[dict[str, tuple[object, str]]]:
    clean_postgres(POSTGRES_URL)
    bus = _bus()
    running = {}
    try:
        for node in ("a", "b", "c"):
            running[node] = _serve(POSTGRES_URL, node, bus)
        yield running  # type: ignore[misc]
    finally:
        for process, _base in running.values():
            process.kill()
            process.wait()


def test_the_page_reconnects_through_the_proxy_and_resumes_the_table(
    browser: Browser, cluster: dict[str, tuple[object, str]]
) -> None:
    a_base = cluster["a"][1]
    made = httpx.post(
        f"{a_base}/tables",
        json={"name": "Far table", "betting_seconds": 8, "pause_seconds": 0, "demo": True},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]  # a opened it: a runs it
    ports = [int(cluster[node][1].rsplit(":", 1)[1]) for node in ("b", "c")]
    proxy = FirstAlive(ports)
    base = f"http://127.0.0.1:{proxy.port}"
    try:
        page, rita = _demo_player(browser, base, "Rita")
        page.click(f"[data-join='{table}']")
        expect(page.locator(".seat.mine")).to_contain_text("Rita")
        expect(page.locator("#announcement")).to_have_text("Place your bets", timeout=15_000)
        _window_open(a_base, table, rita)
        page.click("label[for='chip-0']")
        page.click("#area-banker")
        expect(page.locator("#stake-banker")).to_have_text(points(1_00))

        b = cluster["b"][0]
        b.kill()  # type: ignore[attr-defined]  # the page's process dies
        b.wait()  # type: ignore[attr-defined]
        expect(page.locator("#reconnecting")).to_be_visible(timeout=10_000)
        expect(page.locator("#reconnecting")).to_be_hidden(timeout=20_000)  # back, through c
        expect(page.locator(".seat.mine")).to_contain_text("Rita")  # still at its seat
        expect(page.locator("#announcement")).to_have_text("Place your bets", timeout=15_000)
        _window_open(a_base, table, rita)
        page.click("#area-tie")  # a bet after the reconnection, at a's table
        try:
            expect(page.locator("#stake-tie")).to_have_text(points(1_00))
        except AssertionError as failed:  # say why: the page's own error, if it shows one
            shown = page.locator("#error").text_content()
            raise AssertionError(f"{failed}\nthe page's error line: {shown!r}") from failed
        view = httpx.get(f"{a_base}/tables/{table}", headers=rita).json()
        assert {"player": "Rita", "kind": "tie", "amount": 1_00} in [
            {k: bet[k] for k in ("player", "kind", "amount")} for bet in view["bets"]
        ]
        page.context.close()
    finally:
        proxy.stop()


@pytest.mark.cites("pt-812-2015", "rule 29", "rule 30")
def test_after_a_crash_the_page_shows_the_void_the_refund_and_the_balance(
    browser: Browser, cluster: dict[str, tuple[object, str]]
) -> None:
    """Issue 34(2). PT 812/2015 rule 29: when a fault interrupts a round "a jogada é nula e o
    valor das apostas realizadas é devolvido aos jogadores" (the round is void and the stakes
    returned); rule 30 is the other case, a failure on the player's side, where bets stand.
    The page is served by the process that runs the table; that process is killed (-9) with
    the player's 1.00 on Banker. Once the page is back (through another process, which takes
    the table and voids the round), it must say which case it was: the round void, the 1.00
    returned, the balance as the account holds it, and the next round numbered after it. It
    said "your bets stand (rule 30)", cleared the stake silently, showed the balance less the
    stake and numbered the next round 1 again."""
    a, a_base = cluster["a"]
    made = httpx.post(
        f"{a_base}/tables",
        json={"name": "Crash table", "betting_seconds": 30, "pause_seconds": 0, "demo": True},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]  # a runs it
    ports = [int(cluster[node][1].rsplit(":", 1)[1]) for node in ("a", "b")]
    proxy = FirstAlive(ports)  # the page reaches a first, b once a is gone
    base = f"http://127.0.0.1:{proxy.port}"
    try:
        page, rui = _demo_player(browser, base, "Rui")
        start = httpx.get(f"{a_base}/me", headers=rui).json()["balances"]["DEMO"]
        page.click(f"[data-join='{table}']")
        expect(page.locator(".seat.mine")).to_contain_text("Rui")
        _window_open(a_base, table, rui)
        first = httpx.get(f"{a_base}/tables/{table}", headers=rui).json()["round"]
        page.click("label[for='chip-0']")
        page.click("#area-banker")
        expect(page.locator("#stake-banker")).to_have_text(points(1_00))
        expect(page.locator("#balance")).to_have_text(points(start - 1_00))

        a.kill()  # type: ignore[attr-defined]  # the table's process dies mid-window
        a.wait()  # type: ignore[attr-defined]
        expect(page.locator("#reconnecting")).to_be_visible(timeout=10_000)
        expect(page.locator("#reconnecting")).not_to_contain_text("bets stand")
        expect(page.locator("#reconnecting")).to_be_hidden(timeout=20_000)  # back, through b
        void = f"Round {first} void: your {points(1_00)} returned (rule 29)"
        expect(page.locator("#result")).to_contain_text(void, timeout=2_000)
        expect(page.locator("#balance")).to_have_text(points(start), timeout=2_000)
        expect(page.locator("#round-no")).to_have_text(f"Round {first + 1}", timeout=2_000)
        expect(page.locator("#stake-banker")).to_have_text("")
        b_base = cluster["b"][1]
        assert httpx.get(f"{b_base}/me", headers=rui).json()["balances"]["DEMO"] == start
        page.context.close()
    finally:
        proxy.stop()
