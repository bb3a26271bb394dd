"""The catalogues (issue 29, item 4): "A test fails when a key is missing in any language, a
placeholder differs between languages, or a string shown to players is not in the catalogue
(scan the code and the rendered pages)". The rendered pages are scanned by
tests/web/test_languages.py; this scans the code."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from croupier.i18n.catalogue import LANGUAGES, PLACEHOLDER, catalogue
from croupier.i18n.extract import REFUSALS, english, package_root

ROOT = package_root()


def test_english_lists_every_key_the_code_and_the_pages_show() -> None:
    """en.json is what the extraction finds in the code, the pages and the rulesets: a new
    message that is not in it (or a key left behind by one removed) fails here; run
    ``python -m croupier.i18n.extract`` and translate (docs/translating.md)."""
    on_disk = json.loads((ROOT / "i18n" / "catalogues" / "en.json").read_text(encoding="utf-8"))
    made = english(ROOT)
    assert sorted(set(made) - set(on_disk)) == [], "keys missing from en.json"
    assert sorted(set(on_disk) - set(made)) == [], "keys in en.json that nothing shows"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_every_key_and_no_other(language: str) -> None:
    theirs, english_keys = catalogue(language), catalogue("en")
    assert sorted(set(english_keys) - set(theirs)) == [], f"keys {language} lacks"
    assert sorted(set(theirs) - set(english_keys)) == [], f"keys only {language} has"
    empty = [k for k, v in theirs.items() if not v.strip()]
    assert empty == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_translation_keeps_the_placeholders_of_its_key(language: str) -> None:
    differing = {
        key: text
        for key, text in catalogue(language).items()
        if set(PLACEHOLDER.findall(key)) != set(PLACEHOLDER.findall(text))
    }
    assert differing == {}


def _unmarked(path: Path) -> list[str]:
    """The refusals and messages of ``path`` whose text is built in place (an f-string, a
    concatenation, a ``%`` or ``.format``) rather than marked as a message (``msg(...)`` or a
    plain text): such a text has no key, so no language but English."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        message: ast.expr | None = None
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in REFUSALS and len(node.args) > REFUSALS[name]:
                message = node.args[REFUSALS[name]]
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value in ("message", "announcement"):
                    message = value
        if message is not None and isinstance(message, ast.JoinedStr | ast.BinOp):
            found.append(f"{path.relative_to(ROOT)}:{message.lineno}")
        if isinstance(message, ast.Call) and getattr(message.func, "attr", None) == "format":
            found.append(f"{path.relative_to(ROOT)}:{message.lineno}")
    return found


def test_no_refusal_or_message_is_built_outside_the_catalogue() -> None:
    unmarked = [place for path in sorted(ROOT.rglob("*.py")) for place in _unmarked(path)]
    assert unmarked == []


def test_the_scan_finds_an_unmarked_message() -> None:
    """The scan above fails on what it is meant to catch (a test that cannot fail proves
    nothing)."""
    sample = ROOT / "i18n" / "_sample_for_the_scan.py"
    sample.write_text(
        "from croupier.errors import RuleViolation\n"
        'def f(x):\n    raise RuleViolation("amount", f"{x} is wrong", "rule")\n',
        encoding="utf-8",
    )
    try:
        assert _unmarked(sample) == ["i18n/_sample_for_the_scan.py:3"]
    finally:
        sample.unlink()
