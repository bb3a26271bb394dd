"""A casino's records of its tables, as the server wires them: one object holding the store's
concepts, each a collaborator of its own module (issue 27(4): objects, not mixins):

* ``tables``, :mod:`croupier.store.tables`: the tables opened, their configuration and accounts;
* ``sessions``, :mod:`croupier.store.sessions`: players' sessions and statements (PT rules 33-36);
* ``writes``, :mod:`croupier.store.round_writes`: a round's writes with their money
  (one way to stake);
* ``recall``, :mod:`croupier.store.recall`: finished rounds as recall and the scoreboards read them;
* ``recovery``, :mod:`croupier.store.recovery`: open rounds voided and refunded exactly
  once (PT rule 29).

A running table reaches them only through :class:`croupier.store.table_store.SqlTableStore`,
the store's side of the port in :mod:`croupier.table.port`.
"""

from __future__ import annotations

from sqlalchemy import Engine

from croupier.protection.calendar import UTC_CALENDAR, Calendar
from croupier.store.ledger import Ledger
from croupier.store.recall import Recall
from croupier.store.recovery import Recovery
from croupier.store.round_writes import RoundWrites
from croupier.store.sessions import SessionRecords
from croupier.store.tables import TableRecords
from croupier.table.port import BetResult, JournalEntry, StandingBet, TableAccounts

__all__ = ["BetResult", "JournalEntry", "RoundRecords", "StandingBet", "TableAccounts"]


class RoundRecords:
    """The store's records of its tables, each concept its own collaborator."""

    def __init__(self, engine: Engine, ledger: Ledger, calendar: Calendar = UTC_CALENDAR) -> None:
        self.engine = engine
        self.ledger = ledger
        self.calendar = calendar  # the casino's days: its players' loss limits count them
        self.tables = TableRecords(engine, ledger)
        self.sessions = SessionRecords(engine)
        self.writes = RoundWrites(engine, ledger)
        self.recall = Recall(engine)
        self.recovery = Recovery(engine, ledger)
