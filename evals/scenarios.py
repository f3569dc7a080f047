"""Eval scenarios: the typed form of ``evals/scenarios/*.yaml`` and its loader.

A scenario is a fixed ``now`` and timezone, an initial calendar, the user's turns with what a correct
assistant decides on each (and the model steps a correct model would take, for the offline scripted
eval), and the calendar expected at the end. ``evals/README.md`` describes the format and the product
behaviour the scenarios assume.

Datetimes: ``now`` and every ``final_calendar`` datetime are aware ISO strings whose offset must be the
one ``tz`` has at that instant (this catches DST slips); the initial ``calendar`` is written in local
wall-clock time in ``tz`` (no offset), and a wall-clock time that does not exist or is repeated around a
DST change is rejected. All-day events use plain dates, end exclusive.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml
from pydantic import Field, PrivateAttr, ValidationError, field_validator, model_validator

from evals.contract import READ_TOOLS
from evals.scenario_events import (
    ExpectedEvent,
    OtherUser,
    ScenarioModel,
    SeedEvent,
    normalize_rrule,
    parse_moment,
)
from evals.scenario_steps import Step, TextStep, ToolCall, ToolStep
from evals.scenario_yaml import ScenarioLoader, describe_error

__all__ = [
    "CATEGORIES",
    "SCENARIOS_DIR",
    "Expect",
    "ExpectedEvent",
    "OtherUser",
    "Scenario",
    "ScenarioError",
    "SeedEvent",
    "TextStep",
    "ToolCall",
    "ToolStep",
    "Turn",
    "load_scenarios",
    "normalize_rrule",
]

SCENARIOS_DIR = Path(__file__).parent / "scenarios"
EVALS_DIR = Path(__file__).parent
"""Where a turn's ``attach`` path starts (``fixtures/…``)."""

CATEGORIES = frozenset(
    {
        "create",
        "query",
        "update",
        "delete",
        "recurring",
        "chitchat",
        "past_statement",
        "refusal",
        "ambiguous_time",
        "missing_value",
        "conflict",
        "choice",
        "multi_intent",
        "other_user",
        "injection",
        # the classes that failed on unseen scenarios (evals/README.md, "Generalization")
        "followup",
        "reference",
        "relative_move",
        "correction",
        "after_midnight",
        "greeting_write",
        # files in the conversation: a calendar file previewed and imported on a yes
        "attachment",
    }
)
"""The scenario categories of the evals issue; every scenario carries at least one as a tag."""

Decision = Literal["write", "read", "ask", "none"]
Gate = Literal["confirm", "slot", "command", "attachment", "expired"]
"""``attachment``: a file sent with the message that code answers alone (not a calendar, or a calendar of
one event: no words can narrow it). ``expired``: a yes or no to a confirmation that timed out (asked again
or dropped, never run)."""

