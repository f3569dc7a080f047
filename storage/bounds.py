"""What the store takes from outside, decided before anything is computed from it: instants within the
years ``limits.FIRST_YEAR``..``limits.LAST_YEAR`` (``in_range``), text without control characters (NUL and
the like; line breaks and tabs are text), zone names only from the zone database (``known_zone``: a string
from a user or a file is compared against a list, never opened as a file).

Every boundary uses these: ``storage.drafts.validate``, range queries, the .ics importer and exporter, and
the HTTP API.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import cache
from zoneinfo import available_timezones

from storage import limits

__all__ = ["CONTROL_CHARACTERS", "in_range", "known_zone", "strip_controls"]

#: What no stored text may hold: C0 and C1 control characters (NUL among them) except tab, line feed and
#: carriage return, DEL, and lone surrogates (not text at all: no encoder can write them).
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_ZONE_NAME = re.compile(r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+)*")


def known_zone(name: object) -> bool:
    """Whether ``name`` is a zone of the zone database, decided by its length, its characters and the
    database's list of names: never by opening a file (``ZoneInfo`` of a 300-character name raised
    ``OSError: File name too long``, of a directory name ``IsADirectoryError``)."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= limits.MAX_TIMEZONE_LENGTH
        and _ZONE_NAME.fullmatch(name) is not None
        and name in _zone_names()
    )


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def in_range(value: date | datetime) -> bool:
    """Whether ``value`` lies in the years the store accepts: an aware datetime as an instant in
    ``[limits.EARLIEST, limits.LATEST]``, a date (or a naive datetime) as the day of its midnight (so the
    exclusive end of an all-day event on the last day is in). Decided without any arithmetic that could
    overflow (the wall year first: no offset moves an instant by a day)."""
    if not limits.FIRST_YEAR - 1 <= value.year <= limits.LAST_YEAR + 1:
        return False
    if isinstance(value, datetime):
        if value.tzinfo is not None and value.utcoffset() is not None:
            return limits.EARLIEST <= value <= limits.LATEST
        value = value.date()
    return limits.EARLIEST.date() <= value <= limits.LATEST.date()


def strip_controls(text: str) -> str:
    """``text`` without its control characters (``CONTROL_CHARACTERS``); line breaks and tabs stay."""
    return CONTROL_CHARACTERS.sub("", text)
