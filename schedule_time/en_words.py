"""English vocabulary shared by the English rules: numbers, ordinals, months, weekdays, units, zones."""

from __future__ import annotations

import functools
import re

from dateutil.relativedelta import relativedelta

from .language import also_clear

ONES = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
            "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
            "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
            "nineteenth": 19, "twentieth": 20, "thirtieth": 30}
FUZZY = {"a": 1, "an": 1, "one": 1, "a couple of": 2, "a couple": 2, "couple of": 2, "couple": 2, "a pair of": 2,
         "a few": 3, "few": 3, "several": 3}

MONTHS = {"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
          "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
          "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12}
WEEKDAYS = {"monday": 0, "mon": 0, "tuesday": 1, "tues": 1, "tue": 1, "wednesday": 2, "weds": 2, "wed": 2,
            "thursday": 3, "thurs": 3, "thur": 3, "thu": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
            "sunday": 6, "sun": 6}
ZONES = {"gmt": 0, "utc": 0, "cet": 60, "cest": 120, "bst": 60, "ist": 330, "est": -300, "edt": -240,
         "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420, "jst": 540}


def alt(words: object) -> str:
    """A regex alternation of the words, longest first."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"  # type: ignore[arg-type]


_DIGIT_WORD = DIGIT_WORD = "(?:one|two|three|four|five|six|seven|eight|nine)"
WORD_NUMBER = (rf"(?:(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:[- ]?{_DIGIT_WORD})?|(?:thir|four|fif|six|seven|eigh|nine)teen|"
               rf"zero|{_DIGIT_WORD}|ten|eleven|twelve)")
NUMBER = rf"(?:\d++(?:[.,]\d++)?+|{WORD_NUMBER})"
ORDINAL_WORD = (r"(?:(?:twenty|thirty)[- ]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
                r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
                r"(?:thir|four|fif|six|seven|eigh|nine)teenth|twentieth|thirtieth)")
DAY_NUMBER = rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?|{ORDINAL_WORD})"
MONTH = alt(MONTHS) + r"\.?"
WEEKDAY = alt(WEEKDAYS) + r"\.?"


_SPLIT = re.compile(r"[- ]+").split
_DIGITS = re.compile(r"\d+")


def number_value(s: str) -> float:
    """"12", "2.5", "0,5", "twenty-one", "a couple of" -> a number."""
    s = s.strip()
    if s in FUZZY:
        return FUZZY[s]
    if s[0].isdigit():
        return float(s.replace(",", "."))
    parts = _SPLIT(s)
    total = 0
    for part in parts:
        total += TENS.get(part, ONES.get(part, 0))
    return total


def ordinal_value(s: str) -> int:
    """"15th", "15", "fifteenth", "twenty-first" -> 15, 15, 15, 21."""
    s = s.strip()
    if s[0].isdigit():
        return int(_DIGITS.match(s).group())  # type: ignore[union-attr]
    parts = _SPLIT(s)
    if len(parts) == 2:
        return TENS.get(parts[0], 0) + ORDINALS.get(parts[1], 0)
    return ORDINALS[s]


UNITS = {
    "second": ("seconds", 1), "sec": ("seconds", 1), "s": ("seconds", 1), '"': ("seconds", 1),
    "minute": ("minutes", 1), "min": ("minutes", 1), "m": ("minutes", 1), "'": ("minutes", 1),
    "hour": ("hours", 1), "hr": ("hours", 1), "h": ("hours", 1),
    "day": ("days", 1), "d": ("days", 1), "week": ("weeks", 1), "wk": ("weeks", 1),
    "fortnight": ("weeks", 2), "month": ("months", 1), "mon": ("months", 1), "mo": ("months", 1),
    "year": ("years", 1), "yr": ("years", 1), "y": ("years", 1), "decade": ("years", 10),
    "night": ("days", 1),   # "two nights": a stay of two days
}
UNIT_WORD = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|fortnights?|months?|mons?|years?|" \
            r"yrs?|decades?|nights?)"
UNIT = r"(?:" + UNIT_WORD[3:-1] + r"|s|m|h|d|y|\"|')"
_GRAIN = {"seconds": "second", "minutes": "minute", "hours": "hour", "days": "day", "weeks": "week",
          "months": "month", "years": "year"}
_ORDER = ("years", "months", "weeks", "days", "hours", "minutes", "seconds")

_HALF_UNIT = r"hour|day|week|month|year|minute"
"""The units that take "and a half" with no amount before them ("hour and a half" is one and a half hours)."""
AMOUNT = rf"(?:(?:a couple of|a couple|couple of|couple|a pair of|a few|few|several|an?|{NUMBER})" \
         rf"(?:\s+and\s+an?\s+half)?|half\s+an?|half(?=[\s-](?:{_HALF_UNIT})\b)|an?\s+half|(?:a\s+)?quarter\s+of\s+an?|" \
         rf"three[- ]quarters?\s+of\s+an?|\d/\d)"
ONE_DURATION = rf"(?:{AMOUNT}(?:\s*|-){UNIT_WORD}(?:'s)?(?:-long)?(?:\s+and\s+an?\s+half)?|(?:\d++(?:[.,]\d+)?|\d/\d)\s?(?:[smhdy](?![^\W\d_])|\"|')" \
               rf"|(?<![\w'])(?:{_HALF_UNIT})\s+and\s+an?\s+half)"
"""…and a unit without its article when "and a half" follows ("hour and a half", as people type it)."""
DURATION_LIST = rf"{ONE_DURATION}(?:\s*+(?:,|and|,\s*and)?\s*+{ONE_DURATION})*"
"""Possessive spaces: neither a separator nor a duration begins with a space, so giving spaces back can
only retry a duration where it already failed ("3 days| ago": the same match, one failed try fewer)."""
_ONE = re.compile(rf"({AMOUNT})(?:\s*|-)({UNIT_WORD})(?:'s)?(?:-long)?(\s+and\s+an?\s+half)?|(\d++(?:[.,]\d+)?|\d/\d)\s?([smhdy](?![^\W\d_])|\"|')"
                  rf"|(?<![\w'])({_HALF_UNIT})\s+and\s+an?\s+half")


_FRACTION = re.compile(r"\d/\d")
_AND_HALF = re.compile(r"(.*?)\s+and\s+an?\s+half$")
_SECONDS = {"weeks": 604800, "days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}


@functools.lru_cache(maxsize=256)
def _amount(s: str) -> float:
    s = s.strip()
    if s.isdigit():
        return int(s)
    if s.startswith("half") or s in ("a half", "an half"):
        return 0.5
    if "quarter" in s:
        return 0.75 if s.startswith("three") else 0.25
    if _FRACTION.fullmatch(s):
        return int(s[0]) / int(s[2])
    extra = 0.0
    m = _AND_HALF.match(s)
    if m:
        s, extra = m.group(1), 0.5
    return number_value(s) + extra


@functools.lru_cache(maxsize=1024)
def parse_duration(text: str) -> tuple[relativedelta, str]:
    """"1 year, 09 months,01 weeks" / "2.5 hours" / "half an hour" -> (delta, finest grain).

    Fractions go to the next finer unit: hours and below exactly, "1.5 months" as 1 month 15 days,
    "1.5 years" as 1 year 6 months. One relativedelta is built at the end (they are slow to add).
    Kept per text in a bounded table (like ``delta_of``): "two weeks" is the same in "in two weeks",
    "two weeks ago" and "for two weeks", which the scan memoises apart; nobody mutates the result."""
    simple = _SIMPLE(text)
    if simple is not None:   # "3 days", "10 minutes": what the loop below gives for one whole amount
        unit = simple[2]
        name, mult = UNITS[unit if unit in UNITS else unit[:-1]]
        whole = int(simple[1]) * mult
        fields_ = ((("days", whole * 7) if name == "weeks" else (name, whole)),) if whole else ()
        return delta_of(fields_), _GRAIN[name]
    fields: dict[str, float] = {}
    for m in _ONE.finditer(text):
        if m.group(6) is not None:   # "hour and a half": one of the unit, and a half
            amount, unit, half = "a", m.group(6), 0.5
        else:
            amount, unit = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(4), m.group(5))
            half = 0.5 if m.group(3) else 0.0   # "an hour and a half"
        name, mult = UNITS[unit if unit in UNITS else unit[:-1]]
        fields[name] = fields.get(name, 0) + (_amount(amount) + half) * mult
    kw: dict[str, int] = {}
    for name, value in fields.items():
        whole = int(value)
        frac = value - whole
        if whole:
            key, n = ("days", whole * 7) if name == "weeks" else (name, whole)
            kw[key] = kw.get(key, 0) + n
        if frac:
            key, n = (("seconds", round(frac * _SECONDS[name])) if name in _SECONDS else
                      ("days", round(frac * 30)) if name == "months" else ("months", round(frac * 12)))
            kw[key] = kw.get(key, 0) + n
    finest = next(n for n in reversed(_ORDER) if n in fields)
    return delta_of(tuple(sorted(kw.items()))), _GRAIN[finest]


also_clear(parse_duration.cache_clear)
also_clear(_amount.cache_clear)

_SIMPLE = re.compile(rf"(\d+)\s*({UNIT_WORD})").fullmatch
"""One whole amount of a unit word, nothing else ("3 days"): ``_ONE`` finds it as its only match, the
digits as the amount and the same unit word (each unit word's alternative is the first that matches it)."""


@functools.lru_cache(maxsize=1024)
def delta_of(fields: tuple[tuple[str, int], ...]) -> relativedelta:
    """One shared relativedelta per distinct value (building one costs microseconds; they are never
    mutated): a bounded table like the compiled regexes, not a memo of any text."""
    return relativedelta(**dict(fields))

# Places and regions whose clock a time may be read on ("3pm London time", "8am Chicago time", "9am PT"):
# IANA names, so that daylight saving is applied on the date in question (the fixed abbreviations above,
# "EST", "PDT", say one offset on purpose).
_NY, _LA, _CHI, _DEN = "America/New_York", "America/Los_Angeles", "America/Chicago", "America/Denver"
ZONE_PLACES = {
    "london": "Europe/London", "uk": "Europe/London", "british": "Europe/London", "dublin": "Europe/Dublin",
    "lisbon": "Europe/Lisbon", "paris": "Europe/Paris", "france": "Europe/Paris", "berlin": "Europe/Berlin",
    "germany": "Europe/Berlin", "madrid": "Europe/Madrid", "rome": "Europe/Rome", "amsterdam": "Europe/Amsterdam",
    "zurich": "Europe/Zurich", "stockholm": "Europe/Stockholm", "athens": "Europe/Athens",
    "istanbul": "Europe/Istanbul", "moscow": "Europe/Moscow", "central european": "Europe/Paris",
    "new york": _NY, "nyc": _NY, "ny": _NY, "boston": _NY, "washington": _NY, "dc": _NY, "miami": _NY,
    "toronto": "America/Toronto", "eastern": _NY, "us eastern": _NY, "east coast": _NY,
    "chicago": _CHI, "central": _CHI, "us central": _CHI, "texas": _CHI, "dallas": _CHI, "houston": _CHI,
    "denver": _DEN, "mountain": _DEN, "us mountain": _DEN, "phoenix": "America/Phoenix",
    "los angeles": _LA, "la": _LA, "san francisco": _LA, "sf": _LA, "seattle": _LA, "bay area": _LA,
    "silicon valley": _LA, "pacific": _LA, "us pacific": _LA, "west coast": _LA, "california": _LA,
    "vancouver": "America/Vancouver", "mexico city": "America/Mexico_City", "sao paulo": "America/Sao_Paulo",
    "são paulo": "America/Sao_Paulo", "buenos aires": "America/Argentina/Buenos_Aires",
    "hawaii": "Pacific/Honolulu", "honolulu": "Pacific/Honolulu",
    "tokyo": "Asia/Tokyo", "japan": "Asia/Tokyo", "seoul": "Asia/Seoul", "korea": "Asia/Seoul",
    "beijing": "Asia/Shanghai", "shanghai": "Asia/Shanghai", "china": "Asia/Shanghai",
    "hong kong": "Asia/Hong_Kong", "taipei": "Asia/Taipei", "singapore": "Asia/Singapore",
    "bangkok": "Asia/Bangkok", "jakarta": "Asia/Jakarta", "manila": "Asia/Manila",
    "india": "Asia/Kolkata", "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "dubai": "Asia/Dubai", "tel aviv": "Asia/Jerusalem", "israel": "Asia/Jerusalem",
    "sydney": "Australia/Sydney", "melbourne": "Australia/Melbourne", "brisbane": "Australia/Brisbane",
    "perth": "Australia/Perth", "auckland": "Pacific/Auckland", "new zealand": "Pacific/Auckland",
    "cairo": "Africa/Cairo", "johannesburg": "Africa/Johannesburg", "nairobi": "Africa/Nairobi",
    "lagos": "Africa/Lagos",
}
ZONE_GENERIC = {"pt": _LA, "et": _NY, "ct": _CHI, "mt": _DEN}
"""US generic zone letters, read only right after a clock time ("9am PT"): daylight saving included."""
ZONE_REGIONS = {"pacific": _LA, "eastern": _NY, "central": _CHI, "mountain": _DEN}
"""US zone regions without "time", read only right after a clock time and before no other word than a
joining one ("9am Pacific", "3pm Eastern on Friday"; not "5pm Central Station")."""
