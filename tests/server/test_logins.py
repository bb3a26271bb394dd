"""``POST /login`` under attack (issue 26, findings 3 and 4), on a real server over HTTP.

Seen before: 400 wrong passwords on one name took 7 s and none was refused; a wrong password
took 33 ms and an unknown name 1.6 ms (which told who exists); 40 anonymous clients logging in
moved an honest player's bet acknowledgement from 13 ms to 3.7 s, the password hashing sharing
the threads of token look-ups and ``/me``."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator

import pytest

from croupier.server import logins
from croupier.store import players as players_module
from tests.server.conftest import RunningServer


@pytest.fixture
def server(database_url: str) -> Iterator[RunningServer]:
    running = RunningServer(database_url)
    made = running.http.post(
        "/players",
        json={"name": "ana", "password": "correct horse", "born": "1990-01-01"},
        headers=running.operator,
    )
    assert made.status_code == 201, made.text
    try:
        yield running
    finally:
        running.stop()


def _frozen(server: RunningServer, at: float) -> list[float]:
    """The login gate's clock stopped at ``at`` (moved by hand), its door full."""
    now = [at]
    gate = server.casino.logins
    gate.clock = lambda: now[0]
    gate._door = logins.Bucket(logins.LOGINS_PER_SECOND, 2 * logins.LOGINS_PER_SECOND, at=at)
    gate.refusal_delay = 0.0  # refusals answered at once here (the delay has its own test)
    return now


def _login(server: RunningServer, name: str, password: str):
    return server.http.post("/login", json={"name": name, "password": password})


def test_a_few_wrong_passwords_then_429_with_retry_after_and_a_growing_back_off(
    server: RunningServer,
) -> None:
    now = _frozen(server, 1000.0)
    for _ in range(logins.PER_NAME):
        wrong = _login(server, "ana", "wrong one")
        assert wrong.status_code == 422 and wrong.json()["detail"]["field"] == "password"
    locked = _login(server, "ana", "correct horse")  # even the right password waits now
    assert locked.status_code == 429 and locked.json()["detail"]["field"] == "login"
    assert int(locked.headers["Retry-After"]) == int(logins.FIRST_BACKOFF)
    now[0] += logins.FIRST_BACKOFF + 1
    for _ in range(logins.PER_NAME):
        assert _login(server, "ana", "wrong again").status_code == 422
    again = _login(server, "ana", "correct horse")
    assert again.status_code == 429  # the second lock-out lasts twice as long
    assert int(again.headers["Retry-After"]) == int(2 * logins.FIRST_BACKOFF)
    now[0] += 2 * logins.FIRST_BACKOFF + 1
    assert _login(server, "ana", "correct horse").status_code == 200
    # another name from the same address is refused only once the address's budget is spent
    assert _login(server, "nobody", "guess").status_code == 422


def test_one_address_guessing_many_names_is_stopped_too(server: RunningServer) -> None:
    now = _frozen(server, 5000.0)
    answers = []
    for n in range(30):
        now[0] += 1.0  # a second apart: the door's own rate never refuses them
        answers.append(_login(server, f"user{n}", "guess").status_code)
    assert answers[: logins.PER_ADDRESS] == [422] * logins.PER_ADDRESS
    assert set(answers[logins.PER_ADDRESS :]) == {429}


def test_an_unknown_name_costs_the_same_scrypt_as_a_wrong_password(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The delay must not say who exists: both run one scrypt of the same parameters."""
    calls: list[tuple[int, str]] = []
    real = hashlib.scrypt

    def counted(password: bytes, **kwargs):
        calls.append((kwargs["n"], threading.current_thread().name))
        return real(password, **kwargs)

    players_module._stand_in()  # made once, before counting
    monkeypatch.setattr(players_module.hashlib, "scrypt", counted)
    assert _login(server, "ana", "wrong one").status_code == 422
    wrong = list(calls)
    calls.clear()
    assert _login(server, "nobody-here", "wrong one").status_code == 422
    unknown = list(calls)
    assert [n for n, _ in wrong] == [n for n, _ in unknown] == [2**14]
    # and on the login workers, not the threads that token look-ups and /me share
    assert all(thread.startswith("croupier-login") for _, thread in wrong + unknown)


def test_a_flood_of_logins_is_refused_beyond_the_waiting_room(server: RunningServer) -> None:
    gate = server.casino.logins
    gate._waiting = logins.WAITING  # the waiting room full, as a flood leaves it
    try:
        busy = _login(server, "ana", "correct horse")
        assert busy.status_code == 429 and busy.headers["Retry-After"] == "1"
        assert "busy" in busy.json()["detail"]["message"]
        assert server.http.get("/me", headers=server.operator).status_code == 200  # not held up
    finally:
        gate._waiting = 0
    assert _login(server, "ana", "correct horse").status_code == 200


def test_the_door_lets_in_a_bounded_number_of_logins_a_second(server: RunningServer) -> None:
    """Beyond LOGINS_PER_SECOND (bursts of twice that) a login is answered 429 before its body
    is read; the door opens again as time passes."""
    now = _frozen(server, 9000.0)
    burst = int(2 * logins.LOGINS_PER_SECOND)
    answers = [_login(server, "ana", "correct horse") for _ in range(burst + 5)]
    assert [a.status_code for a in answers[:burst]] == [200] * burst
    assert {a.status_code for a in answers[burst:]} == {429}
    assert "at once" in answers[-1].json()["detail"]["message"]
    assert answers[-1].headers["Retry-After"] == "1"
    now[0] += 1.0  # a second later, a second's worth of logins again
    assert _login(server, "ana", "correct horse").status_code == 200


def test_a_refusal_at_the_door_is_held_back_a_second(server: RunningServer) -> None:
    """A client that logs in as fast as it is answered is slowed to a try a second: the flood
    costs the server a sleeping answer, not its CPU (benchmarks/bench_login_flood.py)."""
    _frozen(server, 7000.0)
    gate = server.casino.logins
    gate.refusal_delay = logins.REFUSAL_DELAY
    gate._door = logins.Bucket(logins.LOGINS_PER_SECOND, 1, at=7000.0)  # one login let in
    assert _login(server, "ana", "correct horse").status_code == 200
    started = time.monotonic()
    refused = _login(server, "ana", "correct horse")
    assert refused.status_code == 429
    assert time.monotonic() - started >= 0.9 * logins.REFUSAL_DELAY
