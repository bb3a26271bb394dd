"""Articles quoted in their official wording (issue 29, item 3): "Articles are quoted in the
official wording of the regulation's own text (Portuguese for all five texts in
shared/regulations, cut by the compliance tooling that already exists), never a translation of
ours presented as official". Each expectation below is copied from the official text itself."""

from __future__ import annotations

import re

import pytest

from croupier.compliance.quoting import quotes
from croupier.compliance.texts import SOURCES, official


def _official(regulation: str) -> str:
    source = next(s for s in SOURCES if s.key == regulation)
    return re.sub(r"\s+", " ", (official() / source.file).read_text(encoding="utf-8"))


def test_a_pt_rule_is_quoted_whole() -> None:
    """Regulamento 812/2015 rule 7: "As cartas têm o seguinte valor: - Ás — 1; - Rei, dama,
    valete e 10 — 0; - Todas as outras — o respetivo valor facial." (the card values)."""
    (rule,) = quotes("PT 812/2015 rule 7")
    assert (rule["regulation"], rule["article"], rule["official"]) == (
        "pt-812-2015",
        "rule 7",
        True,
    )
    text = str(rule["text"])
    assert text.startswith("7 — As cartas têm o seguinte valor:")
    assert "Ás — 1;" in text and "Todas as outras — o respetivo valor facial" in text
    assert "8 —" not in text  # rule 8 is not rule 7's


def test_a_range_of_rules_quotes_each_once_in_order() -> None:
    cited = quotes("PT 812/2015 rules 16-18, rule 17")
    assert [q["article"] for q in cited] == ["rule 16", "rule 17", "rule 18"]


@pytest.mark.parametrize(
    ("citation", "regulation", "article", "title", "opening"),
    [
        ("Macau stud art. 9(1)", "macau-stud-2004", "art. 9", "Procedimentos do jogo e prémios",
         "Os procedimentos de abertura de jogo devem obedecer às seguintes regras:"),
        ("Macau baccarat art. 14 (house limits)", "macau-baccarat-2004", "art. 14",
         "Paradas desiguais", "Se não for igual o montante das apostas dos dois grupos"),
        # an article Despacho 2/2009 rewrote is quoted as that text has it, not as 55/2004 had it
        ("Macau baccarat art. 17(4) (Despacho 2/2009)", "macau-baccarat-2009", "art. 17",
         "Prémios", "1. Os prémios das apostas no grupo jogador («player»)"),
        ("Macau blackjack art. 6(1)", "macau-blackjack-2007", "art. 6", "Cartas adicionais",
         "Na distribuição das cartas adicionais devem observar-se os procedimentos seguintes:"),
    ],
)  # fmt: skip
def test_an_article_is_quoted_from_its_own_text(
    citation: str, regulation: str, article: str, title: str, opening: str
) -> None:
    (quote,) = [q for q in quotes(citation) if q["regulation"] == regulation]
    assert (quote["article"], quote["title"], quote["language"]) == (article, title, "pt")
    text = str(quote["text"])
    assert text.startswith(opening)
    # the wording is the text's own, word for word (its lines joined)
    assert re.sub(r"\s+", " ", text)[:300] in _official(regulation).replace("- ", "-") or (
        re.sub(r"\s+", " ", text)[:120] in _official(regulation)
    )


def test_a_citation_of_nothing_quotes_nothing() -> None:
    assert quotes("no article here") == []
    assert quotes("Macau stud art. 99") == []  # an article the text does not have
    assert quotes("x" * 10_000) == []  # bounded
