"""Wall clock <-> aware datetimes, with an explicit, visible policy for DST transitions.

* A wall time inside a spring-forward gap (02:30 on the New York spring day) does not exist: it is
  shifted forward by the gap (-> 03:30) and the result says ``dst="gap-shifted-forward"``.
* A wall time inside a fall-back fold (01:30 on the New York autumn day) exists twice: the first
  occurrence (the daylight-time one, ``fold=0``) is used and the result says ``dst="fold-first-occurrence"``.
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

_combine = datetime.combine   # (bound once, as in ``anchors``)

GAP = "gap-shifted-forward"
FOLD = "fold-first-occurrence"
_NEAR = timedelta(hours=3)


def to_wall(moment: datetime, tz: tzinfo) -> datetime:
    """The naive wall-clock reading of an aware ``moment`` in ``tz``."""
    if moment.tzinfo is not tz:
        moment = moment.astimezone(tz)
    return datetime(moment.year, moment.month, moment.day, moment.hour, moment.minute,  # noqa: DTZ001
                    moment.second, moment.microsecond)


def localize(wall: datetime, tz: tzinfo) -> tuple[datetime, str | None]:
    """Attach ``tz`` to a naive wall time; return the aware datetime and the DST note, if any.

    The wall times reaching here never carry ``fold=1`` (``to_wall``, the calendar arithmetic and the
    constructors all give fold 0), so ``combine`` with the wall's own time is the 8-field constructor,
    at half the cost."""
    aware = _combine(wall, wall.time(), tz)
    if not isinstance(tz, ZoneInfo) or tz.utcoffset(wall - _NEAR) == tz.utcoffset(wall + _NEAR):
        return aware, None   # no transition within three hours either side: neither a gap nor a fold
    off0 = aware.utcoffset()
    off1 = wall.replace(tzinfo=tz, fold=1).utcoffset()
    if off0 == off1:
        return aware, None
    back = aware.astimezone(UTC).astimezone(tz)
    if back.replace(tzinfo=None) != wall:
        return back, GAP
    return aware, FOLD


def add_exact(wall: datetime, tz: tzinfo, delta: timedelta) -> datetime:
    """Add an elapsed-time ``delta`` (hours, minutes) to a wall time, across DST; return wall time."""
    if type(tz) is timezone and 1 < wall.year < 9999:   # a fixed offset: elapsed time is wall-clock time
        try:
            moved = wall + delta
        except OverflowError:
            moved = None
        if moved is not None and 1 < moved.year < 9999:   # (away from the ends, where UTC may overflow)
            return moved
    aware, _ = localize(wall, tz)
    return to_wall(aware.astimezone(UTC) + delta, tz)


@functools.lru_cache(maxsize=256)
def named_zone(zone: int | str) -> tzinfo:
    """A ``ZoneOffset``'s zone: minutes east of UTC (a fixed offset) or an IANA name ("Europe/London")."""
    if isinstance(zone, str):
        return ZoneInfo(zone)
    return timezone(timedelta(minutes=zone))
