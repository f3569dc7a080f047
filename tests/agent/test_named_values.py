"""A correction of the event just written that names one of its current values (a place, a person) and an
update that leaves that field as it is: back to the model once, naming the value; its second answer is
written (agent.writes.named_values). Scripted model, real store; now is Wednesday 2025-03-05 09:00 in New
York."""

from __future__ import annotations

from typing import Any

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (first message, its create, the correction, the model's update without the field, its second update,
# the field and its stored value)
ROWS: list[tuple[str, dict[str, Any], str, dict[str, Any], dict[str, Any], str, Any]] = [
    ("team dinner friday 7pm at Nando's", {"title": "Team dinner", "when": "friday 7pm", "location": "Nando's"},
     "it's the Lantern, not Nando's, and till 9pm", {"event": "team dinner", "end": "9pm"},
     {"event": "team dinner", "end": "9pm", "location": "the Lantern"}, "location", "the Lantern"),
    ("coffee with Priya tomorrow 10am", {"title": "Coffee", "when": "tomorrow 10am", "attendees": ["Priya"]},
     "not Priya, Priyanka - and make it 10:30", {"event": "coffee", "when": "10:30"},
     {"event": "coffee", "when": "10:30", "attendees": ["Priyanka"]}, "attendees", ("Priyanka",)),
    ("后天中午十二点和阿玲吃饭", {"title": "吃饭", "when": "后天中午十二点", "attendees": ["阿玲"]},
     "不是阿玲，是阿琳，留两个小时", {"event": "吃饭", "duration": "两个小时"},
     {"event": "吃饭", "duration": "两个小时", "attendees": ["阿琳"]}, "attendees", ("阿琳",)),
    ("周五下午三点在国贸见客户", {"title": "见客户", "when": "周五下午三点", "location": "国贸"},
     "在望京，不在国贸，留两个小时", {"event": "见客户", "duration": "两个小时"},
     {"event": "见客户", "duration": "两个小时", "location": "望京"}, "location", "望京"),
    ("週六晚上七點在信義店聚餐", {"title": "聚餐", "when": "週六晚上七點", "location": "信義店"},
     "是微風不是信義店，晚上八點開始", {"event": "聚餐", "when": "晚上八點"},
     {"event": "聚餐", "when": "晚上八點", "location": "微風"}, "location", "微風"),
    # the reference is the title, which holds the value: the message denies it, so it is corrected all the same
    ("drinks with Tomasz friday 6pm", {"title": "Drinks with Tomasz", "when": "friday 6pm", "attendees": ["Tomasz"]},
     "Tomas not Tomasz, and 6:30pm", {"event": "Drinks with Tomasz", "when": "6:30pm"},
     {"event": "Drinks with Tomasz", "when": "6:30pm", "attendees": ["Tomas"]}, "attendees", ("Tomas",)),
    ("后天中午十二点和小芸吃午饭", {"title": "和小芸吃午饭", "when": "后天中午十二点", "attendees": ["小芸"]},
     "不是小芸是小云，时长改两个钟", {"event": "和小芸吃午饭", "duration": "两个钟"},
     {"event": "和小芸吃午饭", "duration": "两个钟", "attendees": ["小云"]}, "attendees", ("小云",)),
    # a name spelled or said almost like the event's person, the current one not named at all
    ("lunch w/ Jon thursday 1pm", {"title": "Lunch", "when": "thursday 1pm", "attendees": ["Jon"]},
     "oops the name is John, and 1:30 instead", {"event": "lunch", "when": "1:30"},
     {"event": "lunch", "when": "1:30", "attendees": ["John"]}, "attendees", ("John",)),
    ("call with Katy friday 4pm", {"title": "Call", "when": "friday 4pm", "attendees": ["Katy"]},
     "I spelled it wrong, Kate. Also 4:30pm", {"event": "call", "when": "4:30pm"},
     {"event": "call", "when": "4:30pm", "attendees": ["Kate"]}, "attendees", ("Kate",)),
    ("周四下午两点和小林开会", {"title": "开会", "when": "周四下午两点", "attendees": ["小林"]},
     "名字写错了，应该是小凌，另外开一个半小时", {"event": "开会", "duration": "一个半小时"},
     {"event": "开会", "duration": "一个半小时", "attendees": ["小凌"]}, "attendees", ("小凌",)),
    ("週五上午十點跟王總見面", {"title": "見面", "when": "週五上午十點", "attendees": ["王總"]},
     "搞錯了，是汪總，改到十一點", {"event": "見面", "when": "十一點"},
     {"event": "見面", "when": "十一點", "attendees": ["汪總"]}, "attendees", ("汪總",)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[2] for r in ROWS])
async def test_a_named_value_left_as_it_is_goes_back_once(kit: Kit, row: tuple) -> None:
    first, create, correction, update, again, field, value = row
    model = kit.script(call("create_event", create), call("update_event", update), call("update_event", again),
                       reply("unused"))  # fmt: skip
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 3 and [w.action for w in r.writes] == ["updated"], r.text
    (event,) = await kit.events()
    assert getattr(event, field) == value, (r.text, r.telemetry.get("dropped_fields"))


async def test_words_instead_of_a_retry_ask_yes_no_about_the_update_as_sent(kit: Kit) -> None:
    create = {"title": "Lunch", "when": "friday noon", "location": "Nando's"}
    model = kit.script(call("create_event", create), call("update_event", {"event": "lunch", "when": "1pm"}),
                       reply("Sure, lunch is at 1pm now."))  # fmt: skip
    await kit.assistant.reply(kit.user_id, "lunch friday noon at Nando's")
    r = await kit.assistant.reply(kit.user_id, "1pm instead, and it's still Nando's")
    assert r.writes == () and r.pending is not None and model.call_count == 3, r.text
    done = await kit.assistant.reply(kit.user_id, "yes")
    assert done.writes and model.call_count == 3, done.text
    (event,) = await kit.events()
    assert event.start.hour == 13


async def test_the_same_update_again_is_written(kit: Kit) -> None:
    create = {"title": "Lunch", "when": "friday noon", "location": "Nando's"}
    update = {"event": "lunch", "when": "1pm"}
    model = kit.script(call("create_event", create), call("update_event", update), call("update_event", update))
    await kit.assistant.reply(kit.user_id, "lunch friday noon at Nando's")
    r = await kit.assistant.reply(kit.user_id, "make it 1pm, still at Nando's")
    assert model.call_count == 3 and r.writes, r.text
    (event,) = await kit.events()
    assert (event.start.hour, event.location) == (13, "Nando's")


@pytest.mark.parametrize(
    ("first", "create", "correction", "update"),
    [
        # the value only says which event (it is in the reference)
        ("lunch friday noon at Nando's", {"title": "Lunch at Nando's", "when": "friday noon", "location": "Nando's"},
         "move the lunch at Nando's to 1pm", {"event": "lunch at Nando's", "when": "1pm"}),
        # the field is changed
        ("call with Anya friday 10am", {"title": "Call", "when": "friday 10am", "attendees": ["Anya"]},
         "Tanya, not Anya", {"event": "call", "attendees": ["Tanya"]}),
        # a value too short to be named
        ("chat with Al friday 10am", {"title": "Chat", "when": "friday 10am", "attendees": ["Al"]},
         "make it 11am - Al can't do 10", {"event": "chat", "when": "11am"}),
    ],
)  # fmt: skip
async def test_no_send_back_when_the_value_is_not_kept_by_mistake(
    kit: Kit, first: str, create: dict, correction: str, update: dict
) -> None:
    model = kit.script(call("create_event", create), call("update_event", update), reply("unused"))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    assert model.call_count == 2 and r.writes, r.text
