"""Whether a reply about this turn's reads states facts the reads did not return.

The read check keeps a reply that names a listed event. Naming it is not reporting it: on scenarios the
project had not seen, a reply placed a 16:00 meeting at "2:30 PM" (another run: "3:00 PM") and said two
one-off events "both repeat every day" — and passed. The reply is our own text and its time phrases are a
bounded field, read by the time service (``schedule_time.analyse``), never a word list:

* every clock time the reply states (a clock, or either end of a range) must be a start or an end of a
  listed event, a boundary of a free slot or of the window read, or a time the user said;
* a repetition ("every day", 每周) needs a listed event that repeats, or the user's own words.

The times are compared as wall-clock times in the user's zone: the reply's dates are the model's to word
("tomorrow", "Friday"), and the read check already requires the event itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime, time, timedelta, tzinfo
from typing import TYPE_CHECKING

from agent import lexicon_en, lexicon_zh
from schedule_time import analyse

if TYPE_CHECKING:  # the read check imports this module
    from agent.checks.read_check import Listing
    from agent.render.free_time import FreeTime

__all__ = ["claims_nothing_on", "misstates"]

_DAY = timedelta(days=1)
_NOTHING_ON = re.compile(f"{lexicon_en.NOTHING_ON}|{lexicon_zh.NOTHING_ON}", re.IGNORECASE)


def claims_nothing_on(text: str) -> bool:
    """Whether the reply says the time it speaks of holds nothing ("no events scheduled for Friday", 周五没有
    任何安排): a claim of our own output, false when the read found events there."""
    return _NOTHING_ON.search(text) is not None


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


def misstates(
    text: str,
    listings: Sequence[Listing],
    free: Sequence[FreeTime],
    said: Iterable[str],
    *,
    now: datetime,
    tz: tzinfo,
) -> bool:
    """True when ``text`` states a clock time or a repetition that neither the reads nor the user gave."""
    if not text.strip():
        return False
    times, repeats = _stated_times(text, now=now, tz=tz)
    if not times and not repeats:
        return False
    user_times: set[time] = set()
    user_repeats = False
    for message in said:
        stated, again = _stated_times(message, now=now, tz=tz)
        user_times.update(stated)
        user_repeats = user_repeats or again
    known = _known_times(listings, free, tz) | user_times
    if any(t not in known for t in times):
        return True
    listed_repeats = any(event.repeats for listing in listings for event in listing.events)
    return repeats and not (listed_repeats or user_repeats)
