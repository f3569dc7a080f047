"""Grounding of free-text fields: a location, attendee or note is kept only if its words are in the user's
messages; a title's words must be the user's or a plain noun for a kind of event. The model may word a
title; it may not invent where, with whom, or what to remember.

A value is grounded when every significant word of it (Latin words of 2+ letters that are not stop words,
digits, and each run of CJK characters) occurs in the messages, compared case- and width-insensitively (a
Latin word as a word, or its plural/-ing form, never inside another word: "Tom" is not in "tomorrow").

A title (``grounded_title``) keeps the words the user said and the event-kind nouns (``EVENT_KINDS``:
"meeting", "call", 会议, 电话 … — a fact about the title's words, not a guess about the user); a word that is
neither — a person or place the model made up, often from the tool examples — is dropped with the word
that joins it ("with", 和, 在). A title translated into a script the user did not write is sent back once
for its language (``calendar_tools``); if the model insists, its words are judged like any others (what
is left of "与Acme通话" for "call Acme" is all of it: Acme was said, 通话 is a kind). Characters of the
Chinese script the user did not write (张三 for a message that wrote 張三: a conversion) are compared by
the characters both scripts share (``_converted``).
"""

from __future__ import annotations

import re
import unicodedata

from agent import lexicon_en, lexicon_zh
from agent.language import HAN_RUN, simplified, simplified_chars
from schedule_time import is_slot_reply

__all__ = [
    "EVENT_KINDS",
    "bare_words",
    "cased_like",
    "echoes_request",
    "event_kind_in",
    "grounded_title",
    "in_unwritten_script",
    "is_event_kind",
    "is_grounded",
    "is_pronoun",
    "kind_said",
    "names_event",
    "said_by_user",
]

_LATIN = re.compile(r"[a-z0-9][a-z0-9'’.-]*", re.IGNORECASE)
_STOP = frozenset(
    [
        "a", "an", "the", "at", "in", "on", "of", "for", "to", "with", "and", "or", "by",
        "from", "my", "our", "your", "his", "her", "their", "me", "us", "we", "i", "you", "he",
        "she", "they", "it", "is", "be", "are", "was", "meet", "meeting", "room",
    ]
)  # fmt: skip
_CJK_STOP = frozenset("的在和跟与去到了")


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
    message_words = _words(message_n)
    for word in _LATIN.findall(value_n):
        word = word.strip(".'’-")
        if len(word) < 2 or word in _STOP:
            continue
        if not _word_said(word, message_words, message_n):
            return False
    for run in HAN_RUN.findall(value_n):
        if run in message_n:
            continue
        significant = [ch for ch in run if ch not in _CJK_STOP]
        if not significant or any(ch not in message_n for ch in significant):
            return False
    return bool(_LATIN.search(value_n) or HAN_RUN.search(value_n))


# ------------------------------------------------------------------------------------------------ words


def _words(text_n: str) -> set[str]:
    """The Latin words of a normalised text, each also without a possessive ("dad's" → "dad")."""
    words = {w.strip(".'’-") for w in _LATIN.findall(text_n)}
    return words | {w.removesuffix("'s").removesuffix("’s") for w in words}


def _word_said(word: str, said_words: set[str], said_n: str) -> bool:
    """A Latin word (normalised) of a value is in the user's words: as a word, with a possessive or plural
    ending, or run together ("haircut" for "hair cut"); a number anywhere. Never inside another word: "Tom"
    is not said by "tomorrow", nor "hair" by "haircut"."""
    word = word.removesuffix("'s").removesuffix("’s")
    if not word or word in said_words or (any(c.isdigit() for c in word) and word in said_n):
        return True
    if len(word) >= 5 and word in bare_words(said_n):
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


def _fold(text: str) -> str:
    """Case, width, and traditional characters folded (``會議`` reads as ``会议``: ``language.simplified``)."""
    return _norm(text)


def said_by_user(value: str, sources: tuple[str, ...] | list[str]) -> bool:
    """Every content word of ``value`` is in the user's words (Latin as words, Han runs as substrings) and
    it has one: a name (an attendee) must have been said, and a pronoun names nobody."""
    value_f, said = _fold(value).strip(), _fold(" ".join(sources))
    if not value_f or is_pronoun(value):
        return False
    words = [w.strip(".'’-") for w in _LATIN.findall(value_f)]
    content = [w for w in words if len(w) >= 2 and w not in _STOP]
    runs = HAN_RUN.findall(value_f)
    if not content and not runs:
        return False
    said_words = _words(said)
    scripts = _scripts(" ".join(sources))
    return all(_word_said(w, said_words, said) for w in content) and all(
        r in said or _converted(r, said, scripts) for r in runs
    )


