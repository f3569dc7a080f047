"""Chinese vocabulary shared by the rules in ``zh.py``: weekdays, parts of day, units, relative words.

Simplified and traditional (and common Cantonese) spellings sit side by side; the text reaching the
rules is NFKC-normalised and lower-cased, nothing else, so each variant is listed.
"""

from __future__ import annotations

import functools

from dateutil.relativedelta import relativedelta

from . import pieces as p

WEEK = r"(?:星期|礼拜|禮拜|周|週|拜)"
WEEKDAY_CHAR = r"[一二三四五六日天七1-7]"
WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "七": 6,
            "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}
GE = r"(?:个|個)"

# Relative qualifiers of weeks/months: this, last, next, and twice removed.
THIS = r"(?:这一|這一|这个|這個|这|這|本|今個|今个|呢個|呢个|今|当|當)"   # 呢個: Cantonese "this"
REL_SHIFT = {"上上": -2, "下下": 2, "上": -1, "下": 1, "前": -1, "后": 1, "後": 1}

# Years named relative to this one (今年, 明年, 去年 …).
YEAR_WORDS = {"今": 0, "本": 0, "当": 0, "當": 0, "这一": 0, "這一": 0, "明": 1, "下": 1, "来": 1, "來": 1,
              "下一": 1, "去": -1, "上": -1, "旧": -1, "舊": -1, "上一": -1, "前": -2, "后": 2, "後": 2,
              "大前": -3, "大后": 3, "大後": 3}

DAY_WORDS = {"今天": 0, "今日": 0, "即日": 0, "今儿": 0, "今兒": 0, "当天": 0, "當天": 0, "明天": 1, "明日": 1,
             "明儿": 1, "明兒": 1, "聽日": 1, "听日": 1, "后天": 2, "後天": 2, "後日": 2, "后日": 2,
             "大后天": 3, "大後天": 3, "大後日": 3, "大后日": 3, "昨天": -1, "昨日": -1, "昨儿": -1,
             "昨兒": -1, "尋日": -1, "寻日": -1, "琴日": -1, "前天": -2, "前日": -2, "大前天": -3,
             "大前日": -3, "今儿个": 0, "今兒個": 0, "明儿个": 1, "明兒個": 1, "昨儿个": -1, "昨兒個": -1,
             "后儿": 2, "後兒": 2, "后儿个": 2, "後兒個": 2, "前儿": -2, "前兒": -2, "前儿个": -2, "前兒個": -2,
             "大后儿": 3, "大後兒": 3, "大后儿个": 3, "大後兒個": 3, "大前儿": -3, "大前兒": -3, "大前儿个": -3,
             "大前兒個": -3, "大大后天": 4, "大大後天": 4, "大大前天": -4}
"""(儿/儿个 forms: northern colloquial spellings of the same days, README "Informal spellings"; 大大后天 is four
days on, as 大后天 is three.)"""


def _pod(label: str, start: int, end: int, hint: str | None, small_hours: int = 0) -> p.PartOfDay:
    return p.PartOfDay(label, start, end, hint, small_hours=small_hours)


MORNING = _pod("morning", 4, 12, "am")
FORENOON = _pod("morning", 0, 12, "am")
NOON = _pod("noon", 12, 14, None)   # no hint: 中午11点 is 11:00 (the working-day reading), never 23:00
AFTERNOON = _pod("afternoon", 12, 19, "pm")
DUSK = _pod("dusk", 17, 20, "pm")
EVENING = _pod("evening", 18, 24, "pm", 3)    # 晚上1-3点: the small hours after the evening
EARLY = _pod("early morning", 0, 6, "am")
MIDNIGHT = _pod("midnight", 0, 5, "am")
LATE_NIGHT = _pod("late night", 21, 24, "pm", 3)
DAYTIME = _pod("daytime", 6, 18, None)

