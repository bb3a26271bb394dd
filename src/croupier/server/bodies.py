"""The JSON bodies the server's API accepts (pydantic models: a wrong field is a 422 naming it).

Every input is bounded where it enters (issue 16): amounts to :data:`~croupier.money.MAX_AMOUNT`,
texts to their columns' lengths and to printable characters, durations to finite ranges, the
overrides of a table to a few dozen options. Non-finite numbers (``NaN``, ``Infinity``) never
get this far: :mod:`croupier.server.guard` refuses them in the raw body.
"""

# no "from __future__ import annotations": pydantic and FastAPI read these annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

from croupier.money import MAX_AMOUNT
from croupier.server.guard import has_lone_surrogate

#: the most options one request may override (a ruleset has about thirty)
MAX_OVERRIDES = 64


def printable(text: str) -> str:
    """A name or message a person can read back: printable characters only (no control
    characters, no lone surrogates, which no database can store)."""
    if not text.isprintable() or has_lone_surrogate(text):
        raise ValueError("must be printable characters only")
    if text != text.strip():
        raise ValueError("must not start or end with spaces")
    return text


def _few(overrides: dict[str, Any]) -> dict[str, Any]:
    if len(overrides) > MAX_OVERRIDES:
        raise ValueError(f"at most {MAX_OVERRIDES} options at once")
    for key in overrides:
        if len(key) > 100:
            raise ValueError(f"{key[:20]!r}...: an option's name is at most 100 characters")
    return overrides


def _addressable(name: str) -> str:
    """A player's name is part of their addresses (``/players/{name}/...``): a ``/`` would
    split it, so no route could reach the player (issue 26, finding 8)."""
    if "/" in name:
        raise ValueError("must not contain '/': a player's name is part of their addresses")
    return name


