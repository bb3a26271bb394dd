"""How fast ``croupier verify`` checks an export (issue 28, item 3: "runs at least 100,000 rounds
a minute on one core").

Run:  python3 benchmarks/bench_verify.py [--rounds 30000] [--json]

A croupier-export/1 file of ``--rounds`` rounds is made in process through the engines, as the
server writes them (baccarat with the Modality A jackpot from 8-deck shoes, stud with its
jackpot, blackjack from 6-deck shoes, a third each; two players; every shoe revealed; stakes,
settlements and jackpot legs posted), then verified by ``verify_lines`` and timed in CPU
seconds (``time.process_time``, one core). The baseline, in the same run: reading the same lines
with ``json.loads`` and nothing else, the floor any verifier of this format pays.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

GOAL = 100_000  # rounds a minute, one core
TABLES = {  # ruleset: the bets each of two players places
    "macau-2009-jackpot-a": [
        ("ana", "banker", 10_000),
        ("bruno", "player", 10_000),
        ("ana", "jackpot", 5_000),
        ("bruno", "tie", 10_000),
    ],
    "macau-stud-2004": [
        ("ana", "ante", 10_000),
        ("ana", "jackpot", 2_000),
        ("bruno", "ante", 10_000),
    ],
    "macau-blackjack-2007": [("ana", "bet", 10_000), ("bruno", "bet", 10_000)],
}
ACCOUNTS = {"ana": 1, "bruno": 2, "house": 3, "cashier": 4}


def _journal(rnd: Any) -> list[dict[str, Any]]:
    return [
        {
            "command": e.command,
            "args": dict(e.args),
            "events": [{"event": ev.kind, "data": dict(ev.data)} for ev in e.events],
        }
        for e in rnd.log
    ]


def export_lines(rounds: int, seed: int = 28) -> Iterator[str]:
    """A synthetic croupier-export/1 file's lines: ``rounds`` rounds over three tables."""
    from croupier.games.autoplay import play_out
    from croupier.games.registry import jackpot_seed, table_game
    from croupier.rng import SeededRandomSource
    from croupier.rulesets import load_ruleset

    def line(record: dict[str, Any]) -> str:
        return json.dumps(record, separators=(",", ":"))

    yield line(
        {
            "record": "export",
            "format": "croupier-export/1",
            "created_at": "2026-11-27T00:00:00+00:00",
            "scope": {"from": None, "to": None, "table": None, "player": None, "whole": False},
        }
    )
    games, ids = {}, iter(range(10, 10_000))
    for table_id, ruleset in enumerate(TABLES, 1):
        rules = load_ruleset(ruleset).rules
        game = table_game(
            rules, SeededRandomSource(seed + table_id), jackpot_pool=jackpot_seed(rules)
        )
        games[table_id] = (ruleset, game, next(ids), next(ids) if jackpot_seed(rules) else None)
        yield line(
            {
                "record": "table",
                "id": table_id,
                "name": ruleset,
                "config": {"ruleset": ruleset},
                "status": "open",
                "created_at": "2026-11-27T00:00:00+00:00",
            }
        )
    for name, account in ACCOUNTS.items():
        yield line(
            {
                "record": "account",
                "id": account,
                "owner": name,
                "kind": "player" if account < 3 else name,
                "currency": "MOP",
                "may_go_negative": account > 2,
            }
        )
    for _t, (_r, _g, escrow, pool) in games.items():
        yield line(
            {
                "record": "account",
                "id": escrow,
                "owner": f"table:{_t}",
                "kind": "escrow",
                "currency": "MOP",
                "may_go_negative": False,
            }
        )
        if pool:
            yield line(
                {
                    "record": "account",
                    "id": pool,
                    "owner": f"table:{_t}",
                    "kind": "jackpot",
                    "currency": "MOP",
                    "may_go_negative": False,
                }
            )
    posting, shoes, last_seal = 0, 0, {}
    pending: dict[int, list[str]] = {t: [] for t in games}
    for n in range(rounds):
        table_id = n % len(games) + 1
        ruleset, game, escrow, pool = games[table_id]
        rnd = game.start_round()
        seal = game.shoe_seal()
        if (
            last_seal.get(table_id) != seal.commitment
        ):  # the last shoe ended: revealed, then its rounds
            old = last_seal.get(table_id)
            if old is not None:
                yield from pending[table_id]
            pending[table_id] = []
            shoes += 1
            last_seal[table_id] = seal.commitment
            pending[table_id].append(
                line(
                    {
                        "record": "shoe",
                        "id": shoes,
                        "table_id": table_id,
                        "commitment": seal.commitment,
                        "document": seal.document,
                        "entropy": seal.entropy,
                        "started_at": "2026-11-27T00:00:00+00:00",
                        "ended_at": "2026-11-27T00:00:01+00:00",
                    }
                )
            )
        before = game.jackpot_pool
        for player, kind, amount in TABLES[ruleset]:
            rnd.place_bet(player, kind, amount)
        settlement = play_out(rnd)
        game.finish_round()
        round_id = n + 1
        result = dict(rnd.result())
        if before is not None:
            result["jackpot_pool"] = {"before": before, "after": before + settlement.pool_change}
        by_bet = {(b.bettor, b.kind): b for b in settlement.ledger}
        bets = [
            {
                "player": p,
                "kind": k,
                "amount": by_bet[(p, k)].stake,
                "outcome": by_bet[(p, k)].outcome,
                "payout": by_bet[(p, k)].payout,
                "commission": by_bet[(p, k)].commission,
                "reason": by_bet[(p, k)].reason,
            }
            for p, k, _a in TABLES[ruleset]
            if (p, k) in by_bet
        ]
        out = pending[table_id]
        out.append(
            line(
                {
                    "record": "round",
                    "id": round_id,
                    "table_id": table_id,
                    "number": rnd.number,
                    "status": "settled",
                    "shoe": seal.commitment,
                    "result": result,
                    "void_reason": None,
                    "opened_at": "2026-11-27T00:00:00+00:00",
                    "closed_at": "2026-11-27T00:00:01+00:00",
                    "bets": bets,
                }
            )
        )
        for seq, entry in enumerate(_journal(rnd)):
            out.append(line({"record": "journal", "round_id": round_id, "seq": seq, **entry}))
        staked: dict[int, int] = {}
        for b in bets:
            staked[ACCOUNTS[b["player"]]] = staked.get(ACCOUNTS[b["player"]], 0) - b["amount"]
        carried = rnd.log[0].args["bets"] if rnd.log[0].command == "carry_bets" else []
        for b in carried:  # a Macau tie's bets stay in escrow from the round before (art. 12)
            staked[ACCOUNTS[b["bettor"]]] += b["amount"]
        legs = [*staked.items(), (escrow, -sum(staked.values()))]
        posting += 1
        out.append(
            line(
                {
                    "record": "posting",
                    "id": posting,
                    "kind": "stake",
                    "reference": f"round:{round_id}",
                    "round_id": round_id,
                    "created_at": "2026-11-27T00:00:00+00:00",
                    "entries": [{"account": a, "amount": m} for a, m in legs],
                }
            )
        )
        settled = [b for b in bets if b["outcome"] != "carried"]
        paid: dict[int, int] = {
            escrow: -sum(b["amount"] for b in settled),
            ACCOUNTS["house"]: settlement.house_result,
        }
        for b in settled:
            paid[ACCOUNTS[b["player"]]] = paid.get(ACCOUNTS[b["player"]], 0) + b["payout"]
        if settlement.pool_change:
            paid[pool] = settlement.pool_change
        posting += 1
        out.append(
            line(
                {
                    "record": "posting",
                    "id": posting,
                    "kind": "settlement",
                    "reference": f"round:{round_id}",
                    "round_id": round_id,
                    "created_at": "2026-11-27T00:00:01+00:00",
                    "entries": [{"account": a, "amount": m} for a, m in paid.items() if m],
                }
            )
        )
        # the shoes still in play are never exported: their rounds stay out with them
    yield line({"record": "end", "counts": {}})


