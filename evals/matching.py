"""τ-bench comparison of a final calendar with the expected one: a multiset of events without ids.

Two events match when start, end, all-day, recurrence (RRULE parts sorted) and exdates are equal and the
titles match: exactly (``TitleMode = "exact"``, the scripted model writes the scenario's title), or by
keywords (``"keywords"``, a live model's wording: the title contains every word of ``title_match``,
case-insensitive; without ``title_match`` the titles are equal ignoring case). Titles can make the
matching ambiguous, so it is a maximum bipartite matching, not a greedy one.

Details — location, attendees, notes — are compared where the expected event gives them (the scenario's
request carried them, or a seeded event the scenario leaves alone keeps its own; "" expects none). A
location or note matches when two thirds of its words (Latin words of four or more letters, numbers, each
Han character) are in the stored one, in either mode: a paraphrase variant's script and a live model word
them their own way ("Torstraße clinic" for "the clinic on Torstraße"). Attendees: exactly the expected
names for the scripted model; for a live one each expected name is in a stored one of its own, a name
inside the other either way ("Hannah" / "Hannah Lee"), and a name the user also said may be stored beside
them ("跟客户吃饭" keeps 客户 when 小周 is added; made-up names are grounding's to drop). An update that erased
an event's attendees or notes is a failed calendar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from evals.backend import ActualEvent
from evals.scenarios import ExpectedEvent

__all__ = ["CalendarDiff", "TitleMode", "compare_calendars", "details_match", "title_matches"]

TitleMode = Literal["exact", "keywords"]


def title_matches(expected: ExpectedEvent, title: str, mode: TitleMode) -> bool:
    if mode == "exact":
        return title == expected.title
    if expected.title_match:
        folded = title.casefold()
        return all(word.casefold() in folded for word in expected.title_match)
    return title.strip().casefold() == expected.title.strip().casefold()


_WORD = re.compile(r"[\u3400-\u9fff]|[^\W\d_\u3400-\u9fff]{4,}|\d+")
_SHARE = 2 / 3


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _text_matches(want: str, got: str | None) -> bool:
    if not want.strip() or not got:
        return not want.strip() and not (got or "").strip()  # ("" expects none)
    wanted, have = _words(want), set(_words(got))
    return sum(w in have for w in wanted) >= _SHARE * max(len(wanted), 1)


def _names_match(want: Sequence[str], got: Sequence[str], mode: TitleMode) -> bool:
    folded_want = sorted(n.strip().casefold() for n in want)
    folded_got = sorted(n.strip().casefold() for n in got)
    if mode == "exact":
        return folded_want == folded_got
    left = list(folded_got)
    for name in folded_want:
        hit = next((g for g in left if name in g or g in name), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def details_match(expected: ExpectedEvent, actual: ActualEvent, mode: TitleMode) -> bool:
    """The location, attendees and notes the expected event gives are the stored event's (see above)."""
    if expected.location is not None and not _text_matches(expected.location, actual.location):
        return False
    if expected.notes is not None and not _text_matches(expected.notes, actual.notes):
        return False
    return expected.attendees is None or _names_match(expected.attendees, actual.attendees, mode)


@dataclass
class CalendarDiff:
    missing: list[dict[str, Any]] = field(default_factory=list)
    unexpected: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unexpected


def _expected_json(event: ExpectedEvent) -> dict[str, Any]:
    title, start, end, all_day, rule, exdates = event.key()
    details = {"location": event.location, "attendees": event.attendees, "notes": event.notes}
    return {
        "title": title,
        "start": start,
        "end": end,
        "all_day": all_day,
        "recurrence": rule,
        "exdates": [d.isoformat() for d in exdates],
        **{k: v for k, v in details.items() if v is not None},
    }


def compare_calendars(
    expected: Sequence[ExpectedEvent], actual: Sequence[ActualEvent], mode: TitleMode
) -> CalendarDiff:
    """Match expected to actual events (maximum matching); report what is left on either side."""
    edges = [
        [
            j
            for j, got in enumerate(actual)
            if got.key()[1:] == want.key()[1:]
            and title_matches(want, got.title, mode)
            and details_match(want, got, mode)
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
