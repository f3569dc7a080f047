"""A title's words come from the user's messages or are a plain event-kind noun; an attendee is a name the
user said; notes are the user's words. Whatever else the model wrote — a name from the tool examples, a
place, a pronoun — is dropped (``title_grounding.grounded_title``, ``write_guards.ground``). Scripted model."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent import CALENDAR_TOOLS
from agent.grounding import is_grounded, is_pronoun, said_by_user
from agent.model import call, reply
from agent.title_grounding import event_kind_in, grounded_title
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (title the model wrote, what the user said, the title kept, why)
DROPPED = [
    ("Meeting with Tomás", "book a meeting tomorrow at 3", "Meeting", "the tool example's name"),
    ("Meeting with John", "set up a meeting friday 10am", "Meeting", "a name the model made up"),
    ("Call with Sarah", "schedule a call tomorrow at 4pm", "Call", "EN call"),
    (
        "Guitar lesson with Tomás",
        "guitar lesson thursday at 4pm",
        "Guitar lesson",
        "the example copied whole",
    ),
    ("Coffee at Blue Bottle", "coffee tomorrow at 9", "Coffee", "an invented place"),
    ("Lunch with Priya and Bob", "lunch with Priya on friday", "Lunch with Priya", "one of two names said"),
    (
        "Dentist appointment with Dr. Smith",
        "dentist appointment monday 2pm",
        "Dentist appointment",
        "a doctor",
    ),
    ("Team sync at Starbucks", "team sync tomorrow morning", "Team sync", "a café"),
    ("Tomás's birthday party", "birthday party saturday at 7pm", "Birthday party", "a possessive name"),
    ("Tom meeting", "meeting tomorrow at 3", "Meeting", "'Tom' is not said by 'tomorrow'"),
    ("Wedding prep", "prep on wed at 3pm", "Prep", "'wed' is no base of 'wedding'"),
    ("Boxing class", "class at the box gym friday 6pm", "Class", "a base shorter than four letters"),
    ("在星巴克开会", "明天下午三点开会", "开会", "ZH: an invented place"),
    ("和刘洋面谈", "下周三上午十点面谈", "面谈", "ZH: the tool example's name"),
    ("刘洋的生日聚会", "下周六晚上生日聚会", "生日聚会", "ZH: a possessive name"),
    ("和王芳开会", "明天上午十点开会", "开会", "ZH: an invented name"),
    ("在星巴克開會", "明天下午三點開會", "開會", "traditional: an invented place"),
    ("和劉洋面談", "下週三上午十點面談", "面談", "traditional: the example's name"),
    ("劉洋的生日聚會", "下週六晚上生日聚會", "生日聚會", "traditional: a possessive name"),
    ("和王芳開會", "明天上午十點開會", "開會", "traditional: an invented name"),
]
KEPT = [
    # a hyphenated word the user ran together is theirs (it had been dropped: "Stand-up meeting" → "Meeting")
    ("Stand-up meeting", "standup every monday at 9", "stand-up for standup"),
    ("Follow-up call", "followup call with the bank friday", "follow-up for followup"),
    ("Dentist check-up", "dentist checkup tuesday 10am", "check-up for checkup"),
    ("Warm-up run", "warmup run before the race saturday", "warm-up for warmup"),
    ("Call with Acme", "call Acme tomorrow", "a named company"),
    ("Meeting with Tom", "meet Tom tomorrow at 3", "a named person"),
    ("Lunch with Priya", "lunch with priya friday noon", "case aside"),
    ("Meeting", "book something tomorrow at 3", "generic only"),
    ("Phone call", "ring the bank tomorrow at 10", "generic only, two words"),
    ("Appointment", "dentist friday", "generic only"),
    ("Haircut", "get a hair cut saturday", "the user's words run together"),
    ("Interview with Acme", "interviewing at Acme on monday", "a word's other form"),
    ("Fjord room booking", "book the Fjord room on wednesday at 10", "-ing of a word said"),
    ("Planning", "let's plan the offsite monday 3pm", "-ing with a doubled consonant"),
    ("Hiking", "hike with Ana saturday 8am", "-ing with the e dropped"),
    ("Training session", "train with the coach, tuesday 6pm, one session", "-ing of a word said"),
    ("Plan review", "planning review friday 2pm", "the base of an -ing word said"),
    ("Shop visit", "shopping and a visit to mum sunday", "the base of a doubled -ing word said"),
    ("Renewed lease signing", "renew the lease, sign it monday 11am", "-ed and -ing of words said"),
    ("Move in", "moving in saturday 9am", "the base, e restored"),
    ("和张三开会", "后天上午九点和张三开会", "ZH: a named person"),
    ("会议", "明天下午三点碰一下", "ZH: generic only"),
    ("电话会议", "明天上午十点和客户沟通", "ZH: generic only"),
    ("对样片", "周四跟摄影师对一下样片", "ZH: the user's words, shortened"),
    ("和張三開會", "明天下午三點和張三開會", "traditional: a named person"),
    ("和张三开会", "明天下午三點和張三開會", "simplified for a traditional message: a conversion"),
    ("和張三開會", "后天上午九点和张三开会", "traditional for a simplified message: a conversion"),
    ("會議", "明天下午三點碰一下", "traditional: generic only"),
    ("視頻會議", "明天上午十點和客戶溝通", "traditional: generic only"),
    ("Meeting with Tom", "明天下午三点和Tom开会", "a translated title: the user's Latin name"),
    (
        "与Acme通话",
        "Book a call with Acme tomorrow at 3pm",
        "translated into a script the user did not write",
    ),
    ("开会", "meeting tomorrow at 3pm", "translated: Han the user did not write"),
]
NOTHING_LEFT = [
    ("Tomás", "book something tomorrow at 3", "Event", "no kind said: the plainest"),
    ("Tomás Rivera", "set up a meeting tomorrow 3pm", "Meeting", "the kind the user said"),
    ("Guitar lesson with Tomás", "call the bank tomorrow at 10", "Call", "the whole example copied"),
    ("John's party", "something on friday at 8pm", "Event", "EN"),
    ("刘洋", "明天下午三点开会", "开会", "ZH: the kind the user said"),
    ("和刘洋面谈", "明天下午三点有事", "日程", "ZH: no kind said"),
    ("劉洋", "明天下午三點開會", "開會", "traditional: as the user wrote it"),
    ("星巴克", "週五晚上八點有事", "日程", "traditional: no kind said"),
    (
        "Dinner with Zhang San",
        "明天晚上七点和张三吃饭",
        "日程",
        "translated and insisted on: nothing to compare",
    ),
]


def _no_duplicates(rows: list[tuple[Any, ...]]) -> None:
    keys = [row[:2] for row in rows]
    assert len(keys) == len(set(keys)), "duplicate rows"


@pytest.mark.parametrize(("title", "said", "kept", "why"), DROPPED, ids=[r[3] for r in DROPPED])
def test_words_nobody_said_are_dropped_from_a_title(title: str, said: str, kept: str, why: str) -> None:
    assert grounded_title(title, [said]) == kept, why


@pytest.mark.parametrize(("title", "said", "why"), KEPT, ids=[r[2] for r in KEPT])
def test_a_title_of_the_users_words_and_event_kinds_is_kept(title: str, said: str, why: str) -> None:
    assert grounded_title(title, [said]) == title, why


@pytest.mark.parametrize(("title", "said", "fallback", "why"), NOTHING_LEFT, ids=[r[3] for r in NOTHING_LEFT])
def test_a_title_of_made_up_words_only_becomes_an_event_kind(
    title: str, said: str, fallback: str, why: str
) -> None:
    assert grounded_title(title, [said]) == ""
    assert event_kind_in([said], "zh" if any("\u4e00" <= c <= "\u9fff" for c in said) else "en") == fallback


def test_the_tables_have_no_duplicate_rows() -> None:
    for rows in (DROPPED, KEPT, NOTHING_LEFT):
        _no_duplicates(rows)  # type: ignore[arg-type]


def test_earlier_messages_of_the_segment_ground_a_title_too() -> None:
    assert grounded_title("Lunch with Priya", ["lunch with Priya on Sunday", "1pm"]) == "Lunch with Priya"
    assert grounded_title("跟摄影师对样片", ["周四跟摄影师对一下样片", "下午三点半"]) == "跟摄影师对样片"


# (value, what the user said, kept?)
ATTENDEES = [
    ("you", "meet Zhang San tomorrow at 3", False),
    ("me", "lunch with me and Ann friday", False),
    ("I", "call with Ann at 3", False),
    ("myself", "dentist for myself at 3", False),
    ("我", "帮我加个明天下午三点的会", False),
    ("你", "你后天上午九点和张三开会", False),
    ("您", "请帮您安排", False),
    ("他们", "明天和他们开会", False),
    ("我們", "明天我們開會", False),
    ("Tom", "meeting tomorrow at 3", False),  # not said by "tomorrow"
    ("Elon", "coffee with Zhang San tomorrow 10am", False),
    ("李四", "明天和张三开会", False),
    ("劉洋", "明天下午三點開會", False),
    ("Zhang San", "coffee with Zhang San tomorrow 10am", True),
    ("Tom", "meet tom tomorrow", True),
    ("张三", "后天上午九点和张三开会", True),
    ("張三", "明天下午三點和張三開會", True),
    ("张三", "明天下午三點和張三開會", True),  # converted to simplified: 三 is said
    ("刘洋", "明天下午三點和張三開會", False),  # converted, but 洋 was never said
    ("摄影师", "周四跟摄影师对一下样片", True),
    ("Priya", "lunch with priya", True),
]


@pytest.mark.parametrize(("value", "said", "kept"), ATTENDEES)
def test_an_attendee_is_a_name_the_user_said(value: str, said: str, kept: bool) -> None:
    assert said_by_user(value, [said]) is kept


@pytest.mark.parametrize("value", ["you", "You", "me", "我", "你", "您", "我們", "咱们", "yourself", "them"])
def test_pronouns(value: str) -> None:
    assert is_pronoun(value)


@pytest.mark.parametrize(
    ("notes", "said", "kept"),
    [
        ("For your hair.", "get a haircut saturday at 11am", False),  # "hair" is not said by "haircut"
        ("bring the insurance card", "add a note to the dentist: bring the insurance card", True),
        ("Bring lunches", "lunch with the team friday, bring lunch", True),
        ("带上资料", "明天下午三点开会，带上资料", True),
        ("帶上資料", "明天下午三點開會，帶上資料", True),
        ("记得带伞", "明天下午三点开会", False),
    ],
)
def test_notes_are_the_users_words(notes: str, said: str, kept: bool) -> None:
    assert is_grounded(notes, said) is kept


# ---------------------------------------------------------------------------------------------- a turn


async def test_an_invented_name_pronoun_and_note_are_not_saved(kit: Kit) -> None:
    arguments = {
        "title": "Meeting with Tomás",
        "when": "tomorrow at 3pm",
        "attendees": ["Tomás", "you"],
        "notes": "For your hair.",
    }
    kit.script(call("create_event", arguments), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, "book a meeting tomorrow at 3pm")
    (event,) = await kit.events()
    assert (event.title, event.attendees, event.notes) == ("Meeting", (), None)
    assert r.text.startswith("Created “Meeting”")
    assert {d["dropped"] for d in r.telemetry["dropped_fields"]} == {"title_words", "attendees", "notes"}


@pytest.mark.parametrize(
    ("said", "title", "when", "saved"),
    [
        ("明天下午三点开会", "和刘洋开会", "明天下午三点", "开会"),
        ("明天下午三點開會", "和劉洋開會", "明天下午三點", "開會"),
        ("后天上午九点和张三开会", "和张三开会", "后天上午九点", "和张三开会"),
        ("Call Acme tomorrow at 10am", "Call with Acme", "tomorrow at 10am", "Call with Acme"),
    ],
)
async def test_a_chinese_title_keeps_the_users_words(
    kit: Kit, said: str, title: str, when: str, saved: str
) -> None:
    kit.script(call("create_event", {"title": title, "when": when, "attendees": ["刘洋", "我"]}), reply("好"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.title == saved and event.attendees == ()


async def test_a_place_as_attendee_is_dropped(kit: Kit) -> None:
    arguments = {"title": "礼拜", "when": "周日上午十点", "location": "教堂", "attendees": ["教堂"]}
    kit.script(call("create_event", arguments), reply("好"))
    await kit.assistant.reply(kit.user_id, "周日上午十点去教堂做礼拜")
    (event,) = await kit.events()
    assert (event.location, event.attendees) == ("教堂", ())


async def test_a_rename_of_made_up_words_changes_no_title(kit: Kit) -> None:
    await kit.seed("Gym", datetime(2025, 3, 6, 18, tzinfo=NY))
    kit.script(call("update_event", {"event": "gym", "when": "friday 5pm", "title": "John"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "move gym to friday 5pm")
    (event,) = await kit.events()
    assert event.title == "Gym" and event.start == datetime(2025, 3, 7, 17, tzinfo=NY)


def _example_calls() -> list[tuple[str, dict[str, Any]]]:
    tool = next(t for t in CALENDAR_TOOLS if t.name == "create_event")
    return list(tool.examples)


@pytest.mark.parametrize(("example", "arguments"), _example_calls(), ids=lambda v: str(v)[:20])
@pytest.mark.parametrize(
    ("said", "when", "title"),
    [
        ("book a meeting tomorrow at 3pm", "tomorrow at 3pm", "Meeting"),
        ("明天下午三点开会", "明天下午三点", "开会"),
    ],
)
async def test_a_tool_examples_names_never_reach_a_request_that_named_nobody(
    kit: Kit, example: str, arguments: dict[str, Any], said: str, when: str, title: str
) -> None:
    """The examples name people (Tomás, 刘洋); a model that copies them into "book a meeting tomorrow at 3pm"
    saves none of it."""
    copied = {**arguments, "when": when}
    kit.script(call("create_event", copied), call("create_event", copied), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    (event,) = await kit.events()
    assert event.title == title and event.attendees == ()
