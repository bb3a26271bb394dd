"""The stud progressive jackpot (art. 10), paid on each player's own five cards.

* Only a hand with an ante and an accepted jackpot bet (10(1)) that did not fold (6(7)) wins.
* Paytable (10(2)): royal flush max(fixed, 100% of the pool); straight flush max(fixed, 10%);
  four of a kind, full house, flush: fixed sums announced at the table (10(3)).
* Hands are paid left to right from the dealer's left (10(4)), a straight flush before a royal
  flush (10(7)): :func:`payment_order`. Each straight flush gets max(fixed, 10% of the pool as it
  stands when the first straight flush is paid) (10(6)): all of them the same. Several royal
  flushes share max(fixed, what is then left of the pool) (10(5)).
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


ROYALS = "royals"  # the step at which the royal flushes are paid, together


def payment_order(eligible: list[tuple[int, str]]) -> list[tuple[int, str] | str]:
    """The order of the jackpot's payments (art. 10(4): "Os pagamentos do prémio de «jackpot»
    são processados da esquerda para a direita, começando pela «mão» que fica imediatamente à
    esquerda do «croupier»": left to right from the dealer's left, seat 1 first), but for
    art. 10(7): "numa jogada [com] um «naipe real» e uma «sequência de naipe», será pago em primeiro
    lugar a «mão» titular da «sequência de naipe»" (the straight flush is paid first). So the
    royal flushes, paid together (10(5)), come where the first of them sits, or after the last
    straight flush if one sits further right (choice T15). Until issue 17 every straight
    flush, then the royals, then the fixed prizes were paid, whatever their seats."""
    hands = [(seat, cat) for seat, cat in eligible if cat != "royal_flush"]
    paid = [(seat, cat) for seat, cat in hands if cat in _ARTICLE]
    if not any(cat == "royal_flush" for _, cat in eligible):
        return list(paid)
    first_royal = min(seat for seat, cat in eligible if cat == "royal_flush")
    at = sum(1 for seat, _ in paid if seat < first_royal)
    straights = [n for n, (_, cat) in enumerate(paid) if cat == "straight_flush"]
    if straights:
        at = max(at, straights[-1] + 1)
    return [*paid[:at], ROYALS, *paid[at:]]


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

    straight_each: int | None = None
    share_of_straights = False
    for step in payment_order(eligible):
        if isinstance(step, str):  # ROYALS, art. 10(5): the royal flushes share one prize
            royals = [seat for seat, cat in eligible if cat == "royal_flush"]
            amount, share = spec.prizes["royal_flush"].amount(pool.balance)
            each = money.to_player(amount / len(royals))
            for royal in royals:
                pay(royal, "royal_flush", each, share)
            continue
        seat, cat = step
        if cat != "straight_flush":  # art. 10(2)(3)-(5): a fixed sum, paid by the house
            pay(seat, cat, money.to_player(spec.prizes[cat].amount(pool.balance)[0]), False)
            continue
        # art. 10(6): every straight flush the same, on the pool as it stands at the first
        if straight_each is None:
            amount, share_of_straights = spec.prizes["straight_flush"].amount(pool.balance)
            straight_each = money.to_player(amount)
        pay(seat, cat, straight_each, share_of_straights)
    return StudJackpotResult(tuple(wins), pool.close())
