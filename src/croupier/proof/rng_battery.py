"""The RNG battery on final shoe orders (issue 28, item 4; GLI-19 3.2): the orders the live shuffle
path produces (:class:`croupier.shoe.Shoe`: the CSPRNG's entropy, croupier-shoe/1), tested as a
laboratory tests final outcomes, each test with its p-value and a family-wise verdict at the 99%
level (Holm's step-down correction over the battery):

* **positions**: the count of each card at each of the first four places and in each eighth of
  the rest, against the uniform (chi-square of the card x place table);
* **pairs**: the ranks of each two consecutive cards (13 x 13) against the exact chances of a
  random order of the shoe (serial dependence);
* **runs**: the runs of red and black in each shoe against their exact mean and variance for a
  random order (Wald-Wolfowitz), summed over the shoes;
* **coupon collector**: how many cards until every rank has been seen, against its exact law
  (inclusion-exclusion over the ranks not yet seen);
* **duplicates**: two identical shoes (a weak or reseeded generator repeats itself);
* **first coups**: the outcome (Banker, Player, Tie) of a baccarat coup dealt from each shoe's
  first cards, against croupier's exact analysis of a full shoe.

It must fail on a biased shuffle and on a weak generator (tests/proof/test_rng_battery.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from croupier.cards import is_black, rank_of
from croupier.proof.shoe_protocol import derive_order
from croupier.rng import RandomSource, SystemRandomSource
from croupier.shoe import Derive, Shoe, ShoeMode, ShoeSpec

LEVEL = 0.01  # the battery's family-wise level (99%)
Orders = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Outcome:
    name: str
    statistic: float
    p_value: float
    passed: bool = True  # set by the family-wise correction
    detail: str = ""


def live_orders(
    shoes: int, decks: int, source: RandomSource | None = None, derive: Derive = derive_order
) -> list[list[int]]:
    """``shoes`` final orders from the live shuffle path (a fresh shoe each: the CSPRNG's
    entropy, croupier-shoe/1); ``source`` replaces the CSPRNG (a seeded source, for a run a
    lab repeats), ``derive`` the protocol's derivation (a biased one, to see the battery fail)."""
    spec = ShoeSpec(decks, mode=ShoeMode.CONTINUOUS)
    shoe = Shoe(spec, source or SystemRandomSource(), derive)
    out = []
    for _ in range(shoes):
        shoe.shuffle()
        out.append(list(shoe.order))
    return out


