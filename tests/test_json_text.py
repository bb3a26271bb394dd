"""json_text.dumps writes what json.dumps writes, read back (croupier/json_text.py): the
journal's rows and the sockets' replies hold the same values as before it, whatever they are."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from croupier.json_text import dumps

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()  # past 64 bits too: orjson refuses them, json writes them
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers(-(2**40), 2**40), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(VALUES)
def test_it_reads_back_as_json_dumps_does(value: Any) -> None:
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_an_integer_orjson_refuses_is_written_as_json_writes_it() -> None:
    assert dumps({"amount": 2**64}) == '{"amount":18446744073709551616}'
    assert dumps([-(2**63) - 1]) == "[-9223372036854775809]"


def test_keys_that_are_not_text_are_written_as_text() -> None:
    value = {1: "a", None: "b", False: "c"}
    assert (
        json.loads(dumps(value))
        == json.loads(json.dumps(value))
        == {"1": "a", "null": "b", "false": "c"}
    )


def test_it_is_compact_text() -> None:
    assert dumps({"type": "ack", "ref": 1, "player": "João"}) == (
        '{"type":"ack","ref":1,"player":"João"}'
    )
