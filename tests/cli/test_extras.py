"""Issue 34(4): ``pip install .`` brought about 65 packages (Dask, matplotlib, FastAPI,
psycopg, NATS...) to deal five rounds. The engines and the CLI's rules, options, deal, play,
hint and analyze now run with none of the extras' packages importable; a command whose extra
is missing says in one line which to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from croupier.extras import EXTRA_OF

BLOCKED = sorted(m for m, extra in EXTRA_OF.items() if extra in ("server", "analysis"))
RUN_WITHOUT_EXTRAS = (
    "import sys\n"
    f"for name in {BLOCKED!r}:\n"
    "    sys.modules[name] = None  # as if not installed: importing it fails\n"
    "from croupier.cli import main\n"
    "sys.argv = ['croupier', *sys.argv[1:]]\n"
    "main()\n"
)


def _croupier(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN_WITHOUT_EXTRAS, *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("rules",),
        ("options", "blackjack"),
        ("baccarat", "deal", "--rounds", "5"),
        ("stud", "deal", "--hands", "3"),
        ("blackjack", "deal", "--boxes", "2"),
        ("blackjack", "hint", "AS,7D", "--dealer", "9H"),
        ("analyze", "baccarat", "--format", "json"),
    ],
)
def test_the_engines_and_their_commands_need_no_extra(args: tuple[str, ...]) -> None:
    done = _croupier(*args)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("serve", "--port", "0"), "server"),
        (("analyze", "baccarat", "--format", "html"), "analysis"),
    ],
)
def test_a_command_whose_extra_is_missing_says_which_in_one_line(
    args: tuple[str, ...], extra: str
) -> None:
    done = _croupier(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert f"python3 -m pip install 'croupier[{extra}]'" in lines[0]


def test_the_play_command_needs_no_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN_WITHOUT_EXTRAS, "baccarat", "play", "--seed", "1"],
        input="banker 100\nq\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "statement" in done.stdout.lower() or "session" in done.stdout.lower()
