"""A create that corrects the event the previous turn wrote ("no — 5pm" after "gym tomorrow at 6" came back
from the model as a second "Gym"): an update of that event, never a duplicate."""

from __future__ import annotations

from agent.context import ToolContext
from agent.grounding import bare_words, is_grounded
from agent.outcomes import Command
from agent.tools.args import UpdateEventArgs
from agent.turn.focus import just_written
from agent.writes.new_event import said_now
from agent.writes.references import Ref
from agent.writes.target import target_json
from agent.writes.title_time import title_without_times
from storage import StorageError

__all__ = ["correction_of_the_last_write"]


async def correction_of_the_last_write(ctx: ToolContext, command: Command) -> Command | None:
    """A create right after the previous turn wrote an event of the same title, with a new time in this
    message's words and the title not in them ("no — 5pm" after "gym tomorrow at 6" came back as a second
    "Gym"): an update of that event (``focus.just_written``), never a duplicate. Only for a command fresh
    from the model (a resumed one was settled by its own turn). A message that names the title itself
    ("gym on Friday too") is a request of its own: created; so is one the model itself read as a request to
    add (its ``request`` "add"; live: "and one more on Wednesday at the same time" moved the standup just
    written — each correction of that probe came back as "change")."""
    entry = just_written(ctx.focus)
    args = command.args
    if entry is None or command.grounded or command.target is not None or ctx.state.request == "add":
        return None
    title = title_without_times(str(args.get("title") or ""), now=ctx.now, tz=ctx.tz)  # "Gym at 5pm": Gym
    if bare_words(title) != bare_words(str(entry.get("title") or "")) or is_grounded(title, ctx.user_text):
        return None
    if not said_now(ctx, str(args.get("when") or "")):
        return None
    try:
        event = await ctx.events.get(str(entry["event_id"]))
    except (StorageError, KeyError):
        return None
    if bare_words(event.title) != bare_words(title):
        return None
    changes = UpdateEventArgs(
        event=event.title,
        when=args.get("when"),
        end=args.get("end"),
        duration=args.get("duration"),
        location=args.get("location"),
        notes=args.get("notes"),
        attendees=args.get("attendees") or None,
    )
    target = target_json(Ref(event, event.start, event.end, occurrence=False))
    if event.recurring:
        target["scope"] = "series"
    return Command(
        "update_event", changes.model_dump(mode="json"), call_index=command.call_index, target=target
    )
