"""Sessions: segments by silence gap, earlier segments as one-line markers, dated history, the archive
search tool, and the one-load / one-commit turn store (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from agent.archive import query_terms, search_archive
from agent.model import AssistantMessage, SystemMessage, ToolResultMessage, UserMessage, call, reply
from agent.turn.sessions import earlier_line, fit_history, focus_line, session_gap
from storage import ArchivedMessage, MessageRecord, SegmentSummary
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, Kit


def _roles(messages) -> list[str]:  # type: ignore[no-untyped-def]
    kinds = {SystemMessage: "system", UserMessage: "user", AssistantMessage: "assistant"}
    return [kinds.get(type(m), "tool") for m in messages]


async def test_three_hours_apart_starts_a_segment_marked_and_searchable(kit: Kit) -> None:
    kit.script(reply("Noted, sounds lovely!"))
    await kit.assistant.reply(
        kit.user_id, "We loved the dinner at Dishoom in Shoreditch, let's go back sometime"
    )
    model = kit.script(reply("Sure."))
    await kit.assistant.reply(kit.user_id, "thanks", now=NOW + timedelta(minutes=30))
    first = model.calls[0].messages
    assert _roles(first) == ["system", "system", "user"]  # same segment: history, as a transcript
    assert first[1].content.endswith(
        "Conversation so far (oldest first):\n"
        "User: We loved the dinner at Dishoom in Shoreditch, let's go back sometime\n"
        "Kairos: Noted, sounds lovely!"
    )

    later = NOW + timedelta(hours=3, minutes=30)
    model = kit.script(
        call("search_conversation_archive", {"query": "restaurants dishoom"}),
        reply("You mentioned Dishoom in Shoreditch."),
    )
    r = await kit.assistant.reply(kit.user_id, "what was that restaurant I mentioned?", now=later)
    assert model.call_count == 2 and r.telemetry["new_segment"] is True
    prompt = model.calls[0].messages
    assert _roles(prompt) == ["system", "system", "user"]  # the old segment is not in the prompt...
    assert "Earlier conversations (read with search_conversation_archive): 2025-03-05 (4 messages)." in (
        prompt[1].content
    )  # ...only its marker
    (result,) = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert result["ok"] and result["results"][0]["date"] == "Wed 2025-03-05 09:00"
    assert "Dishoom" in result["results"][0]["text"]
    assert all("restaurant I mentioned" not in hit["text"] for hit in result["results"])  # current segment


async def test_chinese_archive_query_finds_the_restaurant(kit: Kit) -> None:
    kit.script(reply("好的！"))
    await kit.assistant.reply(kit.user_id, "周五想去那家川味小馆餐厅吃饭")
    model = kit.script(
        call("search_conversation_archive", {"query": "之前说的那家餐厅"}), reply("是川味小馆。")
    )
    await kit.assistant.reply(kit.user_id, "之前说的那家餐厅叫什么？", now=NOW + timedelta(days=2))
    (result,) = [json.loads(m.content) for m in model.calls[1].messages if isinstance(m, ToolResultMessage)]
    assert [h["text"] for h in result["results"]] == ["周五想去那家川味小馆餐厅吃饭"]


async def test_gap_is_configurable(kit: Kit, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAIROS_SESSION_GAP_MINUTES", "10")
    assert session_gap() == timedelta(minutes=10)
    from agent import Assistant

    kit.assistant = Assistant(kit.db, kit.model, clock=lambda: NOW)
    kit.script(reply("hi"))
    await kit.assistant.reply(kit.user_id, "hello")
    kit.script(reply("hi again"))
    r = await kit.assistant.reply(kit.user_id, "hello?", now=NOW + timedelta(minutes=11))
    assert r.telemetry["new_segment"] is True


def test_gap_setting_falls_back_to_120_minutes() -> None:
    assert session_gap({}) == timedelta(minutes=120)
    assert session_gap({"KAIROS_SESSION_GAP_MINUTES": "abc"}) == timedelta(minutes=120)
    assert session_gap({"KAIROS_SESSION_GAP_MINUTES": "-5"}) == timedelta(minutes=120)
    assert session_gap({"KAIROS_SESSION_GAP_MINUTES": "45"}) == timedelta(minutes=45)


def _record(i: int, text: str, at: datetime, role: str = "user") -> MessageRecord:
    return MessageRecord(i, "default", role, text, None, at)  # type: ignore[arg-type]


def test_old_messages_carry_their_date_and_the_budget_keeps_the_newest() -> None:
    now = datetime(2025, 3, 6, 0, 30, tzinfo=NY)  # just past midnight: the segment spans two days
    history = [
        _record(1, "lunch with Li tomorrow at noon", datetime(2025, 3, 5, 23, 50, tzinfo=NY)),
        _record(2, "Created “Lunch with Li”", datetime(2025, 3, 5, 23, 50, tzinfo=NY), "assistant"),
        _record(3, "and dinner today", now),
    ]
    fitted = fit_history(history, now=now, tz=NY, per_message=400)
    assert fitted[0] == (
        "user",
        "[Wed 2025-03-05] lunch with Li tomorrow at noon",
    )  # never re-read as the 7th
    assert fitted[2] == ("user", "and dinner today")
    long = [_record(i, "x" * 400, now) for i in range(10)]
    kept = fit_history(long, now=now, tz=NY, per_message=400, budget=250)
    assert len(kept) == 2 and kept[-1] == ("user", "x" * 400)


def test_earlier_line_lists_dates_and_sizes_newest_first() -> None:
    tz = ZoneInfo("Asia/Shanghai")
    segments = [
        SegmentSummary(
            7 - i, datetime(2025, 3, 7 - i, 2, tzinfo=UTC), datetime(2025, 3, 7 - i, 3, tzinfo=UTC), 2 + i
        )
        for i in range(7)
    ]
    assert earlier_line([], tz) is None
    line = earlier_line(segments, tz)
    assert line is not None and line.startswith("Earlier conversations")
    assert "2025-03-07 (2 messages); 2025-03-06 (3 messages)" in line and line.endswith("2 older.")


@pytest.mark.parametrize(
    ("query", "text", "found"),
    [
        ("restaurant", "Dishoom is my favourite restaurant", True),
        ("restaurants", "Dishoom is my favourite restaurant", True),
        ("resturant", "Dishoom is my favourite restaurant", True),
        ("the restaurant I mentioned before", "that restaurant near the office", True),
        ("dentist", "Dishoom is my favourite restaurant", False),
        ("之前说的那家餐厅", "周五去那家川菜餐厅吧", True),
        ("餐厅", "周五去那家川菜馆吧", False),
        ("张三的生日", "下周三是张三生日", True),
    ],
)
def test_archive_scoring(query: str, text: str, found: bool) -> None:
    message = ArchivedMessage("default", 0, "user", text, NOW)
    assert bool(search_archive(query, [message])) is found, query_terms(query)


async def test_turn_store_commits_everything_in_one_transaction(kit: Kit) -> None:
    from storage import CLEAR, PendingWrite

    turns = kit.db.turns(kit.user_id)
    gap = timedelta(hours=2)
    state = await turns.load("c1", now=NOW, gap=gap)
    assert state.new_segment and state.segment == 0 and state.pending is None and state.history == ()
    pending = PendingWrite("needs_value", {"v": 1, "command": {}}, NOW + timedelta(minutes=30))
    await turns.commit(state, now=NOW, turn_id="t1", messages=[("user", "a"), ("assistant", "b")],
                       records=[("turn", {"route": "model"})], focus=[{"event_id": "e", "turn": "t1"}],
                       pending=pending)  # fmt: skip
    state = await turns.load("c1", now=NOW + timedelta(minutes=5), gap=gap)
    assert not state.new_segment and [m.text for m in state.history] == ["a", "b"]
    assert state.pending is not None and state.focus == ({"event_id": "e", "turn": "t1"},)
    assert [r.payload for r in await kit.records("turn")] == [{"route": "model"}]
    await turns.commit(
        state, now=NOW + timedelta(minutes=5), turn_id="t2", messages=[("user", "c")], pending=CLEAR
    )
    state = await turns.load("c1", now=NOW + timedelta(hours=3), gap=gap)
    assert state.new_segment and state.segment == 1 and state.pending is None and state.focus == ()
    assert [(e.segment, e.messages) for e in state.earlier] == [(0, 3)]
    archived = await turns.archive("c1", exclude_segment=1)
    assert [m.text for m in archived] == ["c", "b", "a"]


async def test_an_unreadable_state_still_answers_and_overwrites_nothing(
    kit: Kit, monkeypatch: pytest.MonkeyPatch
) -> None:
    from storage import StorageUnavailable, TurnStore

    kit.script(reply("hi"))
    await kit.assistant.reply(kit.user_id, "hello")

    async def broken(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise StorageUnavailable("database is down")

    monkeypatch.setattr(TurnStore, "load", broken)
    model = kit.script(reply("Still here."))
    r = await kit.assistant.reply(kit.user_id, "are you there?", now=NOW + timedelta(minutes=1))
    assert model.call_count == 1 and r.text == "Still here." and r.pending is None
    monkeypatch.undo()
    state = await kit.db.turns(kit.user_id).load(
        "default", now=NOW + timedelta(minutes=2), gap=timedelta(hours=2)
    )
    assert [m.text for m in state.history] == ["hello", "hi"]  # the state was not reset by the blind turn


def test_the_focus_line_names_the_events_newest_first_and_the_one_just_written() -> None:
    assert focus_line(()) is None
    focus = (
        {"event_id": "1", "title": "Gym", "turn": "t2", "written": True},
        {"event_id": "2", "title": "设计评审", "turn": "t1"},
        {"event_id": "3", "title": "Gym", "turn": "t1"},
    )
    assert focus_line(focus) == (
        'Events in this conversation, newest first: "Gym", "设计评审". Just added or changed: "Gym".'
    )


@pytest.mark.parametrize(
    ("details", "shown"),
    [
        ({"location": "Nando's"}, '"Team lunch" (location "Nando\'s")'),
        ({"attendees": ["Mark"]}, '"Team lunch" (attendees ["Mark"])'),
        ({"location": "B座3楼", "attendees": ["阿玲", "小王"]}, '"Team lunch" (location "B座3楼"; attendees ["阿玲", "小王"])'),
        ({"attendees": []}, '"Team lunch"'),
    ],
)
def test_the_event_just_written_is_shown_with_its_place_and_people(details, shown) -> None:  # type: ignore[no-untyped-def]
    # A correction of a name or place ("Marcus, not Mark", 是阿琳不是阿玲) replaces a value the model can see.
    focus = ({"event_id": "1", "title": "Team lunch", "turn": "t2", "written": True, **details},)
    assert focus_line(focus) == (
        f'Events in this conversation, newest first: "Team lunch". Just added or changed: {shown}.'
    )


async def test_the_model_sees_the_events_in_focus(kit) -> None:  # type: ignore[no-untyped-def]
    model = kit.script(call("create_event", {"title": "Gym", "when": "tomorrow at 6pm"}), reply("ok"))
    await kit.assistant.reply(kit.user_id, "gym tomorrow at 6pm")
    await kit.assistant.reply(kit.user_id, "how long is it?")
    context = [m.content for m in model.calls[-1].messages if isinstance(m, SystemMessage)][-1]
    assert 'Events in this conversation, newest first: "Gym". Just added or changed: "Gym".' in context


async def test_the_place_and_people_of_the_event_just_written_reach_the_next_turn_only(kit) -> None:  # type: ignore[no-untyped-def]
    model = kit.script(
        call(
            "create_event",
            {"title": "Lunch", "when": "friday 12:15", "location": "Nando's", "attendees": ["Mark"]},
        ),
        reply("ok"),
        reply("It is at noon."),
        reply("Sure."),
    )
    await kit.assistant.reply(kit.user_id, "lunch friday 12:15 at Nando's, Mark is coming")
    await kit.assistant.reply(kit.user_id, "when is it again?")
    first = [m.content for m in model.calls[-1].messages if isinstance(m, SystemMessage)][-1]
    assert 'Just added or changed: "Lunch" (location "Nando\'s"; attendees ["Mark"]).' in first
    await kit.assistant.reply(kit.user_id, "thanks")
    later = [m.content for m in model.calls[-1].messages if isinstance(m, SystemMessage)][-1]
    focus = next(line for line in later.splitlines() if line.startswith("Events in this conversation"))
    assert focus == 'Events in this conversation, newest first: "Lunch".'
