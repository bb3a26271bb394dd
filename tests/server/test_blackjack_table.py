"""A Macau blackjack table online, from stacked shoes: boxes by first bet, the insurance
question against a dealer's ace (insurance, even money, no answer), each hand in turn from the
dealer's left (art. 6(3)) with a split, doubles after a split (art. 17(1)(2)) and the any-pair
bet (art. 13(1)), a hand that runs out of time standing (choice O18), a double the balance cannot
cover refused with nothing moved, an operator fault refunding splits, and the books."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from croupier.cards import parse_cards
from croupier.games.blackjack.round import replay
from croupier.games.protocol import Event, LogEntry
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 10_000_00
RULESET = "macau-blackjack-2007"
# ana 8S 8H (splits), bruno AS KD (a blackjack), carla 5C 6D (doubles), the dealer's ace AH;
# then ana's first split hand 3C, her double TD, her second hand 9S; carla's double 9C; the
# dealer's second card 7D: A 7 = soft 18, which stands.
MAIN = "8S AS 5C AH 8H KD 6D 3C TD 9S 9C 7D"
# ana TS 5D = 15, bruno 9H 7S = 16 against a 6; ana hits KD and busts; the dealer 6C TC 9D busts
TURNS = "TS 9H 6C 5D 7S KD TC 9D"
# ana 5H 6S = 11 against a 9; she cannot afford the double and hits TD: 21; the dealer 9C 8C
SHORT = "5H 9C 6S TD 8C"
# ana 8S 8D against a 7 splits; hand 1 gets 2C, then the fault
FAULT = "8S 7H 8D 2C 5C 5D"
# ana 8S 8D against a 7 splits; hand 1 8 3 doubles and draws TD; hand 2 8 KS stands; 7 TC = 17
ADVICE = "8S 7H 8D 3C TD KS TC"
# ana TS 6D = 16, bruno 9H 7S = 16 against an ace; no insurance; both stand; the dealer A 8 = 19
DECLINED = "TS 9H AH 6D 7S 8C"


@pytest.fixture
def bj(database_url: str) -> Iterator[RunningServer]:
    stacked = {
        name: StackedCards(cards)
        for name, cards in (
            ("main", MAIN),
            ("turns", TURNS),
            ("short", SHORT),
            ("fault", FAULT),
            ("advice", ADVICE),
            ("declined", DECLINED),
        )
    }
    running = RunningServer(database_url, stacked=stacked)
    try:
        yield running
    finally:
        running.stop()


def _mop(server: RunningServer, name: str, amount: int = DEPOSIT) -> dict[str, str]:
    headers = server.player(name)
    done = server.http.post(
        f"/players/{name}/deposits",
        json={"amount": amount, "currency": "MOP"},
        headers=server.operator,
    )
    assert done.status_code == 200, done.text
    return headers


def _decide(server: RunningServer, table: int, headers: dict[str, str], decision: str) -> Any:
    return server.http.post(
        f"/tables/{table}/decisions", json={"decision": decision}, headers=server.auth(headers)
    )


def _open(server: RunningServer, name: str) -> int:
    return int(
        server.open_table(
            name=name, ruleset=RULESET, betting_seconds=10, decision_seconds=20, pause_seconds=0
        )["id"]
    )


@pytest.mark.cites("macau-blackjack-2007", "art. 13(1)")
def test_insurance_even_money_a_split_doubles_and_any_pair_settle_by_the_articles(
    bj: RunningServer,
) -> None:
    table = _open(bj, "main")
    info = bj.http.get(f"/tables/{table}/information").json()
    assert info["game"] == "blackjack" and [b["kind"] for b in info["bets"]] == [
        "bet",
        "insurance",
        "any_pair",
    ]
    assert "soft 17 of a six and an ace (art. 6(6))" in info["dealer"]  # the 2007 preset
    ana, bruno, carla = (_mop(bj, n) for n in ("ana", "bruno", "carla"))
    for headers in (ana, bruno, carla):
        bj.sit(table, headers)
    watcher = bj.watch(table, ana["token"])
    early_pair = bj.bet(table, ana, "any_pair", 20_00)
    assert early_pair.status_code == 422 and "art. 13(1)" in early_pair.text  # bet first
    for headers in (ana, bruno, carla):
        assert bj.bet(table, headers, "bet", 100_00).status_code == 201
    assert bj.bet(table, ana, "any_pair", 20_00).status_code == 201
    assert bj.bet(table, carla, "insurance", 50_00).status_code == 422  # not before the deal

    bj.advance(10)  # the window closes: the dealer shows an ace, the insurance question
    opened = receive_until(watcher, "decisions_open")[-1]
    assert opened["phase"] == "insurance" and opened["dealer_up"] == ["AH"]
    assert opened["waiting_for"] == ["ana", "bruno", "carla"]  # all at once (art. 12 [1991])
    assert [b["player"] for b in opened["boxes"]] == ["ana", "bruno", "carla"]
    mine = receive_until(watcher, "your_hand")[-1]
    assert mine["box"] == 1 and mine["options"] == ["insurance", "no_insurance"]
    assert mine["insurance_stake"] == 50_00
    assert _decide(bj, table, carla, "even_money").status_code == 422  # no blackjack
    hit = _decide(bj, table, ana, "hit")
    assert hit.status_code == 422 and hit.json()["detail"]["field"] == "decision"
    insured = _decide(bj, table, ana, "insurance")
    assert insured.status_code == 200 and insured.json()["stake"] == 50_00  # half the bet (O17)
    assert _decide(bj, table, bruno, "even_money").status_code == 200
    assert bj.balance(ana, "MOP") == DEPOSIT - 170_00

    bj.advance(20)  # carla does not answer: no insurance; box 1's turn
    turn = receive_until(watcher, "decisions_open")[-1]
    assert turn["phase"] == "playing" and turn["turn"] == {"box": 1, "hand": 0, "player": "ana"}
    assert turn["options"] == ["hit", "stand", "double", "split"]  # no surrender against an ace
    out_of_turn = _decide(bj, table, carla, "double")
    assert out_of_turn.status_code == 422 and "art. 6(3)" in out_of_turn.text
    split = _decide(bj, table, ana, "split")
    assert split.status_code == 200 and split.json()["stake"] == 100_00
    assert _decide(bj, table, ana, "double").json()["stake"] == 100_00  # 8 3 = 11, after a split
    assert _decide(bj, table, ana, "stand").status_code == 200  # 8 9 = 17
    # bruno's blackjack is finished by itself; carla's turn
    done = _decide(bj, table, carla, "double").json()
    assert done["settlement"]["type"] == "round_settled"

    last = bj.http.get(f"/tables/{table}/rounds/last").json()
    result = last["result"]
    assert result["dealer_cards"] == ["AH", "7D"] and result["dealer_total"] == 18
    hands = {b["player"]: b["hands"] for b in result["boxes"]}
    assert [(h["cards"], h["outcome"], h["payout"]) for h in hands["ana"]] == [
        (["8S", "3C", "TD"], "win", 400_00),
        (["8H", "9S"], "lose", 0),
    ]
    assert hands["carla"][0]["doubled"] and hands["carla"][0]["total"] == 20
    lines = {(b["player"], b["kind"]): b for b in last["bets"]}
    assert lines[("ana", "bet")]["amount"] == 300_00 and lines[("ana", "bet")]["payout"] == 400_00
    assert lines[("ana", "insurance")]["outcome"] == "lose"  # no dealer blackjack
    assert lines[("ana", "any_pair")]["payout"] == 20_00 + 11 * 20_00  # one pair (art. 13(1))
    assert (
        lines[("bruno", "bet")]["payout"] == 200_00
        and "even money" in (lines[("bruno", "bet")]["reason"])
    )
    assert lines[("carla", "bet")]["amount"] == 200_00 and lines[("carla", "bet")]["outcome"] == (
        "win"
    )
    expected = {"ana": 270_00, "bruno": 100_00, "carla": 200_00}
    for name, headers in (("ana", ana), ("bruno", bruno), ("carla", carla)):
        net = sum(b["payout"] - b["amount"] for b in last["bets"] if b["player"] == name)
        assert net == expected[name]
        assert bj.balance(headers, "MOP") == DEPOSIT + net
    assert bj.audit()["balanced"]

    # the journal replays to the same round (PT rule 31, DESIGN.md: replay)
    rules = load_ruleset(RULESET).blackjack()
    log = [
        LogEntry(e["command"], e["args"], tuple(Event(x["event"], x["data"]) for x in e["events"]))
        for e in last["journal"]
    ]
    again = replay(rules, StackedCards(parse_cards(MAIN)), log)
    assert again.settlement is not None
    assert [c for c in again.dealer] == parse_cards("AH 7D")
    assert again.log == log
    watcher.close()


def test_hands_act_in_turn_and_a_hand_out_of_time_stands(bj: RunningServer) -> None:
    table = _open(bj, "turns")
    ana, bruno = _mop(bj, "ana"), _mop(bj, "bruno")
    bj.sit(table, ana)
    bj.sit(table, bruno)
    watcher = bj.watch(table)
    bj.bet(table, ana, "bet", 100_00)
    bj.bet(table, bruno, "bet", 100_00)
    bj.advance(10)  # a six: no insurance question; ana first
    first = receive_until(watcher, "decisions_open")[-1]
    assert first["turn"]["player"] == "ana" and "surrender" in first["options"]
    early = _decide(bj, table, bruno, "stand")
    assert early.status_code == 422 and "box 1 (ana) decides now" in early.text
    no_pair = _decide(bj, table, ana, "split")
    assert no_pair.status_code == 422 and no_pair.json()["detail"]["field"] == "action"
    bj.advance(15)  # time is running on ana's hand
    assert _decide(bj, table, ana, "hit").status_code == 200  # KD: 25, bust
    second = receive_until(watcher, "decisions_open")[-1]
    assert second["turn"]["player"] == "bruno" and second["seconds"] == 20  # fresh time
    assert second["boxes"][0]["hands"][0]["busted"]
    bj.advance(15)
    assert bj.view(table)["phase"] == "playing"  # bruno still has 5 s
    bj.advance(5)  # bruno's time is out: he stands on 16
    timed = [m for m in receive_until(watcher, "round_settled") if m["type"] == "decided"]
    assert [(m["player"], m["decision"], m.get("timed_out")) for m in timed] == [
        ("bruno", "stand", True)
    ]
    last = bj.http.get(f"/tables/{table}/rounds/last").json()
    assert last["result"]["dealer_cards"] == ["6C", "TC", "9D"] and last["result"]["dealer_busted"]
    lines = {b["player"]: b for b in last["bets"]}
    assert lines["ana"]["outcome"] == "lose"  # a bust loses though the dealer busts too
    assert lines["bruno"]["outcome"] == "win" and lines["bruno"]["payout"] == 200_00
    assert bj.balance(bruno, "MOP") == DEPOSIT + 100_00 and bj.audit()["balanced"]
    watcher.close()


def test_a_double_the_balance_cannot_cover_is_refused_and_the_hand_plays_on(
    bj: RunningServer,
) -> None:
    table = _open(bj, "short")
    ana = _mop(bj, "ana", 150_00)
    bj.sit(table, ana)
    assert bj.bet(table, ana, "bet", 150_00).status_code == 201
    withdrawn = bj.http.delete(f"/tables/{table}/bets/bet", headers=bj.auth(ana))
    assert withdrawn.status_code == 200, withdrawn.text  # taken back in the window (rule 27)
    assert bj.balance(ana, "MOP") == 150_00
    assert bj.bet(table, ana, "bet", 100_00).status_code == 201
    bj.advance(10)
    short = _decide(bj, table, ana, "double")
    assert short.status_code == 422 and "balance" in short.text
    assert bj.balance(ana, "MOP") == 50_00  # nothing moved
    assert _decide(bj, table, ana, "hit").json()["settlement"]["type"] == "round_settled"
    last = bj.http.get(f"/tables/{table}/rounds/last").json()
    assert last["bets"][0]["amount"] == 100_00 and last["bets"][0]["payout"] == 200_00
    assert bj.balance(ana, "MOP") == 250_00 and bj.audit()["balanced"]


def test_an_operator_fault_after_a_split_refunds_the_bet_and_the_split(
    bj: RunningServer,
) -> None:
    table = _open(bj, "fault")
    ana = _mop(bj, "ana")
    bj.sit(table, ana)
    bj.bet(table, ana, "bet", 100_00)
    bj.advance(10)
    assert _decide(bj, table, ana, "split").status_code == 200
    assert bj.balance(ana, "MOP") == DEPOSIT - 200_00
    fault = bj.http.post(
        f"/tables/{table}/fault", json={"reason": "shuffler fault"}, headers=bj.operator
    )
    assert fault.status_code == 200, fault.text
    last = bj.http.get(f"/tables/{table}/rounds/last").json()
    assert last["status"] == "void"
    assert [(b["kind"], b["amount"], b["outcome"], b["payout"]) for b in last["bets"]] == [
        ("bet", 200_00, "void", 200_00)
    ]
    assert bj.balance(ana, "MOP") == DEPOSIT and bj.audit()["balanced"]


def test_the_trainers_advice_is_offered_to_the_hand_to_act_only(bj: RunningServer) -> None:
    """Issue 18: the trainer's advice (the terminal's '?', `croupier blackjack hint`) as an
    optional hint. It is the published basic strategy for these rules: split eights against
    a 7, double a hard 11 against a 7, stand on 18; another player is never advised on a hand
    not theirs."""
    table = _open(bj, "advice")
    ana = _mop(bj, "ana")
    bj.sit(table, ana)
    private = bj.watch(table, ana["token"])
    watcher = bj.watch(table)
    bj.bet(table, ana, "bet", 100_00)
    bj.advance(10)
    assert receive_until(private, "your_hand")[-1]["advice"] == "split"
    assert _decide(bj, table, ana, "split").status_code == 200
    assert receive_until(private, "your_hand")[-1]["advice"] == "double"  # 8 3 = 11 vs 7
    assert _decide(bj, table, ana, "double").status_code == 200
    assert receive_until(private, "your_hand")[-1]["advice"] == "stand"  # 8 K = 18 vs 7
    public = [m for m in receive_until(watcher, "decisions_open") if "advice" in m]
    assert public == []  # the advice is the hand's player's only
    private.close()
    watcher.close()


def test_every_answer_and_the_close_of_bets_are_in_the_journal(bj: RunningServer) -> None:
    """Art. 12 [1991]: against a dealer's ace each player is asked whether to insure. Issue 19:
    a "no" (given, or by the clock) was missing from the round's journal, and the close of
    bets was journaled at baccarat tables only; recall (PT rule 31) and replay need both."""
    table = _open(bj, "declined")
    ana, bruno = _mop(bj, "ana"), _mop(bj, "bruno")
    bj.sit(table, ana)
    bj.sit(table, bruno)
    bj.bet(table, ana, "bet", 100_00)
    bj.bet(table, bruno, "bet", 100_00)
    bj.advance(10)
    assert _decide(bj, table, ana, "no_insurance").status_code == 200
    bj.advance(20)  # bruno does not answer: no insurance
    assert _decide(bj, table, ana, "stand").status_code == 200
    assert _decide(bj, table, bruno, "stand").status_code == 200
    last = bj.http.get(f"/tables/{table}/rounds/last").json()
    commands = [e["command"] for e in last["journal"]]
    assert commands[:4] == ["place_bet", "place_bet", "close_betting", "deal"]
    declined = [e["args"] for e in last["journal"] if e["command"] == "decline_insurance"]
    assert declined == [{"player": "ana", "box": 1}, {"player": "bruno", "box": 2}]
    rules = load_ruleset(RULESET).blackjack()
    log = [
        LogEntry(e["command"], e["args"], tuple(Event(x["event"], x["data"]) for x in e["events"]))
        for e in last["journal"]
    ]
    again = replay(rules, StackedCards(parse_cards(DECLINED)), log)
    assert again.log == log and again.settlement is not None
