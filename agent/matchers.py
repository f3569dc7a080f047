"""What a short reply to a pending command says, decided by code: yes, no, which option, or an exact command.

    reply_sign("yes please") == "yes";  reply_sign("算了不用了") == "no";  reply_sign("yes but at 5") is None
    pick_option("第二个", options) == 1;  pick_option("evening", options) == <the evening option>
    exact_command("undo") == "undo"

A reply is *covered* when it is nothing but words of the vocabulary (and separators, politeness fillers):
"ok thanks" is a yes, "好的好的" is a yes, "no thanks, skip it" is a no. Anything else — a time, a name, a change
("yes but at 5", "好的，改到五点") — is not a sign and goes to the model with the pending command described.
A reply with both a yes and a no word ("yes no") is neither.

Exact command forms: only ``undo`` and ``撤销`` (the whole message, any case, trailing punctuation
allowed). Paraphrases ("刚才那个撤销一下", "undo that please") go to the model's ``undo_last_change``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Literal

from agent.language import simplified
from agent.outcomes import Option
from agent.writes.series_scope import ONE_REPLIES, SERIES_REPLIES
from schedule_time import Phrase, analyse
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, One, PartOfDay, WeekdayRef

__all__ = ["agrees_with_start", "exact_command", "normalize", "pick_option", "reply_sign"]

Sign = Literal["yes", "no"]

_AFFIRMATIVE = (
    # English
    "yes", "yeah", "yep", "yup", "ya", "yea", "sure", "ok", "okay", "okey", "k", "kk", "confirm", "confirmed",
    "do it", "go ahead", "go for it", "please do", "sounds good", "that works", "fine", "alright",
    "all right", "right", "correct", "absolutely", "of course", "definitely", "proceed", "yes please",
    "add it", "book it", "keep it", "that's fine", "thats fine", "sure thing", "perfect", "great", "y",
    # Chinese (simplified and traditional)
    "是", "是的", "好", "好的", "好啊", "好呀", "好吧", "好滴", "可以", "可以的", "行", "行的", "确认", "確認",
    "确定", "確定", "对", "對", "对的", "對的", "嗯", "嗯嗯", "恩", "没问题", "沒問題", "没错", "沒錯",
    "加吧", "加上吧", "就这样", "就這樣", "继续", "繼續", "同意", "ok的",
)  # fmt: skip
_NEGATIVE = (
    # English
    "no", "nope", "nah", "cancel", "cancel it", "never mind", "nevermind", "don't", "dont", "do not",
    "no thanks", "leave it", "forget it", "skip it", "skip", "not now", "stop", "don't add it",
    "don't do it", "no need", "n", "negative", "abort", "drop it",
    # Chinese (simplified and traditional)
    "不", "不用", "不用了", "不要", "不要了", "算了", "算了吧", "取消", "取消吧", "不了", "先不", "先不用",
    "别", "別", "别加", "別加", "不行", "否", "不加", "不加了", "不必", "不必了", "罢了", "罷了", "放弃", "放棄",
    "不对", "不對", "错了", "錯了",
)  # fmt: skip
_FILLERS = (
    "please", "thanks", "thank you", "thx", "ty", "then", "just", "oh", "ah", "hmm", "well", "anyway", "wait",
    "actually", "sorry",
    "both", "all", "all of them", "both of them", "to both", "to all", "to all of them", "for both", "谢谢", "謝謝", "麻烦了", "麻煩了", "吧", "啊", "呀", "哈", "啦", "了", "呢", "那",
    "那就", "就", "哦", "噢", "都", "全都", "全部", "两个都", "兩個都", "都要",
)  # fmt: skip
_ACTIONS = {  # a confirmation answered by naming what it asks ("sure, remove it", "删吧"): the action itself
    "delete_event": ("delete", "delete it", "delete them", "remove", "remove it", "remove them", "cancel it",
                     "cancel", "cancel them", "删", "删掉", "删了", "删除", "刪", "刪掉", "刪了", "刪除", "取消", "取消吧"),
    "create_event": ("add", "add it", "add them", "create it", "book it", "schedule it", "put it in", "加",
                     "加上", "添加", "加进去", "加進去", "记上", "記上"),
    "update_event": ("move it", "change it", "update it", "move them", "改", "改吧", "挪", "挪吧", "换", "換"),
    "undo_last_change": ("undo it", "undo", "撤销", "撤銷"),
}  # fmt: skip
_SEPARATORS = re.compile(r"[\s,，.。!！~～、;；…:：'\"“”‘’()（）\-—_👍🙏]+")
_COMMANDS = {"undo": "undo", "撤销": "undo", "撤銷": "undo"}


def normalize(text: str) -> str:
    """NFKC, case-folded, curly apostrophes straightened, outer spaces and punctuation removed."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return _SEPARATORS.sub(" ", folded).strip()


