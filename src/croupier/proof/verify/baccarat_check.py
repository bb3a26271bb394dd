"""Baccarat, checked apart from the engine: the cards a coup takes, the tableau, the result and
the payouts of the Player, Banker, Tie and pair bets, written from the regulations' text (Macau
baccarat arts. 7, 9, 11-13, 17-18 as amended by Despacho 2/2009; PT 812/2015 rules 17-26)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from croupier.proof.verify.journal import dealt_cards
from croupier.proof.verify.money import rounded

POINTS = {
    rank: (0 if rank in "TJQK" else 1 if rank == "A" else int(rank)) for rank in "23456789TJQKA"
}
Problem = tuple[str, str, str]


taken = dealt_cards  # the coup's cards, as its journal dealt them (art. 7(1))


def _total(cards: list[str]) -> int:
    return sum(POINTS[c[0]] for c in cards) % 10


def banker_draws(banker: int, third: str | None) -> bool:
    """Art. 9 (rules 19-20): on 0-2 Banker draws; on 3 unless Player's third card is an 8; on 4
    against 2-7; on 5 against 4-7; on 6 against 6-7; a Player who stood: Banker draws on 0-5."""
    if third is None:
        return banker <= 5
    p3 = POINTS[third[0]]
    return (
        banker <= 2
        or (banker == 3 and p3 != 8)
        or (banker == 4 and 2 <= p3 <= 7)
        or (banker == 5 and 4 <= p3 <= 7)
        or (banker == 6 and p3 in (6, 7))
    )


def coup(cards: list[str]) -> dict[str, Any]:
    """The coup these cards make, dealt Player, Banker, Player, Banker (art. 7(1)), then the
    third cards the tableau calls for (art. 9)."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    rest = iter(cards[4:])
    if max(_total(player), _total(banker)) < 8:  # a natural stands (art. 9(1))
        third = next(rest) if _total(player) <= 5 else None
        if third is not None:
            player.append(third)
        if banker_draws(_total(banker), third):
            banker.append(next(rest))
    p, b = _total(player), _total(banker)
    return {
        "player_cards": player,
        "banker_cards": banker,
        "player_total": p,
        "banker_total": b,
        "winner": "player" if p > b else "banker" if b > p else "tie",
        "natural": len(player) == 2 and len(banker) == 2 and max(p, b) >= 8,
        "player_pair": player[0][0] == player[1][0],
        "banker_pair": banker[0][0] == banker[1][0],
        "dragon7": b == 7 and b > p and len(banker) == 3,
        "used": len(player) + len(banker),
    }


def check(rnd: dict[str, Any], cards: list[str], rules: Any, cite: Any) -> Iterator[Problem]:
    result = rnd["result"]
    if rnd["status"] != "settled" or result is None:
        return
    if len(cards) < 4:
        yield "cards", cite("deal"), f"a settled coup took {len(cards)} cards"
        return
    try:
        expected = coup(cards)
    except StopIteration:
        yield "tableau", cite("third_card"), "the coup took fewer cards than the tableau calls for"
        return
    if expected.pop("used") != len(cards):
        yield (
            "tableau",
            cite("third_card"),
            (
                f"the tableau calls for {len(expected['player_cards'])}"
                f"+{len(expected['banker_cards'])} cards; "
                f"{len(cards)} were dealt"
            ),
        )
    for key, value in expected.items():
        if key in result and result[key] != value:
            article = cite("third_card") if key.endswith("cards") else cite("player_win")
            yield "tableau", article, f"{key} is {result[key]!r}; the cards make {value!r}"
            return
    yield from _payouts(rnd["bets"], expected, rules, cite)


def _payouts(
    bets: list[dict[str, Any]], c: dict[str, Any], rules: Any, cite: Any
) -> Iterator[Problem]:
    winner = c["winner"]
    for bet in bets:
        kind, stake = bet["kind"], bet["amount"]
        ratio: Fraction | None  # the prize per unit staked; None: returned (a push)
        article = cite("player_win")
        if kind in ("player", "banker"):
            if winner == "tie":  # art. 12; rule 23: neither wins, the stake stays the player's
                if bet["outcome"] in ("push", "carried"):
                    continue
                yield "payout", cite("tie_main"), f"the {kind} bet was {bet['outcome']} on a tie"
                return
            ratio = _main(kind, winner, c, rules.commission)
            article = cite(f"{kind}_win" if winner == kind else f"{kind}_lose")
        elif kind == "tie":  # art. 17(2); rule 25(b): 8 to 1
            ratio, article = (
                (Fraction(8), cite("tie_win"))
                if winner == "tie"
                else (Fraction(-1), cite("tie_lose"))
            )
        elif kind in ("player_pair", "banker_pair"):  # art. 17(3); rule 25(c): 11 to 1
            ratio, article = (Fraction(11) if c[kind] else Fraction(-1)), cite("pair")
        elif kind == "dragon7":  # art. 17(4) (Despacho 2/2009): a three-card 7 wins 40 to 1
            ratio, article = (Fraction(40) if c["dragon7"] else Fraction(-1)), cite("dragon7")
        else:
            continue  # Lucky 6 and the jackpot: the engine's replay (docs/proof.md)
        due = (
            stake
            if ratio is None
            else 0
            if ratio < 0
            else stake + rounded(stake * ratio, rules.money)
        )
        if bet["payout"] != due:
            yield (
                "payout",
                article,
                (
                    f"{bet['player']}'s {kind} bet of {stake} was paid "
                    f"{bet['payout']}; the coup pays {due}"
                ),
            )
            return


def _main(kind: str, winner: str, c: dict[str, Any], scheme: str) -> Fraction | None:
    """A Player or Banker bet's prize per unit when the coup is not a tie (art. 17(1), 18; rules
    25(a), 26): -1 lost, None returned."""
    if kind != winner:
        return Fraction(-1)
    if kind == "player":
        return Fraction(1)
    if scheme == "standard":  # art. 18(1); rule 26(a): 5% of the prize
        return Fraction(19, 20)
    if scheme == "banker6_half" and c["banker_total"] == 6:  # art. 18(2): half the stake
        return Fraction(1, 2)
    if scheme == "dragon7_push" and c["dragon7"]:  # art. 18(3): a push
        return None
    if scheme == "banker5_6_half" and c["banker_total"] in (5, 6):  # rule 26(b): 50%
        return Fraction(1, 2)
    return Fraction(1)
