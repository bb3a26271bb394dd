"""``croupier play`` (issue 27(1)): a game's own terminal table where its spec names one, and
for any other game (tests/minigame: high card) the generic one, driven by its information and
the table protocol."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from croupier.cli.play import TerminalTable
from croupier.games.registry import GAMES
from croupier.rulesets.loader import load_ruleset_file
from croupier.shoe import StackedCards
from tests.minigame.spec import SPEC

ROOT = Path(__file__).resolve().parents[2]
RULESET = ROOT / "tests" / "minigame" / "high-card.toml"


def test_the_generic_table_takes_bets_deals_and_keeps_the_balance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two rounds of high card from stacked cards: King against Queen (Dragon wins 1:1, the tie
    bet lost), then seven against seven (the tie bet pays 8:1, the Dragon bet loses half); the
    balance and the statement follow each settlement to the cent."""
    monkeypatch.setitem(GAMES, SPEC.name, SPEC)
    answers = iter(["dragon 5, tie 1", "", "nonsense 3", "q"])
    console = Console(record=True, width=200)
    table = TerminalTable(
        load_ruleset_file(RULESET), 100_00, None, console,
        cards=StackedCards("KS QH 7S 7D"), ask=lambda prompt: next(answers),
    )  # fmt: skip
    table.run()
    said = console.export_text()
    assert "dragon 5.00 EUR: win, paid 10.00 EUR" in said
    assert "tie 1.00 EUR: lose, paid 0.00 EUR" in said
    assert "dragon 5.00 EUR: lose half, paid 2.50 EUR" in said
    assert "tie 1.00 EUR: win, paid 9.00 EUR" in said
    assert "'nonsense 3': write KIND AMOUNT" in said  # refused, naming what to write
    assert table.session.balance == 100_00 - 6_00 + 10_00 - 6_00 + 2_50 + 9_00
    assert "2 round(s); total bet 12.00 EUR; total paid back 21.50 EUR" in said


def test_croupier_play_opens_a_games_own_table_or_the_generic_one() -> None:
    env = {"PYTHONPATH": str(ROOT), "CROUPIER_GAMES": "tests.minigame.spec"}
    for ruleset, shown in (("macau-2009", "Macau"), (str(RULESET), "dragon: Dragon, pays 1:1")):
        done = subprocess.run(
            [sys.executable, "-m", "croupier", "play", "-r", ruleset, "--seed", "1"],
            input="q\n", capture_output=True, text=True, timeout=120, cwd=ROOT,
            env={**os.environ, **env},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert shown in done.stdout and "Session statement" in done.stdout, done.stdout
