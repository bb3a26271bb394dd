"""An online table's kind, as the operator opens it (PT 812/2015 rules 4-6), without a server:
each value on its allowed side opens, each past it is refused naming the field and the rule."""

from __future__ import annotations

import pytest

from croupier.errors import RuleViolation
from croupier.table.config import TableConfig


def _refused(field: str, **config: object) -> str:
    with pytest.raises(RuleViolation) as error:
        TableConfig(name="t", **config)  # type: ignore[arg-type]
    assert error.value.field == field, str(error.value)
    return str(error.value)


@pytest.mark.cites("pt-812-2015", "rule 4", "rule 5")
def test_a_table_is_individual_or_multi_player_and_an_individual_one_seats_one() -> None:
    """PT rule 4: "podem utilizar-se mesas individuais ou de múltiplos jogadores" (individual
    or multi-player tables may be used): those two kinds and no other; an individual table is
    one player's, so it has one seat; rule 5: "Nas mesas de múltiplos jogadores, cada jogador
    aposta individualmente" (at multi-player tables each player bets for themselves): such a
    table has seats for several, and may also run with one seat (rule 6: one to nine)."""
    assert TableConfig(name="t", mode="individual", seats=1).seats == 1
    assert TableConfig(name="t", mode="multi", seats=7).mode == "multi"
    assert TableConfig(name="t", mode="multi", seats=1).seats == 1
    assert "rule 4" in _refused("seats", mode="individual", seats=2)
    assert "rule 4" in _refused("seats", mode="individual", seats=7)
    for wrong in ("solo", "Individual", "", "multi "):
        assert "rules 4-5" in _refused("mode", mode=wrong)
