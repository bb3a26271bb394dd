"""The compliance matrix (issue 17): every article and numbered paragraph of the five
regulations, with the code and the tests that cite it. CI fails here when a unit of a game
rule has no code or no test and no written reason (src/croupier/compliance/explained.toml)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.compliance.citations import UnplacedCitation, scan
from croupier.compliance.matrix import Row, build, choices, explanations
from croupier.compliance.texts import SOURCES, extract, load_units, manifest, official, text_digests
from croupier.games.registry import GAMES
from croupier.games.spec import Citing, GameSpec

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


def _stud_row(root: Path, unit: str = "art. 9(5)") -> Row:
    [row] = [r for r in build(root, "macau-stud-2004") if r.unit.id == unit]
    return row


def test_the_matrix_cannot_lie_a_rule_cited_only_in_code_is_a_gap(tmp_path: Path) -> None:
    """Citations are read from the files themselves: a rule cited in the code and by no test
    is a gap; once a test declares it (``pytest.mark.cites``), it is covered and named."""
    (tmp_path / "src/croupier/games/stud").mkdir(parents=True)
    (tmp_path / "tests/games/stud").mkdir(parents=True)
    code = tmp_path / "src/croupier/games/stud/rule.py"
    code.write_text("# the raise paytable, art. 9(5)\n", encoding="utf-8")
    row = _stud_row(tmp_path)
    assert row.code == ["src/croupier/games/stud/rule.py:1"] and row.status == "gap"
    (tmp_path / "tests/games/stud/test_rule.py").write_text(
        "import pytest\n\n"
        '@pytest.mark.cites("macau-stud-2004", "art. 9(5)")\n'
        "def test_the_paytable():\n    assert pays() == 100\n",
        encoding="utf-8",
    )
    row = _stud_row(tmp_path)
    assert row.status == "covered"
    assert row.tests == ["tests/games/stud/test_rule.py::test_the_paytable"]


def _tree(tmp_path: Path, code: str, test: str) -> Path:
    (tmp_path / "src/croupier/games/stud").mkdir(parents=True, exist_ok=True)
    (tmp_path / "src/croupier/games/blackjack").mkdir(parents=True, exist_ok=True)
    (tmp_path / "src/croupier/games/stud/rule.py").write_text(code, encoding="utf-8")
    (tmp_path / "tests/games/blackjack").mkdir(parents=True, exist_ok=True)
    (tmp_path / "tests/games/blackjack/test_words.py").write_text(test, encoding="utf-8")
    return tmp_path


def test_words_in_a_test_credit_nothing(tmp_path: Path) -> None:
    """Issue 34(3): a blackjack test saying "rule 5", a test named ``..._art_9_5``, a docstring
    quoting art. 9(5) and an article string used as test data credit nothing: only a test's
    declared units count."""
    test = (
        "def test_the_raise_art_9_5():\n"
        '    """Macau stud art. 9(5) and PT 812/2015 rule 5, quoted."""\n'
        '    reason = "Macau stud art. 9(5); rule 5"  # rule 5, art. 9(5)\n'
        '    assert settle(reason) == "rule 5"\n'
    )
    root = _tree(tmp_path, "# the raise paytable, art. 9(5)\n", test)
    assert scan(root) == [c for c in scan(root) if c.path.startswith("src/")]
    assert _stud_row(root).status == "gap"
    [rule5] = [r for r in build(root, "pt-812-2015") if r.unit.id == "rule 5"]
    assert rule5.tests == [] and rule5.code == []


def test_one_games_code_cites_only_its_own_text(tmp_path: Path) -> None:
    """Issue 34(3): blackjack code naming "Macau baccarat art. 10's principle" implements no
    baccarat article, and a bare "rule 29" in a game other than baccarat is not Regulamento
    812/2015's; named ("PT 812/2015 rule 29"), it is."""
    root = _tree(tmp_path, "", "")
    (root / "src/croupier/games/blackjack/void.py").write_text(
        "# a void round (Macau baccarat art. 10's principle); rule 29\n"
        "# PT 812/2015 rule 30, art. 6(1)\n",
        encoding="utf-8",
    )
    cited = {(c.regulation, c.article, c.line) for c in scan(root)}
    assert cited == {("pt-812-2015", 30, 2), ("macau-blackjack-2007", 6, 2)}


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        ('"macau-stud-2004", "art. 99"', "has no unit 'art. 99'"),
        ('"macau-stud-2004", "rule 5"', "has no unit 'rule 5'"),
        ('"mars-2030", "art. 1"', "no regulation 'mars-2030'"),
        ('"macau-stud-2004"', "at least one unit"),
        ('"macau-stud-2004", UNIT', "literal strings only"),
    ],
)
def test_a_marker_the_texts_cannot_place_is_refused(
    tmp_path: Path, arguments: str, complaint: str
) -> None:
    """A declared unit no text has is an error naming the file and line, never ignored."""
    test = f"import pytest\n\n@pytest.mark.cites({arguments})\ndef test_x():\n    pass\n"
    root = _tree(tmp_path, "", test)
    with pytest.raises(UnplacedCitation, match=re.escape(complaint)) as refused:
        scan(root)
    assert "tests/games/blackjack/test_words.py:3" in str(refused.value)


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
    text = CliRunner().invoke(app, ["compliance", "--regulation", "macau-stud-2004"])
    assert text.exit_code == 0, text.output
    assert re.search(r"art\. 9\(1\) .*mutants \d+/\d+ killed", text.stdout)  # the stored run
    html = CliRunner().invoke(app, ["compliance", "--format", "html"])
    assert html.exit_code == 0 and "<table>" in html.stdout and "art. 6(6)" in html.stdout