def _scripts(said: str) -> set[str]:
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
    return _fold(value).strip(" .,!?。，！？").translate(str.maketrans("們", "们")) in _PRONOUNS


# ------------------------------------------------------------------------------------------------ titles

EVENT_KINDS: dict[str, tuple[str, ...]] = {
    "en": (
        "meeting", "meetings", "meet", "meetup", "call", "calls", "phone", "video", "conference",
        "appointment", "appt", "event", "session", "chat", "sync", "catch-up", "catchup", "check-in",
    ),
    "zh": (
        "视频会议", "电话会议", "会议", "开会", "会面", "见面", "碰面", "电话", "通话", "视频", "预约",
        "活动", "约会", "聚会", "日程", "安排", "会",
    ),
}  # fmt: skip
"""Plain nouns for a kind of event: a title may hold them whatever the user said ("Meeting with Tom" for
"book Tom at 3"). A bounded vocabulary about the title's words; it decides nothing about what was asked."""

_KINDS_EN = frozenset(EVENT_KINDS["en"])
_KINDS_ZH = tuple(sorted({simplified(k) for k in EVENT_KINDS["zh"]}, key=len, reverse=True))
_JOIN_EN = frozenset(
    {"with", "and", "at", "in", "for", "from", "by", "to", "of", "on", "&", "w/", "+", "x", "vs"}
)
_JOIN_ZH = frozenset("和跟与同在去到找给的")
_TOKEN = re.compile(
    r"(?P<han>[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)"
    r"|(?P<word>[^\W_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+(?:['’.&/-][^\W_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)*['’]?|[&+/])"
)


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


def _converted(run: str, said: str, scripts: set[str]) -> bool:
    """``run`` has characters of the script the user did not write (the model converted 張三 to 张三), and
    its characters both scripts share are all in the user's words: it may be the user's name, converted
    ("刘洋" for a traditional message that never said 洋 is not)."""
    if all(_script_of(ch) in scripts for ch in run):
        return False
    return all(ch in said for ch in simplified_chars(run) if not _script_of(ch) and ch not in _CJK_STOP)


def _han_kept(run: str, said: str, scripts: set[str]) -> list[bool]:
    """Per character of a title's Han run: whether it stays. A character stays when a piece of 2+
    characters around it is in the user's words or is an event kind; a stretch of other characters is
    dropped when more than half of its content characters (joining characters aside) are not in the user's
    words at all and it has two or more (a name or a place: "刘洋", "星巴克"); one character alone, or a
    stretch in a script the user did not write, stays."""
    folded = simplified_chars(run)
    covered = [False] * len(run)
    for i in range(len(run)):
        for j in range(len(run), i + 1, -1):
            piece = folded[i:j]
            if piece in said or piece in _KINDS_ZH:
                covered[i:j] = [True] * (j - i)
                break
        if folded[i] in _KINDS_ZH:
            covered[i] = True
    kept = list(covered)
    i = 0
    while i < len(run):
        if covered[i]:
            i += 1
            continue
        j = i
        while j < len(run) and not covered[j]:
            j += 1
        span = folded[i:j]
        content = [ch for ch in span if ch not in _JOIN_ZH and ch not in _CJK_STOP]
        absent = sum(ch not in said for ch in content)
        keep = len(content) < 2 or 2 * absent <= len(content) or _converted(run[i:j], said, scripts)
        kept[i:j] = [keep] * (j - i)
        i = j
    return kept


def grounded_title(title: str, sources: tuple[str, ...] | list[str]) -> str:
    """``title`` without the words the user never said that are not an event kind ("Meeting with Tomás" →
    "Meeting" when nobody named Tomás; "在星巴克开会" → "开会"), each with the word that joined it; ``""``
    when no content word is left (the caller falls back on an event kind, ``event_kind_in``). A title
    the user's words ground comes back unchanged."""
    said_raw = " ".join(sources)
    said = _fold(said_raw)
    said_words = _words(said)
    scripts = _scripts(said_raw)
    pieces: list[tuple[str, str, bool]] = []  # (kind, text, kept): kind "word", "han", "join", "gap"
    at = 0
    for m in _TOKEN.finditer(title):
        if m.start() > at:
            pieces.append(("gap", title[at : m.start()], True))
        text = m.group(0)
        if m.group("han"):
            kept = _han_kept(text, said, scripts)
            for ch, keep in zip(text, kept, strict=True):
                kind = "join" if simplified_chars(ch) in _JOIN_ZH else "han"
                pieces.append((kind, ch, keep))
        else:
            word = _fold(text).strip(".'’-")
            if word in _JOIN_EN or len(word) < 2 or (word in _STOP and word not in _KINDS_EN):
                pieces.append(("join", text, True))
            else:
                keep = word in _KINDS_EN or _word_said(word, said_words, said)
                pieces.append(("word", text, keep))
        at = m.end()
    if at < len(title):
        pieces.append(("gap", title[at:], True))
    if all(keep for _, _, keep in pieces):
        return title
    return _rebuild(pieces, title)