PODS = {
    "早上": MORNING, "早晨": MORNING, "清晨": MORNING, "清早": MORNING, "早": MORNING,
    "朝早": MORNING, "上午": FORENOON, "上晝": FORENOON, "上昼": FORENOON, "中午": NOON, "正午": NOON,
    "晌午": NOON, "下午": AFTERNOON, "午后": AFTERNOON, "午後": AFTERNOON, "晏晝": AFTERNOON,
    "晏昼": AFTERNOON, "下晝": AFTERNOON, "下昼": AFTERNOON, "傍晚": DUSK, "黄昏": DUSK, "黃昏": DUSK,
    "晚上": EVENING, "晚间": EVENING, "晚間": EVENING, "夜晚": EVENING, "夜里": EVENING, "夜裡": EVENING,
    "夜裏": EVENING, "夜间": EVENING, "夜間": EVENING, "晚": EVENING, "夜": EVENING, "夜晚上": EVENING,
    "凌晨": EARLY, "半夜": MIDNIGHT, "后半夜": MIDNIGHT, "後半夜": MIDNIGHT, "前半夜": LATE_NIGHT, "深夜": LATE_NIGHT, "白天": DAYTIME, "日间": DAYTIME,
    "日間": DAYTIME,
    # 一大早 / 大清早: very early, around dawn (README "Parts of the day with modifiers")
    "一大早": _pod("early morning", 5, 9, "am"), "大清早": _pod("early morning", 5, 9, "am"),
    "一早": _pod("early morning", 5, 9, "am"),   # 明儿一早: first thing after waking, as 一大早
    # 下午晚些时候 "later in the afternoon", 上午早些时候 …: the English early / late spans (README "Parts of the day
    # with modifiers")
    **{f"{part}{when}{t}": span for part, when, span in (
        ("下午", "晚些", _pod("late afternoon", 15, 19, "pm")), ("下午", "早些", _pod("early afternoon", 12, 15, "pm")),
        ("上午", "晚些", _pod("late morning", 10, 12, "am")), ("上午", "早些", _pod("early morning", 0, 9, "am")))
       for t in ("时候", "時候")},
    "大早上": _pod("early morning", 5, 9, "am"),
}
"""Parts of day: spans [start, end) in hours and the am/pm hint for a clock hour outside them."""

# Words that carry their own day: 今晚 = this evening, 明早 = tomorrow morning.
DAY_PODS = {"今晚": (EVENING, 0), "今夜": (EVENING, 0), "明晚": (EVENING, 1), "明夜": (EVENING, 1),
            "昨晚": (EVENING, -1), "昨夜": (EVENING, -1), "前晚": (EVENING, -2), "后晚": (EVENING, 2),
            "後晚": (EVENING, 2), "聽晚": (EVENING, 1), "听晚": (EVENING, 1), "尋晚": (EVENING, -1),
            "寻晚": (EVENING, -1), "琴晚": (EVENING, -1), "今早": (MORNING, 0), "今晨": (MORNING, 0),
            "明早": (MORNING, 1), "聽朝": (MORNING, 1), "听朝": (MORNING, 1), "昨早": (MORNING, -1),
            "今朝": (MORNING, 0)}

# Units of a duration: name -> (relativedelta field, multiplier, grain).
UNITS = {
    "秒": ("seconds", 1, "second"), "分": ("minutes", 1, "minute"), "刻": ("minutes", 15, "minute"),
    "时": ("hours", 1, "hour"), "钟": ("hours", 1, "hour"), "天": ("days", 1, "day"),
    "日": ("days", 1, "day"), "周": ("weeks", 1, "week"), "月": ("months", 1, "month"),
    "年": ("years", 1, "year"),
}
UNIT = (r"(?:秒钟|秒鐘|秒|分钟|分鐘|分|刻钟|刻鐘|小时|小時|钟头|鐘頭|钟|鐘|天|日|周|週|星期|礼拜|禮拜|"
        r"月|年)")
"""Every unit spelling; ``unit_key`` maps one to its UNITS entry."""

_UNIT_KEYS = {"秒": "秒", "分": "分", "刻": "刻", "小": "时", "钟": "钟", "鐘": "钟", "天": "天", "日": "日",
              "周": "周", "週": "周", "星": "周", "礼": "周", "禮": "周", "月": "月", "年": "年"}


def unit_key(unit: str) -> str:
    """"分钟" -> "分", "小時" -> "时", "禮拜" -> "周": the UNITS key of a unit spelling."""
    return _UNIT_KEYS[unit[0]]


_FINER = {"year": "month", "month": "day", "week": "day", "day": "hour", "hour": "minute"}


