"""The command line in the players' languages (issue 29, item 2: "The CLI takes --lang (and the
usual LANG/LC_ALL)"): a refusal at the terminal table in Portuguese and in Chinese, the amounts
the locale's way; an unknown language refused, naming the option."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _play(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run(
        [sys.executable, "-m", "croupier", *args, "play", "-r", "macau-2009", "--seed", "1"],
        input="tie 1\nq\n", capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**clean, **env},
    )  # fmt: skip


def test_a_refusal_in_portuguese_with_lang() -> None:
    """Macau baccarat art. 14: a bet under the table's minimum (100.00 MOP) is refused; in
    Portuguese with --lang, whatever the environment says."""
    done = _play(["--lang", "pt-PT"], {"LANG": "zh_MO.UTF-8"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert "a aposta em Empate 1,00 MOP está abaixo do mínimo 100,00 MOP" in done.stdout


def test_a_refusal_in_chinese_from_the_environment() -> None:
    done = _play([], {"LC_ALL": "zh_MO.UTF-8", "LANG": "pt_PT.UTF-8"})  # LC_ALL first
    assert done.returncode == 0, done.stderr[-2000:]
    assert "和局投注 1.00 MOP 低於最低限額 100.00 MOP" in done.stdout
    english = _play([], {"LANG": "C.UTF-8"})
    assert "tie bet 1.00 MOP is below the minimum 100.00 MOP" in english.stdout


def test_an_unknown_language_is_refused_naming_the_option() -> None:
    done = _play(["--lang", "fr"], {})
    assert done.returncode == 2
    assert "--lang" in done.stderr and "pt-PT" in done.stderr
