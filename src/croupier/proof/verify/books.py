"""The money of an export, checked apart from the ledger's code: every posting balances (double
entry), every account's entries sum to its stored balance, a round's postings move exactly its
bets (stakes into the table's escrow, each player's payout out of it) and its jackpot pool moves
by what its result says, the pool's balance running from round to round (PT 812/2015 rules 24,
33; Macau baccarat art. 17(5)-(11), Macau stud art. 13)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

Problem = tuple[str, str, str]
DOUBLE_ENTRY = "double entry: a posting's entries sum to zero (DESIGN.md, Money)"
STAKES = "PT 812/2015 rule 24: a round's money is its bets' stakes and payouts"
POOL = "progressive jackpot: the pool moves by contributions less prizes"


def carried_in(journal: list[dict[str, Any]]) -> int:
    """What the bets a previous round carried (a Macau tie, art. 12) already hold in escrow."""
    if journal and journal[0]["command"] == "carry_bets":
        return sum(int(b["amount"]) for b in journal[0]["args"].get("bets", []))
    return 0


class Books:
    def __init__(self) -> None:
        self.accounts: dict[int, dict[str, Any]] = {}
        self.sums: dict[int, int] = defaultdict(int)
        #: (posting, account, amount, round, pool before, pool after): the pools' movements
        self.pool_moves: list[tuple[int, int, int, int | None, int | None, int | None]] = []

    def account(self, record: dict[str, Any]) -> None:
        self.accounts[record["id"]] = record

    def posting(self, record: dict[str, Any]) -> Iterator[Problem]:
        amounts = [e["amount"] for e in record["entries"]]
        for e in record["entries"]:
            self.sums[e["account"]] += e["amount"]
            if record.get("round_id") is None and self._kind(e["account"]) == "jackpot":
                self.pool_moves.append((record["id"], e["account"], e["amount"], None, None, None))
        if not record.get("partial") and sum(amounts) != 0:
            yield (
                "posting",
                DOUBLE_ENTRY,
                f"posting {record['id']} ({record['kind']}) sums to {sum(amounts)}",
            )

    def _kind(self, account: int) -> str:
        return str(self.accounts.get(account, {}).get("kind", "?"))

    def _owner(self, account: int) -> str:
        return str(self.accounts.get(account, {}).get("owner", "?"))

    def round_postings(
        self,
        rnd: dict[str, Any],
        postings: list[dict[str, Any]],
        journal: list[dict[str, Any]],
        partial: bool,
    ) -> Iterator[Problem]:
        """A round's postings against its bets and its jackpot pool."""
        bets = rnd["bets"]
        paid = [b for b in bets if b["outcome"] != "carried"]
        pool = (
            (rnd["result"] or {}).get("jackpot_pool") if isinstance(rnd["result"], dict) else None
        )
        closing = [p for p in postings if p["kind"] in ("settlement", "refund")]
        for p in postings:
            for e in p["entries"]:
                if self._kind(e["account"]) == "jackpot":
                    self.pool_moves.append(
                        (
                            p["id"],
                            e["account"],
                            e["amount"],
                            rnd["id"],
                            pool and pool.get("before"),
                            pool and pool.get("after"),
                        )
                    )
        if partial:
            yield from self._players_own(rnd, postings, paid)
            return
        escrow_in = sum(
            e["amount"]
            for p in postings
            if p["kind"] in ("stake", "withdrawal")
            for e in p["entries"]
            if self._kind(e["account"]) == "escrow"
        )
        staked = sum(b["amount"] for b in bets)
        if escrow_in + carried_in(journal) != staked:
            yield "posting", STAKES, f"the escrow took {escrow_in} in stakes for bets of {staked}"
            return
        legs: dict[int, int] = defaultdict(int)
        for p in closing:
            for e in p["entries"]:
                legs[e["account"]] += e["amount"]
        owed: dict[str, int] = defaultdict(int)
        for b in paid:
            owed[b["player"]] += b["payout"] or 0
        escrow_out = -sum(m for a, m in legs.items() if self._kind(a) == "escrow")
        if escrow_out != sum(b["amount"] for b in paid):
            yield (
                "posting",
                STAKES,
                f"the escrow paid out {escrow_out}; the bets settled held "
                f"{sum(b['amount'] for b in paid)}",
            )
            return
        got: dict[str, int] = defaultdict(int)
        for a, m in legs.items():
            if self._kind(a) in ("player", "box"):
                got[self._owner(a)] += m
        for player in set(owed) | set(got):
            if owed[player] != got[player]:
                yield (
                    "posting",
                    STAKES,
                    f"{player} was posted {got[player]}; the bets paid {owed[player]}",
                )
                return
        moved = sum(m for a, m in legs.items() if self._kind(a) == "jackpot")
        if pool and pool.get("after") is not None and moved != pool["after"] - pool["before"]:
            yield (
                "jackpot",
                POOL,
                f"the pool was posted {moved}; the round moved it "
                f"{pool['before']} -> {pool['after']}",
            )

    def _players_own(
        self, rnd: dict[str, Any], postings: list[dict[str, Any]], paid: list[dict[str, Any]]
    ) -> Iterator[Problem]:
        """A player's export: their payouts only."""
        got = sum(
            e["amount"]
            for p in postings
            if p["kind"] in ("settlement", "refund")
            for e in p["entries"]
        )
        owed = sum(b["payout"] or 0 for b in paid)
        if got != owed:
            yield (
                "posting",
                STAKES,
                f"the player's account was posted {got}; their bets paid {owed}",
            )

    def balances(self, stored: dict[int, int]) -> Iterator[str]:
        """Whole exports: each account's entries sum to its balance."""
        for account, balance in stored.items():
            if self.sums.get(account, 0) != balance:
                yield (
                    f"account {account} ({self._owner(account)}, {self._kind(account)}) holds "
                    f"{balance}; its entries sum to {self.sums.get(account, 0)}"
                )

    def pool_chain(self) -> Iterator[tuple[int | None, str]]:
        """Whole exports: each round's pool before it is the pool's balance then."""
        running: dict[int, int] = defaultdict(int)
        for _id, account, amount, round_id, before, _after in sorted(self.pool_moves):
            if round_id is not None and before is not None and running[account] != before:
                yield (
                    round_id,
                    f"the pool held {running[account]} before round {round_id}; "
                    f"its result says {before}",
                )
            running[account] += amount
