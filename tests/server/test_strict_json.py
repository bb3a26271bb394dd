"""The strict JSON every body and WebSocket message is read by (issue 16, finding 8), after its
fast path (issue 32(4)): a text of ASCII without ``\\u`` is not searched for surrogates, so each
other way a lone surrogate can arrive must still be refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.server.guard import NotJson, strict_json

SURROGATE_WAYS = [
    '{"kind": "\\ud800"}',  # escaped, in a value
    '{"\\udfff": 1}',  # escaped, in a key
    '["ok", ["\\uDBFF"]]',  # escaped, upper case, nested in a list
    '{"kind": "\ud800"}',  # the character itself in a text (a str built in Python)
    '{"kind": "é\\udc00"}',  # escaped after a non-ASCII character
]


@pytest.mark.parametrize("text", SURROGATE_WAYS)
def test_a_lone_surrogate_is_refused_whichever_way_it_comes(text: str) -> None:
    with pytest.raises(NotJson, match="lone surrogate"):
        strict_json(text)


def test_a_surrogate_encoded_in_bytes_is_refused() -> None:
    """json.loads reads bytes with "surrogatepass": the bytes of U+D800 decode to it."""
    body = '{"kind": "\ud800"}'.encode("utf-8", "surrogatepass")
    with pytest.raises(NotJson, match="lone surrogate"):
        strict_json(body)


def test_a_pair_of_surrogates_is_one_character_and_passes() -> None:
    assert strict_json('{"kind": "\\ud83c\\udccf"}') == {"kind": "\U0001f0cf"}


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": -Infinity}', '{"a": 1e999}', '{"a": '])
def test_what_is_not_strict_json_is_refused(text: str) -> None:
    with pytest.raises(NotJson):
        strict_json(text)
    with pytest.raises(NotJson):
        strict_json(text.encode())


def _holds_surrogate(value: object) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return any(_holds_surrogate(k) or _holds_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_surrogate(v) for v in value)
    return False


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=12,
    )
)
def test_any_value_reads_back_as_json_loads_reads_it_or_is_refused(value: object) -> None:
    """Against the standard parser: the same value, unless a text holds a lone surrogate."""
    text = json.dumps(value)
    surrogate = _holds_surrogate(value)
    for form in (text, json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")):
        if surrogate:
            with pytest.raises(NotJson):
                strict_json(form)
        else:
            assert strict_json(form) == json.loads(text)
