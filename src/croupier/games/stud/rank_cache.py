"""The stud evaluator's tables kept on disk (issue 32(3)): building them runs the compiled kernels
over all 2,598,960 hands (Numba loaded and a sort: most of a second), and ``croupier stud deal``
ranks a few hands. The first build writes them to the user's cache; later processes read 5 MB
back. The bytes are checked against their SHA-256, pinned here: a file that differs in any byte
(corrupt, truncated, written by another version) is never used, the tables are built afresh and
the file rewritten. Where the cache cannot be written, nothing is: the tables are built each time.

Layout: the dense rank of every hand in colex order (uint16, little-endian), then the category
of every dense rank (int8). Where: ``$CROUPIER_CACHE``, else ``$XDG_CACHE_HOME/croupier``, else
``~/.cache/croupier``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from array import array
from pathlib import Path

HANDS = 2_598_960
PLACES = 21_489  # distinct places of a hand in the Macau order (art. 4, 8)
SHA256 = "558840f8fa8550c3bf7046ce4edf4fb878c68d6c899fb68bdb935b32cfe5feea"
NAME = "stud-ranks-1.bin"


def cache_dir() -> Path:
    own = os.environ.get("CROUPIER_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "croupier"


def _split(data: bytes) -> tuple[array[int], bytes]:
    ranks = array("H")
    ranks.frombytes(data[: 2 * HANDS])
    if sys.byteorder == "big":
        ranks.byteswap()
    return ranks, data[2 * HANDS :]


def load() -> tuple[array[int], bytes] | None:
    """The tables from the cache, if there and exactly the pinned bytes."""
    try:
        data = (cache_dir() / NAME).read_bytes()
    except OSError:
        return None
    if len(data) != 2 * HANDS + PLACES or hashlib.sha256(data).hexdigest() != SHA256:
        return None
    return _split(data)


def store(data: bytes) -> tuple[array[int], bytes]:
    """Keep ``data`` (built, and checked here against the pin) in the cache, atomically."""
    if hashlib.sha256(data).hexdigest() != SHA256:
        raise RuntimeError("the stud rank tables built differ from the pinned ones")
    folder = cache_dir()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".stud-ranks-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, folder / NAME)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
    return _split(data)
