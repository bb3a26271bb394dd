"""The verifier's blackjack checks (issue 28, item 3) against the engine on rounds played with
every decision a player may take: the cards taken from the shoe in order, the first deal, the
dealer's drawing (Macau blackjack art. 6(1)) and the payouts of plain hands (arts. 9, 10
[1991]), each written apart from the engine, find nothing to say about what the engine did, and
name a payout the engine did not make."""

from __future__ import annotations

import random
from typing import Any

import pytest

from croupier.cards import card_text
from croupier.games.registry import table_game
from croupier.proof.verify import blackjack_check
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset


def _rounds(ruleset: str, count: int, seed: int) -> list[tuple[Any, dict[str, Any], list[Any]]]:
    """``count`` rounds of three boxes, each decision drawn at random from those offered."""
    rules = load_ruleset(ruleset).rules
    game = table_game(rules, SeededRandomSource(seed))
    chooser = random.Random(seed)
    played = []
    for _ in range(count):
        rnd = game.start_round()
        for box, player in enumerate(("ana", "bruno", "carla"), 1):
            rnd.place_bet(player, "bet", 10_000, box=box)
        rnd.close_betting()
        rnd.deal()
        while rnd.undecided_bettors():
            for bettor in rnd.undecided_bettors():
                rnd.decide(bettor, chooser.choice(rnd.options(bettor)))
        rnd.settle()
        game.finish_round()
        journal = [
            {
                "command": e.command,
                "events": [{"event": v.kind, "data": dict(v.data)} for v in e.events],
            }
            for e in rnd.log
        ]
        played.append((rules, {"status": "settled", "result": rnd.result(), "bets": []}, journal))
    return played


def _dues(rules: Any, record: dict[str, Any]) -> list[tuple[dict[str, Any], Any]]:
    """Each hand of a round and what the verifier's plain-hand reading pays it (None: not a
    plain hand, left to the replay)."""
    result = record["result"]
    return [
        (
            hand,
            blackjack_check._plain_payout(
                hand, result["dealer_cards"], result["dealer_total"], box, rules
            ),
        )
        for box in result["boxes"]
        for hand in box["hands"]
    ]


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
@pytest.mark.parametrize("ruleset", ["macau-blackjack-2007", "macau-blackjack-practice"])
def test_the_verifiers_blackjack_checks_find_nothing_in_what_the_engine_did(ruleset: str) -> None:
    plain = 0
    for rules, record, journal in _rounds(ruleset, 600, 28):
        cards = blackjack_check.taken(journal, record["result"])
        assert list(blackjack_check.check(record, cards, rules, str, journal)) == []
        plain += sum(due is not None for _hand, due in _dues(rules, record))
    assert plain > 500  # a third of the hands are plain even at random: the check is not idle


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_a_plain_hands_payout_changed_is_named() -> None:
    """A blackjack paid 1:1, or a winning hand paid its stake back only, is found."""
    found = {"art. 10 [1991]": 0, "art. 9 [1991]": 0}
    for rules, record, journal in _rounds("macau-blackjack-2007", 300, 5):
        cards = blackjack_check.taken(journal, record["result"])
        for hand, due in _dues(rules, record):
            if due is None or due[0] == 0:
                continue
            hand["payout"] -= 1
            problems = list(blackjack_check.check(record, cards, rules, str, journal))
            hand["payout"] += 1
            assert problems and problems[0][:2] == ("payout", due[1])
            found[due[1]] += 1
    assert found["art. 10 [1991]"] and found["art. 9 [1991]"]


def test_a_dealer_card_taken_out_of_order_is_named() -> None:
    """The first deal goes to each box from the dealer's left, the dealer, each box again."""
    rules, record, journal = _rounds("macau-blackjack-2007", 1, 9)[0]
    deal = next(e for e in journal if e["command"] == "deal")
    dealt = [e for e in deal["events"] if e["event"] == "card_dealt"]
    dealt[0]["data"]["box"], dealt[1]["data"]["box"] = (
        dealt[1]["data"]["box"],
        dealt[0]["data"]["box"],
    )
    problems = list(blackjack_check.check(record, [], rules, str, journal))
    assert problems[0][0] == "cards"
    assert card_text(0) == "2D"  # the verifier's card names are croupier's (order.DECK)