def test_each_choice_has_its_own_id() -> None:
    """Issue 34(3): docs/choices.md used S8 (and S1-S9, T1-T4) twice, once in the shoe's and
    stud's sections and once in the online server's; a citation of "choice S8" named two."""
    ids = [choice for choice, _, _ in choices(ROOT)]
    assert len(ids) > 60
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []


def _game(citing: Citing | None, package: str = "dragon_tiger") -> GameSpec:
    """A game registered from a test: nothing under src/ names it."""
    rules_type = type("DragonTigerRules", (), {"__module__": f"croupier.games.{package}.rules"})
    return GameSpec(
        name="dragon-tiger",
        title="Dragon Tiger",
        regulations=("dragon-tiger",),
        rules_type=rules_type,
        build_rules=lambda regulation, amendments, options: (None, frozenset()),
        table_game=lambda rules, cards, pool: None,  # type: ignore[arg-type,return-value]
        information=lambda rules: {},
        seats=lambda rules: (1, 7, "house"),
        citing=citing,
    )


def test_a_new_games_citations_are_refused_until_its_text_is_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27(3): a fourth game's 22 citations were credited to PT rules 1-7 and compliance
    stayed green. The scanner derives its games from the registry and places a citation only
    in a text it knows: a package no registered game owns, a game that declares no
    regulation, and a regulation whose text croupier does not hold are each refused, naming
    the file and the line; none credits a unit of another text."""
    root = _tree(tmp_path, "", "")
    package = root / "src/croupier/games/dragon_tiger"
    package.mkdir(parents=True)
    (package / "round.py").write_text(
        '"""Dragon Tiger."""\n# the tie pays 8 to 1 (rule 5); a suited tie, art. 3(2)\n',
        encoding="utf-8",
    )
    with pytest.raises(UnplacedCitation, match="no game of the registry") as refused:
        scan(root)
    assert "src/croupier/games/dragon_tiger/round.py:2" in str(refused.value)

    monkeypatch.setitem(GAMES, "dragon-tiger", _game(None))
    with pytest.raises(UnplacedCitation, match="declares no regulation"):
        scan(root)

    citing = Citing(articles="dragon-tiger-2024", named=r"(?i)dragon tiger", rules=None)
    monkeypatch.setitem(GAMES, "dragon-tiger", _game(citing))
    with pytest.raises(UnplacedCitation, match="no text of 'dragon-tiger-2024'") as refused:
        scan(root)
    assert "round.py:2" in str(refused.value)
    (package / "round.py").write_text('"""Dragon Tiger, no article named."""\n', encoding="utf-8")
    assert [c for c in scan(root) if "dragon_tiger" in c.path] == []


def test_code_citing_an_article_its_text_lacks_is_refused(tmp_path: Path) -> None:
    """A citation of an article the regulation's text does not have (a typo, a list read as
    one: "art. 10, 2009 art. 17(5)" once cited an article 2009) is refused, naming the file
    and the line; an article of blackjack's 2004 base text, which croupier does not hold, is
    placed there and credits nothing."""
    root = _tree(tmp_path, "# the paytable\n# art. 99\n", "")
    with pytest.raises(UnplacedCitation, match=r"macau-stud-2004 has no art\. 99") as refused:
        scan(root)
    assert "src/croupier/games/stud/rule.py:2" in str(refused.value)
    (root / "src/croupier/games/stud/rule.py").write_text("# art. 9(5)\n", encoding="utf-8")
    (root / "src/croupier/games/blackjack/insurance.py").write_text(
        "# insurance pays 2 to 1 (art. 12 [1991]); the soft 17, art. 6(6)\n", encoding="utf-8"
    )
    cited = {(c.regulation, c.article, c.paragraph) for c in scan(root)}
    assert cited == {("macau-stud-2004", 9, 5), ("macau-blackjack-2007", 6, 6)}


def test_croupier_compliance_fails_in_one_line_on_a_citation_it_cannot_place(
    tmp_path: Path,
) -> None:
    """An unplaced citation makes ``croupier compliance`` exit 1 with one line naming the
    file, the line and what is missing, not a traceback and never a green matrix."""
    root = _tree(tmp_path, "# art. 99\n", "")
    result = CliRunner().invoke(app, ["compliance", "--root", str(root)])
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "src/croupier/games/stud/rule.py:1: macau-stud-2004 has no art. 99" in said
    assert "Traceback" not in result.output


def test_a_choice_under_a_text_croupier_does_not_hold_places_no_unit() -> None:
    """docs/choices.md's player protection rows cite Portugal's online gambling law (RJO art.
    39), which is none of the five texts: their section is that law's, not Macau baccarat's
    (whose art. 39 does not exist), so they place no unit and refuse nothing."""
    sections = {choice: section for choice, section, _ in choices(ROOT)}
    assert sections["X1"] == "rjo-66-2015" and sections["D1"].startswith("macau-baccarat")
