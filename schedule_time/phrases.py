"""``analyse``: every time phrase in a longer text (a whole chat message), with its span in the original
text, its kind, its resolution and the text between phrases.

It reuses the resolver's own scan: the rules that make "tomorrow at 1pm" a time expression are the ones
that find it in "Lunch with Ana tomorrow at 1pm and the dentist on Friday 4pm". A phrase is a stretch of
recognised pieces (and fillers between them) that no unknown word and no sentence end interrupts, cut
into the longest parts that compose into one expression; each part's resolution is ``resolve()`` of its
own text, so a phrase and its resolution never disagree. See README.md "Time phrases in a message".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from itertools import pairwise
from typing import Literal

from . import pieces as p
from .compose import compose
from .language import APOSTROPHES, _scan
from .relative import check_relative
from .resolver import resolve
from .result import Resolution, TimeExpressionError
from .slots import bare_meal
from .spec import Expr, Unusable

Kind = Literal["day", "clock", "part_of_day", "period", "range", "open", "duration", "recurrence"]
"""What a phrase names: a day ("Friday", "12月5日"), a clock time on a day or alone ("tomorrow at 1pm",
"三点"), a part of a day ("tomorrow morning", 今晚), a longer period ("next week", 下个月), a range
("3-4pm", 周一到周五), an open bound ("after 2pm", 周五之前), a duration ("for two hours", 半小时), a
recurrence ("every Monday at 9", 每天)."""

MAX_MESSAGE = 2000
"""The longest text ``analyse`` reads (characters); a longer one is a ``TimeExpressionError``: split it."""
MAX_PIECES = 10
"""The most pieces one phrase may hold: a stretch is cut into phrases trying at most this many pieces
from each start (the longest expressions, "every other Thursday at 2pm starting April 10", hold fewer)."""

_WEAK = (p.Number, p.One, p.Label, p.RangeSep, p.RangeStart, p.OpenBound, p.Every, p.ZoneOffset, p.YearShift)
"""Pieces that name no time on their own: a phrase needs one piece of another kind ("张三" holds a bare
number, "and" a range separator, "GMT" a zone)."""
_MEALS = frozenset({"breakfast", "brunch", "lunch", "dinner", "supper"})
"""A meal word alone ("Lunch with Ana") names the event, not its time; with a day or a clock it is one."""
_BREAKS = frozenset("。！？!?;；\n")
"""Between two pieces, these end a sentence: a phrase never spans them (nor ". " after a word)."""
_SEPARATORS = frozenset({"then", "and then", "然后", "然後", "接着", "接著", "还有", "還有", "另外", "再"})
"""Fillers that join two phrases ("at 9, then 3-4pm", "明天下午三点再约周五"): a phrase never spans them."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """One time phrase of a message.

    * ``text``: the phrase as written, ``original[start:end]`` (leading and trailing fillers such as
      "on", "at", "在" are left out).
    * ``start``/``end``: character offsets into the text given to ``analyse``.
    * ``kind``: see ``Kind``.
    * ``resolution``: ``resolve(text, ...)`` with the same arguments.
    * ``separator``: the original text between the previous phrase and this one, trimmed ("and",
      "，", "and the dentist on"); None for the first phrase.
    """

    text: str
    start: int
    end: int
    kind: Kind
    resolution: Resolution
    separator: str | None = None


def analyse(text: str, *, now: datetime, tz: tzinfo | None = None,
            prefer: Literal["future", "past"] = "future", dayfirst: bool | None = None,
            relative_to: tuple[datetime, datetime] | None = None) -> list[Phrase]:
    """Every time phrase in ``text`` (English, Chinese or both), in order, with spans into ``text``.

    Words that are not time words are skipped; adjacent pieces that compose into one expression
    ("tomorrow at 1pm", "周五上午十点") are one phrase. Deterministic; raises ``TimeExpressionError``
    only for API misuse (as ``resolve``) or a text longer than ``MAX_MESSAGE`` characters.
    """
    if not isinstance(text, str):
        raise TimeExpressionError(f"text must be a string, not {type(text).__name__}")
    if len(text) > MAX_MESSAGE:
        raise TimeExpressionError(f"text longer than {MAX_MESSAGE} characters: split the message")
    resolve("", now=now, tz=tz, prefer=prefer)   # the argument checks, as resolve makes them
    check_relative(relative_to)
    norm, where = _normalised(text)
    spans: list[tuple[int, int, int]] = []
    found, _, _ = _scan(norm, spans)
    out: list[Phrase] = []
    last_end: int | None = None
    memo: dict[tuple[int, int], Resolution] = {}

    def resolution(first: int, last: int) -> Resolution:
        key = (first, last)
        r = memo.get(key)
        if r is None:
            r = memo[key] = resolve(text[where[first]:where[last - 1] + 1], now=now, tz=tz, prefer=prefer,
                                    dayfirst=dayfirst, relative_to=relative_to)
        return r

    for run in _runs(norm, spans, found):
        for first, last, parts in _cut(run, lambda f, la: _stands(resolution(f, la)), norm):
            start, end = where[first], where[last - 1] + 1
            while end > start + 1 and text[end - 1].isspace():   # a token may end in a space ("2 " in "三点 2 at")
                end -= 1
            phrase_text = text[start:end]
            r = resolution(first, last)
            sep = None if last_end is None else text[last_end:start].strip()
            out.append(Phrase(phrase_text, start, end, _kind(parts[1], r), r, sep))
            last_end = end
    return out


def _stands(r: Resolution) -> bool:
    """Whether a stretch is a phrase of its own: it resolves, or it names one day two ways that disagree
    ("Wednesday, December 17" where the 17th is a Thursday; 12月17日星期三) — one refused phrase, never the
    date alone and the weekday alone, each read as if the other were not there."""
    return r.status != "unresolved" or r.contradicts_itself


def _normalised(text: str) -> tuple[str, list[int]]:
    """``text`` as the scan reads it (NFKC, lower case) and, per character of it, the index of the
    original character it came from (a full-width "３" is one character either way; a ligature that
    NFKC expands maps each of its parts back to itself)."""
    lowered = text.lower().translate(APOSTROPHES)
    if text.isascii() or (len(lowered) == len(text) and unicodedata.is_normalized("NFKC", lowered)):
        return lowered, list(range(len(text)))
    chars: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        n = ch.lower() if ch.isascii() else unicodedata.normalize("NFKC", ch).translate(APOSTROPHES).lower()
        chars.append(n)
        where.extend([i] * len(n))
    return "".join(chars), where


# A token: (start, end, pieces) in the normalised text; pieces () for a filler.
_Token = tuple[int, int, tuple[p.Piece, ...]]


def _runs(norm: str, spans: list[tuple[int, int, int]], found: tuple[p.Piece, ...]) -> list[list[_Token]]:
    """The stretches of recognised tokens that no unknown word or sentence end interrupts, without the
    fillers at their edges."""
    runs: list[list[_Token]] = []
    run: list[_Token] = []
    k = 0
    prev_end = 0
    for start, end, count in spans:
        if count < 0 or (run and _breaks(norm[prev_end:start])) or (
                count == 0 and " ".join(norm[start:end].split()) in _SEPARATORS):
            runs.append(run)
            run = []
        if count >= 0 and run is not None:
            run.append((start, end, found[k:k + count]))
            k += count
        prev_end = end
    runs.append(run)
    out = []
    for r in runs:
        while r and not r[0][2]:
            r.pop(0)
        while r and not r[-1][2]:
            r.pop()
        if r:
            out.append(r)
    return out


def _breaks(gap: str) -> bool:
    return any(ch in _BREAKS for ch in gap) or ". " in gap or gap.endswith(".")


_Part = tuple[int, int, tuple[tuple[p.Piece, ...], Expr | None]]
"""A phrase cut from a run: (start, end) in the normalised text, its pieces and what they compose into."""


def _cut(run: list[_Token], resolves: Callable[[int, int], bool], norm: str) -> list[_Part]:
    """The run cut into phrases: from each start the longest stretch of at most ``MAX_PIECES`` pieces that
    composes into one expression and resolves ("tomorrow at 1pm" out of "tomorrow at 1pm and Friday 4pm";
    "后天晚上七点半" out of "后天晚上七点半一起"), else the longest that composes (its resolution says
    why it is refused: "Feb 30", 明天周四 said on a Tuesday); a token that begins no such stretch, or a
    stretch of pieces that name no time alone, is skipped. A stretch neither begins nor ends with a range
    separator ("2 hours long and …"), except that "until"/"till" begins one that resolves ("until 5").

    A comma inside a stretch ends it there when what follows the comma begins a longer stretch of its own
    that resolves: in "monday, lunch on friday at 1pm" the meal goes with Friday, not with Monday (a list
    that composes whole, "every mon, wed and fri at 7am" or "Dec 5, 2027 at 7:45am", is kept)."""
    out: list[_Part] = []
    timed = [i for i, t in enumerate(run) if t[2]]

    def longest(i: int, stop: int) -> tuple[int, _Part, bool] | None:
        """The longest stretch from ``timed[i]`` ending before ``timed[stop]``: (its end in ``timed``, the
        part, whether it resolves)."""
        fallback: tuple[int, _Part, bool] | None = None
        for j in range(min(stop, i + MAX_PIECES), i, -1):   # (each token holds a piece at least)
            chosen = run[timed[i]:timed[j - 1] + 1]
            lead = chosen[0][2][0]
            if _connector(chosen[-1][2]) or (type(lead) is p.RangeSep and not lead.until):  # type: ignore[attr-defined]
                continue
            if len(chosen) > 1 and _meal_moved(chosen, norm):
                continue
            pieces = tuple(x for t in chosen for x in t[2])
            if len(pieces) > MAX_PIECES or _weak(pieces):
                continue
            try:
                expr = compose(list(pieces))
            except (Unusable, ValueError, OverflowError):
                continue
            part: _Part = (chosen[0][0], chosen[-1][1], (pieces, expr))
            if resolves(chosen[0][0], chosen[-1][1]):
                return j, part, True
            if fallback is None and type(lead) is not p.RangeSep:   # ("until …" only when it resolves)
                fallback = (j, part, False)
        return fallback

    i = 0
    while i < len(timed):
        best = longest(i, len(timed))
        if best is None:
            i += 1
            continue
        commas = [k for k in range(i + 1, best[0]) if _comma(norm[run[timed[k - 1]][1]:run[timed[k]][0]])]
        if commas:
            after = longest(commas[-1], len(timed))
            if after is not None and after[2] and after[0] > best[0]:
                best = longest(i, commas[-1])
                if best is None:
                    i = commas[-1]
                    continue
        out.append(best[1])
        i = best[0]
    return out


def _meal_moved(chosen: list[_Token], norm: str) -> bool:
    """A bare meal word then "to" ("push lunch to 1pm"): the meal names the event moved to the time, never
    lunchtime until 1pm (as ``slots.time_phrases`` reads it)."""
    first, second = chosen[0], chosen[1]
    return len(first[2]) == 1 and bare_meal(first[2][0]) and norm[second[0] : second[1]].strip() == "to"


def _comma(gap: str) -> bool:
    return "," in gap or "、" in gap


def _connector(pieces: tuple[p.Piece, ...]) -> bool:
    return all(type(x) in (p.RangeSep, p.RangeStart) for x in pieces)


def _weak(pieces: tuple[p.Piece, ...]) -> bool:
    if all(isinstance(x, _WEAK) for x in pieces):   # (but a number after "until" is a clock hour: "until 5")
        return not any(type(a) is p.RangeSep and a.until and type(b) is p.Number  # type: ignore[attr-defined]
                       for a, b in pairwise(pieces))
    return len(pieces) == 1 and type(pieces[0]) is p.PartOfDay and pieces[0].label in _MEALS  # type: ignore[attr-defined]


def _kind(expr: Expr | None, r: Resolution) -> Kind:
    kind = expr.kind if expr is not None else "point"
    if kind == "recurring" or r.recurrence is not None:
        return "recurrence"
    if kind == "duration" or (expr is not None and expr.left is not None and expr.left.lengthen is not None):
        return "duration"   # (a change of length, "30 minutes longer", too)
    if kind in ("range", "interval"):
        return "range"
    if kind == "open":
        return "open"
    spec = expr.left if expr is not None else None
    if spec is not None and (spec.clock is not None or (spec.shift is not None and spec.shift.grain in
                             ("second", "minute", "hour"))):
        return "clock"
    if spec is not None and spec.pod is not None:
        return "part_of_day"
    grain = r.grain or (r.candidates[0].grain if r.candidates else None)
    if spec is not None and spec.period is not None and spec.period.unit != "day" and grain != "day":
        return "period"   # "this weekend", 下个月 (下个月15号 is a day)
    if grain in ("minute", "hour", "exact"):
        return "clock"
    if grain in (None, "day"):
        return "day"
    return "period"
