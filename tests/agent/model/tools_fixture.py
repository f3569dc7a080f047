"""Two small ToolSpecs shaped like the registry's output (pydantic ``model_json_schema()``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from agent.model import ToolSpec


class Attendee(BaseModel):
    name: str
    email: str | None = None


class CreateEventArgs(BaseModel):
    title: str = Field(description="Short title, in the user's words.")
    when: str = Field(description="The time expression exactly as the user said it.")
    duration: str | None = Field(default=None, description="e.g. '1h', '30 minutes'.")
    attendees: list[Attendee] = Field(default_factory=list)
    visibility: Literal["private", "public"] = "private"


class ListEventsArgs(BaseModel):
    range: str = Field(description="A time-range expression.")


CREATE = ToolSpec("create_event", "Create one calendar event.", CreateEventArgs.model_json_schema())
LIST = ToolSpec("list_events", "List events in a time range.", ListEventsArgs.model_json_schema())
TOOLS = (CREATE, LIST)