_ID = r"^[a-z0-9][a-z0-9_]*$"
_PLACEHOLDER = re.compile(r"\{id:([a-z][a-z0-9_]*)\}")
_OFFSET = re.compile(r"^(\d+)([smhd])$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


class ScenarioError(ValueError):
    """A scenario file that cannot be loaded; the message names the file, the scenario and the field."""


class Expect(ScenarioModel):
    """What a correct assistant does on one turn.

    ``must_not_write`` and ``must_not_claim_write`` default to ``decision != "write"``; stating a value
    that contradicts the decision is an error.
    """

    decision: Decision
    gate: Gate | None = None
    must_not_write: bool  # filled from decision when absent
    must_not_claim_write: bool  # filled from decision when absent
    reply_contains: list[str] = Field(default_factory=list)
    reply_not_contains: list[str] = Field(default_factory=list)
    options_count: int | None = Field(default=None, ge=2, le=3)

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            writes = data.get("decision") == "write"
            data.setdefault("must_not_write", not writes)
            data.setdefault("must_not_claim_write", not writes)
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Expect:
        writes = self.decision == "write"
        if self.must_not_write == writes:
            raise ValueError(f"must_not_write: {self.must_not_write} contradicts decision {self.decision!r}")
        if writes and self.must_not_claim_write:
            raise ValueError("must_not_claim_write: true contradicts decision 'write'")
        if self.options_count is not None and self.decision != "ask":
            raise ValueError("options_count only goes with decision 'ask' (a clarification with options)")
        return self


class Turn(ScenarioModel):
    user: str = Field(min_length=1)
    after: str | None = Field(default=None, pattern=_OFFSET.pattern)
    attach: str | None = None
    """A file sent with the message: a path under ``evals/`` (``fixtures/term.ics``)."""
    expect: Expect
    script: list[Step]
    note: str | None = None

    @field_validator("attach")
    @classmethod
    def _attached_file(cls, value: str | None) -> str | None:
        if value is None:
            return None
        path = Path(value)
        if path.is_absolute() or ".." in path.parts or not (EVALS_DIR / path).is_file():
            raise ValueError(f"attach: {value!r} is no file under evals/ (write it as fixtures/<name>)")
        return value

    @property
    def attachment(self) -> tuple[str, bytes] | None:
        """The attached file's name and bytes (``None`` when the turn attaches nothing)."""
        if self.attach is None:
            return None
        path = EVALS_DIR / self.attach
        return path.name, path.read_bytes()

    @property
    def offset(self) -> timedelta:
        """Time since the previous turn (zero when ``after`` is absent)."""
        if self.after is None:
            return timedelta(0)
        match = _OFFSET.match(self.after)
        assert match is not None
        return timedelta(**{_UNITS[match.group(2)]: int(match.group(1))})

    @property
    def tool_calls(self) -> list[ToolCall]:
        return [call for step in self.script if isinstance(step, ToolStep) for call in step.tool_calls]

    @model_validator(mode="after")
    def _script_fits(self) -> Turn:
        if self.expect.gate == "attachment" and self.attach is None:
            raise ValueError("expect.gate: 'attachment' needs a file (attach)")
        if self.expect.gate is not None:
            if self.script:
                raise ValueError(
                    f"script: a turn answered by the {self.expect.gate!r} gate makes no model call: []"
                )
            return self
        if not self.script:
            raise ValueError("script: empty, but expect.gate is not set (only gate turns skip the model)")
        for i, step in enumerate(self.script):
            last = i == len(self.script) - 1
            if isinstance(step, ToolStep):
                picks = [c for c in step.tool_calls if c.is_pick]
                if picks and (self.attach is None or len(picks) != len(step.tool_calls) or not last):
                    raise ValueError(
                        f"script[{i}]: keep_events is the whole, last step of a turn that attaches a file"
                    )
                amends = [c for c in step.tool_calls if c.is_amend]
                if amends and (len(amends) != len(step.tool_calls) or not last or len(self.script) != 1):
                    raise ValueError(
                        f"script[{i}]: amend_pending is the one step of a reply that answers and says more"
                    )
                writes_only = all(c.is_write or c.is_pick or c.is_amend for c in step.tool_calls)
                if writes_only and not last and not step.sent_back:
                    raise ValueError(
                        f"script[{i}]: a step of write calls ends the turn (code writes the reply), "
                        "unless it is marked sent_back: true"
                    )
                if (not writes_only or step.sent_back) and last:
                    raise ValueError(
                        f"script[{i}]: read results and sent-back writes go back to the model; a step must follow"
                    )
            elif not last:
                raise ValueError(f"script[{i}]: a text step ends the turn")
        calls = self.tool_calls
        if self.expect.decision == "write" and not any(c.is_write or c.is_amend for c in calls):
            raise ValueError("script: decision 'write' needs a write tool call (or expect.gate)")
        kept = [
            c
            for step in self.script
            if isinstance(step, ToolStep) and not step.sent_back
            for c in step.tool_calls
        ]
        if self.expect.decision == "read" and any(c.is_write for c in kept):
            raise ValueError("script: decision 'read' cannot call a write tool (unless code sends it back)")
        # decision 'none' may hold a write call the store rejects (an event that is not found).
        if self.expect.decision == "read" and not any(c.name in READ_TOOLS for c in calls):
            raise ValueError("script: decision 'read' needs a read tool call")
        return self


class Scenario(ScenarioModel):
    id: str = Field(pattern=_ID)
    lang: Literal["en", "zh"]
    now: datetime
    tz: str
    tags: list[str] = Field(min_length=1)
    note: str | None = None
    calendar: list[SeedEvent] = Field(default_factory=list)
    other_users: list[OtherUser] = Field(default_factory=list)
    turns: list[Turn] = Field(min_length=1)
    final_calendar: list[ExpectedEvent] | None = None

    _source: Path | None = PrivateAttr(default=None)
    _base: str | None = PrivateAttr(default=None)
    _variant: int = PrivateAttr(default=0)
    _varied: tuple[int, ...] = PrivateAttr(default=())

    @field_validator("now", mode="before")
    @classmethod
    def _now_text(cls, value: Any) -> Any:
        return parse_moment(value)

    @field_validator("now")
    @classmethod
    def _now_aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("now must be an aware ISO datetime, e.g. 2025-03-05T09:00:00-05:00")
        return value

    @field_validator("tz")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"not an IANA timezone: {value!r}") from None
        return value

    @field_validator("tags")
    @classmethod
    def _tags(cls, value: list[str]) -> list[str]:
        for tag in value:
            if not re.match(_ID, tag):
                raise ValueError(f"tag {tag!r}: lower-case words joined by '_'")
        if len(set(value)) != len(value):
            raise ValueError("a tag appears twice")
        if not CATEGORIES & set(value):
            raise ValueError(f"no category tag (one of: {', '.join(sorted(CATEGORIES))})")
        return value

    @model_validator(mode="after")
    def _coherent(self) -> Scenario:
        zone = self.zone
        _check_offset("now", self.now, zone)
        seeds = [(f"calendar[{i}]", e) for i, e in enumerate(self.calendar)]
        for u, other in enumerate(self.other_users):
            seeds += [(f"other_users[{u}].calendar[{i}]", e) for i, e in enumerate(other.calendar)]
        refs: set[str] = set()
        for where, event in seeds:
            try:
                event.localize(zone)
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
            if event.ref is not None:
                if event.ref in refs:
                    raise ValueError(f"{where}.ref: {event.ref!r} is used twice")
                refs.add(event.ref)
        for i, event in enumerate(self.final_calendar or []):
            for name in ("start", "end"):
                _check_offset(f"final_calendar[{i}].{name}", getattr(event, name), zone)
        for i, turn in enumerate(self.turns):
            if i == 0 and turn.after is not None:
                raise ValueError("turns[0].after: the first turn happens at now")
            if i == 0 and turn.expect.gate not in (None, "attachment"):
                raise ValueError("turns[0].expect.gate: nothing is pending on the first turn")
            texts = [turn.user] + [repr(c.arguments) for c in turn.tool_calls]
            for ref in {m for text in texts for m in _PLACEHOLDER.findall(text)} - refs:
                raise ValueError(f"turns[{i}]: {{id:{ref}}} names no calendar event's ref")
        writes = any(t.expect.decision == "write" for t in self.turns)
        if writes and self.final_calendar is None:
            raise ValueError("final_calendar: required when a turn writes")
        if not writes and self.final_calendar is not None:
            expected = sorted(e.key() for e in self.final_calendar)
            if expected != sorted(e.localize(zone).key() for e in self.calendar):
                raise ValueError("final_calendar: no turn writes, so it must equal the initial calendar")
        return self

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.tz)

    @property
    def source(self) -> Path | None:
        """The file this scenario was loaded from."""
        return self._source

    @property
    def base_id(self) -> str:
        """The scenario a variant was made from (its own id for an original)."""
        return self._base or self.id

    @property
    def variant(self) -> int:
        """0 for the scenario as written; j for variant set j (``evals.variants``)."""
        return self._variant

    @property
    def varied_turns(self) -> tuple[int, ...]:
        """The turns whose message a variant replaced (empty for an original)."""
        return self._varied

    @property
    def categories(self) -> set[str]:
        return CATEGORIES & set(self.tags)

    def turn_times(self) -> list[datetime]:
        """The moment of each turn: ``now``, then each ``after`` added to the previous turn's moment."""
        moments, moment = [], self.now
        for turn in self.turns:
            moment = moment + turn.offset
            moments.append(moment.astimezone(self.zone))
        return moments

    def initial_calendar(self) -> list[ExpectedEvent]:
        """The initial calendar with aware datetimes."""
        return [event.localize(self.zone) for event in self.calendar]

    def expected_calendar(self) -> list[ExpectedEvent]:
        """The final calendar to compare against (the initial one when the file gives none)."""
        return list(self.final_calendar) if self.final_calendar is not None else self.initial_calendar()

    def render(self, text: str, ids: dict[str, str]) -> str:
        """Replace ``{id:ref}`` placeholders with the ids the store gave the seeded events."""
        return _PLACEHOLDER.sub(lambda m: ids[m.group(1)], text)


