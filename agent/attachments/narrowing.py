"""The words sent with a file, read by the model: which of the file's events the user wants.

The model sees the file's events as a numbered list (each with its dates, from code) and the message, and
has one tool, ``keep_events``: the numbers to keep, or all of them. It picks; it writes nothing and
computes nothing (the list gives every date it needs). Code builds the new preview from the numbers it
picked (numbers that are not on the list are dropped); a model that fails, answers in prose, or picks
nothing usable leaves the choice to the user: the whole file is previewed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field

from agent.attachments.facts import Entry
from agent.attachments.preview import entry_text
from agent.model import Model, ToolSpec
from agent.turn.one_tool import call_one_tool
from agent.turn.telemetry import TurnTelemetry
from schedule_time import analyse
from storage.ics_plan import PlannedItem

__all__ = [
    "KEEP_EVENTS",
    "MAX_LISTED_FOR_MODEL",
    "KeepEvents",
    "in_the_time_named",
    "keep_events_spec",
    "narrow",
]


KEEP_EVENTS = "keep_events"
MAX_LISTED_FOR_MODEL = 80
"""Entries the model is shown; a larger file can only be kept whole (``all``) or by these numbers."""

INSTRUCTIONS = (
    "You help a calendar assistant import a calendar file the user attached. The file's events are listed "
    "below, numbered, each with its dates. Read the user's message and call keep_events with the numbers "
    "of the events it asks to add, or all=true when it asks for all of them or does not say which. Use "
    "only numbers from the list. Do not answer in prose."
)


class KeepEvents(BaseModel):
    """Which numbered events of the attached file to add to the calendar."""

    model_config = ConfigDict(extra="forbid")

    all: bool = Field(default=False, description="true: add every event of the file")
    numbers: list[int] = Field(
        default_factory=list, max_length=MAX_LISTED_FOR_MODEL, description="the numbers of the events to add"
    )


def keep_events_spec() -> ToolSpec:
    schema = KeepEvents.model_json_schema()
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    return ToolSpec(
        KEEP_EVENTS,
        "Choose which numbered events of the attached file to add to the calendar, as the user's message "
        "says: their numbers, or all=true.",
        schema,
        examples=(("add all of it", {"all": True}), ("just numbers two and five", {"numbers": [2, 5]})),
    )


async def narrow(
    model: Model, entries: Sequence[Entry], items: Sequence[PlannedItem], text: str, *, name: str,
    now: datetime, zone: ZoneInfo, telemetry: TurnTelemetry,
) -> tuple[int, ...] | None:  # fmt: skip
    """The entry numbers the message keeps (all of them for ``all``; none when it asks for none of them),
    or ``None`` when the model gave no usable pick. One model call."""
    ref = now.astimezone(zone).date()
    listed = [entry_text(e, items, "en", ref) for e in entries[:MAX_LISTED_FOR_MODEL]]
    if len(entries) > MAX_LISTED_FOR_MODEL:
        listed.append(f"… and {len(entries) - MAX_LISTED_FOR_MODEL} more, not listed")
    local = now.astimezone(zone)
    context = (
        f"Now: {local.strftime('%A %Y-%m-%d %H:%M')} ({zone.key}).\n"
        f"Events in the attached file “{name}”:\n" + "\n".join(listed) + f"\n\nThe user's message: {text}"
    )
    args = await call_one_tool(
        model, INSTRUCTIONS, context, keep_events_spec(), KeepEvents, telemetry, done="picked"
    )
    if args is None:
        return None
    numbers = range(1, len(entries) + 1)
    picked = tuple(numbers) if args.all else tuple(sorted({n for n in args.numbers if n in numbers}))
    off_the_list = not args.all and any(n not in numbers for n in args.numbers)
    if (len(picked) == len(entries) or off_the_list) and (
        inside := in_the_time_named(entries, text, now=now, zone=zone)
    ):
        # "only next month's": the model kept them all, or picked numbers the list does not have (it lost
        # track of the list): the time the message names, read by the time service, decides
        telemetry.tools[-1]["status"] = "picked_by_time"
        return inside
    return picked


def in_the_time_named(
    entries: Sequence[Entry], text: str, *, now: datetime, zone: ZoneInfo
) -> tuple[int, ...] | None:
    """The entries with an occurrence in the one time the message names ("下个月的", "just the ones next
    week"), when some but not all of them are: the time service reads the time, the file's dates decide.
    None when the message names no single time, or the time leaves every entry in or every entry out."""
    said = [p for p in analyse(text, now=now, tz=zone) if p.resolution.status == "resolved"]
    if len(said) != 1 or said[0].resolution.recurrence:
        return None
    begin, end = said[0].resolution.start, said[0].resolution.end
    if begin is None or end is None:
        return None
    inside = tuple(e.number for e in entries if any(begin <= s < end for s, _ in e.starts))
    return inside if 0 < len(inside) < len(entries) else None
