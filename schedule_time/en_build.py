"""English builders: a rule's match -> pieces (the rules themselves are in ``en.py``)."""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta, weekday

from . import pieces as p
from .en_words import (
    MONTHS,
    WEEKDAYS,
    ZONES,
    number_value,
    ordinal_value,
    parse_duration,
)
from .holidays import lookup_holiday
from .language import Rule, rules_by_first_char

NEXT = r"(?:next|nxt|coming|upcoming|the\s+following|following)"
LAST = r"(?:last|past|previous|this\s+past)"
THIS = r"(?:this|current|the\s+current)"
def _month(s: str) -> int:
    return MONTHS[s.rstrip(".")]


def _weekday(s: str) -> int:
    return WEEKDAYS[s.rstrip(".")]


def _year(s: str | None) -> int | None:
    if not s:
        return None
    s = s.lstrip("'")
    return int(s)


# ---------------------------------------------------------------- builders
def b_iso(m: re.Match[str]) -> list[p.Piece]:
    out: list[p.Piece] = [p.DateParts(int(m["y"]), int(m["mo"]), int(m["d"]))]
    if m["h"]:
        out.append(p.Clock(int(m["h"]), int(m["mi"]), int(m["s"] or 0), h24=True))
    return out


def b_numeric_date(m: re.Match[str]) -> p.Piece | list[p.Piece]:
    groups = m.groupdict()
    if groups.get("h"):   # "29.02.2020 13.12": a dotted pair after a full date is the time
        return [b_numeric_date_only(m), p.Clock(int(groups["h"]), int(groups["mi"]), h24=True)]
    return b_numeric_date_only(m)


def numeric_order(a: int, b: int, year: int | None, day_first: bool) -> p.DateParts:
    """Two numbers of a numeric date, without a year first (README "numeric dates"): a first number
    above 12 can only be the day ("14/3"), a second above 12 only the day ("3/14"); when both could be
    the month ("3/4") the separator's default (``day_first``: dotted dates) decides and the piece keeps
    ``order`` so that the caller's ``dayfirst`` may swap it. Neither a month ("13/13"): left for the
    calendar to refuse ("there is no month 13"), never a guess."""
    if a > 12 and b <= 12:
        return p.DateParts(year, b, a)
    if b > 12 or a == b or a == 0 or b == 0:
        return p.DateParts(year, a, b)   # month first: the only reading (or none, refused later)
    if day_first:
        return p.DateParts(year, b, a, "dm")
    return p.DateParts(year, a, b, "md")


def b_numeric_date_only(m: re.Match[str]) -> p.Piece:
    a, b, sep = int(m["a"]), int(m["b"]), m["sep"]
    year = _year(m.groupdict().get("y"))
    if sep == "." and year is None and not m.group().endswith(".") and (b > 12 or b == 0) and a <= 24 \
            and b <= 59 and len(m["b"]) == 2:
        # "9.30", "16.45", "18.00": not a day-first date (there is no month 30 or 0): a dotted clock time (the clock
        # rule's reading: a leading zero or an hour above 12 is a 24-hour spelling)
        return p.Clock(a, b, 0, None, h24=m["a"][0] == "0")
    return numeric_order(a, b, year, sep == ".")   # 31.10.1974: dotted dates are day first


def b_year_month(m: re.Match[str]) -> p.Piece:
    return p.DateParts(int(m["y"]), int(m["mo"]), None)


def b_month_day(m: re.Match[str]) -> list[p.Piece]:
    month = _month(m["mon"])
    out: list[p.Piece] = [p.DateParts(_year(m["y"]), month, ordinal_value(m["d"]))]
    if m["wd"]:
        out.append(p.WeekdayRef(_weekday(m["wd"])))
    return out


def b_month_day_range(m: re.Match[str]) -> list[p.Piece]:
    month = _month(m["mon"])
    return [p.DateParts(None, month, ordinal_value(m["d1"])), p.RangeSep(),
            p.DateParts(None, month, ordinal_value(m["d2"]))]


