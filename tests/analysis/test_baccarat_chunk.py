"""Issue 32(3): the Monte Carlo baccarat kernel built in C at install (``_baccarat_simulate.c``),
which ``croupier simulate baccarat`` runs without importing Numba. It deals the very rounds of
the Numba kernel (held round for round to the rules engine in test_simulation.py) from the same
seed, for every shoe procedure the kernel is compiled for: each burn of art. 2(1)/8 (none, a
card per deck, the first card's face value, a fixed number), a burn before every round or not,
one more round after the cut card (art. 3(1)) or none, a continuous shuffler, a cut card with a
spread or without, one deck to eight."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from croupier.analysis import baccarat_chunk, simulate_baccarat
from croupier.analysis.baccarat_chunk import run_compiled
from croupier.analysis.baccarat_exact import _BANKER_BYTES, _PLAYER_BYTES
from croupier.analysis.baccarat_procedure import CELLS, POINTS_ARRAY, procedure_code
from croupier.rulesets import load_ruleset
from croupier.shoe import Burn, EndOfShoe, ShoeMode, ShoeSpec

MACAU = load_ruleset("macau-2009").baccarat().shoe  # face-value burn, one more round, spread 2

PROCEDURES = [
    MACAU,
    dataclasses.replace(MACAU, burn=Burn.NONE, end_of_shoe=EndOfShoe.FINISH_ROUND),
    dataclasses.replace(MACAU, burn=Burn.DECKS, cut_card_spread=0, decks=6),
    dataclasses.replace(MACAU, burn=Burn.FIXED, burn_cards=5, burn_each_round=True),
    dataclasses.replace(
        MACAU, burn=Burn.FACE_VALUE, burn_each_round=True, end_of_shoe=EndOfShoe.FINISH_ROUND
    ),
    dataclasses.replace(MACAU, decks=1, cut_card=10, cut_card_spread=3, burn=Burn.DECKS),
    dataclasses.replace(MACAU, mode=ShoeMode.CONTINUOUS, burn=Burn.NONE),
    dataclasses.replace(MACAU, mode=ShoeMode.CONTINUOUS, burn_each_round=True),
]


def _name(spec: ShoeSpec) -> str:
    return (
        f"{spec.decks}d-{spec.mode.value}-{spec.burn.value}{spec.burn_cards}"
        f"-each{int(spec.burn_each_round)}-{spec.end_of_shoe.value}-spread{spec.cut_card_spread}"
    )


def test_the_compiled_kernel_is_built_and_is_what_simulate_runs() -> None:
    assert baccarat_chunk._compiled is not None  # gcc is on every machine the project names
    assert np.array_equal(baccarat_chunk.run_chunk(3, 500, MACAU), run_compiled(3, 500, MACAU))


def test_every_flag_of_the_procedures_is_exercised() -> None:
    codes = {procedure_code(spec) for spec in PROCEDURES}
    for bit in range(5):  # burn's two bits, burn each round, one more round, continuous
        assert {c >> bit & 1 for c in codes} == {0, 1}, bit


@pytest.mark.parametrize("spec", PROCEDURES, ids=_name)
@pytest.mark.parametrize("seed", [1, 2026, 2**63 - 1])
def test_the_c_kernel_deals_the_numba_kernels_rounds(spec: ShoeSpec, seed: int) -> None:
    rounds = 4_000  # dozens of shoes: every shuffle, burn and cut card of the procedure
    compiled = run_compiled(seed, rounds, spec)
    assert compiled.sum() == rounds
    assert np.array_equal(compiled, simulate_baccarat.run_chunk(seed, rounds, spec))


def _call(**changes: object) -> np.ndarray:
    args = {
        "seed": 1,
        "rounds": 10,
        "decks": 8,
        "cut_card": 14,
        "spread": 2,
        "burn_cards": 0,
        "procedure": procedure_code(MACAU),
        "player": _PLAYER_BYTES,
        "banker": _BANKER_BYTES,
        "points": POINTS_ARRAY,
        "out": np.zeros(CELLS, dtype=np.int64),
    }
    args.update(changes)
    baccarat_chunk._compiled.histogram(*args.values())
    return args["out"]  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"player": _PLAYER_BYTES[:9]}, "player_draws"),
        ({"banker": _BANKER_BYTES.ravel()[:100]}, "banker_draws"),
        ({"points": POINTS_ARRAY[:51]}, "points"),
        ({"out": np.zeros(CELLS - 1, dtype=np.int64)}, "out"),
        ({"decks": 0}, "decks"),
        ({"decks": 65}, "decks"),
        ({"procedure": 32}, "procedure"),
        ({"rounds": -1}, "rounds"),
        ({"points": np.full(52, 10, dtype=np.uint8)}, "points"),
        ({"player": np.full(10, 2, dtype=np.uint8)}, "player_draws"),
        # a shoe of one deck burning 49 cards could never deal a round: refused, not looped on
        ({"decks": 1, "burn_cards": 49, "procedure": 3 << 3}, "burn_cards"),
    ],
)
def test_the_kernel_refuses_what_it_cannot_deal(changes: dict, named: str) -> None:
    out = np.zeros(CELLS, dtype=np.int64)
    with pytest.raises(ValueError, match=named):
        _call(**changes, **({} if "out" in changes else {"out": out}))
    assert not out.any()  # a refused call wrote nothing


def test_the_largest_burn_that_leaves_a_round_is_dealt() -> None:
    out = _call(decks=1, cut_card=0, spread=0, burn_cards=48, procedure=3 << 3, rounds=50)
    assert out.sum() == 50


@pytest.mark.parametrize(
    ("modality", "by_points"), [("A", False), ("A", True), ("B", False), ("C", False)]
)
@pytest.mark.parametrize("spec", [PROCEDURES[0], PROCEDURES[3], PROCEDURES[6]], ids=_name)
def test_the_c_kernel_counts_the_numba_kernels_jackpots(
    spec: ShoeSpec, modality: str, by_points: bool
) -> None:
    """The highest jackpot combination of every round (Modalities A, B, C; Modality A's two
    pairs by rank or by points), counted alike by both kernels from the same seed."""
    rounds = 200_000
    compiled = baccarat_chunk.jackpots_compiled(11, rounds, spec, modality, by_points)
    assert compiled.sum() == rounds and (compiled[1:] > 0).sum() >= 3
    numba = simulate_baccarat.run_jackpot_chunk(11, rounds, spec, modality, by_points)
    assert np.array_equal(compiled, numba)


@pytest.mark.parametrize("spec", [PROCEDURES[0], PROCEDURES[4]], ids=_name)
def test_the_c_kernel_plays_the_numba_kernels_sessions(spec: ShoeSpec) -> None:
    """Sessions of one unit bet (a net per histogram cell), each one's result and whether it
    ever reached the bankroll's loss, alike from both kernels; a last partial session is not
    written."""
    draw = np.random.default_rng(5)
    nets = draw.choice([-1.0, -1.0, 0.0, 0.95, 1.0], size=CELLS)
    rounds, length = 30_007, 50
    compiled = baccarat_chunk.sessions_compiled(7, rounds, spec, nets, length, 6.0)
    numba = simulate_baccarat.run_session_chunk(7, rounds, spec, nets, length, 6.0)
    assert compiled[1].size == rounds // length
    assert 0 < compiled[2].sum() < compiled[2].size  # some sessions ruined, some not
    for mine, theirs in zip(compiled, numba, strict=True):
        assert np.array_equal(mine, theirs)


def test_the_jackpot_and_session_calls_refuse_what_they_cannot_hold() -> None:
    hist = np.zeros(CELLS, dtype=np.int64)
    shoe = (1, 100, 8, 14, 2, 0, procedure_code(MACAU), _PLAYER_BYTES, _BANKER_BYTES)
    shoe += (POINTS_ARRAY, hist)
    counts = np.zeros(8, dtype=np.int64)
    with pytest.raises(ValueError, match="modality"):
        baccarat_chunk._compiled.jackpots(*shoe, 4, 0, counts)
    with pytest.raises(ValueError, match="jackpots"):
        baccarat_chunk._compiled.jackpots(*shoe, 1, 0, np.zeros(7, dtype=np.int64))
    nets = np.zeros(CELLS)
    with pytest.raises(ValueError, match="session_length"):
        baccarat_chunk._compiled.sessions(*shoe, nets, 0, 5.0, np.zeros(0), np.zeros(0, bool))
    with pytest.raises(ValueError, match="results"):  # 100 rounds: two sessions of 50, not one
        baccarat_chunk._compiled.sessions(*shoe, nets, 50, 5.0, np.zeros(1), np.zeros(2, bool))
    with pytest.raises(ValueError, match="coup"):
        baccarat_chunk._compiled.jackpot((52, 0, -1, 1, 2, -1), 1, 0, POINTS_ARRAY)
    with pytest.raises(ValueError, match="coup"):
        baccarat_chunk._compiled.jackpot((-1, 0, -1, 1, 2, -1), 1, 0, POINTS_ARRAY)
    assert not hist.any() and not counts.any()
