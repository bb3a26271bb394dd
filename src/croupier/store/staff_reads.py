"""What the back office reads of the players (issue 30): a search by name, one player's file, and
every real-money account by its state with the reason and the employee responsible (Regulamento
903-B/2015 asks the operator for reports of player accounts by state)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import Engine, select

from croupier.protection.exclusion import Exclusion
from croupier.staff import STAFF_ROLES
from croupier.store.exclusions import _exclusion
from croupier.store.schema import accounts, exclusions, players, staff_actions
from croupier.store.stamps import iso

MAX_FOUND = 200  # players one search returns at most
STATES = ("active", "suspended", "excluded", "demo")


def _balances(engine: Engine, names: list[str]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = defaultdict(dict)
    if not names:
        return found
    with engine.connect() as connection:
        rows = connection.execute(
            select(accounts.c.owner, accounts.c.currency, accounts.c.balance).where(
                accounts.c.kind == "player", accounts.c.owner.in_(names)
            )
        ).all()
    for row in rows:
        found[row.owner][row.currency] = row.balance
    return found


def search(engine: Engine, text: str, limit: int = 50) -> list[dict[str, Any]]:
    """Players (not staff, not boxes) whose name contains ``text``, by name; each with their
    balances by currency (a demo player's are points, ``DEMO``) and whether suspended."""
    pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    query = (
        select(players.c.id, players.c.name, players.c.demo, players.c.suspended)
        .where(players.c.role == "player", players.c.name.ilike(pattern, escape="\\"))
        .order_by(players.c.name)
        .limit(max(1, min(limit, MAX_FOUND)))
    )
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    balances = _balances(engine, [row.name for row in rows])
    return [
        {
            "id": row.id,
            "name": row.name,
            "demo": bool(row.demo),
            "suspended": row.suspended,
            "balances": balances.get(row.name, {}),
        }
        for row in rows
    ]


def _suspended_by(engine: Engine) -> dict[str, tuple[str, str | None]]:
    """Each player's last suspension in the audit trail: (who, when)."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(staff_actions.c.target, staff_actions.c.actor, staff_actions.c.at)
            .where(staff_actions.c.action == "suspend")
            .order_by(staff_actions.c.id)
        ).all()
    return {row.target.removeprefix("player:"): (row.actor, iso(row.at)) for row in rows}


def account_states(engine: Engine, now: float) -> list[dict[str, Any]]:
    """Every player's account: its state (active, suspended, excluded, demo), why, since when
    and by whom (a suspension's employee from the audit trail, an exclusion's ``set_by``). A
    suspension outranks an exclusion; the exclusion shown is the one in force that ends last."""
    with engine.connect() as connection:
        people = connection.execute(
            select(players.c.id, players.c.name, players.c.demo, players.c.suspended)
            .where(players.c.role == "player")
            .order_by(players.c.name)
        ).all()
        excluded: dict[int, list[Exclusion]] = defaultdict(list)
        for row in connection.execute(select(exclusions).order_by(exclusions.c.id)).all():
            excluded[row.player_id].append(_exclusion(row))
    by = _suspended_by(engine)
    out = []
    for person in people:
        state, reason, responsible, since = "active", None, None, None
        current = [e for e in excluded.get(person.id, []) if e.active_at(now)]
        if person.demo:
            state = "demo"
        elif person.suspended is not None:
            state, reason = "suspended", person.suspended
            responsible, since = by.get(person.name, (None, None))
        elif current:
            last = max(current, key=lambda e: (e.effective_end() is None, e.effective_end() or 0))
            shown = last.shown()
            state, reason, responsible = "excluded", f"{last.kind}: {last.reason}", last.set_by
            since = str(shown["starts_at"])
        out.append(
            {
                "player": person.name,
                "state": state,
                "reason": reason,
                "responsible": responsible,
                "since": since,
            }
        )
    return out


def staff(engine: Engine) -> list[dict[str, Any]]:
    """Every staff account and its role."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(players.c.name, players.c.role, players.c.suspended)
            .where(players.c.role.in_(STAFF_ROLES))
            .order_by(players.c.name)
        ).all()
    return [{"name": r.name, "role": r.role, "suspended": r.suspended} for r in rows]
