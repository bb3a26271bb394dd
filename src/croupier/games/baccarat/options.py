"""Every scalar option of a baccarat ruleset, declared once (:mod:`croupier.option_spec`), under
the regulation that bounds it (an option the two regulations bound differently is declared
for each). The money and limits (:func:`croupier.options.read_money`), the side bets
(:mod:`.sidebets`) and the jackpot's pool and prizes (:mod:`croupier.pool`) have their own
readers; what ties one option to another stays in :mod:`.regulations`."""

from __future__ import annotations

from croupier.citing import macau_baccarat as m
from croupier.citing import pt
from croupier.games.baccarat.commission import SCHEMES
from croupier.option_spec import Option, declared
from croupier.shoe import Burn, EndOfShoe, ShoeMode

CUT_CARD_MAX = 26  # "about twelve cards" (art. 2(1)): croupier accepts up to half a deck

DECKS = Option(
    "shoe.decks", 8, m("art. 1(1)"), "text", "decks in the shoe (Macau)", minimum=6, maximum=12,
)  # fmt: skip
DECKS_PT = Option(
    "shoe.decks", 8, pt("rule 6"), "text", "decks in the shoe (Portugal): 6 or 8",
    minimum=6, maximum=8,
)  # fmt: skip
SHOE_MODE = Option(
    "shoe.mode", "manual", m("art. 1, 2(3)"), "text",
    "a shoe with a cut card, or an automatic shuffler", choices=tuple(x.value for x in ShoeMode),
)  # fmt: skip
BURN = Option(
    "shoe.burn", "face_value", m("art. 2(1)"), "text",
    "how a shoe opens: a burn by the number of decks or by a card's face value (art. 2(1)), "
    "a fixed number (83/2011), none (an automatic shuffler)", choices=tuple(b.value for b in Burn),
)  # fmt: skip
BURN_CARDS = Option(
    "shoe.burn_cards", 0, "Macau 83/2011", "text", "the cards of a fixed burn: 1 to 8",
    minimum=0, maximum=8,
)  # fmt: skip
BURN_EACH_ROUND = Option(
    "shoe.burn_each_round", False, m("art. 8"), "text", "a card burned before each round",
)  # fmt: skip
DEMONSTRATION_HANDS = Option(
    "shoe.demonstration_hands", 0, m("art. 2(2)"), "text",
    "hands dealt face up to show a new shoe", minimum=0, maximum=3,
)  # fmt: skip
END_OF_SHOE = Option(
    "shoe.end_of_shoe", "finish_round", m("art. 3(1)"), "text",
    "when the cut card comes out: the shoe ends after this round, or one more",
    choices=tuple(e.value for e in EndOfShoe),
)  # fmt: skip
CUT_CARD = Option(
    "shoe.cut_card", 12, m("art. 2(1)"), "text",
    "cards behind the cut card: about twelve", minimum=1, maximum=CUT_CARD_MAX,
)  # fmt: skip
CUT_CARD_SPREAD = Option(
    "shoe.cut_card_spread", 0, m("art. 2(1)"), "house",
    "the cut card placed at random up to this many cards nearer the front",
    minimum=0, maximum=CUT_CARD_MAX,
)  # fmt: skip
SEATS = Option(
    "table.seats", 7, m("art. 1(5)"), "text", "seats at the table: seven or more",
    minimum=7, maximum=20,
)  # fmt: skip
SEATS_PT = Option(
    "table.seats", 7, pt("rule 6"), "text", "places at the online table", minimum=1, maximum=9,
)  # fmt: skip
SQUEEZE = Option(
    "table.squeeze", False, m("art. 16(1)"), "house",
    "the player with the highest bet may squeeze the cards (land-based tables only)",
)  # fmt: skip
MAX_PAYOUT = Option(
    "table.max_payout_per_round", None, pt("rule 41"), "house",
    "the most a round pays (Ponto e Banca/Macau only; none when not given)", optional=True,
)  # fmt: skip
COMMISSION = Option(
    "bets.commission", "standard", m("art. 18"), "text",
    "the commission scheme (the two no-commission schemes need 73/2005 or 2/2009; PT rule 26)",
    choices=tuple(SCHEMES),
)  # fmt: skip
COMMISSION_PT = Option(
    "bets.commission", "standard", pt("rule 26"), "text",
    "the commission scheme: none, 26(a) or 26(b)", choices=tuple(SCHEMES),
)  # fmt: skip
MODALITY = Option(
    "jackpot.modality", None, m("art. 13(1)(4)(3), 17 (Despacho 2/2009)"), "text",
    "the progressive jackpot's modality", choices=("A", "B", "C"),
)  # fmt: skip
DOUBLE_PAIRS = Option(
    "jackpot.double_pairs", "points", m("art. 13(1)(4)(3)A.iv"), "text",
    "Modality A: what makes a double pair, points or rank", choices=("points", "rank"),
)  # fmt: skip
FIXED_PRIZES_FROM_POOL = Option(
    "jackpot.fixed_prizes_from_pool", False, m("art. 17"), "house",
    "the jackpot's fixed prizes are paid out of the pool (else by the house)",
)  # fmt: skip
RETURNS_STAKE = Option(
    "jackpot.returns_stake", False, m("art. 17"), "house",
    "a winning jackpot bet is returned with its prize",
)  # fmt: skip

MACAU_OPTIONS = declared(
    DECKS, SHOE_MODE, BURN, BURN_CARDS, BURN_EACH_ROUND, DEMONSTRATION_HANDS, END_OF_SHOE,
    CUT_CARD, CUT_CARD_SPREAD, SEATS, SQUEEZE, COMMISSION, MODALITY, DOUBLE_PAIRS,
    FIXED_PRIZES_FROM_POOL, RETURNS_STAKE,
)  # fmt: skip
PT_OPTIONS = declared(
    DECKS_PT, SHOE_MODE, BURN, BURN_CARDS, BURN_EACH_ROUND, DEMONSTRATION_HANDS, END_OF_SHOE,
    CUT_CARD, CUT_CARD_SPREAD, SEATS_PT, MAX_PAYOUT, COMMISSION_PT,
)  # fmt: skip
