"""The semantic layer: typed, language-neutral pieces that a language module's rules produce.

A language module turns surface text into a sequence of these pieces ("next Friday at 2pm" ->
``WeekdayRef(4, "next")``, ``Clock(2, 0, meridiem="pm")``; "下周五下午2点" -> ``WeekdayRef(4, "week",
week_shift=1)``, ``PartOfDay(...)``, ``Clock(2, 0)``). Everything after that (composition, calendar
arithmetic, ambiguity, DST, recurrence) is shared and never looks at the text again.
"""

from __future__ import annotations

# Pieces are plain (not frozen) slotted dataclasses: a scan creates several per call and frozen
# dataclasses cost ~0.2 µs per field to initialise. Nothing mutates a piece after it is built.
import functools
from dataclasses import dataclass, field

from dateutil.relativedelta import relativedelta

# Public grains, finest first. A quarter resolves to a three-month range with grain "month".
GRAINS = ("second", "minute", "hour", "day", "week", "month", "year")


class Piece:
    """Base class of every piece (only for isinstance checks and typing)."""

    __slots__ = ()


@dataclass(slots=True)
class Now(Piece):
    """"now", "right now", "现在": the reference instant itself."""


@dataclass(slots=True)
class DayShift(Piece):
    """A day relative to today: 0 today, 1 tomorrow, -2 the day before yesterday, 3 大后天."""

    days: int


@dataclass(slots=True)
class WeekdayRef(Piece):
    """A weekday (0 = Monday … 6 = Sunday) and how it is anchored.

    mode:
      * ``"bare"``   "Friday": the next such day strictly after today (prefer="future").
      * ``"this"``   "this Friday": the Friday of the current calendar week.
      * ``"next"``   "next Friday": the Friday of next calendar week (see README conventions).
      * ``"last"``   "last Friday": the most recent Friday strictly before today.
      * ``"week"``   the weekday of the calendar week ``week_shift`` weeks from this one
                     (下周五 = week_shift 1, 上周五 = -1, 下下周五 = 2, "Wednesday of next week").
      * ``"count"``  "3 Fridays from now": the ``count``-th occurrence after today (negative: before).
    """

    weekday: int
    mode: str = "bare"
    week_shift: int = 0
    count: int = 0


@dataclass(slots=True)
class Clock(Piece):
    """A clock time. ``meridiem`` is "am", "pm" or None; ``h24`` marks a 24-hour spelling ("15:00",
    "07:30", "15h") whose hour needs no disambiguation. ``approx`` ("3ish") is informational."""

    hour: int
    minute: int = 0
    second: int = 0
    meridiem: str | None = None
    h24: bool = False


@dataclass(slots=True)
class PartOfDay(Piece):
    """A part of the day as hours [start_hour, end_hour) (end may be 24 or more for "late night").

    ``hint`` ("am"/"pm") disambiguates a clock hour that falls in neither reading of the span
    ("this afternoon at 11" -> 23:00). ``day_shift`` lets a single word carry its day ("tonight"=0,
    "last night"=-1, "明晚"=1). ``small_hours`` n: a clock hour 1..n that falls in neither reading is
    the small hours after the span, on the next day (Chinese 晚上1点 = 01:00, English "tonight at 1";
    0 keeps the hint's reading, as English "this evening at 2" = 14:00 does)."""

    label: str
    start_hour: int
    end_hour: int
    hint: str | None = None
    day_shift: int | None = None
    small_hours: int = 0


@dataclass(slots=True)
class DateParts(Piece):
    """Absolute calendar fields; any may be missing ("March" / "the 15th" / "2014" / "Dec 5").

    ``order`` is set only on an all-numeric date whose two numbers could each be the month ("3/4",
    "5.6.2027"): "md" or "dm", the order the scanner's default chose; a caller's ``dayfirst`` may swap
    them (``swapped``). Any other date has one reading and ``order`` None."""

    year: int | None = None
    month: int | None = None
    day: int | None = None
    order: str | None = None

    def swapped(self) -> DateParts:
        return DateParts(self.year, self.day, self.month, "dm" if self.order == "md" else "md")


@dataclass(slots=True)
class Number(Piece):
    """A bare number that only means something next to other pieces ("July 13-15", "from 2 to 4")."""

    value: int


@dataclass(slots=True)
class One(Piece):
    """The word "one" / "ones" where it may be a pronoun: right after a day, a date, a part of the day or
    a clock time it stands for the thing picked ("the Friday one", "the 8pm one": nothing more than that
    day or time); anywhere else "one" is the number 1 ("one to three") and "ones" means nothing
    (``compose.read_ones``)."""

    plural: bool = False


