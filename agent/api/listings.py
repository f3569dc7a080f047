"""The answer of ``GET /v1/events``: occurrences expanded and encoded as JSON, in another process when the
listing is heavy.

Why a process: expanding thousands of occurrences and encoding them is pure-Python CPU work. On the event
loop it stalls every other user's request; in a thread it still holds the GIL, and each of the other
requests' steps waits up to a switch interval for it (a week's listing went from 8 ms to 73 ms p95 while
another user listed a year of 200 hourly series). A worker process runs it on another core; the loop only
pickles the rows out and the JSON bytes back. Light listings (most of them) stay inline: a process
round trip costs more than they do.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from agent.api.schemas import OccurrenceList
from storage import Listing, Occurrence, limits
from storage.event_reads import expand_rows, heavy

__all__ = ["ListingWorkers", "listing_json"]


def listing_json(start: datetime, end: datetime, listing: Listing) -> bytes:
    """The ``OccurrenceList`` JSON of ``listing``."""
    body = {"start": start, "end": end, "truncated": listing.truncated,
            "occurrences": [_occurrence(o) for o in listing.occurrences]}  # fmt: skip
    return OccurrenceList.model_validate(body).model_dump_json().encode()


def _occurrence(o: Occurrence) -> dict[str, Any]:
    return {
        "event_id": str(o.event_id), "title": o.title, "start": o.start, "end": o.end,
        "all_day": o.all_day, "recurring": o.recurring, "timezone": o.event.timezone,
        "location": o.event.location,
    }  # fmt: skip


def _expand_and_encode(rows: list[dict[str, Any]], start: datetime, end: datetime, limit: int) -> bytes:
    """Run in a worker process: plain row dicts in, JSON bytes out."""
    listing = expand_rows([SimpleNamespace(**row) for row in rows], start, end, limit)
    return listing_json(start, end, listing)


def _ready() -> None:
    """Nothing: importing this module (and storage) is the worker's warm-up."""


class ListingWorkers:
    """One worker process for heavy listings, started on first use ("spawn": the server's threads are
    not forked into it) and stopped with the app."""

    def __init__(self, workers: int = 1) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def encode(self, rows: list[Any], start: datetime, end: datetime) -> bytes:
        limit = limits.MAX_OCCURRENCES_PER_LISTING
        if not heavy(rows, start, end):
            return listing_json(start, end, expand_rows(rows, start, end, limit))
        plain = [row._asdict() for row in rows]
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._started(), _expand_and_encode, plain, start, end, limit)

    def start(self) -> None:
        """Start the worker now (the server does, at startup), so no request waits for its imports."""
        self._started().submit(_ready)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self._workers, mp_context=context)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