@functools.lru_cache(maxsize=1024)
def delta_of(amount: float, unit: str) -> tuple[relativedelta, str]:
    """An amount of a unit (fractions allowed: 1.5 hours) -> (relativedelta, grain): one shared object per
    distinct amount and unit word (a bounded table; nobody mutates a delta)."""
    name, mult, grain = UNITS[unit_key(unit)]
    value = amount * mult
    whole = int(value)
    delta = relativedelta(**{name: whole})
    frac = value - whole
    if frac:
        seconds = {"weeks": 604800, "days": 86400, "hours": 3600, "minutes": 60, "seconds": 1}
        if name in seconds:
            delta += relativedelta(seconds=round(frac * seconds[name]))
        elif name == "months":
            delta += relativedelta(days=round(frac * 30))
        else:
            delta += relativedelta(months=round(frac * 12))
        grain = _FINER.get(grain, grain)
    return delta, grain


# Zone names with a fixed offset (no daylight saving), in minutes east of UTC. Zones that change with the
# season (纽约时间, 伦敦时间) are left out: a fixed offset would be wrong half the year.
ZONES = {"北京时间": 480, "北京時間": 480, "中国时间": 480, "中國時間": 480, "东八区": 480, "東八區": 480,
         "香港时间": 480, "香港時間": 480, "台北时间": 480, "台北時間": 480, "新加坡时间": 480,
         "新加坡時間": 480, "东京时间": 540, "東京時間": 540, "日本时间": 540, "日本時間": 540,
         "首尔时间": 540, "首爾時間": 540, "韩国时间": 540, "韓國時間": 540, "印度时间": 330, "印度時間": 330,
         "格林尼治时间": 0, "格林威治时间": 0, "格林威治時間": 0, "世界时": 0, "協調世界時": 0, "协调世界时": 0}

# Places whose clock changes with the season (and a few that do not), read as IANA zones so that daylight
# saving is applied on the date in question: 伦敦时间下午三点, 美西时间, 紐約時間. Simplified and traditional.
_NY, _LA, _CHI = "America/New_York", "America/Los_Angeles", "America/Chicago"
ZONE_PLACES = {
    "伦敦": "Europe/London", "倫敦": "Europe/London", "英国": "Europe/London", "英國": "Europe/London",
    "巴黎": "Europe/Paris", "法国": "Europe/Paris", "法國": "Europe/Paris", "柏林": "Europe/Berlin",
    "德国": "Europe/Berlin", "德國": "Europe/Berlin", "欧洲中部": "Europe/Paris", "歐洲中部": "Europe/Paris",
    "马德里": "Europe/Madrid", "馬德里": "Europe/Madrid", "罗马": "Europe/Rome", "羅馬": "Europe/Rome",
    "阿姆斯特丹": "Europe/Amsterdam", "莫斯科": "Europe/Moscow",
    "纽约": _NY, "紐約": _NY, "美东": _NY, "美東": _NY, "美国东部": _NY, "美國東部": _NY, "波士顿": _NY,
    "波士頓": _NY, "华盛顿": _NY, "華盛頓": _NY, "多伦多": "America/Toronto", "多倫多": "America/Toronto",
    "芝加哥": _CHI, "美中": _CHI, "美国中部": _CHI, "美國中部": _CHI,
    "美西": _LA, "美国西部": _LA, "美國西部": _LA, "太平洋": _LA, "洛杉矶": _LA, "洛杉磯": _LA,
    "旧金山": _LA, "舊金山": _LA, "三藩市": _LA, "西雅图": _LA, "西雅圖": _LA, "硅谷": _LA, "矽谷": _LA,
    "温哥华": "America/Vancouver", "溫哥華": "America/Vancouver",
    "悉尼": "Australia/Sydney", "雪梨": "Australia/Sydney", "墨尔本": "Australia/Melbourne",
    "墨爾本": "Australia/Melbourne", "澳洲东部": "Australia/Sydney", "澳洲東部": "Australia/Sydney",
    "新西兰": "Pacific/Auckland", "紐西蘭": "Pacific/Auckland", "奥克兰": "Pacific/Auckland",
    "迪拜": "Asia/Dubai", "杜拜": "Asia/Dubai", "曼谷": "Asia/Bangkok", "雅加达": "Asia/Jakarta",
    "雅加達": "Asia/Jakarta", "以色列": "Asia/Jerusalem", "夏威夷": "Pacific/Honolulu",
}
