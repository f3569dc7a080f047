"""What the user is told when a model call gave nothing usable, by what went wrong.

"I can't reach the language model" is only true when nothing answered. An answer that could not be read
(bad JSON, an unknown tool, broken arguments, even after the one re-ask) and an answer with no text and
no tool call (``content: null``) each get their own sentence, so the user and the operator are not sent
looking for a network problem. Every sentence is in the turn's language and says nothing was changed
only when that is true (``after``: something of this turn was already said or saved).
"""

from __future__ import annotations

from typing import Literal

from agent.language import Lang
from agent.model.errors import ErrorKind
from agent.render import phrases

__all__ = ["FailureKind", "failure_reply"]

FailureKind = ErrorKind | Literal["empty"]

_TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Chinese)
    "unreadable": (
        "The language model's answer could not be read; nothing was changed. Please try again.",
        "语言模型的回答无法读取；没有做任何更改。请再试一次。",
    ),
    "unreadable_after": (
        "The language model's next answer could not be read, so I couldn't finish my answer.",
        "语言模型接下来的回答无法读取，所以没能完成回答。",
    ),
    "empty": (
        "I didn't get an answer from the language model for that; nothing was changed. Please try again.",
        "这次没有收到语言模型的回答；没有做任何更改。请再试一次。",
    ),
}


def failure_reply(kind: FailureKind, lang: Lang, *, after: bool = False) -> str:
    """The honest sentence for a model call that failed with ``kind`` (``"empty"``: it answered nothing)."""
    if kind == "malformed_output":
        key = "unreadable_after" if after else "unreadable"
    elif kind == "empty":
        key = "empty"
    else:
        return phrases.say("model_unavailable_after" if after else "model_unavailable", lang)
    english, chinese = _TEXTS[key]
    return chinese if lang == "zh" else english
