"""The baccarat simulator: the exact figures inside its confidence intervals, reproducibility
whatever the number of workers, and round-for-round agreement with the engine."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from scipy.stats import norm
from typer.testing import CliRunner

from croupier.analysis.baccarat_chunk import run_compiled
from croupier.analysis.baccarat_exact import Composition
from croupier.analysis.baccarat_par import bet_figures
from croupier.analysis.simulate_baccarat import _POINTS, HIST_SHAPE, run_chunk
from croupier.analysis.simulation import baccarat_report, chunk_seeds, run_baccarat
from croupier.cards import new_decks
from croupier.cli import app
from croupier.games.baccarat.coup import deal_coup
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards

PRESETS = [
    "macau-2009",
    "macau-2009-banker6-half",
    "macau-2009-dragon7-push",
    "pt-ponto-banca-2015",
]


@pytest.mark.parametrize("preset", PRESETS)
def test_exact_figures_lie_inside_the_confidence_intervals(preset):
    rules = load_ruleset(preset).baccarat()
    report = baccarat_report(rules, run_baccarat(rules, 1_500_000, seed=2026, workers=1))
    _, exact = bet_figures(rules, Composition.full(rules.shoe.decks))
    for sim, ex in zip(report["bets"], exact, strict=True):
        assert sim["bet"] == ex.bet
        lo, hi = sim["house_edge_ci95"]
        assert lo <= float(ex.house_edge) <= hi, (preset, ex.bet)


def test_same_seed_same_result_for_any_number_of_workers():
    rules = load_ruleset("macau-2009").baccarat()
    runs = [run_baccarat(rules, 600_000, seed=11, workers=w) for w in (1, 2, 4)]
    assert all(np.array_equal(runs[0], r) for r in runs[1:])
    assert not np.array_equal(runs[0], run_baccarat(rules, 600_000, seed=12, workers=1))


def family_z(checks: int, level: float = 0.99) -> float:
    """The two-sided normal quantile that keeps a family of ``checks`` statistical checks at
    ``level`` together (Bonferroni). A 95% interval per check would fail some check by chance
    for roughly one random source in twenty; a kernel error moves a figure by many standard
    errors and still fails."""
    return float(norm.ppf(1 - (1 - level) / (2 * checks)))


def test_chunks_do_not_depend_on_workers():
    seeds = chunk_seeds(5, 1_000_000)
    assert [n for _, n in seeds] == [250_000] * 4 and len({s for s, _ in seeds}) == 4
    assert all(0 <= s < 2**63 for s, _ in seeds)  # 63 random bits, a signed 64-bit kernel seed
    assert max(s for s, _ in seeds) >= 2**40  # wider than 32 bits (streams must not overlap)


@pytest.mark.parametrize("kernel", [run_chunk, run_compiled], ids=["numba", "c"])
def test_the_kernel_takes_the_widest_seed(kernel):
    spec = load_ruleset("macau-2009").baccarat().shoe
    assert kernel(2**63 - 1, 1000, spec).sum() == 1000


def _splitmix_below(state: list[int], n: int) -> int:
    """The kernels' generator (SplitMix64, Lemire's bounded draw: analysis/kernel_rng.py) in
    plain Python integers, to replay a kernel's shuffle outside it."""

    def next_u64() -> int:
        state[0] = (state[0] + 0x9E3779B97F4A7C15) % 2**64
        x = state[0]
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % 2**64
        return x ^ (x >> 31)

    m = (next_u64() >> 32) * n
    if m % 2**32 < n:
        while m % 2**32 < (2**32 - n) % n:
            m = (next_u64() >> 32) * n
    return m >> 32


@pytest.mark.parametrize("kernel", [run_chunk, run_compiled], ids=["numba", "c"])
@pytest.mark.parametrize("seed", [1, 7, 2026, 2**63 - 1])
def test_kernel_deals_round_for_round_like_the_engine(seed, kernel):
    """Each kernel's first shoe replayed (Numba's and the C kernel built at install): the
    same shuffle (Fisher-Yates on the kernels' stream), the first card burned with as many
    more as its face value (art. 8), then every coup dealt by the rules engine (arts. 7, 9, 11,
    12: games/baccarat/coup.py) and counted in the kernel's histogram cells; the kernel's own
    histogram of the same rounds must be identical."""
    spec = load_ruleset("macau-2009").baccarat().shoe
    state = [seed]
    order = [i % 52 for i in range(52 * spec.decks)]
    for i in range(len(order) - 1, 0, -1):
        j = _splitmix_below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    face = 1 if order[0] >> 2 == 12 else min((order[0] >> 2) + 2, 10)
    engine = StackedCards(order[1 + face :])
    expected = np.zeros(HIST_SHAPE, dtype=np.int64)
    rounds = 70  # all before the cut card, 14 +/- 2 cards from the end
    for _ in range(rounds):
        coup = deal_coup(engine.draw)
        pt, bt = coup.player_total, coup.banker_total
        winner = 0 if pt > bt else (1 if bt > pt else 2)
        pairs = [int(hand[0] >> 2 == hand[1] >> 2) for hand in (coup.player, coup.banker)]
        expected[winner, bt, int(len(coup.banker) == 3), pairs[0], pairs[1]] += 1
    assert np.array_equal(kernel(seed, rounds, spec), expected)


