"""Grounding of free-text fields: a location, attendee or note is kept only if its words are in the user's
messages. The model may word a title (``agent.title_grounding``); it may not invent where, with whom, or
what to remember.

A value is grounded when every significant word of it (Latin words of 2+ letters that are not stop words,
digits, and each run of CJK characters) occurs in the messages, compared case- and width-insensitively (a
Latin word as a word, or its plural/-ing form, never inside another word: "Tom" is not in "tomorrow").
Characters of the Chinese script the user did not write (张三 for a message that wrote 張三: a conversion)
are compared by the characters both scripts share (``converted``).
"""

from __future__ import annotations

import re
import unicodedata

from agent import lexicon_en, lexicon_zh
from agent.language import HAN_RUN, simplified, simplified_chars
from schedule_time import is_slot_reply

__all__ = [
    "CJK_STOP",
    "LATIN_WORD",
    "STOP_WORDS",
    "bare_words",
    "converted",
    "echoes_request",
    "fold",
    "in_unwritten_script",
    "is_grounded",
    "is_pronoun",
    "names_event",
    "said_by_user",
    "scripts_in",
    "word_said",
    "word_set",
]

LATIN_WORD = re.compile(r"[a-z0-9][a-z0-9'’.-]*", re.IGNORECASE)
STOP_WORDS = frozenset(
    [
        "a", "an", "the", "at", "in", "on", "of", "for", "to", "with", "and", "or", "by",
        "from", "my", "our", "your", "his", "her", "their", "me", "us", "we", "i", "you", "he",
        "she", "they", "it", "is", "be", "are", "was", "meet", "meeting", "room",
    ]
)  # fmt: skip
CJK_STOP = frozenset("的在和跟与去到了")


_LETTER = re.compile(r"[a-z]", re.IGNORECASE)


def in_unwritten_script(value: str, said: str) -> bool:
    """Han characters where the user wrote none, or Latin letters alone where the user wrote no Latin
    letter: the model translated the value (used for titles, which are otherwise the model's to word)."""
    han, latin = HAN_RUN.search(value), _LETTER.search(value)
    return bool(han and not HAN_RUN.search(said)) or bool(latin and not han and not _LETTER.search(said))


def _norm(text: str) -> str:
    return simplified(unicodedata.normalize("NFKC", text).casefold())


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


_ANAPHOR = re.compile(f"{lexicon_en.POINTER_WORDS}|{lexicon_zh.POINTER_WORDS}", re.IGNORECASE)
_REFERENCE_STOP = STOP_WORDS | {"event", "events", "all", "every", "calendar", "schedule"}


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
    for word in LATIN_WORD.findall(_norm(reference)):
        word = word.strip(".'’-")
        named = (len(word) >= 3 or word.isdigit()) and word not in _REFERENCE_STOP and word in said
        if named and (word.isdigit() or not is_slot_reply(word)):  # "tomorrow" in both names no event
            return True
    for run in HAN_RUN.findall(_norm(reference)):
        if len(run) == 1 and run in said and run not in CJK_STOP:
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
    message_words = word_set(message_n)
    for word in LATIN_WORD.findall(value_n):
        word = word.strip(".'’-")
        if len(word) < 2 or word in STOP_WORDS:
            continue
        if not word_said(word, message_words, message_n):
            return False
    for run in HAN_RUN.findall(value_n):
        if run in message_n:
            continue
        significant = [ch for ch in run if ch not in CJK_STOP]
        if not significant or any(ch not in message_n for ch in significant):
            return False
    return bool(LATIN_WORD.search(value_n) or HAN_RUN.search(value_n))


# ------------------------------------------------------------------------------------------------ words


def word_set(text_n: str) -> set[str]:
    """The Latin words of a normalised text, each also without a possessive ("dad's" → "dad")."""
    words = {w.strip(".'’-") for w in LATIN_WORD.findall(text_n)}
    return words | {w.removesuffix("'s").removesuffix("’s") for w in words}


