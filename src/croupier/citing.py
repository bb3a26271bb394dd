"""How croupier cites the regulations it implements: one helper per text, so that a citation is
written the same way everywhere and its text is the regulation's name plus the article (the
compliance matrix finds "rule N" and "art. N" in them, croupier.compliance.citations).

``pt("rule 27")`` -> "PT 812/2015 rule 27" (the Portuguese online regulation, numbered in
rules); each Macau game has its own ``cite`` (``games/<game>``), baccarat a table of keys
(``games/baccarat/articles.py``).
"""

from __future__ import annotations

PT_ONLINE = "PT 812/2015"  # Regulamento n.º 812/2015 (Turismo de Portugal)


def pt(rules: str) -> str:
    """A citation of the Portuguese online regulation: ``pt("rules 37-38")``."""
    return f"{PT_ONLINE} {rules}"
