"""``is_slot_reply``: is this message nothing but a date/time answer ("周日下午2点", "at 3 please")?

It reuses the resolver's own scan and composition: a text is a slot reply exactly when every word is
recognised by some language module (as a time piece or a filler), at least one time piece is present,
and the pieces compose into one expression. A new phrasing is therefore added in one place: the rules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import pieces as p
from .compose import Unusable, compose
from .language import _scan, normalise, scan

MAX_REPLY = 120
_EDGES = " ,.;:!?，。、；：！？…—–"
_CLAUSE = re.compile(r"[,;!?，。；！？]+")


def is_slot_reply(text: str) -> bool:
    """True when ``text`` is only date/time/duration expressions plus fillers and connectors."""
    if not isinstance(text, str):
        return False
    return _only_times(text)


@lru_cache(maxsize=4096)
def _only_times(text: str) -> bool:
    """``is_slot_reply`` cached by text (it depends on nothing else; grounding asks it of every word)."""
    norm = normalise(text)
    if not norm or len(norm) > MAX_REPLY:
        return False
    found = scan(norm)
    if found.unknown or not found.pieces:
        return False
    try:
        expr = compose(found.pieces)
    except Unusable:
        return False
    return not (expr.kind == "point" and expr.left.number is not None and not expr.left.has_date())


def time_phrases(text: str) -> list[str]:
    """The runs of normalised ``text`` between words no language recognises (and clause punctuation) that
    hold a time piece, in order ("明天下午三点和张三开会" → ["明天下午三点", "三"]), without the filler words at
    their edges (a run is "周五下午三点", not "改到周五下午三点"). Callers resolve each run (or runs joined)
    to learn which times a sentence names; a run need not resolve on its own."""
    if not isinstance(text, str):
        return []
    return list(_phrases(text))


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[str, ...]:
    """``time_phrases`` cached by text: it depends on the text alone (no clock, no zone), and every turn
    reads the segment's earlier messages again."""
    norm = normalise(text)
    spans: list[tuple[int, int, int]] = []
    found, _, _ = _scan(norm, spans)
    separators = _separator_spans(found, spans)
    out: list[str] = []
    run: list[tuple[int, int, int]] = []
    for span in [*spans, (len(norm), len(norm), -1)]:
        gap = norm[run[-1][1] : span[0]] if run else ""
        if span[2] < 0 or _CLAUSE.search(gap):  # an unknown word, or a clause break, ends the run
            _emit(norm, run, out, separators)
            run = []
        if span[2] >= 0:
            run.append(span)
    return tuple(out)


_LINK = re.compile(r"(?:\b(?:to|till|until)|到|至)\s*$")
"""The word at the end of a filler that links a move to its new time ("push it to" of "push it to 4"): it
stays with the time ("to 4" reads as a clock hour; a bare "4" does not)."""


def _separator_spans(found: tuple[p.Piece, ...], spans: list[tuple[int, int, int]]) -> set[int]:
    """The starts of the spans whose pieces are all range words or dashes (the scan's pieces follow its spans,
    ``count`` each): a run of only those ("—" between two clauses, a lone "to") names no time."""
    out: set[int] = set()
    if not any(type(x) is p.RangeSep for x in found):
        return out
    at = 0
    for start, _, count in spans:
        if count > 0:
            if all(type(x) is p.RangeSep for x in found[at : at + count]):
                out.add(start)
            at += count
    return out


def _emit(norm: str, run: list[tuple[int, int, int]], out: list[str], separators: set[int]) -> None:
    pieces = [i for i, (_, _, count) in enumerate(run) if count > 0]
    if not pieces or all(run[i][0] in separators for i in pieces):
        return
    while run[pieces[-1]][0] in separators:  # a trailing "and" / "to" joins this run to no time after it
        pieces.pop()
    start = run[pieces[0]][0]
    if pieces[0] > 0:
        before = norm[run[pieces[0] - 1][0] : start]
        link = _LINK.search(before)
        if link is not None:
            start = run[pieces[0] - 1][0] + link.start()
    part = norm[start : run[pieces[-1]][1]].strip(_EDGES)
    if part:
        out.append(part)


_MEALS = frozenset({"lunch", "dinner", "breakfast", "brunch", "supper"})


def noun_words(text: str) -> list[str]:
    """The words of normalised ``text`` that the scanner reads only as a hint of the time of day and that
    are nouns too — meals (午餐, 晚饭, "lunch", "dinner"): in "团队午餐" they name the event, not a time."""
    if not isinstance(text, str):
        return []
    norm = normalise(text)
    spans: list[tuple[int, int, int]] = []
    found, _, _ = _scan(norm, spans)
    out: list[str] = []
    at = 0
    for start, end, count in spans:
        if count <= 0:
            continue
        pieces = found[at : at + count]
        at += count
        if all(type(x) is p.Label or (type(x) is p.PartOfDay and x.label in _MEALS) for x in pieces):
            out.append(norm[start:end])
    return out
