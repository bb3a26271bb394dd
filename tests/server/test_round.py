"""A full multi-player round through the real API: three players at a Ponto e Banca table, the
betting window of rule 27 closed by the clock, settlement, recall (rule 31), statements
(rule 33) and the books, all checked against each other."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.games.baccarat.round import replay
from croupier.games.protocol import Event, LogEntry
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer, receive_until


def _expected_payout(kind: str, amount: int, result: dict) -> int:
    winner = result["winner"]
    if kind in ("player", "banker"):
        if winner == "tie":
            return amount  # rule 23: returned
        if winner != kind:
            return 0
        if kind == "banker":
            return amount + amount - int(Fraction(amount * 5, 100))  # rule 26(a), player's favour
        return 2 * amount
    if kind == "tie":
        return 9 * amount if winner == "tie" else 0  # rule 25(b)
    pair = result["player_pair"] if kind == "player_pair" else result["banker_pair"]
    return 12 * amount if pair else 0  # rule 25(c)


@pytest.mark.cites("pt-812-2015", "rule 5", "rule 27", "rule 31", "rule 33")
def test_a_multi_player_round_settles_every_bet_and_the_books_agree(server: RunningServer) -> None:
    """PT 812/2015 rule 5: "Nas mesas de múltiplos jogadores, cada jogador aposta
    individualmente e todos se vinculam ao resultado da jogada que é simultânea e comum a todos
    os participantes" (each bets alone; one result, common to all, settles every bet)."""
    table = server.open_table(mode="multi", seats=7, betting_seconds=20)["id"]
    ana = server.player("ana", 500_00)
    bruno = server.player("bruno", 500_00)
    carla = server.player("carla", 500_00)
    watcher = server.watch(table)
    sessions = {
        name: server.sit(table, h) for name, h in (("ana", ana), ("bruno", bruno), ("carla", carla))
    }
    bets = [
        (ana, "ana", "player", 50_00),
        (ana, "ana", "player_pair", 5_00),
        (bruno, "bruno", "banker", 70_00),
        (carla, "carla", "tie", 10_00),
        (carla, "carla", "banker", 20_00),
    ]
    for headers, _name, kind, amount in bets:
        response = server.bet(table, headers, kind, amount)
        assert response.status_code == 201, response.text
        assert response.json()["amount"] == amount
    assert server.balance(ana) == 500_00 - 55_00  # the stake left the account at once
    assert server.view(table)["totals"] == {
        "player": 50_00,
        "player_pair": 5_00,
        "banker": 90_00,
        "tie": 10_00,
    }

    server.advance(19)  # the window is still open (rule 27: the operator's 20 s)
    assert server.view(table)["phase"] == "betting"
    server.advance(2)
    messages = receive_until(watcher, "round_settled")
    types = [m["type"] for m in messages]
    assert "bets" in types and "betting_closed" in types
    last_bets = [m for m in messages if m["type"] == "bets"][-1]
    assert last_bets["totals"] == {
        "player": 50_00,
        "player_pair": 5_00,
        "banker": 90_00,
        "tie": 10_00,
    }
    closed = next(m for m in messages if m["type"] == "betting_closed")
    assert closed["announcement"] == "No more bets, cards being dealt"  # rule 27
    settled = messages[-1]
    result = settled["result"]
    assert server.view(table)["phase"] == "result"  # the result shows before the next window
    assert server.bet(table, ana, "player", 10_00).status_code == 422  # rule 27: window closed
    server.advance(5)
    opened = receive_until(watcher, "betting_open")[-1]
    assert opened["announcement"] == "Place your bets" and opened["round"] == settled["round"] + 1

    by_player: dict[str, int] = {}
    for _headers, name, kind, amount in bets:
        line = next(b for b in settled["bets"] if b["player"] == name and b["kind"] == kind)
        assert line["payout"] == _expected_payout(kind, amount, result), line
        by_player[name] = by_player.get(name, 0) + line["payout"] - amount
    for headers, name in ((ana, "ana"), (bruno, "bruno"), (carla, "carla")):
        assert server.balance(headers) == 500_00 + by_player[name]

    # recall (rule 31): the last round with cards, totals, result, bets and amounts
    recall = server.http.get(f"/tables/{table}/rounds/last", headers=server.auth(ana)).json()
    assert recall["result"] == result and recall["status"] == "settled"
    assert len(recall["result"]["player_cards"]) in (2, 3)
    assert recall["mine"]["net"] == by_player["ana"]
    assert {(b["player"], b["kind"], b["amount"]) for b in recall["bets"]} == {
        (n, k, a) for _, n, k, a in bets
    }

    # the journal replays exactly (the round's commands on the cards it dealt)
    rules = load_ruleset("pt-ponto-banca-2015").baccarat()
    log = [
        LogEntry(e["command"], e["args"], tuple(Event(x["event"], x["data"]) for x in e["events"]))
        for e in recall["journal"]
    ]
    dealt = [
        x["data"]["card"]
        for e in recall["journal"]
        for x in e["events"]
        if x["event"] == "card_dealt"
    ]
    again = replay(rules, StackedCards(dealt), log, number=recall["number"])
    assert again.log == log

    # statements (rule 33) equal the ledger's movements
    for headers, name in ((ana, "ana"), (bruno, "bruno"), (carla, "carla")):
        ended = server.http.post(f"/sessions/{sessions[name]}/end", headers=server.auth(headers))
        assert ended.status_code == 200, ended.text
        statement = ended.json()
        staked = sum(a for _, n, _, a in bets if n == name)
        assert statement["total_bet"] == staked
        assert statement["net"] == by_player[name] == server.balance(headers) - 500_00
        assert statement["rounds"] == 1 and statement["end_reason"] == "player"
    assert server.audit() == {"balanced": True, "problems": []}
    watcher.close()


@pytest.mark.cites("pt-812-2015", "rule 16", "rule 27")
def test_a_bet_sent_as_the_countdown_ends_is_refused_and_stakes_nothing(
    server: RunningServer,
) -> None:
    """Rules 16 and 27: the betting period is the operator's, the same for everyone, and the
    deal begins when it has ended. A bet that reaches the table after the period's end but
    before the table has looked at the clock (its tick) is refused, its stake never taken, and
    the round is dealt with the bets placed in time."""
    table = server.open_table(mode="multi", seats=7, betting_seconds=20)["id"]
    ana = server.player("ana", 500_00)
    bruno = server.player("bruno", 500_00)
    server.sit(table, ana)
    server.sit(table, bruno)
    assert server.bet(table, ana, "player", 50_00).status_code == 201
    server.clock._now += 20.5  # the period has ended; the tables are not told (no tick yet)
    late = server.bet(table, bruno, "banker", 70_00)
    assert late.status_code == 422, late.text
    assert late.json()["detail"]["field"] == "phase" and "rule 27" in late.json()["detail"]["rule"]
    assert server.balance(bruno) == 500_00  # nothing was staked
    server.advance(0)  # the table looks at the clock: the window closes, the round is dealt
    assert server.view(table)["phase"] != "betting"
    assert server.balance(bruno) == 500_00
