"""A request the model read but did not act on.

In JSON mode the model's answer says what the message is (``request``). When its first answer reads the
message as a request to add or change something and yet calls no tool, nothing is done and the prose
usually promises it ("I will move …", "好的，我会…"): on the live dev split 7 of 7 such answers were to
messages that asked for a write (answers to a question the gates did not take, corrections, a yes to two
questions), none to a message that asked for nothing. The model hears that fact once — its own reading
against its own answer, no reading of the user's words — and may call the tool or ask for what is missing.
"""

from __future__ import annotations

import json

from agent.model import ModelResponse

__all__ = ["ACTING_KINDS", "unacted_note"]

ACTING_KINDS = frozenset({"add", "change"})
"""The ``request`` kinds that ask for a write (``agent.model.constrained.REQUEST_KINDS``)."""


def unacted_note(response: ModelResponse) -> str | None:
    """The note for the model (a JSON text, so ``agent.checks.guidance`` keeps it from the user) when its
    answer read the message as a write request and called no tool; else None."""
    if response.tool_calls or response.request not in ACTING_KINDS:
        return None
    doing = "put something new on the calendar" if response.request == "add" else "change the calendar"
    return json.dumps(
        {
            "status": "no_tool_called",
            "note": f"Your answer reads the user's message as asking to {doing}, but it called no tool, so "
            "nothing was done. If that reading is right, call the tool for it now (amend_pending when the "
            "message answers the question waiting for the user); if something is missing, ask the user "
            "for it. Never say you will do something without calling the tool.",
        }
    )
