"""What the cluster's machinery needs of this process (issue 27(5)): the forwarding of a
table's requests to the process that runs it (server/forwarding.py) and the relay of its
events and requests over the bus (server/relay.py) see the casino (server/service.py) only
through :class:`Member`, so that neither imports the casino that builds them: no import
circle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from croupier.server.hub import Hub
from croupier.server.peer_auth import PeerKey
from croupier.store.claims import TableClaims
from croupier.store.tables import TableRecords


class BusLink(Protocol):
    """The relay as forwarding uses it: its bus, to ask a table's process."""

    @property
    def bus(self) -> Any: ...


class Records(Protocol):
    """The part of the store's records a member reads: the tables opened."""

    @property
    def tables(self) -> TableRecords: ...


class Member(Protocol):
    """One process of the cluster: its name, the tables it runs, who runs what (the claims and
    the tables' records), how it signs what it sends, its watchers' hub and its bus relay."""

    @property
    def node(self) -> str: ...

    @property
    def claims(self) -> TableClaims: ...

    @property
    def records(self) -> Records: ...

    @property
    def peer_key(self) -> PeerKey: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def tables(self) -> Mapping[int, Any]: ...

    @property
    def relay(self) -> BusLink | None: ...

    async def caller_of(self, authorization: str | None) -> str | None: ...
