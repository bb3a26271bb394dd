"""A player's token when several processes share a PostgreSQL database (issue 20): each process
remembers the tokens it has seen, so without more a token another process replaced (a login, an
operator's reissue) would go on working here, and a token in use there would expire here after
30 idle minutes (GLI-19 2.5.4). Two ``Players`` on one database stand for two processes."""

from __future__ import annotations

import pytest
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


# Tokens in play confirmed together ahead of time (issue 32(4)): one bet in a hundred waited for
# its player's token to be confirmed by the database; the server now confirms every token in use
# together, in one transaction, before it is due, and what that finds is what one confirmation
# would have found: a replaced, suspended or expired token is refused.

#: what only a database shared by several processes has (PostgreSQL)
SHARED = pytest.mark.parametrize("engine", ["postgresql"], indirect=True)


def test_a_token_in_play_confirmed_together_is_not_asked_for_again(engine: Engine) -> None:
    here, there, clock = _two(engine)
    player, token = here.create("ana")
    assert there.authenticate(token) == player
    clock.now += CONFIRM_SECONDS * 0.75  # in play at the second process, not yet due
    assert there.remembered(token) == player
    confirmed = there.confirm_in_use()
    clock.now += CONFIRM_SECONDS * 0.5  # due since the first confirmation, not since that one
    if engine.dialect.name == "postgresql":
        assert confirmed == 1
        assert there.remembered(token) == player  # no wait for the database at this bet
        clock.now += CONFIRM_SECONDS * 0.75  # then due again, with no confirmation since
        assert there.remembered(token) is None
        assert there.authenticate(token) == player  # asked for at its use, as before
    else:  # one process serves a SQLite file: nothing to confirm with anyone
        assert confirmed == 0
        assert there.remembered(token) == player


@SHARED
def test_only_tokens_in_play_and_half_due_are_confirmed(engine: Engine) -> None:
    here, there, clock = _two(engine)
    _ana, playing = here.create("ana")
    _rui, resting = here.create("rui")
    assert there.authenticate(playing) and there.authenticate(resting)
    clock.now += CONFIRM_SECONDS * 0.25
    assert there.remembered(playing) is not None
    assert there.confirm_in_use() == 0  # confirmed a quarter of its term ago: not yet
    clock.now += CONFIRM_SECONDS * 0.5
    assert there.remembered(playing) is not None
    clock.now += CONFIRM_SECONDS * 0.5  # rui unused for longer than a term: not in play
    assert there.confirm_in_use() == 1


@SHARED
def test_a_token_replaced_elsewhere_is_forgotten_when_confirmed_together(engine: Engine) -> None:
    here, there, clock = _two(engine)
    player, old = here.create("ana")
    assert there.authenticate(old) == player
    here.new_token(player)  # ana logs in again at the first process
    clock.now += CONFIRM_SECONDS * 0.75
    assert there.remembered(old) == player  # within the term the second may trust it
    assert there.confirm_in_use() == 0
    assert there.remembered(old) is None  # forgotten at once, not at the end of the term
    assert there.authenticate(old) is None


@SHARED
def test_a_suspended_account_is_forgotten_when_confirmed_together(engine: Engine) -> None:
    here, there, clock = _two(engine)
    player, token = here.create("ana")
    assert there.authenticate(token) == player
    here.set_suspension(player, "self-excluded", lambda _connection: None)
    clock.now += CONFIRM_SECONDS * 0.75
    assert there.remembered(token) == player
    there.confirm_in_use()
    assert there.remembered(token) is None
    assert there.authenticate(token) is None


@SHARED
def test_a_token_in_play_here_does_not_expire_at_the_other_process(engine: Engine) -> None:
    """The confirmation together writes each token's last use, as one confirmation does."""
    here, there, clock = _two(engine)
    player, token = here.create("ana")
    assert here.authenticate(token) == player and there.authenticate(token) == player
    for _ in range(int(2 * IDLE_SECONDS / CONFIRM_SECONDS)):  # an hour of play at the first
        clock.now += CONFIRM_SECONDS * 0.75
        assert here.remembered(token) == player
        here.confirm_in_use()
    assert there.authenticate(token) == player  # the second asks the database: in use


def test_a_token_the_operator_sets_expires_unused_on_the_casinos_clock(engine: Engine) -> None:
    """GLI-19 2.5.4, a token expires after 30 minutes unused: the operator's console token
    (``set_token``) too, its idle time counted from when it was set on the same clock as every
    other token's use, not another."""
    here, _there, clock = _two(engine)
    player, _token = here.create("operator")
    here.set_token(player.id, "the console's token")
    clock.now += IDLE_SECONDS - 1
    assert here.authenticate("the console's token") == player
    here.set_token(player.id, "the next console's token")
    clock.now += IDLE_SECONDS + 1  # never used since it was set
    assert here.authenticate("the next console's token") is None
