"""What a process of ``croupier serve`` starts with when it is told nothing: its node's name,
and the demo tables a newcomer finds open."""

from __future__ import annotations

import os
import re
import socket

from croupier.table.config import TableConfig

NODE_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")


def default_node() -> str:
    """This host's name and this process's id, as a node name."""
    host = re.sub(r"[^A-Za-z0-9_.-]", "-", socket.gethostname())[:28] or "host"
    return f"{host}-{os.getpid()}"


DEFAULT_TABLES = (
    TableConfig("Demo Ponto e Banca", mode="multi", seats=7, betting_seconds=15, demo=True),
    TableConfig("Demo individual table", mode="individual", seats=1, demo=True),
    # a newcomer sees all three games without curl (issue 18, item 12)
    TableConfig(
        "Demo Macau Stud", ruleset="macau-stud-2004", seats=7, betting_seconds=15, demo=True
    ),
    TableConfig(
        "Demo Macau Blackjack",
        ruleset="macau-blackjack-2007",
        seats=7,
        betting_seconds=15,
        demo=True,
    ),
)
