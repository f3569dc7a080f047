"""Which hours of a window ``find_free_time`` searches, and from when.

The store's default is the working hours (09:00–18:00, Monday to Friday). A window shorter than a day is a
part of a day the user named ("Friday evening", 周六下午): searched whole — except that a part the time service
begins at midnight or before dawn ("Tuesday morning" is 00:00–12:00, 早上 04:00–12:00) starts at 08:00, since
nobody is free "from 12:00 AM" (live). A window of whole days keeps the working hours, unless it takes none of
them ("Saturday", "this weekend", 周日): then the same clock on those days, so a Sunday with nothing on it is
free rather than "no free time" (live).
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from storage import WorkingHours

__all__ = ["ALL_HOURS", "search_hours", "search_start"]

ALL_HOURS = WorkingHours(time(0), time(23, 59, 59, 999999), frozenset(range(7)))
"""Every hour of every day: a window the user named is searched whole."""

_EVERY_DAY = WorkingHours(weekdays=frozenset(range(7)))
"""The working hours' clock on every day: for a window of days off only."""

_WAKING = time(8)
"""Where a part of a day that begins before dawn is searched from."""


def search_hours(window: tuple[datetime, datetime], tz: ZoneInfo) -> WorkingHours | None:
    """The hours searched: every hour of a part of a day; the working hours (None: the store's default) of
    a window of days that takes some of them; else their clock on every day."""
    if window[1] - window[0] < timedelta(days=1):
        return ALL_HOURS
    hours = WorkingHours()
    day, last = window[0].astimezone(tz).date(), (window[1] - timedelta(microseconds=1)).astimezone(tz).date()
    while day <= last:  # (a weekend from Friday 18:00 takes none of Friday's working hours)
        opens, closes = (datetime.combine(day, t, tzinfo=tz) for t in (hours.start, hours.end))
        if day.weekday() in hours.weekdays and window[0] < closes and opens < window[1]:
            return None
        day += timedelta(days=1)
    return _EVERY_DAY


def search_start(window: tuple[datetime, datetime], tz: ZoneInfo) -> datetime:
    """Where the search starts: 08:00 for a part of a day that begins before dawn, else the window's start."""
    first, last = window[0].astimezone(tz), window[1].astimezone(tz)
    waking = datetime.combine(first.date(), _WAKING, tzinfo=tz)
    part_of_a_day = last - first < timedelta(days=1) and first.hour < 5 and last > waking
    return waking if part_of_a_day else window[0]
