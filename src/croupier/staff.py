"""The casino's staff: each role and the duties it holds, declared once (issue 30).

A duty is what the API checks (server/depends.py); a role is what an account is given
(``croupier operator add NAME --role ROLE``). Every staff role reads the back office; only the
duties below change anything:

* ``tables``: open, limit, announce, void a round (PT 812/2015 rules 4-6, 13-15, 27, 29), disable,
  enable and close a table (GLI-19 4.15);
* ``deal``: a live table's cards, remedies, shoes and boxes (issue 31: the dealer's console);
* ``cash``: player accounts, tokens, deposits and withdrawals (the cage);
* ``protect``: players' protection: exclusions, limits, suspensions (PT rules 13-15, 33-34;
  Regulamento 903-B/2015: accounts by state with the reason and the employee responsible).

``operator`` is the server's own console credential (``croupier serve`` prints its token): every
duty, no expiry, renewed at each start. The others log in with a password and their session
ends after :data:`croupier.store.players.IDLE_SECONDS` unused.
"""

from __future__ import annotations

READ, TABLES, DEAL, CASH, PROTECT = "read", "tables", "deal", "cash", "protect"
DUTIES = (READ, TABLES, DEAL, CASH, PROTECT)

#: role -> the duties it holds
ROLE_DUTIES: dict[str, frozenset[str]] = {
    "operator": frozenset(DUTIES),
    "supervisor": frozenset({READ, TABLES, DEAL}),
    "cashier": frozenset({READ, CASH}),
    "compliance": frozenset({READ, PROTECT}),
    "auditor": frozenset({READ}),
    "dealer": frozenset({READ, DEAL}),
}
STAFF_ROLES = tuple(ROLE_DUTIES)
#: the roles ``croupier operator add`` gives (``operator`` is the server's own credential)
ACCOUNT_ROLES = tuple(role for role in STAFF_ROLES if role != "operator")


def is_staff(role: str) -> bool:
    return role in ROLE_DUTIES


def holds(role: str, duty: str) -> bool:
    """Whether ``role`` holds ``duty`` (a player, a box: none)."""
    return duty in ROLE_DUTIES.get(role, frozenset())
