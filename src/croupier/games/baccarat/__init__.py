"""Baccarat: Macau (Despacho 55/2004, amended by 2/2009) and Portuguese online Ponto e Banca
(Regulamento 812/2015)."""

from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.coup import Coup, deal_coup
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.round import BaccaratRound, Phase, Settlement, replay
from croupier.games.baccarat.rules import BaccaratRules, BetLimit
from croupier.games.baccarat.sidebets import SideBet, register_side_bet

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
