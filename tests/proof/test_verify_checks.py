"""The independent checks of ``croupier verify`` (issue 28, item 3: "write the checks that can be
written independently (dealing order, tableau, payout tables, postings) independently"), each
against the regulation's text and against the engine it checks: two implementations written
apart that must agree on every input, so that a wrong reading in either shows."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from croupier.cards import card_text, new_decks
from croupier.games.baccarat.coup import deal_coup
from croupier.games.baccarat.payout import settle_bet
from croupier.games.protocol import Bet
from croupier.games.stud.hands import dealer_qualifies, evaluate_reference
from croupier.proof.shoe_protocol import cut_index, derive_order
from croupier.proof.verify import baccarat_check, blackjack_check, stud_check
from croupier.proof.verify.books import Books
from croupier.proof.verify.order import burned, derive
from croupier.proof.verify.run import verify_lines
from croupier.rulesets import load_ruleset

CARDS = [card_text(c) for c in range(52)]
card_lists = st.lists(st.sampled_from(CARDS), min_size=6, max_size=6)


def _cite(key: str) -> str:
    return key


@settings(max_examples=60, deadline=None)
@given(
    entropy=st.binary(min_size=32, max_size=32),
    decks=st.integers(1, 8),
    cut=st.integers(1, 20),
    spread=st.integers(0, 5),
)
def test_the_verifiers_derivation_is_the_dealing_codes(
    entropy: bytes, decks: int, cut: int, spread: int
) -> None:
    """docs/proof.md, croupier-shoe/1 steps 2-3, written twice: the verifier's own derivation
    and the shoe's give the same order and the same cut card for every entropy."""
    order, stream = derive_order(decks, entropy)
    mine, my_cut = derive(decks, entropy, cut, spread)
    assert mine == [card_text(c) for c in order]
    assert my_cut == cut_index(len(order), cut, spread, stream)


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_a_face_value_burn_is_the_first_card_and_as_many_more_as_its_value() -> None:
    """Macau baccarat art. 2(1): "... o número de cartas a descartar para se iniciar a
    distribuição é determinado pelo valor facial da primeira carta" (the number of cards
    discarded is set by the first card's face value: the first card and as many more; choice
    in croupier.shoe: court cards and tens count ten, the ace one), or "as primeiras cartas —
    consoante o número de baralhos" (as many as the decks)."""
    assert burned("face_value", ["7H", *CARDS]) == 8
    assert burned("face_value", ["KD", *CARDS]) == 11
    assert burned("face_value", ["AS", *CARDS]) == 2
    assert burned("8", CARDS) == 8


@pytest.mark.cites("macau-baccarat-2004", "art. 7(1)", "art. 9(3)")
@settings(max_examples=400, deadline=None)
@given(cards=card_lists)
def test_the_verifiers_tableau_is_the_engines_for_every_six_cards(cards: list[str]) -> None:
    """Macau baccarat arts. 7(1) and 9 (PT rules 17, 19-20), written apart from the engine's
    drawing tables: both make the same coup from the same cards."""
    codes = iter(CARDS.index(c) for c in cards)
    engine = deal_coup(lambda: next(codes))
    mine = baccarat_check.coup(cards)
    assert mine["player_cards"] == [card_text(c) for c in engine.player]
    assert mine["banker_cards"] == [card_text(c) for c in engine.banker]
    assert mine["winner"] == engine.winner and mine["natural"] == engine.natural
    assert (mine["player_pair"], mine["banker_pair"]) == (engine.player_pair, engine.banker_pair)
    assert mine["dragon7"] == engine.dragon7
    assert mine["used"] == len(engine.player) + len(engine.banker)


@pytest.mark.cites("macau-baccarat-2004", "art. 9(3)")
def test_the_tableau_from_the_text() -> None:
    """Art. 9(3)(2): "Se o valor das suas cartas for 3 e a carta recebida pelo grupo jogador
    («player») for 1, 2, 3, 4, 5, 6, 7, 9 ou 10" (Banker draws on 3 unless Player's card is an
    8); (5): "for 6 e a carta recebida ... for 6 ou 7"; (6): "inferior a 6 e o grupo jogador
    («player») não tiver recebido carta" (Player stood: Banker draws below 6)."""
    assert baccarat_check.banker_draws(3, "9H") and not baccarat_check.banker_draws(3, "8H")
    assert baccarat_check.banker_draws(6, "7C") and not baccarat_check.banker_draws(6, "5C")
    assert baccarat_check.banker_draws(5, None) and not baccarat_check.banker_draws(6, None)


