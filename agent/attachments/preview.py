"""The answer to an attached calendar file, written by code in the user's language: what importing it would
add (how many events, the dates they span, each one — the repeating ones with their rule), what overlaps the
calendar, what would be skipped and why; an invitation (METHOD:REQUEST) as what it is: who invites, when,
who else is asked. Also the answers for a file that cannot be imported and for a file with nothing in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from zoneinfo import ZoneInfo

from agent.attachments.facts import Entry, Facts, Overlap
from agent.attachments.kinds import FileKind
from agent.attachments.reasons import reason_text
from agent.language import Lang
from agent.render.timefmt import day_part_text, day_text, moment_text, range_text
from storage import SkippedItem
from storage.ics_plan import PlannedItem

__all__ = ["MAX_LISTED", "entry_text", "nothing_text", "preview_text", "rule_text", "unsupported_text"]

MAX_LISTED = 15
"""Entries shown one per line; the rest are counted."""
_MAX_OVERLAPS = 5
_MAX_SKIPPED = 8
_MAX_ATTENDEES = 10
_DAYS = {"MO": 0, "TU": 1, "WE": 2, "TH": 3, "FR": 4, "SA": 5, "SU": 6}
_DAY_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_ZH = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


def preview_text(
    name: str, items: Sequence[PlannedItem], skipped: Sequence[SkippedItem], facts: Facts, lang: Lang, *,
    now: datetime, zone: ZoneInfo, method: str | None = None, organizer: str | None = None,
    of_total: int | None = None,
) -> str:  # fmt: skip
    """The preview of a planned import, ending in the question a "yes" or "no" answers. ``of_total``: the
    number of entries the file has, when the user's words kept only some of them."""
    ref = now.astimezone(zone).date()
    entries = facts.entries
    lines: list[str] = []
    if of_total is not None and of_total != len(entries):
        lines.append(_say("kept", lang, name=name, total=of_total, kept=len(entries)))
    invitation = method == "REQUEST" and len(entries) == 1 and not entries[0].stored_series
    if invitation:
        lines += _invitation(entries[0], items, organizer, lang, ref)
    else:
        lines.append(_header(name, entries, lang))
        if facts.first is not None and facts.last is not None:
            lines.append(_dates(facts, lang, zone, ref))
        lines += [entry_text(e, items, lang, ref) for e in entries[:MAX_LISTED]]
        if len(entries) > MAX_LISTED:
            lines.append(_say("more", lang, n=len(entries) - MAX_LISTED))
    lines += _overlaps(facts, lang, ref)
    lines += _skipped(skipped, lang)
    one = len(entries) == 1
    lines.append(_say("ask_invitation" if invitation else ("ask_one" if one else "ask_all"), lang))
    return "\n".join(lines)


def nothing_text(name: str, skipped: Sequence[SkippedItem], lang: Lang, *, asked: bool = False) -> str:
    """Nothing to add: the file has no event that can be imported (or none of those the user asked for)."""
    lines = [_say("none_asked" if asked else "nothing", lang, name=name)]
    lines += _skipped(skipped, lang)
    return "\n".join([*lines, _say("unchanged", lang)])


def unsupported_text(kind: FileKind | str, lang: Lang) -> str:
    """The answer to a file that is not a calendar (or not one that can be read): what it was, what works."""
    return (
        _say(f"unsupported_{kind}", lang)
        + " "
        + _say("elsewhere" if kind == "too_big" else "supported", lang)
    )


def entry_text(entry: Entry, items: Sequence[PlannedItem], lang: Lang, ref: date) -> str:
    """One numbered line: the title, when (a series: its rule, time of day, first and last day, how many
    times), and the changes the file makes to its occurrences."""
    title = entry.title or _say("untitled", lang)
    if entry.stored_series:
        item = items[entry.items[0]]
        if entry.cancelled:
            when = moment_text(item.occurrence_start, lang, ref=ref) if item.occurrence_start else ""
            return f"{entry.number}. " + _say("cancel_stored", lang, title=title, when=when)
        start, end = entry.starts[0]
        when = range_text(start, end, lang, all_day=entry.all_day, ref=ref)
        return f"{entry.number}. " + _say("change_stored", lang, title=title, when=when)
    sep = "：" if lang == "zh" else " — "
    if entry.rule is None and entry.starts:
        start, end = entry.starts[0]
        line = f"{entry.number}. {title}{sep}{range_text(start, end, lang, all_day=entry.all_day, ref=ref)}"
    else:
        line = f"{entry.number}. {title}{sep}{_series_text(entry, lang, ref)}"
    if entry.changed or entry.cancelled:
        line += _changes(entry.changed, entry.cancelled, lang)
    notes = {items[i].note for i in entry.items if items[i].note}
    if notes:
        line += _say("on_its_own", lang)
    return line


