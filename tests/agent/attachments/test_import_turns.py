"""Attached calendar files through the whole turn: preview (zero model calls), "yes" (imports exactly what
was previewed, zero model calls, receipts from the stored rows), "no" (nothing written), a "yes" after the
time limit or a second "yes" (nothing written), an invitation shown as what it is, unsupported files.
Over the real-world-shaped files of ``tests/fixtures``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent.attachments import Attachment
from agent.model import reply
from storage import Database, EventSnapshot, StorageUnavailable, ics_batch
from storage.ics import import_ics
from tests.agent.fixtures import Kit
from tests.agent.fixtures import make_kit as _make_kit
from tests.fixtures import ics_file

LONDON = ZoneInfo("Europe/London")
NY = ZoneInfo("America/New_York")
TERM_NOW = datetime(2025, 9, 20, 9, 0, tzinfo=LONDON)  # a Saturday before the term
NOW = datetime(2025, 3, 5, 9, 0, tzinfo=NY)  # a Wednesday


def attached(name: str, declared: str | None = "text/calendar") -> Attachment:
    return Attachment(name, ics_file(name), declared)


def content(event: EventSnapshot) -> tuple[Any, ...]:
    return (
        event.title, event.start.astimezone(UTC), event.end.astimezone(UTC), event.rrule,
        tuple(sorted(x.astimezone(UTC) for x in event.exdates)), tuple(event.attendees),
    )  # fmt: skip


async def timetable_kit(database: Database, make_user: Any) -> Kit:
    kit = await _make_kit(database, make_user, timezone="Europe/London")
    await kit.seed(
        "Dentist", datetime(2025, 10, 8, 10, 30, tzinfo=LONDON), datetime(2025, 10, 8, 11, 15, tzinfo=LONDON)
    )
    return kit


async def test_a_timetable_is_previewed_by_code_and_nothing_is_written(
    database: Database, make_user: Any
) -> None:
    kit = await timetable_kit(database, make_user)
    r = await kit.assistant.reply(
        kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW
    )
    assert kit.model.call_count == 0 and r.route == "attachment" and r.model_round_trips == 0
    assert r.pending is not None and r.pending.kind == "needs_confirmation"
    assert r.pending.expires_at == TERM_NOW + timedelta(minutes=5)
    lines = r.text.splitlines()
    assert lines[0] == "“university_timetable.ics” has 5 events to add: 3 repeating, 2 single."
    assert lines[1] == "Dates: Monday, September 29 – Wednesday, December 10."
    assert "every week on Monday and Wednesday, 10:00–11:00 AM" in lines[2] and "(20 times)" in lines[2]
    assert "every week on Friday" in lines[3] and "(9 times)" in lines[3]  # COUNT=10 less one EXDATE
    assert "every week on Tuesday" in lines[4] and "(10 times)" in lines[4]
    assert lines[5] == "4. Reading week — Monday, November 3–Friday, November 7 (all day)"
    assert lines[6] == "5. COMP2011 Midterm exam — Wednesday, October 22, 6:00–8:00 PM"
    assert lines[7:9] == [
        "Overlaps your calendar:",
        "- COMP2011 Algorithms - Lecture on Wednesday, October 8, 10:00 AM overlaps “Dentist”",
    ]
    assert lines[-1] == "Add them to your calendar? (yes / no)" and "skipped" not in r.text
    assert [e.title for e in await kit.events()] == ["Dentist"] and r.writes == ()


async def test_yes_imports_exactly_what_was_previewed(database: Database, make_user: Any) -> None:
    kit = await timetable_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW)
    r = await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=2))
    assert kit.model.call_count == 0 and r.route == "gate_confirm" and r.pending is None
    assert len(r.writes) == 5 and all(w.persisted for w in r.writes) and len(r.receipts) == 5
    lines = r.text.splitlines()
    assert lines[0] == "Imported “university_timetable.ics”: 5 events added."
    assert (
        lines[1]
        == "Created “COMP2011 Algorithms - Lecture” — Monday, September 29, 10:00–11:00 AM"
        " (repeating until Wednesday, December 10)."  # (the file's UNTIL: the term's last lecture day)
    )
    # the same rows the importer makes of the file, and the term's 41 occurrences
    reference = await _make_kit(database, make_user, timezone="Europe/London")
    await import_ics(database.events(reference.user_id), ics_file("university_timetable.ics"), now=TERM_NOW)
    ours = sorted(content(e) for e in await kit.events() if e.title != "Dentist")
    assert ours == sorted(content(e) for e in await reference.events())
    start, end = datetime(2025, 9, 1, tzinfo=LONDON), datetime(2026, 1, 1, tzinfo=LONDON)
    assert len(await database.events(kit.user_id).list_range(start, end)) == 41 + 1  # + the dentist
    assert {str(w.event.id) for w in r.writes} == {rc.event_id for rc in r.receipts}


async def test_no_writes_nothing_and_a_later_yes_is_an_ordinary_message(
    database: Database, make_user: Any
) -> None:
    kit = await timetable_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW)
    r = await kit.assistant.reply(kit.user_id, "no", now=TERM_NOW + timedelta(minutes=1))
    assert r.route == "gate_cancel" and kit.model.call_count == 0 and r.writes == ()
    assert r.text == "OK, I won't import “university_timetable.ics”. Your calendar is unchanged."
    kit.script(reply("Sure."))
    r = await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=2))
    assert r.route == "model" and r.writes == ()
    assert [e.title for e in await kit.events()] == ["Dentist"]


async def test_a_yes_after_the_time_limit_writes_nothing(database: Database, make_user: Any) -> None:
    kit = await timetable_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW)
    kit.script(reply("Done — I've imported your timetable."))  # a model that claims it
    r = await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=6))
    assert r.route == "model" and r.writes == () and r.replaced and r.exit_check == "unverified_write_claim"
    assert "imported your timetable" not in r.text
    assert [e.title for e in await kit.events()] == ["Dentist"]
    assert len(await kit.records("unverified_write_claim")) == 1


async def test_a_second_yes_writes_nothing(database: Database, make_user: Any) -> None:
    kit = await timetable_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW)
    await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=1))
    kit.script(reply("You're welcome!"))
    r = await kit.assistant.reply(kit.user_id, "yes", now=TERM_NOW + timedelta(minutes=2))
    assert r.writes == () and r.route == "model"
    assert len(await kit.events()) == 6


async def test_the_same_file_again_has_nothing_left_to_add(database: Database, make_user: Any) -> None:
    kit = await timetable_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW)
    await kit.assistant.reply(kit.user_id, "ok", now=TERM_NOW + timedelta(minutes=1))
    r = await kit.assistant.reply(
        kit.user_id, "", attachment=attached("university_timetable.ics"), now=TERM_NOW
    )
    assert r.pending is None and r.text.startswith("Nothing in “university_timetable.ics” can be added")
    assert "already in your calendar from an earlier import" in r.text and r.text.endswith(
        "Your calendar is unchanged."
    )


async def test_a_google_export_with_overrides(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    r = await kit.assistant.reply(kit.user_id, "", attachment=attached("google_export.ics"), now=NOW)
    lines = r.text.splitlines()
    assert lines[0] == "“google_export.ics” has 3 events to add: 1 repeating, 2 single."
    assert lines[1] == "Dates: Thursday, March 6 – Thursday, April 24."
    assert lines[2] == (
        "1. Book club — every week on Thursday, 7:00–8:30 PM, Thursday, March 6 – Thursday, April 24 "
        "(7 times) (with 1 change and 1 cancellation)"
    )
    assert lines[4] == "3. Spring break — Monday, March 24–Friday, March 28 (all day)"
    r = await kit.assistant.reply(kit.user_id, "sure", now=NOW + timedelta(minutes=3))
    assert [w.action for w in r.writes] == ["created", "created", "created", "updated", "deleted"]
    assert r.text.splitlines()[0] == (
        "Imported “google_export.ics”: 3 events added, 1 occurrence changed, 1 occurrence cancelled."
    )
    events = {e.title: e for e in await kit.events()}
    series, moved = events["Book club"], events["Book club (Friday this week)"]
    assert {x.date().isoformat() for x in series.exdates} == {"2025-03-20", "2025-04-03"}
    assert moved.series_id == series.id and moved.start == datetime(2025, 3, 21, 19, tzinfo=NY)
    reference = await _make_kit(database, make_user)
    await import_ics(database.events(reference.user_id), ics_file("google_export.ics"), now=NOW)
    assert sorted(content(e) for e in await kit.events()) == sorted(
        content(e) for e in await reference.events()
    )


async def test_an_outlook_invitation_is_shown_as_an_invitation(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    r = await kit.assistant.reply(kit.user_id, "", attachment=attached("outlook_invitation.ics"), now=NOW)
    assert r.text.splitlines() == [
        "This is an invitation from Priya Raman <priya.raman@contoso.com>:",
        "“Q3 planning” — Tuesday, March 11, 1:00–2:00 PM (Microsoft Teams Meeting)",  # 10:00 in Pacific time
        "Attendees: Dana Whitfield, Marco Bianchi, ops-team@contoso.com",
        "Add it to your calendar? Nothing is sent to the organizer or anyone else. (yes / no)",
    ]
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    (event,) = await kit.events()
    assert (event.title, event.start) == ("Q3 planning", datetime(2025, 3, 11, 13, tzinfo=NY))
    assert event.attendees == ("Dana Whitfield", "Marco Bianchi", "ops-team@contoso.com")
    assert r.text.splitlines() == [
        "Imported “outlook_invitation.ics”: 1 event added.",
        "Created “Q3 planning” — Tuesday, March 11, 1:00–2:00 PM.",
    ]


async def test_an_invitation_in_chinese(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    await kit.seed("周会", datetime(2025, 3, 11, 13, 30, tzinfo=NY))
    r = await kit.assistant.reply(
        kit.user_id, "帮我看看这个邀请", attachment=attached("outlook_invitation.ics"), now=NOW
    )
    assert r.lang == "zh" and r.text.splitlines()[:3] == [
        "这是 Priya Raman <priya.raman@contoso.com> 发来的会议邀请：",
        "「Q3 planning」：3月11日（周二） 13:00–14:00（Microsoft Teams Meeting）",
        "参加者：Dana Whitfield、Marco Bianchi、ops-team@contoso.com",
    ]
    assert kit.model.call_count == 0  # one event: no words can narrow it, the yes or no decides
    assert "与「周会」重叠" in r.text and r.text.endswith("不会给组织者或任何人发送回复。（好 / 不用了）")
    r = await kit.assistant.reply(kit.user_id, "好的", now=NOW + timedelta(minutes=1))
    assert (
        r.text.splitlines()[0] == "已导入「outlook_invitation.ics」：添加了1个日程。" and len(r.writes) == 1
    )


async def test_one_broken_event_is_skipped_with_its_reason(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    r = await kit.assistant.reply(kit.user_id, "", attachment=attached("one_broken_event.ics"), now=NOW)
    assert r.text.splitlines()[0] == "“one_broken_event.ics” has 3 events to add."
    assert "Will be skipped (1):\n- “Car service”: its DTSTART value is not valid iCalendar" in r.text
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert sorted(e.title for e in await kit.events()) == ["Parent-teacher meeting", "Physio", "Team lunch"]


async def test_a_chinese_preview_of_the_broken_file(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("google_export.ics"), now=NOW)  # replaced
    kit.script(reply("这个文件是一个日历。"))  # prose instead of a pick: the whole file is shown
    r = await kit.assistant.reply(
        kit.user_id, "导入这个", attachment=attached("one_broken_event.ics"), now=NOW
    )
    assert r.text.splitlines()[0] == "「one_broken_event.ics」里有3个日程可以添加。"
    assert "将跳过（1个）：\n- 「Car service」：DTSTART 的值不是有效的 iCalendar" in r.text
    r = await kit.assistant.reply(kit.user_id, "不用了", now=NOW + timedelta(minutes=1))
    assert r.text == "好的，不导入「one_broken_event.ics」了。日历没有变化。" and await kit.events() == []


@pytest.mark.parametrize(
    ("name", "data", "declared", "says"),
    [
        ("timetable.ics", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "image/png", "That's an image"),
        ("timetable.pdf", b"%PDF-1.4\n" + b"x" * 64, "application/pdf", "That's a PDF"),
        ("notes.txt", b"lectures on mondays\n", "text/plain", "plain text, not a calendar file"),
        ("broken.ics", b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2025", None, "could not be read"),
    ],
)
async def test_unsupported_files_are_answered_and_nothing_is_stored(
    database: Database, make_user: Any, name: str, data: bytes, declared: str | None, says: str
) -> None:
    kit = await _make_kit(database, make_user)
    r = await kit.assistant.reply(
        kit.user_id, "add this", attachment=Attachment(name, data, declared), now=NOW
    )
    assert says in r.text and "I can import calendar files (.ics, iCalendar)" in r.text
    assert r.pending is None and r.writes == () and kit.model.call_count == 0
    assert await kit.events() == []


async def test_a_file_too_big_for_a_pending_import_is_answered(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{n}@x\r\nSUMMARY:Shift {n} {'x' * 120}\r\nDTSTART:2025031{n % 10}T0{n % 9}0000Z\r\n"
        f"DURATION:PT1H\r\nEND:VEVENT\r\n"
        for n in range(400)
    )
    data = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{events}END:VCALENDAR\r\n".encode()
    r = await kit.assistant.reply(kit.user_id, "", attachment=Attachment("rota.ics", data, None), now=NOW)
    assert "too many events to import in a chat" in r.text and "kairos events import" in r.text
    assert r.pending is None and await kit.events() == []


async def test_a_tampered_pending_import_is_validated_again(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("one_broken_event.ics"), now=NOW)
    conversations = database.conversations(kit.user_id)
    pending = await conversations.pending("default", now=NOW)
    assert pending is not None
    payload = pending.payload
    draft = payload["command"]["resolved"]["items"][2]["draft"]
    draft["end"] = draft["start"]  # an event that ends when it starts: the store refuses it
    await conversations.save_pending("default", "needs_confirmation", payload, now=NOW,
                                     expires_at=NOW + timedelta(minutes=5))  # fmt: skip
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert r.writes == () and "imported nothing" in r.text and await kit.events() == []


async def test_a_series_with_no_end_overlapping_a_weekly_meeting(database: Database, make_user: Any) -> None:
    kit = await _make_kit(database, make_user)
    await kit.seed("Team sync", datetime(2025, 3, 3, 10, tzinfo=NY), rrule="FREQ=WEEKLY;BYDAY=MO")
    data = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:yoga@x\r\nSUMMARY:Yoga\r\n"
        "DTSTART;TZID=America/New_York:20250310T103000\r\nDTEND;TZID=America/New_York:20250310T113000\r\n"
        "RRULE:FREQ=WEEKLY;BYDAY=MO\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    r = await kit.assistant.reply(
        kit.user_id, "", attachment=Attachment("yoga.ics", data.encode(), None), now=NOW
    )
    lines = r.text.splitlines()
    assert lines[1] == "Dates: from Monday, March 10, repeating with no end."
    assert lines[2] == "1. Yoga — every week on Monday, 10:30–11:30 AM, from Monday, March 10, with no end"
    assert lines[3:5] == [
        "Overlaps your calendar:",
        "- Yoga on Monday, March 10, 10:30 AM overlaps “Team sync” (and 57 more times)",
    ]
    assert (
        lines[5].startswith("(Overlaps were looked for up to ")
        and lines[-1] == "Add it to your calendar? (yes / no)"
    )


async def test_a_store_failing_at_yes_writes_nothing_and_says_so(
    database: Database, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:

    kit = await _make_kit(database, make_user)
    await kit.assistant.reply(kit.user_id, "", attachment=attached("google_export.ics"), now=NOW)
    real, calls = ics_batch.add_audit_record, []

    async def failing(session: Any, values: dict[str, Any]) -> int:
        calls.append(values)
        if len(calls) == 4:
            raise StorageUnavailable("gone")
        return await real(session, values)

    monkeypatch.setattr(ics_batch, "add_audit_record", failing)
    r = await kit.assistant.reply(kit.user_id, "yes", now=NOW + timedelta(minutes=1))
    assert r.text == "I couldn't save the import; your calendar is unchanged. Please try again."
    assert r.writes == () and await kit.events() == [] and len(calls) == 4
