"""Details that are the words the user pointed at the event with.

An update's reference is how the user named the event, and often what they want done with it: "the 4pm
call isn't happening" came back as ``update_event(event="the 4pm call isn't happening", notes="isn't
happening")`` and was written as a note, "lunch with Noor and Tom" moved as ``attendees=["Noor"]`` would
drop Tom. The fact code checks is containment, not meaning: a location or notes value whose words all lie
inside the update's own ``event`` reference, or attendees every one of whom does, says nothing new about
the event — it is dropped (an update keeps the event's own). A detail beside the reference ("move the
dentist to 4, it's at the Main St clinic now") is left as it is, and so is every detail when the reference
is the whole message again.
"""

from __future__ import annotations

import re

from agent.context import ToolContext
from agent.grounding import bare_words, echoes_request
from agent.outcomes import Command

__all__ = ["pointing_words_dropped"]

_DETAILS = ("location", "notes")


def pointing_words_dropped(ctx: ToolContext, command: Command) -> Command:
    """``command`` (an update) without the details its own ``event`` reference already holds."""
    said = str(command.args.get("event") or "") if command.tool == "update_event" else ""
    reference = bare_words(said)
    if not reference or echoes_request(said, ctx.user_text):
        return command  # the whole message as the reference: it holds every detail the user gave
    args = dict(command.args)
    for name in _DETAILS:
        if args.get(name) and _inside(str(args[name]), said):
            args[name] = None
            ctx.notes.append({"dropped": name, "reason": "the_reference_words", "tool": command.tool,
                              "call_index": command.call_index})  # fmt: skip
    people = [str(p) for p in args.get("attendees") or ()]
    if people and all(_inside(p, said) for p in people):
        args["attendees"] = None
        ctx.notes.append({"dropped": "attendees", "reason": "the_reference_words", "tool": command.tool,
                          "call_index": command.call_index})  # fmt: skip
    return command if args == command.args else command.with_(args=args)


def _inside(value: str, said: str) -> bool:
    """Latin words inside as whole words ("Tomas" is not inside "drinks with Tomasz"), Han text as written."""
    core = bare_words(value)
    if not core:
        return False
    if core.isascii():
        return f" {' '.join(_latin(value))} " in f" {' '.join(_latin(said))} "
    return core in bare_words(said)


def _latin(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold().replace("'", "").replace("’", ""))
