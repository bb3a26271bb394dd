"""The server's state: the database, the ledger, the players and every running table.

Start-up order matters for money: the schema is migrated, then every round a stopped server left
open is voided and refunded (PT rule 29; exactly once, see :mod:`croupier.store.rounds`), and only
then do the tables open their next betting window.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.registry import jackpot_terms, live_dealing, table_currency, table_seats
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.protection.calendar import DEFAULT_ZONE, Calendar
from croupier.protection.limits import COOLING_OFF_SECONDS
from croupier.rng import RandomSource
from croupier.server.bus import Bus, bus_address
from croupier.server.cashier import Cashier
from croupier.server.defaults import DEFAULT_TABLES, NODE_NAME, default_node
from croupier.server.forwarding import Peers
from croupier.server.hub import Hub
from croupier.server.idempotency import Answers
from croupier.server.logins import LoginGate
from croupier.server.origins import Origins
from croupier.server.peer_auth import PeerKey
from croupier.server.periodic import Background, every
from croupier.server.protection import Protection
from croupier.server.rates import RateLimits, Rates
from croupier.server.relay import Relay
from croupier.server.visibility import TableKind
from croupier.shoe import StackedCards
from croupier.store import casino_settings as settings
from croupier.store.audit_trail import AuditTrail
from croupier.store.claims import TableClaims, pool_name
from croupier.store.database import connect, migrate
from croupier.store.ledger import DEMO, Ledger
from croupier.store.owner import ServerLock
from croupier.store.players import CONFIRM_SECONDS, IDLE_SECONDS, Players, named_account
from croupier.store.rounds import RoundRecords
from croupier.store.table_store import SqlTableStore
from croupier.store.writer import GATHER, Writer
from croupier.table.clock import Clock, SystemClock
from croupier.table.config import TableConfig
from croupier.table.runtime import Table

DEMO_FUNDS = 10_000_00  # points a demo player starts with: the house's choice, never money
TICK_SECONDS = 0.1
CLAIM_SECONDS = 1.0  # how often a process shows it lives and looks for tables whose owner died
JACKPOT_SECONDS = 1.0  # how often a linked jackpot's display is read again from the database
DRAIN_SECONDS = 30.0  # a graceful stop waits this long for the dealt rounds to finish
log = logging.getLogger(__name__)
JACKPOTS_UNREAD = "the linked jackpots' display could not be read; trying again"
TOKENS_UNCONFIRMED = "the tokens in play could not be confirmed together; each is at its use"
WRITER_LANES = 4  # PostgreSQL: writer threads, each with its connection (store/writer.py)


@functools.cache
def _preset_currencies() -> frozenset[str]:
    from croupier.rulesets import load_ruleset, preset_names

    return frozenset(table_currency(load_ruleset(name).rules)[0] for name in preset_names())


@dataclass
class Credentials:
    operator_token: str
    demo_token: str | None = None


@dataclass
class Casino:
    database_url: str
    clock: Clock = field(default_factory=SystemClock)
    source: RandomSource | None = None
    defaults: bool = True
    operator_token: str | None = None
    #: lab testing: a table (by name) deals this stacked sequence instead of a shuffled shoe
    stacked: dict[str, StackedCards] = field(default_factory=dict)
    #: how much one client may ask (server/rates.py)
    rate_limits: RateLimits = field(default_factory=RateLimits)
    #: web pages besides the server's own that may open its WebSockets (server/origins.py)
    allowed_origins: tuple[str, ...] = ()
    #: a player's token expires after this long unused (GLI-19 2.5.4: 30 minutes)
    idle_seconds: float = IDLE_SECONDS
    #: this process's name among those serving one PostgreSQL database (issue 20)
    node: str = ""
    #: where the other processes reach this one (commands for its tables are forwarded here)
    advertise: str | None = None
    #: the bus between the processes (server/bus.py): ``nats://host:4222[/prefix]``
    bus: str | None = None
    #: a graceful stop gives a dealt round this long to finish (issue 34(2))
    drain_seconds: float = DRAIN_SECONDS
    #: False: stop as a crash would, leaving the rounds in play to the next start (tests)
    drain_on_stop: bool = True
    #: a NATS credentials file (.creds: a JWT and an nkey seed) for the bus, if any
    bus_credentials: str | None = None
    #: the key the processes of a deployment sign their requests and events with
    #: (server/peer_auth.py); None: derived from the operator token
    cluster_key: str | None = None
    #: the calendar's time, in seconds (UTC): when an exclusion begins and ends (tests move it)
    wall: Callable[[], float] = time.time
    #: how long a player's raised (or removed) limit waits before it applies (issue 29)
    cooling_off_seconds: float = COOLING_OFF_SECONDS
    #: group commit (store/writer.py): on a busy server a commit waits this long for others
    group_commit_seconds: float = GATHER
    #: the casino's time zone (an IANA name): the days of its players' limits, ages, statements
    #: and exclusions (choice X3); None: its database's (store/casino_settings.py), else UTC
    time_zone: str | None = None
    #: make ``time_zone`` the casino's where its database keeps another (no other process up)
    change_time_zone: bool = False

    def __post_init__(self) -> None:
        self.node = self.node or default_node()
        if not NODE_NAME.fullmatch(self.node):
            raise RuleViolation(
                "node",
                msg("{node}: 1 to 40 letters, digits, '.', '_' or '-'", node=repr(self.node)),
                "deploy.md",
            )
        self.calendar = Calendar(self.time_zone or DEFAULT_ZONE)  # the name checked at once
        self.engine = connect(self.database_url, pool_name(self.node))
        self.ledger = Ledger(self.engine, self.wall)
        self.players = Players(self.engine, self.ledger, idle_seconds=self.idle_seconds)
        self.records = RoundRecords(self.engine, self.ledger, self.calendar)
        self.hub = Hub()
        self.answers = Answers()  # a client's reference makes a command idempotent
        self.rates = Rates(self.rate_limits)
        self.peer_key = PeerKey(self.cluster_key or self.operator_token)
        self.logins = LoginGate()  # scrypt on workers of its own, failures budgeted (issue 26)
        self.origins = Origins(self.allowed_origins)
        # SQLite has one writer at a time; PostgreSQL runs transactions side by side
        gather = self.group_commit_seconds
        if self.engine.dialect.name == "sqlite":
            self.writer = Writer(self.engine, gather=gather)
        else:  # and every table's bets in statements of their own lane (store/at_once.py)
            self.writer = Writer(self.engine, WRITER_LANES, stakes_lane=True, gather=gather)
        self.table_store = SqlTableStore(self.records, self.players, self.writer)
        self.tables: dict[int, Table] = {}
        self.lock = ServerLock(self.engine)  # SQLite: one process; PostgreSQL: start-ups in turn
        self.claims = TableClaims(self.engine, self.node)  # the tables this process runs
        if self.bus is not None:
            bus_address(self.bus)  # a URL that is no NATS URL: refused first, naming it
        if self.bus is not None and not self.claims.shared:
            raise RuleViolation(
                "bus", "a bus joins processes on one PostgreSQL database: not SQLite", "deploy.md"
            )
        self.peers = Peers(self)  # the other processes on the database (server/forwarding.py)
        self.protection = Protection(self)  # exclusions from play (issue 29)
        self.cashier = Cashier(self)  # deposits and withdrawals
        self.audit = AuditTrail(self.engine, self.node, self.wall)  # the staff's (issue 30)
        #: watchers here of tables the other processes run, through the bus (server/relay.py)
        self.relay = (
            Relay(self, self.peers, Bus(self.bus, self.node, self.peer_key, self.bus_credentials))
            if self.bus
            else None
        )
        self.credentials = Credentials("")
        self.recovered: list[int] = []
        self.background = Background()

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        try:
            await asyncio.to_thread(self._prepare)
            if self.relay is not None:  # its events go out from the first one dealt
                await self.relay.start()
                self.hub.bus = self.relay.bus
        except BaseException:
            self.lock.release()
            raise
        try:
            await self._claim_free()  # the free tables, up to this process's share
        finally:
            self.lock.started()  # PostgreSQL: the next process may start
        loop = asyncio.get_running_loop()

        def moved() -> None:
            loop.call_soon_threadsafe(self._tick_all)

        self.clock.on_change(moved)
        if isinstance(self.clock, SystemClock):
            self.background.start(self._tick_forever())
            self.background.start(every(JACKPOT_SECONDS, self.refresh_jackpots, JACKPOTS_UNREAD))
            if self.claims.shared:
                self.background.start(self._claim_forever())
        if self.players.shared:  # tokens in play confirmed ahead, by real time: no bet waits
            self.background.start(every(CONFIRM_SECONDS / 4, self._confirm, TOKENS_UNCONFIRMED))

    def _prepare(self) -> None:
        self.hold()
        zone = self.agreed_time_zone()
        migrate(self.engine)
        settings.keep(self.engine, settings.TIME_ZONE, zone)
        if self.advertise:
            self.claims.advertise(self.advertise)
        if not self.claims.shared:  # one process serves the file: every open round is its own
            self.recovered = self.records.recovery.recover()
        self.credentials.operator_token = self._ensure(
            "operator", "operator", False, self.operator_token
        )
        if self.defaults:
            if not self.records.tables.all():
                for config in DEFAULT_TABLES:
                    self.records.tables.create_table(config.name, config.to_json())
            self.credentials.demo_token = self._ensure("demo", "player", True, None)
            self._fund_demo(self.players.by_name("demo"))

    def agreed_time_zone(self) -> str:
        """The casino's time zone (store/casino_settings.py), the calendar set to it."""
        given, change = self.time_zone, self.change_time_zone
        self.calendar.use(settings.zone_for(self.engine, given, change, self.claims.others))
        return self.calendar.name

    def hold(self) -> None:
        """This process's claims connection first (its other connections are a live process's,
        never a dead one's left over: :meth:`TableClaims.fence`), then its turn to start:
        :class:`DatabaseInUse` on SQLite when another process serves the file."""
        self.claims.open()
        self.lock.acquire()  # before anything is voided or dealt

    def _ensure(self, name: str, role: str, demo: bool, token: str | None) -> str:
        """Create ``name`` or give it a fresh token (the old one stops working)."""
        existing = self.players.by_name(name)
        if existing is None:
            player, fresh = self.players.create(name, role=role, demo=demo)
            token = token or fresh
            if token != fresh:
                self.players.set_token(player.id, token)
            return token
        import secrets

        token = token or secrets.token_urlsafe(24)
        self.players.set_token(existing.id, token)
        return token

    def _fund_demo(self, player: Player | None) -> None:
        if player is None:
            return
        account = self.players.account(player, DEMO)
        if self.ledger.balance(account) < DEMO_FUNDS // 10:
            bank = named_account(self.ledger, "demo-bank", "cashier", DEMO, negative=True)
            top_up = DEMO_FUNDS - self.ledger.balance(account)
            self.ledger.transfer(bank, account, top_up, "demo_points", f"player:{player.id}")

    async def _run_table(self, table_id: int, config: TableConfig) -> Table:
        if self.relay is not None:  # watchers here that followed it elsewhere: read it afresh
            self.relay.break_off(table_id)
        table = Table(
            table_id,
            config,
            self.table_store,
            self.clock,
            lambda event, to: self.hub.publish(table_id, event, to),
            self.source,
            self.stacked.get(config.name),
        )
        table.timers.disabled = await asyncio.to_thread(self.audit.disabled, table_id)
        await table.start()
        self.tables[table_id] = table
        return table

    async def _claim_free(self) -> None:
        """Take the open tables no process runs, up to this process's share of them, each
        recovered first (PT rule 29: a dead owner's round voided and refunded exactly once; the
        claim makes this process the only one that recovers or deals the table)."""
        rows = await asyncio.to_thread(self.records.tables.all)
        mine = self.claims.owned  # running, or being started (a table just opened)
        free = [(t, c) for t, _name, c, status in rows if status == "open" and t not in mine]
        if not free:
            return
        share = await asyncio.to_thread(self.claims.share, len(free) + len(mine))
        for table_id, config in free:
            if len(mine) >= share:
                return
            if not await asyncio.to_thread(self.claims.claim, table_id):
                continue  # another process runs it
            if self.claims.shared:
                await asyncio.to_thread(self.claims.fence)
                self.recovered += await asyncio.to_thread(self.records.recovery.recover, table_id)
            await self._run_table(table_id, TableConfig.from_json(config))

    async def _claim_forever(self) -> None:
        """Show the database this process lives, and take tables whose owner died."""
        while True:
            await asyncio.sleep(CLAIM_SECONDS)
            try:
                await asyncio.to_thread(self.claims.heartbeat)
            except Exception:  # its claims are lost with the connection: stop dealing at once
                log.critical("node %s lost its claims connection: stopping", self.node)
                os._exit(3)  # fail-stop; another process takes the tables (docs/deploy.md)
            try:
                await self._claim_free()
            except Exception:
                log.exception("node %s: taking free tables failed; trying again", self.node)

    async def refresh_jackpots(self) -> None:
        """Each linked table here shows its pool as the database holds it: the other tables of
        its link, on any process, change it (one read of each linked pool, however many tables
        here show it)."""
        linked = [t for t in self.tables.values() if t.config.linked_jackpot]
        pools = sorted({t.accounts.pool for t in linked if t.accounts.pool is not None})
        if not pools:
            return
        balances = await asyncio.to_thread(lambda: {p: self.ledger.balance(p) for p in pools})
        for table in linked:
            if table.accounts.pool is not None:
                table.show_jackpot(balances[table.accounts.pool])

    async def _confirm(self) -> None:
        await asyncio.to_thread(self.players.confirm_in_use)

    def cluster(self) -> dict[str, Any]:
        """The processes serving this database and the tables each runs (``GET /cluster``)."""
        nodes = self.claims.nodes()
        return {
            "node": self.node,
            "shared": self.claims.shared,
            "nodes": [
                {
                    "name": n.name,
                    "url": n.url,
                    "tables": list(n.tables),
                    "since": n.since,
                    "last_seen": n.last_seen,
                }
                for n in nodes
            ],
        }

    def _tick_all(self) -> None:
        for table in self.tables.values():
            table.tick()

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self._tick_all()

    async def drain(self, seconds: float | None = None) -> None:
        """A graceful stop (SIGTERM; issue 34(2)): every table stops taking bets and opening
        rounds; a round no card of which was dealt is voided with the shutdown as its reason
        and its stakes returned; a dealt round is given ``seconds`` to finish (its decisions'
        own time limits run on). What is still in play after that is left to the next start's
        recovery, as after a crash."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.drain_seconds if seconds is None else seconds)
        pending = [t for t in self.tables.values() if t.running]
        while pending:
            done = await asyncio.gather(*(t.close() for t in pending), return_exceptions=True)
            pending = [t for t, ok in zip(pending, done, strict=True) if ok is not True]
            if not pending or loop.time() >= deadline:
                break
            await asyncio.sleep(0.2)
        for table in pending:
            log.warning("table %s: still in play at the stop; the next start recovers it", table.id)

    async def stop(self) -> None:
        if self.drain_on_stop:
            with contextlib.suppress(Exception):  # a stop never fails for want of a drain
                await self.drain()
        await self.background.stop()
        for table in self.tables.values():
            await table.stop()
        if self.relay is not None:
            await self.relay.close()
        await self.peers.close()
        await asyncio.to_thread(self.writer.stop)
        with contextlib.suppress(Exception):  # tokens' last uses, for their expiry
            await asyncio.to_thread(self.players.save_activity)
        self.claims.close()
        self.lock.release()
        self.logins.close()
        self.engine.dispose()

    # -- operations the API offers ---------------------------------------------------------
    async def open_table(self, config: TableConfig) -> Table:
        """The operator opens a table (limits and house options as ruleset overrides)."""
        from croupier.rulesets import load_ruleset

        rules = load_ruleset(config.ruleset, dict(config.overrides)).rules  # refused first
        lowest, highest, article = table_seats(rules)
        if not lowest <= config.seats <= highest:
            raise RuleViolation(
                "seats",
                msg(
                    "{seats}: a table of this ruleset has {lowest} to {highest} seats",
                    seats=config.seats,
                    lowest=lowest,
                    highest=highest,
                ),
                article,
            )
        if config.live:
            live_dealing(rules)  # refused for a game with no live dealing
        if config.linked_jackpot:
            await asyncio.to_thread(self._check_link, config, rules)
        table_id = await asyncio.to_thread(
            self.records.tables.create_table, config.name, config.to_json(), self.claims.claim
        )  # claimed before any other process can see it
        return await self._run_table(table_id, config)

    def _check_link(self, config: TableConfig, rules: object) -> None:
        """A linked jackpot joins tables whose jackpots are alike in every term (issue 20)."""
        from croupier.rulesets import load_ruleset

        terms = jackpot_terms(rules, config.demo)
        if terms is None:
            raise RuleViolation(
                "linked_jackpot",
                msg("{ruleset}: this ruleset has no progressive jackpot", ruleset=config.ruleset),
                "linked jackpots (docs/deploy.md)",
            )
        for _id, name, data, _status in self.records.tables.all():
            other = TableConfig.from_json(data)
            if other.linked_jackpot != config.linked_jackpot:
                continue
            rules_there = load_ruleset(other.ruleset, dict(other.overrides)).rules
            if jackpot_terms(rules_there, other.demo) != terms:
                raise RuleViolation(
                    "linked_jackpot",
                    msg(
                        "{linked_jackpot} is the pool of table {name}, whose jackpot differs "
                        "(game, money, ticket, seed, contribution or prizes)",
                        linked_jackpot=repr(config.linked_jackpot),
                        name=repr(name),
                    ),
                    "linked jackpots (docs/deploy.md)",
                )

    def table(self, table_id: int) -> Table:
        if (table := self.tables.get(table_id)) is None:
            raise LookupError(msg("no table {table_id} runs in this process", table_id=table_id))
        return table

    async def caller_of(self, authorization: str | None) -> str | None:
        """Who a request's ``Authorization`` names, as a peer is told (server/peer_auth.py):
        the player's name, "" for no credential, None for a credential that is no one's."""
        if authorization is None:
            return ""
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        player = await self.player_of_token(token)
        return None if player is None else player.name

    async def player_of_token(self, token: str) -> Player | None:
        """The player a token is (None: no one's, or expired): remembered, else read."""
        return self.players.remembered(token) or await asyncio.to_thread(
            self.players.authenticate, token
        )

    async def player_named(self, name: str) -> Player | None:
        """The player a peer's signed request speaks for ("": anonymous): remembered, else read."""
        if not name:
            return None
        known = self.players.remembered_name(name)  # a peer's every bet names its player
        return known or await asyncio.to_thread(self.players.by_name, name)

    async def login(self, name: str, password: str, address: str = "") -> tuple[Player, str]:
        """A fresh token for a player who gives their password (re-authentication, GLI-19
        2.5.4). Failures are budgeted per name and per address, and the password is checked on
        the login workers (server/logins.py): :class:`LoginRefused` past the budget."""
        self.logins.check(name, address)
        done = await self.logins.run(lambda: self.players.login(name, password))
        if done is None:
            self.logins.failed(name, address)
            raise RuleViolation("password", "unknown name or wrong password", "authentication")
        self.logins.succeeded(name)
        return done

    async def new_demo_player(self, name: str) -> tuple[Player, str]:
        player, token = await asyncio.to_thread(self.players.create, name, demo=True)
        await asyncio.to_thread(self._fund_demo, player)
        return player, token

    def closed_table_kind(self, table_id: int) -> TableKind:
        """The rules and mode of a table that is not running (closed), for recall."""
        from croupier.rulesets import load_ruleset

        for found, _name, data, _status in self.records.tables.all():
            if found == table_id:
                config = TableConfig.from_json(data)
                rules = load_ruleset(config.ruleset, dict(config.overrides)).rules
                return TableKind(rules, config.mode == "individual")
        raise LookupError(msg("no table {table_id}", table_id=table_id))

    def currencies(self) -> set[str]:
        """The currencies of real money here: those of the tables and of the rulesets' presets
        (a deposit in any other is refused: issue 16, finding 8)."""
        return ({t.currency for t in self.tables.values()} | _preset_currencies()) - {DEMO}
