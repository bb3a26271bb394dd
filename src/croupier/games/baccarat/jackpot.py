"""The progressive jackpot of Macau baccarat, Modalities A, B and C (Despacho 2/2009).

Detection (art. 13(1)(4)(3) and 13(2)):

* **Modality A** looks at the first cards in dealing order (P1, B1, P2, B2, then the third cards
  in the order dealt): royal flush and paradise straight on the first five, four and three of a
  kind on the first four, double pairs and single pair on the two hands' first two cards.
* **Modality B** looks at every card on the table, T J Q K being different values (13(2)(1)-(3)):
  six, five, "double three", four and three cards of one rank.
* **Modality C** is B with a top combination: six cards of one rank and one colour.

Only the highest combination of the round is paid (art. 17(5)-(11): "the" prize of the round).
Prizes (art. 17(5)-(11)): the pool for the top combination of each modality; max(fixed, 10% of
the pool) for A's paradise straight; max(fixed, a set % of the pool) for C's plain six of a kind;
fixed amounts (approved by the regulator, 17(12)) for the rest. Every prize is paid "in equal
parts" to the round's jackpot bettors: per bettor, not per amount staked (docs/choices.md).

Pool mechanics are not in the text; croupier follows the stud rules' art. 10(8) through the
shared :mod:`croupier.pool` (docs/choices.md J3-J4).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from croupier.cards import ACE, JACK, KING, QUEEN, TEN, is_black, rank_of, suit_of
from croupier.citing import macau_baccarat
from croupier.games.baccarat.coup import Coup
from croupier.games.baccarat.points import POINTS
from croupier.money import MoneyPolicy
from croupier.pool import JackpotPrize, PoolAccount

Modality = Literal["A", "B", "C"]
PrizeRule = Literal["pool", "max", "fixed"]

_ROYAL_RANKS = frozenset({ACE, KING, QUEEN, JACK, TEN})
_PARADISE_SUITED = frozenset({KING, QUEEN, JACK, TEN})

#: Combinations of each modality, highest first, with how each prize is made (art. 17).
COMBINATIONS: dict[str, tuple[tuple[str, PrizeRule, str], ...]] = {
    "A": (
        ("royal_flush", "pool", "art. 13(1)(4)(3)A.i, 17(5)"),
        ("paradise_straight", "max", "art. 13(1)(4)(3)A.ii, 17(6)"),
        ("four_of_a_kind", "fixed", "art. 13(1)(4)(3)A.iii, 17(7)"),
        ("double_pairs", "fixed", "art. 13(1)(4)(3)A.iv, 17(7)"),
        ("three_of_a_kind", "fixed", "art. 13(1)(4)(3)A.v, 17(7)"),
        ("single_pair", "fixed", "art. 13(1)(4)(3)A.vi, 17(7)"),
    ),
    "B": (
        ("six_of_a_kind", "pool", "art. 13(1)(4)(3)B.i, 13(2), 17(5)"),
        ("five_of_a_kind", "fixed", "art. 13(1)(4)(3)B.ii, 13(2), 17(8)"),
        ("double_three", "fixed", "art. 13(1)(4)(3)B.iii, 13(2), 17(8)"),
        ("four_of_a_kind", "fixed", "art. 13(1)(4)(3)B.iv, 13(2), 17(8)"),
        ("three_of_a_kind", "fixed", "art. 13(1)(4)(3)B.v, 13(2), 17(8)"),
    ),
    "C": (
        ("six_of_a_kind_same_colour", "pool", "art. 13(1)(4)(3)C.i, 13(2), 17(9)"),
        ("six_of_a_kind", "max", "art. 13(1)(4)(3)C.ii, 13(2), 17(10)"),
        ("five_of_a_kind", "fixed", "art. 13(1)(4)(3)C.iii, 13(2), 17(11)"),
        ("double_three", "fixed", "art. 13(1)(4)(3)C.iv, 13(2), 17(11)"),
        ("four_of_a_kind", "fixed", "art. 13(1)(4)(3)C.v, 13(2), 17(11)"),
        ("three_of_a_kind", "fixed", "art. 13(1)(4)(3)C.vi, 13(2), 17(11)"),
    ),
}


def combination_article(modality: str, combination: str) -> str:
    for name, _, article in COMBINATIONS[modality]:
        if name == combination:
            return macau_baccarat(f"{article} (Despacho 2/2009)")
    raise KeyError(combination)


def _modality_a(coup: Coup, double_pairs_by: str) -> str | None:
    order = coup.dealing_order
    if len(order) >= 5:
        first5 = order[:5]
        ranks = {rank_of(c) for c in first5}
        if ranks == _ROYAL_RANKS:
            suits = {suit_of(c) for c in first5}
            if len(suits) == 1:
                return "royal_flush"  # A.i
            suited = [c for c in first5 if rank_of(c) in _PARADISE_SUITED]
            ace = next(c for c in first5 if rank_of(c) == ACE)
            suited_suits = {suit_of(c) for c in suited}
            if len(suited_suits) == 1 and suit_of(ace) not in suited_suits:
                return "paradise_straight"  # A.ii
    first4 = Counter(rank_of(c) for c in order[:4])
    top = max(first4.values())
    if top == 4:
        return "four_of_a_kind"  # A.iii
    if coup.player_pair and coup.banker_pair:
        if double_pairs_by == "points":
            different = POINTS[coup.player[0]] != POINTS[coup.banker[0]]
        else:
            different = rank_of(coup.player[0]) != rank_of(coup.banker[0])
        if different:
            return "double_pairs"  # A.iv
    if top == 3:
        return "three_of_a_kind"  # A.v
    if coup.player_pair or coup.banker_pair:
        return "single_pair"  # A.vi
    return None


def _modality_bc(coup: Coup, modality: str) -> str | None:
    """Modalities B and C (Despacho 2/2009 art. 13(1)(4)(3)B-C, 13(2)): every card on the
    table counts, T, J, Q and K each a value of its own."""
    cards = coup.dealing_order
    counts = sorted(Counter(rank_of(c) for c in cards).values(), reverse=True)
    top = counts[0]
    if top == 6:
        if modality == "C" and len({is_black(c) for c in cards}) == 1:
            return "six_of_a_kind_same_colour"  # C.i
        return "six_of_a_kind"  # B.i / C.ii
    if top == 5:
        return "five_of_a_kind"
    if top == 3 and counts[1] == 3:  # four cards at least: a three has company
        return "double_three"
    if top == 4:
        return "four_of_a_kind"
    if top == 3:
        return "three_of_a_kind"
    return None


def detect(coup: Coup, modality: str, double_pairs_by: str = "points") -> str | None:
    """The highest jackpot combination of ``coup`` under ``modality``, or None."""
    if modality == "A":
        return _modality_a(coup, double_pairs_by)
    if modality in ("B", "C"):
        return _modality_bc(coup, modality)
    raise ValueError(f"unknown jackpot modality {modality!r}")


@dataclass(frozen=True, slots=True)
class JackpotSpec:
    """A ruleset's jackpot: modality, ticket price, pool seed and contribution, prizes."""

    modality: Modality
    prizes: dict[str, JackpotPrize]
    seed: int
    contribution: Fraction  # fraction of each jackpot stake added to the pool
    stake: int | None = None  # fixed ticket price; None: any amount within the limits
    # A.iv "sendo a respectiva pontuação diferente": different points by default (choice J7)
    double_pairs_by: str = "points"
    fixed_prizes_from_pool: bool = False
    returns_stake: bool = False  # a winning jackpot bet gets its stake back too


