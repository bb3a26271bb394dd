"""Python's cycle collector and the server's latency (docs/server.md, "Latency").

A full collection walks every tracked object while holding the GIL: after startup a server holds
some 200,000 objects that live until it exits (modules, the app and its routes, the compiled
statements), and a full collection over them stopped every table and the writer thread for
90-120 ms, the slowest bet acknowledgements of the load benchmark. Frozen once the server has
started, those objects are left out of every later collection, which then walks only what the
server made since (a few tens of thousands: 5-10 ms). Garbage made later is still collected.
"""

from __future__ import annotations

import gc


def freeze_startup_objects() -> int:
    """Collect once, then keep every surviving object out of later collections; returns how
    many objects were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
