"""Baccarat: Macau (Despacho 55/2004, amended by 2/2009) and Portuguese online Ponto e Banca
(Regulamento 812/2015)."""

import importlib
from typing import Any

# Each name from its module, imported when first asked for (PEP 562): importing the package
# for its rules does not load the engine (issue 32(3)).
_WHERE = {
    "Regulation": "articles",
    "Coup": "coup",
    "deal_coup": "coup",
    "BaccaratGame": "game",
    "BaccaratRound": "round",
    "Phase": "round",
    "Settlement": "round",
    "replay": "round",
    "BaccaratRules": "rules",
    "BetLimit": "rules",
    "SideBet": "sidebets",
    "register_side_bet": "sidebets",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BaccaratGame",
    "BaccaratRound",
    "BaccaratRules",
    "BetLimit",
    "Coup",
    "Phase",
    "Regulation",
    "Settlement",
    "SideBet",
    "deal_coup",
    "register_side_bet",
    "replay",
]
