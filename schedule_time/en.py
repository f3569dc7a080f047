"""English: surface forms -> pieces. Rules are tried in order at each position; longer forms first."""

from __future__ import annotations

import re

from . import pieces as p
from .en_words import (
    DAY_NUMBER,
    DURATION_LIST,
    MONTH,
    MONTHS,
    WEEKDAY,
    WEEKDAYS,
    WORD_NUMBER,
    ZONES,
    alt,
    number_value,
    ordinal_value,
    parse_duration,
)
from .language import Language, Rule, rules_by_first_char

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


def b_numeric_date(m: re.Match[str]) -> p.Piece:
    a, b, sep = int(m["a"]), int(m["b"]), m["sep"]
    year = _year(m["y"])
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


def b_word_clock(m: re.Match[str]) -> p.Piece:
    minute = m["mi"]
    if minute in ("o'clock", "oclock", None):
        mins = 0
    else:
        mins = int(number_value(re.sub(r"^(?:o|oh|ou|zero)[- ]", "", minute)))
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
    return p.Period(_unit(m["unit"]), _shift_of(m))


def b_period_count(m: re.Match[str]) -> p.Piece:
    n = int(number_value(m["n"]))
    return p.Period(_unit(m["unit"]), _shift_of(m), n)


def b_shift_in(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_duration(m["dur"])
    return p.Shift(delta, grain)


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


def b_nth_weekday(m: re.Match[str]) -> p.Piece:
    n = -1 if m["n"] == "last" else ordinal_value(m["n"])
    return p.NthWeekday(n, _weekday(m["wd"]))


def b_quarter(m: re.Match[str]) -> list[p.Piece]:
    out: list[p.Piece] = [p.Quarter(ordinal_value(m["q"]))]
    if m["y"]:
        out.append(p.DateParts(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])))
    return out


def b_zone(m: re.Match[str]) -> p.Piece:
    return p.ZoneOffset(ZONES[m["z"]])


def _pod(label: str, start: int, end: int, hint: str | None, day: int | None = None) -> p.PartOfDay:
    return p.PartOfDay(label, start, end, hint, day)


MORNING, AFTERNOON = _pod("morning", 0, 12, "am"), _pod("afternoon", 12, 19, "pm")
EVENING, NIGHT = _pod("evening", 18, 24, "pm"), _pod("night", 18, 24, "pm")
PODS = {"morning": MORNING, "morn": MORNING, "afternoon": AFTERNOON, "evening": EVENING, "night": NIGHT,
        "eve": EVENING, "lunch": _pod("lunch", 12, 14, "pm"), "lunchtime": _pod("lunch", 12, 14, "pm"),
        "early morning": _pod("early morning", 0, 9, "am"), "late night": _pod("late night", 21, 24, "pm"),
        "late evening": _pod("late evening", 21, 24, "pm"), "dinner": _pod("dinner", 18, 21, "pm"),
        "breakfast": _pod("breakfast", 7, 10, "am"), "after lunch": _pod("after lunch", 13, 17, "pm"),
        "after school": _pod("after school", 15, 21, "pm"), "am": _pod("am", 0, 12, "am"),
        "pm": _pod("pm", 12, 24, "pm")}


def b_pod(m: re.Match[str]) -> list[p.Piece]:
    word = re.sub(r"\s+", " ", m["pod"])
    if "early" in word:
        word = "early morning"
    pod = PODS.get(word, MORNING)
    day = m.groupdict().get("day")
    if day in ("this", "today", "today's"):
        pod = p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, 0)
    elif day in ("tomorrow", "tomorrow's"):
        pod = p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, 1)
    elif day in ("last", "yesterday", "yesterday's"):
        pod = p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, -1)
    return [pod]


def b_tonight(m: re.Match[str]) -> p.Piece:
    late = bool(m["late"])
    return p.PartOfDay("late night" if late else "tonight", 21 if late else 18, 24, "pm", 0)


def b_holiday(m: re.Match[str]) -> list[p.Piece]:
    from .holidays import lookup_holiday
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


