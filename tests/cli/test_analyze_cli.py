"""``croupier analyze baccarat``: the JSON contract, text and HTML."""

import json

import pytest
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def test_analyze_json_contract():
    result = runner.invoke(
        app, ["analyze", "baccarat", "--ruleset", "macau-2009", "--decks", "8", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "baccarat" and data["ruleset"] == "macau-2009" and data["decks"] == 8
    assert data["combinations"] == 4_998_398_275_503_360
    assert set(data["outcomes"]) == {"player", "banker", "tie"}
    names = [b["bet"] for b in data["bets"]]
    assert names == ["player", "banker", "tie", "player_pair", "banker_pair", "dragon7"]
    for b in data["bets"]:
        assert {"bet", "probability_win", "house_edge", "return", "std_dev"} <= set(b)
        assert abs(b["return"] + b["house_edge"] - 1) < 1e-12


def test_analyze_a_depleted_shoe():
    full = json.loads(runner.invoke(app, ["analyze", "baccarat", "--format", "json"]).stdout)
    less = json.loads(
        runner.invoke(
            app, ["analyze", "baccarat", "--remove", "9S,9H,9D,8C", "--format", "json"]
        ).stdout
    )
    assert less["cards"] == full["cards"] - 4 and less["combinations"] < full["combinations"]
    assert less["bets"][2]["house_edge"] != full["bets"][2]["house_edge"]


def test_analyze_html_and_text():
    html = runner.invoke(app, ["analyze", "baccarat", "--format", "html"]).stdout
    assert html.startswith("<!doctype html>") and "data:image/png;base64," in html
    assert "55/2004" in html
    text = runner.invoke(app, ["analyze", "baccarat", "-r", "pt-ponto-banca-2015"]).output
    assert "house edge" in text and "banker" in text


def test_analyze_refuses_a_bad_removal():
    result = runner.invoke(app, ["analyze", "baccarat", "--decks", "1", "--remove", "AS,AS"])
    assert result.exit_code == 2 and "no A" in result.output


def test_analyze_stud_json_contract():
    result = runner.invoke(
        app,
        [
            "analyze",
            "stud",
            "--ruleset",
            "macau-stud-2004",
            "--strategy",
            "pair",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"house_edge_ante", "element_of_risk", "probability_raise", "return_table"} <= set(data)
    assert abs(sum(r["probability"] for r in data["return_table"]) - 1) < 1e-9
    assert data["jackpot"]["rows"][0]["combination"] == "royal_flush"


def _stud(*args):
    result = runner.invoke(app, ["analyze", "stud", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.cites("macau-stud-2004", "art. 7(1)")
def test_analyze_stud_optimal_reads_the_dealers_up_card_and_own_does_not():
    """Issue 17, item 9: `--strategy optimal` raised on the player's five cards alone (5.3161%)
    and `own` was refused. Macau stud (DRE 61/2004) art. 7(1): "A última carta do «croupier»
    será distribuída com a face voltada para cima" (the dealer's last card is dealt face up), so
    the player decides knowing it: the optimum reads it. Published under US rules (ties push;
    Wizard of Odds, perfect strategy): 1,041,372,912,372 lost over 19,933,230,517,200
    combinations, 5.2243%; the Macau order (suits break ties) gives 5.2241%."""
    optimal = _stud("--strategy", "optimal")
    own = _stud("--strategy", "own")
    assert optimal["strategy"] == "optimal" and own["strategy"] == "own"
    assert round(100 * optimal["house_edge_ante"], 4) == 5.2241
    assert round(100 * own["house_edge_ante"], 4) == 5.3161
    us = _stud("--strategy", "optimal", "--order", "us")
    n, d = map(int, us["house_edge_ante_exact"].split("/"))
    assert n * 19_933_230_517_200 == 1_041_372_912_372 * d
    assert _stud()["strategy"] == "optimal"  # the default is the optimum
    refused = runner.invoke(app, ["analyze", "stud", "--strategy", "best"])
    assert refused.exit_code != 0 and "optimal, own, pair or ak" in refused.output


def test_analyze_blackjack_json_contract():
    result = runner.invoke(
        app,
        [
            "analyze",
            "blackjack",
            "--ruleset",
            "macau-blackjack-2007",
            "--decks",
            "6",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"house_edge", "house_edge_optimal", "chart", "any_pair"} <= set(data)
    assert 0 < data["house_edge_optimal"] <= data["house_edge"] < 0.01
    assert data["chart"]["pairs"]["A-A"]["10"] == "P"


def test_analyze_blackjack_one_deck_as_its_help_allows():
    """Issue 34(4): --decks 1 (1 to 8, says the help) failed blaming --remove, which was not
    given: a split of a pair ran out of pair cards to re-split in a single deck."""
    result = runner.invoke(app, ["analyze", "blackjack", "--decks", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["decks"] == 1 and -0.01 < data["house_edge"] < 0.01