def test_simulate_cli_json():
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "baccarat",
            "--rounds",
            "300000",
            "--seed",
            "4",
            "--workers",
            "1",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rounds"] == 300_000 and data["seed"] == 4
    bet = data["bets"][0]
    assert {
        "bet",
        "rounds",
        "hit_frequency",
        "return",
        "house_edge",
        "house_edge_ci95",
        "std_dev",
    } <= set(bet)


@pytest.mark.parametrize(("strategy", "order"), [("own", "macau"), ("pair", "us"), ("ak", "macau")])
def test_stud_exact_edge_lies_inside_the_confidence_interval(strategy, order):
    from croupier.analysis.simulation import run_stud, stud_report
    from croupier.analysis.stud_exact import analyze_stud

    report = stud_report(run_stud(100, strategy, order, 1_000_000, seed=77, workers=1))
    exact = analyze_stud(100, strategy, order)
    lo, hi = report["house_edge_ante_ci95"]
    assert lo <= exact["house_edge_ante"] <= hi
    assert report["probability_raise"] == pytest.approx(exact["probability_raise"], abs=0.002)


def test_stud_same_seed_same_result_for_any_number_of_workers():
    from croupier.analysis.simulation import run_stud

    one = run_stud(100, "pair", "macau", 500_000, seed=5, workers=1)
    two = run_stud(100, "pair", "macau", 500_000, seed=5, workers=2)
    assert np.array_equal(one, two)


def test_blackjack_kernel_plays_round_for_round_like_the_engine():
    from croupier.analysis.blackjack_kernel_input import _VALUES, decision_table, kernel_arguments
    from croupier.analysis.simulate_blackjack import play_order
    from croupier.games.blackjack.report import basic_strategy_player
    from croupier.games.blackjack.report import play_round as engine_round

    for preset in ("macau-blackjack-2007", "macau-blackjack-practice"):
        rules = load_ruleset(preset).blackjack()
        flags = kernel_arguments(rules)[-1]
        rng = np.random.default_rng(31)
        for _ in range(3):
            order = np.array(rng.permutation(new_decks(6)), dtype=np.int64)
            nets = play_order(order, 40, _VALUES, decision_table(rules), flags)
            engine = StackedCards(order.tolist())
            policy = basic_strategy_player(rules)
            for number, net in enumerate(nets, start=1):
                rnd = engine_round(rules, engine, 1, rules.minimum_bet, policy, number)
                engine_net = sum(b.net for b in rnd.settlement.bets) / rules.minimum_bet
                assert engine_net == pytest.approx(net), (preset, number)
            assert len(nets) > 40


def test_blackjack_exact_edge_lies_inside_the_confidence_interval():
    from croupier.analysis.blackjack_exact import analyze_blackjack
    from croupier.analysis.simulation import blackjack_report, run_blackjack

    rules = load_ruleset("macau-blackjack-2007").blackjack()
    report = blackjack_report(run_blackjack(rules, 2_000_000, seed=8, workers=2))
    lo, hi = report["house_edge_ci95"]
    assert lo <= analyze_blackjack(rules, 6)["house_edge"] <= hi
    again = blackjack_report(run_blackjack(rules, 2_000_000, seed=8, workers=1))
    assert again == report


def test_a_local_dask_cluster_gives_the_same_result():
    from dask.distributed import LocalCluster

    from croupier.analysis.simulation import run_stud

    rules = load_ruleset("macau-2009").baccarat()
    local = run_baccarat(rules, 500_000, seed=21, workers=1)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        dask = run_baccarat(rules, 500_000, seed=21, scheduler=cluster.scheduler_address)
        stud_dask = run_stud(
            100, "pair", "macau", 250_000, seed=3, scheduler=cluster.scheduler_address
        )
    assert np.array_equal(local, dask)
    assert np.array_equal(stud_dask, run_stud(100, "pair", "macau", 250_000, seed=3, workers=1))