D = DAY_NUMBER
Y = r"(?P<y>\d{4}|'\d{2})"
RULES: list[Rule] = [
    Rule("iso", r"(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})(?:[t ]+(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2})"
                r"(?:\.\d+)?)?)?", b_iso),
    Rule("year_month", r"(?P<y>\d{4})[-/](?P<mo>0?[1-9]|1[0-2])(?![-/\d])", b_year_month),
    Rule("numeric_date", r"(?P<a>\d{1,2})\s*(?P<sep>[/.-])\s*(?P<b>\d{1,2})(?:\s*[/.-]\s*(?P<y>\d{4}|\d{2}))?"
                         r"(?!\s*(?:[ap]\.?\s?m\b|[ap]\b|:|h\b|o'?clock|\d|" + MONTH + r"|of\s))", b_numeric_date),
    Rule("spaced_date", r"(?P<a>\d{1,2}) (?P<b>\d{1,2}) (?P<y>\d{4})", lambda m: b_numeric_date_sp(m)),
    Rule("month_year_num", r"(?P<mo>0?[1-9]|1[0-2])/(?P<y>\d{4})", b_year_month),
    Rule("clock", r"(?P<h>[01]?\d|2[0-4])[:.](?P<mi>[0-5]\d)(?::(?P<s>[0-5]\d)(?:\.\d+)?)?(?:\s*(?:" + MER + r"))?"
                  r"(?:\s*\(?(?P<z>" + alt(ZONES) + r")\)?)?", b_clock),
    Rule("clock_h", r"(?P<h>[01]?\d|2[0-4])h(?P<mi>[0-5]\d)?", b_clock_h),
    Rule("hhmm_mer", r"(?P<v>(?:[1-9]|1[0-2])[0-5]\d)\s*(?:" + MER + ")", b_hhmm),
    Rule("hhmm_at", r"(?:at|@|around|about|approximately|approx\.?)\s+(?P<v>(?:[01]?\d|2[0-3])[0-5]\d)(?:ish)?",
         b_hhmm),
    Rule("relative_clock", r"(?P<amt>(?:a\s+)?quarter|half|\d{1,2}|" + WORD_NUMBER + r")(?:\s+minutes?)?\s+"
                           r"(?P<dir>past|after|to|till|before|of)\s+(?P<base>noon|midday|midnight|(?P<h>" + SMALL +
                           "|" + WORD_NUMBER + r")(?:\s*(?:" + MER + r"|h\b))?)", b_relative_clock),
    Rule("word_clock", r"(?P<h>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ](?P<mi>(?:o|oh|ou|"
                       r"zero)[- ](?:one|two|three|four|five|six|seven|eight|nine)|(?:twen|thir|for|fif)ty(?:[- ]?"
                       r"(?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|(?:thir|four|fif|six|"
                       r"seven|eigh|nine)teen)(?:\s*(?:" + MER + "))?", b_word_clock),
    Rule("hour_mer", r"(?P<h>" + SMALL + "|" + WORD_NUMBER + r")(?:ish)?\s*(?:o'?clock\s*)?(?:" + MER + ")",
         b_hour_mer),
    Rule("at_hour", r"(?:at|@)\s+(?P<h>" + SMALL + "|" + WORD_NUMBER + r")(?:ish)?(?!\s*(?:[:.]\d|h|[ap]\.?\s?m\b|[ap]\b|o'?clock|\d|past|after|to\b|till|before))",
         lambda m: p.Clock(_hour(m["h"]))),
    Rule("hour_oclock", r"(?P<h>" + SMALL + "|" + WORD_NUMBER + r")\s*o'?clock", lambda m: p.Clock(_hour(m["h"]))),
    Rule("noon", r"(?:the\s+)?(?:noon|midday|mid day|mid-day)", b_const(p.Clock(12, 0, h24=True))),
    Rule("midnight", r"midnight", b_const(p.Clock(0, 0, h24=True))),
    Rule("now", r"(?:right\s+|just\s+)?now|at the moment|atm|as soon as possible|asap|immediately",
         b_const(p.Now())),
    Rule("day_after_tomorrow", r"(?:the\s+)?day\s+after\s+tomorrow", b_const(p.DayShift(2))),
    Rule("day_before_yesterday", r"(?:the\s+)?day\s+before\s+yesterday", b_const(p.DayShift(-2))),
    Rule("tonight", r"(?P<late>late\s+)?(?:tonight|tonite|this evening late)", b_tonight),
    Rule("pod", r"(?:(?P<day>this|today|today's|tomorrow|tomorrow's|yesterday|yesterday's|last)\s+)?(?:in\s+the\s+|at\s+|"
                r"for\s+)?(?P<pod>early\s+in\s+the\s+morning|(?:in\s+)?the\s+early\s+hours\s+of\s+the\s+morning|"
                r"early\s+morning|late\s+night|late\s+evening|after\s+lunch|after\s+school|morning|morn|afternoon|"
                r"evening|night|lunchtime|lunch|dinner|breakfast)(?:ish)?", b_pod),
    Rule("in_the_mer", r"in\s+the\s+(?P<pod>am|pm)", b_pod),
    Rule("today", r"today|todays|at this time", b_const(p.DayShift(0))),
    Rule("tomorrow", r"tomorrows?|tmrw|tmr|tomorow", b_const(p.DayShift(1))),
    Rule("yesterday", r"yesterday", b_const(p.DayShift(-1))),
    *_holiday_rule(),
    Rule("every", r"(?:every|each)(?:\s+(?P<other>other|second))?(?:\s+(?P<n>\d+|" + WORD_NUMBER + r"))?"
                  r"(?:\s+(?P<unit>days?|weeks?|months?|years?|hours?|minutes?|weekdays?|weekends?))?", b_every),
    Rule("recur_word", r"(?P<w>daily|weekly|monthly|yearly|annually|hourly|weekdays|weekends|fortnightly)",
         lambda m: [p.RecurUnit(*{"daily": ("DAILY",), "weekly": ("WEEKLY",), "monthly": ("MONTHLY",),
                                  "yearly": ("YEARLY",), "annually": ("YEARLY",), "hourly": ("HOURLY",),
                                  "weekdays": ("WEEKLY", (0, 1, 2, 3, 4)), "weekends": ("WEEKLY", (5, 6)),
                                  "fortnightly": ("WEEKLY", (), 2)}[m["w"]])]),
    Rule("weekday_count", r"(?P<n>\d+|" + WORD_NUMBER + r")\s+(?P<wd>" + alt(WEEKDAYS) + r")s\s+(?P<dir>from now|ago|back)",
         b_weekday_count),
    Rule("plural_weekday", r"(?:on\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s",
         b_plural_weekday),
    Rule("nth_weekday", r"(?:the\s+)?(?P<n>last|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+"
                        r"(?P<wd>" + WEEKDAY + r")\s*(?:of|in)\b", b_nth_weekday),
    Rule("quarter", r"(?:the\s+)?(?P<q>first|second|third|fourth|[1-4](?:st|nd|rd|th)?)\s+(?:quarter|qtr)"
                    r"(?:\s+(?:of\s+)?(?P<y>\d{4}))?", b_quarter),
    Rule("quarter_short", r"(?P<y>\d{2}|\d{4})q(?P<q>[1-4])", b_quarter),
    Rule("month_day_range", r"(?P<mon>" + MONTH + r")\s*(?:the\s+)?(?P<d1>" + D + r")\s*(?:-|to|thru|through|till|"
                            r"until)\s*(?P<d2>" + D + r")(?![\d:])", b_month_day_range),
    Rule("weekday_month_day", r"(?P<wd>" + WEEKDAY + r")\s*,?\s*(?P<mon>" + MONTH + r")\s*(?:the\s+)?(?P<d>" + D +
                              r")(?:\s*,?\s*" + Y + r")?(?![\d:])", b_month_day),
    Rule("month_day", r"(?P<mon>" + MONTH + r")\s*(?:the\s+)?(?P<d>" + D + r")(?:\s*,?\s*" + Y + r")?(?![\d:])"
                      r"(?:\s*,?\s*(?P<wd>" + WEEKDAY + "))?", b_month_day),
    Rule("day_month", r"(?:the\s+)?(?P<d>" + D + r")\s*(?:of\s+|[-/]\s*)?(?P<mon>" + MONTH + r")(?:\s*[-/,]?\s*"
                      r"(?P<y>\d{4}|'?\d{2}(?![\d:])))?(?:\s*,?\s*(?P<wd>" + WEEKDAY + "))?", b_month_day),
    Rule("month", r"(?P<mon>" + MONTH + r")(?:\s*,?\s*(?P<y>\d{4}))?", b_month),
    Rule("weekday", r"(?:(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r"|the)\s+)?(?P<wd>" + WEEKDAY +
                    r")(?P<after>\s+after\s+next)?", b_weekday),
    Rule("period_count", r"(?P<mod>" + NEXT + "|" + LAST + r"|upcoming)\s+(?P<n>\d+|" + WORD_NUMBER +
                         r"|a few|few|couple of)\s+(?P<unit>seconds?|minutes?|hours?|days?|weeks?|months?|years?|"
                         r"quarters?)", b_period_count),
    Rule("period", r"(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r"|the)\s+(?P<unit>weekend|week-end|week end|wkend|"
                   r"week|wk|month|mo|quarter|qtr|year|yr)(?:'s)?", b_period),
    Rule("n_upcoming", r"(?P<n>\d+|" + WORD_NUMBER + r")\s+(?P<mod>upcoming|next|coming)\s+(?P<unit>days?|weeks?|"
                       r"months?|years?|quarters?)", b_period_count),
    Rule("weekend", r"(?P<unit>weekend|week-end|wkend)", lambda m: p.Period("weekend")),
    Rule("bare_period", r"(?P<unit>week|month|year|quarter)", lambda m: p.Period(m["unit"])),
    Rule("ordinal_day", r"(?:the\s+)?(?P<d>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|" + r"(?:twenty|thirty)[- ]?(?:first|"
                        r"second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|"
                        r"sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|"
                        r"sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)(?:\s+day)?", b_day_ordinal),
    Rule("the_day", r"the\s+(?P<d>[12]\d|3[01]|0?[1-9])(?!\d)", b_day_ordinal),
    Rule("shift_in", r"(?:in|within|after)\s+(?:about\s+|another\s+)?(?P<dur>" + DURATION_LIST + r")"
                     r"(?:\s+more)?(?:\s*(?:'s|')?\s*time)?(?:\s+from\s+(?:now|today))?", b_shift_in),
    Rule("shift_ago", r"(?:about\s+)?(?P<dur>" + DURATION_LIST + r")\s+(?:ago|back|before|earlier)", b_shift_ago),
    Rule("shift_later", r"(?P<dur>" + DURATION_LIST + r")\s+(?:from\s+(?:right\s+)?now|from\s+today|hence|later|"
                        r"from\s+now\s+on)", b_shift_in),
    Rule("shift_now", r"(?:now\s*(?P<sign>[+-])\s*|(?P<sign2>[+-])(?=\d))(?P<dur>" + DURATION_LIST + r")",
         b_shift_signed),
    Rule("shift_from", r"(?P<dur>" + DURATION_LIST + r")\s+(?:from|after)(?!\s+(?:now|today|right))", b_shift_anchored),
    Rule("duration", r"(?:for\s+|lasting\s+)?(?P<dur>" + DURATION_LIST + r")(?:\s+long)?", b_duration),
    Rule("year", r"(?:in\s+)?(?P<y>1\d{3}|2\d{3})(?:\s*(?:a\.?d\.?))?", b_year),
    Rule("zone", r"\(?(?P<z>" + alt(ZONES) + r")\)?", b_zone),
    Rule("part", r"(?:the\s+)?(?:(?P<b>beginning|start|early|begining)|(?P<mi>middle|mid)|(?P<e>end|late))"
                 r"(?:\s+of)?", lambda m: p.PeriodPart("begin" if m["b"] else "mid" if m["mi"] else "end")),
    Rule("rest_of", r"(?:the\s+)?rest\s+of(?:\s+the)?", b_const(p.PeriodPart("rest"))),
    Rule("eom", r"(?:the\s+)?(?P<w>eom|eoy|bom|boy|eod|eow)", lambda m: [
        p.PeriodPart("end" if m["w"][0] == "e" else "begin"),
        p.Period({"m": "month", "y": "year", "d": "day", "w": "week"}[m["w"][2]])]),
    Rule("year_shift", r"(?:of\s+)?(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r")\s+year", lambda m: p.YearShift(
        _shift_of(m))),
    Rule("qualifier", r"(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r")(?:\s+the)?", lambda m: p.Qualifier(_shift_of(m))),
    Rule("between", r"between|from|later\s+than", b_const(p.RangeStart())),
    Rule("range_sep", r"-|–|—|~|to|thru|through|till|til|until|untill|up\s+to|but\s+before", b_const(p.RangeSep())),
    Rule("and", r"and", b_const(p.RangeSep(weak=True))),
    Rule("open_before", r"before|no\s+later\s+than|(?:sometimes?\s+|any\s?time\s+)?before|prior\s+to",
         b_const(p.OpenBound("before"))),
    Rule("open_by", r"by", b_const(p.OpenBound("by"))),
    Rule("open_after", r"(?:any\s?time\s+)?after|since|starting(?:\s+from)?|from\s+now\s+on",
         b_const(p.OpenBound("after"))),
    Rule("label_dinner", r"dinner|supper", b_const(p.Label("pm"))),
    Rule("number", r"(?P<n>\d{1,4}|" + WORD_NUMBER + r")(?:ish)?", lambda m: p.Number(int(number_value(m["n"])))),
]


def b_numeric_date_sp(m: re.Match[str]) -> p.Piece:
    a, b = int(m["a"]), int(m["b"])
    month, day = (a, b) if a <= 12 else (b, a)
    return p.DateParts(int(m["y"]), month, day)


FILLERS = r"(?:at|@|on|in|of|the|around|about|approximately|approx\.?|roughly|ish|please|pls|then|ok|okay|" \
          r"sometime|some\s+time|during|for|let's\s+say|lets\s+say|say|maybe|how\s+about|what\s+about|" \
          r"just|only|exactly|sharp|o'?clock|or\s+so|works|is\s+fine|would\s+be\s+(?:great|good|fine)|" \
          r"sounds\s+good|yes|yeah|yep|sure|a|an|time|this|next|that)"

LANGUAGE = Language(code="en", rules=RULES, detect=re.compile(r"[a-z]"), word_boundary=True, fillers=FILLERS)
