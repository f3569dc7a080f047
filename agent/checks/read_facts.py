"""Whether a reply about this turn's reads states facts the reads did not return.

The read check keeps a reply that names a listed event. Naming it is not reporting it: on scenarios the
project had not seen, a reply placed a 16:00 meeting at "2:30 PM" (another run: "3:00 PM") and said two
one-off events "both repeat every day" — and passed. The reply is our own text and its time phrases are a
bounded field, read by the time service (``schedule_time.analyse``), never a word list:

* every clock time the reply states (a clock, or either end of a range) must be a start or an end of a
  listed event, a boundary of a free slot or of the window read, or a time the user said;
* a clock a sentence gives the one listed event it names must not be one only an earlier message of the
  user's said (live: "你周二上午十点和王总见面" after the meeting was moved from ten to eleven);
* a repetition ("every day", 每周) needs a listed event that repeats, or the user's own words;
* a day the reply states ("tomorrow", "Sunday 2026-12-06", 周五, either end of "from the 14th to the 17th")
  must be a day a listed event takes, a day of the window read, or a day the user said — or, read from today
  ("Friday"), share a weekday with one (live: "the 12th" was read and the reply placed the flight "Sunday
  2026-12-06"; an offsite of the 14th–16th was told "to Thursday, December 17");
* a day named by a weekday and a date must be named right: "Wednesday, December 17" where the 17th is a
  Thursday is wrong whichever the reply meant.

Times are compared as wall-clock times in the user's zone. A bare clock ("8:40 AM") states no day.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, time, timedelta, tzinfo
from typing import TYPE_CHECKING

from agent import lexicon_en, lexicon_zh
from schedule_time import analyse

if TYPE_CHECKING:  # the read check imports this module
    from agent.checks.read_check import Listing
    from agent.render.free_time import FreeTime

__all__ = ["claims_nothing_on", "mentions", "misstates"]

_DAY = timedelta(days=1)
_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|[。！？；;\n]")
_NOTHING_ON = re.compile(f"{lexicon_en.NOTHING_ON}|{lexicon_zh.NOTHING_ON}", re.IGNORECASE)


def claims_nothing_on(text: str) -> bool:
    """Whether the reply says the time it speaks of holds nothing ("no events scheduled for Friday", 周五没有
    任何安排): a claim of our own output, false when the read found events there."""
    return _NOTHING_ON.search(text) is not None


def mentions(text: str, title: str) -> bool:
    """The title, or at least half of its words (3+ characters), appear in the text (case-folded)."""
    said, name = text.casefold(), title.casefold().strip()
    if not name:
        return False
    if name in said:
        return True
    words = [w for w in _WORD.findall(name) if len(w) >= 3 and not w.isdigit()]
    return bool(words) and 2 * sum(w in said for w in words) >= len(words)


def _clock(moment: datetime, tz: tzinfo) -> time:
    local = moment.astimezone(tz)
    return time(local.hour, local.minute)


def _known_times(listings: Sequence[Listing], free: Sequence[FreeTime], tz: tzinfo) -> set[time]:
    known: set[time] = set()
    for listing in listings:
        if not listing.is_search:
            known |= {_clock(listing.start, tz), _clock(listing.end, tz)}
        for event in listing.events:
            if not event.all_day:
                known |= {_clock(event.start, tz), _clock(event.end, tz)}
    for found in free:
        if found.events is not None:
            known |= _known_times([found.events], (), tz)
        known |= {_clock(found.start, tz), _clock(found.end, tz)}
        for start, end in found.slots:
            known |= {_clock(start, tz), _clock(end, tz)}
    return known


def _days(start: datetime, end: datetime, tz: tzinfo) -> set[date]:
    """The local days ``start``–``end`` takes (an end at midnight takes no part of its day)."""
    first, last = start.astimezone(tz), end.astimezone(tz)
    if last > first:
        last -= timedelta(microseconds=1)
    days, day = set(), first.date()
    while day <= last.date() and len(days) < 62:
        days.add(day)
        day += _DAY
    return days


def _known_days(listings: Sequence[Listing], free: Sequence[FreeTime], tz: tzinfo) -> set[date]:
    known: set[date] = set()
    for listing in listings:
        if not listing.is_search:
            known |= _days(listing.start, listing.end, tz)
        for event in listing.events:
            known |= _days(event.start, event.end, tz)
    for found in free:
        if found.events is not None:
            known |= _known_days([found.events], (), tz)
        known |= _days(found.start, found.end, tz)
    return known


def _read_at(text: str, now: datetime, tz: tzinfo) -> datetime | None:
    found = analyse(text, now=now, tz=tz)
    return found[0].resolution.start if found else None


def _bare_clock(text: str, start: datetime, tz: tzinfo) -> bool:
    """The phrase is a clock alone ("8:40 AM"): read a minute before the instant it names, it names that
    instant, and a day later the next day's — a phrase with a day of its own ("tomorrow at 8:40", "Friday,
    March 7, 8:40") does not."""
    before = start - timedelta(minutes=1)
    return _read_at(text, before, tz) == start and _read_at(text, before + _DAY, tz) == start + _DAY


