"""Result types: a resolution is resolved (one range), ambiguous (candidates), or unresolved (a reason).

Error tree::

    ValueError
     └── TimeExpressionError      API misuse: naive ``now``, unknown ``prefer``, a non-string text.
                                  Ordinary text that means nothing is never an exception: it is
                                  ``Resolution(status="unresolved", reason=...)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from typing import Any, Literal

Status = Literal["resolved", "ambiguous", "unresolved"]
Grain = Literal["minute", "hour", "day", "week", "month", "year"]


class TimeExpressionError(ValueError):
    """The caller used the API wrongly (naive ``now``, bad ``prefer``, text not a string)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One reading of an ambiguous expression, e.g. label "morning" 07:30 vs "evening" 19:30."""

    start: datetime
    end: datetime
    grain: str
    label: str
    recurrence: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start.isoformat(), "end": self.end.isoformat(), "grain": self.grain,
                "label": self.label, **({"recurrence": self.recurrence} if self.recurrence else {})}


@dataclass(frozen=True, slots=True)
class Resolution:
    """The answer for one expression.

    * ``start``/``end``: aware, half-open ``[start, end)``; a point gets ``end = start + one grain``.
      An open interval ("after 2pm", "until Friday") has one side None.
    * ``recurrence``: an RRULE (``FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0``) whose DTSTART is ``start``.
    * ``duration``: a ``timedelta`` for a pure duration ("for two hours"); ``start``/``end`` then span
      it from now.
    * ``assumed``: a documented default that was applied (a bare "3" read as 15:00), or None.
    * ``dst``: "gap-shifted-forward" or "fold-first-occurrence" when a wall time hit a DST transition.
    * ``lang``: the language module that read the text.
    * ``notes``: ``CONTRADICTION`` on a refusal of a text that names one day two ways that disagree.
    """

    status: Status
    start: datetime | None = None
    end: datetime | None = None
    grain: str | None = None
    candidates: tuple[Candidate, ...] = ()
    recurrence: str | None = None
    duration: timedelta | None = None
    reason: str | None = None
    label: str | None = None
    assumed: str | None = None
    dst: str | None = None
    lang: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def contradicts_itself(self) -> bool:
        """Refused because the text names one day two ways that disagree ("Wednesday, December 17" where the
        17th is a Thursday): a day stated wrongly, not words that are no day."""
        return CONTRADICTION in self.notes

    def to_json(self) -> dict[str, Any]:
        def iso(d: datetime | None) -> str | None:
            return d.isoformat() if d is not None else None

        out: dict[str, Any] = {"status": self.status, "start": iso(self.start), "end": iso(self.end),
                               "grain": self.grain}
        if self.candidates:
            out["candidates"] = [c.to_json() for c in self.candidates]
        for key in ("recurrence", "reason", "label", "assumed", "dst", "lang"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.duration is not None:
            out["duration"] = self.duration.total_seconds()
            out["duration_iso"] = _iso_duration(self.duration)
        return out


def _iso_duration(d: timedelta) -> str:
    secs = int(d.total_seconds())
    sign = "-" if secs < 0 else ""
    secs = abs(secs)
    days, rem = divmod(secs, 86400)
    hours, rem = divmod(rem, 3600)
    minutes, seconds = divmod(rem, 60)
    out = f"{sign}P{days}D" if days else f"{sign}P"
    if hours or minutes or seconds or not days:
        out += "T" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "")
        out += f"{seconds}S" if seconds or not (hours or minutes) else ""
    return out


class _Unfrozen:
    """``Resolution``'s slot layout without the frozen guard: its fields are set by plain attribute stores
    (one bytecode each), then the object becomes a ``Resolution`` (``__class__`` may change between
    classes with the same slots). Only ``make_resolution`` (this class) creates one."""

    __slots__ = Resolution.__slots__

    def __init__(self, status: Status, start: datetime | None, end: datetime | None, grain: str | None,
                 candidates: tuple[Candidate, ...], recurrence: str | None, duration: timedelta | None,
                 reason: str | None, label: str | None, assumed: str | None, dst: str | None,
                 lang: str | None, notes: tuple[str, ...] = ()) -> None:
        self.status = status
        self.start = start
        self.end = end
        self.grain = grain
        self.candidates = candidates
        self.recurrence = recurrence
        self.duration = duration
        self.reason = reason
        self.label = label
        self.assumed = assumed
        self.dst = dst
        self.lang = lang
        self.notes = notes
        self.__class__ = Resolution  # type: ignore[assignment]


assert _Unfrozen.__slots__ == tuple(f.name for f in fields(Resolution)), "make_resolution sets every field"

make_resolution: Callable[..., Resolution] = _Unfrozen  # type: ignore[assignment]
"""``Resolution(...)`` with every field given, positionally (``notes`` may be left out), without the frozen
dataclass's ``__init__`` (one ``object.__setattr__`` call per field): a third of the cost, and one call
(the object is re-classed at the end of its ``__init__``). The same object."""


CONTRADICTION = "contradiction"
"""The note of a refusal because the text names one day two ways that disagree (``spec.Contradiction``)."""


def unresolved(reason: str, lang: str | None = None, *, contradiction: bool = False) -> Resolution:
    notes = (CONTRADICTION,) if contradiction else ()
    return make_resolution("unresolved", None, None, None, (), None, None, reason, None, None, None, lang, notes)
