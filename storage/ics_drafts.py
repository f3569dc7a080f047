"""One imported VEVENT read as an ``EventDraft``: its times in a zone kairos knows (else the user's), an
all-day event's dates, its rule, EXDATEs and attendees. What kairos cannot hold, and whatever in the item
cannot be read (a malformed value, a date outside the years the store holds, a TZID that is no zone name
at all), raises ``Skip``, whose text is the reason the import gives for the item: reading one item never
raises anything else.

Text fields (SUMMARY, LOCATION, DESCRIPTION, attendee names) lose their control characters (NUL and the
like; line breaks and tabs stay): they are stripped, not refused, since a file's author cannot fix them.

icalendar looks a TZID up while it parses the file. It does so here only through ``_KnownZones``
(installed for the process when this module is imported), which answers from the zone database's list of
names: a TZID from a file is compared against that list, never opened as a file (a 300-character TZID
raised ``OSError: File name too long``, a directory name ``IsADirectoryError``). A TZID that is no zone
reads as a floating time, in the user's zone, as before.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from icalendar.timezone import tzp
from icalendar.timezone.zoneinfo import ZONEINFO

from storage import limits
from storage.bounds import in_range, known_zone, strip_controls
from storage.drafts import EventDraft, check_timezone
from storage.errors import InvalidInput

__all__ = ["OUT_OF_RANGE", "Skip", "check_in_range", "clean_text", "local_instant", "text_of", "vevent_draft"]

#: The properties an item is read from; a malformed one skips the item, naming it.
READ = ("DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "SUMMARY",
        "LOCATION", "DESCRIPTION", "ATTENDEE", "UID", "STATUS")  # fmt: skip
#: The longest TZID an item may name (zone database names are far shorter; Windows names and RFC 5545
#: "globally unique" ids, which icalendar maps to zones, stay well under it).
MAX_TZID_LENGTH = 128
OUT_OF_RANGE = f"its dates are outside the years {limits.FIRST_YEAR} to {limits.LAST_YEAR}"
_UNREADABLE = "the event could not be read (it is not valid iCalendar)"


class Skip(Exception):
    """An item that is not imported; the message says why (a sentence for the user)."""


class _KnownZones(ZONEINFO):  # type: ignore[misc]
    """icalendar's zoneinfo provider, answering only for names of the zone database (``known_zone``)."""

    def timezone(self, name: str) -> tzinfo | None:
        return super().timezone(name) if known_zone(name) else None


tzp.use(_KnownZones())


def vevent_draft(component: Any, default_zone: str) -> EventDraft:
    """The draft a VEVENT says; floating times and unknown zones are read in ``default_zone``."""
    try:
        return _draft(component, default_zone)
    except Skip:
        raise
    except OverflowError:
        raise Skip(OUT_OF_RANGE) from None
    except Exception as exc:  # icalendar's lazy decoding of a malformed value, and the like
        raise Skip(_UNREADABLE) from exc


def check_readable(component: Any, names: tuple[str, ...] = READ) -> None:
    """``Skip`` naming the first of ``names`` that icalendar could not parse in ``component``, or whose TZID
    is no zone name at all (too long, or not printable text)."""
    broken = {name for name, _ in getattr(component, "errors", ()) if name in names}
    for name in names:
        if name in broken:
            raise Skip(f"its {name} value is not valid iCalendar")
    for name in names:
        for prop in _all(component.get(name)):
            tzid = getattr(prop, "params", {}).get("TZID")
            if tzid is not None and (
                not isinstance(tzid, str) or len(tzid) > MAX_TZID_LENGTH or not tzid.isprintable()
            ):
                raise Skip(f"the time zone name (TZID) of its {name} is not valid")


