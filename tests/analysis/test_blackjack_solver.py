"""The compiled blackjack solver (C kernels over arrays of states) against the reference
recursions, rule by rule, and its dealer sums against the plainest recursion over the dealer's
drawing orders.

Every option of the Macau rules that the analysis reads changes the figures, so the solver is
held to the reference under each: the four readings of art. 6(6) ("Considera-se «soft 17» a mão
da banca que contenha um «6» e um «Ás» a que é atribuído o valor de um ponto", docs/choices.md
B2), re-splits to 2..8 hands and of aces (art. 16), doubles on any two cards, after splits or on
eleven only (art. 17(1), Despacho 42/2007), the initial bet only lost to a dealer's blackjack
(arts. 16(6), 17(3)), surrender (art. 18) and the blackjack payout (art. 10), on 1, 2 and 8
decks and on depleted shoes where some of the solver's states cannot be reached at all."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.analysis import _blackjack_kernels as kernels
from croupier.analysis.blackjack_dealer import sparse_dealer_hands
from croupier.analysis.blackjack_dealer_kernels import dealer_distribution
from croupier.analysis.blackjack_exact import analyze_blackjack
from croupier.analysis.blackjack_states import hands, states
from croupier.games.blackjack.dealer import READINGS
from croupier.games.blackjack.rules import BlackjackRules
from croupier.shoe import ShoeSpec

pytestmark = pytest.mark.cites(
    "macau-blackjack-2007", "art. 6(6)", "art. 16", "art. 16(6)", "art. 17(1)", "art. 17(3)"
)

CASES = {
    "the 2007 preset on one deck": (1, (), {}),
    "any soft 17, re-split aces, no double after split": (
        2,
        (),
        dict(
            soft17="any",
            resplit_aces=True,
            split_aces_one_card=False,
            double="any_two",
            split_loses_initial_only=False,
            double_loses_initial_only=False,
        ),
    ),
    "ace counted one, two hands, eleven only, no surrender": (
        1,
        (),
        dict(soft17="ace_one_point", split_max_hands=2, double="eleven_only", surrender=False),
    ),
    "stands on every 17, eight hands, 6:5, a depleted eight-deck shoe": (
        8,
        (5,) * 20 + (10,) * 30,
        dict(soft17="stands", split_max_hands=8, blackjack_pays=Fraction(6, 5)),
    ),
    "a one-deck shoe without fives and most aces": (
        1,
        (5, 5, 5, 5, 1, 1, 1, 10, 10),
        dict(resplit_aces=True, split_max_hands=3),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_solver_equals_the_reference_recursions(case):
    decks, removed, options = CASES[case]
    rules = BlackjackRules(shoe=ShoeSpec(decks, cut_card=26), **options)
    fast = analyze_blackjack(rules, decks, list(removed))
    slow = analyze_blackjack(rules, decks, list(removed), method="reference")
    for key in ("house_edge", "house_edge_optimal"):
        assert fast[key] == pytest.approx(slow[key], abs=1e-12), key
    assert fast["chart"] == slow["chart"]


@pytest.mark.parametrize("reading", READINGS)
def test_the_dealer_sums_equal_the_recursion_over_drawing_orders(reading):
    """The C kernel's sums over multisets against the dealer drawing card by card (art. 6(1):
    "A banca é obrigada a tomar cartas quando o total dos seus pontos for 16 ou inferior ou
    quando tiver um «soft 17»"), for shoes the player's hands leave, every up card."""
    rng = np.random.default_rng(17)
    layout = states(3)
    picks = rng.choice(len(layout.removed), 12, replace=False)
    for up in range(1, 11):
        base = np.array([8] * 9 + [32], dtype=np.int64)  # two decks
        base[up - 1] -= 1
        out = np.empty((len(layout.removed), 7))
        kernels.dealer_table(layout.removed, base, *sparse_dealer_hands(up, reading), out)
        for row in picks:
            shoe = base - layout.removed[row]
            if (shoe < 0).any():
                assert not out[row].any()  # a shoe that cannot be left: probability zero
                continue
            expected = dealer_distribution(shoe, up, reading)
            assert out[row] == pytest.approx(expected, abs=1e-14)
            assert out[row].sum() == pytest.approx(1.0, abs=1e-12)


