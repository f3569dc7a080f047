"""Re-import of one's own export: an item whose UID names an event this user has is already in the calendar.

A VEVENT whose UID is a kairos one (``storage.ics_uid``) naming an event this user has (the owner-scoped
read: another user's id, or a deleted event's, names nothing) is already in the calendar, since the file is
an export of it (a backup restored, a file imported again): it is skipped, "already in your calendar" when
it says what the event says as export would write it now (times, all-day, title, location, notes,
attendees, rule, EXDATE), else with a reason naming the event that it differs; nothing is ever overwritten
(updating events from a file would be sync, which kairos does not do), and the overrides of a master so
skipped as differing are skipped with it. Other kairos UIDs are imported as new events, keyed as any UID.

An override of this user's own series whose occurrence the calendar has already changed is skipped the same
way: "already in your calendar" when it was changed the same way (the same linked event, or removed for a
cancelled override), else as differing; one the calendar does not have yet is applied.

Here: the comparison (``content``) and the reasons these skips give.
"""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from storage.drafts import EventDraft
from storage.errors import InvalidEvent
from storage.ics_export import until_as_day
from storage.recurrence import parse_rule
from storage.snapshots import EventSnapshot

__all__ = ["ALREADY_IN_CALENDAR", "content", "differs", "removed_in_calendar", "series_differs"]

ALREADY_IN_CALENDAR = "already in your calendar"
_NO_SYNC = "not changed (updating events from a file is not supported)"


def differs(event: EventSnapshot) -> str:
    return f'differs from "{event.title}" ({_when(event)}) in your calendar: {_NO_SYNC}'


def series_differs(series: EventSnapshot) -> str:
    return (
        f'a changed occurrence of "{series.title}", whose version in this file differs from the one in your '
        f"calendar: {_NO_SYNC}"
    )


def removed_in_calendar(series: EventSnapshot) -> str:
    return f'this occurrence of "{series.title}" is removed in your calendar, unlike in this file: {_NO_SYNC}'


def _when(event: EventSnapshot) -> str:
    return event.start_date.isoformat() if event.all_day else event.start.strftime("%Y-%m-%d %H:%M")


def content(draft: EventDraft) -> tuple[Any, ...]:
    """What an imported VEVENT says, to compare with the event it names: instants (dates for all-day
    events), the texts, the attendees, the rule (its parts in any order) and the excluded starts."""
    return (
        draft.title,
        isinstance(draft.start, datetime),
        draft.start,
        draft.end,
        draft.timezone if draft.rrule else None,  # a series' zone decides its instances across DST
        draft.location,
        draft.notes,
        tuple(draft.attendees),
        _rule_parts(_compared_rule(draft)),
        frozenset(draft.exdates),
    )


def _compared_rule(draft: EventDraft) -> str | None:
    """The draft's rule as compared; an all-day one's with its UNTIL as the last day it includes, however
    the file wrote it (a DATE, or a UTC or floating time, as exports before DATE UNTILs did): the same days,
    the same rule."""
    if draft.rrule is None or isinstance(draft.start, datetime) or draft.timezone is None:
        return draft.rrule
    tz = ZoneInfo(draft.timezone)
    start = datetime.combine(draft.start, time(0), tzinfo=tz).astimezone(UTC).astimezone(tz)
    try:
        return until_as_day(parse_rule(draft.rrule, start, all_day=True).text, start)
    except InvalidEvent:
        return draft.rrule


def _rule_parts(rule: str | None) -> frozenset[tuple[str, str]] | str | None:
    if rule is None:
        return None
    try:
        return frozenset((name.upper(), part) for name, part in (p.split("=", 1) for p in rule.split(";")))
    except ValueError:
        return rule
