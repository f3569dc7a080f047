"""One imported VEVENT read as an ``EventDraft``: its times in a zone kairos knows (else the user's), an
all-day event's dates, its rule, EXDATEs and attendees. What kairos cannot hold raises ``Skip``, whose
text is the reason the import gives for the item."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from storage.drafts import EventDraft, check_timezone
from storage.errors import InvalidInput

__all__ = ["Skip", "vevent_draft"]


class Skip(Exception):
    """An item that is not imported; the message says why (a sentence for the user)."""


def vevent_draft(component: Any, default_zone: str) -> EventDraft:
    """The draft a VEVENT says; floating times and unknown zones are read in ``default_zone``."""
    if component.get("DTSTART") is None:
        raise Skip("the event has no start (DTSTART)")
    start = component.decoded("DTSTART")
    zone = _zone_of(start, default_zone)
    start = _localize(start, zone)
    if component.get("DTEND") is not None:
        end = _localize(component.decoded("DTEND"), zone)
    elif component.get("DURATION") is not None:
        end = start + component.decoded("DURATION")
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
    raw = component.get("EXDATE")
    for group in raw if isinstance(raw, list) else [raw] if raw is not None else []:
        exdates.extend(_localize(item.dt, zone) for item in group.dts)
    return EventDraft(
        title=str(component.get("SUMMARY") or ""),
        start=start,
        end=end,
        timezone=zone,
        location=str(component["LOCATION"]) if component.get("LOCATION") else None,
        notes=str(component["DESCRIPTION"]) if component.get("DESCRIPTION") else None,
        attendees=_attendees(component.get("ATTENDEE")),
        rrule=rules.to_ical().decode() if rules is not None else None,
        exdates=exdates,
    )


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
    for address in raw if isinstance(raw, list) else [raw] if raw is not None else []:
        name = address.params.get("CN") if hasattr(address, "params") else None
        if not name:
            name = str(address).removeprefix("mailto:").removeprefix("MAILTO:")
        names.append(str(name))
    return names
