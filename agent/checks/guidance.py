"""Guidance: what code tells the model in tool results, and never the user.

Besides the data (events, free slots, what a write saved), a tool result carries code's words for the
model: hints ("`when` must quote the user's words for the time, e.g. …", "change only events the user
names"), notes ("the user's message gives no time: these are the events named like … call that tool now", the unsaid prompt), and codes
(``invalid_arguments``, ``not_the_users_words``, ``not_done_yet``). A small model echoes them to the user
(14 of 200 replies in an intent sweep) or parks them in an event's notes.

Every tool result the model reads goes through ``record`` (``turn``, where results are sent back): the
guidance in it is kept on the turn's context (``ctx.memo[GUIDANCE_KEY]``), so no site that writes a hint
has to remember to mark it, and none can be missed. ``quotes_guidance`` says whether a text repeats it:

* a run of ``min_words`` (6 for a reply, 4 for a tool argument) consecutive words of one guidance text, or
  10+ consecutive Han characters of one, that is not also in the user's words (hints quote the user:
  repeating the user is not leaking);
* a code of ours as written, underscores and all ("not_done_yet", "create_event"), or a code of three or
  more words spelled out in words, one word of the reply's own allowed between them ("not_named_by_user"
  as "is not named by the user").

Bounded parsing of our own text: the keys below are the keys tool results are built with.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agent.context import ToolContext
from agent.language import HAN_RUN

__all__ = ["GUIDANCE_KEY", "Guidance", "emitted", "quotes_guidance", "record"]

GUIDANCE_KEY = ("guidance",)
"""``ToolContext.memo`` key: this turn's ``Guidance``."""

_TEXT_KEYS = frozenset({"hint", "note", "allowed"})
"""Keys whose values are code's sentences for the model."""
_CODE_KEYS = frozenset({"error", "problem", "status", "field", "done"})
"""Keys whose values are codes (``wrong_tool``, ``asked_user``)."""
_DATA_KEYS = frozenset(
    {"events", "free", "results", "title", "start", "end", "say", "not_done_yet", "location"}
)
"""Keys whose values are the user's data or words (event titles, slots, the user's own clauses): never
guidance, whatever they say."""
_CODE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_HAN_RUN = 10
_TICKED = re.compile(r"`([a-z_]+)`")
"""An argument name as code's hints write it, in backticks."""


@dataclass
class Guidance:
    """What code told the model this turn: its sentences and its codes."""

    texts: list[str] = field(default_factory=list)
    codes: set[str] = field(default_factory=set)
    fields: set[str] = field(default_factory=set)
    """The argument names code's problems named (``when``, ``end``): a reply that quotes one in backticks
    ("the `when` field was not provided") is talking about the tool call, not to the user."""


def emitted(ctx: ToolContext) -> Guidance:
    """This turn's guidance so far (empty before any tool result was sent)."""
    return ctx.memo.setdefault(GUIDANCE_KEY, Guidance())  # type: ignore[no-any-return]


def record(ctx: ToolContext, results: Iterable[str]) -> None:
    """Keep the guidance of tool results (JSON texts, as sent to the model) on the turn's context."""
    found = emitted(ctx)
    for text in results:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        _walk(data, found, key="")


def _walk(node: Any, found: Guidance, *, key: str) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in _DATA_KEYS:
                continue
            if _CODE.fullmatch(k):
                found.codes.add(k)
            _walk(v, found, key=k)
    elif isinstance(node, list):
        for item in node:
            _walk(item, found, key=key)
    elif isinstance(node, str):
        if key in _TEXT_KEYS and node not in found.texts:
            found.texts.append(node)
        if key in _TEXT_KEYS or key in _CODE_KEYS:
            found.codes.update(_CODE.findall(node))
        if key == "field":
            found.fields.add(node.casefold())


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().replace("’", "'")


def _runs(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _han_runs(text: str, n: int) -> set[str]:
    return {run[i : i + n] for run in HAN_RUN.findall(text) for i in range(len(run) - n + 1)}


@functools.lru_cache(maxsize=256)
def _spelled(code: str) -> re.Pattern[str]:
    """A code of three or more words written out ("not named by the user"); a pattern that matches nothing
    for a shorter code ("not_found" as "not found" is plain speech)."""
    parts = code.split("_")
    if len(parts) < 3:
        return _NOTHING
    return re.compile(r"\b" + r"(?:\W+\w+)?\W+".join(re.escape(p) for p in parts) + r"\b")


_NOTHING = re.compile(r"(?!)")


def quotes_guidance(text: str, ctx: ToolContext, *, min_words: int = 6) -> bool:
    """Whether ``text`` repeats guidance code sent to the model this turn (see the module docstring)."""
    found: Guidance | None = ctx.memo.get(GUIDANCE_KEY)
    if found is None or not text.strip():
        return False
    said = _norm(" ".join(ctx.time_sources))
    mine = _norm(text)
    if any(code in mine and code not in said for code in found.codes):
        return True
    if any(_spelled(code).search(mine) and not _spelled(code).search(said) for code in found.codes):
        return True
    if any(name in found.fields for name in _TICKED.findall(mine)):
        return True
    said_runs = _runs(_WORD.findall(said), min_words)
    mine_runs = _runs(_WORD.findall(mine), min_words) - said_runs
    said_han = _han_runs(said, _HAN_RUN)
    mine_han = _han_runs(mine, _HAN_RUN) - said_han
    for guidance in found.texts:
        g = _norm(guidance)
        if mine_runs & _runs(_WORD.findall(g), min_words):
            return True
        if mine_han & _han_runs(g, _HAN_RUN):
            return True
    return False
