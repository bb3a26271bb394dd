"""Monte Carlo baccarat on real shoes, compiled.

The kernel shuffles a shoe of the ruleset's decks (Fisher-Yates), burns as the ruleset says
(a fixed number, the face value of the first card, or one card per deck; per-round burns,
art. 8), deals rounds by the engine's own tables (``PLAYER_DRAWS``, ``BANKER_DRAWS`` and the
card points) until the cut card ends the shoe (art. 3(1)), and starts a new shoe. It counts
each round's outcome in a small histogram (winner, Banker total and card count, the two pairs)
from which every bet's result follows by the same terms as the exact analysis
(:mod:`croupier.analysis.baccarat_par`), so the simulator cannot drift from the rules.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_exact import _BANKER, _PLAYER
from croupier.analysis.baccarat_procedure import (
    HIST_SHAPE,
    MODALITY_CODES,
    shoe_flags,
    shoe_numbers,
)
from croupier.analysis.baccarat_procedure import POINTS_ARRAY as _POINTS
from croupier.analysis.kernel_rng import bounded
from croupier.shoe import ShoeSpec


@numba.njit(cache=True, inline="always")
def _face(card: int) -> int:  # pragma: no cover
    rank = card >> 2
    if rank == 12:
        return 1
    return min(rank + 2, 10)


@numba.njit(cache=True)
def jackpot_code(
    coup: npt.NDArray[np.int64], modality: int, by_points: bool, points: npt.NDArray[np.uint8]
) -> int:  # pragma: no cover
    """The round's highest jackpot combination as its 1-based place in the modality's list of
    ``croupier.games.baccarat.jackpot.COMBINATIONS`` (0: none); modality 1 A, 2 B, 3 C."""
    order = np.empty(6, dtype=np.int64)
    order[0], order[1], order[2], order[3] = coup[0], coup[3], coup[1], coup[4]
    k = 4
    if coup[2] >= 0:
        order[k] = coup[2]
        k += 1
    if coup[5] >= 0:
        order[k] = coup[5]
        k += 1
    counts = np.zeros(13, dtype=np.int64)
    if modality == 1:
        if k >= 5:
            mask = 0
            for i in range(5):
                mask |= 1 << (order[i] >> 2)
            if mask == 0b1111100000000:  # T J Q K A
                suit = -1
                same = True
                for i in range(5):
                    if suit < 0:
                        suit = order[i] & 3
                    elif (order[i] & 3) != suit:
                        same = False
                if same:
                    return 1
                tens_suit = -1
                ace_suit = -1
                suited = True
                for i in range(5):
                    if (order[i] >> 2) == 12:
                        ace_suit = order[i] & 3
                    elif tens_suit < 0:
                        tens_suit = order[i] & 3
                    elif (order[i] & 3) != tens_suit:
                        suited = False
                if suited and ace_suit != tens_suit:
                    return 2
        for i in range(4):
            counts[order[i] >> 2] += 1
        top = counts.max()
        pp = (coup[0] >> 2) == (coup[1] >> 2)
        bp = (coup[3] >> 2) == (coup[4] >> 2)
        if top == 4:
            return 3
        if pp and bp:
            if by_points:
                if points[coup[0]] != points[coup[3]]:
                    return 4
            elif (coup[0] >> 2) != (coup[3] >> 2):
                return 4
        if top == 3:
            return 5
        if pp or bp:
            return 6
        return 0
    for i in range(k):
        counts[order[i] >> 2] += 1
    top = 0
    second = 0
    for r in range(13):
        if counts[r] > top:
            second = top
            top = counts[r]
        elif counts[r] > second:
            second = counts[r]
    shift = 1 if modality == 3 else 0  # Modality C has six of one colour on top
    if top == 6:
        if modality == 3:
            black = 0
            for i in range(6):
                if (order[i] & 3) in (1, 3):
                    black += 1
            if black == 0 or black == 6:
                return 1
        return 1 + shift
    if top == 5:
        return 2 + shift
    if top == 3 and second == 3:
        return 3 + shift
    if top == 4:
        return 4 + shift
    if top == 3:
        return 5 + shift
    return 0


@cache
def simulate_kernel(
    burn: int,
    burn_each_round: bool,
    one_more_round: bool,
    continuous: bool,
    jackpot: bool,
    sessions: bool,
) -> Any:
    """The kernel compiled for one shoe procedure and one kind of count: these flags are
    constants of the compiled code (Numba freezes a closure's variables), so a round's path
    tests no rule that does not apply (issue 32(2)). Each variant is compiled once and kept
    on disk beside the others, under a name of its own: variants sharing one name were read
    back from the disk into one process with each other's constants (NumPy's dtypes), and the
    second failed ("'descr' is NULL"; tests/analysis/test_baccarat_chunk.py)."""

    def simulate(
        seed: int,
        rounds: int,
        decks: int,
        cut_card: int,
        spread: int,
        burn_cards: int,
        player_draws: npt.NDArray[np.bool_],
        banker_draws: npt.NDArray[np.bool_],
        points: npt.NDArray[np.uint8],
        net_by_cell: npt.NDArray[np.float64],
        session_length: int,
        bankroll: float,
        sessions_out: npt.NDArray[np.float64],
        ruined_out: npt.NDArray[np.bool_],
        modality: int,
        by_points: bool,
        jackpots_out: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.int64]:  # pragma: no cover
        """Histogram of ``rounds`` rounds (shape HIST_SHAPE, flattened) from seed ``seed``.

        With ``session_length`` > 0, consecutive rounds also form sessions of one unit bet whose
        result per outcome cell is ``net_by_cell``: each session's result goes to
        ``sessions_out`` and whether its running result ever reached ``-bankroll`` to
        ``ruined_out``."""
        state = np.uint64(seed)  # the generator's state, in a register (kernel_rng.bounded)
        size = 52 * decks
        order = np.empty(size, dtype=np.uint8)  # a card per byte: the shoe stays in L1
        for i in range(size):
            order[i] = i % 52
        hist = np.zeros(3 * 10 * 2 * 2 * 2, dtype=np.int64)
        coup = np.empty(8, dtype=np.int64)
        done = 0
        session_net = 0.0
        session_ruined = False
        pos = size  # force a shuffle
        cut_at = 0
        cut_round = -1
        shoe_rounds = 0
        while done < rounds:
            finished = pos >= size
            if not finished and not continuous and cut_round >= 0:
                last = cut_round + (1 if one_more_round else 0)
                finished = shoe_rounds >= last
            if finished or continuous:
                for i in range(size - 1, 0, -1):  # Fisher-Yates
                    state, j = bounded(state, i + 1)
                    order[i], order[j] = order[j], order[i]
                pos = 0
                shoe_rounds = 0
                cut_round = -1
                if not continuous:
                    offset = 0
                    if spread:
                        state, drawn = bounded(state, 2 * spread + 1)
                        offset = int(drawn) - spread
                    cut_at = size - cut_card - offset
                    if burn == 1:
                        pos = decks
                    elif burn == 2:
                        pos = 1 + _face(order[0])
                    elif burn == 3:
                        pos = burn_cards
            start = pos
            if burn_each_round and not continuous:
                start += 1
            shoe_rounds += 1
            # one coup, written out here: a helper returning the coup as a tuple cost a third
            # of the kernel's speed (issue 32(2))
            if size - start < 4:
                pos = size  # cards ran out: a new shoe (never with a valid cut card)
                continue
            p1, b1, p2, b2 = order[start], order[start + 1], order[start + 2], order[start + 3]
            nxt = start + 4
            pt = (points[p1] + points[p2]) % 10
            bt = (points[b1] + points[b2]) % 10
            p3 = -1
            b3 = -1
            if pt < 8 and bt < 8:  # no natural: the third-card tables (arts. 11-12)
                third = 10
                if player_draws[pt]:
                    if nxt >= size:
                        pos = size
                        continue
                    p3 = order[nxt]
                    nxt += 1
                    third = points[p3]
                    pt = (pt + third) % 10
                if banker_draws[bt, third]:
                    if nxt >= size:
                        pos = size
                        continue
                    b3 = order[nxt]
                    nxt += 1
                    bt = (bt + points[b3]) % 10
            if not continuous and cut_round < 0 and nxt > cut_at:
                cut_round = shoe_rounds  # the cut card came out during this round
            pos = nxt
            winner = 0 if pt > bt else (1 if bt > pt else 2)
            three = 1 if b3 >= 0 else 0
            ppair = 1 if (p1 >> 2) == (p2 >> 2) else 0
            bpair = 1 if (b1 >> 2) == (b2 >> 2) else 0
            cell = (((winner * 10 + bt) * 2 + three) * 2 + ppair) * 2 + bpair
            hist[cell] += 1
            if jackpot:
                coup[0], coup[1], coup[2], coup[3], coup[4], coup[5] = p1, p2, p3, b1, b2, b3
                jackpots_out[jackpot_code(coup, modality, by_points, points)] += 1
            done += 1
            if sessions:
                session_net += net_by_cell[cell]
                if session_net <= -bankroll:
                    session_ruined = True
                if done % session_length == 0:
                    k = done // session_length - 1
                    sessions_out[k] = session_net
                    ruined_out[k] = session_ruined
                    session_net = 0.0
                    session_ruined = False
        return hist

    flags = "".join(str(int(flag)) for flag in (burn_each_round, one_more_round, continuous))
    simulate.__name__ = simulate.__qualname__ = (
        f"simulate_burn{burn}_{flags}_{int(jackpot)}{int(sessions)}"
    )
    return numba.njit(cache=True)(simulate)


_NO_NETS = np.zeros(3 * 10 * 2 * 2 * 2)
_NO_SESSIONS = np.zeros(0)
_NO_RUIN = np.zeros(0, dtype=np.bool_)


def run_chunk(seed: int, rounds: int, spec: ShoeSpec) -> npt.NDArray[np.int64]:
    """One chunk of rounds from one seed: the unit of work a worker runs."""
    kernel = simulate_kernel(*shoe_flags(spec), False, False)
    hist: npt.NDArray[np.int64] = kernel(
        seed,
        rounds,
        *shoe_numbers(spec),
        _PLAYER,
        _BANKER,
        _POINTS,
        _NO_NETS,
        0,
        0.0,
        _NO_SESSIONS,
        _NO_RUIN,
        0,
        False,
        np.zeros(8, dtype=np.int64),
    )
    return hist.reshape(HIST_SHAPE)


def run_jackpot_chunk(
    seed: int, rounds: int, spec: ShoeSpec, modality: str, by_points: bool
) -> npt.NDArray[np.int64]:
    """Rounds counted by their highest jackpot combination (index 0: none)."""
    jackpots = np.zeros(8, dtype=np.int64)
    simulate_kernel(*shoe_flags(spec), True, False)(
        seed,
        rounds,
        *shoe_numbers(spec),
        _PLAYER,
        _BANKER,
        _POINTS,
        _NO_NETS,
        0,
        0.0,
        _NO_SESSIONS,
        _NO_RUIN,
        MODALITY_CODES[modality],
        by_points,
        jackpots,
    )
    return jackpots


def run_session_chunk(
    seed: int,
    rounds: int,
    spec: ShoeSpec,
    net_by_cell: npt.NDArray[np.float64],
    length: int,
    bankroll: float,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """A chunk of whole sessions: the histogram, each session's result and its ruin flag."""
    count = rounds // length
    results = np.zeros(count)
    ruined = np.zeros(count, dtype=np.bool_)
    hist = simulate_kernel(*shoe_flags(spec), False, True)(
        seed,
        rounds,
        *shoe_numbers(spec),
        _PLAYER,
        _BANKER,
        _POINTS,
        net_by_cell,
        length,
        bankroll,
        results,
        ruined,
        0,
        False,
        np.zeros(8, dtype=np.int64),
    )
    return hist.reshape(HIST_SHAPE), results, ruined