def test_the_states_hold_every_hand_of_21_or_less_once():
    table = hands()
    totals = table @ np.arange(1, 11)
    assert len(table) == len({tuple(r) for r in table.tolist()}) == 3083
    assert totals.max() == 21 and (np.diff(totals) <= 0).all()  # highest first
    layout = states(2)
    # a state's child is the hand one card larger, earlier in the layout
    for st in range(0, len(layout.hard), 97):
        for v in range(10):
            child = layout.child[st, v]
            if layout.hard[st] + v + 1 > 21:
                assert child == -1
            else:
                assert 0 <= child < st and layout.hard[child] == layout.hard[st] + v + 1


@pytest.mark.parametrize(
    ("argument", "bad"),
    [(0, np.zeros((5, 9), dtype=np.int64)), (1, np.zeros(9, dtype=np.int64))],
)
def test_the_kernels_refuse_arrays_of_the_wrong_shape(argument, bad):
    layout = states(1)
    args = [
        layout.removed,
        np.array([4] * 9 + [16], dtype=np.int64),
        *sparse_dealer_hands(2, "six_ace"),
        np.empty((len(layout.removed), 7)),
    ]
    args[argument] = bad
    with pytest.raises(ValueError, match="inconsistent sizes"):
        kernels.dealer_table(*args)
    with pytest.raises(ValueError, match="items of 8 bytes"):
        kernels.dealer_table(*args[:-1], np.empty((len(layout.removed), 7), dtype=np.float32))


def test_an_unknown_method_is_refused_by_name():
    rules = BlackjackRules(shoe=ShoeSpec(1, cut_card=26))
    with pytest.raises(ValueError, match="method: 'fast' must be one of solver, reference"):
        analyze_blackjack(rules, 1, method="fast")


def test_without_the_compiled_kernels_the_reference_gives_the_same_figures(monkeypatch):
    """The C extension is optional (pyproject.toml): where it was not built, the analysis runs
    the reference recursions, slower, with the same figures."""
    import sys

    decks, removed, options = CASES["a one-deck shoe without fives and most aces"]
    rules = BlackjackRules(shoe=ShoeSpec(decks, cut_card=26), **options)
    fast = analyze_blackjack(rules, decks, list(removed))
    monkeypatch.setitem(sys.modules, "croupier.analysis.blackjack_solver", None)  # unbuilt
    slow = analyze_blackjack(rules, decks, list(removed))
    assert slow["house_edge"] == pytest.approx(fast["house_edge"], abs=1e-12)
    assert slow["house_edge_optimal"] == pytest.approx(fast["house_edge_optimal"], abs=1e-12)


@pytest.mark.parametrize("method", ["solver", "reference"])
@pytest.mark.parametrize(("loses_initial_only", "expected"), [(True, -1.0), (False, -4.0)])
def test_a_split_against_a_dealer_blackjack_loses_only_the_initial_bet(
    method, loses_initial_only, expected
):
    """Art. 16(6): "Quando a banca fizer «black jack», o jogador que tenha separado as cartas
    ... apenas perde a sua aposta inicial" (when the dealer makes a blackjack, a player who split
    loses only their initial bet). A shoe of the dealer's ace and twenty ten-values: the dealer's
    second card is a ten (a blackjack, certain), and a split of tens draws a ten to every hand,
    re-split to the four hands art. 16 allows (the preset's maximum). Every hand loses to the
    blackjack: under art. 16(6) the split costs the one initial bet, -1; without it, all four
    stakes, -4."""
    from croupier.analysis.blackjack_exact import solver
    from croupier.games.blackjack.strategy import BasicStrategy

    rules = BlackjackRules(
        shoe=ShoeSpec(1, cut_card=26), split_loses_initial_only=loses_initial_only
    )
    assert rules.split_max_hands == 4
    shoe = (1, 0, 0, 0, 0, 0, 0, 0, 0, 20)  # counts of values 1 (ace) .. 10
    strategy = BasicStrategy(rules)
    card = solver(method)(rules, shoe, 1, strategy, strategy.chart())
    assert card.blackjack(10, 10) == pytest.approx(1.0)
    assert card.split(10, False) == pytest.approx(expected, abs=1e-12)
