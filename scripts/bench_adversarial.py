#!/usr/bin/env python3
"""The adversarial suite, full: a real ``kairos serve`` on 127.0.0.1 attacked the way a hostile user would.

One server process (SQLite in a temporary directory, a model endpoint that does not answer: chat turns
answer honestly without one) is started with the production command, and each category sends its
requests through HTTP:

- ``recurrence``: .ics files with unbounded or dense rules (INTERVAL=0/-1, every minute, a series from
  1950), then listings of a week and of 400 days, near now and in 2200;
- ``ranges``: listings at the edges of time (years 1, 1899, 2201, 9999, offsets of ±14 h, reversed);
- ``import``: the malformed items of the hardening issue and random mutations of a calendar file;
- ``limits``: bodies of 100 MB without a key and 300 MB with one, a 1 MB header, NUL bytes;
- ``fuzz``: requests generated from the OpenAPI document (``tests/api/test_openapi_fuzz.py``'s strategies);
- ``isolation``: one user's heavy calendar (200 dense series since 1950) listed by that user in a loop
  while another user lists a week: the other user's p95 with and without the load;
- ``crash``: ``scripts/crash_retry.py`` (kill -9 during creates with request ids, then retries).

Printed per category: requests, 500s (must be 0), the worst latency and the peak RSS of the server and its
listing worker during it;
then retries stuck and duplicates after crashes (must be 0) and the isolation ratio (must be ≤ 2).
Exit status 0 when every must-figure holds. Only 127.0.0.1 is contacted; every loop is bounded.

    .venv/bin/python scripts/bench_adversarial.py [--quick] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

HOST = "127.0.0.1"


@dataclass
class Category:
    name: str
    requests: int = 0
    errors_500: int = 0
    worst_s: float = 0.0
    peak_rss_mb: float = 0.0
    notes: list[str] = field(default_factory=list)


class Server:
    """``kairos serve`` in a subprocess, with its resident memory sampled while a category runs."""

    def __init__(self, data_dir: Path) -> None:
        self.port = _free_port()
        env = {**os.environ, "KAIROS_DATA_DIR": str(data_dir), "KAIROS_MODEL_BASE_URL": f"http://{HOST}:9/v1",
               "KAIROS_MODEL_TIMEOUT": "2", "KAIROS_MODEL_CONNECT_TIMEOUT": "1", "KAIROS_MODEL_MAX_RETRIES": "0",
               "KAIROS_RATE_LIMIT_PER_MINUTE": "100000", "KAIROS_TURN_TIMEOUT_S": "20"}  # fmt: skip
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "agent.cli", "serve", "--host", HOST, "--port", str(self.port),
             "--no-access-log", "--log-level", "critical"],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.base = f"http://{HOST}:{self.port}"

    async def ready(self) -> None:
        async with httpx.AsyncClient(base_url=self.base) as client:
            for _ in range(300):
                if self.proc.poll() is not None:
                    raise SystemExit(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
                try:
                    if (await client.get("/healthz", timeout=1)).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        raise SystemExit("server did not start within 30 s")

    def rss_mb(self) -> float:
        """Resident memory of the server and its worker processes (the listing worker), in MB."""
        total = 0.0
        pids = [self.proc.pid]
        try:
            pids += [int(p) for p in Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()]
            for pid in pids:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
        except (FileNotFoundError, ProcessLookupError):
            pass
        return total

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def _users(data_dir: Path) -> tuple[str, str, str]:
    from storage import Database

    db = await Database.open(f"sqlite+aiosqlite:///{data_dir / 'kairos.db'}")
    now = datetime(2026, 12, 1, tzinfo=UTC)
    keys = []
    for name, zone in (("Hostile", "America/New_York"), ("Quiet", "Asia/Shanghai"), ("Load", "Europe/Paris")):
        user = await db.users.create(name=name, timezone=zone, locale="en-US", now=now)
        keys.append((await db.api_keys.issue(user.id, now=now)).key)
    await db.close()
    return keys[0], keys[1], keys[2]


class Attack:
    def __init__(self, server: Server, key: str) -> None:
        self.server = server
        self.client = httpx.AsyncClient(base_url=server.base, headers={"Authorization": f"Bearer {key}"},
                                        timeout=httpx.Timeout(120.0))  # fmt: skip

    async def run(self, category: Category, method: str, path: str, **kwargs: Any) -> httpx.Response | None:
        began = time.perf_counter()
        sampler = asyncio.create_task(self._sample(category))
        try:
            response = await self.client.request(method, path, **kwargs)
        except httpx.HTTPError as exc:  # a connection the server closed on purpose (an oversized head)
            category.notes.append(f"{method} {path[:40]}: connection closed ({type(exc).__name__})")
            response = None
        finally:
            sampler.cancel()
        category.requests += 1
        category.worst_s = max(category.worst_s, time.perf_counter() - began)
        category.peak_rss_mb = max(category.peak_rss_mb, self.server.rss_mb())
        if response is not None and response.status_code >= 500 and response.status_code not in (503, 504):
            category.errors_500 += 1
            category.notes.append(f"{method} {path[:60]} -> {response.status_code}: {response.text[:120]}")
        return response

    async def _sample(self, category: Category) -> None:
        while True:
            category.peak_rss_mb = max(category.peak_rss_mb, self.server.rss_mb())
            await asyncio.sleep(0.05)


def _ics(*events: str) -> bytes:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n" + "".join(events)
            + "END:VCALENDAR\r\n").encode()  # fmt: skip


def _vevent(uid: str, *lines: str, start: str = "DTSTART:20261201T090000Z", end: str = "DTEND:20261201T093000Z") -> str:
    return "BEGIN:VEVENT\r\n" + f"UID:{uid}\r\nSUMMARY:{uid}\r\n{start}\r\n{end}\r\n" + "".join(
        f"{line}\r\n" for line in lines
    ) + "END:VEVENT\r\n"


HOSTILE_RULES = [
    "RRULE:FREQ=DAILY;INTERVAL=0", "RRULE:FREQ=DAILY;INTERVAL=-1", "RRULE:FREQ=WEEKLY;INTERVAL=0;BYDAY=MO",
    "RRULE:FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24))) + ";BYMINUTE=" + ",".join(map(str, range(60))),
    "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "RRULE:FREQ=DAILY;COUNT=1000;BYMONTH=2;BYMONTHDAY=30",
    "RRULE:FREQ=DAILY;UNTIL=99991231T000000Z", "RRULE:FREQ=YEARLY;BYWEEKNO=53", "RRULE:FREQ=SECONDLY",
]  # fmt: skip


async def recurrence(attack: Attack, quick: bool) -> Category:
    cat = Category("recurrence")
    for i, rule in enumerate(HOSTILE_RULES):
        await attack.run(cat, "POST", "/v1/events/import", content=_ics(_vevent(f"hostile-{i}", rule)),
                         headers={"Content-Type": "text/calendar"})  # fmt: skip
    dense = "RRULE:FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
    await attack.run(cat, "POST", "/v1/events/import", headers={"Content-Type": "text/calendar"},
                     content=_ics(_vevent("old-dense", dense, start="DTSTART:19500102T000000Z",
                                          end="DTEND:19500102T003000Z")))  # fmt: skip
    for start in ("2026-12-01T00:00:00Z", "2199-12-01T00:00:00Z", "1950-01-01T00:00:00Z"):
        for days in (7, 400):
            end = (datetime.fromisoformat(start) + timedelta(days=days)).isoformat()
            response = await attack.run(cat, "GET", "/v1/events", params={"start": start, "end": end})
            if response is not None and response.status_code == 200:
                body = response.json()
                cat.notes.append(f"{start[:10]} +{days}d: {len(body['occurrences'])} occurrences, "
                                 f"truncated={body.get('truncated')}")  # fmt: skip
    return cat


EDGES = ["0001-01-01T00:00:00+14:00", "0001-01-02T00:00:00Z", "1899-12-31T00:00:00Z", "1900-01-01T00:00:00Z",
         "2200-12-31T00:00:00-12:00", "2201-01-01T00:00:00Z", "9999-12-30T00:00:00Z", "9999-12-31T23:59:59-14:00",
         "2026-12-01T00:00:00", "2026-12-01T00:00:00Z"]  # fmt: skip


async def ranges(attack: Attack, quick: bool) -> Category:
    cat = Category("ranges")
    for start in EDGES:
        for end in EDGES:
            await attack.run(cat, "GET", "/v1/events", params={"start": start, "end": end})
    return cat


FINDINGS = [
    _vevent("until-9999", "RRULE:FREQ=DAILY;UNTIL=99991231T000000Z"),
    _vevent("long-tzid", start="DTSTART;TZID=" + "A" * 300 + ":20261201T090000",
            end="DTEND;TZID=" + "A" * 300 + ":20261201T100000"),
    _vevent("year-1", start="DTSTART:00010101T000000Z", end="DTEND:00010101T010000Z"),
    _vevent("year-9999", start="DTSTART:99991231T000000Z", end="DTEND:99991231T010000Z"),
    _vevent("duration", "DURATION:P9999999W", end="X-NOTHING:1"),
    _vevent("exdate", "RRULE:FREQ=DAILY", "EXDATE:20261202T090000Z20261203T090000Z"),
    _vevent("date-9999", start="DTSTART;VALUE=DATE:99991231", end="X-NOTHING:1"),
    _vevent("interval-minus-1", "RRULE:FREQ=MONTHLY;INTERVAL=-1"),
    _vevent("nul", "DESCRIPTION:a\x00b"),
]  # fmt: skip


async def imports(attack: Attack, quick: bool) -> Category:
    cat = Category("import")
    good = [_vevent(f"good-{i}", start=f"DTSTART:202612{10 + i:02d}T090000Z", end=f"DTEND:202612{10 + i:02d}T100000Z")
            for i in range(6)]  # fmt: skip
    for bad in FINDINGS:
        response = await attack.run(cat, "POST", "/v1/events/import", headers={"Content-Type": "text/calendar"},
                                    content=_ics(*good[:3], bad, *good[3:]))  # fmt: skip
        if response is not None and response.status_code == 200:
            body = response.json()
            if len(body["imported"]) + len(body["skipped"]) < 7:
                cat.notes.append(f"an item neither imported nor skipped: {bad[:60]!r}")
    rng = random.Random(7)
    lines = _ics(*good, *FINDINGS).decode().split("\r\n")
    for _ in range(60 if quick else 400):
        mutated = list(lines)
        for _ in range(rng.randint(1, 6)):
            op = rng.choice(["drop", "dup", "swap", "garble"])
            i = rng.randrange(len(mutated))
            if op == "drop":
                del mutated[i]
            elif op == "dup":
                mutated.insert(i, mutated[i])
            elif op == "swap":
                j = rng.randrange(len(mutated))
                mutated[i], mutated[j] = mutated[j], mutated[i]
            else:
                text = mutated[i]
                k = rng.randrange(len(text) + 1)
                mutated[i] = text[:k] + rng.choice([";", ":", "=", "\x00", "Z", "9", ",", "T"]) + text[k:]
        await attack.run(cat, "POST", "/v1/events/import", headers={"Content-Type": "text/calendar"},
                         content="\r\n".join(mutated).encode(errors="replace"))  # fmt: skip
    return cat


async def _raw(port: int, head: bytes, body_size: int, chunked: bool = False) -> tuple[str, float]:
    """Send ``head`` then up to ``body_size`` bytes of body, stopping when the server answers; return the
    status line and the seconds it took (what a client that keeps sending would see)."""
    began = time.perf_counter()
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(head)
        sent, chunk = 0, b"x" * (1 << 20)
        if chunked:  # valid chunked framing: size line, data, CRLF
            chunk = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        while sent < body_size and not reader.at_eof():
            try:
                line = await asyncio.wait_for(reader.readline(), timeout=0.001)
                if line:
                    return line.decode(errors="replace").strip(), time.perf_counter() - began
            except TimeoutError:
                pass
            writer.write(chunk)
            await writer.drain()
            sent += len(chunk)
        line = await asyncio.wait_for(reader.readline(), timeout=30)
        return line.decode(errors="replace").strip() or "closed", time.perf_counter() - began
    except (ConnectionError, TimeoutError) as exc:
        return f"closed ({type(exc).__name__})", time.perf_counter() - began
    finally:
        writer.close()


async def limits(attack: Attack, quick: bool) -> Category:
    cat = Category("limits")
    auth = attack.client.headers["Authorization"]
    for size, keyed, path in ((100 << 20, False, "/v1/chat"), (300 << 20, True, "/v1/chat"),
                              (100 << 20, False, "/v1/events/import")):  # fmt: skip
        for framing in (f"Content-Length: {size}", "Transfer-Encoding: chunked"):
            head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n{framing}\r\n"
                    + (f"Authorization: {auth}\r\n" if keyed else "") + "\r\n").encode()  # fmt: skip
            before = attack.server.rss_mb()
            status, elapsed = await _raw(attack.server.port, head, size, chunked="chunked" in framing)
            cat.requests += 1
            cat.worst_s = max(cat.worst_s, elapsed)
            cat.peak_rss_mb = max(cat.peak_rss_mb, attack.server.rss_mb())
            cat.notes.append(f"{size >> 20} MB to {path} ({framing.split(':')[0]}, {'key' if keyed else 'no key'}): "
                             f"{status} in {elapsed:.3f} s, RSS {before:.0f} -> {attack.server.rss_mb():.0f} MB")  # fmt: skip
            if " 5" in status[:13]:
                cat.errors_500 += 1
    head = (f"GET /v1/events.ics HTTP/1.1\r\nHost: {HOST}\r\nX-Big: {'a' * (1 << 20)}\r\n\r\n").encode()
    status, elapsed = await _raw(attack.server.port, head, 0)
    cat.requests += 1
    cat.notes.append(f"1 MB header: {status} in {elapsed:.3f} s")
    response = await attack.run(cat, "POST", "/v1/chat", json={"message": "hello\x00there"})
    cat.notes.append(f"NUL in a message: {response.status_code if response is not None else 'closed'}")
    return cat


async def fuzz(attack: Attack, quick: bool) -> Category:
    from tests.api.test_openapi_fuzz import _draw, _requests, build_request

    cat = Category("fuzz")
    doc = (await attack.client.get("/openapi.json")).json()
    count = 40 if quick else 300
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for request in _draw(_requests(doc, path, method, op), count):
                target, kwargs = build_request(path, request)
                await attack.run(cat, method.upper(), target, **kwargs)
    return cat


async def isolation(heavy: Attack, quiet: Attack, quick: bool) -> Category:
    """The quiet user's week listing, p95, while the heavy user lists a year at a fixed pace (two at a
    time, one every 0.25 s): first with a light calendar (one weekly series), then after importing dense
    hourly series since 1950. The must-figure is heavy / light: what the other user's *data* costs the
    quiet user, the load being the same. Quiet alone is printed for reference."""
    cat = Category("isolation")
    week = {"start": "2026-12-01T00:00:00+08:00", "end": "2026-12-08T00:00:00+08:00"}
    year = {"start": "2026-01-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"}
    await quiet.run(cat, "POST", "/v1/events/import", headers={"Content-Type": "text/calendar"},
                    content=_ics(_vevent("standup", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")))  # fmt: skip
    await heavy.run(cat, "POST", "/v1/events/import", headers={"Content-Type": "text/calendar"},
                    content=_ics(_vevent("weekly", "RRULE:FREQ=WEEKLY;BYDAY=TU")))  # fmt: skip
    rounds = 60 if quick else 200

    async def quiet_p95(paced: bool) -> float:
        stop = asyncio.Event()

        async def pace() -> None:
            while not stop.is_set():
                await heavy.run(cat, "GET", "/v1/events", params=year)
                await asyncio.sleep(0.25)

        pacers = [asyncio.create_task(pace()) for _ in range(2 if paced else 0)]
        times = []
        for _ in range(rounds):
            began = time.perf_counter()
            await quiet.run(cat, "GET", "/v1/events", params=week)
            times.append(time.perf_counter() - began)
            await asyncio.sleep(0.01)
        stop.set()
        await asyncio.gather(*pacers)
        return statistics.quantiles(times, n=20)[-1]

    alone = await quiet_p95(False)
    light = await quiet_p95(True)
    dense = "RRULE:FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
    series = [_vevent(f"dense-{i}", dense, start=f"DTSTART:1950{1 + i % 12:02d}02T000000Z",
                      end=f"DTEND:1950{1 + i % 12:02d}02T003000Z") for i in range(40 if quick else 200)]  # fmt: skip
    await heavy.run(cat, "POST", "/v1/events/import", content=_ics(*series), headers={"Content-Type": "text/calendar"})
    loaded = await quiet_p95(True)
    cat.notes.append(f"quiet user's week listing p95: alone {alone * 1000:.1f} ms; while the other user lists "
                     f"a year, light calendar {light * 1000:.1f} ms, {len(series)} hourly series since 1950 "
                     f"{loaded * 1000:.1f} ms (heavy/light x{loaded / light:.2f}, heavy/alone "
                     f"x{loaded / alone:.2f})")  # fmt: skip
    cat.notes.append(f"ratio={loaded / light:.3f}")
    return cat


def crash(quick: bool) -> tuple[Category, dict[str, Any]]:
    cat = Category("crash")
    args = ["--ids", "60", "--kills", "1"] if quick else ["--ids", "450", "--kills", "3"]
    began = time.perf_counter()
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "crash_retry.py"), *args, "--json"],
                          capture_output=True, text=True, timeout=1800, cwd=ROOT)  # fmt: skip
    cat.worst_s = time.perf_counter() - began
    try:
        figures = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        figures = {"retries_stuck": -1, "duplicates": -1, "error": done.stderr[-500:]}
    cat.requests = int(figures.get("requests", figures.get("ids", 0)))
    cat.notes.append(json.dumps(figures))
    return cat, figures


def _write(path: str, data: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(data, indent=2))


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="kairos-adversarial-") as tmp:
        data_dir = Path(tmp)
        heavy_key, quiet_key, load_key = await _users(data_dir)
        server = Server(data_dir)
        try:
            await server.ready()
            heavy, quiet = Attack(server, heavy_key), Attack(server, quiet_key)
            categories = [await recurrence(heavy, args.quick), await ranges(heavy, args.quick),
                          await imports(quiet, args.quick), await limits(heavy, args.quick)]  # fmt: skip
            if not args.skip_fuzz:
                categories.append(await fuzz(quiet, args.quick))
            categories.append(await isolation(Attack(server, load_key), quiet, args.quick))
            alive = server.proc.poll() is None
        finally:
            server.stop()
    crashed, figures = crash(args.quick) if not args.skip_crash else (Category("crash"), {})
    categories.append(crashed)
    print(f"{'category':<12} {'requests':>9} {'500s':>5} {'worst s':>8} {'peak RSS MB':>12}")
    for c in categories:
        print(f"{c.name:<12} {c.requests:>9} {c.errors_500:>5} {c.worst_s:>8.2f} {c.peak_rss_mb:>12.0f}")
    for c in categories:
        for note in c.notes[:40]:
            print(f"  {c.name}: {note}")
    ratio = next((float(n.split("=")[1]) for c in categories for n in c.notes if n.startswith("ratio=")), 0.0)
    stuck, duplicates = figures.get("retries_stuck", 0), figures.get("duplicates", 0)
    total_500 = sum(c.errors_500 for c in categories)
    print(f"500s: {total_500}  retries stuck after crashes: {stuck}  duplicates: {duplicates}  "
          f"isolation p95 ratio: {ratio:.2f}  server alive at the end: {alive}")  # fmt: skip
    if args.json:
        _write(args.json, {"categories": [c.__dict__ for c in categories], "crash": figures, "ratio": ratio})
    ok = total_500 == 0 and stuck == 0 and duplicates == 0 and ratio <= 2.0 and alive
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer requests per category (a minute or two)")
    parser.add_argument("--skip-crash", action="store_true")
    parser.add_argument("--skip-fuzz", action="store_true")
    parser.add_argument("--json", help="also write the figures to this file")
    sys.exit(asyncio.run(main(parser.parse_args())))
