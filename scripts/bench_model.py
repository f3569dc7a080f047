#!/usr/bin/env python3
"""Benchmark the configured model endpoint on calendar turns: cold and warm latency, tokens, tokens/s.

    .venv/bin/python scripts/bench_model.py                 # the embedded model (started and stopped here)
    KAIROS_MODEL_BASE_URL=http://127.0.0.1:8080/v1 KAIROS_MODEL_TOOL_MODE=json .venv/bin/python scripts/bench_model.py

"latency s" is what the caller waited (queueing included, when other processes share the server);
"server s" is llama.cpp's own prompt + generation time for the turn.
"Cold" turns put a fresh nonce in front of the static prompt, so no server can reuse a cached prefix;
"warm" turns come after ``Model.warm`` sent the static prefix once, as the assistant does at start.
Tokens/s come from llama.cpp's own timings where the server reports them.

The prompt and tools are the agent's own (``agent.turn.prompt.INSTRUCTIONS`` and the calendar tool registry).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.model import Model, ModelError, ModelResponse, ModelSettings, SystemMessage, UserMessage
from agent.model.factory import open_model
from agent.tools.calendar import build_registry
from agent.turn.prompt import INSTRUCTIONS

# ---- the agent's own static prompt and tool registry (the prefix the server caches) -----------------

STATIC_PROMPT = INSTRUCTIONS
TOOLS = list(build_registry().specs)

DYNAMIC = "Now: Tuesday 2025-06-10 09:30, timezone Asia/Shanghai. User: Li Wei."

CASES = [
    ("EN create", "Tomorrow 3pm, meet Zhang San at the office for an hour", "create_event"),
    ("ZH create", "明天下午三点和张三开会", "create_event"),
    ("EN query", "What's on tomorrow afternoon?", "list_events"),
    ("ZH query", "明天下午有什么安排", "list_events"),
    ("EN chit-chat", "Had a meeting yesterday afternoon, so tired", "none"),
    ("ZH chit-chat", "昨天下午开了个会，好累", "none"),
]

# -----------------------------------------------------------------------------------------------------


@dataclass
class Row:
    label: str
    phase: str
    expected: str
    response: ModelResponse | None
    error: str = ""

    @property
    def got(self) -> str:
        if self.response is None:
            return f"error: {self.error}"
        return self.response.tool_calls[0].name if self.response.tool_calls else "none"


def _messages(text: str, nonce: str = "") -> list:
    static = f"[{nonce}]\n{STATIC_PROMPT}" if nonce else STATIC_PROMPT
    return [SystemMessage(static), SystemMessage(DYNAMIC), UserMessage(text)]


async def _turn(model: Model, label: str, phase: str, text: str, expected: str, nonce: str = "") -> Row:
    try:
        response = await model.complete(_messages(text, nonce), TOOLS)
    except ModelError as exc:
        return Row(label, phase, expected, None, exc.kind)
    return Row(label, phase, expected, response)


def _fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _table(rows: list[Row]) -> Table:
    table = Table(title="kairos model bench")
    for name in (
        "case",
        "phase",
        "expected",
        "got",
        "latency s",
        "server s",
        "prompt tok",
        "cached",
        "prompt tok/s",
        "gen tok",
        "gen tok/s",
        "args",
    ):
        table.add_column(name, overflow="fold")
    for row in rows:
        r = row.response
        t = r.timings if r else None
        args = str(r.tool_calls[0].arguments) if r and r.tool_calls else (repr(r.text[:40]) if r else "")
        table.add_row(
            row.label,
            row.phase,
            row.expected,
            row.got + ("" if row.got == row.expected else " ✗"),
            _fmt(r.latency_s if r else None, 2),
            _fmt((t.prompt_ms + t.generated_ms) / 1000 if t else None, 2),
            str(r.usage.prompt_tokens) if r else "-",
            str(
                t.cached_tokens
                if t and t.cached_tokens is not None
                else (r.usage.cached_prompt_tokens if r else "-")
            ),
            _fmt(t.prompt_per_second if t else None),
            str(r.usage.completion_tokens) if r else "-",
            _fmt(t.generated_per_second if t else None),
            args,
        )
    return table


async def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cold", type=int, default=1, help="cold turns (EN create with a fresh nonce)")
    parser.add_argument("--rounds", type=int, default=2, help="warm rounds over all cases")
    parser.add_argument(
        "--max-load",
        type=float,
        default=None,
        help="first wait (up to 15 min) for the 1-minute load to drop below this",
    )
    args = parser.parse_args()
    if args.max_load is not None:
        for _ in range(90):
            if os.getloadavg()[0] < args.max_load:
                break
            await asyncio.sleep(10)
    console = Console(width=220)
    settings = ModelSettings.from_env()
    target = "embedded" if settings.uses_embedded else settings.base_url
    console.print(
        f"endpoint: {target}  model: {settings.model}  cpus: {os.cpu_count()}  load: {os.getloadavg()}"
    )
    rows: list[Row] = []
    async with open_model(settings, console=Console(stderr=True)) as model:
        console.print(f"tool mode: {model.mode}")
        for _ in range(args.cold):
            label, text, expected = CASES[0]
            rows.append(await _turn(model, label, "cold", text, expected, nonce=secrets.token_hex(4)))
        warm_started = asyncio.get_running_loop().time()
        await model.warm(_messages("")[:1], TOOLS)
        warm_s = asyncio.get_running_loop().time() - warm_started
        console.print(f"prefix warm-up: {warm_s:.2f}s")
        for round_index in range(args.rounds):
            for label, text, expected in CASES:
                rows.append(await _turn(model, label, f"warm{round_index + 1}", text, expected))
    console.print(_table(rows))
    warm = [r for r in rows if r.phase.startswith("warm") and r.response]
    creates = [r.response.latency_s for r in warm if r.expected == "create_event" and r.response]
    correct = sum(1 for r in rows if r.got == r.expected)
    console.print(f"correct tool choice: {correct}/{len(rows)}")
    if creates:
        console.print(
            f"warm create turn: median {statistics.median(creates):.2f}s, max {max(creates):.2f}s (target ≤ 3 s)"
        )
    console.print(f"load after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
