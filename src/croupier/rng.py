"""Randomness: the OS CSPRNG for live play, a seeded NumPy generator for tests and simulation.

Both sources expose the same two operations, so the shuffle code is one and the same:

* ``fisher_yates_draws(n)``: the ``n - 1`` random indices an unbiased Fisher-Yates shuffle of
  ``n`` items needs (``j_i`` uniform in ``0..i`` for ``i = n-1 .. 1``);
* ``token(nbytes)``: random bytes, used as the nonce of a shoe's commitment.

Uniformity rests on the draws being exact uniform integers (``secrets.randbelow`` and
``numpy.random.Generator.integers`` both reject rather than take a modulus), and on the shuffle
being a true Fisher-Yates (every one of the n! draw sequences gives a different permutation).
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:  # NumPy is imported by the seeded source only (issue 32(3): a command that
    import numpy as np  # deals from the CSPRNG, or deals nothing, does not pay for it)

T = TypeVar("T")


class Draws(Protocol):
    """What a shuffle needs: the draws of an unbiased Fisher-Yates shuffle."""

    def fisher_yates_draws(self, n: int) -> Sequence[int]: ...


class RandomSource(Protocol):
    """What a shoe needs from randomness."""

    def fisher_yates_draws(self, n: int) -> Sequence[int]: ...

    def below(self, bound: int) -> int: ...

    def token(self, nbytes: int) -> bytes: ...


class SystemRandomSource:
    """Live play: the operating system's CSPRNG (``secrets``)."""

    def fisher_yates_draws(self, n: int) -> list[int]:
        return [secrets.randbelow(i + 1) for i in range(n - 1, 0, -1)]

    def below(self, bound: int) -> int:
        return secrets.randbelow(bound)

    def token(self, nbytes: int) -> bytes:
        return secrets.token_bytes(nbytes)


class SeededRandomSource:
    """Tests and simulation: a NumPy ``Generator`` (PCG64) from a seed or ``SeedSequence``."""

    def __init__(self, seed: int | np.random.SeedSequence | np.random.Generator) -> None:
        import numpy as np

        self._arange = np.arange
        if isinstance(seed, np.random.Generator):
            self.generator = seed
        else:
            self.generator = np.random.Generator(np.random.PCG64(seed))

    def fisher_yates_draws(self, n: int) -> list[int]:
        if n < 2:
            return []
        # One vectorised call: element k is uniform in 0..(n-1-k), i.e. j_i for i = n-1 .. 1.
        highs = self._arange(n, 1, -1, dtype="int64")
        draws: list[int] = self.generator.integers(0, highs).tolist()
        return draws

    def below(self, bound: int) -> int:
        return int(self.generator.integers(0, bound))

    def token(self, nbytes: int) -> bytes:
        return self.generator.bytes(nbytes)


def shuffle_in_place(items: MutableSequence[T], source: Draws) -> None:
    """Unbiased Fisher-Yates shuffle of ``items`` using ``source``'s draws."""
    n = len(items)
    draws = source.fisher_yates_draws(n)
    if len(draws) != max(n - 1, 0):
        raise ValueError("random source returned the wrong number of draws")
    for i, j in zip(range(n - 1, 0, -1), draws, strict=True):
        if not 0 <= j <= i:
            raise ValueError(f"random source draw {j} outside 0..{i}")
        items[i], items[j] = items[j], items[i]


def source_for(seed: int | None) -> RandomSource:
    """The CSPRNG when ``seed`` is None (live play), else a seeded generator."""
    if seed is None:
        return SystemRandomSource()
    return SeededRandomSource(seed)