def _check_offset(where: str, value: date, zone: ZoneInfo) -> None:
    if not isinstance(value, datetime):
        return
    expected = value.astimezone(zone).utcoffset()
    if value.utcoffset() != expected:
        raise ValueError(
            f"{where}: {value.isoformat()} has the wrong offset; {zone.key} is at "
            f"{value.astimezone(zone).isoformat()} then (check DST)"
        )


def _load_file(path: Path, problems: list[str]) -> list[Scenario]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=ScenarioLoader)
    except yaml.YAMLError as exc:
        problems.append(f"{path}: not valid YAML: {exc}")
        return []
    if not isinstance(data, dict) or set(data) != {"scenarios"} or not isinstance(data["scenarios"], list):
        problems.append(f"{path}: the file must be a mapping with one key, 'scenarios', holding a list")
        return []
    loaded = []
    for index, raw in enumerate(data["scenarios"]):
        name = raw.get("id") if isinstance(raw, dict) else None
        label = f"{path}: scenario {name!r}" if name else f"{path}: scenario #{index + 1}"
        try:
            scenario = Scenario.model_validate(raw)
        except ValidationError as exc:
            problems.extend(f"{label}: {describe_error(err)}" for err in exc.errors())
            continue
        scenario._source = path
        loaded.append(scenario)
    return loaded


