"""A Chinese title is saved in the script the user writes (``language.in_users_script``, guard
``title_script``): the model often writes simplified for a user who writes traditional. Scripted model."""

from __future__ import annotations

from typing import Any

import pytest

from agent.language import in_users_script, reply_in_users_script
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (what the user wrote, the title as the model wrote it, the title in the user's script)
SCRIPTS = [
    ("下週二早上十點帶狗去看獸醫", "带狗去看兽医", "帶狗去看獸醫"),
    ("週五晚上跟阿華吃飯", "跟阿华吃饭", "跟阿華吃飯"),
    ("禮拜三下午兩點開會討論預算", "开会讨论预算", "開會討論預算"),
    ("明天下午三點剪頭髮", "剪头发", "剪頭髮"),
    ("下週一的週會取消", "周会", "週會"),  # the user's own 週
    ("下周一的周會", "周会", "周會"),  # …and their own 周
    ("明天下午三点开会", "開會", "开会"),  # a simplified writer: the other way
    ("周五和老王打球", "和老王打球", "和老王打球"),  # already theirs
    ("週四交報告", "Report", "Report"),  # no Han in the title: nothing to do
    ("yes", "牙医", "牙医"),  # no Han from the user: nothing to go by
]  # fmt: skip


@pytest.mark.parametrize(("said", "title", "theirs"), SCRIPTS, ids=[r[0] for r in SCRIPTS])
def test_a_title_in_the_users_script(said: str, title: str, theirs: str) -> None:
    assert in_users_script(title, said) == theirs


CREATES = [
    ("Asia/Taipei", "週四下午三點帶狗去打預防針", {"title": "带狗去打预防针", "when": "周四下午3点"}, "帶狗去打預防針"),
    ("Asia/Taipei", "明天早上九點跟陳經理開會", {"title": "跟陈经理开会", "when": "明天早上9点"}, "跟陳經理開會"),
    ("Asia/Hong_Kong", "禮拜六下午四點去機場接人", {"title": "去机场接人", "when": "礼拜六下午4点"}, "去機場接人"),
    ("Asia/Shanghai", "周五下午三点和客户开会", {"title": "和客戶開會", "when": "周五下午三点"}, "和客户开会"),
]  # fmt: skip


@pytest.mark.parametrize(("zone", "text", "args", "saved"), CREATES, ids=[r[1] for r in CREATES])
async def test_the_saved_title_is_in_the_users_script(
    database: Any, make_user: Any, zone: str, text: str, args: dict, saved: str
) -> None:
    kit = await make_kit(database, make_user, timezone=zone)
    kit.script(call("create_event", args))
    r = await kit.assistant.reply(kit.user_id, text)
    assert len(r.writes) == 1, r.text
    [event] = await kit.events()
    assert event.title == saved and saved in r.text, r.text


# (what the user wrote in this segment, the reply as written, the reply shown)
REPLIES = [
    (("下週四下午三點看牙醫",), "已添加“看牙医”：下周四 15:00–16:00。\n要改时间吗？",
     "已添加“看牙醫”：下週四 15:00–16:00。\n要改時間嗎？"),
    (("刪掉週三的健身", "好"), "好的，已删除“健身”。你还想安排别的吗？", "好的，已刪除“健身”。你還想安排別的嗎？"),
    (("幫我約個時間",), "什么时候？请说日期和时间。", "什麼時候？請說日期和時間。"),
    (("禮拜五有什麼事",), "周五没有安排。", "週五沒有安排。"),
    (("明天下午三点开会",), "已添加“开会”：明天 15:00–16:00。", "已添加“开会”：明天 15:00–16:00。"),  # simplified
    (("周五有空吗",), "週五沒有安排。", "週五沒有安排。"),  # a simplified writer's reply is left as written
    (("what's on friday",), "周五没有安排。", "周五没有安排。"),  # no Chinese from the user
    (("週四",), "Added “Dentist” Thursday 15:00–16:00.", "Added “Dentist” Thursday 15:00–16:00."),
]  # fmt: skip


@pytest.mark.parametrize(("said", "reply", "shown"), REPLIES, ids=[r[0][-1] for r in REPLIES])
def test_a_reply_in_the_users_script(said: tuple[str, ...], reply: str, shown: str) -> None:
    assert reply_in_users_script(reply, said) == shown


async def test_code_written_questions_reach_a_traditional_writer_in_traditional(
    database: Any, make_user: Any
) -> None:
    """The question code asks (which seven o'clock) is shown, and stored, in the user's script."""
    kit = await make_kit(database, make_user, timezone="Asia/Taipei")
    kit.script(call("create_event", {"title": "跟陈经理开会", "when": "週四7點"}))
    r = await kit.assistant.reply(kit.user_id, "週四7點跟陳經理開會")
    assert not r.writes and r.text, r.text
    assert "哪個時間" in r.text and "个" not in r.text and "时" not in r.text, r.text



@pytest.mark.parametrize(
    ("text", "answer", "title", "when", "saved"),
    [
        ("週五晚上跟阿華吃飯", "7pm", "跟阿华吃饭", "週五晚上7pm", "跟阿華吃飯"),
        ("禮拜六帶貓咪去打針", "10am", "带猫咪去打针", "禮拜六 10am", "帶貓咪去打針"),
        ("下週一和阿凱視訊", "3:30pm", "和阿凯视频", "下週一 3:30pm", "和阿凱視頻"),
    ],
)
async def test_a_title_written_in_a_later_turn_is_in_the_users_script(
    database: Any, make_user: Any, text: str, answer: str, title: str, when: str, saved: str
) -> None:
    """The answer ("7pm") has no Han: the segment's earlier words say which script the user writes."""
    kit = await make_kit(database, make_user, timezone="Asia/Taipei")
    kit.script(reply("幾點？"), call("create_event", {"title": title, "when": when}))
    await kit.assistant.reply(kit.user_id, text)
    r = await kit.assistant.reply(kit.user_id, answer)
    assert len(r.writes) == 1, r.text
    [event] = await kit.events()
    assert event.title == saved, r.text