def _vocabulary() -> list[tuple[str, str]]:
    entries = [(w, "yes") for w in _AFFIRMATIVE] + [(w, "no") for w in _NEGATIVE]
    entries += [(w, "filler") for w in _FILLERS]
    # Longest first, so "no thanks" beats "no" and "不用了" beats "不".
    return sorted(((normalize(w), kind) for w, kind in entries), key=lambda e: -len(e[0]))


_VOCABULARY = _vocabulary()
_WITH_ACTION = {
    tool: sorted([*((normalize(w), "action") for w in words), *_VOCABULARY], key=lambda e: -len(e[0]))
    for tool, words in _ACTIONS.items()
}  # fmt: skip
_NEGATIVE_WORDS = frozenset(normalize(w) for w in _NEGATIVE)


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "'")


def _tokens(
    text: str, vocabulary: Iterable[tuple[str, str]], found: list[tuple[str, str]] | None = None
) -> list[str] | None:
    """The vocabulary kinds that exactly cover ``text`` (greedy, longest entry first), or None; ``found``
    collects the matched (word, kind) pairs."""
    text = normalize(text)
    kinds: list[str] = []
    i = 0
    entries = list(vocabulary)
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        for word, kind in entries:
            if text.startswith(word, i):
                end = i + len(word)
                # A Latin word must end at a word boundary ("no" is not the start of "noon").
                if _is_word_char(word[-1]) and end < len(text) and _is_word_char(text[end]):
                    continue
                kinds.append(kind)
                if found is not None:
                    found.append((word, kind))
                i = end
                break
        else:
            return None
    return kinds


def reply_sign(text: str, doing: str | None = None) -> Sign | None:
    """``"yes"`` / ``"no"`` when the reply is only an affirmative / only a negative (fillers allowed).

    ``doing``: the tool a pending confirmation would run. Then the reply may name that action ("yes,
    delete it", "删吧", "fine, cancel them" for a deletion): the action is a yes. A word that is also a no
    ("cancel", 取消) counts as the action only beside a yes word; alone it stays a no."""
    if len(text) > 60:
        return None
    if doing in _WITH_ACTION:
        kinds = _tokens(text, _WITH_ACTION[doing])
        if kinds and "action" in kinds:
            words = _action_words(text, _WITH_ACTION[doing])
            ambiguous = all(w in _NEGATIVE_WORDS for w in words)
            kinds = [
                ("yes" if not ambiguous or "yes" in kinds else "no") if k == "action" else k for k in kinds
            ]
    else:
        kinds = _tokens(text, _VOCABULARY)
    if not kinds:
        return None
    signs = {k for k in kinds if k != "filler"}
    return signs.pop() if len(signs) == 1 else None  # type: ignore[return-value]


def _action_words(text: str, vocabulary: list[tuple[str, str]]) -> list[str]:
    """The action words ``_tokens`` matched in ``text``."""
    found: list[str] = []
    _tokens(text, vocabulary, found)
    return [w for w, k in found if k == "action"]


def exact_command(text: str) -> str | None:
    """``"undo"`` for exactly "undo" / "撤销" (any case, punctuation around it); else None."""
    return _COMMANDS.get(normalize(text))


# --------------------------------------------------------------------------------------------- choices

