"""English rules for informal and regional forms (README "Informal spellings", "Probe forms"), kept apart
from ``en.py`` and spliced into its rule list where their order matters:

* ``EARLY`` (before the holidays and parts of day): "the day before Christmas", "the day after Friday"
  (an anchored one-day shift, as "a day before christmas"); "Friday week", "tomorrow week", "a week on
  Monday", "a week today", "a fortnight tomorrow" (British: that day a week / two weeks later);
  "midweek", "mid-week"; "within the hour", "within the next 3 days".
* ``CLOCKS`` (with the clock rules): "3ish", "eleven-ish" (an hour, as "at 3").
* ``HOURS`` (before the numeric dates): "Mon 9-5", "Fri 3-4" (hours after a weekday, not the numeric date
  9 May / 4 March; a date there is written "Fri 3/4"); "tomorrow 12-1", "9-5 every weekday", "daily 12-1"
  (hours beside a day that is no date).
"""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .en_clock import SMALL, _hour
from .en_words import DURATION_LIST, WEEKDAYS, WORD_NUMBER, alt, number_value, ordinal_value, parse_duration
from .language import Rule

_TOMORROW = r"(?:tomorrow|tmrw|tmr|2moro|2morrow)"
_DAY = rf"(?:{alt(WEEKDAYS)}\.?|today|{_TOMORROW})"
_EVENT = r"(?:that|then|it|this|next|the\s+(?:meeting|call|event|appointment|session))\b"
_AFTER_HOUR = rf"today|tonight|{_TOMORROW}|on|this|next|then|or|and|works|is|would|please|pls|ok|okay|if|for|with|" \
              rf"in\s+the|at\s+night|{alt(WEEKDAYS)}"
_AFTER_WEEKDAY = "|".join(fr"(?<=\b{w} )" for w in sorted(WEEKDAYS, key=len, reverse=True))
_DAY_WORDS = ("today", "tonight", "tomorrow", "tmrw", "tmr", "weekday", "weekdays", "weekend", "weekends", "daily",
              "everyday", "every day", "each day")
_AFTER_DAY_WORD = "|".join(fr"(?<=\b{w} )" for w in _DAY_WORDS)
_BEFORE_DAY_WORD = r"(?=\s+(?:on\s+)?(?:" + "|".join(w.replace(" ", r"\s+") for w in _DAY_WORDS) + \
                   r"|(?:every|each)\s+(?:weekday|day))\b)"
"""A day that is no date ("tomorrow", "every weekday", "daily") beside a pair of numbers: the pair is hours
("tomorrow 12-1", "9-5 every weekday"), never a numeric date (there is no date of "tomorrow 12-1")."""


def _day_piece(word: str) -> p.Piece:
    word = word.rstrip(".")
    if word in WEEKDAYS:
        return p.WeekdayRef(WEEKDAYS[word])
    return p.DayShift(0 if word == "today" else 1)


def _weeks(word: str) -> p.Shift:
    days = 14 if word.startswith("fortnight") else 7
    return p.Shift(relativedelta(days=days), "day", anchored=True)


def b_day_from(m: re.Match[str]) -> p.Piece:
    return p.Shift(relativedelta(days=-1 if m["w"] == "before" else 1), "day", anchored=True)


def b_day_week(m: re.Match[str]) -> list[p.Piece]:
    """"Friday week", "tomorrow fortnight": the day, then a week (two) on."""
    return [_day_piece(m["day"]), _weeks(m["u"])]


def b_week_on(m: re.Match[str]) -> list[p.Piece]:
    """"a week on Monday", "a week today", "two weeks tomorrow": that far after the day named."""
    delta, grain = parse_duration(m["dur"])
    return [p.Shift(delta, grain, anchored=True), _day_piece(m["day"])]


def b_within_next(m: re.Match[str]) -> list[p.Piece]:
    delta, grain = parse_duration(m["dur"] or f"1 {m['u']}")
    return [p.OpenBound("within"), p.Shift(delta, grain)]


_BIZ = r"(?:business|working|work)\s*-?\s*days?|workdays?|weekdays?"
_ORD = r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)"


def b_biz_nth(m: re.Match[str]) -> p.Piece:
    n = m["n"] or m["n1"]
    k = -1 if n in ("last", "final") else ordinal_value(n)
    return p.NthUnit(-k if m["last"] else k, "workday")


