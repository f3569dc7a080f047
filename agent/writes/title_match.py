"""Does a reference name this title? Facts about words, not a score over characters.

The store's fuzzy search ranks titles by character similarity, which for short texts finds look-alikes:
"Daily sync" scored 51 against "Lunch", 那个会 60 against 周会. A candidate is kept only when it shares a
word with the reference (``shares_a_word``): a Latin word spelled the same, nearly the same (Kat/Kate,
Marko/Marco) or abbreviated (dr/doctor, appt/appointment); a run of two or more Han characters, or an
abbreviation of the title in order (周会 of 每周例会). Among titles sharing Han words, the longest shared run
wins (``longest_han_run``). A similar name is a different person (``another_name``): the user is asked.
"""

from __future__ import annotations

import re

from pypinyin import Style, lazy_pinyin
from rapidfuzz.distance import Levenshtein

from agent import lexicon_en, lexicon_zh
from agent.grounding import LATIN_WORD, STOP_WORDS
from agent.language import HAN_RUN, simplified
from agent.title_grounding import EVENT_KINDS, is_event_kind
from schedule_time import noun_words, time_phrases
from schedule_time.language import normalise

__all__ = [
    "MIN_RUN",
    "another_name",
    "beyond_the_title",
    "han_chars",
    "longest_han_run",
    "names_by_spelling",
    "names_someone",
    "proper_words",
    "shares_a_proper_word",
    "shares_a_word",
    "without_times",
]

MIN_RUN = 2
"""Han characters a title must share with a reference in a row: one is a coincidence, two are a word."""

