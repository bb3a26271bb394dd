"""A baccarat ruleset's bets and limits, refused or accepted as each regulation's text says, and
each refusal citing its own regulation's article (a Portuguese table is never told a Macau
article, nor the reverse)."""

from __future__ import annotations

import pytest

from croupier.errors import RulesetError
from croupier.rulesets import load_ruleset

MACAU, PT, PT_MACAU = "macau-2009", "pt-ponto-banca-2015", "pt-ponto-banca-macau-2015"


def refusal(preset, overrides) -> RulesetError:
    with pytest.raises(RulesetError) as error:
        load_ruleset(preset, overrides)
    return error.value


@pytest.mark.cites("macau-baccarat-2004", "art. 14")
@pytest.mark.cites("pt-812-2015", "rule 14")
def test_a_minimum_bet_of_nothing_is_refused_under_the_tables_own_text():
    """Rule 14: "O valor da aposta mínima está expresso em euros e é fixado pela entidade
    exploradora" (the minimum bet, in euros, set by the operator): a minimum of at least one
    unit; the Macau table cites its own art. 14 (unequal stakes covered by the house)."""
    pt_error = refusal(PT, {"table.minimum_bet": 0})
    assert pt_error.option == "table.minimum_bet" and pt_error.article == "PT 812/2015 rule 14"
    macau_error = refusal(MACAU, {"table.minimum_bet": 0})
    assert macau_error.option == "table.minimum_bet"
    assert macau_error.article == "Macau baccarat art. 14"


@pytest.mark.cites("pt-812-2015", "rule 9", "rule 10")
@pytest.mark.cites("macau-baccarat-2009", "art. 13")
def test_a_portuguese_table_offers_only_the_bets_of_rules_9_and_10():
    """Rule 9: "Os jogadores podem apostar: a) No ponto; b) Na banca; c) No empate"; rule 10:
    "a entidade exploradora pode permitir ainda apostas no par do ponto e no par da banca" (the
    pairs besides). The Dragon 7 of the Macau amendment (art. 13(1)(4)(2)) and any jackpot are
    not among them."""
    assert load_ruleset(PT, {"bets.side_bets": ["player_pair", "banker_pair"]}).rules.side_bets == (
        "player_pair",
        "banker_pair",
    )
    side = refusal(PT, {"bets.side_bets": ["dragon7"]})
    assert side.option == "bets.side_bets: 'dragon7'" and side.article == "PT 812/2015 rules 9-10"
    jackpot = refusal(PT, {"jackpot.modality": "A"})
    assert jackpot.option == "jackpot" and jackpot.article == "PT 812/2015 rules 9-10"
    assert load_ruleset(MACAU, {"bets.side_bets": ["dragon7"]}).rules.side_bets == ("dragon7",)


@pytest.mark.cites("pt-812-2015", "rule 15")
@pytest.mark.parametrize(
    ("kind", "multiple", "letter"),
    [("player", 70, "a"), ("banker", 70, "a"), ("tie", 15, "b"), ("player_pair", 8, "c"),
     ("banker_pair", 8, "c")],
)  # fmt: skip
def test_each_maximum_reaches_its_multiple_of_the_minimum_and_no_further_rule_15(
    kind, multiple, letter
):
    """Rule 15: "a) No ponto ou na banca, até 70 vezes o valor da aposta mínima; b) No empate,
    até 15 vezes ...; c) No par do ponto ou no par da banca, até 8 vezes" (up to 70, 15 and 8
    times the minimum bet)."""
    minimum = load_ruleset(PT).rules.minimum_bet
    option = f"bets.limits.{kind}.maximum"
    rules = load_ruleset(PT, {option: multiple * minimum}).rules
    assert rules.limit_for(kind).maximum == multiple * minimum
    error = refusal(PT, {option: multiple * minimum + 1})
    assert error.option == option and error.article == f"PT 812/2015 rule 15({letter})"


@pytest.mark.cites("pt-812-2015", "rule 40")
def test_individual_bets_are_unlimited_at_a_ponto_e_banca_macau_table_rule_40():
    """Rule 40: "O valor das apostas individuais por jogador e por chance é ilimitado" (each
    player's bet on each chance is unlimited): a maximum is refused, a minimum of a bet's own
    is not a maximum and is kept."""
    rules = load_ruleset(PT_MACAU, {"bets.limits.tie.minimum": 500}).rules
    assert rules.limit_for("tie").minimum == 500 and rules.limit_for("tie").maximum is None
    error = refusal(PT_MACAU, {"bets.limits.tie.maximum": 5000})
    assert error.option == "bets.limits.tie.maximum" and error.article == "PT 812/2015 rule 40"


@pytest.mark.cites("macau-baccarat-2004", "art. 16", "art. 16(1)")
def test_only_a_land_based_table_lets_a_player_handle_the_cards_art_16():
    """Art. 16(1): "A casa reserva-se o direito de permitir ou não o manuseio das cartas pelo
    jogador" (the house may let players handle the cards): a Macau table may; an online
    Portuguese table has no cards to handle."""
    assert load_ruleset(MACAU, {"table.squeeze": True}).rules.squeeze is True
    error = refusal(PT, {"table.squeeze": True})
    assert error.option == "table.squeeze" and "art. 16" in error.article
