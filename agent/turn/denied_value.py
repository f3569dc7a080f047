"""A correction of the event just written that the model answered in words alone.

"oh, it's Costa, not Starbucks" right after "coffee with the client at Starbucks" was written got prose from
the embedded model ("Got it, I'll remember that") and no tool call, its reading of the message being chat:
the user believes the place is corrected and the calendar still says Starbucks. The facts code has: the
conversation's focus is the one event the last turn wrote (``focus.just_written``, which keeps its place
and people), and the message denies one of those stored values ("not Starbucks", 不是星巴克 — the denial
marker the time service uses for times, ``writes.named_values.denies``). Which new value the user means is
the model's to read, so the model hears that fact once (a JSON note, never shown to the user) and may call
``update_event``; its next answer stands as it comes.
"""

from __future__ import annotations

import json

from agent.context import ToolContext
from agent.turn.focus import just_written
from agent.writes.named_values import denies, nameable
from schedule_time.language import normalise

__all__ = ["denied_value_note"]

def denied_value_note(ctx: ToolContext) -> str | None:
    """The note for the model when the message denies a place or person of the event just written; else None."""
    entry = just_written(ctx.focus)
    if entry is None:
        return None
    said = normalise(ctx.user_text)
    values = [("location", "place", entry.get("location"))]
    values += [("attendees", "person", person) for person in entry.get("attendees") or ()]
    for field, word, value in values:
        wanted = normalise(str(value or "")).strip()
        if not nameable(wanted) or not denies(said, wanted):
            continue
        title = entry.get("title") or "the event"
        return json.dumps(
            {
                "status": "no_tool_called",
                "note": f"The user's message says {value!r}, the {word} of {title!r} that was just written, is "
                f"wrong, and your answer called no tool, so nothing was changed. If they are correcting it, "
                f"call update_event for {title!r} with `{field}` set to the new value in their words; "
                "never say it is changed without the tool.",
            },
            ensure_ascii=False,
        )
    return None
