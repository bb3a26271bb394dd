"""Every limit rule and every kind of bad input, through the API: a 4xx that names the field and
the rule, and nothing changed (balance, table totals, the books)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import RunningServer


def _refused(
    server: RunningServer, table: int, headers: dict[str, str], kind: str, amount: Any, rule: str
) -> dict[str, Any]:
    before_balance = server.balance(headers)
    before_totals = server.view(table)["totals"]
    response = server.bet(table, headers, kind, amount)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert rule in str(detail), detail
    assert server.balance(headers) == before_balance
    assert server.view(table)["totals"] == before_totals
    return dict(detail) if isinstance(detail, dict) else {"detail": detail}


@pytest.mark.cites("pt-812-2015", "rule 10")
@pytest.mark.cites("pt-812-2015", "rule 13")
def test_ponto_e_banca_limits_refuse_with_the_rule(server: RunningServer) -> None:
    table = server.open_table(mode="multi", betting_seconds=60)["id"]  # minimum 1.00 EUR
    ana = server.player("ana", 1_000_00)
    server.sit(table, ana)
    assert _refused(server, table, ana, "player", 99, "rule 14")["field"] == "amount"
    _refused(server, table, ana, "player", 70_01, "rule 15(a)")  # 70x the minimum
    _refused(server, table, ana, "banker", 70_01, "rule 15(a)")
    _refused(server, table, ana, "tie", 15_01, "rule 15(b)")  # 15x
    _refused(server, table, ana, "player_pair", 8_01, "rule 15(c)")  # 8x
    assert server.bet(table, ana, "player", 70_00).status_code == 201  # the maxima themselves
    assert server.bet(table, ana, "tie", 15_00).status_code == 201
    assert server.bet(table, ana, "banker_pair", 8_00).status_code == 201
    _refused(server, table, ana, "player", 1, "rule 15(a)")  # adding to a bet counts the total
    # rule 13: both Player and Banker must differ by at least the minimum bet
    _refused(server, table, ana, "banker", 69_01, "rule 13")
    assert server.bet(table, ana, "banker", 69_00).status_code == 201
    _refused(server, table, ana, "dragon7", 1_00, "rules 9-10")  # not offered here
    assert server.audit()["balanced"]


@pytest.mark.cites("pt-812-2015", "rule 40", "rule 43")
def test_ponto_e_banca_macau_table_limits_refuse_with_the_rule(server: RunningServer) -> None:
    table = server.open_table(
        ruleset="pt-ponto-banca-macau-2015",
        betting_seconds=60,
        overrides={
            "table.max_payout_per_round": 100_00,
            "bets.side_bets": ["player_pair", "banker_pair"],
        },
    )["id"]
    ana = server.player("ana", 10_000_00)
    bruno = server.player("bruno", 10_000_00)
    server.sit(table, ana)
    server.sit(table, bruno)
    _refused(server, table, ana, "player", 100_01, "43(a)")  # Player - Banker > 100.00
    assert server.bet(table, ana, "player", 100_00).status_code == 201
    assert server.bet(table, bruno, "banker", 1_000_00).status_code == 422  # 900.00 the other way
    # rule 40: individual bets are unlimited; the table-wide difference is what counts
    assert server.bet(table, bruno, "banker", 150_00).status_code == 201
    _refused(server, table, bruno, "tie", 10_01, "43(b)")  # Tie total <= 10% of 100.00
    assert server.bet(table, bruno, "tie", 10_00).status_code == 201
    _refused(server, table, ana, "tie", 1_00, "43(b)")  # the total, across players
    assert server.bet(table, ana, "player_pair", 5_00).status_code == 201
    _refused(server, table, bruno, "banker_pair", 3_01, "43(c)")  # pairs together <= 8%
    # a withdrawal that would break a table limit is refused too (rule 43(a))
    response = server.http.delete(f"/tables/{table}/bets/player", headers=server.auth(ana))
    assert response.status_code == 422 and "43(a)" in response.text
    assert server.audit()["balanced"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "player", "amount": -100}, "amount"),
        ({"kind": "player", "amount": 0}, "amount"),
        ({"kind": "player", "amount": 1.5}, "amount"),
        ({"kind": "player", "amount": "100"}, "amount"),
        ({"kind": "player", "amount": True}, "amount"),
        ({"kind": "player"}, "amount"),
        ({"kind": 7, "amount": 100}, "kind"),
        ({"kind": "player", "amount": 100, "extra": 1}, "extra"),
    ],
)
def test_malformed_bets_are_refused_by_field(
    server: RunningServer, body: dict[str, Any], field: str
) -> None:
    table = server.open_table(betting_seconds=60)["id"]
    ana = server.player("ana", 100_00)
    server.sit(table, ana)
    response = server.http.post(f"/tables/{table}/bets", json=body, headers=server.auth(ana))
    assert response.status_code == 422, response.text
    assert field in str(response.json()["detail"])
    assert server.balance(ana) == 100_00 and server.view(table)["totals"] == {}


@pytest.mark.cites("pt-812-2015", "rule 34", "rule 27", "rule 28")
def test_bad_requests_change_nothing(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=60)["id"]
    ana = server.player("ana", 100_00)
    bruno = server.player("bruno", 100_00)
    session = server.sit(table, ana)
    post = server.http.post
    raw = post(
        f"/tables/{table}/bets",
        content=b"{not json",
        headers={**server.auth(ana), "content-type": "application/json"},
    )
    assert raw.status_code == 422 and "json" in raw.text.lower()
    # no session at the table (rule 34)
    refused = server.bet(table, bruno, "player", 1_00)
    assert refused.status_code == 422 and refused.json()["detail"]["field"] == "session"
    # no token, a bad token, another player's session, an operator's action
    assert post(f"/tables/{table}/bets", json={"kind": "player", "amount": 100}).status_code == 401
    bad = {"Authorization": "Bearer nope"}
    assert (
        post(
            f"/tables/{table}/bets", json={"kind": "player", "amount": 100}, headers=bad
        ).status_code
        == 401
    )
    assert post(f"/sessions/{session}/end", headers=server.auth(bruno)).status_code == 403
    assert server.http.get(f"/sessions/{session}", headers=server.auth(bruno)).status_code == 403
    assert post("/tables", json={"name": "mine"}, headers=server.auth(ana)).status_code == 403
    assert post(f"/tables/{table}/fault", json={}, headers=server.auth(ana)).status_code == 403
    assert (
        post("/players/ana/deposits", json={"amount": 5}, headers=server.auth(ana)).status_code
        == 403
    )
    assert server.http.get("/ledger/audit", headers=server.auth(ana)).status_code == 403
    # unknown table, bad table settings (named field and rule)
    assert server.bet(999, ana, "player", 100).status_code == 404
    seats = post("/tables", json={"name": "x", "seats": 10}, headers=server.operator)
    assert seats.status_code == 422 and "seats" in seats.text and "rule 6" in seats.text
    option = post(
        "/tables", json={"name": "y", "overrides": {"shoe.decks": 7}}, headers=server.operator
    )
    assert option.status_code == 422 and "decks" in option.text
    # a player cannot deal at a multi-player table (rule 27) or deal without a bet (rule 28)
    assert post(f"/tables/{table}/deal", headers=server.auth(ana)).status_code == 422
    assert server.balance(ana) == 100_00 and server.balance(bruno) == 100_00
    assert server.view(table)["totals"] == {} and server.audit()["balanced"]


def test_a_short_balance_is_refused_and_nothing_moves(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=60)["id"]
    ana = server.player("ana", 10_00)
    server.sit(table, ana)
    assert server.bet(table, ana, "player", 8_00).status_code == 201
    short = server.bet(table, ana, "banker", 3_00)
    assert short.status_code == 422 and "below zero" in short.text
    assert server.balance(ana) == 2_00 and server.view(table)["totals"] == {"player": 8_00}
    # the refused bet left nothing on the round (on PostgreSQL the table had placed it before
    # the ledger refused its stake, and took it back): what the balance covers is accepted
    assert server.bet(table, ana, "banker", 2_00).status_code == 201
    assert server.view(table)["totals"] == {"player": 8_00, "banker": 2_00}
    assert server.balance(ana) == 0
    assert server.audit()["balanced"]


@pytest.mark.cites("pt-812-2015", "rule 15")
def test_the_operator_changes_limits_from_the_next_round(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana", 100_00)
    server.sit(table, ana)
    post = server.http.post
    assert (
        post(
            f"/tables/{table}/limits",
            json={"overrides": {"table.minimum_bet": 200}},
            headers=server.auth(ana),
        ).status_code
        == 403
    )
    bad = post(
        f"/tables/{table}/limits", json={"overrides": {"shoe.decks": 6}}, headers=server.operator
    )
    assert bad.status_code == 422 and "shoe" in bad.text  # a new shoe needs a new table
    changed = post(
        f"/tables/{table}/limits",
        json={"overrides": {"table.minimum_bet": 200}},
        headers=server.operator,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["from_round"] == 2
    assert (
        server.bet(table, ana, "player", 1_00).status_code == 201
    )  # the round in play keeps its rules
    server.advance(10)
    _refused(server, table, ana, "player", 1_00, "rule 14")
    assert server.bet(table, ana, "player", 2_00).status_code == 201
    info = server.http.get(f"/tables/{table}/information").json()
    assert info["minimum_bet"] == 200
    assert next(b for b in info["bets"] if b["kind"] == "tie")["maximum"] == 15 * 200  # rule 15(b)


@pytest.mark.cites("pt-812-2015", "rule 6", "rule 4")
@pytest.mark.cites("macau-baccarat-2004", "art. 1(5)")
@pytest.mark.cites("macau-stud-2004", "art. 2(1)")
def test_a_tables_seats_follow_its_own_regulation(server: RunningServer) -> None:
    """Issue 17, item 5: a Macau ruleset took any seat count of PT rule 6. Macau baccarat
    (DRE 55/2004) art. 1(5): "uma mesa de jogo de um ou dois tabuleiros, com sete ou mais
    lugares sentados" (a table with seven or more seats); Macau stud (DRE 61/2004) art. 2(1):
    "Em cada tabuleiro de jogo há oito lugares, incluindo o lugar do «croupier»" (eight places,
    the dealer's among them: seven players); PT 812/2015 rule 6: "Mesas de um a nove lugares"."""
    for ruleset, seats in (("macau-2009", 6), ("macau-stud-2004", 8), ("macau-2009", 1)):
        mode = "individual" if seats == 1 else "multi"
        refused = server.http.post(
            "/tables",
            json={"name": f"{ruleset}-{seats}", "ruleset": ruleset, "seats": seats, "mode": mode},
            headers=server.operator,
        )
        assert refused.status_code == 422, refused.text
        detail = refused.json()["detail"]
        assert detail["field"] == "seats"
        assert detail["rule"] in ("Macau baccarat art. 1(5)", "Macau stud art. 2(1)")
    assert server.open_table(ruleset="macau-2009", seats=7)["seats"] == 7
    assert server.open_table(ruleset="macau-stud-2004", seats=7)["seats"] == 7
    assert server.open_table(mode="individual", seats=1)["seats"] == 1  # PT rules 4, 6
