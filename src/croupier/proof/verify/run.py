"""``croupier verify``: an export read record by record (issue 28, item 3; docs/proof.md).

Each table's revealed shoes are derived again from their entropy and followed card by card: the
burn, then every round's cards in turn, which must be the order's next ones. Each round is
checked by its game's rules written apart from the engine (the tableau, the deal, the dealer's
drawing, the payouts of the main bets), made again by the engine from its journal (decisions,
side bets, jackpot, settlement: the part shared with the engines), and its postings checked
against its bets; in a whole export every account's balance and every jackpot pool's run too.
Each difference names the round and the article; a round reports its first."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from croupier.games.registry import spec_of
from croupier.proof.verify import baccarat_check, blackjack_check, stud_check
from croupier.proof.verify.books import Books
from croupier.proof.verify.findings import Finding, Report
from croupier.proof.verify.order import DECK, burned, derive, mixed, read_document, sha256
from croupier.proof.verify.replay import replay
from croupier.rulesets import load_ruleset

FORMAT = "croupier-export/1"
CHECKERS: dict[str, Any] = {
    "baccarat": baccarat_check,
    "stud": stud_check,
    "blackjack": blackjack_check,
}
#: the article each game's shuffle answers to (a shoe that is not the one committed to)
SHUFFLE = {"baccarat": "art. 2(1)", "stud": "art. 3(1)", "blackjack": "art. 1"}
#: a card's code, as the engines read cards (docs/proof.md, step 2)
CODE = {name: code for code, name in enumerate(DECK)}
#: cards the engine's replay is given past those the journal dealt: a round that asks for more
#: than its journal shows is told so by the replay, not by an exhausted source
SLACK = 8


def citer(game: str, rules: Any) -> Any:
    """The article of a check, as the game's regulation names it."""
    if game == "baccarat":
        from croupier.games.baccarat.articles import cite

        reg = rules.regulation

        def baccarat(key: str) -> str:
            try:
                return cite(reg, key)
            except KeyError:  # an article named as it is ("art. 2(1)"), or a check's name
                return f"{reg.prefix} {key}"

        return baccarat
    prefix = {"stud": "Macau stud", "blackjack": "Macau blackjack"}.get(game, game)
    return lambda key: f"{prefix} {key}"


@dataclass
class ShoeState:
    commitment: str
    order: list[str]
    position: int
    cut: int | None = None  # cards before the cut card
    rounds: int = 0  # rounds begun on the shoe
    cut_round: int | None = None  # the round in which the cut card came out

    def rounds_allowed(self, end_of_shoe: str) -> int | None:
        """Rounds the shoe may deal once its cut card is out (Macau baccarat art. 3(1)): the
        round it came out in is the last, or one more follows it (the ruleset's reading)."""
        if self.cut_round is None:
            return None
        return self.cut_round + (1 if end_of_shoe == "one_more_round" else 0)


@dataclass
class TableState:
    game: str
    spec: Any
    rules: Any
    cite: Any
    shoe: ShoeState | None = None
    pool: int | None = None
    #: a revealed shoe that failed its checks: (its commitment, why); its rounds report it
    bad_shoe: tuple[str, str] | None = None
    #: where the operator changed the table's options: (first round, spec, rules, cite), in order
    eras: list[tuple[int, Any, Any, Any]] = field(default_factory=list)

    def play(self, number: int) -> None:
        """The rules round ``number`` was played by: the last configuration from before it."""
        for first, spec, rules, cite in self.eras:
            if first <= number:
                self.spec, self.rules, self.cite = spec, rules, cite


