"""Issue 34(3): mutation testing as evidence. Which code a citation names, the mutants made of
it, and a mutant put into the running engine and taken out again."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from croupier.compliance.live_mutant import applied
from croupier.compliance.mutants import Target, deciding_code, mutants, mutated_tree
from croupier.compliance.mutation import plan, summarise
from croupier.games.stud.hands import dealer_qualifies

ROOT = Path(__file__).resolve().parents[2]

SOURCE = textwrap.dedent(
    '''\
    """A module's docstring cites art. 9 and decides nothing."""

    PAYS = {"tie": 8, "pair": 11}  # art. 17(2)
    SHOWN = {"pays": "8 to 1 (art. 17(2))"}


    def qualifies(ranks):
        """Ace and king (art. 9(1))."""
        return 14 in ranks and 13 in ranks


    def settle(total):
        if total > 21:  # a bust loses (art. 6)
            return -1
        # the dealer stands on 17 (art. 6(1))
        stands = total >= 17
        return 1 if stands else 0


    def fold(hand):
        if hand.folded:
            return [bet("ante", 0, cite("art. 6(7)"))]
        return []


    def shown(rules):
        return {"ties": msg("equal hands are separated by suits (art. 8)"), "decks": 1}
    '''
)


def test_a_citation_names_the_code_that_decides() -> None:
    path = "src/croupier/games/x.py"
    assert deciding_code(path, SOURCE, 1) is None  # the module's docstring
    assert deciding_code(path, SOURCE, 3) == Target(path, "<module>:PAYS", 3, 3)  # a table
    assert deciding_code(path, SOURCE, 4) is None  # text shown to people
    assert deciding_code(path, SOURCE, 8) == Target(path, "qualifies", 7, 9)  # its docstring
    assert deciding_code(path, SOURCE, 13) == Target(path, "settle", 13, 14)  # the if it ends
    assert deciding_code(path, SOURCE, 15) == Target(path, "settle", 16, 16)  # the next line
    # a citation passed to a call inside a returned list decides where it stands
    assert deciding_code(path, SOURCE, 22) == Target(path, "fold", 22, 22)
    # a message for people (issue 29: msg(...), translated) is text shown, as a string is
    assert deciding_code(path, SOURCE, 27) is None


def test_a_comment_on_a_class_field_names_no_code_below_the_class() -> None:
    """A comment describing a declared field (a game spec's "information" callback, PT rule
    32) once credited the next module-level function with that rule."""
    path = "src/croupier/games/y.py"
    source = textwrap.dedent(
        """\
        class Spec:
            #: rules, limits and payouts for the player (PT rule 32)
            information: object = None


        def build(options):
            return options or None


        class Round:
            # a void round returns every stake (rule 29)
            def void(self, bets):
                return list(bets)
        """
    )
    assert deciding_code(path, source, 2) is None
    assert deciding_code(path, source, 11) == Target(path, "Round.void", 13, 13)


def test_mutants_are_named_by_their_place_and_applied_one_at_a_time() -> None:
    path = "src/croupier/games/x.py"
    made = mutants(Target(path, "settle", 13, 14), SOURCE)
    assert sorted(m.description for m in made) == [
        "1 -> 2 (line 14)",  # return -1 -> return -2
        "21 -> 22 (line 13)",
        "> -> >= (line 13)",
        "if c -> if not c (line 13)",
        "return x -> None (line 14)",
    ]
    [compare] = [m for m in made if m.operator == "compare"]
    assert compare.key == f"{path}::settle::compare#1"
    table = mutants(Target(path, "<module>:PAYS", 3, 3), SOURCE)
    assert [m.description for m in table] == ["8 -> 9 (line 3)", "11 -> 12 (line 3)"]
    tree, _ = mutated_tree(compare, SOURCE)
    namespace: dict[str, object] = {}
    exec(compile(tree, path, "exec"), namespace)
    settle = namespace["settle"]
    assert callable(settle) and settle(21) == -1  # 21 >= 21: the mutant busts a 21


def test_a_mutant_replaces_the_live_rule_and_is_taken_out_again() -> None:
    """The round, the analyses and the simulator ask the function the mutant changed."""
    units = plan(ROOT, ["src/croupier/games/stud/hands.py"])
    unit = next(u for u in units if u.key == "macau-stud-2004 art. 9(1)")
    mutant = next(
        m
        for m in unit.mutants
        if m.scope == "dealer_qualifies" and m.description.startswith("and -> or")
    )
    ace_queen = [48, 40, 36, 28, 24]  # A Q J 9 8 of clubs... ranks only matter here
    assert not dealer_qualifies(ace_queen, "high_card")
    with applied(ROOT, mutant):
        assert dealer_qualifies(ace_queen, "high_card")  # ace OR king: the broken rule
    assert not dealer_qualifies(ace_queen, "high_card")


def test_a_mutant_of_a_default_argument_reaches_the_live_function() -> None:
    """A default's value lives on the function, not in its code: Shoe.begin_round's
    ``demonstration=False`` mutated to True changes what a plain begin_round() does."""
    from croupier.shoe import Shoe

    units = plan(ROOT, ["src/croupier/shoe.py"])
    mutant = next(
        m
        for u in units
        for m in u.mutants
        if m.scope == "Shoe.begin_round" and m.description.startswith("False -> True")
    )
    original = Shoe.begin_round.__kwdefaults__
    assert original == {"demonstration": False}
    with applied(ROOT, mutant):
        assert Shoe.begin_round.__kwdefaults__ == {"demonstration": True}
    assert Shoe.begin_round.__kwdefaults__ == original


def test_croupier_mutate_kills_the_mutants_of_a_well_tested_unit() -> None:
    """End to end: every mutant of stud's qualification (art. 9(1)) deciding code in
    hands.py is killed by the tests the matrix cites for it."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "croupier",
            "mutate",
            "--unit",
            "macau-stud-2004 art. 9(1)",
            "--file",
            "src/croupier/games/stud/hands.py",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert "0 survived" in done.stdout


def test_a_unit_whose_code_lies_outside_the_engines_is_mutated_there_and_scored_apart() -> None:
    """A covered unit decided outside the engines (the table's inactivity counts, PT rules
    35-36) has its deciding code there mutated; the engines' score counts only the engines'
    mutants, and a unit left with no mutant at all is named in the stored run."""
    units = {u.key: u for u in plan(ROOT)}
    inactivity = units["pt-812-2015 rule 35"]
    assert inactivity.outside_engines
    assert {m.path for m in inactivity.mutants} >= {"src/croupier/table/seats.py"}
    assert any(m.scope == "Seat.window_missed" for m in inactivity.mutants)
    assert not units["macau-baccarat-2004 art. 9(1)"].outside_engines
    assert units["macau-baccarat-2004 art. 9(1)"].mutants

    def record(mutants: int, killed: int, outside: bool) -> dict[str, object]:
        return {"mutants": mutants, "killed": killed, "survived": [None] * (mutants - killed),
                "equivalent": [], "unreachable": [], "outside_engines": outside}  # fmt: skip

    stored = summarise(
        {"a": record(0, 0, True), "b": record(0, 0, False), "c": record(4, 2, True),
         "d": record(10, 10, False)}, 1.0, ROOT)  # fmt: skip
    assert stored["score"]["no_mutants_outside_engines"] == ["a"]
    assert stored["score"]["no_mutants_in_engines"] == ["b"]
    assert stored["score"]["percent"] == round(100 * 12 / 14, 2)
    assert stored["score"]["engines_percent"] == 100.0


def test_croupier_mutate_refuses_a_root_it_does_not_run_from(tmp_path: Path) -> None:
    """The mutants are made from ``--root``'s sources and put into the croupier this command
    runs: given another checkout, its text would be mutated and this one's code tested (each
    mutant then "killed" or "survived" by code it is not). Refused in one line naming
    ``--root``, before any test runs."""
    other = tmp_path / "other"
    (other / "tests").mkdir(parents=True)
    (other / "src" / "croupier").mkdir(parents=True)
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "mutate", "--root", str(other)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 2, said
    assert f"--root: the sources under {other} are not the code this croupier runs" in said
    assert "Traceback" not in said


def test_a_root_whose_sources_are_the_running_code_byte_for_byte_is_taken(tmp_path: Path) -> None:
    """A checkout installed without ``-e`` (its modules copied into site-packages) runs the
    same code its sources hold: taken; one module changed: refused."""
    import shutil

    import croupier
    from croupier.cli.mutate import same_code

    running = Path(croupier.__file__).resolve().parent
    copy = tmp_path / "croupier"
    shutil.copytree(running, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    assert same_code(running, copy) and same_code(copy, running)
    module = copy / "games" / "stud" / "hands.py"
    module.write_bytes(module.read_bytes() + b"\n# one byte more\n")
    assert not same_code(running, copy)
    assert not same_code(copy, running)
