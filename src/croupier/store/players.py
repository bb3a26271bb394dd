"""Players, operators and their bearer tokens; each player's money accounts.

A token is shown once when the player is created; only its SHA-256 is stored. A demo player
holds play money only (currency ``DEMO``, PT online rules 37-38) and can never be given real
money: the ledger refuses a posting that mixes currencies.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from croupier.errors import RuleViolation
from croupier.store.ledger import DEMO, Ledger
from croupier.store.schema import accounts, players

ROLES = ("player", "operator")
_RULE = "players: unique names, one role each"


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    role: str
    demo: bool


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Players:
    def __init__(self, engine: Engine, ledger: Ledger) -> None:
        self.engine = engine
        self.ledger = ledger
        self._known: dict[str, Player] = {}

    def create(self, name: str, *, role: str = "player", demo: bool = False) -> tuple[Player, str]:
        """A new player (or operator) and the bearer token that authenticates them."""
        if not isinstance(name, str) or not 1 <= len(name) <= 100 or not name.isprintable():
            raise RuleViolation("name", "must be 1 to 100 printable characters", _RULE)
        if role not in ROLES:
            raise RuleViolation("role", f"{role!r} is not one of {', '.join(ROLES)}", _RULE)
        token = secrets.token_urlsafe(24)
        try:
            with self.engine.begin() as connection:
                result = connection.execute(
                    insert(players).values(
                        name=name,
                        token_hash=token_hash(token),
                        role=role,
                        demo=demo,
                        created_at=datetime.now(UTC),
                    )
                )
                key = result.inserted_primary_key
                assert key is not None
        except IntegrityError:
            raise RuleViolation("name", f"{name!r} is already taken", _RULE) from None
        return Player(int(key[0]), name, role, demo), token

    def authenticate(self, token: str) -> Player | None:
        """The player a bearer token belongs to (known tokens are kept in memory: a token only
        changes when the server starts, see ``Casino``)."""
        digest = token_hash(token)
        known = self._known.get(digest)
        if known is not None:
            return known
        with self.engine.connect() as connection:
            row = connection.execute(
                select(players).where(players.c.token_hash == digest)
            ).one_or_none()
        if row is None:
            return None
        player = Player(row.id, row.name, row.role, bool(row.demo))
        if len(self._known) >= 100_000:
            self._known.clear()
        self._known[digest] = player
        return player

    def remembered(self, token: str) -> Player | None:
        """The player of a token already seen, without touching the database."""
        return self._known.get(token_hash(token))

    def forget_tokens(self) -> None:
        """Drop the remembered tokens (after a token was replaced)."""
        self._known.clear()

    def by_id(self, player_id: int) -> Player | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(players).where(players.c.id == player_id)).one_or_none()
        return None if row is None else Player(row.id, row.name, row.role, bool(row.demo))

    def by_name(self, name: str) -> Player | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(players).where(players.c.name == name)).one_or_none()
        return None if row is None else Player(row.id, row.name, row.role, bool(row.demo))

    def account(self, player: Player, currency: str) -> int:
        """The player's account in ``currency``, opened on first use. A demo player has only a
        ``DEMO`` account and a real player never has one (rules 37-38)."""
        if player.demo != (currency == DEMO):
            kind = (
                "a demo player plays with points only"
                if player.demo
                else ("play money is for demo players")
            )
            raise RuleViolation("currency", kind, "PT 812/2015 rules 37-38")
        return named_account(self.ledger, player.name, "player", currency, negative=False)

    def accounts_of(self, player: Player) -> dict[str, int]:
        """Balance by currency of every account the player holds."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(accounts.c.currency, accounts.c.balance).where(
                    accounts.c.owner == player.name, accounts.c.kind == "player"
                )
            ).all()
        return {row.currency: row.balance for row in rows}


def named_account(ledger: Ledger, owner: str, kind: str, currency: str, *, negative: bool) -> int:
    """The one account of (owner, kind, currency), opened on first use."""
    with ledger.engine.connect() as connection:
        found = connection.execute(
            select(accounts.c.id).where(
                accounts.c.owner == owner, accounts.c.kind == kind, accounts.c.currency == currency
            )
        ).first()
    if found is not None:
        return int(found[0])
    try:
        return ledger.open_account(owner, kind, currency, may_go_negative=negative)
    except RuleViolation:  # opened at the same moment by another request: use that one
        with ledger.engine.connect() as connection:
            again = connection.execute(
                select(accounts.c.id).where(
                    accounts.c.owner == owner,
                    accounts.c.kind == kind,
                    accounts.c.currency == currency,
                )
            ).first()
        if again is None:  # refused for its own reason (a currency the ledger refuses)
            raise
        return int(again[0])