def b_month(m: re.Match[str]) -> p.Piece:
    return p.DateParts(_year(m["y"]), _month(m["mon"]), None)


def b_day_ordinal(m: re.Match[str]) -> p.Piece:
    return p.DateParts(None, None, ordinal_value(m["d"]))


def b_const(*pieces: p.Piece):
    def build(m: re.Match[str]) -> list[p.Piece]:
        return list(pieces)
    return build


def b_weekday(m: re.Match[str]) -> p.Piece:
    wd = _weekday(m["wd"])
    mod = (m["mod"] or "").split()[0] if m["mod"] else ""
    mod = "next" if mod == "nxt" else mod
    if m["after"]:
        return p.WeekdayRef(wd, "count", count=2)
    if mod in ("next", "coming", "upcoming", "following", "the"):
        return p.WeekdayRef(wd, "next" if mod == "next" else "this")
    if mod in ("last", "past", "previous"):
        return p.WeekdayRef(wd, "last")
    if mod in ("this", "current"):
        return p.WeekdayRef(wd, "this")
    return p.WeekdayRef(wd)


def b_weekday_count(m: re.Match[str]) -> p.Piece:
    n = int(number_value(m["n"]))
    return p.WeekdayRef(_weekday(m["wd"]), "count", count=n if m["dir"] == "from now" else -n)


def _shift_of(m: re.Match[str]) -> int:
    word = m["mod"].split()[-1]
    if word in ("next", "nxt", "coming", "upcoming", "following"):
        return 1
    if word in ("last", "past", "previous"):
        return -1
    return 0


_UNIT_NAMES = {"wk": "week", "week-end": "weekend", "week end": "weekend", "wkend": "weekend", "yr": "year",
               "qtr": "quarter", "mo": "month"}


def _unit(s: str) -> str:
    s = s.rstrip("s") if s not in ("s",) else s
    return _UNIT_NAMES.get(s, s)


def b_period(m: re.Match[str]) -> p.Piece:
    unit = _unit(m["unit"])
    if unit == "decade":   # "last decade": ten years back from now (a decade is no calendar period here)
        return p.Shift(relativedelta(years=10 * _shift_of(m)), "year")
    return p.Period(unit, _shift_of(m))


def b_after_next(m: re.Match[str]) -> p.Piece:
    """"the week after next": two units on from the current one."""
    return p.Period(m["unit"], 2)


def b_this_time(m: re.Match[str]) -> p.Piece:
    """"this time tomorrow", "this time next week": now moved by one day / unit."""
    if m["day"]:
        return p.Shift(relativedelta(days=1 if m["day"] == "tomorrow" else -1), "minute")
    sign = 1 if m["mod"] in ("next", "nxt") else -1
    return p.Shift(relativedelta(**{m["unit"] + "s": sign}), "minute")


def b_period_count(m: re.Match[str]) -> p.Piece:
    n = int(number_value(m["n"]))
    return p.Period(_unit(m["unit"]), _shift_of(m), n)


def b_shift_in(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta, grain)


def b_shift_after(m: re.Match[str]) -> list[p.Piece]:
    """"after 5 days": open from that point on."""
    delta, grain = parse_duration(m["dur"])
    return [p.Shift(delta, grain), p.OpenBound("after")]


def b_shift_ago(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(p.negated(delta), grain, event="may" if m["w"] in ("earlier", "sooner") else None)   # "45 minutes earlier": an event's


def b_shift_later(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta, grain, event="may" if m["w"] == "later" else None)   # "an hour later": from an event, if one is named


def b_later_by(m: re.Match[str]) -> p.Piece:
    """"later by 45 minutes", "earlier by a day": a move of an event (from now without one)."""
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta if m["w"] == "later" else p.negated(delta), grain, event="must")


def b_shift_than(m: re.Match[str]) -> p.Piece:
    """"an hour later than that", "two days before the meeting": a move of the event that "that" names."""
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta if m["w"] in ("later", "after") else p.negated(delta), grain, event="must")


_EARLIER = frozenset({"forward", "up", "earlier", "sooner", "ahead"})


