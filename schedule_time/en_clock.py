"""English clock times and parts of the day: a rule's match -> ``Clock`` / ``PartOfDay`` pieces (the
rules are in ``en.py``; date builders in ``en_build.py``)."""

from __future__ import annotations

import re

from . import pieces as p
from .en_words import WEEKDAYS, ZONES, number_value

MER = r"(?P<mer>[ap])\.?\s?m(?:-?ish)?\b\.?|(?P<mer1>[ap])\b\.?"
SMALL = r"(?:[01]?\d|2[0-4])"


def _mer(m: re.Match[str]) -> str | None:
    g = m.group("mer") or m.group("mer1")
    return None if g is None else ("am" if g == "a" else "pm")


def _hour(s: str) -> int:
    return int(s) if s[0].isdigit() else int(number_value(s))


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
    """"at 930", "1130pm", "at 0800": a leading zero is a 24-hour spelling (08:00, never 20:00), as in "0800"."""
    v = m["v"]
    mer = _mer(m) if m.groupdict().get("mer") is not None or m.groupdict().get("mer1") is not None else None
    return p.Clock(int(v[:-2]), int(v[-2:]), 0, mer, h24=mer is None and len(v) == 4 and v[0] == "0")


def b_hhmm_24(m: re.Match[str]) -> p.Piece:
    v = m["v"]
    return p.Clock(int(v[:2]), int(v[2:]), h24=True)


_OH = re.compile(r"^(?:o|oh|ou|zero)[- ]")
_SPACES = re.compile(r"\s+")


def b_word_clock(m: re.Match[str]) -> p.Piece:
    minute = m["mi"]
    mins = 0 if minute in ("o'clock", "oclock", None) else int(number_value(_OH.sub("", minute)))
    return p.Clock(_hour(m["h"]), mins, 0, _mer(m) if (m["mer"] or m["mer1"]) else None)


def b_relative_clock(m: re.Match[str]) -> p.Piece | list[p.Piece]:
    amount = m["amt"]
    if _a_range(m, amount):
        return [p.Number(_hour(amount)), p.RangeSep(), p.Clock(_hour(m["h"]), 0, 0, _mer(m))]
    if amount.isdigit() and 0 < int(amount) < 12 and m["dir"] in ("to", "till") and "minute" not in m.group() \
            and m["base"] in _NOON_MIDNIGHT:
        # "9 to noon", "friday 8 to midnight": hours in digits, as "9 to 12" (minutes before are said in words)
        return [p.Number(int(amount)), p.RangeSep(), p.Clock(_NOON_MIDNIGHT[m["base"]], 0, 0, None, h24=True)]
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


_NOON_MIDNIGHT = {"noon": 12, "midday": 12, "midnight": 0}


def _a_range(m: re.Match[str], amount: str) -> bool:
    """"from 2 to 4(pm)" and "one to three" are ranges, not 3:58 and 2:59: minutes before an hour are
    said in words and in fives ("ten to four", "twenty-five to six", "a quarter to nine")."""
    if "minute" in m.group() or m["dir"] not in ("to", "till") or not m["h"]:
        return False
    if amount.isdigit():
        return True
    if " " in amount.strip() or "-" in amount:
        return False
    try:
        value = number_value(amount)
    except (KeyError, ValueError):
        return False
    return value is not None and float(value).is_integer() and 0 < value <= 12 and value % 5 != 0


def b_half_hour(m: re.Match[str]) -> p.Piece:   # British "half three" = 3:30
    return p.Clock(_hour(m["h"]), 30)


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
        "eve": EVENING, "arvo": AFTERNOON, "lunch": _pod("lunch", 12, 14, "pm"), "lunchtime": _pod("lunch", 12, 14, "pm"),
        "early morning": _pod("early morning", 0, 9, "am"), "late night": _pod("late night", 21, 24, "pm", small_hours=NIGHT_SMALL_HOURS),
        "late evening": _pod("late evening", 21, 24, "pm"), "dinner": _pod("dinner", 18, 21, "pm"),
        "dinnertime": _pod("dinner", 18, 21, "pm"),
        "breakfast": _pod("breakfast", 7, 10, "am"), "after lunch": _pod("after lunch", 13, 17, "pm"),
        "after school": _pod("after school", 15, 21, "pm"), "am": _pod("am", 0, 12, "am"),
        "pm": _pod("pm", 12, 24, "pm"),
        # modified parts of the day (README "Parts of the day with modifiers")
        "late at night": _pod("late night", 21, 24, "pm", small_hours=NIGHT_SMALL_HOURS),
        "right after lunch": _pod("right after lunch", 13, 14, "pm"), "just after lunch": _pod("right after lunch", 13, 14, "pm"),
        "straight after lunch": _pod("right after lunch", 13, 14, "pm"),
        "immediately after lunch": _pod("right after lunch", 13, 14, "pm"),
        "first thing": _pod("first thing", 8, 10, "am"),
        "early afternoon": _pod("early afternoon", 12, 15, "pm"), "late afternoon": _pod("late afternoon", 15, 19, "pm"),
        "mid afternoon": _pod("mid afternoon", 14, 16, "pm"),
        "mid morning": _pod("mid morning", 9, 11, "am"), "late morning": _pod("late morning", 10, 12, "am"),
        "midmorning": _pod("mid morning", 9, 11, "am"), "midafternoon": _pod("mid afternoon", 14, 16, "pm"),
        "early evening": _pod("early evening", 18, 21, "pm")}


def b_pod(m: re.Match[str]) -> list[p.Piece]:
    word = _SPACES.sub(" ", m["pod"]).replace("-", " ")
    if word.startswith("in the early") or word.startswith("the early") or word.startswith("early in"):
        word = "early morning"
    elif word.startswith("first thing"):  # with or without the part of day that follows it
        word = "first thing"
    pod = PODS.get(word, MORNING)
    day = m.groupdict().get("day")
    shift = {"this": 0, "today": 0, "today's": 0, "tomorrow": 1, "tomorrow's": 1, "last": -1, "yesterday": -1,
             "yesterday's": -1}.get(day or "")
    if shift is not None:
        pod = p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, shift, pod.small_hours)
    return [pod]


def b_pod_around_day(m: re.Match[str]) -> list[p.Piece]:
    """"early tomorrow morning", "late Friday afternoon": the day, then its part as "early morning" /
    "late afternoon" (a modifier with no span of its own, "early night", keeps the plain part)."""
    pod = PODS.get(f"{m['mod']} {m['pod']}", PODS[m["pod"]])
    day = m["day"]
    if day in ("this", "today"):
        return [p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, 0, pod.small_hours)]
    if day[0].isdigit() or day.startswith(("tom", "tmr", "tmo")):
        return [p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, 1, pod.small_hours)]
    return [p.WeekdayRef(WEEKDAYS[day.rstrip(".")]), pod]


def b_tonight(m: re.Match[str]) -> p.Piece:
    late = bool(m["late"])
    return p.PartOfDay("late night" if late else "tonight", 21 if late else 18, 24, "pm", 0, NIGHT_SMALL_HOURS)
