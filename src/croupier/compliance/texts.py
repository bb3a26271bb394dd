"""The regulations' own texts, cut into the units a compliance matrix lists: each article (or
PT rule) and each of its numbered paragraphs, with the first words of each as an excerpt.

The five official texts ship with the package (``official/``, each with its source and SHA-256
in ``official/manifest.toml``), so nothing here reads outside croupier. They are parsed once by
``scripts/extract-articles`` into ``regulations.json``; a test checks each text's SHA-256 against
the manifest, parses them again and compares.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import asdict, dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

EXCERPT = 160  # characters of text shown per unit


@dataclass(frozen=True)
class Source:
    """One regulation text: its key, title, file and how its units are cited in croupier."""

    key: str
    title: str
    file: str
    style: str  # "article": art. N(p); "rule": rule N
    articles: tuple[int, ...] | None = None  # the articles it holds (an amendment), else all


SOURCES = (
    Source(
        "macau-baccarat-2004", "Macau baccarat, DRE 55/2004", "000_4540d95009e84bde.txt", "article"
    ),
    Source(
        "macau-baccarat-2009",
        "Macau baccarat, Despacho 2/2009 (arts. 13, 17, 18, 19 as amended)",
        "002_724b7e54fdde94aa.txt",
        "article",
        (13, 17, 18, 19),
    ),
    Source(
        "macau-blackjack-2007",
        "Macau blackjack, Despacho 42/2007 amending 56/2004 (arts. 6, 13, 16, 17, 21)",
        "001_64dd166b366714d1.txt",
        "article",
        (6, 13, 16, 17, 21),
    ),
    Source(
        "macau-stud-2004", "Macau stud poker, DRE 61/2004", "004_f54d65ea0ebaee6d.txt", "article"
    ),
    Source(
        "pt-812-2015",
        "Portugal, Regulamento 812/2015 (online baccarat)",
        "003_df59fcedb7c4428e.txt",
        "rule",
    ),
)


@dataclass(frozen=True)
class Unit:
    regulation: str
    id: str  # "art. 9", "art. 9(3)", "rule 15"
    article: int
    paragraph: int | None
    title: str
    excerpt: str


_ARTICLE = re.compile(r"^«?Artigo (\d+)\.º\s*$")
_PARAGRAPH = re.compile(r"^(\d+)\.(?:\s+(\S.*))?$")
_ITEM = re.compile(r"^(\d+)\)(?:\s+(.*))?$")
_RULE = re.compile(r"^(?:- )?(\d+) — (.*)$")
_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def _clean(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1].rstrip() + "…"


def _join_hyphenated(lines: list[str]) -> list[str]:
    """The 2/2009 text wraps its lines (with hyphens): join a paragraph's lines back."""
    out: list[str] = []
    for raw in lines:
        line = raw.rstrip()
        if _CJK.search(line):
            out.append("")
            continue
        starts = bool(_ARTICLE.match(line) or _PARAGRAPH.match(line) or _ITEM.match(line))
        if out and out[-1] and line and not starts and not out[-1].endswith((";", ":", ".")):
            joined = out[-1][:-1] if out[-1].endswith("-") else out[-1] + " "
            out[-1] = joined + line.strip()
        else:
            out.append(line.strip())
    return out


def parse_articles(source: Source, text: str) -> list[Unit]:
    lines = _join_hyphenated(text.splitlines())
    units: list[Unit] = []
    article: int | None = None
    title = ""
    paragraphs: dict[int, str] = {}
    items: dict[int, str] = {}
    body: list[str] = []

    def close() -> None:
        if article is None or (source.articles and article not in source.articles):
            return
        excerpt = next((b for b in body if b), "")
        units.append(Unit(source.key, f"art. {article}", article, None, title, _clean(excerpt)))
        numbered = paragraphs or items
        for number, words in sorted(numbered.items()):
            units.append(
                Unit(source.key, f"art. {article}({number})", article, number, title, _clean(words))
            )

    expecting_title = False
    for line in lines:
        found = _ARTICLE.match(line)
        if found:
            close()
            article, title, paragraphs, items, body = int(found[1]), "", {}, {}, []
            expecting_title = True
            continue
        if article is None or not line:
            continue
        if expecting_title:
            title, expecting_title = line, False
            continue
        paragraph = _PARAGRAPH.match(line)
        item = _ITEM.match(line)
        if paragraph and int(paragraph[1]) == len(paragraphs) + 1:
            paragraphs[int(paragraph[1])] = paragraph[2] or ""
        elif item and not paragraphs and int(item[1]) == len(items) + 1:
            items[int(item[1])] = item[2] or ""
        body.append(line)
    close()
    return units


def parse_rules(source: Source, text: str) -> list[Unit]:
    units: list[Unit] = []
    for line in text.splitlines():
        found = _RULE.match(line.strip())
        if found and int(found[1]) == len(units) + 1:
            number = int(found[1])
            units.append(Unit(source.key, f"rule {number}", number, None, "", _clean(found[2])))
    return units


def parse(source: Source, directory: Path | Traversable) -> list[Unit]:
    text = (directory / source.file).read_text(encoding="utf-8")
    return parse_rules(source, text) if source.style == "rule" else parse_articles(source, text)


def extract(directory: Path | Traversable) -> dict[str, list[dict[str, object]]]:
    return {s.key: [asdict(u) for u in parse(s, directory)] for s in SOURCES}


def load_units() -> list[Unit]:
    """Every unit of every regulation, from the shipped ``regulations.json``."""
    data = json.loads(
        resources.files("croupier.compliance").joinpath("regulations.json").read_text("utf-8")
    )
    return [Unit(**row) for rows in data.values() for row in rows]


def official() -> Traversable:
    """The folder of the shipped official texts and their manifest."""
    return resources.files("croupier.compliance").joinpath("official")


def manifest() -> dict[str, dict[str, str]]:
    """Each regulation's file, title, source and SHA-256, as shipped."""
    data = tomllib.loads(official().joinpath("manifest.toml").read_text("utf-8"))
    return {key: dict(value) for key, value in data.items()}


def text_digests() -> dict[str, tuple[str, str]]:
    """(the manifest's SHA-256, the shipped file's SHA-256) of each regulation's text."""
    out = {}
    for key, entry in manifest().items():
        body = official().joinpath(entry["file"]).read_bytes()
        out[key] = (entry["sha256"], hashlib.sha256(body).hexdigest())
    return out
