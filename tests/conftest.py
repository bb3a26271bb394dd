"""Every test runs inside the repository: a file opened outside it but beside it (the
checkout's parent folder, where CI's clone finds ``../shared`` and a user's clone finds
nothing) fails the test that opened it (issue 34: the README's test command must pass on a
fresh clone with nothing beside it). ``.ci/run`` also runs the suite from a copy whose parent
holds nothing else."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
_BESIDE = str(ROOT.parent) + os.sep
_INSIDE = str(ROOT) + os.sep


class ReadOutsideRepository(PermissionError):
    """A test opened a file beside the repository (../something)."""


def _outside(path: str) -> bool:
    full = os.path.abspath(path)
    return full.startswith(_BESIDE) and not (full + os.sep).startswith(_INSIDE)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and isinstance(args[0], str | Path) and _outside(os.fspath(args[0])):
        raise ReadOutsideRepository(f"tests may not read outside the repository: {args[0]}")


sys.addaudithook(_audit)

# The stud evaluator's tables are kept on disk between runs (games/stud/rank_cache.py): a test run
# starts from an empty cache of its own, so that the tables are built by the compiled kernels the
# tests are evidence for (and checked against their pinned SHA-256), never read back from an
# earlier run's file that would hide a change to those kernels (issue 32(3); a mutant of the
# kernels survived behind a warm cache).
import tempfile  # noqa: E402

os.environ["CROUPIER_CACHE"] = tempfile.mkdtemp(prefix="croupier-test-cache-")
