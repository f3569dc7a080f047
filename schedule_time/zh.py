"""Chinese (simplified, traditional, common Cantonese): surface forms -> pieces.

Rules are tried in order at each position and the first match wins, so the order below is the
grammar: forms with a unit (点, 号, 天后 …) come before holiday names, and holiday names before bare
months and numerals ("八月十五号" is a date, "八月十五" the Mid-Autumn Festival, "五一" Labour Day).
The module never computes a date; the core's conventions (README "Conventions") apply. What the
Chinese words map to (tested in tests/schedule_time/rows_zh.py):

=============================== =========================================================================
这周X / 本周X / 下周X / 上周X    X of this / next / last calendar week (Mon-Sun); 下下周X two weeks on
周X, 星期X, 礼拜X (日/天 = Sun)  the next X strictly after today
早上 / 上午 / 中午 / 下午        04-12 (Duckling's 早上) / 00-12 / 12-14 / 12-19
傍晚 / 晚上 / 凌晨 / 半夜        17-20 / 18-24 / 00-06 / 00-05; 今晚 明晚 昨晚 前晚 后晚 今早 明早 carry their day
三点, 7点半, 8点                 bare hours follow the core: 1-6 pm, 9-11 am, 7 and 8 ambiguous
三点三 / 三點踏三 / 三個字       Cantonese five-minute marks: 3:15 (三点零五, 三点十五分 are literal)
N天后 / N天前 / 过N天            a point N days from now (Shift), not Duckling's "next N days" interval;
                                 word order decides: 后三天 / 前两天 are spans (next line), 三天后 a point
上N天 / 下N周 / 最近N天          the N whole units before / after the current one (Period with count)
N天内 / 本周内, 今年之内          from now for N days / the rest of that period (PeriodPart rest)
一年半, 一天半 (半 after a unit)  adds half of that unit; 2027年以后 is the year 2027, never an amount
每周一三五, 每周一次             weekdays listed without a separator; 一次 (once) after a unit is the unit
周二和周四, 每周二、周四          a list of weekdays (和 / 及 / 跟 / 与 / 、), never the span between them; with a
                                 clock time (周一至周五早上8点, 周二和周四下午三点) a weekly series (README)
年底 / 年初, 月初 / 月底         the core's parts of a period (年底/年末 = December: PeriodPart last-month); 上旬 / 中旬 / 下旬 = days 1-10 / 11-20 / 21-end
上半年 / 下半年, 上半月 / 下半月  Jan-Jun / Jul-Dec of the year; days 1-15 / 16-end of the month
明年, 去年 … alone / + a month   the year itself / the year that month or holiday falls in
每隔N周                          every N+1 weeks (每隔一周 = every other week); 每N周 every N weeks
农历M月D, 腊月D, M月初D          that lunar date (the holiday module's lunardate helper); 八月初 is August
3-4点, 12月3-5号, 3到4月          ranges whose left number borrows the right end's unit (not the digit date 3-4)
本月最后一天, 12月第一周, 倒数第二天  NthUnit inside the month / year / week just named (第二天 alone: refused)
国庆节前一天, 周五前一天          an anchored Shift from the day just named (the day before National Day)
明天这个时候, 今天晚些时候       now a day on (a point, "this time tomorrow") / the rest of today ("later today")
两周后的周五 / 两周前的周五       X of the calendar week N weeks on / back (as 下下周X), not a shift
下周的今天, 明年的今天, 去年今天  today moved by a week / month / year (an anchored Shift): the whole day
三点多                           3 o'clock (多, "a little after", is informational like English "3ish")
3.14, 12.25晚上, 3.1到3.15      month.day (Chinese order); after a day, part of day, weekday or date: a clock (明天9.30)
两三点, 一两天, 三四个小时        two neighbouring numbers ("two or three"): refused (``Approximate``), never 23 / 12 / 34
九十年代, 90年代, 上世纪八十年代  the ten years of the decade; 下个工作周 / 本工作周: that week's Monday-Friday
比原来晚一个小时, 明天同一时间    a move of the event / the event's time of day that day (``relative_to``)
=============================== =========================================================================
"""

from __future__ import annotations

import re

from dateutil.relativedelta import relativedelta, weekday

from . import pieces as p
from .language import Language, Rule
from .zh_amounts import AMOUNT, COUNT, DUR_LIST, SHIFT_LIST, b_duration, b_period_count, b_shift
from .zh_build import (
    CLOCK,
    MIN,
    MOVE_EARLIER,
    MOVE_LATER,
    NTH,
    PART,
    YEAR_PART,
    alt,
    b_anchored_shift,
    b_clock,
    b_clock_before,
    b_date,
    b_day_pod,
    b_day_run,
    b_decade,
    b_except_after,
    b_lengthen,
    b_md_dot,
    b_meal_bound,
    b_meal_time,
    b_move_by,
    b_nth_unit,
    b_nth_weekday,
    b_pod,
    b_rel_month,
    b_rel_week,
    b_rel_year,
    b_same_day,
    b_this_time,
    b_weekday,
    b_weekday_pair,
    b_weeks_on_weekday,
    const,
    part_of,
)
from .zh_festivals import b_lunar, holiday_rules
from .zh_numerals import CN, CN_DIGIT, DAY, HOUR, MONTH, YEAR, cn_int, small_int
from .zh_recurrence import b_every, b_every_weekday, b_times_per
from .zh_words import (
    DAY_PODS,
    DAY_WORDS,
    GE,
    PODS,
    REL_SHIFT,
    THIS,
    WEEK,
    WEEKDAY_CHAR,
    WEEKDAYS,
    YEAR_WORDS,
    ZONE_PLACES,
    ZONES,
)

