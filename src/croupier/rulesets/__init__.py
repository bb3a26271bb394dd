"""Rulesets: named, cited presets (TOML data files) and their validation.

A ruleset file names its regulation, date and source and sets every option with the article that
allows it; loading validates each option against that regulation and fails with an error naming
the option and the article. See ``docs/rulesets.md``.
"""

from croupier.rulesets.loader import (
    Ruleset,
    load_ruleset,
    load_ruleset_file,
    preset_names,
)

__all__ = ["Ruleset", "load_ruleset", "load_ruleset_file", "preset_names"]
