"""Timedeltas by amount, each built once: ``DAYS[3]`` is ``timedelta(days=3)``, ``CLOCK[(0, 9, 30, 0)]`` is
``timedelta(days=0, hours=9, minutes=30, seconds=0)``.

A timedelta built with keywords costs about half a microsecond (each keyword is parsed and converted),
four keywords a microsecond; a lookup here costs a twentieth of that, and the calendar arithmetic asks
for the same few amounts again and again (a day, a week, 18 hours, 09:30). A pure cache of a pure value:
a timedelta is immutable, and the key is the amount itself (never a text). Bounded: past ``KEEP`` amounts
of one kind, a new amount is built each time and not kept (any text may name any amount).
"""

from __future__ import annotations

from datetime import timedelta

KEEP = 4096


class _ByAmount(dict):  # type: ignore[type-arg]
    """``self[n]`` = ``timedelta(**{unit: n})``, made on the first lookup of ``n``."""

    __slots__ = ("unit",)

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def __missing__(self, n: float) -> timedelta:
        d = timedelta(**{self.unit: n})
        if len(self) < KEEP:
            self[n] = d
        return d


class _ByClock(dict):  # type: ignore[type-arg]
    """``self[(days, hours, minutes, seconds)]`` = that timedelta (a clock time placed on a day)."""

    __slots__ = ()

    def __missing__(self, key: tuple[float, float, float, float]) -> timedelta:
        days, hours, minutes, seconds = key
        d = timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)
        if len(self) < KEEP:
            self[key] = d
        return d


DAYS = _ByAmount("days")
WEEKS = _ByAmount("weeks")
HOURS = _ByAmount("hours")
CLOCK = _ByClock()
ZERO = timedelta(0)
ONE_MINUTE = timedelta(minutes=1)
ONE_SECOND = timedelta(seconds=1)
ONE_DAY = timedelta(days=1)
