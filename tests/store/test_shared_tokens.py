"""A player's token when several processes share a PostgreSQL database (issue 20): each process
remembers the tokens it has seen, so without more a token another process replaced (a login, an
operator's reissue) would go on working here, and a token in use there would expire here after
30 idle minutes (GLI-19 2.5.4). Two ``Players`` on one database stand for two processes."""

from __future__ import annotations

from sqlalchemy import Engine

from croupier.store.ledger import Ledger
from croupier.store.players import CONFIRM_SECONDS, IDLE_SECONDS, Players


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _two(engine: Engine) -> tuple[Players, Players, Clock]:
    clock = Clock()
    ledger = Ledger(engine)
    return Players(engine, ledger, wall=clock), Players(engine, ledger, wall=clock), clock


def test_a_token_replaced_by_one_process_stops_working_at_the_other(engine: Engine) -> None:
    here, there, clock = _two(engine)
    player, old = here.create("ana")
    assert there.authenticate(old) == player  # remembered there
    fresh = here.new_token(player)  # ana logs in again at the first process
    clock.now += CONFIRM_SECONDS + 1
    if engine.dialect.name == "postgresql":
        assert there.remembered(old) is None
        assert there.authenticate(old) is None
        assert there.authenticate(fresh) == player
    else:  # one process serves a SQLite file: its own replacement drops the token at once
        assert here.authenticate(old) is None and here.authenticate(fresh) == player


def test_a_token_in_use_at_one_process_does_not_expire_at_the_other(engine: Engine) -> None:
    here, there, clock = _two(engine)
    player, token = here.create("ana")
    assert there.authenticate(token) == player
    for _ in range(int(2 * IDLE_SECONDS / CONFIRM_SECONDS)):  # an hour of play at the first
        clock.now += CONFIRM_SECONDS / 2
        assert here.authenticate(token) == player
    clock.now += CONFIRM_SECONDS / 2
    if engine.dialect.name == "postgresql":
        assert there.authenticate(token) == player  # the second asks the database: in use
    clock.now += IDLE_SECONDS + 1  # then unused everywhere for longer than allowed
    assert here.authenticate(token) is None
    assert there.authenticate(token) is None
