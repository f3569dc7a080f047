"""A Chinese title is saved in the script the user writes (``language.in_users_script``, guard
``title_script``): the model often writes simplified for a user who writes traditional. Scripted model."""

from __future__ import annotations

from typing import Any

import pytest

from agent.language import in_users_script
from agent.model import call
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
