"""A round played out through the table protocol with nobody deciding (issue 27(1)): betting
closed, the cards dealt, every decision the game asks after the deal taken at its default (as
the online table does for a player whose time ran out), and the round settled. What
``croupier deal`` and the generic terminal table do with any game."""

from __future__ import annotations

from croupier.games.protocol import DecidingRound, TableRound, TableSettlement


def play_out(rnd: TableRound) -> TableSettlement:
    """``rnd``, its bets placed, dealt and settled with every decision at its default."""
    rnd.close_betting()
    rnd.deal()
    while isinstance(rnd, DecidingRound) and rnd.undecided_bettors():
        for bettor in rnd.undecided_bettors():
            rnd.decide(bettor, rnd.default_decision)
    return rnd.settle()
