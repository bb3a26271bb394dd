"""The rules of the game, for the player (PT 812/2015 rule 32: "informação clara, objetiva e
adequada sobre as regras do jogo"; issue 17, item 4): card values, totals, naturals, the
drawing table and how the winner is decided, each with its article. The drawing table is read
from :mod:`croupier.games.baccarat.drawing`, the one the engine deals by."""

from __future__ import annotations

from typing import Any

from croupier.citing import macau_baccarat, pt
from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.drawing import BANKER_DRAWS, NATURALS, PLAYER_DRAWS, PLAYER_STOOD
from croupier.i18n.message import msg

#: (Macau 55/2004, PT 812/2015) articles of each rule
_ARTICLES = {
    "card_values": ("art. 5", "rule 7"),
    "totals": ("art. 5(1)", "rule 8"),
    "dealing": ("art. 7(1)", "rules 16-18"),
    "naturals": ("art. 9(2), 9(4)(6)", "rule 19"),
    "drawing": ("art. 9(1)-(4)", "rule 20"),
    "winner": ("art. 11, 12", "rules 22-23"),
}


def _cite(regulation: Regulation, rule: str) -> str:
    macau, portugal = _ARTICLES[rule]
    if regulation.portuguese:
        return pt(portugal)
    return macau_baccarat(macau)


def how_to_play(regulation: Regulation) -> dict[str, Any]:
    """The rules of the game as plain JSON values, each with its article."""
    banker = {str(total): [p for p in range(10) if BANKER_DRAWS[total][p]] for total in range(8)}
    return {
        "card_values": {
            "text": msg("Ace counts 1; 2 to 9 their face value; 10, J, Q and K count 0"),
            "values": {
                "A": 1,
                **{str(n): n for n in range(2, 10)},
                "10": 0,
                "J": 0,
                "Q": 0,
                "K": 0,
            },
            "article": _cite(regulation, "card_values"),
        },
        "totals": {
            "text": msg("a hand's total is the last digit of its cards' sum (7 + 8 = 15 counts 5)"),
            "article": _cite(regulation, "totals"),
        },
        "dealing": {
            "text": msg("two cards to each hand, one at a time, Player first"),
            "article": _cite(regulation, "dealing"),
        },
        "naturals": {
            "text": msg(
                "a total of 8 or 9 on the first two cards of either hand is a natural: no hand "
                "draws a third card"
            ),
            "totals": sorted(NATURALS),
            "article": _cite(regulation, "naturals"),
        },
        "drawing": {
            "text": msg(
                "with no natural, each hand may take one more card, Player first: Player draws "
                "on 0 to 5 and stands on 6 or 7; Banker draws by its total and the point of "
                "Player's third card (10, J, Q, K count 0), or on 0 to 5 when Player stood"
            ),
            "player_draws_on": [t for t in range(10) if PLAYER_DRAWS[t] and t not in NATURALS],
            "player_stands_on": [t for t in range(10) if not PLAYER_DRAWS[t] and t < 8],
            "banker_draws_when_player_drew": banker,
            "banker_draws_when_player_stood": [
                t for t in range(8) if BANKER_DRAWS[t][PLAYER_STOOD]
            ],
            "article": _cite(regulation, "drawing"),
        },
        "winner": {
            "text": msg("the hand whose total is nearer 9 wins; equal totals are a tie"),
            "article": _cite(regulation, "winner"),
        },
    }
