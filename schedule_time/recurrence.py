"""Recurring expressions -> an RRULE (RFC 5545) whose DTSTART is the first occurrence.

"every Monday at 9" -> ``FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0``; "every other week" ->
``FREQ=WEEKLY;INTERVAL=2``; "weekdays" -> ``FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR``; "每月15号" ->
``FREQ=MONTHLY;BYMONTHDAY=15``.
"""

from __future__ import annotations

from dataclasses import replace

from . import pieces as p
from .compose import Expr, Spec, Unusable

BYDAY = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


def rule_for(expr: Expr) -> tuple[str, Spec]:
    """The RRULE (without BYHOUR, added per clock reading) and the spec of its first occurrence."""
    spec = expr.left
    recur, every = expr.recur, expr.every
    interval = (every.interval if every else 1) * (recur.interval if recur else 1)
    parts: list[str] = []
    first = replace(spec)
    if recur is not None:
        freq = recur.freq
        byday = recur.byday
    elif spec.weekday is not None:
        freq, byday = "WEEKLY", ()
    elif spec.dateparts is not None and spec.dateparts.month is not None:
        freq, byday = "YEARLY", ()
    elif spec.dateparts is not None and spec.dateparts.day is not None:
        freq, byday = "MONTHLY", ()
    elif spec.clock is not None or spec.pod is not None:
        freq, byday = "DAILY", ()
    elif spec.holiday is not None:
        freq, byday = "YEARLY", ()
    else:
        raise Unusable("every what?")
    if spec.weekday is not None:
        byday = (*byday, spec.weekday.weekday) if spec.weekday.weekday not in byday else byday
        if freq == "DAILY":
            freq = "WEEKLY"
        first.weekday = p.WeekdayRef(spec.weekday.weekday, "upcoming")
    parts.append(f"FREQ={freq}")
    if interval > 1:
        parts.append(f"INTERVAL={interval}")
    dp = spec.dateparts
    if dp is not None:
        if dp.month is not None and freq == "YEARLY":
            parts.append(f"BYMONTH={dp.month}")
        if dp.day is not None:
            parts.append(f"BYMONTHDAY={dp.day}")
    if byday:
        parts.append("BYDAY=" + ",".join(BYDAY[d] for d in sorted(set(byday))))
    if recur is not None and recur.byday and spec.weekday is None and not spec.has_date():
        first.weekday = None
    return ";".join(parts), first


def with_clock(rule: str, hour: int, minute: int) -> str:
    return f"{rule};BYHOUR={hour % 24};BYMINUTE={minute}"
