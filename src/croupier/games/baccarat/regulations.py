"""What each regulation allows a baccarat ruleset to choose, and building validated rules.

:func:`build_rules` reads the option tables of a ruleset (``shoe``, ``table``, ``bets``,
``jackpot``) and refuses, with the option's path and the article, any value its regulation does
not allow. The bounds live here, next to the article that sets them:

Macau (Despacho 55/2004, amended by 2/2009; later amendments by name in ``amendments``):
  decks 6..12 (art. 1(1)); manual shoe with a cut card about 12 cards from the end and a burn by
  the number of decks or by a card's face value (art. 2(1)), or an automatic shuffler with neither
  (art. 2(3)); a fixed burn of 1..8 cards only with amendment 83/2011; up to 3 demonstration hands
  (art. 2(2)); end of shoe at once or after one more round (art. 3(1)); a burn at each round
  (art. 8); seven or more seats (art. 1(5)); commission scheme of art. 18 (the two no-commission
  schemes need 73/2005 or 2/2009, and 2/2009 respectively); pairs (art. 13), Dragon 7 and the
  jackpot (2/2009), Lucky 6 (56/2018), other registered bets with an approval reference
  (69/2009).
Portugal (Regulamento 812/2015):
  6 or 8 decks and 1..9 seats (rule 6); minimum bet in euros (rule 14); Player, Banker, Tie and
  optionally the pairs (rules 9-10); commission none, 26(a) or 26(b) (rule 26); Ponto e Banca:
  maxima within rule 15; Ponto e Banca/Macau: no individual maxima (rule 40), an optional maximum
  payout per round (rule 41). The regulation is silent on the shoe procedure: a table may follow
  any of the physical procedures (rule 3 asks the online table to reproduce a physical one).
"""

from __future__ import annotations

from croupier.citing import macau_baccarat, pt
from croupier.errors import RulesetError
from croupier.games.baccarat import options as O
from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.commission import DEDUCTIONS, SCHEMES
from croupier.games.baccarat.jackpot import COMBINATIONS, JackpotSpec
from croupier.games.baccarat.limits import RULE15_MULTIPLES
from croupier.games.baccarat.rules import MAIN_BETS, BaccaratRules, BetLimit
from croupier.games.baccarat.sidebets import registered_side_bets
from croupier.money import MoneyPolicy
from croupier.options import Options, read_minimum, read_money
from croupier.pool import JackpotPrize, read_pool, read_prize
from croupier.shoe import Burn, EndOfShoe, ShoeMode, ShoeSpec

#: Macau amendments croupier knows, and those each one brings in with it.
MACAU_AMENDMENTS = {
    "73/2005": frozenset({"73/2005"}),
    "2/2009": frozenset({"2/2009", "73/2005"}),  # 2/2009 keeps 73/2005's no-commission option
    "69/2009": frozenset({"69/2009"}),
    "83/2011": frozenset({"83/2011"}),
    "56/2018": frozenset({"56/2018"}),
}

_m = macau_baccarat


def expand_amendments(regulation: Regulation, names: list[str]) -> frozenset[str]:
    if regulation.portuguese:
        if names:
            raise RulesetError(
                "ruleset.amendments", "the Portuguese regulation has no Macau amendments"
            )
        return frozenset()
    out: set[str] = set()
    for name in names:
        if name not in MACAU_AMENDMENTS:
            known = ", ".join(MACAU_AMENDMENTS)
            raise RulesetError("ruleset.amendments", f"unknown amendment {name!r} ({known})")
        out |= MACAU_AMENDMENTS[name]
    return frozenset(out)


