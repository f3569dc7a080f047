#!/usr/bin/env python3
"""Conversations of my own through the whole pipeline with the configured model (default: the embedded one).

Each line of the file is one conversation, its turns separated by " || "; all run against one fresh SQLite
calendar in a temporary folder, the user in New York, at a fixed now (``--now``, default Sunday 6 December
2026 16:00 there), so a run can be repeated. Prints each model call (tool and arguments, or its text) and
each reply, then the calendar. What this found is in the CHANGELOG; it measures nothing, it shows where the
product writes what it should not. Run: ``.venv/bin/python scripts/probe_live.py scripts/probes/session30.txt``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TZ = "America/New_York"


async def run(conversations: list[list[str]], now: datetime) -> None:
    from rich.console import Console

    from agent.assistant import Assistant
    from agent.cli.users import local_user
    from agent.model.factory import open_model
    from storage import Database

    db = await Database.open()
    try:
        async with open_model(console=Console(stderr=True)) as model:
            complete = model.complete

            async def shown(*args, **kwargs):  # type: ignore[no-untyped-def]
                answer = await complete(*args, **kwargs)
                kind = f" [{answer.request}]" if getattr(answer, "request", None) else ""
                for c in answer.tool_calls:
                    print("   call", c.name, json.dumps(c.arguments, ensure_ascii=False) + kind)
                if not answer.tool_calls:
                    print("   text", (answer.text or "")[:160] + kind)
                return answer

            model.complete = shown  # type: ignore[method-assign]
            user = await local_user(db, TZ)
            assistant = Assistant(db, model, clock=lambda: now)
            for i, turns in enumerate(conversations):
                print("===", " || ".join(turns))
                for text in turns:
                    r = await assistant.reply(user.id, text, conversation_id=f"probe-{i}")
                    print("  ->", r.text.replace("\n", " | "))
            print("=== calendar")
            for e in await db.events(user.id).list_events():
                print(
                    " ",
                    e.title,
                    e.start.astimezone(ZoneInfo(TZ)).isoformat(),
                    e.rrule or "",
                    e.location or "",
                )
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="one conversation per line, turns separated by ' || '")
    parser.add_argument("--now", default="2026-12-06T16:00", help="local wall time in New York")
    args = parser.parse_args()
    lines = [line.strip() for line in args.file.read_text(encoding="utf-8").splitlines()]
    conversations = [
        [t.strip() for t in line.split(" || ")] for line in lines if line and not line.startswith("#")
    ]
    now = datetime.fromisoformat(args.now).replace(tzinfo=ZoneInfo(TZ))
    with tempfile.TemporaryDirectory(prefix="kairos-probe-") as folder:  # (the model is unpacked there too)
        os.environ["KAIROS_DATA_DIR"] = folder
        os.environ["KAIROS_DATABASE_URL"] = f"sqlite+aiosqlite:///{folder}/probe.db"
        asyncio.run(run(conversations, now))


if __name__ == "__main__":
    main()
