"""A baccarat ruleset's shoe, at the boundaries the Macau text draws (DRE 55/2004 arts. 2, 3, 8):
each value on its allowed side loads, each one past it is refused naming the option."""

from __future__ import annotations

from importlib import resources

import pytest

from croupier.errors import RulesetError
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file
from croupier.shoe import Burn, ShoeMode

CONTINUOUS = {"shoe.mode": "continuous", "shoe.burn": "none"}


def shoe(overrides, preset="macau-2009"):
    return load_ruleset(preset, overrides).rules.shoe


def refused(overrides, option, preset="macau-2009"):
    with pytest.raises(RulesetError) as error:
        load_ruleset(preset, overrides)
    assert error.value.option == option, str(error.value)
    return str(error.value)


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(1)")
def test_the_cut_card_stands_about_twelve_cards_from_the_end_art_2_1(tmp_path):
    """Art. 2(1): "coloca uma carta branca antes das últimas doze cartas, aproximadamente" (a
    blank card before about the last twelve cards). croupier reads "about" as up to half a deck
    behind it (docs/choices.md), and refuses a shoe whose cut card leaves too few cards to
    finish the coups it announces (art. 3(1)); a ruleset that names no position puts twelve."""
    assert shoe({"shoe.cut_card": 26, "shoe.cut_card_spread": 0}).cut_card == 26
    refused({"shoe.cut_card": 27, "shoe.cut_card_spread": 0}, "shoe.cut_card")
    refused({"shoe.cut_card_spread": -1}, "shoe.cut_card_spread")
    assert shoe({"shoe.cut_card": 20, "shoe.cut_card_spread": 0}).cut_card_spread == 0
    text = (resources.files("croupier.rulesets") / "presets" / "macau-2004.toml").read_text()
    unnamed = tmp_path / "unnamed-cut.toml"
    unnamed.write_text(text.replace("cut_card = 14 ", "# ").replace("cut_card_spread = 2", ""))
    spec = load_ruleset_file(unnamed).rules.shoe
    assert (spec.cut_card, spec.cut_card_spread) == (12, 0)


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(1)", "art. 3", "art. 3(1)")
@pytest.mark.parametrize(
    ("end", "burn_each_round", "needed"),
    [("finish_round", False, 6), ("finish_round", True, 7), ("one_more_round", False, 12),
     ("one_more_round", True, 14)],
)  # fmt: skip
def test_the_cut_card_leaves_room_for_the_coups_it_announces_art_3_1(end, burn_each_round, needed):
    """Art. 3(1): "O aparecimento da carta branca indica ou final da partida ou que apenas há
    mais uma jogada" (the cut card ends the shoe, or allows one more coup): behind it stand at
    least the cards of the coup it comes out in (six, a seventh burned by art. 8) and, where
    one more is dealt, those of that coup too."""
    base = {"shoe.end_of_shoe": end, "shoe.burn_each_round": burn_each_round}
    assert shoe({**base, "shoe.cut_card": needed + 2, "shoe.cut_card_spread": 2}).cut_card == (
        needed + 2
    )
    refused({**base, "shoe.cut_card": needed + 1, "shoe.cut_card_spread": 2}, "shoe.cut_card")


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(1)")
def test_a_macau_shoe_opens_with_a_burn_art_2_1():
    """Art. 2(1): "o «croupier» retira do distribuidor as primeiras cartas — consoante o número
    de baralhos — ... ou ... determinado pelo valor facial da primeira carta" (the first cards
    are burned, by the number of decks or the first card's face value): a Macau shoe without a
    burn is refused; an online Portuguese shoe, which that article does not govern, may have
    none."""
    assert shoe({"shoe.burn": "decks"}).burn is Burn.DECKS
    assert shoe({"shoe.burn": "face_value"}).burn is Burn.FACE_VALUE
    assert "art. 2(1)" in refused({"shoe.burn": "none"}, "shoe.burn")
    assert shoe({"shoe.burn": "none"}, "pt-ponto-banca-2015").burn is Burn.NONE


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(2)")
def test_up_to_three_demonstration_hands_art_2_2(tmp_path):
    """Art. 2(2): "A casa pode realizar jogadas de demonstração até ao limite máximo de três
    jogadas" (the house may deal up to three demonstration coups): 0 to 3, none unless named."""
    for hands in (0, 3):
        assert shoe({"shoe.demonstration_hands": hands}).demonstration_hands == hands
    refused({"shoe.demonstration_hands": 4}, "shoe.demonstration_hands")
    refused({"shoe.demonstration_hands": -1}, "shoe.demonstration_hands")
    text = (resources.files("croupier.rulesets") / "presets" / "macau-2004.toml").read_text()
    unnamed = tmp_path / "no-demonstrations.toml"
    unnamed.write_text(text.replace("demonstration_hands = 0 ", "# "))
    assert load_ruleset_file(unnamed).rules.shoe.demonstration_hands == 0


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(3)", "art. 8", "art. 2(2)")
def test_an_automatic_shuffler_has_no_burn_no_cut_card_no_demonstration_art_2_3():
    """Art. 2(3): with the automatic shuffler-dealer the cards are taken "directamente sem que
    haja lugar ao procedimento previsto no n.º 1" (without art. 2(1)'s burn and cut card); art.
    8's burn is taken "do distribuidor («shoe»)" and art. 2(2)'s demonstrations open a shoe:
    neither has a place in a continuous shuffler."""
    spec = shoe(CONTINUOUS)
    assert spec.mode is ShoeMode.CONTINUOUS and spec.burn is Burn.NONE
    assert spec.cut_card_spread == 2  # read, and unused: there is no cut card
    assert "art. 2(3)" in refused({**CONTINUOUS, "shoe.burn": "decks"}, "shoe.burn")
    assert "art. 8" in refused({**CONTINUOUS, "shoe.burn_each_round": True}, "shoe.burn_each_round")
    refused({**CONTINUOUS, "shoe.demonstration_hands": 1}, "shoe.demonstration_hands")


