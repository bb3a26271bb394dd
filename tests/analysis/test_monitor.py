"""The shoe monitor: exact values before each round, positive bets flagged, the summary."""

import json
from fractions import Fraction

from typer.testing import CliRunner

from croupier.analysis.baccarat_exact import Composition
from croupier.analysis.baccarat_par import bet_figures
from croupier.analysis.monitor import ShoeMonitor, parse_stream
from croupier.cards import cards_text, new_decks, parse_cards
from croupier.cli import app
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset

RULES = load_ruleset("macau-2009").baccarat()


def test_values_are_the_exact_figures_of_the_remaining_cards():
    monitor = ShoeMonitor(RULES, decks=8)
    monitor.burn(parse_cards("5S 7D"))
    _, bets = bet_figures(RULES, Composition.full(8).remove("5S 7D"))
    assert monitor.next_round_values() == {b.bet: b.expected for b in bets}


def test_pair_bets_turn_positive_when_few_ranks_remain():
    # one deck, everything burned but 2S 2H 3S 3H 4S 4H 5S 5H 6S 6H: a pair is 1 in 9
    keep = parse_cards("2S 2H 3S 3H 4S 4H 5S 5H 6S 6H")
    burned = [c for c in new_decks(1) if c not in keep]
    monitor = ShoeMonitor(RULES, decks=1)
    lines = ["burn " + " ".join(cards_text(burned)), "2S 3S 2H 4S 3H"]  # P 2S 2H, B 3S 4S
    [record] = list(monitor.feed(parse_stream(lines)))
    p_pair = Fraction(5 * 2, 10 * 9)
    assert record["expected_values"]["player_pair"] == float(12 * p_pair - 1) > 0
    assert "player_pair" in record["positive"] and "banker_pair" in record["positive"]
    summary = monitor.report.summary()
    assert summary["player_pair"] == {"positive_rounds": 1, "won_betting_only_then": 11.0}
    assert summary["banker_pair"] == {"positive_rounds": 1, "won_betting_only_then": -1.0}


def test_a_stream_is_cut_into_rounds_by_the_drawing_rules():
    monitor = ShoeMonitor(RULES)
    items = parse_stream(["9S 7S KD", "KD 2S,5S,KD", "KD TC   # comment", "AS AH"])
    records = list(monitor.feed(items))
    assert [r["player_cards"] for r in records] == [["9S", "KD"], ["2S", "KD", "TC"]]
    assert monitor.comp.size == 416 - 9


def test_simulated_shoe_is_reproducible_and_reaches_the_cut_card():
    a = list(ShoeMonitor(RULES).simulate(SeededRandomSource(3)))
    b = list(ShoeMonitor(RULES).simulate(SeededRandomSource(3)))
    assert a == b and 60 < len(a) < 95


def test_monitor_cli_json():
    runner = CliRunner()
    result = runner.invoke(app, ["monitor", "baccarat", "--seed", "7", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"ruleset", "rounds", "summary", "incomplete_round"}
    assert set(data["summary"]["dragon7"]) == {"positive_rounds", "won_betting_only_then"}
    first = data["rounds"][0]
    assert set(first["expected_values"]) == {
        "player",
        "banker",
        "tie",
        "player_pair",
        "banker_pair",
        "dragon7",
    }
