"""The side-bet registry: pairs, Dragon 7, Lucky 6, and any bet a house has approved.

A side bet is a rule that looks at a finished :class:`~croupier.games.baccarat.coup.Coup` and says
how many units it pays per unit staked (``None``: the bet loses). The engine settles every side
bet through this registry, so a house adds an approved bet (Macau Despacho 69/2009 lets the
regulator approve new bets) by calling :func:`register_side_bet` and naming the bet in its
ruleset, without touching the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from croupier.citing import macau_baccarat, pt
from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.coup import Coup
from croupier.i18n.message import msg

Resolver = Callable[[Coup], Fraction | None]


@dataclass(frozen=True, slots=True)
class SideBet:
    """An approved side bet.

    ``sources`` maps each regulation under which the bet may be offered to the article that
    defines it there; ``amendment`` names the Macau amendment that must be in force for it.
    """

    name: str
    title: str
    resolve: Resolver
    sources: Mapping[Regulation, str]
    amendment: str | None = None
    pays: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)


_REGISTRY: dict[str, SideBet] = {}


def register_side_bet(bet: SideBet, *, replace: bool = False) -> None:
    """Add a side bet to the registry (a house's approved bet)."""
    if bet.name in {"player", "banker", "tie", "jackpot"}:
        raise ValueError(f"side bet name {bet.name!r} is a main bet or the jackpot")
    if bet.name in _REGISTRY and not replace:
        raise ValueError(f"side bet {bet.name!r} is already registered")
    _REGISTRY[bet.name] = bet


def side_bet(name: str) -> SideBet:
    return _REGISTRY[name]


def registered_side_bets() -> Mapping[str, SideBet]:
    return dict(_REGISTRY)


def _player_pair(coup: Coup) -> Fraction | None:
    """The Player pair pays 11 to 1 (Despacho 2/2009 art. 17(3); PT rule 25(c))."""
    return Fraction(11) if coup.player_pair else None


def _banker_pair(coup: Coup) -> Fraction | None:
    """The Banker pair pays 11 to 1 (Despacho 2/2009 art. 17(3); PT rule 25(c))."""
    return Fraction(11) if coup.banker_pair else None


def _dragon7(coup: Coup) -> Fraction | None:
    """The Dragon 7 pays 40 to 1 (Despacho 2/2009 art. 17(4))."""
    return Fraction(40) if coup.dragon7 else None


def _lucky6(coup: Coup) -> Fraction | None:
    if coup.winner != "banker" or coup.banker_total != 6:
        return None
    return Fraction(12) if len(coup.banker) == 2 else Fraction(20)


_PAIR_SOURCES = {
    Regulation.MACAU: macau_baccarat("art. 13, 17(3)"),
    Regulation.PT: pt("rules 10-12, 25(c)"),
    Regulation.PT_MACAU: pt("rules 10-12, 25(c), 39"),
}

for _bet in (
    SideBet("player_pair", "Player pair", _player_pair, _PAIR_SOURCES, pays="11:1"),
    SideBet("banker_pair", "Banker pair", _banker_pair, _PAIR_SOURCES, pays="11:1"),
    SideBet(
        "dragon7",
        "Dragon 7",
        _dragon7,
        {Regulation.MACAU: macau_baccarat("art. 13(1)(4)(2), 17(4) (Despacho 2/2009)")},
        amendment="2/2009",
        pays="40:1",
    ),
    SideBet(
        "lucky6",
        "Lucky 6",
        _lucky6,
        {Regulation.MACAU: "Macau baccarat amendment 56/2018 (Lucky 6)"},
        amendment="56/2018",
        pays=msg("12:1 on two cards, 20:1 on three"),
    ),
):
    register_side_bet(_bet)
