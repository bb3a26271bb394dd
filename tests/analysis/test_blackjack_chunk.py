"""Issue 32(3): the Monte Carlo blackjack kernel built in C at install
(``_blackjack_simulate.c``), which ``croupier simulate blackjack`` runs without importing Numba.
It plays the very rounds of the Numba kernel (held round for round to the engine in
test_simulation.py) from the same seed, for every option the kernel reads: the double's three
modes (art. 17(1)) and what a doubled or split hand loses to a dealer blackjack (arts. 16(6),
17(3)), surrender (art. 18), splits (resplit aces, one card to split aces, unlike tens, up to
eight hands), the four readings of art. 6(6)'s soft 17, one deck to eight, blackjack's payout
(art. 10); and it refuses tables it would read out of bounds."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.analysis import blackjack_chunk, simulate_blackjack
from croupier.analysis.blackjack_chunk import run_compiled
from croupier.analysis.blackjack_kernel_input import kernel_arguments
from croupier.rulesets import load_ruleset

VARIANTS = {
    "2007": ("macau-blackjack-2007", {}),
    "practice": ("macau-blackjack-practice", {}),
    "any-two-whole-bets": (
        "macau-blackjack-2007",
        {
            "rules.double": "any_two",
            "rules.double_loses_initial_only": False,
            "rules.split_loses_initial_only": False,
        },
    ),
    "eleven-only-no-surrender": (
        "macau-blackjack-2007",
        {"rules.double": "eleven_only", "rules.surrender": False, "rules.soft17": "any"},
    ),
    "every-split": (
        "macau-blackjack-2007",
        {
            "rules.resplit_aces": True,
            "rules.split_aces_one_card": False,
            "rules.split_max_hands": 8,
            "rules.split_unlike_tens": True,
            "rules.soft17": "ace_one_point",
        },
    ),
    "one-deck-even-money": (
        "macau-blackjack-2007",
        {"shoe.decks": 1, "shoe.cut_card": 20, "rules.blackjack_pays": 1, "rules.soft17": "stands"},
    ),
    "eight-decks": ("macau-blackjack-2007", {"shoe.decks": 8, "shoe.burn_cards": 0}),
    "continuous-shuffler": ("macau-blackjack-2007", {"shoe.mode": "continuous"}),
}


def test_the_compiled_kernel_is_built_and_is_what_simulate_runs() -> None:
    assert blackjack_chunk._compiled is not None  # gcc is on every machine the project names
    rules = load_ruleset("macau-blackjack-2007").blackjack()
    assert np.array_equal(blackjack_chunk.run_chunk(3, 500, rules), run_compiled(3, 500, rules))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2**63 - 1])
def test_the_c_kernel_plays_the_numba_kernels_rounds(variant: str, seed: int) -> None:
    name, options = VARIANTS[variant]
    rules = load_ruleset(name, options).blackjack()
    compiled = run_compiled(seed, 60_000, rules)
    assert compiled[0] == 60_000 and compiled[3] > 60_000  # splits were played
    assert np.array_equal(compiled, simulate_blackjack.run_chunk(seed, 60_000, rules))


def _refused(changes: dict, named: str) -> None:
    decks, cut, burn, values, table, flags = kernel_arguments(
        load_ruleset("macau-blackjack-2007").blackjack()
    )
    args = {"decks": decks, "cut": cut, "burn": burn, "values": values, "table": table}
    args |= {"flags": flags, "out": np.zeros(4)}
    args.update(changes)
    out = args["out"]
    with pytest.raises(ValueError, match=named):
        blackjack_chunk._compiled.totals(1, 10, *args.values())
    assert not out.any()  # a refused call wrote nothing


def test_the_kernel_refuses_tables_it_would_read_out_of_bounds() -> None:
    _decks, _cut, _burn, values, table, flags = kernel_arguments(
        load_ruleset("macau-blackjack-2007").blackjack()
    )
    _refused({"values": values[:51].copy()}, "values")
    _refused({"values": np.where(np.arange(52) == 7, 11, values)}, "values 1..10")
    _refused({"table": table[:-1].copy()}, "table")
    _refused({"table": np.where(np.arange(table.size) == 9, 5, table).astype(np.int8)}, "table")
    _refused({"flags": flags[:-1].copy()}, "flags")
    wide = flags.copy()
    wide[5] = 9  # nine hands: more than the kernel holds
    _refused({"flags": wide}, "hands 1..8")
    _refused({"out": np.zeros(3)}, "out")
    _refused({"decks": 0}, "decks")
    _refused({"burn": 52 * 6}, "burn_cards")


@pytest.mark.parametrize("variant", ["2007", "eleven-only-no-surrender", "any-two-whole-bets"])
@pytest.mark.parametrize("action", [2, 4])
def test_hands_the_strategy_rarely_plays_are_settled_alike(variant: str, action: int) -> None:
    """A doubled hand meeting a dealer blackjack (art. 17(3)), a surrender (art. 18): rare
    under basic strategy, every round under a table that doubles or surrenders whatever it
    holds; both kernels settle them alike. (A table splitting what is no pair would run the
    Numba kernel past its arrays; the C kernel stands such a hand: see the next test.)"""
    name, options = VARIANTS[variant]
    decks, cut, burn, values, table, flags = kernel_arguments(
        load_ruleset(name, options).blackjack()
    )
    always = np.full_like(table, action)
    compiled = np.zeros(4)
    blackjack_chunk._compiled.totals(5, 40_000, decks, cut, burn, values, always, flags, compiled)
    numba = simulate_blackjack.simulate(5, 40_000, decks, cut, burn, values, always, flags)
    assert np.array_equal(compiled, numba)


def test_a_split_the_state_does_not_allow_is_never_played() -> None:
    """The C kernel keeps to its eight hands whatever its table says: a split of a hand that is
    no pair, or beyond the most hands, stands instead of writing past the box."""
    decks, cut, burn, values, table, flags = kernel_arguments(
        load_ruleset("macau-blackjack-2007").blackjack()
    )
    out = np.zeros(4)
    blackjack_chunk._compiled.totals(5, 20_000, decks, cut, burn, values, np.full_like(table, 3),
                                     flags, out)  # fmt: skip
    assert out[0] == 20_000 and out[3] <= 20_000 * 4  # never more hands than flags[5] allows
    assert out[3] > 20_000  # the pairs were split


@pytest.mark.parametrize("kernel", ["c", "numba"])
def test_a_continuous_shuffler_deals_every_round_from_a_fresh_shuffle(kernel: str) -> None:
    """A continuous shuffler (the shoe's mode, art. 1; shoe.py: "every round from a full fresh
    shuffle"): the very rounds of a shoe reshuffled before every round and never burned, which
    is what a cut card one card from the front does."""
    rules = load_ruleset("macau-blackjack-2007", {"shoe.mode": "continuous"}).blackjack()
    decks, cut, _burn, values, table, flags = kernel_arguments(rules)
    assert flags[0] == 1
    cut_card_first = flags.copy()
    cut_card_first[0] = 0

    def play(cut: int, burn: int, flags: np.ndarray) -> np.ndarray:
        if kernel == "numba":
            return simulate_blackjack.simulate(9, 30_000, decks, cut, burn, values, table, flags)
        out = np.zeros(4)
        blackjack_chunk._compiled.totals(9, 30_000, decks, cut, burn, values, table, flags, out)
        return out

    continuous = play(cut, 3, flags)  # a burn asked for is not made: the shuffler burns none
    assert np.array_equal(continuous, play(52 * decks - 1, 0, cut_card_first))
    assert not np.array_equal(continuous, play(cut, 0, cut_card_first))


_PAST_THE_END = """
import sys
import numpy as np
from croupier.analysis import blackjack_chunk, simulate_blackjack
from croupier.analysis.blackjack_kernel_input import kernel_arguments
from croupier.rulesets import load_ruleset

options = {"shoe.decks": 1, "shoe.cut_card": 15, "rules.split_max_hands": 8,
           "rules.resplit_aces": True, "rules.split_aces_one_card": False}
decks, _cut, _burn, values, table, flags = kernel_arguments(
    load_ruleset("macau-blackjack-2007", options).blackjack())
cut = int(sys.argv[1])
compiled = np.zeros(4)
blackjack_chunk._compiled.totals(5, 50_000, decks, cut, 0, values, table, flags, compiled)
numba = simulate_blackjack.simulate(5, 50_000, decks, cut, 0, values, table, flags)
print(list(compiled), list(numba))
assert np.array_equal(compiled, numba), (compiled, numba)
"""


@pytest.mark.parametrize("cut", [0, 1, 3])
def test_a_round_dealt_past_the_last_card_reads_the_front_again_in_both_kernels(cut: int) -> None:
    """A cut card closer to the end than a round can take (none, one, three cards: every
    round that starts there runs past the last card) lets both kernels read the shoe's front
    again, never past their arrays: the Numba kernel read past its array (a segmentation fault
    with the cut card at the end), where the C kernel read its copy of the front. Run in a
    process of its own, so that a fault fails this test and not the session."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _PAST_THE_END, str(cut)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