def test_sessions_are_reproducible_and_their_mean_matches_the_exact_edge():
    from croupier.analysis.simulation import run_baccarat_sessions, session_report

    rules = load_ruleset("macau-2009").baccarat()
    one = run_baccarat_sessions(rules, "banker", 100, 20_000, 20.0, seed=6, workers=1)
    two = run_baccarat_sessions(rules, "banker", 100, 20_000, 20.0, seed=6, workers=2)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    report = session_report(*one, 100, "banker", 20.0)
    _, exact = bet_figures(rules, Composition.full(8))
    expected = 100 * float(exact[1].expected)
    half = family_z(1) * report["std_dev"] / np.sqrt(report["sessions"])
    assert abs(report["mean"] - expected) < half
    assert report["percentiles"]["5"] < report["percentiles"]["50"] < report["percentiles"]["95"]


def test_risk_of_ruin_falls_as_the_bankroll_grows():
    from croupier.analysis.simulation import run_baccarat_sessions

    rules = load_ruleset("macau-2009").baccarat()
    ruin = [
        run_baccarat_sessions(rules, "player", 200, 5_000, b, seed=9, workers=1)[1].mean()
        for b in (5.0, 20.0, 60.0)
    ]
    assert ruin[0] > ruin[1] > ruin[2] >= 0


def test_a_session_on_a_bet_the_table_does_not_offer_is_refused():
    from croupier.analysis.simulation import run_baccarat_sessions

    rules = load_ruleset("macau-2004").baccarat()
    with pytest.raises(ValueError, match="dragon7"):
        run_baccarat_sessions(rules, "dragon7", 10, 10, 5.0, seed=1, workers=1)


@pytest.mark.parametrize("strategy", ["own", "pair"])
def test_stud_kernel_settles_like_the_engine(strategy):
    """Random deals through the kernel's settlement and through StudRound: same net."""
    from croupier.analysis.simulate_stud import hand_index, settle
    from croupier.analysis.stud_exact import raise_table
    from croupier.analysis.stud_packed import stud_arrays
    from croupier.games.stud.evaluator import COLEX
    from croupier.games.stud.round import StudRound

    rules = load_ruleset("macau-stud-2004", {"table.max_payout_per_game": 0}).stud()
    packed, mult, _ = stud_arrays(rules.royal_flush_pays, strategy, "macau")
    raises = raise_table(rules.royal_flush_pays, strategy, "macau")  # the strategy, unpacked
    rng = np.random.default_rng(17)
    for _ in range(3000):
        deal = rng.permutation(52)[:10].astype(np.int64)
        player, dealer = deal[:5].copy(), deal[5:].copy()
        p_idx = hand_index(*player.tolist(), COLEX)
        d_idx = hand_index(*dealer.tolist(), COLEX)
        net = settle(int(packed[p_idx]), int(packed[d_idx]), mult)
        # the engine, dealing the same hands (shoe order: one card at a time, dealer last)
        order = [c for pair in zip(player.tolist(), dealer.tolist(), strict=True) for c in pair]
        rnd = StudRound(rules, StackedCards(order))
        rnd.place_bet("p", "ante", rules.minimum_ante, box=1)
        rnd.deal()
        rnd.decide_seat(1, "raise" if raises[p_idx] else "fold")
        s = rnd.settlement if rnd.settlement else rnd.settle()
        assert sum(b.net for b in s.bets) == net * rules.minimum_ante


@pytest.mark.parametrize(("order", "net"), [("us", 0), ("macau", 3)])
@pytest.mark.cites("macau-stud-2004", "art. 8(9)", "art. 9(5)")
def test_stud_kernel_settles_equal_hands_by_the_order(order, net):
    """Two hands of the same values, a pair of aces with K Q J each, both raised (a pair) and
    the dealer qualifying. In the literature's order ("us": suits never count) they tie, and a
    tie pushes the ante and the raise (Wizard of Odds, Caribbean Stud): net 0. Macau art. 8(9):
    "Se, todas as cartas dos jogadores forem de igual valor, a «mão» vencedora é determinada
    pelo naipe do par, sendo o vencedor aquele que tiver o naipe de maior graduação" (all cards
    of equal value: the pair's higher suit wins); art. 4(1) ranks "espadas, copas, paus e
    ouros", so the player's pair with the ace of spades beats the dealer's (clubs highest): the
    ante wins 1 and the raise (two antes) is paid "«Par» ... 1 por 1" (art. 9(5)): 1 + 2 = 3."""
    from croupier.analysis.simulate_stud import hand_index, settle
    from croupier.analysis.stud_packed import stud_arrays
    from croupier.cards import parse_cards
    from croupier.games.stud.evaluator import COLEX

    packed, mult, _ = stud_arrays(100, "pair", order)
    player = hand_index(*parse_cards("AS AH KS QD JC"), COLEX)
    dealer = hand_index(*parse_cards("AD AC KH QC JD"), COLEX)
    assert settle(int(packed[player]), int(packed[dealer]), mult) == net


