"""The compliance matrix as text, JSON and a self-contained HTML page."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from croupier.compliance.matrix import Row, summary
from croupier.compliance.texts import SOURCES

CHOICES_DOC = "docs/choices.md"


def as_json(rows: list[Row], root: Path) -> dict[str, Any]:
    return {
        "root": str(root),
        "summary": summary(rows),
        "regulations": {s.key: s.title for s in SOURCES},
        "units": [r.as_json() for r in rows],
    }


def as_text(rows: list[Row]) -> str:
    lines = []
    titles = {s.key: s.title for s in SOURCES}
    current = None
    for row in rows:
        if row.unit.regulation != current:
            current = row.unit.regulation
            lines.append(f"\n{titles[current]} ({current})")
        mark = {"covered": "ok ", "explained": "-- ", "gap": "GAP"}[row.status]
        note = (
            f"{len(row.code)} in code, {len(row.tests)} tests"
            if row.status == "covered"
            else row.explanation or ("no code" if not row.code else "no test")
        )
        choices = f" [{', '.join(row.choices)}]" if row.choices else ""
        m = row.mutation
        mutated = m["mutants"] - len(m["unreachable"]) if m is not None else 0
        if m is not None and mutated:
            note += f", mutants {m['killed']}/{mutated} killed"
            if m["survived"]:
                note += f", {len(m['survived'])} SURVIVED"
        lines.append(f"  {mark} {row.unit.id:<12} {note}{choices}")
    lines.append("")
    for key, counts in summary(rows).items():
        lines.append(f"{key}: " + ", ".join(f"{n} {status}" for status, n in counts.items()))
    return "\n".join(lines).lstrip("\n")


def as_html(rows: list[Row]) -> str:
    def esc(value: object) -> str:
        return html.escape(str(value))

    body = []
    titles = {s.key: s.title for s in SOURCES}
    for key, counts in summary(rows).items():
        body.append(f"<h2>{esc(titles[key])}</h2><p>")
        body.append(", ".join(f"{n} {esc(s)}" for s, n in counts.items()) + "</p>")
        body.append(
            "<table><thead><tr><th>unit</th><th>text</th><th>status</th><th>code</th>"
            "<th>tests</th><th>choices</th></tr></thead><tbody>"
        )
        for row in (r for r in rows if r.unit.regulation == key):
            code = "<br>".join(esc(c) for c in row.code)
            tests = "<br>".join(esc(t) for t in row.tests)
            choices = ", ".join(f'<a href="../{CHOICES_DOC}">{esc(c)}</a>' for c in row.choices)
            status = esc(row.status) + (
                f"<br><small>{esc(row.explanation)}</small>" if row.explanation else ""
            )
            body.append(
                f'<tr class="{esc(row.status)}"><td>{esc(row.unit.id)}</td>'
                f"<td>{esc(row.unit.excerpt)}</td><td>{status}</td><td>{code}</td>"
                f"<td>{tests}</td><td>{choices}</td></tr>"
            )
        body.append("</tbody></table>")
    return (
        "<!doctype html><html lang=en><meta charset=utf-8><title>croupier: compliance"
        " matrix</title><style>body{font:14px system-ui;margin:2em}table{border-collapse:"
        "collapse}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;font-size:12px}"
        "tr.gap{background:#fdd}tr.explained{background:#eee}</style>"
        "<h1>Compliance matrix</h1>" + "".join(body) + "</html>"
    )
