"""Issue 27: a game written only in the tests (``tests/minigame``: high card, Dragon against
Tiger) with no file under ``src/`` edited is registered by ``CROUPIER_GAMES``, dealt by the
CLI, played and settled through a real ``croupier serve`` on both databases with the books
balanced, and refused by the compliance scan when its package cites a text croupier lacks
(tests/compliance/test_matrix.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from croupier.server.embedded import free_port
from tests.server.conftest import BACKENDS, OPERATOR_TOKEN, POSTGRES_URL, clean_postgres

ROOT = Path(__file__).resolve().parents[2]
RULESET = ROOT / "tests" / "minigame" / "high-card.toml"
ENV = {
    **os.environ,
    "PYTHONPATH": str(ROOT),
    "CROUPIER_GAMES": "tests.minigame.spec",
    "PYTHONUNBUFFERED": "1",
}


def test_the_cli_deals_a_game_it_was_never_told_of() -> None:
    """``croupier deal`` plays any registered game from its spec: each round's cards, the
    winner by rank, and a minimum stake settled as the game's settlement says."""
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "deal", "-r", str(RULESET), "-n", "30", "--seed", "4",
         "--format", "json"],
        capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["game"] == "high-card" and len(report["rounds"]) == 30
    ranks = "23456789TJQKA"
    for record in report["rounds"]:
        dragon, tiger = record["result"]["dragon_cards"][0], record["result"]["tiger_cards"][0]
        d, t = ranks.index(dragon[0]), ranks.index(tiger[0])
        winner = "tie" if d == t else ("dragon" if d > t else "tiger")
        assert record["result"]["winner"] == winner
        [bet] = record["bets"]  # the minimum on the first main bet: Dragon, 1.00
        assert (bet["kind"], bet["stake"]) == ("dragon", 100)
        # a tie takes half (an outcome of this game's own, "lose_half": issue 27(2))
        expected = {"dragon": ("win", 200), "tie": ("lose_half", 50), "tiger": ("lose", 0)}[winner]
        assert (bet["outcome"], bet["payout"]) == expected
    stacked = subprocess.run(
        [sys.executable, "-m", "croupier", "deal", "-r", str(RULESET), "-n", "2",
         "--cards", "KS,QH,7S,7D"],
        capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert stacked.returncode == 0, stacked.stderr[-2000:]
    assert "winner dragon" in stacked.stdout and "dragon 100: win, paid 200" in stacked.stdout
    assert "winner tie" in stacked.stdout and "dragon 100: lose_half, paid 50" in stacked.stdout


@pytest.mark.parametrize("backend", BACKENDS)
def test_croupier_serve_plays_and_settles_a_game_from_outside(backend: str, tmp_path: Path) -> None:
    """A table of the outside game opens, takes a seat and a bet, deals when its window
    closes on the real clock, and settles: the player's balance moves by exactly what the
    settlement paid, and the ledger balances."""
    url = f"sqlite:///{tmp_path / 'croupier.db'}" if backend == "sqlite" else POSTGRES_URL
    if backend == "postgresql":
        clean_postgres(POSTGRES_URL)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier", "serve", "--port", str(port), "--no-demo",
         "--database", url, "--operator-token", OPERATOR_TOKEN],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV, cwd=tmp_path,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    op = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "croupier serve did not start"
            time.sleep(0.2)
        with httpx.Client(base_url=base, timeout=20) as http:
            opened = http.post(
                "/tables",
                json={"name": "High card", "ruleset": str(RULESET), "betting_seconds": 1,
                      "pause_seconds": 0},
                headers=op,
            )  # fmt: skip
            assert opened.status_code == 201, opened.text
            table = opened.json()["id"]
            info = http.get(f"/tables/{table}/information").json()
            assert info["game"] == "high-card" and info["game_title"] == "High card"
            made = http.post(
                "/players", json={"name": "ana", "born": "1990-01-01"}, headers=op
            ).json()
            ana = {"Authorization": f"Bearer {made['token']}"}
            deposit = {"amount": 50_00, "currency": "EUR"}
            assert http.post("/players/ana/deposits", json=deposit, headers=op).status_code == 200
            assert http.post(f"/tables/{table}/sessions", headers=ana).status_code == 201
            placed = http.post(
                f"/tables/{table}/bets", json={"kind": "tiger", "amount": 5_00}, headers=ana
            )
            assert placed.status_code == 201, placed.text
            refused = http.post(
                f"/tables/{table}/bets", json={"kind": "banker", "amount": 5_00}, headers=ana
            )
            assert refused.status_code == 422 and refused.json()["detail"]["field"] == "kind"
            deadline = time.monotonic() + 30
            while (
                last := http.get(f"/tables/{table}/rounds/last", headers=ana)
            ).status_code != 200:
                assert time.monotonic() < deadline, last.text
                time.sleep(0.2)
            record = last.json()
            [bet] = record["bets"]
            winner = record["result"]["winner"]
            paid = {"tiger": 10_00, "tie": 2_50, "dragon": 0}[winner]
            assert (bet["kind"], bet["amount"], bet["payout"]) == ("tiger", 5_00, paid)
            balance = http.get("/me", headers=ana).json()["balances"]["EUR"]
            assert balance == 50_00 - 5_00 + paid
            assert http.get("/ledger/audit", headers=op).json()["balanced"] is True
    finally:
        process.terminate()
        process.wait(30)
