#!/usr/bin/env python3
"""Benchmark the HTTP API: chat turns per second with the scripted model on SQLite.

Every turn goes through the whole stack: bearer auth (hashed key lookup), the idempotency claim and rate
window, the turn (prompt, one scripted model call, tools, receipts, exit check, transcript, telemetry) and
the stored reply. The mix: mostly chit-chat (one model call, no write), ``--create-share`` creates (one
model call, one event write: the time is in the user's words and each create gets a free hour, so it is
written, not turned into a question or a conflict). Users are spread round-robin over ``--users`` keys.

    .venv/bin/python scripts/bench_api.py [--turns 2000] [--concurrency 16] [--users 8] [--uvicorn] [--repeat 3]

In-process rows drive the ASGI app on this event loop, with no sockets: "httpx" through
``httpx.ASGITransport`` (the client's own work — building requests, parsing responses, cookies — is on the
same loop and in the CPU figure), "bare ASGI" by calling the app with a hand-built scope (almost no client
cost: what a server process spends per turn, minus HTTP parsing). Every measured request has a fresh request
id (a reused id would be a cheap replay, not a turn). The time scanners are compiled first, as ``kairos
serve`` does at start-up. ``--uvicorn`` also runs a real uvicorn server (one worker) on 127.0.0.1 in a
subprocess, with the client in this process (both share the machine's cores). ``--processes N`` also runs N
worker processes (spawned, as ``kairos serve --workers N`` runs them), each with its own in-process app and
client, on one SQLite file: their writers then meet at SQLite's file lock and its busy handler's sleeps
(the reason ``kairos serve`` recommends PostgreSQL for several workers). Creates wait behind other
clients' turns whenever they hand a statement to a worker thread, so their own p50 is printed too.
Target: >= 300 turns/s in-process (one process, httpx) on 2 cores.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json as _json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from agent import Assistant, Reply
from agent.api import ApiSettings, create_app
from agent.model import ScriptedModel, call, reply
from agent.model.messages import Message, ToolSpec
from schedule_time.language import warm_up as warm_up_time_scanners
from storage import Database

TARGET = 300.0
try:
    import uvloop  # noqa: F401

    LOOP = "uvloop"
except ImportError:  # pragma: no cover - uvloop is a dependency on Linux and macOS
    LOOP = "asyncio"


def clock() -> datetime:
    return datetime.now(UTC)


def script(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
    last = str(getattr(messages[-1], "content", ""))
    if last.startswith("create "):  # "create meeting 7 in 3 days at 15:00": the time is the user's words
        title, _, when = last.removeprefix("create ").partition(" in ")
        return call("create_event", {"title": title[:40], "when": f"in {when}"})
    return reply("Hello! Ask me about your calendar.")


_creates = itertools.count()


def create_message(n: int) -> str:
    """A create at a free hour (one-hour slots, 9:00-18:00, day after day): it is written, not a conflict."""
    k = next(_creates)
    return f"create meeting {n} in {1 + k // 10} days at {9 + k % 10}:00"


async def build(
    url: str, users: int, stub_turn: bool = False, prefix: str = "bench"
) -> tuple[Database, Any, list[str]]:
    warm_up_time_scanners()  # as ``kairos serve`` does before it takes requests
    db = await Database.open(url)
    keys = []
    for i in range(users):
        user = await db.users.create(
            name=f"{prefix}{i}", timezone="Asia/Shanghai", locale="zh-CN", now=clock()
        )
        keys.append((await db.api_keys.issue(user.id, now=clock())).key)
    assistant = Assistant(db, ScriptedModel(script), clock=clock)
    if stub_turn:  # measure the HTTP layer alone: auth, limits, idempotency, JSON; no turn
        canned = Reply(text="Hello!", turn_id="stub", conversation_id="default", lang="en")

        async def no_turn(*_: Any, **__: Any) -> Reply:
            return canned

        assistant.reply = no_turn  # type: ignore[method-assign]
    settings = ApiSettings(rate_limit_per_minute=10**9, turn_timeout_s=30)
    return db, create_app(db, assistant, clock=clock, settings=settings), keys


class BareClient:
    """Calls the ASGI app directly with a hand-built scope: the app's work without a client library's."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def post(self, path: str, *, json: dict[str, Any], headers: dict[str, str]) -> httpx.Response:
        body = _json.dumps(json).encode()
        raw = [(b"host", b"bench"), (b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]  # fmt: skip
        raw += [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": raw, "server": ("bench", 80), "client": ("127.0.0.1", 50000),
        }  # fmt: skip
        messages = [{"type": "http.request", "body": body, "more_body": False}]
        status, chunks = 0, []

        async def receive() -> dict[str, Any]:
            if messages:
                return messages.pop()
            await asyncio.Event().wait()  # never disconnects
            raise AssertionError

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return httpx.Response(status, content=b"".join(chunks))


def latency_figures(latencies: list[float], creates: list[float]) -> dict[str, float]:
    """p50/p95 of all turns (``latencies`` sorted, seconds) and the creates' own p50, in ms."""
    return {
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[int(len(latencies) * 0.95) - 1] * 1000,
        "create_p50_ms": statistics.median(creates) * 1000 if creates else 0.0,
    }


_runs = itertools.count()


async def drive(
    client: httpx.AsyncClient | BareClient, keys: list[str], turns: int, concurrency: int, create_share: float
) -> dict[str, float]:
    latencies: list[float] = []
    create_latencies: list[float] = []
    failures = written = 0
    counter = iter(range(turns))
    every = max(1, round(1 / create_share)) if create_share > 0 else 0
    run = next(_runs)  # request ids are unique across runs: a reused id would replay, not run a turn

    async def worker() -> None:
        nonlocal failures, written
        for n in counter:
            message = create_message(n) if every and n % every == 0 else "hi there"
            headers = {"Authorization": f"Bearer {keys[n % len(keys)]}"}
            started = time.perf_counter()
            r = await client.post(
                "/v1/chat", json={"message": message, "request_id": f"r{run}-{n}"}, headers=headers
            )
            latencies.append(time.perf_counter() - started)
            if message.startswith("create "):
                create_latencies.append(latencies[-1])
            body = r.json()
            failures += r.status_code != 200 or body.get("replayed", False)
            written += bool(body.get("receipts"))
            # A client's next request comes back over the network: let the other clients' requests in.
            # (A turn whose storage work runs without waiting never yields; without this, one in-process
            # worker would send its requests back to back and the others' latencies would pile up.)
            await asyncio.sleep(0)

    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    ended = time.perf_counter()
    wall = ended - wall0
    latencies.sort()
    return {
        "started": wall0,  # CLOCK_MONOTONIC: comparable across this machine's processes
        "ended": ended,
        "latencies": latencies,
        "create_latencies": create_latencies,
        "turns": turns,
        "turns_per_s": turns / wall,
        **latency_figures(latencies, create_latencies),
        "cpu_ms_per_turn": (time.process_time() - cpu0) / turns * 1000,
        "failures": failures,
        "written": written,
    }


def report(name: str, r: dict[str, float], cpu: str) -> None:
    print(
        f"{name:<26} {r['turns_per_s']:7.1f} turns/s   p50 {r['p50_ms']:6.1f} ms   p95 {r['p95_ms']:7.1f} ms   "
        f"(creates p50 {r.get('create_p50_ms', 0):5.1f} ms)   CPU {r['cpu_ms_per_turn']:5.2f} ms/turn ({cpu})   failures {int(r['failures'])}   "
        f"events written {int(r['written'])}"
    )


async def in_process(
    url: str, args: argparse.Namespace, stub_turn: bool = False, bare: bool = False
) -> dict[str, float]:
    db, app, keys = await build(url, args.users, stub_turn)
    try:
        if bare:
            client: Any = BareClient(app)
            await drive(client, keys, min(200, args.turns), args.concurrency, args.create_share)  # warm-up
            return await drive(client, keys, args.turns, args.concurrency, args.create_share)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            await drive(client, keys, min(200, args.turns), args.concurrency, args.create_share)  # warm-up
            return await drive(client, keys, args.turns, args.concurrency, args.create_share)
    finally:
        await db.close()


def worker_process(index: int, url: str, args: argparse.Namespace, barrier: Any, results: Any) -> None:
    """One of ``--processes`` workers (a spawned process, as ``kairos serve --workers N`` runs them): the
    app and an httpx client in-process on the shared database file; warms up, waits for the others, then
    drives its share of the turns and sends back its figures."""

    async def main() -> dict[str, Any]:
        db, app, keys = await build(url, args.users, prefix=f"bench-w{index}-")
        try:
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
                await drive(client, keys, min(200, args.turns), args.concurrency, args.create_share)
                barrier.wait(120)  # (blocks the loop: nothing else is running on it)
                return await drive(client, keys, args.turns, args.concurrency, args.create_share)
        finally:
            await db.close()

    results.put(run(main()))


def across_processes(url: str, args: argparse.Namespace) -> dict[str, float]:
    """``--processes N`` workers on one SQLite file, each driving ``--turns`` turns with ``--concurrency``
    clients; the figure is all their turns over the span from the first start to the last end."""
    import multiprocessing

    run(_create_schema(url))  # once, before the workers open it
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(args.processes), ctx.Queue()
    procs = [ctx.Process(target=worker_process, args=(i, url, args, barrier, results))
             for i in range(args.processes)]  # fmt: skip
    for proc in procs:
        proc.start()
    parts = [results.get(timeout=600) for _ in procs]
    for proc in procs:
        proc.join(30)
    if any(proc.exitcode != 0 for proc in procs):
        raise SystemExit(f"a worker process failed: exit codes {[proc.exitcode for proc in procs]}")
    latencies = sorted(x for part in parts for x in part["latencies"])
    creates = [x for part in parts for x in part["create_latencies"]]
    turns = sum(part["turns"] for part in parts)
    wall = max(part["ended"] for part in parts) - min(part["started"] for part in parts)
    return {
        "turns_per_s": turns / wall,
        **latency_figures(latencies, creates),
        "cpu_ms_per_turn": sum(part["cpu_ms_per_turn"] * part["turns"] for part in parts) / turns,
        "failures": sum(part["failures"] for part in parts),
        "written": sum(part["written"] for part in parts),
    }


async def _create_schema(url: str) -> None:
    db = await Database.open(url)
    await db.close()


def serve(url: str, port: int, users: int) -> None:
    """Subprocess entry: the app with the scripted model under uvicorn; prints the keys, then serves."""
    import uvicorn

    async def main() -> None:
        db, app, keys = await build(url, users)
        print(" ".join(keys), flush=True)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        await server.serve()
        await db.close()

    run(main())


def start_server(url: str, users: int) -> tuple[subprocess.Popen[str], int, list[str]]:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), "--url", url, "--users", str(users)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    return proc, port, proc.stdout.readline().split()


