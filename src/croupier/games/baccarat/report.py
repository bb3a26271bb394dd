"""Plain JSON-able records of rounds: the contract of ``croupier baccarat deal --format json``.

Field names here are a contract that outside tools and audits rely on (docs/cli.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from croupier.cards import cards_text
from croupier.errors import CardsExhausted
from croupier.games.baccarat.coup import Coup
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.jackpot import detect
from croupier.games.baccarat.round import BaccaratRound, Settlement
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.protocol import BetSettlement
from croupier.rng import RandomSource
from croupier.shoe import Shoe, StackedCards


def coup_record(coup: Coup, rules: BaccaratRules) -> dict[str, Any]:
    """The contract fields of one dealt round."""
    jackpot: dict[str, str | None] | None = None
    if rules.jackpot is not None:
        spec = rules.jackpot
        jackpot = {spec.modality: detect(coup, spec.modality, spec.double_pairs_by)}
    return {
        "player_cards": cards_text(coup.player),
        "banker_cards": cards_text(coup.banker),
        **coup.outcome(),
        "dealing_order": cards_text(coup.dealing_order),
        "jackpot": jackpot,
    }


def bet_record(s: BetSettlement) -> dict[str, Any]:
    return {
        "bettor": s.bettor,
        "bet": s.kind,
        "stake": s.stake,
        "outcome": s.outcome,
        "payout": s.payout,
        "commission": s.commission,
        "net": s.net,
        "reason": s.reason,
    }


def settlement_record(s: Settlement) -> dict[str, Any]:
    out: dict[str, Any] = {
        "void": s.void,
        "reason": s.reason,
        "bets": [bet_record(b) for b in s.bets],
        "stakes": s.stakes,
        "payouts": s.payouts,
        "house_result": s.house_result,
        "carried_over": [
            {"bettor": b.bettor, "bet": b.kind, "amount": b.amount} for b in s.carry_over
        ],
    }
    if s.jackpot is not None:
        j = s.jackpot
        out["jackpot"] = {
            "modality": j.modality,
            "combination": j.combination,
            "winners": j.winners,
            "share": j.share,
            "pool_before": j.pool_before,
            "contributions": j.contributions,
            "paid_from_pool": j.paid_from_pool,
            "paid_by_house": j.paid_by_house,
            "house_funding": j.house_funding,
            "pool_after": j.pool_after,
        }
    return out


@dataclass(frozen=True, slots=True)
class DealtRound:
    number: int
    shoe: int
    burned: tuple[int, ...]
    round: BaccaratRound


def deal_rounds(
    rules: BaccaratRules,
    cards: Shoe | StackedCards,
    rounds: int,
) -> tuple[BaccaratGame, list[DealtRound]]:
    """Deal up to ``rounds`` rounds with no bets. A stacked source stops at the last round its
    cards can complete (the unfinished round is not reported)."""
    game = BaccaratGame(rules, cards)
    dealt: list[DealtRound] = []
    for _ in range(rounds):
        rnd = game.start_round()
        try:
            rnd.deal()
        except CardsExhausted:
            if isinstance(cards, StackedCards):
                break
            raise
        rnd.settle()
        game.finish_round()
        dealt.append(
            DealtRound(rnd.number, game.shoe_of_round[rnd.number], game.burned[rnd.number], rnd)
        )
    return game, dealt


def deal_report(
    ruleset_name: str,
    rules: BaccaratRules,
    rounds: int,
    *,
    source: RandomSource | None = None,
    stacked: StackedCards | None = None,
) -> dict[str, Any]:
    """The JSON object of ``croupier baccarat deal``: ``{"ruleset": ..., "rounds": [...]}``."""
    if stacked is not None:
        cards: Shoe | StackedCards = stacked
    else:
        if source is None:
            raise ValueError("give a random source or stacked cards")
        cards = Shoe(rules.shoe, source)
    game, dealt = deal_rounds(rules, cards, rounds)
    out_rounds = []
    for d in dealt:
        assert d.round.coup is not None
        record = {"round": d.number, "shoe": d.shoe, "burned": cards_text(d.burned)}
        record.update(coup_record(d.round.coup, rules))
        out_rounds.append(record)
    shoes = [
        {
            "shoe": s.number,
            "commitment": s.commitment,
            "cut_card_index": s.cut_card_index,
            "burned": cards_text(s.burned),
            "demonstration_hands": [
                coup_record(h.round.coup, rules)
                for h in game.demonstrations
                if h.shoe == s.number and h.round.coup is not None
            ],
        }
        for s in game.shoe_starts
    ]
    if isinstance(cards, StackedCards):
        shoes = [
            {
                "shoe": 1,
                "commitment": cards.commitment,
                "cut_card_index": None,
                "burned": [],
                "demonstration_hands": [],
            }
        ]
    return {"ruleset": ruleset_name, "rounds": out_rounds, "shoes": shoes}


def iter_coups(rules: BaccaratRules, source: RandomSource) -> Iterator[Coup]:
    """Endless coups from a shoe run by ``rules``' procedures (for quick looks and tests)."""
    game = BaccaratGame(rules, Shoe(rules.shoe, source))
    while True:
        rnd = game.start_round()
        rnd.deal()
        rnd.settle()
        game.finish_round()
        assert rnd.coup is not None
        yield rnd.coup
