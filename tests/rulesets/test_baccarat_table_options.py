"""A baccarat ruleset's decks, seats and squeeze at the boundaries the texts draw (Macau DRE
55/2004 art. 1, art. 16(1); PT Regulamento 812/2015 rule 6), and what a ruleset silent on them
gets: each value on its allowed side loads, each one past it is refused naming the option."""

from __future__ import annotations

from importlib import resources

import pytest

from croupier.errors import RulesetError
from croupier.games.registry import table_seats
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file

MACAU, PT = "macau-2009", "pt-ponto-banca-2015"


def rules(preset, **overrides):
    return load_ruleset(preset, overrides).rules


def refused(preset, option, value):
    with pytest.raises(RulesetError) as error:
        load_ruleset(preset, {option: value})
    assert error.value.option == option, str(error.value)


def silent(tmp_path, preset, keys):
    """``preset`` with the lines setting ``keys`` removed: a ruleset that names none of them."""
    text = (resources.files("croupier.rulesets") / "presets" / f"{preset}.toml").read_text()
    kept = [line for line in text.splitlines() if line.split("=")[0].strip() not in keys]
    path = tmp_path / f"silent-{preset}.toml"
    path.write_text("\n".join(kept))
    return load_ruleset_file(path).rules


@pytest.mark.cites("macau-baccarat-2004", "art. 1", "art. 1(1)")
def test_a_macau_shoe_holds_six_to_twelve_decks_art_1_1():
    """Art. 1(1): "Seis a doze baralhos de 52 cartas" (six to twelve decks of 52 cards)."""
    for decks in (6, 12):
        assert rules(MACAU, **{"shoe.decks": decks}).shoe.decks == decks
    for decks in (5, 13):
        refused(MACAU, "shoe.decks", decks)


@pytest.mark.cites("pt-812-2015", "rule 6")
def test_a_portuguese_shoe_holds_six_or_eight_decks_rule_6():
    """Rule 6: "Utilização de seis ou oito baralhos de cartas" (six or eight decks)."""
    for decks in (6, 8):
        assert rules(PT, **{"shoe.decks": decks}).shoe.decks == decks
    for decks in (5, 7, 9):
        refused(PT, "shoe.decks", decks)


def seats_bounded(preset, allowed, table, article):
    """``preset``'s ruleset takes ``allowed`` seats (lowest, highest) and refuses one fewer or
    one more; an online table of it has ``table`` seats, citing ``article``."""
    low, high = allowed
    for seats in (low, high):
        assert rules(preset, **{"table.seats": seats}).seats == seats
    for seats in (low - 1, high + 1):
        refused(preset, "table.seats", seats)
    lowest, highest, cited = table_seats(rules(preset))
    assert (lowest, highest) == table and article in cited


@pytest.mark.cites("macau-baccarat-2004", "art. 1", "art. 1(5)")
def test_a_macau_table_has_seven_or_more_seats_art_1_5():
    """Art. 1(5): "Uma mesa de jogo ... com sete ou mais lugares sentados" (a table with seven
    or more seats). The ruleset takes 7 to 20 (a felt of more is not made); an online table of
    croupier's draws at most nine (choice O14)."""
    seats_bounded(MACAU, (7, 20), (7, 9), "art. 1(5)")


@pytest.mark.cites("pt-812-2015", "rule 6")
def test_a_portuguese_table_has_one_to_nine_seats_rule_6():
    """Rule 6: "Mesas de um a nove lugares" (tables of one to nine places)."""
    seats_bounded(PT, (1, 9), (1, 9), "rule 6")


@pytest.mark.cites("macau-baccarat-2004", "art. 1", "art. 1(1)", "art. 1(5)")
@pytest.mark.cites("macau-baccarat-2004", "art. 16", "art. 16(1)")
@pytest.mark.cites("pt-812-2015", "rule 6")
def test_a_ruleset_silent_on_them_gets_eight_decks_seven_seats_and_no_squeeze(tmp_path):
    """Where a ruleset names no decks, no seats and no squeeze, croupier deals eight decks
    (within art. 1(1)'s six to twelve and rule 6's six or eight), lays seven seats (art. 1(5)'s
    "sete ou mais", within rule 6's one to nine), and lets no player handle the cards: art.
    16(1), "A casa reserva-se o direito de permitir ou não o manuseio das cartas" (the house
    decides), so a house that has not said it allows them does not."""
    for preset in (MACAU, PT, "macau-2004"):
        r = silent(tmp_path, preset, {"decks", "seats", "squeeze"})
        assert (r.shoe.decks, r.seats, r.squeeze) == (8, 7, False), preset