_ORDINALS_EN = {
    "first": 0, "1st": 0, "one": 0, "second": 1, "2nd": 1, "two": 1, "third": 2, "3rd": 2, "three": 2,
    "fourth": 3, "4th": 3, "four": 3, "fifth": 4, "5th": 4, "five": 4,
}  # fmt: skip
_NUMERALS_ZH = {"一": 0, "二": 1, "两": 1, "兩": 1, "三": 2, "四": 3, "五": 4}
_EN_CHOICE = re.compile(
    r"^(?:(?:i\s?ll\s+take|i\s+want|i\s+mean|let\s?s\s+do|make\s+it|pick|choose|go\s+with|take)\s+)?"
    r"(?:(?:the|option|number|no|#)\s*)*(?P<n>\d{1,2}|first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|"
    r"one|two|three|four|five|last)(?:\s+(?:one|option|choice))?(?:\s+please)?$"
)
_ZH_CHOICE = re.compile(
    r"^(?:我?(?:选择|選擇|选|選|要|就|是))?"
    r"(?:第(?P<n>\d{1,2}|[一二两兩三四五])|(?P<d>\d{1,2})|(?P<l>最后|最後)(?:一)?)"
    r"(?P<suffix>个|個|项|項|种|種|条|條|号|號|次)?(?:吧|的|那个|那個)?$"
)
_TAG_WORDS = {  # the scope of a change to a repeating event; times are read by the time service (_by_time)
    "one": tuple(ONE_REPLIES),
    "series": tuple(SERIES_REPLIES),
}
_TAG_FILLER = re.compile(r"^(?:(?:in|the|at|on|one|option|please|i|mean|that|this)\s+)*(?P<w>.+?)"
                         r"(?:\s+(?:one|option|please|then))*$")  # fmt: skip
_ZH_TAG_FILLER = re.compile(r"^(?:我?(?:选|選|要|是|指)?)(?P<w>.+?)(?:的|那个|那個|吧|那次)*$")


def ordinal_position(token: str, count: int) -> int | None:
    """The 0-based place an ordinal token names ("second", "2nd", "2", 二, "last", 最后) within ``count``."""
    if token.isdigit():
        index = int(token) - 1
    elif token in ("last", "最后", "最後"):
        index = count - 1
    else:
        index = _ORDINALS_EN.get(token, _NUMERALS_ZH.get(token, -1))
    return index if 0 <= index < count else None


def ordinal_index(text: str, count: int) -> int | None:
    """The 0-based position an ordinal or option number names ("the second", "2nd", 第二个), within
    ``count``; None for anything else."""
    said = normalize(text)
    match = _EN_CHOICE.match(said)
    if match is not None:
        return ordinal_position(match.group("n"), count)
    zh = _ZH_CHOICE.match(said.replace(" ", ""))
    return ordinal_position(zh.group("n") or zh.group("d") or zh.group("l"), count) if zh is not None else None


def pick_option(
    text: str, options: Sequence[Option], *, now: datetime | None = None, tz: tzinfo | None = None
) -> int | None:
    """The 0-based index of the option the reply picks, or None (out of range, unclear, or more words).

    With ``now``, a reply of time words ("evening", "the 8pm one", "晚上那个九点的", "Friday") picks the one
    option its time phrases agree with, as the time service reads them (``_by_time``). Of two options, "the
    later one" / 后面那个 / "the earlier one" picks by their order (``_by_order``)."""
    if not options or len(text) > 40:
        return None
    said = normalize(text)
    if not said:
        return None
    match = _EN_CHOICE.match(said)
    if match is None:
        compact = said.replace(" ", "")
        zh = _ZH_CHOICE.match(compact)
        if zh is not None:  # a bare 二 or 两个 ("both") is not a choice; 第二 / 第二个 / 2 are
            position = ordinal_position(zh.group("n") or zh.group("d") or zh.group("l"), len(options))
            if zh.group("d") is None or zh.group("suffix") not in ("号", "號") or now is None:
                return position
            # 7号: option 7, or the 7th of the month? The option whose day it is; the two readings disagreeing
            # (the 2nd is option 1's day, "2号" option 2) is no pick
            dated = _by_time(compact[zh.start("d"):], options, now, tz or now.tzinfo or UTC)
            if dated is None or position is None or dated == position:
                return dated if dated is not None else position
            return None
    if match is not None:
        return ordinal_position(match.group("n"), len(options))
    by_tag = _by_tag(said, options)
    if by_tag is not None:
        return by_tag
    if (by_order := _by_order(said, options)) is not None:
        return by_order
    if now is not None and (by_time := _by_time(text, options, now, tz or now.tzinfo or UTC)) is not None:
        return by_time
    return _by_text(said, options)


