"""kairos storage: the user-scoped calendar store and everything it persists.

Open the database (SQLite by default, PostgreSQL by URL) and bring its schema to head::

    from storage import Database, EventDraft, EventPatch

    db = await Database.open()                      # KAIROS_DATABASE_URL, else SQLite in KAIROS_DATA_DIR
    user = await db.users.create(name="Ada", timezone="Asia/Shanghai", locale="zh-CN", now=now)
    events = db.events(user.id)                     # EventStore bound to this user; no method takes a user id

Writes (each takes ``now``, an ``idempotency_key`` and an optional ``turn_id`` for the audit log, and
returns a frozen :class:`WriteResult` whose ``persisted`` is true only after COMMIT)::

    r = await events.create(EventDraft("Meet Zhang San", start, end), now=now, idempotency_key=k)
    r = await events.update(r.event.id, EventPatch(start=new_start), expected_version=r.event.version, ...)
    r = await events.delete(event_id, occurrence_start=None | datetime, expected_version=None | int, ...)
    r = await events.update(series_id, patch, ..., from_start=at)   # from that occurrence on; earlier ones stay
    r = await events.delete(series_id, from_start=at, ...)          # the series ends before ``at``
    split_from(series, now) -> datetime | None    # the series' first start at or after ``now``: "from now on"
    split_of(r) -> datetime | None                # where a committed write split its series (for receipts)
    r = await events.undo(now=now, idempotency_key=k)      # reverts the user's last write
    r = await events.replace_occurrence(series_id, occurrence_start, draft_or_None, ...)  # .ics override
    rs = await events.import_items(plan.items, now=now, key_prefix=f"{turn_id}:import")  # all or nothing
    r.persisted, r.action ("created"|"updated"|"deleted"|"restored"), r.event (EventSnapshot), r.audit_id,
    r.occurrence_start, r.undo_of, r.replayed (same key seen before: this is the first result again)

Reads (aware datetimes in, aware datetimes out, ranges half-open ``[start, end)``)::

    await events.get(event_id) -> EventSnapshot                       # EventNotFound for others' ids too
    await events.list_range(start, end) -> list[Occurrence]           # recurrences expanded, DST-correct
    await events.listing(start, end) -> Listing                       # the same, and whether it was truncated
    await events.conflicts(start, end, exclude=None) -> list[Occurrence]   # timed events only by default
    await events.free_slots(start, end, duration, working_hours=WorkingHours()) -> list[FreeSlot]
    await events.search("张三", limit=5) -> list[SearchCandidate]      # fuzzy title match, best first

Also: ``db.conversations(user_id)`` (:class:`ConversationStore`: transcript, pending commands),
``db.turn_log(user_id)`` (:class:`TurnLog`: per-turn records), ``db.turns(user_id)`` (:class:`TurnStore`: a
turn's state loaded and its messages, records, focus and pending command committed in one session each;
conversation segments by silence gap), ``db.users`` (:class:`Users`),
``db.api_keys`` (:class:`ApiKeys`: issue once, store hashed, authenticate),
``await export_ics(events) -> bytes`` / ``await import_ics(events, data, now=now) -> ImportSummary``,
``await plan_ics(events, data, now=now) -> ImportPlan`` (``storage.ics_plan``: what import would write,
reading only; ``events.import_items`` writes a plan's items in one transaction, ``storage.ics_batch``),
``await upgrade(url_or_engine)`` (Alembic to head). Errors: see :mod:`storage.errors` (all ``StorageError``).
"""

from storage.api_keys import ApiKeys, IssuedApiKey
from storage.conversations import ConversationStore, MessageRecord, PendingKind, PendingRecord, Role
from storage.database import Database
from storage.drafts import UNSET, EventDraft, EventPatch
from storage.engine import create_engine, data_dir, database_url, session_factory
from storage.errors import (
    EventNotFound,
    IdempotencyKeyReused,
    InvalidEvent,
    InvalidInput,
    InvalidRange,
    InvalidUser,
    NotFound,
    NothingToUndo,
    OccurrenceNotFound,
    StorageError,
    StorageUnavailable,
    UndoConflict,
    UserNotFound,
    VersionConflict,
)
from storage.events import EventStore
from storage.ics import ImportSummary, SkippedItem, export_ics, import_ics
from storage.migrate import current_revision, head_revision, upgrade
from storage.results import Action, FreeSlot, SearchCandidate, WriteResult
from storage.series_split import split_from, split_of
from storage.slots import WorkingHours
from storage.snapshots import EventSnapshot, Listing, Occurrence
from storage.turn_log import TurnLog, TurnRecordView
from storage.turns import CLEAR, ArchivedMessage, PendingWrite, SegmentSummary, TurnState, TurnStore
from storage.users import UserProfile, Users

__all__ = [
    "CLEAR",
    "UNSET",
    "Action",
    "ApiKeys",
    "ArchivedMessage",
    "ConversationStore",
    "Database",
    "EventDraft",
    "EventNotFound",
    "EventPatch",
    "EventSnapshot",
    "EventStore",
    "FreeSlot",
    "IdempotencyKeyReused",
    "ImportSummary",
    "InvalidEvent",
    "InvalidInput",
    "InvalidRange",
    "InvalidUser",
    "IssuedApiKey",
    "Listing",
    "MessageRecord",
    "NotFound",
    "NothingToUndo",
    "Occurrence",
    "OccurrenceNotFound",
    "PendingKind",
    "PendingRecord",
    "PendingWrite",
    "Role",
    "SearchCandidate",
    "SegmentSummary",
    "SkippedItem",
    "StorageError",
    "StorageUnavailable",
    "TurnLog",
    "TurnRecordView",
    "TurnState",
    "TurnStore",
    "UndoConflict",
    "UserNotFound",
    "UserProfile",
    "Users",
    "VersionConflict",
    "WorkingHours",
    "WriteResult",
    "create_engine",
    "current_revision",
    "data_dir",
    "database_url",
    "export_ics",
    "head_revision",
    "import_ics",
    "session_factory",
    "split_from",
    "split_of",
    "upgrade",
]
