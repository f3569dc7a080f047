"""A move the model computed or copied badly, mended from the user's own words (``guards.times``):

* two time phrases of the message are left ("today" says which event, "the same time next tuesday" where
  it goes) and the model's new start kept the time words of only one of them ("next tuesday 11:30", the
  prompt's clock glued on): that one is what it was made from, and the time service reads it;
* ``event_when`` that is the prompt's current minute is no time anyone said: dropped, so the name alone
  finds the event and the user's one phrase is the new start.

Scripted model; now is Wednesday 2025-03-05 09:00 in New York (22:00 in Shanghai and Taipei)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent.model import call
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, make_kit


def _now_text(tz: str, with_weekday: bool = False) -> str:
    local = NOW.astimezone(ZoneInfo(tz))
    return local.strftime("%A %Y-%m-%d %H:%M" if with_weekday else "%Y-%m-%d %H:%M")


# (zone, title, message, the model's new start with the prompt's clock, the new day)
SAME_TIME = [
    ("America/New_York", "Guitar lesson", "skipping guitar today, can you put it at the same time next tuesday?",
     "next tuesday {clock}", 11),
    ("America/New_York", "Piano", "no piano for me today - shift it to the same time on Friday", "Friday {clock}", 7),
    ("Asia/Shanghai", "钢琴课", "今天的钢琴课去不了，改到下周二同一时间", "下周二 {clock}", 11),
    ("Asia/Taipei", "吉他課", "今天的吉他課挪到下週二，同一個時間", "下週二 {clock}", 11),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "when", "day"), SAME_TIME, ids=[r[2] for r in SAME_TIME])
async def test_the_phrase_the_mangled_start_was_made_from_is_the_move(
    database: Any, make_user: Any, tz: str, title: str, text: str, when: str, day: int
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 5, 17, tzinfo=kit.tz))  # today, 17:00
    clock = NOW.astimezone(kit.tz).strftime("%H:%M")
    model = kit.script(call("update_event", {"event": title, "when": when.format(clock=clock)}))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, day, 17, tzinfo=kit.tz), r.text


# (zone, title at 18:30 on Thursday 6 March, message, the model's update: event_when the prompt's now)
NOW_AS_WHICH = [
    ("Asia/Taipei", "和Ben吃晚餐", "跟Ben吃飯那個改到下週三", "下週三"),
    ("Asia/Shanghai", "和Ben吃晚饭", "和Ben那顿晚饭挪到下周三", "下周三"),
    ("America/New_York", "Dinner with Ben", "move the dinner with Ben to next wednesday", "next wednesday"),
    ("America/New_York", "Dinner with Ben", "dinner w/ Ben -> next Wednesday please", "next Wednesday"),
]  # fmt: skip


@pytest.mark.parametrize(("tz", "title", "text", "day_words"), NOW_AS_WHICH, ids=[r[2] for r in NOW_AS_WHICH])
async def test_the_prompts_now_as_which_event_is_dropped(
    database: Any, make_user: Any, tz: str, title: str, text: str, day_words: str
) -> None:
    kit = await make_kit(database, make_user, timezone=tz)
    await kit.seed(title, datetime(2025, 3, 6, 18, 30, tzinfo=kit.tz))
    wrong_day = "2025-03-11 " + NOW.astimezone(kit.tz).strftime("%H:%M")  # a Tuesday, the prompt's clock
    update = {"event": title.split("和")[-1] if not text.isascii() else "dinner with Ben",
              "event_when": _now_text(tz), "when": wrong_day}  # fmt: skip
    model = kit.script(call("update_event", update))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 1 and len(r.writes) == 1, r.text
    assert "Ben" in r.text
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 12, 18, 30, tzinfo=kit.tz), r.text  # next Wednesday, its clock
