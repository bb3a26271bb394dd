"""Loss limits through a real server on both databases (issue 29, item 6): "Limits set by the
player: ... losses per day/week/month ... A bet or a deposit over a limit is refused with the
limit, the amount left and when it resets", and "a loss limit reached across two processes
refuses the next bet at either".

A period's loss is its net loss (choice X8): what the player staked at the tables in it, less
what their bets returned in it; a stake in play counts as lost until it is settled (the bet may
lose). So the expectation of each step below is read off the player's balance, not off the
implementation: with no deposit in between, the net loss is what the balance fell by.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.server.conftest import POSTGRES_URL, RunningServer, Wall, clean_postgres

DEPOSIT = 1_000_00


def _limit(server: RunningServer, who: dict[str, str], kind: str, amount: int | None) -> object:
    return server.http.put(f"/me/limits/{kind}", json={"amount": amount}, headers=server.auth(who))


@pytest.mark.cites("pt-812-2015", "rule 13")
def test_a_stake_one_unit_over_the_days_loss_limit_is_refused(
    server: RunningServer, wall: Wall
) -> None:
    """A day's loss limit of 50.00: 30.00 on Banker is taken (it may be lost), 20.01 on Player
    refused with the limit, what is left (20.00) and when the day resets, nothing moved; 20.00
    taken; one unit more refused. Once the round settles, what is left is the limit less the
    day's net loss, whatever the outcome; lowered, the limit applies at once at the table; the
    next day it is whole again."""
    ana = server.player("ana", DEPOSIT)
    assert _limit(server, ana, "loss_day", 50_00).status_code == 200
    table = server.open_table(betting_seconds=20, pause_seconds=0)["id"]
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 30_00).status_code == 201
    over = server.bet(table, ana, "player", 20_01)
    assert over.status_code == 422, over.text
    detail = over.json()["detail"]
    assert detail["field"] == "amount" and detail["limit_kind"] == "loss_day"
    assert (detail["limit"], detail["left"]) == (50_00, 20_00)
    assert detail["resets_at"] == "2026-11-28T00:00:00Z"
    assert server.balance(ana) == DEPOSIT - 30_00  # the refused stake moved nothing
    assert server.bet(table, ana, "player", 20_00).status_code == 201
    last = server.bet(table, ana, "tie", 1_00)  # the table's minimum
    assert last.status_code == 422 and last.json()["detail"]["left"] == 0, last.text

    server.advance(21)  # the round is dealt and settled
    assert server.view(table)["phase"] == "betting"
    lost = DEPOSIT - server.balance(ana)  # the day's net loss (negative: ahead)
    left = max(0, 50_00 - lost)
    refused = server.bet(table, ana, "banker", left + 1)
    assert refused.status_code == 422 and refused.json()["detail"]["left"] == left
    assert server.bet(table, ana, "banker", left).status_code == 201

    lowered = _limit(server, ana, "loss_day", 1_00)  # stricter: at once, at the table too
    assert lowered.status_code == 200 and lowered.json()["in_force"] == 1_00
    now_left = max(0, 1_00 - (DEPOSIT - server.balance(ana)))
    cut = server.bet(table, ana, "player", max(1_00, now_left + 1))
    assert cut.status_code == 422 and cut.json()["detail"]["limit"] == 1_00, cut.text

    wall.now = datetime(2026, 11, 28, tzinfo=UTC).timestamp()  # a new day: nothing lost yet
    assert server.bet(table, ana, "player", 1_00).status_code == 201
    again = server.bet(table, ana, "tie", 1_00)
    assert again.status_code == 422 and again.json()["detail"]["resets_at"] == (
        "2026-11-29T00:00:00Z"
    )
    assert server.audit()["balanced"]


def test_a_loss_limit_is_the_players_to_set_and_bounded(server: RunningServer) -> None:
    """Each period's loss limit is set like the others (a raise waits for its cooling-off);
    a limit that is not a whole positive number of minor units is refused, naming the field."""
    ana = server.player("ana", DEPOSIT)
    for kind in ("loss_day", "loss_week", "loss_month"):
        set_ = _limit(server, ana, kind, 100_00)
        assert set_.status_code == 200 and set_.json()["in_force"] == 100_00, set_.text
        raised = _limit(server, ana, kind, 200_00)
        assert raised.json()["in_force"] == 100_00
        assert raised.json()["pending"]["amount"] == 200_00
    for bad in (0, -1, 1.5, "10", True):
        refused = _limit(server, ana, "loss_week", bad)  # type: ignore[arg-type]
        assert refused.status_code == 422 and "amount" in refused.text, refused.text
    shown = server.http.get("/me/limits", headers=server.auth(ana)).json()
    assert shown["loss_week"]["in_force"] == 100_00


def test_a_loss_limit_reached_across_two_processes_refuses_the_next_bet_at_either(
    wall: Wall,
) -> None:
    """Two servers on one PostgreSQL database, each running a table where Ana sits: with a
    week's loss limit of 50.00, 30.00 staked at the first leaves 20.00 at the second (20.01
    refused there, 20.00 taken), and then nothing at the first. The loss is read in the
    stake's transaction with the account locked, so no process can be behind."""
    clean_postgres(POSTGRES_URL)
    first = RunningServer(POSTGRES_URL, wall=wall)
    second = RunningServer(POSTGRES_URL, wall=wall)
    try:
        ana = first.player("ana", DEPOSIT)
        assert _limit(first, ana, "loss_week", 50_00).status_code == 200
        here = first.open_table(betting_seconds=600)["id"]
        there = second.open_table(betting_seconds=600)["id"]
        first.sit(here, ana)
        second.sit(there, ana)
        assert first.bet(here, ana, "banker", 30_00).status_code == 201
        over = second.bet(there, ana, "banker", 20_01)
        assert over.status_code == 422 and over.json()["detail"]["left"] == 20_00, over.text
        assert over.json()["detail"]["resets_at"] == "2026-11-30T00:00:00Z"  # Monday
        assert second.bet(there, ana, "player", 20_00).status_code == 201
        at_first = first.bet(here, ana, "player", 1_00)
        assert at_first.status_code == 422 and at_first.json()["detail"]["left"] == 0
        assert first.balance(ana) == DEPOSIT - 50_00
        assert first.audit()["balanced"]
    finally:
        second.stop()
        first.stop()


@pytest.mark.cites("macau-stud-2004", "art. 6(6)")
def test_a_raise_that_could_pass_the_loss_limit_is_refused_and_the_hand_may_fold(
    server: RunningServer,
) -> None:
    """A raise is a stake made after the deal (Macau stud art. 6(6): twice the ante): with a
    day's loss limit of 250.00 and 100.00 of ante in play, the raise of 200.00 is refused with
    the limit and the 150.00 left, nothing moved; the hand may still fold."""
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana")
    server.http.post(
        "/players/ana/deposits",
        json={"amount": DEPOSIT, "currency": "MOP"},
        headers=server.operator,
    )
    assert _limit(server, ana, "loss_day", 250_00).status_code == 200
    server.sit(table, ana)
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    server.advance(10)
    raise_ = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    assert raise_.status_code == 422, raise_.text
    detail = raise_.json()["detail"]
    assert (detail["limit_kind"], detail["limit"], detail["left"]) == ("loss_day", 250_00, 150_00)
    assert server.balance(ana, "MOP") == DEPOSIT - 100_00  # nothing moved
    fold = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(ana)
    )
    assert fold.status_code == 200
    assert server.balance(ana, "MOP") == DEPOSIT - 100_00 and server.audit()["balanced"]
