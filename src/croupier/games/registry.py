"""Which game runs on a table: from a ruleset's rules to a :class:`TableGame`.

The online table runtime knows games only through this module and the protocol in
:mod:`croupier.games.protocol` (DESIGN.md: the table never imports a specific game).
"""

from __future__ import annotations

from typing import Any

from croupier.errors import RulesetError
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.information import table_information as baccarat_information
from croupier.games.baccarat.roads import scoreboards as baccarat_scoreboards
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.blackjack.information import table_information as blackjack_information
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.table import BlackjackTableGame
from croupier.games.protocol import TableGame
from croupier.games.stud.information import table_information as stud_information
from croupier.games.stud.rules import StudRules
from croupier.games.stud.secrecy import shown_result as stud_shown_result
from croupier.games.stud.table import StudTableGame
from croupier.rng import RandomSource
from croupier.shoe import Shoe, StackedCards

TABLE_GAMES = ("baccarat", "stud", "blackjack")


def table_game(
    rules: object,
    source: RandomSource,
    *,
    jackpot_pool: int | None = None,
    cards: StackedCards | None = None,
) -> TableGame:
    """A new game for a table, dealing from a shoe shuffled by ``source`` (or ``cards``)."""
    if isinstance(rules, BaccaratRules):
        dealt = cards if cards is not None else Shoe(rules.shoe, source)
        return BaccaratGame(rules, dealt, jackpot_pool=jackpot_pool)
    if isinstance(rules, StudRules):
        deck = cards if cards is not None else Shoe(rules.shoe, source)
        return StudTableGame(rules, deck, jackpot_pool=jackpot_pool)
    if isinstance(rules, BlackjackRules):
        shoe = cards if cards is not None else Shoe(rules.shoe, source)
        return BlackjackTableGame(rules, shoe)
    raise RulesetError(
        "ruleset", f"online tables run {', '.join(TABLE_GAMES)}; not {type(rules).__name__}"
    )


def table_information(rules: object) -> dict[str, Any]:
    """Rules, limits and payouts for the player (PT rule 32)."""
    if isinstance(rules, BaccaratRules):
        return baccarat_information(rules)
    if isinstance(rules, StudRules):
        return stud_information(rules)
    if isinstance(rules, BlackjackRules):
        return blackjack_information(rules)
    raise RulesetError("ruleset", f"no table information for {type(rules).__name__}")


def table_scoreboards(rules: object, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The scoreboards of a shoe's results (baccarat: bead plate, big road, derived roads)."""
    if isinstance(rules, BaccaratRules):
        return baccarat_scoreboards(results)
    return {"rounds": len(results)}


def table_currency(rules: object) -> tuple[str, int]:
    """The currency and minor digits a table's amounts are in."""
    if isinstance(rules, BaccaratRules | StudRules | BlackjackRules):
        return rules.money.currency, rules.money.minor_digits
    raise RulesetError("ruleset", f"no currency for {type(rules).__name__}")


def shown_result(rules: object, result: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A finished round's result as ``viewer`` (a player, or None for a watcher) may see it:
    the cards the rules never turn over left out (stud: folded hands, and the dealer's hand when
    no hand was opened). In baccarat and blackjack every card dealt is dealt face up."""
    if isinstance(rules, StudRules):
        return stud_shown_result(result, viewer)
    return result


def journal_is_public(rules: object) -> bool:
    """Whether a finished round's journal shows only what the table showed: not in stud, whose
    journal deals every hand's cards (folded hands' too); an operator reads it still."""
    return not isinstance(rules, StudRules)


def table_seats(rules: object) -> tuple[int, int, str]:
    """How many seats a table of ``rules`` may have (lowest, highest) and the article saying so
    (issue 17, item 5: a Macau table took any count of PT rule 6)."""
    if isinstance(rules, BaccaratRules):
        if rules.regulation.portuguese:  # PT rule 6: "Mesas de um a nove lugares"
            return 1, 9, "PT 812/2015 rule 6"
        # Macau 55/2004 art. 1(5): "uma mesa de jogo ... com sete ou mais lugares sentados"; nine
        # at most online, as the felt is drawn (choice S14)
        return 7, 9, "Macau baccarat art. 1(5)"
    if isinstance(rules, StudRules):  # art. 2(1): eight places, the dealer's among them
        return 1, rules.seats, "Macau stud art. 2(1)"
    if isinstance(rules, BlackjackRules):  # a player takes a box at least (art. 3 [practice])
        return 1, rules.boxes, "Macau blackjack art. 3 [practice]"
    raise RulesetError("ruleset", f"no seats for {type(rules).__name__}")
