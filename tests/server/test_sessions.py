"""Sessions, inactivity (PT rules 33-36), faults (rules 29-30), demo play (rules 37-38) and the
Macau tie carry-over (art. 12), through the real API with a manual clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer, receive_until


@pytest.mark.cites("pt-812-2015", "rule 28", "rule 35", "rule 36")
def test_individual_table_player_deals_and_inactivity_ends_the_session(
    server: RunningServer,
) -> None:
    table = server.open_table(mode="individual", seats=1)["id"]
    ana = server.player("ana", 100_00)
    session = server.sit(table, ana)
    private = server.watch(table, ana["token"])
    assert server.bet(table, ana, "banker", 10_00).status_code == 201
    server.advance(100)  # an individual table has no countdown: nothing is dealt by itself
    assert server.view(table)["round"] == 1
    dealt = server.http.post(f"/tables/{table}/deal", headers=server.auth(ana))  # rule 28
    assert dealt.status_code == 200, dealt.text
    assert dealt.json()["type"] == "round_settled" and server.view(table)["round"] == 2
    receive_until(private, "round_settled")

    server.advance(80)  # 3 minutes since the bet: not yet "more than 3 minutes" (rule 35(a))
    assert (
        server.http.get(f"/sessions/{session}", headers=server.auth(ana)).json()["ended_at"] is None
    )
    server.advance(1)
    invited = receive_until(private, "inactivity_warning")
    assert [m["type"] for m in invited][-2:] == ["inactivity_invitation", "inactivity_warning"]
    assert "rule 35" in invited[-2]["rule"] and "rule 36" in invited[-1]["rule"]
    server.advance(59)  # rule 36: the next minute
    assert (
        server.http.get(f"/sessions/{session}", headers=server.auth(ana)).json()["ended_at"] is None
    )
    server.advance(1)
    ended = receive_until(private, "session_ended")[-1]["statement"]
    assert ended["end_reason"] == "inactivity" and ended["rounds"] == 1
    assert ended["net"] == server.balance(ana) - 100_00
    assert server.bet(table, ana, "player", 1_00).json()["detail"]["field"] == "session"
    private.close()


def test_a_bet_after_the_warning_keeps_the_session(server: RunningServer) -> None:
    table = server.open_table(mode="individual", seats=1)["id"]
    ana = server.player("ana", 100_00)
    session = server.sit(table, ana)
    server.advance(200)
    assert server.bet(table, ana, "player", 1_00).status_code == 201
    server.advance(170)
    assert (
        server.http.get(f"/sessions/{session}", headers=server.auth(ana)).json()["ended_at"] is None
    )


@pytest.mark.cites("pt-812-2015", "rule 35", "rule 36")
def test_multi_player_inactivity_counts_rounds(server: RunningServer) -> None:
    table = server.open_table(mode="multi", betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana", 100_00)
    bruno = server.player("bruno", 100_00)
    idle = server.sit(table, ana)
    busy = server.sit(table, bruno)
    private = server.watch(table, ana["token"])
    for window in range(7):
        assert server.bet(table, bruno, "player", 1_00).status_code == 201
        server.advance(10)
        state = server.http.get(f"/sessions/{idle}", headers=server.auth(ana)).json()
        if window < 6:  # 6 windows missed: invited and warned (more than 5, rule 35(b))
            assert state["ended_at"] is None, window
        else:  # and no bet in the round after the warning: the session ends (rule 36)
            assert state["end_reason"] == "inactivity"
    types = [m["type"] for m in receive_until(private, "session_ended")]
    assert types.count("inactivity_warning") == 1
    assert types.index("inactivity_warning") < types.index("session_ended")
    bruno_state = server.http.get(f"/sessions/{busy}", headers=server.auth(bruno)).json()
    assert bruno_state["ended_at"] is None and bruno_state["rounds"] == 7
    private.close()


@pytest.mark.cites("pt-812-2015", "rule 2", "rule 35")
def test_windows_in_which_nobody_bets_are_no_rounds_for_inactivity(server: RunningServer) -> None:
    """PT 812/2015 rule 2: «Jogada», "operações que se iniciam com a realização das apostas
    pelos jogadores, se desenvolvem com a distribuição das cartas" (a round begins with the
    players' bets and goes on with the deal); rule 35(b): a player may be invited to end the
    session when "não realize apostas em mais de 5 jogadas consecutivas" (no bet in more than 5
    consecutive rounds). A window that closes with no bet on the table deals no cards: it is no
    round, and a seated player does not miss it. Issue 17, item 3: 5+1 empty windows used to
    warn and then end such a session."""
    table = server.open_table(mode="multi", betting_seconds=10, pause_seconds=0)["id"]
    ana, bruno = server.player("ana", 100_00), server.player("bruno", 100_00)
    idle = server.sit(table, ana)
    private = server.watch(table, ana["token"])
    for _ in range(12):  # twelve windows, no bet anywhere: no round is played
        server.advance(10)
    state = server.http.get(f"/sessions/{idle}", headers=server.auth(ana)).json()
    assert state["ended_at"] is None and state["rounds"] == 0
    server.sit(table, bruno)
    for _ in range(6):  # now six rounds are played without ana: invited and warned
        assert server.bet(table, bruno, "player", 1_00).status_code == 201
        server.advance(10)
    types = [m["type"] for m in receive_until(private, "inactivity_warning")]
    assert types.count("inactivity_warning") == 1
    assert server.http.get(f"/sessions/{idle}", headers=server.auth(ana)).json()["ended_at"] is None
    private.close()


def test_operator_fault_voids_the_round_and_refunds_every_stake(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=30)["id"]
    ana = server.player("ana", 100_00)
    bruno = server.player("bruno", 100_00)
    server.sit(table, ana)
    server.sit(table, bruno)
    assert server.bet(table, ana, "player", 20_00).status_code == 201
    assert server.bet(table, bruno, "tie", 5_00).status_code == 201
    fault = server.http.post(
        f"/tables/{table}/fault", json={"reason": "video feed lost"}, headers=server.operator
    )
    assert fault.status_code == 200, fault.text
    assert fault.json()["type"] == "round_void" and "rule 29" in fault.json()["bets"][0]["reason"]
    assert server.balance(ana) == 100_00 and server.balance(bruno) == 100_00
    record = server.http.get(f"/tables/{table}/rounds/last").json()
    assert record["status"] == "void" and record["result"] == {}
    assert {b["outcome"] for b in record["bets"]} == {"void"}
    assert server.audit()["balanced"]


@pytest.mark.cites("pt-812-2015", "rule 30")
def test_a_player_who_disconnects_is_settled_and_sees_it_on_return(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=10)["id"]
    ana = server.player("ana", 100_00)
    server.sit(table, ana)
    connection = server.watch(table, ana["token"])
    connection.send('{"type": "bet", "kind": "banker", "amount": 1000, "ref": 1}')
    assert receive_until(connection, "ack")[-1]["amount"] == 10_00
    connection.close()  # rule 30: the player's side fails; the round is not void
    server.advance(10)
    recall = server.http.get(f"/tables/{table}/rounds/last", headers=server.auth(ana)).json()
    assert recall["status"] == "settled"
    assert server.balance(ana) == 100_00 + recall["mine"]["net"]


def test_demo_play_never_meets_real_money(server: RunningServer) -> None:
    demo_table = server.open_table(demo=True, betting_seconds=10)["id"]
    real_table = server.open_table(betting_seconds=10)["id"]
    created = server.http.post("/demo/players", json={"name": "visitor"})
    assert created.status_code == 201
    visitor = {
        "Authorization": f"Bearer {created.json()['token']}",
        "token": created.json()["token"],
    }
    points = server.http.get("/me", headers=server.auth(visitor)).json()["balances"]
    assert set(points) == {"DEMO"} and points["DEMO"] > 0
    ana = server.player("ana", 100_00)
    joined = server.http.post(
        f"/tables/{real_table}/sessions", json={}, headers=server.auth(visitor)
    )
    assert joined.status_code == 422 and "37-38" in joined.text
    joined = server.http.post(f"/tables/{demo_table}/sessions", json={}, headers=server.auth(ana))
    assert joined.status_code == 422 and "37-38" in joined.text
    deposit = server.http.post(
        "/players/visitor/deposits", json={"amount": 100}, headers=server.operator
    )
    assert deposit.status_code == 422 and "rule 38" in deposit.text
    server.sit(demo_table, visitor)
    assert server.bet(demo_table, visitor, "player", 5_00).status_code == 201
    server.advance(10)
    assert server.http.get(f"/tables/{demo_table}/rounds/last").json()["status"] == "settled"
    assert server.view(demo_table)["demo"] is True and server.view(demo_table)["currency"] == "DEMO"
    assert server.balance(ana) == 100_00 and server.audit()["balanced"]


@pytest.fixture
def macau_server(database_url: str) -> Iterator[RunningServer]:
    # round 1: P 2H 7C, B 2D 7S: 9 and 9, a tie; round 2: P 9H KC = 9, B 3D KS = 3
    running = RunningServer(
        database_url, stacked={"macau": StackedCards("2H 2D 7C 7S 9H 3D KC KS 5H 5D 5C 5S")}
    )
    try:
        yield running
    finally:
        running.stop()


def test_macau_ties_carry_player_and_banker_bets_to_the_next_round(
    macau_server: RunningServer,
) -> None:
    server = macau_server
    table = server.open_table(
        name="macau", ruleset="macau-2009", betting_seconds=10, pause_seconds=0
    )["id"]
    ana = server.player("ana", 0)
    done = server.http.post(
        "/players/ana/deposits",
        json={"amount": 1_000_00, "currency": "MOP"},
        headers=server.operator,
    )
    assert done.status_code == 200, done.text
    session = server.sit(table, ana)
    assert server.bet(table, ana, "player", 200_00).status_code == 201
    assert server.bet(table, ana, "tie", 100_00).status_code == 201
    server.advance(10)
    first = server.http.get(f"/tables/{table}/rounds/last").json()
    assert first["result"]["winner"] == "tie"
    outcomes = {b["kind"]: b["outcome"] for b in first["bets"]}
    assert outcomes == {"player": "carried", "tie": "win"}  # art. 12; the tie pays 8:1
    view = server.view(table)
    assert view["totals"] == {"player": 200_00}  # the bet stands on the next round
    assert server.balance(ana, "MOP") == 1_000_00 - 300_00 + 900_00
    server.advance(10)  # round 2 deals 9H 3D KC KS: Player 9 beats Banker 3
    second = server.http.get(f"/tables/{table}/rounds/last").json()
    assert second["result"]["winner"] == "player"
    assert second["bets"][0]["payout"] == 400_00
    statement = server.http.post(f"/sessions/{session}/end", headers=server.auth(ana)).json()
    assert statement["total_bet"] == 300_00  # the carried bet counts once
    assert statement["net"] == server.balance(ana, "MOP") - 1_000_00 == 1_000_00
    assert server.audit()["balanced"]


@pytest.fixture
def jackpot_server(database_url: str) -> Iterator[RunningServer]:
    # P 2H 7C = 9, B 3D 5S = 8: Player wins, no pair anywhere, no jackpot combination
    running = RunningServer(database_url, stacked={"jackpot": StackedCards("2H 3D 7C 5S")})
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.cites("macau-baccarat-2009", "art. 13(3)")
def test_a_jackpot_table_moves_contributions_into_the_pool_account(
    jackpot_server: RunningServer,
) -> None:
    server = jackpot_server
    table = server.open_table(name="jackpot", ruleset="macau-2009-jackpot-a", betting_seconds=10)
    ana = server.player("ana", 0)
    done = server.http.post(
        "/players/ana/deposits",
        json={"amount": 1_000_00, "currency": "MOP"},
        headers=server.operator,
    )
    assert done.status_code == 200, done.text
    server.sit(table["id"], ana)
    # Despacho 2/2009 art. 13(3): "As apostas num «jackpot» progressivo são adicionais às
    # apostas mencionadas nas alíneas 1) a 3) do n.º 1": a jackpot bet alone is refused
    alone = server.bet(table["id"], ana, "jackpot", 50_00)
    assert alone.status_code == 422 and "added to a Player, Banker or Tie" in alone.text
    info = server.http.get(f"/tables/{table['id']}/information").json()
    [jackpot] = [b for b in info["bets"] if b["kind"] == "jackpot"]
    assert jackpot["added_to"] == ["banker", "player", "tie"]
    assert server.bet(table["id"], ana, "player", 100_00).status_code == 201
    wrong = server.bet(table["id"], ana, "jackpot", 100_00)  # the ticket is 50.00 (art. 17)
    assert wrong.status_code == 422 and "jackpot" in wrong.text
    assert server.bet(table["id"], ana, "jackpot", 50_00).status_code == 201
    server.advance(10)
    last = server.http.get(f"/tables/{table['id']}/rounds/last").json()
    outcomes = {b["kind"]: (b["outcome"], b["payout"]) for b in last["bets"]}
    assert outcomes == {"player": ("win", 200_00), "jackpot": ("lose", 0)}
    assert server.balance(ana, "MOP") == 1_000_00 + 100_00 - 50_00
    from sqlalchemy import select

    from croupier.store.schema import accounts

    with server.casino.engine.connect() as c:
        pool = c.execute(
            select(accounts.c.balance).where(
                accounts.c.owner == f"table:{table['id']}", accounts.c.kind == "jackpot"
            )
        ).scalar_one()
    # the seed (funded by the house) plus 15% of the 50.00 ticket, 7.50, which the table's
    # whole-pataca rounding takes in the players' favour: 8.00 to the pool
    assert pool == 1_000_000_00 + 8_00
    assert server.audit()["balanced"]


@pytest.mark.cites("pt-812-2015", "rule 37", "rule 38")
def test_a_demo_table_speaks_in_points(server: RunningServer) -> None:
    """Issue 18, item 3: demo tables play points (PT 812/2015 rule 37: "aplicações de
    demonstração"; rule 38: they never give money) but their refusals quoted euros ("25.00 EUR
    is above 8x the minimum bet") and patacas, and the information said "currency": "EUR"."""
    table = server.open_table(demo=True, betting_seconds=10, pause_seconds=0)["id"]
    made = server.http.post("/demo/players", json={"name": "dina"})
    assert made.status_code == 201 and made.json()["demo"] is True  # a demo player, rule 37
    dina = {"Authorization": f"Bearer {made.json()['token']}"}
    joined = server.http.post(f"/tables/{table}/sessions", json={}, headers=dina)
    assert joined.status_code == 201, joined.text
    assert joined.json()["information"]["currency"] == "points"
    too_much = server.http.post(
        f"/tables/{table}/bets", json={"kind": "player_pair", "amount": 25_00}, headers=dina
    )
    assert too_much.status_code == 422
    message = too_much.json()["detail"]["message"]
    assert "points" in message and "EUR" not in message and "MOP" not in message


@pytest.mark.cites("pt-812-2015", "rule 33", "rule 34")
def test_a_session_without_a_bet_ends_with_a_statement_of_nothing(server: RunningServer) -> None:
    """PT rule 33: "No final de cada sessão de jogo a entidade exploradora deve disponibilizar
    ao jogador informação sobre os montantes apostados e respetivos lucros ou perdas" (at the
    end of each session, the amounts bet and the profit or loss): a session in which the player
    bet nothing still ends with its statement, and it says nothing was bet, won or lost, in no
    round; rule 34: the player ends it when they choose."""
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    ana, bruno = server.player("ana", 500_00), server.player("bruno", 500_00)
    session = server.sit(table, ana, seat=3)  # the seat the player chose
    assert server.view(table)["seated"] == [{"seat": 3, "player": "ana"}]
    server.advance(10)  # a window passes without a bet from ana
    path = f"/sessions/{session}"
    assert server.http.get(path, headers=server.auth(bruno)).status_code == 403  # not his
    assert server.http.post(f"{path}/end", headers=server.auth(bruno)).status_code == 403
    ended = server.http.post(f"{path}/end", headers=server.auth(ana))
    assert ended.status_code == 200, ended.text
    statement = ended.json()
    assert (statement["rounds"], statement["total_bet"], statement["total_won"]) == (0, 0, 0)
    assert statement["net"] == 0 and statement["end_reason"] == "player"
    assert statement["ended_at"] is not None and statement["seat"] == 3
    assert server.balance(ana) == 500_00
    again = server.http.post(f"{path}/end", headers=server.auth(ana))  # ended already
    assert again.status_code == 200 and again.json() == statement
    assert server.http.get(path, headers=server.operator).json() == statement
