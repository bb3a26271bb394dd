"""What a table tells its players about its game (PT 812/2015 rule 32: the rules, the limits,
the payouts), as typed records (issue 27(2)): the keys every game gives, and those a game adds,
each declared once here with what it means. It travels as JSON (``GET
/tables/{id}/information``), and the browser draws the table from it."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from croupier.money import MoneyPolicy

#: where a bet stands on the felt: a main betting area, a side one, or no area at all (a stake
#: a decision after the deal makes: stud's raise, blackjack's insurance)
Area = Literal["main", "side", "decision"]


class BetInformation(TypedDict):
    kind: str  # the bet's name in the API
    title: str  # its name for people
    area: Area
    pays: str  # what it pays, in words ("1:1 less commission")
    minimum: int | None  # minor units; None: none of its own (a decision's stake)
    maximum: int | None  # minor units; None: no maximum
    article: str  # the article that says what it pays
    limits_article: str  # the article (or the house rule) that sets its limits
    added_to: NotRequired[list[str]]  # a bet placed only beside one of these (a jackpot bet)


class TableInformation(TypedDict):
    """Every game's information; the keys after ``bets`` are the ones a game adds."""

    game: str  # the game's name, as rulesets give it
    regulation: str
    currency: str  # "EUR", "MOP"; a demo table shows points
    minor_digits: int
    unit: int  # the smallest amount paid, in minor units
    minimum_bet: int
    bets: list[BetInformation]
    commission: dict[str, Any]  # {"scheme", "description"}
    ties: str  # what a tie does to the bets, in words
    decks: NotRequired[int]
    both_sides: NotRequired[str | None]  # betting on Player and Banker at once (baccarat)
    table_limits: NotRequired[dict[str, Any]]  # limits on the table's bets together
    rules_of_the_game: NotRequired[dict[str, Any]]  # how the game is played, each rule cited
    dealer: NotRequired[str]  # how the dealer plays (blackjack)
    soft17: NotRequired[str]
    decision: NotRequired[str]  # the decision asked after the deal, in words
    options: NotRequired[dict[str, Any]]  # the house's options and their sources
    boxes: NotRequired[int]
    paytable: NotRequired[dict[str, str]]  # stud's raise paytable
    qualification: NotRequired[str]
    max_payout: NotRequired[int | None]
    jackpot_prizes: NotRequired[dict[str, Any]]
    #: added by the registry for every game: its title, whether it keeps roads
    game_title: NotRequired[str]
    roads: NotRequired[bool]


def table_record(money: MoneyPolicy, record: dict[str, Any]) -> TableInformation:
    """A game's information: ``record`` (the game's keys, written as a literal so that its
    texts read as what they are, words for people) with the table's money. Every key must be
    one :class:`TableInformation` declares, and those every game gives must be there."""
    unknown = set(record) - set(TableInformation.__annotations__)
    if unknown:
        raise TypeError(f"undeclared information keys {sorted(unknown)}: declare them here")
    missing = {"game", "regulation", "minimum_bet", "bets", "commission", "ties"} - set(record)
    if missing:
        raise TypeError(f"information without {sorted(missing)}")
    return cast(TableInformation, {**money.information(), **record})