@pytest.mark.cites(
    "macau-baccarat-2009",
    "art. 17(1)",
    "art. 17(2)",
    "art. 17(3)",
    "art. 18(1)",
    "art. 18(2)",
    "art. 18(3)",
)
@settings(max_examples=300, deadline=None)
@given(
    cards=card_lists,
    stake=st.integers(1, 10**7),
    ruleset=st.sampled_from(
        ["macau-2009", "macau-2009-banker6-half", "macau-2009-dragon7-push", "pt-ponto-banca-2015"]
    ),
    kind=st.sampled_from(["player", "banker", "tie", "player_pair", "banker_pair", "dragon7"]),
)
def test_the_verifiers_payouts_are_the_engines(
    cards: list[str], stake: int, ruleset: str, kind: str
) -> None:
    """The payout tables of art. 17-18 (rules 25-26), written apart: the verifier finds nothing
    to say about the engine's payout of any bet on any coup under every commission scheme,
    and names a payout one unit off."""
    assume(kind != "dragon7" or ruleset.startswith("macau"))  # Dragon 7: Macau 2/2009 only
    rules = load_ruleset(ruleset).rules
    codes = iter(CARDS.index(c) for c in cards)
    coup = deal_coup(lambda: next(codes))
    paid = settle_bet(rules, Bet("ana", kind, stake), coup)
    outcome = "carried" if paid.outcome == "push" and coup.winner == "tie" else paid.outcome
    bet = {
        "player": "ana",
        "kind": kind,
        "amount": stake,
        "outcome": outcome,
        "payout": paid.payout,
    }
    rnd = {"status": "settled", "bets": [bet], "result": baccarat_check.coup(cards)}
    used = rnd["result"].pop("used")
    assert list(baccarat_check.check(rnd, cards[:used], rules, _cite)) == []
    if outcome != "carried":
        bet["payout"] += 1
        assert [p[0] for p in baccarat_check.check(rnd, cards[:used], rules, _cite)] == ["payout"]


@pytest.mark.cites("macau-baccarat-2009", "art. 18(1)")
def test_the_standard_commission_from_the_text() -> None:
    """Art. 18(1) (Despacho 2/2009): "Em cada lance ganho pelo grupo banqueiro («banker»), a
    casa cobra uma comissão de 5% (cinco por cento) sobre o montante dos ganhos deste grupo"
    (5% of the winnings): a Banker win of 100.00 pays 195.00 back."""
    rules = load_ruleset("macau-2009").rules
    cards = ["2S", "7H", "3D", "KC", "9S", "4H"]  # Player 5 draws 9 -> 4; Banker 7 stands
    rnd = {
        "status": "settled",
        "result": baccarat_check.coup(cards),
        "bets": [
            {"player": "ana", "kind": "banker", "amount": 10000, "outcome": "win", "payout": 19500}
        ],
    }
    assert rnd["result"]["winner"] == "banker"
    assert list(baccarat_check.check(rnd, cards[: rnd["result"].pop("used")], rules, _cite)) == []


@pytest.mark.cites("macau-stud-2004", "art. 8", "art. 9(1)")
def test_the_verifiers_stud_categories_are_the_engines() -> None:
    """Macau stud art. 8 (categories) and 9(1) (the dealer qualifies with at least an ace and a
    king), written apart: every hand of a deck's 2,598,960 would take minutes; every hand of 13
    cards holding each category, and 20,000 hands dealt in order from shuffled decks, agree."""
    import random

    chooser = random.Random(28)
    deck = new_decks(1)
    hands = [list(h) for h in itertools.combinations(deck[::4][:13], 5)]  # one suit: flushes
    hands += [list(h) for h in itertools.combinations(deck[:13], 5)]  # low ranks, all suits
    for _ in range(20_000):
        hands.append(chooser.sample(deck, 5))
    for hand in hands:
        names = [card_text(c) for c in hand]
        engine = evaluate_reference(hand).category
        assert stud_check.category(names) == engine, names
        assert stud_check.qualifies(names) == dealer_qualifies(hand, engine), names


