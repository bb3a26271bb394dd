"""Which optional part of croupier each third-party package belongs to (pyproject.toml's
extras), so that a command run without it says in one line what to install (issue 34(4))."""

from __future__ import annotations

#: top-level module -> the extra that installs it
EXTRA_OF = {
    "sqlalchemy": "server",
    "alembic": "server",
    "psycopg": "server",
    "fastapi": "server",
    "fastapi_offline": "server",
    "starlette": "server",
    "uvicorn": "server",
    "nats": "server",
    "httpx": "server",
    "matplotlib": "analysis",
    "dask": "analysis",
    "distributed": "analysis",
    "pytest": "test",
    "hypothesis": "test",
}


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """The one line to say when ``error`` is a package of an extra that is not installed."""
    top = (error.name or "").split(".")[0]
    extra = EXTRA_OF.get(top)
    if extra is None:
        return None
    return (
        f"this command needs croupier's {extra!r} extra ({top} is not installed): "
        f"python3 -m pip install 'croupier[{extra}]'"
    )
