"""Chinese table rows (simplified, traditional, some Cantonese). Expected values are worked out by hand
from the README "Conventions" (weeks start on Monday; 下周X is the X of next calendar week; 这周X the X
of this one, even if past; a bare hour 6/7/8 is ambiguous, 1-5 afternoon, 9-11 morning …). Explicit rows
first, then families generated from the same conventions, each row with its own reason.

Nows (README of ``table.py``): sun = Sun 2026-11-29 10:00 Shanghai, tue = Tue 2026-12-01 10:00
Shanghai, month_end = Sat 2026-01-31 09:00 New York, dec31 = Thu 2026-12-31 18:00 London,
leap = Tue 2028-02-29 12:00 Shanghai; the DST days are Sundays at 00:30.
"""

from __future__ import annotations

from datetime import date, timedelta

from .table import NOWS, Row

R = Row
ROWS: list[Row] = [
    # relative days (tue = Tue 1 Dec 2026)
    R("今天", "tue", "2026-12-01", "今天 is the whole current day"),
    R("今日", "tue", "2026-12-01", "今日 (written/Cantonese) is today"),
    R("明天", "tue", "2026-12-02", "明天 is tomorrow"),
    R("明日", "tue", "2026-12-02", "明日 is tomorrow"),
    R("聽日", "tue", "2026-12-02", "Cantonese 聽日 is tomorrow"),
    R("后天", "tue", "2026-12-03", "后天 is two days ahead"),
    R("後天", "tue", "2026-12-03", "traditional 後天"),
    R("大后天", "tue", "2026-12-04", "大后天 is three days ahead"),
    R("大後天", "tue", "2026-12-04", "traditional 大後天"),
    R("昨天", "tue", "2026-11-30", "昨天 is yesterday"),
    R("尋日", "tue", "2026-11-30", "Cantonese 尋日 is yesterday"),
    R("前天", "tue", "2026-11-29", "前天 is two days back"),
    R("大前天", "tue", "2026-11-28", "大前天 is three days back"),
    R("明天", "dec31", "2027-01-01", "tomorrow crosses the year"),
    R("后天", "dec31", "2027-01-02", "two days ahead crosses the year"),
    R("明天", "month_end", "2026-02-01", "tomorrow crosses the month"),
    R("昨天", "month_end", "2026-01-30", "yesterday inside the month"),
    R("明天", "leap", "2028-03-01", "the day after Feb 29"),
    R("昨天", "leap", "2028-02-28", "the day before Feb 29"),
    R("前天", "leap", "2028-02-27", "two days before Feb 29"),
    R("现在", "tue", "2026-12-01T10:00", "现在 is the current minute"),
    R("現在", "sun", "2026-11-29T10:00", "traditional 現在"),
    R("此刻", "leap", "2028-02-29T12:00", "此刻 is now"),
    # clock times (tue 10:00)
    R("三点", "tue", "2026-12-01T15:00 assumed", "a bare 3 is read as 15:00 (working-day window)"),
    R("3点", "tue", "2026-12-01T15:00 assumed", "Arabic hour + 点"),
    R("三點", "tue", "2026-12-01T15:00 assumed", "traditional 點"),
    R("两点", "tue", "2026-12-01T14:00 assumed", "两 is 2"),
    R("兩點", "tue", "2026-12-01T14:00 assumed", "traditional 兩"),
    R("十五点", "tue", "2026-12-01T15:00", "15 needs no am/pm"),
    R("15点30", "tue", "2026-12-01T15:30", "15点30 = 15:30"),
    R("三点半", "tue", "2026-12-01T15:30 assumed", "半 is half past"),
    R("3点半", "tue", "2026-12-01T15:30 assumed", "Arabic hour + 半"),
    R("三点一刻", "tue", "2026-12-01T15:15 assumed", "一刻 is a quarter past"),
    R("三点三刻", "tue", "2026-12-01T15:45 assumed", "三刻 is three quarters"),
    R("三点十五分", "tue", "2026-12-01T15:15 assumed", "minutes with 分"),
    R("三点零五", "tue", "2026-12-01T15:05 assumed", "零五 is 05 minutes"),
    R("三点差五分", "tue", "2026-12-01T14:55 assumed", "差五分 is five to"),
    R("差一刻三点", "tue", "2026-12-01T14:45 assumed", "差一刻 before the hour"),
    R("十点过五分", "tue", "2026-12-01T10:05 assumed", "过 before the minutes is literal, not five-minute marks"),
    R("十点过一刻", "tue", "2026-12-01T10:15 assumed", "过一刻 is a quarter past"),
    R("明天全天", "tue", "2026-12-02", "全天 (all day) adds nothing to the day"),
    R("三点整", "tue", "2026-12-01T15:00 assumed", "整 is on the hour"),
    R("两点钟", "tue", "2026-12-01T14:00 assumed", "点钟"),
    R("下午三時", "tue", "2026-12-01T15:00", "時 as the hour mark"),
    R("九点", "tue", "2026-12-02T09:00 assumed", "a bare 9 is morning; already past today: tomorrow"),
    R("十点", "tue", "2026-12-01T10:00 assumed", "the current minute is still today"),
    R("十一点", "tue", "2026-12-01T11:00 assumed", "十一点 is a clock time, not National Day"),
    R("十二点", "tue", "2026-12-01T12:00 assumed", "a bare 12 is noon"),
    R("零点", "tue", "2026-12-02T00:00", "零点 is midnight; the next one"),
    R("0点", "tue", "2026-12-02T00:00", "0点 is midnight"),
    R("7点半", "tue", "ambiguous 2026-12-02T07:30 2026-12-01T19:30", "bare 7 is ambiguous: morning/evening"),
    R("8点", "tue", "ambiguous 2026-12-02T08:00 2026-12-01T20:00", "bare 8 is ambiguous"),
    R("6点", "tue", "ambiguous 2026-12-02T06:00 2026-12-01T18:00", "bare 6 is ambiguous: 6 am or 6 pm"),
    R("周六6点", "tue", "ambiguous 2026-12-05T06:00 2026-12-05T18:00", "a weekday does not decide a bare 6"),
    R("5点", "tue", "2026-12-01T17:00 assumed", "bare 5 is afternoon (working-day window)"),
    R("七点", "tue", "ambiguous 2026-12-02T07:00 2026-12-01T19:00", "bare 七 is ambiguous"),
    R("八点半", "tue", "ambiguous 2026-12-02T08:30 2026-12-01T20:30", "bare 八点半 is ambiguous"),
    R("明天8点", "tue", "ambiguous 2026-12-02T08:00 2026-12-02T20:00", "a day does not decide am/pm"),
    R("晚饭7点半", "tue", "2026-12-01T19:30", "晚饭 (dinner) decides the evening"),
    R("早饭7点", "tue", "2026-12-02T07:00", "早饭 (breakfast) decides the morning; past today: tomorrow"),
    R("午饭12点半", "tue", "2026-12-01T12:30", "午饭 (lunch) at half past twelve"),
    R("25点", "tue", "unresolved", "there is no hour 25"),
    R("下午25点", "tue", "unresolved", "25 is not an hour even with a part of day"),
    R("24点", "tue", "2026-12-02T00:00", "24点 is the midnight ending today"),
    R("下午三点", "tue", "2026-12-01T15:00", "下午 decides pm"),
    R("下午3点半", "tue", "2026-12-01T15:30", "下午 + half past"),
    R("下午三点十五", "tue", "2026-12-01T15:15", "minutes without 分"),
    R("下午三點", "tue", "2026-12-01T15:00", "traditional 點"),
    R("晏晝三點", "tue", "2026-12-01T15:00", "Cantonese 晏晝 is the afternoon"),
    R("晏晝三點三", "tue", "2026-12-01T15:15", "Cantonese: 三 after 點 is three five-minute marks"),
    R("晏晝三點踏半", "tue", "2026-12-01T15:30", "Cantonese 踏半 is half past"),
    R("晏晝三點一個字", "tue", "2026-12-01T15:05", "Cantonese 一個字 is five minutes"),
    R("上午十点", "tue", "2026-12-01T10:00", "上午 decides am; the current minute is today"),
    R("上午九点", "tue", "2026-12-02T09:00", "上午九点 already past today: tomorrow"),
    R("早上八点", "tue", "2026-12-02T08:00", "早上 decides am"),
    R("早上8点半", "tue", "2026-12-02T08:30", "早上 + half past"),
    R("中午12点", "tue", "2026-12-01T12:00", "中午12点 is noon"),
    R("中午一点", "tue", "2026-12-01T13:00", "中午一点 is 13:00"),
    R("傍晚六点", "tue", "2026-12-01T18:00", "傍晚 (dusk) decides pm"),
    R("晚上八点", "tue", "2026-12-01T20:00", "晚上 decides pm"),
    R("晚上十點半", "tue", "2026-12-01T22:30", "traditional, 晚上 + half past"),
    R("晚上12点", "tue", "2026-12-02T00:00", "晚上12点 is the midnight ending the evening"),
    R("晚上1点", "tue", "2026-12-02T01:00", "晚上一点 is 1 am after the evening, never 13:00"),
    R("晚上3点半", "tue", "2026-12-02T03:30", "晚上 1-3点 are the small hours after the evening"),
    R("今晚1点", "tue", "2026-12-02T01:00", "今晚 + 1点: the small hours after tonight"),
    R("明晚两点", "tue", "2026-12-03T02:00", "明晚 + 两点: the small hours after tomorrow evening"),
    R("深夜2点", "tue", "2026-12-02T02:00", "深夜 (late night) + 2点: after midnight"),
    R("晚上11点到1点", "tue", "2026-12-01T23:00/2026-12-02T01:00 minute", "a late range over midnight"),
    R("晚上4点", "tue", "2026-12-01T16:00", "4 is outside the small hours: the pm hint decides (README)"),
    R("凌晨三点", "tue", "2026-12-02T03:00", "凌晨 is the small hours; past today: tomorrow's"),
    R("凌晨一点", "tue", "2026-12-02T01:00", "凌晨一点 is 01:00"),
    R("半夜两点", "tue", "2026-12-02T02:00", "半夜 is after midnight"),
    R("午夜", "tue", "2026-12-02T00:00", "午夜 is the next midnight"),
    R("今晚8点", "tue", "2026-12-01T20:00", "今晚 decides pm"),
    R("今晚八點", "tue", "2026-12-01T20:00", "traditional 今晚八點"),
    R("明晚七点半", "tue", "2026-12-02T19:30", "明晚 is tomorrow evening"),
    R("明早7点", "tue", "2026-12-02T07:00", "明早 is tomorrow morning"),
    R("明天早上八点半", "tue", "2026-12-02T08:30", "day + part of day + clock"),
    R("明天下午三点", "tue", "2026-12-02T15:00", "day + part of day + clock"),
    R("15:30", "tue", "2026-12-01T15:30", "24-hour digits in a Chinese context"),
    R("下午3:15", "tue", "2026-12-01T15:15", "下午 + digits"),
    R("晚8:00", "tue", "2026-12-01T20:00", "晚 alone before digits is the evening"),
    R("明天 3pm", "tue", "2026-12-02T15:00", "Chinese day + English clock"),
    # parts of day
    R("今晚", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "今晚 is 18:00 to midnight"),
    R("今天晚上", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "今天 + 晚上"),
    R("明晚", "tue", "2026-12-02T18:00/2026-12-03T00:00 hour", "明晚 is tomorrow evening"),
    R("昨晚", "tue", "2026-11-30T18:00/2026-12-01T00:00 hour", "昨晚 is yesterday evening"),
    R("明早", "tue", "2026-12-02T04:00/2026-12-02T12:00 hour", "早上 spans 04:00-12:00"),
    R("明天上午", "tue", "2026-12-02T00:00/2026-12-02T12:00 hour", "上午 spans 00:00-12:00"),
    R("明天中午", "tue", "2026-12-02T12:00/2026-12-02T14:00 hour", "中午 spans 12:00-14:00"),
    R("明天下午", "tue", "2026-12-02T12:00/2026-12-02T19:00 hour", "下午 spans 12:00-19:00"),
    R("后天下午", "tue", "2026-12-03T12:00/2026-12-03T19:00 hour", "后天 + 下午"),
    R("大后天晚上", "tue", "2026-12-04T18:00/2026-12-05T00:00 hour", "大后天 + 晚上"),
    R("下午", "tue", "2026-12-01T12:00/2026-12-01T19:00 hour", "a part of day not over is today's"),
    R("上午", "tue", "2026-12-01T00:00/2026-12-01T12:00 hour", "上午 is not over at 10:00"),
    R("凌晨", "tue", "2026-12-02T00:00/2026-12-02T06:00 hour", "凌晨 is over: tomorrow's"),
    R("晚上", "dec31", "2026-12-31T18:00/2027-01-01T00:00 hour", "at 18:00 the evening is under way"),
    R("周一早上", "tue", "2026-12-07T04:00/2026-12-07T12:00 hour", "weekday + 早上"),
    R("礼拜天下午", "tue", "2026-12-06T12:00/2026-12-06T19:00 hour", "礼拜天 + 下午"),
    R("周日下午2点", "tue", "2026-12-06T14:00", "the issue's slot example"),
    R("下周五下午2点", "tue", "2026-12-11T14:00", "下周五 is in next calendar week"),
    R("下周三上午十点", "sun", "2026-12-02T10:00", "on Sunday next week starts tomorrow"),
    # dates (tue 1 Dec 2026)
    R("十二月五号", "tue", "2026-12-05", "Chinese month and day"),
    R("12月5日", "tue", "2026-12-05", "Arabic month and 日"),
    R("12月5号", "tue", "2026-12-05", "号 is the day mark"),
    R("十二月五號", "tue", "2026-12-05", "traditional 號"),
    R("5号", "tue", "2026-12-05", "a bare day is the next such day"),
    R("一号", "tue", "2026-12-01", "today counts as the next 1st"),
    R("三十一号", "tue", "2026-12-31", "day 31 of this month"),
    R("二十五号", "tue", "2026-12-25", "二十五"),
    R("廿五号", "tue", "2026-12-25", "廿 is twenty"),
    R("11月30日", "tue", "2027-11-30", "a date already past this year is next year's"),
    R("3月", "tue", "month 2027-03", "a month already past is next year's"),
    R("三月份", "tue", "month 2027-03", "月份 is the month"),
    R("十二月", "tue", "month 2026-12", "the current month counts"),
    R("十一月", "tue", "month 2027-11", "十一月 is November, not National Day"),
    R("2014年", "tue", "year 2014", "a year"),
    R("2014年3月", "tue", "month 2014-03", "year and month"),
    R("2026年12月5日", "tue", "2026-12-05", "full date"),
    R("二〇二六年十二月五日", "tue", "2026-12-05", "year digit by digit"),
    R("二零一五年三月三號", "tue", "2015-03-03", "零 in a digit-by-digit year"),
    R("26年12月5日", "tue", "2026-12-05", "two-digit year: 00-49 is the 2000s"),
    R("2月29日", "tue", "2028-02-29", "Feb 29 is the next leap day"),
    R("2月29日", "leap", "2028-02-29", "on Feb 29 itself, today"),
    R("2月30日", "tue", "unresolved", "there is no Feb 30"),
    R("4月31号", "tue", "unresolved", "April has 30 days"),
    R("13月1日", "tue", "unresolved", "there is no month 13"),
    R("2016年6月2911:30", "tue", "2016-06-29T11:30", "a date run together with a clock time"),
    R("2016年9月14日晚8:00", "tue", "2016-09-14T20:00", "date + 晚 + digits"),
    R("2016年06月30日09时30分", "tue", "2016-06-30T09:30", "zero-padded date and 时/分"),
    R("2016年 2月 5日", "tue", "2016-02-05", "spaces between the fields"),
    R("周五（12月4号）", "tue", "2026-12-04", "a weekday and the date that agrees with it"),
    R("下个月20号", "tue", "2027-01-20", "a day of next month"),
    R("这个月二十号", "tue", "2026-12-20", "a day of this month"),
    R("下個月廿號", "tue", "2027-01-20", "traditional, 廿號"),
    R("十月第一个星期一", "tue", "2027-10-04", "first Monday of next October"),
    R("十月的第一個星期一", "tue", "2027-10-04", "的 is a filler; traditional 個"),
    R("下个月最后一个星期五", "tue", "2027-01-29", "last Friday of next month"),
    # weeks, months, years, parts of periods (tue)
    R("这周", "tue", "week 2026-11-30", "this calendar week, Monday first"),
    R("本周", "tue", "week 2026-11-30", "本周 is this week"),
    R("这个星期", "tue", "week 2026-11-30", "这个星期 is this week"),
    R("這禮拜", "tue", "week 2026-11-30", "traditional 這禮拜"),
    R("下周", "tue", "week 2026-12-07", "next week"),
    R("下个礼拜", "tue", "week 2026-12-07", "下个礼拜 is next week"),
    R("下下周", "tue", "week 2026-12-14", "the week after next"),
    R("上周", "tue", "week 2026-11-23", "last week"),
    R("上個星期", "tue", "week 2026-11-23", "traditional 上個星期"),
    R("这周", "sun", "week 2026-11-23", "Sunday is the last day of its week"),
    R("下周", "sun", "week 2026-11-30", "on Sunday next week starts tomorrow"),
    R("下周", "dec31", "week 2027-01-04", "next week crosses the year"),
    R("这周末", "tue", "2026-12-04T18:00/2026-12-07T00:00 hour", "weekend is Fri 18:00 to Mon 00:00"),
    R("周末", "tue", "2026-12-04T18:00/2026-12-07T00:00 hour", "a bare 周末 is this week's"),
    R("下周末", "tue", "2026-12-11T18:00/2026-12-14T00:00 hour", "next week's weekend"),
    R("上周末", "tue", "2026-11-27T18:00/2026-11-30T00:00 hour", "last week's weekend"),
    R("这周末", "sun", "2026-11-27T18:00/2026-11-30T00:00 hour", "on Sunday: the weekend ending tonight"),
    R("這週末", "sun", "2026-11-27T18:00/2026-11-30T00:00 hour", "traditional 這週末"),
    R("这个月", "tue", "month 2026-12", "this month"),
    R("本月", "tue", "month 2026-12", "本月 is this month"),
    R("下个月", "tue", "month 2027-01", "next month crosses the year"),
    R("下月", "tue", "month 2027-01", "下月 without 个"),
    R("上个月", "tue", "month 2026-11", "last month"),
    R("上個月", "month_end", "month 2025-12", "last month from January"),
    R("下下个月", "tue", "month 2027-02", "the month after next"),
    R("下个月", "dec31", "month 2027-01", "next month from Dec 31"),
    R("今年", "tue", "year 2026", "this year"),
    R("明年", "tue", "year 2027", "next year"),
    R("去年", "tue", "year 2025", "last year"),
    R("前年", "tue", "year 2024", "the year before last"),
    R("后年", "tue", "year 2028", "the year after next"),
    R("明年", "dec31", "year 2027", "next year from Dec 31"),
    R("就明年吧", "tue", "year 2027", "fillers after 明年 keep it the whole year"),
    R("明年国庆", "tue", "2027-10-01", "明年 before a holiday picks its year"),
    R("2027年农历八月十五", "tue", "2027-09-15", "a year and a lunar date"),
    R("明年3月", "tue", "month 2027-03", "明年 qualifies a month"),
    R("下年9月", "tue", "month 2027-09", "下年 is next year"),
    R("今年3月", "tue", "month 2026-03", "今年 fixes the year even when the month is past"),
    R("月初", "tue", "2026-12-01T00:00/2026-12-11T00:00 day", "beginning of a month: days 1-10"),
    R("月底", "tue", "2026-12-21T00:00/2027-01-01T00:00 day", "end of a month: day 21 to the end"),
    R("上旬", "tue", "2026-12-01T00:00/2026-12-11T00:00 day", "上旬 is days 1-10"),
    R("中旬", "tue", "2026-12-11T00:00/2026-12-21T00:00 day", "中旬 is days 11-20"),
    R("下旬", "tue", "2026-12-21T00:00/2027-01-01T00:00 day", "下旬 is day 21 to the end"),
    R("下个月初", "tue", "2027-01-01T00:00/2027-01-11T00:00 day", "beginning of next month"),
    R("这个月底", "month_end", "2026-01-21T00:00/2026-02-01T00:00 day", "end of January"),
    R("3月下旬", "tue", "2027-03-21T00:00/2027-04-01T00:00 day", "late March"),
    R("三月上旬", "tue", "2027-03-01T00:00/2027-03-11T00:00 day", "early March"),
    R("年底", "tue", "2026-12-01T00:00/2027-01-01T00:00 month", "年底 is December (README; English 'end of the year' is Sep-Dec)"),
    R("年末", "tue", "2026-12-01T00:00/2027-01-01T00:00 month", "年末 = 年底: December"),
    R("明年年底", "tue", "2027-12-01T00:00/2028-01-01T00:00 month", "next year's December"),
    R("2027年底", "tue", "2027-12-01T00:00/2028-01-01T00:00 month", "a numbered year's December"),
    R("明年年初", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "beginning of next year: Jan-Mar"),
    R("第一季度", "tue", "2026-01-01T00:00/2026-04-01T00:00 month", "the first quarter of this year"),
    R("本季度", "tue", "2026-10-01T00:00/2027-01-01T00:00 month", "this quarter"),
    R("下季度", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "next quarter"),
    R("2014年第三季度", "tue", "2014-07-01T00:00/2014-10-01T00:00 month", "a quarter of a given year"),
    # counted periods: the N whole units before/after the current one
    R("上两周", "tue", "2026-11-16T00:00/2026-11-30T00:00 week", "the two weeks before this one"),
    R("下三天", "tue", "2026-12-02T00:00/2026-12-05T00:00 day", "the next three days"),
    R("前两天", "tue", "2026-11-29T00:00/2026-12-01T00:00 day", "the two days before today"),
    R("最近三天", "tue", "2026-11-28T00:00/2026-12-01T00:00 day", "the last three days"),
    R("未来两周", "tue", "2026-12-07T00:00/2026-12-21T00:00 week", "the next two weeks"),
    R("过去一个月", "tue", "month 2026-11", "the past month"),
    R("上两个小时", "tue", "2026-12-01T08:00/2026-12-01T10:00 hour", "the two whole hours before this one"),
    R("下三个月", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "the next three months"),
    # offsets from now (tue 10:00)
    R("3天后", "tue", "2026-12-04T10:00", "三天后 is a point three days from now"),
    R("三天以后", "tue", "2026-12-04T10:00", "以后 after an amount is an offset"),
    R("三日後", "tue", "2026-12-04T10:00", "Cantonese 日 as days"),
    R("两周后", "tue", "2026-12-15T10:00", "two weeks later"),
    R("一小时后", "tue", "2026-12-01T11:00", "one hour later"),
    R("半小时后", "tue", "2026-12-01T10:30", "half an hour later"),
    R("10分钟后", "tue", "2026-12-01T10:10", "ten minutes later"),
    R("一个半小时后", "tue", "2026-12-01T11:30", "an hour and a half later"),
    R("5个月后", "tue", "2027-05-01T10:00", "five months later"),
    R("三個月後", "tue", "2027-03-01T10:00", "traditional 三個月後"),
    R("3天前", "tue", "2026-11-28T10:00", "three days ago"),
    R("兩天前", "tue", "2026-11-29T10:00", "traditional 兩天前"),
    R("两年前", "tue", "2024-12-01T10:00", "two years ago"),
    R("2 年前", "tue", "2024-12-01T10:00", "a space between the amount and the unit"),
    R("兩小時前", "tue", "2026-12-01T08:00", "two hours ago"),
    R("约23小时前", "tue", "2026-11-30T11:00", "约 (about) is a filler"),
    R("4 週後", "tue", "2026-12-29T10:00", "four weeks later"),
    R("过两天", "tue", "2026-12-03T10:00", "过两天 is in two days"),
    R("再过三天", "tue", "2026-12-04T10:00", "再过三天 is in three days"),
    R("1年，1月，1周，1天，1小时，1分钟前", "tue", "2025-10-24T08:59", "a list of amounts, then 前"),
    R("一个月后", "month_end", "2026-02-28T09:00", "Jan 31 + 1 month clips to Feb 28"),
    R("两小时后", "ny_spring", "2026-03-08T03:30", "hours are elapsed time across the spring-forward gap"),
    R("一天后", "ny_spring", "2026-03-09T00:30", "days move the wall clock"),
    R("一小时后", "lon_spring", "2026-03-29T02:30", "London: 00:30 GMT + 1h is 02:30 BST"),
    R("三小时后", "ny_fall", "2026-11-01T02:30", "00:30 EDT + 3h is 02:30 EST"),
    R("三天内", "tue", "2026-12-01T10:00/2026-12-04T10:00 minute", "within three days: from now"),
    # word order decides (README Conventions): amount + 后/前 is a point, 后/前 + amount a span of units
    R("三天之后", "tue", "2026-12-04T10:00", "三天之后 (three days later) is a point, unlike 后三天"),
    R("两个月之前", "tue", "2026-10-01T10:00", "两个月之前 (two months ago) is a point, unlike 前两个月"),
    R("兩星期前", "sun", "2026-11-15T10:00", "兩星期前 is a point two weeks back, not the two weeks before this one"),
    R("三个钟之后", "tue", "2026-12-01T13:00", "Cantonese 三个钟之后 is a point three hours on"),
    R("三秒钟后", "tue", "2026-12-01T10:00", "a point seconds away is floored to the minute (calendar grain)"),
    R("后三秒", "tue", "2026-12-01T10:00:01/2026-12-01T10:00:04 second", "后 + amount: the next three whole seconds"),
    # 半 after the unit adds half of it
    R("一天半后", "tue", "2026-12-02T22:00", "一天半 is a day and a half"),
    R("两年半以后", "tue", "2029-06-01T10:00", "两年半 is two years and six months"),
    R("一周半以后", "sun", "2026-12-09T22:00", "一周半 is ten and a half days"),
    R("三天半", "tue", "duration 84:00:00", "a length: three and a half days"),
    R("两个小时半", "tue", "duration 2:30:00", "两个小时半 is two and a half hours"),
    # a four-digit year before 年 is a year, never an amount of years
    R("2027年以后", "tue", "open-after 2027-01-01T00:00", "after the year 2027, not 2027 years from now"),
    R("2020年以前", "tue", "open-before 2020-01-01T00:00", "before the year 2020"),
    R("二零三零年之后", "tue", "open-after 2030-01-01T00:00", "a year in Chinese digits"),
    # 内 after a period: the rest of that period (from now), not "before" it
    R("本周之内", "tue", "2026-12-01T00:00/2026-12-07T00:00 day", "within this week: today to Sunday"),
    R("这个月以内", "tue", "2026-12-01T00:00/2027-01-01T00:00 day", "within this month"),
    R("今天之内", "tue", "2026-12-01T10:00/2026-12-02T00:00 minute", "within today: from now to midnight"),
    R("下周内", "tue", "2026-12-07T00:00/2026-12-14T00:00 day", "within next week: all of it"),
    R("2027年内", "tue", "2027-01-01T00:00/2028-01-01T00:00 day", "within 2027 (a year, not 2027 years)"),
    # halves and thirds of a period
    R("上半年", "tue", "2026-01-01T00:00/2026-07-01T00:00 month", "上半年 is this year's January-June, even if past"),
    R("明年下半年", "tue", "2027-07-01T00:00/2028-01-01T00:00 month", "下半年 of next year: July-December"),
    R("2027年上半年", "tue", "2027-01-01T00:00/2027-07-01T00:00 month", "a half of a given year"),
    R("这个月下半月", "tue", "2026-12-16T00:00/2027-01-01T00:00 day", "下半月 is the 16th to the month's end"),
    R("下个月上半月", "tue", "2027-01-01T00:00/2027-01-16T00:00 day", "上半月 is the 1st to the 15th"),
    R("下个月中旬", "tue", "2027-01-11T00:00/2027-01-21T00:00 day", "中旬 is read whole, not as 中 + a stray 旬"),
    R("明年三月中旬", "tue", "2027-03-11T00:00/2027-03-21T00:00 day", "中旬 after a named month"),
    R("即日起", "tue", "open-after 2026-12-01T00:00", "即日 (formal) is today"),
    R("下周的今天", "tue", "2026-12-08", "下周的今天: this day next week, the whole day"),
    R("下个月的今天", "month_end", "2026-02-28", "Jan 31 a month on clips to Feb 28"),
    R("去年今天", "tue", "2025-12-01", "this day last year"),
    R("明年的今天下午三点", "tue", "2027-12-01T15:00", "a clock time on that day"),
    R("下午四点多", "tue", "2026-12-01T16:00", "点多 (a little after) keeps the hour, as English '4ish' does"),
    R("腊月初八", "tue", "2027-01-15", "腊月 is a lunar month name: no 农历 needed"),
    R("八月初八", "tue", "2027-09-08", "初一-初十 are lunar day names: lunar 8/8 of 2027"),
    R("八月初", "tue", "2027-08-01T00:00/2027-08-11T00:00 day", "初 alone stays the start of (Gregorian) August"),
    R("后半夜", "tue", "2026-12-02T00:00/2026-12-02T05:00 hour", "后半夜 is after midnight (like 半夜)"),
    R("前半夜", "tue", "2026-12-01T21:00/2026-12-02T00:00 hour", "前半夜 is the night before midnight (like 深夜)"),

    R("两个小时以内", "tue", "2026-12-01T10:00/2026-12-01T12:00 minute", "within two hours"),
    # durations
    R("半小时", "tue", "duration 0:30:00", "half an hour"),
    R("一个半小时", "tue", "duration 1:30:00", "an hour and a half"),
    R("两个半小时", "tue", "duration 2:30:00", "two and a half hours"),
    R("90分钟", "tue", "duration 1:30:00", "ninety minutes"),
    R("一刻钟", "tue", "duration 0:15:00", "一刻钟 is fifteen minutes"),
    R("两个小时", "tue", "duration 2:00:00", "two hours"),
    R("三个钟头", "tue", "duration 3:00:00", "钟头 is an hour"),
    R("兩個鐘", "tue", "duration 2:00:00", "Cantonese 兩個鐘 is two hours"),
    R("45分钟", "tue", "duration 0:45:00", "forty-five minutes"),
    R("两天", "tue", "duration 48:00:00", "two days"),
    R("三周", "tue", "duration 504:00:00", "three weeks"),
    R("1小时30分钟", "tue", "duration 1:30:00", "hours and minutes"),
    R("半天", "tue", "duration 12:00:00", "half a day"),
    R("明天下午三点一个小时", "tue", "2026-12-02T15:00/2026-12-02T16:00 minute", "a start and a length"),
    # ranges
    R("下午2点到4点", "tue", "2026-12-01T14:00/2026-12-01T16:00 minute", "the right end borrows 下午"),
    R("2点到4点", "tue", "2026-12-01T14:00/2026-12-01T16:00 minute", "both ends read as afternoon"),
    R("三到五点", "tue", "2026-12-01T15:00/2026-12-01T17:00 minute", "a bare number borrows 点 from the other end"),
    R("上午十点到十一点半", "tue", "2026-12-01T10:00/2026-12-01T11:30 minute", "上午 range"),
    R("9点~11点", "tue", "2026-12-02T09:00/2026-12-02T11:00 minute", "~ separates; 9 is past today"),
    R("明天下午三点到五点", "tue", "2026-12-02T15:00/2026-12-02T17:00 minute", "both ends on tomorrow"),
    R("3点到5点之间", "tue", "2026-12-01T15:00/2026-12-01T17:00 minute", "之间 is a filler"),
    R("周一到周三", "tue", "2026-12-07T00:00/2026-12-10T00:00 day", "whole days, end inclusive"),
    R("从周一到周五", "tue", "2026-12-07T00:00/2026-12-12T00:00 day", "从 opens the range"),
    R("從週一到週三", "tue", "2026-12-07T00:00/2026-12-10T00:00 day", "traditional 從 … 到"),
    R("从明天到下周五", "tue", "2026-12-02T00:00/2026-12-12T00:00 day", "from tomorrow to next week's Friday"),
    # a relative day with a weekday that confirms it; a contradiction is refused
    R("明天周三", "tue", "2026-12-02", "明天 is Wednesday: the two agree"),
    R("明天（周三）", "tue", "2026-12-02", "the weekday in full-width brackets confirms 明天"),
    R("明天（周三）下午三点", "tue", "2026-12-02T15:00", "confirmed day + time"),
    R("后天周四", "tue", "2026-12-03", "后天 is Thursday: they agree"),
    R("今天周二", "tue", "2026-12-01", "今天 is Tuesday: they agree"),
    R("明天周四", "tue", "unresolved", "明天 is Wednesday, not Thursday: never a silent pick"),
    R("明天下周三", "tue", "unresolved", "明天 is this week's Wednesday, not next week's"),
    # a right end with its own date is counted from now, like the left end
    R("從明天到後天", "tue", "2026-12-02T00:00/2026-12-04T00:00 day", "後天 is Thu 3 Dec from today; end inclusive"),
    R("明天下午三点到后天", "tue", "2026-12-02T15:00/2026-12-04T00:00 minute", "后天 (Thu 3 Dec) is counted from today"),
    R("明天下午三点到后天下午五点", "tue", "2026-12-02T15:00/2026-12-03T17:00 minute", "后天 17:00 from today"),
    R("从明天到下周五", "sun", "2026-11-30T00:00/2026-12-05T00:00 day", "下周五 from Sun 29 Nov is Fri 4 Dec"),
    R("明年到后年", "tue", "2027-01-01T00:00/2029-01-01T00:00 year", "后年 is 2028, counted from now"),
    R("周五到周一", "tue", "2026-12-04T00:00/2026-12-08T00:00 day", "周一 from now is before 周五: the Monday after"),
    R("3月5号到7号", "tue", "2027-03-05T00:00/2027-03-08T00:00 day", "the right end borrows the month"),
    R("5到7号", "tue", "2026-12-05T00:00/2026-12-08T00:00 day", "a bare number borrows 号"),
    R("12月24日至26日", "tue", "2026-12-24T00:00/2026-12-27T00:00 day", "至 separates"),
    R("十点到十二点", "sun", "2026-11-29T10:00/2026-11-29T12:00 minute", "10 to 12, the current minute is today"),
    # open intervals
    R("3点以前", "tue", "open-before 2026-12-01T15:00", "以前 after a time: until then"),
    R("下午三点以后", "tue", "open-after 2026-12-01T15:00", "以后 after a time: from then on"),
    R("明天以前", "tue", "open-before 2026-12-02T00:00", "before tomorrow"),
    R("周五之前", "tue", "open-before 2026-12-04T00:00", "before Friday"),
    R("下周一开始", "tue", "open-after 2026-12-07T00:00", "开始 is from … on"),
    R("从下周一起", "tue", "open-after 2026-12-07T00:00", "从 … 起"),
    R("到周五为止", "tue", "open-before 2026-12-04T00:00", "到 … 为止 is until"),
    # recurrence (tue)
    R("每天", "tue", "rrule FREQ=DAILY 2026-12-01T00:00", "every day, starting today"),
    R("天天", "tue", "rrule FREQ=DAILY 2026-12-01T00:00", "天天 is daily"),
    R("每周一", "tue", "rrule FREQ=WEEKLY;BYDAY=MO 2026-12-07T00:00", "every Monday"),
    R("每个星期一", "tue", "rrule FREQ=WEEKLY;BYDAY=MO 2026-12-07T00:00", "每个星期一"),
    R("每個禮拜一", "tue", "rrule FREQ=WEEKLY;BYDAY=MO 2026-12-07T00:00", "traditional 每個禮拜一"),
    # a range inside a recurrence: the first occurrence's start and end, the rule at the start time
    R("每周一上午九点到十点", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00/2026-12-07T10:00", "a weekly 9-10 slot"),
    R("每天下午三点到五点", "tue",
      "rrule FREQ=DAILY;BYHOUR=15;BYMINUTE=0 2026-12-01T15:00/2026-12-01T17:00", "a daily 15-17 slot, today's first"),
    R("周一到周五每天早上九点", "tue",
      "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0 2026-12-02T09:00",
      "周一到周五 spans the weekdays; today's 09:00 is past: Wed"),
    R("每周一到周三", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE 2026-12-01T00:00", "a weekday span; today is one"),
    R("每周一上午九点", "tue", "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0 2026-12-07T09:00",
      "the issue's recurrence example"),
    R("每周三下午3点", "tue", "rrule FREQ=WEEKLY;BYDAY=WE;BYHOUR=15;BYMINUTE=0 2026-12-02T15:00",
      "every Wednesday at 15:00"),
    R("每周一到周五", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR 2026-12-01T00:00", "Monday to Friday"),
    R("每周一和周三", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,WE 2026-12-02T00:00", "two weekdays"),
    R("每周一三五", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,WE,FR 2026-12-02T00:00", "weekdays listed without a separator"),
    R("每礼拜二四下午三点", "tue", "rrule FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=15;BYMINUTE=0 2026-12-01T15:00",
      "二四 is Tuesday and Thursday, not Tuesday at 4"),
    R("每周六日", "tue", "rrule FREQ=WEEKLY;BYDAY=SA,SU 2026-12-05T00:00", "六日 is Saturday and Sunday"),
    R("每周一三点", "tue", "rrule FREQ=WEEKLY;BYDAY=MO;BYHOUR=15;BYMINUTE=0 2026-12-07T15:00",
      "a numeral before 点 is the hour, not a second weekday"),
    R("每周一次", "tue", "rrule FREQ=WEEKLY 2026-12-01T00:00", "一次 (once) after the unit: every week, not Mondays"),
    R("每两周一次", "tue", "rrule FREQ=WEEKLY;INTERVAL=2 2026-12-01T00:00", "once every two weeks"),
    R("每天一次", "tue", "rrule FREQ=DAILY 2026-12-01T00:00", "once a day"),
    R("每个季度", "tue", "rrule FREQ=MONTHLY;INTERVAL=3 2026-12-01T00:00", "every quarter is every three months"),

    R("每周二和周四下午三点", "tue", "rrule FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=15;BYMINUTE=0 2026-12-01T15:00",
      "two weekdays with a time; today is one of them"),
    R("工作日", "tue", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR 2026-12-01T00:00", "工作日 is weekdays"),
    R("每个工作日", "sun", "rrule FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR 2026-11-30T00:00", "on Sunday: from Monday"),
    R("每个周末", "tue", "rrule FREQ=WEEKLY;BYDAY=SA,SU 2026-12-05T00:00", "every weekend"),
    R("每月15号", "tue", "rrule FREQ=MONTHLY;BYMONTHDAY=15 2026-12-15T00:00", "every month on the 15th"),
    R("每月最后一个周五", "tue", "rrule FREQ=MONTHLY;BYDAY=-1FR 2026-12-25T00:00", "last Friday monthly; Dec's is the 25th"),
    R("每个月的最后一个星期五", "tue", "rrule FREQ=MONTHLY;BYDAY=-1FR 2026-12-25T00:00", "the long form"),
    R("每月最后一个周五", "dec31", "rrule FREQ=MONTHLY;BYDAY=-1FR 2027-01-29T00:00",
      "December's (25th) is past: January's last Friday is the 29th"),
    R("每月第一个周一", "tue", "rrule FREQ=MONTHLY;BYDAY=1MO 2026-12-07T00:00", "first Monday of December is the 7th"),
    R("每月第一个周二", "tue", "rrule FREQ=MONTHLY;BYDAY=1TU 2026-12-01T00:00", "today is December's first Tuesday"),
    R("每月第一个周二上午九点", "tue", "rrule FREQ=MONTHLY;BYDAY=1TU;BYHOUR=9;BYMINUTE=0 2027-01-05T09:00",
      "today's 09:00 is past: January's first Tuesday, 5 Jan"),
    R("每月1号上午10点", "tue", "rrule FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=10;BYMINUTE=0 2026-12-01T10:00",
      "monthly with a time; now is the first occurrence"),
    R("每年3月5号", "tue", "rrule FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5 2027-03-05T00:00", "every year"),
    R("每隔一周", "tue", "rrule FREQ=WEEKLY;INTERVAL=2 2026-12-01T00:00", "every other week"),
    R("每两周", "tue", "rrule FREQ=WEEKLY;INTERVAL=2 2026-12-01T00:00", "every two weeks"),
    R("每隔一天", "tue", "rrule FREQ=DAILY;INTERVAL=2 2026-12-01T00:00", "every other day"),
    R("隔周一", "tue", "rrule FREQ=WEEKLY;INTERVAL=2;BYDAY=MO 2026-12-07T00:00", "every other Monday"),
    R("每逢周五", "tue", "rrule FREQ=WEEKLY;BYDAY=FR 2026-12-04T00:00", "每逢 is every"),
    R("每天早上8点", "tue", "rrule FREQ=DAILY;BYHOUR=8;BYMINUTE=0 2026-12-02T08:00", "daily at 08:00"),
    R("每晚8点", "tue", "rrule FREQ=DAILY;BYHOUR=20;BYMINUTE=0 2026-12-01T20:00", "每晚 is every evening"),
    R("每个月", "tue", "rrule FREQ=MONTHLY 2026-12-01T00:00", "monthly"),
    # holidays (tue 1 Dec 2026)
    R("圣诞节", "tue", "2026-12-25", "Christmas"),
    R("聖誕節", "tue", "2026-12-25", "traditional Christmas"),
    R("圣诞节晚上", "tue", "2026-12-25T18:00/2026-12-26T00:00 hour", "holiday + part of day"),
    R("元旦", "tue", "2027-01-01", "New Year's Day"),
    R("元旦", "dec31", "2027-01-01", "tomorrow's New Year's Day"),
    R("春节", "tue", "2027-02-06", "Spring Festival 2027 (lunar 1/1)"),
    R("除夕", "tue", "2027-02-05", "the eve of the lunar new year"),
    R("元宵节", "tue", "2027-02-20", "Lantern Festival (lunar 1/15)"),
    R("正月十五", "tue", "2027-02-20", "正月十五 is the Lantern Festival"),
    R("五一", "tue", "2027-05-01", "五一 alone is Labour Day"),
    R("端午节", "tue", "2027-06-09", "Dragon Boat Festival 2027 (lunar 5/5)"),
    R("中秋节", "tue", "2027-09-15", "Mid-Autumn Festival 2027 (lunar 8/15)"),
    R("八月十五", "tue", "2027-09-15", "八月十五 without 号 is the Mid-Autumn Festival"),
    R("八月十五号", "tue", "2027-08-15", "with 号 it is the Gregorian date"),
    R("国庆节", "tue", "2027-10-01", "National Day"),
    R("國慶節", "tue", "2027-10-01", "traditional National Day"),
    R("十一", "tue", "2027-10-01", "十一 alone is National Day"),
    R("明年春节", "tue", "2027-02-06", "明年 picks the year"),
    R("去年国庆", "tue", "2025-10-01", "去年 picks the year"),
    R("2027年春节", "tue", "2027-02-06", "an explicit year"),
    R("今年国庆节晚上", "tue", "2026-10-01T18:00/2026-10-02T00:00 hour", "this year's, even if past"),
    R("农历八月十五", "tue", "2027-09-15", "a lunar date"),
    R("農曆八月十五", "tue", "2027-09-15", "traditional 農曆"),
    R("农历正月初一", "tue", "2027-02-06", "lunar 1/1 with 初"),
    R("农历五月初五", "tue", "2027-06-09", "lunar 5/5"),
    R("春节", "leap", "2029-02-13", "Spring Festival 2028 is over on Feb 29: the 2029 one"),
    # DST (Sundays at 00:30)
    R("凌晨两点半", "ny_spring", "2026-03-08T03:30 dst=gap-shifted-forward", "02:30 does not exist: shifted forward"),
    R("凌晨一点半", "ny_fall", "2026-11-01T01:30 dst=fold-first-occurrence", "01:30 happens twice: the first"),
    R("凌晨一点半", "lon_spring", "2026-03-29T02:30 dst=gap-shifted-forward", "London's gap is 01:00-02:00"),
    R("凌晨一点半", "lon_fall", "2026-10-25T01:30 dst=fold-first-occurrence", "London's repeated hour"),
    R("明天早上九点", "lon_fall", "2026-10-26T09:00", "the day after the fall-back"),
    R("今天", "ny_spring", "2026-03-08", "a DST day is still one day"),
    # refusals
    R("天", "tue", "unresolved", "a lone 天 is not a date"),
    R("", "sun", "unresolved", "empty text"),
    R("123", "tue", "unresolved", "a bare number"),
    R("三", "tue", "unresolved", "a bare Chinese number"),
    R("日", "tue", "unresolved", "a lone 日"),
    R("号", "tue", "unresolved", "a lone 号"),
    R("点", "tue", "unresolved", "a lone 点"),
    R("三十二号", "tue", "unresolved", "there is no day 32"),
    R("周日下午2点和张三吃饭", "tue", "unresolved", "a whole sentence, not an expression"),
    R("晚一点", "tue", "unresolved", "晚一点 is 'a bit later', not a time"),
    R("农历十三月一号", "tue", "unresolved", "there is no lunar month 13"),
]


# ---------------------------------------------------------------- generated families
_WEEKDAY_NAMES = ("一", "二", "三", "四", "五", "六", "日")
_SPELLINGS = ("周", "星期", "礼拜", "週", "禮拜")


def _today(now: str) -> date:
    return NOWS[now].date()


def _weekday_rows() -> list[Row]:
    """Bare 周X: the next X strictly after today. 这周X / 下周X / 上周X: X of this / next / last
    calendar week (Monday first), whatever today is."""
    rows: list[Row] = []
    for i, now in enumerate(("sun", "tue", "dec31", "leap")):
        today = _today(now)
        monday = today - timedelta(days=today.weekday())
        for wd, name in enumerate(_WEEKDAY_NAMES):
            spell = _SPELLINGS[(wd + i) % len(_SPELLINGS)]
            ahead = (wd - today.weekday() - 1) % 7 + 1
            rows.append(R(f"{spell}{name}", now, (today + timedelta(days=ahead)).isoformat(),
                          "a bare weekday is the next one strictly after today"))
            rows.append(R(f"这{spell}{name}", now, (monday + timedelta(days=wd)).isoformat(),
                          "这周X is X of the current calendar week, even if past"))
            rows.append(R(f"下{spell}{name}", now, (monday + timedelta(days=7 + wd)).isoformat(),
                          "下周X is X of next calendar week"))
            rows.append(R(f"上{spell}{name}", now, (monday + timedelta(days=wd - 7)).isoformat(),
                          "上周X is X of last calendar week"))
        rows.append(R("下下周三", now, (monday + timedelta(days=16)).isoformat(), "下下周 is two weeks ahead"))
    return rows


_HOURS = ("零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")


def _clock_rows() -> list[Row]:
    """下午X点 is X+12 (today if not past); 上午X点 is X (tomorrow once past 10:00)."""
    rows: list[Row] = []
    for h in range(1, 12):
        day = "2026-12-01"
        rows.append(R(f"下午{h}点", "tue", f"{day}T{h + 12:02d}:00", "下午 decides pm"))
        am = day if h >= 10 else "2026-12-02"
        rows.append(R(f"上午{_HOURS[h]}点钟", "tue", f"{am}T{h:02d}:00", "上午 decides am; past today: tomorrow"))
    for h in range(13, 24):
        rows.append(R(f"{h}点半", "sun", f"2026-11-29T{h:02d}:30", "13-23 need no am/pm"))
    return rows


def _date_rows() -> list[Row]:
    """X月Y号 on leap day 2028: this year's if today or later, else next year's."""
    rows: list[Row] = []
    for month in range(1, 13):
        name = "十" + ("" if month == 10 else _HOURS[month - 10]) if month >= 10 else _HOURS[month]
        name = name.replace("两", "二")
        year = 2028 if month >= 3 else 2029
        rows.append(R(f"{name}月十号", "leap", f"{year}-{month:02d}-10", "the next such date"))
        rows.append(R(f"{month}月", "leap", f"month {2028 if month >= 2 else 2029}-{month:02d}",
                      "the next such month; the current one counts"))
    return rows


def _offset_rows() -> list[Row]:
    rows: list[Row] = []
    for n, word in ((1, "一"), (2, "两"), (5, "五"), (10, "十")):
        rows.append(R(f"{word}天后", "sun", (date(2026, 11, 29) + timedelta(days=n)).isoformat() + "T10:00",
                      "N天后 is a point N days from now"))
        rows.append(R(f"{n}周前", "sun", (date(2026, 11, 29) - timedelta(weeks=n)).isoformat() + "T10:00",
                      "N周前 is a point N weeks back"))
        rows.append(R(f"{word}个小时", "sun", f"duration {n}:00:00", "a duration in hours"))
    return rows


ROWS += _weekday_rows() + _clock_rows() + _date_rows() + _offset_rows()
