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
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from croupier.pcg64 import Pcg64

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
    """Tests and simulation: a NumPy ``Generator`` (PCG64) from a seed or ``SeedSequence``.

    From a whole-number seed the first draws come from :class:`croupier.pcg64.Pcg64`, the same
    stream in plain Python (issue 32(3): a command that deals a shoe or two from a seed does not
    import NumPy); past ``PLAIN_DRAWS`` draws the stream moves, state and all, into NumPy's
    generator, which carries on with the very numbers it would have drawn from the start."""

    #: draws made in plain Python before NumPy takes over (about a dozen eight-deck shoes: a
    #: shoe's draws cost ~0.16 ms here and ~0.01 ms in NumPy, whose import costs ~80 ms)
    PLAIN_DRAWS = 5_000

    def __init__(self, seed: int | np.random.SeedSequence | np.random.Generator) -> None:
        self._plain: Pcg64 | None = None
        self._drawn = 0
        if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
            self._plain = Pcg64(seed)
            return
        import numpy as np

        if isinstance(seed, np.random.Generator):
            self._numpy = seed
        else:
            self._numpy = np.random.Generator(np.random.PCG64(seed))

    @property
    def generator(self) -> np.random.Generator:
        """The NumPy generator, holding the stream from where the plain one left it."""
        if self._plain is not None:
            import numpy as np

            bits = np.random.PCG64()
            state: Any = self._plain.numpy_state()  # NumPy's typed dict of that shape
            bits.state = state
            self._numpy = np.random.Generator(bits)
            self._plain = None
        return self._numpy

    def _plain_for(self, draws: int) -> Pcg64 | None:
        """The plain stream while it may make ``draws`` more draws, else None."""
        if self._plain is None or self._drawn + draws > self.PLAIN_DRAWS:
            return None
        self._drawn += draws
        return self._plain

    def fisher_yates_draws(self, n: int) -> list[int]:
        if n < 2:
            return []
        plain = self._plain_for(n - 1)
        if plain is not None:
            return plain.integers_below(range(n, 1, -1))
        # One vectorised call: element k is uniform in 0..(n-1-k), i.e. j_i for i = n-1 .. 1.
        import numpy as np

        highs = np.arange(n, 1, -1, dtype="int64")
        draws: list[int] = self.generator.integers(0, highs).tolist()
        return draws

    def below(self, bound: int) -> int:
        plain = self._plain_for(1) if 0 < bound <= 2**32 else None
        if plain is not None:
            return plain.bounded(bound - 1)
        return int(self.generator.integers(0, bound))

    def token(self, nbytes: int) -> bytes:
        plain = self._plain_for(Pcg64.words_for(nbytes)) if nbytes >= 0 else None
        if plain is not None:
            return plain.bytes(nbytes)
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
