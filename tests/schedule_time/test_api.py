"""The public surface: exported names, misuse errors, slot replies, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

import schedule_time
from schedule_time import Resolution, TimeExpressionError, is_slot_reply, noun_words, resolve, time_phrases
from schedule_time.__main__ import main

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


def test_exported_names() -> None:
    assert sorted(schedule_time.__all__) == ["Candidate", "MAX_MESSAGE", "Phrase", "Resolution", "TimeExpressionError",
                                             "analyse", "corrected_answer", "cuts_a_time_word", "denied_phrases", "holds_a_time_or_a_move", "is_slot_reply", "noun_words", "reads_as_a_destination", "reads_as_a_start", "reads_as_an_end", "resolve",
                                             "said_as_an_end", "split_length_change", "time_phrases", "without_denied",
                                             "without_end_words"]


def test_naive_now_is_an_error() -> None:
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=datetime(2026, 11, 30, 10, 0))
    assert issubclass(TimeExpressionError, ValueError)


@pytest.mark.parametrize("kwargs", [{"prefer": "later"}, {"tz": "Asia/Shanghai"}])
def test_bad_arguments_are_errors(kwargs: dict) -> None:
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=NOW, **kwargs)


@pytest.mark.parametrize("bad", ["2026-11-30T10:00+08:00", 1_700_000_000, datetime(2026, 11, 30, 10, 0)])
def test_a_bad_now_right_after_a_good_call_is_still_an_error(bad: object) -> None:
    """The previous call's context is reused for an equal ``now``; anything else is checked again."""
    resolve("tomorrow", now=NOW)
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=bad)  # type: ignore[arg-type]


def test_an_equal_now_in_an_equal_but_distinct_zone_reads_the_same() -> None:
    """Two parses of "+08:00" give two zone objects: the same instant, the same wall clock, the same answer."""
    a = datetime.fromisoformat("2026-11-30T23:59:00+08:00")
    b = datetime.fromisoformat("2026-11-30T23:59:00+08:00")
    c = datetime.fromisoformat("2026-11-30T23:59:00+09:00")   # the same wall clock, another zone
    assert a.tzinfo is not b.tzinfo
    first, again, other = (resolve("in 2 minutes", now=n) for n in (a, b, c))
    assert first == again and first.start.utcoffset() == again.start.utcoffset()  # type: ignore[union-attr]
    assert other.start.utcoffset() == c.utcoffset()  # type: ignore[union-attr]


def test_non_string_text_is_an_error() -> None:
    with pytest.raises(TimeExpressionError):
        resolve(None, now=NOW)  # type: ignore[arg-type]


def test_tz_defaults_to_nows_zone() -> None:
    r = resolve("tomorrow", now=NOW)
    assert r.start is not None and r.start.tzinfo == NOW.tzinfo


def test_result_is_a_value() -> None:
    r = resolve("tomorrow at 5pm", now=NOW)
    assert isinstance(r, Resolution) and r.lang == "en"
    assert r.to_json()["start"] == "2026-12-01T17:00:00+08:00"


@pytest.mark.parametrize("text", ["at 3 please", "tomorrow morning then", "next friday at 2pm", "3-4pm",
                                  "ok, tomorrow", "for two hours", "every monday at 9", "at 7:30"])
def test_slot_replies(text: str) -> None:
    assert is_slot_reply(text)


@pytest.mark.parametrize("text", ["", "   ", "lunch with john tomorrow", "7", "hello", "yes", "at",
                                  "cancel the meeting", "tomorrow and friday", "please",
                                  # a numbered place is words of its own: the reply says where, too
                                  "at 2 in room 4", "4pm, gate 12", "3号会议室下午三点", "下午三點 5號會議室"])
def test_not_slot_replies(text: str) -> None:
    assert not is_slot_reply(text)


def test_cli_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["next friday at 2pm", "--now", "2026-11-30T10:00+08:00", "--tz", "Asia/Shanghai"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "resolved" and out["start"] == "2026-12-11T14:00:00+08:00"


def test_cli_reports_a_naive_now(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tomorrow", "--now", "2026-11-30T10:00"]) == 2
    assert "aware" in capsys.readouterr().err


def test_cli_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "schedule_time", "tomorrow", "--now",
                           "2026-11-30T10:00+08:00", "--prefer", "past"], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout)["start"] == "2026-12-01T00:00:00+08:00"


