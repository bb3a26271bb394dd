"""``croupier certify --ruleset R``: the testing lab's evidence pack (issue 28, item 5;
docs/proof.md). What the pack holds, each part with the command that reproduces it:

* the ruleset, every option with its value, article and source;
* the compliance matrix of the ruleset's regulations (article -> code -> tests), each test's
  result from a pytest run made for the pack;
* the exact PAR sheet beside a seeded simulation of the same rules, each exact house edge inside
  the simulation's 95% interval or the pack fails;
* the RNG battery on final shoe orders from the live shuffle path;
* a verified sample of the shoes stored by a casino's database (export, then verify);
* the SHA-256 of the build (the installed package's files), of each preset and of each
  regulation text.

The figures are gathered here as plain data; ``certify_html`` writes them as one page."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import croupier
from croupier.games.registry import GAMES
from croupier.rulesets import load_ruleset

#: the compliance texts each ruleset's regulation is held to (croupier compliance --regulation)
TEXTS = {
    "macau": ("macau-baccarat-2004", "macau-baccarat-2009"),
    "pt": ("pt-812-2015",),
    "pt-macau": ("pt-812-2015",),
    "macau-stud": ("macau-stud-2004",),
    "macau-blackjack": ("macau-blackjack-2007",),
}
#: the strategy the exact analysis and the simulation both play, where a game asks for one
STRATEGY = {"stud": ["--strategy", "own"]}
BUILD_SUFFIXES = {".py", ".toml", ".json", ".txt", ".js", ".html", ".css", ".svg", ".c"}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fingerprints() -> dict[str, Any]:
    """The build's SHA-256 (every file of the installed package, by path, in order), each
    preset's and each regulation text's (with the SHA-256 its manifest expects)."""
    from croupier.compliance.texts import text_digests

    package = Path(croupier.__file__).resolve().parent
    files = sorted(
        p
        for p in package.rglob("*")
        if p.is_file() and p.suffix in BUILD_SUFFIXES and "__pycache__" not in p.parts
    )
    build = hashlib.sha256()
    for path in files:
        build.update(path.relative_to(package).as_posix().encode() + b"\x00")
        build.update(_sha256(path.read_bytes()).encode() + b"\n")
    presets = resources.files("croupier.rulesets").joinpath("presets")
    return {
        "croupier": getattr(croupier, "__version__", "unknown"),
        "build_sha256": build.hexdigest(),
        "build_files": len(files),
        "presets": {
            p.name: _sha256(p.read_bytes())
            for p in sorted(presets.iterdir(), key=lambda p: p.name)
            if p.name.endswith(".toml")
        },
        "texts": {
            key: {"sha256": actual, "expected": expected, "intact": actual == expected}
            for key, (expected, actual) in text_digests().items()
        },
    }


def ruleset_section(name: str) -> dict[str, Any]:
    """The ruleset and every option its game declares: its value here, article and source."""
    ruleset = load_ruleset(name)
    spec = GAMES[ruleset.game]
    options = []
    for option in spec.options[ruleset.regulation].values():
        value: Any = ruleset.options
        for part in option.path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        described = option.describe()
        options.append({**described, "value": described["default"] if value is None else value})
    return {
        "name": ruleset.name,
        "game": ruleset.game,
        "regulation": ruleset.regulation,
        "title": ruleset.title,
        "source": ruleset.source,
        "date": ruleset.date,
        "amendments": list(ruleset.amendments),
        "options": options,
    }


def _junit_results(xml_file: Path) -> dict[str, str]:
    """``tests/x.py::test_y`` -> passed / failed / skipped (a parametrized test fails if any of
    its cases did)."""
    results: dict[str, str] = {}
    for case in ElementTree.parse(xml_file).getroot().iter("testcase"):
        module = case.get("classname", "").split(".")
        name = case.get("name", "").split("[")[0]
        parts = [p for p in module if p[:1].isupper()]  # a test class, if any
        path = "/".join(p for p in module if p not in parts) + ".py"
        node = "::".join([path, *parts, name])
        outcome = (
            "failed"
            if case.find("failure") is not None or case.find("error") is not None
            else "skipped"
            if case.find("skipped") is not None
            else "passed"
        )
        if results.get(node) != "failed":
            results[node] = outcome
    return results


def matrix_section(root: Path, regulation: str, run_tests: bool) -> dict[str, Any]:
    """The compliance matrix of the regulation's texts, and its tests run for the pack."""
    from croupier.compliance.matrix import build

    rows = [row.as_json() for key in TEXTS[regulation] for row in build(root, key)]
    tests = sorted({t for row in rows for t in row["tests"]})
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests]
    results: dict[str, str] = {}
    exit_code = None
    if run_tests and tests:
        with tempfile.TemporaryDirectory() as scratch:
            junit = Path(scratch) / "junit.xml"
            done = subprocess.run(
                [*command, f"--junitxml={junit}"],
                cwd=root,
                capture_output=True,
                text=True,
                check=False,
            )
            exit_code = done.returncode
            if junit.is_file():
                results = _junit_results(junit)
    for row in rows:
        row["results"] = {t: results.get(t, "not run") for t in row["tests"]}
    return {
        "rows": rows,
        "tests": len(tests),
        "exit_code": exit_code,
        "command": " ".join(["python3 -m pytest", *tests[:3], "..."]) if tests else "",
        "passed": sum(1 for v in results.values() if v == "passed"),
        "failed": sorted(t for t, v in results.items() if v == "failed"),
    }


def _croupier_json(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", *args], capture_output=True, text=True, check=True
    )
    return dict(json.loads(done.stdout))


