"""``croupier verify`` checks each round by the rules it was played by, where the operator changed
a table's options between rounds (``POST /tables/{id}/limits``: from the next round on, the round
in play keeping its own). Before, the export carried only the table's last configuration and the
verifier judged every round by it: an honest casino's export failed verification once a
commission scheme had changed."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from croupier.proof.verify.run import verify_lines
from croupier.store.export import Export, Scope
from tests.server.conftest import RunningServer

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src/croupier/proof/export.schema.json").read_text()
)


def _verified(records: list[dict[str, Any]]) -> list[str]:
    return [f.text() for f in verify_lines(json.dumps(r) for r in records).findings]


@pytest.mark.cites("macau-baccarat-2004", "art. 18")
def test_rounds_before_and_after_a_commission_change_each_verify_by_their_own(
    server: RunningServer,
) -> None:
    """Macau baccarat art. 18: a winning banker bet pays 1:1 less a 5% commission (standard);
    Despacho 2/2009's alternative pays half on a banker win with 6 (``banker6_half``). Sixteen
    banker bets, the scheme changed after the eighth: the export verifies clean, and forgetting
    the change (every round judged by the last scheme, as before) is reported."""
    table = server.open_table(ruleset="macau-2009", betting_seconds=10, pause_seconds=2)["id"]
    ana = server.player("ana", 1_000_000_00, currency="MOP")
    server.sit(table, ana)

    def rounds(count: int) -> None:
        for _ in range(count):
            assert server.bet(table, ana, "banker", 100_00).status_code == 201
            for seconds in (10, 2, 2):
                server.advance(seconds)

    rounds(8)
    changed = server.http.post(
        f"/tables/{table}/limits",
        json={"overrides": {"bets.commission": "banker6_half"}},
        headers=server.operator,
    )
    assert changed.status_code == 200, changed.text
    from_round = changed.json()["from_round"]
    rounds(8)
    records = list(Export(server.casino.engine, Scope()).records())
    for record in records:
        jsonschema.validate(record, SCHEMA)
    [kept] = [r for r in records if r["record"] == "table" and r["id"] == table]
    assert [c["from_round"] for c in kept["configs"]] == [1, from_round]
    assert kept["configs"][0]["config"].get("overrides", {}).get("bets.commission") is None
    assert kept["configs"][1]["config"]["overrides"]["bets.commission"] == "banker6_half"
    assert _verified(records) == []

    forgotten = copy.deepcopy(records)
    for record in forgotten:
        if record["record"] == "table" and record["id"] == table:
            del record["configs"]  # every round judged by the last configuration
    found = _verified(forgotten)
    assert found and all("payout" in f and "banker bet" in f for f in found)


def test_a_round_is_checked_by_the_configuration_from_its_own_number_on() -> None:
    """``from_round`` is the first round a configuration applies to (the operator's change
    takes effect "from the next round on"): round 9 by the old, rounds 10 and 11 by the new."""
    from croupier.proof.verify.run import TableState

    table = TableState("baccarat", "spec", "last", "cite")
    table.eras = [(1, "spec-1", "opened", "cite-1"), (10, "spec-10", "changed", "cite-10")]
    seen = []
    for number in (1, 9, 10, 11):
        table.play(number)
        seen.append((number, table.spec, table.rules, table.cite))
    assert seen == [
        (1, "spec-1", "opened", "cite-1"),
        (9, "spec-1", "opened", "cite-1"),
        (10, "spec-10", "changed", "cite-10"),
        (11, "spec-10", "changed", "cite-10"),
    ]
