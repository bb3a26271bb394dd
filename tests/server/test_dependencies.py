"""No request of the API waits for a worker thread to run a plain function: FastAPI runs a
route or a dependency written as a plain function in its thread pool, a thread's round trip (a
hand-over of the interpreter's lock, two wake-ups) for every request that uses it. The casino's
own dependency was one, and every REST command paid it: a tenth of the event loop's time on a
REST bet (issue 32(4); docs/benchmarks.md, "Several processes on one database")."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from croupier.server.app import create_app
from croupier.server.service import Casino
from croupier.table.clock import ManualClock


def _api_routes(routes: Iterable[Any]) -> Iterator[APIRoute]:
    """Every API route under ``routes``: FastAPI keeps an included router's own routes behind an
    object of its own (``original_router``) in its newer versions, in place in older ones."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        below = getattr(route, "original_router", route)
        if below is not route or not isinstance(route, APIRoute):
            yield from _api_routes(getattr(below, "routes", ()))


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    """The route's function and every dependency under it."""
    if dependant.call is not None:
        yield dependant.call
    for below in dependant.dependencies:
        yield from _calls(below)


def _runs_on_the_loop(call: Callable[..., Any]) -> bool:
    """Whether FastAPI awaits ``call`` on the event loop (a coroutine function, or an object
    whose ``__call__`` is one, as FastAPI's security schemes are)."""
    if inspect.iscoroutinefunction(call):
        return True
    return inspect.iscoroutinefunction(type(call).__call__)  # a security scheme: its method


def test_every_route_and_dependency_of_the_api_is_awaited_on_the_event_loop(
    tmp_path: Path,
) -> None:
    casino = Casino(f"sqlite:///{tmp_path / 'casino.db'}", clock=ManualClock(), defaults=False)
    app = create_app(casino)
    routes = list(_api_routes(app.routes))
    checked = [(route.path, call) for route in routes for call in _calls(route.dependant)]
    in_a_thread = sorted(
        {(path, getattr(call, "__name__", repr(call))) for path, call in checked}
        - {(path, getattr(call, "__name__", repr(call))) for path, call in checked
           if _runs_on_the_loop(call)}
    )  # fmt: skip
    assert len(routes) > 50 and len(checked) > 3 * len(routes)  # the API's, not an empty app
    assert in_a_thread == []
