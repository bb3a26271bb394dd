"""The compliance matrix (issue 17): every article and numbered paragraph of the five
regulations, with the code and the tests that cite it. CI fails here when a unit of a game
rule has no code or no test and no written reason (src/croupier/compliance/explained.toml)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from croupier.cli import app
from croupier.compliance.matrix import build, explanations
from croupier.compliance.texts import SOURCES, extract, load_units, manifest, official, text_digests

ROOT = Path(__file__).resolve().parents[2]


def test_the_official_texts_ship_with_their_source_and_digest() -> None:
    """Each regulation's text ships in the package (nothing is read outside the repository),
    named in the manifest with its source, and is the very file whose SHA-256 it records."""
    assert set(manifest()) == {s.key for s in SOURCES}
    for source in SOURCES:
        entry = manifest()[source.key]
        assert entry["file"] == source.file and entry["source"] and entry["title"]
    for key, (recorded, actual) in text_digests().items():
        assert recorded == actual, f"{key}: the shipped text is not the one the manifest names"


def test_the_shipped_units_are_the_regulations_own_texts() -> None:
    """regulations.json is what scripts/extract-articles cuts from the shipped official texts."""
    shipped = json.loads((ROOT / "src/croupier/compliance/regulations.json").read_text("utf-8"))
    assert shipped == json.loads(json.dumps(extract(official()), ensure_ascii=False))
    assert {u.regulation for u in load_units()} == {s.key for s in SOURCES}
    ids = {u.id for u in load_units() if u.regulation == "pt-812-2015"}
    assert ids == {f"rule {n}" for n in range(1, 44)}  # rules 1 to 43, each


def test_every_unit_is_covered_or_its_gap_explained() -> None:
    """The gate: a unit with no code or no test citing it, and no reason written down, fails
    CI; a reason written for a unit that is covered, or for no unit at all, fails too (an
    explanation that no longer holds would hide a gap)."""
    rows = build(ROOT)
    gaps = [f"{r.unit.regulation} {r.unit.id}" for r in rows if r.status == "gap"]
    assert gaps == [], "units with no code or no test: " + ", ".join(gaps)
    units = {(u.regulation, u.id) for u in load_units()}
    covered = {(r.unit.regulation, r.unit.id) for r in rows if r.code and r.tests}
    for regulation, reasons in explanations().items():
        for unit in reasons:
            assert (regulation, unit) in units, f"explained.toml: no unit {regulation} {unit}"
            assert (regulation, unit) not in covered, f"{regulation} {unit} is covered now"


def test_the_matrix_cannot_lie_a_rule_cited_only_in_code_is_a_gap(tmp_path: Path) -> None:
    """Citations are read from the files themselves: a rule cited in the code and by no test
    is a gap; once a test cites it, it is covered and the test is named."""
    (tmp_path / "src/croupier/games/stud").mkdir(parents=True)
    (tmp_path / "tests/games/stud").mkdir(parents=True)
    code = tmp_path / "src/croupier/games/stud/rule.py"
    code.write_text("# the raise paytable, art. 9(5)\n", encoding="utf-8")
    [row] = [r for r in build(tmp_path, "macau-stud-2004") if r.unit.id == "art. 9(5)"]
    assert row.code == ["src/croupier/games/stud/rule.py:1"] and row.status == "gap"
    (tmp_path / "tests/games/stud/test_rule.py").write_text(
        "def test_the_paytable_art_9_5():\n    assert True\n", encoding="utf-8"
    )
    [row] = [r for r in build(tmp_path, "macau-stud-2004") if r.unit.id == "art. 9(5)"]
    assert row.status == "covered"
    assert row.tests == ["tests/games/stud/test_rule.py::test_the_paytable_art_9_5"]


def test_croupier_compliance_json_contract() -> None:
    result = CliRunner().invoke(
        app, ["compliance", "--regulation", "macau-blackjack-2007", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"root", "summary", "regulations", "units"}
    [soft17] = [u for u in data["units"] if u["id"] == "art. 6(6)"]
    assert soft17["status"] == "covered" and "Considera-se «soft 17»" in soft17["excerpt"]
    assert any("test_soft17" in t for t in soft17["tests"]) and "B2" in soft17["choices"]
    assert set(soft17) >= {"code", "tests", "choices", "explanation", "title"}
    html = CliRunner().invoke(app, ["compliance", "--format", "html"])
    assert html.exit_code == 0 and "<table>" in html.stdout and "art. 6(6)" in html.stdout