def b_biz_count(m: re.Match[str]) -> p.Piece:
    g = m.groupdict()
    n = g.get("n") or g.get("n2")
    count = 1 if n is None else int(number_value(n))
    back = (m["dir"] or "").startswith(("before", "ago", "back", "earlier", "previous", "prior"))
    return p.WeekdayAfter(count, -1, -1 if back else 1)


EARLY: list[Rule] = [
    # working days, Monday-Friday (public holidays are not known here): "the last business day of the month",
    # "next business day", "in 3 working days", "2 business days after Christmas"
    Rule("biz_nth", rf"(?:the\s+)?(?:(?P<n>{_ORD})\s+(?P<last>last)|(?P<n1>{_ORD}|last|final))\s+(?:{_BIZ})\s+(?:of|in)\b",
         b_biz_nth),
    Rule("biz_next", rf"(?:the\s+)?(?P<dir>next|following|previous|prior)\s+(?:{_BIZ})\b", b_biz_count),
    Rule("biz_count", rf"(?:in\s+(?P<n2>\d+|{WORD_NUMBER}|a|one)\s+(?:{_BIZ})(?:'?\s*time)?|(?P<n>\d+|{WORD_NUMBER}|a|one)\s+"
                      rf"(?:{_BIZ})\s+(?P<dir>from\s+(?:now|today)|after|later|before|ago|back|earlier))", b_biz_count),
    # "the day before Christmas", "the day after Friday" ("the day after tomorrow", "the day after" alone and
    # "the day before the meeting" are other rules)
    Rule("day_from", rf"(?:the\s+)?day\s+(?P<w>before|after)(?=\s+(?!{_EVENT}|{_TOMORROW}\b|yesterday\b)[a-z0-9])",
         b_day_from),
    Rule("day_week", rf"(?P<day>{_DAY})\s+(?P<u>week|wk|fortnight)(?!\s*(?:of|after|before|end|'s|-)\b)(?![-'])", b_day_week),
    Rule("week_on", rf"(?P<dur>(?:a|one|two|three|2|3)\s+(?:weeks?|fortnights?))\s+(?:on\s+)?"
                    rf"(?P<day>{_DAY})(?!\s+(?:week|wk|fortnight)\b)", b_week_on),
    Rule("midweek", r"mid-?week", lambda m: [p.PeriodPart("mid"), p.Period("week")]),
    Rule("within_next", rf"within\s+(?:the\s+(?:next\s+|coming\s+)?|the\s+)(?:(?P<dur>{DURATION_LIST})|(?P<u>hour|day))",
         b_within_next),
]

CLOCKS: list[Rule] = [
    Rule("hour_ish", rf"(?P<h>{SMALL}|{WORD_NUMBER})-?ish", lambda m: p.Clock(_hour(m["h"]))),
    # "around 3", "about 11 tomorrow": an approximate hour, where nothing but a time word follows ("about 3
    # people", "about 3 weeks ago" are amounts)
    Rule("approx_hour", rf"(?:around|about|roughly|approx\.?|approximately|circa)\s+(?P<h>{SMALL}|{WORD_NUMBER})(?:-?ish)?"
                        rf"(?=\s*(?:$|[,;!?)]|[.:](?!\d)|(?:{_AFTER_HOUR})\b))", lambda m: p.Clock(_hour(m["h"]))),
]
HOURS: list[Rule] = [
    # "Mon 9-5", "Fri 3-4", "mon-fri 9-17": hours after a weekday (a numeric date there needs "/" or ".")
    Rule("weekday_hours", rf"(?:{_AFTER_WEEKDAY})(?P<a>{SMALL})\s*-\s*(?P<b>{SMALL})(?![\d/.:-])",
         lambda m: [p.Number(int(m["a"])), p.RangeSep(), p.Number(int(m["b"]))]),
    Rule("day_word_hours", rf"(?:(?:{_AFTER_DAY_WORD})(?P<a>{SMALL})\s*-\s*(?P<b>{SMALL})(?![\d/.:-])"
                           rf"|(?P<a2>{SMALL})\s*-\s*(?P<b2>{SMALL})(?![\d/.:-]){_BEFORE_DAY_WORD})",
         lambda m: [p.Number(int(m["a"] or m["a2"])), p.RangeSep(), p.Number(int(m["b"] or m["b2"]))]),
]
