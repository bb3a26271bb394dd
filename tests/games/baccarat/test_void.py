"""A void baccarat round returns every stake whole and moves nothing else (Macau DRE 55/2004 art.
10; PT Regulamento 812/2015 rule 29).

Art. 10: "O lance, porém, é considerado nulo se for de todo impossível corrigir o erro" (the coup
is void if the error cannot be corrected at all). Rule 29: "São nulas todas as jogadas e
pagamentos em que se verifique avaria ou mau funcionamento" (rounds and payments with a fault or
malfunction are void), the stakes returned. A void coup has no winner: no commission is taken,
no jackpot contribution is collected and no jackpot prize is paid; the pool stays as it was."""

from __future__ import annotations

import pytest

from croupier.games.baccarat.round import BaccaratRound
from tests.games.baccarat.conftest import rules_of
from tests.games.baccarat.stacks import shoe

# Banker wins with a single pair on Player's side: a commission and a jackpot prize were due
JACKPOT = {
    "jackpot.stake": 1000,
    "jackpot.seed": 100000,
    "jackpot.contribution": "0.1",
    "jackpot.prizes.single_pair": {"fixed": 1000},
}


def voided(rules, *, pool, deal):
    rnd = BaccaratRound(rules, shoe(("5S", "5H"), ("6D", "7C"), "2C", "AD"), jackpot_pool=pool)
    rnd.place_bet("a", "banker", 1000)
    rnd.place_bet("b", "player", 3000)
    if rules.jackpot is not None:
        rnd.place_bet("a", "jackpot", 1000)
    if deal:
        rnd.deal()
    else:
        rnd.close_betting()
    return rnd.void("shoe fault")


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
@pytest.mark.cites("pt-812-2015", "rule 29")
@pytest.mark.parametrize(
    ("preset", "deal"),
    [("macau-2009", True), ("macau-2009-jackpot-a", True), ("pt-ponto-banca-2015", False)],
)
def test_a_void_round_returns_each_stake_whole_and_no_commission(preset, deal):
    rules = rules_of(preset, **(JACKPOT if "jackpot" in preset else {}))
    s = voided(rules, pool=250000 if rules.jackpot else None, deal=deal)
    assert s.void and s.house_result == 0 and s.conserved
    assert sorted((b.bettor, b.kind, b.outcome, b.payout, b.commission) for b in s.bets) == sorted(
        [("a", "banker", "void", 1000, 0), ("b", "player", "void", 3000, 0)]
        + ([("a", "jackpot", "void", 1000, 0)] if rules.jackpot else [])
    )
    article = "PT 812/2015 rule 29" if rules.regulation.portuguese else "Macau baccarat art. 10"
    assert all(b.reason == article for b in s.bets) and article in s.reason


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
@pytest.mark.cites("macau-baccarat-2009", "art. 13(1)", "art. 17(5)")
def test_a_void_round_leaves_the_jackpot_pool_as_it_was():
    rules = rules_of("macau-2009-jackpot-a", **JACKPOT)
    s = voided(rules, pool=250000, deal=True)
    j = s.jackpot
    assert j is not None and j.modality == "A" and j.combination is None and j.winners == 0
    assert (j.pool_before, j.contributions, j.prize, j.share) == (250000, 0, 0, 0)
    assert (j.paid_from_pool, j.paid_by_house, j.house_funding, j.pool_after) == (0, 0, 0, 250000)
    # a round given no pool starts from the seed (art. 17(5)'s "valor inicial"), and keeps it
    fresh = voided(rules, pool=None, deal=True).jackpot
    assert fresh is not None and fresh.pool_before == fresh.pool_after == 100000
    # a table with no jackpot reports none, whatever pool it is handed
    assert voided(rules_of("macau-2009"), pool=250000, deal=True).jackpot is None
