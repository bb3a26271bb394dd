"""Who may see what of a round, by every route that serves one (issue 16, findings 1 and 6).

* **A round in play is nobody's to read** (409): its journal holds the cards as they were dealt,
  a stud dealer's face-down cards included, and a player who read them would know whether to
  raise. What the table shows while it is played goes out on its WebSocket, as the rules show it.
* **An operator** reads every finished round whole: bets, result, journal (audits, disputes).
* **A player** reads a finished round of an individual table only if they bet in it (PT rules 4,
  28: that table's round is its player's alone); a finished round of a shared table as anyone
  at that table saw it: every bet and the result the rules turned over.
* **A watcher** (no token) reads a shared table's finished rounds as a player who did not bet
  does; no round of an individual table.

The result shown leaves out the cards the rules never turn over (stud: folded hands, and the
dealer's hand when no hand was opened: ``games.registry.shown_result``), and the journal, which
deals every card, is left out where it would show them (``journal_is_public``).
"""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException

from croupier.citing import pt
from croupier.games.registry import journal_is_public, shown_result
from croupier.i18n.message import msg
from croupier.people import Player


class TableKind:
    """What the visibility rules need of a table: its rules and whether it is individual."""

    def __init__(self, rules: object, individual: bool) -> None:
        self.rules = rules
        self.individual = individual


def may_list(table: TableKind, viewer: Player | None) -> int | None:
    """Whose rounds ``viewer`` may list at ``table``: ``None`` everyone's, a player id only
    theirs; raises 401 for a watcher of an individual table."""
    if viewer is not None and viewer.staff:
        return None
    if table.individual:
        if viewer is None:
            raise HTTPException(
                401,
                detail={"message": msg("an individual table's rounds are its player's: log in")},
            )
        return viewer.id
    return None


def shown_round(record: dict[str, Any], table: TableKind, viewer: Player | None) -> dict[str, Any]:
    """``record`` (of ``RoundRecords.round_record``) as ``viewer`` may see it, or an
    HTTPException saying why not."""
    if record["status"] == "open":
        raise HTTPException(
            409,
            detail={
                "message": msg(
                    "round {id} is in play: its record is shown once it ends", id=record["id"]
                ),
                "rule": pt("rule 31 (recall of finished rounds)"),
            },
        )
    if viewer is not None and viewer.staff:
        return _with_mine(dict(record), viewer)
    name = viewer.name if viewer is not None else None
    bet_here = any(b["player"] == name for b in record["bets"])
    if table.individual and not bet_here:
        raise HTTPException(
            403 if viewer is not None else 401,
            detail={
                "message": msg(
                    "round {id} was played at an individual table: only its player and operators "
                    "see it",
                    id=record["id"],
                ),
                "rule": pt("rules 4, 28"),
            },
        )
    shown = dict(record)
    if shown["result"]:
        shown["result"] = shown_result(table.rules, shown["result"], name)
    if not journal_is_public(table.rules):
        shown["journal"] = None  # it deals every card; an operator reads it
    return _with_mine(shown, viewer)


def _with_mine(record: dict[str, Any], viewer: Player | None) -> dict[str, Any]:
    if viewer is None:
        return record
    mine = [b for b in record["bets"] if b["player"] == viewer.name]
    staked = sum(b["amount"] for b in mine if b["outcome"] != "carried")
    won = sum(b["payout"] or 0 for b in mine if b["outcome"] != "carried")
    record["mine"] = {"bets": mine, "staked": staked, "won": won, "net": won - staked}
    return record
