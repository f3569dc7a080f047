"""A message with two requests whose one write asks yes/no first (the model's answer did not back it): the
other request's clause goes to the model alone (agent.turn.endings.only_yes_no). A write the model makes of
it is held by the same doubt, so both are asked as one yes/no and one "yes" does both; when the model makes
nothing of it, the request is said undone beside the question, in the user's words — a "yes" must not make
the user think both were done. Scripted model; now is Wednesday 2025-03-05 09:00."""

from __future__ import annotations

from typing import Any

import pytest

from agent.language import simplified
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import make_kit

# (message, the model's one create, the other request's words, the model's create of those words alone)
ROWS = [
    ("physio Monday 8am, and drinks with Ana Friday 6pm", {"title": "Physio", "when": "Monday 8am"},
     "drinks with Ana Friday 6pm", {"title": "Drinks with Ana", "when": "Friday 6pm"}),
    ("book club Wednesday 7pm; car service Saturday 10am", {"title": "Car service", "when": "Saturday 10am"},
     "book club Wednesday 7pm", {"title": "Book club", "when": "Wednesday 7pm"}),
    ("周二上午九点体检，周四晚上七点和小林吃饭", {"title": "体检", "when": "周二上午九点"}, "周四晚上七点和小林吃饭",
     {"title": "和小林吃饭", "when": "周四晚上七点"}),
    ("週一早上八點復健，週五晚上六點跟阿文喝酒", {"title": "復健", "when": "週一早上八點"}, "週五晚上六點跟阿文喝酒",
     {"title": "跟阿文喝酒", "when": "週五晚上六點"}),
]  # fmt: skip
DOUBT = {"no_tool_p": 0.35, "mean_logprob": -0.3}


@pytest.mark.parametrize(("text", "create", "other", "alone"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_other_request_alone_is_asked_with_the_first(
    database: Any, make_user: Any, text: str, create: dict[str, Any], other: str, alone: dict[str, Any]
) -> None:
    kit = await make_kit(
        database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai"
    )
    model = kit.script(call("create_event", create, request="add", **DOUBT), call("create_event", alone, request="add"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and r.writes == (), r.text
    assert model.calls[1].messages[-1].content == other  # the clause alone, as the user wrote it
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    assert "haven't done" not in r.text and "还没有处理" not in r.text, r.text
    assert create["title"] in r.text and alone["title"] in r.text, r.text  # one question names both
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 2 and [w.action for w in done.writes] == ["created", "created"], done.text
    assert sorted(e.title for e in await kit.events()) == sorted([create["title"], alone["title"]])


@pytest.mark.parametrize(("text", "create", "other", "alone"), ROWS, ids=[r[0] for r in ROWS])
async def test_the_other_request_the_model_leaves_is_said_undone_beside_the_yes_no(
    database: Any, make_user: Any, text: str, create: dict[str, Any], other: str, alone: dict[str, Any]
) -> None:
    kit = await make_kit(
        database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai"
    )
    model = kit.script(call("create_event", create, request="add", **DOUBT), reply("OK.", request="chat"))
    r = await kit.assistant.reply(kit.user_id, text)
    assert model.call_count == 2 and r.writes == (), r.text
    assert r.pending is not None and r.pending.kind == "needs_confirmation", r.text
    last = r.text.splitlines()[-1]
    assert other in last and simplified(last).startswith(
        ("I haven't done this part", "你消息里的这部分我还没有处理")
    ), r.text
    done = await kit.assistant.reply(kit.user_id, "yes" if text.isascii() else "好")
    assert model.call_count == 2 and [w.action for w in done.writes] == ["created"], done.text
    assert [e.title for e in await kit.events()] == [create["title"]]


@pytest.mark.parametrize(
    ("text", "create"),
    [
        ("physio Monday 8am", {"title": "Physio", "when": "Monday 8am"}),
        ("周二上午九点体检", {"title": "体检", "when": "周二上午九点"}),
    ],
)
async def test_one_request_asked_yes_no_says_nothing_undone(
    database: Any, make_user: Any, text: str, create: dict[str, Any]
) -> None:
    kit = await make_kit(
        database, make_user, timezone="America/New_York" if text.isascii() else "Asia/Shanghai"
    )
    kit.script(call("create_event", create, request="add", **DOUBT))
    r = await kit.assistant.reply(kit.user_id, text)
    assert r.pending is not None and "haven't done" not in r.text and "还没有处理" not in r.text, r.text