Name = Annotated[StrictStr, Field(min_length=1, max_length=100), AfterValidator(printable)]
AddressableName = Annotated[Name, AfterValidator(_addressable)]
Text = Annotated[StrictStr, AfterValidator(printable)]
Amount = Annotated[StrictInt, Field(gt=0, le=MAX_AMOUNT, description="minor units (cents)")]
Overrides = Annotated[dict[str, Any], AfterValidator(_few)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BetIn(_Strict):
    kind: StrictStr = Field(max_length=30, description="the bet, e.g. player, banker, tie")
    amount: Amount


class SocketMessageIn(_Strict):
    text: StrictStr = Field(
        max_length=16 * 1024, description="a message as a table's WebSocket takes it (JSON text)"
    )


class SessionIn(_Strict):
    seat: StrictInt | None = Field(default=None, ge=1, le=9)


class PlayerIn(_Strict):
    name: AddressableName
    demo: bool = False
    born: date | None = Field(
        default=None, description="a real-money player's date of birth: 18 or older"
    )
    password: StrictStr | None = Field(
        default=None, min_length=8, max_length=200, description="to log in again (POST /login)"
    )


class LoginIn(_Strict):
    name: AddressableName
    password: StrictStr = Field(min_length=1, max_length=200)


class DemoPlayerIn(_Strict):
    name: AddressableName


class DepositIn(_Strict):
    amount: Amount
    currency: StrictStr = Field(default="EUR", pattern=r"^[A-Z]{3}$", description="ISO 4217")


class DecisionIn(_Strict):
    decision: StrictStr = Field(max_length=30, description="stud: raise or fold")


class LimitsIn(_Strict):
    overrides: Overrides = Field(description="e.g. {'table.minimum_bet': 500}")


class AnnouncementIn(_Strict):
    message: Annotated[Text, Field(min_length=1, max_length=300)]


class FaultIn(_Strict):
    reason: Annotated[Text, Field(max_length=150)] = "operator fault"


class ReasonIn(_Strict):
    """Why a member of staff acts (issue 30): kept in the audit trail, told where it is shown."""

    reason: Annotated[Text, Field(min_length=1, max_length=150)]


class TableIn(_Strict):
    name: Name
    ruleset: StrictStr = Field(default="pt-ponto-banca-2015", max_length=100)
    mode: StrictStr = Field(default="multi", max_length=20)
    # the ranges are the table's own rules, refused with their articles (table/config.py)
    seats: StrictInt = 7
    betting_seconds: float = Field(default=15.0, allow_inf_nan=False)
    demo: bool = False
    pause_seconds: float = Field(default=5.0, allow_inf_nan=False)
    decision_seconds: float = Field(default=20.0, allow_inf_nan=False)
    overrides: Overrides = Field(default_factory=dict, description="house options / limits")
    linked_jackpot: StrictStr = Field(
        default="",
        max_length=40,
        description="a progressive jackpot pool shared with every table of that name (issue 20)",
    )
    live: bool = Field(
        default=False,
        description="cards from a physical shoe, checked card by card (issue 31; live-table.md)",
    )
    players_entropy: bool = Field(
        default=False,
        description="players may give each next shoe a value, mixed into its shuffle (issue 28)",
    )


class ShoeEntropyIn(_Strict):
    """A player's value for a table's next shoe: its SHA-256 first, the value after."""

    commitment: StrictStr | None = Field(
        default=None, max_length=64, description="SHA-256 of your 32-byte value, 64 hex digits"
    )
    value: StrictStr | None = Field(
        default=None, max_length=64, description="your 32-byte value, 64 hex digits, revealed"
    )


class CardIn(_Strict):
    """A card of the live protocol (docs/live-table.md), from a card-reading device or the
    dealer."""

    card: StrictStr = Field(max_length=3, description="e.g. AS, TD, 9H")
    to: StrictStr | None = Field(default=None, max_length=16, description="the hand, or null")
    face_up: bool = False
    source: StrictStr = Field(default="dealer", min_length=1, max_length=40)
    seq: StrictInt | None = Field(default=None, ge=0, le=2**31 - 1)


class RemedyIn(CardIn):
    """The remedy the text gives for a card refused as an irregularity, as the dealer confirms
    it (and a supervisor, for a void)."""

    remedy: StrictStr = Field(max_length=20, description="correct, void, continue or keep")
    supervisor: Annotated[Text, Field(max_length=60)] = ""


class Refusal(BaseModel):
    """Why a request was refused: the field, what is wrong, the rule that refuses it."""

    field: str | None = None
    message: str
    rule: str | None = None
    remedies: list[str] | None = None  # a live card's irregularity: what the text allows
    belongs: str | None = None  # where correcting it puts the card


class Refused(BaseModel):
    """Every 4xx answer: a refusal, or FastAPI's list of schema errors for a malformed body."""

    detail: Refusal | list[dict[str, Any]]


#: the answers every route may give besides its own (declared in the OpenAPI document, so a
#: client and the fuzz stage of CI can check them)
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Refused, "description": description}
    for code, description in (
        (401, "no token, or an unknown or expired one"),
        (403, "not yours to do or see"),
        (404, "no such table, round, session or player"),
        (409, "a round in play: shown when it ends"),
        (413, "a body over 64 KiB"),
        (422, "refused: the field, the message and the rule"),
        (429, "over the rate limit"),
    )
}


class ExclusionIn(_Strict):
    """A player excludes themselves (RJO art. 39) or takes a time-out (player-protection.md)."""

    kind: Literal["self", "timeout"]
    until: date | None = Field(
        default=None,
        description="self: the first day you may play again, three months on at least; "
        "none: indefinitely",
    )
    hours: StrictInt | None = Field(default=None, description="timeout: 24 to 1008 (six weeks)")
    reason: Annotated[Text, Field(max_length=200)] = ""


class OperatorExclusionsIn(_Strict):
    """Players the operator excludes (its own list, or the regulator's imported)."""

    players: list[AddressableName] = Field(min_length=1, max_length=1000)
    until: date | None = Field(default=None, description="none: indefinitely")
    reason: Annotated[Text, Field(min_length=1, max_length=200)]


class LimitIn(_Strict):
    """A limit on the player's play, in minor units; null: no limit (docs/player-protection.md)."""

    amount: StrictInt | None = Field(ge=1, le=MAX_AMOUNT)


class RealityIn(_Strict):
    """How often the reality check comes, in minutes of play; null: never."""

    minutes: StrictInt | None = Field(description="5 to 240, or null")


class LanguageIn(_Strict):
    """The language of the page and the messages (issue 29, item 1; docs/translating.md)."""

    language: Literal["pt-PT", "zh-Hant", "en"]