def rule_text(rule: str | None, lang: Lang) -> str:
    """A repetition rule as words: "every week on Monday and Wednesday", "每周一、周三"; "repeating" /
    "重复" for a rule these words do not cover."""
    parts = dict(p.split("=", 1) for p in (rule or "").split(";") if "=" in p)
    freq, interval = parts.get("FREQ"), int(parts.get("INTERVAL", "1") or 1)
    days = [_DAYS[d] for d in parts.get("BYDAY", "").split(",") if d in _DAYS]
    zh = lang == "zh"
    if freq == "WEEKLY":
        if zh:
            on = "、".join(_DAY_ZH[d] for d in days)
            return (
                (f"每{on}" if interval == 1 else f"每{interval}周的{on}")
                if on
                else _every(interval, "周", zh)
            )
        named = " and ".join([", ".join(_DAY_EN[d] for d in days[:-1]), _DAY_EN[days[-1]]] if len(days) > 1
                             else [_DAY_EN[d] for d in days])  # fmt: skip
        return _every(interval, "week", zh) + (f" on {named}" if named else "")
    unit = {"DAILY": ("day", "天"), "MONTHLY": ("month", "个月"), "YEARLY": ("year", "年")}.get(freq or "")
    if unit is None or any(k in parts for k in ("BYSETPOS", "BYHOUR", "BYMINUTE", "BYWEEKNO", "BYYEARDAY")):
        return "重复" if zh else "repeating"
    if zh and interval == 1:
        return {"天": "每天", "个月": "每月", "年": "每年"}[unit[1]]
    return _every(interval, unit[1] if zh else unit[0], zh)


def _changes(changed: int, cancelled: int, lang: Lang) -> str:
    """The changes a file makes to a series' occurrences, as nouns (never "changed"/"cancelled": code's
    text must not read as a claim of a write before the write)."""
    if lang == "zh":
        return (
            "（含"
            + "、".join(
                ([f"{changed}次改动"] if changed else []) + ([f"{cancelled}次取消"] if cancelled else [])
            )
            + "）"
        )
    parts = ([f"{changed} change" + ("s" if changed > 1 else "")] if changed else []) + (
        [f"{cancelled} cancellation" + ("s" if cancelled > 1 else "")] if cancelled else []
    )
    return " (with " + " and ".join(parts) + ")"


def _every(interval: int, unit: str, zh: bool) -> str:
    if zh:
        return f"每{unit}" if interval == 1 else f"每{interval}{unit}"
    return f"every {unit}" if interval == 1 else f"every {interval} {unit}s"


def _series_text(entry: Entry, lang: Lang, ref: date) -> str:
    words = [rule_text(entry.rule, lang)]
    if entry.starts:
        start, end = entry.starts[0]
        part = day_part_text(start, end, lang, all_day=entry.all_day)
        if part:
            words.append(part)
        first = day_text(start.date(), lang, ref=ref)
        if entry.complete:
            last = day_text(entry.starts[-1][0].date(), lang, ref=ref)
            words.append(_say("series_span", lang, first=first, last=last, n=len(entry.starts)))
        else:
            words.append(_say("series_open", lang, first=first))
    return ("，" if lang == "zh" else ", ").join(words)


def _header(name: str, entries: Sequence[Entry], lang: Lang) -> str:
    own = [e for e in entries if not e.stored_series]
    repeating = sum(1 for e in own if e.rule is not None)
    text = _say("header_one" if len(own) == 1 else "header", lang, name=name, n=len(own))
    if not own:
        text = _say("header_none", lang, name=name)
    if len(own) > 1 and repeating:
        text += _say("header_split", lang, repeating=repeating, single=len(own) - repeating)
    if own and len(own) != len(entries):
        changes = len(entries) - len(own)
        text += _say("header_change" if changes == 1 else "header_changes", lang, n=changes)
    return text + ("。" if lang == "zh" else ".")


