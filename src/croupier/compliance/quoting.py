"""Articles quoted in their official wording (issue 29, item 3): "Articles are quoted in the
official wording of the regulation's own text (Portuguese for all five texts ...), never a
translation of ours presented as official". The whole article (or PT rule) is cut from the
text shipped in ``official/`` (:mod:`croupier.compliance.texts`, the same files and the same
article marks the compliance matrix is cut by), and a citation in croupier's words ("Macau
stud art. 9(1)", "PT 812/2015 rules 16-18") names the articles to quote."""

from __future__ import annotations

import re
from functools import cache

from croupier.compliance.citations import UnplacedCitation, words_cite
from croupier.compliance.texts import _ARTICLE, _RULE, SOURCES, _join_hyphenated, official

LONGEST_CITATION = 200  # characters of a citation read; a longer one is cut


@cache
def _articles(regulation: str) -> dict[int, tuple[str, str]]:
    """Each article (or rule) of ``regulation``'s text: its title and its whole wording."""
    source = next(s for s in SOURCES if s.key == regulation)
    text = (official() / source.file).read_text(encoding="utf-8")
    out: dict[int, tuple[str, str]] = {}
    number: int | None = None
    title, body = "", list[str]()

    def close() -> None:
        if number is not None and (not source.articles or number in source.articles):
            out.setdefault(number, (title, "\n".join(line for line in body if line).strip()))

    if source.style == "rule":
        for line in text.splitlines():
            found = _RULE.match(line.strip())
            if found and int(found[1]) == len(out) + (number is not None) + 1:
                close()
                number, title, body = int(found[1]), "", [line.strip().lstrip("- ")]
            elif number is not None and line.strip():
                body.append(line.strip())
        close()
        return out
    expecting_title = False
    for line in _join_hyphenated(text.splitlines()):
        found = _ARTICLE.match(line)
        if found:
            close()
            number, title, body, expecting_title = int(found[1]), "", [], True
            continue
        if number is None or not line:
            continue
        if expecting_title:
            title, expecting_title = line, False
            continue
        body.append(line)
    close()
    return out


def quotes(citation: str) -> list[dict[str, object]]:
    """The articles a citation names, each in its official wording (Portuguese): regulation,
    article, title, text; in the order cited, each once."""
    seen: set[tuple[str, int]] = set()
    out: list[dict[str, object]] = []
    text = re.sub(r"\s+", " ", citation[:LONGEST_CITATION])
    try:
        cited = list(words_cite(text, None, False))
    except UnplacedCitation:  # an article no text has: nothing to quote
        return []
    for regulation, article, _paragraph, _line in cited:
        if (regulation, article) in seen:
            continue
        seen.add((regulation, article))
        found = _articles(regulation).get(article)
        if found is None:
            continue
        title, wording = found
        unit = f"rule {article}" if regulation == "pt-812-2015" else f"art. {article}"
        out.append({
            "regulation": regulation,
            "article": unit,
            "title": title,
            "text": wording,
            "language": "pt",
            "official": True,
        })  # fmt: skip
    return out
