"""The command line: rules, baccarat deal (its JSON contract) and the terminal game."""

import json

import pytest
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


class Result:
    """A CLI result whose ``output`` has Rich's line wrapping folded back into spaces."""

    def __init__(self, raw):
        self.exit_code = raw.exit_code
        self.stdout = raw.stdout
        self.output = " ".join(raw.output.split())


def run(*args, input=None):
    return Result(runner.invoke(app, list(args), input=input))


def test_rules_lists_presets_with_citations():
    result = run("rules", "--format", "json")
    assert result.exit_code == 0
    rows = {r["name"]: r for r in json.loads(result.stdout)["rulesets"]}
    assert {"macau-2004", "macau-2009", "pt-ponto-banca-2015", "pt-ponto-banca-macau-2015"} <= set(
        rows
    )
    assert "55/2004" in rows["macau-2009"]["source"] and "2/2009" in rows["macau-2009"]["source"]
    text = run("rules")
    assert text.exit_code == 0 and "pt-ponto-banca-macau-2015" in text.stdout


def test_rules_shows_one_preset():
    result = run("rules", "macau-2009-jackpot-a", "--format", "json")
    detail = json.loads(result.stdout)
    assert detail["options"]["jackpot"]["modality"] == "A"
    assert "jackpot" in detail["offered_bets"]


CONTRACT = {
    "player_cards",
    "banker_cards",
    "player_total",
    "banker_total",
    "winner",
    "player_pair",
    "banker_pair",
    "dragon7",
    "jackpot",
}


