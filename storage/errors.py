"""Domain exceptions raised by ``storage``.

Every exception the store raises on purpose is a :class:`StorageError`. Messages are written for a person
(or a model) to read: they name the field and the rule, never SQL, driver text or another user's data.
The original driver exception, where there is one, is chained as ``__cause__`` for the operator's log.

Hierarchy::

    StorageError
    ├── InvalidInput (also a ValueError)        the caller's data breaks a rule; fixable by the caller
    │   ├── InvalidEvent                        title, times, zone, recurrence, sizes of an event
    │   ├── InvalidRange                        a query range: naive, empty, reversed or too long
    │   └── InvalidUser                         user fields: zone, locale, name
    ├── NotFound (also a LookupError)
    │   ├── EventNotFound                       missing id, malformed id, or another user's id
    │   ├── OccurrenceNotFound                  no such occurrence in a recurring series
    │   └── UserNotFound
    ├── VersionConflict                         optimistic concurrency: the event changed meanwhile
    ├── IdempotencyKeyReused                    one key, two different requests
    ├── NothingToUndo
    ├── UndoConflict                            the event changed after the write that undo would revert
    └── StorageUnavailable                      database busy, gone or failing; retry later (operator)

Which audience gets what (see DESIGN.md): ``InvalidInput`` and ``NotFound`` messages may go back to the
model as tool results; ``VersionConflict``/``UndoConflict`` usually mean "re-read and ask the user";
``StorageUnavailable`` is for the operator's log and an honest "could not save" to the user.
"""

from __future__ import annotations

__all__ = [
    "EventNotFound",
    "IdempotencyKeyReused",
    "InvalidEvent",
    "InvalidInput",
    "InvalidRange",
    "InvalidUser",
    "NotFound",
    "NothingToUndo",
    "OccurrenceNotFound",
    "StorageError",
    "StorageUnavailable",
    "UndoConflict",
    "UserNotFound",
    "VersionConflict",
]


class StorageError(Exception):
    """Base class of every error raised on purpose by ``storage``."""


class InvalidInput(StorageError, ValueError):
    """The caller's data breaks a rule. ``field`` names the offending field (``None`` when several)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class InvalidEvent(InvalidInput):
    """An event's fields are invalid (naive or reversed times, unknown zone, bad RRULE, too long...)."""


class InvalidRange(InvalidInput):
    """A query range is naive, empty, reversed or longer than ``limits.MAX_QUERY_RANGE``."""


class InvalidUser(InvalidInput):
    """A user's fields are invalid (unknown time zone, empty name, oversized locale...)."""


class NotFound(StorageError, LookupError):
    """Something the caller named does not exist for this user."""


class EventNotFound(NotFound):
    """No event with this id for this user. Another user's id gives exactly this error."""

    def __init__(self, event_id: object) -> None:
        super().__init__(f"no event with id {str(event_id)[:64]!r}")
        self.event_id = event_id


class OccurrenceNotFound(NotFound):
    """The recurring event has no (remaining) occurrence starting at the given time."""


class UserNotFound(NotFound):
    """No user with this id."""


class VersionConflict(StorageError):
    """The event's version is not the one the caller expected: someone changed it in between."""

    def __init__(self, event_id: object, *, expected: int, current: int | None) -> None:
        super().__init__(
            f"event {event_id} changed since it was read (expected version {expected}, now {current}); "
            "read it again before changing it"
        )
        self.event_id = event_id
        self.expected = expected
        self.current = current


class IdempotencyKeyReused(StorageError):
    """The idempotency key was already used for a different request by this user."""

    def __init__(self, key: str) -> None:
        super().__init__(f"idempotency key {key[:64]!r} was already used for a different request")
        self.key = key


class NothingToUndo(StorageError):
    """The user has no write left that undo could revert."""

    def __init__(self) -> None:
        super().__init__("there is nothing to undo")


class UndoConflict(StorageError):
    """The last write cannot be undone because its event changed afterwards."""


class StorageUnavailable(StorageError):
    """The database failed (busy, unreachable, disk full...). Nothing was written; retry later."""
