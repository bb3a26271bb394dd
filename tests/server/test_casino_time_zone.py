"""The casino's time zone is its database's, on both databases (choice X3: "calendar periods of
the casino's time zone").

A player's daily limit counts the casino's day. Two processes of one casino on two calendars
(one started with ``--time-zone Asia/Macau``, one with none: UTC) would count two days where the
player lives one: from 16:00 to 24:00 UTC the Macau process is on the 28th and the UTC one still
on the 27th, and a day's limit of 100.00 would take 100.00 through each. So the zone is kept in
the database at the first start, a process given none uses it, and one given another is refused
naming both, unless told to change it with no other process up (docs/deploy.md).
"""

from __future__ import annotations

import asyncio

import pytest

from croupier.errors import RuleViolation
from croupier.server.service import Casino
from croupier.table.clock import ManualClock
from tests.server.conftest import POSTGRES_URL, RunningServer, clean_postgres

MACAU = "Asia/Macau"


def _zone_of(database_url: str, **options: object) -> str:
    """The zone a server started on the database with ``options`` uses, as /health says it."""
    server = RunningServer(database_url, **options)
    try:
        health = server.http.get("/health").json()
        assert health["time_zone"] == server.casino.calendar.name
        return str(health["time_zone"])
    finally:
        server.stop()


def _refusal(database_url: str, **options: object) -> RuleViolation:
    """The refusal a process started on the database with ``options`` gets (and no start)."""
    casino = Casino(database_url, clock=ManualClock(), defaults=False, **options)  # type: ignore[arg-type]
    try:
        with pytest.raises(RuleViolation) as refused:
            asyncio.run(casino.start())
        assert not casino.tables
        return refused.value
    finally:
        casino.claims.close()
        casino.writer.stop()
        casino.engine.dispose()


def test_a_start_with_no_zone_keeps_the_one_the_casino_was_given(database_url: str) -> None:
    assert _zone_of(database_url, time_zone=MACAU) == MACAU
    assert _zone_of(database_url) == MACAU  # not UTC: the database's
    assert _zone_of(database_url, time_zone=MACAU) == MACAU


def test_a_new_casino_given_no_zone_is_on_utc_and_keeps_it(database_url: str) -> None:
    assert _zone_of(database_url) == "UTC"
    refused = _refusal(database_url, time_zone=MACAU)  # its players' days are UTC's days
    assert refused.field == "time_zone"
    assert "UTC" in str(refused.message) and MACAU in str(refused.message)


def test_another_zone_is_refused_naming_both(database_url: str) -> None:
    assert _zone_of(database_url, time_zone=MACAU) == MACAU
    refused = _refusal(database_url, time_zone="Europe/Lisbon")
    assert refused.field == "time_zone"
    assert MACAU in str(refused.message) and "Europe/Lisbon" in str(refused.message)
    assert "--change-time-zone" in str(refused.message)
    assert _zone_of(database_url) == MACAU  # nothing changed


def test_a_change_told_is_kept(database_url: str) -> None:
    assert _zone_of(database_url, time_zone=MACAU) == MACAU
    assert _zone_of(database_url, time_zone="UTC", change_time_zone=True) == "UTC"
    assert _zone_of(database_url) == "UTC"
    assert _zone_of(database_url, time_zone=MACAU, change_time_zone=True) == MACAU


def test_a_change_is_refused_while_another_process_serves_the_casino() -> None:
    """PostgreSQL, two processes: the second may not move the first's players' days."""
    clean_postgres(POSTGRES_URL)
    first = RunningServer(POSTGRES_URL, time_zone=MACAU, node="first")
    try:
        refused = _refusal(POSTGRES_URL, time_zone="UTC", change_time_zone=True, node="second")
        assert refused.field == "time_zone" and "stop them first" in str(refused.message)
        assert _zone_of(POSTGRES_URL, node="second") == MACAU  # it may serve, on Macau's days
    finally:
        first.stop()
