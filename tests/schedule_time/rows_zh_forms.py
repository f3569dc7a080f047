"""Chinese rows for the written forms added together (README "Informal spellings", "Weekday and day of
the month", "Ordinal weekdays", …), one block per class, each with its reason (nows: ``table.NOWS``)."""

from __future__ import annotations

from .table import Row

R = Row

INFORMAL: list[Row] = [
    R("明儿个", "tue", "2026-12-02", "明儿个: colloquial tomorrow"),
    R("今儿个晚上", "tue", "2026-12-01T18:00/2026-12-02T00:00 hour", "今儿个: colloquial today"),
    R("后儿", "sun", "2026-12-01", "后儿: the day after tomorrow"),
    R("前儿个", "tue", "2026-11-29", "前儿个: the day before yesterday"),
    R("俩小时", "tue", "duration 2:00:00", "俩: colloquial two"),
    R("俩礼拜后", "tue", "2026-12-15T10:00", "俩礼拜后: two weeks from now"),
    R("仨小时后", "tue", "2026-12-01T13:00", "仨: colloquial three"),
    R("明儿", "dec31", "2027-01-01", "明儿 on New Year's Eve: the next year's first day"),
    R("明儿早上九点", "sun", "2026-11-30T09:00", "明儿 + a morning clock time"),
    R("今儿下午", "tue", "2026-12-01T12:00/2026-12-01T19:00 hour", "今儿: today, colloquial"),
    R("昨儿个晚上", "tue", "2026-11-30T18:00/2026-12-01T00:00 hour", "昨儿个: yesterday, colloquial"),
    R("后儿个", "dec31", "2027-01-02", "后儿个 across the year end"),
    R("大后儿", "tue", "2026-12-04", "大后儿: three days from today, as 大后天"),
    R("俩钟头", "leap", "duration 2:00:00", "俩 + 钟头: two hours"),
    R("俩月后", "month_end", "2026-03-31T09:00", "俩月: two months without 个 (never a month's name)"),
    R("仨礼拜后", "sun", "2026-12-20T10:00", "仨礼拜: three weeks"),
    R("明儿一早", "tue", "2026-12-02T05:00/2026-12-02T09:00 hour", "一早: first thing in the morning, as 一大早"),
    R("后儿晚上七点半", "tue", "2026-12-03T19:30", "后儿 + evening clock time"),
]

WEEKDAY_DAY: list[Row] = [
    R("周六9号", "tue", "2027-01-09", "the next 9th that is a Saturday"),
    R("周三17号下午3点", "tue", "2027-02-17T15:00", "weekday, day and time"),
    R("下周六12号", "tue", "2026-12-12", "next week's Saturday is the 12th: they agree"),
    R("下周六9号", "tue", "unresolved", "next week's Saturday is the 12th, not the 9th: refused"),
    R("星期五13号", "dec31", "2027-08-13", "the next Friday the 13th"),
    R("周日31号", "tue", "2027-01-31", "December 31 is a Thursday: January's"),
    R("2027年3月14日周日", "tue", "2027-03-14", "a full date on the weekday named"),
    R("2027年3月14日周五", "tue", "unresolved", "14 March 2027 is a Sunday: refused"),
    R("周一30号", "month_end", "2026-03-30", "February has no 30th: March"),
    R("礼拜天2号", "tue", "2027-05-02", "礼拜天 is Sunday"),
    R("星期天6号", "tue", "2026-12-06", "this month's 6th is a Sunday"),
    R("12月25号周五", "tue", "2026-12-25", "date then weekday, agreeing"),
    R("周四24号", "tue", "2026-12-24", "Christmas Eve 2026 is a Thursday"),
    R("下周一7号", "tue", "2026-12-07", "next week's Monday is the 7th: they agree"),
    R("礼拜五18号", "dec31", "2027-06-18", "the next Friday the 18th after New Year's Eve is in June"),
    R("周二1号", "tue", "2026-12-01", "today is Tuesday the 1st: today counts"),
    R("周五13号", "leap", "2028-10-13", "the next Friday the 13th after the leap day"),
]

