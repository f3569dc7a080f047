"""The read check: a reply to a calendar question must report what the read returned.

The read-side twin of the exit check. A small model answering from a ``list_events`` or ``search_events``
result sometimes echoes an earlier message, names none of the events ("好的，我会记住你的预约。" for a
search that found the dentist), or reads out times for an empty range. The read tool keeps what it
returned as a ``Listing`` (never sent to the model); if the model's reply names none of the listed events
— or, when nothing was found, quotes clock times (and, for a search, which has no window, days) — code
replaces it with the listing itself, in the user's language. A search's listing has its own header
("Events matching 'dentist':"), so it never reads as "nothing else on those days". Telemetry records
``read_check``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo

from agent.checks.exit_check import promises_write
from agent.checks.read_facts import mentions, misstates
from agent.grounding import bare_words
from agent.language import Lang
from agent.render.free_time import FreeTime, free_time_text, reply_reports_free
from agent.render.timefmt import day_part_text, day_text, range_text

__all__ = [
    "Listed",
    "Listing",
    "check_read_reply",
    "free_time_answer",
    "listing_text",
    "reply_reports",
    "search_listing",
]


@dataclass(frozen=True, slots=True)
class Listed:
    title: str
    start: datetime
    end: datetime
    all_day: bool = False
    repeats: bool = False
    """A series (a search finds the series, whose ``start`` is its first occurrence)."""
    rule: str = ""
    """How a found series repeats, in words ("every 2 weeks on Thursday"); "" when not said."""


@dataclass(frozen=True, slots=True)
class Listing:
    """One calendar read: a ``list_events`` window (aware, local to the user) and what was in it; or, with
    ``query`` set, what ``search_events`` found for those words (a search has no window: ``start`` and
    ``end`` are both the moment of the read; ``query`` is ``""`` when the words were the user's whole
    message, which the listing does not quote)."""

    start: datetime
    end: datetime
    events: tuple[Listed, ...]
    more: int = 0
    query: str | None = None

    @property
    def is_search(self) -> bool:
        return self.query is not None


def search_listing(query: str, events: Sequence[Listed], *, now: datetime) -> Listing:
    """A ``search_events`` answer as a listing (``now``: aware, in the user's zone)."""
    return Listing(now, now, tuple(events), query=query)


_CLOCK = re.compile(
    r"\d{1,2}\s*[:：]\s*\d{2}|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|[0-9零一二两三四五六七八九十]+\s*[点點]",
    re.IGNORECASE,
)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_ZH_NUMBER = r"[0-9零一二两三四五六七八九十]+"
_DAY = re.compile(  # a day named in a reply: a weekday, a date, a day word
    r"\b(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|\b(?:today|tonight|tomorrow)\b"
    rf"|\b{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b"
    r"|\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}\b"
    rf"|{_ZH_NUMBER}\s*月\s*{_ZH_NUMBER}|{_ZH_NUMBER}\s*[日号號]|(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]"
    r"|今天|明天|后天|後天|今晚|明早|明晚",
    re.IGNORECASE,
)


ALL_NAMED_UP_TO = 4
"""A listing of this many distinct events or fewer is reported only by a reply that names every one."""


def reply_reports(text: str, listings: Sequence[Listing]) -> bool:
    """Whether ``text`` is a plausible report of the listings: it names every listed event when the reads
    found at most ``ALL_NAMED_UP_TO`` (at least one of a longer listing); when every read came back empty
    it quotes no clock time, and, when every read was a search (no window, so no day to speak of), no day
    either."""
    if not text.strip():
        return False
    titles = list(dict.fromkeys(e.title for listing in listings for e in listing.events))
    if titles:
        named = [t for t in titles if mentions(text, t)]
        # a short listing is reported whole: naming some of its events and not the others tells the user
        # part of their calendar as if it were all of it ("Do I have anything Saturday or Sunday?")
        return len(named) == len(titles) or (len(titles) > ALL_NAMED_UP_TO and bool(named))
    if _CLOCK.search(text) is not None:
        return False
    return not (all(listing.is_search for listing in listings) and _DAY.search(text))


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


# a search's texts, (English, Chinese): quoting the words searched for, or for the user's whole message
_FOUND = {
    True: ("Events matching '{query}':", "与“{query}”相关的日程："),
    False: ("Events matching your question:", "与你的问题相关的日程："),
}
_NOT_FOUND = {
    True: ("No events matching '{query}' on your calendar.", "你的日历里没有与“{query}”相关的日程。"),
    False: ("No events on your calendar match your question.", "你的日历里没有与你的问题相关的日程。"),
}


def _search_text(listing: Listing, lang: Lang, today: datetime) -> str:
    """``Events matching 'dentist':`` / ``与“牙医”相关的日程：`` + one line per event, each with its day."""
    query = " ".join((listing.query or "").split())
    texts = _FOUND if listing.events else _NOT_FOUND
    head = texts[bool(query)][lang == "zh"].format(query=query)
    lines = [head]
    for event in listing.events:
        when = range_text(event.start, event.end, lang, all_day=event.all_day, ref=today.date())
        if lang == "zh":
            how = f"（{event.rule}重复）" if event.rule else "（重复）"
            lines.append(f"- {when} 「{event.title}」" + (how if event.repeats else ""))
        else:
            how = f" (repeats {event.rule})" if event.rule else " (repeats)"
            lines.append(f"- {when} — {event.title}" + (how if event.repeats else ""))
    return "\n".join(lines)


def listing_text(listing: Listing, lang: Lang, *, now: datetime) -> str:
    """``Tuesday, December 1: nothing on your calendar.`` / ``12月1日（周二）的安排：`` + one line per event;
    for a search, ``Events matching 'dentist':`` + one line per event with its day."""
    today = now.astimezone(listing.start.tzinfo)
    if listing.is_search:
        return _search_text(listing, lang, today)
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


def check_read_reply(
    text: str,
    listings: Sequence[Listing],
    lang: Lang,
    *,
    now: datetime,
    wrote: bool = False,
    free: Sequence[FreeTime] = (),
    said: Sequence[str] = (),
    tz: tzinfo | None = None,
) -> str | None:
    """``None`` when the model's reply reports the reads; else the code listing that replaces it: each
    read's listing once (the same search twice is listed once), then each free-time answer
    (``agent.render.free_time``). In a turn that called no write tool, a reply that promises a write ("好的，我会
    把…改到凌晨3点", echoing an event title written as an instruction) is replaced too, even if it names an
    event: nothing will be written. A reply that is one of the user's own messages again (``said``: "后天上午十点和
    李四开会" for "anything on tomorrow?", naming the event only because the user's words did) reports nothing;
    nor does one that states a clock time or a repetition the reads did not return (``read_facts``)."""
    if not listings and not free:
        return None
    if _echoes(text, said):
        return "\n".join(dict.fromkeys(_texts(listings, free, lang, now)))
    listed = not listings or reply_reports(text, listings)
    if (
        listed
        and all(_reports_free(text, f) for f in free)
        and (wrote or not promises_write(text))
        and not misstates(text, listings, free, said, now=now, tz=tz or now.tzinfo or UTC)
    ):
        return None
    return "\n".join(dict.fromkeys(_texts(listings, free, lang, now)))


def _reports_free(text: str, free: FreeTime) -> bool:
    """A free-time read whose window holds events is reported by those events (the model chose the
    free-time tool for "what's on?"; "am I free Friday afternoon?" is answered by what takes it — free slots
    alone hide why the rest is not free, and a reply that names none of them was replaced by code's
    answer, which lists them and then the slots). A window with no event is reported by a free slot."""
    found = free.events is not None and bool(free.events.events)
    if found:
        return reply_reports(text, [free.events])  # type: ignore[list-item]
    return reply_reports_free(text, free)


def _texts(listings: Sequence[Listing], free: Sequence[FreeTime], lang: Lang, now: datetime) -> list[str]:
    texts = [listing_text(x, lang, now=now) for x in listings]
    for f in free:
        texts += free_time_answer(f, lang, now=now)
    return texts


def free_time_answer(free: FreeTime, lang: Lang, *, now: datetime) -> list[str]:
    """What answers a free-time read: the events of its window (where it found any), then its free slots."""
    events = free.events
    texts = [listing_text(events, lang, now=now)] if events is not None and events.events else []
    return [*texts, free_time_text(free, lang, now=now)]


def _echoes(text: str, said: Sequence[str]) -> bool:
    """The reply is one of the user's messages again (punctuation, spaces, case and width aside)."""
    core = bare_words(text)
    return bool(core) and any(core == bare_words(s) for s in said)
