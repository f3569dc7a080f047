"""Every sentence code says to the user, in English and Chinese: questions, options, confirmations,
refusals of the store, and the honest replies. Receipts live in ``receipts.py``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

from agent.language import Lang
from agent.render.timefmt import day_text, range_text
from storage import EventSnapshot

__all__ = [
    "ask_choice",
    "ask_confirmation",
    "ask_move_or_end",
    "ask_value",
    "ask_which_to_move",
    "ask_which_to_rename",
    "honest_replacement",
    "model_unavailable",
    "say",
]

_TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Chinese)
    "not_found": ("I couldn't find “{ref}” on your calendar.", "你的日历里没有找到「{ref}」。"),
    "not_added": ("OK, I won't add “{title}”. Your calendar is unchanged.", "好的，不添加「{title}」了。日历没有变化。"),
    "not_added_yet": (
        "“{title}” isn't on your calendar yet: you haven't said whether to add it.",
        "「{title}」还没有加到日历上：你还没确定要不要加。",
    ),
    "not_added_needs": (
        "“{title}” isn't on your calendar yet: it still needs an answer to this.",
        "「{title}」还没有加到日历上，还差这一项：",
    ),
    "already_there": (
        "“{title}” is already on your calendar, {when}.",
        "「{title}」已经在日历上了：{when}。",
    ),
    "already_so": (
        "“{title}” is already {when}, so nothing changed.",
        "「{title}」本来就是{when}，没有改动。",
    ),
    "offer_add": (
        "I can add “{title}” to your calendar.",
        "我可以把「{title}」记到你的日历上。",
    ),
    "not_repeating": (
        "“{title}” doesn't repeat, so there's no repetition to stop — nothing changed.",
        "「{title}」本来就不重复，没有改动。",
    ),
    "not_found_id": ("I couldn't find that event on your calendar.", "你的日历里没有找到这个日程。"),
    "not_found_when": (
        "I couldn't find “{ref}” at that time on your calendar.",
        "你的日历里在那个时间没有找到「{ref}」。",
    ),
    "nothing_asked": (
        "I haven't changed your calendar: nothing in your message names an event or a time to change. Tell "
        "me what to add or change, and when.",
        "我没有改动你的日历：你的消息里没有提到要改的日程或时间。请告诉我要添加或修改什么，以及什么时间。",
    ),
    "other_calendar": (
        "I can only see and manage your own calendar, so I haven't changed anything.",
        "我只能查看和管理你自己的日历，所以没有做任何更改。",
    ),
    "cannot_do": (
        "That's not something I can do — I only read and change your calendar (no alarms, bookings, purchases "
        "or messages), so I haven't changed anything. If you want it on your calendar, tell me what and when.",
        "这个我做不了——我只能查看和修改你的日历（不能设闹钟、预订、购买或发消息），所以没有做任何更改。"
        "如果想把它记到日历上，告诉我内容和时间就行。",
    ),
    "dropped_together": (
        "OK, I won't do any of them. Your calendar is unchanged.",
        "好的，这几项都不做了。日历没有变化。",
    ),
    "other_calendar_read": (
        "I can only see and manage your own calendar.",
        "我只能查看和管理你自己的日历。",
    ),
    "nothing_to_undo": ("There is nothing to undo.", "没有可以撤销的更改。"),
    "undo_conflict": (
        "I couldn't undo the last change: that event has changed since. Your calendar is unchanged.",
        "无法撤销上一次更改：那个日程之后又被改过了。日历没有变化。",
    ),
    "changed_meanwhile": (
        "That event changed in the meantime, so I didn't touch it. Please check it and ask again.",
        "这个日程刚刚被改过，所以我没有动它。请确认后再说一次。",
    ),
    "one_time_each": (
        "One event has one time: should “{title}” be {times}? (The other can be its own event.)",
        "一个日程只有一个时间：「{title}」定在{times}？（另一个可以单独再建。）",
    ),
    "left_undone": (
        "I haven't done this part of your message yet: “{items}”. Ask me for it again.",
        "你消息里的这部分我还没有处理：“{items}”。请再跟我说一次。",
    ),
    "confirmation_expired": (
        "That question timed out, so nothing was changed.",
        "刚才的确认已经超时，日历没有变化。",
    ),
    "amend_unused": (
        "I didn't use this part of your reply: “{words}”. Tell me again if it should change the event.",
        "你回复里的这部分我没有用上：“{words}”。如果要改这个日程，请再说一次。",
    ),
    "write_failed": (
        "I couldn't save that change; your calendar is unchanged. Please try again.",
        "这次更改没能保存，日历没有变化。请再试一次。",
    ),
    "invalid_event": (
        "I couldn't save that: {detail}. Your calendar is unchanged.",
        "无法保存：{detail}。日历没有变化。",
    ),
    "no_changes": (
        "What should I change about “{title}”?",
        "「{title}」要改什么？",
    ),
    "or_what_to_change": (
        "If you meant a change instead, tell me what to change.",
        "如果是要修改它，请告诉我改什么。",
    ),
    "rephrase": (
        "I couldn't work out the details of that request, so nothing was changed. Could you say it again "
        "with the title and the time?",
        "我没能弄清这个请求的细节，所以没有做任何更改。能再说一次标题和时间吗？",
    ),
    "too_many_steps": (
        "I couldn't finish that request, so nothing else was changed. Could you say it more simply?",
        "这个请求没能完成，其他内容没有更改。能说得简单一点吗？",
    ),
    "model_unavailable": (
        "I can't reach the language model right now; your calendar is unchanged.",
        "现在无法连接语言模型；你的日历没有变化。",
    ),
    "model_unavailable_after": (
        "I can't reach the language model right now, so I couldn't finish my answer. ",
        "现在无法连接语言模型，所以没能完成回答。",
    ),
    "honest_none": (
        "To be clear: I haven't changed your calendar — nothing was created, changed or deleted.",
        "说明一下：我没有更改你的日历——没有创建、修改或删除任何日程。",
    ),
    "honest_some": (
        "To be clear, only this was saved:",
        "说明一下，只保存了以下更改：",
    ),
    "honest_nothing_else": ("Nothing else was changed.", "其他内容没有更改。"),
    "confirm_yes": ("Should I go ahead?", "要继续吗？"),
    "series_days": (
        "“{title}” repeats on set days, so moving the whole series to another day would need a new rule; "
        "I haven't changed it. I can move just one occurrence, or you can tell me the new repeat.",
        "「{title}」按固定的日子重复，把整个系列挪到别的日子需要新的重复规则；我没有更改。我可以只改其中一次，"
        "或者告诉我新的重复方式。",
    ),
    "series_over": (
        "“{title}” has no occurrences left from now on, so I haven't changed anything.",
        "「{title}」从现在起已经没有日程了，所以我没有做任何更改。",
    ),
    "no_reminders": (
        "I can't send reminders or messages — I only manage your calendar, so nothing will be sent. I can add "
        "it to your calendar instead; want me to?",
        "我不能发送提醒或消息，只能管理你的日历，所以不会有任何提醒或消息发出。我可以把它加到你的日历上，要加吗？",
    ),
    "no_reminders_after": (
        "I can't send reminders or messages — I only manage your calendar, so nothing will be sent.",
        "我不能发送提醒或消息，只能管理你的日历，所以不会有任何提醒或消息发出。",
    ),
    "promise_unkept": (
        "To be clear: I haven't changed your calendar. What should I add or change — and when?",
        "说明一下：我还没有更改你的日历。要添加或修改什么？在什么时间？",
    ),
    "reply_unfit": (
        "Sorry, I couldn't put my answer into words properly. Nothing on your calendar was changed; could "
        "you ask again?",
        "抱歉，我没能好好组织回答。你的日历没有任何改动，能再说一次吗？",
    ),
    "series_over_from": (
        "“{title}” has no occurrences from {day} on, so I haven't changed anything.",
        "「{title}」从{day}起已经没有日程了，所以我没有做任何更改。",
    ),
}

_VALUE_QUESTIONS: dict[str, tuple[str, str]] = {
    "when": ("When should “{title}” be?", "「{title}」定在什么时间？"),
    "when_time": ("What time on {day}?", "{day}几点？"),
    "end": ("When should “{title}” end?", "「{title}」什么时候结束？"),
    "duration": ("How long should “{title}” be?", "「{title}」要多长时间？"),
    "recurrence": ("How often should “{title}” repeat?", "「{title}」多久重复一次？"),
    "recurrence_days": ("Which days of the week should “{title}” be on ({often})?", "「{title}」{often}，定在每周哪几天？"),
    "event_when": (
        "Which day's “{title}” do you mean? Or should I change the whole series?",
        "是哪一天的「{title}」？还是整个系列？",
    ),
    "title": ("What should I call it?", "这个日程叫什么名字？"),
    "event": ("Which event do you mean?", "你指的是哪个日程？"),
}


def say(key: str, lang: Lang, **values: object) -> str:
    english, chinese = _TEXTS[key]
    return (chinese if lang == "zh" else english).format(**values)


def model_unavailable(lang: Lang) -> str:
    return say("model_unavailable", lang)


def ask_value(
    field: str, lang: Lang, *, title: str = "", day: datetime | None = None, now: datetime, often: str | None = None
) -> str:
    """The question for a missing value; ``often``: the user's "twice a week" when the repetition lacks only
    its days (the question asks for those)."""
    if field == "recurrence" and often:
        english, chinese = _VALUE_QUESTIONS["recurrence_days"]
        return (chinese if lang == "zh" else english).format(title=title or ("it" if lang == "en" else "它"), often=often)
    if field == "when" and day is not None:
        english, chinese = _VALUE_QUESTIONS["when_time"]
        text = day_text(day.date(), lang, ref=now.date())
        return (chinese if lang == "zh" else english).format(day=text)
    english, chinese = _VALUE_QUESTIONS.get(field, _VALUE_QUESTIONS["when"])
    return (chinese if lang == "zh" else english).format(title=title or ("it" if lang == "en" else "它"))


def ask_choice(lines: Sequence[str], lang: Lang, *, field: str) -> str:
    if len(lines) == 1 and field == "event":  # a near-miss name: the one event found, named; yes takes it
        return f"Do you mean {lines[0]}? (yes/no)" if lang == "en" else f"你是指{lines[0]}吗？（是/否）"
    head = {
        ("en", "when"): "Which time do you mean?",
        ("zh", "when"): "你指的是哪个时间？",
        ("en", "event"): "Which one do you mean?",
        ("zh", "event"): "你指的是哪一个？",
    }.get((lang, field), "Which one do you mean?" if lang == "en" else "你指的是哪一个？")
    return head + "\n" + "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


def ask_together(questions: Sequence[str], lang: Lang) -> str:
    """Several yes/no questions of one message as one: a yes does them all, a no none. What a question says
    before its own last line ("I couldn't find “Swim”.") comes first, the questions as a list after."""
    parts = [q.strip().splitlines() or [""] for q in questions]
    before = [line for lines in parts for line in lines[:-1] if line.strip()]
    items = "\n".join(f"- {lines[-1].strip()}" for lines in parts)
    head = f"All {len(questions)} of these? (yes/no)" if lang == "en" else f"这{len(questions)}项都要做吗？（是/否）"
    return "\n".join([*before, head, items])


def ask_which_to_move(lines: Sequence[str], lang: Lang, *, to: str) -> str:
    """Which event a move the user was not yet asked about goes for, naming the move: the pick is the yes."""
    head = f"Move which one to {to}?" if lang == "en" else f"要把哪一个改到{to}？"
    return head + "\n" + "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


def ask_which_to_rename(lines: Sequence[str], lang: Lang, *, to: str) -> str:
    """Which event a rename the user was not yet asked about goes for, naming the rename: the pick is the yes."""
    head = f"Rename which one to “{to}”?" if lang == "en" else f"要把哪一个改名为「{to}」？"
    return head + "\n" + "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


def ask_move_or_end(title: str, moved: str, ending: str, lang: Lang) -> str:
    """A move's one time that may be the new start or the new end (``writes.end_or_move``)."""
    if lang == "zh":
        return f"「{title}」是要挪到新时间，还是开始时间不变、延到那时结束？\n1. 挪到 {moved}\n2. 改为 {ending}"
    return f"Move “{title}”, or keep its start and end it then?\n1. Move to {moved}\n2. Make it {ending}"


