"""The third-card rules: Macau baccarat art. 9, identical to PT 812/2015 rules 19-20.

This is the single definition of the drawing rules; the round engine, the exact analyser and the
simulation kernels all read these tables.

``PLAYER_DRAWS[t]``: Player draws on a two-card total ``t`` (no natural on the table).
``BANKER_DRAWS[b][p]``: Banker draws on a two-card total ``b`` when Player drew a third card of
point value ``p`` (0..9; T/J/Q/K, written "10" in the regulation, have point 0);
``BANKER_DRAWS[b][PLAYER_STOOD]``: when Player stood.
"""

from __future__ import annotations

NATURALS = frozenset({8, 9})  # art. 9(2), 9(4)(6); rule 19
PLAYER_STOOD = 10

# art. 9(1): Player draws on 0-5; art. 9(2): stands on 6 or 7.
PLAYER_DRAWS: tuple[bool, ...] = tuple(t <= 5 for t in range(10))

_ALL = frozenset(range(10))
# Player third-card points on which Banker draws, by Banker total (art. 9(3), 9(4)).
_BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: _ALL,  # art. 9(3)(1)
    1: _ALL,  # art. 9(3)(1)
    2: _ALL,  # art. 9(3)(1)
    3: _ALL - {8},  # art. 9(3)(2); stands on 8: 9(4)(1)
    4: frozenset({2, 3, 4, 5, 6, 7}),  # art. 9(3)(3); stands on 1, 8, 9, 10: 9(4)(2)
    5: frozenset({4, 5, 6, 7}),  # art. 9(3)(4); stands on 1, 2, 3, 8, 9, 10: 9(4)(3)
    6: frozenset({6, 7}),  # art. 9(3)(5); stands on 1-5, 8, 9, 10: 9(4)(4)
    7: frozenset(),  # art. 9(4)(5)
    8: frozenset(),  # natural, art. 9(4)(5)
    9: frozenset(),  # natural, art. 9(4)(5)
}
# Player stood: Banker draws on 0-5 (art. 9(3)(6)), stands on 6 (9(4)(4)) and 7 (9(4)(5)).
_BANKER_DRAWS_WHEN_STOOD = {b: b <= 5 for b in range(10)}

BANKER_DRAWS: tuple[tuple[bool, ...], ...] = tuple(
    (*tuple(p in _BANKER_DRAWS_ON[b] for p in range(10)), _BANKER_DRAWS_WHEN_STOOD[b])
    for b in range(10)
)

#: The article deciding Banker's draw for a Banker total (when Player drew).
BANKER_ROW_ARTICLE = {
    0: "art. 9(3)(1)",
    1: "art. 9(3)(1)",
    2: "art. 9(3)(1)",
    3: "art. 9(3)(2), 9(4)(1)",
    4: "art. 9(3)(3), 9(4)(2)",
    5: "art. 9(3)(4), 9(4)(3)",
    6: "art. 9(3)(5), 9(4)(4)",
    7: "art. 9(4)(5)",
    8: "art. 9(4)(5)",
    9: "art. 9(4)(5)",
}


def player_draws(player_total: int) -> bool:
    """Player's third-card rule (art. 9(1)-(2)), for a table with no natural."""
    return PLAYER_DRAWS[player_total]


def banker_draws(banker_total: int, player_third_point: int | None) -> bool:
    """Banker's third-card rule (art. 9(3)-(4)), for a table with no natural."""
    column = PLAYER_STOOD if player_third_point is None else player_third_point
    return BANKER_DRAWS[banker_total][column]
