"""The keys of every message croupier shows (issue 29, item 4), read from its code as gettext's
``xgettext`` would: in Python, the template of each ``msg(...)`` and the plain text of each
refusal (``RuleViolation``, ``Irregularity``); in the browser, each ``t("...")`` (or
``N_("...")``, a text marked for later) of a script and each ``data-i18n`` text of a page; the
rulesets' titles and sources. ``python -m croupier.i18n.extract`` rewrites
``catalogues/en.json`` (the terms, ``term:...``, are kept: they are written by hand) and lists
the keys another catalogue lacks; tests/i18n fails while en.json is not what this finds."""

from __future__ import annotations

import ast
import json
import re
import sys
from importlib import resources
from pathlib import Path

from croupier.i18n.catalogue import ENGLISH, LANGUAGES, TERM

REFUSALS = {"RuleViolation": 1, "Irregularity": 0}  # the message's place among the arguments
JS_CALL = re.compile(r"""\b(?:t|N_)\(\s*(?P<q>["'`])(?P<text>(?:\\.|(?!(?P=q)).)*)(?P=q)""", re.S)
HTML_TEXT = re.compile(r"""data-i18n(?:-[a-z]+)?="(?P<text>[^"]*)\"""")


def package_root() -> Path:
    return Path(str(resources.files("croupier")))


def python_keys(root: Path) -> set[str]:
    keys: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ("msg", "Msg", "N_") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    keys.add(first.value)
            elif name in REFUSALS and len(node.args) > REFUSALS[name]:
                message = node.args[REFUSALS[name]]
                if isinstance(message, ast.Constant) and isinstance(message.value, str):
                    keys.add(message.value)
    return keys


def browser_keys(root: Path) -> set[str]:
    keys: set[str] = set()
    web = root / "web"
    for path in sorted(web.glob("*.js")):
        for found in JS_CALL.finditer(path.read_text(encoding="utf-8")):
            keys.add(_unescape(found.group("text")))
    for path in sorted(web.glob("*.html")):
        for found in HTML_TEXT.finditer(path.read_text(encoding="utf-8")):
            keys.add(found.group("text").replace("&amp;", "&").replace("&quot;", '"'))
    return keys


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def ruleset_keys(root: Path) -> set[str]:
    """The title and the source of each ruleset the server offers (its presets)."""
    import tomllib

    keys = set()
    for path in sorted((root / "rulesets" / "presets").glob("*.toml")):
        ruleset = tomllib.loads(path.read_text(encoding="utf-8")).get("ruleset", {})
        for field in ("title", "source"):
            if isinstance(ruleset.get(field), str):
                keys.add(ruleset[field])
    return keys


def all_keys(root: Path | None = None) -> set[str]:
    base = root or package_root()
    return python_keys(base) | browser_keys(base) | ruleset_keys(base)


def english(root: Path | None = None) -> dict[str, str]:
    """en.json as the code makes it: every key its own text, and the terms already there."""
    base = root or package_root()
    current = json.loads((base / "i18n" / "catalogues" / "en.json").read_text(encoding="utf-8"))
    terms = {k: v for k, v in current.items() if k.startswith(TERM)}
    return dict(sorted({**{k: k for k in all_keys(base)}, **terms}.items()))


def main() -> int:
    base = package_root()
    made = english(base)
    target = base / "i18n" / "catalogues" / "en.json"
    target.write_text(json.dumps(made, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{target}: {len(made)} keys")
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = base / "i18n" / "catalogues" / f"{language}.json"
        theirs = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        missing = [k for k in made if k not in theirs]
        print(f"{path.name}: {len(missing)} missing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
