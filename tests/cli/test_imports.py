"""Issue 32(3): a command imports only what it uses. Each command runs in a fresh interpreter
under ``python -X importtime``; the heavy libraries it has no use for must not be among its
imports: the server's (SQLAlchemy, Alembic, FastAPI, uvicorn), the charts' (matplotlib), the
compiled kernels' (Numba) and, where nothing is computed on arrays, NumPy (a seeded shoe's
draws come from the same stream in plain Python: croupier/pcg64.py). (How long they take is
the benchmark's: benchmarks/bench_cli_start.py.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

SERVER = {"sqlalchemy", "alembic", "fastapi", "uvicorn", "starlette", "httpx"}
HEAVY = SERVER | {"matplotlib", "numba", "scipy"}
JACKPOT_SESSIONS = ["simulate", "baccarat", "-r", "macau-2009-jackpot-c", "--rounds", "20000",
                    "--workers", "1", "--session", "100", "--sessions", "10",
                    "--format", "json"]  # fmt: skip
IMPORTED = re.compile(r"^import time:\s+\d+ \|\s+\d+ \|\s*(?P<module>[\w.]+)$")


@pytest.fixture(scope="module", autouse=True)
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The stud tables already on disk (the evaluator's order, and the analysis's counts for
    the Macau order), as every run after a machine's first finds them."""
    folder = str(tmp_path_factory.mktemp("cache"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CROUPIER_CACHE", folder)
        subprocess.run(
            [sys.executable, "-c", "from croupier.games.stud.evaluator import rank_tables; "
             "rank_tables(); from croupier.analysis import stud_exact; "
             "stud_exact.stud_counts('macau')"], check=True, timeout=600,
        )  # fmt: skip
        yield


def _imported(*args: str, whole: bool = False) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120, env=os.environ,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    found = set()
    for line in done.stderr.splitlines():
        matched = IMPORTED.match(line)
        if matched:
            found.add(matched["module"] if whole else matched["module"].split(".")[0])
    return found


@pytest.mark.parametrize(
    ("command", "absent"),
    [
        (["rules"], HEAVY | {"numpy"}),
        (["options", "baccarat"], HEAVY | {"numpy"}),
        (["baccarat", "deal", "--rounds", "2"], HEAVY | {"numpy"}),  # the CSPRNG: no NumPy
        # a seeded shoe's draws in plain Python (croupier/pcg64.py, NumPy's stream): no NumPy
        (["baccarat", "deal", "--rounds", "2", "--seed", "7"], HEAVY | {"numpy"}),
        (["stud", "deal", "--seed", "7"], HEAVY | {"numpy"}),
        (["blackjack", "hint", "AS,7D", "--dealer", "9H"], HEAVY | {"numpy"}),
        (["stud", "deal", "--help"], HEAVY | {"numpy"}),
        (["stud", "deal"], HEAVY | {"numpy"}),  # its hands ranked from the tables on disk
        # the exact analyses count in C (analysis/_baccarat_kernels.c, _blackjack_kernels.c):
        # no compiler library, no compiler's start-up
        (["analyze", "baccarat"], HEAVY),
        (["analyze", "blackjack", "--decks", "1", "--format", "json"], HEAVY),
        # the Monte Carlo baccarat kernel is C built at install (_baccarat_simulate.c)
        (
            ["simulate", "baccarat", "--rounds", "20000", "--workers", "1", "--format", "json"],
            HEAVY,
        ),
        # and the stud kernel too (_stud_simulate.c), its tables read from the disk
        (["simulate", "stud", "--rounds", "20000", "--workers", "1", "--format", "json"], HEAVY),
        (
            ["simulate", "blackjack", "--rounds", "20000", "--workers", "1", "--format", "json"],
            HEAVY,
        ),
        # a jackpot's counts and sessions too
        (JACKPOT_SESSIONS, HEAVY),
        # the stud analysis on the player's own cards: its counts read from the disk
        (["analyze", "stud", "--strategy", "own", "--format", "json"], HEAVY),
    ],
)
def test_a_command_imports_only_what_it_uses(command: list[str], absent: set[str]) -> None:
    imported = _imported("-m", "croupier", *command)
    assert "croupier" in imported  # the parse saw the imports
    assert not imported & absent, sorted(imported & absent)


def test_importing_the_command_line_loads_no_heavy_library() -> None:
    imported = _imported("-c", "import croupier.cli")
    assert "typer" in imported
    assert not imported & (HEAVY | {"numpy"}), sorted(imported & (HEAVY | {"numpy"}))


ENGINES = {
    "croupier.games.baccarat.game",
    "croupier.games.baccarat.round",
    "croupier.games.blackjack.round",
    "croupier.games.blackjack.table",
    "croupier.games.stud.round",
    "croupier.games.stud.table",
}


@pytest.mark.parametrize("command", [["rules"], ["options", "stud"]])
def test_reading_the_rules_loads_no_game_engine_and_no_other_command(command: list[str]) -> None:
    """The games' specs name their engines without importing them, and the command line
    imports a command's module only when it runs (cli/__init__.py ``COMMANDS``)."""
    imported = _imported("-m", "croupier", *command, whole=True)
    assert "croupier.rulesets.loader" in imported  # the parse saw the imports
    assert not imported & ENGINES, sorted(imported & ENGINES)
    others = {m for m in imported if m.startswith("croupier.cli.")} - {
        "croupier.cli.common",
        "croupier.cli.language",
        "croupier.cli.render",
        f"croupier.cli.{command[0]}",
    }
    assert not others, sorted(others)
