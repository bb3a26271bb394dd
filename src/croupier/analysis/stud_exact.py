"""Exact Macau stud odds: every player hand against every dealer hand it can meet.

For a player hand ``P`` the dealer holds one of the C(47,5) = 1,533,939 hands that share no
card with it. Its value depends only on how many of those do not qualify (art. 9(1)), how many
qualify and rank below ``P``, and how many above. They are counted without pairing hands:

* every hand is walked in the order of art. 8 (the dense ranks of
  :mod:`croupier.games.stud.evaluator`); a counter per card subset (sizes 0 to 5) holds how many
  hands already walked contain that subset;
* by inclusion-exclusion, the hands walked so far that share no card with ``P`` number
  ``sum over subsets S of P of (-1)^|S| count[S]``: 32 counter reads per hand.

Non-qualifying hands are exactly the lowest hands of the order (high cards below A-K), so one
snapshot of the counters at that threshold gives each hand's count of non-qualifying dealer
hands. Hands that compare equal (the US order, where suits never count) are walked as a group:
counting before and after the group gives the ties. Everything is an exact integer; the whole
walk takes seconds (a brute force over the pairs is about 4e12 comparisons).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier import pinned_cache
from croupier.games.stud.evaluator import HANDS, build_tables, rank_tables
from croupier.games.stud.hands import CATEGORIES, dealer_qualifies
from croupier.games.stud.rules import RAISE_PAYS

DEALER_HANDS = comb(47, 5)  # 1,533,939
#: the tables below kept on disk once built (croupier.pinned_cache, issue 32(3)): a hand's
#: qualification (a byte a hand), and per order the counts of the walk (three little-endian
#: uint32 a hand: non-qualifying, qualifying and below, tied), pinned by their SHA-256
QUALIFYING_FILE = (
    "stud-qualifying-1.bin",
    "7be4b1de612e1a1c6fd5b7b2e11299516d550aa4f926fbb6a2c53eb33dd2f180",
)
COUNTS_FILES = {
    "macau": (
        "stud-counts-macau-1.bin",
        "f0ce4ebeba8d55d0970cea2aba3885b02611bd097eaeb09115291622d00eca05",
    ),
    "us": (
        "stud-counts-us-1.bin",
        "9633ef156d861e1e892ade7ee30738719ad5a593757de528ff8d1a729e037bb2",
    ),
}


@dataclass(frozen=True)
class StudCounts:
    """Per player hand (colex order): dealer hands it meets that do not qualify, that qualify and
    rank below it, that tie with it, and the hand's category index."""

    nonqualifying: npt.NDArray[np.int64]
    qualifying_below: npt.NDArray[np.int64]
    ties: npt.NDArray[np.int64]
    category: npt.NDArray[np.int8]


def _hand_cards() -> npt.NDArray[np.int8]:
    """The five cards of every hand, in colex order (the compiled kernel of stud_walk.py)."""
    from croupier.analysis import stud_walk

    cards: npt.NDArray[np.int8] = stud_walk._hand_cards()
    return cards


@cache
def dense_ranks(order_name: str = "macau") -> npt.NDArray[np.int64]:
    """Every hand's dense rank (colex order) in the Macau order of art. 8 (the evaluator's
    tables, kept on disk), or with ``"us"`` the order in which suits never count."""
    if order_name == "macau":
        return np.frombuffer(rank_tables()[0], dtype=np.uint16).astype(np.int64)
    from croupier.games.stud.evaluator import sparse_keys_all

    keys = sparse_keys_all()
    if order_name == "us":
        keys = keys >> 2  # the suit tie-break lives in the low two bits of every key
    distinct = np.unique(keys)
    ranks: npt.NDArray[np.int64] = np.searchsorted(distinct, keys).astype(np.int64)
    return ranks


@cache
def qualifying_hands() -> npt.NDArray[np.bool_]:
    """Per hand (colex order), whether a dealer holding it qualifies (art. 9(1)): read from the
    disk cache, else decided by :func:`_qualifying_built` and kept there."""
    name, pin = QUALIFYING_FILE
    data = pinned_cache.load(name, pin, HANDS)
    if data is None:
        data = pinned_cache.store(name, pin, _qualifying_built().astype(np.uint8).tobytes())
    return np.frombuffer(data, dtype=np.uint8).astype(np.bool_)


