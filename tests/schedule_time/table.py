"""Shared machinery for the table-driven tests: fixed nows, the row type, the expectation language.

A row is ``Row(text, now, expect, reason)`` with optional ``tz``, ``prefer``, ``dayfirst`` and ``event`` (an event's
``"start/end"`` wall clock in the row's zone, passed as ``relative_to``). ``now`` names one of ``NOWS``; ``expect`` is
a compact string:

* ``"2026-12-04"``                      a whole day (grain day)
* ``"2026-12-04T14:00"``                a point (grain minute, end = start + 1 minute)
* ``"2026-12-04T14:00/2026-12-04T16:00 hour"``   start/end (wall clock in the zone) and grain
* ``"week 2026-11-30"`` / ``"month 2026-12"`` / ``"year 2027"``   a whole period
* ``"ambiguous 2026-12-01T07:30 2026-12-01T19:30"``  candidates' starts, in order
* ``"rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-11-30T09:00"``  RRULE and first start
  (``…T09:00/2026-11-30T10:00``: and the first occurrence's end)
* ``"duration 1:30:00"``                 a pure duration
* ``"open-after 2026-12-01T14:00"`` / ``"open-before 2026-12-01T14:00"``
* ``"unresolved"``
Optional suffixes: ``" dst=gap-shifted-forward"``, ``" assumed"`` (an ``assumed`` note must be present).

Each language keeps its rows in its own module (``rows_en.py``, ``rows_zh.py``) as ``ROWS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from schedule_time import Resolution, resolve

SHANGHAI = ZoneInfo("Asia/Shanghai")
NEW_YORK = ZoneInfo("America/New_York")
LONDON = ZoneInfo("Europe/London")

NOWS: dict[str, datetime] = {
    "sun": datetime(2026, 11, 29, 10, 0, tzinfo=SHANGHAI),        # a Sunday
    "tue": datetime(2026, 12, 1, 10, 0, tzinfo=SHANGHAI),         # a Tuesday
    "month_end": datetime(2026, 1, 31, 9, 0, tzinfo=NEW_YORK),    # Saturday, last day of January
    "dec31": datetime(2026, 12, 31, 18, 0, tzinfo=LONDON),        # Thursday evening, year end
    "leap": datetime(2028, 2, 29, 12, 0, tzinfo=SHANGHAI),        # Tuesday, leap day
    "ny_spring": datetime(2026, 3, 8, 0, 30, tzinfo=NEW_YORK),    # DST starts 02:00 -> 03:00
    "ny_fall": datetime(2026, 11, 1, 0, 30, tzinfo=NEW_YORK),     # DST ends 02:00 -> 01:00
    "lon_spring": datetime(2026, 3, 29, 0, 30, tzinfo=LONDON),    # BST starts 01:00 -> 02:00
    "lon_fall": datetime(2026, 10, 25, 0, 30, tzinfo=LONDON),     # BST ends 02:00 -> 01:00
    # around midnight (README "Tomorrow after midnight"): Tuesday 1 Dec 23:59, then Wednesday 2 Dec
    "tue_2359": datetime(2026, 12, 1, 23, 59, tzinfo=SHANGHAI),
    "wed_0001": datetime(2026, 12, 2, 0, 1, tzinfo=SHANGHAI),
    "wed_0359": datetime(2026, 12, 2, 3, 59, tzinfo=SHANGHAI),
    "wed_0400": datetime(2026, 12, 2, 4, 0, tzinfo=SHANGHAI),
    "ny_sat_0130": datetime(2026, 11, 28, 1, 30, tzinfo=NEW_YORK),   # Saturday 28 Nov 01:30
    "ny_wed": datetime(2026, 3, 4, 10, 15, tzinfo=NEW_YORK),      # Wednesday morning, four days before DST starts
}


@dataclass(frozen=True)
class Row:
    text: str
    now: str
    expect: str
    reason: str
    tz: str | None = None
    prefer: str = "future"
    dayfirst: bool | None = None
    event: str | None = None

    @property
    def key(self) -> tuple[str, str, str | None, str, bool | None, str | None]:
        return (self.text, self.now, self.tz, self.prefer, self.dayfirst, self.event)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.tz) if self.tz else NOWS[self.now].tzinfo  # type: ignore[return-value]

    @property
    def relative_to(self) -> tuple[datetime, datetime] | None:
        """The event as ``resolve``'s ``relative_to`` (aware, in the row's zone), or None."""
        if self.event is None:
            return None
        a, b = self.event.split("/")
        return _wall(a).replace(tzinfo=self.zone), _wall(b).replace(tzinfo=self.zone)


def resolve_row(row: Row) -> Resolution:
    """``resolve`` with the row's now, zone, preference, date order and event."""
    return resolve(row.text, now=NOWS[row.now], tz=ZoneInfo(row.tz) if row.tz else None,
                   prefer=row.prefer, dayfirst=row.dayfirst, relative_to=row.relative_to)  # type: ignore[arg-type]