@pytest.mark.parametrize(("text", "phrases"), [
    ("后天上午十点和王五开会", ["后天上午十点", "五"]),
    ("Add a design review tomorrow at 3:30pm", ["tomorrow at 3:30pm"]),
    ("tomorrow, meet Bob at 3pm", ["tomorrow", "3pm"]),  # a filler at the edge of a run is not part of it
    ("hey there", []),
    # a dash between two clauses is no phrase of its own, and no edge of one
    ("the review needs longer — until 6 please", ["until 6"]),
    ("the offsite – tomorrow", ["tomorrow"]),
    ("评审会——延长到五点", ["到五点"]),
    ("周会—今天开到五点", ["今天", "到五点"]),
    ("3—5pm", ["3—5pm"]),  # between two times it is still a range
    # a list or range word at a run's end joins it to no time after it
    ("skip yoga tomorrow and fit in a haircut at 5pm", ["tomorrow", "5pm"]),
    ("call off friday's review and set up a chat at noon", ["friday", "noon"]),
    ("取消周五的复盘和下午两点的电话", ["周五", "下午两点"]),
    ("3 to", ["3"]),
    ("saturday and sunday at 9am", ["saturday and sunday at 9am"]),
    ("from 3 to 5", ["from 3 to 5"]),
    ("move it to 4", ["to 4"]),
    # a number that labels a place (room, gate, line, building) is no time or day
    ("下周三14:30-16:00在3号会议室开评审会", ["下周三14:30-16:00"]),
    ("周五上午十点在5号楼开会", ["周五上午十点"]),
    ("明天下午三点在三号会议室", ["明天下午三点"]),
    ("週五上午十點在5號樓開會", ["週五上午十點"]),
    ("坐5号线去机场", []),
    ("3号下午在3号门见", ["3号下午"]),
    ("3号开会", ["3号"]),  # the 3rd, a day
    ("meet in room 3 on friday at 10", ["friday at 10"]),
    ("gate 12 at 5pm tomorrow", ["5pm tomorrow"]),
    ("review in room 301 tomorrow 2pm", ["tomorrow 2pm"]),
    ("building 5, friday 9am", ["friday 9am"]),
    ("tomorrow 3pm in room 4B", ["tomorrow 3pm"]),
    ("table for 5 at 7", ["5 at 7"]),  # "for 5" is no label: the scanner's reading stands
    # a comma or 、 inside one set of weekdays (after "every"/每, a plural day, or ending in "and <weekday>")
    ("yoga on mondays, wednesdays and fridays at 6am", ["mondays, wednesdays and fridays at 6am"]),
    ("every mon, wed and fri at 7am", ["every mon, wed and fri at 7am"]),
    ("swim tuesdays, thursdays at 7pm", ["tuesdays, thursdays at 7pm"]),
    ("every monday, wednesday, and friday at 9", ["every monday, wednesday, and friday at 9"]),
    ("monday, tuesday and wednesday are free", ["monday, tuesday and wednesday"]),
    ("每周一、周三、周五晚上七点跑步", ["每周一、周三、周五晚上七点"]),
    ("每週二、週四上午十點", ["每週二、週四上午十點"]),
    ("周一，周三和周五开会", ["周一,周三和周五"]),
    # … but a comma between two expressions, or two bare days that are no set, still splits them
    ("dentist on monday, lunch on friday at 1pm", ["monday", "lunch on friday at 1pm"]),
    ("tomorrow at 3, then friday at 5", ["tomorrow at 3", "friday at 5"]),
    ("mondays at 9, wednesdays at 10", ["mondays at 9", "wednesdays at 10"]),
    ("monday, wednesday at 3", ["monday", "wednesday at 3"]),
    ("mon, tue", ["mon", "tue"]),
    ("周一开会，周三出差", ["周一", "周三"]),
    ("每周一上午，周三下午", ["每周一上午", "周三下午"]),
    ("free until 5 then gym", ["until 5"]),
    # a bare meal moved "to" a time names the event ("lunch" is no lunchtime-until-1pm range)
    ("push lunch to 1pm", ["to 1pm"]),
    ("move dinner to 8 please", ["to 8"]),
    ("breakfast to 9:30 instead", ["to 9:30"]),
    ("drop the 4pm call and bump lunch to 1", ["4pm", "to 1"]),
    ("from lunch to 3pm", ["from lunch to 3pm"]),
    ("tomorrow lunch to 2pm", ["tomorrow lunch to 2pm"]),
    ("lunch until 2", ["lunch until 2"]),
    # "since" / "after" / "before" lead a time of their own: a run that does not compose whole is cut there
    ("push the review to thursday at 11am since friday is packed", ["to thursday at 11am", "since friday"]),
    ("move it to 4 since 3 is taken", ["to 4", "since 3"]),
    ("tomorrow after 3pm", ["tomorrow after 3pm"]),
    ("since monday", ["since monday"]),
    ("我直到五点都有空", ["直到五点"]),
    # a dash after the event's name leads no range ("gym – 6pm"); between two times it is one
    ("book club - push it two days later", ["push it two days later"]),
    ("dentist – 3pm tomorrow", ["3pm tomorrow"]),
    ("standup -> 9:30", ["9:30"]),
    ("3pm - 5pm", ["3pm - 5pm"]),
    ("周五 - 下午三点", ["周五 - 下午三点"]),
    # a dash with words before the next time ends a clause: the range's dash stands right before its end
    ("no piano for me today - shift it to the same time on Friday", ["today", "to the same time on friday"]),
    ("today - move it to 4", ["today", "to 4"]),
    ("tomorrow – can we do 3pm instead", ["tomorrow", "3pm"]),
    ("今天 - 改到明天下午三点", ["今天", "到明天下午三点"]),
    ("週五 — 挪到下週一", ["週五", "到下週一"]),
    ("tomorrow 3 - 5pm", ["tomorrow 3 - 5pm"]),
    # "which" day / week / month asks for a time and names none: 哪一天 holds no 一天 ("one day")
    ("体检是在哪一天来着", []),
    ("年会定在哪一个月", []),
    ("讀書會在哪一週", []),
    ("哪一天下午三点都行", ["下午三点"]),
    ("推迟一天", ["推迟一天"]),
])
def test_time_phrases_are_the_runs_of_time_words(text: str, phrases: list[str]) -> None:
    assert time_phrases(text) == phrases


