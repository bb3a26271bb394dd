"""``croupier serve``: the online table server (issue 7; docs/server.md)."""

from __future__ import annotations

import os
import sys

import typer

from croupier.cli.common import finite
from croupier.store import DEFAULT_URL


def _reachable(host: str) -> str:
    """An address the other processes can use for ``host`` (a wildcard is not one)."""
    return "127.0.0.1" if host in ("0.0.0.0", "::", "") else host


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on (0 to 65535; 0: any free)"),
    database: str = typer.Option(
        DEFAULT_URL, "--database", help="SQLAlchemy URL: sqlite:///file.db or postgresql://..."
    ),
    operator_token: str | None = typer.Option(
        None,
        "--operator-token",
        envvar="CROUPIER_OPERATOR_TOKEN",
        help="the operator's bearer token (a fresh one is printed when not given)",
    ),
    demo: bool = typer.Option(True, "--demo/--no-demo", help="two demo tables and a demo player"),
    advertise_url: str = typer.Option(
        "",
        "--advertise-url",
        help="where the other processes reach this one (default: http://HOST:PORT)",
    ),
    node_name: str = typer.Option(
        "",
        "--node-name",
        help="this process's name among those serving one PostgreSQL database "
        "(default: host-pid; docs/deploy.md)",
    ),
    bus: str = typer.Option(
        "",
        "--bus",
        envvar="CROUPIER_BUS",
        help="NATS URL, nats://host:4222\\[/prefix]: the processes on one PostgreSQL database "
        "tell each other's watchers their tables' events (docs/deploy.md)",
    ),
    bus_credentials: str = typer.Option(
        "",
        "--bus-credentials",
        envvar="CROUPIER_BUS_CREDENTIALS",
        help="a NATS credentials file for the bus: .creds (JWT and seed) or .nk (an nkey "
        "seed); or put user:password@ or token@ in the URL",
    ),
    cluster_key: str = typer.Option(
        "",
        "--cluster-key",
        envvar="CROUPIER_CLUSTER_KEY",
        help="the key the processes of one deployment sign each other's requests and events "
        "with (default: derived from the operator token, which they share)",
    ),
    messages_per_second: float = typer.Option(
        50.0,
        "--messages-per-second",
        callback=finite,
        min=0,
        help="WebSocket messages a connection may send a second (a player: twice that over "
        "all their connections and REST commands); 0: no limit",
    ),
    group_commit_ms: float | None = typer.Option(
        None,
        "--group-commit-ms",
        callback=finite,
        min=0,
        max=100,
        help="on a busy server, how long a database commit waits for other tables' writes to "
        "share it (fewer commits for a little more latency per bet); 0: commit at once "
        "[default: 2]",
    ),
    time_zone: str | None = typer.Option(
        None,
        "--time-zone",
        help="the casino's time zone, an IANA name (Asia/Macau, Europe/Lisbon): the days, weeks "
        "and months of its players' limits, their ages, statements and exclusions; kept in the "
        "database, which refuses another [default: the database's; UTC for a new one]",
        show_default=False,
    ),
    change_time_zone: bool = typer.Option(
        False,
        "--change-time-zone",
        help="make --time-zone the casino's where its database keeps another (with no other "
        "process serving the database)",
    ),
    allow_origin: list[str] = typer.Option(  # noqa: B008 (typer's way)
        [],
        "--allow-origin",
        help="a web page's origin, besides the server's own, that may open its WebSockets",
    ),
) -> None:
    """Serve the online tables: REST + WebSocket API, the browser client at /."""
    import uvicorn

    from croupier.cli.language import current
    from croupier.errors import RuleViolation
    from croupier.i18n.catalogue import translate
    from croupier.server.app import create_app
    from croupier.server.bus import bus_address, bus_has_credentials
    from croupier.server.collector import freeze_startup_objects
    from croupier.server.rates import RateLimits
    from croupier.server.service import Casino
    from croupier.server.transport import uvicorn_options
    from croupier.store.owner import DatabaseInUse
    from croupier.store.writer import GATHER

    if not 0 <= port <= 65535:
        typer.echo(f"error: --port: {port} is not a TCP port: it must be 0 to 65535", err=True)
        raise typer.Exit(2)
    if change_time_zone and time_zone is None:  # a change to nothing: a mistake, said
        typer.echo(
            "error: --change-time-zone: give the casino's new zone with --time-zone", err=True
        )
        raise typer.Exit(2)
    if not database.startswith(("sqlite:///", "postgresql://", "postgresql+psycopg://")):
        typer.echo(
            f"error: --database: {database!r} is not a database croupier serves: it must be "
            "sqlite:///FILE or postgresql://USER@HOST:PORT/NAME",
            err=True,
        )
        raise typer.Exit(2)
    limits = RateLimits(per_connection=messages_per_second, per_player=2 * messages_per_second)
    try:
        # told nothing, the writer's own gathering
        gather = GATHER if group_commit_ms is None else group_commit_ms / 1000
        casino = Casino(
            database,
            defaults=demo,
            operator_token=operator_token,
            rate_limits=limits,
            allowed_origins=tuple(allow_origin),
            node=node_name,
            advertise=advertise_url or f"http://{_reachable(host)}:{port}",
            bus=bus or None,
            bus_credentials=bus_credentials or None,
            cluster_key=cluster_key or None,
            group_commit_seconds=gather,
            time_zone=time_zone,
            change_time_zone=change_time_zone,
        )
    except RuleViolation as error:
        flag = "node-name" if error.field == "node" else error.field.replace("_", "-")
        shown = translate(error.message, current())
        typer.echo(f"error: --{flag}: {shown} ({error.rule})", err=True)
        raise typer.Exit(2) from None
    except ValueError as error:  # a --bus that is no NATS URL
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if bus and not bus_credentials and not bus_has_credentials(bus):
        typer.echo(
            f"WARNING: the bus {bus_address(bus)[0]} is used with no credentials: anyone who "
            "reaches that NATS server reads the players' private events. Give it a user and "
            "password (nats://user:password@host), a token or --bus-credentials, and TLS "
            "(docs/security.md).",
            err=True,
        )
    try:
        casino.hold()  # SQLite: a second server on one file refuses to start (issue 16)
    except DatabaseInUse as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    except Exception as error:  # a database that does not answer: one line, not a traceback
        typer.echo(f"error: --database: cannot open {database}: {_first_line(error)}", err=True)
        raise typer.Exit(1) from None
    try:  # the casino's time zone is its database's (store/casino_settings.py)
        casino.agreed_time_zone()
    except RuleViolation as error:
        typer.echo(f"error: --time-zone: {translate(error.message, current())} ({error.rule})",
                   err=True)  # fmt: skip
        raise typer.Exit(2) from None

    def announce() -> None:
        url = f"http://{host}:{port}/"
        zone = casino.calendar.name  # the casino's, which its database keeps
        print(f"croupier serving {url} (database {database}, time zone {zone})", flush=True)
        print(f"operator token: {casino.credentials.operator_token}", flush=True)
        if casino.credentials.demo_token:
            print(f"demo player 'demo' token: {casino.credentials.demo_token}", flush=True)
        if casino.recovered:
            print(f"voided and refunded {len(casino.recovered)} interrupted round(s)", flush=True)
        freeze_startup_objects()  # no full collection walks the startup heap again

    app = create_app(casino, on_start=announce)

    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    # The writer thread releases the GIL at every database call and must get it back at once:
    # with Python's default 5 ms switch interval each statement could wait behind the event loop.
    sys.setswitchinterval(0.0002)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", **uvicorn_options())
    # listening before the tables start: a client that reads the printed URL and connects at
    # once waits in the socket's backlog until the app is ready, instead of being refused
    listening = config.bind_socket()
    listening.listen(config.backlog)
    uvicorn.Server(config).run(sockets=[listening])
