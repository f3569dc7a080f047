"""Three reply checks on the model's final text, after the exit check (which replaces false write claims):

* **guidance echoed** — the reply quotes what code told the model in a tool result this turn (a hint, a
  note, a code: ``agent.checks.guidance``): internal text the user must never see ("The user did not ask for free
  time … call that tool now", "not_done_yet: …");
* **the user's message echoed** — the reply is the user's own message, word for word (a small model's
  answer after a tool result it could not use): it answers nothing;
* **an unkeepable promise** — the reply promises a reminder, an alert or a message to someone
  (``exit_check.promises_unkeepable``): no tool does that, whatever was written.

Either way the model's words go, and code says what it knows: the receipts, questions and refusals of the
turn, the listing of what a read found (``turn._checked_read_reply`` with no model text), then — for a
promise — what kairos cannot do and can do instead; for an echo with nothing else to show, an honest
short reply. Telemetry: ``exit_check`` ``unkeepable_promise``; ``fallback_reason`` ``guidance_echo``.
"""

from __future__ import annotations

from typing import Literal

from agent.checks.exit_check import ExitVerdict
from agent.checks.guidance import quotes_guidance
from agent.context import ToolContext
from agent.language import Lang
from agent.matchers import normalize
from agent.render import phrases

__all__ = ["Unfit", "instead", "unfit_reply"]

Unfit = Literal["guidance_echo", "user_echo", "unkeepable_promise"]


def unfit_reply(text: str, ctx: ToolContext, verdict: ExitVerdict) -> Unfit | None:
    """Why the model's reply cannot reach the user though it claims no write falsely; ``None`` if it can."""
    if not text.strip():
        return None
    if quotes_guidance(text, ctx):
        return "guidance_echo"
    if normalize(text) == normalize(ctx.user_text):
        return "user_echo"
    if verdict.unkeepable:
        return "unkeepable_promise"
    return None


def instead(unfit: Unfit, lang: Lang, *, wrote: bool, shown: bool) -> str | None:
    """Code's sentence after what it shows in place of an unfit reply (``shown``: receipts, questions or a
    listing came before it; ``wrote``: this turn persisted a write)."""
    if unfit == "unkeepable_promise":
        return phrases.say("no_reminders_after" if wrote or shown else "no_reminders", lang)
    return None if shown or wrote else phrases.say("reply_unfit", lang)
