"""The parts of a series that ``compose`` reads apart from its rule: where it starts ("starting April 10",
4月10日起), its set of weekdays and its list of days of the month ("the 1st and 15th", 1号和15号).

Sets of weekdays inside one expression: a list ("Mon and Wed", "mon, wed & fri", 周二和周四, 周二、周四) or a
span ("Mon-Fri", "Monday through Friday", 周一至周五), or both ("mon-wed and fri").

Only bare weekdays ("Monday", 周一) make a set: a weekday anchored to a week ("next Monday", 下周一) names one
day of one week. ``compose`` reads such a set inside a recurrence as the rule's BYDAY, and a set with a clock
time and no other date ("Mon-Fri at 8am", "mon & thu 9am", 周一至周五早上8点) as a weekly series on those days
(README "Conventions"). Nothing here knows a language or a date.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import pieces as p


def _bare(x: p.Piece) -> bool:
    return type(x) is p.WeekdayRef and x.mode == "bare"


def span_days(first: int, last: int) -> tuple[int, ...]:
    """Every weekday from ``first`` to ``last``, both included, across the week's end ("Fri-Mon")."""
    return tuple((first + k) % 7 for k in range((last - first) % 7 + 1))


def weekday_run(items: Sequence[p.Piece]) -> tuple[tuple[int, ...], int, int] | None:
    """The first run of bare weekdays that names two or more days: ``(days, start, end)`` (the days in week
    order, the run's pieces ``items[start:end]``), or None.

    A run is items joined by a weak separator ("and", "&", 和) or by nothing (a comma, 、: punctuation is
    skipped by the scan), each item one weekday (a list: that day) or two weekdays around a range separator
    ("Mon-Wed", "Monday to Friday", 周一至周五: every day from the one to the other). After "between" / "from"
    the first "and" separates a span ("between Monday and Friday"), as it does for any range."""
    n = len(items)
    i = 0
    while i < n:
        if not _bare(items[i]):
            i += 1
            continue
        between = i > 0 and type(items[i - 1]) is p.RangeStart
        days: list[int] = []
        j = i
        while True:
            sep = items[j + 1] if j + 2 < n else None
            if type(sep) is p.RangeSep and _bare(items[j + 2]) and (not sep.weak or (between and not days)):
                days.extend(span_days(items[j].weekday, items[j + 2].weekday))  # type: ignore[attr-defined]
                j += 3
            else:
                days.append(items[j].weekday)  # type: ignore[attr-defined]
                j += 1
            if j < n and _bare(items[j]):
                continue
            if j + 1 < n and type(items[j]) is p.RangeSep and items[j].weak and _bare(items[j + 1]):  # type: ignore[attr-defined]
                j += 1
                continue
            break
        if len(set(days)) >= 2:
            return tuple(sorted(set(days))), i, j
        i = j
    return None


def _month_day(x: p.Piece) -> bool:
    return type(x) is p.DateParts and x.day is not None and x.month is None and x.year is None


def month_day_run(items: Sequence[p.Piece]) -> tuple[tuple[int, ...], int, int] | None:
    """The first list of two or more days of the month ("the 1st and 15th", "5th, 20th", 1号和15号, 五号、二十号):
    ``(days, start, end)`` as ``weekday_run``; items joined by a weak separator or by nothing, never a span
    ("the 1st to the 15th" stays a range of days)."""
    n = len(items)
    for i in range(n):
        if not _month_day(items[i]):
            continue
        days = [items[i].day]  # type: ignore[attr-defined]
        j = i + 1
        while True:
            if j < n and _month_day(items[j]):
                days.append(items[j].day)  # type: ignore[attr-defined]
                j += 1
            elif j + 1 < n and type(items[j]) is p.RangeSep and items[j].weak and _month_day(items[j + 1]):  # type: ignore[attr-defined]
                days.append(items[j + 1].day)  # type: ignore[attr-defined]
                j += 2
            else:
                break
        if len(set(days)) >= 2:
            return tuple(sorted(set(days))), i, j  # type: ignore[arg-type]
    return None


