"""Bet validation: what a bet may be, given the ruleset and every other bet on the table.

Checked on the table as it would be after the change, so a refused bet changes nothing:

* the bet is offered (Macau art. 13; PT rules 9-10), a positive whole number of the table's unit;
* the table's minimum and maximum for that bet (Macau art. 14 limits; PT rule 14);
* PT rule 15 maxima (Ponto e Banca only; rule 39 lifts them for Ponto e Banca/Macau):
  Player or Banker up to 70x the minimum, Tie 15x, each pair 8x;
* PT rule 13: a player betting on both Player and Banker leaves a difference of at least the
  minimum bet between the two;
* Macau Despacho 2/2009 art. 13(3): jackpot bets only from seated players; a fixed ticket price;
* PT rules 41-43 (Ponto e Banca/Macau with a maximum payout per round ``M``), table-wide: the total
  on Player and the total on Banker differ by at most ``M``; all Tie bets total at most 10% of
  ``M``; all pair bets together at most 8% of ``M``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from croupier.citing import macau_baccarat, pt
from croupier.errors import RuleViolation
from croupier.games.baccarat.articles import Regulation, cite
from croupier.games.baccarat.rules import MAIN_BETS, BaccaratRules
from croupier.games.protocol import Bet
from croupier.i18n.message import msg

PAIR_BETS = ("player_pair", "banker_pair")
#: PT rule 15: maximum as a multiple of the minimum bet.
RULE15_MULTIPLES = {"player": 70, "banker": 70, "tie": 15, "player_pair": 8, "banker_pair": 8}
STAKE_RULE = "a stake is a positive whole number of minor units"
_RULE15_KEY = {"player": "rule15a", "banker": "rule15a", "tie": "rule15b"}


def _fmt(rules: BaccaratRules, amount: int | Fraction) -> str:
    if isinstance(amount, Fraction) and amount.denominator != 1:
        return f"{float(amount) / 10**rules.money.minor_digits:,.4f} {rules.money.currency}"
    return rules.money.format(int(amount))


def verify_bet(rules: BaccaratRules, bet: Bet, table: Iterable[Bet]) -> None:
    """Raise :class:`RuleViolation` if ``bet`` may not stand on a table holding ``table``
    (``table`` includes ``bet`` itself, as the table would be after the change)."""
    reg = rules.regulation
    if bet.kind not in rules.offered_bets:
        offered = ", ".join(rules.offered_bets)
        rule = macau_baccarat("art. 13") if reg is Regulation.MACAU else pt("rules 9-10")
        raise RuleViolation(
            "bet",
            msg(
                "{kind} is not offered at this table ({offered})",
                kind=repr(bet.kind),
                offered=offered,
            ),
            rule,
        )
    if isinstance(bet.amount, bool) or not isinstance(bet.amount, int) or bet.amount <= 0:
        raise RuleViolation(
            "amount",
            msg("{amount} must be a positive whole number of minor units", amount=repr(bet.amount)),
            STAKE_RULE,
        )
    if bet.amount % rules.money.unit:
        raise RuleViolation(
            "amount",
            msg(
                "{amount} is not a multiple of the table unit {unit}",
                amount=_fmt(rules, bet.amount),
                unit=_fmt(rules, rules.money.unit),
            ),
            cite(reg, "limits"),
        )
    if bet.kind == "jackpot":
        _verify_jackpot(rules, bet)
    else:
        _verify_limits(rules, bet)
    mine = {b.kind: b.amount for b in table if b.bettor == bet.bettor}
    if bet.kind == "jackpot" and not any(kind in mine for kind in MAIN_BETS):
        # Despacho 2/2009 art. 13(3): "As apostas num «jackpot» progressivo são adicionais às
        # apostas mencionadas nas alíneas 1) a 3) do n.º 1" (added to a Player, Banker or Tie bet)
        raise RuleViolation(
            "bet",
            "the jackpot bet is added to a Player, Banker or Tie bet: place one first",
            cite(reg, "jackpot"),
        )
    if reg.portuguese and bet.kind in ("player", "banker") and {"player", "banker"} <= set(mine):
        gap = abs(mine["player"] - mine["banker"])
        if gap < rules.minimum_bet:  # PT rule 13: a difference of at least the minimum bet
            raise RuleViolation(
                "amount",
                msg(
                    "bets on both Player ({player}) and Banker ({banker}) must differ by at least "
                    "the minimum bet {minimum_bet}",
                    player=_fmt(rules, mine["player"]),
                    banker=_fmt(rules, mine["banker"]),
                    minimum_bet=_fmt(rules, rules.minimum_bet),
                ),
                cite(reg, "rule13"),
            )
    verify_table(rules, table)


def _verify_jackpot(rules: BaccaratRules, bet: Bet) -> None:
    spec = rules.jackpot
    assert spec is not None
    if not bet.seated:
        raise RuleViolation(
            "seated",
            "jackpot bets are reserved to seated players",
            cite(rules.regulation, "jackpot_seated"),
        )
    if spec.stake is not None and bet.amount != spec.stake:
        raise RuleViolation(
            "amount",
            msg(
                "the jackpot bet is {stake}, not {amount}",
                stake=_fmt(rules, spec.stake),
                amount=_fmt(rules, bet.amount),
            ),
            cite(rules.regulation, "jackpot"),
        )


def _verify_limits(rules: BaccaratRules, bet: Bet) -> None:
    reg = rules.regulation
    limit = rules.limit_for(bet.kind)
    if bet.amount < limit.minimum:
        raise RuleViolation(
            "amount",
            msg(
                "{kind} bet {amount} is below the minimum {minimum}",
                kind=bet.kind,
                amount=_fmt(rules, bet.amount),
                minimum=_fmt(rules, limit.minimum),
            ),
            cite(reg, "limits"),
        )
    if limit.maximum is not None and bet.amount > limit.maximum:
        raise RuleViolation(
            "amount",
            msg(
                "{kind} bet {amount} is above the maximum {maximum}",
                kind=bet.kind,
                amount=_fmt(rules, bet.amount),
                maximum=_fmt(rules, limit.maximum),
            ),
            cite(reg, "limits"),
        )
    # PT rule 15's maxima, at a Ponto e Banca table only: rule 39, "com exceção da regra n.º
    # 15" (Ponto e Banca/Macau follows the other rules, not this one)
    if reg is Regulation.PT and bet.kind in RULE15_MULTIPLES:
        multiple = RULE15_MULTIPLES[bet.kind]
        cap = multiple * rules.minimum_bet
        if bet.amount > cap:
            raise RuleViolation(
                "amount",
                msg(
                    "{kind} bet {amount} is above {multiple}x the minimum bet ({cap})",
                    kind=bet.kind,
                    amount=_fmt(rules, bet.amount),
                    multiple=multiple,
                    cap=_fmt(rules, cap),
                ),
                cite(reg, _RULE15_KEY.get(bet.kind, "rule15c")),
            )


def limit_article(rules: BaccaratRules, kind: str) -> str:
    """The article that sets the limits of a bet on ``kind`` at this table."""
    reg = rules.regulation
    if reg is Regulation.PT and kind in RULE15_MULTIPLES:
        return f"{cite(reg, 'limits')}, {cite(reg, _RULE15_KEY.get(kind, 'rule15c'))}"
    if reg is Regulation.PT_MACAU:
        return f"{cite(reg, 'limits')}, {cite(reg, 'rule40')}"
    return cite(reg, "jackpot") if kind == "jackpot" else cite(reg, "limits")


def verify_table(rules: BaccaratRules, table: Iterable[Bet]) -> None:
    """Table-wide limits of PT rules 41-43 (Ponto e Banca/Macau with a maximum payout)."""
    cap = rules.max_payout_per_round
    if rules.regulation is not Regulation.PT_MACAU or cap is None:
        return
    totals: dict[str, int] = {}
    for b in table:
        totals[b.kind] = totals.get(b.kind, 0) + b.amount
    player, banker = totals.get("player", 0), totals.get("banker", 0)
    reg = rules.regulation
    if abs(player - banker) > cap:
        raise RuleViolation(
            "amount",
            msg(
                "table totals on Player ({player}) and Banker ({banker}) would differ by more "
                "than the maximum payout per round {cap}",
                player=_fmt(rules, player),
                banker=_fmt(rules, banker),
                cap=_fmt(rules, cap),
            ),
            cite(reg, "rule43a"),
        )
    # the caps compared exactly, in whole numbers: tie > cap / 10, pairs > cap * 8 / 100
    if 10 * totals.get("tie", 0) > cap:
        raise RuleViolation(
            "amount",
            msg(
                "table total on Tie {tie} would exceed 10% of the maximum payout ({value})",
                tie=_fmt(rules, totals["tie"]),
                value=_fmt(rules, Fraction(cap, 10)),
            ),
            cite(reg, "rule43b"),
        )
    pairs = sum(totals.get(k, 0) for k in PAIR_BETS)
    if 100 * pairs > 8 * cap:
        raise RuleViolation(
            "amount",
            msg(
                "table total on pair bets {pairs} would exceed 8% of the maximum payout ({value})",
                pairs=_fmt(rules, pairs),
                value=_fmt(rules, Fraction(cap * 8, 100)),
            ),
            cite(reg, "rule43c"),
        )