def _dates(facts: Facts, lang: Lang, zone: ZoneInfo, ref: date) -> str:
    assert facts.first is not None and facts.last is not None
    first = day_text(facts.first.astimezone(zone).date(), lang, ref=ref)
    if facts.open_ended:
        return _say("dates_open", lang, first=first)
    last_moment = facts.last.astimezone(zone)
    last_day = last_moment.date() if last_moment.time() != last_moment.time().min else None
    if last_day is None:  # an end at midnight: the day before is the last one
        last_day = date.fromordinal(last_moment.date().toordinal() - 1)
    last = day_text(last_day, lang, ref=ref)
    return _say("dates", lang, first=first, last=last) if first != last else _say("date", lang, first=first)


def _invitation(
    entry: Entry, items: Sequence[PlannedItem], organizer: str | None, lang: Lang, ref: date
) -> list[str]:
    draft = items[entry.items[0]].draft
    lines = [_say("invited_by", lang, who=organizer) if organizer else _say("invitation", lang)]
    if entry.rule is None and entry.starts:
        start, end = entry.starts[0]
        when = range_text(start, end, lang, all_day=entry.all_day, ref=ref)
    else:
        when = _series_text(entry, lang, ref)
    where = draft.location if draft is not None and draft.location else None
    if where:
        when += f"（{where}）" if lang == "zh" else f" ({where})"
    lines.append(_say("invited_to", lang, title=entry.title or _say("untitled", lang), when=when))
    attendees = list(draft.attendees) if draft is not None else []
    if attendees:
        shown = ("、" if lang == "zh" else ", ").join(attendees[:_MAX_ATTENDEES])
        more = len(attendees) - _MAX_ATTENDEES
        lines.append(
            _say("attendees", lang, who=shown) + (_say("and_more", lang, n=more) if more > 0 else "")
        )
    return lines


def _overlaps(facts: Facts, lang: Lang, ref: date) -> list[str]:
    checked = (
        [_say("checked_until", lang, day=day_text(facts.checked_until.date(), lang, ref=ref))]
        if facts.checked_until
        else []
    )
    if not facts.overlaps:
        return checked
    groups: dict[tuple[int, str], list[Overlap]] = {}
    for overlap in facts.overlaps:
        groups.setdefault((overlap.entry, overlap.other), []).append(overlap)
    lines = [_say("overlaps", lang)]
    for found in list(groups.values())[:_MAX_OVERLAPS]:
        first = found[0]
        when = moment_text(first.start, lang, ref=ref)
        line = "- " + _say("overlap", lang, title=first.title, when=when, other=first.other)
        if len(found) > 1:
            line += _say("overlap_more", lang, n=len(found) - 1)
        lines.append(line)
    if len(groups) > _MAX_OVERLAPS:
        lines.append(_say("more_overlaps", lang, n=len(groups) - _MAX_OVERLAPS))
    return lines + checked


def _skipped(skipped: Sequence[SkippedItem], lang: Lang) -> list[str]:
    if not skipped:
        return []
    lines = [_say("skipped", lang, n=len(skipped))]
    for item in skipped[:_MAX_SKIPPED]:
        title = item.title or item.uid or _say("untitled", lang)
        lines.append("- " + _say("skip", lang, title=title[:80], why=reason_text(item.reason, lang)))
    if len(skipped) > _MAX_SKIPPED:
        lines.append(_say("more", lang, n=len(skipped) - _MAX_SKIPPED))
    return lines


def _say(key: str, lang: Lang, **values: object) -> str:
    en, zh = _TEXTS[key]
    return (zh if lang == "zh" else en).format(**values)