def run(coro: Any) -> Any:
    """Run on the event loop ``kairos serve`` gets: uvicorn picks uvloop when it is installed."""
    if LOOP == "uvloop":
        import uvloop

        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            return runner.run(coro)
    return asyncio.run(coro)


def process_cpu_s(pid: int) -> float | None:
    """User + system CPU seconds of another process (Linux ``/proc``), or ``None``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def over_uvicorn(
    port: int, keys: list[str], args: argparse.Namespace, server_pid: int
) -> dict[str, float]:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=httpx.Limits(max_connections=64)) as c:
        for _ in range(100):
            try:
                if (await c.get("/healthz")).status_code == 200:
                    break
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        await drive(c, keys, min(200, args.turns), args.concurrency, args.create_share)
        before = process_cpu_s(server_pid)
        result = await drive(c, keys, args.turns, args.concurrency, args.create_share)
        after = process_cpu_s(server_pid)
        if before is not None and after is not None:
            result["server_cpu_ms_per_turn"] = (after - before) / args.turns * 1000
        return result


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--users", type=int, default=8)
    parser.add_argument("--create-share", type=float, default=0.1, help="share of turns that create an event")
    parser.add_argument("--uvicorn", action="store_true", help="also measure through a real uvicorn server")
    parser.add_argument(
        "--repeat", type=int, default=1, help="httpx runs (median checked against the target): a busy machine"
    )
    parser.add_argument(
        "--processes", type=int, default=0,
        help="also run N worker processes on one SQLite file (as `kairos serve --workers N`)",
    )  # fmt: skip
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.url, args.serve, args.users)
        return 0
    print(
        f"cpus {os.cpu_count()}   load before: {os.getloadavg()}   python {sys.version.split()[0]}   "
        f"event loop {LOOP}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for i in range(args.repeat):  # each on a fresh database file
            runs.append(run(in_process(f"sqlite+aiosqlite:///{Path(tmp) / f'a{i}.db'}", args)))
            report("in-process ASGI, httpx", runs[-1], "client + app + SQLite threads")
            if args.repeat > 1:
                print(f"{'':<26} load {os.getloadavg()[0]:.2f}")
        result = sorted(runs, key=lambda r: r["turns_per_s"])[len(runs) // 2]
        if args.repeat > 1:
            report(f"  median of {args.repeat}", result, "the run the target is checked on")
        bare = run(in_process(f"sqlite+aiosqlite:///{Path(tmp) / 'd.db'}", args, bare=True))
        report("in-process ASGI, bare", bare, "app + SQLite threads, no client library")
        layer = run(in_process(f"sqlite+aiosqlite:///{Path(tmp) / 'c.db'}", args, stub_turn=True))
        report("in-process, turn stubbed", layer, "the HTTP layer alone, httpx client included")
        if args.processes > 1:
            spread = across_processes(f"sqlite+aiosqlite:///{Path(tmp) / 'p.db'}", args)
            report(f"{args.processes} processes, httpx", spread, f"all {args.processes} workers, per turn")
        if args.uvicorn:
            proc, port, keys = start_server(f"sqlite+aiosqlite:///{Path(tmp) / 'b.db'}", args.users)
            try:
                served = run(over_uvicorn(port, keys, args, proc.pid))
            finally:
                proc.terminate()
                proc.wait(10)
            report("uvicorn 127.0.0.1", served, "the client only; the server is another process")
            if "server_cpu_ms_per_turn" in served:
                print(
                    f"{'':<26} server process CPU {served['server_cpu_ms_per_turn']:5.2f} ms/turn "
                    "(uvicorn: HTTP parsing + app + SQLite)"
                )
    rusage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"load after: {os.getloadavg()}   max RSS {rusage.ru_maxrss / 1024:.0f} MiB")
    ok = result["turns_per_s"] >= TARGET and result["failures"] == 0
    print(f"target >= {TARGET:.0f} turns/s in-process (httpx, one process): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