def par_section(name: str, game: str, rounds: int, seed: int) -> dict[str, Any]:
    """The exact analysis beside a seeded simulation: each exact house edge must lie in the
    simulation's 95% interval."""
    strategy = STRATEGY.get(game, [])
    analyze = ["analyze", game, "--ruleset", name, *strategy, "--format", "json"]
    simulate = [
        "simulate",
        game,
        "--ruleset",
        name,
        *strategy,
        "--rounds",
        str(rounds),
        "--seed",
        str(seed),
        "--workers",
        "1",
        "--format",
        "json",
    ]
    exact, simulated = _croupier_json(*analyze), _croupier_json(*simulate)
    if game == "baccarat":
        sims = {b["bet"]: b for b in simulated["bets"]}
        pairs = [
            (
                b["bet"],
                b["house_edge"],
                sims[b["bet"]]["house_edge"],
                sims[b["bet"]]["house_edge_ci95"],
            )
            for b in exact["bets"]
            if b["bet"] in sims
        ]
    elif game == "stud":
        pairs = [
            (
                "ante (own strategy)",
                exact["house_edge_ante"],
                simulated["house_edge_ante"],
                simulated["house_edge_ante_ci95"],
            )
        ]
    else:
        pairs = [
            (
                "basic strategy",
                exact["house_edge"],
                simulated["house_edge"],
                simulated["house_edge_ci95"],
            )
        ]
    rows = [
        {"bet": bet, "exact": e, "simulated": s, "ci95": list(ci), "agrees": ci[0] <= e <= ci[1]}
        for bet, e, s, ci in pairs
    ]
    return {
        "analyze": "croupier " + " ".join(analyze),
        "simulate": "croupier " + " ".join(simulate),
        "rows": rows,
        "agrees": all(r["agrees"] for r in rows) and bool(rows),
    }


def rng_section(shoes: int, decks: int, seed: int | None) -> dict[str, Any]:
    from croupier.proof.rng_battery import LEVEL, battery, live_orders
    from croupier.rng import source_for

    passed, outcomes = battery(live_orders(shoes, decks, source_for(seed)))
    seeded = f" --seed {seed}" if seed is not None else ""
    return {
        "command": f"croupier rng-test --shoes {shoes} --decks {decks}{seeded}",
        "level": LEVEL,
        "passed": passed,
        "tests": [
            {"name": o.name, "statistic": o.statistic, "p_value": o.p_value, "passed": o.passed}
            for o in outcomes
        ],
    }


def shoes_section(database: str | None, name: str, sample: int) -> dict[str, Any]:
    """The stored shoes of the tables playing ``name``: each table exported and verified, and
    the last ``sample`` shoes listed with their checks."""
    if database is None:
        return {"database": None, "tables": []}
    from croupier.proof.verify.run import verify_lines
    from croupier.store.database import connect
    from croupier.store.export import Export, Scope
    from croupier.store.schema import game_tables

    engine = connect(database)
    tables = []
    try:
        with engine.connect() as connection:
            rows = connection.execute(game_tables.select().order_by(game_tables.c.id)).all()
        for row in rows:
            if dict(row.config).get("ruleset") != name:
                continue
            lines = [json.dumps(r) for r in Export(engine, Scope(table=row.id)).records()]
            report = verify_lines(lines)
            shoes = [json.loads(line) for line in lines if '"record": "shoe"' in line][-sample:]
            tables.append(
                {
                    "id": row.id,
                    "name": row.name,
                    "rounds": report.rounds,
                    "shoes": report.shoes,
                    "clean": report.clean,
                    "findings": [f.text() for f in report.findings[:20]],
                    "sample": [
                        {"id": s["id"], "commitment": s["commitment"], "ended_at": s["ended_at"]}
                        for s in shoes
                    ],
                    "command": f"croupier export --database DB --table {row.id} -o "
                    f"table-{row.id}.jsonl && croupier verify "
                    f"table-{row.id}.jsonl",
                }
            )
    finally:
        engine.dispose()
    return {"database": database.split("@")[-1], "tables": tables}


def gather(
    name: str,
    root: Path,
    *,
    database: str | None,
    rounds: int,
    seed: int,
    shoes: int,
    sample: int,
    run_tests: bool,
) -> dict[str, Any]:
    """Everything the pack shows, and its verdict."""
    ruleset = ruleset_section(name)
    decks = next((o["value"] for o in ruleset["options"] if o["option"] == "shoe.decks"), 8)
    pack: dict[str, Any] = {
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": f"croupier certify --ruleset {name} --rounds {rounds} --seed {seed} "
        f"--shoes {shoes}",
        "fingerprints": fingerprints(),
        "ruleset": ruleset,
        "matrix": matrix_section(root, ruleset["regulation"], run_tests),
        "par": par_section(name, ruleset["game"], rounds, seed),
        "rng": rng_section(shoes, int(decks), seed),
        "stored_shoes": shoes_section(database, name, sample),
    }
    verdicts = {
        "texts intact": all(t["intact"] for t in pack["fingerprints"]["texts"].values()),
        "tests passed": run_tests
        and not pack["matrix"]["failed"]
        and pack["matrix"]["exit_code"] == 0,
        "exact within the simulation's interval": pack["par"]["agrees"],
        "RNG battery passed": pack["rng"]["passed"],
        "stored shoes verified": all(t["clean"] for t in pack["stored_shoes"]["tables"]),
    }
    pack["verdicts"] = verdicts
    pack["passed"] = all(verdicts.values())
    return pack