@pytest.mark.cites("macau-stud-2004", "art. 4", "art. 9(1)")
def test_stud_from_the_text() -> None:
    """Art. 4(3): the ace counts low in A-2-3-4-5; art. 9(1): "pelo menos o valor de «poker» de
    um Às e um Rei" (at least an ace and a king)."""
    assert stud_check.category(["AS", "2D", "3C", "4H", "5S"]) == "straight"
    assert stud_check.category(["TS", "JS", "QS", "KS", "AS"]) == "royal_flush"
    assert stud_check.qualifies(["AS", "KD", "3C", "4H", "9S"])
    assert not stud_check.qualifies(["AS", "QD", "3C", "4H", "9S"])


def _stud_round(dealer: list[str], hand: list[str], folded: bool, payout: int) -> dict[str, Any]:
    return {
        "status": "settled",
        "result": {
            "hands": [
                {
                    "player": "ana",
                    "box": 1,
                    "cards": hand,
                    "folded": folded,
                    "category": stud_check.category(hand),
                }
            ],
            "dealer_cards": dealer,
            "dealer_category": stud_check.category(dealer),
            "dealer_qualifies": stud_check.qualifies(dealer),
        },
        "bets": [
            {"player": "ana", "kind": "ante", "amount": 100, "outcome": "win", "payout": payout}
        ],
    }


@pytest.mark.cites("macau-stud-2004", "art. 7(1)", "art. 9(2)")
def test_stud_deal_and_unopened_payouts_from_the_text() -> None:
    """Art. 7(1): the cards dealt one at a time to each box and then the dealer, five times
    round; art. 9(2): a dealer who does not qualify pays the ante 1 to 1."""
    hand, dealer = ["2S", "5D", "9C", "JH", "KS"], ["3S", "6D", "TC", "QH", "AS"]
    cards = [c for pair in zip(hand, dealer, strict=True) for c in pair]
    assert list(stud_check.check(_stud_round(dealer, hand, False, 200), cards, None, _cite)) == []
    problems = list(stud_check.check(_stud_round(dealer, hand, False, 100), cards, None, _cite))
    assert problems[0][:2] == ("payout", "art. 9(2)")
    swapped = [cards[1], cards[0], *cards[2:]]  # the dealer dealt first
    problems = list(stud_check.check(_stud_round(dealer, hand, False, 200), swapped, None, _cite))
    assert problems[0][:2] == ("cards", "art. 7(1)")


