"""The scoreboards players expect at a baccarat table: bead plate, big road and the three derived
roads (big eye boy, small road, cockroach pig).

These are not in the regulations; they are the casino convention every baccarat table shows, and
players read them, so they follow the convention exactly:

* **bead plate**: every round in order (ties included), six to a column, top to bottom;
* **big road**: Banker and Player wins only; a win of the same side as the last goes below it, a
  change of side starts a new column; a tie adds to the tie count of the last entry (ties before
  the first win are counted apart, ``leading_ties``); a column longer than the six rows turns
  right along its last row (the "dragon tail"), and is still one column for the derived roads;
* **derived roads** (k = 1 big eye boy, 2 small road, 3 cockroach pig): from the k+1-th column's
  second entry (or the k+2-th column's first), each new big-road entry adds red or blue: at the
  top of a new column, red when the two columns before it, k apart, are equally long; further
  down a column, red when the column k to the left has an entry at that row or has none at the
  row above either, blue when it ends exactly one row above. Red means the road repeats itself,
  blue that it breaks its pattern; the colours say nothing about Banker or Player.
* **ask Banker / ask Player**: the mark each derived road would add if the next round were won
  by Banker (or Player), ``None`` where that road would add none yet;
* **shoe statistics**: Banker, Player and Tie wins, Player and Banker pairs and naturals so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ROWS = 6
DERIVED = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}


@dataclass
class Entry:
    """One big-road mark: a Banker or Player win, with the ties that followed it."""

    winner: str  # "banker" or "player"
    ties: int = 0
    player_pair: bool = False
    banker_pair: bool = False


@dataclass
class BigRoad:
    columns: list[list[Entry]] = field(default_factory=list)
    leading_ties: int = 0


def big_road(results: Iterable[Mapping[str, Any]]) -> BigRoad:
    """The big road of ``results`` (each with ``winner`` and optionally the pair flags)."""
    road = BigRoad()
    for result in results:
        winner = result["winner"]
        if winner == "tie":
            if road.columns:
                road.columns[-1][-1].ties += 1
            else:
                road.leading_ties += 1
            continue
        if winner not in ("banker", "player"):
            raise ValueError(f"winner: {winner!r} is not banker, player or tie")
        entry = Entry(winner, 0, bool(result.get("player_pair")), bool(result.get("banker_pair")))
        if road.columns and road.columns[-1][0].winner == winner:
            road.columns[-1].append(entry)
        else:
            road.columns.append([entry])
    return road


def derived_road(columns: Sequence[Sequence[object]], k: int) -> list[str]:
    """The marks ("red" / "blue") of the derived road with offset ``k`` over big-road
    ``columns``, in order."""
    marks: list[str] = []
    for c, column in enumerate(columns):
        for r in range(len(column)):
            if c < k or (c == k and r == 0):
                continue  # the road starts at column k+1's second entry or column k+2's first
            if r == 0:
                marks.append("red" if len(columns[c - 1]) == len(columns[c - 1 - k]) else "blue")
            else:
                left = len(columns[c - k])
                marks.append("blue" if left == r else "red")
    return marks


def columns_of(marks: Sequence[str]) -> list[list[str]]:
    """Marks grouped like a big road: same colour below, a change of colour to the right."""
    columns: list[list[str]] = []
    for mark in marks:
        if columns and columns[-1][0] == mark:
            columns[-1].append(mark)
        else:
            columns.append([mark])
    return columns


def place(columns: Sequence[Sequence[object]], rows: int = ROWS) -> list[tuple[int, int]]:
    """Grid cells (x, y) for every entry of ``columns`` in order, with dragon tails: an entry
    goes below the previous one of its column unless that cell is off the grid or taken, in
    which case the column turns right along its row."""
    taken: set[tuple[int, int]] = set()
    cells: list[tuple[int, int]] = []
    start_x = 0
    for column in columns:
        x, y = start_x, 0
        while (x, y) in taken:  # a tail from the left reaches this column's top: start after it
            x += 1
        start = x
        turned = False
        for i in range(len(column)):
            if i > 0:
                if not turned and y + 1 < rows and (x, y + 1) not in taken:
                    y += 1
                else:
                    turned = True
                    x += 1
            taken.add((x, y))
            cells.append((x, y))
        start_x = start + 1
    return cells


def ask(results: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, str | None]]:
    """For each side, the mark every derived road would add if the next round were won by it
    (a new big-road entry adds at most one mark to each derived road)."""
    now = big_road(results).columns
    out: dict[str, dict[str, str | None]] = {}
    for side in ("banker", "player"):
        then = big_road([*results, {"winner": side}]).columns
        out[side] = {}
        for name, k in DERIVED.items():
            before, after = derived_road(now, k), derived_road(then, k)
            out[side][name] = after[-1] if len(after) > len(before) else None
    return out


def counts(results: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """The shoe's statistics: wins of each side, ties, pairs and naturals."""
    return {
        "banker": sum(1 for r in results if r["winner"] == "banker"),
        "player": sum(1 for r in results if r["winner"] == "player"),
        "tie": sum(1 for r in results if r["winner"] == "tie"),
        "player_pair": sum(1 for r in results if r.get("player_pair")),
        "banker_pair": sum(1 for r in results if r.get("banker_pair")),
        "natural": sum(1 for r in results if r.get("natural")),
    }


def scoreboards(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every road of one shoe as plain JSON values, with grid cells for drawing."""
    road = big_road(results)
    big_cells = place(road.columns)
    flat = [e for column in road.columns for e in column]
    out: dict[str, Any] = {
        "rounds": len(results),
        "bead_plate": [
            {
                "winner": r["winner"],
                "player_pair": bool(r.get("player_pair")),
                "banker_pair": bool(r.get("banker_pair")),
                "x": i // ROWS,
                "y": i % ROWS,
            }
            for i, r in enumerate(results)
        ],
        "big_road": {
            "leading_ties": road.leading_ties,
            "columns": [[e.winner for e in column] for column in road.columns],
            "cells": [
                {
                    "winner": e.winner,
                    "ties": e.ties,
                    "player_pair": e.player_pair,
                    "banker_pair": e.banker_pair,
                    "x": x,
                    "y": y,
                }
                for e, (x, y) in zip(flat, big_cells, strict=True)
            ],
        },
        "counts": counts(results),
        "ask": ask(results),
    }
    for name, k in DERIVED.items():
        marks = derived_road(road.columns, k)
        grouped = columns_of(marks)
        cells = place(grouped)
        out[name] = {
            "marks": marks,
            "cells": [
                {"colour": m, "x": x, "y": y} for m, (x, y) in zip(marks, cells, strict=True)
            ],
        }
    return out
