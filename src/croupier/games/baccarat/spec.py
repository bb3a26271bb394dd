"""Baccarat as croupier knows it (:class:`croupier.games.spec.GameSpec`)."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.citing import macau_baccarat, pt
from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.information import table_information
from croupier.games.baccarat.options import MACAU_OPTIONS, PT_OPTIONS
from croupier.games.baccarat.regulations import build_rules, expand_amendments
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.spec import Citing, GameSpec, later
from croupier.i18n.message import msg
from croupier.options import Options


def _build(
    regulation: str, amendments: Sequence[str], options: Options
) -> tuple[BaccaratRules, frozenset[str]]:
    reg = Regulation(regulation)
    applied = expand_amendments(reg, list(amendments))
    return build_rules(reg, applied, options), applied


def _seats(rules: BaccaratRules) -> tuple[int, int, str]:
    if rules.regulation.portuguese:  # PT rule 6: "Mesas de um a nove lugares"
        return 1, 9, pt("rule 6")
    # Macau 55/2004 art. 1(5): "uma mesa de jogo ... com sete ou mais lugares sentados"; nine
    # at most online, as the felt is drawn (choice O14)
    return 7, 9, macau_baccarat("art. 1(5)")


SPEC = GameSpec(
    name="baccarat",
    title=msg("Baccarat"),
    regulations=tuple(r.value for r in Regulation),
    rules_type=BaccaratRules,
    build_rules=_build,
    table_game=lambda rules, cards, pool: later("croupier.games.baccarat.game:BaccaratGame")(
        rules, cards, jackpot_pool=pool
    ),
    replay=lambda rules, cards, log, number, pool: later("croupier.games.baccarat.round:replay")(
        rules, cards, log, number=number, jackpot_pool=pool
    ),
    information=table_information,
    jackpot_seed=lambda rules: rules.jackpot.seed if rules.jackpot else None,
    seats=_seats,
    scoreboards=later("croupier.games.baccarat.roads:scoreboards"),
    options={
        Regulation.MACAU.value: MACAU_OPTIONS,
        Regulation.PT.value: PT_OPTIONS,
        Regulation.PT_MACAU.value: PT_OPTIONS,
    },
    cli="croupier.cli.baccarat",
    terminal="croupier.cli.baccarat_play:TerminalBaccarat",
    citing=Citing(
        articles="macau-baccarat-2004",
        named=r"(?i)baccarat|bacará|55/2004|2/2009",
        amended={n: "macau-baccarat-2009" for n in (13, 17, 18, 19)},  # rewritten by 2/2009
        rules="pt-812-2015",  # the online tables' Ponto e Banca
        also=("src/croupier/shoe.py",),  # the shoe's procedures are this regulation's
    ),
    live=lambda rules: later("croupier.games.baccarat.live:LiveShoe")(rules.shoe),
)