def _stated_days(text: str, *, now: datetime, tz: tzinfo) -> list[tuple[date, bool]]:
    """The days a text states — a day phrase's day, and a clock's day where the phrase gives one — each with
    whether the phrase reads from today ("Friday", "tomorrow": read a week later, it moves by a week)."""
    days: list[tuple[date, bool]] = []
    for phrase in analyse(text, now=now, tz=tz):
        start, end = phrase.resolution.start, phrase.resolution.end
        if start is None or end is None or phrase.kind == "recurrence":
            continue
        local = start.astimezone(tz).date()
        a_day = phrase.kind == "day" and phrase.resolution.grain == "day"
        a_dated_clock = phrase.kind in ("clock", "range") and end - start < _DAY
        # "from Monday, December 14 to Thursday, December 17": its first and its last day
        a_day_span = phrase.kind == "range" and phrase.resolution.grain == "day" and end - start <= 62 * _DAY
        if not (a_day or a_day_span or (a_dated_clock and not _bare_clock(phrase.text, start, tz))):
            continue
        later = _read_at(phrase.text, now + 7 * _DAY, tz)
        relative = later is not None and later.astimezone(tz).date() - local == 7 * _DAY
        days.append((local, relative))
        if a_day_span:
            days.append(((end - timedelta(microseconds=1)).astimezone(tz).date(), relative))
    return days


def _names_a_day_two_ways(text: str, *, now: datetime, tz: tzinfo) -> bool:
    """The reply names a day by a weekday and a date that disagree ("Wednesday, December 17" in a year whose
    17th is a Thursday, 12月17日（周三）): whichever was meant, one of them is wrong (the time service refuses
    such a phrase as contradicting itself)."""
    return any(phrase.resolution.contradicts_itself for phrase in analyse(text, now=now, tz=tz))


def _misdates(text: str, listings: Sequence[Listing], free: Sequence[FreeTime], said: Sequence[str], *,
              now: datetime, tz: tzinfo) -> bool:  # fmt: skip
    """A day the reply states that no read, no window and no message of the user's holds; one read from
    today ("Friday") may be any day of that weekday they hold (a search found next week's Friday)."""
    stated = _stated_days(text, now=now, tz=tz)
    if not stated:
        return False
    known = _known_days(listings, free, tz)
    for message in said:  # each phrase's day, or each of its readings ("Monday or Friday")
        for phrase in analyse(message, now=now, tz=tz):
            starts = [phrase.resolution.start, *(c.start for c in phrase.resolution.candidates)]
            known.update(start.astimezone(tz).date() for start in starts if start is not None)
            end = phrase.resolution.end
            if phrase.kind == "range" and phrase.resolution.grain == "day" and end is not None:
                known.add((end - timedelta(microseconds=1)).astimezone(tz).date())  # "to the 16th"
    weekdays = {d.weekday() for d in known}
    return any(d not in known and not (relative and d.weekday() in weekdays) for d, relative in stated)


_WHOLE_DAY = 24 * 60


def _minutes(start: datetime, end: datetime, tz: tzinfo) -> tuple[int, int]:
    """A span as minutes of its first local day: an end at or before its start runs into the next day, and a
    span of a day or more covers every clock."""
    if end - start >= _DAY:
        return 0, _WHOLE_DAY
    first, last = start.astimezone(tz), end.astimezone(tz)
    a, b = first.hour * 60 + first.minute, last.hour * 60 + last.minute
    return a, b if b > a else b + _WHOLE_DAY


def _stated_ranges(text: str, *, now: datetime, tz: tzinfo) -> list[tuple[int, int]]:
    return [
        _minutes(phrase.resolution.start, phrase.resolution.end, tz)
        for phrase in analyse(text, now=now, tz=tz)
        if phrase.kind == "range"
        and phrase.resolution.start is not None
        and phrase.resolution.end is not None
        and phrase.resolution.end - phrase.resolution.start < _DAY  # a clock range, not "Monday to Friday"
    ]


