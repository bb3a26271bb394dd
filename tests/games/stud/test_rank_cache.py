"""The stud evaluator's tables on disk (issue 32(3)): read back only when every byte is the pinned
SHA-256's, else built afresh and rewritten; the ranks read from the cache are the kernels' own,
hand for hand; an unwritable cache costs a build, never a wrong rank."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier.games.stud import evaluator, rank_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CROUPIER_CACHE", str(tmp_path / "cache"))
    evaluator.rank_tables.cache_clear()
    evaluator._rank5_function.cache_clear()
    yield tmp_path / "cache"
    evaluator.rank_tables.cache_clear()
    evaluator._rank5_function.cache_clear()


@pytest.mark.cites("macau-stud-2004", "art. 4", "art. 8")
def test_the_cached_tables_are_the_kernels_own(cache: Path) -> None:
    """The order of arts. 4 and 8, kept on disk, is the order the kernels build, byte for byte;
    the file is exactly the pinned one, and read back."""
    ranks, categories = evaluator.rank_tables()  # built, then kept
    stored = (cache / rank_cache.NAME).read_bytes()
    assert hashlib.sha256(stored).hexdigest() == rank_cache.SHA256
    built = evaluator.build_tables()
    assert ranks.tobytes() == built.rank.astype("<u2").tobytes()
    assert categories == built.category.astype("i1").tobytes()
    loaded = rank_cache.load()
    assert loaded is not None and loaded[0] == ranks and loaded[1] == categories


def test_a_file_that_differs_in_one_byte_is_never_used(cache: Path) -> None:
    evaluator.rank_tables()
    path = cache / rank_cache.NAME
    data = bytearray(path.read_bytes())
    data[12345] ^= 1  # one hand's rank off by one
    path.write_bytes(bytes(data))
    assert rank_cache.load() is None
    evaluator.rank_tables.cache_clear()
    ranks, _categories = evaluator.rank_tables()  # built afresh and rewritten
    assert ranks.tobytes() == evaluator.build_tables().rank.astype("<u2").tobytes()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == rank_cache.SHA256
    path.write_bytes(bytes(data[:1000]))  # truncated
    assert rank_cache.load() is None


def test_an_unwritable_cache_still_ranks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CROUPIER_CACHE", str(blocker / "cache"))  # no folder can be made there
    assert evaluator.category_of(evaluator.rank5([48, 49, 50, 51, 47])) == "four_of_a_kind"
    assert not (blocker / "cache").exists()
