"""A question about the user's calendar that the model answered without reading it.

The prompt carries no events, so such an answer is made up: the embedded model answered a question about
what an event's notes say with notes it invented (live eval). Whether the message was a calendar question
is the model's own reading (its answer's ``request`` is "calendar_question", ``TurnState.request``), never a word
list. When the model's first response is prose, no tool ran, and it read the message as a question, code
makes the read the model skipped and its listing is the answer — the model's words were made without the
calendar, even where they happen to be right:

* the one time the message names → ``list_events`` for it;
* no time → ``search_events`` for the event the message names by a word of its title ("when do I get my
  hair cut again?" for "Haircut at Barber Co": ``title_match.shares_a_word``), else the one event the latest
  turn wrote ("how often is it?" right after it was added: its search line says how it repeats), else with
  the message itself
  (a fuzzy match of a whole question ranks unrelated short titles as high as the one it names); when the
  search finds nothing, today's ``list_events`` ("what's on?": a range code chose, so not held to the words).

A message naming several times is left to the model's reply: which window to read is not code's to guess.

Likewise when the model did read, but every read it made failed (a range not in the user's words, sent back,
and then prose — live, the hint itself came back paraphrased: "the time must be quoted…"): its choice of a
read tool is its reading of the message, and code's read answers.

The same holds for the question half of a message the model read as "mixed" (a question and a write): when
the turn wrote, asked the model about the time it left out, and the model still did not read it, code
reads that one time (``read_left_out``) and its listing answers the question.
"""

from __future__ import annotations

from datetime import datetime

from agent.context import ToolContext
from agent.language import simplified
from agent.tools.args import ListEventsArgs, SearchEventsArgs
from agent.tools.other_calendar import names_other_calendar
from agent.tools.reads import listed_in, read_of
from agent.tools.registry import BoundTools, ReadResult, ToolRun
from agent.turn.focus import focus_group, just_written
from agent.writes.references import events_sharing_a_word
from agent.writes.title_match import names_by_spelling
from schedule_time import analyse
from schedule_time.language import normalise
from storage import EventSnapshot, StorageError

__all__ = ["read_left_out", "read_skipped"]


async def read_skipped(
    tools: BoundTools, call_index: int, *, tried: bool = False, reply: str = ""
) -> ToolRun | None:
    """The read the model skipped for a calendar question, run by code; None when the model did not read
    the message as one, or it names more than one time. ``tried``: the model's own reads all failed (an
    argument not in the user's words, sent back, then prose): its choice of a read tool is its reading,
    whatever the retry says of itself; one of adding or changing is not a question. ``reply``: the model's
    unread answer; an event in focus whose title it names ("how long is it?" answered about the event just
    written), or the one event just in focus whose time of day it states, is the one read, when the message
    names none."""
    ctx = tools.ctx
    # a read tried is the model's reading of the message; what it calls the retry after a send-back ("chat",
    # "cannot_do" beside "I can't assist with that") reads our hint, not the user — only adding or changing
    # says the message was no question
    asked = ctx.state.request == "calendar_question" or (tried and ctx.state.request not in ("add", "change"))
    if not asked or names_other_calendar(ctx.user_text):
        return None  # (someone else's calendar: the model's refusal is the answer, and code's would be too)
    said = analyse(ctx.user_text, now=ctx.now, tz=ctx.tz)  # the one place that knows a time phrase
    if len(said) > 1:
        return None  # several times, or a list of them ("Friday and next Monday")
    if said:
        listed = await tools.run("list_events", {"range": said[0].text}, call_index)
        if listed.status == "read":
            return listed
        # no window to list ("the next one" read as a clock): as with no time at all
    named = [e.title for e in await events_sharing_a_word(ctx, ctx.user_text, ctx.user_text, limit=50)]
    if named and (found := await _found(tools, named[0], call_index)) is not None:
        return found  # the event it names by a title word
    focused = await _focus_answered(tools, reply) or (None if said else await _just_written(ctx))
    if focused is not None:  # the event in focus, read by its id
        args = SearchEventsArgs(query=focused.title[:200])
        return ToolRun("search_events", "read", call_index, args, read_of(ctx, focused))
    if (found := await _found(tools, ctx.user_text, call_index)) is not None:
        return found
    today = ListEventsArgs(range="today")
    return ToolRun("list_events", "read", call_index, today, await listed_in(ctx, today.range))


async def _found(tools: BoundTools, query: str, call_index: int) -> ToolRun | None:
    found = await tools.run("search_events", {"query": query[:200]}, call_index)
    return found if isinstance(found.result, ReadResult) and found.result.data.get("events") else None


async def _focus_answered(tools: BoundTools, reply: str) -> EventSnapshot | None:
    """The event in focus the unread answer is about: one whose title it names, else the one event of the
    newest focus group whose time of day it states ("几点来着？" answered "2027年1月3日（周日） 15:00–16:00")."""
    ctx = tools.ctx
    if not reply.strip():
        return None
    group = focus_group(ctx.focus)
    entries = [f for f in ctx.focus if f.get("title") and _names(reply, f["title"])][:1]
    timed = not entries and len(group) == 1
    for entry in entries or (group if timed else []):
        try:
            event = await ctx.events.get(str(entry["event_id"]))
        except (StorageError, KeyError):
            continue
        if not timed or _states_the_start(ctx, reply, event.start):
            return event
    return None


async def _just_written(ctx: ToolContext) -> EventSnapshot | None:
    """The one event the latest turn wrote: a question right after a write that names no time and no event
    ("how often is it?", "what day is that?", 是几号？) is asked of it, not of today."""
    entry = just_written(ctx.focus)
    if entry is None:
        return None
    try:
        return await ctx.events.get(str(entry["event_id"]))
    except (StorageError, KeyError):
        return None


def _states_the_start(ctx: ToolContext, reply: str, start: datetime) -> bool:
    clock = start.astimezone(ctx.tz).time()
    return any(
        phrase.kind in ("clock", "range")
        and phrase.resolution.start is not None
        and phrase.resolution.start.astimezone(ctx.tz).time() == clock
        for phrase in analyse(reply, now=ctx.now, tz=ctx.tz)
    )


def _names(reply: str, title: str) -> bool:
    """The reply names the title: the whole of it, or a Latin word of it as spelled."""
    folded = simplified(normalise(title)).strip()
    return (bool(folded) and folded in simplified(normalise(reply))) or names_by_spelling(title, reply)


async def read_left_out(
    tools: BoundTools, left: list[str], requests: list[str | None], runs: list[ToolRun], call_index: int
) -> ToolRun | None:
    """The read of the one time a "mixed" message left out, when no read ran this turn; else None."""
    if "mixed" not in requests or len(left) != 1 or any(r.kind == "read" for r in runs):
        return None
    if names_other_calendar(tools.ctx.user_text):
        return None
    return await tools.run("list_events", {"range": left[0]}, call_index)
