"""The read check: a reply to a calendar question must report what the read returned.

The read-side twin of the exit check. A small model answering from a ``list_events`` result sometimes
echoes an earlier message, names none of the events, or reads out times for an empty range. The read
tool keeps what it returned as a ``Listing`` (never sent to the model); if the model's reply names none
of the listed events — or, for an empty range, quotes clock times — code replaces it with the listing
itself, in the user's language. Telemetry records ``read_check``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from agent.language import Lang
from agent.timefmt import day_part_text, day_text, range_text

__all__ = ["Listed", "Listing", "check_read_reply", "listing_text", "reply_reports"]


@dataclass(frozen=True, slots=True)
class Listed:
    title: str
    start: datetime
    end: datetime
    all_day: bool = False


@dataclass(frozen=True, slots=True)
class Listing:
    """One ``list_events`` answer: the window read (aware, local to the user) and what was in it."""

    start: datetime
    end: datetime
    events: tuple[Listed, ...]
    more: int = 0


_CLOCK = re.compile(
    r"\d{1,2}\s*[:：]\s*\d{2}|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|[0-9零一二两三四五六七八九十]+\s*[点點]",
    re.IGNORECASE,
)
_WORD = re.compile(r"\w+")


def _mentions(text: str, title: str) -> bool:
    """The title, or at least half of its words (3+ characters), appear in the text (case-folded)."""
    said, name = text.casefold(), title.casefold().strip()
    if not name:
        return False
    if name in said:
        return True
    words = [w for w in _WORD.findall(name) if len(w) >= 3 and not w.isdigit()]
    return bool(words) and 2 * sum(w in said for w in words) >= len(words)


def reply_reports(text: str, listings: Sequence[Listing]) -> bool:
    """Whether ``text`` is a plausible report of the listings: it names at least one listed event when
    there are any, and quotes no clock time when every range was empty."""
    if not text.strip():
        return False
    titles = [e.title for listing in listings for e in listing.events]
    if titles:
        return any(_mentions(text, t) for t in titles)
    return _CLOCK.search(text) is None


def _window_text(listing: Listing, lang: Lang, today: datetime) -> str:
    start, end = listing.start, listing.end
    ref = today.date()
    if end - start <= timedelta(days=1) and start.time() == start.time().min and end.time() == end.time().min:
        return day_text(start.date(), lang, ref=ref)
    whole_days = start.time() == start.time().min and end.time() == end.time().min
    return (
        range_text(start, end, lang, all_day=whole_days, ref=ref)
        .removesuffix(" (all day)")
        .removesuffix(" 全天")
    )


def listing_text(listing: Listing, lang: Lang, *, now: datetime) -> str:
    """``Tuesday, December 1: nothing on your calendar.`` / ``12月1日（周二）的安排：`` + one line per event."""
    today = now.astimezone(listing.start.tzinfo)
    window = _window_text(listing, lang, today)
    if not listing.events:
        return f"{window}没有安排。" if lang == "zh" else f"{window}: nothing on your calendar."
    head = f"{window}的安排：" if lang == "zh" else f"{window}:"
    lines = [head]
    one_day = listing.end - listing.start <= timedelta(days=1)
    for event in listing.events:
        part = day_part_text(event.start, event.end, lang, all_day=event.all_day) if one_day else None
        # the head already names the day; an event reaching into it from another day is written in full
        when = (
            part
            if part is not None
            and event.start.astimezone(listing.start.tzinfo).date() == listing.start.date()
            else None
        )
        when = when or range_text(event.start, event.end, lang, all_day=event.all_day, ref=today.date())
        lines.append(f"- {when} 「{event.title}」" if lang == "zh" else f"- {when} — {event.title}")
    if listing.more:
        lines.append(f"- 还有{listing.more}项" if lang == "zh" else f"- and {listing.more} more")
    return "\n".join(lines)


def check_read_reply(text: str, listings: Sequence[Listing], lang: Lang, *, now: datetime) -> str | None:
    """``None`` when the model's reply reports the reads; else the code listing that replaces it."""
    if not listings or reply_reports(text, listings):
        return None
    return "\n".join(listing_text(listing, lang, now=now) for listing in listings)
