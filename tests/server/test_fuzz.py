"""The fuzz stage (issue 16): schemathesis generates requests from the running server's own
OpenAPI document, for every route, and sends each as a watcher (no token), as a seated player
with money and as the operator. It fails on:

* any 5xx: no input may break the server;
* any answer outside the documented schema (status bodies, content types);
* any change of money, rounds, bets, players or journal after a refused request (4xx): a
  refused command changes nothing;

and, after the run, on books that do not balance (the ledger's audit). Time is a manual clock,
so nothing at the tables moves unless a request moves it. Bounded: ``FUZZ_EXAMPLES`` generated
cases per route and role (``CROUPIER_FUZZ_EXAMPLES`` raises it for a longer campaign).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
)
from sqlalchemy import func, select

from croupier.store.schema import accounts, journal, players, round_bets, rounds, transactions
from tests.server.conftest import BACKENDS, POSTGRES_URL, RunningServer, clean_postgres

FUZZ_EXAMPLES = int(os.environ.get("CROUPIER_FUZZ_EXAMPLES", "25"))
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]


@pytest.fixture(scope="module", params=BACKENDS)
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'croupier.db'}"
    else:
        clean_postgres(POSTGRES_URL)
        url = POSTGRES_URL
    server = RunningServer(url, defaults=True)
    try:
        table = server.open_table(name="fuzz table", betting_seconds=10, pause_seconds=0)["id"]
        player = server.player("fuzz", 100_000_00)
        server.sit(table, player)
        assert server.bet(table, player, "banker", 10_00).status_code == 201
        roles = {
            "watcher": {},
            "player": server.auth(player),
            "operator": server.operator,
        }
        yield {"server": server, "roles": roles}
        assert server.audit()["balanced"]
    finally:
        server.stop()


def _books(server: RunningServer) -> tuple[Any, ...]:
    """What a refused request must leave as it was: every balance, every round's status, the
    counts of bets, players, postings and journal entries."""
    with server.casino.engine.connect() as c:
        balances = tuple(c.execute(select(accounts.c.id, accounts.c.balance).order_by("id")))
        statuses = tuple(c.execute(select(rounds.c.id, rounds.c.status).order_by("id")))
        counts = tuple(
            c.execute(select(func.count()).select_from(t)).scalar_one()
            for t in (round_bets, players, transactions, journal)
        )
    return balances, statuses, counts


def test_no_request_breaks_the_server_or_changes_anything_when_refused(
    fuzzed: dict[str, Any],
) -> None:
    server: RunningServer = fuzzed["server"]
    schema = schemathesis.openapi.from_url(f"{server.base}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 20  # every route is fuzzed

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=FUZZ_EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def fuzz(case: Any) -> None:
            for role, headers in fuzzed["roles"].items():
                before = _books(server)
                response = case.call(base_url=server.base, headers=dict(headers), timeout=30)
                case.validate_response(response, checks=CHECKS)
                if 400 <= response.status_code < 500:
                    after = _books(server)
                    assert after == before, (role, case.method, case.formatted_path, response.text)

        fuzz()
