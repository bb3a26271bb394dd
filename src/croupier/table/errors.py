"""What a table's command raises when it is refused."""

from __future__ import annotations

from croupier.errors import RulesetError, RuleViolation

#: a refused command changed nothing, so the round plays on (a RulesetError is an operator's
#: option its regulation does not allow; issue 16, finding 5)
REFUSALS = (RuleViolation, RulesetError)
