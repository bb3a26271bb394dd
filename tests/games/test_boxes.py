"""Box assignment is a rule of the game (issue 19, item 3): the stud and blackjack rounds take a
bettor's name and place the box themselves, so the online table drives every game the same way.

Choice T2 (docs/choices.md): a bettor's first bet takes the lowest free box and the bettor keeps
it for the round; a box freed by a withdrawn bet is free again. Stud art. 2(1): "Em cada
tabuleiro de jogo há oito lugares, incluindo o lugar do «croupier»" (each table has eight places,
the croupier's included: seven boxes for players); blackjack art. 3 [practice]: seven boxes.
"""

from __future__ import annotations

import pytest

from croupier.errors import RuleViolation
from croupier.games.blackjack.round import BlackjackRound
from croupier.games.stud.round import StudRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards

GAMES = {  # ruleset: (the round, the box bet, an amount)
    "macau-stud-2004": (StudRound, "ante", 100_00),
    "macau-blackjack-2007": (BlackjackRound, "bet", 100_00),
}


def _round(ruleset: str):  # type: ignore[no-untyped-def]
    kind, rules = GAMES[ruleset][0], load_ruleset(ruleset).rules
    return kind(rules, StackedCards([]))


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_lowest_free_box_and_a_freed_box_free_again(ruleset: str) -> None:
    _, kind, amount = GAMES[ruleset]
    rnd = _round(ruleset)
    for name in ("ana", "bruno", "carla"):
        rnd.place_bet(name, kind, amount)
    rnd.place_bet("ana", kind, amount)  # ana's bet grows on her own box
    assert [(b.bettor, b.box, b.amount) for b in rnd.bets if b.kind == kind] == [
        ("ana", 1, 2 * amount),
        ("bruno", 2, amount),
        ("carla", 3, amount),
    ]
    rnd.withdraw_bet("bruno", kind)
    rnd.place_bet("dora", kind, amount)
    assert rnd.box_of("dora") == 2  # the box bruno left
    with pytest.raises(RuleViolation, match="bruno plays no box"):
        rnd.withdraw_bet("bruno", kind)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_a_full_table_refuses_the_next_bettor_and_changes_nothing(ruleset: str) -> None:
    _, kind, amount = GAMES[ruleset]
    rnd = _round(ruleset)
    boxes = rnd.rules.seats if ruleset.startswith("macau-stud") else rnd.rules.boxes
    for n in range(boxes):
        rnd.place_bet(f"p{n}", kind, amount)
    before = (rnd.bets, list(rnd.log))
    with pytest.raises(RuleViolation) as refused:
        rnd.place_bet("late", kind, amount)
    assert refused.value.field == "box" and "every box" in str(refused.value)
    assert (rnd.bets, rnd.log) == before


@pytest.mark.cites("macau-blackjack-2007", "art. 13(1)")
def test_a_blackjack_any_pair_bet_stands_on_the_players_own_hand() -> None:
    """Art. 13(1) (Despacho 42/2007): "«qualquer par» de uma ou mais mãos de qualquer jogador
    ... (1) As duas cartas iniciais da mão de um jogador que formem um par" (any pair of one or
    more hands: the two initial cards of a player's hand that make a pair). The bet stands on a
    hand, so a player with no box yet is told to place the box's bet first (and a table player
    bets on the hand of their own box)."""
    rnd = _round("macau-blackjack-2007")
    with pytest.raises(RuleViolation, match=r"art\. 13\(1\)"):
        rnd.place_bet("ana", "any_pair", 20_00)
    assert rnd.log == []
    rnd.place_bet("ana", "bet", 100_00)
    rnd.place_bet("ana", "any_pair", 20_00)
    assert {(b.kind, b.box) for b in rnd.bets} == {("bet", 1), ("any_pair", 1)}
