"""The compiled exact baccarat enumeration (``_baccarat_kernels.c``) against the same loops in
plain Python (:mod:`croupier.analysis.baccarat_enumeration`), which the published-figure and
brute-force tests of test_baccarat_exact.py also hold; and the kernel's refusals.

Macau baccarat art. 9(2): "Se a mão da banca ou a mão do jogador ... somar 8 ou 9 pontos ...
não se tiram mais cartas" (a natural 8 or 9 ends the coup: no third cards); arts. 11-12, the
third-card tables (games/baccarat/drawing.py). Every shoe below, full or depleted, must give
the compiled and the plain enumeration the same counts to the unit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.analysis import _baccarat_kernels  # type: ignore[attr-defined]
from croupier.analysis.baccarat_enumeration import enumerate_plain
from croupier.analysis.baccarat_exact import (
    BANKER_DRAWS_LIST,
    PLAYER_DRAWS_LIST,
    Composition,
    outcomes,
    sequence_counts,
)

pytestmark = pytest.mark.cites("macau-baccarat-2004", "art. 9(2)", "art. 11", "art. 12")


def plain(counts: list[int]) -> list[list[int]]:
    return enumerate_plain(counts, PLAYER_DRAWS_LIST, BANKER_DRAWS_LIST)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_the_compiled_enumeration_counts_what_the_plain_one_counts(counts):
    assert sequence_counts(np.array(counts, dtype=np.int64)).tolist() == plain(counts)


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_full_shoes_agree_and_count_every_sequence_once(decks):
    points = Composition.full(decks).points()
    compiled = sequence_counts(points)
    assert compiled.tolist() == plain(points.tolist())
    n = 52 * decks
    assert int(compiled.sum()) == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def test_a_shoe_too_large_for_64_bits_is_counted_in_python_integers():
    big = Composition.full(30)  # 1,560 cards: six factors pass 2**63
    result = outcomes(big)  # the plain loops: the total is checked inside
    n = 52 * 30
    assert result.total == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5) > 2**63


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([1] * 5 + [0] * 5, "6 to 1,400 cards"),
        ([-1] + [10] * 9, "no count below zero"),
        ([200] * 10, "6 to 1,400 cards"),
    ],
)
def test_the_kernel_refuses_a_shoe_it_cannot_count(counts, message):
    out = np.zeros((4, 10), dtype=np.int64)
    player = np.array(PLAYER_DRAWS_LIST, dtype=np.uint8)
    banker = np.array(BANKER_DRAWS_LIST, dtype=np.uint8)
    with pytest.raises(ValueError, match=message):
        _baccarat_kernels.enumerate(np.array(counts, dtype=np.int64), player, banker, out)
    with pytest.raises(ValueError, match="int64"):
        _baccarat_kernels.enumerate(np.zeros(9, dtype=np.int64), player, banker, out)
    assert not out.any()  # a refused call writes nothing


def test_without_the_compiled_kernel_the_plain_loops_give_the_same_counts(monkeypatch):
    """The C extension is optional (pyproject.toml): unbuilt, the same loops run in Python."""
    from croupier.analysis import baccarat_exact

    points = Composition.full(1).remove("AS KD 5C").points()
    compiled = sequence_counts(points)
    monkeypatch.setattr(baccarat_exact, "_kernels", None)  # as where the extension is unbuilt
    assert sequence_counts(points).tolist() == compiled.tolist()
