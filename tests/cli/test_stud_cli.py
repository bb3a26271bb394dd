"""``croupier stud deal`` (its JSON contract) and ``croupier stud play``."""

import json

import pytest
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()
CATEGORIES = {
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pairs",
    "one_pair",
    "high_card",
}


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_deal_json_contract():
    result = run(
        "stud",
        "deal",
        "--ruleset",
        "macau-stud-2004",
        "--seed",
        "2",
        "--hands",
        "7",
        "--rounds",
        "3",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"] == "macau-stud-2004" and len(data["rounds"]) == 3
    for r in data["rounds"]:
        assert set(r["dealer"]) >= {"cards", "category", "qualifies"}
        assert r["dealer"]["category"] in CATEGORIES and len(r["dealer"]["cards"]) == 5
        assert [h["seat"] for h in r["hands"]] == list(range(1, 8))
        dealt = [c for h in r["hands"] for c in h["cards"]] + r["dealer"]["cards"]
        assert len(set(dealt)) == 40  # one deck: no card twice
        for h in r["hands"]:
            assert h["category"] in CATEGORIES and isinstance(h["beats_dealer"], bool)


@pytest.mark.cites("macau-stud-2004", "art. 7(1)")
def test_deal_with_cards_follows_art_7_1():
    # two hands: cards go seat 1, seat 2, dealer, five times round
    cards = "TH,2S,AS, JH,3S,KD, QH,4S,7C, KH,5S,5H, AH,7H,3D"
    result = run(
        "stud", "deal", "--hands", "2", "--cards", cards, "--rounds", "5", "--format", "json"
    )
    [r] = json.loads(result.stdout)["rounds"]  # 15 cards: exactly one round
    assert r["hands"][0]["cards"] == ["TH", "JH", "QH", "KH", "AH"]
    assert r["hands"][0]["category"] == "royal_flush" and r["hands"][0]["beats_dealer"]
    assert r["hands"][1]["cards"] == ["2S", "3S", "4S", "5S", "7H"]
    assert r["dealer"] == {
        "cards": ["AS", "KD", "7C", "5H", "3D"],
        "up_card": "3D",
        "category": "high_card",
        "qualifies": True,
    }


def test_deal_refuses_a_baccarat_ruleset():
    result = run("stud", "deal", "--ruleset", "macau-2009")
    assert result.exit_code == 2 and "not stud" in result.output


def test_play_a_hand_in_the_terminal():
    result = run("stud", "play", "--seed", "4", "--bankroll", "1000", input="50\n100 j\nr\nq\n")
    out = " ".join(result.output.split())
    assert result.exit_code == 0, out
    assert "below the minimum" in out  # the 50 ante was refused
    assert "Your hand" in out and "Dealer" in out and "raise or fold" in out
    assert "Session statement: 1 round(s)" in out
