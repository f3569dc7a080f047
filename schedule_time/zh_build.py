"""Chinese builders: a rule's match -> pieces (the rules themselves, in order, are in ``zh.py``)."""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta

from . import pieces as p
from .zh_amounts import parse_amounts
from .zh_numerals import HOUR, cn_int, small_int
from .zh_words import DAY_PODS, DAY_WORDS, PODS, REL_SHIFT, WEEKDAYS, YEAR_WORDS


def alt(words: object) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"  # type: ignore[arg-type]


def const(*pieces: p.Piece):
    def build(m: re.Match[str]) -> list[p.Piece]:
        return list(pieces)
    return build


# ---------------------------------------------------------------- clock times
MIN = r"(?:\d{1,2}|[零〇一二三四五六七八九十]{1,3})"
CLOCK = (rf"(?P<h>{HOUR})\s*(?:点钟|點鐘|点|點|时|時)(?:\s*(?P<guo>过|過)?\s*(?:(?P<half>[踏搭]?半)(?:钟|鐘)?|(?P<q>[一1两兩二2三3])\s*刻(?!钟|鐘)|"
         rf"(?P<tap>[踏搭])?(?P<mi>{MIN})(?!\s*[个個](?!字)|\s*(?:小时|小時|钟头|鐘頭|天|周|週|星期|礼拜|禮拜|年|月|秒|刻))\s*"
         rf"(?P<fen>分钟|分鐘|分|[个個]字)?(?:\s*(?P<s>{MIN})\s*秒)?|整|多(?:钟|鐘)?|[来來](?:钟|鐘)))?")


def _hour(m: re.Match[str]) -> int:
    return cn_int(m["h"])


def b_clock(m: re.Match[str]) -> p.Piece:
    h, minute, sec = _hour(m), 0, 0
    if m["half"]:
        minute = 30
    elif m["q"]:
        minute = 15 * cn_int(m["q"])
    elif m["mi"]:
        mi, fen = m["mi"], m["fen"] or ""
        minute = cn_int(mi)
        # Cantonese counts five-minute marks (字): 三點三 / 三點踏三 / 三點三個字 = 3:15.
        if m["tap"] or "字" in fen or (not fen and not m["guo"] and len(mi) == 1 and not mi.isdigit()
                                       and mi not in "零〇"):
            minute *= 5
        sec = cn_int(m["s"]) if m["s"] else 0
    return p.Clock(h, minute, sec, h24=m["h"][0] in "0零〇")


def b_clock_before(m: re.Match[str]) -> p.Piece:
    """三点差五分 / 差一刻三点: minutes before the hour."""
    h = _hour(m)
    d = 15 * cn_int(m["q"]) if m["q"] else cn_int(m["d"])
    return p.Clock((h - 1) % 24 if h else 23, 60 - d, h24=h > 12)


# ---------------------------------------------------------------- dates
def _day(s: str) -> int:
    return cn_int(s)


def _year(s: str | None) -> int | None:
    return None if not s else cn_int(s)


def part_of(s: str | None, year: bool = False) -> p.PeriodPart | None:
    """A part of a period; of a year, 底/末/尾 is December (年底 = the last month, not Sep-Dec)."""
    if not s:
        return None
    if year and s in ("底", "末", "尾"):
        return p.PeriodPart("last-month")
    if s[:2] in ("上半", "下半"):
        return p.PeriodPart("first-half" if s[0] == "上" else "second-half")
    if s in ("初", "上旬", "头", "頭"):
        return p.PeriodPart("begin")
    if s in ("中", "中旬"):
        return p.PeriodPart("mid")
    return p.PeriodPart("end")


def b_date(m: re.Match[str]) -> list[p.Piece]:
    g = m.groupdict()
    mo = g.get("mo")
    out: list[p.Piece] = [p.DateParts(_year(g.get("y")), cn_int(mo) if mo else None,
                                      _day(g["d"]) if g.get("d") else None)]
    part = part_of(g.get("part"), year=mo is None)   # "2027年底": the year's December
    if part is not None:
        out.append(part)
    return out


PART = r"(?P<part>上旬|中旬|下旬|上半月|下半月|初|中|底|末|尾|头|頭)"   # 中旬 before 中; 月头 (Cantonese) = 月初
YEAR_PART = r"(?P<part>初|中|底|末|尾|头|頭|上半年|下半年)"


