"""``croupier serve`` whose tables answer each bet at once: croupier's door alone (issue 32(4)).

Everything a bet meets before its table runs as in ``croupier serve``: uvicorn, the ASGI
application and its middleware, the connection's rate limits and session check, the message's
strict JSON, its reference and schema, the idempotent answers, the reply's encoding and send.
The table's command for a bet then answers at once with an acknowledgement of the same shape,
without judging it, writing its stake or telling the table (no "bets" message); every other
command (a session, a deal) runs as it does in the server. ``bench_server.py`` measures it beside
the bare echo and the full server, so that a bet's CPU splits into the transport (the echo),
croupier's door (this server less the echo) and the table with its writing (the full server
less this one). For measurement only: nothing here is croupier's behaviour.

Run as ``python3 benchmarks/door_server.py serve ARGS...`` (``croupier serve``'s arguments).
"""

from __future__ import annotations

from typing import Any

from croupier.cli import main
from croupier.table.runtime import Table

_command = Table.command


async def _answered_at_once(self: Table, name: str, **args: Any) -> Any:
    if name == "bet":  # the acknowledgement's fields (table/bet_taking.py), nothing staked
        player, kind, amount = args["player"], args["kind"], args["amount"]
        return {
            "round": 0,
            "player": player,
            "seat": None,
            "kind": kind,
            "amount": amount,
            "balance": 0,
        }
    return await _command(self, name, **args)


if __name__ == "__main__":
    Table.command = _answered_at_once  # type: ignore[method-assign]
    main()
