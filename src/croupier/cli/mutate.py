"""``croupier mutate``: mutation testing of each covered unit's deciding code against the tests
the compliance matrix cites for it (issue 34; docs/compliance.md)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

import croupier
from croupier.cli.common import fail, print_json
from croupier.cli.compliance import ROOT_OPTION, _checkout

UNIT_OPTION = typer.Option(
    None, "--unit", help='one unit, "REGULATION UNIT", e.g. "macau-stud-2004 art. 9(1)"'
)
FILE_OPTION = typer.Option(
    None,
    "--file",
    help="only the deciding code in this file (a path under src/croupier; repeatable); "
    "CI passes the files a change touches",
)


def same_code(running: Path, sources: Path) -> bool:
    """Whether every module of the running croupier (``running``, its package folder) is the
    source file of the same path under ``sources``, byte for byte: the mutants are made from
    ``sources`` and put into ``running``."""
    if running == sources.resolve():
        return True
    for module in running.rglob("*.py"):
        source = sources / module.relative_to(running)
        if not source.is_file() or source.read_bytes() != module.read_bytes():
            return False
    return True


def mutate_command(
    unit: list[str] = UNIT_OPTION,
    files: list[str] = FILE_OPTION,
    write: bool = typer.Option(
        False, "--write", help="store the results as the last whole run (mutation.json)"
    ),
    new_only: bool = typer.Option(
        False,
        "--new-only",
        help="fail only on a survivor the stored run (mutation.json) does not list: CI's "
        "check that a change adds no untested rule code",
    ),
    root: Path = ROOT_OPTION,
    json_out: bool = typer.Option(False, "--json", help="print the results as JSON"),
) -> None:
    """Mutate the deciding code of every covered unit and run only the tests the matrix cites
    for it: each mutant must be killed, or listed as equivalent with its reason. Exits 1 on a
    survivor."""
    try:
        import pytest  # noqa: F401
    except ImportError:
        fail("croupier mutate runs the tests: install them with pip install 'croupier[test]'")
    from croupier.compliance.mutation import plan, run
    from croupier.compliance.stored_run import RESULTS, stored

    where = root or _checkout()
    if not (where / "tests").is_dir():
        fail(f"--root: no tests/ under {where}: give the checkout of croupier to read")
    running = Path(croupier.__file__).resolve().parent
    if not same_code(running, where / "src" / "croupier"):
        # the mutants go into the running croupier, made from ``where``'s sources: another
        # tree's would be mutated in text and tested on this one
        fail(
            f"--root: the sources under {where} are not the code this croupier runs "
            f"({running}): run the croupier installed from that checkout (pip install -e), or "
            "its python -m croupier with its src first on PYTHONPATH"
        )
    if files:
        for f in files:
            if not (where / f).is_file():
                fail(f"--file: no file {f} under {where}")
    units = plan(where, files or None)
    if unit:
        keys = {u.key for u in units}
        for wanted in unit:
            if wanted not in keys:
                fail(
                    f"--unit: {wanted!r} is no covered unit with deciding code to mutate "
                    '(e.g. "macau-stud-2004 art. 9(1)")'
                )
        units = [u for u in units if u.key in set(unit)]
    os.chdir(where)
    results = run(where, units, progress=lambda line: typer.echo(line, err=True))
    if write:
        target = where / "src" / "croupier" / "compliance" / RESULTS
        target.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", "utf-8")
        typer.echo(f"wrote {target}", err=True)
    score = results["score"]
    known = {
        (unit, s["key"])
        for unit, record in ((stored() or {}).get("units") or {}).items()
        for s in record["survived"]
    }
    new = [
        (unit, s)
        for unit, record in results["units"].items()
        for s in record["survived"]
        if (unit, s["key"]) not in known
    ]
    if json_out:
        print_json(results)
    else:
        for key, record in results["units"].items():
            for survivor in record["survived"]:
                mark = "SURVIVED" if (key, survivor["key"]) in known else "SURVIVED (new)"
                typer.echo(f"{mark} {key}: {survivor['key']} {survivor['mutation']}")
        typer.echo(
            f"{score['killed']} of {score['mutants'] - score['equivalent']} mutants killed "
            f"({score['percent']}%; the engines' {score['engines_percent']}%), "
            f"{score['equivalent']} equivalent, "
            f"{score['survived']} survived ({len(new)} not in the stored run)"
        )
        inside, outside = score["no_mutants_in_engines"], score["no_mutants_outside_engines"]
        if inside or outside:
            typer.echo(
                f"covered units with no mutant: {', '.join(inside + outside)} (no deciding line "
                "with anything to mutate found)"
            )
    if new if new_only else score["survived"]:
        raise typer.Exit(1)
    if (
        not unit
        and not files
        and (score["no_mutants_in_engines"] or score["no_mutants_outside_engines"])
    ):
        raise typer.Exit(1)  # a whole run: every covered unit has its deciding code mutated