@pytest.mark.parametrize(("text", "phrases"), [
    # a correction names the wrong time beside the right one: the wrong one is no phrase of the message
    ("no wait, saturday not sunday", ["saturday"]),
    ("make it 5 not 6", ["5"]),
    ("not 9am, 10am", ["10am"]),
    ("it's on Tuesday instead of Monday", ["tuesday"]),
    ("tuesday rather than monday please", ["tuesday"]),
    ("they moved it, it's not at 2 anymore, it's at 3", ["at 3"]),
    ("not this week, next week", ["next week"]),
    ("不是九点，十点", ["十点"]),
    ("是周六不是周日", ["周六"]),
    ("改到周二而不是周一", ["到周二"]),
    ("不在周一，在周二", ["周二"]),
    ("是週六不是週日", ["週六"]),
    # not a denial: a bound, a condition, a question, "either … or"
    ("not before 9am tomorrow", ["not before 9am tomorrow"]),
    ("not until 3", ["until 3"]),
    ("if not saturday then sunday", ["saturday then sunday"]),
    ("不是周六吗", ["周六"]),
    ("是不是周六", ["周六"]),
    ("如果不是周六就周日", ["周六就周日"]),
    ("不是周六就是周日", ["周六就是周日"]),
])  # fmt: skip
def test_a_time_the_text_denies_is_no_phrase_of_it(text: str, phrases: list[str]) -> None:
    assert time_phrases(text) == phrases


@pytest.mark.parametrize(("text", "day"), [
    ("周日那天", 6), ("星期五那一天吧", 4), ("禮拜五那天", 4), ("3号那天", 3), ("周日那天下午三点", 6),
])  # fmt: skip
def test_that_day_after_a_day_is_the_same_day(text: str, day: int) -> None:
    """周日那天 "(on) that Sunday": 那天 after a day is filler; alone (那天下午) it points back to an event's day,
    no time of its own without one."""
    assert is_slot_reply(text)
    now = datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    found = resolve(text, now=now)
    assert found.status == "resolved" and found.start is not None and found.start.day == day, found
    assert resolve("那天下午", now=now).status == "unresolved"


@pytest.mark.parametrize(("text", "left"), [
    ("make it 5 not 6", "make it 5 not"),
    ("不是九点，十点", "不是  ,十点"),
    ("Friday at 3", "Friday at 3"),  # nothing denied: the text itself
])  # fmt: skip
def test_without_denied_blanks_the_denied_times(text: str, left: str) -> None:
    assert " ".join(schedule_time.without_denied(text).split()) == " ".join(left.split())


