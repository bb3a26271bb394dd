"""The scoreboards: bead plate, big road with ties and dragon tails, and the derived roads,
checked cell by cell against hand-worked examples of the convention."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from croupier.games.baccarat.roads import big_road, columns_of, derived_road, place, scoreboards

B, P, T = "banker", "player", "tie"


def _results(*winners: str) -> list[dict[str, object]]:
    return [{"winner": w} for w in winners]


# big road columns of lengths 3 (B), 2 (P), 1 (B), 4 (P)
EXAMPLE = _results(B, B, B, P, P, B, P, P, P, P)


def test_big_road_columns_and_ties() -> None:
    road = big_road(_results(T, B, B, T, T, P, B, T))
    assert road.leading_ties == 1  # a tie before any win is counted apart
    assert [[e.winner for e in c] for c in road.columns] == [[B, B], [P], [B]]
    assert [e.ties for c in road.columns for e in c] == [0, 2, 0, 1]  # on the entry they follow


def test_big_eye_boy_from_the_second_columns_second_entry() -> None:
    columns = big_road(EXAMPLE).columns
    # c1 r1: column 0 has a row 1 -> red; c2 top: lengths 2 vs 3 -> blue; c3 top: 1 vs 2 -> blue;
    # c3 r1: column 2 ends just above -> blue; c3 r2, r3: column 2 empty there and above -> red
    assert derived_road(columns, 1) == ["red", "blue", "blue", "blue", "red", "red"]


def test_small_road_and_cockroach_pig() -> None:
    columns = big_road(EXAMPLE).columns
    # small road starts at column 3's first entry (column 2 has no second): 1 vs 3 -> blue;
    # then against column 1 (length 2): row 1 red, row 2 blue, row 3 red
    assert derived_road(columns, 2) == ["blue", "red", "blue", "red"]
    # cockroach pig starts at column 3's second entry, against column 0 (length 3)
    assert derived_road(columns, 3) == ["red", "red", "blue"]


def test_a_choppy_shoe_is_all_red_on_every_derived_road() -> None:
    columns = big_road(_results(*([B, P] * 10))).columns
    for k in (1, 2, 3):
        assert set(derived_road(columns, k)) == {"red"}


def test_dragon_tail_turns_right_along_the_bottom_row() -> None:
    cells = place([["b"] * 8, ["p"] * 2])
    assert cells[:8] == [(0, y) for y in range(6)] + [(1, 5), (2, 5)]
    assert cells[8:] == [(1, 0), (1, 1)]  # the next column still starts at the top


def test_a_column_turns_early_when_a_tail_blocks_it() -> None:
    cells = place([["b"] * 7, ["p"] * 6])
    # the first column's tail takes (1, 5); the second column turns right at row 4
    assert cells[7:] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]


def test_bead_plate_runs_down_six_then_right() -> None:
    boards = scoreboards(_results(*([B] * 7 + [T])))
    cells = [(c["x"], c["y"], c["winner"]) for c in boards["bead_plate"]]
    assert cells[5] == (0, 5, B) and cells[6] == (1, 0, B) and cells[7] == (1, 1, T)
    assert boards["counts"] == {
        "banker": 7,
        "player": 0,
        "tie": 1,
        "player_pair": 0,
        "banker_pair": 0,
        "natural": 0,
    }


def test_shoe_statistics_count_pairs_and_naturals() -> None:
    """Issue 18: the shoe's statistics, P/B/T and the pair counts, as live tables show them;
    a round with both pairs counts once for each."""
    results = [
        {"winner": B, "banker_pair": True, "natural": True},
        {"winner": P, "player_pair": True, "banker_pair": True},
        {"winner": T, "natural": True},
    ]
    assert scoreboards(results)["counts"] == {
        "banker": 1,
        "player": 1,
        "tie": 1,
        "player_pair": 1,
        "banker_pair": 2,
        "natural": 2,
    }


def test_ask_banker_and_ask_player_preview_the_next_marks() -> None:
    """ "Ask Banker / ask Player": the mark each derived road would add if the next round
    went to that side. Big road columns of lengths 3 (B), 2 (P), 1 (B), 3 (P), worked by hand:

    * Player next is row 3 of column 3: big eye boy looks at column 2 (length 1, not ending
      just above) -> red; small road at column 1 (length 2) -> red; cockroach pig at column 0
      (length 3, ends exactly one row above) -> blue;
    * Banker next opens column 4: big eye boy compares columns 3 and 2 (3 vs 1) -> blue; small
      road columns 3 and 1 (3 vs 2) -> blue; cockroach pig columns 3 and 0 (3 vs 3) -> red."""
    winners = _results(B, B, B, P, P, B, P, P, P)
    asked = scoreboards(winners)["ask"]
    assert asked[P] == {"big_eye_boy": "red", "small_road": "red", "cockroach_pig": "blue"}
    assert asked[B] == {"big_eye_boy": "blue", "small_road": "blue", "cockroach_pig": "red"}
    # the preview is what the road then draws
    for side in (B, P):
        after = scoreboards([*winners, {"winner": side}])
        for road, mark in asked[side].items():
            assert after[road]["marks"][-1] == mark


def test_ask_says_none_where_a_road_has_not_started() -> None:
    """Column 1's second entry starts the big eye boy; nothing earlier adds a mark."""
    asked = scoreboards(_results(B, T))["ask"]
    assert asked == {
        side: {"big_eye_boy": None, "small_road": None, "cockroach_pig": None} for side in (B, P)
    }
    # B then P: Player again is column 1's second entry, the big eye boy's first mark (blue:
    # column 0 ends exactly one row above); Banker would open column 2 (columns 1 and 0 are
    # equally long: red)
    asked = scoreboards(_results(B, P))["ask"]
    assert asked[P]["big_eye_boy"] == "blue"
    assert asked[B]["big_eye_boy"] == "red"
    assert asked[B]["small_road"] is None


@given(st.lists(st.sampled_from([B, P, T]), max_size=80))
def test_derived_roads_have_one_mark_per_big_road_entry_after_their_start(
    winners: list[str],
) -> None:
    boards = scoreboards(_results(*winners))
    columns = big_road(_results(*winners)).columns
    for name, k in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3)):
        expected = sum(
            1
            for c, column in enumerate(columns)
            for r in range(len(column))
            if c > k or (c == k and r > 0)
        )
        assert len(boards[name]["marks"]) == expected
        cells = [(m["x"], m["y"]) for m in boards[name]["cells"]]
        assert len(set(cells)) == len(cells) and all(0 <= y < 6 for _, y in cells)
    assert [len(c) for c in columns_of(["red", "red", "blue"])] == [2, 1]
