"""The last whole mutation run, as shipped beside this module (``mutation.json``, written by
``croupier mutate --write``): read by the compliance matrix (each unit's mutants killed and
survived) and by ``croupier mutate --new-only`` (the survivors already known)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

RESULTS = "mutation.json"


def stored() -> dict[str, Any] | None:
    """The last whole run's results, as shipped (``mutation.json``), if any."""
    path = resources.files("croupier.compliance").joinpath(RESULTS)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data
