"""A reply that talks about "the user" (a hint paraphrased back: "The user did not provide the time…") or
that is not in the user's language is the model's talk to itself, not an answer: code's words replace it
(``checks.reply_guidance``). Bounded parsing of our own reply; the rows are our own phrasings."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import pytest

from agent.checks.exit_check import check_reply
from agent.checks.reply_guidance import unfit_reply
from agent.context import ToolContext
from agent.language import HAN_RUN, detect_language
from agent.model import reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, SH, make_kit


def _ctx(said: str) -> ToolContext:
    return ToolContext(
        user_id=uuid.uuid4(),
        events=None,  # type: ignore[arg-type]
        conversations=None,  # type: ignore[arg-type]
        conversation_id="c",
        now=NOW,
        tz=NY,
        turn_id="t",
        lang=detect_language(said),
        user_text=said,
        earlier_texts=(),
    )


# (the user's message, the model's reply, why it cannot stand — None: it stands)
ROWS = [
    ("周五下午三点开会", "The user did not give a time for the meeting, please try again.", "internal_talk"),
    ("把周五的会挪到下午", "Please provide the event title and the new time.", "wrong_language"),
    ("把周五的会挪到下午", "用户没有说明要改到几点，请重新提供时间。", "internal_talk"),
    ("把週五的會挪到下午", "用戶沒有提供新的時間。", "internal_talk"),
    ("push the call to 4", "The user wants the call moved but gave no day; ask the user.", "internal_talk"),
    ("push the call to 4", "The user's request lacks a day.", "internal_talk"),
    ("what's on Monday?", "你周一没有任何安排。", "wrong_language"),
    ("明天开会", "好的，已经记下了「Team sync」。", None),
    ("明天开会", "OK", None),
    ("lunch with 王伟 friday", "Added “Lunch with 王伟” Friday at noon.", None),
    ("what's on today?", "You have “周会” at 10 and “Dentist” at 3.", None),
    ("add 'review the user guide' friday 2pm", "Added “Review the user guide” Friday 2pm.", None),
    ("把我的会移到周四", "Done: “周会” is now on Thursday.", None),
]  # fmt: skip


@pytest.mark.parametrize(("said", "text", "why"), ROWS, ids=[f"{r[0]}|{r[1]}" for r in ROWS])
def test_which_replies_cannot_stand(said: str, text: str, why: str | None) -> None:
    assert unfit_reply(text, _ctx(said), check_reply(text, ())) == why


# (timezone, the user's message, the model's reply: a hint's talk instead of a call)
TURNS = [
    ("Asia/Shanghai", "把老吴那个会挪到周四", "The user did not provide the required arguments to update the event."),
    ("Asia/Shanghai", "复盘会延长两个小时", "Please tell me the new time and try again."),
    ("Asia/Shanghai", "把週三的讀書會改到下午", "用戶沒有提供新的時間，請重新提供。"),
    ("America/New_York", "stretch my review by an hour", "The user did not say which review; ask the user."),
]  # fmt: skip


@pytest.mark.parametrize("row", TURNS, ids=[r[1] for r in TURNS])
async def test_the_models_talk_to_itself_is_replaced(database: Any, make_user: Any, row: Any) -> None:
    zone, said, text = row
    kit = await make_kit(database, make_user, timezone=zone)
    tz = NY if zone == "America/New_York" else SH
    await kit.seed("Review" if said.isascii() else "周会", datetime(2025, 3, 6, 16, tzinfo=tz))
    kit.script(reply(text), reply(text))  # (told once what was wrong, the model says it again)
    r = await kit.assistant.reply(kit.user_id, said)
    assert text not in r.text and "user" not in r.text.lower() and "用户" not in r.text, r.text
    assert bool(HAN_RUN.search(r.text)) is (not said.isascii()), r.text
    assert not r.writes and r.telemetry.get("fallback_reason") in ("internal_talk", "wrong_language"), r.telemetry
    [event] = await kit.events()
    assert event.start == datetime(2025, 3, 6, 16, tzinfo=tz)
