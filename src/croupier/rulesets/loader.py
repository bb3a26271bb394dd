"""Loading rulesets: presets shipped with croupier, files, ``extends`` and overrides."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from croupier.errors import RulesetError
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.registry import GAMES as SPECS
from croupier.games.stud.rules import StudRules
from croupier.options import Options

R = TypeVar("R")
_META_KEYS = {
    "name",
    "game",
    "regulation",
    "title",
    "source",
    "date",
    "approval",
    "amendments",
    "extends",
    "description",
}


@dataclass(frozen=True)
class Ruleset:
    """A loaded, validated ruleset: its metadata and the game rules it configures."""

    name: str
    game: str
    regulation: str
    title: str
    source: str
    date: str
    description: str
    approval: str
    amendments: tuple[str, ...]
    rules: Any  # the game's rules: read them typed with rules_as
    options: Mapping[str, Any] = field(repr=False, default_factory=dict)

    def rules_as(self, cls: type[R]) -> R:
        """The rules, which must be of the game whose rules type ``cls`` is (issue 27(2)):
        ``ruleset.rules_as(StudRules)``; any game's, with no accessor of its own here."""
        if not isinstance(self.rules, cls):
            wanted = next((n for n, s in SPECS.items() if s.rules_type is cls), cls.__name__)
            raise RulesetError("ruleset", f"{self.name!r} is a {self.game} ruleset, not {wanted}")
        return self.rules

    def baccarat(self) -> BaccaratRules:
        """The rules, which must be a baccarat ruleset's."""
        return self.rules_as(BaccaratRules)

    def blackjack(self) -> BlackjackRules:
        """The rules, which must be a blackjack ruleset's."""
        return self.rules_as(BlackjackRules)

    def stud(self) -> StudRules:
        """The rules, which must be a stud ruleset's."""
        return self.rules_as(StudRules)

    def summary(self) -> dict[str, Any]:
        """JSON-able metadata, as ``croupier rules --format json`` prints it."""
        return {
            "name": self.name,
            "game": self.game,
            "regulation": self.regulation,
            "title": self.title,
            "source": self.source,
            "date": self.date,
            "description": self.description,
            "amendments": list(self.amendments),
            "approval": self.approval,
        }


def _preset_dir() -> Any:
    return resources.files("croupier.rulesets") / "presets"


def preset_names() -> list[str]:
    return sorted(
        p.name.removesuffix(".toml") for p in _preset_dir().iterdir() if p.name.endswith(".toml")
    )


def _read_preset(name: str) -> dict[str, Any]:
    path = _preset_dir() / f"{name}.toml"
    if not path.is_file():
        raise RulesetError(
            "ruleset", f"no preset named {name!r} (presets: {', '.join(preset_names())})"
        )
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(dict(out[key]), value)
        else:
            out[key] = value
    return out


def _resolve(data: dict[str, Any], seen: tuple[str, ...]) -> dict[str, Any]:
    parent = data.get("ruleset", {}).get("extends")
    if not parent:
        return data
    if parent in seen:
        raise RulesetError("ruleset.extends", f"circular extends through {parent!r}")
    base = _resolve(_read_preset(parent), (*seen, parent))
    merged = _merge(base, data)
    merged["ruleset"] = {**base.get("ruleset", {}), **data.get("ruleset", {})}
    merged["ruleset"].pop("extends", None)
    return merged


def parse_override(text: str) -> tuple[list[str], Any]:
    """``"shoe.decks=6"`` -> (["shoe", "decks"], 6); values are TOML literals, else strings."""
    if "=" not in text:
        raise RulesetError("--set", f"{text!r}: expected OPTION=VALUE, e.g. shoe.decks=6")
    key, raw = text.split("=", 1)
    path = [p for p in key.strip().split(".") if p]
    if len(path) < 2:
        raise RulesetError("--set", f"{key!r}: name a section and an option, e.g. shoe.decks")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw.strip()
    return path, value


def _apply_overrides(data: dict[str, Any], overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    if not overrides:
        return data
    for dotted, value in overrides.items():
        path = dotted.split(".")
        node: dict[str, Any] = data
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = {}
                node[part] = child
            node = child
        node[path[-1]] = value
    return data


def build_ruleset(data: dict[str, Any], fallback_name: str = "custom") -> Ruleset:
    """Validate parsed ruleset data (``extends`` already resolved)."""
    meta = Options(data.get("ruleset"), "ruleset")
    game = meta.choice("game", None, list(SPECS))  # the registry's games, as they are now
    reg_name = meta.choice("regulation", None, list(SPECS[game].regulations))
    names = meta.strings("amendments", [])
    ruleset_options = Options({k: v for k, v in data.items() if k != "ruleset"})
    rules, amendments = SPECS[game].build_rules(reg_name, names, ruleset_options)
    ruleset_options.finish()
    ruleset = Ruleset(
        name=meta.string("name", fallback_name),
        game=game,
        regulation=reg_name,
        title=meta.string("title", ""),
        source=meta.string("source", ""),
        date=meta.string("date", ""),
        description=meta.string("description", ""),
        approval=meta.string("approval", ""),
        amendments=tuple(sorted(amendments)),
        rules=rules,
        options={k: v for k, v in data.items() if k != "ruleset"},
    )
    meta._used.add("extends")
    meta.finish()
    return ruleset


def load_ruleset(name: str, overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """Load a preset by name (or a ``.toml`` path), with optional ``{"shoe.decks": 6}``
    overrides applied before validation."""
    if name.endswith(".toml") or "/" in name:
        return load_ruleset_file(Path(name), overrides)
    data = _resolve(_read_preset(name), (name,))
    data.setdefault("ruleset", {}).setdefault("name", name)
    return build_ruleset(_apply_overrides(data, overrides), name)


def load_ruleset_file(path: Path, overrides: Mapping[str, Any] | None = None) -> Ruleset:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RulesetError("ruleset", f"cannot read {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError("ruleset", f"{path} is not valid TOML: {exc}") from None
    data = _resolve(data, ())
    return build_ruleset(_apply_overrides(data, overrides), path.stem)
