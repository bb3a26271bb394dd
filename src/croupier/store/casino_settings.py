"""The casino's time zone, kept in its database (choice X3: a player's limits count the days of
the casino's calendar).

Every process serving one database must count a player's day alike: a deposit limit of 100.00 a
day read on Macau's calendar by one process and on UTC's by another would let the player deposit
200.00 in one Macau day, through the two. So the zone the casino was first given is kept in the
database (``casino_settings``), and a process:

* given no zone, uses the kept one (UTC for a new database, and kept);
* given the kept one, uses it;
* given another, is refused, naming both (``croupier serve --time-zone``), unless it is told to
  change it (``--change-time-zone``) and no other process serves the database: the change is
  then kept, and every later start uses it.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Engine, inspect, select

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.protection.calendar import DEFAULT_ZONE
from croupier.store.schema import casino_settings

TIME_ZONE = "time_zone"
RULE = "the casino's calendar is one for all its processes (docs/deploy.md; choice X3)"


def kept(engine: Engine, name: str) -> str | None:
    """The setting ``name`` as the database keeps it; None where it keeps none (or is new)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("casino_settings"):
            return None  # a database not yet migrated: nothing kept
        row = connection.execute(
            select(casino_settings.c.value).where(casino_settings.c.name == name)
        ).first()
    return None if row is None else str(row[0])


def keep(engine: Engine, name: str, value: str) -> None:
    """The setting ``name`` kept as ``value`` (made, or changed; nothing written where it is
    kept so already)."""
    with engine.begin() as connection:
        where = casino_settings.c.name == name
        row = connection.execute(select(casino_settings.c.value).where(where)).first()
        if row is None:
            connection.execute(casino_settings.insert().values(name=name, value=value))
        elif row[0] != value:
            connection.execute(casino_settings.update().where(where).values(value=value))


def zone_for(engine: Engine, given: str | None, change: bool, others: Callable[[], int]) -> str:
    """The casino's zone for a process given ``given`` (None: none) on ``engine``'s database,
    ``others()`` the number of other processes serving it (asked only for a change); a refusal
    naming ``time_zone`` where the two differ and the process may not change it."""
    stored = kept(engine, TIME_ZONE)
    if stored is None:
        return given or DEFAULT_ZONE
    if given is None or given == stored:
        return stored
    if not change:
        raise RuleViolation(
            "time_zone",
            msg(
                "the casino's time zone is {stored} (kept in its database), not {given}: its "
                "players' days are counted on one calendar; start without it, or with "
                "--change-time-zone to make {given} the casino's",
                stored=stored,
                given=given,
            ),
            RULE,
        )
    busy = others()
    if busy:
        raise RuleViolation(
            "time_zone",
            msg(
                "the casino's time zone ({stored}) is changed with no other process serving "
                "its database ({others} do): stop them first",
                stored=stored,
                others=busy,
            ),
            RULE,
        )
    return given
