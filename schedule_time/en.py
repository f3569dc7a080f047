"""English: surface forms -> pieces. Rules are tried in order at each position; longer forms first.

The builders (a match -> pieces) are in ``en_build.py`` (dates, periods, holidays) and ``en_clock.py`` (clock
times, parts of the day), the vocabulary in ``en_words.py``.
"""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .en_build import (
    LAST,
    NEXT,
    THIS,
    _holiday_rule,
    _shift_of,
    _weekday,
    b_after_next,
    b_closest,
    b_compact_date,
    b_const,
    b_day_ordinal,
    b_decade,
    b_duration,
    b_every,
    b_half,
    b_ides,
    b_iso,
    b_later_by,
    b_lengthen,
    b_month,
    b_month_day,
    b_month_day_range,
    b_more,
    b_move_by,
    b_move_by_minutes,
    b_nth_unit,
    b_nth_weekday,
    b_numeric_date,
    b_numeric_date_sp,
    b_period,
    b_period_count,
    b_plural_weekday,
    b_quarter,
    b_season,
    b_shift_after,
    b_shift_ago,
    b_shift_anchored,
    b_shift_in,
    b_shift_later,
    b_shift_signed,
    b_shift_than,
    b_this_time,
    b_weekday,
    b_weekday_after,
    b_weekday_count,
    b_weekday_following,
    b_within,
    b_year,
    b_year_month,
    b_ymd_name,
    b_zone,
)
from .en_clock import (
    MER,
    NIGHT_SMALL_HOURS,
    PODS,
    SMALL,
    _hour,
    b_clock,
    b_clock_h,
    b_half_hour,
    b_hhmm,
    b_hhmm_24,
    b_hour_mer,
    b_pod,
    b_pod_around_day,
    b_relative_clock,
    b_tonight,
    b_word_clock,
)
from .en_more import CLOCKS, EARLY, HOURS
from .en_words import (
    DAY_NUMBER,
    DIGIT_WORD,
    DURATION_LIST,
    MONTH,
    UNIT_WORD,
    WEEKDAY,
    WEEKDAYS,
    WORD_NUMBER,
    ZONE_GENERIC,
    ZONE_PLACES,
    ZONE_REGIONS,
    ZONES,
    alt,
    number_value,
    ordinal_value,
)
from .language import Language, Rule

D = DAY_NUMBER
_CLOCK_AFTER = r"[ap]\.?\s?m\b|[ap]\b|o'?clock"
"""What after an hour makes it a clock time: am/pm, o'clock (as the clock rules read them)."""
_NOT_AFTER_AT = "(?<!@ )" + "".join(fr"(?<!\b{w} )" for w in ("at", "about", "around", "roughly", "approximately", "approx",
                                                             r"approx\.", "say", "maybe"))
"""Not right after a word that puts a clock hour next ("at one", "around one", "say one")."""
_POLITE = r"please|pls|plz|thanks|thank\s+you|thx|then|ok|okay|works|is\s+(?:fine|better|best|good)|would\s+be|sounds"
"""Words that may follow a reply of "am" / "pm" alone ("PM please", "am works")."""

_AFTER_A_DAY = "|".join(fr"(?<=\b{day} )" for day in sorted(
    {*WEEKDAYS, "today", "tomorrow", "tmrw", "tmr", "tonight", "this"}, key=len, reverse=True))
"""Right after a day ("Friday pm", "tomorrow a.m.", "this pm"): am/pm there is that day's half, as after a number;
"eve" there is the evening ("fri eve"; alone it may be a name)."""


def _needs(*words: str) -> str:
    """A lookahead that one of ``words`` occurs after this point (a rule's cheap precondition)."""
    return r"(?=[\s\S]*?(?:" + "|".join(words) + "))"


TOMORROW = r"(?:tomorrows?|tmrw|tmr|tomorow|tommorow|tommorrow|tomorrw|tmoro|tmrow|2moro|2morrow|2morow|2mrw|2mro)"
YESTERDAY = r"(?:yesterday|yday|yest|yesterdy)"
ORD = r"(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)"
_PICKED = (r"(?:options?|slots?|choices?|suggestions?|alternatives?|openings?|spots?|windows?|results?|"
           r"items?|entry|entries|picks?)\b")
"""What an ordinal counts when it is no day of the month: "the first slot", "the 2nd option" pick from a list
("the 3rd one" stays a day: "one" also stands for a date said before)."""
YW = r"(?:19|20)\d\d(?!\d)"
Y = r"(?P<y>" + YW + r"|'\d{2})"
_OBJECT = r"(?:\s+(?:it|this|that|them|everything|the\s+(?:meeting|call|event|appointment|session)))?"
_NAMED = (r"(?:\s+(?!by\b|(?:today|tonight|tomorrow|tmrw|yesterday|next|this|last|morning|afternoon|evening|"
          r"night|noon|midnight|mon|tue|wed|thu|fri|sat|sun)[a-z']*\b)[^\W\d_][\w'’-]*){0,4}?")
"""The event's name between a verb and its amount ("extend the design review by 30 minutes"): up to four
words, none a number or a time word (so "extend tomorrow's review by …" keeps "tomorrow" a time)."""
_BARE_MINUTES = r"(?P<dur>(?:[1-8]?[05]|90)(?=\s*(?:$|[,.;!?]|more\b|please\b|pls\b)))(?P<dir2>)"
"""A bare amount of a move, 5 to 90 in steps of 5, at the end of a clause ("push it back 30"): minutes."""
_OUT_UP = r"(?<!\bbe\s)(?<!\bam\s)(?<!\bis\s)(?<!\bare\s)(?<!\bwas\s)(?<!'m\s)(?<!\bget\s)(?<!\bgot\s)(?:out|up)"
"""A direction after the event's name ("push the dentist out two days", "bump the call up 30"); not after a
verb of being ("I'm out two days", "was up 20 minutes early")."""
MOVE_VERB = r"(?:push|delay|postpone|move|shift|bump|bring|pull|reschedule|change|switch)(?:ed|d|ing|es|s)?"
"""The verbs whose "to" names where a move goes ("move it to 4"), never an end ("run until 4")."""

