"""Files of computed tables kept in the user's cache and read back only when every byte is the
one expected (issue 32(3)): a table that costs seconds to build (the stud evaluator's order, the
stud analysis's counts) is built once per machine. Each file is pinned by its SHA-256, written
in the code beside the file's name: a file that differs in any byte (corrupt, truncated, written
by another version) is never used, the table is built afresh and the file rewritten; a table
built that differs from its pin is an error, never kept. Where the cache cannot be written,
nothing is: the table is built each time.

Where: ``$CROUPIER_CACHE``, else ``$XDG_CACHE_HOME/croupier``, else ``~/.cache/croupier``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    own = os.environ.get("CROUPIER_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "croupier"


def load(name: str, sha256: str, length: int) -> bytes | None:
    """The file ``name`` from the cache, if there and exactly the pinned bytes."""
    try:
        data = (cache_dir() / name).read_bytes()
    except OSError:
        return None
    if len(data) != length or hashlib.sha256(data).hexdigest() != sha256:
        return None
    return data


def store(name: str, sha256: str, data: bytes) -> bytes:
    """Keep ``data`` (built, and checked here against its pin) in the cache, atomically."""
    if hashlib.sha256(data).hexdigest() != sha256:
        raise RuntimeError(f"the table built for {name} differs from the pinned one")
    folder = cache_dir()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, folder / name)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
    return data
