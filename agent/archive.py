"""Archive search: earlier segments' messages scored against a query, by code (fuzzy, English and Chinese).

Latin words match whole, by a shared stem (restaurant ~ restaurants) or within one edit for words of 5+
letters; Chinese matches by character bigrams with function characters dropped ("之前说的那家餐厅" keeps
"餐厅"). A message scores the share of the query's terms it matches; the best go back dated.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from agent.language import HAN_RUN
from storage import ArchivedMessage

__all__ = ["ArchiveHit", "query_terms", "search_archive", "snippet"]

MIN_SCORE = 0.5
SNIPPET = 160
_LATIN = re.compile(r"[a-z0-9][a-z0-9'-]*")
_STOP_EN = frozenset(
    [
        "a",
        "an",
        "the",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "it",
        "is",
        "was",
        "were",
        "be",
        "been",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "with",
        "and",
        "or",
        "that",
        "this",
        "what",
        "which",
        "who",
        "about",
        "before",
        "earlier",
        "mentioned",
        "said",
        "told",
        "talked",
        "last",
        "week",
        "remember",
        "name",
        "place",
        "did",
        "do",
        "does",
    ]
)
_STOP_ZH = frozenset("的了我你他她它那这個个家说過过在是吗呢吧啊之前上次提到讲講哪什么麼们們有和跟")


@dataclass(frozen=True, slots=True)
class ArchiveHit:
    score: float
    message: ArchivedMessage


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def query_terms(query: str) -> tuple[list[str], list[str]]:
    """(Latin words, Chinese bigrams or single characters) that carry the query."""
    text = _norm(query)
    words = [w for w in _LATIN.findall(text) if len(w) > 1 and w not in _STOP_EN]
    grams: list[str] = []
    for run in HAN_RUN.findall(text):
        kept = "".join(ch if ch not in _STOP_ZH else " " for ch in run).split()
        for piece in kept:
            grams += [piece] if len(piece) == 1 else [piece[i : i + 2] for i in range(len(piece) - 1)]
    return words, grams


def _word_hit(word: str, words: set[str]) -> bool:
    if word in words:
        return True
    stem = word[: max(4, len(word) - 2)]
    for other in words:
        if len(word) >= 4 and other.startswith(stem):
            return True
        if len(word) >= 5 and abs(len(other) - len(word)) <= 1 and _one_edit(word, other):
            return True
    return False


def _one_edit(a: str, b: str) -> bool:
    if len(a) > len(b):
        a, b = b, a
    i = j = edits = 0
    while i < len(a) and j < len(b):
        if a[i] != b[j]:
            edits += 1
            if edits > 1:
                return False
            if len(a) == len(b):
                i += 1
            j += 1
        else:
            i += 1
            j += 1
    return edits + (len(b) - j) + (len(a) - i) <= 1


def search_archive(query: str, messages: Sequence[ArchivedMessage], *, limit: int = 5) -> list[ArchiveHit]:
    """The best ``limit`` messages (score ≥ ``MIN_SCORE``), best first, newest first on ties."""
    words, grams = query_terms(query)
    total = len(words) + len(grams)
    if not total:
        return []
    hits: list[tuple[float, int, ArchivedMessage]] = []
    for order, message in enumerate(messages):  # newest first
        text = _norm(message.text)
        present = set(_LATIN.findall(text))
        matched = sum(1 for w in words if _word_hit(w, present)) + sum(1 for g in grams if g in text)
        score = matched / total
        if score >= MIN_SCORE:
            hits.append((score, order, message))
    hits.sort(key=lambda h: (-h[0], h[1]))
    return [ArchiveHit(round(score, 2), message) for score, _, message in hits[:limit]]


def snippet(hit: ArchiveHit, query: str, tz: ZoneInfo) -> dict[str, str]:
    """A dated snippet: the local date and time, who said it, and up to ``SNIPPET`` characters around the
    first matched term."""
    text = hit.message.text
    words, grams = query_terms(query)
    folded = _norm(text)
    at = min((i for t in (*words, *grams) if (i := folded.find(t[:4] if t.isascii() else t)) >= 0), default=0)
    start = max(0, at - SNIPPET // 3)
    piece = text[start : start + SNIPPET]
    if start > 0:
        piece = "…" + piece
    if start + SNIPPET < len(text):
        piece += "…"
    when = hit.message.created_at.astimezone(tz).strftime("%a %Y-%m-%d %H:%M")
    return {"date": when, "role": hit.message.role, "text": piece}
