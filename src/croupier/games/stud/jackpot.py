"""The stud progressive jackpot (art. 10), paid on each player's own five cards.

* Only a hand with an ante and an accepted jackpot bet (10(1)) that did not fold (6(7)) wins.
* Paytable (10(2)): royal flush max(fixed, 100% of the pool); straight flush max(fixed, 10%);
  four of a kind, full house, flush: fixed sums announced at the table (10(3)).
* Straight flushes are paid before royal flushes (10(7)); otherwise hands are paid left to
  right from the dealer's left (10(4)). Each straight flush gets max(fixed, 10% of the pool as it
  stands when the straight flushes are paid) (10(6)): all of them the same. Several royal flushes
  share max(fixed, what is then left of the pool) (10(5)).
* The pool is reduced by what it pays and restarts at its minimum when emptied (10(8)), through
  the shared :mod:`croupier.pool`.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.stud.rules import StudJackpotSpec, cite
from croupier.money import MoneyPolicy
from croupier.pool import PoolAccount, PoolMovement

_ARTICLE = {
    "royal_flush": "art. 10(2)(1), 10(5)",
    "straight_flush": "art. 10(2)(2), 10(6)",
    "four_of_a_kind": "art. 10(2)(3)",
    "full_house": "art. 10(2)(4)",
    "flush": "art. 10(2)(5)",
}


@dataclass(frozen=True, slots=True)
class JackpotWin:
    seat: int
    combination: str
    amount: int
    article: str


@dataclass(frozen=True, slots=True)
class StudJackpotResult:
    wins: tuple[JackpotWin, ...]  # in the order paid
    pool: PoolMovement


def settle_stud_jackpot(
    spec: StudJackpotSpec,
    pool_before: int,
    stakes: int,
    eligible: list[tuple[int, str]],
    money: MoneyPolicy,
) -> StudJackpotResult:
    """``eligible``: (seat, category) of every live hand with a jackpot bet, seats ascending."""
    pool = PoolAccount(pool_before, spec.seed)
    pool.contribute(stakes, spec.contribution, money)
    wins: list[JackpotWin] = []

    def pay(seat: int, combination: str, amount: int, from_share: bool) -> None:
        pool.pay(amount, from_share or spec.fixed_prizes_from_pool)
        wins.append(JackpotWin(seat, combination, amount, cite(_ARTICLE[combination])))

    straights = [seat for seat, cat in eligible if cat == "straight_flush"]
    if straights:  # 10(6), 10(7): before any royal flush; equal prizes on the same pool
        amount, share = spec.prizes["straight_flush"].amount(pool.balance)
        each = money.to_player(amount)
        for seat in straights:
            pay(seat, "straight_flush", each, share)
    royals = [seat for seat, cat in eligible if cat == "royal_flush"]
    if royals:  # 10(5): shared
        amount, share = spec.prizes["royal_flush"].amount(pool.balance)
        each = money.to_player(amount / len(royals))
        for seat in royals:
            pay(seat, "royal_flush", each, share)
    for seat, cat in eligible:  # 10(4): left to right
        if cat in ("four_of_a_kind", "full_house", "flush"):
            pay(seat, cat, money.to_player(spec.prizes[cat].amount(pool.balance)[0]), False)
    return StudJackpotResult(tuple(wins), pool.close())
