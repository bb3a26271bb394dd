"""The players' contributions a table keeps for its next shoe, read back at a restart (issue 28,
item 1's option; table/shoe_entropy.py): as they were given, in the order committed, each checked
again, one that fails its check left out rather than the table stopped."""

from __future__ import annotations

import hashlib

from croupier.table.shoe_entropy import ShoeEntropy

A, B = "11" * 32, "22" * 32


def _sha(value: str) -> str:
    return hashlib.sha256(bytes.fromhex(value)).hexdigest()


def test_contributions_kept_come_back_as_given_in_their_order() -> None:
    before = ShoeEntropy()
    before.commit("bruno", _sha(B))
    before.commit("ana", _sha(A))
    before.reveal("ana", A)
    after = ShoeEntropy()
    assert after.restore(before.saved()) == 0
    assert after.saved() == before.saved()
    assert after.take() == [bytes.fromhex(A)]  # bruno's never revealed: dropped at the shuffle


def test_a_kept_value_that_is_not_its_commitment_is_left_out() -> None:
    kept = [
        {"player": "ana", "commitment": _sha(A), "value": B},  # changed behind the table's back
        {"player": "bruno", "commitment": _sha(B), "value": B},
        {"player": "caio"},  # no commitment
    ]
    after = ShoeEntropy()
    assert after.restore(kept) == 2
    assert after.take() == [bytes.fromhex(B)]
