"""Which time phrases of the user's message a set of tool arguments accounts for: one answer for the guards
(an ungrounded time made from a phrase left over, an event's time the user never gave) and for the turn's
"left out" prompt (``turn.unsaid``).

A phrase is accounted for by arguments when one of them quotes it or lies inside it, when all its time words
appear in them ("yes but at 5" after "tomorrow 5pm"; connectors such as "to", "starting", "now" aside), or when
one of them is grounded by it (``time_grounding``: "2026-12-02 15:00" by "明天下午三点"). The phrases come from
the time service (``schedule_time.time_phrases``); no word list decides anything here.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent.context import ToolContext
from agent.time_grounding import (
    is_time_grounded,
    phrases_in,
    phrases_of,
    quotes,
    reads_or_moves,
    the_time_itself,
)
from schedule_time import reads_as_a_destination
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, Label, Now, OpenBound, Piece, Qualifier, RangeSep, RangeStart

__all__ = ["accounted", "phrases_left", "phrases_or_moves_left"]

_CONNECTORS = (RangeSep, RangeStart, OpenBound, Qualifier, Label, Now)
"""Pieces that say how a time is used ("to", "starting", "now"), not which time: never a request alone."""


def _same(a: Piece, b: Piece) -> bool:
    if isinstance(a, Clock) and isinstance(b, Clock):  # "at 5" and "5pm", "17:00"
        return (a.hour % 12, a.minute) == (b.hour % 12, b.minute)
    return a == b


def _pieces_used(phrase: str, values: Sequence[str]) -> bool:
    """Every time word of ``phrase`` appears in some argument (a clock's am/pm aside)."""
    used = [p for v in values for p in scan(normalise(v)).pieces]
    wanted = [p for p in scan(normalise(phrase)).pieces if not isinstance(p, _CONNECTORS)]
    return all(any(_same(piece, u) for u in used) for piece in wanted)  # (connectors alone: nothing asked)


def accounted(ctx: ToolContext, phrase: str, values: Sequence[str]) -> bool:
    """Whether the arguments ``values`` account for ``phrase`` (see the module doc)."""
    if quotes(phrase, values) or any(quotes(v, [phrase]) for v in values) or _pieces_used(phrase, values):
        return True
    return any(is_time_grounded(v, [phrase], now=ctx.now, tz=ctx.tz, memo=ctx.memo) for v in values)


def phrases_left(ctx: ToolContext, values: Sequence[str], *, name: str = "") -> list[str]:
    """This message's time phrases that ``values`` do not account for and that are not words of the event's
    ``name`` (a day in "Friday's run" names the event)."""
    folded = name.casefold()
    return [
        p for p in phrases_in(ctx.user_text, now=ctx.now, tz=ctx.tz, memo=ctx.memo)
        if _not_a_name(ctx, p, folded) and not accounted(ctx, p, values)
    ]  # fmt: skip


def _not_a_name(ctx: ToolContext, phrase: str, folded_name: str) -> bool:
    """``phrase`` is no word of the event's name: not in it, or where the event goes (a reference cut across
    the move, "会挪到礼拜五", holds the destination; no name says "moved to Friday")."""
    return phrase.casefold() not in folded_name or reads_as_a_destination(ctx.user_text, phrase)


def phrases_or_moves_left(ctx: ToolContext, values: Sequence[str], *, name: str = "") -> list[str]:
    """Like ``phrases_left``, moves included ("the day after", 推迟一天: no time on their own): each phrase's
    time words alone when they read as a time or a move, else the phrase as written."""
    folded = name.casefold()
    left = []
    for phrase in phrases_of(ctx.user_text, ctx.memo):
        bare = the_time_itself(phrase)
        if (folded and not _not_a_name(ctx, bare, folded)) or accounted(ctx, phrase, values):
            continue
        left.append(bare if reads_or_moves(bare, now=ctx.now, tz=ctx.tz, memo=ctx.memo) else phrase)
    return left
