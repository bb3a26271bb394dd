"""Issue 28, item 5: "croupier certify --ruleset R: one self-contained HTML evidence pack (no
network needed to open it): the ruleset with every option's article; the compliance matrix
(article -> code -> tests, with each test's result from a run made for the pack); the exact PAR
sheet beside a seeded simulation that must agree within its interval; the RNG battery; a
verified sample of stored shoes; the SHA-256 of the build, the presets and the regulation texts.
A lab reproduces each figure from the commands the pack names."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app
from croupier.compliance.texts import manifest
from croupier.proof.certify import gather, matrix_section
from croupier.proof.certify_html import render
from tests.server.conftest import stud_casino

OFFICIAL = Path(__file__).parents[2] / "src/croupier/compliance/official"


def _fake_checkout(tmp_path: Path) -> Path:
    """A checkout whose tests cite Macau stud art. 9(1): one passes, one fails."""
    tests = tmp_path / "tests"
    tests.mkdir(parents=True)
    (tests / "__init__.py").write_text("")
    (tests / "test_qualification.py").write_text(
        "import pytest\n\n"
        'pytestmark = pytest.mark.cites("macau-stud-2004", "art. 9(1)")\n\n'
        "def test_an_ace_and_a_king_qualify():\n"
        "    assert True\n\n"
        "def test_a_queen_high_does_not():\n"
        "    assert False, 'broken on purpose'\n"
    )
    (tmp_path / "src" / "croupier").mkdir(parents=True)
    return tmp_path


def test_the_packs_test_run_names_each_tests_result(tmp_path: Path) -> None:
    """Each test of the matrix carries its result from the pack's own run: a failing test
    shows failed, its article's row says so, and the verdict fails."""
    root = _fake_checkout(tmp_path)
    matrix = matrix_section(root, "macau-stud", run_tests=True)
    row = next(r for r in matrix["rows"] if r["id"] == "art. 9(1)")
    assert row["results"] == {
        "tests/test_qualification.py::test_a_queen_high_does_not": "failed",
        "tests/test_qualification.py::test_an_ace_and_a_king_qualify": "passed",
    }
    assert matrix["failed"] == ["tests/test_qualification.py::test_a_queen_high_does_not"]
    assert matrix["exit_code"] == 1
    unrun = matrix_section(root, "macau-stud", run_tests=False)
    assert set(next(r for r in unrun["rows"] if r["id"] == "art. 9(1)")["results"].values()) == {
        "not run"
    }


def test_a_pack_of_stored_shoes_par_and_rng_is_self_contained(tmp_path: Path) -> None:
    """A stud table's stored shoes (each round a deck, revealed at the next) exported and
    verified; the exact edge inside the simulation's interval; the RNG battery; the texts' and
    presets' SHA-256 as sha256sum says; one HTML page fetching nothing."""
    database = f"sqlite:///{tmp_path / 'casino.db'}"
    table = stud_casino(database, 3)
    pack = gather(
        "macau-stud-2004",
        _fake_checkout(tmp_path / "checkout"),
        database=database,
        rounds=20_000,
        seed=3,
        shoes=60,
        sample=5,
        run_tests=False,
    )
    stored = pack["stored_shoes"]["tables"]
    assert [(t["id"], t["clean"]) for t in stored] == [(table, True)]
    assert stored[0]["rounds"] >= 3 and len(stored[0]["sample"]) == stored[0]["shoes"] >= 3
    assert pack["par"]["rows"] and all(r["agrees"] for r in pack["par"]["rows"])
    assert pack["rng"]["passed"] and len(pack["rng"]["tests"]) == 6
    for key, entry in manifest().items():  # what sha256sum says of each shipped text
        digest = hashlib.sha256((OFFICIAL / entry["file"]).read_bytes()).hexdigest()
        assert pack["fingerprints"]["texts"][key] == {
            "sha256": digest,
            "expected": entry["sha256"],
            "intact": True,
        }
    options = {o["option"]: o for o in pack["ruleset"]["options"]}
    assert options["shoe.dealing"]["article"] == "Macau stud art. 3, 7"
    assert options["paytable.royal_flush"]["value"] == 100
    assert pack["verdicts"]["tests passed"] is False and not pack["passed"]  # none were run
    page = render(pack)
    assert not re.search(r"<script|<link|\bsrc=|url\(|https?://", page)
    for command in (pack["par"]["analyze"], pack["par"]["simulate"], pack["rng"]["command"]):
        assert command in page.replace("&#x27;", "'")


def test_the_command_fails_when_a_check_does(tmp_path: Path) -> None:
    out = tmp_path / "pack.html"
    result = CliRunner().invoke(
        app,
        [
            "certify",
            "--ruleset",
            "macau-stud-2004",
            "--rounds",
            "10000",
            "--shoes",
            "50",
            "--root",
            str(_fake_checkout(tmp_path)),
            "-o",
            str(out),
        ],
    )
    assert result.exit_code == 1, result.output
    assert "FAIL  tests passed" in result.output and out.is_file()
    refused = CliRunner().invoke(app, ["certify", "--ruleset", "no-such", "--no-run-tests"])
    assert refused.exit_code == 2 and "no-such" in refused.output
