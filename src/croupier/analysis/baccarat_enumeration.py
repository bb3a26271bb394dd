"""The exact baccarat enumeration in plain Python: every ordered six-card sequence of a shoe,
counted by outcome with card removal (Python integers: no overflow at any shoe size).

The compiled form (``_baccarat_kernels.c``) runs the same loops on 64-bit integers; this one is
what the tests hold it to, the benchmark's plain-Python baseline, and the analysis's fallback
where the extension was not built or the shoe is too large for 64 bits
(:func:`croupier.analysis.baccarat_exact.sequence_counts`)."""

from __future__ import annotations


def enumerate_plain(
    counts: list[int], player_draws: list[bool], banker_draws: list[list[bool]]
) -> list[list[int]]:
    """Counts of ordered six-card sequences by outcome, for a shoe counted by point value:
    row 0 Player wins by Player total, row 1 ties by total, rows 2-3 Banker wins by Banker
    total with two or three Banker cards. Dealt P1 B1 P2 B2 (Macau baccarat art. 6), naturals
    stand (art. 9(2)), the third cards by the tables of games/baccarat/drawing.py (arts.
    11-12; the Banker's column 10: the Player stood)."""
    out = [[0] * 10 for _ in range(4)]

    def record(pt: int, bt: int, three: bool, w: int) -> None:
        if pt > bt:
            out[0][pt] += w
        elif pt == bt:
            out[1][pt] += w
        else:
            out[3 if three else 2][bt] += w

    c = list(counts)
    n = sum(c)
    f4, f5 = (n - 4) * (n - 5), n - 5
    for p1 in range(10):
        w1 = c[p1]
        if not w1:
            continue
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            if not w2:
                continue
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                if not w3:
                    continue
                c[p2] -= 1
                pt0 = (p1 + p2) % 10
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if not w4:
                        continue
                    c[b2] -= 1
                    bt0 = (b1 + b2) % 10
                    if pt0 >= 8 or bt0 >= 8:
                        record(pt0, bt0, False, w4 * f4)
                    elif player_draws[pt0]:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if not w5:
                                continue
                            pt = (pt0 + p3) % 10
                            if banker_draws[bt0][p3]:
                                c[p3] -= 1
                                for b3 in range(10):
                                    if c[b3]:
                                        record(pt, (bt0 + b3) % 10, True, w5 * c[b3])
                                c[p3] += 1
                            else:
                                record(pt, bt0, False, w5 * f5)
                    elif banker_draws[bt0][10]:
                        for b3 in range(10):
                            if c[b3]:
                                record(pt0, (bt0 + b3) % 10, True, w4 * c[b3] * f5)
                    else:
                        record(pt0, bt0, False, w4 * f4)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return out
