"""A player found by name, as a peer's forwarded request names them (docs/deploy.md): read once,
then remembered, since a player's id, name, role and demo flag never change; a name no one has
is not remembered, so a player registered later (at another process) is found."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from croupier.store.ledger import Ledger
from croupier.store.players import Players


def test_a_player_read_by_name_is_remembered_and_an_unknown_name_is_not(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger(engine)
    here, there = Players(engine, ledger), Players(engine, ledger)
    assert here.by_name("ana") is None and here.remembered_name("ana") is None
    ana, _token = there.create("ana")  # registered at another process
    assert here.remembered_name("ana") is None
    assert here.by_name("ana") == ana  # found, not an unknown remembered
    assert here.remembered_name("ana") == ana

    def unreachable() -> None:
        raise AssertionError("a remembered player is not read again")

    monkeypatch.setattr(engine, "connect", unreachable)
    assert here.remembered_name("ana") == ana