def check_in_range(value: object, name: str) -> date:
    """``value`` if it is a date or datetime inside the years the store holds, else ``Skip``."""
    if isinstance(value, list):
        raise Skip(f"it has more than one {name}")
    if not isinstance(value, date):
        raise Skip(f"its {name} is not a date or a date and time")
    if not in_range(value):
        raise Skip(OUT_OF_RANGE)
    return value


def clean_text(value: Any) -> str | None:
    """A text property as stored: control characters stripped (see the module's docstring)."""
    return strip_controls(str(value)) if value is not None else None


def text_of(component: Any, name: str) -> str | None:
    """The component's ``name`` property as stored (``clean_text``), or None."""
    return clean_text(component.get(name))


def local_instant(value: date | datetime, zone: str) -> datetime:
    """A RECURRENCE-ID or EXDATE as an instant in ``zone`` (the series' zone): floating times are read in
    it, a date names that day's midnight (an all-day occurrence)."""
    tz = ZoneInfo(zone)
    if not isinstance(value, datetime):
        return datetime.combine(value, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)
    return value.replace(tzinfo=tz) if value.tzinfo is None else value.astimezone(tz)


def _draft(component: Any, default_zone: str) -> EventDraft:
    check_readable(component)
    if component.get("DTSTART") is None:
        raise Skip("the event has no start (DTSTART)")
    start = check_in_range(component.decoded("DTSTART"), "DTSTART")
    zone = _zone_of(start, default_zone)
    start = _localize(start, zone)
    if component.get("DTEND") is not None:
        end = _localize(check_in_range(component.decoded("DTEND"), "DTEND"), zone)
    elif component.get("DURATION") is not None:
        duration = component.decoded("DURATION")
        if not isinstance(duration, timedelta):
            raise Skip("its DURATION is not a length of time")
        if abs(duration) > limits.MAX_EVENT_DURATION:
            raise Skip(f"an event may last at most {limits.MAX_EVENT_DURATION.days} days")
        end = start + duration
    elif not isinstance(start, datetime):
        end = start + timedelta(days=1)
    else:
        raise Skip("the event has no end (DTEND or DURATION)")
    rules = component.get("RRULE")
    if isinstance(rules, list):
        raise Skip("more than one RRULE is not supported")
    if component.get("RDATE") is not None:
        raise Skip("extra occurrences (RDATE) are not supported")
    exdates: list[datetime | date] = []
    for group in _all(component.get("EXDATE")):
        exdates.extend(_localize(check_in_range(item.dt, "EXDATE"), zone) for item in group.dts)
    return EventDraft(
        title=clean_text(component.get("SUMMARY")) or "",
        start=start,
        end=end,
        timezone=zone,
        location=clean_text(component["LOCATION"]) if component.get("LOCATION") else None,
        notes=clean_text(component["DESCRIPTION"]) if component.get("DESCRIPTION") else None,
        attendees=_attendees(component.get("ATTENDEE")),
        rrule=rules.to_ical().decode() if rules is not None else None,
        exdates=exdates,
    )


def _all(raw: Any) -> list[Any]:
    return raw if isinstance(raw, list) else [raw] if raw is not None else []


def _zone_of(value: date | datetime, default_zone: str) -> str:
    tz = getattr(value, "tzinfo", None)
    key = getattr(tz, "key", None) or getattr(tz, "zone", None)
    if isinstance(key, str):
        try:
            check_timezone(key)
            return key
        except InvalidInput:
            pass
    return default_zone


def _localize(value: date | datetime, zone: str) -> date | datetime:
    if not isinstance(value, datetime):
        return value
    tz = ZoneInfo(zone)
    if value.tzinfo is None:  # floating time: the user's wall clock
        return value.replace(tzinfo=tz)
    return value.astimezone(tz)


def _attendees(raw: Any) -> list[str]:
    names = []
    for address in _all(raw):
        name = address.params.get("CN") if hasattr(address, "params") else None
        if not name:
            name = str(address).removeprefix("mailto:").removeprefix("MAILTO:")
        names.append(clean_text(name) or "")
    return names
