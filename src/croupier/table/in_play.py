"""The round in play at a table: the game that deals it, the round, its id in the store, how
much of its log is journaled, and the table's accounts its money moves through."""

from __future__ import annotations

from collections.abc import Callable

from croupier.games.protocol import Checkpoint, TableGame, TableRound
from croupier.shoe import ShoeSeal
from croupier.table.port import JournalEntry, RoundTx, StandingBet, TableAccounts, TableStore
from croupier.table.shoe_entropy import ShoeEntropy


class InPlay:
    """One table's round in play. Everything that changes the round journals it through
    :meth:`write_log`, in the transaction of the change it records."""

    game: TableGame
    round: TableRound
    accounts: TableAccounts

    def __init__(self, table_id: int, store: TableStore) -> None:
        self.table_id = table_id
        self.store = store
        self.round_id = 0
        self.journaled = 0  # how much of the round's log the journal holds
        self._recorded: str | None = None  # the shoe whose seal the store has (issue 28)
        #: the values players give the next shoe, where the table takes them (issue 28)
        self.entropy: ShoeEntropy | None = None

    def shoe(self) -> ShoeSeal | str | None:
        """The shoe a round opens on: its seal the first time (the store keeps it, secret until
        the shoe ends), its commitment after."""
        seal = self.game.shoe_seal()
        if seal is None or seal.commitment == self._recorded:
            return None if seal is None else seal.commitment
        self._recorded = seal.commitment
        return seal

    def staked(self, player: str, kind: str) -> int:
        """What ``player`` has standing on ``kind`` in the round in play."""
        return sum(b.amount for b in self.round.bets if b.bettor == player and b.kind == kind)

    def pending(self) -> tuple[int, list[JournalEntry]]:
        """The round's log not yet in the journal: its first seq and the entries."""
        fresh = self.round.log[self.journaled :]
        entries = [
            JournalEntry(
                e.command,
                dict(e.args),
                [{"event": ev.kind, "data": dict(ev.data)} for ev in e.events],
            )
            for e in fresh
        ]
        return self.journaled, entries

    def write_log(self, tx: RoundTx) -> None:
        """The round's log not yet journaled, in the transaction of the change it records."""
        first, entries = self.pending()
        tx.journal(self.round_id, first, entries)
        self.journaled = first + len(entries)

    async def begin(self) -> None:
        """A new round from the game, opened in the store."""
        self.round = self.game.start_round()
        self.round_id = await self.store.begin_round(self.table_id, self.round.number, self.shoe())
        self.journaled = 0

    def open(self, tx: RoundTx, nxt: TableRound, carried: list[StandingBet]) -> None:
        """``nxt`` (the game's next round) opened in ``tx``, with the bets a tie carried (Macau
        art. 12), and its first log journaled."""
        new_id = tx.open_round(self.table_id, nxt.number, self.shoe(), carried)
        self.round, self.round_id, self.journaled = nxt, new_id, 0
        self.write_log(tx)

    async def commit(self, checkpoint: Checkpoint, writes: Callable[[RoundTx], None]) -> None:
        """A change the table made to the round since ``checkpoint`` written: ``writes`` (data
        only: the money it moves) with the round's log, in one transaction. If that fails,
        nothing was written and the round is put back as it was."""
        first, entries = self.pending()
        round_id = self.round_id

        def work(tx: RoundTx) -> None:
            writes(tx)
            tx.journal(round_id, first, entries)

        try:
            await self.store.write(self.table_id, work)
        except BaseException:
            self.round.restore(checkpoint)
            raise
        self.journaled = first + len(entries)
