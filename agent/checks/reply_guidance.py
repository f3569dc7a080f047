"""Three reply checks on the model's final text, after the exit check (which replaces false write claims):

* **guidance echoed** — the reply quotes what code told the model in a tool result this turn (a hint, a
  note, a code: ``agent.checks.guidance``): internal text the user must never see ("The user did not ask for free
  time … call that tool now", "not_done_yet: …");
* **the user's message echoed** — the reply is the user's own message, word for word (a small model's
  answer after a tool result it could not use): it answers nothing;
* **an unkeepable promise** — the reply promises a reminder, an alert or a message to someone
  (``exit_check.promises_unkeepable``): no tool does that, whatever was written;
* **an unkept promise** — the reply promises a write ("好的，我会…安排", "Sure, I'll move it to 5") in a turn
  that persisted none (``exit_check.promises_write``): nothing will be written, so it misleads like a false
  claim (with reads, the read check already replaces it by the listing);
* **talk about the user** — the reply speaks of "the user" / 用户 in the third person: a paraphrase of a
  hint ("The user did not provide the time … try again"), addressed to the model, not to the person;
* **the wrong language** — a Chinese turn answered in English words only, or an English turn answered
  mostly in Han characters: the model followed a hint's language, not the user's.

Either way the model's words go, and code says what it knows: the receipts, questions and refusals of the
turn, the listing of what a read found (``turn._checked_read_reply`` with no model text), then — for a
promise — what kairos cannot do and can do instead; for an echo with nothing else to show, an honest
short reply. Telemetry: ``exit_check`` ``unkeepable_promise``; ``fallback_reason`` ``guidance_echo`` (or
``user_echo``, ``internal_talk``, ``wrong_language``). Bounded parsing of our own reply, never the user's.
"""

from __future__ import annotations

import re
from typing import Literal

from agent.checks.exit_check import ExitVerdict, promises_write
from agent.checks.guidance import quotes_guidance
from agent.context import ToolContext
from agent.language import HAN_RUN, Lang
from agent.matchers import normalize
from agent.render import phrases

__all__ = ["Unfit", "instead", "unfit_reply"]

Unfit = Literal[
    "guidance_echo", "user_echo", "unkeepable_promise", "unkept_promise", "internal_talk", "wrong_language"
]

_THE_USER = re.compile(r"\bthe user'?s?\b|用户|用戶", re.IGNORECASE)
"""The person spoken of, not to: how code's hints name them, and how a model paraphrasing a hint does."""
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


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
    if not verdict.persisted and verdict.ok and promises_write(text):  # (a false claim: the exit check's)
        return "unkept_promise"
    if _THE_USER.search(text) and not _THE_USER.search(ctx.user_text):
        return "internal_talk"
    if _in_another_language(text, ctx.lang):  # type: ignore[arg-type]
        return "wrong_language"
    return None


def _in_another_language(text: str, lang: Lang) -> bool:
    """A Chinese turn's reply with three or more English words and no Han character, or an English turn's
    reply with more Han characters than Latin letters (four or more): not the user's language."""
    han = sum(len(run) for run in HAN_RUN.findall(text))
    words = _LATIN_WORD.findall(text)
    if lang == "zh":
        return han == 0 and len(words) >= 3
    return han >= 4 and han > sum(len(w) for w in words)


def instead(unfit: Unfit, lang: Lang, *, wrote: bool, shown: bool) -> str | None:
    """Code's sentence after what it shows in place of an unfit reply (``shown``: receipts, questions or a
    listing came before it; ``wrote``: this turn persisted a write)."""
    if unfit == "unkeepable_promise":
        return phrases.say("no_reminders_after" if wrote or shown else "no_reminders", lang)
    if unfit == "unkept_promise":
        return None if shown else phrases.say("promise_unkept", lang)
    return None if shown or wrote else phrases.say("reply_unfit", lang)