_ORDER_EN = re.compile(r"^(?:the\s+)?(?P<w>later|latter|earlier|former)(?:\s+(?:one|option|slot|time))?(?:\s+please)?$")
_ORDER_ZH = re.compile(
    r"^(?:我?(?:选择|選擇|选|選|要|是|就))?(?P<w>后面|後面|后边|後邊|靠后|靠後|后|後|晚一点|晚一點|晚点|晚點|晚|前面|前边|前邊|靠前|"
    r"前|早一点|早一點|早点|早點|早)(?:的)?(?:一个|一個|个|個|那个|那個|那次|那一个|那一個)?(?:吧|的)?$"
)
_LATER = frozenset({"later", "latter", "后面", "後面", "后边", "後邊", "靠后", "靠後", "后", "後", "晚一点", "晚一點", "晚点",
                    "晚點", "晚"})  # fmt: skip
"""A pick of two options by their order ("the later one", 后面那个, 晚的那个; else "the earlier one", 前面那个):
a bounded field, read only when there are exactly two options."""


_IN_TIME = frozenset({"later", "earlier", "晚一点", "晚一點", "晚点", "晚點", "晚", "早一点", "早一點", "早点", "早點", "早"})
"""Order words of time ("the later one", 晚的那个); the others name a place in the list ("the latter", 后面那个)."""


def _by_order(said: str, options: Sequence[Option]) -> int | None:
    """The later (or earlier) of two options: by start for a word of time when both have one, else by
    their place in the list."""
    match = _ORDER_EN.match(said) or _ORDER_ZH.match(said.replace(" ", ""))
    if match is None or len(options) != 2:
        return None
    later = match.group("w") in _LATER
    if match.group("w") in _IN_TIME and options[0].start is not None and options[1].start is not None and options[0].start != options[1].start:
        first_is_earlier = options[0].start < options[1].start
        return (1 if first_is_earlier else 0) if later else (0 if first_is_earlier else 1)
    return 1 if later else 0


_PRONOUN_LEFT = frozenset({"the", "one", "ones", "please", "pls", "plz", "i", "mean", "make", "it", "that",
                           "this", "works", "at", "on", "in", "s", "slot", "option", "choice", "time", "那个", "那個",
                           "这个", "這個", "的", "吧", "那次", "那一天", "那天", "那日", "是", "时间", "時間", "时段", "時段",
                           "选项", "選項", "then",
                           "喔", "哦", "啊", "呀", "啦", "嘛", "呢"})  # fmt: skip
"""What may be left of a pick by time once its time phrases are taken out ("the evening one", "早上那个",
"the morning slot", "晚上那个时段", "是早上啦"): pointer words, the names of an option and sentence-final
particles of a short reply (a bounded field). Anything else (a name, a place) goes to the model."""


def _by_time(text: str, options: Sequence[Option], now: datetime, tz: tzinfo) -> int | None:
    """The one option that every time phrase of the reply agrees with (``schedule_time.analyse``): a day
    contains its date, a part of the day or a range its clock time, a clock names it (a bare hour either
    half of the day: "九点" with 晚上 is 21:00)."""
    phrases = analyse(text, now=now, tz=tz)
    if not phrases:
        return None
    left = text
    for phrase in reversed(phrases):
        left = left[: phrase.start] + " " + left[phrase.end :]
    titled = {w for o in options if o.title for w in _LEFT_WORDS.findall(simplified(normalize(o.title)))}
    rest = [
        w for w in _LEFT_WORDS.findall(normalize(left)) if w not in _PRONOUN_LEFT and simplified(w) not in titled
    ]
    if rest:
        return None  # words of the options' own titles may stay ("the thursday meeting", 周四那个会)
    hits = set(range(len(options)))
    for phrase in phrases:
        starts = [option.start.astimezone(tz) for option in options]
        agree = {i for i, start in enumerate(starts) if agrees_with_start(phrase, start, tz)}
        if not agree and (weekdays := _weekdays_only(phrase.text)):  # read in the options' frame
            agree = {i for i, start in enumerate(starts) if start.weekday() in weekdays}
        hits &= agree
    return hits.pop() if len(hits) == 1 else None


