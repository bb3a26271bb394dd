"""Every scalar option of a Macau stud ruleset, declared once (:mod:`croupier.option_spec`);
the table's money and limits (:func:`croupier.options.read_money`) and the jackpot's pool and
prizes (:mod:`croupier.pool`) are read by the readers every game shares."""

from __future__ import annotations

from croupier.citing import macau_stud as cite
from croupier.option_spec import Option, declared

DECKS = Option(
    "shoe.decks", 1, cite("art. 1(1)"), "text", "one 52-card deck", minimum=1, maximum=1,
)  # fmt: skip
DEALING = Option(
    "shoe.dealing", "shoe", cite("art. 3, 7"), "text",
    "shuffled by hand and dealt from a shoe one card at a time (art. 3(1)), or by a shuffling "
    "machine five at a time (art. 3(2))", choices=("shoe", "shuffler"),
)  # fmt: skip
SEATS = Option(
    "table.seats", 7, cite("art. 2(1)"), "text",
    "player hands: at most seven (eight places with the dealer's)", minimum=1, maximum=7,
)  # fmt: skip
MAX_PAYOUT = Option(
    "table.max_payout_per_game", None, cite("art. 9(5)(7)"), "house",
    "the house's maximum payout per game on four of a kind and better (none when not given)",
    minimum=1, optional=True,
)  # fmt: skip
ROYAL_FLUSH = Option(
    "paytable.royal_flush", 100, cite("art. 9(5)(9), 13"), "text",
    "what a royal flush pays the raise, to one: 50 to 100, authorised under art. 13",
    minimum=50, maximum=100,
)  # fmt: skip
FIXED_PRIZES_FROM_POOL = Option(
    "jackpot.fixed_prizes_from_pool", False, cite("art. 10"), "house",
    "the jackpot's fixed prizes are paid out of the pool (else by the house)",
)  # fmt: skip

OPTIONS = declared(DECKS, DEALING, SEATS, MAX_PAYOUT, ROYAL_FLUSH, FIXED_PRIZES_FROM_POOL)
