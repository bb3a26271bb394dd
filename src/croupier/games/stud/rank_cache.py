"""The stud evaluator's tables kept on disk (issue 32(3)): building them runs the compiled kernels
over all 2,598,960 hands (Numba loaded and a sort: most of a second), and ``croupier stud deal``
ranks a few hands. The first build writes them to the user's cache; later processes read 5 MB
back, pinned by their SHA-256 (:mod:`croupier.pinned_cache`: a file that differs in any byte is
never used but rebuilt).

Layout: the dense rank of every hand in colex order (uint16, little-endian), then the category
of every dense rank (int8).
"""

from __future__ import annotations

import sys
from array import array

from croupier import pinned_cache

HANDS = 2_598_960
PLACES = 21_489  # distinct places of a hand in the Macau order (art. 4, 8)
SHA256 = "558840f8fa8550c3bf7046ce4edf4fb878c68d6c899fb68bdb935b32cfe5feea"
NAME = "stud-ranks-1.bin"


def _split(data: bytes) -> tuple[array[int], bytes]:
    ranks = array("H")
    ranks.frombytes(data[: 2 * HANDS])
    if sys.byteorder == "big":
        ranks.byteswap()
    return ranks, data[2 * HANDS :]


def load() -> tuple[array[int], bytes] | None:
    """The tables from the cache, if there and exactly the pinned bytes."""
    data = pinned_cache.load(NAME, SHA256, 2 * HANDS + PLACES)
    return None if data is None else _split(data)


def store(data: bytes) -> tuple[array[int], bytes]:
    """Keep ``data`` (built, and checked against the pin) in the cache."""
    return _split(pinned_cache.store(NAME, SHA256, data))