def _weekdays_only(text: str) -> set[int]:
    """The weekdays a phrase names when it names nothing else ("thursday", "周四"): in a reply to options,
    the option on that weekday, though the time service reads a bare "Thursday" said on a Thursday as next
    week's (the options are what was asked about)."""
    pieces = [p for p in scan(normalise(text)).pieces if not isinstance(p, One)]  # "the Monday one"
    if not pieces or not all(isinstance(p, WeekdayRef) for p in pieces):
        return set()
    return {p.weekday for p in pieces}


_LEFT_WORDS = re.compile(r"[a-z']+|那个|那個|这个|這個|那次|那一天|那天|那日|时间|時間|时段|時段|选项|選項|[\u3400-\u9fff]")
_HALF_DAY = timedelta(hours=12)


def agrees_with_start(phrase: Phrase, start: datetime, tz: tzinfo) -> bool:
    """A time phrase (as ``analyse`` read it) holds ``start``: a clock names its time of day, a day or period
    its date, a part of the day or a range its time."""
    found = phrase.resolution
    clock = start.time().replace(second=0, microsecond=0)
    if phrase.kind == "clock":
        said = [c.start for c in found.candidates] or ([found.start] if found.start else [])
        times = set()
        either_half = _bare_clock(phrase.text)
        for moment in said:
            local = moment.astimezone(tz)
            times.add(local.time().replace(second=0, microsecond=0))
            if local.hour < 12 and found.status == "resolved" and either_half:
                times.add((local + _HALF_DAY).time().replace(second=0, microsecond=0))
        return clock in times
    if found.start is None or found.end is None:
        return False
    begin, end = found.start.astimezone(tz), found.end.astimezone(tz)
    if phrase.kind in ("day", "period"):
        return begin.date() <= start.date() < end.date() or begin.date() == start.date()
    if phrase.kind in ("part_of_day", "range"):
        if end - begin >= timedelta(days=1):
            return begin <= start < end
        low, high = begin.time(), end.time()
        return (low <= clock < high) if low < high else (clock >= low or clock < high)
    return False


def _bare_clock(text: str) -> bool:
    """A clock that names no half of the day ("九点", "7:30"): it may be either option's. "早上六点", "6pm",
    "19:30" name one half."""
    pieces = scan(normalise(text)).pieces
    clocks = [p for p in pieces if isinstance(p, Clock)]
    return not any(isinstance(p, PartOfDay) for p in pieces) and all(
        c.meridiem is None and not c.h24 and c.hour <= 12 for c in clocks
    )


def _by_tag(said: str, options: Sequence[Option]) -> int | None:
    words = set()
    for pattern in (_TAG_FILLER, _ZH_TAG_FILLER):
        found = pattern.match(said if pattern is _TAG_FILLER else said.replace(" ", ""))
        if found:
            words.add(found.group("w"))
    hits = {
        i for i, o in enumerate(options) if o.tag and any(w in _TAG_WORDS.get(o.tag, (o.tag,)) for w in words)
    }
    return hits.pop() if len(hits) == 1 else None


def _by_text(said: str, options: Sequence[Option]) -> int | None:
    """The one option whose label or title contains the reply (at least 2 characters, not a bare number)."""
    core = re.sub(r"^(?:the\s+one\s+(?:on|at)\s+|the\s+|on\s+)", "", said).strip()
    if len(core) < 2 or core.isdigit():
        return None
    hits = {
        i
        for i, o in enumerate(options)
        if core in normalize(o.label) or (o.title is not None and core == normalize(o.title))
    }
    return hits.pop() if len(hits) == 1 else None
