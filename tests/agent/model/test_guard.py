from __future__ import annotations

from pathlib import Path

import pytest

from agent.model import OpenAIModel, UserMessage
from agent.model.embedded import EmbeddedServer


async def test_a_real_endpoint_call_fails_loudly(real_model_attempts: list[str]) -> None:
    model = OpenAIModel(model="m", base_url="http://127.0.0.1:9/v1", max_retries=0)
    with pytest.raises(AssertionError, match="real model"):  # not swallowed as "model unavailable"
        await model.complete([UserMessage("hi")])
    await model.aclose()
    assert real_model_attempts  # recorded too (fails the test at teardown); cleared so this test passes
    real_model_attempts.clear()


async def test_starting_the_embedded_server_is_refused(real_model_attempts: list[str]) -> None:
    with pytest.raises(AssertionError, match="real model"):
        await EmbeddedServer(Path("x.gguf")).start()
    real_model_attempts.clear()
