"""A cancellation of the event we were still asking about ("Add it anyway?", "What time on Friday?") — sent
by the model as a delete of an event the calendar does not have yet — drops the question: "OK, I won't add
…", never "I couldn't find …", and a later "yes" adds nothing. Scripted model; EN and ZH."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

EN, ZH = "America/New_York", "Asia/Shanghai"

# (zone, first message, the model's create, the cancellation, the model's delete, words of the answer)
ROWS: list[tuple[str, str, dict[str, Any], str, dict[str, Any], str]] = [
    (EN, "coffee with ines tomorrow at 3pm", {"title": "Coffee with Ines", "when": "tomorrow at 3pm"},
     "actually, scrap the coffee", {"event": "coffee"}, "won't add “Coffee with Ines”"),
    (EN, "yoga class tomorrow at 2:30pm", {"title": "Yoga class", "when": "tomorrow at 2:30pm"},
     "never mind, drop it", {"event": "it"}, "won't add “Yoga class”"),
    (EN, "book a haircut friday", {"title": "Haircut", "when": "friday"},
     "forget the haircut", {"event": "Haircut"}, "won't add “Haircut”"),
    (ZH, "明天下午三点和小林喝咖啡", {"title": "和小林喝咖啡", "when": "明天下午三点"},
     "算了，咖啡取消吧", {"event": "和小林喝咖啡"}, "不添加「和小林喝咖啡」"),
    (ZH, "明天下午两点半上瑜伽课", {"title": "瑜伽课", "when": "明天下午两点半"},
     "那个不要了", {"event": "那个"}, "不添加「瑜伽课」"),
    (ZH, "周五去理发", {"title": "理发", "when": "周五"},
     "理发先不约了", {"event": "理发"}, "不添加「理发」"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "text", "delete", "said"), ROWS, ids=[r[3] for r in ROWS])
async def test_the_question_is_dropped(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], text: str,
    delete: dict[str, Any], said: str,
) -> None:  # fmt: skip
    kit = await make_kit(database, make_user, timezone=tz)
    # tomorrow 14:00-17:00 is taken: a create then is asked about ("Add it anyway?")
    await kit.seed("Focus block", datetime(2025, 3, 6, 14, tzinfo=kit.tz), datetime(2025, 3, 6, 17, tzinfo=kit.tz))
    kit.script(call("create_event", create), reply("ok"))
    asked = await kit.assistant.reply(kit.user_id, first)
    assert asked.pending is not None, asked.text
    kit.script(call("delete_event", delete), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert said in r.text and not r.writes, r.text
    kit.script(reply("ok"))
    await kit.assistant.reply(kit.user_id, "yes")
    assert [e.title for e in await kit.events()] == ["Focus block"]


# (zone, first message, the model's create, the cancellation, the model's delete with the time it was asked at)
AT_ITS_TIME: list[tuple[str, str, dict[str, Any], str, dict[str, Any], str]] = [
    (EN, "coffee with ines tomorrow at 3pm", {"title": "Coffee with Ines", "when": "tomorrow at 3pm"},
     "cancel the coffee with ines tomorrow at 3", {"event": "Coffee with Ines", "event_when": "tomorrow at 3pm"},
     "won't add “Coffee with Ines”"),
    (EN, "yoga class tomorrow at 2:30pm", {"title": "Yoga class", "when": "tomorrow at 2:30pm"},
     "scrap tomorrow's yoga class", {"event": "yoga class", "event_when": "tomorrow"}, "won't add “Yoga class”"),
    (EN, "call with the bank tomorrow at 4pm", {"title": "Call with the bank", "when": "tomorrow at 4pm"},
     "drop the 4pm bank call", {"event": "bank call", "event_when": "4pm"}, "won't add “Call with the bank”"),
    (ZH, "明天下午三点和小林喝咖啡", {"title": "和小林喝咖啡", "when": "明天下午三点"},
     "取消明天下午三点和小林喝咖啡", {"event": "和小林喝咖啡", "event_when": "明天下午三点"}, "不添加「和小林喝咖啡」"),
    (ZH, "明天下午两点半上瑜伽课", {"title": "瑜伽课", "when": "明天下午两点半"},
     "明天的瑜伽课不上了", {"event": "瑜伽课", "event_when": "明天"}, "不添加「瑜伽课」"),
    (ZH, "明天下午四点体检", {"title": "体检", "when": "明天下午四点"},
     "取消体检", {"event": "体检", "event_when": "明天下午四点"}, "不添加「体检」"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "first", "create", "text", "delete", "said"), AT_ITS_TIME,
                         ids=[r[3] for r in AT_ITS_TIME])  # fmt: skip
async def test_another_event_at_its_time_is_no_stand_in(
    database: Any, make_user: Any, tz: str, first: str, create: dict[str, Any], text: str,
    delete: dict[str, Any], said: str,
) -> None:  # fmt: skip
    # the busy block at that time is no guess at the event that was never written
    await test_the_question_is_dropped(database, make_user, tz, first, create, text, delete, said)