def load_scenarios(
    path: str | Path = SCENARIOS_DIR,
    *,
    variants: Literal["live", "offline"] | None = None,
    variants_dir: str | Path | None = None,
) -> list[Scenario]:
    """Load one scenario file, or every ``*.yaml`` file in a directory (sorted by name).

    With ``variants``, each scenario is followed by its paraphrase variant sets (``evals.variants``):
    ``"live"`` every set, ``"offline"`` only the turns whose variant the scripted replay can play (a gate
    turn, a text-only script, or a variant with its own script). ``variants_dir`` defaults to
    ``evals/variants``.

    Raises ``ScenarioError`` listing every problem found: the file, the scenario id and the field.
    Scenario ids must be unique across everything loaded.
    """
    root = Path(path)
    if root.is_dir():
        files = sorted(root.glob("*.yaml"))
        if not files:
            raise ScenarioError(f"{root}: no *.yaml scenario files")
    elif root.is_file():
        files = [root]
    else:
        raise ScenarioError(f"{root}: no such file or directory")
    problems: list[str] = []
    scenarios: list[Scenario] = []
    first_seen: dict[str, Path] = {}
    for file in files:
        for scenario in _load_file(file, problems):
            if scenario.id in first_seen:
                problems.append(
                    f"{file}: scenario {scenario.id!r}: id: duplicate (first in {first_seen[scenario.id]})"
                )
                continue
            first_seen[scenario.id] = file
            scenarios.append(scenario)
    if problems:
        raise ScenarioError("\n".join(problems))
    if variants is None:
        return scenarios
    from evals.variants import VARIANTS_DIR, expand, load_variants

    table = load_variants(variants_dir or VARIANTS_DIR, scenarios)
    return expand(scenarios, table, mode=variants)
