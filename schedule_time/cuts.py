"""Whether a quoted stretch of a text cuts one of its time words in two.

每周三 stands inside 每周三次 ("three times a week"), 一周 inside 一周两次: a caller that takes a quote of the
user's words as theirs (a time argument the model copied) must not take the head of a time word that means
something else on its own — another kind of time. Only a quote that stops inside a time word counts: one that begins inside may
have only a scanner's reading against it (周四 of 一个周四, read as 一个周 + 四), and "3pm" of "at 3pm" cuts
nothing that matters (the part reads as the whole does). A length is the exception: any part of it that reads
as another length (半小时 of 一个半小时) is not the user's length.
"""

from __future__ import annotations

from . import pieces as p
from .language import _scan, normalise, scan

__all__ = ["cuts_a_time_word"]


def cuts_a_time_word(value: str, text: str) -> bool:
    """Every place ``value`` stands in ``text`` (both normalised) ends inside one of the text's time words,
    and the part it keeps reads otherwise than the whole word does. False when ``value`` is not in ``text``
    at all (nothing is cut)."""
    quoted, norm = normalise(value).strip(), normalise(text)
    if not quoted or quoted not in norm:
        return False
    spans: list[tuple[int, int, int]] = []
    _scan(norm, spans)
    words = [(a, b) for a, b, count in spans if count > 0]
    at = norm.find(quoted)
    while at >= 0:
        end = at + len(quoted)
        if not any(_cut(norm, a, b, at, end) for a, b in words):
            return False
        at = norm.find(quoted, at + 1)
    return True


def _cut(norm: str, a: int, b: int, start: int, end: int) -> bool:
    """The quote ``start:end`` cuts the time word ``a:b``: it ends inside it, and the part it keeps is no
    kind of time word the whole is (每周三 — a weekday's series — of 每周三次, a count a week). A part of the
    same kind ("Wednesday" of "Wednesday, March 11", 每周一 of 每周一到周五) is the user's, cut short: the
    caller's fuller-phrase rule has it. A part of a length that is another length cuts it, wherever it
    stands (半小时 of 一个半小时, "an hour" of "an hour and a half": no part of 90 minutes is the user's)."""
    if a <= start and end <= b and (a, b) != (start, end) and _another_length(norm[start:end], norm[a:b]):
        return True
    if not a < end < b:
        return False
    kept, whole = scan(norm[max(a, start) : end]).pieces, scan(norm[a:b]).pieces
    return not {_kind(k) for k in kept} & {_kind(w) for w in whole}


def _another_length(part: str, whole: str) -> bool:
    """Both are only lengths, of different amounts."""
    kept, full = scan(part).pieces, scan(whole).pieces
    if not kept or not full or not all(isinstance(x, p.Duration) for x in (*kept, *full)):
        return False
    return _amount(kept) != _amount(full)


def _amount(lengths: tuple[p.Piece, ...]) -> tuple[float, float, float]:
    """The lengths added up: years, months, and the rest in seconds (90 minutes is an hour and a half)."""
    years = months = seconds = 0.0
    for length in lengths:
        d = length.delta  # type: ignore[attr-defined]
        years, months = years + d.years, months + d.months
        seconds += ((d.days * 24 + d.hours) * 60 + d.minutes) * 60 + d.seconds
    return years, months, seconds


def _kind(piece: p.Piece) -> type:
    """A piece's kind of time word; "every" and a unit of repetition are one kind (a series)."""
    return p.RecurUnit if type(piece) is p.Every else type(piece)