def _kernel_code(cards, modality, by_points=False, compiled=False):
    """Deal stacked cards through a kernel (Numba's, or with ``compiled`` the C kernel's) and
    name its jackpot combination."""
    from croupier.analysis import baccarat_chunk
    from croupier.analysis.simulate_baccarat import jackpot_code
    from croupier.games.baccarat.jackpot import COMBINATIONS

    coup = deal_coup(StackedCards(list(cards)).draw)  # the engine's coup, in the kernel's slots
    player = [*coup.player, -1][:3]
    banker = [*coup.banker, -1][:3]
    modality_code = {"A": 1, "B": 2, "C": 3}[modality]
    if compiled:
        code = baccarat_chunk._compiled.jackpot(
            (*player, *banker), modality_code, int(by_points), _POINTS
        )
    else:
        out = np.array([*player, *banker, coup.player_total, coup.banker_total], dtype=np.int64)
        code = jackpot_code(out, modality_code, by_points, _POINTS)
    return COMBINATIONS[modality][code - 1][0] if code else None


@pytest.mark.parametrize("compiled", [False, True], ids=["numba", "c"])
def test_kernel_jackpot_detection_equals_the_engine_on_every_combination(compiled):
    from croupier.games.baccarat.jackpot import detect
    from tests.games.baccarat.stacks import shoe
    from tests.games.baccarat.test_jackpot import MODALITY_A, MODALITY_BC

    cases = [(p, b, m) for _, p, b, *m in MODALITY_A]
    cases += [(cards[0], cards[1], cards[2:]) for _, _, cards in MODALITY_BC]
    for player, banker, more in cases:
        stacked = shoe(player, banker, *more)
        coup = deal_coup(StackedCards(stacked.cards).draw)
        for modality in "ABC":
            for by in ("rank", "points"):
                assert _kernel_code(stacked.cards, modality, by == "points", compiled) == detect(
                    coup, modality, by
                ), (player, banker, modality)


def test_simulated_jackpot_hit_rates_agree_with_the_exact_odds():
    from croupier.analysis.baccarat_jackpot import jackpot_odds
    from croupier.analysis.simulation import jackpot_report, run_baccarat_jackpot

    for preset, names in (
        ("macau-2009-jackpot-a", ("double_pairs", "three_of_a_kind", "single_pair")),
        ("macau-2009-jackpot-b", ("four_of_a_kind", "three_of_a_kind")),
    ):
        rules = load_ruleset(preset).baccarat()
        report = jackpot_report(rules, run_baccarat_jackpot(rules, 1_000_000, seed=13, workers=2))
        odds = jackpot_odds(Composition.full(8))
        rows = {r["combination"]: r for r in report["combinations"]}
        z = family_z(5)  # five hit rates checked in all
        for name in names:
            p = rows[name]["hit_frequency"]
            exact = float(odds.probability(rules.jackpot.modality, name))
            half = z * np.sqrt(exact * (1 - exact) / report["rounds"])
            assert abs(p - exact) <= half, name


def test_simulated_stud_jackpot_hits_agree_with_the_category_counts():
    from croupier.analysis.simulation import run_stud, stud_report

    report = stud_report(run_stud(100, "own", "macau", 1_000_000, seed=14, workers=2))
    for name, hands in (("flush", 5108), ("full_house", 3744)):
        p = hands / 2_598_960
        half = 1.96 * (p * (1 - p) / report["rounds"]) ** 0.5
        assert abs(report["jackpot_hits"][name] / report["rounds"] - p) <= half, name


VARIANTS = """
import dataclasses
from croupier.analysis import simulate_baccarat
from croupier.rulesets import load_ruleset
from croupier.shoe import Burn, EndOfShoe
macau = load_ruleset("macau-2009").baccarat().shoe
plain = dataclasses.replace(macau, burn=Burn.NONE, end_of_shoe=EndOfShoe.FINISH_ROUND)
run = simulate_baccarat.run_chunk
print(run(1, 4000, macau).sum(), run(1, 4000, plain).sum())
"""


def test_two_kernel_variants_read_back_from_the_disk_run_in_one_process(tmp_path):
    """Each shoe procedure's kernel is kept on disk under a name of its own: two variants
    compiled by one process and read back by the next both run (under one shared name, the
    second read back ran with the first's constants and failed: "'descr' is NULL")."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    for _ in ("compiled", "read back"):
        done = subprocess.run(
            [sys.executable, "-c", VARIANTS], capture_output=True, text=True, env=env,
            stdin=subprocess.DEVNULL, timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.split() == ["4000", "4000"]
    assert len(list(tmp_path.rglob("*.nbi"))) >= 2