def _misranges(text: str, listings: Sequence[Listing], free: Sequence[FreeTime], said: Sequence[str], *,
               now: datetime, tz: tzinfo) -> bool:  # fmt: skip
    """A clock range the reply states that is neither a listed event's nor the user's, nor an empty stretch
    of a window read — one inside the window that meets no listed event (a free slot, "nothing from 1 to 3")
    (live: "There is a free slot from 9 AM to 8 AM": each end a known time, the range no free time at all)."""
    stated = _stated_ranges(text, now=now, tz=tz)
    if not stated:
        return False
    events = [e for listing in (*listings, *(f.events for f in free if f.events)) for e in listing.events]
    busy = {_minutes(e.start, e.end, tz) for e in events if not e.all_day}
    spans = busy | {r for message in said for r in _stated_ranges(message, now=now, tz=tz)}
    windows = [_minutes(x.start, x.end, tz) for x in (*(x for x in listings if not x.is_search), *free)]

    def empty_stretch(a: int, b: int) -> bool:
        inside = any(lo <= a and b <= hi for lo, hi in windows)
        return inside and not any(a < end and start < b for start, end in busy)

    return any(r not in spans and not empty_stretch(*r) for r in stated)


def _stated_times(text: str, *, now: datetime, tz: tzinfo) -> tuple[list[time], bool]:
    """The clock times a text states, and whether it states a repetition."""
    times: list[time] = []
    repeats = False
    for phrase in analyse(text, now=now, tz=tz):
        resolution = phrase.resolution
        if phrase.kind == "recurrence":
            repeats = True
        elif phrase.kind == "clock" and resolution.start is not None:
            times.append(_clock(resolution.start, tz))
        elif (
            phrase.kind == "range"
            and resolution.start is not None
            and resolution.end is not None
            and resolution.end - resolution.start < _DAY  # a clock range, not "Monday to Friday"
        ):
            times += [_clock(resolution.start, tz), _clock(resolution.end, tz)]
    return times, repeats


def _earlier_clock_for_an_event(text: str, listings: Sequence[Listing], free: Sequence[FreeTime],
                                said_times: Sequence[list[time]], known: set[time], *, now: datetime,
                                tz: tzinfo) -> bool:  # fmt: skip
    """A sentence that names one listed event and states a clock that only an earlier message of the user's
    gave — not this message, not a time of the reads (live: "你周二上午十点和王总见面" after the meeting had been
    moved from ten to eleven; ten was the user's, two messages before). ``said_times``: each message's clocks,
    this message's last; ``known``: the reads' times."""
    earlier = {t for times in said_times[:-1] for t in times} - set(said_times[-1] if said_times else ()) - known
    if not earlier:
        return False
    events = [e for listing in (*listings, *(f.events for f in free if f.events)) for e in listing.events]
    return any(
        len({e.title for e in events if mentions(sentence, e.title)}) == 1
        and earlier & set(_stated_times(sentence, now=now, tz=tz)[0])
        for sentence in _SENTENCE_END.split(text)
    )


def misstates(
    text: str,
    listings: Sequence[Listing],
    free: Sequence[FreeTime],
    said: Iterable[str],
    *,
    now: datetime,
    tz: tzinfo,
) -> bool:
    """True when ``text`` states a clock time, a day or a repetition that neither the reads nor the user
    gave (``said``: the user's messages of this segment, oldest first, this turn's last), or gives an event a
    clock only an earlier message said."""
    if not text.strip():
        return False
    said = list(said)
    if _names_a_day_two_ways(text, now=now, tz=tz):
        return True
    if _misdates(text, listings, free, said, now=now, tz=tz) or _misranges(text, listings, free, said, now=now, tz=tz):
        return True
    stated = [_stated_times(message, now=now, tz=tz) for message in said]  # (each message read once)
    known = _known_times(listings, free, tz)
    if _earlier_clock_for_an_event(text, listings, free, [t for t, _ in stated], known, now=now, tz=tz):
        return True
    times, repeats = _stated_times(text, now=now, tz=tz)
    if not times and not repeats:
        return False
    user_times = {t for message_times, _ in stated for t in message_times}
    user_repeats = any(again for _, again in stated)
    allowed = known | user_times
    if any(t not in allowed for t in times):
        return True
    listed_repeats = any(event.repeats for listing in listings for event in listing.events)
    return repeats and not (listed_repeats or user_repeats)
