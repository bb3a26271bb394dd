"""How croupier cites the regulations it implements: one helper per text, so that a citation is
written the same way everywhere and its text is the regulation's name plus the article (the
compliance matrix finds "rule N" and "art. N" in them, croupier.compliance.citations).

``pt("rule 27")`` -> "PT 812/2015 rule 27" (the Portuguese online regulation, numbered in
rules); ``macau_stud("art. 10")`` and ``macau_blackjack("art. 6(3)")`` for the Macau stud and
blackjack regulations (each game's ``cite``); baccarat, whose two regulations number the same
rule differently, cites through a table of keys (``games/baccarat/articles.py``).
"""

from __future__ import annotations

PT_ONLINE = "PT 812/2015"  # Regulamento n.º 812/2015 (Turismo de Portugal)


def pt(rules: str) -> str:
    """A citation of the Portuguese online regulation: ``pt("rules 37-38")``."""
    return f"{PT_ONLINE} {rules}"


MACAU_BACCARAT = "Macau baccarat"  # Despacho Regulamentar Externo 55/2004, amended by 2/2009
MACAU_STUD = "Macau stud"  # Despacho Regulamentar Externo 61/2004
MACAU_BLACKJACK = "Macau blackjack"  # Despacho 56/2004 as amended by Despacho 42/2007


def macau_stud(article: str) -> str:
    """A citation of the Macau stud poker regulation: ``macau_stud("art. 9(5)(9)")``."""
    return f"{MACAU_STUD} {article}"


def macau_blackjack(article: str) -> str:
    """A citation of the Macau blackjack regulation: ``macau_blackjack("art. 17(1)")``."""
    return f"{MACAU_BLACKJACK} {article}"


def macau_baccarat(article: str) -> str:
    """A citation of the Macau baccarat regulation: ``macau_baccarat("art. 2(1)")``."""
    return f"{MACAU_BACCARAT} {article}"