_HAN = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[a-z0-9][a-z0-9:'’]*")
_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
_WORD = re.compile(r"[a-z]{3,}")


def han_chars(text: str) -> int:
    return len(_HAN.findall(text))


def _folded(text: str) -> str:
    """Normalised, traditional characters written simplified (跟王總的會議 names 和王总开会)."""
    return simplified(normalise(text))


def without_times(reference: str) -> str:
    """The reference without its time phrases (小林那个讨论推到下周一 → 小林那个讨论推): a day in it is no title word.
    A meal stays (午餐 of 团队午餐: the scanner reads it as a hint of the hour, and it names the event)."""
    core = _folded(reference)
    for phrase in time_phrases(reference):
        core = core.replace(simplified(phrase), " ")
    nouns = [simplified(w) for w in noun_words(reference)]  # 午餐, "lunch": the event's name, not its time
    return " ".join([core, *nouns]) if nouns else core


def longest_han_run(a: str, b: str) -> int:
    """The length of the longest run of Han characters that ``a`` and ``b`` share."""
    best = 0
    for i in range(len(a)):
        k = 0
        while i + k < len(a) and _HAN.fullmatch(a[i + k]) and a[i : i + k + 1] in b:
            k += 1
        best = max(best, k)
    return best


def _in_order(short: str, long: str) -> bool:
    """Every character of ``short`` in ``long``, in order (an abbreviation)."""
    rest = iter(long)
    return all(ch in rest for ch in short)


_VOWEL = re.compile(r"[aeiouy]")


def _latin_words(text: str) -> list[str]:
    return [w.strip("'’") for w in _LATIN.findall(normalise(text).replace("-", ""))]


def _near(word: str, other: str) -> bool:
    """The same word, a near spelling of it (one or two letters apart), or an abbreviation of it."""
    if word == other:
        return True
    if not word or not other or word[0] != other[0] or word.isdigit() or other.isdigit():
        return False
    if (
        len(word) >= 3
        and len(other) >= 3
        and Levenshtein.distance(word, other) <= 2 - (min(len(word), len(other)) < 5)
    ):
        return True
    if len(word) == 2 and _VOWEL.search(word):
        # two letters with a vowel are a word of their own ("at", "in", "my"), not "appt" or "dr"
        return False
    return len(word) >= 2 and len(word) < len(other) and _in_order(word, other)


def shares_a_word(reference: str, title: str) -> bool:
    """Whether the reference (its time phrases aside) and the title share a word: see the module doc."""
    core, folded = without_times(reference), _folded(title)
    if longest_han_run(core, folded) >= MIN_RUN:
        return True
    if any(len(run) >= MIN_RUN and _in_order(run, folded) for run in HAN_RUN.findall(core)):
        return True
    if _another_han_name(core, folded):
        return True
    titled = [t for t in _latin_words(title) if t not in _FUNCTION]  # ("with" of two titles names nothing)
    return any(_near(w, t) for w in _latin_words(reference) if w not in _FUNCTION for t in titled)  # ("1:1" too)


def names_by_spelling(reference: str, title: str) -> bool:
    """Whether a Latin word of the reference (of three letters or more, wrapping words aside) is a word of the
    title as spelled, or its plural or possessive ("standups", "Ana's"): a near spelling (offsite/office,
    melting/meeting) or an abbreviation (dr/dinner) may be another word, which the user confirms."""
    titled = {_singular(t) for t in _latin_words(title)}
    return any(
        _singular(w) in titled
        for w in _latin_words(reference)
        if len(w) >= 3 and w not in _FUNCTION and (w not in STOP_WORDS or len(w) >= 4)  # "room", "meeting"
    )


def _singular(word: str) -> str:
    for end in ("'s", "’s", "s"):
        if word.endswith(end) and len(word) > len(end) + 2:
            return word[: -len(end)]
    return word


_FUNCTION = frozenset({"the", "with", "for", "and", "our", "your", "from", "this", "that", "one", "event"})
"""Words a reference wraps a title in ("the … with …", "that one"): they name nothing beyond it."""


def shares_a_proper_word(reference: str, title: str) -> bool:
    """The reference (its time phrases aside) and the title share a Latin word of three or more letters that
    is neither a wrapping word ("with", "the") nor a kind of event ("meeting", "call"): a name or a subject
    ("Keiko" of "meeting with Keiko" in "1:1 Keiko Tanaka"), which names the event however the rest reads."""
    titled = _latin_words(title)
    return any(any(_near(word, t) for t in titled) for word in proper_words(reference))


def proper_words(reference: str) -> list[str]:
    """The reference's Latin words of three or more letters (its time phrases aside) that are neither
    wrapping words nor kinds of event: what it names ("keiko", "dentist")."""
    return [
        w
        for w in _latin_words(without_times(reference))
        if len(w) >= 3 and w not in _FUNCTION and not is_event_kind(w)
    ]


def beyond_the_title(reference: str, title: str) -> bool:
    """The reference (its time phrases aside) names something the title does not: a Latin word of three or
    more letters with no near word in the title, or a Han run not in the title in order ("Design review"
    against "Review", 设计评审 against 评审; not "the review", nor 周会 against 每周例会)."""
    core, folded = without_times(reference), _folded(title)
    titled = _latin_words(title)
    for word in _latin_words(core):
        if len(word) >= 3 and word not in _FUNCTION and not any(_near(word, t) for t in titled):
            return True
    return any(len(run) >= MIN_RUN and not _in_order(run, folded) for run in HAN_RUN.findall(core))


def another_name(reference: str, title: str) -> bool:
    """The reference names someone whom the title does not name, while the title names someone spelled or
    said almost the same: a capitalised word one or two letters apart (Jon/Joan, Kat/Kate, Marko/Marco),
    or a Han character beside a shared one that sounds the same or nearly (汪总/王总, 张薇/张伟, 程/陈). The
    fuzzy search found a different person: a fact to ask about, never to guess."""
    titled = set(_WORD.findall(title.casefold()))
    for name in _NAME.findall(reference):
        folded = name.casefold()
        if folded in titled:
            continue
        if any(folded[0] == w[0] and 0 < Levenshtein.distance(folded, w) <= 2 for w in titled):
            return True
    return _another_han_name(simplified(reference), simplified(title))


def _sounds_alike(a: str, b: str) -> bool:
    """Two characters a listener could take for each other as a name: initials that are the same or are
    commonly merged (z/zh, c/ch, s/sh, l/n) and syllables at most one letter apart (汪/王 wang, 陈/程
    chen/cheng, 林/凌 lin/ling, 周/邹 zhou/zou); 饭/晚 (fan/wan) do not begin alike."""
    pa, pb = lazy_pinyin(a), lazy_pinyin(b)
    ia, ib = (_INITIAL_KIN.get(i, i) for i in lazy_pinyin(a + b, style=Style.INITIALS, strict=False))
    return ia == ib and Levenshtein.distance(pa[0], pb[0]) <= 1


_INITIAL_KIN = {"zh": "z", "ch": "c", "sh": "s", "n": "l"}
"""Initials many speakers merge, so that names spelled with either sound alike."""


def _another_han_name(reference: str, title: str) -> bool:
    """A Han character of the reference that the title lacks, beside a character both share, where the
    title has another character that sounds alike on that side ("汪总" for "王总": 汪 and 王 are both wang)."""
    for i, ch in enumerate(reference):
        if not _HAN.fullmatch(ch) or ch in title:
            continue
        for side in (-1, 1):
            k = i + side
            if not 0 <= k < len(reference) or not _HAN.fullmatch(reference[k]):
                continue
            for j, shared in enumerate(title):
                other = j - side
                if shared != reference[k] or not 0 <= other < len(title):
                    continue
                said = title[other]
                if _HAN.fullmatch(said) and said not in reference and _sounds_alike(ch, said):
                    return True
    return False


_POINTING_ZH_WORDS = f"{lexicon_zh.POINTER_WORDS}|[的在那这个]|[他她它我你][们們]?"
_POINTING_ZH = re.compile(_POINTING_ZH_WORDS)
_KIND_ZH = re.compile(
    "|".join(sorted({simplified(k) for k in EVENT_KINDS["zh"]}, key=len, reverse=True))
    + f"|{_POINTING_ZH_WORDS}"
)
_WITH_ZH = re.compile(r"(?:和|跟|与|與|同)([\u3400-\u9fff]+)")
_CAPITALISED = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][A-Za-z'’-]+\b")
_GENITIVE_FIRST = re.compile(r"([A-Z][A-Za-z-]+)['’]s\b")  # "Dana's 3pm": a name even as the first word


def names_a_subject_zh(reference: str) -> bool:
    """The Chinese reference, its time phrases, kinds of event, pointers and pronouns aside, still holds two
    or more characters in a row, or a kind with a character of its own before it (站会): it says what the
    event is (牙医, 读书会), not only when it is (下午三点那个, 四点的电话, 周三下午的事, 那个会)."""
    core = simplified(reference)
    for phrase in time_phrases(core):
        core = core.replace(simplified(phrase), " ")
    if any(len(run) >= MIN_RUN for run in HAN_RUN.findall(_KIND_ZH.sub(" ", core))):
        return True
    # a kind with a word of its own before it (站会, 组会, 瑜伽课): a kind of its own, not "the meeting"
    return any(
        len(run) >= MIN_RUN and _KIND_ZH.sub("", run) for run in HAN_RUN.findall(_POINTING_ZH.sub(" ", core))
    )


_POINTING_EN = re.compile(
    rf"{lexicon_en.POINTER_WORDS}|\b{lexicon_en.POINTER_NOUNS}s?\b|\bo['’]?clock\b", re.IGNORECASE
)
_NO_SUBJECT_EN = frozenset(
    ["whatever", "whichever", "what", "something", "anything", "stuff", "got", "have", "has", "had", "there",
     "scheduled", "booked", "planned", "set", "thing", "things", "slot", "block", "item",
     # the command a model copies into the reference with the clause ("drop my call at 4")
     "move", "drop", "cancel", "delete", "remove", "push", "bump", "shift", "skip", "reschedule", "change",
     "make", "put", "add", "book", "schedule", "clear", "scrap", "ditch", "nix", "kill", "call", "off",
     "back", "forward", "later", "earlier", "please", "pls", "instead", "again", "also", "just", "then"]
)  # fmt: skip
"""Words of a reference by time that say nothing of what the event is ("whatever I've got at 8:30", "drop my
call at 4"): a bounded vocabulary of the reference, never a reading of what the user asked."""


def names_a_subject(reference: str) -> bool:
    """The reference says what the event is, not only when: a Chinese one (``names_a_subject_zh``), or an
    English one that, its time phrases, kinds of event, pointers and small words aside, keeps a word of
    three letters or more ("run at 7 pm", "the dentist at 4"; not "my 3pm", "the 10 o'clock call", "that one
    at 4")."""
    if names_a_subject_zh(reference):
        return True
    core = normalise(reference)
    for phrase in time_phrases(core):
        core = core.replace(phrase, " ")
    core = _POINTING_EN.sub(" ", core)
    words = [re.split(r"['’]", w)[0] for w in LATIN_WORD.findall(core)]  # "whatever's", "I've"
    return any(
        len(w) >= 3 and w not in STOP_WORDS and w not in _NO_SUBJECT_EN and not is_event_kind(w)
        for w in words
    )


def names_someone(reference: str) -> bool:
    """The reference says who the event is with: a capitalised name after its first word ("meeting with
    Hannah", "the Acme call"; a weekday or month is a time word, not a name) or a first word in the genitive
    ("Dana's 3pm"; "Friday's 3pm" is a time), or two or more characters after 和/跟/与/同 that are no kind of
    event ("和王经理的会", "跟李总"). Such a reference that no title matches names no event the user has: it
    is not found, never the one event at its time."""
    first = _GENITIVE_FIRST.match(reference.strip())
    for word in _CAPITALISED.findall(reference.strip()) + ([first.group(1)] if first else []):
        if word.casefold() not in ("i", "i'm", "i'll", "i've") and not time_phrases(word):
            return True
    for run in _WITH_ZH.findall(simplified(reference)):
        core = run
        for phrase in time_phrases(run):
            core = core.replace(simplified(phrase), "")
        if len(_KIND_ZH.sub("", core)) >= MIN_RUN:
            return True
    return False
