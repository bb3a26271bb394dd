"""Values players give a table's next shoe (issue 28, item 1's option; docs/proof.md): "mix in
entropy that players commit to before the shuffle (hash first, value after), so that neither the
house nor any player alone chooses the order".

At a table whose configuration says ``players_entropy``, each shoe publishes the SHA-256 of the
house's entropy for the *next* shoe as it begins. While it is dealt, a seated player commits to
a 32-byte value by its SHA-256 and then reveals it; the next shuffle mixes the house's entropy
with the values revealed, in the order they were committed (a commitment never revealed is
dropped). The house cannot choose its entropy after seeing the values (it was committed first),
nor any player theirs after seeing the house's (it stays secret until the shoe ends). Each value
and commitment is bounded where it enters; one contribution per player a shoe."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from croupier.errors import RuleViolation
from croupier.i18n.message import msg

RULE = "players' entropy (docs/proof.md)"
HEX64 = re.compile(r"[0-9a-f]{64}")
#: contributions a shoe takes at most: one per player, and never more than this many
MOST = 64


@dataclass
class Contribution:
    player: str
    commitment: str
    value: bytes | None = None


class ShoeEntropy:
    """The contributions for a table's next shoe, in the order they were committed."""

    def __init__(self) -> None:
        self._pending: dict[str, Contribution] = {}

    def commit(self, player: str, commitment: str) -> dict[str, object]:
        """``player`` commits to a value by its SHA-256 (64 lowercase hexadecimal digits)."""
        if not isinstance(commitment, str) or not HEX64.fullmatch(commitment):
            raise RuleViolation(
                "commitment", msg("a value's SHA-256 is 64 lowercase hexadecimal digits"), RULE
            )
        if player in self._pending:
            raise RuleViolation(
                "commitment", msg("you have given the next shoe a value already"), RULE
            )
        if len(self._pending) >= MOST:
            raise RuleViolation(
                "commitment", msg("the next shoe takes no more values from players"), RULE
            )
        self._pending[player] = Contribution(player, commitment)
        return self.state(player)

    def reveal(self, player: str, value: str) -> dict[str, object]:
        """``player`` reveals the value committed to: its SHA-256 must be the commitment."""
        if not isinstance(value, str) or not HEX64.fullmatch(value):
            raise RuleViolation(
                "value", msg("a value is 32 bytes, 64 lowercase hexadecimal digits"), RULE
            )
        mine = self._pending.get(player)
        if mine is None:
            raise RuleViolation("value", msg("commit to your value's SHA-256 first"), RULE)
        if mine.value is not None:
            raise RuleViolation("value", msg("your value is revealed already"), RULE)
        raw = bytes.fromhex(value)
        if hashlib.sha256(raw).hexdigest() != mine.commitment:
            raise RuleViolation(
                "value", msg("this value's SHA-256 is not the one you committed to"), RULE
            )
        mine.value = raw
        return self.state(player)

    def take(self) -> list[bytes]:
        """The values revealed, in the order committed, for the shoe being shuffled; every
        contribution, revealed or not, is spent."""
        values = [c.value for c in self._pending.values() if c.value is not None]
        self._pending.clear()
        return values

    def saved(self) -> list[dict[str, str | None]]:
        """The contributions as the store keeps them, in the order committed."""
        return [
            {"player": c.player, "commitment": c.commitment,
             "value": None if c.value is None else c.value.hex()}
            for c in self._pending.values()
        ]  # fmt: skip

    def restore(self, saved: list[dict[str, str | None]]) -> int:
        """The contributions kept before a restart (:meth:`saved`), each checked again as it
        was given; one the checks refuse (a row changed behind the table's back) is left out,
        never the table stopped. Returns how many were left out."""
        self._pending.clear()
        refused = 0
        for kept in saved[:MOST]:
            try:
                player, commitment = str(kept["player"]), str(kept["commitment"])
                self.commit(player, commitment)
                if kept.get("value") is not None:
                    self.reveal(player, str(kept["value"]))
            except (RuleViolation, KeyError, TypeError):
                refused += 1
        return refused

    def state(self, player: str | None = None) -> dict[str, object]:
        """What the table shows: how many committed and revealed, and the player's own."""
        mine = self._pending.get(player) if player else None
        return {
            "committed": len(self._pending),
            "revealed": sum(1 for c in self._pending.values() if c.value is not None),
            "mine": None
            if mine is None
            else {"commitment": mine.commitment, "revealed": mine.value is not None},
        }


def give(
    entropy: ShoeEntropy | None,
    player: str,
    seated: bool,
    commitment: str | None,
    value: str | None,
) -> dict[str, object]:
    """A player's commitment or value for a table's next shoe, refused where the table takes
    none, to a player not seated, or with neither or both."""
    if entropy is None:
        raise RuleViolation("players_entropy", msg("this table takes no values from players"), RULE)
    if not seated:
        raise RuleViolation("player", msg("sit at the table to give its next shoe a value"), RULE)
    if (commitment is None) == (value is None):
        raise RuleViolation(
            "commitment", msg("send your value's SHA-256 first, then the value"), RULE
        )
    if commitment is not None:
        return entropy.commit(player, commitment)
    return entropy.reveal(player, value or "")
