"""The server freezes its startup heap (croupier.server.collector): run in a child process so
that this test process's collector is left as it is."""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import gc, weakref
from croupier.server.app import create_app  # the server's modules: the startup heap
from croupier.server.collector import freeze_startup_objects

class Node:
    pass

frozen = freeze_startup_objects()
assert frozen > 10_000, frozen  # the imported modules' objects are out of later collections
assert gc.get_freeze_count() == frozen
tracked = len(gc.get_objects())
assert tracked < frozen / 10, (tracked, frozen)  # a full collection walks only the new ones

a, b = Node(), Node()  # garbage made later is still collected
a.other, b.other = b, a
gone = weakref.ref(a)
del a, b
gc.collect()
assert gone() is None
print("ok", frozen, tracked)
"""


def test_startup_objects_frozen_and_later_garbage_still_collected() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")