_LATER = frozenset({"back", "out", "later"})


def _two_ways(m: re.Match[str]) -> bool:
    """Two directions that disagree ("up 30 minutes later", "forward an hour later"): no one move."""
    ends = {m["dir"], m["dir2"]} - {None}
    return bool(ends & _EARLIER) and bool(ends & _LATER)


def b_move_by(m: re.Match[str]) -> p.Piece | None:
    """"push it back two days", "bring it forward 30 minutes", "delay by an hour": a move of an event;
    forward / up / earlier / sooner / ahead move it earlier, anything else (back, out, later, or no
    direction: "push it two days") later; two that disagree, no move."""
    if _two_ways(m):
        return None
    delta, grain = parse_duration(m["dur"])
    earlier = m["dir"] in _EARLIER or m["dir2"] in _EARLIER
    return p.Shift(p.negated(delta) if earlier else delta, grain, event="must")


def b_move_by_minutes(m: re.Match[str]) -> p.Piece:
    """"push it back 15", "delay by 30": a bare amount of a move is minutes."""
    delta = relativedelta(minutes=int(m["dur"]))
    earlier = m["dir"] in _EARLIER or m["dir2"] in _EARLIER
    return p.Shift(p.negated(delta) if earlier else delta, "minute", event="must")


def b_lengthen(m: re.Match[str]) -> p.Piece:
    """"30 minutes longer", "extend it by an hour", "shorten by 15 min", "cut 10 minutes off": the event's
    end moves, its start stays."""
    delta, _ = parse_duration(m["dur"])
    shorter = m["short"] is not None if "short" in m.re.groupindex else "short2" in m.re.groupindex
    return p.Lengthen(p.negated(delta) if shorter else delta)


