"""Players, operators and their bearer tokens; each player's money accounts.

A token is shown once when the player is created (or logs in); only its SHA-256 is stored, and a
player holds one token at a time. A player's token expires after ``idle_seconds`` unused (30
minutes: GLI-19 2.5.4 asks for re-authentication after 30 minutes of inactivity); the player
then logs in again with their password (:meth:`Players.login`), or an operator gives them a new
token. Operators' tokens are the server's console credentials, renewed at each start. A demo player
holds play money only (currency ``DEMO``, PT online rules 37-38) and can never be given real
money: the ledger refuses a posting that mixes currencies.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.staff import STAFF_ROLES
from croupier.store.ledger import DEMO, Ledger
from croupier.store.schema import accounts, players

#: a box: a live table's place on the felt (issue 31); the staff's roles: croupier/staff.py
ROLES = ("player", "box", *STAFF_ROLES)
_RULE = "players: unique names, one role each"
IDLE_SECONDS = 30 * 60.0  # GLI-19 2.5.4
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def password_hash(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str | None) -> bool:
    if not stored or not stored.startswith("scrypt$"):
        return False
    _, salt, digest = stored.split("$")
    found = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), **_SCRYPT)
    return hmac.compare_digest(found.hex(), digest)


@functools.cache
def _stand_in() -> str:
    """A hash no password is checked against in earnest: an unknown name's, so that it costs
    the same scrypt as a wrong password (issue 26, finding 4: the delay told who exists)."""
    return password_hash(secrets.token_hex(16))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: how long a remembered token is trusted without the database, when processes share it
CONFIRM_SECONDS = 5.0
NAMED = 100_000  # players remembered by name (by_name), all forgotten at once past it


class Players:
    def __init__(
        self,
        engine: Engine,
        ledger: Ledger,
        *,
        idle_seconds: float = IDLE_SECONDS,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.ledger = ledger
        self.idle_seconds = idle_seconds
        self.wall = wall
        # token digest -> [player, last use, when the database last confirmed it]
        self._known: dict[str, list[Any]] = {}
        #: players by name, as read: a player's id, name, role and demo flag never change
        self._named: dict[str, Player] = {}
        #: several processes share a PostgreSQL database (issue 20): a token another process
        #: replaced must stop working here too, and a token used there must not expire here
        self.shared = engine.dialect.name == "postgresql"

    def create(
        self,
        name: str,
        *,
        role: str = "player",
        demo: bool = False,
        password: str | None = None,
        born: date | None = None,
    ) -> tuple[Player, str]:
        """A new player (or operator) and the bearer token that authenticates them; with a
        ``password``, they can log in again when the token expires."""
        if not isinstance(name, str) or not 1 <= len(name) <= 100 or not name.isprintable():
            raise RuleViolation("name", "must be 1 to 100 printable characters", _RULE)
        if role not in ROLES:
            raise RuleViolation(
                "role",
                msg("{role} is not one of {roles}", role=repr(role), roles=", ".join(ROLES)),
                _RULE,
            )
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
                        token_seen_at=datetime.fromtimestamp(self.wall(), UTC),
                        password_hash=None if password is None else password_hash(password),
                        born=born,
                    )
                )
                key = result.inserted_primary_key
                assert key is not None
        except IntegrityError:
            raise RuleViolation(
                "name", msg("{name} is already taken", name=repr(name)), _RULE
            ) from None
        return Player(int(key[0]), name, role, demo), token

    def _expired(self, player: Player, seen: float, now: float) -> bool:
        """A player's token, and a staff member's session (issue 30), end unused for
        ``idle_seconds``; the server's own console credential (``operator``) and a box's do not."""
        mortal = player.role == "player" or (player.staff and player.role != "operator")
        return mortal and now - seen > self.idle_seconds

    def authenticate(self, token: str) -> Player | None:
        """The player a bearer token belongs to, or None (unknown, or a player's token unused
        for ``idle_seconds``). Each use counts as activity; known tokens are kept in memory."""
        return self.authenticate_digest(token_hash(token))

    def authenticate_digest(self, digest: str) -> Player | None:
        """:meth:`authenticate` by the token's SHA-256. On a shared database a remembered
        token is confirmed again every :data:`CONFIRM_SECONDS`: this process's last use of it
        written first (so that a token in use elsewhere does not expire here, nor here there),
        then the token read back (so that a token another process replaced stops working)."""
        known = self.remembered_digest(digest)
        if known is not None:
            return known
        entry = self._known.pop(digest, None)
        player = self._confirmed({digest: entry[1] if entry is not None else None})[digest]
        if player is None:
            return None
        now = self.wall()
        if len(self._known) >= 100_000:
            self.save_activity()
            self._known.clear()
        self._known[digest] = [player, now, now]
        return player

    def confirm_in_use(self) -> int:
        """On a shared database, confirm together, in one transaction, every remembered token
        used here within the last :data:`CONFIRM_SECONDS` and confirmed more than half of it
        ago, as :meth:`authenticate_digest` confirms one: so that a player in play never waits
        for the database between two bets (one bet in a hundred did, issue 32(4)). A token
        replaced, suspended or expired meanwhile is forgotten here (its next use asks the
        database, and is refused). A token this leaves unconfirmed (the database slow, or the
        server's task late) is confirmed at its next use, as before: none is trusted longer.
        Returns how many were confirmed."""
        if not self.shared:
            return 0
        started = self.wall()
        due = {
            digest: entry[1]
            for digest, entry in list(self._known.items())
            if started - entry[1] <= CONFIRM_SECONDS and started - entry[2] > CONFIRM_SECONDS / 2
        }
        if not due:
            return 0
        confirmed = 0
        for digest, player in self._confirmed(due).items():
            entry = self._known.get(digest)
            if entry is None:
                continue
            if player is None:
                self._known.pop(digest, None)
            else:  # from before the database was asked: never later than it answered for
                entry[2] = max(entry[2], started)
                confirmed += 1
        return confirmed

    def _confirmed(self, uses: dict[str, float | None]) -> dict[str, Player | None]:
        """Each token (by digest) of ``uses`` as the database holds it now: its player, or None
        where it is unknown (replaced), its account suspended, or it expired unused everywhere.
        On a shared database this process's last use of each (where given) is written first,
        kept where another process used it later."""
        written = [
            {"digest": digest, "used": datetime.fromtimestamp(used, UTC)}
            for digest, used in uses.items()
            if used is not None
        ]
        with self.engine.begin() as connection:
            if written and self.shared:
                connection.execute(
                    update(players)
                    .where(players.c.token_hash == bindparam("digest"))
                    .values(
                        token_seen_at=func.greatest(players.c.token_seen_at, bindparam("used"))
                    ),
                    written,
                )
            rows = connection.execute(
                select(players).where(players.c.token_hash.in_(list(uses)))
            ).all()
        now = self.wall()
        found: dict[str, Player | None] = dict.fromkeys(uses)
        for row in rows:
            if row.suspended is not None:  # a suspended account's token is refused
                continue
            player = Player(row.id, row.name, row.role, bool(row.demo))
            seen = row.token_seen_at.timestamp() if row.token_seen_at is not None else now
            if not self._expired(player, seen, now):
                found[row.token_hash] = player
        return found

    def remembered(self, token: str) -> Player | None:
        """The player of a token already seen and not expired, without touching the database
        (the event loop's fast path); the use counts as activity."""
        return self.remembered_digest(token_hash(token))

    def remembered_digest(self, digest: str) -> Player | None:
        """:meth:`remembered` by the token's SHA-256 (a connection hashes its token once)."""
        entry = self._known.get(digest)
        if entry is None:
            return None
        now = self.wall()
        if self._expired(entry[0], entry[1], now):
            del self._known[digest]
            return None
        if self.shared and now - entry[2] > CONFIRM_SECONDS:
            return None  # to be confirmed by the database (authenticate_digest)
        entry[1] = now
        return entry[0]  # type: ignore[no-any-return]

    def set_token(self, player_id: int, token: str) -> None:
        """Give a player (the server's console credentials) this token; the old one stops
        working."""
        with self.engine.begin() as connection:
            connection.execute(
                update(players)
                .where(players.c.id == player_id)
                .values(
                    token_hash=token_hash(token),
                    token_seen_at=datetime.fromtimestamp(self.wall(), UTC),  # its idle clock's
                )
            )
        self.forget_tokens()

    def forget_tokens(self) -> None:
        """Drop the remembered tokens (after a token was replaced)."""
        self.save_activity()
        self._known.clear()

    def save_activity(self) -> None:
        """Write each remembered token's last use (at a stop: a restarted server expires a
        token by its real last use)."""
        with self.engine.begin() as connection:
            for digest, (_player, seen, _confirmed) in list(self._known.items()):
                connection.execute(
                    update(players)
                    .where(players.c.token_hash == digest)
                    .values(token_seen_at=datetime.fromtimestamp(seen, UTC))
                )

    def new_token(self, player: Player) -> str:
        """A fresh token for ``player``; their old one stops working."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as connection:
            connection.execute(
                update(players)
                .where(players.c.id == player.id)
                .values(
                    token_hash=token_hash(token),
                    token_seen_at=datetime.fromtimestamp(self.wall(), UTC),
                )
            )
        for digest, entry in list(self._known.items()):
            if entry[0].id == player.id:
                del self._known[digest]
        return token

    def login(self, name: str, password: str) -> tuple[Player, str] | None:
        """A fresh token for the player ``name`` whose password this is; None otherwise."""
        with self.engine.connect() as connection:
            row = connection.execute(select(players).where(players.c.name == name)).one_or_none()
        stored = None if row is None else row.password_hash
        matches = password_matches(password, stored or _stand_in())  # the same work either way
        if row is None or not stored or not matches or row.suspended is not None:
            return None
        player = Player(row.id, row.name, row.role, bool(row.demo))
        return player, self.new_token(player)

    def suspension(self, player: Player) -> str | None:
        """Why ``player``'s account is suspended (None: it is not)."""
        with self.engine.connect() as connection:
            reason = connection.execute(
                select(players.c.suspended).where(players.c.id == player.id)
            ).scalar_one_or_none()
        return None if reason is None else str(reason)

    def set_suspension(
        self, player: Player, reason: str | None, also: Callable[[Connection], None]
    ) -> None:
        """Suspend ``player``'s account (``reason``) or lift it (None), with ``also`` (the
        audit trail's row) in the same transaction; a suspended account's token stops working
        here at once and on the other processes within :data:`CONFIRM_SECONDS`."""
        with self.engine.begin() as connection:
            connection.execute(
                update(players).where(players.c.id == player.id).values(suspended=reason)
            )
            also(connection)
        for digest, entry in list(self._known.items()):
            if entry[0].id == player.id:
                del self._known[digest]

    def by_id(self, player_id: int) -> Player | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(players).where(players.c.id == player_id)).one_or_none()
        return None if row is None else Player(row.id, row.name, row.role, bool(row.demo))

    def by_name(self, name: str) -> Player | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(players).where(players.c.name == name)).one_or_none()
        if row is None:
            return None  # not remembered: a player registered later is found
        player = Player(row.id, row.name, row.role, bool(row.demo))
        if len(self._named) >= NAMED:
            self._named.clear()
        self._named[name] = player
        return player

    def remembered_name(self, name: str) -> Player | None:
        """The player named ``name`` if :meth:`by_name` read them before (no database read: a
        peer's forwarded request names its player, docs/deploy.md); what a player may do
        (suspension, exclusion, limits) is never remembered here."""
        return self._named.get(name)

    def account(self, player: Player, currency: str) -> int:
        """The player's account in ``currency``, opened on first use. A demo player has only a
        ``DEMO`` account and a real player never has one (rules 37-38)."""
        if player.demo != (currency == DEMO):
            raise RuleViolation(
                "currency",
                "a demo player plays with points only"
                if player.demo
                else "play money is for demo players",
                pt("rules 37-38"),
            )
        if player.role == "box":  # the house's chips on a live table's felt: may go negative
            return named_account(self.ledger, player.name, "box", currency, negative=True)
        return named_account(self.ledger, player.name, "player", currency, negative=False)

    def language(self, player: Player) -> str | None:
        """The language the player chose (issue 29, item 1), if any."""
        with self.engine.connect() as connection:
            chosen = connection.execute(
                select(players.c.language).where(players.c.id == player.id)
            ).scalar_one_or_none()
        return None if chosen is None else str(chosen)

    def set_language(self, player: Player, language: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(players).where(players.c.id == player.id).values(language=language)
            )

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
