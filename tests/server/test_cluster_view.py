"""``GET /cluster`` (issue 20): the processes serving the database and the tables each runs,
for operators only; on both databases (one process, every table, on SQLite)."""

from __future__ import annotations

from tests.server.conftest import RunningServer


def test_the_operator_sees_this_process_and_the_tables_it_runs(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    answer = server.http.get("/cluster", headers=server.operator)
    assert answer.status_code == 200, answer.text
    cluster = answer.json()
    me = server.casino.node
    assert cluster["node"] == me
    [node] = [n for n in cluster["nodes"] if n["name"] == me]
    assert table in node["tables"] and sorted(node["tables"]) == sorted(server.casino.tables)
    assert cluster["shared"] == server.casino.database_url.startswith("postgresql")


def test_a_player_may_not_read_the_cluster(server: RunningServer) -> None:
    ana = server.player("ana", 100_00)
    assert server.http.get("/cluster", headers=ana).status_code == 403
    assert server.http.get("/cluster").status_code == 401
