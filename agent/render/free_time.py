"""A ``find_free_time`` answer as code keeps it: the window asked about, the length wanted, the free slots.

The read check's free-time twin (``read_check`` does list and search reads). A reply to a free-time
question must quote when the user is free: at least one free slot's start as a clock time ("1:30 PM",
"13:30", "下午1点半", "一点半"), or, when nothing is free, no clock time at all ("you're free from 10" for a
full day is invented). Otherwise, or when the model went on to write something after answering a free-time
question and code refused it, the answer is ``free_time_text`` — in the user's language, from the slots
the store returned.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent.language import Lang
from agent.render.timefmt import day_part_text, day_text, range_text
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock

if TYPE_CHECKING:  # the read check imports this module
    from agent.checks.read_check import Listing

__all__ = ["FreeTime", "free_time_text", "reply_reports_free"]


@dataclass(frozen=True, slots=True)
class FreeTime:
    """``start``/``end``: the window read (aware, in the user's zone); ``slots``: the free intervals of at
    least ``duration`` in it, in order (the first ``shown``; ``more`` beyond them)."""

    start: datetime
    end: datetime
    duration: timedelta
    slots: tuple[tuple[datetime, datetime], ...]
    more: int = 0
    events: Listing | None = None
    """The events in the window (the same read), where code listed them: a reply may report those."""


def _length_text(duration: timedelta, lang: Lang) -> str:
    minutes = int(duration.total_seconds() // 60)
    hours, rest = divmod(minutes, 60)
    if lang == "zh":
        if hours and rest == 30:
            return f"{hours}个半小时"
        return f"{hours}小时" + (f"{rest}分钟" if rest else "") if hours else f"{rest}分钟"
    if hours and rest:
        return f"{hours} h {rest} min"
    if hours:
        return "an hour" if hours == 1 else f"{hours} hours"
    return f"{rest} minutes"


def free_time_text(free: FreeTime, lang: Lang, *, now: datetime) -> str:
    """``Free for an hour or more on Thursday, June 19:`` + one line per slot, or ``No free hour on …``."""
    ref = now.astimezone(free.start.tzinfo).date()
    one_day = free.end - free.start <= timedelta(days=1)
    window = (
        day_text(free.start.date(), lang, ref=ref)
        if one_day
        else range_text(
            free.start, free.end, lang, all_day=free.start.time() == free.start.time().min, ref=ref
        )
        .removesuffix(" (all day)")
        .removesuffix(" 全天")
    )
    length = _length_text(free.duration, lang)
    if not free.slots:
        if lang == "zh":
            return f"{window}没有能空出{length}的时段。"
        return (
            f"No free slot of {length} on {window}." if one_day else f"No free slot of {length} in {window}."
        )
    lines = [f"{window}能空出{length}的时段：" if lang == "zh" else f"Free for {length} or more, {window}:"]
    for start, end in free.slots:
        part = day_part_text(start, end, lang) if one_day else None
        lines.append(f"- {part or range_text(start, end, lang, ref=ref)}")
    if free.more:
        lines.append(f"- 还有{free.more}段" if lang == "zh" else f"- and {free.more} more")
    return "\n".join(lines)


def _clocks(text: str) -> set[tuple[int, int]]:
    """Every clock time the text quotes, as the time service scans it ("1:30 PM", "13:30", "下午一点半",
    "十三点三十分"), as (hour on a 12-hour dial, minute)."""
    return {(p.hour % 12, p.minute) for p in scan(normalise(text)).pieces if isinstance(p, Clock)}


def reply_reports_free(text: str, free: FreeTime) -> bool:
    """The reply quotes the start of at least one free slot, or, when nothing is free, no clock time."""
    if not text.strip():
        return False
    said = _clocks(text)
    if not free.slots:
        return not said
    return any((start.hour % 12, start.minute) in said for start, _ in free.slots)