def nth_weekday_run(items: Sequence[p.Piece]) -> tuple[tuple[tuple[int, int], ...], int, int] | None:
    """The first list of n-th weekdays of one weekday ("the first and third Monday", "2nd and 4th Tuesday",
    第一个和第三个周一): ``((n, weekday), …), start, end`` as ``weekday_run``. The ordinals before the last are
    read as days ("the first" alone is the 1st): an ordinal up to 5 joined to an n-th weekday is one too."""
    n = len(items)
    for i in range(n):
        ords: list[int] = []
        j = i
        while j < n and type(items[j]) is p.DateParts and _month_day(items[j]) and 1 <= items[j].day <= 5:  # type: ignore[attr-defined,operator]
            ords.append(items[j].day)  # type: ignore[attr-defined]
            j += 1
            if j < n and type(items[j]) is p.RangeSep and items[j].weak:  # type: ignore[attr-defined]
                j += 1
        if not ords or j >= n or type(items[j]) is not p.NthWeekday or type(items[j - 1]) is not p.RangeSep:
            continue
        last = items[j]
        pairs = tuple(sorted({(k, last.weekday) for k in (*ords, last.n)}))  # type: ignore[attr-defined]
        return (pairs, i, j + 1) if len(pairs) >= 2 else None
    return None


_TIME_ONLY = (p.RangeSep, p.ZoneOffset, p.Label)


def time_only(rest: Sequence[p.Piece]) -> bool:
    """Whether the pieces beside a set of weekdays are a time of day only, with a clock time ("at 8am",
    "9-10am", 早上8点): then the set with them is each of those days at that time. A date, a period, a day
    of its own ("tonight") or an open bound keeps the expression what it was (a range of days, …)."""
    clock = False
    for x in rest:
        t = type(x)
        if t is p.Clock or (t is p.Number and 0 <= x.value <= 24):  # type: ignore[attr-defined]
            clock = True
        elif t is p.PartOfDay:
            if x.day_shift is not None:  # type: ignore[attr-defined]
                return False
        elif not isinstance(x, _TIME_ONLY):
            return False
    return clock


_ANCHOR_DATES = (p.DayShift, p.WeekdayRef, p.DateParts, p.Period, p.HolidayRef, p.YearShift, p.Shift,
                 p.NthWeekday)


def split_anchor(plain: list[p.Piece]) -> tuple[list[p.Piece], list[p.Piece]]:
    """The date pieces that say where a series starts, apart from its rule: after "starting"/"from"/从
    ("every Thursday at 2pm starting April 10") or before 起/开始 ("4月10日起每周四"). A "from … to …" span
    is a range, not a start, and keeps its pieces."""
    keep, anchor = list(plain), []
    for i, x in enumerate(plain):
        after = isinstance(x, p.OpenBound) and x.kind == "after"
        if not (after or isinstance(x, p.RangeStart)):
            continue
        if not after and any(isinstance(y, p.RangeSep) for y in plain[i + 1:]):
            continue   # "from Monday to Friday every day at 9": the start of a range
        j = i + 1
        while j < len(plain) and isinstance(plain[j], _ANCHOR_DATES):
            anchor.append(plain[j])
            j += 1
        if not anchor and after:   # 4月10日起 / 下周一开始: the dates just before the marker
            j = i - 1
            while j >= 0 and isinstance(plain[j], _ANCHOR_DATES):
                anchor.insert(0, plain[j])
                j -= 1
        if anchor:
            break
    if not anchor:
        return [x for x in plain if not isinstance(x, p.RangeStart)], []
    ids = {id(x) for x in anchor}
    keep = [x for x in keep if id(x) not in ids and not isinstance(x, (p.RangeStart, p.OpenBound))]
    return keep, anchor


_WEEK = (0, 1, 2, 3, 4, 5, 6)


def _days_of(x: p.Piece) -> tuple[int, ...] | None:
    """The weekdays a piece names as a set of days: a bare weekday, "weekends"/"weekdays", 周末."""
    if _bare(x):
        return (x.weekday,)  # type: ignore[attr-defined]
    if type(x) is p.RecurUnit and x.freq == "WEEKLY" and x.byday and x.interval == 1:
        return x.byday
    if type(x) is p.Period and x.unit == "weekend" and x.shift == 0 and x.count == 1:
        return (5, 6)
    return None


