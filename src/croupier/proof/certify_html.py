"""The evidence pack as one self-contained HTML page: inline style, no script, no image or font
fetched from anywhere, so that it opens offline and is archived as it is (issue 28, item 5)."""

from __future__ import annotations

import html
import json
from typing import Any

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;color:#111;padding:0 1em}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #888}
table{border-collapse:collapse;width:100%;margin:.6em 0}
td,th{border:1px solid #bbb;padding:.25em .45em;text-align:left;vertical-align:top}
th{background:#eee}code,.mono{font-family:ui-monospace,monospace;font-size:.92em}
.pass{color:#06612a;font-weight:600}.fail{color:#b00020;font-weight:600}
.muted{color:#555}.small{font-size:.85em}
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def _mark(ok: bool | None, yes: str = "pass", no: str = "FAIL") -> str:
    if ok is None:
        return '<span class="muted">not run</span>'
    return f'<span class="{"pass" if ok else "fail"}">{yes if ok else no}</span>'


def _table(head: list[str], rows: list[list[str]]) -> str:
    top = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{top}</tr>{body}</table>"


def _command(text: str) -> str:
    return f'<p class="small">Reproduce: <code>{_e(text)}</code></p>'


def render(pack: dict[str, Any]) -> str:
    r, f, m, par, rng, stored = (
        pack[k] for k in ("ruleset", "fingerprints", "matrix", "par", "rng", "stored_shoes")
    )
    parts = [
        f"<h1>croupier evidence pack: {_e(r['title'])}</h1>",
        f"<p>Ruleset <code>{_e(r['name'])}</code> ({_e(r['game'])}, regulation "
        f"{_e(r['regulation'])}): {_e(r['source'])}. Made {_e(pack['created_at'])} by croupier "
        f"{_e(f['croupier'])}. Verdict: {_mark(pack['passed'], 'PASS', 'FAIL')}.</p>",
        _command(pack["command"]),
        _table(["check", "verdict"], [[_e(k), _mark(v)] for k, v in pack["verdicts"].items()]),
        "<h2>1. Build, presets and regulation texts</h2>",
        f"<p>Build SHA-256 (the installed package's {f['build_files']} files, each path and "
        f"its SHA-256 in order): <code>{_e(f['build_sha256'])}</code></p>",
        _table(
            ["regulation text", "SHA-256", "as its manifest says"],
            [
                [_e(k), f'<span class="mono">{_e(t["sha256"])}</span>', _mark(t["intact"])]
                for k, t in f["texts"].items()
            ],
        ),
        _command(
            "sha256sum src/croupier/compliance/official/*.txt; grep sha256 "
            "src/croupier/compliance/official/manifest.toml"
        ),
        _table(
            ["preset", "SHA-256"],
            [[_e(k), f'<span class="mono">{_e(v)}</span>'] for k, v in f["presets"].items()],
        ),
        "<h2>2. The ruleset: every option, its value and its article</h2>",
        _table(
            ["option", "value", "allowed", "article", "source", "what it is"],
            [
                [
                    f"<code>{_e(o['option'])}</code>",
                    _e(json.dumps(o["value"], default=str)),
                    _e(o["allowed"]),
                    _e(o["article"]),
                    _e(o["source"]),
                    _e(o["help"]),
                ]
                for o in r["options"]
            ],
        ),
        _command(
            f"croupier rules {r['name']} --format json; croupier options {r['game']} "
            f"--regulation {r['regulation']}"
        ),
        "<h2>3. Compliance matrix: article, code, tests and their results</h2>",
        f"<p>{m['tests']} tests cite these articles; run for this pack: {m['passed']} passed, "
        f"{len(m['failed'])} failed (pytest exit {_e(m['exit_code'])}).</p>",
        _table(
            ["article", "status", "code", "tests (result of this pack's run)"],
            [
                [
                    f"<b>{_e(row['regulation'])} {_e(row['id'])}</b><br>"
                    f"<span class='small muted'>{_e(row['excerpt'][:240])}</span>",
                    _e(row["status"])
                    + (
                        f"<br><span class='small'>{_e(row['explanation'])}</span>"
                        if row["explanation"]
                        else ""
                    ),
                    "<br>".join(
                        f"<span class='mono small'>{_e(c)}</span>" for c in row["code"][:6]
                    ),
                    "<br>".join(
                        f"<span class='mono small'>{_e(t)}</span> "
                        f"{_mark(None if v == 'not run' else v == 'passed', v, v.upper())}"
                        for t, v in row["results"].items()
                    ),
                ]
                for row in m["rows"]
            ],
        ),
        _command(f"croupier compliance --regulation REG --format html; {m['command']}"),
        "<h2>4. Exact analysis beside a seeded simulation</h2>",
        _table(
            ["bet", "exact house edge", "simulated", "simulation's 95% interval", "agrees"],
            [
                [
                    _e(row["bet"]),
                    f"{100 * row['exact']:.5f}%",
                    f"{100 * row['simulated']:.5f}%",
                    f"{100 * row['ci95'][0]:.5f}% .. {100 * row['ci95'][1]:.5f}%",
                    _mark(row["agrees"], "yes", "NO"),
                ]
                for row in par["rows"]
            ],
        ),
        _command(par["analyze"]),
        _command(par["simulate"]),
        "<h2>5. RNG battery on final shoe orders (GLI-19 3.2)</h2>",
        f"<p>99% family-wise (Holm): {_mark(rng['passed'])}</p>",
        _table(
            ["test", "statistic", "p-value", "verdict"],
            [
                [_e(t["name"]), f"{t['statistic']:.6g}", f"{t['p_value']:.6g}", _mark(t["passed"])]
                for t in rng["tests"]
            ],
        ),
        _command(rng["command"]),
        "<h2>6. Stored shoes, exported and verified</h2>",
    ]
    if stored["database"] is None:
        parts.append(
            "<p class='muted'>No database was given (<code>--database</code>): no "
            "stored shoe in this pack.</p>"
        )
    elif not stored["tables"]:
        parts.append(
            f"<p class='muted'>No table of {_e(r['name'])} in {_e(stored['database'])}.</p>"
        )
    for t in stored["tables"]:
        parts.append(
            f"<h3>Table {t['id']} ({_e(t['name'])}): {t['rounds']} rounds, {t['shoes']} "
            f"revealed shoes: {_mark(t['clean'], 'verified clean', 'DIFFERENCES')}</h3>"
        )
        parts += [f"<p class='fail small'>{_e(x)}</p>" for x in t["findings"]]
        parts.append(
            _table(
                ["shoe", "commitment (SHA-256 of its document)", "ended"],
                [
                    [
                        _e(s["id"]),
                        f"<span class='mono'>{_e(s['commitment'])}</span>",
                        _e(s["ended_at"]),
                    ]
                    for s in t["sample"]
                ],
            )
        )
        parts.append(_command(t["command"]))
    parts.append(
        "<p class='small muted'>docs/proof.md says what each check does and what "
        "croupier verify shares with the engines.</p>"
    )
    title = f"croupier evidence pack: {r['name']}"
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{_e(title)}"
        f"</title><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n"
    )
