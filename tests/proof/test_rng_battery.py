"""The RNG battery (issue 28, item 4): "a battery on final shoe orders produced by the live
shuffle path (GLI-19 3.2): chi-square of each card's position, runs and serial correlation,
coupon collector, duplicate shoes, and the distribution of first-round outcomes against the
exact probabilities from croupier's own analysis; 99% level with a family-wise correction; a
clear pass/fail and a p-value per test. It must fail on a deliberately biased shuffle (e.g. one
card more likely on top) and on a weak generator." Fixed seeds: each run gives the same
verdicts."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from scipy.stats import chi2, norm

from croupier.cards import parse_card
from croupier.proof.rng_battery import (
    Outcome,
    battery,
    chi2_sf,
    live_orders,
    normal_sf,
)
from croupier.proof.shoe_protocol import derive_order
from croupier.rng import SeededRandomSource

ACE = parse_card("AS")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_live_shuffle_path_passes(seed: int) -> None:
    passed, outcomes = battery(live_orders(1_500, 8, SeededRandomSource(seed)))
    assert passed, outcomes
    assert [o.name for o in outcomes] == [
        "positions", "pairs", "runs", "coupon collector", "duplicates", "first coups",
    ]  # fmt: skip


def test_a_shuffle_that_puts_one_card_on_top_too_often_fails() -> None:
    """The ace of spades moved to the top of one shoe in twenty: the positions fail."""
    chance = random.Random(5)

    def biased(decks: int, entropy: bytes) -> tuple[list[int], object]:
        cards, stream = derive_order(decks, entropy)
        if chance.random() < 0.05:
            at = cards.index(ACE)
            cards[0], cards[at] = cards[at], cards[0]
        return cards, stream

    passed, outcomes = battery(live_orders(1_500, 8, SeededRandomSource(1), biased))
    assert not passed
    assert [o.name for o in outcomes if not o.passed] == ["positions"]


class _WeakSource(SeededRandomSource):
    """A generator with ten bits of state: its entropy repeats after 1,024 shoes at most."""

    def __init__(self) -> None:
        super().__init__(0)
        self.states = random.Random(11)

    def token(self, nbytes: int) -> bytes:
        return random.Random(self.states.randrange(1024)).randbytes(nbytes)


def test_a_weak_generator_fails() -> None:
    passed, outcomes = battery(live_orders(1_500, 8, _WeakSource()))
    assert not passed
    assert "duplicates" in [o.name for o in outcomes if not o.passed]


def test_holms_correction_over_the_battery() -> None:
    """Six tests at 1%: the smallest p-value is judged against 1%/6, the next against 1%/5...;
    the step-down stops at the first that passes."""
    from croupier.proof import rng_battery

    made = [0.001, 0.0019, 0.5, 0.6, 0.7, 0.8]  # 0.001 <= 0.01/6; 0.0019 <= 0.01/5
    tests = tuple((lambda orders, p=p, n=n: Outcome(f"t{n}", 0.0, p)) for n, p in enumerate(made))
    saved = rng_battery.TESTS
    rng_battery.TESTS = tests  # type: ignore[assignment]
    try:
        passed, outcomes = battery([[0]])
    finally:
        rng_battery.TESTS = saved
    assert not passed and [o.passed for o in outcomes] == [False, False, True, True, True, True]


def test_the_p_values_are_the_distributions_own() -> None:
    for df in (2, 51, 168, 357):
        for x in (0.5, df / 2, df, 2 * df):
            assert abs(chi2_sf(x, df) - chi2.sf(x, df)) < 1e-12
    assert abs(normal_sf(2.5758) - norm.sf(2.5758)) < 1e-15


def test_the_command_prints_each_test_and_its_verdict() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "rng-test", "--shoes", "300", "--seed", "4", "--json"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    report = json.loads(done.stdout)
    assert report["passed"] is True and report["source"] == "seeded"
    assert {t["name"] for t in report["tests"]} >= {"positions", "duplicates", "first coups"}
