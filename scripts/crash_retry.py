#!/usr/bin/env python3
"""Crash test for request ids: ``kill -9`` the server mid-turn, restart it, retry every id until it settles.

A real uvicorn server (a subprocess of this script, on 127.0.0.1 and a free port, SQLite in a temporary
directory) runs the whole stack with a stub model that always creates the event the message names ("Gym
c17 in 2 days at 11:00" → ``create_event {title: "Gym c17", when: "in 2 days at 11:00"}``: the time is in
the user's words and every id gets its own hour, so each create is written, never a conflict question).
The model answers after a short sleep and each turn's final commit waits ``--commit-delay`` (only in this
harness), so a kill lands both before a turn's write and between its write and its commit: the case that
left a committed event behind a claim that answered 409 ``request_in_progress`` for 24 h.

Each of ``--kills`` rounds starts the server, fires its share of the ids concurrently (``POST /v1/chat``
with ``request_id``, or the ``Idempotency-Key`` header for every other id) and ``kill -9``s the server once
half of them have answered. A last server then gets every id again, each retried (after ``Retry-After``)
until it answers something other than 409, within ``--max-tries`` tries and the ``--budget`` seconds. The
server's turn deadline (``KAIROS_TURN_TIMEOUT_S``, here ``--turn-timeout``) sets how soon a dead claim
expires. Printed: retries stuck (still 409 at the end; must be 0), duplicates (events beyond one per id;
must be 0), ids whose last answer is not 200 (must be 0), and how the ids settled.

    .venv/bin/python scripts/crash_retry.py [--ids 450] [--kills 3] [--turn-timeout 4] [--json]

Exit status 0 when every figure that must be 0 is 0. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from agent.model import ScriptedModel, call, reply
from agent.model.messages import Message, ToolSpec
from storage import Database

HOST = "127.0.0.1"
CUT_OFF = "cut off"  # what a reply settled from a dead turn's committed writes says (agent.api.idempotency)


def clock() -> datetime:
    return datetime.now(UTC)


def message(i: int) -> str:
    """Id ``i``'s message: its own title and its own free hour (one-hour slots, 9:00-18:00, day by day)."""
    return f"Gym c{i} in {2 + i // 10} days at {9 + i % 10}:00"


def script(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
    last = str(getattr(messages[-1], "content", ""))
    title, sep, when = last.partition(" in ")
    if sep and title.startswith("Gym c"):
        return call("create_event", {"title": title, "when": f"in {when}"})
    return reply("Done.")


class SlowModel(ScriptedModel):
    """The stub model, answering after a short random sleep (a turn is in flight when the kill lands)."""

    async def complete(self, messages: Any, tools: Any = (), **kwargs: Any) -> Any:
        await asyncio.sleep(random.uniform(0.0, 0.05))
        return await super().complete(messages, tools, **kwargs)


# --- the server (a subprocess of this script) ---------------------------------------------------------


def serve(url: str, port: int, commit_delay: float) -> None:
    """Serve the app with the stub model; ``ApiSettings`` come from the environment (the turn deadline)."""
    import uvicorn

    from agent import Assistant
    from agent.api import ApiSettings, create_app
    from schedule_time.language import warm_up as warm_up_time_scanners
    from storage import TurnStore

    real_commit = TurnStore.commit

    async def slow_commit(self: TurnStore, *args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(commit_delay)  # widen the window between a turn's write and its commit
        await real_commit(self, *args, **kwargs)

    TurnStore.commit = slow_commit  # type: ignore[method-assign]
    logging.getLogger("kairos").setLevel(logging.ERROR)  # one warning per settled id is noise here

    async def main() -> None:
        warm_up_time_scanners()  # as ``kairos serve`` does before it takes requests
        db = await Database.open(url)
        assistant = Assistant(db, SlowModel(script), clock=clock)
        app = create_app(db, assistant, clock=clock, settings=ApiSettings.from_env())
        server = uvicorn.Server(uvicorn.Config(app, host=HOST, port=port, log_level="critical"))
        try:
            await server.serve()
        finally:
            await db.close()

    asyncio.run(main())


class Server:
    """One server process; ``kill`` is SIGKILL (no shutdown, no cleanup)."""

    def __init__(self, url: str, args: argparse.Namespace) -> None:
        with socket.socket() as sock:
            sock.bind((HOST, 0))
            self.port = sock.getsockname()[1]
        env = {**os.environ, "KAIROS_TURN_TIMEOUT_S": str(args.turn_timeout),
               "KAIROS_RATE_LIMIT_PER_MINUTE": "1000000"}  # fmt: skip
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(self.port), "--url", url,
             "--commit-delay", str(args.commit_delay)],
            env=env, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        self.base = f"http://{HOST}:{self.port}"

    async def ready(self, deadline: float) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with status {self.proc.returncode}")
                try:
                    if (await client.get("/healthz")).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)


# --- the client ---------------------------------------------------------------------------------------


async def send(client: httpx.AsyncClient, key: str, i: int) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}"}
    body: dict[str, Any] = {"message": message(i)}
    if i % 2:
        headers["Idempotency-Key"] = f"c{i}"
    else:
        body["request_id"] = f"c{i}"
    return await client.post("/v1/chat", json=body, headers=headers)


