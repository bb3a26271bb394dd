"""A self-contained HTML PAR sheet: tables, charts (matplotlib, embedded as PNG) and the
ruleset with its citations."""

from __future__ import annotations

import base64
import html
import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _charts(report: dict[str, Any]) -> list[tuple[str, str]]:
    charts = []
    bets = [b for b in report["bets"] if b["house_edge"] is not None]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar([b["bet"] for b in bets], [100 * b["house_edge"] for b in bets], color="#1f6f43")
    ax.set_ylabel("house edge (%)")
    ax.set_title("House edge per bet")
    ax.tick_params(axis="x", rotation=30)
    charts.append(("House edge per bet", _png(fig)))
    outcomes = report.get("outcomes")
    if outcomes:
        fig, ax = plt.subplots(figsize=(4, 4))
        ax.pie(
            list(outcomes.values()),
            labels=list(outcomes),
            autopct="%.2f%%",
            colors=["#2b5797", "#b91d47", "#00a300"][: len(outcomes)],
        )
        ax.set_title("Outcome probabilities")
        charts.append(("Outcome probabilities", _png(fig)))
    return charts


def _pct(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.4f}%"


def _bet_row(b: dict[str, Any]) -> str:
    std = "" if b["std_dev"] is None else f"{b['std_dev']:.4f}"
    return (
        f"<tr><td>{html.escape(b['bet'])}</td><td>{html.escape(str(b.get('pays', '')))}</td>"
        f"<td>{b['probability_win']:.8g}</td><td>{_pct(b['house_edge'])}</td>"
        f"<td>{_pct(b['return'])}</td><td>{std}</td></tr>"
    )


def render(report: dict[str, Any], ruleset: dict[str, Any]) -> str:
    """The whole report as one HTML page."""
    e = html.escape
    rows = "".join(_bet_row(b) for b in report["bets"])
    outcomes = "".join(
        f"<tr><td>{e(k)}</td><td>{v:.8f}</td></tr>" for k, v in report.get("outcomes", {}).items()
    )
    charts = "".join(
        f'<figure><img alt="{e(t)}" src="data:image/png;base64,{png}"><figcaption>{e(t)}'
        "</figcaption></figure>"
        for t, png in _charts(report)
    )
    options = "".join(
        f"<tr><th colspan=2>[{e(section)}]</th></tr>"
        + "".join(f"<tr><td>{e(k)}</td><td>{e(repr(v))}</td></tr>" for k, v in values.items())
        for section, values in ruleset.get("options", {}).items()
        if isinstance(values, dict)
    )
    meta = "".join(
        f"<tr><td>{e(k)}</td><td>{e(str(v))}</td></tr>"
        for k, v in report.items()
        if k not in ("bets", "outcomes", "outcomes_exact") and not isinstance(v, dict | list)
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PAR sheet: {e(report["ruleset"])}</title>
<style>body{{font-family:system-ui,sans-serif;margin:2em;max-width:60em}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.3em .6em}}
th{{background:#eee;text-align:left}}figure{{display:inline-block;margin:1em}}</style></head>
<body><h1>PAR sheet: {e(ruleset.get("title", report["ruleset"]))}</h1>
<p>{e(ruleset.get("source", ""))}</p>
<table>{meta}</table>
<h2>Outcomes</h2><table><tr><th>outcome</th><th>probability</th></tr>{outcomes}</table>
<h2>Bets</h2><table><tr><th>bet</th><th>pays</th><th>P(win)</th><th>house edge</th>
<th>return</th><th>std. dev.</th></tr>{rows}</table>
{charts}
<h2>Ruleset</h2><table>{options}</table>
<p>House edge: the player's expected loss per unit of initial stake, per round dealt (ties
included). Exact figures by enumeration of every card sequence (croupier).</p>
</body></html>
"""