ORDINAL_WEEKDAYS: list[Row] = [
    R("第二个周三", "tue", "2026-12-09", "no month named: this month's second Wednesday"),
    R("第二个周三", "dec31", "2027-01-13", "this month's is past: next month's"),
    R("下个月第二个周三", "tue", "2027-01-13", "of next month"),
    R("五月的最后一个星期四", "tue", "2027-05-27", "the last Thursday of the next May"),
    R("每月第二个周三", "tue", "rrule FREQ=MONTHLY;BYDAY=2WE 2026-12-09T00:00", "monthly on the second Wednesday"),
    R("每月第二个周三", "dec31", "rrule FREQ=MONTHLY;BYDAY=2WE 2027-01-13T00:00", "first occurrence not past"),
    R("第三个星期五", "sun", "2026-12-18", "November's third Friday is past"),
    R("最后一个周五", "dec31", "2027-01-29", "this month's last Friday is past: January's"),
    R("2027年5月第二个星期日", "tue", "2027-05-09", "in a given month"),
    R("下个月最后一个周一", "month_end", "2026-02-23", "of next month"),
    R("第一个周一", "tue", "2026-12-07", "this month's first Monday is still ahead"),
    R("这个月第三个周五", "tue", "2026-12-18", "of this month"),
    R("明年一月第二个周一", "tue", "2027-01-11", "of January next year"),
    R("十二月的第二个星期六", "tue", "2026-12-12", "a month in characters"),
    R("每个月第一个周一", "tue", "rrule FREQ=MONTHLY;BYDAY=1MO 2026-12-07T00:00", "monthly, first Monday"),
    R("第四个星期四", "sun", "2026-12-24", "November's fourth Thursday (the 26th) is past: December's"),
    R("下个月第二个周三下午三点", "tue", "2027-01-13T15:00", "ordinal weekday with a time"),
    R("三月份第一个星期天", "tue", "2027-03-07", "月份: the next March"),
]

PARTS_OF_DAY: list[Row] = [
    R("清早", "tue", "2026-12-01T04:00/2026-12-01T12:00 hour", "清早: the morning (04-12), not over at 10:00"),
    R("八月三号晚", "tue", "2027-08-03T18:00/2027-08-04T00:00 hour", "a date then 晚: that evening"),
    R("中午前", "tue", "open-before 2026-12-01T12:00", "before noon: until 12:00"),
    R("明天中午前", "tue", "open-before 2026-12-02T12:00", "tomorrow before noon"),
    R("一大早", "tue", "2026-12-02T05:00/2026-12-02T09:00 hour", "一大早: very early (05-09); today's is over"),
    R("大清早", "sun", "2026-11-30T05:00/2026-11-30T09:00 hour", "大清早: very early"),
    R("明天一大早", "tue", "2026-12-02T05:00/2026-12-02T09:00 hour", "tomorrow very early"),
    R("午饭后", "tue", "2026-12-01T13:00/2026-12-01T17:00 hour", "after lunch: 13-17, as in English"),
    R("明天午饭后", "tue", "2026-12-02T13:00/2026-12-02T17:00 hour", "tomorrow after lunch"),
    R("午饭前", "tue", "open-before 2026-12-01T12:00", "before lunch: until it begins"),
    R("晚饭后", "tue", "2026-12-01T20:00/2026-12-01T23:00 hour", "after dinner: 20-23"),
    R("早饭后", "tue", "2026-12-01T09:00/2026-12-01T12:00 hour", "after breakfast: 09-12"),
    R("傍晚", "tue", "2026-12-01T17:00/2026-12-01T20:00 hour", "傍晚: dusk, 17-20"),
    R("傍晚前", "tue", "open-before 2026-12-01T17:00", "before dusk: until 傍晚 begins"),
    R("后天一大早", "tue", "2026-12-03T05:00/2026-12-03T09:00 hour", "the day after tomorrow, very early"),
    R("下午晚些时候", "tue", "2026-12-01T15:00/2026-12-01T19:00 hour", "later in the afternoon: 15-19, as 'late afternoon'"),
    R("明天上午晚些時候", "tue", "2026-12-02T10:00/2026-12-02T12:00 hour", "late morning 10-12 (traditional 時候)"),
    R("下午早些时候", "sun", "2026-11-29T12:00/2026-11-29T15:00 hour", "earlier in the afternoon: 12-15"),
]