def b_shift_signed(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(p.negated(delta) if (m["sign"] or m["sign2"]) == "-" else delta, grain)


def b_shift_anchored(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(p.negated(delta) if m["w"] == "before" else delta, grain, anchored=True)


def b_duration(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Duration(delta, grain)


def b_every(m: re.Match[str]) -> list[p.Piece]:
    interval = 2 if m["other"] else int(number_value(m["n"])) if m["n"] else 1
    unit = m["unit"]
    if unit is None:
        return [p.Every(interval)]
    unit = _unit(unit)
    if unit in ("fortnight", "quarter"):   # "every fortnight", "every quarter": 2 weeks / 3 months apart
        unit, interval = ("week", 2 * interval) if unit == "fortnight" else ("month", 3 * interval)
    freq = {"day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY", "hour": "HOURLY",
            "minute": "MINUTELY", "min": "MINUTELY", "weekday": "WEEKLY", "weekend": "WEEKLY"}[unit]
    byday = (0, 1, 2, 3, 4) if unit == "weekday" else (5, 6) if unit == "weekend" else ()
    return [p.RecurUnit(freq, byday, interval)]


def b_plural_weekday(m: re.Match[str]) -> list[p.Piece]:
    return [p.Every(), p.WeekdayRef(_weekday(m["wd"]))]


def b_weekday_following(m: re.Match[str]) -> p.Piece:
    """"the following Monday", "the Monday after": the first such day after the event (else after today)."""
    day = _weekday(m["wd"] or m["wd2"])
    return p.Shift(relativedelta(days=1, weekday=weekday(day)), "day", event="may")


def b_weekday_after(m: re.Match[str]) -> p.Piece:
    n = m["n"] or m["n2"]
    return p.WeekdayAfter(ordinal_value(n) if n else 1, _weekday(m["wd"]), 1 if m["dir"] == "after" else -1)


def b_nth_weekday(m: re.Match[str]) -> p.Piece:
    n = -1 if m["n"] == "last" else ordinal_value(m["n"])
    return p.NthWeekday(n, _weekday(m["wd"]))


def b_nth_unit(m: re.Match[str]) -> p.Piece:
    unit = m["unit"]
    unit = unit if unit in ("day", "week", "month") else "weekend"
    if m["last"]:
        return p.NthUnit(-ordinal_value(m["n"]), unit)
    return p.NthUnit(-1 if m["n1"] in ("last", "final") else ordinal_value(m["n1"]), unit)


def b_quarter(m: re.Match[str]) -> list[p.Piece]:
    out: list[p.Piece] = [p.Quarter(ordinal_value(m["q"]))]
    if m["y"]:
        out.append(p.DateParts(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])))
    return out


def b_half(m: re.Match[str]) -> list[p.Piece]:
    part = p.PeriodPart("first-half" if m["h"] == "1" else "second-half")
    y = m["y"] or (f"20{m['yy']}" if m["yy"] else None)
    return [part, p.DateParts(int(y)) if y else p.Period("year")]


_DECADE_WORDS = {"fifties": 1950, "sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990,
                 "noughties": 2000, "aughts": 2000}


def b_decade(m: re.Match[str]) -> list[p.Piece]:
    """A decade as a range of its ten years ("the 90s": 1990-1999; two digits as two-digit years)."""
    if m["w"]:
        start = _DECADE_WORDS[m["w"]]
    elif m["d"]:
        start = int(m["d"]) + (2000 if int(m["d"]) < 50 else 1900)
    else:
        start = int(m["c"])
    return [p.DateParts(start), p.RangeSep(), p.DateParts(start + 9)]


def b_zone(m: re.Match[str]) -> p.Piece:
    return p.ZoneOffset(ZONES[m["z"]])


def b_ides(m: re.Match[str]) -> p.Piece:
    """The ides: the 15th of March, May, July and October, the 13th of other months."""
    month = _month(m["mon"])
    return p.DateParts(None, month, 15 if month in (3, 5, 7, 10) else 13)


def b_closest(m: re.Match[str]) -> p.Piece:
    return p.Closest(ordinal_value(m["n"]) if m["n"] else 1, _weekday(m["wd"]) if m["wd"] else None)


_SEASONS = {"spring": 0, "summer": 1, "autumn": 2, "fall": 2, "winter": 3}


def b_season(m: re.Match[str]) -> p.Piece:
    return p.Season(_SEASONS.get(m["s"]), _shift_of(m) if m["mod"] else 0)


def b_within(m: re.Match[str]) -> list[p.Piece]:
    delta, grain = parse_duration(m["dur"])
    return [p.OpenBound("within"), p.Shift(delta, grain)]


def b_more(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(f"{m['n']} {m['unit']}")
    return p.Shift(delta, grain)


def b_holiday(m: re.Match[str]) -> list[p.Piece]:
    hol = lookup_holiday(m["hol"])
    if hol is None:
        return []
    return [p.HolidayRef(hol, m["hol"])]


def _holiday_rule() -> list[Rule]:
    try:
        from .holidays import HOLIDAY_PATTERN
    except ImportError:
        return []
    return rules_by_first_char("holiday", HOLIDAY_PATTERN.pattern, b_holiday, "hol")




def b_numeric_date_sp(m: re.Match[str]) -> p.Piece:
    return numeric_order(int(m["a"]), int(m["b"]), int(m["y"]), False)


def b_compact_date(m: re.Match[str]) -> p.Piece:
    """"20270314": eight digits, year first (ISO basic format)."""
    return p.DateParts(int(m["y"]), int(m["mo"]), int(m["d"]))


def b_ymd_name(m: re.Match[str]) -> p.Piece:
    """"2027-Mar-14", "2027 March 14": year, month name, day."""
    return p.DateParts(int(m["y"]), _month(m["mon"]), ordinal_value(m["d"]))


YEAR_WINDOW = (1900, 2099)
"""A bare four-digit number is read as a year inside this window; outside it ("1500" after a date)
it is a number that a date beside it turns into a clock time (README "compact clock times")."""


def b_year(m: re.Match[str]) -> p.Piece:
    y = int(m["y"])
    if m["ctx"] or m["ctx2"] or YEAR_WINDOW[0] <= y <= YEAR_WINDOW[1]:
        return p.DateParts(y, None, None)
    return p.Number(y)

