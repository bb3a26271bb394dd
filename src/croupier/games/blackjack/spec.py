"""Macau blackjack as croupier knows it (:class:`croupier.games.spec.GameSpec`)."""

from __future__ import annotations

from croupier.citing import macau_blackjack as cite
from croupier.games.blackjack.information import table_information
from croupier.games.blackjack.options import OPTIONS
from croupier.games.blackjack.regulations import build_rules
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.spec import Citing, GameSpec, later, rules_only
from croupier.i18n.message import msg

SPEC = GameSpec(
    name="blackjack",
    title=msg("Blackjack"),
    regulations=("macau-blackjack",),
    rules_type=BlackjackRules,
    build_rules=rules_only("blackjack", build_rules),
    table_game=lambda rules, cards, pool: later(
        "croupier.games.blackjack.table:BlackjackTableGame"
    )(rules, cards),
    replay=lambda rules, cards, log, number, pool: later("croupier.games.blackjack.round:replay")(
        rules, cards, log, number=number
    ),
    information=table_information,
    # a player takes a box at least (art. 3 [practice])
    seats=lambda rules: (1, rules.boxes, cite("art. 3 [practice]")),
    options={"macau-blackjack": OPTIONS},
    cli="croupier.cli.blackjack",
    live=later(
        "croupier.games.blackjack.live:LiveBlackjackShoe"
    ),  # the engine asks for each card as it plays (issue 31)
    terminal="croupier.cli.blackjack_play:TerminalBlackjack",
    citing=Citing(
        articles="macau-blackjack-2007",
        named=r"(?i)blackjack|42/2007|56/2004",
        base_without_text=(
            "macau-blackjack-2004",
            "Despacho 56/2004, which Despacho 42/2007 amends: its text is unavailable "
            "(specs/RULES.md section 5), so its articles are cited and credited to nothing",
        ),
    ),
)
