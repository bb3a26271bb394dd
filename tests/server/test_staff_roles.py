"""Issue 30, item 1: the staff's roles enforced by the API, not only hidden in the page. Every
route that needs a duty (croupier/staff.py) is called with a token of every role and of a player:
a role without the duty is refused (403) before anything is read or changed; a role with it gets
past the door (its answer is then the route's own: 404 for the table that does not exist here,
422 for the empty body); a player's token is refused everywhere under ``/operator`` and the
operator API; no token at all is 401."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.routing import APIRoute

from croupier.server.app import ROUTE_MODULES
from croupier.staff import ACCOUNT_ROLES, ROLE_DUTIES
from tests.server.conftest import RunningServer

NOBODY = 999_999  # no table, round or session has this id


def _duty(route: APIRoute) -> str | None:
    """The duty a route's door checks (server/depends.py ``needs``), if any."""
    pending = list(route.dependant.dependencies)
    while pending:
        dependency = pending.pop()
        name = getattr(dependency.call, "__name__", "")
        if name.startswith("holds_"):
            return name.removeprefix("holds_")
        pending.extend(dependency.dependencies)
    return None


def guarded_routes() -> list[tuple[str, str, str]]:
    """(method, path, duty) of every route that needs a duty, the sign-out last."""
    found = []
    for route in (r for module in ROUTE_MODULES for r in module.router.routes):
        if not isinstance(route, APIRoute):
            continue
        duty = _duty(route)
        if duty is None:
            continue
        for method in sorted(route.methods - {"HEAD"}):
            found.append((method, route.path, duty))
    return sorted(found, key=lambda r: (r[1] == "/operator/logout", r[1], r[0]))


def _path(template: str) -> str:
    return (
        template.replace("{table_id}", str(NOBODY)).replace("{round_id}", str(NOBODY))
        .replace("{session_id}", str(NOBODY)).replace("{exclusion_id}", str(NOBODY))
        .replace("{name}", "nobody").replace("{kind}", "deposit_day").replace("{box}", "1")
    )  # fmt: skip


def _call(server: RunningServer, method: str, path: str, headers: dict[str, str]) -> Any:
    if method in ("POST", "PUT", "PATCH"):
        return server.http.request(method, _path(path), json={}, headers=headers)
    return server.http.request(method, _path(path), headers=headers)


def test_the_guarded_routes_cover_the_operator_api() -> None:
    """The walk below sees the routes it must: every one under /operator and each duty."""
    routes = guarded_routes()
    paths = {path for _m, path, _d in routes}
    assert {"/operator/audit", "/operator/reports/daily", "/tables/{table_id}/fault",
            "/tables/{table_id}/disable", "/players/{name}/deposits",
            "/operator/players/{name}/suspend", "/tables/{table_id}/cards"} <= paths  # fmt: skip
    assert {duty for _m, _p, duty in routes} == {"read", "tables", "deal", "cash", "protect"}
    every = [r for module in ROUTE_MODULES for r in module.router.routes if isinstance(r, APIRoute)]
    under = {r.path for r in every if r.path.startswith("/operator/")}
    assert under <= paths  # no route under /operator/ without a duty


def test_every_role_against_every_operator_route(server: RunningServer) -> None:
    tokens = {role: server.staff(f"staff-{role}", role) for role in ACCOUNT_ROLES}
    tokens["operator"] = server.operator
    tokens["player"] = server.auth(server.player("pat", 10_00))
    wrong = []
    for method, path, duty in guarded_routes():
        unsigned = _call(server, method, path, {})
        if unsigned.status_code != 401:
            wrong.append(f"{method} {path} without a token: {unsigned.status_code}")
        for role, headers in tokens.items():
            answer = _call(server, method, path, headers)
            allowed = duty in ROLE_DUTIES.get(role, frozenset())
            if allowed and answer.status_code in (401, 403):
                wrong.append(f"{method} {path} as {role} (holds {duty}): {answer.status_code}")
            if not allowed and answer.status_code != 403:
                wrong.append(f"{method} {path} as {role} (no {duty}): {answer.status_code}")
            if not allowed:
                assert answer.json()["detail"]["field"] == "role"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("role", [*ACCOUNT_ROLES, "player"])
def test_what_a_role_cannot_do_changes_nothing(server: RunningServer, role: str) -> None:
    """A cashier cannot void, an auditor cannot change anything, a player cannot open the back
    office: the refused command leaves the round, the books and the audit trail as they were."""
    table = server.open_table(betting_seconds=30)["id"]
    ana = server.player("ana", 1_000_00)
    server.sit(table, ana)
    assert server.bet(table, ana, "player", 10_00).status_code == 201
    headers = server.auth(server.player("pat", 0)) if role == "player" else server.staff("s", role)
    trail = server.casino.audit.count()
    void = server.http.post(f"/tables/{table}/fault", json={"reason": "x"}, headers=headers)
    disable = server.http.post(f"/tables/{table}/disable", json={"reason": "x"}, headers=headers)
    limits = server.http.post(
        f"/tables/{table}/limits", json={"overrides": {"table.minimum_bet": 200}}, headers=headers
    )
    expected = 200 if ROLE_DUTIES.get(role, frozenset()) >= {"tables"} else 403
    assert {void.status_code, disable.status_code, limits.status_code} == {expected}
    if expected == 403:
        view = server.view(table)
        assert [b["amount"] for b in view["bets"]] == [10_00] and view["disabled"] is None
        assert server.casino.audit.count() == trail
        assert server.balance(ana) == 990_00
    page = server.http.get("/operator", headers=headers)
    assert page.status_code == (403 if role == "player" else 200)
