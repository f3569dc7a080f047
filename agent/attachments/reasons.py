"""Why an item of a file is skipped, in the user's language.

The importer's reasons (``storage.ics_drafts``, ``storage.ics_import``, ``storage.ics_plan``, the store's
validation) are English sentences for a person. For a Chinese reply the ones the importer says most often
are given in Chinese here: a table of its exact sentences, and the few that name a property (``its DTEND
value is not valid iCalendar``) read by a pattern of our own sentence. A reason not in the table stays as
the store wrote it.

A few of the importer's sentences read as a claim of a write ("already imported", "was already changed or
removed"): said in a preview, where nothing was written, the exit check's grammar would take them for
claims. Those are said here without the past participle, in English too (``_EN``).
"""

from __future__ import annotations

import re

from agent.language import Lang

__all__ = ["reason_text"]

_EN: dict[str, str] = {
    "already imported": "already in your calendar from an earlier import",
    "this occurrence of the series was already changed or removed in your calendar": (
        "your calendar no longer has this occurrence in its series"
    ),
    "a cancelled occurrence (RECURRENCE-ID) that its series does not have": (
        "it cancels an occurrence (RECURRENCE-ID) that its series does not have"
    ),
    "a cancelled occurrence of a repeating series (same UID) that is not in your calendar": (
        "it cancels an occurrence of a repeating series (same UID) that is not in your calendar"
    ),
}
_REMOVED = re.compile(r'^this occurrence of (".*") is removed in your calendar, unlike in this file: (.*)$')
_ZH: dict[str, str] = {
    "the event has no start (DTSTART)": "没有开始时间（DTSTART）",
    "the event has no end (DTEND or DURATION)": "没有结束时间（DTEND 或 DURATION）",
    "the event could not be read (it is not valid iCalendar)": "无法读取（不是有效的 iCalendar 内容）",
    "more than one RRULE is not supported": "不支持多条重复规则（RRULE）",
    "extra occurrences (RDATE) are not supported": "不支持额外的重复日期（RDATE）",
    "its DURATION is not a length of time": "DURATION 不是一段时长",
    "already imported": "已在日历里（来自之前的一次导入）",
    "already in your calendar": "已经在你的日历里",
    "end must be after start": "结束时间早于开始时间",
    "title must not be empty": "没有标题",
    "a change to this and all later occurrences (RANGE=THISANDFUTURE) is not supported": (
        "不支持“此次及以后”的修改（RANGE=THISANDFUTURE）"
    ),
    "a changed occurrence with more than one RECURRENCE-ID is not valid iCalendar": (
        "一个改动有多个 RECURRENCE-ID，不是有效的 iCalendar"
    ),
    "a cancelled occurrence of a repeating series (same UID) that is not in your calendar": (
        "取消的是一个不在你日历里的重复日程中的一次"
    ),
    "a cancelled occurrence (RECURRENCE-ID) that its series does not have": "取消的这一次不在所属的重复日程里",
    "this occurrence of the series was already changed or removed in your calendar": (
        "你日历里的这个重复日程已经没有这一次"
    ),
}
_PROPERTY = re.compile(r"^its ([A-Z-]+) value is not valid iCalendar$")
_OUT_OF_RANGE = re.compile(r"^its dates are outside the years (\d+) to (\d+)$")


def reason_text(reason: str, lang: Lang) -> str:
    """``reason`` (the importer's English sentence) in ``lang``."""
    if lang == "en":
        if match := _REMOVED.match(reason):
            return f"your calendar no longer has this occurrence of {match.group(1)}, unlike this file: {match.group(2)}"
        return _EN.get(reason, reason)
    if reason in _ZH:
        return _ZH[reason]
    if match := _PROPERTY.match(reason):
        return f"{match.group(1)} 的值不是有效的 iCalendar"
    if match := _OUT_OF_RANGE.match(reason):
        return f"日期不在 {match.group(1)} 到 {match.group(2)} 年之间"
    return reason_text(reason, "en")
