#!/usr/bin/env python3
"""Benchmark the calendar store: create, list a week, conflict check, free-slot search.

One user with 10,000 events (about 1% of them recurring series) plus 100 other users' noise, on SQLite
(a temporary file) and, when ``--postgres-url`` or ``KAIROS_TEST_POSTGRES_URL`` is given, PostgreSQL (a
temporary schema, dropped afterwards). Prints ops/s and p50/p95 latency per operation; exits 1 if the SQLite
conflict check misses its target (p95 <= 5 ms).

    .venv/bin/python scripts/bench_storage.py [--events 10000] [--samples 300] [--postgres-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, text

from storage import Database, EventDraft, create_engine, upgrade
from storage.drafts import validate
from storage.models import Event

ZONE = "America/New_York"
TZ = ZoneInfo(ZONE)
#: The benchmark's fixed "now"; events span a year either side of it.
NOW = datetime(2025, 6, 2, 8, 0, tzinfo=TZ)
SPAN_DAYS = 365
CONFLICT_TARGET_P95_MS = 5.0


def _random_start(rng: random.Random) -> datetime:
    day = NOW.date() + timedelta(days=rng.randint(-SPAN_DAYS, SPAN_DAYS))
    return datetime(day.year, day.month, day.day, rng.randint(7, 19), rng.choice((0, 15, 30, 45)), tzinfo=TZ)


def _draft(rng: random.Random, i: int, recurring: bool) -> EventDraft:
    start = _random_start(rng)
    end = start + timedelta(minutes=rng.choice((15, 30, 45, 60, 90, 120)))
    rule = None
    if recurring:
        rule = rng.choice(
            ("FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=DAILY;COUNT=30", "FREQ=MONTHLY;COUNT=12")
        )
    return EventDraft(
        f"Event {i} {rng.choice(('sync', 'review', '开会', 'lunch', 'call'))}", start, end, rrule=rule
    )


async def _seed(
    db: Database, owner: uuid.UUID, count: int, rng: random.Random, recurring_share: float
) -> None:
    rows = []
    for i in range(count):
        fields = validate(_draft(rng, i, rng.random() < recurring_share), ZONE)
        rows.append(
            {"id": uuid.uuid4(), "owner_id": owner, "created_at": NOW, "updated_at": NOW, "version": 1}
            | fields.as_row_values()
        )
    async with db.sessions() as session:
        for chunk in range(0, len(rows), 1000):
            await session.execute(insert(Event), rows[chunk : chunk + 1000])
        await session.commit()


Figures = tuple[float, float, float, float]  # ops/s, p50 ms, p95 ms, CPU ms per op (this process)


async def _measure(samples: int, op: Callable[[int], Awaitable[object]]) -> Figures:
    for i in range(min(20, samples)):  # warm-up: connections, statement caches
        await op(-1 - i)
    latencies = []
    began, cpu = time.perf_counter(), time.process_time()
    for i in range(samples):
        t0 = time.perf_counter()
        await op(i)
        latencies.append((time.perf_counter() - t0) * 1000)
    total, cpu = time.perf_counter() - began, time.process_time() - cpu
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
    return samples / total, statistics.median(latencies), p95, cpu * 1000 / samples


async def bench(name: str, url: str, engine_kwargs: dict, args: argparse.Namespace) -> dict[str, Figures]:
    rng = random.Random(args.seed)
    db = Database(create_engine(url, **engine_kwargs))
    try:
        await upgrade(db.engine)
        t0 = time.perf_counter()
        main = await db.users.create(name="bench", timezone=ZONE, locale="en-US", now=NOW)
        await _seed(db, main.id, args.events, rng, args.recurring_share)
        for n in range(args.noise_users):
            other = await db.users.create(name=f"noise {n}", timezone=ZONE, locale="en-US", now=NOW)
            await _seed(db, other.id, args.noise_events, rng, args.recurring_share)
        async with db.engine.begin() as conn:
            await conn.execute(text("ANALYZE"))
        print(
            f"[{name}] seeded {args.events} + {args.noise_users}x{args.noise_events} events in {time.perf_counter() - t0:.1f}s"
        )
        store = db.events(main.id)
        run = uuid.uuid4().hex[:8]
        points = [_random_start(rng) for _ in range(args.samples + 20)]

        async def create(i: int) -> object:
            start = points[i]
            return await store.create(
                EventDraft(f"bench {i}", start, start + timedelta(minutes=30)),
                now=NOW,
                idempotency_key=f"{run}-{i}",
            )

        async def list_week(i: int) -> object:
            return await store.list_range(points[i], points[i] + timedelta(days=7))

        async def conflicts(i: int) -> object:
            return await store.conflicts(points[i], points[i] + timedelta(hours=1))

        async def free_slots(i: int) -> object:
            return await store.free_slots(points[i], points[i] + timedelta(days=7), timedelta(minutes=30))

        results = {}
        for label, op in (
            ("create", create),
            ("list-week", list_week),
            ("conflict check", conflicts),
            ("free-slot search", free_slots),
        ):
            results[label] = await _measure(args.samples, op)
        return results
    finally:
        await db.close()


async def _with_pg_schema(url: str, args: argparse.Namespace) -> dict[str, Figures]:
    schema = f"kairos_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        kwargs = {"connect_args": {"server_settings": {"search_path": schema}}}
        return await bench("postgresql", url, kwargs, args)
    finally:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await admin.dispose()


def _print(name: str, results: dict[str, Figures]) -> None:
    print(f"\n{name}")
    print(f"  {'operation':<18}{'ops/s':>10}{'p50 ms':>10}{'p95 ms':>10}{'CPU ms/op':>11}")
    for label, (rate, p50, p95, cpu) in results.items():
        print(f"  {label:<18}{rate:>10.0f}{p50:>10.2f}{p95:>10.2f}{cpu:>11.2f}")


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--noise-users", type=int, default=100)
    parser.add_argument("--noise-events", type=int, default=20)
    parser.add_argument("--recurring-share", type=float, default=0.01)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--postgres-url", default=os.environ.get("KAIROS_TEST_POSTGRES_URL"))
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load average {load:.1f} at start (latency figures assume an idle machine)")
    with tempfile.TemporaryDirectory(prefix="kairos-bench-") as tmp:
        sqlite = await bench("sqlite", f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}", {}, args)
    _print("SQLite (WAL, synchronous=NORMAL)", sqlite)
    if args.postgres_url:
        _print("PostgreSQL", await _with_pg_schema(args.postgres_url, args))
    p95 = sqlite["conflict check"][2]
    verdict = "met" if p95 <= CONFLICT_TARGET_P95_MS else "MISSED"
    print(f"\nSQLite conflict check p95 {p95:.2f} ms: target <= {CONFLICT_TARGET_P95_MS} ms {verdict}")
    return 0 if p95 <= CONFLICT_TARGET_P95_MS else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
