"""The JSON bodies the server's API accepts (pydantic models: a wrong field is a 422 naming it)."""

# no "from __future__ import annotations": pydantic and FastAPI read these annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BetIn(_Strict):
    kind: StrictStr = Field(description="the bet, e.g. player, banker, tie, player_pair")
    amount: StrictInt = Field(gt=0, description="the stake in minor units (cents)")


class SessionIn(_Strict):
    seat: StrictInt | None = Field(default=None, ge=1, le=9)


class PlayerIn(_Strict):
    name: StrictStr = Field(min_length=1, max_length=100)
    demo: bool = False


class DemoPlayerIn(_Strict):
    name: StrictStr = Field(min_length=1, max_length=100)


class DepositIn(_Strict):
    amount: StrictInt = Field(gt=0)
    currency: StrictStr = "EUR"


class DecisionIn(_Strict):
    decision: StrictStr = Field(description="stud: raise or fold")


class LimitsIn(_Strict):
    overrides: dict[str, Any] = Field(description="e.g. {'table.minimum_bet': 500}")


class AnnouncementIn(_Strict):
    message: StrictStr = Field(min_length=1, max_length=300)


class FaultIn(_Strict):
    reason: StrictStr = Field(default="operator fault", max_length=150)


class TableIn(_Strict):
    name: StrictStr = Field(min_length=1, max_length=100)
    ruleset: StrictStr = "pt-ponto-banca-2015"
    mode: StrictStr = "multi"
    seats: StrictInt = 7
    betting_seconds: float = 15.0
    demo: bool = False
    pause_seconds: float = 5.0
    decision_seconds: float = 20.0
    overrides: dict[str, Any] = Field(default_factory=dict, description="house options / limits")
