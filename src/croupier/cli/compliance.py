"""``croupier compliance``: every article of every regulation croupier implements, the code
that implements it, the tests that check it, the choices made on it (docs/compliance.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from croupier.cli.analyze import PAR_FORMAT, ParFormat
from croupier.cli.common import fail, print_json

ROOT_OPTION = typer.Option(
    None, "--root", help="the checkout whose code and tests are read (default: this one)"
)


def _checkout() -> Path:
    """The checkout this croupier runs from (an editable install), else the current folder."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "tests").is_dir() and (parent / "src" / "croupier").is_dir():
            return parent
    return Path.cwd()


def compliance_command(
    regulation: str = typer.Option(
        None,
        "--regulation",
        help="one regulation: macau-baccarat-2004, macau-baccarat-2009, macau-blackjack-2007, "
        "macau-stud-2004 or pt-812-2015 (default: all five)",
    ),
    fmt: ParFormat = PAR_FORMAT,
    root: Path = ROOT_OPTION,
) -> None:
    """The compliance matrix: each article and numbered paragraph, with its code, its tests
    (found from their own citations), its choices; a gap says what is missing."""
    from croupier.compliance.matrix import build
    from croupier.compliance.report import as_html, as_json, as_text
    from croupier.compliance.texts import SOURCES

    known = [s.key for s in SOURCES]
    if regulation is not None and regulation not in known:
        fail(
            f"--regulation: {regulation!r} is not a regulation croupier implements: it must "
            f"be one of {', '.join(known)}"
        )
    where = root or _checkout()
    if not (where / "tests").is_dir():
        fail(f"--root: no tests/ under {where}: give the checkout of croupier to read")
    from croupier.compliance.citations import UnplacedCitation

    try:
        rows = build(where, regulation)
    except UnplacedCitation as unplaced:  # a citation no known text has (issue 27(3))
        fail(f"a citation the compliance scan cannot place: {unplaced}", code=1)
    if fmt is ParFormat.json:
        print_json(as_json(rows, where))
    elif fmt is ParFormat.html:
        typer.echo(as_html(rows))
    else:
        typer.echo(as_text(rows))
