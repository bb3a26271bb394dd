"""The dealer's drawing rule, defined once: the engine, the basic strategy, the exact analysis
and the simulator all read :func:`draws` or its table :func:`draw_table`.

Despacho 56/2004 art. 6(1) as amended by 42/2007: "A banca é obrigada a tomar cartas quando o
total dos seus pontos for 16 ou inferior ou quando tiver um «soft 17», mas não pode tomar mais
cartas quando tiver 17 ou mais pontos" (the dealer draws on 16 or less, or on a "soft 17", and
on nothing else); art. 6(6): "Considera-se «soft 17» a mão da banca que contenha um «6» e um
«Ás» a que é atribuído o valor de um ponto" ("soft 17" is the dealer's hand holding a "6" and
an "Ace" to which the value of one point is given). The sentence allows several readings
(docs/choices.md B2), each a value of ``rules.soft17``:

* ``six_ace`` (the 2007 preset's default, closest to the text): the hand holding a six and an
  ace, the ace able to count one point, so that it is 7 or 17: A-6, however the two arrived. No
  other 17 is "soft" here: A-2-4, A-3-3, A-A-5 stand;
* ``any``: every 17 in which an ace counts 11 (A-6, A-2-4, A-A-5, ...), the common casino
  meaning of "soft 17" and croupier's reading until issue 17;
* ``ace_one_point``: "a que é atribuído o valor de um ponto" taken as the ace *counting* one
  point: a 17 holding a six and an ace counted as one (A-6-K, A-6-5-5) draws, A-6 itself (its
  ace counted 11) stands;
* ``stands``: the dealer stands on every 17 (the practice preset, authorised under art. 21(1)).

A hand is described by its ``hard`` total (every ace counted one), whether it holds an ace and
whether it holds a six: that is all any reading needs.
"""

from __future__ import annotations

READINGS = ("six_ace", "any", "ace_one_point", "stands")
MAX_HARD = 31  # a dealer's hard total never passes 16 + 10 before it stops


def draws(hard: int, ace: bool, six: bool, reading: str) -> bool:
    """Whether the dealer draws another card (art. 6(1), 6(6) by ``reading``)."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total != 17:
        return total < 17
    if reading == "six_ace":
        return soft and six  # a soft 17 with a six and an ace is A-6 (hard 7)
    if reading == "any":
        return soft
    if reading == "ace_one_point":
        return ace and six and not soft
    if reading == "stands":
        return False
    raise ValueError(f"soft17: {reading!r} must be one of {', '.join(READINGS)}")


def draw_table(reading: str) -> tuple[int, ...]:
    """:func:`draws` for every (hard, ace, six), flattened as ``(hard * 2 + ace) * 2 + six``
    for hard totals 0 to :data:`MAX_HARD` (the compiled simulator reads this)."""
    return tuple(
        int(draws(hard, bool(ace), bool(six), reading))
        for hard in range(MAX_HARD + 1)
        for ace in (0, 1)
        for six in (0, 1)
    )


def draws_on(values: tuple[int, ...] | list[int], reading: str) -> bool:
    """:func:`draws` for a hand of card values (ace 1, ten-cards 10)."""
    return draws(sum(values), 1 in values, 6 in values, reading)
