"""One more try for a first answer that cannot reach the user.

A first answer with no tool call whose words the reply checks would throw away — empty, the user's message
repeated, code's guidance quoted, talk about "the user", the wrong language, or a write promised with no
tool called ("好的，我会…安排") (``checks.reply_guidance``)
— left the user with "Sorry, I couldn't put my answer into words" for a greeting (a Chinese good-night
answered in English) or a request (a weekend game with a friend echoed back word for word). The fact is the answer's own, not a reading of the message: the
model hears once what was wrong with it and answers again; the second answer goes through the same checks
as any other.
"""

from __future__ import annotations

import json

from agent.checks.exit_check import check_reply
from agent.checks.reply_guidance import unfit_reply
from agent.context import ToolContext
from agent.model import ModelResponse

__all__ = ["unfit_note"]

_WHAT_WAS_WRONG = {
    "empty": "Your answer had no words for the user and called no tool.",
    "user_echo": "Your answer only repeated the user's message.",
    "guidance_echo": "Your answer repeated a note meant for you, not for the user.",
    "internal_talk": 'Your answer spoke about "the user" instead of to them.',
    "wrong_language": "Your answer was not in the language of the user's message.",
    "unkept_promise": "Your answer said you would change the calendar, but you called no tool: nothing changed.",
}
_LANGUAGE = {"en": "English", "zh": "Chinese"}


def unfit_note(response: ModelResponse, ctx: ToolContext) -> tuple[str, str] | None:
    """(why, the note for the model — a JSON text, which ``checks.guidance`` keeps from the user) when a
    first answer in words cannot reach the user; None when it can, when it only promises a reminder (code
    says what kairos can do instead), or when the model read a calendar question (code's own read answers
    it: ``checks.unread``)."""
    if response.request == "calendar_question":
        return None
    text = response.text
    why = "empty" if not text.strip() else unfit_reply(text, ctx, check_reply(text, ()))
    if why not in _WHAT_WAS_WRONG:
        return None
    note = (
        f"{_WHAT_WAS_WRONG[why]} Answer the user's message again, in {_LANGUAGE.get(ctx.lang, 'their language')}: "
        "call the tool it needs, or reply to them directly in words."
    )
    return why, json.dumps({"status": "answer_again", "note": note}, ensure_ascii=False)
