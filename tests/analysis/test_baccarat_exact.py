"""Exact baccarat figures: the published literature for full shoes, and a brute force over
every card sequence of a depleted shoe."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from croupier.analysis.baccarat_exact import Composition, outcomes
from croupier.analysis.baccarat_par import bet_figures
from croupier.cards import parse_cards
from croupier.games.baccarat.coup import deal_coup
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards


def test_eight_decks_match_the_published_combinations():
    # Wizard of Odds, "Baccarat" appendix 1 (8 decks): total, Banker, Player and Tie counts
    o = outcomes(Composition.full(8))
    assert o.total == 4_998_398_275_503_360
    assert sum(o.banker_wins_two) + sum(o.banker_wins_three) == 2_292_252_566_437_888
    assert sum(o.player_wins) == 2_230_518_282_592_256
    assert sum(o.ties) == 475_627_426_473_216


# Published house edges (%): Wizard of Odds baccarat appendices; Dragon 7 / EZ Baccarat and the
# Banker-6-pays-half ("Super 6") figures from the same source.
PUBLISHED = [
    (
        "macau-2009",
        8,
        {
            "player": 1.2351,
            "banker": 1.0579,
            "tie": 14.3596,
            "player_pair": 10.3614,
            "dragon7": 7.6113,
        },
    ),
    ("macau-2009", 6, {"player": 1.2374, "banker": 1.0558, "tie": 14.4382}),
    ("macau-2009", 1, {"banker": 1.0117}),
    ("macau-2009-dragon7-push", 8, {"banker": 1.0183}),
    ("macau-2009-banker6-half", 8, {"banker": 1.4581}),
]


@pytest.mark.parametrize(("preset", "decks", "edges"), PUBLISHED)
def test_house_edges_match_the_published_figures(preset, decks, edges):
    rules = load_ruleset(preset).baccarat()
    _, bets = bet_figures(rules, Composition.full(decks))
    got = {b.bet: float(b.house_edge) * 100 for b in bets}
    for bet, edge in edges.items():
        assert got[bet] == pytest.approx(edge, abs=0.00006), bet


def test_pair_probability_in_closed_form():
    o = outcomes(Composition.full(8))
    assert o.pair_probability == Fraction(13 * 32 * 31, 416 * 415)


def brute_force(cards):
    """Deal every ordered sequence of six cards of a small shoe with the engine itself."""
    counts = Counter()
    for seq in itertools.permutations(cards, 6):
        src = StackedCards(list(seq))
        coup = deal_coup(src.draw)
        key = coup.winner
        if coup.winner == "banker":
            key = ("banker", coup.banker_total, len(coup.banker))
        counts[key] += 1
    return counts


def test_a_depleted_shoe_agrees_with_a_brute_force_over_its_cards():
    cards = parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S TD KH 5C")  # twelve cards left
    ranks = [0] * 13
    for c in cards:
        ranks[c >> 2] += 1
    o = outcomes(Composition(tuple(ranks)))
    counts = brute_force(cards)
    assert o.total == 12 * 11 * 10 * 9 * 8 * 7
    assert sum(o.player_wins) == counts["player"]
    assert sum(o.ties) == counts["tie"]
    for total in range(10):
        assert o.banker_wins_two[total] == counts[("banker", total, 2)]
        assert o.banker_wins_three[total] == counts[("banker", total, 3)]


def test_removing_cards_changes_the_composition_and_refuses_missing_cards():
    comp = Composition.full(1).remove("AS KS")
    assert comp.size == 50 and comp.ranks[12] == 3 and comp.ranks[11] == 3
    with pytest.raises(ValueError, match="no A"):
        comp.remove("AS")
    with pytest.raises(ValueError, match="six cards"):
        outcomes(Composition((1, 1, 1, 1, 1) + (0,) * 8))