def build_rules(
    regulation: Regulation, amendments: frozenset[str], options: Options
) -> BaccaratRules:
    """Validated :class:`BaccaratRules` from a ruleset's option tables."""
    shoe = _shoe(regulation, amendments, options)
    table = options.section("table")
    money = _money(regulation, table)
    seats = _seats(regulation, options)
    minimum = read_minimum(
        table, "minimum_bet", money, pt("rule 14") if regulation.portuguese else _m("art. 14")
    )
    maximum = table.optional_integer("maximum_bet", minimum=minimum)
    squeeze = O.SQUEEZE.read(options)  # art. 16(1): the house allows it, or not
    if squeeze and regulation.portuguese:
        raise RulesetError("table.squeeze", "squeezing is a land-based option", _m("art. 16"))
    cap = _max_payout(regulation, options, minimum)
    bets = options.section("bets")
    commission = _commission(regulation, amendments, options)
    side_bets = _side_bets(regulation, amendments, bets)
    jackpot = _jackpot(regulation, amendments, options, money)
    offered = (*MAIN_BETS, *side_bets)
    limits = _bet_limits(regulation, bets.section("limits"), offered, minimum, maximum)
    if regulation is Regulation.PT_MACAU and maximum is not None:
        raise RulesetError(
            "table.maximum_bet",
            "individual bets are unlimited at Ponto e Banca/Macau; set "
            "table.max_payout_per_round instead",
            pt("rule 40"),
        )
    if regulation is Regulation.PT:
        _check_rule15("table.maximum_bet", "player", maximum, minimum)
    banker_minimum = limits["banker"].minimum if "banker" in limits else minimum
    _check_commission_survives(regulation, commission, money, banker_minimum)
    return BaccaratRules(
        regulation=regulation,
        shoe=shoe,
        money=money,
        amendments=amendments,
        seats=seats,
        minimum_bet=minimum,
        maximum_bet=maximum,
        bet_limits=limits,
        max_payout_per_round=cap,
        commission=commission,
        side_bets=tuple(side_bets),
        jackpot=jackpot,
        squeeze=squeeze,
    )


def _shoe(regulation: Regulation, amendments: frozenset[str], options: Options) -> ShoeSpec:
    macau = regulation is Regulation.MACAU
    if macau:
        decks = O.DECKS.read(options)
    else:
        decks = O.DECKS_PT.read(options)
        if decks not in (6, 8):
            raise RulesetError("shoe.decks", f"{decks} is not allowed: 6 or 8", pt("rule 6"))
    mode = ShoeMode(O.SHOE_MODE.read(options))
    continuous = mode is ShoeMode.CONTINUOUS
    burn = Burn(O.BURN.read(options, default="none" if continuous else O.BURN.default))
    burn_cards = O.BURN_CARDS.read(options)
    burn_each_round = O.BURN_EACH_ROUND.read(options)
    demos = O.DEMONSTRATION_HANDS.read(options)
    end = EndOfShoe(O.END_OF_SHOE.read(options))
    cut = O.CUT_CARD.read(options)
    spread = O.CUT_CARD_SPREAD.read(options)
    if mode is ShoeMode.CONTINUOUS:
        # Automatic shuffler-dealer: no cut card, no burn, no shoe to open (art. 2(3), 7(2)).
        if burn is not Burn.NONE:  # and online, a shuffler reproduced (PT rule 3)
            raise RulesetError("shoe.burn", "an automatic shuffler burns no cards", _m("art. 2(3)"))
        if burn_each_round:
            raise RulesetError(
                "shoe.burn_each_round", "the per-round burn is taken from a shoe", _m("art. 8")
            )
        if demos:
            raise RulesetError(
                "shoe.demonstration_hands",
                "demonstration hands open a shoe; an automatic shuffler has none",
                _m("art. 2(2)"),
            )
    else:
        if macau and burn is Burn.NONE:
            raise RulesetError(
                "shoe.burn", "a shoe opens with a burn: 'decks' or 'face_value'", _m("art. 2(1)")
            )
        if burn is Burn.FIXED:
            if macau and "83/2011" not in amendments:
                raise RulesetError(
                    "shoe.burn",
                    "a fixed burn needs amendment 83/2011 in ruleset.amendments",
                    "Macau 83/2011",
                )
            if not 1 <= burn_cards <= 8:
                raise RulesetError(
                    "shoe.burn_cards",
                    f"{burn_cards} is not allowed: must be 1 to 8",
                    "Macau 83/2011",
                )
        elif burn_cards:
            raise RulesetError("shoe.burn_cards", "applies only to burn = 'fixed'")
        per_round = (7 if burn_each_round else 6) * (2 if end is EndOfShoe.ONE_MORE_ROUND else 1)
        if cut - spread < per_round:  # a shoe that finishes its coups, online too (PT rule 3)
            raise RulesetError(
                "shoe.cut_card",
                f"{cut} cards (spread {spread}) behind the cut card cannot finish the shoe: "
                f"at least {per_round} are needed",
                _m("art. 2(1), 3(1)"),
            )
    return ShoeSpec(decks, mode, cut, spread, burn, burn_cards, burn_each_round, demos, end)