def _blackjack(dealer: list[str], hand: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    total = blackjack_check.hard_soft(dealer)[1]
    journal = [
        {
            "command": "deal",
            "events": [
                {"event": "card_dealt", "data": {"box": 1, "hand": 0, "card": hand[0]}},
                {"event": "card_dealt", "data": {"box": 0, "hand": 0, "card": dealer[0]}},
                {"event": "card_dealt", "data": {"box": 1, "hand": 0, "card": hand[1]}},
            ],
        }
    ]
    rnd = {
        "status": "settled",
        "bets": [],
        "result": {
            "dealer_cards": dealer,
            "dealer_total": total,
            "dealer_busted": total > 21,
            "boxes": [
                {
                    "box": 1,
                    "hands": [
                        {
                            "cards": hand,
                            "busted": False,
                            "surrendered": False,
                            "blackjack": False,
                            "split": False,
                            "doubled": False,
                            "stake": 100,
                            # 18 against the dealer's total: 1:1 above it or a bust, else lost
                            "payout": 200
                            if total > 21 or total < 18
                            else 100
                            if total == 18
                            else 0,
                        }
                    ],
                }
            ],
        },
    }
    return rnd, journal


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_the_dealers_drawing_from_the_text() -> None:
    """Art. 6(1) (Despacho 42/2007): "A banca é obrigada a tomar cartas quando o total dos seus
    pontos for 16 ou inferior ou quando tiver um «soft 17», mas não pode tomar mais cartas
    quando tiver 17 ou mais pontos" (the dealer must draw on 16 or less, and may not draw on 17
    or more; which soft 17 draws is art. 6(6)'s reading, left to the engine's replay)."""
    hand = ["TS", "8D"]
    for dealer, article in (
        (["TS", "6H", "5C"], None),
        (["TS", "7H", "2C"], "art. 6(1)"),
        (["TS", "5H"], "art. 6(1)"),
        (["9S", "8H"], None),
    ):
        rnd, journal = _blackjack(dealer, hand)
        found = list(blackjack_check.check(rnd, [], None, _cite, journal))
        assert [p[1] for p in found[:1]] == ([] if article is None else [article]), dealer


@pytest.mark.cites("pt-812-2015", "rule 24")
def test_books_double_entry_and_a_rounds_money() -> None:
    """A posting balances; a round's escrow takes its bets' stakes and pays each player what
    their bets paid (PT rule 24: a winning stake comes back with its prize)."""
    books = Books()
    for account, owner, kind in (
        (1, "ana", "player"),
        (2, "table:1", "escrow"),
        (3, "house", "house"),
    ):
        books.account({"id": account, "owner": owner, "kind": kind})
    stake = {
        "id": 1,
        "kind": "stake",
        "round_id": 9,
        "entries": [{"account": 1, "amount": -100}, {"account": 2, "amount": 100}],
    }
    settle = {
        "id": 2,
        "kind": "settlement",
        "round_id": 9,
        "entries": [
            {"account": 2, "amount": -100},
            {"account": 1, "amount": 200},
            {"account": 3, "amount": -100},
        ],
    }
    rnd = {
        "id": 9,
        "result": {},
        "bets": [{"player": "ana", "amount": 100, "outcome": "win", "payout": 200}],
    }
    assert [*books.posting(stake), *books.posting(settle)] == []
    assert list(books.round_postings(rnd, [stake, settle], [], False)) == []
    rnd["bets"][0]["payout"] = 199
    assert [p[0] for p in books.round_postings(rnd, [stake, settle], [], False)] == ["posting"]
    settle["entries"][1]["amount"] = 199
    assert [p[0] for p in books.posting(settle)] == ["posting"]


def test_an_export_cut_short_or_of_another_format_is_said() -> None:
    header = {
        "record": "export",
        "format": "croupier-export/1",
        "created_at": "x",
        "scope": {"whole": False},
    }
    report = verify_lines([json.dumps(header)])
    assert [f.message for f in report.findings] == ["the export has no end record: cut short"]
    try:
        verify_lines([json.dumps({**header, "format": "other/9"})])
    except ValueError as error:
        assert "croupier-export/1" in str(error)
    else:
        raise AssertionError("another format was read")


def test_fraction_payouts_round_as_the_rules_say() -> None:
    """A 5% commission on 0.01 MOP: the prize 0.0095 rounds in the player's favour (the
    rulesets' default) to 0.01."""
    from croupier.proof.verify.money import rounded

    rules = load_ruleset("macau-2009").rules
    assert rounded(Fraction(19, 20), rules.money) == rules.money.unit


@pytest.mark.cites("macau-baccarat-2004", "art. 3(1)")
def test_no_round_is_dealt_from_a_shoe_past_what_its_cut_card_allows() -> None:
    """Macau baccarat art. 3(1): "O aparecimento da carta branca indica ou final da partida ou
    que apenas há mais uma jogada" (the cut card's appearance marks the shoe's end, or that one
    more coup is left: the ruleset's two readings, shoe.end_of_shoe). The cut card here lies
    after twelve cards: the second coup of six cards takes the twelfth and leaves it in; the
    third takes the thirteenth and brings it out, so a fourth coup is one too many (a fifth,
    read the other way)."""
    from croupier.games.registry import spec_of
    from croupier.proof.verify.order import DECK
    from croupier.proof.verify.run import ShoeState, TableState, Verifier, citer

    for reading, last in (("finish_round", 3), ("one_more_round", 4)):
        rules = load_ruleset("macau-2009", {"shoe.end_of_shoe": reading}).rules
        verifier = Verifier()
        table = TableState("baccarat", spec_of(rules), rules, citer("baccarat", rules))
        table.shoe = ShoeState("c" * 64, DECK * 8, 0, cut=12)
        for number in range(1, 6):
            rnd = {"id": number, "table_id": 1, "number": number, "shoe": "c" * 64}
            verifier._follow_shoe(rnd, table, DECK[6 * (number - 1) : 6 * number])
        flagged = sorted(f.round_id for f in verifier.report.findings if f.round_id is not None)
        assert flagged == list(range(last + 1, 6)), reading
        assert all(f.article == "Macau baccarat art. 3(1)" for f in verifier.report.findings)


@pytest.mark.cites("macau-stud-2004", "art. 7(1)", "art. 7(2)")
def test_stud_deals_one_at_a_time_from_a_shoe_and_five_at_a_time_from_a_shuffler() -> None:
    """Macau stud art. 7(1): "... uma de cada vez, individualmente a quem tenha colocado apostas,
    sendo a última carta distribuída ao «croupier», até que todos os jogadores tenham recebido 5
    cartas"; 7(2), a shuffler: "distribui cinco cartas de cada vez ... sendo a última
    distribuição ao «croupier»". A round the engine deals under each reading passes the
    verifier's deal check of its own reading and fails the other's."""
    from croupier.games.autoplay import play_out
    from croupier.games.registry import table_game
    from croupier.shoe import StackedCards

    order = list(range(0, 52, 3))[:15]
    for dealing in ("shoe", "shuffler"):
        rules = load_ruleset("macau-stud-2004", {"shoe.dealing": dealing}).rules
        game = table_game(rules, None, cards=StackedCards(order))  # type: ignore[arg-type]
        rnd = game.start_round()
        rnd.place_bet("ana", "ante", 10_000)
        rnd.place_bet("bruno", "ante", 10_000)
        play_out(rnd)
        record = {"status": "settled", "result": rnd.result(), "bets": []}
        cards = [card_text(c) for c in order]
        assert [p for p in stud_check.check(record, cards, rules, _cite) if p[0] == "cards"] == []
        other = load_ruleset(
            "macau-stud-2004", {"shoe.dealing": "shoe" if dealing == "shuffler" else "shuffler"}
        ).rules
        wrong = [p[1] for p in stud_check.check(record, cards, other, _cite) if p[0] == "cards"]
        assert wrong == ["art. 7(1)" if dealing == "shuffler" else "art. 7(2)"]


@pytest.mark.cites("macau-baccarat-2009", "art. 17(4)")
def test_a_dragon_7_pays_forty_to_one() -> None:
    """Despacho 2/2009, art. 17(4): the Dragon 7 (Banker wins with three cards totalling 7)
    pays 40 to 1. Fifty such coups dealt by the engine from random cards: the verifier passes
    the engine's payout and names one unit less."""
    import random

    rules = load_ruleset("macau-2009").rules
    chooser = random.Random(7)
    seen = 0
    while seen < 50:
        cards = [chooser.choice(CARDS) for _ in range(6)]
        coup = deal_coup(iter(CARDS.index(c) for c in cards).__next__)
        if not coup.dragon7:
            continue
        seen += 1
        paid = settle_bet(rules, Bet("ana", "dragon7", 500), coup)
        assert paid.payout == 500 * 41
        bet = {
            "player": "ana",
            "kind": "dragon7",
            "amount": 500,
            "outcome": "win",
            "payout": paid.payout,
        }
        rnd = {"status": "settled", "bets": [bet], "result": baccarat_check.coup(cards)}
        used = rnd["result"].pop("used")
        assert list(baccarat_check.check(rnd, cards[:used], rules, _cite)) == []
        bet["payout"] -= 1
        assert [p[:2] for p in baccarat_check.check(rnd, cards[:used], rules, _cite)] == [
            ("payout", "dragon7")
        ]


@pytest.mark.cites("macau-baccarat-2004", "art. 8")
def test_a_card_burned_before_each_coup_is_followed() -> None:
    """Macau baccarat art. 8: "a casa reserva-se o direito de retirar, ou não, uma carta do
    distribuidor («shoe») no início de cada lance" (the house may take one card out of the shoe
    at the start of each coup). Where the ruleset says it does, each coup's cards follow one
    card burned after the last coup's; where it does not, they follow at once."""
    from croupier.games.registry import spec_of
    from croupier.proof.verify.order import DECK
    from croupier.proof.verify.run import ShoeState, TableState, Verifier, citer

    for burns, starts in ((True, (1, 6)), (False, (0, 4))):
        rules = load_ruleset(
            "macau-2009", {"shoe.burn_each_round": burns, "shoe.cut_card": 16}
        ).rules
        verifier = Verifier()
        table = TableState("baccarat", spec_of(rules), rules, citer("baccarat", rules))
        table.shoe = ShoeState("c" * 64, DECK * 8, 0)
        for number, start in enumerate(starts, 1):
            rnd = {"id": number, "table_id": 1, "number": number, "shoe": "c" * 64}
            verifier._follow_shoe(rnd, table, DECK[start : start + 4])
        assert verifier.report.findings == [], burns
        wrong = Verifier()
        table.shoe = ShoeState("c" * 64, DECK * 8, 0)
        rnd = {"id": 1, "table_id": 1, "number": 1, "shoe": "c" * 64}
        wrong._follow_shoe(rnd, table, DECK[1 - starts[0] : 5 - starts[0]])
        assert [(f.check, f.article) for f in wrong.report.findings] == [
            ("cards", "Macau baccarat art. 7(1)")
        ]
