"""The table-wide caps of Ponto e Banca/Macau (PT 812/2015 rules 41-43), at their boundaries.

Rule 42: "O valor referido na regra anterior é aplicado sobre a diferença entre os valores das
apostas no ponto e os na banca" (the maximum payout per round of rule 41 bounds the difference
between the table's Player and Banker totals). Rule 43(b): "O valor total das apostas no empate
não pode exceder 10 % do valor referido"; 43(c): "O valor máximo de todas as apostas no par do
ponto ou no par da banca não pode exceder 8 %" (Tie at most 10%, the pairs at most 8%)."""

from __future__ import annotations

import dataclasses

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.information import table_information
from croupier.games.baccarat.limits import verify_table
from croupier.games.protocol import Bet
from tests.games.baccarat.conftest import rules_of


def macau_online(cap):
    return dataclasses.replace(rules_of("pt-ponto-banca-macau-2015"), max_payout_per_round=cap)


def bets(**kinds):
    return [Bet(f"p{n}", kind, amount) for n, (kind, amount) in enumerate(kinds.items())]


@pytest.mark.cites("pt-812-2015", "rule 41", "rule 42", "rule 43")
@pytest.mark.parametrize(
    ("table", "allowed"),
    [
        (bets(banker=1000), True),  # a difference equal to the cap (rule 42)
        (bets(banker=1001), False),
        (bets(player=1001), False),
        (bets(player=3000, banker=2000), True),
        (bets(player=3001, banker=2000), False),
        (bets(tie=100), True),  # 10% of 1,000 (43(b))
        (bets(tie=101), False),
        (bets(player_pair=80), True),  # 8% of 1,000 (43(c)), the two pairs together
        (bets(player_pair=40, banker_pair=41), False),
        (bets(banker_pair=81), False),
    ],
)
def test_the_table_totals_stay_within_the_maximum_payout_rules_42_43(table, allowed):
    rules = macau_online(1000)
    if allowed:
        verify_table(rules, table)
    else:
        with pytest.raises(RuleViolation) as refused:
            verify_table(rules, table)
        assert refused.value.field == "amount" and "43(" in str(refused.value)


@pytest.mark.cites("pt-812-2015", "rule 41", "rule 42", "rule 43")
def test_a_small_cap_counts_only_the_bets_on_the_table_rules_42_43():
    """With a cap of 5 units, 3 on Player alone is within it: a kind nobody bet on is zero."""
    verify_table(macau_online(5), bets(player=3))
    with pytest.raises(RuleViolation):
        verify_table(macau_online(5), bets(player=6))


@pytest.mark.cites("pt-812-2015", "rule 41", "rule 42", "rule 43")
def test_only_ponto_e_banca_macau_has_table_caps_rule_41():
    """Rules 40-43 govern the "Ponto e Banca/Macau" variant: the plain online game and a
    Macau table without a maximum payout take any totals, and show no table caps."""
    plain = dataclasses.replace(rules_of("pt-ponto-banca-2015"), max_payout_per_round=1000)
    verify_table(plain, bets(banker=50_000, tie=50_000))
    verify_table(macau_online(None), bets(banker=50_000, tie=50_000))
    assert table_information(plain)["table_limits"] == {}
    assert table_information(macau_online(None))["table_limits"] == {}
    shown = table_information(macau_online(1055))["table_limits"]
    assert shown["max_payout_per_round"] == shown["player_banker_difference_max"] == 1055
    assert (shown["tie_total_max"], shown["pairs_total_max"]) == (105, 84)  # whole units
    assert "43" in shown["article"]