PERIODS: list[Row] = [
    R("2026年上半年", "tue", "2026-01-01T00:00/2026-07-01T00:00 month", "上半年: January-June"),
    R("明年下半年", "dec31", "2027-07-01T00:00/2028-01-01T00:00 month", "下半年 of next year, said on the last day of the year"),
    R("后年第三个月", "tue", "month 2028-03", "the third month of the year after next"),
    R("2027年第3个月", "leap", "month 2027-03", "the third month of 2027, even if past"),
    R("今年最后一个月", "tue", "month 2026-12", "the last month of this year"),
    R("2027年的前3周", "tue", "2027-01-04T00:00/2027-01-25T00:00 week", "the first three whole weeks of 2027"),
    R("本月前10天", "tue", "2026-12-01T00:00/2026-12-11T00:00 day", "the first ten days of this month"),
    R("明年前两个月", "tue", "2027-01-01T00:00/2027-03-01T00:00 month", "the first two months of next year"),
    R("前3周", "tue", "2026-11-09T00:00/2026-11-30T00:00 week", "without a year or month: the three weeks before this one"),
    R("下半年", "tue", "2026-07-01T00:00/2027-01-01T00:00 month", "下半年 alone: this year's, even if mostly past"),
    R("上半年", "sun", "2026-01-01T00:00/2026-07-01T00:00 month", "上半年 alone: this year's"),
    R("第三季度", "tue", "2026-07-01T00:00/2026-10-01T00:00 month", "a quarter alone: this year's (as 上半年)"),
    R("明年第一季度", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "Q1 of next year"),
    R("下个季度", "tue", "2027-01-01T00:00/2027-04-01T00:00 month", "the next quarter across the year end"),
    R("本月下半月", "tue", "2026-12-16T00:00/2027-01-01T00:00 day", "下半月: days 16 to the end"),
    R("下半月", "month_end", "2026-01-16T00:00/2026-02-01T00:00 day", "下半月 alone: this month's (the last day is in it)"),
]

RANGES: list[Row] = [
    R("2015年到2017年", "tue", "2015-01-01T00:00/2018-01-01T00:00 year", "a range of years, inclusive"),
    R("2019年和2021年之间", "tue", "2019-01-01T00:00/2022-01-01T00:00 year", "X和Y之间: between X and Y"),
    R("明天和后天之间", "tue", "2026-12-02T00:00/2026-12-04T00:00 day", "between two days, inclusive"),
    R("下午3点和5点之间", "tue", "2026-12-01T15:00/2026-12-01T17:00 minute", "between two clock times"),
    R("2027年3月1日或之后", "tue", "open-after 2027-03-01T00:00", "或之后: on or after"),
    R("2020年及以前", "tue", "open-before 2021-01-01T00:00", "及以前: up to the end of 2020"),
    R("周五或之前", "tue", "open-before 2026-12-05T00:00", "或之前: through Friday"),
    R("2020年以前", "sun", "open-before 2020-01-01T00:00", "以前 alone: before 2020 begins (exclusive)"),
    R("下周三以前", "tue", "open-before 2026-12-09T00:00", "以前: before next Wednesday begins"),
    R("下周一以后", "tue", "open-after 2026-12-07T00:00", "以后: from next Monday on"),
    R("三点以后", "tue", "open-after 2026-12-01T15:00", "a bare 3 is 15:00 (working-day window), then open"),
    R("周一和周三之间", "tue", "2026-12-07T00:00/2026-12-10T00:00 day", "between two weekdays, inclusive"),
    R("12月10号以前", "tue", "open-before 2026-12-10T00:00", "以前 a date: before it begins"),
    R("春节以后", "tue", "open-after 2027-02-06T00:00", "after the next Spring Festival"),
    R("明天下午三点到五点之间", "tue", "2026-12-02T15:00/2026-12-02T17:00", "a day, then X到Y之间"),
]

DURATIONS: list[Row] = [
    R("两年半", "tue", "duration 21912:00:00", "two and a half years (2 years + 6 months)"),
    R("一个半月", "tue", "duration 1104:00:00", "a month and a half (1 month + 15 days)"),
    R("两个半小时", "dec31", "duration 2:30:00", "two and a half hours"),
    R("一周半", "tue", "duration 252:00:00", "a week and a half"),
    R("两晚", "tue", "duration 48:00:00", "two nights: a stay of two days"),
    R("三个晚上", "tue", "duration 72:00:00", "three nights"),
    R("三天两夜", "tue", "duration 72:00:00", "three days, two nights: a three-day trip"),
    R("2晚", "sun", "duration 48:00:00", "digits before 晚: nights"),
    R("两个钟头", "tue", "duration 2:00:00", "钟头: hours"),
    R("四十五分钟", "sun", "duration 0:45:00", "forty-five minutes"),
    R("三刻钟", "sun", "duration 0:45:00", "three quarters of an hour"),
    R("一天半", "tue", "duration 36:00:00", "a day and a half"),
    R("三个多小时", "tue", "duration 3:00:00", "three-odd hours: the amount itself"),
    R("二十来分钟", "tue", "duration 0:20:00", "about twenty minutes: the amount itself"),
    R("一个多月后", "tue", "2027-01-01T10:00", "a month-odd from now: one month"),
]

ROWS: list[Row] = DURATIONS + RANGES + INFORMAL + WEEKDAY_DAY + ORDINAL_WEEKDAYS + PARTS_OF_DAY + PERIODS