def _money(regulation: Regulation, o: Options) -> MoneyPolicy:
    money = read_money(o, "EUR" if regulation.portuguese else "MOP")
    if regulation.portuguese and money.currency != "EUR":
        raise RulesetError(
            "table.currency",
            f"{money.currency!r}: bets are expressed in euros",
            pt("rules 2, 14"),
        )
    return money


def _seats(regulation: Regulation, options: Options) -> int:
    seats: int = (O.SEATS_PT if regulation.portuguese else O.SEATS).read(options)
    return seats


def _max_payout(regulation: Regulation, options: Options, minimum: int) -> int | None:
    o = options.at(O.MAX_PAYOUT.section)
    if not o.has(O.MAX_PAYOUT.key):
        o.optional_integer(O.MAX_PAYOUT.key)
        return None
    if regulation is not Regulation.PT_MACAU:
        raise RulesetError(
            "table.max_payout_per_round",
            "a maximum payout per round belongs to Ponto e Banca/Macau",
            pt("rule 41"),
        )
    cap: int | None = O.MAX_PAYOUT.read(options, minimum=minimum)
    return cap


def _check_commission_survives(
    regulation: Regulation, scheme: str, money: MoneyPolicy, banker_minimum: int
) -> None:
    """Macau art. 18(1): "a banca ... paga uma comissão de 5%" on every Banker win (PT rule
    26(a): "Dedução de 5 % sobre o valor dos prémios de cada jogada ganha pelo grupo da
    banca"). A rounding unit so coarse that the commission of the smallest Banker bet rounds to
    nothing would pay those wins without it, against the text: refused (issue 17, item 6: a
    1 MOP unit with a 10 MOP minimum paid a 19 MOP Banker win whole). Bets grow by whole units
    from the minimum, so the minimum's commission is the smallest there is."""
    rate = DEDUCTIONS.get(scheme)
    if rate is None:
        return
    stake = banker_minimum
    exact = stake * rate  # of a prize equal to the stake (1:1)
    charged = 2 * stake - money.to_player(2 * stake - exact)
    if charged <= 0:
        article = pt("rule 26") if regulation.portuguese else _m("art. 18(1)")
        raise RulesetError(
            "table.rounding_unit",
            f"a unit of {money.unit} rounds the commission of the smallest Banker bet "
            f"({stake} minor units: {exact} due on its win) to nothing; Banker wins would be "
            "paid without it",
            article,
        )


def _commission(regulation: Regulation, amendments: frozenset[str], options: Options) -> str:
    allowed = [n for n, s in SCHEMES.items() if regulation in s.regulations]
    declared = O.COMMISSION_PT if regulation.portuguese else O.COMMISSION
    name: str = declared.read(options, choices=allowed)
    scheme = SCHEMES[name]
    if scheme.amendment and scheme.amendment not in amendments:
        raise RulesetError(
            "bets.commission",
            f"{name!r} needs amendment {scheme.amendment} in ruleset.amendments",
            f"Macau {scheme.amendment}",
        )
    return name


