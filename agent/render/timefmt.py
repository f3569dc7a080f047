"""Local date and time text for receipts, questions and options (EN/ZH). Pure functions of aware datetimes.

Ranges are half-open; an all-day range shows its dates with the exclusive end made inclusive.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from agent.language import Lang

__all__ = ["day_text", "moment_text", "range_text"]

_WEEKDAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS_EN = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_WEEKDAYS_ZH = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


def day_text(day: date, lang: Lang, *, ref: date | None = None) -> str:
    """``Thursday, March 6`` / ``3月6日（周四）``; the year is added when it differs from ``ref``'s."""
    show_year = ref is not None and day.year != ref.year
    if lang == "zh":
        year = f"{day.year}年" if show_year else ""
        return f"{year}{day.month}月{day.day}日（{_WEEKDAYS_ZH[day.weekday()]}）"
    year = f", {day.year}" if show_year else ""
    return f"{_WEEKDAYS_EN[day.weekday()]}, {_MONTHS_EN[day.month - 1]} {day.day}{year}"


def _clock_en(moment: datetime, *, meridiem: bool = True) -> str:
    hour = moment.hour % 12 or 12
    text = f"{hour}:{moment.minute:02d}"
    return f"{text} {'AM' if moment.hour < 12 else 'PM'}" if meridiem else text


def _clock(moment: datetime, lang: Lang) -> str:
    return f"{moment.hour:02d}:{moment.minute:02d}" if lang == "zh" else _clock_en(moment)


def moment_text(moment: datetime, lang: Lang, *, ref: date | None = None) -> str:
    """One local instant: ``Thursday, March 6, 3:00 PM`` / ``3月6日（周四）15:00``."""
    sep = " " if lang == "zh" else ", "
    return f"{day_text(moment.date(), lang, ref=ref)}{sep}{_clock(moment, lang)}"


def day_part_text(start: datetime, end: datetime, lang: Lang, *, all_day: bool = False) -> str | None:
    """The time part of a range inside one day, without the day: ``3:00–4:00 PM``, ``15:00–16:00``,
    ``all day`` / ``全天``; None when the range crosses days (it must be written in full)."""
    if all_day:
        last = (end - timedelta(days=1)).date() if end.date() > start.date() else start.date()
        return ("全天" if lang == "zh" else "all day") if last == start.date() else None
    if start.date() != end.date() and not (end - start <= timedelta(days=1) and end.time() == end.time().min):
        return None
    if lang == "zh":
        return f"{_clock(start, lang)}–{_clock(end, lang)}"
    same_half = (start.hour < 12) == (end.hour < 12) and end.date() == start.date()
    return f"{_clock_en(start, meridiem=not same_half)}–{_clock_en(end)}"


def range_text(
    start: datetime, end: datetime, lang: Lang, *, all_day: bool = False, ref: date | None = None
) -> str:
    """A local range: ``Thursday, March 6, 3:00–4:00 PM``, ``… (all day)``, or across days in full."""
    part = day_part_text(start, end, lang, all_day=all_day)
    day = day_text(start.date(), lang, ref=ref)
    if part is not None:
        if lang == "zh":
            return f"{day} {part}"
        return f"{day} ({part})" if all_day else f"{day}, {part}"
    if all_day:
        last = (end - timedelta(days=1)).date()
        whole = "全天" if lang == "zh" else "(all day)"
        return f"{day}–{day_text(last, lang, ref=ref)} {whole}"
    return f"{moment_text(start, lang, ref=ref)} – {moment_text(end, lang, ref=ref)}"


def local(moment: datetime, zone: str | ZoneInfo) -> datetime:
    return moment.astimezone(zone if isinstance(zone, ZoneInfo) else ZoneInfo(zone))
