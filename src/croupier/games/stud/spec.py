"""Macau stud poker as croupier knows it (:class:`croupier.games.spec.GameSpec`)."""

from __future__ import annotations

from croupier.citing import macau_stud as cite
from croupier.games.spec import Citing, GameSpec, later, rules_only
from croupier.games.stud.information import table_information
from croupier.games.stud.options import OPTIONS
from croupier.games.stud.regulations import build_rules
from croupier.games.stud.rules import StudRules
from croupier.games.stud.secrecy import shown_result
from croupier.i18n.message import msg

SPEC = GameSpec(
    name="stud",
    title=msg("Stud poker"),
    regulations=("macau-stud",),
    rules_type=StudRules,
    build_rules=rules_only("stud", build_rules),
    table_game=lambda rules, cards, pool: later("croupier.games.stud.table:StudTableGame")(
        rules, cards, jackpot_pool=pool
    ),
    replay=lambda rules, cards, log, number, pool: later("croupier.games.stud.round:replay")(
        rules, cards, log, number=number, jackpot_pool=pool
    ),
    information=table_information,
    jackpot_seed=lambda rules: rules.jackpot.seed if rules.jackpot else None,
    # art. 2(1): eight places, the dealer's among them
    seats=lambda rules: (1, rules.seats, cite("art. 2(1)")),
    shown_result=shown_result,
    # the journal deals every hand's cards, folded hands' too: an operator's to read
    journal_is_public=False,
    options={"macau-stud": OPTIONS},
    cli="croupier.cli.stud",
    terminal="croupier.cli.stud_play:TerminalStud",
    citing=Citing(articles="macau-stud-2004", named=r"(?i)\bstud\b|61/2004"),
    live=later("croupier.games.stud.live:LiveStudShoe"),
)