def hand_categories() -> npt.NDArray[np.int8]:
    """Every hand's category index (colex order), from the evaluator's tables on disk."""
    ranks, categories = rank_tables()
    by_rank = np.frombuffer(categories, dtype=np.int8)
    out: npt.NDArray[np.int8] = by_rank[np.frombuffer(ranks, dtype=np.uint16)]
    return out


def _qualifying_built() -> npt.NDArray[np.bool_]:
    """Per hand, whether a dealer holding it qualifies (art. 9(1)), decided by the round's own
    :func:`~croupier.games.stud.hands.dealer_qualifies`: asked once per distinct (category,
    ranks held), which is all it reads, and spread to every hand."""
    tables = build_tables()
    category = tables.category[tables.rank].astype(np.int64)
    cards = _hand_cards()
    held = np.bitwise_or.reduce(np.left_shift(1, cards.astype(np.int64) >> 2), axis=1)
    _, first, where = np.unique(category * 8192 + held, return_index=True, return_inverse=True)
    decided = np.array(
        [dealer_qualifies(cards[i].tolist(), CATEGORIES[category[i]]) for i in first],
        dtype=np.bool_,
    )
    out: npt.NDArray[np.bool_] = decided[where.reshape(-1)]
    return out


@cache
def stud_counts(order_name: str = "macau") -> StudCounts:
    """``"macau"``: the order of art. 8 (suits decide); ``"us"``: suits never count (ties).
    Read from the disk cache, else walked by :func:`_counts_built` and kept there."""
    if order_name not in COUNTS_FILES:
        raise ValueError(f"order: {order_name!r} is macau or us")
    name, pin = COUNTS_FILES[order_name]
    data = pinned_cache.load(name, pin, 12 * HANDS)
    if data is None:
        built = _counts_built(order_name)
        columns = (built.nonqualifying, built.qualifying_below, built.ties)
        data = pinned_cache.store(name, pin, np.stack(columns).astype("<u4").tobytes())
    nonq, below, ties = np.frombuffer(data, dtype="<u4").reshape(3, HANDS).astype(np.int64)
    return StudCounts(nonq, below, ties, hand_categories())


def _counts_built(order_name: str) -> StudCounts:
    """The walk over every hand in the order (the module's docstring)."""
    tables = build_tables()
    ranks = dense_ranks(order_name)
    category = tables.category[tables.rank]
    cards = _hand_cards()
    qualifying = qualifying_hands()  # art. 9(1), as the round decides it
    threshold = int(ranks[qualifying].min())
    assert int(ranks[~qualifying].max()) < threshold, "non-qualifying hands are the lowest"
    colex = np.array([[comb(n, k) for n in range(52)] for k in range(1, 6)], dtype=np.int64)
    from croupier.analysis.stud_walk import _subset_indices, _walk

    subsets = _subset_indices(cards, colex)
    order = np.argsort(ranks, kind="stable").astype(np.int64)
    below, equal, nonq = _walk(order, ranks, subsets, threshold)
    qualifying_below = np.maximum(below - nonq, 0)
    # a dealer hand equal to a non-qualifying player hand does not qualify either: it is
    # already counted in ``nonq`` and is no tie
    ties = np.where(ranks >= threshold, equal, 0)
    return StudCounts(nonq, qualifying_below, ties, category)


def raise_multiples(royal: int) -> npt.NDArray[np.int64]:
    return np.array(
        [RAISE_PAYS.get(c, royal) if c != "royal_flush" else royal for c in CATEGORIES],
        dtype=np.int64,
    )


