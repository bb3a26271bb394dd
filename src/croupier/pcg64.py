"""NumPy's ``Generator(PCG64(seed))`` for a whole-number seed, in plain Python (issue 32(3)).

A seeded deal from the command line (``croupier baccarat deal --seed 7``) draws a few hundred
numbers; importing NumPy for them cost a third of the command's start. This module gives the
same numbers without NumPy: the seed spread by NumPy's ``SeedSequence`` (its hash and mix of
32-bit words, four words of pool, four 64-bit words of state), PCG64's 128-bit linear
congruential step with its XSL-RR output, the generator's 32-bit draws (the two halves of a
64-bit output, low half first), and Lemire's bounded integers as ``Generator.integers`` draws
them for ranges below 2**32 (NumPy's ``_bounded_integers``), which is every range a shoe
needs. tests/test_pcg64.py holds it to NumPy's own stream, seed by seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF
MASK128 = (1 << 128) - 1
#: PCG64's multiplier (O'Neill's 128-bit default), as NumPy's pcg64.h
MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645
# SeedSequence's constants (numpy/random/bit_generator.pyx)
POOL_SIZE = 4
INIT_A, MULT_A = 0x43B0D7E5, 0x931E8875
INIT_B, MULT_B = 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715
XSHIFT = 16


def _words(seed: int) -> list[int]:
    """The seed as NumPy's SeedSequence reads an integer: 32-bit words, lowest first."""
    if seed < 0:
        raise ValueError(f"seed: {seed} must be a whole number of at least 0")
    words = []
    while True:
        words.append(seed & MASK32)
        seed >>= 32
        if not seed:
            return words


def _pool(seed: int) -> list[int]:
    """SeedSequence's pool: the entropy hashed in, every word mixed into every other."""
    entropy = _words(seed)
    hash_const = INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * MULT_A) & MASK32
        value = (value * hash_const) & MASK32
        return value ^ (value >> XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32
        return result ^ (result >> XSHIFT)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(POOL_SIZE)]
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src]))
    for word in entropy[POOL_SIZE:]:
        for i_dst in range(POOL_SIZE):
            pool[i_dst] = mix(pool[i_dst], hashmix(word))
    return pool


def _state_words(seed: int, count: int) -> list[int]:
    """``SeedSequence(seed).generate_state(count, uint64)``."""
    pool = _pool(seed)
    hash_const = INIT_B
    halves = []
    for n in range(2 * count):
        value = pool[n % POOL_SIZE] ^ hash_const
        hash_const = (hash_const * MULT_B) & MASK32
        value = (value * hash_const) & MASK32
        halves.append(value ^ (value >> XSHIFT))
    return [halves[2 * n] | (halves[2 * n + 1] << 32) for n in range(count)]


class Pcg64:
    """The stream of ``numpy.random.Generator(numpy.random.PCG64(seed))``."""

    def __init__(self, seed: int) -> None:
        s0, s1, i0, i1 = _state_words(seed, 4)
        self._inc = ((((i0 << 64) | i1) << 1) | 1) & MASK128
        self._state = 0
        self._step()
        self._state = (self._state + ((s0 << 64) | s1)) & MASK128
        self._step()
        self._half: int | None = None  # the high half of the last 64-bit output, not yet used

    def _step(self) -> None:
        self._state = (self._state * MULTIPLIER + self._inc) & MASK128

    def next64(self) -> int:
        self._step()
        state = self._state
        xored = ((state >> 64) ^ state) & MASK64
        rot = state >> 122
        return ((xored >> rot) | (xored << (-rot & 63))) & MASK64

    def next32(self) -> int:
        if self._half is not None:
            half, self._half = self._half, None
            return half
        value = self.next64()
        self._half = value >> 32
        return value & MASK32

    def bounded(self, rng: int) -> int:
        """Uniform in ``0..rng`` (``rng`` < 2**32), by Lemire's method as NumPy draws it."""
        if rng == 0:
            return 0
        if rng == MASK32:
            return self.next32()
        if not 0 < rng < MASK32:
            raise ValueError(f"range: {rng} beyond the 32-bit draws of this stream")
        excl = rng + 1
        m = self.next32() * excl
        leftover = m & MASK32
        if leftover < excl:
            threshold = (MASK32 - rng) % excl
            while leftover < threshold:
                m = self.next32() * excl
                leftover = m & MASK32
        return m >> 32

    def integers_below(self, highs: Sequence[int]) -> list[int]:
        """``Generator.integers(0, highs)``: one draw in ``0..high-1`` for each high."""
        return [self.bounded(high - 1) for high in highs]

    @staticmethod
    def words_for(length: int) -> int:
        """The 32-bit draws ``bytes(length)`` makes."""
        return max(1, (length + 3) // 4)

    def numpy_state(self) -> dict[str, Any]:
        """The stream's state as ``numpy.random.PCG64().state`` takes it: NumPy carries on."""
        return {
            "bit_generator": "PCG64",
            "state": {"state": self._state, "inc": self._inc},
            "has_uint32": int(self._half is not None),
            "uinteger": self._half or 0,
        }

    def bytes(self, length: int) -> bytes:
        """``Generator.bytes(length)``: 32-bit draws, little-endian, cut to ``length`` (NumPy
        draws one word for no bytes: its ``(length - 1) / 4 + 1`` in C's division)."""
        if length < 0:
            raise ValueError(f"length: {length} bytes must be at least 0")
        words = self.words_for(length)
        return b"".join(self.next32().to_bytes(4, "little") for _ in range(words))[:length]
