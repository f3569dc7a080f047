#!/usr/bin/env python3
"""Can a second, focused question to the model tell a question about the user's calendar from another one?

The read code makes for a calendar question the model answered unread (``agent.checks.unread``) also fires
on questions about the world that the model mislabelled ("will it rain tomorrow?" → "nothing on your
calendar"). ``scripts/probe_request_kind.py`` showed the answer's own ``request`` weight cannot tell them
apart. This probe asks the model one narrow question per row — is answering this about the user's calendar
events, or about something else — with a two-value JSON answer, and prints the probability it gave
"calendar", then each group's range. A gate would need a threshold that keeps every calendar row (above all
questions about an event's notes, where an unread answer is made up) and drops the other questions.

Run: ``.venv/bin/python scripts/probe_calendar_topic.py evals/probes/other_questions.jsonl
evals/probes/other_questions_more.jsonl`` (the embedded model by default; rows ``{intent, text}``).
"""

from __future__ import annotations

import asyncio
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent.model import ModelSettings
from agent.model.factory import open_model

SYSTEM = (
    "You sort one chat message sent to a calendar assistant. The assistant can only see and change the user's "
    "own calendar events. Answer with JSON.\n"
    'about = "calendar" when answering the message needs the user\'s calendar events (what is on, when '
    "something is, free time, or what the user wrote down for an event: its notes, place, people).\n"
    'about = "other" when the message asks about the world (weather, prices, news, facts, opening hours) or '
    "asks for something other than the calendar."
)
SCHEMA = {
    "type": "object",
    "properties": {"about": {"type": "string", "enum": ["calendar", "other"]}},
    "required": ["about"],
    "additionalProperties": False,
}


async def main(rows: list[dict]) -> None:
    found: dict[str, list[float]] = {}
    async with open_model(ModelSettings.from_env()) as model:
        for row in rows:
            raw = await model._client.chat.completions.create(
                model=model._model,
                max_tokens=20,
                temperature=0,
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": row["text"]}],
                response_format={"type": "json_schema", "json_schema": {"name": "a", "schema": SCHEMA}},
                logprobs=True,
                top_logprobs=5,
            )
            choice = raw.choices[0]
            text, p = "", 0.0
            for token in choice.logprobs.content:
                if '"about"' in text and token.token.strip(' :"'):
                    p = sum(math.exp(a.logprob) for a in token.top_logprobs if a.token == "calendar")
                    break
                text += token.token
            found.setdefault(row["intent"], []).append(p)
            print(f"{row['intent']:18} {p:.3f} {row['text']}", flush=True)
    for intent, values in sorted(found.items()):
        print(f"{intent}: {len(values)} rows, P(calendar) {min(values):.3f}–{max(values):.3f}")


if __name__ == "__main__":
    asyncio.run(
        main(
            [
                json.loads(line)
                for f in sys.argv[1:]
                for line in Path(f).read_text("utf-8").splitlines()
                if line
            ]
        )
    )