@dataclass(frozen=True, slots=True)
class JackpotSettlement:
    """What the jackpot did in a round. ``pool_after = pool_before + contributions
    - paid_from_pool + house_funding``."""

    modality: str
    combination: str | None
    winners: int
    pool_before: int
    contributions: int
    prize: int  # total paid to the winners (sum of the shares)
    share: int  # paid to each winning bettor
    paid_from_pool: int
    paid_by_house: int
    house_funding: int  # put into the pool by the house to restore its seed
    pool_after: int
    article: str | None


def settle_jackpot(
    spec: JackpotSpec,
    coup: Coup,
    pool_before: int,
    stakes: list[int],
    money: MoneyPolicy,
) -> JackpotSettlement:
    """Contributions, prize and pool movement for one round with the given jackpot stakes."""
    pool = PoolAccount(pool_before, spec.seed)
    pool.contribute(sum(stakes), spec.contribution, money)
    combination = detect(coup, spec.modality, spec.double_pairs_by)
    winners = len(stakes) if combination else 0
    share = prize = 0
    article = None
    if combination and winners:
        article = combination_article(spec.modality, combination)
        amount, from_pool_share = spec.prizes[combination].amount(pool.balance)
        share = money.to_player(amount / winners)  # equal parts per bettor (art. 17(5)-(11))
        prize = share * winners
        pool.pay(prize, from_pool_share or spec.fixed_prizes_from_pool)
    movement = pool.close()
    return JackpotSettlement(
        spec.modality,
        combination,
        winners,
        movement.before,
        movement.contributions,
        prize,
        share,
        movement.paid_from_pool,
        movement.paid_by_house,
        movement.house_funding,
        movement.after,
        article,
    )
