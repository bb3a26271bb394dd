"""Hand ranking in the Macau order (Despacho 61/2004, arts. 4 and 8): the fast evaluator against
an independent brute force on every hand, and hand-made tie cases for every tie rule."""

import functools
import itertools

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.games.stud.evaluator import (
    HANDS,
    build_tables,
    categories_of,
    category_of,
    rank5,
    rank_batch,
)
from croupier.games.stud.hands import CATEGORIES, evaluate_reference

KNOWN_TOTALS = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pairs": 123552,
    "one_pair": 1098240,
    "high_card": 1302540,
}


def all_hands() -> np.ndarray:
    """Every five-card hand, in colex order (the evaluator's table order)."""
    combos = np.fromiter(
        itertools.chain.from_iterable(
            (a, b, c, d, e)
            for e in range(4, 52)
            for d in range(3, e)
            for c in range(2, d)
            for b in range(1, c)
            for a in range(b)
        ),
        dtype=np.int8,
        count=HANDS * 5,
    )
    return combos.reshape(HANDS, 5)


def brute_force_categories(hands: np.ndarray) -> np.ndarray:
    """Categories by counting ranks and suits with NumPy: independent of the evaluator."""
    ranks = hands // 4
    suits = hands % 4
    counts = np.zeros((len(hands), 13), dtype=np.int8)
    for k in range(5):
        counts[np.arange(len(hands)), ranks[:, k]] += 1
    shape = -np.sort(-counts, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = shape[:, 4] == 0
    five_distinct = (counts > 0).sum(axis=1) == 5
    srt = np.sort(ranks, axis=1)
    run = (srt[:, 4] - srt[:, 0] == 4) & five_distinct
    wheel = five_distinct & (srt == np.array([0, 1, 2, 3, 12])).all(axis=1)
    straight = run | wheel
    royal = flush & run & (srt[:, 0] == 8)
    cat = np.full(len(hands), CATEGORIES.index("high_card"), dtype=np.int8)
    cat[shape[:, 0] == 2] = CATEGORIES.index("one_pair")
    cat[(shape[:, 0] == 2) & (shape[:, 1] == 2)] = CATEGORIES.index("two_pairs")
    cat[shape[:, 0] == 3] = CATEGORIES.index("three_of_a_kind")
    cat[straight & ~flush] = CATEGORIES.index("straight")
    cat[flush & ~straight] = CATEGORIES.index("flush")
    cat[(shape[:, 0] == 3) & (shape[:, 1] == 2)] = CATEGORIES.index("full_house")
    cat[shape[:, 0] == 4] = CATEGORIES.index("four_of_a_kind")
    cat[flush & straight & ~royal] = CATEGORIES.index("straight_flush")
    cat[royal] = CATEGORIES.index("royal_flush")
    del distinct
    return cat


@pytest.fixture(scope="module")
def every_hand():
    return all_hands()


def test_every_hands_category_agrees_with_brute_force_and_known_totals(every_hand):
    tables = build_tables()
    fast = categories_of(tables.rank)
    brute = brute_force_categories(every_hand)
    assert np.array_equal(fast, brute)
    totals = {CATEGORIES[i]: int(n) for i, n in enumerate(np.bincount(fast, minlength=10))}
    assert totals == KNOWN_TOTALS


def test_batch_and_single_call_agree_with_the_table_in_any_card_order(every_hand):
    tables = build_tables()
    rng = np.random.default_rng(5)
    sample = rng.choice(HANDS, 20000, replace=False)
    hands = every_hand[sample].astype(np.int64)
    shuffled = rng.permuted(hands, axis=1)
    assert np.array_equal(rank_batch(shuffled), tables.rank[sample])
    for row, expected in zip(shuffled[:2000].tolist(), tables.rank[sample[:2000]], strict=True):
        assert rank5(row) == expected


@pytest.mark.cites("macau-stud-2004", "art. 8")
def test_order_agrees_with_the_reference_on_random_pairs_of_disjoint_hands():
    """Dealer against player: two disjoint hands from one deck, 20,000 times."""
    rng = np.random.default_rng(8)
    for _ in range(20000):
        cards = rng.permutation(52)[:10].tolist()
        a, b = cards[:5], cards[5:]
        ra, rb = rank5(a), rank5(b)
        va, vb = evaluate_reference(a), evaluate_reference(b)
        assert ra != rb and va != vb, "one deck: no tie between dealer and player"
        assert (ra > rb) == (va > vb), (a, b)
        assert category_of(ra) == va.category


@pytest.mark.cites("macau-stud-2004", "art. 8", "art. 8(1)", "art. 8(2)", "art. 8(3)", "art. 8(4)")
@pytest.mark.cites("macau-stud-2004", "art. 8(5)", "art. 8(6)", "art. 8(7)", "art. 8(8)")
@pytest.mark.cites("macau-stud-2004", "art. 8(9)", "art. 8(10)")
def test_reference_and_fast_order_agree_within_every_category():
    """Sort 3,000 random hands by each: the orders must match (ties only on shared cards)."""
    rng = np.random.default_rng(13)
    hands = [rng.permutation(52)[:5].tolist() for _ in range(3000)]
    by_fast = sorted(hands, key=lambda h: (rank5(h), tuple(sorted(h))))
    by_ref = sorted(hands, key=lambda h: (evaluate_reference(h), tuple(sorted(h))))
    assert [rank5(h) for h in by_fast] == sorted(rank5(h) for h in by_ref)


def better(x: str, y: str) -> bool:
    """x beats y, by both evaluators (they must agree)."""
    hx, hy = parse_cards(x), parse_cards(y)
    fast = rank5(hx) > rank5(hy)
    ref = evaluate_reference(hx) > evaluate_reference(hy)
    assert fast == ref, (x, y)
    return fast


@pytest.mark.cites(
    "macau-stud-2004",
    "art. 8",
    "art. 8(1)",
    "art. 8(2)",
    "art. 8(3)",
    "art. 8(4)",
    "art. 8(5)",
    "art. 8(6)",
    "art. 8(7)",
    "art. 8(8)",
    "art. 8(9)",
    "art. 8(10)",
)
@pytest.mark.parametrize(
    ("winner", "loser", "rule"),
    [
        # art. 8(1): two royal flushes: the higher suit
        ("AS KS QS JS TS", "AH KH QH JH TH", "8(1) suit"),
        ("AC KC QC JC TC", "AD KD QD JD TD", "8(1) suit"),
        # art. 8(2): straight flushes by top card, then suit; K-high highest, 5-high lowest
        ("KD QD JD TD 9D", "QS JS TS 9S 8S", "8(2) top card"),
        ("9H 8H 7H 6H 5H", "9C 8C 7C 6C 5C", "8(2) suit"),
        ("6D 5D 4D 3D 2D", "5S 4S 3S 2S AS", "8(2) A-5 lowest"),
        # art. 8(3): four of a kind by rank; the odd card never counts
        ("3S 3H 3C 3D 2S", "2H 2C 2D 2S AS", "8(3) rank"),
        # art. 8(4): full house by the three
        ("4S 4H 4C 2S 2H", "3S 3H 3C AS AH", "8(4) three"),
        # art. 8(5): flushes card by card, then suit
        ("AD 9D 7D 5D 2D", "KS QS JS 9S 7S", "8(5) first card"),
        ("AD KD 7D 5D 3D", "AS KS 7S 5S 2S", "8(5) fifth card"),
        ("AS KS 7S 5S 2S", "AH KH 7H 5H 2H", "8(5) suit"),
        # art. 8(6): straights by top card, then the suit of the top card; A-5 lowest
        ("TD 9S 8S 7S 6S", "9S 8D 7D 6D 5D", "8(6) top card"),
        ("TS 9D 8D 7D 6D", "TH 9S 8S 7S 6S", "8(6) suit of top card"),
        ("6D 5S 4S 3S 2S", "5H 4D 3D 2D AS", "8(6) A-5 lowest"),
        ("AD KS QS JS TS", "KS QD JD TD 9D", "8(6) A high"),
        # art. 8(7): three of a kind by the three; the odd cards never count
        ("3D 3C 3H 2S 4S", "2D 2C 2H AS KS", "8(7) three"),
        # art. 8(8): two pairs: higher pair, lower pair, odd card, suit of the higher pair
        ("AS AH 3D 3C 2S", "KS KH QD QC JS", "8(8) higher pair"),
        ("KS KH 4D 4C 2S", "KD KC 3D 3C AS", "8(8) lower pair"),
        ("KS KH 4D 4C 5S", "KD KC 4H 4S 3S", "8(8) odd card"),
        ("KS KD 4D 4C 5S", "KH KC 4H 4S 5D", "8(8) suit of higher pair"),
        # art. 8(9): one pair: the pair, the odd cards from the highest, the suit of the pair
        ("AS AD 4C 3C 2S", "KS KH QD JC 9S", "8(9) pair"),
        ("9S 9D AC 3C 2S", "9H 9C KS QD JH", "8(9) first odd card"),
        ("9S 9D AC QC 3S", "9H 9C AS QD 2H", "8(9) third odd card"),
        ("9S 9D AC QC 3S", "9H 9C AS QD 3H", "8(9) suit of the pair"),
        # art. 8(10): five odd cards, highest down, then the suit of the highest card
        ("AS 7D 5C 3H 2S", "KS QD JC 9H 7S", "8(10) first card"),
        ("AS KD 9C 4H 3S", "AH KS 9D 4C 2S", "8(10) fifth card"),
        ("AS KD 9C 4H 3S", "AH KS 9D 4C 3C", "8(10) suit of the highest card"),
        # categories in the order of art. 8
        ("2S 3S 4S 5S 6S", "AS AH AD AC KS", "straight flush > four"),
        ("2S 2H 2D 3S 3H", "AS QS 9S 7S 5S", "full house > flush"),
        ("5S 4S 3H 2S AD", "AS AH AD KC QS", "straight > three"),
        ("2S 2H 3D 3C 4S", "AS AH KD QC JS", "two pairs > one pair"),
        ("2S 2H 3D 4C 5S", "AS KH QD JC 9S", "one pair > five odd cards"),
    ],
)
def test_tie_rules_of_art_8(winner, loser, rule):
    assert better(winner, loser), rule
    assert not better(loser, winner), rule


def test_kickers_never_count_for_three_and_four_of_a_kind():
    # the regulation: "the other cards do not count": two such hands (only possible when they
    # share the three or four) compare equal
    assert rank5(parse_cards("7S 7H 7D AS KS")) == rank5(parse_cards("7S 7H 7D 2C 3C"))
    assert rank5(parse_cards("7S 7H 7D 7C AS")) == rank5(parse_cards("7S 7H 7D 7C 2D"))


@pytest.mark.cites("macau-stud-2004", "art. 8")
def test_bad_input():
    """Art. 8 ranks "jogos" of five cards from one deck: four cards, or a card twice, is none."""
    with pytest.raises(ValueError, match="five different cards"):
        evaluate_reference(parse_cards("AS AS KD QD JD"))
    with pytest.raises(ValueError, match="five different cards"):
        evaluate_reference(parse_cards("AS KD QD JD"))
    with pytest.raises(ValueError, match=r"\(n, 5\)"):
        rank_batch(np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(ValueError, match=r"0\.\.51"):
        rank_batch(np.full((1, 5), 60))


def test_the_c_accelerator_and_the_python_fallback_agree(every_hand):
    from croupier.games.stud.evaluator import python_rank5_function, rank5_function

    fast, slow = rank5_function(), python_rank5_function()
    rng = np.random.default_rng(21)
    for row in rng.permuted(every_hand[rng.choice(HANDS, 30000)], axis=1).tolist():
        assert fast(row) == slow(row)
    assert fast is not slow, "the C accelerator was not built (pip install needs gcc)"
    for bad in ([1, 2, 3, 4], [1, 1, 2, 3, 4], [0, 1, 2, 3, 52]):
        with pytest.raises(ValueError):
            fast(bad)


@pytest.mark.cites("macau-stud-2004", "art. 8", "art. 8(1)", "art. 8(2)", "art. 8(3)", "art. 8(4)")
@pytest.mark.cites("macau-stud-2004", "art. 8(5)", "art. 8(6)", "art. 8(7)", "art. 8(8)")
@pytest.mark.cites("macau-stud-2004", "art. 8(9)", "art. 8(10)")
def test_the_reference_orders_every_rare_hand_as_the_fast_evaluator():
    """Art. 8's order, tie rules included (suits last), for every royal flush, straight flush,
    four of a kind, full house and flush in the deck, and 4,000 hands of each commoner
    category: the plain reference (the letter of art. 8) and the fast evaluator (checked
    against a brute force above) sort them the same way, category by category."""
    for index, name in enumerate(CATEGORIES):
        rows = _hands_of_each_category()[index]
        fast = [rank5(h) for h in rows]
        ref = [evaluate_reference(h) for h in rows]
        assert {v.category for v in ref} == {name}
        by_ref = sorted(range(len(rows)), key=ref.__getitem__)
        assert [fast[i] for i in by_ref] == sorted(fast), name


@functools.cache
def _hands_of_each_category() -> list[list[list[int]]]:
    """Every hand of the five rarest categories, 4,000 of each other (by the brute force)."""
    hands = all_hands()
    cats = brute_force_categories(hands)
    rng = np.random.default_rng(21)
    out = []
    for index in range(len(CATEGORIES)):
        chosen = hands[cats == index]
        if len(chosen) > 6000:
            chosen = chosen[rng.choice(len(chosen), 4000, replace=False)]
        out.append(chosen.tolist())
    return out
