"""Clock hours: which 24-hour reading(s) a spoken hour has.

The rule (README "Conventions"):
* am/pm, a 24-hour spelling (13-23, 0, "07:30", "15h") -> that hour.
* a part of day -> the reading inside its span ("this afternoon at 3" -> 15:00, "晚上8点" -> 20:00);
  if neither reading is inside, its am/pm hint decides ("this afternoon at 11" -> 23:00), except that
  an hour 1..``pod.small_hours`` is the small hours after the span: Chinese 晚上/深夜/今晚 set 3, so
  "晚上1点" is 01:00 the next day, not 13:00 (a time that is never 晚上); English night words
  ("tonight", "Friday night", "late last night") set 3 too, "evening" keeps 0. With such a night, an
  explicit am hour before it begins ("tonight at 1am", "tonight at 12am") is its small hours too, and
  "tonight at 12:30" is 00:30 the next day. Midnight (hour 0: "midnight tonight", "this evening at 00:00",
  今晚零点) with a part of day that runs to midnight is the midnight ending it, on the next day.
* a disambiguating word ("dinner" -> pm, "breakfast" -> am) -> that reading.
* otherwise a bare hour takes the one reading inside the working-day window 09:00-18:59, marked
  ``assumed``: 9, 10, 11 -> morning; 12 -> noon; 1-5 -> afternoon. 6, 7 and 8 are ambiguous, with
  morning and evening candidates: 7 and 8 (07/19, 08/20) have no reading in that window, and 6 am
  (the gym, an early flight) is as common in a calendar as 6 pm (dinner).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import pieces as p


@dataclass(slots=True)
class ClockReading:
    hour: int          # 0-24 (24 = midnight at the end of the day)
    minute: int
    second: int
    label: str | None = None
    assumed: str | None = None
    days: int = 0      # 1: the hour is on the next day (晚上1点, "tonight at 1": the small hours after it)


def _label(hour: int) -> str:
    if hour < 12:
        return "morning"
    if hour < 18:
        return "afternoon"
    return "evening"


def readings(c: p.Clock, pod: p.PartOfDay | None = None, hint: str | None = None) -> list[ClockReading]:
    """One reading, or two (morning first) when the hour is genuinely ambiguous."""
    h, m, s = c.hour, c.minute, c.second
    if c.meridiem is not None:
        if h > 12 or h == 0:   # "15:00pm" is read leniently as 15:00; "13am", "0pm" are not times
            return [ClockReading(h, m, s)] if c.meridiem == "pm" and 12 < h < 24 else []
        hour = h % 12 + (12 if c.meridiem == "pm" else 0)
        if pod is not None and pod.small_hours and c.meridiem == "am" and hour < pod.start_hour:
            return [ClockReading(hour, m, s, days=1)]   # "tonight at 1am": the night's small hours
        return [ClockReading(hour, m, s)]
    if c.h24 or h == 0 or h > 12:
        if h == 0 and pod is not None and pod.start_hour >= 12 and pod.end_hour >= 24:
            return [ClockReading(0, m, s, days=1)]   # "midnight tonight", 晚上0点: the midnight ending it
        return [ClockReading(h, m, s)]
    options = (h % 12, h % 12 + 12) if h != 12 else (12, 24)
    if pod is not None:
        inside = []   # (a loop, not a comprehension: no closure cells for ``pod`` and ``m`` at every call)
        for x in options:
            if pod.start_hour <= x + m / 60 < pod.end_hour or (x == 24 and pod.end_hour >= 24):
                inside.append(x)
        if h == 12 and pod.end_hour >= 24 and pod.start_hour >= 12:
            inside = [24]
        if len(inside) == 1:
            if inside[0] == 24 and (m or s):   # "tonight at 12:30": half past midnight, the next day
                return [ClockReading(0, m, s, days=1)]
            return [ClockReading(inside[0], m, s)]
        if not inside and 1 <= h <= pod.small_hours:
            return [ClockReading(h, m, s, days=1)]
        if pod.hint is not None:
            hint = pod.hint
    if hint is not None:
        if h == 12 and hint == "pm":
            return [ClockReading(12, m, s)]
        if h == 12 and pod is not None and pod.start_hour == 0 and pod.end_hour <= 6:   # 凌晨十二点半: 00:30 that day
            return [ClockReading(0, m, s)]
        if h == 12:
            return [ClockReading(24, m, s)] if not (m or s) else [ClockReading(0, m, s, days=1)]
        return [ClockReading(options[1] if hint == "pm" else options[0], m, s)]
    if h == 12:
        return [ClockReading(12, m, s, assumed="noon: a bare 12 is read as 12:00")]
    if 9 <= h <= 11:
        return [ClockReading(h, m, s, assumed="morning: a bare 9-11 is read as am")]
    if 1 <= h <= 5:
        return [ClockReading(h + 12, m, s, assumed="afternoon: a bare 1-5 is read as pm")]
    return [ClockReading(h, m, s, "morning"), ClockReading(h + 12, m, s, "evening")]
