"""The plain-Python PCG64 stream (croupier.pcg64) is NumPy's ``Generator(PCG64(seed))``, draw for
draw, and the seeded source hands it to NumPy mid-stream without a seam (issue 32(3): a seeded
deal without importing NumPy must deal the very cards it dealt before)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.pcg64 import MASK32, Pcg64
from croupier.rng import SeededRandomSource

#: a call on both streams: ("shoe", n) Fisher-Yates draws of n items, ("below", r) one draw in
#: 0..r, ("bytes", k) k random bytes
CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("shoe"), st.integers(0, 420)),
        st.tuples(
            st.just("below"),
            st.one_of(st.integers(0, MASK32), st.sampled_from([0, 1, MASK32, MASK32 - 1, 2**31])),
        ),
        st.tuples(st.just("bytes"), st.integers(0, 17)),
    ),
    min_size=1,
    max_size=12,
)


def _numpy_calls(generator: np.random.Generator, calls: list[tuple[str, int]]) -> list[object]:
    out: list[object] = []
    for name, value in calls:
        if name == "shoe":
            highs = np.arange(value, 1, -1, dtype="int64")
            out.append(generator.integers(0, highs).tolist() if value > 1 else [])
        elif name == "below":
            out.append(int(generator.integers(0, value + 1)))
        else:
            out.append(generator.bytes(value))
    return out


def _plain_calls(stream: Pcg64, calls: list[tuple[str, int]]) -> list[object]:
    out: list[object] = []
    for name, value in calls:
        if name == "shoe":
            out.append(stream.integers_below(range(value, 1, -1)) if value > 1 else [])
        elif name == "below":
            out.append(stream.bounded(value))
        else:
            out.append(stream.bytes(value))
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**140), calls=CALLS)
def test_the_plain_stream_is_numpys_draw_for_draw(seed: int, calls: list[tuple[str, int]]) -> None:
    numpy = np.random.Generator(np.random.PCG64(seed))
    assert _plain_calls(Pcg64(seed), calls) == _numpy_calls(numpy, calls)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32 - 1, 2**32, 2**64 + 3, 2**128 + 5])
def test_seeds_of_every_width_spread_as_numpys_seed_sequence(seed: int) -> None:
    """One, two, three and five 32-bit words of entropy (the pool holds four)."""
    numpy = np.random.Generator(np.random.PCG64(seed))
    ours = Pcg64(seed)
    assert [ours.next64() for _ in range(8)] == numpy.bit_generator.random_raw(8).tolist()


def test_a_negative_seed_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="seed"):
        Pcg64(-1)


def test_a_range_beyond_32_bits_is_refused() -> None:
    with pytest.raises(ValueError, match="range"):
        Pcg64(1).bounded(2**32)


@pytest.mark.parametrize("seed", [0, 7, 2**70])
def test_the_seeded_source_hands_its_stream_to_numpy_without_a_seam(seed: int) -> None:
    """Shoes past ``PLAIN_DRAWS`` draws come from NumPy; every draw is still the one a NumPy
    generator seeded alike makes (a token's odd half word included)."""
    source = SeededRandomSource(seed)
    numpy = np.random.Generator(np.random.PCG64(seed))
    ours, theirs = [], []
    for n in range(30):  # 30 eight-deck shoes, a token and a bounded draw between them
        ours += [source.fisher_yates_draws(416), source.token(3), source.below(1000 + n)]
        theirs += [
            numpy.integers(0, np.arange(416, 1, -1, dtype="int64")).tolist(),
            numpy.bytes(3),
            int(numpy.integers(0, 1000 + n)),
        ]
    assert source._plain is None  # NumPy took over
    assert ours == theirs


def test_a_seeded_shoe_does_not_import_numpy() -> None:
    code = (
        "import sys\n"
        "from croupier.rng import SeededRandomSource, shuffle_in_place\n"
        "shoe = list(range(416)); shuffle_in_place(shoe, SeededRandomSource(7))\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr
