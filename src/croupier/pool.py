"""Progressive jackpot pools: the accounting every game's jackpot shares.

A pool is house money set aside for jackpot prizes. Within one round:

1. the round's jackpot stakes contribute a fixed fraction to the pool (rounded, like every
   amount destined for players, by the table's :class:`~croupier.money.MoneyPolicy`);
2. prizes are paid, each either from the pool (a share of it) or by the house (a fixed sum);
   a prize the pool owes but cannot cover is completed by the house;
3. if the pool is then below its seed (its minimum) the house tops it up to the seed: "when
   nothing is left, the jackpot restarts at its minimum" (Macau stud art. 10(8)); croupier
   applies the same mechanics to the baccarat jackpot, whose text is silent (docs/choices.md).

The movement satisfies ``after = before + contributions - paid_from_pool + house_funding``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from croupier.errors import RulesetError
from croupier.money import MoneyPolicy
from croupier.options import Options


def starting_pool(given: int | None, seed: int | None) -> int | None:
    """The jackpot pool a round settles on: ``given``, or the jackpot's seed where none is
    given (``seed`` None: the table has no jackpot, and ``given`` stands). A pool never falls
    below its seed (docs/choices.md): one given below it is refused."""
    if seed is None:
        return given
    pool = seed if given is None else given
    if pool < seed:
        raise ValueError(
            f"jackpot_pool: {pool} is below its seed {seed}; the pool never falls below its "
            "minimum (docs/choices.md)"
        )
    return pool


@dataclass(frozen=True, slots=True)
class JackpotPrize:
    """A prize of ``max(fixed, pool_percent% of the pool)``; either part may be zero."""

    fixed: int = 0
    pool_percent: Fraction = Fraction(0)

    def amount(self, pool: int) -> tuple[Fraction, bool]:
        """The prize for a pool, and whether it is the pool share (True) or the fixed sum."""
        share = Fraction(pool) * self.pool_percent / 100
        if self.pool_percent and share >= self.fixed:
            return share, True
        return Fraction(self.fixed), False


@dataclass(frozen=True, slots=True)
class PoolMovement:
    before: int
    contributions: int
    paid_from_pool: int
    paid_by_house: int
    house_funding: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before


class PoolAccount:
    """The pool during one round's settlement."""

    def __init__(self, before: int, seed: int) -> None:
        if before < seed:
            raise ValueError(f"jackpot pool {before} is below its seed {seed}")
        self.before = before
        self.seed = seed
        self.balance = before
        self.contributions = 0
        self.paid_from_pool = 0
        self.paid_by_house = 0

    def contribute(self, stakes: int, rate: Fraction, money: MoneyPolicy) -> int:
        amount = money.to_player(rate * stakes) if stakes else 0
        self.contributions += amount
        self.balance += amount
        return amount

    def pay(self, amount: int, from_pool: bool) -> None:
        """Pay a prize: from the pool as far as it goes when ``from_pool``, else by the house."""
        taken = min(amount, self.balance) if from_pool else 0
        self.balance -= taken
        self.paid_from_pool += taken
        self.paid_by_house += amount - taken

    def close(self) -> PoolMovement:
        """Restore the seed if the pool fell below it, and report the round's movement."""
        # Macau stud art. 10(8): emptied, the jackpot restarts at its minimum (the seed)
        funding = max(self.seed - self.balance, 0)
        self.balance += funding
        return PoolMovement(
            self.before,
            self.contributions,
            self.paid_from_pool,
            self.paid_by_house,
            funding,
            self.balance,
        )


def read_prize(
    options: Options, rule: str, article: str, percent: int | None = None
) -> JackpotPrize:
    """Read one prize of a ruleset's jackpot paytable.

    ``rule`` says what the regulation allows: ``"pool"`` (the whole pool: ``pool_percent =
    100``, no fixed sum), ``"max"`` (``max(fixed, pool_percent%)``; ``percent`` fixes the
    percentage when the regulation does, else the house chooses one in 0..100) or ``"fixed"``
    (a fixed sum only).
    """
    where = options.path
    if rule == "pool":  # Despacho 2/2009 art. 17(5), 17(9): the whole pool
        pct = options.ratio("pool_percent", 100)
        if pct != 100 or options.has("fixed"):
            raise RulesetError(where, "this prize is the whole pool (pool_percent = 100)", article)
        return JackpotPrize(0, Fraction(100))
    if rule == "max":  # the larger of a fixed sum and a share of the pool
        pct = options.ratio("pool_percent", percent if percent is not None else 0)
        if percent is not None and pct != percent:  # Despacho 2/2009 art. 17(6): the text's 10%
            raise RulesetError(
                where,
                f"this prize is max(fixed, {percent}% of the pool): pool_percent = {percent}",
                article,
            )
        if not 0 < pct <= 100:  # Despacho 2/2009 art. 17(10): a share the house sets
            raise RulesetError(where, "needs a pool_percent between 0 and 100", article)
        # Despacho 2/2009 art. 17(6), 17(10): a fixed sum besides the share
        return JackpotPrize(options.integer("fixed", None, minimum=1, article=article), pct)
    # Despacho 2/2009 art. 17(7), 17(8), 17(11): a fixed sum only
    if options.has("pool_percent"):
        raise RulesetError(where, "this prize is a fixed amount only", article)
    return JackpotPrize(options.integer("fixed", None, minimum=1, article=article))


@dataclass(frozen=True, slots=True)
class PoolOptions:
    """A ruleset's pool: its seed (minimum), the fraction of each jackpot stake it receives, and
    the ticket price (None: any amount within the limits)."""

    seed: int
    contribution: Fraction
    stake: int | None


def read_pool(options: Options, money: MoneyPolicy) -> PoolOptions:
    """The ``seed``, ``contribution`` and ``stake`` options of a ``[jackpot]`` table."""
    seed = options.integer("seed", 0, minimum=0)
    contribution = options.ratio("contribution", 0)
    if not 0 <= contribution <= 1:
        raise RulesetError(options.name("contribution"), f"{contribution} must be between 0 and 1")
    stake = options.optional_integer("stake", minimum=1)
    if stake is not None and stake % money.unit:
        raise RulesetError(options.name("stake"), "must be a multiple of table.rounding_unit")
    return PoolOptions(seed, contribution, stake)