@dataclass(slots=True)
class Period(Piece):
    """A calendar period relative to now: unit in day/week/weekend/month/quarter/year, shift 0 = this,
    1 = next, -1 = last; ``count`` > 1 spans several units ("next 3 weeks")."""

    unit: str
    shift: int = 0
    count: int = 1


@dataclass(slots=True)
class Quarter(Piece):
    """Quarter number 1-4 of a year given elsewhere (or the current/next one)."""

    number: int


@dataclass(slots=True)
class PeriodPart(Piece):
    """"beginning/early" (begin), "mid"/"middle" (mid), "end/late" (end) of the period that follows,
    or "rest of" (rest): from today to the end of the period; "last-month" is the last month of a year
    (Chinese 年底/年末 = December; English "end of the year" is Sep-Dec); "first-half" / "second-half":
    Jan-Jun / Jul-Dec of a year, days 1-15 / 16-end of a month (上半年, 下半月); "within" (本周内, 上周之内):
    the rest of the current period, a past or future period whole."""

    part: str


@dataclass(slots=True)
class Shift(Piece):
    """An offset from now: "in 3 days" (+), "3 days ago" (-), "3天后". ``grain`` is the finest unit named."""

    delta: relativedelta
    grain: str
    anchored: bool = False   # "15 minutes from 1pm", "three days after Easter": from the other piece
    event: str | None = None   # from the event that ``resolve(..., relative_to=...)`` names: "may" ("an
                               # hour later": from now without one), "must" ("push it back two days", 推迟一天:
                               # unresolved without one)


@dataclass(slots=True)
class Duration(Piece):
    """A pure length of time: "for two hours", "90 min", "一个半小时"."""

    delta: relativedelta
    grain: str


@dataclass(slots=True)
class RangeSep(Piece):
    """Separates the two ends of a range: "to", "-", "until", "through", 到, 至. ``weak`` marks "and", "&",
    和 (before a weekday), which separate a range only after "between"; else they join a list: of weekdays a
    set of days (``series_parts.weekday_run``: "every mon and wed", "mon & thu 9am"), of anything else refused
    ("Monday and Friday" alone names no one time). ``until`` marks "until", "till" (an end, never a
    destination as "to" may be: "until 5" is until 17:00, "(move it) to 4" needs the event). ``dash`` marks
    "-", "–", "—": between a day and a time of day with no day of its own it joins them ("Tuesday — 7pm" is
    Tuesday at 7pm, not Tuesday from midnight until 7pm; ``compose``)."""

    weak: bool = False
    until: bool = False
    dash: bool = False


@dataclass(slots=True)
class Or(Piece):
    """"or" / 或 / 还是 between two times ("Wednesday or Thursday at 7pm", 周三或者周四): the user left the
    choice open, so the expression is ambiguous between them (``alternatives``)."""


@dataclass(slots=True)
class RangeStart(Piece):
    """Opens a range or an open interval: "from", "between", 从."""


@dataclass(slots=True)
class OpenBound(Piece):
    """An open interval marker: kind "before" ("before", "until", "by") or "after" ("after", "since").
    ``leads``: an English word that comes before its time ("since Friday"), never after it ("… at 11am since
    Friday is packed": "since" joins the next clause); 之后, "onwards" follow theirs."""

    kind: str
    leads: bool = False
    starts: bool = False
    """An "after" that says where something begins ("starting at 7", 七点开始, 七点起), not a window after it."""
    ends: bool = False
    """A "before" that says where something ends (五点结束, 五点为止), not a window before it."""


@dataclass(slots=True)
class Except(Piece):
    """"except", "but not", 除了: the days after it are taken out of the series' days ("every weekday except
    Wednesday", 除了周三每天; ``series_parts.days_excepted``)."""


@dataclass(slots=True)
class Every(Piece):
    """Recurrence marker: "every", "each", 每. ``interval`` 2 for "every other", 每隔一周."""

    interval: int = 1


@dataclass(slots=True)
class RecurUnit(Piece):
    """A recurrence unit word: FREQ (DAILY/WEEKLY/MONTHLY/YEARLY/HOURLY) with optional BYDAY set
    ("weekdays" -> WEEKLY + MO..FR, "daily" -> DAILY)."""

    freq: str
    byday: tuple[int, ...] = ()
    interval: int = 1
    bymonthday: tuple[int, ...] = ()  # "the 1st and 15th of every month", 每月1号和15号
    bynth: tuple[tuple[int, int], ...] = ()  # (n, weekday): "the first and third Monday", 第一个和第三个周一


@dataclass(slots=True)
class TimesPer(Piece):
    """How many times a period: "twice a week", "3x a week", 每周三次, 一个月两次. Once a period is that
    period's series itself ("once a week" is "weekly"); more than once says how often but not on which days,
    so it reads as a series only beside exactly that many weekdays ("twice a week, Tuesdays and Thursdays";
    ``series_parts.times_per``)."""

    count: int
    freq: str