_COUNTS = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7}
_PER = {"day": "DAILY", "week": "WEEKLY", "wk": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"}


def _times_per(m: re.Match[str]) -> p.Piece:
    """Once a period is its series ("once a week" = "weekly"); more is ``pieces.TimesPer``."""
    said = m["w"] or m["n"]
    count, freq = int(said) if said.isdigit() else _COUNTS[said], _PER[m["u"] or m["ly"].replace("ly", "").replace("dai", "day")]
    return p.RecurUnit(freq) if count == 1 else p.TimesPer(count, freq)


RULES: list[Rule] = [
    # "the 2pm one to 5", "the 10 o'clock ones": right after a clock "one" is the pronoun, never the number of a
    # range ("one to 5") or of a clock idiom
    Rule("one_after_a_clock", r"(?:(?<=[ap]m )|(?<=[ap]\.m\. )|(?<=o'clock )|(?<=oclock ))one(?P<s>s)?\b",
         lambda m: p.One(plural=m["s"] is not None)),
    # "room 3", "gate 12", "building 5", "platform 9": a number that labels a place is no time or day
    # "twice a week", "3 times a week", "3x/week", "once a month": how many times a period (``pieces.TimesPer``)
    Rule("times_per", r"(?:(?P<w>once|twice|thrice)|(?P<n>[1-9]|one|two|three|four|five|six|seven)\s*(?:times|x))\s*"
                      r"(?:(?:a|an|per|each|every|/|in\s+a)\s*(?P<u>day|week|wk|month|year)|(?P<ly>daily|weekly|monthly|yearly))",
         lambda m: _times_per(m)),
    Rule("numbered_place", r"(?<![\w-])(?:room|rm\.?|gate|building|bldg\.?|floor|level|platform|suite|terminal|hall|"
                           r"unit|apt\.?|apartment|bus|line|route|table|seat|court|pier|dock|ward|bay|studio|no\.|#)"
                           r"\s*\d{1,4}[a-z]?(?![\w:.]*\d)(?!\s*(?:[ap]\.?m\b|o'?clock))", lambda m: ()),
    # "1:1", "3:1": a number pair with a one-digit second half is a name or a ratio, never a clock (9:05 has two)
    Rule("number_pair", r"(?<![\d:])\d{1,2}:\d(?![\d:])", lambda m: ()),
    # Year first in any separator ("2027-03-14", "2027/3/14", "2027.3.14"), then "20270314", "2027-Mar-14"
    Rule("iso", r"(?P<y>\d{4})(?P<sep>[-/.])(?P<mo>\d{1,2})[-/.](?P<d>\d{1,2})(?![\d.]\d)(?:[t ]+(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2})"
                r"(?:\.\d+)?)?(?!\s*[ap]\.?m\b|\s*(?:-|–|—|to)\s*\d{1,2}(?::\d{2})?\s*[ap]\.?m\b))?", b_iso),
    # ("2025-03-07 7:30pm", "2025-03-07 3:00–7:00 PM": the clock rule reads am/pm, of a range's end too)
    Rule("compact_date", r"(?P<y>19\d\d|20\d\d)(?P<mo>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)", b_compact_date),
    Rule("ymd_name", r"(?P<y>\d{4})\s*[-/.]?\s*(?P<mon>" + MONTH + r")\s*[-/.]?\s*(?P<d>" + D + r")(?![\d:])", b_ymd_name),
    Rule("year_month", r"(?P<y>\d{4})(?:-|\s*/\s*)(?P<mo>0?[1-9]|1[0-2])(?![-/\d])", b_year_month),
    *HOURS,   # "Mon 9-5": hours after a weekday, not 5 September
    # "what day of the week is it on?", "days of the week": a weekday asked about, no week to read
    Rule("day_of_the_week", r"days?\s+of\s+the\s+week\b", lambda m: []),
    Rule("numeric_date_y", r"(?P<a>\d{1,2})\s*(?P<sep>[/.-])\s*(?P<b>\d{1,2})\s*[/.-]\s*(?P<y>\d{4}|\d{2}(?![.:]\d))(?![\d:])"
                           r"(?:\s+(?P<h>[01]?\d|2[0-3])\.(?P<mi>[0-5]\d)(?![\d.:]))?", b_numeric_date),
    Rule("numeric_date", r"(?P<a>\d{1,2})\s*(?P<sep>[/.-])\s*(?P<b>\d{1,2})"
                         r"(?!\d|\s*(?:[ap]\.?\s?m\b|[ap]\b|:|h\b|o'?clock|" + MONTH + r"|of\s|" + UNIT_WORD +
                         r"|[smhdy]\b))", b_numeric_date),
    Rule("spaced_date", r"(?P<a>\d{1,2}) (?P<b>\d{1,2}) (?P<y>\d{4})", lambda m: b_numeric_date_sp(m)),
    Rule("month_year_num", r"(?P<mo>0?[1-9]|1[0-2])/(?P<y>\d{4})", b_year_month),
    # "12 noon", "at 12 midnight", "twelve o'clock noon": the hour only names the word after it (12:00 / 00:00)
    Rule("twelve_noon", r"(?:(?:at|@)\s+)?(?:12(?::00)?|twelve)(?:\s*o'?clock)?\s*(?P<w>noon|midday|mid-day|midnight)",
         lambda m: p.Clock(0 if m["w"] == "midnight" else 12, 0, h24=True)),
    Rule("clock", r"(?P<h>[01]?\d|2[0-4])[:.](?P<mi>[0-5]\d)(?::(?P<s>[0-5]\d)(?:\.\d+)?)?(?:\s*(?:" + MER + r"))?"
                  r"(?:\s*\(?(?P<z>" + alt(ZONES) + r")\)?)?", b_clock),
    # "0930", "1730h", "1730 hrs": four digits are a 24-hour clock time with a leading zero or an hour
    # suffix (a bare "1730" stays a year; after a date it is a time: ``compose._number_as_clock``)
    Rule("hhmm_24", r"(?P<v>0\d[0-5]\d)(?:\s*(?:h|hrs|hours)\b)?(?![\d.:])", b_hhmm_24),
    Rule("hhmm_h", r"(?P<v>[12]\d[0-5]\d)(?:h|hrs|\s(?:h|hrs|hours))\b", b_hhmm_24),
    # "3pm 2h", "15:00, 1h", "~1h": hours of length right after a clock or "~" ("9h", "Thursday 8h" stay clocks)
    Rule("length_h", r"(?:(?<=[ap]m )|(?<=[ap]m, )|(?<=\d\d )|(?<=\d\d, )|(?<=~)|(?<=~ ))(?P<h>[1-9](?:\.5)?|1[0-2])h\b",
         lambda m: p.Duration(relativedelta(minutes=int(float(m["h"]) * 60)), "hour")),
    Rule("clock_h", r"(?P<h>[01]?\d|2[0-4])h(?P<mi>[0-5]\d)?", b_clock_h),
    Rule("hhmm_mer", r"(?P<v>(?:[1-9]|1[0-2])[0-5]\d)\s*(?:" + MER + ")", b_hhmm),
    Rule("hhmm_at", r"(?:at|@|around|about|approximately|approx\.?)\s+(?P<v>(?:[01]?\d|2[0-3])[0-5]\d)(?:ish)?",
         b_hhmm),
    Rule("relative_clock", r"(?P<amt>(?:a\s+)?quarter|half|(?<!\bfrom )(?<!\bbetween )(?:\d{1,2}|" + WORD_NUMBER + r"))(?:\s+minutes?)?\s+"
                           r"(?P<dir>past|after|to|till|before|of)\s+(?P<base>noon|midday|midnight|(?P<h>" + SMALL +
                           "|" + WORD_NUMBER + r")(?!(?:st|nd|rd|th)\b|[:.]\d)(?:\s*(?:" + MER + r"|h\b))?)", b_relative_clock),
    Rule("at_h_mm", r"(?:at|@)\s+(?P<h>" + SMALL + r")\s+(?P<mi>[0-5]\d)(?![\d:.])",
         lambda m: p.Clock(int(m["h"]), int(m["mi"]))),
    Rule("half_hour", r"half\s+(?P<h>" + SMALL + "|" + WORD_NUMBER + r")(?!\s*(?:an?\b|hours?|past|to\b|after|of\b|:|\d))",
         b_half_hour),
    Rule("word_clock", r"(?P<h>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ](?P<mi>(?:o|oh|ou|"
                       r"zero)[- ](?:one|two|three|four|five|six|seven|eight|nine)|(?:twen|thir|for|fif)ty(?:[- ]?"
                       r"(?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|(?:thir|four|fif|six|"
                       r"seven|eigh|nine)teen)(?:\s*(?:" + MER + "))?", b_word_clock),
    Rule("hour_mer", r"(?P<h>" + SMALL + "|" + WORD_NUMBER + r")(?:ish)?\s*(?:o'?clock\s*)?(?:" + MER + ")",
         b_hour_mer),
    Rule("at_hour", r"(?:at|@)\s+(?P<h>" + SMALL + "|" + WORD_NUMBER + r")(?:ish)?(?!\s*(?:[:.]\d|h|[ap]\.?\s?m\b|[ap]\b|o'?clock|\d|past|after|to\b|till|before))"
                    r"(?!\s+(?:o|oh|zero|(?:twen|thir|for|fif)ty|ten|eleven|twelve|(?:thir|four|fif)teen)\b)",
         lambda m: p.Clock(_hour(m["h"]))),
    Rule("hour_oclock", r"(?P<h>" + SMALL + "|" + WORD_NUMBER + r")\s*o'?clock", lambda m: p.Clock(_hour(m["h"]))),
    *CLOCKS,   # "3ish", "Mon 9-5"
    Rule("noon", r"(?:the\s+)?(?:noon|midday|mid day|mid-day)(?:-?ish)?", b_const(p.Clock(12, 0, h24=True))),
    Rule("midnight", r"midnight", b_const(p.Clock(0, 0, h24=True))),
    Rule("shift_now", r"(?:now\s*(?P<sign>[+-])\s*|(?<!\S)(?P<sign2>[+-])(?=\d))(?P<dur>" + DURATION_LIST + r")",
         b_shift_signed),
    Rule("now", r"(?:right\s+|just\s+)?now|at the moment|atm|as soon as possible|asap|immediately",
         b_const(p.Now())),
    # informal spellings (README "Informal spellings") share the rules of the words they stand for
    # "the next day", "the following day", "the day after": the day after an event (a move keeps its
    # clock); alone, the next day of nothing. "the day after tomorrow" / "the day after the launch" are not it.
    Rule("next_day", r"(?:the\s+)?(?:next|following)\s+day\b|the\s+day\s+after(?=\s*(?:$|[,.;:!?)]|at\b|in\b|on\b|instead\b))",
         b_const(p.Shift(relativedelta(days=1), "day", event="must"))),
    # "the day before", "the previous day": the day before an event (a move keeps its clock); alone, nothing
    Rule("day_before", r"the\s+(?:previous|prior)\s+day\b|the\s+day\s+before(?=\s*(?:$|[,.;:!?)]|at\b|in\b|on\b|"
                       r"instead\b))", b_const(p.Shift(relativedelta(days=-1), "day", event="must"))),
    # "that day", "the same day", "that very day": the event's own day (alone: no day of its own)
    Rule("that_day", r"(?:that|the)\s+(?:very\s+)?same\s+day|that\s+(?:very\s+)?day(?=\s*(?:$|[,.;:!?)]|at\b|in\b|on\b|"
                     r"too\b|as\b|instead\b))", b_const(p.Shift(relativedelta(days=0), "day", event="must"))),
    # "the week after": a week after an event (its weekday and clock kept), as "the day after" is a day
    Rule("week_after", r"the\s+week\s+after(?=\s*(?:$|[,.;:!?)]|at\b|on\b|instead\b))",
         b_const(p.Shift(relativedelta(weeks=1), "day", event="must"))),
    # "the following Monday", "the Monday after": the first Monday after an event (a move keeps its clock);
    # alone, the first Monday after today
    Rule("weekday_following", r"(?:the\s+)?following\s+(?P<wd>" + WEEKDAY + r")|the\s+(?P<wd2>" + WEEKDAY +
                              r")\s+after(?=\s*(?:$|[,.;:!?)]|at\b|instead\b))", b_weekday_following),
    Rule("day_after_tomorrow", r"(?:the\s+)?day\s+after\s+(?:" + TOMORROW + ")", b_const(p.DayShift(2))),
    Rule("day_before_yesterday", r"(?:the\s+)?day\s+before\s+(?:" + YESTERDAY + ")", b_const(p.DayShift(-2))),
    *EARLY,   # "the day before Christmas", "Friday week", "a week on Monday", "midweek", "within the hour"
    *_holiday_rule(),   # before the parts of day: "night of power" is a holiday, not "night"
    Rule("late_last_night", r"late\s+last\s+night", b_const(p.PartOfDay("late night", 21, 24, "pm", -1,
                                                                                NIGHT_SMALL_HOURS))),
    # "early tomorrow morning", "late Friday afternoon", "early on Monday evening": the day between the part's
    # modifier and the part of day (as "tomorrow early morning")
    Rule("pod_around_day", r"(?P<mod>early|late|mid)(?:\s+on)?\s+(?P<day>" + TOMORROW + r"|today|this|" + WEEKDAY +
                           r")\s+(?P<pod>morning|afternoon|evening|night)\b", b_pod_around_day),
    Rule("tonight", r"(?P<late>late\s+)?(?:tonight|tonite|2nite|2night|this evening late)", b_tonight),
    Rule("pod", r"(?:(?P<day>this|today|today's|tomorrow|tomorrow's|yesterday|yesterday's|last)\s+)?(?:in\s+the\s+|at\s+|"
                r"for\s+)?(?P<pod>early\s+in\s+the\s+morning|(?:in\s+)?the\s+early\s+hours\s+of\s+the\s+morning|"
                r"early\s+morning|late\s+night|late\s+at\s+night|late\s+evening|(?:right|just|straight|immediately)\s+after\s+lunch|"
                r"first\s+thing(?:\s+in\s+the\s+morning)?|(?:early|late|mid)[- ]?(?:afternoon|morning)|"
                r"early\s+evening|after\s+lunch|after\s+school|morning|morn|afternoon|"
                r"evening|night|arvo|lunchtime|lunch|dinnertime|dinner|breakfast)(?:ish)?", b_pod),
    # "mornings", "on weekday evenings", "saturday mornings": a plural part of day is each one (a series)
    Rule("pod_plural", r"(?:(?:in\s+the|on)\s+)?(?P<pod>mornings|afternoons|evenings|nights)",
         lambda m: [p.Every(), PODS[m["pod"][:-1]]]),
    # "weekday mornings", "weekend evenings": the days of a series of parts of day (a weekday one is every
    # working day: "weekday morning" too)
    Rule("weekday_pods", r"(?P<w>week-?day|week-?end)s?(?=\s+(?:mornings|afternoons|evenings|nights)\b|(?<=day)\s+"
                         r"(?:morning|afternoon|evening|night)\b)",
         lambda m: p.RecurUnit("WEEKLY", (0, 1, 2, 3, 4) if m["w"].endswith("day") else (5, 6))),
    Rule("in_the_mer", r"(?:in\s+)?the\s+(?P<pod>am|pm)", b_pod),
    # "pm", "PM please", "at 3 15 pm": am/pm alone is the morning / the afternoon and evening (00-12 / 12-24);
    # only on its own (no word before it, nothing but punctuation or a polite word after it) or right after
    # a number: "I am free", "am I busy" keep the verb
    Rule("mer_alone", r"(?:(?<=\d\s)|" + _AFTER_A_DAY + r"|(?<![a-z'])(?<![a-z']\s)(?=[ap]\.?m\b\.?\s*(?:$|[,;:!?)]|(?:" +
                      _POLITE + r")\b)))(?P<pod>[ap])\.?m\b\.?", lambda m: [PODS[m["pod"] + "m"]]),
    Rule("eve_after_day", r"(?:" + _AFTER_A_DAY + r")eve\b", lambda m: [PODS["eve"]]),
    Rule("this_time", r"(?:at\s+)?this\s+time\s+(?:(?P<day>tomorrow|yesterday)|(?P<mod>next|last)\s+(?P<unit>week|month|"
                      r"year))", b_this_time),
    Rule("today", r"today|todays|at this time", b_const(p.DayShift(0))),
    Rule("tomorrow", TOMORROW, b_const(p.DayShift(1))),
    Rule("yesterday", YESTERDAY, b_const(p.DayShift(-1))),
    # "except Wednesday", "but not on weekends", "other than Sundays", ", not on Fridays": days taken out of a
    # series (``series_parts.days_excepted``); a bare "not" only before "on" and the days
    Rule("except", r"(?:except(?:\s+for)?|excluding|but\s+not|apart\s+from|aside\s+from|other\s+than|save\s+for|"
                   r"not(?=\s+on\s+(?:" + WEEKDAY + r"|weekends?\b)))(?:\s+on)?", b_const(p.Except())),
    Rule("every", r"(?:every|each)(?:\s+(?P<other>other|second(?!\s+" + WEEKDAY + r"\s*(?:of|in)\b)))?(?:\s+(?P<n>\d+(?![\dsnrt])|" + WORD_NUMBER + r"))?"
                  r"(?:\s+(?P<unit>days?|weeks?|fortnights?|months?|quarters?|years?|hours?|minutes?|weekdays?|weekends?))?",
         b_every),
    Rule("recur_word", r"(?P<w>daily|weekly|monthly|yearly|annually|hourly|weekdays|weekends|fortnightly|bi-?weekly)",
         lambda m: [p.RecurUnit(*{"daily": ("DAILY",), "weekly": ("WEEKLY",), "monthly": ("MONTHLY",),
                                  "yearly": ("YEARLY",), "annually": ("YEARLY",), "hourly": ("HOURLY",),
                                  "weekdays": ("WEEKLY", (0, 1, 2, 3, 4)), "weekends": ("WEEKLY", (5, 6)),
                                  "fortnightly": ("WEEKLY", (), 2), "biweekly": ("WEEKLY", (), 2),
                                  "bi-weekly": ("WEEKLY", (), 2)}[m["w"]])]),
    Rule("weekday_count", r"(?P<n>\d+|" + WORD_NUMBER + r")\s+(?P<wd>" + alt(WEEKDAYS) + r")s\s+(?P<dir>from now|ago|back)",
         b_weekday_count),
    Rule("plural_weekday", r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s",
         b_plural_weekday),
    Rule("ides", r"(?:the\s+)?ides\s+of\s+(?P<mon>" + MONTH + ")", b_ides),
    Rule("closest", r"(?:the\s+)?(?:(?P<n>" + ORD + r")\s+)?closest(?:\s+(?P<wd>" + WEEKDAY + r")\s+to\b|(?=\s+\S))",
         b_closest),
    Rule("season", r"(?:(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r")\s+)?(?P<s>spring|summer|autumn|fall|winter|"
                   r"seasons?)", b_season),
    Rule("nth_unit", r"(?:the\s+)?(?:(?P<n>" + ORD + r")\s+(?P<last>last)|(?P<n1>" + ORD + r"|last|final))\s+"
                     r"(?P<unit>day|week|weekend|week-end|week\s+end|wkend|month)\s+(?:of|in)\b", b_nth_unit),
    # "the first half of 2027", "H2 2027", "1H27": Jan-Jun / Jul-Dec (of a month: days 1-15 / 16-end)
    Rule("half", r"(?:the\s+)?(?P<w>first|second|1st|2nd|latter|last)\s+half\s+of", lambda m: p.PeriodPart(
        "first-half" if m["w"] in ("first", "1st") else "second-half")),
    Rule("half_short", r"h(?P<h>[12])(?:\s*(?P<y>\d{4})|(?P<yy>\d{2}))?(?![\d:])", b_half),
    # "the nineties", "the 90s", "the 1990s": the ten years 1990-1999
    Rule("decade", r"(?:the\s+)?(?:(?P<w>fifties|sixties|seventies|eighties|nineties|noughties|aughts)|(?P<c>1[89]\d0|20\d0)'?s)"
                   r"|(?:the\s+'?|')(?P<d>\d0)'?s", b_decade),
    # "the following work week", "this working week", "next business week": Monday-Friday
    Rule("work_week", r"(?:(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r"|the)\s+)?(?:work|working|business)\s*-?\s*week",
         lambda m: p.Period("workweek", _shift_of(m) if m["mod"] and m["mod"] != "the" else 0)),
    # "later this month", "later this week", "later next week": the rest of that period from today
    Rule("later_in", r"later(?:\s+on)?(?=\s+(?:this|next|in\s+the|tonight|today)\b)", b_const(p.PeriodPart("rest"))),
    # "earlier today at 9", "earlier this morning": the day named, as it is
    Rule("earlier_in", r"earlier(?:\s+on)?(?=\s+(?:this|today|tonight)\b)", b_const()),
    Rule("week_of", r"the\s+week\s+of(?=\s+(?:the\s+)?(?:" + MONTH + r"|\d))", b_const(p.WeekOf())),
    Rule("weekday_after", r"(?:the\s+(?:(?P<n>" + ORD + r")\s+)?|(?P<n2>" + ORD + r")\s+)(?P<wd>" + WEEKDAY +
                          r")\s+(?P<dir>after|before)(?!\s+next\s*(?:$|[,.;!?]|at\b|@|\d))(?=\s+\S)", b_weekday_after),
    Rule("nth_weekday", r"(?:the\s+)?(?P<n>last|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+"
                        r"(?P<wd>" + WEEKDAY + r")\s*(?:of|in)\b", b_nth_weekday),
    Rule("final_weekday", r"(?:the\s+)?final\s+(?P<wd>" + WEEKDAY + r")\s*(?:of|in)\b",
         lambda m: p.NthWeekday(-1, _weekday(m["wd"]))),
    # "second Monday", "the third Friday": the n-th such weekday of the current month, or of the next
    # one when it is past ("last Friday" stays the most recent Friday: rule "weekday")
    Rule("nth_weekday_bare", r"(?:the\s+)?(?P<n>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+"
                             r"(?P<wd>" + WEEKDAY + r")(?!\s+(?:after|before)\b)",
         lambda m: p.NthWeekday(ordinal_value(m["n"]), _weekday(m["wd"]), roll=True)),
    Rule("quarter", r"(?:the\s+)?(?P<q>first|second|third|fourth|[1-4](?:st|nd|rd|th)?)\s+(?:quarter|qtr)"
                    r"(?:\s+(?:of\s+)?(?P<y>\d{4}))?", b_quarter),
    Rule("quarter_short", r"(?P<y>\d{2}|\d{4})q(?P<q>[1-4])", b_quarter),
    Rule("q_year", r"q(?P<q>[1-4])(?:\s*(?P<y>\d{4}))?", b_quarter),
    Rule("month_day_range", r"(?P<mon>" + MONTH + r")\s*(?:the\s+)?(?P<d1>" + D + r")\s*(?:-|to|thru|through|till|"
                            r"until)\s*(?P<d2>" + D + r")(?![\d:])", b_month_day_range),
    Rule("weekday_month_day", r"(?P<wd>" + WEEKDAY + r")\s*,?\s*(?P<mon>" + MONTH + r")\s*(?:the\s+)?(?P<d>" + D +
                              r")(?:\s*,?\s*" + Y + r")?(?![\d:])", b_month_day),
    Rule("month_day", r"(?P<mon>" + MONTH + r")\s*(?:[-/]\s*|the\s+)?(?P<d>" + D + r")(?![ap]\.?m\b)(?:\s*[,/-]?\s*" + Y + r")?(?![\d:])"
                      r"(?:\s*,?\s*(?P<wd>" + WEEKDAY + "))?", b_month_day),
    Rule("day_month", r"(?:the\s+)?(?P<d>" + D + r")\s*(?:of\s+|[-/]\s*)?(?P<mon>" + MONTH + r")(?:\s*[-/,]?\s*"
                      r"(?P<y>" + YW + r"|'?\d{2}(?![\d:])))?(?:\s*,?\s*(?P<wd>" + WEEKDAY + "))?", b_month_day),
    # "Wed 17", "Saturday, 24": a weekday then a bare 13-31 is a day of the month (no hour reads that way;
    # "Saturday 9" stays 9 o'clock); the weekday must agree with the date (weekday_days.weekday_date_search)
    Rule("weekday_day", r"(?P<wd>" + WEEKDAY + r")\s*,?\s*(?P<d>1[3-9]|2\d|3[01])(?![\d:.a-z]|\s*(?:[ap]\.?\s?m\b|[ap]\b|h\b|"
                        r"o'?clock|" + MONTH + r"|of\b|-|to\b|and\b|" + UNIT_WORD + "))",
         lambda m: [p.WeekdayRef(_weekday(m["wd"])), p.DateParts(None, None, int(m["d"]))]),
    Rule("month", r"(?P<mon>" + MONTH + r")(?:\s*,?\s*(?P<y>\d{4}))?", b_month),
    Rule("weekday", r"(?:(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r"|the)\s+)?(?P<wd>" + WEEKDAY +
                    r")(?P<after>\s+after\s+next)?", b_weekday),
    Rule("after_next", r"(?:the\s+)?(?P<unit>weekend|week|month|quarter|year)\s+after\s+next", b_after_next),
    Rule("period_count", r"(?P<mod>" + NEXT + "|" + LAST + r"|upcoming)\s+(?P<n>\d+|" + WORD_NUMBER +
                         r"|a few|few|couple of)\s+(?P<unit>seconds?|minutes?|hours?|days?|weeks?|months?|years?|"
                         r"quarters?)", b_period_count),
    Rule("period", r"(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r"|the)\s+(?P<unit>weekend|week-end|week end|wkend|decade|"
                   r"week|wk|month|mo|quarter|qtr|year|yr)(?:'s)?", b_period),
    Rule("n_upcoming", r"(?P<n>\d+|" + WORD_NUMBER + r")\s+(?P<mod>upcoming|next|coming)\s+(?P<unit>days?|weeks?|"
                       r"months?|years?|quarters?)", b_period_count),
    Rule("weekend", r"(?P<unit>weekend|week-end|wkend|wknd)", lambda m: p.Period("weekend")),
    Rule("bare_period", r"(?P<unit>week|month|year|quarter)", lambda m: p.Period(m["unit"])),
    Rule("ordinal_day", r"(?:the\s+)?(?P<d>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|" + r"(?:twenty|thirty)[- ]?(?:first|"
                        r"second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|"
                        r"sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|"
                        r"sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)(?:\s+day)?"
                        r"(?!\s+" + _PICKED + r")", b_day_ordinal),
    # "the 7" is the 7th, but "the 7:30", "the 15:00", "the 8pm", "the 3 o'clock", "the 15h" are clock times
    # ("the" is then a filler): not before what a clock rule reads after an hour
    Rule("the_day", r"the\s+(?P<d>[12]\d|3[01]|0?[1-9])(?!\d|(?:st|nd|rd|th)\b|[:.]\d|h\b|h[0-5]\d|\s*(?:" + _CLOCK_AFTER + "))",
         b_day_ordinal),
    Rule("shift_after", r"after\s+(?P<dur>" + DURATION_LIST + r")(?!\s+(?:from|after|before|ago))", b_shift_after),
    Rule("within", r"within\s+(?P<dur>" + DURATION_LIST + r")", b_within),
    Rule("shift_more", r"in\s+(?P<n>\d+|" + WORD_NUMBER + r"|an?)\s+more\s+(?P<unit>" + UNIT_WORD + ")", b_more),
    Rule("shift_in", r"(?:in|within|after)\s+(?:about\s+|another\s+)?(?P<dur>" + DURATION_LIST + r")"
                     r"(?:\s+more)?(?:\s*(?:'s|')?\s*time)?(?:\s+from\s+(?:now|today))?", b_shift_in),
    # "an hour later than that", "two days before the meeting": the event named by "that" / "it" moved
    Rule("shift_than", _needs("than", "that", "then", "it", "meeting", "call", "event", "appointment") + r"(?P<dur>" +
         DURATION_LIST + r")\s+(?P<w>later|earlier|after|before)\s+(?:than\s+)?(?:that|then|it|the\s+(?:meeting|call|event|"
         r"appointment|session))", b_shift_than),
    # The lookahead names a word the rule cannot match without (speed only: trying a list of durations
    # before failing on the missing word costs microseconds at every number).
    Rule("shift_ago", _needs("ago", "back", "before", "earlier", "sooner") + r"(?:about\s+)?(?P<dur>" + DURATION_LIST +
         r")\s+(?P<w>ago|back|before(?!\s+(?!now\b|today\b)[a-z0-9])|earlier|sooner)", b_shift_ago),
    Rule("shift_later", _needs("from", "hence", "later") + r"(?P<dur>" + DURATION_LIST + r")\s+(?P<w>from\s+(?:right\s+)?"
                        r"now|from\s+today|hence|later|from\s+now\s+on)", b_shift_later),
    # moves of an event (``resolve(..., relative_to=...)``): "later by 45 minutes", "push it back two days",
    # "bring the meeting forward 30 min"; "move it to 4", "reschedule to Friday" (the verb means nothing)
    # a change of length: the end moves, the start stays ("30 minutes longer", "extend it by an hour",
    # "shorten by 15 min", "cut 10 minutes off", "end half an hour later", "finish an hour early")
    Rule("lengthen", r"(?P<dur>" + DURATION_LIST + r")\s+(?:(?P<short>shorter)|longer)\b", b_lengthen),
    Rule("longer_by", r"(?:(?P<short>shorter)|longer)\s+by\s+(?:another\s+|an\s+extra\s+)?(?P<dur>" + DURATION_LIST + ")",
         b_lengthen),  # "make it longer by 30 minutes", "shorter by a quarter of an hour"
    Rule("extend_by", r"(?:extend|lengthen|prolong|(?P<short>shorten|cut|trim))(?:ed|ing|s|es)?" + _NAMED +
                      r"\s+by\s+(?:another\s+|an\s+extra\s+)?(?P<dur>" + DURATION_LIST + ")", b_lengthen),
    Rule("cut_off", r"(?:cut|take|knock|shave|trim)(?:s|ting)?\s+(?P<dur>" + DURATION_LIST + r")\s+off(?P<short2>)"
                    r"(?:\s+(?:the\s+end|it|the\s+meeting|the\s+call))?", b_lengthen),
    Rule("end_by", r"(?:end|finish|wrap\s+up)(?:s|es|ed|ing)?" + _OBJECT + r"\s+(?:by\s+)?(?P<dur>" + DURATION_LIST +
                   r")\s+(?:later|(?P<short>earlier|early|sooner))\b", b_lengthen),
    Rule("later_by", r"(?P<w>later|earlier|sooner)\s+by\s+(?P<dur>" + DURATION_LIST + ")", b_later_by),
    # "start 20 min earlier", "begin half an hour later": the event's start moves (no "start of" a period)
    # "start at 3", "make it begin at 2:30": the verb before a clock is the event's start, no "start of" a period
    Rule("start_at", r"(?:start|begin)(?=\s+(?:at|@)\s)", b_const()),
    Rule("start_by", r"(?:start|begin)(?:s|ed|ing|ning)?(?=\s+(?:(?:later|earlier|sooner)\s+by\s+|(?:by\s+)?(?:" +
                     DURATION_LIST + r")\s+(?:later|earlier|sooner)\b))", b_const()),
    Rule("move_by", r"(?:push|delay|postpone|move|shift|bump|bring|pull)(?:ed|ing)?" + _OBJECT +
                    r"(?:\s+(?P<dir>back|out|later|forward|up|earlier|ahead))?(?:\s+by)?\s+(?P<dur>" + DURATION_LIST +
                    r")(?:\s+(?P<dir2>later|earlier|back|forward|sooner))?", b_move_by),
    # "push it back 15", "delay by 30", "bring it forward 10": a bare amount of a move, 5 to 90 in steps of 5,
    # is minutes ("back 2" stays unread: hours or days?); with its unit the rules above read it
    Rule("move_by_minutes", r"(?:push|delay|postpone|move|shift|bump|bring|pull)(?:ed|ing)?" + _OBJECT +
                            r"(?:\s+(?P<dir>back|out|later|forward|up|earlier|ahead))?(?:\s+by)?\s+"
                            + _BARE_MINUTES,
         b_move_by_minutes),
    Rule("dir_by_minutes", r"(?P<dir>back|forward|ahead|" + _OUT_UP + r")(?:\s+by)?\s+" + _BARE_MINUTES,
         b_move_by_minutes),  # "(push the review) back 30"
    # the direction alone, the verb and the event's name before it: "(push the review) back 2 hours",
    # "(move standup) forward by 15 min"
    Rule("dir_by", r"(?P<dir>back|forward|ahead|" + _OUT_UP + r")(?:\s+by)?\s+(?P<dur>" + DURATION_LIST +
                   r")(?:\s+(?P<dir2>later|earlier|sooner))?(?!\s+(?:ago|from|before|after))", b_move_by),
    Rule("move_to", r"(?:" + MOVE_VERB + _OBJECT +
                    r"(?:\s+(?:back|out|forward|up))?\s+(?:to|till|until)|make\s+(?:it|that))(?=\s)", b_const()),
    Rule("same_time", r"(?:at\s+)?(?:the\s+)?same\s+(?:time(?:\s+slot)?|slot|hour)", b_const(p.SameTime())),
    # "three days after easter", "a week before christmas": counted from the day named, not from now
    Rule("shift_from", _needs("from", "after", "before") + r"(?P<dur>" + DURATION_LIST + r")\s+(?P<w>from|after|before)"
                       r"(?!\s+(?:now|today|right))", b_shift_anchored),
    Rule("duration", r"(?:for\s+|lasting\s+)?(?P<dur>" + DURATION_LIST + r")(?:\s+long)?", b_duration),
    Rule("in_minutes", r"in\s+(?P<n>[1-5]?\d)$", lambda m: p.Shift(relativedelta(minutes=int(m["n"])), "minute")),
    # spoken years: "nineteen eighty-four", "twenty twenty-seven", "nineteen oh five"
    Rule("year_spoken", r"(?P<c>nineteen|twenty)[- ](?P<yy>(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:[- ]?" + DIGIT_WORD +
                        r")?|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:oh|o)[- ]" + DIGIT_WORD + ")",
         lambda m: p.DateParts((19 if m["c"] == "nineteen" else 20) * 100 + int(number_value(m["yy"].replace("oh", "").replace("o-", "").replace("o ", ""))))),
    Rule("year_words", r"two\s+thousand(?:\s+and)?(?:\s+(?P<n>" + WORD_NUMBER + r"))?",
         lambda m: p.DateParts(2000 + (int(number_value(m["n"])) if m["n"] else 0))),
    Rule("year", r"(?P<ctx>in\s+(?:the\s+year\s+)?|the\s+year\s+)?(?P<y>1\d{3}|2\d{3})(?:\s*(?P<ctx2>a\.?d\.?))?", b_year),
    Rule("zone", r"\(?(?P<z>" + alt(ZONES) + r")\)?", b_zone),
    # "3pm London time", "8am Chicago time", "Pacific time"; "9am PT" (the letters only after a clock)
    Rule("zone_place", r"(?P<z>" + alt(ZONE_PLACES) + r")\s+time", lambda m: p.ZoneOffset(ZONE_PLACES[m["z"]])),
    Rule("zone_region", r"(?:(?<=[\dm.] )|(?<=noon ))(?P<z>" + alt(ZONE_REGIONS) + r")\b(?!\s+(?!(?:time|on|and|to|for|with|"
                        r"tomorrow|today|tonight|this|next|please)\b)[a-z])",
         lambda m: p.ZoneOffset(ZONE_REGIONS[m["z"]])),
    Rule("zone_generic", r"(?<=[\dm.] )(?P<z>" + alt(ZONE_GENERIC) + r")\b", lambda m: p.ZoneOffset(ZONE_GENERIC[m["z"]])),
    Rule("all_day_alone", r"^(?:all[\s-]|the\s+whole\s+|the\s+entire\s+)day(?:\s+long)?(?=\s*[.!?]?\s*$)", b_const(p.DayShift(0))),
    Rule("all_day", r"(?:all|the\s+whole|the\s+entire)\s+day(?:\s+long)?|all(?:\s+of)?(?=\s+(?:" + NEXT + "|" + LAST +
                    "|" + THIS + r"|the)\s)", b_const()),
    Rule("all_unit", r"(?:all|the\s+whole|the\s+entire)\s+(?P<unit>week|month|year)(?:\s+long)?",
         lambda m: p.Period(m["unit"])),
    Rule("rest_of_day", r"(?:the\s+)?rest\s+of\s+(?:the\s+)?day|later\s+today",
         b_const(p.PeriodPart("rest"), p.Period("day"))),
    Rule("end_of_day", r"(?:the\s+)?(?:end|close)\s+of\s+(?:the\s+)?(?:business\s+)?day", b_const(p.PeriodPart("end"), p.Period("day"))),
    # close of business: the working day's last minute, 17:00 ("by cob": until 17:00)
    Rule("cob", r"(?:the\s+)?close\s+of\s+business|cob|c\.o\.b\.?", b_const(p.Clock(17, 0, h24=True))),
    # "after work" / "before work": from the working day's end (17:00, as 下班后) / until it begins (09:00)
    Rule("after_work", r"after\s+work(?!\w)", b_const(p.OpenBound("after"), p.Clock(17, 0, h24=True))),
    Rule("before_work", r"before\s+work(?!\w)", b_const(p.OpenBound("before"), p.Clock(9, 0, h24=True))),
    # "(make it) end at 11", "ends at 5pm", "finishing at 6", "wraps up at 4": an end, as "until" is (before
    # "part": "end at 11" is no "end of" a period)
    Rule("ends_at", r"(?:end(?:s|ing)?|finish(?:es|ing)?|wrap(?:s|ping)?\s+up)\s+at", b_const(p.RangeSep(until=True))),
    Rule("part", r"(?:the\s+)?(?:(?P<b>beginning|start|early|begining)|(?P<mi>middle|mid)|(?P<e>end|late))"
                 r"(?:\s+of|-(?=[a-z]))?", lambda m: p.PeriodPart("begin" if m["b"] else "mid" if m["mi"] else "end")),
    Rule("rest_of", r"(?:the\s+)?rest\s+of(?:\s+the)?", b_const(p.PeriodPart("rest"))),
    Rule("eom", r"(?:the\s+)?(?P<w>eom|eoy|bom|boy|eod|eow)", lambda m: [
        p.PeriodPart("end" if m["w"][0] == "e" else "begin"),
        p.Period({"m": "month", "y": "year", "d": "day", "w": "week"}[m["w"][2]])]),
    Rule("year_shift", r"(?:of\s+)?(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r")\s+year", lambda m: p.YearShift(
        _shift_of(m))),
    Rule("qualifier", r"(?P<mod>" + NEXT + "|" + LAST + "|" + THIS + r")(?:\s+the)?", lambda m: p.Qualifier(_shift_of(m))),
    Rule("after_next_q", r"after\s+next(?=\s*(?:$|[,.;!?]|at\b|@|\d))", b_const(p.Qualifier(2))),
    # inclusive open bounds: "not before the 12th", "on or after May 1", "2020 or later" start there;
    # "on or before the 12th", "2020 and earlier", "Friday at the latest" end where the day ends
    Rule("open_from", r"not\s+before|no\s+earlier\s+than|not\s+earlier\s+than|on\s+or\s+after|(?:or|and)\s+(?:later|after)|"
                      r"onwards?", b_const(p.OpenBound("after"))),
    Rule("open_through", r"not\s+after|no\s+later\s+than|on\s+or\s+before|(?:or|and)\s+(?:earlier|before)|at\s+the\s+latest",
         b_const(p.OpenBound("through"))),
    Rule("between", r"between|from|later\s+than", b_const(p.RangeStart())),
    Rule("till_date", r"(?:till|until|up\s+to|to)\s+date", b_const(p.DayShift(0))),
    # "mon/wed/fri": a slash between weekdays lists them, as "and" does (not the days from one to the other)
    Rule("weekday_slash", r"/(?=\s*(?:" + WEEKDAY + r")s?\b)", b_const(p.RangeSep(weak=True))),
    Rule("or", r"(?:either\s+)?or(?!\s+so\b)(?=\s)", b_const(p.Or())),   # "wednesday or thursday"
    Rule("range_dash", r"-|–|—", b_const(p.RangeSep(dash=True))),
    Rule("range_sep", r"/|~(?!\s*\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|mins?|minutes?)\b)|to|thru|through|up\s+to|"
                      r"but\s+before", b_const(p.RangeSep())),   # "~1h" is about an hour, no range
    Rule("range_until", r"till|til|until|untill", b_const(p.RangeSep(until=True))),
    Rule("and", r"and|&", b_const(p.RangeSep(weak=True))),
    Rule("open_before", r"before|(?:sometimes?\s+|any\s?time\s+)?before|prior\s+to",
         b_const(p.OpenBound("before", leads=True))),
    Rule("open_by", r"by", b_const(p.OpenBound("by", leads=True))),
    Rule("open_start", r"starting(?:\s+(?:from|at))?", b_const(p.OpenBound("after", leads=True, starts=True))),
    Rule("open_after", r"(?:any\s?time\s+)?after|since|from\s+now\s+on",
         b_const(p.OpenBound("after", leads=True))),
    # "the Friday one", "the evening ones", "the 8pm one": a pronoun after a day, date, part of day or clock
    # (``compose.read_ones``); "at one", "around one", "one pm", "one o'clock" stay 1 o'clock (the number rule)
    Rule("one", _NOT_AFTER_AT + r"one(?P<s>s)?(?!\s*(?:[:.]\d|" + _CLOCK_AFTER + "|-))",
         lambda m: p.One(plural=m["s"] is not None)),
    Rule("label_dinner", r"dinner|supper", b_const(p.Label("pm"))),
    Rule("number", r"(?P<n>\d{1,4}|" + WORD_NUMBER + r")(?:ish)?", lambda m: p.Number(int(number_value(m["n"])))),
]


FILLERS = r"(?:at|@|on|in|of|the|over|any\s?time|around|about|approximately|approx\.?|roughly|ish|please|pls|then|ok|okay|" \
          r"sometime|some\s+time|during|for|let's\s+say|lets\s+say|say|maybe|how\s+about|what\s+about|" \
          r"just|only|exactly|sharp|o'?clock|or\s+so|works|is\s+fine|would\s+be\s+(?:great|good|fine)|" \
          r"sounds\s+good|yes|yeah|yep|sure|a|an|time|this|next|that|instead(?!\s+of\b)|" \
          r"(?<=['’])s)"
"""Words that join the pieces of one time; the last is a genitive ("friday's 2 o'clock" is Friday at 2,
"today's 3pm" one phrase)."""

LANGUAGE = Language(code="en", rules=RULES, detect=re.compile(r"[a-z]"), word_boundary=True, fillers=FILLERS)