@dataclass
class Verifier:
    report: Report = field(default_factory=Report)
    books: Books = field(default_factory=Books)
    tables: dict[int, TableState] = field(default_factory=dict)
    whole: bool = False
    player: bool = False
    stored: dict[int, int] = field(default_factory=dict)
    _round: dict[str, Any] | None = None
    _journal: list[dict[str, Any]] = field(default_factory=list)
    _postings: list[dict[str, Any]] = field(default_factory=list)
    _ended: bool = False

    def feed(self, record: dict[str, Any]) -> None:
        kind = record.get("record")
        if kind == "journal" and self._round and record["round_id"] == self._round["id"]:
            self._journal.append(record)
            return
        if kind == "posting" and self._round and record.get("round_id") == self._round["id"]:
            self._postings.append(record)
            self._problems(self.books.posting(record), self._round)
            self.report.postings += 1
            return
        if kind == "jackpot":
            return  # the pool's legs of the postings, read from the postings themselves
        self._close_round()
        getattr(self, f"_on_{kind}", self._unknown)(record)

    # -- records ---------------------------------------------------------------------------
    def _unknown(self, record: dict[str, Any]) -> None:
        self.report.add(Finding("export", FORMAT, f"a record of no known kind: {str(record)[:80]}"))

    def _on_export(self, record: dict[str, Any]) -> None:
        if record.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} export: {record.get('format')!r}")
        self.whole = bool(record["scope"].get("whole"))
        self.player = bool(record["scope"].get("player"))

    def _on_table(self, record: dict[str, Any]) -> None:
        config = record["config"]
        rules = load_ruleset(config["ruleset"], dict(config.get("overrides") or {})).rules
        spec = spec_of(rules)
        table = TableState(spec.name, spec, rules, citer(spec.name, rules))
        for kept in sorted(record.get("configs") or [], key=lambda k: int(k["from_round"])):
            then = kept["config"]  # the options in force from this round (set by the operator)
            era = load_ruleset(then["ruleset"], dict(then.get("overrides") or {})).rules
            era_spec = spec_of(era)
            table.eras.append((int(kept["from_round"]), era_spec, era, citer(era_spec.name, era)))
        self.tables[record["id"]] = table

    def _on_account(self, record: dict[str, Any]) -> None:
        self.books.account(record)

    def _on_shoe(self, record: dict[str, Any]) -> None:
        self.report.shoes += 1
        table = self.tables[record["table_id"]]
        table.shoe, table.bad_shoe = None, None
        problem = self._shoe_problem(record, table)
        if problem:
            table.bad_shoe = (record["commitment"], f"shoe {record['id']}: {problem}")

    def _shoe_problem(self, record: dict[str, Any], table: TableState) -> str | None:
        document = record["document"]
        if sha256(document.encode()) != record["commitment"]:
            return "its document's SHA-256 is not its commitment"
        try:
            fields = read_document(document)
            entropy = bytes.fromhex(record["entropy"])
        except ValueError as error:
            return str(error)
        if sha256(entropy) != fields["entropy-sha256"]:
            return "its entropy's SHA-256 is not the document's"
        try:
            players = [bytes.fromhex(v) for v in record.get("players", [])]
        except ValueError:
            return "a player's value is not hexadecimal"
        if [sha256(v) for v in players] != fields.get("players", "").split():
            return "the players' values are not those its document lists"
        shoe = table.rules.shoe
        has_cut = fields["cut"] != "none"
        order, cut = derive(
            int(fields["decks"]),
            mixed(entropy, players),
            shoe.cut_card if has_cut else None,
            shoe.cut_card_spread,
        )
        if order != fields["order"].split():
            return "its order is not the one its entropy derives"
        if has_cut and cut != int(fields["cut"]):
            return f"its cut card lies after {fields['cut']} cards; the entropy puts it after {cut}"
        position = burned(fields["burn"], order)
        for _ in range(getattr(shoe, "demonstration_hands", 0) if has_cut else 0):
            position += baccarat_check.coup(order[position:])["used"]  # art. 2(2)
        table.shoe = ShoeState(record["commitment"], order, position, cut)
        return None

    def _on_round(self, record: dict[str, Any]) -> None:
        self._round, self._journal, self._postings = record, [], []

    def _on_posting(self, record: dict[str, Any]) -> None:
        self.report.postings += 1
        self._problems(self.books.posting(record), None)

    def _on_balance(self, record: dict[str, Any]) -> None:
        self.stored[record["account"]] = record["balance"]

    def _on_end(self, record: dict[str, Any]) -> None:
        self._ended = True
        if not self.whole:
            return
        for message in self.books.balances(self.stored):
            self.report.add(
                Finding(
                    "balance",
                    "double entry: an account's balance is the sum of its entries",
                    message,
                )
            )
        for round_id, message in self.books.pool_chain():
            self.report.add(
                Finding(
                    "jackpot",
                    "progressive jackpot: the pool runs from round to round",
                    message,
                    round_id=round_id,
                )
            )

    # -- a round ---------------------------------------------------------------------------
    def _problems(
        self, problems: Iterable[tuple[str, str, str]], rnd: dict[str, Any] | None
    ) -> None:
        ids = (None, None, None) if rnd is None else (rnd["id"], rnd["table_id"], rnd["number"])
        for check, article, message in problems:
            self.report.add(Finding(check, article, message, *ids))

    def _close_round(self) -> None:
        rnd, self._round = self._round, None
        if rnd is None:
            return
        self.report.rounds += 1
        table = self.tables.get(rnd["table_id"])
        if table is None:
            self._problems([("export", FORMAT, "its table is not in the export")], rnd)
            return
        table.play(rnd["number"])
        checker = CHECKERS.get(table.game)
        journal = self._journal
        cards = checker.taken(journal, rnd["result"]) if checker and journal else []
        dealt_from = self._follow_shoe(rnd, table, cards)
        if checker is not None:
            extra = (journal,) if table.game == "blackjack" else ()
            self._problems(checker.check(rnd, cards, table.rules, table.cite, *extra), rnd)
        if journal and not (self.player and dealt_from is None):
            pool = (
                (rnd["result"] or {}).get("jackpot_pool", {}).get("before")
                if isinstance(rnd["result"], dict)
                else None
            )
            self.report.replayed += 1
            given = dealt_from if dealt_from is not None else cards
            difference = replay(
                table.spec,
                table.rules,
                [CODE[c] for c in given[: len(cards) + SLACK]],
                journal,
                rnd["number"],
                pool if pool is not None else table.pool,
            )
            if difference:
                self._problems(
                    [
                        (
                            "replay",
                            table.cite("rules, as the engine replays the journal"),
                            difference,
                        )
                    ],
                    rnd,
                )
        after = (
            (rnd["result"] or {}).get("jackpot_pool", {}) if isinstance(rnd["result"], dict) else {}
        )
        if after.get("after") is not None:
            table.pool = after["after"]
        self._problems(self.books.round_postings(rnd, self._postings, journal, self.player), rnd)

    def _follow_shoe(
        self, rnd: dict[str, Any], table: TableState, cards: list[str]
    ) -> list[str] | None:
        """The round's cards against its shoe's order from where the last round left it; the
        order from there (for the replay), or None where the shoe is not revealed here."""
        shoe = table.shoe
        if table.bad_shoe and rnd["shoe"] == table.bad_shoe[0]:
            self._problems([("shoe", table.cite(SHUFFLE[table.game]), table.bad_shoe[1])], rnd)
        if shoe is None or rnd["shoe"] != shoe.commitment:
            self.report.unrevealed += 1
            return None
        if self.player:  # a player's own rounds only: found in the order, not followed
            at = _find(shoe.order, cards, shoe.position)
            if at is None:
                self._problems(
                    [
                        (
                            "cards",
                            table.cite(SHUFFLE[table.game]),
                            f"the cards {cards} are not in the shoe's order",
                        )
                    ],
                    rnd,
                )
                return None
            shoe.position = at
            return shoe.order[at : at + len(cards) + SLACK]
        shoe.rounds += 1
        allowed = shoe.rounds_allowed(table.rules.shoe.end_of_shoe.value)
        if allowed is not None and shoe.rounds > allowed:
            article = table.cite("art. 3(1)" if table.game == "baccarat" else SHUFFLE[table.game])
            why = (
                f"round {shoe.rounds} of its shoe; the cut card came out in round {shoe.cut_round}"
            )
            self._problems([("cards", article, why)], rnd)
        if table.rules.shoe.burn_each_round and table.rules.shoe.mode.value == "manual":
            shoe.position += 1  # Macau baccarat art. 8: a card burned as each round begins
        here = shoe.order[shoe.position : shoe.position + len(cards)]
        if here != cards:
            self._problems(
                [
                    (
                        "cards",
                        table.cite("deal" if table.game == "baccarat" else SHUFFLE[table.game]),
                        f"the round was dealt {cards}; the shoe's next cards are {here}",
                    )
                ],
                rnd,
            )
        dealt_from = shoe.order[shoe.position : shoe.position + len(cards) + SLACK]
        shoe.position += len(cards)
        if shoe.cut is not None and shoe.cut_round is None and shoe.position > shoe.cut:
            shoe.cut_round = shoe.rounds  # a card at or past the cut card's place was taken
        return dealt_from


def _find(order: list[str], cards: list[str], start: int) -> int | None:
    for at in range(start, len(order) - len(cards) + 1):
        if order[at : at + len(cards)] == cards:
            return at
    return None


def verify_lines(lines: Iterable[str]) -> Report:
    """Verify an export's lines (a file, read as it goes)."""
    verifier = Verifier()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            verifier.report.add(Finding("export", FORMAT, f"line {number} is not JSON: {error}"))
            continue
        verifier.feed(record)
    if not verifier._ended:
        verifier._close_round()
        verifier.report.add(Finding("export", FORMAT, "the export has no end record: cut short"))
    return verifier.report
