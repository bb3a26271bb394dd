"""``croupier serve`` whose event loop's Python calls can be counted (issue 32(4)).

The CPU a bet costs moves with the shared machine's speed (up to 3x within a day, more than a
change of a few per cent), so ``bench_server.py --calls`` also counts the work itself: the
Python function calls the event loop's thread makes per bet (cProfile's count, in which each
resumption of a coroutine counts as a call), which the machine's speed does not change. The
server runs as ``croupier serve``; ``SIGUSR1`` starts counting on the event loop's thread (the
main one), ``SIGUSR2`` stops and writes the counts to the file named by the environment's
``CROUPIER_CALLS_FILE`` (``pstats``' format). The profiler slows the thread it counts: a run
with ``--calls`` measures calls, not CPU. For measurement only.

Run as ``python3 benchmarks/counted_serve.py serve ARGS...`` (``croupier serve``'s arguments).
"""

from __future__ import annotations

import cProfile
import os
import signal
from typing import Any

from croupier.cli import main

PROFILE = cProfile.Profile()


def _start(*_: Any) -> None:
    PROFILE.enable()


def _stop(*_: Any) -> None:
    PROFILE.disable()
    target = os.environ["CROUPIER_CALLS_FILE"]
    PROFILE.dump_stats(target + ".part")
    os.replace(target + ".part", target)  # whole, or not there: the reader waits for it


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, _start)  # Python runs both in the main thread: the loop's
    signal.signal(signal.SIGUSR2, _stop)
    main()