def b_rel_year(m: re.Match[str]) -> list[p.Piece]:
    shift = YEAR_WORDS[m["rel"]]
    part = part_of(m["part"], year=True)
    if part is not None:
        return [part, p.Period("year", shift)]
    if m["alone"] is not None:
        return [p.Period("year", shift)]
    return [p.YearShift(shift)]


def b_rel_month(m: re.Match[str]) -> list[p.Piece]:
    rel = m["rel"]
    shift = REL_SHIFT.get(rel, 0)
    part = part_of(m["part"])
    return [p.Period("month", shift)] if part is None else [part, p.Period("month", shift)]


def b_rel_week(m: re.Match[str]) -> p.Piece | list[p.Piece]:
    shift = REL_SHIFT.get(m["rel"], 0)
    if m["wd"]:
        return p.WeekdayRef(WEEKDAYS[m["wd"]], "week", week_shift=shift)
    if m["part"]:   # 下周初, 本周中: the beginning / middle of that week (Mon-Wed / Wed-Fri)
        return [part_of(m["part"]), p.Period("week", shift)]
    return p.Period("weekend" if m["end"] else "week", shift)


def _moved_by(m: re.Match[str]) -> relativedelta:
    """下周 / 下个月 / 明年 (groups wk / mo / yr) as the amount of time they move today by."""
    if m["wk"]:
        return relativedelta(weeks=REL_SHIFT[m["wk"]])
    if m["mo"]:
        return relativedelta(months=REL_SHIFT[m["mo"]])
    return relativedelta(years=YEAR_WORDS[m["yr"]])


def b_this_time(m: re.Match[str]) -> p.Piece:
    """明天这个时候, 下周这个时候, 明年此时: now moved by a day / week / month / year (a point)."""
    return p.Shift(relativedelta(days=DAY_WORDS[m["d"]]) if m["d"] else _moved_by(m), "minute")


_RUN_DAY = {"今": 0, "明": 1, "后": 2, "後": 2}


def b_day_run(m: re.Match[str]) -> list[p.Piece] | None:
    """今明两天, 明后天, 今明后三天: consecutive days named by their first characters — the span from the first
    to the last (as 今天到明天; the rule's pattern only has runs of days that follow each other). A count that
    disagrees (今明三天) is no run."""
    days = [_RUN_DAY[c] for c in m["run"]]
    if m["n"] and cn_int(m["n"]) != len(days):
        return None
    return [p.DayShift(days[0]), p.RangeSep(), p.DayShift(days[-1])]


def b_except_after(m: re.Match[str]) -> list[p.Piece]:
    """周末除外, 周三、周五除外: the days named before 除外, taken out of the series (as 除了 before them)."""
    days = m["days"]
    named = (5, 6) if days[-1] == "末" else tuple(WEEKDAYS[c] for c in days if c in WEEKDAYS and c not in "周週")
    return [p.Except(), p.RecurUnit("WEEKLY", tuple(sorted(set(named))))]


def b_same_day(m: re.Match[str]) -> list[p.Piece]:
    """下周的今天, 下个月的今天, 明年的今天: today moved by that many weeks / months / years."""
    return [p.DayShift(0), p.Shift(_moved_by(m), "day", anchored=True)]


NTH = r"(?:\d{1,2}|[一二两兩三四五六七八九十]{1,3})"


def b_nth_unit(m: re.Match[str]) -> p.Piece:
    back = m["bn"] or m["bn2"]
    u = m["u"]
    unit = "day" if u in ("天", "日") else "weekend" if u in ("周末", "週末") else "month" if u == "月" else "week"
    n = -1 if m["last"] else -cn_int(back) if back else cn_int(m["n"])
    return p.NthUnit(n, unit)


def b_weeks_on_weekday(m: re.Match[str]) -> p.Piece:
    n = small_int(m["n"])
    return p.WeekdayRef(WEEKDAYS[m["wd"]], "week", week_shift=-n if "前" in m["dir"] else n)


def b_weekday_pair(m: re.Match[str]) -> list[p.Piece]:
    a, b = (WEEKDAYS[c] for c in m["pair"])
    if m["rel"] is None:
        return [p.WeekdayRef(a), p.RangeSep(), p.WeekdayRef(b)]
    shift = REL_SHIFT.get(m["rel"], 0)
    return [p.WeekdayRef(a, "week", week_shift=shift), p.RangeSep(), p.WeekdayRef(b, "week", week_shift=shift)]


