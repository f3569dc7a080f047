#!/usr/bin/env python3
"""Does the model's own token distribution tell a calendar write from something kairos cannot do?

Sends public intent rows (``../shared/data/intent``, the ``train`` split only, so the sweep's other splits
stay unseen) to the configured model (default: the embedded one) with the turn's real prompt and tools,
asks the server for the top alternatives of every generated token, and prints, per row: the tool chosen,
the probability the model gave ``"none"`` at the tool-name position, and the probability it gave each
request kind at the ``request`` position. Then, per group (calendar creates vs non-calendar rows that
wrote), the figures a gate could use.

Run: ``KAIROS_SHARED_DATA=../shared/data .venv/bin/python scripts/probe_request_kind.py [--per-intent N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.model import ModelSettings
from agent.model.factory import open_model
from agent.tools.calendar import build_registry
from agent.turn.prompt import build_messages
from evals.intents import SWEEP_NOW

WRITERS = {
    "alarm",
    "reminder_update",
    "transfer",
    "freeze_account",
    "BookRestaurant",
    "book_flight",
    "book_hotel",
    "restaurant_reservation",
    "timer",
    "order",
    "text",
    "make_call",
}
CREATES = {"schedule_meeting", "calendar_update"}


def _rows(folder: Path, per_intent: int, intents: set[str], skip: int) -> list[dict]:
    rows = []
    for file in sorted(folder.glob("*.jsonl")):
        rows += [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = []
    for intent in sorted(intents or WRITERS | CREATES):
        pool = [r for r in rows if r["intent"] == intent and r["split"] == "train"]
        random.Random(intent).shuffle(pool)
        chosen += pool[skip : skip + per_intent]
    return chosen


def _positions(tokens: list) -> dict[str, int]:
    """Index of the token where the tool name and the request kind start in the generated JSON."""
    offsets, text = [], ""
    for token in tokens:
        offsets.append(len(text))
        text += token.token
    found = {}
    for key in ("tool", "request"):
        match = re.search(rf'"{key}"\s*:\s*"', text)
        if match:
            at = match.end()
            found[key] = max(i for i, offset in enumerate(offsets) if offset <= at)
            if offsets[found[key]] + len(tokens[found[key]].token) <= at:
                found[key] += 1
    return found


def _alternatives(token) -> dict[str, float]:
    return {alt.token: math.exp(alt.logprob) for alt in token.top_logprobs or ()}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-intent", type=int, default=6)
    parser.add_argument("--intents", default="", help="comma-separated intents (default: all probed)")
    parser.add_argument("--skip", type=int, default=0, help="skip each intent's first N rows")
    parser.add_argument(
        "--rows",
        type=Path,
        help="a JSONL file of {intent, text} rows to probe instead "
        "(e.g. evals/probes/zh_doubt.jsonl: Chinese phrasings written for this probe)",
    )
    args = parser.parse_args()
    folder = Path(os.environ.get("KAIROS_SHARED_DATA", "../shared/data")) / "intent"
    tools = list(build_registry().specs)
    out = []
    async with open_model(ModelSettings.from_env()) as model:
        rows = (
            [json.loads(line) for line in args.rows.read_text(encoding="utf-8").splitlines() if line.strip()]
            if args.rows
            else _rows(folder, args.per_intent, {i for i in args.intents.split(",") if i}, args.skip)
        )
        for row in rows:
            messages = build_messages(row["text"], now=SWEEP_NOW, tz=SWEEP_NOW.tzinfo)
            body, _ = model._request(messages, tools, "auto", None, None, "json", set(), False)
            body["top_logprobs"] = 8
            raw = await model._client.chat.completions.create(**body)
            choice = raw.choices[0]
            tokens = list(choice.logprobs.content or ())
            where = _positions(tokens)
            answer = json.loads(choice.message.content)
            tool_alts = _alternatives(tokens[where["tool"]]) if "tool" in where else {}
            kind_alts = _alternatives(tokens[where["request"]]) if "request" in where else {}
            record = {
                "intent": row["intent"],
                "text": row["text"],
                "tool": answer.get("tool"),
                "request": answer.get("request"),
                "p_none": round(sum(p for t, p in tool_alts.items() if t.startswith("none") or t == "n"), 3),
                "kind": {t: round(p, 3) for t, p in kind_alts.items()},
            }
            out.append(record)
            print(json.dumps(record, ensure_ascii=False), flush=True)
    _summary(out)


def _summary(out: list[dict]) -> None:
    """Per intent: how many rows the model answered with a write, and the no-tool weight of those."""
    writes = ("create_event", "update_event", "delete_event", "undo_last_change")
    for intent in sorted({r["intent"] for r in out}):
        values = sorted(r["p_none"] for r in out if r["intent"] == intent and r["tool"] in writes)
        rows = sum(r["intent"] == intent for r in out)
        shown = ", ".join(f"{v:.3f}" for v in values) or "-"
        print(f"{intent}: {len(values)} of {rows} rows wrote; no-tool weight: {shown}")


if __name__ == "__main__":
    asyncio.run(main())
