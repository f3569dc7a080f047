"""Pending commands: stored by the turn, finished by code alone (what issue 6's gates call)."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from agent.context import ToolContext
from agent.language import detect_language
from agent.model import call
from agent.outcomes import Persisted
from agent.writes import pending
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, Kit


def _ctx(kit: Kit, text: str, now: datetime) -> ToolContext:
    return ToolContext(
        user_id=kit.user_id,
        events=kit.db.events(kit.user_id),
        conversations=kit.db.conversations(kit.user_id),
        conversation_id="default",
        now=now,
        tz=kit.tz,
        turn_id=uuid.uuid4().hex,
        lang=detect_language(text),
        user_text=text,
    )


async def _pending(kit: Kit, now: datetime):  # type: ignore[no-untyped-def]
    return await kit.db.conversations(kit.user_id).take_pending("default", now=now)


async def test_confirmation_resumes_without_model(kit: Kit) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    kit.script(call("create_event", {"title": "Call with Globex", "when": "tomorrow 3pm"}))
    await kit.assistant.reply(kit.user_id, "Add a call with Globex tomorrow at 3pm")
    later = NOW + timedelta(minutes=1)
    record = await _pending(kit, later)
    assert record.kind == "needs_confirmation" and record.payload["reasons"] == ["conflict"]
    assert record.payload["conflicts"][0]["title"] == "Dentist"
    outcome = await pending.resume(_ctx(kit, "yes", later), record, confirm=True)
    assert isinstance(outcome, Persisted) and outcome.result.persisted
    assert sorted(e.title for e in await kit.events()) == ["Call with Globex", "Dentist"]
    assert kit.model.call_count == 1


async def test_confirmation_expires_after_five_minutes(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Design review", "when": "8am this morning"}))
    await kit.assistant.reply(kit.user_id, "Add the design review at 8 this morning")
    assert await _pending(kit, NOW + timedelta(minutes=6)) is None


async def test_missing_time_is_filled_by_a_slot_reply(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Lunch with Wen", "when": "Sunday", "location": "Noodle Bar"}))
    await kit.assistant.reply(kit.user_id, "lunch with Wen on Sunday at Noodle Bar")
    later = NOW + timedelta(minutes=1)
    record = await _pending(kit, later)
    assert (record.kind, record.payload["field"]) == ("needs_value", "when")
    outcome = await pending.resume(_ctx(kit, "1pm", later), record, value="1pm")
    assert isinstance(outcome, Persisted)
    (event,) = await kit.events()
    assert (event.start, event.end) == (
        datetime(2025, 3, 9, 13, tzinfo=NY),
        datetime(2025, 3, 9, 14, tzinfo=NY),
    )
    assert event.location == "Noodle Bar"  # grounded in the first message, not re-checked against "1pm"


async def test_time_choice_resumes(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Call with Jun", "when": "tomorrow 7:30"}))
    await kit.assistant.reply(kit.user_id, "Call with Jun tomorrow at 7:30")
    later = NOW + timedelta(minutes=1)
    record = await _pending(kit, later)
    assert [o["tag"] for o in record.payload["options"]] == ["morning", "evening"]
    outcome = await pending.resume(_ctx(kit, "evening", later), record, choice=1)
    assert isinstance(outcome, Persisted)
    (event,) = await kit.events()
    assert event.start == datetime(2025, 3, 6, 19, 30, tzinfo=NY)


async def test_event_choice_resumes_and_keeps_the_chosen_day(kit: Kit) -> None:
    await kit.seed("Physio", datetime(2025, 3, 6, 9, tzinfo=NY))
    await kit.seed("Physio", datetime(2025, 3, 7, 9, tzinfo=NY))
    kit.script(call("update_event", {"event": "physio", "when": "11am"}))
    r = await kit.assistant.reply(kit.user_id, "move the physio to 11am")
    assert len(r.options) == 2 and r.writes == ()
    later = NOW + timedelta(minutes=1)
    outcome = await pending.resume(_ctx(kit, "number two", later), await _pending(kit, later), choice=1)
    assert isinstance(outcome, Persisted)
    starts = sorted(e.start for e in await kit.events())
    assert starts == [datetime(2025, 3, 6, 9, tzinfo=NY), datetime(2025, 3, 7, 11, tzinfo=NY)]


async def test_a_bad_choice_is_rejected_without_writing(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Call with Jun", "when": "tomorrow 7:30"}))
    await kit.assistant.reply(kit.user_id, "Call with Jun tomorrow at 7:30")
    record = await _pending(kit, NOW)
    outcome = await pending.resume(_ctx(kit, "5", NOW), record, choice=4)
    assert outcome.kind == "rejected" and await kit.events() == []


async def test_payload_survives_json_and_is_revalidated(kit: Kit) -> None:
    kit.script(call("create_event", {"title": "Lunch with Wen", "when": "Sunday"}))
    await kit.assistant.reply(kit.user_id, "lunch with Wen on Sunday")
    record = await _pending(kit, NOW)
    broken = {**record.payload, "command": {**record.payload["command"], "v": 99}}
    outcome = await pending.resume(_ctx(kit, "1pm", NOW), broken, value="1pm")
    assert outcome.kind == "rejected" and await kit.events() == []