def word_said(word: str, said_words: set[str], said_n: str) -> bool:
    """A Latin word (normalised) of a value is in the user's words: as a word, with a possessive or plural
    ending, or run together ("haircut" for "hair cut"); a number anywhere. Never inside another word: "Tom"
    is not said by "tomorrow", nor "hair" by "haircut"."""
    word = word.removesuffix("'s").removesuffix("’s")
    if not word or word in said_words or (any(c.isdigit() for c in word) and word in said_n):
        return True
    if len(word) >= 5 and word in bare_words(said_n):
        return True
    run_together = re.sub(r"[-‐'’.]", "", word)  # "stand-up" for "standup", "follow-up" for "followup"
    if run_together != word and len(run_together) >= 5 and (
        run_together in said_words or run_together in bare_words(said_n)
    ):
        return True
    for said in said_words:  # "lunches" / "lunch", "interviewing" / "interview"
        stem = len(_common_prefix(word, said))
        if stem >= 4 and max(len(word), len(said)) - stem <= 2 and min(len(word), len(said)) - stem <= 1:
            return True
        if _bases(word) & {said} or _bases(said) & {word}:  # "booking" / "book", "planning" / "plan"
            return True
    return False


_SUFFIXES = ("ing", "ed")


def _bases(word: str) -> set[str]:
    """The base forms an -ing or -ed word can have ("booking" → book, "planning" → plan, "hiking" → hike),
    four letters at least: "wedding" is not "wed"."""
    out: set[str] = set()
    for suffix in _SUFFIXES:
        base = word.removesuffix(suffix)
        if base == word:
            continue
        forms = {base, base + "e"}
        if len(base) >= 2 and base[-1] == base[-2]:
            forms.add(base[:-1])
        out |= {form for form in forms if len(form) >= 4}
    return out


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def fold(text: str) -> str:
    """Case, width, and traditional characters folded (``會議`` reads as ``会议``: ``language.simplified``)."""
    return _norm(text)


def said_by_user(value: str, sources: tuple[str, ...] | list[str]) -> bool:
    """Every content word of ``value`` is in the user's words (Latin as words, Han runs as substrings) and
    it has one: a name (an attendee) must have been said, and a pronoun names nobody."""
    value_f, said = fold(value).strip(), fold(" ".join(sources))
    if not value_f or is_pronoun(value):
        return False
    words = [w.strip(".'’-") for w in LATIN_WORD.findall(value_f)]
    content = [w for w in words if len(w) >= 2 and w not in STOP_WORDS]
    runs = HAN_RUN.findall(value_f)
    if not content and not runs:
        return False
    said_words = word_set(said)
    scripts = scripts_in(" ".join(sources))
    return all(word_said(w, said_words, said) for w in content) and all(
        r in said or converted(r, said, scripts) for r in runs
    )


def scripts_in(said: str) -> set[str]:
    """The Chinese scripts the user wrote in ("" stands for characters both share): a character only the
    other script writes is a conversion by the model, which cannot be compared."""
    scripts = {s for ch in said if (s := _script_of(ch))} or {"simplified", "traditional"}
    return scripts | {""}


_PRONOUNS = frozenset(
    {
        "i", "me", "you", "we", "us", "he", "him", "she", "her", "they", "them", "it", "myself",
        "yourself", "yourselves", "ourselves", "himself", "herself", "themselves", "the user", "user",
        "我", "你", "您", "妳", "他", "她", "它", "我们", "你们", "您们", "他们", "她们", "咱们", "咱",
        "自己", "本人", "我自己", "你自己", "用户",
    }
)  # fmt: skip


def is_pronoun(value: str) -> bool:
    """The value is a pronoun ("you", "me", 我, 你们): it names no one (an attendee that is the user, or
    the assistant)."""
    return fold(value).strip(" .,!?。，！？").translate(str.maketrans("們", "们")) in _PRONOUNS


# ------------------------------------------------------------------------------------------------ titles


def _script_of(ch: str) -> str:
    """``"simplified"`` or ``"traditional"`` for a character only one of the two scripts writes (by what
    GB2312 and Big5 can encode), else ``""``."""
    gb, big5 = _encodes(ch, "gb2312"), _encodes(ch, "big5")
    return "simplified" if gb and not big5 else "traditional" if big5 and not gb else ""


def _encodes(ch: str, codec: str) -> bool:
    try:
        ch.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def converted(run: str, said: str, scripts: set[str]) -> bool:
    """``run`` has characters of the script the user did not write (the model converted 張三 to 张三), and
    its characters both scripts share are all in the user's words: it may be the user's name, converted
    ("刘洋" for a traditional message that never said 洋 is not)."""
    if all(_script_of(ch) in scripts for ch in run):
        return False
    return all(ch in said for ch in simplified_chars(run) if not _script_of(ch) and ch not in CJK_STOP)