@dataclass(slots=True)
class HolidayRef(Piece):
    """A holiday by name; ``holiday`` is a ``schedule_time.holidays.Holiday``."""

    holiday: object
    surface: str = ""
    direction: int | None = None   # +1 "next christmas", -1 "last christmas", None: by preference


@dataclass(slots=True)
class YearShift(Piece):
    """A year relative to the current one, qualifying a holiday or month: "next" christmas,
    "of last year", 明年, 2014年的 is DateParts(year=2014)."""

    shift: int


@dataclass(slots=True)
class Qualifier(Piece):
    """A stand-alone "next" (+1) / "last" (-1) / "this" (0) that qualifies a holiday ("next christmas",
    "下个春节"); next to anything else it is ignored."""

    direction: int


@dataclass(slots=True)
class NthWeekday(Piece):
    """"the first Monday of …" (n=1), "last Friday in …" (n=-1): resolved inside the month/period
    given by the other pieces. ``roll``: no period was named ("second Monday", 第二个周三): the current
    month's, or the next month's once it is past (prefer past: the last one not in the future)."""

    n: int
    weekday: int
    roll: bool = False


@dataclass(slots=True)
class WeekdayAfter(Piece):
    """"the third Tuesday after Christmas" (n=3, direction +1), "the Friday before Easter" (n=1, -1): the
    n-th such weekday after (before) the day or period the other pieces name, that day not counted."""

    n: int
    weekday: int
    direction: int


@dataclass(slots=True)
class NthUnit(Piece):
    """"the first week of October" (n=1, unit "week"), "the 2nd last week of 2018" (n=-2), "the last
    day of May" (n=-1, "day"), "the last weekend of July" ("weekend"): counted inside the month/year
    given by the other pieces. Weeks and weekends count only when wholly inside that period. "month": the
    n-th month of a year (后年第三个月). ``span`` > 1: that many units from the n-th on (2027年的前3周)."""

    n: int
    unit: str
    span: int = 1


@dataclass(slots=True)
class Closest(Piece):
    """"the closest Monday to Oct 5th" (n=1), "the second closest Mon to ..." (n=2): the n-th nearest
    such weekday to the day the other pieces name (ties: the earlier day first). ``weekday`` None: the
    n-th nearest occurrence of the holiday beside it ("the closest xmas to today")."""

    n: int
    weekday: int | None


@dataclass(slots=True)
class Season(Piece):
    """A season (northern hemisphere, fixed dates: spring from Mar 20, summer Jun 21, autumn Sep 23,
    winter Dec 21). ``index`` 0-3 (spring..winter) or None for "season"; ``shift`` -1/0/+1."""

    index: int | None
    shift: int = 0


@dataclass(slots=True)
class WeekOf(Piece):
    """"the week of October 7th": the Monday-Sunday week containing the date the other pieces name."""


@dataclass(slots=True)
class ZoneOffset(Piece):
    """An explicit zone: a fixed abbreviation ("GMT", "PST", 北京时间) as its UTC offset in minutes, or a
    place whose clock changes with the season ("London time", "PT", 纽约时间) as its IANA name."""

    minutes: int | str


@dataclass(slots=True)
class Lengthen(Piece):
    """A change of an event's length: "30 minutes longer", "extend it by an hour", 延长半小时 (``delta`` > 0);
    "15 minutes shorter", "shorten by 15 min", 缩短一刻钟 (< 0). The start stays, the end moves
    (``resolve(..., relative_to=...)``); without an event it reads as nothing."""

    delta: relativedelta


@dataclass(slots=True)
class SameTime(Piece):
    """"same time", "same slot", 同一时间段: the event's own time of day (``resolve(..., relative_to=...)``)
    on the day the other pieces name."""


@dataclass(slots=True)
class Approximate(Piece):
    """Two neighbouring numbers said as one amount (两三点, 一两天, 三四个小时: "two or three"): no single time
    or length, so the expression is refused with the words, never read as 23 or 12."""

    words: str


@dataclass(slots=True)
class Label(Piece):
    """A word that disambiguates a bare clock hour without being a part of day ("dinner" -> pm)."""

    hint: str


@dataclass(slots=True)
class Scan:
    """What a language scan found: the pieces, the words it did not recognise, and the language."""

    pieces: list[Piece] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    lang: str = ""


@functools.lru_cache(maxsize=1024)
def negated(delta: relativedelta) -> relativedelta:
    """``-delta`` ("3 days ago", 三天前), one shared object per distinct value: building a relativedelta
    costs microseconds, and nobody mutates a piece's delta."""
    return -delta
