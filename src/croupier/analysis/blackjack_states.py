"""The player's hands of the exact blackjack analysis, laid out as arrays for the compiled
solver (:mod:`croupier.analysis.blackjack_solver` and its C kernels, ``_blackjack_kernels.c``).

A player's hand is a multiset of card values whose hard total (every ace one) is 21 or less:
3,083 of them, the empty hand included. The cards the shoe has lost are the hand's cards, and,
for a hand made by a split, the other pair cards dealt so far ("the shoe less the pair cards
dealt, not the other cards of the sister hands", the method of the published analysers): a
*state* is a hand with ``extra`` further cards of value ``pair`` gone. Its dealer distribution
depends only on the cards gone, so states sharing them share one: the *removed multisets*.

Everything here depends on the ruleset's split limit only (not on the shoe or the up card);
it is built once per limit with NumPy and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

MAX_HARD = 21
SHIFT = 6  # bits per value in a multiset's key: a count is at most 21 (aces) + 7 extra < 64


@cache
def hands() -> npt.NDArray[np.int64]:
    """Every multiset of values 1..10 (counts per value) with a hard total of 21 or less,
    ordered by hard total, highest first (a hand's successors come before it)."""
    found: list[list[int]] = []

    def walk(v: int, left: int, counts: list[int]) -> None:
        if v == 11:
            found.append(list(counts))
            return
        for k in range(left // v + 1):
            counts.append(k)
            walk(v + 1, left - k * v, counts)
            counts.pop()

    walk(1, MAX_HARD, [])
    table = np.array(found, dtype=np.int64)
    order = np.argsort(-(table @ np.arange(1, 11)), kind="stable")
    return table[order]


def keys(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """One integer per multiset (rows of counts per value)."""
    weights = np.int64(1) << (SHIFT * np.arange(10, dtype=np.int64))
    result: npt.NDArray[np.int64] = counts @ weights
    return result


@dataclass(frozen=True)
class States:
    """The solver's states: for variant 0 every hand, then for every pair value ``x`` and
    ``extra`` in 1..``max_extra`` the hands holding an ``x``."""

    removed: npt.NDArray[np.int64]  # (U, 10): the distinct removed multisets
    state_removed: npt.NDArray[np.int64]  # (S,): each state's row of ``removed``
    hard: npt.NDArray[np.int64]  # (S,): the hand's hard total
    ace: npt.NDArray[np.bool_]  # (S,): the hand holds an ace
    cards: npt.NDArray[np.int64]  # (S,): the hand's number of cards
    child: npt.NDArray[np.int64]  # (S, 10): the state after one more card, -1 when it busts
    offsets: dict[tuple[int, int], int]  # (pair, extra) -> first state; (0, 0) the plain hands
    position: npt.NDArray[np.int64]  # (11, H): a hand's place among the hands holding x

    def state(self, hand: tuple[int, ...], pair: int = 0, extra: int = 0) -> int:
        """The index of the state of ``hand`` (card values) in variant (``pair``, ``extra``)."""
        key = sum(1 << (SHIFT * (v - 1)) for v in hand)
        return self.offsets[(pair, extra)] + int(self.position[pair, hand_index()[key]])


@cache
def hand_index() -> dict[int, int]:
    return {int(k): i for i, k in enumerate(keys(hands()))}


@cache
def states(max_extra: int) -> States:
    table = hands()
    count = len(table)
    hand_keys = keys(table)
    order = np.argsort(hand_keys)
    # the hand after one more card of value v: its index among all hands, or -1 (a bust)
    plus = np.full((count, 10), -1, dtype=np.int64)
    for v in range(10):
        grown = hand_keys + (np.int64(1) << (SHIFT * v))
        at = np.searchsorted(hand_keys[order], grown)
        at = np.minimum(at, count - 1)
        found = hand_keys[order][at] == grown
        plus[found, v] = order[at[found]]
    position = np.full((11, count), -1, dtype=np.int64)
    position[0] = np.arange(count)
    members = [np.arange(count)]
    variants: list[tuple[int, int]] = [(0, 0)]
    for x in range(1, 11):
        holding = np.flatnonzero(table[:, x - 1] > 0)
        position[x, holding] = np.arange(len(holding))
        for extra in range(1, max_extra + 1):
            members.append(holding)
            variants.append((x, extra))
    offsets: dict[tuple[int, int], int] = {}
    removed_rows = []
    children = []
    start = 0
    for (x, extra), member in zip(variants, members, strict=True):
        offsets[(x, extra)] = start
        rows = table[member].copy()
        if x:
            rows[:, x - 1] += extra
        removed_rows.append(rows)
        grown = plus[member]
        mapped = np.where(grown >= 0, position[x][np.maximum(grown, 0)] + start, -1)
        children.append(mapped)
        start += len(member)
    every = np.concatenate(removed_rows)
    distinct, inverse = np.unique(keys(every), return_inverse=True)
    removed = np.zeros((len(distinct), 10), dtype=np.int64)
    removed[inverse] = every
    member_all = np.concatenate(members)
    return States(
        removed=removed,
        state_removed=inverse.astype(np.int64),
        hard=(table @ np.arange(1, 11))[member_all],
        ace=table[member_all, 0] > 0,
        cards=table.sum(axis=1)[member_all],
        child=np.concatenate(children),
        offsets=offsets,
        position=position,
    )
