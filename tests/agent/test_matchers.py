"""Table tests for the gate matchers: yes / no / neither, option picks, exact commands (EN and ZH).

Near-misses are the point: a reply that says more than yes or no ("yes but at 5", "好的，改到五点") or that
rejects the options ("不是这个") is not a sign and goes to the model."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.matchers import exact_command, pick_option, reply_sign
from agent.outcomes import Option
from tests.agent.fixtures import NY

SIGN_ROWS: list[tuple[str, str | None, str]] = [
    # text, expected, reason
    ("yes", "yes", "the plain yes"),
    ("Yes!", "yes", "case and punctuation"),
    ("yep", "yes", "casual"),
    ("sure", "yes", "casual"),
    ("ok", "yes", "ok"),
    ("OK 👍", "yes", "an emoji after it"),
    ("okay, thanks", "yes", "a filler after it"),
    ("confirm", "yes", "the word confirm"),
    ("do it", "yes", "two-word affirmative"),
    ("yes please", "yes", "polite"),
    ("go ahead", "yes", "idiom"),
    ("sounds good", "yes", "idiom"),
    ("是", "yes", "zh 是"),
    ("是的", "yes", "zh 是的"),
    ("好", "yes", "zh 好"),
    ("好的", "yes", "zh 好的"),
    ("好的好的", "yes", "repeated"),
    ("可以", "yes", "zh 可以"),
    ("行", "yes", "zh 行"),
    ("确认", "yes", "zh 确认"),
    ("確認", "yes", "traditional 確認"),
    ("对", "yes", "zh 对"),
    ("嗯", "yes", "zh 嗯"),
    ("好的，谢谢！", "yes", "zh filler and full-width punctuation"),
    ("没问题", "yes", "zh idiom"),
    ("yes to both", "yes", "yes to every part asked"),
    ("yes to all of them", "yes", "yes to every part asked"),
    ("both of them, go ahead", "yes", "yes to every part asked"),
    ("都确认", "yes", "zh yes to every part asked"),
    ("两个都可以", "yes", "zh yes to every part asked"),
    ("兩個都確認", "yes", "traditional yes to every part asked"),
    ("no to both", "no", "no to every part asked"),
    ("都不要了", "no", "zh no to every part asked"),
    ("both", None, "no yes word"),
    ("no", "no", "the plain no"),
    ("No.", "no", "case and punctuation"),
    ("nope", "no", "casual"),
    ("cancel", "no", "cancel"),
    ("never mind", "no", "idiom"),
    ("nope, forget it", "no", "two negatives"),
    ("no thanks", "no", "polite"),
    ("不", "no", "zh 不"),
    ("不用", "no", "zh 不用"),
    ("不要", "no", "zh 不要"),
    ("算了", "no", "zh 算了"),
    ("算了不用了", "no", "two negatives run together"),
    ("取消", "no", "zh 取消"),
    ("不用了，谢谢", "no", "zh polite"),
    ("yes but at 5", None, "near-miss: a change"),
    ("yes, and invite Bob", None, "near-miss: more than yes"),
    ("ok move it to 4pm", None, "near-miss: a new time"),
    ("好的，改到五点", None, "near-miss: zh change"),
    ("不是这个", None, "near-miss: rejects the option, not the command"),
    ("不是", None, "both 不 and 是"),
    ("不对", "no", "zh: wrong"),
    ("不對", "no", "zh traditional: wrong"),
    ("错了", "no", "zh: that's wrong"),
    ("actually no", "no", "a filler before the no"),
    ("no wait", "no", "a filler after the no"),
    ("sorry, yes", "yes", "a filler before the yes"),
    ("yes no", None, "both signs"),
    ("noon", None, "'no' inside a word"),
    ("okra", None, "'ok' inside a word"),
    ("yesterday", None, "'yes' inside a word"),
    ("thanks", None, "a filler alone"),
    ("hello", None, "unrelated"),
    ("好久不见", None, "unrelated zh containing 好 and 不"),
    ("可以改到明天吗", None, "zh question with a change"),
    ("", None, "empty"),
]


def test_sign_rows_are_unique() -> None:
    texts = [row[0] for row in SIGN_ROWS]
    assert len(texts) == len(set(texts))
    assert len(SIGN_ROWS) >= 40


@pytest.mark.parametrize(("text", "expected", "reason"), SIGN_ROWS, ids=[r[0] or "empty" for r in SIGN_ROWS])
def test_reply_sign(text: str, expected: str | None, reason: str) -> None:
    assert reply_sign(text) == expected, reason


# A confirmation answered by naming what it asks: the action is a yes; a no word beside it is not.
ACTION_ROWS = [
    ("yes, remove it", "delete_event", "yes"), ("alright, cancel it", "delete_event", "yes"),
    ("sure, delete them", "delete_event", "yes"), ("delete it", "delete_event", "yes"),
    ("好的，删掉吧", "delete_event", "yes"), ("删了吧", "delete_event", "yes"), ("好，刪除", "delete_event", "yes"),
    ("对，取消吧", "delete_event", "yes"), ("ok, both", "delete_event", "yes"), ("全部确认", "create_event", "yes"),
    ("yes, add them all", "create_event", "yes"), ("yep, add it", "create_event", "yes"), ("加上吧", "create_event", "yes"),
    ("ok, move it", "update_event", "yes"), ("好的，改吧", "update_event", "yes"),
    ("cancel it", "delete_event", "no"), ("取消", "delete_event", "no"), ("no, cancel it", "delete_event", "no"),
    ("don't delete it", "delete_event", None), ("不删", "delete_event", None), ("别删了", "delete_event", None),
    ("yes, delete it", None, None), ("cancel it", "create_event", "no"), ("yes, delete it", "create_event", None),
    ("ok, delete it but add lunch", "delete_event", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "doing", "expected"), ACTION_ROWS, ids=[f"{r[0]}-{r[1]}" for r in ACTION_ROWS]
)
def test_a_confirmation_may_name_its_action(text: str, doing: str | None, expected: str | None) -> None:
    assert reply_sign(text, doing) == expected


def _options(*tags: str | None, labels: tuple[str, ...] = ()) -> list[Option]:
    start = datetime(2025, 3, 6, 7, 30, tzinfo=NY)
    out = []
    for i, tag in enumerate(tags):
        label = labels[i] if labels else f"Option {i}"
        out.append(
            Option(label, start + timedelta(hours=12 * i), start + timedelta(hours=12 * i + 1), tag=tag)
        )
    return out


def _days(*labels: str) -> list[Option]:
    starts = (
        datetime(2025, 3, 6, 9, tzinfo=NY),
        datetime(2025, 3, 7, 9, tzinfo=NY),
        datetime(2025, 3, 10, 9, tzinfo=NY),
    )
    return [
        Option(label, start, start + timedelta(hours=1)) for label, start in zip(labels, starts, strict=True)
    ]


THREE = _days(*("“Dentist” — Thursday, March 6, 9:00–10:00 AM",
                                           "“Dentist” — Friday, March 7, 9:00–10:00 AM",
                                           "“Dentist” — Monday, March 10, 9:00–10:00 AM"))  # fmt: skip
THREE_ZH = _days(*("「牙医」3月6日（周四） 09:00–10:00", "「牙医」3月7日（周五） 09:00–10:00",
                                              "「牙医」3月10日（周一） 09:00–10:00"))  # fmt: skip
TIMES = _options("morning", "evening")

CHOICE_ROWS: list[tuple[str, list[Option], int | None, str]] = [
    ("2", THREE, 1, "a bare number"),
    ("#3", THREE, 2, "hash number"),
    ("the second option", THREE, 1, "ordinal phrase"),
    ("second", THREE, 1, "ordinal alone"),
    ("the 1st", THREE, 0, "numeric ordinal"),
    ("option 3", THREE, 2, "option N"),
    ("the last one", THREE, 2, "last"),
    ("I'll take the first option", THREE, 0, "a verb before it"),
    ("first one please", THREE, 0, "polite"),
    ("第二个", THREE_ZH, 1, "zh ordinal"),
    ("第2个", THREE_ZH, 1, "zh digit ordinal"),
    ("第三個", THREE_ZH, 2, "traditional classifier"),
    ("第一", THREE_ZH, 0, "zh ordinal without classifier"),
    ("选第二个", THREE_ZH, 1, "zh verb first"),
    ("最后一个", THREE_ZH, 2, "zh last"),
    ("2", THREE_ZH, 1, "a bare number in zh"),
    ("Friday", THREE, 1, "the option's text"),
    ("the one on Monday", THREE, 2, "the option's text after 'the one on'"),
    ("周五", THREE_ZH, 1, "zh option text"),
    ("evening", TIMES, 1, "tag"),
    ("i mean morning", TIMES, 0, "tag with filler"),
    ("the evening one", TIMES, 1, "tag with 'one'"),
    ("晚上", TIMES, 1, "zh tag"),
    ("早上", TIMES, 0, "zh morning"),
    ("上午", TIMES, 0, "zh morning (上午)"),
    ("evening pls", TIMES, 1, "a time word and a filler"),
    ("make it the morning", TIMES, 0, "a pick said as a change"),
    ("morning works", TIMES, 0, "a pick said as agreement"),
    ("7:30 pm", TIMES, 1, "the option's clock time"),
    ("19:30", TIMES, 1, "24-hour clock"),
    ("晚上七点半那个", TIMES, 1, "zh part of day and clock"),
    ("早上那个", TIMES, 0, "zh part of day with a pointer"),
    ("晚上那个七点半的", TIMES, 1, "zh bare clock read in the half of the day 晚上 names"),
    ("Friday works", THREE, 1, "a weekday said as agreement"),
    ("下周一那个", THREE_ZH, 2, "zh day with a pointer"),
    ("周五的", THREE_ZH, 1, "zh day with 的"),
    ("7:30 — with the Tokyo office", TIMES, None, "a pick with more information goes to the model"),
    ("上午吧，顺便叫上小王", TIMES, None, "zh pick with more information goes to the model"),
    ("Saturday", THREE, None, "a day no option is on"),
    ("5", THREE, None, "out of range"),
    ("the fourth one", THREE, None, "out of range ordinal"),
    ("二", THREE_ZH, None, "a bare zh numeral is not a pick"),
    ("两个", THREE_ZH, None, "两个 means both"),
    ("不是这个", THREE_ZH, None, "a rejection"),
    ("the second option but at 5", THREE, None, "more than a pick"),
    ("Dentist", THREE, None, "text in every option"),
    ("afternoon", TIMES, None, "no afternoon option"),
    ("yes", THREE, None, "not a pick"),
    ("pm", TIMES, 1, "pm alone names the later half of the day"),
    ("the 7:30 in the evening", TIMES, 1, "'the 7' is not the 7th when a clock follows"),
    ("the Monday one", THREE, 2, "'one' after a day is a pronoun, not 1 o'clock"),
    ("the 7:30pm one", TIMES, 1, "'the 7' is not the 7th when a clock follows"),
    ("that evening slot", TIMES, 1, "an option called a slot"),
    ("morning option", TIMES, 0, "an option called an option"),
    ("evening time please", TIMES, 1, "an option called a time"),
    ("晚上那个时段", TIMES, 1, "zh option called 时段"),
    ("早上的时间", TIMES, 0, "zh option called 时间"),
    ("上午那個選項", TIMES, 0, "traditional option called 選項"),
    ("是早上啦", TIMES, 0, "zh with a sentence-final particle"),
    ("晚上哦", TIMES, 1, "zh with 哦"),
    ("the evening then", TIMES, 1, "with 'then'"),
    ("早上七点半", TIMES, 0, "a clock with its half of the day picks that half"),
    ("7:30 in the evening", TIMES, 1, "a clock with its part of the day"),
    ("晚上7點半的", TIMES, 1, "traditional clock with its half of the day"),
    ("7:30", TIMES, None, "a bare clock in both halves: unclear"),
]

# Just after midnight on a Thursday, "tomorrow 10am" asks: Thursday (the day the user wakes up to) or
# Friday (the calendar's tomorrow). The time service reads a bare "Thursday" said on a Thursday as next
# week's; in a reply to these options it is the Thursday option.
OWL_NOW = datetime(2025, 3, 6, 0, 30, tzinfo=NY)
OWL = [
    Option("Thursday, March 6, 10:00–11:00 AM", datetime(2025, 3, 6, 10, tzinfo=NY), datetime(2025, 3, 6, 11, tzinfo=NY)),
    Option("Friday, March 7, 10:00–11:00 AM", datetime(2025, 3, 7, 10, tzinfo=NY), datetime(2025, 3, 7, 11, tzinfo=NY)),
]  # fmt: skip
OWL_ROWS = [
    ("thursday please", 0), ("on thursday", 0), ("the thursday slot", 0), ("Thursday works", 0),
    ("the friday one", 1), ("周四的", 0), ("星期四", 0), ("週四那個", 0), ("周五吧", 1), ("星期五那个时间", 1),
    ("saturday", None), ("thursday with Ann", None), ("周四，叫上小王", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), OWL_ROWS, ids=[r[0] for r in OWL_ROWS])
def test_a_weekday_picks_in_the_frame_of_the_options(text: str, expected: int | None) -> None:
    assert pick_option(text, OWL, now=OWL_NOW) == expected


@pytest.mark.parametrize(
    ("text", "options", "expected", "reason"),
    CHOICE_ROWS,
    ids=[f"{r[0]}-{i}" for i, r in enumerate(CHOICE_ROWS)],
)
def test_pick_option(text: str, options: list[Option], expected: int | None, reason: str) -> None:
    assert pick_option(text, options, now=datetime(2025, 3, 5, 9, tzinfo=NY)) == expected, reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [("undo", "undo"), ("Undo", "undo"), ("undo!", "undo"), ("撤销", "undo"), ("撤銷。", "undo"),
     ("undo that", None), ("刚才那个撤销一下", None), ("please undo", None), ("undone", None)],
)  # fmt: skip
def test_exact_command(text: str, expected: str | None) -> None:
    assert exact_command(text) == expected


# Two events of one title next week, asked "which one?" on the Wednesday before: a weekday picks in the
# options' frame though the time service reads "Thursday" as tomorrow; a possessive, "one" and the words of
# the options' own title may stand beside it; another name or a span both share does not pick.
WEEK_NOW = datetime(2025, 8, 6, 9, tzinfo=NY)  # a Wednesday


def _twice(title: str) -> list[Option]:
    return [
        Option(f"“{title}” — Monday, August 11, 10:00–11:00 AM", datetime(2025, 8, 11, 10, tzinfo=NY),
               datetime(2025, 8, 11, 11, tzinfo=NY), title=title),
        Option(f"“{title}” — Thursday, August 14, 3:00–4:00 PM", datetime(2025, 8, 14, 15, tzinfo=NY),
               datetime(2025, 8, 14, 16, tzinfo=NY), title=title),
    ]  # fmt: skip


WEEK_ROWS = [
    ("the Monday one", "Sync with Ravi", 0), ("Thursday's slot", "Sync with Ravi", 1), ("monday's please", "Sync with Ravi", 0),
    ("the thursday sync", "Sync with Ravi", 1), ("the one with Ravi on monday", "Sync with Ravi", 0),
    ("Monday's one", "Sync with Ravi", 0), ("the sync", "Sync with Ravi", None), ("the one next week", "Sync with Ravi", None),
    ("the thursday lunch", "Sync with Ravi", None), ("Ravi's", "Sync with Ravi", None),
    ("周四那个会", "和老李的会", 1), ("礼拜一的会", "和老李的会", 0), ("星期四的那个", "和老李的会", 1),
    ("週一那個會", "和老李的会", 0), ("周四的吧", "和老李的会", 1), ("周四的饭局", "和老李的会", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "title", "expected"), WEEK_ROWS, ids=[r[0] for r in WEEK_ROWS])
def test_a_weekday_with_its_pointer_or_title_words_picks(text: str, title: str, expected: int | None) -> None:
    assert pick_option(text, _twice(title), now=WEEK_NOW) == expected