def _chi_square(
    observed: Iterable[float], expected: Iterable[float], df: int
) -> tuple[float, float]:
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    return statistic, chi2_sf(statistic, df)


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for X chi-square with ``df`` degrees of freedom: the regularized upper
    incomplete gamma Q(df/2, x/2), by its series below a + 1 and its continued fraction above
    (Numerical Recipes 6.2; no dependency beyond the standard library)."""
    if x <= 0:
        return 1.0
    a, y = df / 2, x / 2
    log_front = a * math.log(y) - y - math.lgamma(a)
    if y < a + 1:  # the series of P(a, y)
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= y / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's continued fraction of Q(a, y)
    b = y + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def positions(orders: Orders) -> Outcome:
    size = len(orders[0])
    places = [*([p] for p in range(4)), *_eighths(4, size)]
    where = [0] * size
    for b, group in enumerate(places):
        for p in group:
            where[p] = b
    counts = [[0] * len(places) for _ in range(52)]
    for order in orders:
        for place, card in enumerate(order):
            counts[card][where[place]] += 1
    copies = size // 52
    observed: list[float] = []
    expected: list[float] = []
    for card in range(52):
        for b, group in enumerate(places):
            observed.append(counts[card][b])
            expected.append(len(orders) * len(group) * copies / size)
    statistic, p_value = _chi_square(observed, expected, 51 * (len(places) - 1))
    return Outcome("positions", statistic, p_value)


def _eighths(start: int, size: int) -> list[list[int]]:
    rest = list(range(start, size))
    step = math.ceil(len(rest) / 8)
    return [rest[i : i + step] for i in range(0, len(rest), step)]


def pairs(orders: Orders) -> Outcome:
    size = len(orders[0])
    m = size // 13  # cards of each rank
    counts = [[0] * 13 for _ in range(13)]
    for order in orders:
        for a, b in pairwise(order):
            counts[rank_of(a)][rank_of(b)] += 1
    n_pairs = len(orders) * (size - 1)
    observed: list[float] = []
    expected: list[float] = []
    for a in range(13):
        for b in range(13):
            observed.append(counts[a][b])
            expected.append(n_pairs * m * (m - (a == b)) / (size * (size - 1)))
    statistic, p = _chi_square(observed, expected, 13 * 13 - 1)
    return Outcome("pairs", statistic, p)


def runs(orders: Orders) -> Outcome:
    z_sum = 0.0
    for order in orders:
        colours = [is_black(c) for c in order]
        n1 = sum(colours)
        n2 = len(colours) - n1
        n = n1 + n2
        count = 1 + sum(1 for a, b in pairwise(colours) if a != b)
        mean = 2 * n1 * n2 / n + 1
        variance = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
        z_sum += (count - mean) / math.sqrt(variance)
    z = z_sum / math.sqrt(len(orders))
    return Outcome("runs", z, 2 * normal_sf(abs(z)))


def _all_ranks_by(t: int, size: int, m: int) -> Fraction:
    """P(every rank among the first ``t`` cards) for a random order of ``size`` cards, ``m`` of
    each of the 13 ranks."""
    total = math.comb(size, t)
    missing = sum((-1) ** k * math.comb(13, k) * math.comb(size - k * m, t) for k in range(14))
    return Fraction(missing, total)


def coupon_collector(orders: Orders) -> Outcome:
    size = len(orders[0])
    m = size // 13
    waits = []
    for order in orders:
        seen: set[int] = set()
        for t, card in enumerate(order, start=1):
            seen.add(rank_of(card))
            if len(seen) == 13:
                waits.append(t)
                break
    cdf = {t: _all_ranks_by(t, size, m) for t in range(12, size + 1)}
    # bins of about equal chance, each expecting at least 5% of the shoes
    edges, last = [], Fraction(0)
    for t in range(13, size + 1):
        if cdf[t] - last >= Fraction(1, 20) or t == size:
            edges.append(t)
            last = cdf[t]
    observed: list[float] = []
    expected: list[float] = []
    low = 12
    for high in edges:
        observed.append(sum(1 for w in waits if low < w <= high))
        expected.append(float(cdf[high] - cdf[low]) * len(orders))
        low = high
    statistic, p = _chi_square(observed, expected, len(edges) - 1)
    return Outcome("coupon collector", statistic, p)


def duplicates(orders: Orders) -> Outcome:
    distinct = len({tuple(o) for o in orders})
    repeated = len(orders) - distinct
    # two of n random shoes alike: at most n^2 / (2 * shoes' count), far below any level
    return Outcome("duplicates", float(repeated), 0.0 if repeated else 1.0,
                   detail=f"{repeated} repeated")  # fmt: skip


def first_coups(orders: Orders) -> Outcome:
    from croupier.analysis.baccarat_exact import full_shoe_outcomes
    from croupier.games.baccarat.coup import deal_coup

    decks = len(orders[0]) // 52
    exact = full_shoe_outcomes(decks)
    won = {"banker": 0, "player": 0, "tie": 0}
    for order in orders:
        coup = deal_coup(iter(order).__next__)
        player, banker = coup.player_total, coup.banker_total
        won["tie" if player == banker else "player" if player > banker else "banker"] += 1
    chances = {"banker": exact.banker, "player": exact.p(sum(exact.player_wins)),
               "tie": exact.p(sum(exact.ties))}  # fmt: skip
    observed = [won[k] for k in chances]
    expected = [float(chances[k]) * len(orders) for k in chances]
    statistic, p_value = _chi_square(observed, expected, 2)
    return Outcome("first coups", statistic, p_value)


TESTS: tuple[Callable[[Orders], Outcome], ...] = (
    positions, pairs, runs, coupon_collector, duplicates, first_coups,
)  # fmt: skip


def battery(orders: Orders, level: float = LEVEL) -> tuple[bool, list[Outcome]]:
    """Every test of the battery on ``orders``, passed or failed by Holm's step-down correction
    at ``level`` (family-wise); the battery passes when every test does."""
    outcomes = [test(orders) for test in TESTS]
    ranked = sorted(range(len(outcomes)), key=lambda i: outcomes[i].p_value)
    failed: set[int] = set()
    for step, i in enumerate(ranked):
        if outcomes[i].p_value <= level / (len(outcomes) - step):
            failed.add(i)
        else:
            break
    judged = [
        Outcome(o.name, o.statistic, o.p_value, i not in failed, o.detail)
        for i, o in enumerate(outcomes)
    ]
    return not failed, judged
