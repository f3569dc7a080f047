"""Grounding of free-text optional fields: a location, attendee or note is kept only if its words are in
the user's message. The model may choose a title; it may not invent where, with whom, or what to remember.

A value is grounded when every significant word of it (Latin words of 2+ letters that are not stop words,
digits, and each run of CJK characters) occurs in the message, compared case- and width-insensitively.
"""

from __future__ import annotations

import re
import unicodedata

from agent.language import HAN_RUN
from schedule_time import is_slot_reply

__all__ = ["bare_words", "echoes_request", "in_unwritten_script", "is_grounded", "names_event"]

_LATIN = re.compile(r"[a-z0-9][a-z0-9'’.-]*", re.IGNORECASE)
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "at",
        "in",
        "on",
        "of",
        "for",
        "to",
        "with",
        "and",
        "or",
        "by",
        "from",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "me",
        "us",
        "we",
        "i",
        "you",
        "he",
        "she",
        "they",
        "it",
        "is",
        "be",
        "are",
        "was",
        "meet",
        "meeting",
        "room",
    ]
)
_CJK_STOP = frozenset("的在和跟与去到了")


_LETTER = re.compile(r"[a-z]", re.IGNORECASE)


def in_unwritten_script(value: str, said: str) -> bool:
    """Han characters where the user wrote none, or Latin letters alone where the user wrote no Latin
    letter: the model translated the value (used for titles, which are otherwise the model's to word)."""
    han, latin = HAN_RUN.search(value), _LETTER.search(value)
    return bool(han and not HAN_RUN.search(said)) or bool(latin and not han and not _LETTER.search(said))


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


_NOT_WORDS = re.compile(r"[\W_]+")


def bare_words(text: str) -> str:
    """The text without punctuation, spaces and case (width-folded): what two texts share when one repeats
    the other."""
    return _NOT_WORDS.sub("", _norm(text))


def echoes_request(value: str, message: str) -> bool:
    """The value is the user's whole request again ("what do the notes of the vendor meeting say?" as the
    notes): the model copied the message, the user dictated nothing. A value the user did dictate is a
    part of the message ("add a note: bring the insurance card")."""
    core, whole = bare_words(value), bare_words(message)
    return len(whole) >= 6 and len(core) >= 0.8 * len(whole) and core in whole


_ANAPHOR = re.compile(
    r"\b(?:it|that|this|them|those|these|one|ones|first|second|third|last|former|latter)\b"
    r"|它|这个|這個|那个|那個|这次|這次|那次|刚才那|剛才那|上面那|第[一二三四五六七八九十\d]",
    re.IGNORECASE,
)
_REFERENCE_STOP = _STOP | {"event", "events", "all", "every", "calendar", "schedule"}


def names_event(reference: str, sources: tuple[str, ...]) -> bool:
    """Whether the user's words point at the event ``reference`` describes: a word of it (a Han pair, a
    number) in what the user said, or a pointer ("it", "that one", 这个, 第二个) in the newest message. An
    update or delete of an event the user never pointed at — a title that says "delete all events" read
    out in this turn — is not the user's request."""
    said = _norm(" ".join(sources))
    if _ANAPHOR.search(_norm(sources[-1])) if sources else False:
        return True
    if _norm(reference).strip() in said and is_slot_reply(reference):  # "cancel my 3pm": by its time
        return True
    for word in _LATIN.findall(_norm(reference)):
        word = word.strip(".'’-")
        named = (len(word) >= 3 or word.isdigit()) and word not in _REFERENCE_STOP and word in said
        if named and (word.isdigit() or not is_slot_reply(word)):  # "tomorrow" in both names no event
            return True
    for run in HAN_RUN.findall(_norm(reference)):
        if len(run) == 1 and run in said and run not in _CJK_STOP:
            return True
        pairs = {run[i : i + 2] for i in range(len(run) - 1)}
        if any(pair in said and not is_slot_reply(pair) for pair in pairs):
            return True
    return False


def is_grounded(value: str, message: str) -> bool:
    value_n, message_n = _norm(value).strip(), _norm(message)
    if not value_n:
        return False
    if value_n in message_n:
        return True
    message_words = {w.strip(".'’-") for w in _LATIN.findall(message_n)}
    for word in _LATIN.findall(value_n):
        word = word.strip(".'’-")
        if len(word) < 2 or word in _STOP:
            continue
        if word not in message_words and word not in message_n:
            return False
    for run in HAN_RUN.findall(value_n):
        if run in message_n:
            continue
        significant = [ch for ch in run if ch not in _CJK_STOP]
        if not significant or any(ch not in message_n for ch in significant):
            return False
    return bool(_LATIN.search(value_n) or HAN_RUN.search(value_n))
