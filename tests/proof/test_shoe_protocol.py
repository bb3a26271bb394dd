"""The verifiable shoe's protocol, croupier-shoe/1 (issue 28, item 1; docs/proof.md), checked
against an implementation written here from the protocol's text alone: a lab derives the same
order from the same entropy without croupier's code."""

from __future__ import annotations

import hashlib
import random

from scipy.stats import chi2

from croupier.proof.shoe_protocol import (
    EntropyStream,
    ShoeDocument,
    check,
    cut_index,
    derive_order,
    entropy_digest,
)


def _order_from_the_text(decks: int, entropy: bytes, spread: int = 0, cut_card: int = 0):
    """docs/proof.md, steps 2-3, as written: SHAKE-256 of b"croupier-shoe/1" + b"\\x00" +
    entropy, big-endian u64s, rejection below 2**64 - 2**64 % n, Fisher-Yates from the top."""
    stream = hashlib.shake_256(b"croupier-shoe/1\x00" + entropy).digest(1 << 16)
    words = iter(int.from_bytes(stream[i : i + 8], "big") for i in range(0, len(stream), 8))

    def below(n: int) -> int:
        while True:
            x = next(words)
            if x < 2**64 - 2**64 % n:
                return x % n

    cards = [c for _ in range(decks) for c in range(52)]
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    offset = below(2 * spread + 1) - spread if spread else 0
    return cards, len(cards) - cut_card - offset


def test_the_order_and_the_cut_card_are_what_the_text_derives() -> None:
    rng = random.Random(28)
    for decks in (1, 6, 8):
        for _ in range(5):
            entropy = rng.randbytes(32)
            order, stream = derive_order(decks, entropy)
            cut = cut_index(52 * decks, 14, 2, stream)
            assert (order, cut) == _order_from_the_text(decks, entropy, spread=2, cut_card=14)


def test_new_decks_are_in_croupiers_order() -> None:
    from croupier.cards import new_decks

    assert new_decks(2) == [*range(52), *range(52)]  # the order step 2 starts from


def test_a_document_commits_to_every_card_the_cut_the_burn_and_the_entropy() -> None:
    entropy = bytes(range(32))
    order, stream = derive_order(8, entropy)
    document = ShoeDocument(8, tuple(order), cut_index(416, 14, 0, stream), "8",
                            entropy_digest(entropy))  # fmt: skip
    text, commitment = document.text(), document.commitment
    assert commitment == hashlib.sha256(text.encode()).hexdigest()
    assert text.startswith("croupier-shoe/1\ndecks: 8\norder: ") and text.endswith("\n")
    assert ShoeDocument.parse(text) == document
    assert check(text, commitment, entropy.hex()) == []
    first = text.split("order: ")[1].split(" ")[0]
    other = "AS" if first != "AS" else "KD"
    changes = {
        "a card": text.replace(f"order: {first}", f"order: {other}", 1),
        "the cut card": text.replace("cut: 402", "cut: 401"),
        "the burn": text.replace("burn: 8", "burn: 7"),
        "the entropy's digest": text.replace("entropy-sha256: ", "entropy-sha256: 0", 1),
    }
    for what, changed in changes.items():
        assert changed != text, what
        assert check(changed, commitment, entropy.hex()) != [], what
    assert check(text, commitment, bytes(32).hex()) != []  # another entropy
    assert check("not a document", commitment) != []


def test_below_has_no_modulo_bias_and_the_first_card_is_uniform() -> None:
    """With a fixed set of entropies, each of the 52 cards is first about 1/52 of the time:
    a chi-square test at the 0.1% level (fixed seeds: the outcome is the same every run)."""
    rng = random.Random(7)
    counts = [0] * 52
    shoes = 5_200
    for _ in range(shoes):
        counts[EntropyStream(rng.randbytes(32)).below(52)] += 1
    expected = shoes / 52
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    assert statistic < chi2.ppf(0.999, 51)
    stream = EntropyStream(bytes(32))
    assert all(0 <= stream.below(3) < 3 for _ in range(1_000))