def _rebuild(pieces: list[tuple[str, str, bool]], title: str) -> str:
    out = list(pieces)
    for i, (kind, _, keep) in enumerate(pieces):
        if keep or kind == "gap":
            continue
        j = i - 1  # the word that joined it ("with" Tomás, 和刘洋), over spaces
        while j >= 0 and out[j][0] == "gap" and not out[j][1].strip():
            j -= 1
        if j >= 0 and out[j][0] == "join":
            out[j] = (out[j][0], out[j][1], False)
        k = i + 1  # 刘洋"的"生日
        if k < len(out) and out[k][0] == "join" and out[k][1] == "的":
            out[k] = (out[k][0], out[k][1], False)
    kept = [(kind, text) for kind, text, keep in out if keep]
    if not any(kind in ("word", "han") for kind, _ in kept):
        return ""
    while kept and (kept[0][0] in ("join", "gap")):  # no leading "with", "和", "-"
        kept.pop(0)
    while kept and (kept[-1][0] in ("join", "gap")):
        kept.pop()
    text = re.sub(r"\s{2,}", " ", "".join(t for _, t in kept)).strip(" -–—:,，、·|/")
    return cased_like(text, title)


def names_what_was_said(title: str, sources: tuple[str, ...] | list[str]) -> bool:
    """The title is the user's words once its event-kind nouns are set aside ("Electrician appointment"
    for "our electrician comes round…", 看牙医预约 for 周五看牙医): what it is about comes from them, only the kind
    of event was added. A title of kind nouns alone says nothing of theirs."""
    said = " ".join(sources)
    if is_grounded(title, said):
        return True
    folded = _fold(title)
    for kind in _KINDS_ZH:
        folded = folded.replace(kind, " ")
    rest = " ".join(w for w in folded.split() if w.strip(".'’-") not in _KINDS_EN)
    return bool(rest.strip(" -–—:,，、·|/")) and is_grounded(rest, said)


def cased_like(text: str, title: str) -> str:
    """``text`` beginning with a capital when ``title`` did: what is left of a title keeps its look."""
    return text[:1].upper() + text[1:] if title[:1].isupper() else text


def is_event_kind(title: str) -> bool:
    """The title is only an event-kind noun ("Meeting", 会议): it says what kind of event, not with whom or
    about what."""
    folded = _fold(title).strip(" .!?。！？")
    return folded in _KINDS_EN or folded in _KINDS_ZH


def kind_said(text: str) -> str | None:
    """The first event-kind noun the user wrote ("a call", 开会, 開會 as written), None when there is none."""
    said = "".join(_fold(ch) if len(_fold(ch)) == 1 else ch for ch in text)  # one to one with ``text``
    start = end = None  # a run of kind words stands as one ("video chat", "phone call")
    for m in _LATIN.finditer(said):
        if m.group(0).strip(".'’-") not in _KINDS_EN:
            if start is not None:
                break
            continue
        if start is not None and said[end : m.start()].strip():
            break
        start = m.start() if start is None else start
        end = m.start() + len(m.group(0).rstrip(".'’-"))
    if start is not None:
        return text[start:end]
    for kind in _KINDS_ZH:
        if (at := said.find(kind)) >= 0:
            return text[at : at + len(kind)]
    return None


def event_kind_in(sources: tuple[str, ...] | list[str], lang: str) -> str:
    """The title for an event whose title words were all made up: an event-kind noun the user said ("a
    meeting", 开会, 開會 as written), else the plainest one ("Event", 日程)."""
    own = kind_said(" ".join(sources))
    if own is not None:
        return own if HAN_RUN.match(own) else own.capitalize()
    return "日程" if lang == "zh" else "Event"
