"""What one baccarat bet is paid once the coup is known (Macau art. 11-13, 17-18 as amended by
Despacho 2/2009; PT 812/2015 rules 22-26): the main bets, the tie, the side bets, each with the
article that decides it. The round settles its bets with it, and a table lights the areas it
says win."""

from __future__ import annotations

from fractions import Fraction

from croupier.games.baccarat.articles import cite
from croupier.games.baccarat.coup import Coup
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.baccarat.sidebets import side_bet
from croupier.games.protocol import Bet, BetSettlement

_MAIN_LOSE_KEY = {"player": "player_lose", "banker": "banker_lose"}


def settle_bet(rules: BaccaratRules, bet: Bet, coup: Coup) -> BetSettlement:
    reg = rules.regulation
    money = rules.money
    winner = coup.winner
    stake = bet.amount

    def won(gross: Fraction, deduction: Fraction, reason: str) -> BetSettlement:
        prize = money.to_player(stake * (gross - deduction))
        commission = money.to_player(stake * gross) - prize
        # PT rule 24: "O valor das apostas vencedoras continua a pertencer ao jogador" (a
        # winning stake stays the player's): it comes back with the prize
        return BetSettlement(bet.bettor, bet.kind, stake, "win", stake + prize, commission, reason)

    def lost(reason: str) -> BetSettlement:
        return BetSettlement(bet.bettor, bet.kind, stake, "lose", 0, 0, reason)

    def push(reason: str) -> BetSettlement:
        return BetSettlement(bet.bettor, bet.kind, stake, "push", stake, 0, reason)

    if bet.kind in ("player", "banker"):
        if winner == "tie":
            return push(cite(reg, "tie_main"))  # art. 12; rule 23
        if winner != bet.kind:
            return lost(cite(reg, _MAIN_LOSE_KEY[bet.kind]))
        if bet.kind == "player":  # Despacho 2/2009 art. 17(1); PT rule 25(a): 1 to 1
            return won(Fraction(1), Fraction(0), cite(reg, "player_win"))
        terms = rules.scheme.banker_win(coup)
        reason = cite(reg, terms.article_key)
        if terms.outcome == "push":
            return push(reason)
        return won(terms.gross, terms.deduction, reason)
    if bet.kind == "tie":
        if winner == "tie":  # Despacho 2/2009 art. 17(2); PT rule 25(b): 8 to 1
            return won(Fraction(8), Fraction(0), cite(reg, "tie_win"))
        return lost(cite(reg, "tie_lose"))
    definition = side_bet(bet.kind)
    reason = definition.sources[reg]
    multiple = definition.resolve(coup)
    if multiple is None:
        return lost(reason)
    return won(multiple, Fraction(0), reason)
