"""What ``croupier verify`` found: each difference with the round, the check and the article it
breaks (issue 28, item 3). A round reports its first difference only: the rest follow from it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: the checks, in the order a round meets them (docs/proof.md, "What verify checks")
CHECKS = (
    "shoe",
    "cards",
    "tableau",
    "hands",
    "dealer",
    "payout",
    "replay",
    "posting",
    "balance",
    "jackpot",
    "export",
)


@dataclass(frozen=True)
class Finding:
    check: str
    article: str
    message: str
    round_id: int | None = None
    table_id: int | None = None
    number: int | None = None

    def text(self) -> str:
        where = (
            f"round {self.round_id} (table {self.table_id}, no. {self.number})"
            if (self.round_id is not None)
            else "export"
        )
        return f"{where}: {self.check}: {self.message} [{self.article}]"


@dataclass
class Report:
    rounds: int = 0
    shoes: int = 0
    postings: int = 0
    #: finished rounds whose shoe was not in the export (still in play, or a live table's
    #: physical shoe): their cards checked by their game's rules, not against an order
    unrevealed: int = 0
    replayed: int = 0
    findings: list[Finding] = field(default_factory=list)
    _flagged: set[int] = field(default_factory=set)

    def add(self, finding: Finding) -> None:
        """A difference; only the first of each round is kept."""
        if finding.round_id is not None:
            if finding.round_id in self._flagged:
                return
            self._flagged.add(finding.round_id)
        self.findings.append(finding)

    @property
    def clean(self) -> bool:
        return not self.findings

    def json(self) -> dict[str, Any]:
        return {
            "clean": self.clean,
            "rounds": self.rounds,
            "shoes": self.shoes,
            "postings": self.postings,
            "unrevealed": self.unrevealed,
            "replayed": self.replayed,
            "findings": [asdict(f) for f in self.findings],
        }
