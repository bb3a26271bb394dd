"""The player account's own rules (issue 29, item 8; docs/player-protection.md): registration
refuses minors. A real-money player is registered with their date of birth and must be 18 or
older on the day (choice X7: someone born on 29 February comes of age on 28 February of a year
that has none)."""

from __future__ import annotations

from datetime import date

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.protection.calendar import add_months

ADULT_YEARS = 18
ACCOUNT_RULE = "the player account: 18 or older (issue 29, item 8; docs/player-protection.md)"


def verify_adult(born: date | None, today: date) -> date:
    """``born``, the date of birth of a real-money player registered ``today``: refused when
    missing, in the future, or under 18 years before ``today``."""
    if born is None:
        raise RuleViolation("born", "a real-money player's date of birth is needed", ACCOUNT_RULE)
    if born > today:
        raise RuleViolation(
            "born", msg("{isoformat} is in the future", isoformat=born.isoformat()), ACCOUNT_RULE
        )
    of_age = add_months(born, 12 * ADULT_YEARS)
    if of_age > today:
        raise RuleViolation(
            "born",
            msg(
                "born {isoformat}: 18 on {isoformat_2}; no player under 18",
                isoformat=born.isoformat(),
                isoformat_2=of_age.isoformat(),
            ),
            ACCOUNT_RULE,
        )
    return born
