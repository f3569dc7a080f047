"""The stubbed tool backend: the real agent, tools, validation and time service over a throwaway store.

Only persistence is swapped: each scenario run gets its own temporary SQLite file (a copy of one migrated
template, so the schema is migrated once per process), and the ``Database`` handed to the agent builds
``RecordingEventStore``s, which record every write attempt — operation, arguments, outcome, and whether
the store committed it — without changing what the store does (a confirmed import: one attempt per row).

    async with Backend.open(workdir) as backend:
        user_id, ids = await backend.seed_user(scenario)          # + other_users, refs → ids
        assistant = Assistant(backend.db, model, clock=...)
        ...
        backend.attempts                                          # every write attempt, in order
        await backend.calendar(user_id)                           # ActualEvent keys for τ-bench comparison
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any
from zoneinfo import ZoneInfo

from evals.scenarios import Scenario, SeedEvent, normalize_rrule
from storage import Database, EventDraft, EventSnapshot, EventStore, StorageError, WriteResult, upgrade

__all__ = ["ActualEvent", "Backend", "RecordingDatabase", "RecordingEventStore", "WriteAttempt"]


@dataclass(frozen=True, slots=True)
class WriteAttempt:
    """One call of a store write method. ``outcome``: the action committed ("created", …) or the error's
    class name ("EventNotFound", "VersionConflict", …)."""

    op: str
    user_id: str
    arguments: dict[str, Any]
    outcome: str
    persisted: bool
    turn_id: str | None
    event_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "op": self.op,
            "user_id": self.user_id,
            "arguments": self.arguments,
            "outcome": self.outcome,
            "persisted": self.persisted,
            "turn_id": self.turn_id,
            "event_id": self.event_id,
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


class RecordingEventStore(EventStore):
    """An ``EventStore`` that appends a ``WriteAttempt`` for each create, update, delete and undo."""

    def __init__(self, sessions: Any, user_id: uuid.UUID, log: list[WriteAttempt] | None) -> None:
        super().__init__(sessions, user_id)
        self._log = log

    async def _recorded(
        self, op: str, arguments: dict[str, Any], turn_id: str | None, write: Awaitable[WriteResult]
    ) -> WriteResult:
        args = {k: _jsonable(v) for k, v in arguments.items()}
        try:
            result = await write
        except StorageError as exc:
            self._note(WriteAttempt(op, str(self.user_id), args, type(exc).__name__, False, turn_id))
            raise
        self._note(
            WriteAttempt(
                op, str(self.user_id), args, result.action, result.persisted, turn_id, str(result.event.id)
            )
        )
        return result

    def _note(self, attempt: WriteAttempt) -> None:
        if self._log is not None:
            self._log.append(attempt)

    async def create(self, draft: EventDraft, **kwargs: Any) -> WriteResult:  # type: ignore[override]
        write = super().create(draft, **kwargs)
        return await self._recorded("create", {"draft": draft}, kwargs.get("turn_id"), write)

    async def update(self, event_id: uuid.UUID | str, patch: Any, **kwargs: Any) -> WriteResult:  # type: ignore[override]
        write = super().update(event_id, patch, **kwargs)
        args = {"event_id": event_id, "patch": patch, "expected_version": kwargs.get("expected_version")}
        return await self._recorded("update", args, kwargs.get("turn_id"), write)

    async def delete(self, event_id: uuid.UUID | str, **kwargs: Any) -> WriteResult:  # type: ignore[override]
        write = super().delete(event_id, **kwargs)
        args = {"event_id": event_id, "occurrence_start": kwargs.get("occurrence_start")}
        return await self._recorded("delete", args, kwargs.get("turn_id"), write)

    async def undo(self, **kwargs: Any) -> WriteResult:  # type: ignore[override]
        return await self._recorded("undo", {}, kwargs.get("turn_id"), super().undo(**kwargs))

    async def import_items(self, items: Any, **kwargs: Any) -> tuple[WriteResult, ...]:  # type: ignore[override]
        """A confirmed import: one attempt per written row (or one failed attempt: nothing was written)."""
        turn_id = kwargs.get("turn_id")
        try:
            results = await super().import_items(items, **kwargs)
        except StorageError as exc:
            self._note(WriteAttempt("import", str(self.user_id), {"items": len(items)}, type(exc).__name__,
                                    False, turn_id))  # fmt: skip
            raise
        for item, result in zip(items, results, strict=True):
            args = {"item": _jsonable(item)}
            self._note(WriteAttempt("import", str(self.user_id), args, result.action, result.persisted, turn_id,
                                    str(result.event.id)))  # fmt: skip
        return results


class RecordingDatabase(Database):
    """A ``Database`` whose event stores record write attempts into ``attempts`` once ``recording`` is on
    (seeding is not recorded)."""

    def __init__(self, engine: Any) -> None:
        super().__init__(engine)
        self.attempts: list[WriteAttempt] = []
        self.recording = False

    def events(self, user_id: uuid.UUID) -> EventStore:
        return RecordingEventStore(self.sessions, user_id, self.attempts if self.recording else None)


@dataclass(frozen=True, slots=True)
class ActualEvent:
    """A stored event in the comparison form of ``ExpectedEvent.key()`` (title kept apart for matching)."""

    title: str
    start: str
    end: str
    all_day: bool
    recurrence: str | None
    exdates: tuple[date, ...]
    location: str | None = None
    attendees: tuple[str, ...] = ()
    notes: str | None = None

    @classmethod
    def of(cls, event: EventSnapshot) -> ActualEvent:
        if event.all_day:
            start, end = event.start_date.isoformat(), event.end_date.isoformat()
        else:
            start, end = event.start.astimezone(UTC).isoformat(), event.end.astimezone(UTC).isoformat()
        zone = ZoneInfo(event.timezone)
        exdates = tuple(sorted(x.astimezone(zone).date() for x in event.exdates))
        first = event.start_date if event.all_day else event.start.astimezone(zone)
        rule = normalize_rrule(event.rrule, first)
        return cls(
            event.title,
            start,
            end,
            event.all_day,
            rule,
            exdates,
            event.location,
            event.attendees,
            event.notes,
        )

    def key(self) -> tuple[str, str, str, bool, str | None, tuple[date, ...]]:
        return (self.title, self.start, self.end, self.all_day, self.recurrence, self.exdates)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "start": self.start,
            "end": self.end,
            "all_day": self.all_day,
            "recurrence": self.recurrence,
            "exdates": [d.isoformat() for d in self.exdates],
            **{k: v for k, v in self.details().items() if v},
        }

    def details(self) -> dict[str, Any]:
        return {"location": self.location, "attendees": list(self.attendees), "notes": self.notes}


@dataclass
class Seeded:
    """The scenario's user, the other users by name, and the ids the store gave the ``ref``'d events."""

    user_id: uuid.UUID
    others: dict[str, uuid.UUID] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)


class Backend:
    """One throwaway database per scenario run. Use ``Backend.open(workdir)`` as an async context."""

    def __init__(self, db: RecordingDatabase, path: Path) -> None:
        self.db = db
        self.path = path

    @property
    def attempts(self) -> list[WriteAttempt]:
        return self.db.attempts

    @classmethod
    def open(cls, template: Path) -> _Opening:
        return _Opening(template)

    async def seed(self, scenario: Scenario) -> Seeded:
        """Create the scenario's user and the other users with their calendars; then start recording."""
        zone = scenario.zone
        locale = "zh-CN" if scenario.lang == "zh" else "en-US"
        seeded_at = scenario.now - timedelta(days=1)
        user = await self.db.users.create(
            name="Eval User", timezone=scenario.tz, locale=locale, now=seeded_at
        )
        seeded = Seeded(user.id)
        await self._seed_calendar(user.id, scenario.calendar, zone, seeded, seeded_at)
        for other in scenario.other_users:
            profile = await self.db.users.create(
                name=other.user, timezone=scenario.tz, locale=locale, now=seeded_at
            )
            seeded.others[other.user] = profile.id
            await self._seed_calendar(profile.id, other.calendar, zone, seeded, seeded_at)
        self.db.recording = True
        return seeded

    async def _seed_calendar(
        self, user_id: uuid.UUID, events: list[SeedEvent], zone: ZoneInfo, seeded: Seeded, at: datetime
    ) -> None:
        store = self.db.events(user_id)
        for index, seed in enumerate(events):
            local = seed.localize(zone)
            draft = EventDraft(
                seed.title,
                local.start,
                local.end,
                timezone=zone.key,
                location=seed.location,
                notes=seed.notes,
                attendees=tuple(seed.attendees),
                rrule=seed.recurrence,
            )
            result = await store.create(draft, now=at, idempotency_key=f"seed-{user_id}-{index}")
            if seed.ref is not None:
                seeded.ids[seed.ref] = str(result.event.id)

    async def calendar(self, user_id: uuid.UUID) -> list[ActualEvent]:
        """The user's events in comparison form (read through a non-recording store)."""
        events = await EventStore(self.db.sessions, user_id).list_events()
        return sorted((ActualEvent.of(e) for e in events), key=ActualEvent.key)

    async def close(self) -> None:
        await self.db.close()
        shutil.rmtree(self.path.parent, ignore_errors=True)


class _Opening:
    def __init__(self, template: Path) -> None:
        self._template = template
        self._backend: Backend | None = None

    async def __aenter__(self) -> Backend:
        folder = Path(tempfile.mkdtemp(prefix="kairos-eval-"))
        path = folder / "eval.db"
        shutil.copyfile(self._template, path)
        db = RecordingDatabase(_engine(path))
        self._backend = Backend(db, path)
        return self._backend

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._backend is not None:
            await self._backend.close()


def _engine(path: Path) -> Any:
    from storage import create_engine

    return create_engine(f"sqlite+aiosqlite:///{path}")


async def migrated_template(folder: Path | None = None) -> Path:
    """A migrated, empty SQLite file to copy for each run (migrating once costs ~0.1 s; a copy ~2 ms)."""
    folder = folder or Path(tempfile.mkdtemp(prefix="kairos-eval-template-"))
    path = folder / "template.db"
    if not path.exists():
        await upgrade(f"sqlite+aiosqlite:///{path}")
    return path