def _names_days(items: Sequence[p.Piece], i: int) -> bool:
    """Whether days start at ``i``: a set of days, or "every" + a weekday (a plural weekday, "sundays")."""
    if i >= len(items):
        return False
    if type(items[i]) is p.Every:
        return i + 1 < len(items) and _bare(items[i + 1])
    return _days_of(items[i]) is not None


def _excluded(items: Sequence[p.Piece], k: int) -> tuple[set[int], int]:
    """The days named right after the ``Except`` at ``k`` and the index after them: weekdays (a list or a
    span: "Wednesday", "mon and fri", "Tue-Thu"), plural weekdays ("fridays"), weekends."""
    days: set[int] = set()
    j = k + 1
    while j < len(items):
        x = items[j]
        if type(x) is p.Every and j + 1 < len(items) and _bare(items[j + 1]):
            j += 1   # "fridays": every Friday
            continue
        named = _days_of(x)
        if named is not None and days and not _bare(x) and type(items[j - 1]) is not p.RangeSep:
            break   # 除了周三每个工作日: the series itself follows the day taken out
        if named is None:
            if type(x) is p.RangeSep and days and _names_days(items, j + 1):
                if not x.weak and _bare(items[j - 1]) and _bare(items[j + 1]):
                    days |= set(span_days(items[j - 1].weekday, items[j + 1].weekday))  # type: ignore[attr-defined]
                j += 1
                continue
            break
        days |= set(named)
        j += 1
    return days, j


def days_excepted(items: Sequence[p.Piece]) -> list[p.Piece] | None:
    """The pieces with an exception applied: "every weekday except Wednesday", "daily but not weekends",
    除了周三每个工作日, 每天除了周末 -> one weekly series on the days left (a ``RecurUnit`` where the series' own
    unit was). The items themselves when there is no ``Except``; None when the exception is not days taken
    out of a series of days (nothing to take them from, no day named, or no day left): no one reading."""
    at = [i for i, x in enumerate(items) if type(x) is p.Except]
    if not at:
        return list(items)
    if len(at) > 1:
        return None
    k = at[0]
    excluded, j = _excluded(items, k)
    if not excluded:
        return None
    rest = list(items[:k]) + list(items[j:])
    units = [x for x in rest if type(x) is p.RecurUnit]
    base = set(_WEEK)
    for unit in units:   # 工作日 … 每天: the days both name
        if unit.freq == "DAILY" and unit.interval == 1:
            continue
        if unit.freq != "WEEKLY" or not unit.byday:
            return None   # "every other day except …", "monthly except …": no set of weekdays to take from
        base &= set(unit.byday)
    left = tuple(sorted(base - excluded))
    if not units or not left or len(left) == len(base):
        return None
    first = rest.index(units[0])
    interval = max(u.interval for u in units)
    return [x for x in rest[:first] if type(x) is not p.RecurUnit] + [p.RecurUnit("WEEKLY", left, interval)] + [
        x for x in rest[first + 1:] if type(x) is not p.RecurUnit
    ]


def times_per(items: Sequence[p.Piece]) -> list[p.Piece] | None:
    """The pieces with a count a period (``pieces.TimesPer``) read: beside exactly that many weekdays named
    ("twice a week, Tuesdays and Thursdays", 每周两次，周二和周四) it is the weekly series on them; the items
    themselves when there is none; None otherwise ("twice a week" alone says how often, not on which days;
    "three times a week on Monday and Friday" disagrees with itself): no one reading."""
    at = [i for i, x in enumerate(items) if type(x) is p.TimesPer]
    if not at:
        return list(items)
    count = items[at[0]]
    assert isinstance(count, p.TimesPer)
    rest = [x for x in items if x is not count]
    named = {x.weekday for x in rest if type(x) is p.WeekdayRef}
    named |= {d for x in rest if type(x) is p.RecurUnit for d in x.byday}
    if len(at) > 1 or count.freq != "WEEKLY" or len(named) != count.count:
        return None
    return rest if any(type(x) is p.RecurUnit for x in rest) else [p.RecurUnit("WEEKLY"), *rest]