async def crash_round(
    server: Server, key: str, ids: list[int], args: argparse.Namespace, deadline: float
) -> set[int]:
    """Fire ``ids``; ``kill -9`` the server once half have answered. Returns the ids left unanswered."""
    answered: set[int] = set()
    half = max(1, len(ids) // 2)
    enough = asyncio.Event()
    gate = asyncio.Semaphore(args.concurrency)
    async with httpx.AsyncClient(base_url=server.base, timeout=args.turn_timeout * 5 + 10) as client:

        async def one(i: int) -> None:
            async with gate:
                if enough.is_set():
                    return
                try:
                    await send(client, key, i)
                except httpx.TransportError:
                    return
                answered.add(i)
                if len(answered) >= half:
                    enough.set()

        everything = asyncio.gather(*(one(i) for i in ids))
        halfway = asyncio.ensure_future(enough.wait())
        await asyncio.wait(
            {everything, halfway}, timeout=max(0.0, deadline - time.monotonic()),
            return_when=asyncio.FIRST_COMPLETED,
        )  # fmt: skip
        server.kill()
        halfway.cancel()
        await everything
    return set(ids) - answered


async def settle_all(
    server: Server, key: str, ids: list[int], args: argparse.Namespace, deadline: float
) -> tuple[dict[int, dict[str, Any]], dict[int, float]]:
    """Retry every id until it answers something other than 409 (bounded). Returns the last answer of each
    id (``{"status", "body"}``) and how long the ids that answered 409 took to settle."""
    last: dict[int, dict[str, Any]] = {}
    waited: dict[int, float] = {}
    gate = asyncio.Semaphore(args.concurrency)
    async with httpx.AsyncClient(base_url=server.base, timeout=args.turn_timeout * 5 + 10) as client:

        async def one(i: int) -> None:
            started = time.monotonic()
            for _ in range(args.max_tries):
                async with gate:
                    try:
                        r = await send(client, key, i)
                    except httpx.TransportError as exc:
                        last[i] = {"status": 0, "body": {"error": type(exc).__name__}}
                        return
                last[i] = {"status": r.status_code, "body": r.json()}
                if r.status_code != 409 or r.json()["error"].get("reason") != "request_in_progress":
                    break
                waited[i] = time.monotonic() - started
                pause = min(float(r.headers.get("Retry-After", "1")), 1.0)
                if time.monotonic() + pause > deadline:
                    break
                await asyncio.sleep(pause)
            if i in waited:
                waited[i] = time.monotonic() - started

        await asyncio.gather(*(one(i) for i in ids))
    return last, waited


async def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()
    deadline = started + args.budget
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'crash.db'}"
        db = await Database.open(url)
        user = await db.users.create(name="crash", timezone="UTC", locale="en-US", now=clock())
        key = (await db.api_keys.issue(user.id, now=clock())).key
        await db.close()
        ids = list(range(args.ids))
        rounds = [ids[k :: args.kills] for k in range(args.kills)]
        cut: set[int] = set()
        for chunk in rounds:
            server = Server(url, args)
            try:
                await server.ready(deadline)
                cut |= await crash_round(server, key, chunk, args, deadline)
            finally:
                server.kill()
        server = Server(url, args)
        try:
            await server.ready(deadline)
            last, waited = await settle_all(server, key, ids, args, deadline)
        finally:
            server.kill()
        db = await Database.open(url, migrate=False)
        try:
            events = await db.events(user.id).list_events()
        finally:
            await db.close()
    per_id = Counter(e.title.removeprefix("Gym ") for e in events)
    statuses = Counter(a["status"] for a in last.values())
    bodies = [a["body"] for a in last.values() if a["status"] == 200]
    stuck = sum(1 for a in last.values() if a["status"] == 409)
    return {
        "ids": args.ids,
        "kills": args.kills,
        "turn_timeout_s": args.turn_timeout,
        "unanswered_at_a_kill": len(cut),
        "answered_409_after_restart": len(waited),
        "retries_stuck": stuck,
        "duplicates": sum(n - 1 for n in per_id.values() if n > 1),
        "ids_without_an_event": sum(1 for i in ids if per_id[f"c{i}"] == 0),
        "not_200": sum(n for s, n in statuses.items() if s != 200),
        "final_200": statuses.get(200, 0),
        "settled_from_committed_writes": sum(1 for b in bodies if CUT_OFF in b.get("text", "")),
        "receipts_missing": sum(1 for b in bodies if len(b.get("receipts", ())) != 1),
        "statuses": {str(s): n for s, n in sorted(statuses.items())},
        "max_settle_s": round(max(waited.values(), default=0.0), 2),
        "elapsed_s": round(time.monotonic() - started, 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", type=int, default=450, help="request ids, spread over the kill rounds")
    parser.add_argument("--kills", type=int, default=3, help="kill -9 rounds")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--turn-timeout", type=float, default=4.0, help="the server's KAIROS_TURN_TIMEOUT_S")
    parser.add_argument("--commit-delay", type=float, default=0.1, help="seconds before a turn's commit")
    parser.add_argument("--max-tries", type=int, default=60, help="tries per id after the last restart")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds for the whole run")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        serve(args.url, args.serve, args.commit_delay)
        return 0
    if args.ids < 1 or args.kills < 1 or args.commit_delay >= args.turn_timeout:
        parser.error("need --ids >= 1, --kills >= 1 and --commit-delay below --turn-timeout")
    random.seed(args.seed)
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:>32}: {value}")
    must_be_zero = ("retries_stuck", "duplicates", "ids_without_an_event", "not_200", "receipts_missing")
    return 0 if all(figures[name] == 0 for name in must_be_zero) else 1


if __name__ == "__main__":
    sys.exit(main())
