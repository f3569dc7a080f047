"""Details that belong to the other request of the same message.

A message with two requests ("move my call with Carlos to 3 and add gym at 6:30") often comes back with the
second request's words parked in the first call's free text: the call gets ``location="gym"`` and the
notes "add gym at 6:30 tonight" — grounded (the user said them), and wrong. The facts code checks are
positions, not meanings: the message's clauses (``language.clauses``), which of them name this call's
event (its title or reference shares a word), and which are another request's — they name another call of
the same answer, or say a start (the time service's phrase) that this call's times do not use. A value the
message says only in another request's clauses, and in none that names this call's own event, is dropped.
A value said beside this call's own event ("lunch with Sam at Nando's … and dinner at Nando's") or in a
clause with no time of its own ("move the call to 3, it's at the gym") is left as it is.
"""

from __future__ import annotations

from agent.context import ToolContext
from agent.grounding import is_grounded
from agent.language import clauses
from agent.outcomes import EVENT_WRITES, Command
from agent.time_accounting import accounted
from agent.time_grounding import has_clock, is_time_grounded, phrases_in, phrases_of, reads_at_clock, resolved
from agent.writes.title_match import shares_a_word
from schedule_time import reads_as_an_end

__all__ = ["others_words_dropped", "time_of_another_request"]

_DETAILS = ("location", "notes")
_NAMES = ("title", "event")
_TIMES = ("when", "end", "event_when", "duration")


def others_words_dropped(ctx: ToolContext, command: Command) -> Command:
    """``command`` without the location, notes or attendees that only another request's clauses say."""
    parts = clauses(ctx.user_text)
    own = [str(command.args[n]) for n in _NAMES if command.args.get(n)]
    if len(parts) < 2 or not own:
        return command
    others = _other_names(ctx, command)
    times = [str(command.args[n]) for n in _TIMES if command.args.get(n)]
    parts = [(c, _names_another(ctx, c, others, times)) for c in parts]
    args = dict(command.args)
    for name in _DETAILS:
        value = args.get(name)
        if value and _only_the_others(str(value), parts, own):
            args[name] = None
            ctx.notes.append({"dropped": name, "reason": "another_requests_words", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
    people = args.get("attendees") or []
    kept = [p for p in people if not _only_the_others(str(p), parts, own)]
    if len(kept) != len(people):
        args["attendees"] = kept or None
        ctx.notes.append({"dropped": "attendees", "reason": "another_requests_words", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
    return command if args == command.args else command.with_(args=args)


def _other_names(ctx: ToolContext, command: Command) -> list[str]:
    """The titles and event references of the other write calls of the model's answer."""
    state = ctx.state
    return [
        str(value)
        for i, (tool, args) in enumerate(state.answer_calls)
        if tool in EVENT_WRITES and state.answer_first_call + i != command.call_index
        for name in _NAMES
        if isinstance(value := args.get(name), str) and value.strip()
    ]


def _names_another(ctx: ToolContext, clause: str, others: list[str], times: list[str]) -> bool:
    """The clause is another request's: it names another call of the answer, or it says a start that this
    call's times do not use ("…, and add gym at 6:30": the model may send that call only after this one)."""
    if any(shares_a_word(name, clause) for name in others):
        return True
    starts = [p for p in phrases_in(clause, now=ctx.now, tz=ctx.tz, memo=ctx.memo) if not reads_as_an_end(p)]
    return any(not accounted(ctx, p, times) for p in starts)


def _only_the_others(value: str, parts: list[tuple[str, bool]], own: list[str]) -> bool:
    where = [(c, another) for c, another in parts if is_grounded(value, c)]
    if not where or any(shares_a_word(name, c) for c, _ in where for name in own):
        return False
    return all(another for _, another in where)


def time_of_another_request(ctx: ToolContext, command: Command) -> bool:
    """A new event's clock that only a clause naming another call of the answer gives ("dentist tomorrow, and
    a haircut at 3pm" with the dentist sent at tomorrow 3pm: the day is the dentist's, the clock the
    haircut's). Its own clauses — those naming no other call, or naming this one — and the earlier messages
    say no clock at that time of day. A day is not checked: one said with another request is often both's
    ("明天的羽毛球取消，改成七点游泳", "dentist friday 10am and lunch at 1")."""
    when = command.args.get("when")
    if command.tool != "create_event" or not isinstance(when, str) or not has_clock(when):
        return False
    parts = clauses(ctx.user_text)
    others = _other_names(ctx, command)
    if len(parts) < 2 or not others:
        return False
    title = str(command.args.get("title") or "")
    own = [c for c in parts if shares_a_word(title, c) or not any(shares_a_word(n, c) for n in others)]
    if len(own) == len(parts):
        return False
    kw = {"now": ctx.now, "tz": ctx.tz, "memo": ctx.memo}
    start = resolved(when, **kw).start
    if start is None or not is_time_grounded(when, ctx.time_sources, **kw):
        return False
    if is_time_grounded(when, [*ctx.earlier_texts, *own], **kw):
        return False  # its own words give it whole
    clock = start.astimezone(ctx.tz).time()
    own_phrases = (p for text in [*ctx.earlier_texts, *own] for p in phrases_of(text, ctx.memo))
    return not any(reads_at_clock(p, clock, **kw) for p in own_phrases)
