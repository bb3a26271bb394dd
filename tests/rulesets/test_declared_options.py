"""Each option declared once (issue 19, item 5): the declaration (croupier/option_spec.py) is
what the ruleset reader enforces, so a value outside what an option declares is refused naming
that option and the article the declaration cites, for every option of every game; and what
``croupier options`` shows is the declaration itself.

Before the declarations, an option's bounds were written in ``regulations.py``, its source in
``OPTION_SOURCES``, its default in the rules dataclass: three places that could disagree.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.errors import RulesetError
from croupier.games.registry import GAMES
from croupier.option_spec import Option
from croupier.rulesets import load_ruleset

#: a preset of each (game, regulation) whose options the reader reads (the jackpot's options
#: are read where a jackpot is offered)
PRESETS = {
    ("baccarat", "macau"): "macau-2009-jackpot-a",
    ("baccarat", "pt"): "pt-ponto-banca-2015",
    ("baccarat", "pt-macau"): "pt-ponto-banca-macau-2015",
    ("stud", "macau-stud"): "macau-stud-2004",
    ("blackjack", "macau-blackjack"): "macau-blackjack-2007",
}


def _declared() -> list[tuple[str, Option]]:
    out = []
    for (game, regulation), preset in PRESETS.items():
        out.extend((preset, o) for o in GAMES[game].options[regulation].values())
    return out


def _wrong_values(option: Option) -> list[Any]:
    """Values the declaration does not allow."""
    if option.optional:
        return [-5]
    if isinstance(option.default, bool):
        return ["yes"]
    if option.choices:
        return ["no-such-choice"]
    if isinstance(option.default, Fraction):
        return ["7/3"] if option.ratios else []
    if isinstance(option.default, tuple):
        return [["an unregistered prize"]] if option.help.find("register") >= 0 else [7]
    values = []
    if option.minimum is not None:
        values.append(option.minimum - 1)
    if option.maximum is not None:
        values.append(option.maximum + 1)
    return values


CASES = [
    pytest.param(preset, option, value, id=f"{preset}:{option.path}={value!r}")
    for preset, option in _declared()
    for value in _wrong_values(option)
]


def test_every_declared_option_has_a_case_and_an_article_or_a_house_source() -> None:
    assert len(CASES) >= 60
    for _preset, option in _declared():
        assert option.help, option.path
        assert option.article or option.source == "house" or option.path.endswith("spread")


@pytest.mark.parametrize(("preset", "option", "value"), CASES)
def test_a_value_the_declaration_does_not_allow_is_refused_citing_it(
    preset: str, option: Option, value: Any
) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(preset, {option.path: value})
    assert refused.value.option == option.path
    if not isinstance(option.default, bool):  # a type error names the option only
        assert refused.value.article == option.cited


#: options whose default the preset's other options may refuse: a fixed burn's count, the
#: burn of a shuffler, a baccarat cut card the preset's spread brings under twelve cards
TIED = ("shoe.burn_cards", "shoe.burn", "shoe.cut_card")


@pytest.mark.parametrize(("preset", "option"), _declared(), ids=lambda x: getattr(x, "path", x))
def test_the_declared_default_is_a_value_the_reader_accepts(preset: str, option: Option) -> None:
    if option.default is None or option.path in TIED:
        return  # required, or tied to another option the preset sets
    default: Any = option.default
    if isinstance(default, Fraction):
        default = str(default)
    elif isinstance(default, tuple):
        default = list(default)
    load_ruleset(preset, {option.path: default})


@pytest.mark.cites("macau-blackjack-2007", "art. 17(1)")
def test_blackjack_doubling_allows_the_three_modes_of_art_17_1() -> None:
    """Despacho 42/2007 art. 17(1): "O jogador pode dobrar a sua aposta de acordo com uma das
    modalidades alternativas a seguir indicadas: 1) ... sobre as duas primeiras cartas
    distribuídas; 2) ... sobre as duas primeiras cartas de qualquer par separado ...; 3) ...
    quando as duas primeiras cartas totalizem 11 pontos." (The player may double by one of
    three alternative modes: on the first two cards; on the first two cards of a split pair
    too; when the first two cards total 11.) So the option offers exactly three values, and
    ``croupier options`` shows them with the article."""
    out = CliRunner().invoke(app, ["options", "blackjack", "--format", "json"])
    assert out.exit_code == 0, out.output
    shown = {o["option"]: o for o in json.loads(out.output)["options"]}
    double = shown["rules.double"]
    assert double["allowed"].split(" | ") == ["any_two", "any_two_and_after_split", "eleven_only"]
    assert "art. 17(1)" in double["article"] and double["source"] == "text"
    assert set(shown) == set(GAMES["blackjack"].options["macau-blackjack"])


def test_options_of_each_regulation_and_a_refusal_for_an_unknown_one() -> None:
    runner = CliRunner()
    for game, spec in GAMES.items():
        for regulation in spec.regulations:
            out = runner.invoke(
                app, ["options", game, "--regulation", regulation, "--format", "json"]
            )
            assert out.exit_code == 0, out.output
            assert json.loads(out.output)["options"]
    bad = runner.invoke(app, ["options", "blackjack", "--regulation", "pt"])
    assert bad.exit_code == 2 and "--regulation" in bad.output