# ---------------------------------------------------------------- the rules, in order
_SEP_AHEAD = r"(?=\s*(?:[吧呢啊呀哦嘛了]\s*)*(?:$|[到至~\-—–,.;!?]|以前|之前|以后|以後|之后|之後|开始|開始|起|为止|為止))"
_REL_YEAR = alt(YEAR_WORDS)
_WD = rf"(?P<wd>{WEEKDAY_CHAR})"
_MO_NUM, _DAY_NUM = r"(?:1[0-2]|0?[1-9])", r"(?:3[01]|[12]\d|0?[1-9])"
_PAIRS = r"一[两兩二]|[两兩二]三|三四|四五|五六|六七|七八|八九|三五"
_CLOCK_BEFORE = r"[天午上晨晚早里裡夜号號日一二三四五六七末]"   # the last character of a day, part of day, weekday or date
# 每周一三五 lists weekdays without a separator; a numeral before a unit is not one (每周一三点 = Mon 3:00).
_NOT_CLOCK = r"(?!\s*(?:点|點|时|時|号|號|月|刻|分|个|個|[:：.]|\d))"
_NUMBERED_PLACE = (
    r"\s*(?:会议室|會議室|教室|办公室|辦公室|室|楼|樓|线|線|门|門|房|厅|廳|馆|館|车厢|車廂|站台|栋|棟|单元|單元"
    r"|窗口|柜台|櫃檯|包厢|包廂|床|座|口|桌|机|機|车|車|位|场|場)"
)
"""What a 号 numbers when it is not a day: a room, building, line, gate, seat… ("3号会议室", "5号线",
"2号门"): "N号" before one of these is a label, never the Nth of the month."""

MOVE_TO = rf"(?:{MOVE_EARLIER}|{MOVE_LATER}|改|挪|换|換|调|調|推|延|移|定|约|約)\s*(?:到|在|成)"
"""改到, 挪到, 推迟到, 改成: what comes next is where a move goes (延长到 is no move: "to" an end)."""

def _weekday_list(days: str) -> list[p.Piece]:
    """周一三五 as 周一、周三、周五: each day, a list (not a span) between them."""
    out: list[p.Piece] = []
    for ch in re.findall(WEEKDAY_CHAR, days):
        out += [p.RangeSep(weak=True), p.WeekdayRef(WEEKDAYS[ch])] if out else [p.WeekdayRef(WEEKDAYS[ch])]
    return out


