"""Blackjack's decisions asked of a bettor and the bets around a box, from the articles that
decide them (Despacho 56/2004 as amended by 42/2007)."""

from __future__ import annotations

from importlib import resources

import pytest

from croupier.cards import parse_cards
from croupier.errors import RuleViolation
from croupier.games.blackjack.round import BlackjackRound
from croupier.games.blackjack.strategy import BJ, BUST, dealer_outcomes
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file
from croupier.shoe import StackedCards
from tests.games.blackjack.test_play_model import dealer_draws, value


def rules(**overrides):
    base = {"table.rounding_unit": 1, "table.minimum_bet": 100, "side_bets.any_pair_minimum": 10}
    return load_ruleset("macau-blackjack-2007", {**base, **overrides}).blackjack()


def dealt(cards, stakes=(("ana", 1, 200), ("bo", 2, 300))):
    game = BlackjackRound(rules(), StackedCards(parse_cards(cards)))
    for player, box, amount in stakes:
        game.place_bet(player, "bet", amount, box=box)
    game.deal()
    return game


@pytest.mark.cites("macau-blackjack-2007", "art. 16", "art. 17", "art. 17(1)")
def test_a_double_or_a_split_stakes_the_bet_again_arts_16_17():
    """Art. 17 «Apostas dobradas»: a double doubles the bet; art. 16 «Separação de pares»: each
    split hand carries a bet equal to the first. What the bettor must add is their box's bet;
    a decision that adds nothing (hit, stand) stakes nothing; insurance half the bet."""
    game = dealt("8S 9D 6C 8H 9C")  # box 1: 8-8, box 2: 9-9, dealer 6 up
    assert game.decision_stake("ana", "double") == 200 == game.decision_stake("ana", "split")
    assert game.decision_stake("bo", "split") == 300 == game.decision_stake("bo", "double")
    for free in ("hit", "stand", "surrender"):
        assert game.decision_stake("ana", free) == 0
    assert game.decision_kind("ana", "split") == "bet"
    assert game.decision_stake("ana", "insurance") == 100  # half the bet (choice T3)
    assert game.decision_kind("ana", "insurance") == "insurance"
    with pytest.raises(RuleViolation) as refused:
        game.decision_stake("cy", "double")
    assert refused.value.field == "bet"


@pytest.mark.cites("macau-blackjack-2007", "art. 6", "art. 6(3)")
def test_each_box_decides_in_turn_and_only_what_the_game_offers_art_6_3():
    """Art. 6(3): the player at the first box from the left "tem de tomar uma decisão final ...
    antes de esta ouvir o segundo jogador" (decides before the dealer hears the second): bo
    cannot decide while ana's hand is to act; a decision that is none of the game's is refused
    naming the field; nothing changes either way."""
    game = dealt("8S 9D 6C 8H 9C TD 5S")
    before = [list(h.cards) for b in game.boxes.values() for h in b.hands]
    with pytest.raises(RuleViolation) as not_yet:
        game.decide("bo", "stand")
    assert not_yet.value.field == "decision" and "6(3)" in str(not_yet.value)
    with pytest.raises(RuleViolation) as unknown:
        game.decide("ana", "fly")
    assert unknown.value.field == "decision"
    with pytest.raises(RuleViolation) as unknown_act:
        game.act(1, "fly")
    assert unknown_act.value.field == "action" and "art. 6" in str(unknown_act.value)
    assert [list(h.cards) for b in game.boxes.values() for h in b.hands] == before
    game.decide("ana", "stand")
    game.decide("bo", "stand")
    assert game.legal_actions() == [] and not game.can_act(1, "hit")  # the dealer plays now


@pytest.mark.cites("macau-blackjack-2007", "art. 13", "art. 13(1)")
def test_an_any_pair_bet_stands_on_its_players_hand_art_13_1():
    """Art. 13(1): «qualquer par» "de uma ou mais mãos de qualquer jogador" (on a player's hand):
    no any-pair bet before the bettor has a hand, and the hand's bet is not withdrawn from under
    it while the any-pair bet stands; with the any-pair taken back first, it may be."""
    game = BlackjackRound(rules(), StackedCards([]))
    with pytest.raises(RuleViolation, match=r"box's bet first.*13\(1\)"):
        game.place_bet("ana", "any_pair", 50)
    with pytest.raises(RuleViolation, match=r"box 3 has no hand.*13\(1\)") as empty:
        game.place_bet("ana", "any_pair", 50, box=3)  # a box no hand will be dealt to
    assert empty.value.field == "box" and game.bets == ()
    game.place_bet("ana", "bet", 200, box=3)
    game.place_bet("ana", "any_pair", 50)  # on ana's own box
    game.place_bet("bo", "any_pair", 50, box=3)  # "de qualquer jogador": on ana's hand
    game.withdraw_bet("bo", "any_pair", box=3)
    assert game.boxes[3].any_pair == {"ana": 50}
    with pytest.raises(RuleViolation, match=r"13\(1\)"):
        game.withdraw_bet("ana", "bet", box=3)
    game.place_bet("bo", "bet", 200, box=3)  # a back bet: the box keeps a hand
    game.withdraw_bet("ana", "bet", box=3)
    assert game.boxes[3].stakes == {"bo": 200}
    game.withdraw_bet("ana", "any_pair", box=3)
    game.withdraw_bet("bo", "bet", box=3)
    assert 3 not in game.boxes