def b_anchored_shift(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_amounts(m["dur"])
    return p.Shift(p.negated(delta) if "前" in m["dir"] else delta, grain, anchored=True)


def b_weekday(m: re.Match[str]) -> p.Piece:
    return p.WeekdayRef(WEEKDAYS[m["wd"]])


def b_nth_weekday(m: re.Match[str]) -> p.Piece:
    n = -1 if m["last"] else cn_int(m["n"])
    return p.NthWeekday(n, WEEKDAYS[m["wd"]], roll=True)   # alone: this month's, or the next once past


# ---------------------------------------------------------------- parts of day
_MEALS = {"早": (7, 9, "am", "breakfast"), "午": (12, 14, "pm", "lunch"), "中": (12, 14, "pm", "lunch"),
          "晚": (18, 20, "pm", "dinner")}


def b_meal_time(m: re.Match[str]) -> p.Piece:
    """午饭时间, 晚饭的时候: the meal's span, as English "lunchtime", "dinner time"."""
    start, end, hint, name = _MEALS[m["meal"][0]]
    return p.PartOfDay(name, start, end, hint)


def b_meal_bound(m: re.Match[str]) -> list[p.Piece]:
    start, end, hint, name = _MEALS[m["meal"][0]]
    if "前" in m["dir"]:   # 午饭前: until the meal begins
        return [p.OpenBound("before"), p.PartOfDay(name, start, end, hint)]
    return [p.PartOfDay("after " + name, end - 1 if name == "lunch" else end, end + 3, hint)]


def b_pod(m: re.Match[str]) -> p.Piece:
    return PODS[m["pod"]]


def b_day_pod(m: re.Match[str]) -> p.Piece:
    pod, shift = DAY_PODS[m["w"]]
    return p.PartOfDay(pod.label, pod.start_hour, pod.end_hour, pod.hint, shift, pod.small_hours)


MOVE_EARLIER = r"(?:提前|提早|(?:往|向)前(?:挪|移|推|调|調|提)|前移|挪前|早)"
MOVE_LATER = (
    r"(?:(?:往|向)(?:后|後)(?:推迟|推遲|延迟|延遲|顺延|順延|挪|推|移|延|拖)|推迟|推遲|延迟|延遲|延后|延後|推后|推後"
    r"|后移|後移|挪后|挪後|顺延|順延|晚)"
)


def b_move_by(m: re.Match[str]) -> p.Piece:
    delta, grain = parse_amounts(m["dur"])
    earlier = m["dir"][0] in "提早往前向挪" and ("前" in m["dir"] or m["dir"][0] in "提早")
    return p.Shift(p.negated(delta) if earlier else delta, grain, event="must")


def b_lengthen(m: re.Match[str]) -> p.Piece:
    """延长半小时, 缩短一刻钟, 晚半小时结束, 提前十分钟结束: the event's end moves, its start stays."""
    delta, _ = parse_amounts(m["dur"])
    return p.Lengthen(p.negated(delta) if m["short"] else delta)


def b_md_dot(m: re.Match[str]) -> p.Piece:
    """3.14, 12.25 in Chinese text: month.day, the Chinese order. When the day could be a month too (3.4 =
    4 March) the piece keeps ``order`` "md", so that ``dayfirst=True`` may swap it (README "Numeric dates")."""
    mo, d = int(m["mo"]), int(m["d"])
    return p.DateParts(None, mo, d, "md" if d <= 12 and d != mo else None)


def b_decade(m: re.Match[str]) -> list[p.Piece]:
    """90年代 / 九十年代 / 九零年代 / 上世纪九十年代 / 2020年代: the ten years. A two-digit decade without its
    century follows the two-digit years (90年代 the 1990s, 20年代 the 2020s, as "the 90s", "the 20s")."""
    if m["y"]:
        start = cn_int(m["y"])
    else:
        d = cn_int(m["d"])
        start = d + (1900 if m["c20"] else 2000 if m["c21"] else 2000 if d < 50 else 1900)
    return [p.DateParts(start), p.RangeSep(), p.DateParts(start + 9)]
