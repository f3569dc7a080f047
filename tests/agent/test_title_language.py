"""A title in a script the user never wrote is sent back to the model once per turn. Scripted model."""

from __future__ import annotations

import pytest

from agent.model import ToolResultMessage, call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


def _problems(model) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.content for r in model.calls for m in r.messages if isinstance(m, ToolResultMessage)]


@pytest.mark.parametrize(
    ("said", "translated", "fixed"),
    [
        ("Book a call with Acme tomorrow at 3pm", "与Acme通话", "Call with Acme"),
        ("明天下午三点开会", "Meeting", "开会"),
    ],
)
async def test_a_translated_title_goes_back_once_and_the_fix_is_written(
    kit: Kit, said: str, translated: str, fixed: str
) -> None:
    when = "tomorrow at 3pm" if said.startswith("Book") else "明天下午三点"
    model = kit.script(
        call("create_event", {"title": translated, "when": when}),
        call("create_event", {"title": fixed, "when": when}),
    )
    await kit.assistant.reply(kit.user_id, said)
    assert model.call_count == 2
    assert "not_the_users_language" in _problems(model)[0]
    assert [e.title for e in await kit.events()] == [fixed]


async def test_a_model_that_insists_is_believed(kit: Kit) -> None:
    model = kit.script(
        call("create_event", {"title": "与Acme通话", "when": "tomorrow at 3pm"}),
        call("create_event", {"title": "与Acme通话", "when": "tomorrow at 3pm"}),
    )
    await kit.assistant.reply(kit.user_id, "Book a call with Acme tomorrow at 3pm")
    assert model.call_count == 2
    assert [e.title for e in await kit.events()] == ["与Acme通话"]


@pytest.mark.parametrize(
    ("said", "title", "when"),
    [
        ("明天下午三点和Tom开会", "Meeting with Tom", "明天下午三点"),  # the user wrote Latin letters too
        ("lunch with 张三 tomorrow at noon", "Lunch with 张三", "tomorrow at noon"),
        ("dentist tomorrow at 3pm", "Dentist", "tomorrow at 3pm"),
    ],
)
async def test_a_title_in_the_users_scripts_is_written_at_once(
    kit: Kit, said: str, title: str, when: str
) -> None:
    model = kit.script(call("create_event", {"title": title, "when": when}), reply("ok"))
    await kit.assistant.reply(kit.user_id, said)
    assert model.call_count == 1 and [e.title for e in await kit.events()] == [title]