def measure(rounds: int) -> dict[str, Any]:
    from croupier.proof.verify.run import verify_lines

    lines = list(export_lines(rounds))
    digest = hashlib.sha256("".join(lines).encode()).hexdigest()[:12]
    started = time.process_time()
    for text in lines:
        json.loads(text)
    parse = time.process_time() - started
    started = time.process_time()
    report = verify_lines(lines)
    seconds = time.process_time() - started
    if not report.clean:
        raise SystemExit(f"the synthetic export does not verify: {report.findings[0].text()}")
    per_minute = report.rounds / seconds * 60
    return {
        "rounds": report.rounds,
        "replayed": report.replayed,
        "shoes": report.shoes,
        "lines": len(lines),
        "export_sha256": digest,
        "cpu_seconds": round(seconds, 3),
        "rounds_per_minute": round(per_minute),
        "goal": GOAL,
        "ratio_to_goal": round(per_minute / GOAL, 2),
        "json_only_rounds_per_minute": round(report.rounds / parse * 60),
        "share_of_time_parsing": round(parse / seconds, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=30_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.rounds)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    f = figures
    print(
        f"croupier verify: {f['rounds']:,} rounds ({f['replayed']:,} replayed by the engines), "
        f"{f['shoes']:,} shoes, {f['lines']:,} lines in {f['cpu_seconds']} s of CPU"
    )
    print(
        f"  {figures['rounds_per_minute']:,} rounds a minute on one core; goal {GOAL:,}: "
        f"x{figures['ratio_to_goal']} the goal"
    )
    print(
        f"  baseline, json.loads of the same lines alone: {f['json_only_rounds_per_minute']:,} "
        f"rounds a minute ({figures['share_of_time_parsing']:.0%} of verify's time)"
    )


if __name__ == "__main__":
    main()