def ask_confirmation(
    *,
    lang: Lang,
    action: str,
    title: str,
    start: datetime,
    end: datetime,
    all_day: bool,
    past: bool,
    conflicts: Sequence[tuple[str, datetime, datetime, bool]],
    now: datetime,
    renamed_from: str | None = None,
    series_from: datetime | None = None,
    repetition: str | None = None,
    repeats: bool = False,
    occurrence: bool = False,
) -> str:
    """ "“Call with Acme” (Thursday, March 6, 3:00–4:00 PM) overlaps “Dentist” (…). Add it anyway?".
    ``series_from``: a delete of a repeating event from that occurrence on, said so ("Delete every …");
    ``occurrence``: a delete of one occurrence of a series, said so (the rest stays).
    ``repeats``: the event is a series, shown from its first occurrence (a clash may be a later one's)."""
    ref = now.date()
    if action == "delete" and series_from is not None:
        day = day_text(series_from.date(), lang, ref=ref)
        if lang == "zh":
            return f"删除「{title}」{day}及以后的所有日程吗？（之前的保留）"
        return f"Delete every “{title}” from {day} on? (Earlier ones are kept.)"
    if action == "delete" and occurrence:
        when = range_text(start, end, lang, all_day=all_day, ref=ref)
        if lang == "zh":
            return f"只删除「{title}」{when}这一次吗？（其余的保留）"
        return f"Delete only the “{title}” on {when}? (The rest of the series stays.)"
    if action == "repeat" and repetition:  # a new rule: how it repeats and from which one (and what it meets)
        when = range_text(start, end, lang, all_day=all_day, ref=ref)
        met = [(t, range_text(s, e, lang, all_day=a, ref=ref)) for t, s, e, a in conflicts]
        if lang == "zh":
            clash = "会与" + "、".join(f"「{t}」（{w}）" for t, w in met) + "时间冲突。" if met else ""
            return f"把「{title}」改为{repetition}重复吗？从{when}开始。{clash}"
        clash = " It would overlap " + " and ".join(f"“{t}” ({w})" for t, w in met) + "." if met else ""
        return f"Make “{title}” repeat {repetition}, from {when}?{clash}"
    if action == "stop_repeating":  # the next one stays, as a one-off
        day = day_text(start.date(), lang, ref=ref)
        if lang == "zh":
            return f"让「{title}」不再重复吗？只保留{day}这一次（之前的不变）。"
        return f"Stop “{title}” repeating? Only the one on {day} stays (earlier ones are kept)."
    when = range_text(start, end, lang, all_day=all_day, ref=ref)
    if repeats:
        when = f"重复，{when}起" if lang == "zh" else f"repeating, from {when}"
    clash = [
        f"“{t}” ({range_text(s, e, lang, all_day=a, ref=ref)})"
        if lang == "en"
        else f"「{t}」（{range_text(s, e, lang, all_day=a, ref=ref)}）"
        for t, s, e, a in conflicts
    ]
    if not past and not clash:  # nothing but the action itself to confirm (a delete, an unasked write)
        if renamed_from and renamed_from != title:  # a new name at the same time: say the names
            if lang == "zh":
                return f"把「{renamed_from}」改名为「{title}」（{when}）吗？"
            return f"Rename “{renamed_from}” to “{title}” ({when})?"
        if action == "update":
            return f"把「{title}」改到{when}吗？" if lang == "zh" else f"Change “{title}” to {when}?"
        if lang == "zh":
            return f"{ {'create': '添加', 'delete': '删除', 'edit': '修改'}.get(action, '处理') }「{title}」（{when}）吗？"
        return f"{ {'create': 'Add', 'delete': 'Delete', 'edit': 'Change'}.get(action, 'Go ahead with') } “{title}” ({when})?"
    if lang == "zh":
        parts = [f"「{title}」（{when}）"]
        if past:
            parts.append("这个时间已经过去了")
        if clash:
            parts.append("与" + "、".join(clash) + "时间冲突")
        verb = {"create": "添加", "update": "修改", "delete": "删除"}.get(action, "继续")
        return "，".join(parts) + f"。仍然{verb}吗？"
    reasons = []
    if past:
        reasons.append("is in the past")
    if clash:
        reasons.append("overlaps " + " and ".join(clash))
    verb = {"create": "Add it anyway?", "update": "Change it anyway?", "delete": "Delete it anyway?"}
    return f"“{title}” ({when}) {' and '.join(reasons) or 'needs your confirmation'}. {verb.get(action, 'Go ahead?')}"