_TEXTS: dict[str, tuple[str, str]] = {
    "kept": ("Of the {total} events in “{name}”, you asked for {kept}:", "「{name}」里的{total}个日程中，按你说的保留{kept}个："),
    "header": ("“{name}” has {n} events to add", "「{name}」里有{n}个日程可以添加"),
    "header_one": ("“{name}” has 1 event to add", "「{name}」里有1个日程可以添加"),
    "header_split": (": {repeating} repeating, {single} single", "：{repeating}个重复，{single}个单次"),
    "header_none": ("“{name}” changes events already in your calendar", "「{name}」会改动你日历里已有的日程"),
    "header_change": (", and 1 change to an event already in your calendar", "，另有1处对你日历里已有日程的改动"),
    "header_changes": (", and {n} changes to events already in your calendar", "，另有{n}处对你日历里已有日程的改动"),
    "dates": ("Dates: {first} – {last}.", "日期：{first}至{last}。"),
    "date": ("Date: {first}.", "日期：{first}。"),
    "dates_open": ("Dates: from {first}, repeating with no end.", "日期：从{first}开始，一直重复，没有结束日期。"),
    "series_span": ("{first} – {last} ({n} times)", "{first}至{last}，共{n}次"),
    "series_open": ("from {first}, with no end", "从{first}开始，没有结束日期"),
    "on_its_own": (" (a changed occurrence whose series is not here: added as an event of its own)",
                   "（找不到它所属的重复日程：作为单独的日程添加）"),
    "change_stored": ("{title} — moves one occurrence of a repeating event in your calendar to {when}",
                      "{title}：你日历里重复日程的一次，改为{when}"),
    "cancel_stored": ("{title} — cancels the occurrence on {when} of a repeating event in your calendar",
                      "{title}：取消你日历里重复日程在{when}的那一次"),
    "more": ("… and {n} more.", "……另有{n}个。"),
    "overlaps": ("Overlaps your calendar:", "与你日历上已有的日程重叠："),
    "overlap": ("{title} on {when} overlaps “{other}”", "{title}（{when}）与「{other}」重叠"),
    "overlap_more": (" (and {n} more times)", "（另有{n}次）"),
    "more_overlaps": ("… and {n} more overlaps.", "……另有{n}处重叠。"),
    "checked_until": ("(Overlaps were looked for up to {day} only.)", "（只检查了{day}之前的重叠。）"),
    "skipped": ("Will be skipped ({n}):", "将跳过（{n}个）："),
    "skip": ("“{title}”: {why}", "「{title}」：{why}"),
    "untitled": ("(untitled)", "（无标题）"),
    "invited_by": ("This is an invitation from {who}:", "这是 {who} 发来的会议邀请："),
    "invitation": ("This is a meeting invitation:", "这是一个会议邀请："),
    "invited_to": ("“{title}” — {when}", "「{title}」：{when}"),
    "attendees": ("Attendees: {who}", "参加者：{who}"),
    "and_more": (" and {n} more", " 等另外{n}人"),
    "ask_all": ("Add them to your calendar? (yes / no)", "要把它们添加到你的日历吗？（好 / 不用了）"),
    "ask_one": ("Add it to your calendar? (yes / no)", "要添加到你的日历吗？（好 / 不用了）"),
    "ask_invitation": (
        "Add it to your calendar? Nothing is sent to the organizer or anyone else. (yes / no)",
        "要添加到你的日历吗？不会给组织者或任何人发送回复。（好 / 不用了）",
    ),
    "nothing": ("Nothing in “{name}” can be added to your calendar.", "「{name}」里没有可以添加到日历的日程。"),
    "none_asked": ("None of the events in “{name}” fit what you asked for.", "「{name}」里没有符合你要求的日程。"),
    "unchanged": ("Your calendar is unchanged.", "日历没有变化。"),
    "unsupported_image": ("That's an image, and I can't read events from images.", "这是一张图片，我没法从图片里读取日程。"),
    "unsupported_pdf": ("That's a PDF, and I can't read events from PDFs.", "这是一个 PDF 文件，我没法从 PDF 里读取日程。"),
    "unsupported_document": ("That's a document (Word, Excel or similar), and I can't read events from it.",
                             "这是一个文档（Word、Excel 之类），我没法从里面读取日程。"),
    "unsupported_text": ("That file is plain text, not a calendar file.", "这个文件是普通文本，不是日历文件。"),
    "unsupported_unknown": ("I can't tell what that file is.", "我认不出这是什么文件。"),
    "unsupported_broken": ("That file looks like a calendar file, but it could not be read.",
                           "这个文件看起来是日历文件，但无法读取。"),
    "unsupported_too_big": ("That file holds too many events to import in a chat.",
                            "这个文件里的日程太多，没法在聊天里导入。"),
    "elsewhere": (
        "Import it with `kairos events import FILE` or POST /v1/events/import instead. Nothing was saved.",
        "请改用 `kairos events import 文件` 或 POST /v1/events/import 导入。没有保存任何内容。",
    ),
    "supported": (
        "I can import calendar files (.ics, iCalendar), such as a course timetable, a meeting invitation or "
        "another calendar's export. Nothing was saved.",
        "我可以导入日历文件（.ics，iCalendar 格式），比如课程表、会议邀请或其他日历导出的文件。没有保存任何内容。",
    ),
}  # fmt: skip
