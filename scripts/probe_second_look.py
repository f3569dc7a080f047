#!/usr/bin/env python3
"""Can a second, separate model call tell a calendar write from something kairos cannot do?

The request kind inside the tool answer does not (``scripts/probe_request_kind.py``: the model gives
``cannot_do`` almost no weight once it has chosen ``create_event``). This asks the configured model (default:
the embedded one) one narrow yes/no question per message, with no tools and no calendar framing: does the
user ask to be woken, to order, buy, book or reserve, or to send a message? Rows: ``evals/probes/cannot_do.jsonl``
(written for the probe: the prompt was tuned on them), public CLINC150 ``train`` rows (alarm, timer, booking,
ordering, texting, calling vs scheduling meetings and calendar updates) and the first message of every
dev-split eval scenario that creates or refuses — the last two never tuned on. Prints per group how many
rows the model answered "yes" (a gate would confirm or refuse those).

Run: ``KAIROS_SHARED_DATA=../shared/data .venv/bin/python scripts/probe_second_look.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.model import ModelSettings
from agent.model.constrained import llguidance_grammar
from agent.model.factory import open_model

ROOT = Path(__file__).resolve().parent.parent

SYSTEM = (
    'Read the user\'s message. Answer "yes" if the user asks you to DO one of these things for them: '
    "wake them up or set an alarm or timer; order, buy or pay for something; book or reserve a table, ticket, "
    'ride, taxi or room; send a text, email or message to someone. Answer "no" if they ask to add, put or '
    "schedule something on their calendar, or only tell you about an appointment, meeting, plan or activity to "
    "note down, even when it is a meal, a trip, a call or a flight."
)
SCHEMA = {
    "type": "object",
    "properties": {"asks_me_to_do_it": {"enum": ["yes", "no"]}},
    "required": ["asks_me_to_do_it"],
    "additionalProperties": False,
}
CANNOT = {"alarm": 10, "timer": 6, "book_flight": 6, "book_hotel": 5, "restaurant_reservation": 5, "order": 5,
          "text": 6, "make_call": 5}  # fmt: skip
CALENDAR = {"schedule_meeting": 20, "calendar_update": 15}


def _rows() -> list[dict]:
    rows = [
        json.loads(x) for x in (ROOT / "evals/probes/cannot_do.jsonl").read_text().splitlines() if x.strip()
    ]
    rows = [{"group": f"probe_{r['intent']}", "text": r["text"]} for r in rows]
    folder = Path(os.environ.get("KAIROS_SHARED_DATA", "../shared/data")) / "intent"
    public = [
        json.loads(x) for f in sorted(folder.glob("*.jsonl")) for x in f.read_text().splitlines() if x.strip()
    ]
    for intent, n in {**CANNOT, **CALENDAR}.items():
        pool = [r for r in public if r["intent"] == intent and r["split"] == "train"]
        random.Random(intent + "x").shuffle(pool)
        group = "clinc_cannot" if intent in CANNOT else f"clinc_{intent}"
        rows += [{"group": group, "text": r["text"]} for r in pool[:n]]
    dev = set(json.loads((ROOT / "evals/split.json").read_text())["dev"])
    for path in sorted((ROOT / "evals/scenarios").glob("*.yaml")):
        for scenario in (yaml.safe_load(path.read_text()) or {}).get("scenarios", []):
            if scenario["id"] not in dev:
                continue
            turn = scenario["turns"][0]
            calls = [c for step in turn.get("script") or [] for c in step.get("tool_calls") or []]
            if turn["expect"]["decision"] == "write" and any(c["name"] == "create_event" for c in calls):
                rows.append({"group": "scenario_create", "text": turn["user"]})
            elif turn["expect"]["decision"] == "none" and "refusal" in scenario["id"]:
                rows.append({"group": "scenario_refusal", "text": turn["user"]})
    return rows


async def main() -> None:
    said_yes: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    async with open_model(ModelSettings.from_env()) as model:
        for row in _rows():
            body = {
                "model": model._model,
                "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": row["text"]}],
                "max_tokens": 20,
                "temperature": 0,
                "extra_body": {
                    "grammar": llguidance_grammar(SCHEMA),
                    "chat_template_kwargs": {"enable_thinking": False},
                },
            }
            raw = await model._client.chat.completions.create(**body)
            yes = json.loads(raw.choices[0].message.content)["asks_me_to_do_it"] == "yes"
            said_yes[row["group"]] += yes
            seen[row["group"]] += 1
            print(json.dumps({**row, "yes": yes}, ensure_ascii=False), flush=True)
    for group in sorted(seen):
        print(f"{group}: {said_yes[group]} of {seen[group]} answered yes")


if __name__ == "__main__":
    asyncio.run(main())