def test_deal_json_contract():
    result = run(
        "baccarat",
        "deal",
        "--ruleset",
        "macau-2009",
        "--seed",
        "3",
        "--rounds",
        "5",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"] == "macau-2009" and len(data["rounds"]) == 5
    for r in data["rounds"]:
        assert set(r) >= CONTRACT
        assert r["winner"] in ("player", "banker", "tie")
        assert isinstance(r["player_pair"], bool) and isinstance(r["dragon7"], bool)
        assert r["jackpot"] is None  # no jackpot offered by this ruleset
        assert 2 <= len(r["player_cards"]) <= 3 and all(len(c) == 2 for c in r["player_cards"])


def test_deal_is_reproducible_with_a_seed():
    args = ("baccarat", "deal", "--seed", "99", "--rounds", "8", "--format", "json")
    assert run(*args).stdout == run(*args).stdout


def test_deal_with_stacked_cards_deals_whole_rounds_only():
    # round 1: P 9S KD (9) natural vs B 7S KD: 4 cards; round 2: 2S 5S KD KD TC = 5 cards;
    # then 3 cards left: not enough for a round
    cards = "9S,7S,KD,KD, 2S,5S,KD,KD,TC, AS,AH,AD"
    result = run("baccarat", "deal", "--cards", cards, "--rounds", "10", "--format", "json")
    assert result.exit_code == 0, result.output
    rounds = json.loads(result.stdout)["rounds"]
    assert len(rounds) == 2
    assert rounds[0]["player_cards"] == ["9S", "KD"] and rounds[0]["banker_cards"] == ["7S", "KD"]
    assert rounds[0]["winner"] == "player" and rounds[0]["player_total"] == 9
    assert rounds[1]["player_cards"] == ["2S", "KD", "TC"] and rounds[1]["banker_cards"] == [
        "5S",
        "KD",
    ]
    assert rounds[1]["banker_total"] == 5 and rounds[1]["winner"] == "banker"
    assert rounds[1]["dealing_order"] == ["2S", "5S", "KD", "KD", "TC"]
    # --rounds smaller than what the cards allow
    one = run("baccarat", "deal", "--cards", cards, "--rounds", "1", "--format", "json")
    assert len(json.loads(one.stdout)["rounds"]) == 1


def test_deal_reports_jackpot_per_offered_modality():
    cards = "5S,5D,5H,6C,2C,2D"
    result = run(
        "baccarat", "deal", "-r", "macau-2009-jackpot-a", "--cards", cards, "--format", "json"
    )
    [r] = json.loads(result.stdout)["rounds"]
    assert r["jackpot"] == {"A": "three_of_a_kind"} and r["player_pair"] is True


@pytest.mark.cites("macau-baccarat-2009", "art. 13(1)")
def test_modality_a_double_pairs_of_equal_points_is_a_single_pair():
    """Issue 17, item 1, as it was seen: Despacho 2/2009 art. 13(1)(4)(3)A.iv, "um par de banca
    e um par de jogador sendo a respectiva pontuação diferente": J-J and Q-Q both score 0."""
    cards = "JS,QD,JH,QC,2C,2D"
    result = run(
        "baccarat",
        "deal",
        "--ruleset",
        "macau-2009-jackpot-a",
        "--cards",
        cards,
        "--format",
        "json",
    )
    [r] = json.loads(result.stdout)["rounds"]
    assert r["player_pair"] and r["banker_pair"] and r["jackpot"] == {"A": "single_pair"}
    rank = run(
        "baccarat",
        "deal",
        "-r",
        "macau-2009-jackpot-a",
        "--set",
        "jackpot.double_pairs=rank",
        "--cards",
        cards,
        "--format",
        "json",
    )
    assert json.loads(rank.stdout)["rounds"][0]["jackpot"] == {"A": "double_pairs"}


def test_deal_text_output():
    result = run("baccarat", "deal", "--seed", "1", "--rounds", "2")
    assert result.exit_code == 0 and "Round 2" in result.stdout and "commitment" in result.stdout


def test_bad_cards_and_bad_rulesets_are_clear_errors():
    result = run("baccarat", "deal", "--cards", "9S,ZZ")
    assert result.exit_code == 2 and "--cards" in result.output and "ZZ" in result.output
    result = run("baccarat", "deal", "--set", "shoe.decks=5")
    assert result.exit_code == 2 and "shoe.decks" in result.output and "art. 1(1)" in result.output
    result = run("baccarat", "deal", "--ruleset", "nope")
    assert result.exit_code == 2 and "no preset named" in result.output


def test_set_overrides_a_ruleset_option():
    result = run(
        "baccarat",
        "deal",
        "--set",
        "bets.commission=banker6_half",
        "--seed",
        "1",
        "--rounds",
        "1",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output


def test_play_a_round_in_the_terminal():
    # a bad bet is refused with its rule; a good one is dealt and settled; q ends the session
    result = run(
        "baccarat", "play", "--seed", "5", "--bankroll", "1000", input="banker 5\nbanker 100\nq\n"
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "below the minimum" in out and "art. 14" in out
    assert "Player" in out and "Banker" in out and "Balance:" in out
    assert "Session statement" in out and "1 round(s)" in out


def test_play_repeats_bets_and_keeps_the_balance_right():
    result = run(
        "baccarat", "play", "--seed", "12", "--bankroll", "1000", input="player 100\n\n\nq\n"
    )
    out = result.output
    assert "3 round(s)" in out and "total bet 300.00 MOP" in out


def test_play_refuses_bets_beyond_the_balance():
    result = run("baccarat", "play", "--seed", "5", "--bankroll", "150", input="banker 200\nq\n")
    assert "balance is" in result.output and "0 round(s)" in result.output


def test_play_ends_on_end_of_input():
    result = run("baccarat", "play", "--seed", "5", input="")
    assert result.exit_code == 0 and "Session statement" in result.output


def _terminal(cards, lines, bankroll=100000):
    from rich.console import Console

    from croupier.cli.baccarat_play import TerminalBaccarat
    from croupier.rulesets import load_ruleset
    from croupier.shoe import StackedCards

    feed = iter(lines)

    def ask(prompt):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    game = TerminalBaccarat(
        load_ruleset("macau-2009"), bankroll, None, console, cards=StackedCards(cards), ask=ask
    )
    game.run()
    return game, console.export_text()


TIE_THEN_PLAYER = "7S,7H,KD,KC, 9S,7S,KD,KD"


def test_play_keeps_tie_bets_on_the_table_art_12():
    game, out = _terminal(TIE_THEN_PLAYER, ["player 100", ""])
    assert "Your bets stay on the table after the tie (art. 12): player 100.00 MOP" in out
    assert game.balance == 100000 + 10000  # the carried 100 won 1:1
    assert game.total_bet == 20000 and game.total_paid == 30000 and game.rounds == 2


def test_play_can_withdraw_tie_bets_art_12_1():
    game, out = _terminal(TIE_THEN_PLAYER, ["player 100", "clear", "q"])
    assert "Bets withdrawn." in out
    assert game.balance == 100000 and game.total_bet == 10000 and game.rounds == 1
    assert "net result 0.00 MOP" in out


def test_play_leaving_with_bets_on_the_table_returns_them():
    game, _out = _terminal(TIE_THEN_PLAYER, ["player 100", "q"], bankroll=100000)
    # the tie left the Player bet standing; leaving before the deal refunds it
    assert game.balance == 100000 and game.total_bet == 10000 and game.rounds == 1


def test_play_adding_to_tie_bets_settles_both():
    game, _ = _terminal(TIE_THEN_PLAYER, ["player 100", "banker 200", "q"], bankroll=100000)
    # round 2: the carried Player 100 wins 1:1, the new Banker 200 loses
    assert game.balance == 100000 - 20000 + 10000 and game.rounds == 2


def test_what_a_newcomer_met_on_the_command_line():
    """Issue 18, items 7 and 9: `rules macau-2009` lost its [shoe], [table], [bets] headings
    (read as markup; they are the names --set needs); `--seed -3` did not name the option;
    `--cards "9S"` dealt nothing and exited 0; `blackjack hint "AS"` took one card."""
    shown = run("rules", "macau-2009")
    assert shown.exit_code == 0
    assert all(f"[{s}]" in shown.stdout for s in ("shoe", "table", "bets"))
    seed = run("baccarat", "deal", "--seed", "-3")
    assert seed.exit_code == 2 and "--seed" in seed.output
    for game in ("baccarat", "stud"):
        nothing = run(game, "deal", "--cards", "9S")
        assert nothing.exit_code == 2 and "no complete round" in nothing.output, game
    one = run("blackjack", "hint", "AS", "--dealer", "9H")
    assert one.exit_code == 2 and "two cards" in one.output


def test_piped_output_never_wraps_or_truncates_a_value():
    """Issue 18, item 8: piped output wrapped at 80 columns: the SHA-256 commitment split
    across lines and jackpot rows were cut (`jackpot_B_f…`). Machine-readable values stay
    whole when the output is not a terminal."""
    import re
    import subprocess
    import sys

    def piped(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "croupier", *args], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    dealt = piped("baccarat", "deal", "--seed", "1", "--rounds", "1")
    assert re.search(r"commitment sha256 [0-9a-f]{64};", dealt)
    analysed = piped("analyze", "baccarat", "--ruleset", "macau-2009-jackpot-b")
    assert "jackpot_B_six_of_a_kind" in analysed and "…" not in analysed


@pytest.mark.cites("pt-812-2015", "rule 15")
def test_limits_shown_are_the_limits_applied_and_small_wordings():
    """Issue 18, items 6 and 9: `rules pt-ponto-banca-2015` and the terminal game said "no
    maximum" though PT 812/2015 rule 15 caps every bet ("a) No ponto ou na banca, até 70 vezes
    o valor da aposta mínima; b) No empate, até 15 vezes; c) No par ... até 8 vezes"); `--set
    nonsense` suggested an option value most rulesets refuse; "1 decks"."""
    shown = run("rules", "pt-ponto-banca-2015")
    assert "player 1.00 to 70.00" in shown.output and "tie 1.00 to 15.00" in shown.output
    assert "player_pair 1.00 to 8.00" in shown.output
    played = run("baccarat", "play", "--ruleset", "pt-ponto-banca-2015", "--seed", "1", input="q\n")
    assert "no maximum" not in played.output and "player 1.00 to 70.00" in played.output
    hint = run("baccarat", "deal", "--set", "nonsense")
    suggested = hint.output.rsplit("e.g. ", 1)[1].split()[0]
    assert run("baccarat", "deal", "--set", suggested, "--rounds", "1").exit_code == 0
    assert "1 deck," in run("analyze", "baccarat", "--decks", "1").output


def test_monitor_says_when_the_input_ends_inside_a_round():
    """Issue 18, item 9: given an incomplete round, `monitor` printed nothing at all."""
    partial = run("monitor", "baccarat", "--input", "-", input="9S 7S KD\n")
    assert partial.exit_code == 0 and "incomplete round" in partial.output
    assert "9S 7S KD" in partial.output
    data = json.loads(
        runner.invoke(
            app, ["monitor", "baccarat", "--input", "-", "--format", "json"], input="9S 7S KD\n"
        ).stdout
    )
    assert data["rounds"] == [] and data["incomplete_round"] == ["9S", "7S", "KD"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["analyze", "stud", "--strategy", "x"],
            "--strategy: 'x' must be optimal, own, pair or ak",
        ),
        (["analyze", "stud", "--order", "x"], "--order: 'x' must be macau or us"),
        (["blackjack", "hint", "AS,7D", "--dealer", "ZZ"], "--dealer: card 'ZZ'"),
        (["blackjack", "hint", "AS,QQ", "--dealer", "9H"], "HAND: card 'QQ'"),
        (["monitor", "baccarat", "--input", "/nonexistent/shoe"], "--input: cannot read"),
        (["baccarat", "deal", "--set", "nosuch.opt=1"], "nosuch.opt: is not an option"),
        (["compliance", "--regulation", "mars"], "'mars' is not a regulation croupier implements"),
    ],
)
def test_each_refusal_names_its_own_field(args, says):
    """Issue 34(4): --strategy and --order shared one message; --input and --dealer were not
    named; --set nosuch.opt=1 named "nosuch"; "is one of" read as a statement."""
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert says in " ".join(result.output.split()), result.output


@pytest.mark.parametrize("game_name", ["baccarat", "stud", "blackjack"])
def test_ctrl_c_leaves_the_table_with_the_session_statement(game_name):
    """Issue 34(4): Ctrl-C left a terminal game with a traceback and no statement; it now
    leaves as "q" does, with the statement of the session."""
    from rich.console import Console

    from croupier.cli.baccarat_play import TerminalBaccarat
    from croupier.cli.blackjack_play import TerminalBlackjack
    from croupier.cli.stud_play import TerminalStud
    from croupier.rng import SeededRandomSource
    from croupier.rulesets import load_ruleset

    classes = {
        "baccarat": (TerminalBaccarat, "macau-2009", "banker 100"),
        "stud": (TerminalStud, "macau-stud-2004", "ante 100"),
        "blackjack": (TerminalBlackjack, "macau-blackjack-2007", "1 100"),
    }
    cls, preset, first = classes[game_name]
    answers = iter([first])

    def ask(prompt):
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    console = Console(record=True, width=200)
    cls(load_ruleset(preset), 100000, SeededRandomSource(3), console, ask=ask).run()
    assert "Session statement" in console.export_text()


@pytest.mark.parametrize(
    "preset", ["macau-2004", "macau-2009", "pt-ponto-banca-2015", "macau-2009-jackpot-a"]
)
def test_the_baccarat_help_offers_what_the_table_offers_and_its_example_is_accepted(preset):
    """Issue 34(4): the help gave 'p 50 t 10 pp 5', which a 100.00 MOP table refuses, and listed
    dragon7 and jackpot at tables without them."""
    import re

    from rich.console import Console

    from croupier.cli.baccarat_play import TerminalBaccarat
    from croupier.rng import SeededRandomSource
    from croupier.rulesets import load_ruleset

    ruleset = load_ruleset(preset)
    game = TerminalBaccarat(ruleset, 10**9, SeededRandomSource(1), Console(record=True))
    text = game.help()
    listed = re.search(r"bets: (.*)", text)[1]
    assert {pair.split("/")[1] for pair in listed.split(", ")} == set(ruleset.rules.offered_bets)
    for example in re.findall(r"'([a-z][^']*)'", text.split("\n")[0]):
        answers = iter([example, "q"])
        console = Console(record=True, width=200)
        TerminalBaccarat(
            ruleset, 10**9, SeededRandomSource(1), console, ask=lambda _p, a=answers: next(a)
        ).run()
        out = console.export_text()
        assert "1 round(s)" in out, (example, out)  # the example's bets were played


@pytest.mark.parametrize(
    ("module", "cls", "preset", "first"),
    [
        ("stud_play", "TerminalStud", "macau-stud-2004", "ante"),
        ("blackjack_play", "TerminalBlackjack", "macau-blackjack-2007", "bet"),
    ],
)
def test_the_stud_and_blackjack_help_examples_are_accepted(module, cls, preset, first):
    import importlib
    import re

    from rich.console import Console

    from croupier.rng import SeededRandomSource
    from croupier.rulesets import load_ruleset

    game_class = getattr(importlib.import_module(f"croupier.cli.{module}"), cls)
    ruleset = load_ruleset(preset)
    text = game_class(ruleset, 10**9, SeededRandomSource(1), Console()).help()
    examples = re.findall(r"'([0-9][^']*)'", text)
    assert examples, text
    for example in examples:
        answers = iter([example, "s", "s", "s", "f", "q", "q"])
        console = Console(record=True, width=200)
        game_class(
            ruleset, 10**9, SeededRandomSource(1), console, ask=lambda _p, a=answers: next(a, "q")
        ).run()
        out = console.export_text()
        assert "1 round(s)" in out, (example, out)
