"""Times offered as alternatives: "Wednesday or Thursday at 7pm", "at 7 or 8 tomorrow", 周三或者周四晚上七点.

The user left the choice open, so the expression is ambiguous between them: one candidate per alternative,
each lent what the others say and it does not (the clock of "Wednesday or Thursday at 7pm", the day of "at 7
or 8 tomorrow"). A write on one of them alone would be a guess; the candidates are what the assistant asks
about. Each alternative is one point (a day, a clock, both); ranges, series and bare numbers are refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from . import pieces as p
from .spec import DATE_SLOTS, Expr, Spec, Unusable, spec_of

__all__ = ["alternatives", "each_alternative"]

def alternatives(items: Sequence[p.Piece]) -> Expr:
    """The pieces around each ``Or`` as one point each (``Expr.alts``)."""
    parts = each_alternative([x for x in items if type(x) is not p.RangeStart])
    if any(not part for part in parts):
        raise Unusable("an alternative needs a time on each side")
    if any(isinstance(x, (p.RangeSep, p.OpenBound, p.Every, p.RecurUnit, p.Duration, p.Shift, p.Lengthen))
           for part in parts for x in part):
        raise Unusable("alternatives are single days or times")
    specs = [spec_of(part) for part in parts]
    for spec in specs:
        if spec.number is not None and not any(o.has_date() or o.clock is not None for o in specs if o is not spec):
            raise Unusable("a bare number is no time")   # "5 or 6 people"
    for spec in specs:
        for other in specs:
            if other is not spec:
                _lend(spec, other)
    for spec in specs:
        if spec.number is not None and spec.clock is None and 0 < spec.number <= 24:
            spec.clock, spec.number = p.Clock(spec.number), None   # "at 7 or 8": hours, as the other end
        if spec.empty() or spec.number is not None:
            raise Unusable("an alternative needs a time on each side")
    return Expr("alternatives", left=specs[0], alts=specs)


def each_alternative(items: Sequence[p.Piece]) -> list[list[p.Piece]]:
    """The pieces between the ``Or`` pieces, in order (an alternative may be empty: "or" at an edge)."""
    parts: list[list[p.Piece]] = [[]]
    for x in items:
        if type(x) is p.Or:
            parts.append([])
        else:
            parts[-1].append(x)
    return parts


def _lend(target: Spec, source: Spec) -> None:
    """The day and the time of day that ``target`` does not say and ``source`` does ("Wednesday or Thursday
    at 7pm": 7pm for Wednesday; "at 7 or 8 tomorrow evening": tomorrow evening for 7)."""
    if not target.has_date() and source.has_date():
        for slot in DATE_SLOTS:
            if getattr(target, slot) is None:
                setattr(target, slot, getattr(source, slot))
    tw, sw = target.weekday, source.weekday
    if tw is not None and sw is not None and tw.mode == "bare" and sw.mode != "bare" and source.dateparts is None:
        target.weekday = replace(tw, mode=sw.mode, week_shift=sw.week_shift)   # "next Wednesday or Thursday"
    if target.pod is None and source.pod is not None:
        target.pod = source.pod
    if target.clock is None and target.number is None and source.clock is not None:
        target.clock = source.clock
