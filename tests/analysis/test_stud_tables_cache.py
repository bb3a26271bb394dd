"""Issue 32(3): the stud analysis's tables kept on disk (croupier.pinned_cache): a dealer hand's
qualification (art. 9(1)) and the walk's counts per player hand (non-qualifying dealer hands,
qualifying ones below it, ties) are built once per machine, read back only when every byte is
the pinned SHA-256's, rebuilt when any byte differs, and never needed on disk to be right."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from croupier.analysis import stud_exact
from croupier.games.stud import evaluator


def _clear() -> None:
    for cached in (stud_exact.stud_counts, stud_exact.qualifying_hands, evaluator.rank_tables):
        cached.cache_clear()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CROUPIER_CACHE", str(tmp_path / "cache"))
    _clear()
    yield tmp_path / "cache"
    _clear()


def _columns(counts: stud_exact.StudCounts) -> list[np.ndarray]:
    return [counts.nonqualifying, counts.qualifying_below, counts.ties, counts.category]


def test_the_kept_counts_are_the_walks_own(cache: Path) -> None:
    kept = stud_exact.stud_counts("macau")  # walked, then kept
    name, pin = stud_exact.COUNTS_FILES["macau"]
    assert hashlib.sha256((cache / name).read_bytes()).hexdigest() == pin
    _clear()
    read = stud_exact.stud_counts("macau")  # read back
    walked = stud_exact._counts_built("macau")
    for a, b, c in zip(_columns(kept), _columns(read), _columns(walked), strict=True):
        assert np.array_equal(a, c) and np.array_equal(b, c)
    tables = evaluator.build_tables()
    assert np.array_equal(read.category, tables.category[tables.rank])


@pytest.mark.cites("macau-stud-2004", "art. 9(1)")
def test_a_kept_qualification_that_differs_in_one_byte_is_never_used(cache: Path) -> None:
    """Art. 9(1) as the round decides it (dealer_qualifies), kept on disk: a file with one
    hand's answer flipped is rebuilt, not read."""
    decided = stud_exact._qualifying_built()
    assert np.array_equal(stud_exact.qualifying_hands(), decided)
    name, pin = stud_exact.QUALIFYING_FILE
    path = cache / name
    data = bytearray(path.read_bytes())
    data[2_000_000] ^= 1
    path.write_bytes(bytes(data))
    _clear()
    assert np.array_equal(stud_exact.qualifying_hands(), decided)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == pin  # rewritten
    path.write_bytes(bytes(data[:1000]))  # truncated
    _clear()
    assert np.array_equal(stud_exact.qualifying_hands(), decided)


def test_kept_counts_that_differ_in_one_byte_are_never_used(cache: Path) -> None:
    walked = stud_exact.stud_counts("macau")
    name, _pin = stud_exact.COUNTS_FILES["macau"]
    path = cache / name
    data = bytearray(path.read_bytes())
    data[4 * 1_000_000] ^= 1  # one hand's count of non-qualifying dealer hands off by one
    path.write_bytes(bytes(data))
    _clear()
    again = stud_exact.stud_counts("macau")
    for a, b in zip(_columns(walked), _columns(again), strict=True):
        assert np.array_equal(a, b)


def test_an_unwritable_cache_still_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CROUPIER_CACHE", str(blocker / "cache"))
    counts = stud_exact.stud_counts("us")
    assert int(counts.ties.max()) > 0  # the US order ties hands that differ only by suit
    assert not (blocker / "cache").exists()


def test_a_table_built_unlike_its_pin_is_refused(cache: Path) -> None:
    from croupier import pinned_cache

    with pytest.raises(RuntimeError, match=r"stud-qualifying-1\.bin"):
        pinned_cache.store(stud_exact.QUALIFYING_FILE[0], stud_exact.QUALIFYING_FILE[1], b"x")
    assert not (cache / stud_exact.QUALIFYING_FILE[0]).exists()


def test_an_order_that_is_neither_is_refused_by_name(cache: Path) -> None:
    with pytest.raises(ValueError, match="order: 'european' is macau or us"):
        stud_exact.analyze_stud(100, "own", "european")
    assert not cache.exists()  # nothing built, nothing kept
