"""τ-bench comparison of a final calendar with the expected one: a multiset of events without ids.

Two events match when start, end, all-day, recurrence (RRULE parts sorted) and exdates are equal and the
titles match: exactly (``TitleMode = "exact"``, the scripted model writes the scenario's title), or by
keywords (``"keywords"``, a live model's wording: the title contains every word of ``title_match``,
case-insensitive; without ``title_match`` the titles are equal ignoring case). Titles can make the
matching ambiguous, so it is a maximum bipartite matching, not a greedy one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from evals.backend import ActualEvent
from evals.scenarios import ExpectedEvent

__all__ = ["CalendarDiff", "TitleMode", "compare_calendars", "title_matches"]

TitleMode = Literal["exact", "keywords"]


def title_matches(expected: ExpectedEvent, title: str, mode: TitleMode) -> bool:
    if mode == "exact":
        return title == expected.title
    if expected.title_match:
        folded = title.casefold()
        return all(word.casefold() in folded for word in expected.title_match)
    return title.strip().casefold() == expected.title.strip().casefold()


@dataclass
class CalendarDiff:
    missing: list[dict[str, Any]] = field(default_factory=list)
    unexpected: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unexpected


def _expected_json(event: ExpectedEvent) -> dict[str, Any]:
    title, start, end, all_day, rule, exdates = event.key()
    return {
        "title": title,
        "start": start,
        "end": end,
        "all_day": all_day,
        "recurrence": rule,
        "exdates": [d.isoformat() for d in exdates],
    }


def compare_calendars(
    expected: Sequence[ExpectedEvent], actual: Sequence[ActualEvent], mode: TitleMode
) -> CalendarDiff:
    """Match expected to actual events (maximum matching); report what is left on either side."""
    edges = [
        [
            j
            for j, got in enumerate(actual)
            if got.key()[1:] == want.key()[1:] and title_matches(want, got.title, mode)
        ]
        for want in expected
    ]
    owner: dict[int, int] = {}  # actual index → expected index

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(expected)):
        augment(i, set())
    matched = set(owner.values())
    return CalendarDiff(
        missing=[_expected_json(e) for i, e in enumerate(expected) if i not in matched],
        unexpected=[a.to_json() for j, a in enumerate(actual) if j not in owner],
    )
