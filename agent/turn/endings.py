"""How a turn's tool runs ended, as facts the loop decides its next step on (``agent.turn.loop``): a retry
that took only earlier times, a turn that only read or only asks yes/no, a model that insists on writing
after a read answered the user. Each looks at outcomes, never at the user's words."""

from __future__ import annotations

from collections.abc import Sequence

from agent.outcomes import NeedsConfirmation, Rejected
from agent.tools.registry import ReadResult, ToolRun
from agent.turn.result import TurnResult
from agent.turn.unsaid import carried

__all__ = [
    "answered_by_its_reads",
    "asks_only_yes_no",
    "following_what_it_read",
    "not_named",
    "only_earlier_times",
    "only_read",
    "only_yes_no",
    "reads_all_failed",
    "settled_after_retry",
]


def only_earlier_times(fixable: Sequence[ToolRun]) -> bool:
    """Every failed call of the retry took a time from an earlier message while this one says its own."""
    return bool(fixable) and all(
        isinstance(r.result, Rejected)
        and bool(r.result.problems)
        and all(p.get("problem") == "an_earlier_time" for p in r.result.problems)
        for r in fixable
    )


def settled_after_retry(out: TurnResult, retried: bool) -> bool:
    """The turn ends on a write or a yes/no after a send-back (so with no left-out prompt): a time of the
    message no call used is another request, said undone rather than lost ("move lunch to 1 and cancel the
    4pm call" ending on "Delete “Call”?"). Not beside a question for a value, which may be about that time."""
    return retried and bool(out.persisted or out.asking) and asks_only_yes_no(out)


def only_read(out: TurnResult) -> bool:
    """The turn only read ("后天有啥安排？还有明天晚上的饭局取消掉" answered by the read alone): a time of the
    message no read used, in a clause of its own, is another request — its clause goes to the model alone
    (whose own reading of it decides: a statement gets no write) rather than being lost behind the listing.
    Writes the model tried that were refused and never fixed count as nothing done."""
    done = carried(out.runs)  # (a write refused and never fixed did nothing: "…另外周四上午十点加个牙医")
    return bool(done) and all(r.kind == "read" for r in done) and not (out.persisted or out.asking)


def only_yes_no(out: TurnResult) -> bool:
    """The turn wrote nothing and asks only yes/no (a write the model's answer did not back, a past time, an
    overlap): with no left-out prompt after it, a time of the message no call used is another request. Its
    clause goes to the model alone: a write made of it runs through the same guards (the first answer's
    doubt holds for the turn, so a doubted message asks both writes as one yes/no, and one "yes" does both);
    what the model does not make of it is said undone beside the question ("physio Monday 8am, drinks with
    Ana Friday 6pm" asking "Add “Physio”?") rather than lost when the user answers yes."""
    return not out.persisted and bool(out.asking) and asks_only_yes_no(out)


def asks_only_yes_no(out: TurnResult) -> bool:
    """Every question the turn asks is a yes/no (none is for a value or a choice)."""
    return all(isinstance(a, NeedsConfirmation) for a in out.asking)


def following_what_it_read(out: TurnResult, fixable: Sequence[ToolRun]) -> bool:
    """After a read, the model insists on changing an event the user never pointed at (an event title
    that says "delete all events"), or on writing after it answered a question about free time (the slots
    it found as a "电话" to move there): the user asked a question, and the read is the answer."""
    if any(isinstance(r.result, ReadResult) and r.result.free_time for r in out.runs):
        return True
    listed = any(isinstance(r.result, ReadResult) and r.result.listing for r in out.runs)
    return listed and all(
        isinstance(r.result, Rejected) and r.result.code in ("event_not_named", "question_answered")
        for r in fixable
    )


def answered_by_its_reads(out: TurnResult, first_request: str | None) -> bool:
    """The model read the message as a question, a read of this turn answered it, and nothing was written or
    asked: when it runs out of rounds on writes nobody asked for (live: "and the day before?" read, then an
    update of the event refused, then the read again), the read is the answer, not "say it more simply"."""
    answered = any(
        isinstance(r.result, ReadResult) and (r.result.listing or r.result.free_time) for r in out.runs
    )
    return first_request == "calendar_question" and answered and not (out.persisted or out.asking)


def reads_all_failed(runs: Sequence[ToolRun]) -> bool:
    """The turn's runs are all reads, and none of them read anything (an argument sent back)."""
    return bool(runs) and all(r.kind == "read" and r.status != "read" for r in runs)


def not_named(fixable: Sequence[ToolRun]) -> bool:
    return any(isinstance(r.result, Rejected) and r.result.code == "event_not_named" for r in fixable)
