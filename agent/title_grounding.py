"""Grounding of a title: its words must be the user's or a plain noun for a kind of event (``EVENT_KINDS``:
"meeting", "call", 会议, 电话 … — a fact about the title's words, not a guess about the user). A word that is
neither — a person or place the model made up, often from the tool examples — is dropped with the word that
joins it ("with", 和, 在). A title translated into a script the user did not write is sent back once for its
language (``calendar_tools``); if the model insists, its words are judged like any others (what is left of
"与Acme通话" for "call Acme" is all of it: Acme was said, 通话 is a kind). Characters of the Chinese script
the user did not write (张三 for a message that wrote 張三: a conversion) are compared by the characters both
scripts share (``grounding.converted``). Free-text fields (place, people, notes) are ``agent.grounding``'s.
"""

from __future__ import annotations

import re

from agent.grounding import (
    CJK_STOP,
    LATIN_WORD,
    STOP_WORDS,
    converted,
    fold,
    is_grounded,
    scripts_in,
    word_said,
    word_set,
)
from agent.language import HAN_RUN, simplified, simplified_chars

__all__ = [
    "EVENT_KINDS",
    "cased_like",
    "event_kind_in",
    "grounded_title",
    "is_event_kind",
    "kind_said",
    "names_what_was_said",
]


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
        content = [ch for ch in span if ch not in _JOIN_ZH and ch not in CJK_STOP]
        absent = sum(ch not in said for ch in content)
        keep = len(content) < 2 or 2 * absent <= len(content) or converted(run[i:j], said, scripts)
        kept[i:j] = [keep] * (j - i)
        i = j
    return kept


def grounded_title(title: str, sources: tuple[str, ...] | list[str]) -> str:
    """``title`` without the words the user never said that are not an event kind ("Meeting with Tomás" →
    "Meeting" when nobody named Tomás; "在星巴克开会" → "开会"), each with the word that joined it; ``""``
    when no content word is left (the caller falls back on an event kind, ``event_kind_in``). A title
    the user's words ground comes back unchanged."""
    said_raw = " ".join(sources)
    said = fold(said_raw)
    said_words = word_set(said)
    scripts = scripts_in(said_raw)
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
            word = fold(text).strip(".'’-")
            if word in _JOIN_EN or len(word) < 2 or (word in STOP_WORDS and word not in _KINDS_EN):
                pieces.append(("join", text, True))
            else:
                keep = word in _KINDS_EN or word_said(word, said_words, said)
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
    folded = fold(title)
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
    folded = fold(title).strip(" .!?。！？")
    return folded in _KINDS_EN or folded in _KINDS_ZH


def kind_said(text: str) -> str | None:
    """The first event-kind noun the user wrote ("a call", 开会, 開會 as written), None when there is none."""
    said = "".join(fold(ch) if len(fold(ch)) == 1 else ch for ch in text)  # one to one with ``text``
    start = end = None  # a run of kind words stands as one ("video chat", "phone call")
    for m in LATIN_WORD.finditer(said):
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