def raise_values(
    royal: int, order_name: str
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Per hand, the value of raising times C(47,5) (ante 1:1 and the raise returned when the
    dealer does not qualify; ante 1:1 and the raise at the paytable on a win; 3 lost on a
    loss), and the number of qualifying dealer hands that beat it."""
    counts = stud_counts(order_name)
    mult = raise_multiples(royal)[counts.category]
    nq, win, tie = counts.nonqualifying, counts.qualifying_below, counts.ties
    lose = DEALER_HANDS - nq - win - tie
    return nq * 1 + win * (1 + 2 * mult) - lose * 3, lose


def raise_table(royal: int, strategy: str, order_name: str = "macau") -> npt.NDArray[np.bool_]:
    """Per hand (colex order): does the strategy raise? ``own`` is the best play on the
    player's own five cards (the optimum that also reads the dealer's up card is
    :func:`croupier.analysis.stud_upcard.analyze_upcard`); the simulator reads the same table."""
    counts = stud_counts(order_name)
    if strategy == "own":
        table: npt.NDArray[np.bool_] = raise_values(royal, order_name)[0] > -DEALER_HANDS
        return table
    if strategy == "pair":
        return counts.category >= 1
    if strategy == "ak":
        cards = _hand_cards().astype(np.int64) >> 2
        ace_king = ((cards == 12).any(axis=1)) & ((cards == 11).any(axis=1))
        raises: npt.NDArray[np.bool_] = (counts.category >= 1) | ace_king
        return raises
    raise ValueError(f"strategy: {strategy!r} is own, pair or ak")


#: the strategies read from the player's five cards alone
OWN_CARD_STRATEGIES = ("own", "pair", "ak")


def analyze_stud(
    royal: int = 100, strategy: str = "own", order_name: str = "macau"
) -> dict[str, Any]:
    """House edge per ante, element of risk, raise probability and the return table, exactly.

    ``strategy``: ``own`` (raise whenever raising beats folding's -1, on the five cards alone),
    ``pair`` (raise on a pair or better) or ``ak`` (raise on ace-king or better, the dealer's
    own qualification). The optimum with the dealer's up card: ``stud_upcard``."""
    counts = stud_counts(order_name)
    mult = raise_multiples(royal)[counts.category]
    nq = counts.nonqualifying
    win = counts.qualifying_below
    tie = counts.ties  # US order only: a qualified dealer's tie pushes ante and raise
    lose = DEALER_HANDS - nq - win - tie
    # value of raising, times DEALER_HANDS: ante 1:1 and raise returned on no qualification;
    # ante 1:1 plus raise at the paytable on a win; ante and raise (3) lost on a loss
    raise_value = nq * 1 + win * (1 + 2 * mult) - lose * 3
    fold_value = -DEALER_HANDS
    raises = raise_table(royal, strategy, order_name)
    total_value = int(raise_value[raises].sum()) + fold_value * int((~raises).sum())
    denominator = HANDS * DEALER_HANDS
    ev = Fraction(total_value, denominator)
    p_raise = Fraction(int(raises.sum()), HANDS)
    rows = []
    r_nq = int(nq[raises].sum())
    r_lose = int(lose[raises].sum())
    r_tie = int(tie[raises].sum())
    rows.append({"outcome": "fold", "probability": float(1 - p_raise), "net": -1})
    rows.append({"outcome": "dealer does not qualify", "probability": r_nq / denominator, "net": 1})
    rows.append({"outcome": "dealer wins", "probability": r_lose / denominator, "net": -3})
    if order_name == "us":
        rows.append({"outcome": "tie", "probability": r_tie / denominator, "net": 0})
    for index, name in enumerate(CATEGORIES):
        sel = raises & (counts.category == index)
        w = int(win[sel].sum())
        if w:
            m = int(raise_multiples(royal)[index])
            rows.append(
                {
                    "outcome": f"player wins with {name}",
                    "probability": w / denominator,
                    "net": 1 + 2 * m,
                }
            )
    return {
        "house_edge_ante": float(-ev),
        "house_edge_ante_exact": f"{(-ev).numerator}/{(-ev).denominator}",
        "element_of_risk": float(-ev / (1 + 2 * p_raise)),
        "probability_raise": float(p_raise),
        "strategy": strategy,
        "order": order_name,
        "royal_flush_pays": royal,
        "return_table": rows,
    }


JACKPOT_HANDS = {  # hands of each category among the 2,598,960
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
}


def stud_jackpot(spec: Any, pool: int | None = None) -> dict[str, Any]:
    """Hit rates of the jackpot paytable (art. 10(2)) on the player's own five cards and the
    jackpot bet's return per ticket, one bettor at the table (every prize to them); the
    strategies above never fold a flush or better, so folding costs no jackpot."""
    pool = spec.seed if pool is None else pool
    stake = spec.stake or 1
    rows = []
    expected = Fraction(-1)
    for name, hands in JACKPOT_HANDS.items():
        p = Fraction(hands, HANDS)
        prize, _ = spec.prizes[name].amount(pool)
        gain = Fraction(prize) / stake
        expected += p * gain
        rows.append(
            {
                "combination": name,
                "probability": float(p),
                "prize": int(prize),
                "return": float(p * gain),
            }
        )
    return {
        "pool": pool,
        "stake": stake,
        "return": float(1 + expected),
        "house_edge": float(-expected),
        "rows": rows,
    }
