"""A new event the model sent as an update, beside another request ("move my call with Rita to 3 and add
yoga at 7 tonight" as two updates): the new one is not on the calendar, so code offered it as a yes/no.
Its clause now goes to the model alone once (``turn.offer_clause``); a create the model makes of it, through
the usual guards, replaces the offer. Anything else keeps the offer; a message of one clause is not asked
again. Scripted model; now is Wednesday 2025-03-05 09:00 in New York."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import pytest

from agent.model import Message, ToolSpec, call, reply
from agent.model.messages import ToolResultMessage, UserMessage
from agent.model.scripted import ScriptedModel
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

# (message, the other event, its update, the new event sent as an update, the clause's create, new start)
ROWS = [
    ("move my call with Rita to 3 and add yoga at 7 tonight", "Call with Rita",
     {"event": "call with Rita", "when": "3"}, {"event": "yoga at 7 tonight", "when": "7pm"},
     {"title": "Yoga", "when": "7 tonight"}, datetime(2025, 3, 5, 19, tzinfo=NY)),
    ("Rita call -> 3pm. also swim tomorrow 8am", "Call with Rita",
     {"event": "Rita call", "when": "3pm"}, {"event": "swim", "when": "tomorrow 8am"},
     {"title": "Swim", "when": "tomorrow 8am"}, datetime(2025, 3, 6, 8, tzinfo=NY)),
    ("put dinner with Kat on friday at 8, and the standup should be at 10 today", "Standup",
     {"event": "standup", "when": "10 today"}, {"event": "dinner with Kat", "when": "friday at 8"},
     {"title": "Dinner with Kat", "when": "friday at 8pm"}, datetime(2025, 3, 7, 20, tzinfo=NY)),
    ("和丽塔的电话改到三点，另外今晚七点加个瑜伽", "和丽塔通话",
     {"event": "和丽塔的电话", "when": "三点"}, {"event": "瑜伽", "when": "今晚七点"},
     {"title": "瑜伽", "when": "今晚七点"}, datetime(2025, 3, 5, 19, tzinfo=NY)),
    ("站会改到今天十点，明天早上八点游泳", "站会",
     {"event": "站会", "when": "今天十点"}, {"event": "游泳", "when": "明天早上八点"},
     {"title": "游泳", "when": "明天早上八点"}, datetime(2025, 3, 6, 8, tzinfo=NY)),
    ("把站會挪到今天十點；週五晚上八點和小凱吃飯", "站會",
     {"event": "站會", "when": "今天十點"}, {"event": "和小凱吃飯", "when": "週五晚上八點"},
     {"title": "和小凱吃飯", "when": "週五晚上八點"}, datetime(2025, 3, 7, 20, tzinfo=NY)),
]  # fmt: skip


_EACH_ROW = pytest.mark.parametrize(
    ("text", "other", "other_update", "new_as_update", "create", "start"), ROWS, ids=[r[0][:30] for r in ROWS]
)


def _model(kit: Kit, text: str, other_update: dict, new_as_update: dict, clause: Any) -> ScriptedModel:
    """The model: the other update, then the new event as an update (again, if it is sent back); the clause
    alone (a user message that is not the whole one) gets ``clause``."""

    def step(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
        last = messages[-1]
        if isinstance(last, UserMessage):
            return call("update_event", other_update, request="change") if last.content == text else clause
        results = sum(isinstance(m, ToolResultMessage) for m in messages)
        return call("update_event", new_as_update, request="change") if results <= 2 else reply("ok")

    model = ScriptedModel(step)
    kit.model = kit.assistant.model = model
    return model


@_EACH_ROW
async def test_the_clause_alone_makes_the_new_event(
    kit: Kit, text: str, other: str, other_update: dict, new_as_update: dict, create: dict, start: datetime
) -> None:
    await kit.seed(other, datetime(2025, 3, 5, 14, tzinfo=NY))
    _model(kit, text, other_update, new_as_update, call("create_event", create, request="add"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is None and len(r.writes) == 2 and all(w.persisted for w in r.writes), r.text
    assert start in [e.start for e in await kit.events()], r.text
    assert "?" not in r.text and "？" not in r.text, r.text


@_EACH_ROW
async def test_the_offer_stays_when_the_clause_makes_no_new_event(
    kit: Kit, text: str, other: str, other_update: dict, new_as_update: dict, create: dict, start: datetime
) -> None:
    await kit.seed(other, datetime(2025, 3, 5, 14, tzinfo=NY))
    _model(kit, text, other_update, new_as_update, call("update_event", new_as_update, request="change"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert len(r.writes) == 1 and start not in [e.start for e in await kit.events()], r.text


async def test_one_request_is_not_asked_again(kit: Kit) -> None:
    text = "yoga at 7 tonight"
    model = _model(kit, text, {"event": "yoga", "when": "7 tonight"}, {"event": "yoga", "when": "7 tonight"},
                   call("create_event", {"title": "Yoga", "when": "7 tonight"}, request="add"))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and not r.writes, r.text
    assert all(c.messages[-1] != UserMessage(text) or i == 0 for i, c in enumerate(model.calls) if c.messages)


async def test_a_later_clause_asked_alone_writes_its_own_event(kit: Kit) -> None:
    """The offer's clause and another left-out clause each asked alone: two writes, each stored (every write
    of a turn has its own call index, the key that makes a write run once)."""
    text = "move my call with Rita to 3, add yoga at 7 tonight, and swim tomorrow at 8am"
    await kit.seed("Call with Rita", datetime(2025, 3, 5, 14, tzinfo=NY))

    def step(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
        last = messages[-1]
        if isinstance(last, UserMessage) and last.content != text:
            if "yoga" in last.content:
                return call("create_event", {"title": "Yoga", "when": "7 tonight"}, request="add")
            return call("create_event", {"title": "Swim", "when": "tomorrow at 8am"}, request="add")
        results = sum(isinstance(m, ToolResultMessage) for m in messages)
        if isinstance(last, UserMessage):
            return call("update_event", {"event": "call with Rita", "when": "3"}, request="change")
        if results <= 2:
            return call("update_event", {"event": "yoga", "when": "7 tonight"}, request="change")
        return reply("ok")

    kit.model = kit.assistant.model = ScriptedModel(step)
    r = await kit.assistant.reply(kit.user_id, text)
    titles = sorted(e.title for e in await kit.events())
    assert titles == ["Call with Rita", "Swim", "Yoga"], r.text
    assert len({w.event.id for w in r.writes}) == 3 and not any(w.replayed for w in r.writes), r.text


# (message, the read the model made first, the new event sent as an update, the clause's create, new start)
BESIDE_A_READ = [
    ("what do I have tomorrow? and add a haircut friday at 11am", ("list_events", {"range": "tomorrow"}),
     {"event": "haircut", "when": "friday at 11am"}, {"title": "Haircut", "when": "friday at 11am"}, 11),
    ("anything on thursday afternoon? also lunch with Sam at noon on friday",
     ("list_events", {"range": "thursday afternoon"}), {"event": "lunch with Sam", "when": "noon on friday"},
     {"title": "Lunch with Sam", "when": "noon on friday"}, 12),
    ("show me tomorrow, then book a dentist visit friday 11am", ("list_events", {"range": "tomorrow"}),
     {"event": "book a dentist visit friday 11am", "event_when": "friday 11am", "when": "friday 11am"},
     {"title": "Dentist", "when": "friday 11am"}, 11),
    ("明天都有哪些事？另外周五上午十一点加个理发", ("list_events", {"range": "明天"}),
     {"event": "理发", "when": "周五上午十一点"}, {"title": "理发", "when": "周五上午十一点"}, 11),
    ("週四下午有什麼事？還有週五上午十一點去理髮", ("list_events", {"range": "週四下午"}),
     {"event": "週五上午十一點去理髮", "event_when": "週五上午十一點", "when": "週五上午十一點"},
     {"title": "理髮", "when": "週五上午十一點"}, 11),
    ("看看明天的日程，再帮我周五中午十二点约个午饭", ("list_events", {"range": "明天"}),
     {"event": "午饭", "when": "周五中午十二点"}, {"title": "午饭", "when": "周五中午十二点"}, 12),
]  # fmt: skip


@pytest.mark.parametrize(("text", "read", "new_as_update", "create", "hour"), BESIDE_A_READ,
                         ids=[r[0][:30] for r in BESIDE_A_READ])  # fmt: skip
async def test_beside_a_read_the_clause_alone_makes_the_new_event(
    kit: Kit, text: str, read: tuple[str, dict], new_as_update: dict, create: dict, hour: int
) -> None:
    """A question the turn answered is another request, as a write is: the new event's clause is asked
    alone, and the answer keeps the read's listing."""
    await kit.seed("Standup", datetime(2025, 3, 6, 10, tzinfo=NY))

    def step(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
        last = messages[-1]
        if isinstance(last, UserMessage):
            if last.content == text:
                return call(*read, request="calendar_question")
            return call("create_event", create, request="add")
        results = sum(isinstance(m, ToolResultMessage) for m in messages)
        return call("update_event", new_as_update, request="change") if results <= 2 else reply("ok")

    kit.model = kit.assistant.model = ScriptedModel(step)
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is None and "?" not in r.text and "？" not in r.text, r.text
    assert datetime(2025, 3, 7, hour, tzinfo=NY) in [e.start for e in await kit.events()], r.text
    assert "Standup" in r.text or "Thursday" in r.text or "3月6日" in r.text, r.text
