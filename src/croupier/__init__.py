"""croupier: casino table games exactly as their official regulations write them.

Layers (see DESIGN.md): shared mechanics (:mod:`croupier.cards`, :mod:`croupier.money`,
:mod:`croupier.rng`, :mod:`croupier.shoe`), games (:mod:`croupier.games`), rulesets
(:mod:`croupier.rulesets`) and the command line (:mod:`croupier.cli`).
"""

__version__ = "0.1.0"
