from croupier.rulesets import load_ruleset


def stud_rules(**overrides):
    base = {
        "table.rounding_unit": 1,
        "table.minimum_ante": 100,
        "table.maximum_ante": 100000,
        "jackpot.stake": 100,
        "jackpot.seed": 100000,
        "jackpot.contribution": "0.1",
    }
    return load_ruleset("macau-stud-2004", {**base, **overrides}).stud()


def of(settlement, kind, seat=1):
    [bet] = [b for b in settlement.bets if b.kind == kind and b.box == seat]
    return bet
