"""Rich rendering of cards, hands and settlements for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.cards import rank_of, suit_of
from croupier.games.information import TableInformation
from croupier.money import MoneyPolicy, format_amount

if TYPE_CHECKING:  # names for the annotations only: rendering loads no engine
    from croupier.games.baccarat.coup import Coup
    from croupier.games.baccarat.round import Settlement

_SUIT_SYMBOL = {3: "♠", 2: "♥", 1: "♣", 0: "♦"}
_RANKS = "23456789TJQKA"


def card_markup(card: int) -> str:
    suit = suit_of(card)
    rank = _RANKS[rank_of(card)]
    colour = "red" if suit in (0, 2) else "black"
    return f"[{colour} on white] {rank}{_SUIT_SYMBOL[suit]} [/]"


def hand_markup(cards: tuple[int, ...]) -> str:
    """The two first cards, then the third card set apart (PT rule 21)."""
    first = " ".join(card_markup(c) for c in cards[:2])
    if len(cards) > 2:
        return f"{first}   + {card_markup(cards[2])}"
    return first


def coup_lines(coup: Coup) -> list[str]:
    winner = {"player": "PLAYER wins", "banker": "BANKER wins", "tie": "TIE"}[coup.winner]
    extras = []
    if coup.natural:
        extras.append("natural")
    if coup.player_pair:
        extras.append("player pair")
    if coup.banker_pair:
        extras.append("banker pair")
    if coup.dragon7:
        extras.append("Dragon 7")
    tail = f"  ({', '.join(extras)})" if extras else ""
    return [
        f"  Player  {hand_markup(coup.player)}   = [bold]{coup.player_total}[/]",
        f"  Banker  {hand_markup(coup.banker)}   = [bold]{coup.banker_total}[/]",
        f"  [bold yellow]{winner}[/] {coup.player_total} to {coup.banker_total}{tail}",
    ]


def settlement_lines(s: Settlement, money: MoneyPolicy, bettor: str | None = None) -> list[str]:
    lines = []
    for b in s.bets:
        if bettor is not None and b.bettor != bettor:
            continue
        net = b.net
        colour = "green" if net > 0 else "red" if net < 0 else "white"
        commission = f", commission {money.format(b.commission)}" if b.commission else ""
        lines.append(
            f"  {b.kind:<12} {money.format(b.stake):>16}  {b.outcome:<5} "
            f"paid {money.format(b.payout):>16}{commission}  "
            f"[{colour}]{'+' if net > 0 else ''}{money.format(net)}[/]"
            f"  [dim]{b.reason}[/]"
        )
    if s.jackpot is not None and s.jackpot.combination and s.jackpot.winners:
        j = s.jackpot
        lines.append(
            f"  jackpot {j.combination}: {j.winners} winner(s), {money.format(j.share)} each"
        )
    return lines


def limits_text(information: TableInformation) -> str:
    """Each bet's minimum and maximum as the table applies them (PT rule 15's maxima
    included), from the game's table information: "player 1.00-70.00, tie 1.00-15.00, ..."."""
    digits = information.get("minor_digits", 2)
    parts = []
    for bet in information["bets"]:
        low = format_amount(bet["minimum"], digits) if bet["minimum"] is not None else "-"
        high = format_amount(bet["maximum"], digits) if bet["maximum"] is not None else "no maximum"
        parts.append(f"{bet['kind']} {low} to {high}")
    return f"{', '.join(parts)} {information.get('currency', '')}".rstrip()