@pytest.mark.parametrize(("text", "denied"), [
    ("make it 5 not 6", ["6"]),
    ("yoga is no longer weekly", ["weekly"]),
    ("standup: not every week anymore", ["every week"]),
    ("瑜伽以后不用每周重复了", ["每周"]),
    ("站会不再每周开了", ["每周"]),
    ("不要周五，周六吧", ["周五"]),
    ("站會不再每週了", ["每週"]),
    ("要不要明天去", []),  # a question, no denial
    ("用不用每周都开", []),
    ("我明天不用去", []),  # the day comes first: nothing after the denial
])  # fmt: skip
def test_the_times_a_text_denies(text: str, denied: list[str]) -> None:
    """What ``without_denied`` blanks out, as phrases: "no longer", 不再, 不用, 不要 deny what follows too."""
    assert list(schedule_time.denied_phrases(text)) == denied


@pytest.mark.parametrize(("text", "nouns"), [
    ("团队午餐改到一点半", ["午餐"]),
    ("team lunch to 1:30", ["lunch"]),
    ("周五的晚饭", ["晚饭"]),
    ("dinner with Ana on Friday", ["dinner"]),
    ("明天下午三点开会", []),
    ("tomorrow evening", []),
])
def test_noun_words_are_the_meals_a_title_may_hold(text: str, nouns: list[str]) -> None:
    assert noun_words(text) == nouns


@pytest.mark.parametrize(("text", "phrase", "end"), [
    ("the end time should be 5pm", "5pm", True),
    ("change the end to 6", "the end to 6", True),
    ("can the ending be 4:30", "4:30", True),
    ("结束时间应该是12点", "12点", True),
    ("结束改到十一点", "到十一点", True),
    ("結束時間定在五點", "五點", True),
    ("move it to 5", "to 5", False),
    ("结束后三点去接孩子", "三点", False),
    ("改到三点", "到三点", False),
    # a length change's "to" reaches the new end; a move's, a postponement's or a length's does not
    ("extend it to 5", "to 5", True),
    ("can we extend the training on friday to 5pm", "friday to 5pm", True),
    ("let it run to 6:30", "to 6:30", True),
    ("let the workshop run to 6:30", "to 6:30", False),  # (only "it"/"that" runs: "run" is often a noun)
    ("shorten it to 3", "to 3", True),
    ("延长到五点", "到五点", True),
    ("把培训延长到下午五点", "到下午五点", True),
    ("會議延長到六點", "到六點", True),
    ("会开到五点半", "到五点半", True),
    ("缩短到四点", "到四点", True),
    ("push it to 5", "to 5", False),
    ("延到周五", "到周五", False),
    ("extend the call and move it to 5", "to 5", False),
    ("push my morning run to 7:45", "to 7:45", False),  # a run, the noun
    ("the standup goes to 10am", "to 10am", False),
    ("move the run to 6", "to 6", False),
    ("extend it by an hour", "extend it by an hour", False),
    ("延长一个小时", "延长一个小时", False),
])  # fmt: skip
def test_a_time_said_to_be_the_end(text: str, phrase: str, end: bool) -> None:
    assert schedule_time.said_as_an_end(text, phrase) is end
    if end:
        assert not schedule_time.reads_as_a_destination(text, phrase)
    assert schedule_time.without_end_words("the end to 11:30") == "11:30"


@pytest.mark.parametrize(("text", "phrases"), [
    ("the end should be at 11 instead", ["at 11"]),
    ("the start time is 9", ["9"]),
    ("the end of the day", ["the end of the day"]),
])  # fmt: skip
def test_the_end_or_start_of_nothing_is_no_phrase(text: str, phrases: list[str]) -> None:
    assert time_phrases(text) == phrases


@pytest.mark.parametrize(("text", "phrases"), [
    ("再加一个晚上六点的健身", ["晚上六点"]),  # 一个 counts the event
    ("加一個晚上8點的聚會", ["晚上8點"]),
    ("这周五的会挪到下午三点，只改这一次", ["这周五", "到下午三点"]),  # 这一次 counts the occurrence
    ("三个人和老王一起吃饭，晚上七点", ["晚上七点"]),  # 三个人 counts people, 一起 is "together"
    ("十二吧", ["十二"]),  # a reply of a bare number stays
    ("住一个晚上", ["一个晚上"]),  # a stay of one night
    ("住两个晚上", ["两个晚上"]),
])  # fmt: skip
def test_one_evening_before_a_clock_is_no_night(text: str, phrases: list[str]) -> None:
    assert time_phrases(text) == phrases
