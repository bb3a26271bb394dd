"""Monte Carlo Macau blackjack on real shoes, compiled: one box played by the ruleset's basic
strategy, no hole card.

The kernel deals as the engine does (a card to the box, the dealer's up card, the box's second
card; split hands' second cards when they are played; the dealer's second card after the box),
decides by a table precomputed from the same ``BasicStrategy.advise`` the engine's automatic
player uses (keyed by up card, hard total, ace, pair value and which of double, split and
surrender are legal), draws the dealer by the soft-17 option, and settles by the engine's
order of rules (surrender, bust, blackjack, dealer blackjack with original-bets-only, totals).
``croupier simulate`` runs the C kernel built at install (``_blackjack_simulate.c``, through
:mod:`croupier.analysis.blackjack_chunk`), which plays the same rounds; this one runs where no
C compiler built it, and the tests hold the two together.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.blackjack_kernel_input import (
    DEALER_TABLE,
    HAND_CARDS,
    MAX_HANDS,
    ROUND_CARDS,
    kernel_arguments,
)
from croupier.analysis.kernel_rng import below
from croupier.games.blackjack.rules import BlackjackRules


@numba.njit(cache=True)
def play_round(
    order: npt.NDArray[np.int64],
    pos: int,
    values: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    flags: npt.NDArray[np.int64],
    cards: npt.NDArray[np.int64],
    ncards: npt.NDArray[np.int64],
    doubled: npt.NDArray[np.int64],
    surrendered: npt.NDArray[np.int64],
    acted: npt.NDArray[np.int64],
    dealer: npt.NDArray[np.int64],
) -> tuple[float, int, int]:  # pragma: no cover
    """Play one round from ``order[pos:]``: (net in initial bets, next position, hands)."""
    dmode, dkeep, skeep, surrender_ok = flags[1], flags[2], flags[3], flags[4]
    dealer_draws = flags[DEALER_TABLE:]  # games/blackjack/dealer.py, [hard][ace][six]
    max_hands, rsa, aces_one, unlike_tens, bj_pays2 = (
        flags[5],
        flags[6],
        flags[7],
        flags[8],
        flags[9],
    )
    nh = 1
    ncards[:] = 0
    doubled[:] = 0
    surrendered[:] = 0
    acted[:] = 0
    cards[0, 0] = order[pos]
    up = order[pos + 1]
    cards[0, 1] = order[pos + 2]
    pos += 3
    ncards[0] = 2
    upv = values[up]
    split_box = False
    h = 0
    while h < nh:
        if ncards[h] == 1:  # a split hand receives its second card now
            cards[h, 1] = order[pos]
            pos += 1
            ncards[h] = 2
            if values[cards[h, 0]] == 1 and aces_one:
                r0 = cards[h, 0] >> 2
                if not (rsa and (cards[h, 1] >> 2) == r0 and nh < max_hands):
                    h += 1
                    continue
        while True:
            hard = 0
            ace = 0
            for k in range(ncards[h]):
                v = values[cards[h, k]]
                hard += v
                if v == 1:
                    ace = 1
            total = hard + 10 if ace and hard <= 11 else hard
            natural = (not split_box) and ncards[h] == 2 and total == 21
            if total >= 21 or natural:
                break
            first_two = ncards[h] == 2 and acted[h] == 0
            from_split = split_box
            split_ace_hand = from_split and values[cards[h, 0]] == 1
            dbl = 0
            if first_two and not split_ace_hand and not (from_split and dmode != 1):
                dbl = 1
                if dmode == 2 and total != 11:
                    dbl = 0
            spl = 0
            pair = 0
            if first_two and nh < max_hands and not (split_ace_hand and not rsa):
                a0 = cards[h, 0]
                a1 = cards[h, 1]
                if (a0 >> 2) == (a1 >> 2) or (
                    unlike_tens and values[a0] == 10 and values[a1] == 10
                ):
                    spl = 1
                    pair = values[a0]
            sur = 1 if (surrender_ok and upv != 1 and first_two and not from_split) else 0
            hard_key = hard if hard <= 21 else 21
            action = table[
                (
                    ((((((upv - 1) * 22 + hard_key) * 2 + ace) * 11 + pair) * 2 + dbl) * 2 + spl)
                    * 2
                    + sur
                )
            ]
            acted[h] += 1
            if action == 0:  # hit
                cards[h, ncards[h]] = order[pos]
                pos += 1
                ncards[h] += 1
            elif action == 1:  # stand
                break
            elif action == 2:  # double: one card
                doubled[h] = 1
                cards[h, ncards[h]] = order[pos]
                pos += 1
                ncards[h] += 1
                break
            elif action == 3:  # split
                split_box = True
                cards[nh, 0] = cards[h, 1]
                ncards[nh] = 1
                nh += 1
                cards[h, 1] = order[pos]
                pos += 1
                acted[h] = 0
                if values[cards[h, 0]] == 1 and aces_one:
                    r0 = cards[h, 0] >> 2
                    if not (rsa and (cards[h, 1] >> 2) == r0 and nh < max_hands):
                        break
            else:  # surrender
                surrendered[h] = 1
                break
        h += 1
    # the dealer (art. 6(1)); no hole card: the second card after the box
    live = 0
    standing = 0
    for i in range(nh):
        hard = 0
        ace = 0
        for k in range(ncards[i]):
            v = values[cards[i, k]]
            hard += v
            if v == 1:
                ace = 1
        total = hard + 10 if ace and hard <= 11 else hard
        if total <= 21 and not surrendered[i]:
            live += 1
            if split_box or not (ncards[i] == 2 and total == 21):
                standing += 1
    nd = 1
    dealer[0] = up
    if live:
        dealer[1] = order[pos]
        pos += 1
        nd = 2
    dhard = 0
    dace = 0
    dsix = 0
    for k in range(nd):
        v = values[dealer[k]]
        dhard += v
        if v == 1:
            dace = 1
        if v == 6:
            dsix = 1
    dtotal = dhard + 10 if dace and dhard <= 11 else dhard
    dealer_bj = nd == 2 and dtotal == 21
    if standing and not dealer_bj:
        while dealer_draws[(dhard * 2 + dace) * 2 + dsix]:
            v = values[order[pos]]
            pos += 1
            dhard += v
            if v == 1:
                dace = 1
            if v == 6:
                dsix = 1
            dtotal = dhard + 10 if dace and dhard <= 11 else dhard
    net = 0.0
    for i in range(nh):
        hard = 0
        ace = 0
        for k in range(ncards[i]):
            v = values[cards[i, k]]
            hard += v
            if v == 1:
                ace = 1
        total = hard + 10 if ace and hard <= 11 else hard
        bet = 2.0 if doubled[i] else 1.0
        natural = (not split_box) and ncards[i] == 2 and total == 21
        if surrendered[i]:
            net -= 0.5
        elif dealer_bj and split_box and skeep:  # art. 16(6): the initial bet, once
            if i == 0:
                net -= 1.0
        elif total > 21:
            net -= bet
        elif natural:
            if not dealer_bj:
                net += bet * bj_pays2 / 2.0
        elif dealer_bj:
            if doubled[i] and dkeep and dmode != 2:
                net -= 1.0
            else:
                net -= bet
        elif dtotal > 21 or total > dtotal:
            net += bet
        elif total < dtotal:
            net -= bet
    return net, pos, nh


@numba.njit(cache=True)
def simulate(
    seed: int,
    rounds: int,
    decks: int,
    cut_card: int,
    burn_cards: int,
    values: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    flags: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:  # pragma: no cover
    """[rounds, sum of nets, sum of squares, hands] in units of the initial bet.

    flags: a continuous shuffler (a fresh shuffle before every round, no burn), double mode
    (0 any two, 1 and after split, 2 eleven only), double keeps initial, split keeps initial,
    surrender, max hands, resplit aces, split aces one card, unlike tens split, blackjack pays
    x2 (3 for 3:2); from ``DEALER_TABLE`` on, the dealer's drawing table of
    games/blackjack/dealer.py."""
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    size = 52 * decks
    order = np.empty(size + ROUND_CARDS, dtype=np.int64)  # then the front again: ROUND_CARDS
    for i in range(size):
        order[i] = i % 52
    pos = size
    out = np.zeros(4)
    cards = np.zeros((MAX_HANDS, HAND_CARDS), dtype=np.int64)
    ncards = np.zeros(MAX_HANDS, dtype=np.int64)
    doubled = np.zeros(MAX_HANDS, dtype=np.int64)
    surrendered = np.zeros(MAX_HANDS, dtype=np.int64)
    acted = np.zeros(MAX_HANDS, dtype=np.int64)
    dealer = np.zeros(16, dtype=np.int64)
    continuous = flags[0]  # a continuous shuffler: every round from a full fresh shuffle
    for _ in range(rounds):
        if continuous or pos >= size - cut_card:  # the cut card: a new shoe before the round
            for i in range(size - 1, 0, -1):
                j = below(rng, i + 1)
                order[i], order[j] = order[j], order[i]
            for i in range(ROUND_CARDS):  # a round past the last card reads the front again
                order[size + i] = order[i % size]
            pos = 0 if continuous else burn_cards
        net, pos, nh = play_round(
            order, pos, values, table, flags, cards, ncards, doubled, surrendered, acted, dealer
        )
        out[0] += 1
        out[1] += net
        out[2] += net * net
        out[3] += nh
    return out


@numba.njit(cache=True)
def play_order(
    order: npt.NDArray[np.int64],
    stop: int,
    values: npt.NDArray[np.int64],
    table: npt.NDArray[np.int8],
    flags: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:  # pragma: no cover
    """The net of each round dealt from a given order, until fewer than ``stop`` cards remain
    (for comparing the kernel with the engine on the same cards)."""
    cards = np.zeros((MAX_HANDS, HAND_CARDS), dtype=np.int64)
    ncards = np.zeros(MAX_HANDS, dtype=np.int64)
    doubled = np.zeros(MAX_HANDS, dtype=np.int64)
    surrendered = np.zeros(MAX_HANDS, dtype=np.int64)
    acted = np.zeros(MAX_HANDS, dtype=np.int64)
    dealer = np.zeros(16, dtype=np.int64)
    nets = np.zeros(order.shape[0])
    pos = 0
    n = 0
    while pos < order.shape[0] - stop:
        net, pos, _ = play_round(
            order, pos, values, table, flags, cards, ncards, doubled, surrendered, acted, dealer
        )
        nets[n] = net
        n += 1
    return nets[:n]


def run_chunk(seed: int, rounds: int, rules: BlackjackRules) -> npt.NDArray[np.float64]:
    result: npt.NDArray[np.float64] = simulate(seed, rounds, *kernel_arguments(rules))
    return result
