"""A blackjack round's settlement as the ledger books it: one line per player and kind. The
hands of a box that split or doubled are summed into its ``bet`` line (the bet placed on the
box); each hand's own outcome stays in the round's settlement and its result."""

from __future__ import annotations

from croupier.games.protocol import BetSettlement


def _book_kind(kind: str) -> str:
    return "bet" if kind == "hand" else kind


def _combined(lines: list[BetSettlement]) -> BetSettlement:
    first = lines[0]
    if len(lines) == 1:
        return BetSettlement(
            first.bettor,
            _book_kind(first.kind),
            first.stake,
            first.outcome,
            first.payout,
            first.commission,
            first.reason,
            first.box,
        )
    stake = sum(b.stake for b in lines)
    payout = sum(b.payout for b in lines)
    if all(b.outcome == "void" for b in lines):
        outcome = "void"
    else:
        outcome = "win" if payout > stake else "lose" if payout < stake else "push"
    reason = "; ".join(f"hand {b.hand}: {b.outcome}, {b.reason}" for b in lines)
    return BetSettlement(
        first.bettor,
        _book_kind(first.kind),
        stake,
        outcome,
        payout,
        sum(b.commission for b in lines),
        reason,
        first.box,
    )


def booked(lines: tuple[BetSettlement, ...]) -> tuple[BetSettlement, ...]:
    """The engine's settlement lines summed per (player, kind) for the ledger."""
    groups: dict[tuple[str, str], list[BetSettlement]] = {}
    for line in lines:
        groups.setdefault((line.bettor, _book_kind(line.kind)), []).append(line)
    return tuple(_combined(group) for group in groups.values())
