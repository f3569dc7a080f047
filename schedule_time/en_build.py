"""English builders: a rule's match -> pieces (the rules themselves are in ``en.py``)."""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta

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

MER = r"(?P<mer>[ap])\.?\s?m\b\.?|(?P<mer1>[ap])\b\.?"
NEXT = r"(?:next|coming|upcoming|the\s+following|following)"
LAST = r"(?:last|past|previous|this\s+past)"
THIS = r"(?:this|current|the\s+current)"
SMALL = r"(?:[01]?\d|2[0-4])"


def _mer(m: re.Match[str]) -> str | None:
    g = m.group("mer") or m.group("mer1")
    return None if g is None else ("am" if g == "a" else "pm")


def _hour(s: str) -> int:
    return int(s) if s[0].isdigit() else int(number_value(s))


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


def b_numeric_date_only(m: re.Match[str]) -> p.Piece:
    a, b, sep = int(m["a"]), int(m["b"]), m["sep"]
    year = _year(m.groupdict().get("y"))
    if sep == ".":      # 31.10.1974: day first unless that is impossible
        day, month = (a, b) if b <= 12 else (b, a)
    else:               # 12/5, 2-15: month first unless that is impossible
        month, day = (a, b) if a <= 12 else (b, a)
    return p.DateParts(year, month, day)


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


def b_year(m: re.Match[str]) -> p.Piece:
    return p.DateParts(int(m["y"]), None, None)


def b_clock(m: re.Match[str]) -> list[p.Piece]:
    hour, minute = int(m["h"]), int(m["mi"] or 0)
    mer = _mer(m)
    out: list[p.Piece] = [p.Clock(hour, minute, int(m["s"] or 0), mer, h24=mer is None and m["h"][0] == "0")]
    if m["z"]:
        out.append(p.ZoneOffset(ZONES[m["z"]]))
    return out


def b_clock_h(m: re.Match[str]) -> p.Piece:
    return p.Clock(int(m["h"]), int(m["mi"] or 0), h24=True)


def b_hour_mer(m: re.Match[str]) -> p.Piece:
    return p.Clock(_hour(m["h"]), 0, 0, _mer(m))


def b_hhmm(m: re.Match[str]) -> p.Piece:
    v = m["v"]
    return p.Clock(int(v[:-2]), int(v[-2:]), 0, _mer(m) if m.groupdict().get("mer") is not None or
                   m.groupdict().get("mer1") is not None else None)


_OH = re.compile(r"^(?:o|oh|ou|zero)[- ]")
_SPACES = re.compile(r"\s+")


def b_word_clock(m: re.Match[str]) -> p.Piece:
    minute = m["mi"]
    mins = 0 if minute in ("o'clock", "oclock", None) else int(number_value(_OH.sub("", minute)))
    return p.Clock(_hour(m["h"]), mins, 0, _mer(m) if (m["mer"] or m["mer1"]) else None)


def b_relative_clock(m: re.Match[str]) -> p.Piece | list[p.Piece]:
    amount = m["amt"]
    if amount.isdigit() and "minute" not in m.group() and m["dir"] in ("to", "till") and m["h"]:
        # "from 2 to 4(pm)" is a range, not 3:58; word forms ("ten to four") stay clock times
        return [p.Number(int(amount)), p.RangeSep(), p.Clock(_hour(m["h"]), 0, 0, _mer(m))]
    mins = 30 if "half" in amount else 15 if "quarter" in amount else int(number_value(amount.split()[0]))
    base = m["base"]
    if base in ("noon", "midday"):
        hour, mer = 12, None
    elif base == "midnight":
        hour, mer = 0, None
    else:
        hour, mer = _hour(m["h"]), _mer(m)
    h24 = base in ("noon", "midday", "midnight") or hour > 12
    if m["dir"] in ("past", "after"):
        return p.Clock(hour, mins, 0, mer, h24=h24)
    hour = (hour - 1) % 24 if not (hour == 1 and mer is None and not h24) else 12
    if hour == 0 and mer is None and not h24:
        hour = 12
    return p.Clock(hour, 60 - mins, 0, mer, h24=h24)


def b_half_hour(m: re.Match[str]) -> p.Piece:   # British "half three" = 3:30
    return p.Clock(_hour(m["h"]), 30)


def b_const(*pieces: p.Piece):
    def build(m: re.Match[str]) -> list[p.Piece]:
        return list(pieces)
    return build


def b_weekday(m: re.Match[str]) -> p.Piece:
    wd = _weekday(m["wd"])
    mod = (m["mod"] or "").split()[0] if m["mod"] else ""
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
    if word in ("next", "coming", "upcoming", "following"):
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
    sign = 1 if m["mod"] == "next" else -1
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
    return p.Shift(-delta, grain)