RULES: list[Rule] = [
    # 看一下下周, 查一下周五, 改一下明天的: "一下" is the verb's "a bit", never 一 + 下下周 (the week after next)
    # or 一 + 下周五 (next week's Friday). 一下午 is "a whole afternoon" and stays a number and a part of day.
    Rule("a_bit", r"一下(?!午)", lambda m: ()),
    # (那)之后的周一, 以后的礼拜五: the first such day after the event moved (its clock kept); alone, after today
    Rule("weekday_following", rf"(?:那|这|這)?(?:之后|之後|以后|以後|后面|後面)的\s*{WEEK}{_WD}",
         lambda m: p.Shift(relativedelta(days=1, weekday=weekday(WEEKDAYS[m["wd"]])), "day", event="may")),
    # 哪一天, 哪天, 哪个月, 哪一周, 几号: "which" day / week / month asks for a time, it names none (哪一天 is no
    # 一天 "one day" of a length)
    # 以后每周三, 今后天天, 从今以后每月一号: "from now on" before a repetition is no bound ("after" what?): the
    # repetition starts from now anyway; nor before a change (以后改成九点: from now on, at nine; 往后挪一天 is a
    # move later, its 往后 the direction)
    Rule("from_now_on", r"(?:从今|從今)?(?:(?:以后|以後|今后|今後|往后|往後|从此|從此)(?=\s*(?:都|就|也)?\s*(?:每|逢|天天|日日|隔))|"
                        r"(?:以后|以後|今后|今後|从此|從此)(?=\s*(?:都|就|也)?\s*(?:改|挪|换|換|调|調)))",
         lambda m: ()),
    # 周日那天, 15号那一天, 礼拜天那日: "(on) that day" right after a day names the same day (alone, 那天下午
    # points back to a day said before: no time of its own)
    Rule("that_day", r"(?<=[一二三四五六七日天末号號])\s*那\s*(?:一\s*)?(?:天|日)(?![\u4e00-\u9fff]*?[前后後])",
         lambda m: ()),
    Rule("together", r"一起|一同|一块儿|一塊兒|一块|一塊", lambda m: ()),   # 和老王一起吃饭: "together", no 1 o'clock
    Rule("which", rf"哪\s*(?:一\s*)?[个個]?\s*(?:天|日|{WEEK}|月|年|号|號)(?!{WEEKDAY_CHAR})", lambda m: ()),
    Rule("numbered_place", rf"(?:\d+|[{CN_DIGIT}十]+)\s*[号號](?={_NUMBERED_PLACE})", lambda m: ()),   # 3号会议室
    Rule("zone", rf"(?P<z>{alt(ZONES)})", lambda m: p.ZoneOffset(ZONES[m["z"]])),   # 北京时间下午三点
    # 两三点, 一两天, 三四个小时, 十一二点, 三四十分钟: two neighbouring numbers ("two or three") are no one time or
    # amount: refused with the words (``Approximate``), never read digit by digit (23, 12, 34)
    Rule("approximate", rf"(?:(?P<n>十?(?:{_PAIRS})[十百]?)\s*(?:多|来|來)?\s*{GE}?\s*(?:小时|小時|钟头|鐘頭|分钟|分鐘|秒钟|"
                        r"秒鐘|刻钟|刻鐘|点钟|點鐘|点|點|天|日|号|號|周|週|星期|礼拜|禮拜|月|晚上|晚|夜|分|秒)|"
                        rf"(?P<y>一[两兩]|[两兩]三)\s*(?:多|来|來)?\s*{GE}?\s*年)",   # (二三年 may be the year '23)
         lambda m: p.Approximate(m["n"] or m["y"])),
    # 90年代, 九十年代, 九零年代, 上世纪九十年代, 2020年代: the ten years (before the years: 90年 is no year here)
    Rule("decade", rf"(?:(?:(?P<c20>上\s*{GE}?\s*世[纪紀]|二十世[纪紀]|20世[纪紀])|(?P<c21>本世[纪紀]|这个世纪|這個世紀|二十一世[纪紀]|"
                   rf"21世[纪紀]))\s*的?\s*)?(?:(?P<d>[1-9]0|[一二三四五六七八九]十|[一二三四五六七八九][零〇])|"
                   rf"(?P<y>\d{{3}}0|[{CN_DIGIT}]{{3}}[零〇]))\s*年代", b_decade),
    # 3.14, 12.25晚上, 3.1到3.15, 1/31号 in Chinese text: month.day (Chinese order, not the European day first). After a
    # day, a part of day, a weekday or a date the dotted pair is the clock time (明天9.30, 下午3.30, 周五9.30)
    Rule("date_md_dot", rf"(?<!{_CLOCK_BEFORE})(?<!{_CLOCK_BEFORE}\s)(?P<mo>{_MO_NUM})[./](?P<d>{_DAY_NUM})(?![\d.:/])"
                        rf"(?!\s*(?:{GE}|小时|小時|钟|鐘|分|秒|天|周|週|星期|礼拜|禮拜|月|年|倍|[万萬亿億元块塊%]))(?:\s*[号號日])?",
         b_md_dot),   # (1.5小时, 2.5天后: amounts, not dates)
    # moves of an event (``resolve(..., relative_to=...)``): 提前二十分钟, 推迟一天, 往后挪半小时, 晚一个小时;
    # 改到四点, 推迟到周五 (the verb means nothing); 周五同一个时间段 (the event's time of day that day)
    # 比原来晚一个小时, 比那早半天: "than (it was)", the event itself (the move follows)
    Rule("than_event", r"比\s*(?:那|这|這|原来的?|原來的?|原定的?|原先的?|之前|计划的?|計劃的?)\s*(?:时间|時間)?(?=\s*[早晚提推延])",
         const()),
    # a change of length (before the moves: 提前半小时结束 ends earlier, it does not move): the end moves
    Rule("lengthen", rf"(?:延长|延長|加长|加長|拉长|拉長|(?P<short>缩短|縮短))\s*了?\s*(?P<dur>{DUR_LIST})", b_lengthen),
    # 缩短到四十分钟, 延长成两个小时: the new length itself (the verb is a filler before it)
    Rule("length_to", r"(?:延长|延長|加长|加長|缩短|縮短)(?:\s*(?:成|为|為)|(?=\s*到))", const()),
    Rule("end_by", rf"(?:晚|推迟|推遲|延迟|延遲|延后|延後|(?P<short>早|提前|提早))\s*(?P<dur>{DUR_LIST})\s*"
                   r"(?:结束|結束|下班|散会|散會)", b_lengthen),
    Rule("move_by", rf"(?P<dir>{MOVE_EARLIER}|{MOVE_LATER})\s*了?\s*(?P<dur>{DUR_LIST})", b_move_by),
    Rule("move_to", MOVE_TO, const()),
    Rule("same_time", r"(?:在\s*)?(?:同一\s*[个個]?\s*(?:时间段|時間段|时段|時段|时间|時間|时候|時候|时刻|時刻)|"
                      r"同样的?时间|同樣的?時間|相同的?时间|相同的?時間|老时间|老時間|原来的?时间|原來的?時間)",
         const(p.SameTime())),
    Rule("zone_place", rf"(?P<z>{alt(ZONE_PLACES)})\s*(?:时间|時間)", lambda m: p.ZoneOffset(ZONE_PLACES[m["z"]])),
    Rule("now", r"现在|現在|此时|此時|此刻|当前|當前|宜家|而家|依家|目前|马上|馬上|立刻|立即|即刻", const(p.Now())),
    Rule("this_time", rf"(?:(?P<d>{alt(DAY_WORDS)})|(?P<wk>上上|下下|上|下)\s*{GE}?\s*{WEEK}|(?P<mo>上上|下下|上|下)\s*{GE}?\s*月|"
                      rf"(?P<yr>{_REL_YEAR})年)\s*[的嘅]?\s*(?:这个时候|這個時候|这时候|這時候|此时|此時)",
         b_this_time),
    Rule("same_day", rf"(?:(?P<wk>上上|下下|上|下)\s*{GE}?\s*{WEEK}|(?P<mo>上上|下下|上|下)\s*{GE}?\s*月|"
                     rf"(?P<yr>{_REL_YEAR})年)\s*[的嘅]?\s*(?:今天|今日|这一?天|這一?天)", b_same_day),
    # 今明两天, 明后天: a span of days; with a time of day after it (明后天下午) each day's, a list: not this rule
    Rule("day_run", r"(?P<run>今明(?:后|後)?|明(?:后|後))\s*(?:(?P<n>[两兩二三])\s*)?(?:天|日)"
                    rf"(?!\s*[的嘅]?\s*(?:{alt(PODS)}|[0-9一二两兩三四五六七八九十]))", b_day_run),
    Rule("day_pod", rf"(?P<w>{alt(DAY_PODS)})(?:(?<=晚)上)?", b_day_pod),   # 今晚上 = 今晚
    Rule("rel_day", rf"(?P<w>{alt(DAY_WORDS)})", lambda m: p.DayShift(DAY_WORDS[m["w"]])),
    # 午饭后 = "after lunch" (13-17 as in English); 午饭前 = before the meal begins (an open interval)
    Rule("meal_bound", r"(?P<meal>早饭|早飯|早餐|午饭|午飯|午餐|中饭|中飯|晚饭|晚飯|晚餐)\s*(?P<dir>之前|以前|前|之后|之後|以后|以後|后|後)",
         b_meal_bound),
    Rule("meal_time", r"(?P<meal>早饭|早飯|早餐|午饭|午飯|午餐|中饭|中飯|晚饭|晚飯|晚餐)\s*[的嘅]?\s*(?:时间|時間|时候|時候|饭点|飯點)",
         b_meal_time),
    # 午饭到三点, 午饭和三点之间: a meal as one end of a range is its span (the other end a clock after it)
    Rule("meal_range_end", r"(?P<meal>早饭|早飯|早餐|午饭|午飯|午餐|中饭|中飯|晚饭|晚飯|晚餐)(?=\s*(?:到|至|和|与|與|跟)\s*"
                           r"(?:[\d一二三四五六七八九十两兩]|下午|晚上|中午|早上|上午))", b_meal_time),
    Rule("label_pm", r"晚饭|晚飯|晚餐|夜宵|宵夜|消夜|午饭|午飯|午餐|中饭|中飯|下午茶", const(p.Label("pm"))),
    Rule("label_am", r"早饭|早飯|早餐|早茶", const(p.Label("am"))),
    # 全天 alone (an answer to "几点？"): the day in question, as "all day" alone (``agent.timing`` reads it)
    Rule("all_day_alone", r"^(?:一整天|整天|全天)(?=\s*[的吧啊呀哦。！!.]*\s*$)", const(p.DayShift(0))),
    Rule("around", r"前后|前後|左右|上下(?!午)|之间|之間|期间|期間|一整天|整天|全天", const()),
    # 整个下午, 一整个周末, 整個星期: "the whole" afternoon / weekend / week / month is that one (整个月 = this month)
    Rule("whole_period", rf"(?:一)?整\s*[个個]?\s*(?P<u>{WEEK}|月)(?!{WEEKDAY_CHAR}|末|[份{CN}\d])",
         lambda m: p.Period("month" if m["u"] == "月" else "week")),
    Rule("whole", rf"(?:一)?整\s*[个個](?=\s*(?:{alt(PODS)}|{WEEK}?末|假期|假))", const()),
    # 每周三次, 一周两次, 一个月两次: how many times a period, never 每周三 (every Wednesday) + 次
    Rule("times_per", rf"(?:每|一)\s*{GE}?\s*(?P<u>天|日|星期|礼拜|禮拜|周|週|月|年)\s*(?P<n>\d{{1,2}}|[两兩二三四五六七八九十]{{1,2}})\s*次",
         b_times_per),
    Rule("once", r"(?<=[天日周週拜月年时時钟鐘头頭末])一次", const()),   # 每周一次: the recurrence itself
    # recurrence (before weekdays: 每周一 is every Monday, not "every week" + Monday)
    # 除了周三, 除周末外: days taken out of a series (``series_parts.days_excepted``); 以外/之外/外 closes it
    Rule("except", rf"除了|除去|除开|除開|除(?=\s*{WEEK}|\s*周末|\s*週末)", const(p.Except())),
    Rule("except_end", r"(?<=[一二三四五六日天末1-7])\s*(?:以外|之外|外)", const()),
    # 周末除外, 周三和周五除外: the days before 除外 are taken out
    Rule("except_after", rf"(?P<days>(?:{WEEK}{WEEKDAY_CHAR}(?:\s*[和及、,]?\s*{WEEK}?{WEEKDAY_CHAR})*|周末|週末))\s*除外",
         b_except_after),
    Rule("every_weekday", rf"(?:每|逢|每逢)(?P<other>隔)?(?:一)?{GE}?{WEEK}{_WD}(?!次)(?:\s*(?:到|至|~|-)\s*{WEEK}?"
                          rf"(?P<wd2>{WEEKDAY_CHAR})|(?P<more>(?:\s*(?:和|及|跟|与|與|、|,|/)?\s*{WEEK}?{WEEKDAY_CHAR}{_NOT_CLOCK})+))?",
         b_every_weekday),
    Rule("every_other_weekday", rf"隔{GE}?{WEEK}{_WD}", lambda m: [p.Every(2), p.WeekdayRef(WEEKDAYS[m["wd"]])]),
    # 双周例会, 双周周四: every other week (as "biweekly"); 双周末 is no week
    Rule("biweekly", r"(?:双|雙)(?:周|週)(?!末)", const(p.RecurUnit("WEEKLY", (), 2))),
    Rule("every", rf"(?:每|逢)(?P<other>隔)?\s*(?P<n>{COUNT})?\s*{GE}?\s*(?P<u>工作日|平日|周末|週末|天|日|星期|礼拜|"
                  r"禮拜|周|週|月|季度|季|年|小时|小時|钟头|鐘頭|分钟|分鐘)(?P<pod>早上|晚上|下午|上午|中午)?", b_every),
    Rule("every_night", r"每(?P<w>晚|早|夜)", lambda m: [p.RecurUnit("DAILY"), PODS[m["w"]]]),
    Rule("daily", r"天天|日日|每一天", const(p.RecurUnit("DAILY"))),
    # 下个工作周, 本工作周: Monday-Friday of that week (as "next work week")
    Rule("work_week", rf"(?:(?P<rel>上上|下下|上|下|{THIS})\s*{GE}?\s*)?工作(?:周|週|星期)",
         lambda m: p.Period("workweek", REL_SHIFT.get(m["rel"], 0) if m["rel"] else 0)),
    Rule("workdays", r"工作日|平日", const(p.RecurUnit("WEEKLY", (0, 1, 2, 3, 4)))),
    Rule("every_other_week", rf"隔{GE}?{WEEK}", const(p.RecurUnit("WEEKLY", (), 2))),
    # counted periods and shifts (before clock times and dates: 三天后, 上两周, 过两天)
    # 国庆节前一天, 周五前一天, 12月25日后三天: days / weeks / months from the day just named
    Rule("anchored_shift", rf"(?<=[节節旦夕号號日天一二三四五六七末])\s*(?P<dir>之前|以前|前|之后|之後|以后|以後|后|後)\s*第?\s*"
                           rf"(?P<dur>{AMOUNT}\s*{GE}?\s*(?:天|日|星期|礼拜|禮拜|周|週|(?<=[个個])月|年))(?!\s*[内內])",
         b_anchored_shift),
    # 2027年的前3周, 本月前10天: the first N units inside the year / month just named (not the N before now)
    Rule("first_units", rf"(?:(?<=[年月])|(?<=[年月]的))前(?P<fn>{NTH})\s*{GE}?\s*(?P<u>天|日|周|週|星期|礼拜|禮拜|月)(?!{WEEKDAY_CHAR})",
         lambda m: p.NthUnit(1, {"天": "day", "日": "day", "月": "month"}.get(m["u"], "week"), cn_int(m["fn"]))),
    Rule("period_count", rf"(?P<dir>过去的?|過去的?|最近|近|未来的?|未來的?|接下来的?|接下來的?|今后|今後|上|前|下|后|後)"
                         rf"\s*(?P<n>{COUNT})\s*{GE}?\s*(?P<u>秒钟|秒鐘|秒|分钟|分鐘|小时|小時|钟头|鐘頭|(?:(?<=[个個])|(?<=[个個]半))(?:钟|鐘)|"
                         r"天|日|周|週|星期|礼拜|禮拜|月|年)", b_period_count),
    # 两周后的周五: the Friday of the calendar week that many weeks on (下下周五), not a shift + a weekday
    Rule("weeks_on_weekday", rf"(?P<n>{COUNT})\s*{GE}?\s*(?:星期|礼拜|禮拜|周|週)\s*(?P<dir>以后|以後|之后|之後|后|後|以前|之前|前)"
                             rf"\s*的?\s*{WEEK}{_WD}", b_weeks_on_weekday),
    Rule("shift_after_pass", rf"(?:再\s*)?(?:过|過)\s*(?P<dur>{SHIFT_LIST})(?:以后|以後|之后|之後|后|後)?", b_shift),
    Rule("within", rf"(?P<dur>{SHIFT_LIST})\s*(?:以内|以內|之内|之內|内|內)", lambda m: [p.Now(), b_duration(m)]),
    Rule("shift", rf"(?:大约|大約|约|約)?\s*(?P<dur>{SHIFT_LIST})\s*(?P<dir>以后|以後|之后|之後|过后|過後|后|後|以前|之前|前)",
         b_shift),
    # dates with a day suffix or a year, and clock times
    Rule("date_full", rf"(?:(?P<y>{YEAR}|\d{{2}})\s*年\s*)?(?P<mo>{MONTH})\s*月\s*(?P<d>{DAY})\s*(?:号|號|日)",
         b_date),
    Rule("date_ymd", rf"(?P<y>{YEAR})\s*年\s*(?P<mo>{MONTH})\s*月\s*(?P<d>{DAY})(?!\s*(?:点|點|时|時|[\d{CN}]))",
         b_date),
    # 2027.3.5 / 2027/3/5 in Chinese text: year, month, day (never the European day-first reading)
    Rule("date_ymd_dot", rf"(?P<y>\d{{4}})\s*\.\s*(?P<mo>{_MO_NUM})\s*\.\s*(?P<d>{_DAY_NUM})(?!\d)(?:\s*[号號日])?", b_date),
    Rule("date_ymd_slash", rf"(?P<y>\d{{4}})\s*/\s*(?P<mo>{_MO_NUM})\s*/\s*(?P<d>{_DAY_NUM})(?!\d)(?:\s*[号號日])?", b_date),
    Rule("clock_before", rf"(?P<h>{HOUR})\s*(?:点|點|时|時)\s*差\s*(?:(?P<q>[一1三3])\s*刻|(?P<d>{MIN})\s*分?)",
         b_clock_before),
    Rule("clock_before2", rf"差\s*(?:(?P<q>[一1三3])\s*刻|(?P<d>{MIN})\s*分钟?)\s*(?P<h>{HOUR})\s*(?:点|點|时|時)",
         b_clock_before),
    # 3-4点, 9~11点, 3-5号, 3到4月: the left number borrows the right's unit; not the digit date 3-4 (March 4)
    Rule("hour_range", rf"(?P<h>{HOUR})\s*[-~—–]\s*(?={HOUR}\s*(?:点|點|时|時))",
         lambda m: [p.Number(cn_int(m["h"])), p.RangeSep()]),
    Rule("month_range", rf"(?P<mo>{MONTH})\s*(?:到|至|[-~—–])\s*(?={MONTH}\s*月)",
         lambda m: [p.DateParts(None, cn_int(m["mo"]), None), p.RangeSep()]),
    Rule("day_range", rf"(?P<d>{DAY})\s*[-~—–]\s*(?={DAY}\s*(?:号|號|日))", lambda m: [p.Number(cn_int(m["d"])), p.RangeSep()]),
    Rule("clock", CLOCK, b_clock),
    Rule("day_of_month", rf"(?P<d>{DAY})\s*(?:号|號|日)", b_date),
    Rule("lunar", rf"(?:农历|農曆|农暦|阴历|陰曆|陰历|旧历|舊曆)\s*(?P<mo>[正冬腊臘]|{MONTH})\s*月\s*"
                  rf"(?P<d>初[一二三四五六七八九十]|{DAY})\s*(?:号|號|日)?", b_lunar),
    # without 农历: 腊月 / 正月 / 冬月 are lunar month names, 初一-初十 lunar day names (八月初 stays August)
    Rule("lunar_month", rf"(?P<mo>[正冬腊臘])\s*月\s*(?P<d>初[一二三四五六七八九十]|{DAY})\s*(?:号|號|日)?", b_lunar),
    Rule("lunar_day", rf"(?P<mo>{MONTH})\s*月\s*(?P<d>初[一二三四五六七八九十])", b_lunar),
    *holiday_rules(),
    # periods and weekdays
    # 周六日, 这周六日, 下周一二: two adjacent weekdays are the two days (一三 would be a list: not taken)
    Rule("weekday_pair", rf"(?:(?P<rel>上上|下下|上|下|{THIS})\s*{GE}?\s*)?{WEEK}(?P<pair>一二|二三|三四|四五|五六|六[日天七])"
                         rf"{_NOT_CLOCK}", b_weekday_pair),
    Rule("rel_week", rf"(?P<rel>上上|下下|上|下|{THIS})\s*{GE}?\s*{WEEK}(?:{_WD}|(?P<end>末)|(?P<part>初|中(?!午)))?", b_rel_week),
    Rule("week_part", rf"{WEEK}(?P<part>初|中(?![午{CN}]))", lambda m: [part_of(m["part"]), p.Period("week")]),   # 周初, 周中
    Rule("weekend", rf"{WEEK}?末", const(p.Period("weekend"))),
    # 周一三五, 周一、三、五, 星期二四六: three or more weekdays listed under one 周 are those days (two, 周二四, may be
    # Tuesday at 4: not taken)
    Rule("weekday_list", rf"{WEEK}(?P<days>{WEEKDAY_CHAR}(?:\s*[、,，和及]?\s*{WEEKDAY_CHAR}){{2,6}}){_NOT_CLOCK}",
         lambda m: _weekday_list(m["days"])),
    Rule("weekday", rf"{WEEK}{_WD}", b_weekday),
    # 第一个和第三个周一, 第二、第四个周二: the ordinals before the last one of a list of n-th weekdays
    Rule("nth_and", r"第(?P<n>[一二三四五1-5])\s*(?:个|個)?\s*(?:和|及|与|與|跟|、)(?=\s*第)",
         lambda m: [p.DateParts(None, None, cn_int(m["n"])), p.RangeSep(weak=True)]),
    Rule("nth_weekday", rf"(?:第(?P<n>[一二三四五1-5])|(?P<last>最后|最後|最末)\s*一?)\s*{GE}?\s*{WEEK}{_WD}",
         b_nth_weekday),
    # 本月最后一天, 下个月第一天, 12月最后一周, 本月倒数第二天: counted inside the month / year / week just
    # named (第二天 alone is "the next day" of some other day, refused)
    Rule("nth_unit", rf"(?<=[月年周週拜期度的嘅])(?:第(?P<n>{NTH})|(?P<last>最后|最後|最末)|倒数第(?P<bn>{NTH})|倒數第(?P<bn2>{NTH}))\s*一?\s*{GE}?\s*"
                     rf"(?P<u>天|日|周末|週末|(?:星期|礼拜|禮拜|周|週)(?!{WEEKDAY_CHAR})|(?<=[个個])月|(?<=年第[{CN}\d])月|(?<=年第[{CN}\d]{{2}})月)",
         b_nth_unit),
    Rule("rel_month", rf"(?P<rel>上上|下下|上|下|{THIS})\s*{GE}?\s*月份?{PART}?", b_rel_month),
    Rule("month_part", rf"月{PART}", lambda m: [part_of(m["part"]), p.Period("month")]),
    Rule("period_part", r"(?P<part>上旬|中旬|下旬|上半月|下半月)", lambda m: [part_of(m["part"]), p.Period("month")]),
    Rule("half_year", r"(?P<part>上半年|下半年)", lambda m: [part_of(m["part"], year=True), p.Period("year")]),
    Rule("rel_year", rf"(?P<rel>{_REL_YEAR})年(?:年?{YEAR_PART}|(?P<alone>{_SEP_AHEAD}))?", b_rel_year),
    Rule("year_part", rf"年{YEAR_PART}", lambda m: [part_of(m["part"], year=True), p.Period("year")]),
    Rule("quarter", r"第?(?P<q>[一二三四1-4])\s*(?:季度|季)", lambda m: p.Quarter(cn_int(m["q"]))),
    Rule("rel_quarter", rf"(?P<rel>上|下|{THIS})\s*{GE}?\s*季度?",
         lambda m: p.Period("quarter", REL_SHIFT.get(m["rel"], 0))),
    Rule("date", rf"(?:(?P<y>{YEAR}|\d{{2}})\s*年\s*)?(?P<mo>{MONTH})\s*月份?(?:\s*(?P<d>{DAY})(?!\s*(?:点|點|时|時)))?"
                 rf"{PART}?", b_date),
    Rule("year", rf"(?P<y>{YEAR})\s*年(?:份|度)?{YEAR_PART}?", b_date),
    # durations (after shifts: 三天后 is a shift, 三天 a length)
    # 三天两夜 (a trip of three days), 两晚 / 三个晚上 (a stay of N nights): a length in days
    # (not 一个晚上六点: 一个 counts the event, 晚上六点 is when — so 晚 never stops short of its 上)
    Rule("nights", rf"(?:(?P<d>{COUNT})\s*天\s*{COUNT}\s*(?:夜|晚)|(?P<n>{COUNT})\s*{GE}?\s*(?:晚上|晚(?!上)|夜))"
                   rf"(?!\s*(?:[点點时時:：半]|\d|[{CN}]))",
         lambda m: p.Duration(relativedelta(days=small_int(m["d"] or m["n"])), "day")),
    Rule("duration", rf"(?:持续|持續|为期|為期|共|总共|總共)?\s*(?P<dur>{DUR_LIST})(?:左右)?", b_duration),
    # parts of day, ranges, open bounds
    # 下班 (end of the working day) = the core's "end of day" (17:00-24:00): 下班前 before 17:00, 下班后 after it
    Rule("off_work_of", rf"(?<=[天日{WEEKDAY_CHAR[1:-1]}])(?:下班|放工|收工)(?:的?(?:时候|時候|时间|時間))?",
         const(p.PeriodPart("end"))),
    Rule("off_work", r"(?:下班|放工|收工)(?:的?(?:时候|時候|时间|時間))?", const(p.PeriodPart("end"), p.Period("day"))),
    # 上班前: until the working day begins (09:00, as "before work")
    Rule("before_work", r"(?:上班|开工|開工)\s*(?:之前|以前|前)", const(p.OpenBound("before"), p.Clock(9, 0, h24=True))),
    Rule("later", r"(?:晚些|稍晚|晚一些|迟些|遲些)(?:的)?(?:时候|時候)?", const(p.PeriodPart("rest"))),
    # 待会儿三点, 一会儿下午两点, 稍后五点: that clock still to come today (bound to the time that follows:
    # alone 一会儿 is "a moment", not a time)
    Rule("later_clock", r"(?:待会儿?|待會兒?|一会儿|一會兒|稍后|稍後)(?=\s*(?:[0-9０-９一二三四五六七八九十两兩]|"
                        r"上午|下午|晚上|中午|傍晚|早上))", const(p.PeriodPart("rest"), p.DayShift(0))),
    # 今天早些时候九点: the day named, as it is
    Rule("earlier", r"(?:早些|稍早|早一些)(?:的)?(?:时候|時候)", const()),
    # 第二天, 次日, 隔天: the day after an event (a move keeps its clock); alone, the next day of nothing
    # 那天, 那一天, 同一天, 同天: the event's own day (after a day, 周日那天 is that day: ``that_day`` above)
    Rule("the_events_day", r"(?:那\s*(?:一\s*)?|同\s*一?\s*)(?:天|日)(?![\u4e00-\u9fff]*?[前后後])",
         const(p.Shift(relativedelta(days=0), "day", event="must"))),
    Rule("next_day", r"第二[天日]|次日|隔天|翌日", const(p.Shift(relativedelta(days=1), "day", event="must"))),   # 今天晚些时候
    # 上午12点 / 早上十二点半: noon (12:xx is never the small hours of a morning), not midnight
    Rule("am_noon", r"(?:上午|早上|早晨|上晝|上昼)(?=\s*(?:12|十二)\s*(?:点|點|时|時|:|：))", const(PODS["中午"])),
    Rule("pod", rf"(?P<pod>{alt(PODS)})(?<![早晚夜](?=一?[点點]|些))", b_pod),
    Rule("midnight", r"午夜|子夜", const(p.Clock(0, 0, h24=True))),
    Rule("range_start", r"从|從|由|自从|自從|自", const(p.RangeStart())),
    # 2019年和2021年之间: 和 / 与 / 跟 before a later 之间 separates a range's ends
    Rule("and_between", r"(?:和|与|與|跟|及)(?=[^和与與跟及]{1,24}?(?:之间|之間|中间|中間))", const(p.RangeSep())),
    # 周二和周四, 周一及周三: 和 / 及 / 跟 / 与 before a weekday joins a list of weekdays (as "and"; 、 is punctuation)
    # 1号和15号, 五号及二十号: a list of days of the month (每月1号和15号: one series on both)
    Rule("or", r"或者|或是|或(?!\s*(?:之|以)?(?:前|后|後))|还是|還是", const(p.Or())),   # 周三或者周四; not 周五或之前
    Rule("and_month_day", r"(?:和|及|跟|与|與)(?=\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:号|號|日))",
         const(p.RangeSep(weak=True))),
    Rule("and_weekday", rf"(?:和|及|跟|与|與)(?=\s*{WEEK}{WEEKDAY_CHAR})", const(p.RangeSep(weak=True))),
    # inclusive open bounds: 2027年3月1日或之后 (from that day), 2020年及以前 (up to the end of 2020)
    Rule("open_from", r"(?:或|及|以及|或者)\s*(?:之后|之後|以后|以後|更晚|往后|往後)", const(p.OpenBound("after"))),
    Rule("open_through", r"(?:或|及|以及|或者)\s*(?:之前|以前|更早|往前)", const(p.OpenBound("through"))),
    Rule("range_until", r"一直到|直到", const(p.RangeSep(until=True))),   # "until": 直到五点 alone is an open end
    Rule("range_dash", r"-|—|–", const(p.RangeSep(dash=True))),
    Rule("range_sep", r"到|至|~", const(p.RangeSep())),
    # 本周内, 今年之内, 12月以内: the rest of that period from now (a past or future one whole), not "before" it
    Rule("within_period", r"(?<=[周週拜期月年季度天])(?:以内|以內|之内|之內|内|內)", const(p.PeriodPart("within"))),
    # 五点结束, 六点为止: where it ends (结束 only after a clock: "周五结束" is Friday, as it was)
    Rule("open_end", r"为止|為止|(?<=[点點分半刻0-9])(?:结束|結束)", const(p.OpenBound("before", ends=True))),
    Rule("open_before", r"以前|之前|前|以内|以內|之内|之內", const(p.OpenBound("before"))),
    # 七点起, 三点开始: where it begins; not 起飞 (takes off), 起床 (gets up), 起来
    Rule("open_start", r"起(?![飞飛床来來身])|开始|開始", const(p.OpenBound("after", starts=True))),
    Rule("open_after", r"以后|以後|之后|之後|后|後|以来|以來", const(p.OpenBound("after"))),
    Rule("open_by", r"截止到?|截至|最晚|最迟|最遲", const(p.OpenBound("by"))),
    Rule("number", rf"(?P<n>[{CN}]+)", lambda m: p.Number(cn_int(m["n"]))),
]

FILLERS = r"(?:那就|就是|就|吧|呢|啊|呀|哦|噢|嘛|嗯|的|嘅|在|于|於|好的|好|行|可以|大约|大約|大概|约|約|差不多|一下|请|請|" \
          r"定在|改在|那|时候|時候|左右|然后|然後|接着|接著|还有|還有|另外|再)"

LANGUAGE = Language(code="zh", rules=RULES, detect=re.compile(r"[\u3400-\u9fff]"), word_boundary=False,
                    fillers=FILLERS)
