"""The longest reply a turn keeps: cut once, so the reply shown and the reply stored are the same text.

The transcript stores at most ``storage.limits.MAX_MESSAGE_LENGTH`` characters per message; a longer reply
would fail the turn's commit, so the user would read an answer the conversation never recorded. The cut
happens after the exit check (which judges the whole text) and before the reply is both returned and
persisted, with a visible marker, and a note in the turn's telemetry.
"""

from __future__ import annotations

from agent.language import Lang
from agent.turn.telemetry import TurnTelemetry
from storage.limits import MAX_MESSAGE_LENGTH

__all__ = ["MAX_REPLY_CHARS", "fit_reply"]

MAX_REPLY_CHARS = MAX_MESSAGE_LENGTH
_MARKER: dict[Lang, str] = {"en": "\n… (reply cut: too long)", "zh": "\n…（回复过长，已截断）"}


def fit_reply(text: str, lang: Lang, telemetry: TurnTelemetry, *, limit: int = MAX_REPLY_CHARS) -> str:
    """``text`` as is, or cut to ``limit`` characters with the marker at the end (noted in telemetry)."""
    if len(text) <= limit:
        return text
    marker = _MARKER[lang]
    telemetry.dropped_fields.append(
        {"dropped": "reply_tail", "reason": "too_long", "chars": len(text), "kept": limit}
    )
    return text[: limit - len(marker)].rstrip() + marker
