"""A progressive jackpot linked across tables that different processes run (issue 20, part 3):
one pool, its contributions and prizes settled against the pool as the database holds it, and
two hits at one moment paid one after the other.

Macau stud, Despacho Regulamentar Externo 61/2004, art. 10(2)(1): "«Naipe real» («royal flush»),
uma soma fixa ou 100% do «jackpot», qual delas for o maior" (a royal flush wins the fixed sum
or 100% of the jackpot, whichever is larger); art. 10(8): "Depois de efectuado o pagamento dos
prémios do «jackpot», o bolo do «jackpot» é reduzido na respectiva proporção, e não restando
qualquer montante do bolo, o valor do «jackpot» recomeça de acordo com o montante mínimo
estabelecido" (after the prizes are paid the pool is reduced accordingly, and when nothing is
left it restarts at the set minimum). With a linked pool "the jackpot" is the one pool every
linked table feeds: a royal flush at one table wins what the other tables' hands put in too.
Two tables hitting it at the same moment are paid in the order their rounds settle, each on the
pool the one before left (choice J11, docs/choices.md).

The preset's jackpot (macau-stud-2004.toml): a 20.00 MOP ticket of which 20% goes to the pool,
a seed of 200,000.00 MOP, a royal flush's fixed sum 200,000.00 MOP. Two processes (two servers,
each with its own claims connection: two nodes) on one PostgreSQL database, stacked cards.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import func, select

from croupier.shoe import StackedCards
from croupier.store.database import connect
from croupier.store.schema import accounts, rounds
from tests.server.conftest import POSTGRES_URL, RunningServer, clean_postgres, receive_until

SEED = 200_000_00
CONTRIBUTION = 20_00 * 20 // 100  # art. 10 as the preset sets it: 20% of each 20.00 ticket
NOTHING = "2H 3C 4D 5H 6S 7D 8C 9H JS QD"  # player 2 4 6 8 J, dealer 3 5 7 9 Q: no jackpot hand
ROYAL = "AS 2C KS 3D QS 5H JS 7D TS 9C"  # player's royal flush; the dealer does not qualify
ROYAL_BACCARAT = "AS KS QS JS TS 2H"  # P1 B1 P2 B2, the player's third card, the banker's


def _cards(*rounds_dealt: str) -> StackedCards:
    return StackedCards(" ".join(rounds_dealt))


Nodes = tuple[RunningServer, RunningServer]


@pytest.fixture
def two_nodes() -> Iterator[Callable[[StackedCards, StackedCards], Nodes]]:
    """Two processes on one database: a runs the table "left", b the table "right"."""
    url = POSTGRES_URL
    clean_postgres(url)
    running: list[RunningServer] = []

    def start(left: StackedCards, right: StackedCards) -> Nodes:
        running.append(RunningServer(url, node="a", stacked={"left": left}))
        running.append(RunningServer(url, node="b", stacked={"right": right}))
        return running[0], running[1]

    try:
        yield start
    finally:
        for server in reversed(running):
            server.stop()


def _table(server: RunningServer, name: str) -> int:
    return int(
        server.open_table(
            name=name,
            ruleset="macau-stud-2004",
            betting_seconds=10,
            pause_seconds=0,
            linked_jackpot="grand",
        )["id"]
    )


def _player(server: RunningServer, name: str, table: int) -> dict[str, str]:
    headers = server.player(name, 10_000_00, currency="MOP")
    server.sit(table, headers)
    return headers


def _bet_both(server: RunningServer, table: int, headers: dict[str, str]) -> None:
    assert server.bet(table, headers, "ante", 100_00).status_code == 201
    assert server.bet(table, headers, "jackpot", 20_00).status_code == 201


def _raise(server: RunningServer, table: int, headers: dict[str, str]) -> None:
    answer = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(headers)
    )
    assert answer.status_code == 200, answer.text


def _jackpot_paid(server: RunningServer, table: int) -> int:
    last = server.http.get(f"/tables/{table}/rounds/last", headers=server.operator).json()
    [line] = [b for b in last["bets"] if b["kind"] == "jackpot"]
    return int(line["payout"])


def _pool() -> int:
    engine = connect(POSTGRES_URL)  # the two-process tests' database
    with engine.connect() as c:
        balances = c.execute(
            select(accounts.c.owner, accounts.c.balance).where(accounts.c.kind == "jackpot")
        ).all()
    engine.dispose()
    assert [owner for owner, _ in balances] == ["linked:grand"]  # one pool for both tables
    return int(balances[0][1])


def test_a_royal_flush_wins_the_pool_the_other_process_s_table_fed(
    two_nodes: Callable[[StackedCards, StackedCards], Nodes],
) -> None:
    a, b = two_nodes(_cards(NOTHING, NOTHING, NOTHING), _cards(ROYAL))
    left, right = _table(a, "left"), _table(b, "right")
    assert _pool() == SEED  # seeded once, though two tables opened it
    ana, bruno = _player(a, "ana", left), _player(b, "bruno", right)
    for _ in range(3):  # three hands at the left table feed the pool, none wins it
        _bet_both(a, left, ana)
        a.advance(10)
        _raise(a, left, ana)
        assert _jackpot_paid(a, left) == 0
    assert _pool() == SEED + 3 * CONTRIBUTION
    _bet_both(b, right, bruno)
    b.advance(10)
    _raise(b, right, bruno)
    # 10(2)(1): 100% of the jackpot, which holds the left table's contributions and this hand's
    assert _jackpot_paid(b, right) == SEED + 4 * CONTRIBUTION
    assert _pool() == SEED  # 10(8): emptied, it restarts at its minimum
    # the round's record says which pool it settled on and what it left
    last = b.http.get(f"/tables/{right}/rounds/last", headers=b.operator).json()
    assert last["result"]["jackpot_pool"] == {"before": SEED + 3 * CONTRIBUTION, "after": SEED}
    assert a.audit()["balanced"]


def test_two_royal_flushes_at_once_are_paid_one_after_the_other(
    two_nodes: Callable[[StackedCards, StackedCards], Nodes],
) -> None:
    a, b = two_nodes(_cards(NOTHING, NOTHING, ROYAL), _cards(NOTHING, ROYAL))
    left, right = _table(a, "left"), _table(b, "right")
    ana, bruno = _player(a, "ana", left), _player(b, "bruno", right)
    for server, table, headers in ((a, left, ana), (a, left, ana), (b, right, bruno)):
        _bet_both(server, table, headers)  # both tables feed the pool above its seed
        server.advance(10)
        _raise(server, table, headers)
    before = _pool()
    assert before == SEED + 3 * CONTRIBUTION
    _bet_both(a, left, ana)
    _bet_both(b, right, bruno)
    a.advance(10)
    b.advance(10)  # both dealt a royal flush
    errors: list[BaseException] = []

    def decide(server: RunningServer, table: int, headers: dict[str, Any]) -> None:
        try:
            _raise(server, table, headers)
        except BaseException as error:
            errors.append(error)

    both = [
        threading.Thread(target=decide, args=(a, left, ana)),
        threading.Thread(target=decide, args=(b, right, bruno)),
    ]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join(30)
    assert not errors
    paid = {left: _jackpot_paid(a, left), right: _jackpot_paid(b, right)}
    # each round's contribution joins the pool in its own settlement: the first settled wins
    # the pool as it was plus its contribution (10(2)(1)), the second the restarted pool
    # (10(8)) plus its own
    assert sorted(paid.values()) == [SEED + CONTRIBUTION, before + CONTRIBUTION]
    engine = connect(POSTGRES_URL)
    with engine.connect() as c:
        closed = dict(
            c.execute(
                select(rounds.c.table_id, func.max(rounds.c.closed_at))
                .where(rounds.c.status == "settled")
                .group_by(rounds.c.table_id)
            ).all()
        )
    engine.dispose()
    first = min(closed, key=lambda t: closed[t])
    assert paid[first] == before + CONTRIBUTION  # paid in the order the rounds settled
    assert _pool() == SEED
    assert a.audit()["balanced"]


def test_two_tables_of_one_process_share_a_linked_pool(database_url: str) -> None:
    """The same pool for two tables one process runs (SQLite's single process included)."""
    server = RunningServer(
        database_url,
        stacked={"left": _cards(NOTHING, NOTHING), "right": _cards(ROYAL)},
    )
    try:
        left, right = _table(server, "left"), _table(server, "right")
        ana, bruno = _player(server, "ana", left), _player(server, "bruno", right)
        for _ in range(2):
            _bet_both(server, left, ana)
            server.advance(10)
            _raise(server, left, ana)
        _bet_both(server, right, bruno)
        server.advance(10)
        _raise(server, right, bruno)
        assert _jackpot_paid(server, right) == SEED + 3 * CONTRIBUTION  # 10(2)(1)
        refused = server.http.post(
            "/tables",
            json={"name": "bj", "ruleset": "macau-blackjack-2007", "linked_jackpot": "grand"},
            headers=server.operator,
        )
        assert refused.status_code == 422  # no jackpot at blackjack: nothing to link
        assert refused.json()["detail"]["field"] == "linked_jackpot"
        other = server.http.post(
            "/tables",
            json={"name": "bac", "ruleset": "macau-2009-jackpot-a", "linked_jackpot": "grand"},
            headers=server.operator,
        )
        assert other.status_code == 422  # a baccarat jackpot is not the stud one
        assert "differs" in other.json()["detail"]["message"]
        assert server.audit()["balanced"]
    finally:
        server.stop()


@pytest.mark.cites("macau-baccarat-2009", "art. 17(5)")
def test_a_baccarat_royal_flush_wins_the_linked_pool(database_url: str) -> None:
    """Macau baccarat, Despacho 2/2009, art. 17(5): "Os prémios «jackpot» da combinação «naipe
    real» («royal flush») da Modalidade A ... correspondem à totalidade do valor acumulado no
    «jackpot»" (Modality A's royal flush wins the whole accumulated jackpot): with a link, what
    every table of the link accumulated. The preset: a 50.00 MOP ticket, 15% to the pool (7.50,
    8.00 in the players' favour at the table's whole-pataca rounding), a seed of 1,000,000.00."""
    seed, contribution = 1_000_000_00, 8_00
    # left: P 2H 7C = 9, B 3D 5S = 8, no jackpot combination; right: P AS QS, B KS JS, the
    # player's third card TS: the first five cards are a royal flush (art. 13(1)(4)(3)A.i)
    server = RunningServer(
        database_url,
        stacked={"left": _cards("2H 3D 7C 5S", "2H 3D 7C 5S"), "right": _cards(ROYAL_BACCARAT)},
    )
    try:
        tables = {}
        for name in ("left", "right"):
            made = server.open_table(
                name=name, ruleset="macau-2009-jackpot-a", betting_seconds=10, pause_seconds=0,
                linked_jackpot="dragon",
            )  # fmt: skip
            tables[name] = made["id"]
        ana = _player(server, "ana", tables["left"])
        bruno = _player(server, "bruno", tables["right"])
        for _ in range(2):
            assert server.bet(tables["left"], ana, "player", 100_00).status_code == 201
            assert server.bet(tables["left"], ana, "jackpot", 50_00).status_code == 201
            server.advance(10)
        assert server.bet(tables["right"], bruno, "player", 100_00).status_code == 201
        assert server.bet(tables["right"], bruno, "jackpot", 50_00).status_code == 201
        server.advance(10)
        assert _jackpot_paid(server, tables["right"]) == seed + 3 * contribution
        assert server.audit()["balanced"]
    finally:
        server.stop()


def _refresh(server: RunningServer) -> None:
    """What the process does every second (JACKPOT_SECONDS), done now (the tests' clock is
    manual, so the loop does not run)."""
    server.on_the_loop(server.casino.refresh_jackpots(), 10)


@pytest.mark.cites("macau-stud-2004", "art. 1(4)")
def test_the_jackpot_display_shows_the_pool_other_processes_tables_feed(
    two_nodes: Callable[[StackedCards, StackedCards], Nodes],
) -> None:
    """Macau stud art. 1(4): "O material do «stud poker» inclui: ... Um sistema e expositor
    electrónico do «jackpot progressivo»" (the equipment includes an electronic system and
    display of the progressive jackpot). A linked table's display shows the one pool: what
    the other process's table put in reaches this table's view and its watchers."""
    a, b = two_nodes(_cards(NOTHING, NOTHING), _cards(NOTHING))
    left, right = _table(a, "left"), _table(b, "right")
    assert a.view(left)["jackpot"] == b.view(right)["jackpot"] == SEED
    ana = _player(a, "ana", left)
    watcher = b.watch(right)
    receive_until(watcher, "table")
    for _ in range(2):
        _bet_both(a, left, ana)
        a.advance(10)
        _raise(a, left, ana)
    assert a.view(left)["jackpot"] == SEED + 2 * CONTRIBUTION  # its own rounds, at once
    assert b.view(right)["jackpot"] == SEED  # not read again yet
    _refresh(b)
    told = receive_until(watcher, "jackpot")[-1]
    assert told["pool"] == SEED + 2 * CONTRIBUTION == b.view(right)["jackpot"]
    watcher.close()
