"""``croupier blackjack deal`` (its JSON contract), ``hint``, ``strategy`` and ``play``."""

import json

from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()
RESULTS = {"win", "lose", "push", "blackjack", "surrender"}


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_deal_json_contract_with_the_basic_strategy_player():
    result = run(
        "blackjack", "deal", "--seed", "4", "--rounds", "20", "--boxes", "3", "--format", "json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"] == "macau-blackjack-2007" and len(data["rounds"]) == 20
    for r in data["rounds"]:
        assert set(r["dealer"]) == {"cards", "total", "blackjack"}
        assert [b["box"] for b in r["boxes"]] == [1, 2, 3]
        for box in r["boxes"]:
            for h in box["hands"]:
                assert set(h) >= {"cards", "total", "soft", "actions", "bet", "result", "net"}
                assert h["result"] in RESULTS and isinstance(h["soft"], bool)


def test_deal_with_cards_in_the_no_hole_card_order_and_a_scripted_player():
    # box 1 gets 5S then 6H; the dealer TD; the double draws 9C; then the dealer's 7C
    result = run(
        "blackjack",
        "deal",
        "--cards",
        "5S,TD,6H,9C,7C",
        "--player",
        "script",
        "--actions",
        "D",
        "--format",
        "json",
    )
    [r] = json.loads(result.stdout)["rounds"]
    hand = r["boxes"][0]["hands"][0]
    assert hand["cards"] == ["5S", "6H", "9C"] and hand["actions"] == ["double"]
    assert r["dealer"] == {"cards": ["TD", "7C"], "total": 17, "blackjack": False}
    assert hand["bet"] == 20000 and hand["result"] == "win" and hand["net"] == 20000


def test_hint_and_strategy():
    result = run("blackjack", "hint", "TS,6H", "--dealer", "TD", "--format", "json")
    data = json.loads(result.stdout)
    assert data["action"] == "surrender" and data["values"]["surrender"] == -0.5
    result = run("blackjack", "hint", "AS,7D", "-d", "2H", "-r", "macau-blackjack-practice")
    assert result.exit_code == 0 and result.output.startswith("stand")
    chart = json.loads(run("blackjack", "strategy", "--format", "json").stdout)
    assert chart["chart"]["pairs"]["A-A"]["10"] == "P"
    assert chart["sources"]["soft17"][0] == "text"


def test_play_to_the_end_of_a_shoe():
    # a one-deck shoe: bet 100 and stand every hand until the shoe changes
    lines = "100\n" + "s\ns\ns\n" + ("\ns\ns\ns\n" * 60) + "q\n"  # Enter repeats the bet
    result = run(
        "blackjack",
        "play",
        "--seed",
        "1",
        "--bankroll",
        "100000",
        "--set",
        "shoe.decks=1",
        "--set",
        "shoe.cut_card=15",
        input=lines,
    )
    out = " ".join(result.output.split())
    assert result.exit_code == 0, out[-2000:]
    assert out.count("New shoe") >= 2  # played past the end of the first shoe
    assert "Session statement" in out and "Balance:" in out


def test_deal_refuses_more_boxes_than_the_table_has_naming_boxes():
    """Issue 34(4): --boxes 9 (its help allowed it) was reported as "8" and named "box"."""
    result = runner.invoke(app, ["blackjack", "deal", "--boxes", "9"])
    assert result.exit_code != 0
    assert "--boxes: 9 is more than the 7 boxes" in result.output


def test_deal_refuses_actions_that_are_no_decision():
    """Issue 34(4): --actions "X,Y,Z" was accepted and the hand stood."""
    result = runner.invoke(app, ["blackjack", "deal", "--player", "script", "--actions", "X,Y,Z"])
    assert result.exit_code != 0
    assert "--actions: 'X', 'Y', 'Z': not a decision" in " ".join(result.output.split())
    result = runner.invoke(app, ["blackjack", "deal", "--actions", "H"])
    assert result.exit_code != 0 and "--player script" in result.output


def test_deal_prints_money_and_says_bust():
    """Issue 34(4): amounts in minor units ("-100") where every other command prints
    "100.00 MOP"; a hand over 21 did not say bust."""
    result = runner.invoke(
        app, ["blackjack", "deal", "--seed", "3", "--rounds", "5", "--boxes", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "-100.00 MOP" in result.output and "(bust)" in result.output
    for line in result.output.splitlines():
        if "(bust)" in line and "box" in line:
            assert "lose" in line
