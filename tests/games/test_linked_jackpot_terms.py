"""Which tables may share one progressive jackpot pool: only those alike in game, money and
every term of the jackpot, and never a demonstration table with a real-money one (PT
Regulamento 812/2015 rule 38: "As aplicações de demonstração apenas podem atribuir o
prolongamento gratuito do jogo em função da pontuação obtida, que não pode ser substituído ou
convertido em dinheiro" — a demo's points buy only more free play, never money)."""

from __future__ import annotations

import pytest

from croupier.games.registry import jackpot_terms
from croupier.rulesets import load_ruleset


def rules(preset, **overrides):
    return load_ruleset(preset, overrides).rules


@pytest.mark.cites("pt-812-2015", "rule 38")
@pytest.mark.parametrize("preset", ["macau-2009-jackpot-a", "macau-stud-2004"])
def test_a_demo_tables_jackpot_never_meets_a_real_money_one_rule_38(preset):
    real, demo = jackpot_terms(rules(preset), False), jackpot_terms(rules(preset), True)
    assert real is not None and demo is not None and real != demo
    assert "DEMO" in demo and "MOP" in real
    assert jackpot_terms(rules(preset), False) == real  # the same table terms: one pool
    assert jackpot_terms(rules(preset), True) == demo  # two demo tables may share theirs
    other = rules(preset, **{"jackpot.seed": rules(preset).jackpot.seed + 100})
    assert jackpot_terms(other, False) != real  # another seed: another pool


@pytest.mark.cites("pt-812-2015", "rule 38")
@pytest.mark.parametrize("preset", ["macau-2009", "pt-ponto-banca-2015", "macau-blackjack-2007"])
def test_a_table_without_a_jackpot_has_no_terms_to_share(preset):
    assert (
        jackpot_terms(rules(preset), False) is None and jackpot_terms(rules(preset), True) is None
    )
