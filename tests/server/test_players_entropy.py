"""Issue 28, item 1's option through a real server on both databases: "mix in entropy that
players commit to before the shuffle (hash first, value after), so that neither the house nor
any player alone chooses the order". A stud table deals each round from a fresh deck (Macau stud
art. 1(1)): each round is a shoe, so a value given during one round makes the next one's."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import select

from croupier.proof.shoe_protocol import ShoeDocument, check
from croupier.proof.verify.run import verify_lines
from croupier.store.export import Export, Scope
from croupier.store.schema import shoes as shoe_rows
from tests.server.conftest import RunningServer, play_stud_round

VALUE = bytes.fromhex("5a" * 32)


def _entropy_table(server: RunningServer) -> int:
    """A stud table taking players' values for its shoes, with play_stud_round's timings."""
    return int(
        server.open_table(
            ruleset="macau-stud-2004",
            betting_seconds=10,
            decision_seconds=20,
            pause_seconds=2,
            players_entropy=True,
        )["id"]
    )


def test_a_players_value_makes_the_next_shoe_with_the_house_entropy_committed_before(
    server: RunningServer,
) -> None:
    table = _entropy_table(server)
    plain = server.open_table(ruleset="macau-stud-2004")["id"]
    ana = server.player("ana", 100_000_00, currency="MOP")
    bruno = server.player("bruno")
    server.sit(table, ana)
    server.sit(plain, ana)
    view = server.view(table)
    promised = view["players_entropy"]["next_shoe_entropy_sha256"]
    assert len(promised) == 64 and server.view(plain)["players_entropy"] is None

    url = f"/tables/{table}/shoe-entropy"
    commitment = hashlib.sha256(VALUE).hexdigest()
    refused = server.http.post(url, json={"commitment": commitment}, headers=server.auth(bruno))
    assert refused.status_code == 422 and refused.json()["detail"]["field"] == "player"
    refused = server.http.post(
        f"/tables/{plain}/shoe-entropy", json={"commitment": commitment}, headers=server.auth(ana)
    )
    assert refused.status_code == 422
    assert refused.json()["detail"]["field"] == "players_entropy"
    refused = server.http.post(url, json={"value": VALUE.hex()}, headers=server.auth(ana))
    assert refused.status_code == 422  # the value before its SHA-256: refused, nothing kept
    given = server.http.post(url, json={"commitment": commitment}, headers=server.auth(ana))
    assert given.status_code == 200, given.text
    assert given.json()["next_shoe_entropy_sha256"] == promised
    wrong = server.http.post(url, json={"value": "00" * 32}, headers=server.auth(ana))
    assert wrong.status_code == 422 and wrong.json()["detail"]["field"] == "value"
    shown = server.http.post(url, json={"value": VALUE.hex()}, headers=server.auth(ana))
    assert shown.status_code == 200 and shown.json()["revealed"] == 1
    assert server.view(table)["players_entropy"]["revealed"] == 1

    play_stud_round(server, table, ana)  # shoe 1 ends; shoe 2 mixes Ana's value
    second = server.view(table)["shoe"]
    assert server.view(table)["players_entropy"]["committed"] == 0  # spent by the shuffle
    play_stud_round(server, table, ana)  # shoe 2 ends: revealed
    listed = server.http.get(f"/tables/{table}/shoes").json()
    shoe = next(s for s in listed if s["commitment"] == second)
    revealed = server.http.get(f"/shoes/{shoe['id']}").json()
    assert revealed["state"] == "ended" and revealed["players"] == [VALUE.hex()]
    document = ShoeDocument.parse(revealed["document"])
    assert document.entropy_sha256 == promised  # the house's entropy, committed before
    assert document.players == (commitment,)
    assert check(revealed["document"], second, revealed["entropy"], revealed["players"]) == []

    records = list(Export(server.casino.engine, Scope(table=table)).records())
    exported = next(r for r in records if r["record"] == "shoe" and r["commitment"] == second)
    assert exported["players"] == [VALUE.hex()]
    report = verify_lines(json.dumps(r) for r in records)
    assert report.clean, [f.text() for f in report.findings]
    exported["players"] = ["00" * 32]
    tampered = verify_lines(json.dumps(r) for r in records)
    assert [f.check for f in tampered.findings[:1]] == ["shoe"]


def test_a_restart_keeps_the_houses_promise_and_the_values_players_gave(database_url: str) -> None:
    """Issue 28, item 1's option: "neither the house nor any player alone chooses the order".
    The house's entropy for the next shoe is committed (its SHA-256 published) before players
    give their values: a process that starts again must shuffle the next shoe with that very
    entropy and the values revealed for it. Were either drawn or dropped anew at a restart, the
    house could restart until a shoe suited it (its own entropy alone, or a new draw after
    seeing the players' values), and the published promise would be broken."""
    server = RunningServer(database_url)
    try:
        table = _entropy_table(server)
        ana = server.player("ana", 100_000_00, currency="MOP")
        server.sit(table, ana)
        promised = server.view(table)["players_entropy"]["next_shoe_entropy_sha256"]
        url = f"/tables/{table}/shoe-entropy"
        commitment = hashlib.sha256(VALUE).hexdigest()
        for body in ({"commitment": commitment}, {"value": VALUE.hex()}):
            given = server.http.post(url, json=body, headers=server.auth(ana))
            assert given.status_code == 200, given.text
    finally:
        server.stop()
    again = RunningServer(database_url, seed=8)  # its own draws: a process's entropy is its own
    try:
        play_stud_round(again, table, ana)  # the shoe in play at the restart ends: the next
        with again.casino.engine.connect() as connection:
            rows = connection.execute(
                select(shoe_rows.c.commitment, shoe_rows.c.document, shoe_rows.c.players)
                .where(shoe_rows.c.table_id == table)
                .order_by(shoe_rows.c.id)
            ).all()
        after = [ShoeDocument.parse(r.document) for r in rows]
        assert len(after) >= 2
        # the first shoe shuffled after the restart: the entropy promised, Ana's value in it
        assert after[1].entropy_sha256 == promised
        assert after[1].players == (commitment,)
        assert json.loads(rows[1].players) == [VALUE.hex()]
    finally:
        again.stop()


def test_a_value_the_store_could_not_keep_is_refused_and_not_taken(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A contribution is kept before it is answered (a restart keeps it); when the database
    cannot keep it, the player is told so and nothing is taken: the next shoe does not mix a
    value a restart would forget, the same commitment is taken once the store keeps it again,
    and the round in play goes on (a player's value is no fault of the table's: PT rule 29
    voids a round for the operator's faults)."""
    table = _entropy_table(server)
    ana = server.player("ana", 100_000_00, currency="MOP")
    server.sit(table, ana)
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    store = server.casino.table_store
    kept = store.keep_next_shoe

    async def lost(*_args: object) -> None:
        raise OSError("the database went away")

    monkeypatch.setattr(store, "keep_next_shoe", lost)
    url = f"/tables/{table}/shoe-entropy"
    commitment = hashlib.sha256(VALUE).hexdigest()
    refused = server.http.post(url, json={"commitment": commitment}, headers=server.auth(ana))
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"]["field"] == "commitment"
    view = server.view(table)
    assert view["players_entropy"]["committed"] == 0  # not taken
    assert view["phase"] == "betting" and [b["kind"] for b in view["bets"]] == ["ante"]

    monkeypatch.setattr(store, "keep_next_shoe", kept)
    given = server.http.post(url, json={"commitment": commitment}, headers=server.auth(ana))
    assert given.status_code == 200, given.text
    assert server.view(table)["players_entropy"]["committed"] == 1