def _side_bets(regulation: Regulation, amendments: frozenset[str], o: Options) -> list[str]:
    names = o.strings("side_bets", [])
    registry = registered_side_bets()
    for name in names:
        where = f"bets.side_bets: {name!r}"
        if name not in registry:
            raise RulesetError(
                where,
                f"no such side bet is registered ({', '.join(registry)})",
                "Macau 69/2009" if regulation is Regulation.MACAU else pt("rule 10"),
            )
        bet = registry[name]
        if regulation not in bet.sources:
            article = pt("rules 9-10") if regulation.portuguese else _m("art. 13")
            raise RulesetError(where, "is not a bet this regulation allows", article)
        if bet.amendment and bet.amendment not in amendments:
            raise RulesetError(
                where,
                f"needs amendment {bet.amendment} in ruleset.amendments",
                f"Macau {bet.amendment}",
            )
    return names


def _bet_limits(
    regulation: Regulation,
    o: Options,
    offered: tuple[str, ...],
    minimum: int,
    maximum: int | None,
) -> dict[str, BetLimit]:
    limits: dict[str, BetLimit] = {}
    for kind in list(o.keys()):
        section = o.section(kind)
        if kind not in MAIN_BETS and kind not in registered_side_bets():
            raise RulesetError(f"bets.limits.{kind}", "is not a bet: no limit can apply to it")
        low = section.integer("minimum", minimum, minimum=1)
        high = section.optional_integer("maximum", minimum=low)
        if regulation is Regulation.PT_MACAU and high is not None:
            raise RulesetError(
                f"bets.limits.{kind}.maximum", "individual bets are unlimited", pt("rule 40")
            )
        if regulation is Regulation.PT:
            _check_rule15(f"bets.limits.{kind}.maximum", kind, high, minimum)
        if kind in offered:  # a limit inherited for a bet this variant does not offer is moot
            limits[kind] = BetLimit(low, high if high is not None else maximum)
    return limits


def _check_rule15(option: str, kind: str, maximum: int | None, minimum: int) -> None:
    multiple = RULE15_MULTIPLES.get(kind)
    if multiple is None or maximum is None:
        return
    if maximum > multiple * minimum:
        letter = {"player": "a", "banker": "a", "tie": "b"}.get(kind, "c")
        raise RulesetError(
            option,
            f"{maximum} exceeds {multiple}x the minimum bet ({multiple * minimum})",
            pt(f"rule 15({letter})"),
        )


def _jackpot(
    regulation: Regulation, amendments: frozenset[str], options: Options, money: MoneyPolicy
) -> JackpotSpec | None:
    o = options.section("jackpot")
    if not o.keys():
        return None
    if regulation.portuguese:
        raise RulesetError("jackpot", "the regulation offers no jackpot bet", pt("rules 9-10"))
    article = _m("art. 13(1)(4)(3), 17 (Despacho 2/2009)")
    if "2/2009" not in amendments:
        raise RulesetError("jackpot", "the jackpot needs amendment 2/2009", article)
    modality = o.choice(O.MODALITY.key, None, O.MODALITY.choices, article)
    pool = read_pool(o, money)
    if modality != "A" and o.has("double_pairs"):
        raise RulesetError("jackpot.double_pairs", "applies to Modality A only")
    double_pairs = O.DOUBLE_PAIRS.read(options)
    prizes_o = o.section("prizes")
    prizes: dict[str, JackpotPrize] = {}
    for name, rule, comb_article in COMBINATIONS[modality]:
        p = prizes_o.section(name)
        where = f"jackpot.prizes.{name}"
        cite = _m(comb_article)
        if not prizes_o.has(name):
            raise RulesetError(where, "every combination of the modality needs its prize", cite)
        if rule == "max" and modality == "A":  # Despacho 2/2009 art. 17(6): max(fixed, 10%)
            prizes[name] = read_prize(p, rule, cite, 10)
        else:
            prizes[name] = read_prize(p, rule, cite)
    return JackpotSpec(
        modality=modality,  # type: ignore[arg-type]
        prizes=prizes,
        seed=pool.seed,
        contribution=pool.contribution,
        stake=pool.stake,
        double_pairs_by=double_pairs,
        fixed_prizes_from_pool=O.FIXED_PRIZES_FROM_POOL.read(options),
        returns_stake=O.RETURNS_STAKE.read(options),
    )