def duplicates(rows: list[Row]) -> list[tuple[str, str, str | None, str, bool | None, str | None]]:
    """Rows that repeat the same (text, now, tz, prefer, dayfirst): each would test the same thing twice."""
    seen, dup = set(), []
    for r in rows:
        if r.key in seen:
            dup.append(r.key)
        seen.add(r.key)
    return dup


def _wall(s: str) -> datetime:
    return datetime.fromisoformat(s)


def check(row: Row, res: Resolution) -> None:
    """Assert that a resolution matches the row's compact expectation."""
    tz = ZoneInfo(row.tz) if row.tz else NOWS[row.now].tzinfo
    parts = row.expect.split()
    flags = [p for p in parts if p == "assumed" or p.startswith("dst=")]
    parts = [p for p in parts if p not in flags]
    head = parts[0]
    ctx = f"{row.text!r} @ {row.now}: {res}"

    def wall(d: datetime | None) -> datetime | None:
        assert d is None or d.tzinfo is not None, ctx
        return None if d is None else d.astimezone(tz).replace(tzinfo=None)

    if head == "unresolved":
        assert res.status == "unresolved" and res.reason, ctx
        return
    if head == "ambiguous":
        assert res.status == "ambiguous", ctx
        assert [wall(c.start) for c in res.candidates] == [_wall(x) for x in parts[1:]], ctx
        return
    assert res.status == "resolved", ctx
    for flag in flags:
        if flag == "assumed":
            assert res.assumed, ctx
        else:
            assert res.dst == flag.split("=", 1)[1], ctx
    if head == "rrule":
        assert res.recurrence == parts[1], ctx
        first, _, last = parts[2].partition("/")
        assert wall(res.start) == _wall(first), ctx
        if last:   # "rrule … 2026-12-07T09:00/2026-12-07T10:00": the first occurrence's end too
            assert wall(res.end) == _wall(last), ctx
        return
    if head == "duration":
        h, m, s = (int(x) for x in parts[1].split(":"))
        assert res.duration == timedelta(hours=h, minutes=m, seconds=s), ctx
        return
    if head in ("open-after", "open-before"):
        point = _wall(parts[1])
        if head == "open-after":
            assert wall(res.start) == point and res.end is None, ctx
        else:
            assert res.start is None and wall(res.end) == point, ctx
        return
    if head in ("week", "month", "year"):
        start = _wall(parts[1] + ("-01" if head == "month" else "-01-01" if head == "year" else ""))
        assert res.grain == head, ctx
        assert wall(res.start) == start, ctx
        return
    if "/" in head:
        a, b = head.split("/")
        assert (wall(res.start), wall(res.end)) == (_wall(a), _wall(b)), ctx
        if len(parts) > 1:
            assert res.grain == parts[1], ctx
        return
    start = _wall(head)
    assert wall(res.start) == start, ctx
    if "T" in head:
        assert res.grain == "minute" and wall(res.end) == start + timedelta(minutes=1), ctx
    else:
        assert res.grain == "day" and wall(res.end) == start + timedelta(days=1), ctx