def ask_undo(action: str, event: EventSnapshot, *, lang: Lang, tz: tzinfo, now: datetime) -> str:
    """ "Undo your last change (the deletion of “Gym”, Thursday, March 6, 6:00–7:00 PM)?": the question
    before an undo the model asked for, naming what would be reverted."""
    when = range_text(event.start.astimezone(tz), event.end.astimezone(tz), lang, all_day=event.all_day,
                      ref=now.date())  # fmt: skip
    if lang == "zh":
        what = {"created": "添加", "updated": "修改", "deleted": "删除", "restored": "恢复"}.get(
            action, "更改"
        )
        return f"要撤销上一次更改（{what}「{event.title}」，{when}）吗？"
    what = {"created": "the addition", "updated": "the change", "deleted": "the deletion",
            "restored": "the restoring"}.get(action, "the change")  # fmt: skip
    return f"Undo your last change ({what} of “{event.title}”, {when})?"


def honest_replacement(receipt_texts: Sequence[str], lang: Lang) -> str:
    """The reply that replaces one with an unverified claim: what was saved (receipts), and nothing more."""
    if not receipt_texts:
        return say("honest_none", lang)
    lines = [say("honest_some", lang), *receipt_texts, say("honest_nothing_else", lang)]
    return "\n".join(lines)
