#!/usr/bin/env python3
"""Does the conversation history make the model claim writes instead of calling tools?

Sends three new requests after the same four-turn chat (a create, a listing, a choice, a receipt) to the
configured model (default: the embedded one), with the history as chat turns (user/assistant messages)
and as the transcript ``agent.turn.prompt.build_messages`` puts in the dynamic context, and prints what the
model did. Run: ``.venv/bin/python scripts/probe_history.py``.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.model import AssistantMessage, ModelSettings, UserMessage
from agent.model.factory import open_model
from agent.tools.calendar import build_registry
from agent.turn.prompt import build_messages

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 30, 13, 40, tzinfo=TZ)
HISTORY = [
    ("user", "明天下午三点和张三开会"),
    ("assistant", "已创建「会议」：12月1日（周二） 15:00–16:00"),
    ("user", "What do I have tomorrow?"),
    ("assistant", "Tuesday, December 1:\n- 3:00–4:00 PM — 会议"),
    ("user", "Book a call with Acme on Friday at 7:30"),
    (
        "assistant",
        "Which time do you mean?\n1. Friday, December 4, 7:30–8:30 AM\n2. Friday, December 4, 7:30–8:30 PM",
    ),
    ("user", "evening"),
    ("assistant", "Created “Acme call” — Friday, December 4, 7:30–8:30 PM."),
]
REQUESTS = [
    "Add coffee with Li Si tomorrow at 3:30pm",
    "Also put lunch with Mei on Thursday at noon",
    "明天上午十点和王五打电话",
]


async def main() -> None:
    tools = list(build_registry().specs)
    async with open_model(ModelSettings.from_env()) as model:
        for variant in ("chat turns", "transcript"):
            claims = 0
            for text in REQUESTS:
                messages = build_messages(
                    text, now=NOW, tz=TZ, history=HISTORY if variant == "transcript" else ()
                )
                if variant == "chat turns":
                    turns = [UserMessage(t) if role == "user" else AssistantMessage(t) for role, t in HISTORY]
                    messages = [*messages[:2], *turns, messages[-1]]
                response = await model.complete(messages, tools)
                calls = [(c.name, c.arguments) for c in response.tool_calls]
                claims += not calls
                print(f"{variant:11} {text!r} -> {calls or repr(response.text)}", flush=True)
            print(f"{variant}: {claims} of {len(REQUESTS)} answered without a tool call\n")


if __name__ == "__main__":
    asyncio.run(main())