def b_shift_signed(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(-delta if (m["sign"] or m["sign2"]) == "-" else delta, grain)


def b_shift_anchored(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta, grain, anchored=True)


def b_duration(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Duration(delta, grain)


def b_every(m: re.Match[str]) -> list[p.Piece]:
    interval = 2 if m["other"] else int(number_value(m["n"])) if m["n"] else 1
    unit = m["unit"]
    if unit is None:
        return [p.Every(interval)]
    unit = _unit(unit)
    freq = {"day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY", "hour": "HOURLY",
            "minute": "MINUTELY", "min": "MINUTELY", "weekday": "WEEKLY", "weekend": "WEEKLY"}[unit]
    byday = (0, 1, 2, 3, 4) if unit == "weekday" else (5, 6) if unit == "weekend" else ()
    return [p.RecurUnit(freq, byday, interval)]


def b_plural_weekday(m: re.Match[str]) -> list[p.Piece]:
    return [p.Every(), p.WeekdayRef(_weekday(m["wd"]))]


def b_weekday_after(m: re.Match[str]) -> p.Piece:
    n = m["n"] or m["n2"]
    return p.WeekdayAfter(ordinal_value(n) if n else 1, _weekday(m["wd"]), 1 if m["dir"] == "after" else -1)


def b_nth_weekday(m: re.Match[str]) -> p.Piece:
    n = -1 if m["n"] == "last" else ordinal_value(m["n"])
    return p.NthWeekday(n, _weekday(m["wd"]))


def b_nth_unit(m: re.Match[str]) -> p.Piece:
    unit = m["unit"]
    unit = "day" if unit == "day" else "week" if unit == "week" else "weekend"
    if m["last"]:
        return p.NthUnit(-ordinal_value(m["n"]), unit)
    return p.NthUnit(-1 if m["n1"] == "last" else ordinal_value(m["n1"]), unit)


def b_quarter(m: re.Match[str]) -> list[p.Piece]:
    out: list[p.Piece] = [p.Quarter(ordinal_value(m["q"]))]
    if m["y"]:
        out.append(p.DateParts(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])))
    return out


def b_zone(m: re.Match[str]) -> p.Piece:
    return p.ZoneOffset(ZONES[m["z"]])


def _pod(label: str, start: int, end: int, hint: str | None, day: int | None = None,
         small_hours: int = 0) -> p.PartOfDay:
    return p.PartOfDay(label, start, end, hint, day, small_hours)


# "tonight at 1", "Friday night at 2", "late tonight at 3": an hour 1-3 after a night is the small
# hours after it (the next day), as 晚上1点 in Chinese; 13:00-15:00 is never "tonight". "this evening"
# keeps the pm hint ("this evening at 2" is 14:00, Duckling's reading).
NIGHT_SMALL_HOURS = 3


MORNING, AFTERNOON = _pod("morning", 0, 12, "am"), _pod("afternoon", 12, 19, "pm")
EVENING, NIGHT = _pod("evening", 18, 24, "pm"), _pod("night", 18, 24, "pm", small_hours=NIGHT_SMALL_HOURS)
PODS = {"morning": MORNING, "morn": MORNING, "afternoon": AFTERNOON, "evening": EVENING, "night": NIGHT,
        "eve": EVENING, "lunch": _pod("lunch", 12, 14, "pm"), "lunchtime": _pod("lunch", 12, 14, "pm"),
        "early morning": _pod("early morning", 0, 9, "am"), "late night": _pod("late night", 21, 24, "pm", small_hours=NIGHT_SMALL_HOURS),
        "late evening": _pod("late evening", 21, 24, "pm"), "dinner": _pod("dinner", 18, 21, "pm"),
        "breakfast": _pod("breakfast", 7, 10, "am"), "after lunch": _pod("after lunch", 13, 17, "pm"),
        "after school": _pod("after school", 15, 21, "pm"), "am": _pod("am", 0, 12, "am"),
        "pm": _pod("pm", 12, 24, "pm")}


def b_pod(m: re.Match[str]) -> list[p.Piece]:
    word = _SPACES.sub(" ", m["pod"])
    if "early" in word:
        word = "early morning"
    pod = PODS.get(word, MORNING)
    day = m.groupdict().get("day")
    shift = {"this": 0, "today": 0, "today's": 0, "tomorrow": 1, "tomorrow's": 1, "last": -1, "yesterday": -1,
             "yesterday's": -1}.get(day or "")
    if shift is not None:
        pod = p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, shift, pod.small_hours)
    return [pod]


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


def b_tonight(m: re.Match[str]) -> p.Piece:
    late = bool(m["late"])
    return p.PartOfDay("late night" if late else "tonight", 21 if late else 18, 24, "pm", 0, NIGHT_SMALL_HOURS)


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
    a, b = int(m["a"]), int(m["b"])
    month, day = (a, b) if a <= 12 else (b, a)
    return p.DateParts(int(m["y"]), month, day)