@pytest.mark.cites("macau-baccarat-2004", "art. 8")
def test_the_per_coup_burn_is_the_houses_choice_art_8(tmp_path):
    """Art. 8: "a casa reserva-se o direito de retirar, ou não, uma carta do distribuidor no
    início de cada lance" (the house may, or may not, burn a card at each coup): off unless the
    ruleset says so."""
    assert shoe({"shoe.burn_each_round": True, "shoe.cut_card": 20}).burn_each_round is True
    text = (resources.files("croupier.rulesets") / "presets" / "macau-2004.toml").read_text()
    unnamed = tmp_path / "no-per-coup-burn.toml"
    unnamed.write_text(text.replace("burn_each_round = false ", "# "))
    assert load_ruleset_file(unnamed).rules.shoe.burn_each_round is False


@pytest.mark.cites("pt-812-2015", "rule 3")
@pytest.mark.parametrize(
    ("end", "burn_each_round", "needed"),
    [("finish_round", False, 6), ("finish_round", True, 7), ("one_more_round", False, 12),
     ("one_more_round", True, 14)],
)  # fmt: skip
def test_an_online_shoe_reproduces_a_physical_one_pt_rule_3(end, burn_each_round, needed):
    """PT rule 3: "A exploração e prática do jogo de ponto e banca online deve decorrer em tempo
    real num ambiente virtual que reproduza ... os equipamentos utilizados numa banca física e a
    emulação das operações e o seu funcionamento" (online play reproduces the equipment of a
    physical table and emulates its operations and their working). A Portuguese table's shoe is
    therefore a physical shoe's procedure: its cut card leaves the cards of the coups it
    announces (one coup, six cards and a seventh burned if each coup burns one, twice that
    where one more coup follows), and an automatic shuffler reproduced burns no card, as it
    does at a physical table; burning no card is allowed to a shoe, since the online text
    names no burn."""
    base = {"shoe.end_of_shoe": end, "shoe.burn_each_round": burn_each_round}
    pt = "pt-ponto-banca-2015"
    assert shoe({**base, "shoe.cut_card": needed + 2, "shoe.cut_card_spread": 2}, pt).cut_card == (
        needed + 2
    )
    refused({**base, "shoe.cut_card": needed + 1, "shoe.cut_card_spread": 2}, "shoe.cut_card", pt)
    assert shoe({**base, "shoe.cut_card": needed, "shoe.cut_card_spread": 0}, pt).cut_card == needed
    assert shoe({"shoe.mode": "continuous", "shoe.burn": "none"}, pt).burn is Burn.NONE
    refused({"shoe.mode": "continuous", "shoe.burn": "decks"}, "shoe.burn", pt)
    assert shoe({"shoe.burn": "none"}, pt).burn is Burn.NONE