@pytest.mark.cites("macau-blackjack-2007", "art. 6", "art. 6(1)", "art. 6(6)")
@pytest.mark.parametrize("reading", ["six_ace", "any", "ace_one_point", "stands"])
@pytest.mark.parametrize("up", range(1, 11))
def test_the_dealers_outcome_table_follows_art_6_1(up, reading):
    """The strategy's dealer outcomes (an infinite deck) against a recursion written here from
    art. 6(1) in each reading of 6(6): draw on 16 or less or on a soft 17, stand otherwise."""
    from croupier.cards import new_decks

    by_value = {v: [c for c in new_decks(1) if value(c) == v] for v in range(1, 11)}
    p = {v: len(cards) / 52 for v, cards in by_value.items()}

    def finish(cards):
        values = [value(c) for c in cards]
        hard = sum(values)
        total = hard + 10 if 1 in values and hard + 10 <= 21 else hard
        if len(cards) == 2 and total == 21:
            return {"BJ": 1.0}
        if total > 21:
            return {"BUST": 1.0}
        if not dealer_draws(cards, reading):
            return {total: 1.0}
        out = {}
        for v, q in p.items():
            for k, r in finish([*cards, by_value[v][0]]).items():
                out[k] = out.get(k, 0.0) + q * r
        return out

    want = {BJ if k == "BJ" else BUST if k == "BUST" else k: v
            for k, v in finish([by_value[up][0]]).items()}  # fmt: skip
    got = dealer_outcomes(up, reading)
    assert set(got) == set(want)
    for k, v in want.items():
        assert got[k] == pytest.approx(v, abs=1e-12), k


@pytest.mark.cites("macau-blackjack-2007", "art. 13", "art. 13(1)", "art. 16", "art. 16(6)")
@pytest.mark.cites("macau-blackjack-2007", "art. 17", "art. 17(3)", "art. 21", "art. 21(2)")
def test_a_ruleset_that_names_none_of_them_follows_the_text(tmp_path):
    """Where a ruleset is silent, the table follows the amendment's own text: the any-pair bet
    of art. 13(1) offered; a split or a double loses only its initial bet to a dealer's
    blackjack (16(6), 17(3): "apenas perde a sua aposta inicial"); and the practice the preset
    documents: splits up to four hands, no ten-valued pair split, split aces not split again
    and given one card each; any pair paying 11 to 1, within 1 to 30."""
    text = (
        resources.files("croupier.rulesets") / "presets" / "macau-blackjack-2007.toml"
    ).read_text()
    keys = ("double_loses_initial_only", "split_loses_initial_only", "split_max_hands",
            "split_unlike_tens", "resplit_aces", "split_aces_one_card", "any_pair ",
            "any_pair_pays", "surrender")  # fmt: skip
    silent = "\n".join(line for line in text.splitlines() if not line.startswith(keys))
    path = tmp_path / "silent.toml"
    path.write_text(silent)
    r = load_ruleset_file(path).blackjack()
    # art. 21(2): a house "podem deixar de aplicar o disposto nos artigos ... 18.º
    # (desistência) desde que previamente autorizadas" (may stop offering surrender only when
    # authorised): a ruleset that does not say so offers it
    assert r.surrender is True
    assert r.any_pair is True and r.any_pair_pays == 11
    assert r.double_keeps_initial_only is True and r.split_loses_initial_only is True
    assert (r.split_max_hands, r.split_unlike_tens, r.resplit_aces, r.split_aces_one_card) == (
        4,
        False,
        False,
        True,
    )
    bounds = {"side_bets.any_pair_pays": (1, 30), "rules.split_max_hands": (2, 8)}
    for option, (low, high) in bounds.items():
        field = option.split(".")[1]
        for allowed in (low, high):
            assert getattr(rules(**{option: allowed}), field) == allowed
        for outside in (low - 1, high + 1):
            with pytest.raises(Exception, match=field):
                rules(**{option: outside})
