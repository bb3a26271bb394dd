"""The schema's own refusals in the client's language (issue 29, item 2): a body or a query that
does not follow the API's schema is refused by FastAPI's validation (422, one entry per error:
``loc``, ``msg``, ``type``); each entry gains the message's ``key`` and ``params`` and its
``msg`` follows ``Accept-Language``, as every other refusal does. Pydantic's English for the
errors a client meets is written here once, as templates of the catalogue; an error with no
template keeps pydantic's English (its key is that text)."""

from __future__ import annotations

from typing import Any

from croupier.i18n.catalogue import localized
from croupier.i18n.message import N_, Msg

#: pydantic's message of each error type a client of this API meets, as a template (or its
#: templates, pydantic's plural and singular)
TEMPLATES: dict[str, str | tuple[str, ...]] = {
    "missing": N_("Field required"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "string_too_short": (
        N_("String should have at least {min_length} characters"),
        N_("String should have at least {min_length} character"),
    ),
    "string_too_long": (
        N_("String should have at most {max_length} characters"),
        N_("String should have at most {max_length} character"),
    ),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "less_than": N_("Input should be less than {lt}"),
    "literal_error": N_("Input should be {expected}"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "json_invalid": N_("JSON decode error"),
    "model_attributes_type": N_(
        "Input should be a valid dictionary or object to extract fields from"
    ),
    "dict_type": N_("Input should be a valid dictionary"),
    "list_type": N_("Input should be a valid list"),
    "date_from_datetime_parsing": N_("Input should be a valid date or datetime, {error}"),
}


def localized_errors(errors: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    """FastAPI's validation errors, each with its key and parameters, in ``language``."""
    out = []
    for error in errors:
        found = TEMPLATES.get(str(error.get("type")), ())
        ctx = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, str | int)}
        candidates = (Msg(t, **ctx) for t in ((found,) if isinstance(found, str) else found))
        # the template that says what pydantic said; none: pydantic's own words as the key
        said = next((m for m in candidates if str(m) == error.get("msg")), None)
        said = said or Msg(str(error.get("msg", "")))
        detail = {"message": str(said), "key": said.key, "params": dict(said.params)}
        shown = localized(detail, language)
        item = {k: v for k, v in error.items() if k != "ctx" or _plain(v)}
        out.append({**item, "msg": shown["message"], "key": said.key, "params": detail["params"]})
    return out


def _plain(ctx: Any) -> bool:
    return isinstance(ctx, dict) and all(isinstance(v, str | int | float) for v in ctx.values())
