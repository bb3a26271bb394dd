"""The table information a player is given (PT 812/2015 rule 32) holds the rules of the game,
as the texts write them (issue 17, item 4: it had limits and payouts only)."""

from __future__ import annotations

import pytest

from croupier.games.registry import table_information
from croupier.rulesets import load_ruleset

# PT 812/2015 rule 20's table, transcribed: "Banca ... Tendo 3: Recebe carta se o ponto recebe
# 1-2-3-4-5-6-7-9-10, Não recebe carta se o ponto recebe 8; 4: 2-3-4-5-6-7 / 1-8-9-10;
# 5: 4-5-6-7 / 1-2-3-8-9-10; 6: 6-7 / 1-2-3-4-5-8-9-10; 7: Não recebe qualquer carta/Fica;
# 0-1-2: Recebe carta; 3-4-5: Recebe carta se o ponto não receber carta; 6: Não recebe carta
# se o ponto não receber carta". A "10" is a card worth 0 (rule 7: "Rei, dama, valete e 10 — 0").
RULE_20_BANKER = {
    0: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    1: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    2: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    3: {1, 2, 3, 4, 5, 6, 7, 9, 10},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


def _points(values: set[int]) -> list[int]:
    return sorted(0 if v == 10 else v for v in values)


@pytest.mark.cites("pt-812-2015", "rule 32", "rule 7", "rule 19", "rule 20", "rule 22", "rule 23")
@pytest.mark.parametrize("ruleset", ["pt-ponto-banca-2015", "macau-2009"])
def test_information_holds_the_rules_of_the_game_rule_32(ruleset: str) -> None:
    """PT 812/2015 rule 32: "informação clara, objetiva e adequada sobre as regras do jogo,
    valores mínimos e máximos das apostas, ganhos e perdas" (the rules of the game, the minimum
    and maximum bets, wins and losses)."""
    rules = table_information(load_ruleset(ruleset).rules)["rules_of_the_game"]
    # rule 7: "Ás — 1; Rei, dama, valete e 10 — 0; Todas as outras — o respetivo valor facial"
    values = rules["card_values"]["values"]
    assert values["A"] == 1 and all(values[c] == 0 for c in ("10", "J", "Q", "K"))
    assert all(values[str(n)] == n for n in range(2, 10))
    # rule 19: "perfizer a pontuação de 8 ou 9 não são distribuídas cartas adicionais"
    assert rules["naturals"]["totals"] == [8, 9]
    # rule 20: "Ponto ... 0-1-2-3-4-5 Recebe carta; 6-7 Não recebe qualquer carta / Fica"
    drawing = rules["drawing"]
    assert drawing["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert drawing["player_stands_on"] == [6, 7]
    banker = drawing["banker_draws_when_player_drew"]
    assert {int(t): on for t, on in banker.items()} == {
        t: _points(v) for t, v in RULE_20_BANKER.items()
    }
    assert drawing["banker_draws_when_player_stood"] == [0, 1, 2, 3, 4, 5]
    # rules 22-23: the higher total wins; equal totals are a tie
    assert "nearer 9" in rules["winner"]["text"] and "tie" in rules["winner"]["text"]
    for rule in rules.values():
        assert rule["article"].startswith("PT 812/2015" if ruleset.startswith("pt") else "Macau")


@pytest.mark.cites("pt-812-2015", "rule 41", "rule 43")
def test_the_table_caps_of_rule_43_are_announced_as_the_text_sets_them():
    """PT 812/2015 rule 41: the operator "pode fixar um valor máximo de prémios a pagar em cada
    jogada" (may set a maximum payout per round); rule 43: then "a) A aposta ou conjunto de
    apostas numa das chances do ponto ou da banca não pode exceder os da outra chance em valor
    superior ao montante referido na regra n.º 41; b) O valor total das apostas no empate não
    pode exceder 10 %...; c) O valor máximo de todas as apostas no par do ponto ou no par da
    banca não pode exceder 8 %" of it. The player is told those limits (rule 32): with a
    maximum payout of 10,000.00 EUR, Player and Banker may differ by 10,000.00, the tie total is
    at most 1,000.00 and the pairs' total at most 800.00; a table without a cap, and a Ponto e
    Banca (not /Macau) table, announce none."""
    cap = 1_000_000
    info = table_information(load_ruleset("pt-ponto-banca-macau-2015").rules)
    assert info["table_limits"]["max_payout_per_round"] == cap
    assert info["table_limits"] == {
        "max_payout_per_round": cap,
        "player_banker_difference_max": cap,
        "tie_total_max": 100_000,
        "pairs_total_max": 80_000,
        "article": "PT 812/2015 rules 41-43(a)",
    }
    odd = table_information(
        load_ruleset("pt-ponto-banca-macau-2015", {"table.max_payout_per_round": 1_000_099}).rules
    )["table_limits"]
    assert (odd["tie_total_max"], odd["pairs_total_max"]) == (100_009, 80_007)  # whole units
    uncapped = load_ruleset("pt-ponto-banca-macau-2015", {"table.max_payout_per_round": 0})
    assert table_information(uncapped.rules)["table_limits"] == {}
    assert table_information(load_ruleset("pt-ponto-banca-2015").rules)["table_limits"] == {}


@pytest.mark.cites("macau-baccarat-2004", "art. 12")
@pytest.mark.cites("pt-812-2015", "rule 13", "rule 23", "rule 32", "rule 43")
@pytest.mark.parametrize(
    ("ruleset", "carried", "both_sides"),
    [("macau-2004", True, False), ("macau-2009", True, False), ("pt-ponto-banca-2015", False, True),
     ("pt-ponto-banca-macau-2015", False, True)],
)  # fmt: skip
def test_the_player_is_told_what_a_tie_does_and_the_both_sides_rule(ruleset, carried, both_sides):
    """Rule 32 asks that the player be told the rules of the game. What a tie does to the
    Player and Banker bets differs: Macau art. 12, "disputa-se uma nova jogada ... e as apostas
    iniciais, podem ser: 1) Retiradas; ou 2) Mantidas" (a new coup decides, the bets may stay);
    PT rule 23, they "não perdem nem ganham" (are returned). Rule 13 binds only the Portuguese
    tables: "a diferença de valor entre ambas as apostas não pode ser inferior ao valor da
    aposta mínima" (bets on both sides differ by at least the minimum bet)."""
    info = table_information(load_ruleset(ruleset).rules)
    assert info["game"] == "baccarat" and info["decks"] == 8
    if carried:
        assert "stay on the table" in info["ties"] and "art. 12" in info["ties"]
    else:
        assert "returned" in info["ties"] and "rule 23" in info["ties"]
    if both_sides:
        assert "minimum bet" in info["both_sides"] and "rule 13" in info["both_sides"]
    else:
        assert info["both_sides"] is None
