"""Location, attendees and notes in the calendar comparison: compared only where the expected event gives
them; a location or note by shared words (Latin words, Han characters) in both modes, attendees exactly for
the scripted model and name by name for a live one; an erased detail of a kept event fails the calendar."""

from __future__ import annotations

from typing import Any

import pytest

from evals import ExpectedEvent
from evals.backend import ActualEvent
from evals.matching import compare_calendars, details_match

_SLOT = ("2025-03-06T15:00:00+00:00", "2025-03-06T16:00:00+00:00")


def _want(**details: Any) -> ExpectedEvent:
    return ExpectedEvent(title="Review", start=_SLOT[0], end=_SLOT[1], **details)  # type: ignore[arg-type]


def _got(
    location: str | None = None, attendees: tuple[str, ...] = (), notes: str | None = None
) -> ActualEvent:
    return ActualEvent("Review", _SLOT[0], _SLOT[1], False, None, (), location, attendees, notes)


@pytest.mark.parametrize(
    ("want", "got", "exact", "keywords"),
    [
        ({}, _got(), True, True),
        ({}, _got("Room 4", ("Ana",), "bring slides"), True, True),  # not given: not compared
        ({"location": "Fjord room"}, _got("Fjord room"), True, True),
        ({"location": "Fjord room"}, _got("the Fjord Room"), True, True),
        ({"location": "the clinic on Torstraße"}, _got("Torstraße clinic"), True, True),
        ({"location": "the clinic on Torstraße"}, _got("the clinic"), False, False),
        ({"location": ""}, _got(None), True, True),  # "" expects none
        ({"location": ""}, _got("5楼会议室"), False, False),
        ({"location": "Fjord room"}, _got("Fjord"), False, False),  # half the words
        ({"location": "Fjord room"}, _got(None), False, False),
        ({"location": "陆家嘴那家粤菜馆"}, _got("陆家嘴粤菜馆"), True, True),
        ({"location": "5楼会议室"}, _got("五楼"), False, False),
        ({"location": "5楼会议室"}, _got("5楼会议室"), True, True),
        ({"location": "3樓會議室"}, _got("3樓會議室 A"), True, True),
        ({"attendees": ["Hannah", "Luis"]}, _got(attendees=("Luis", "Hannah")), True, True),
        ({"attendees": ["Hannah", "Luis"]}, _got(attendees=("Hannah Lee", "luis")), False, True),
        ({"attendees": ["Hannah", "Luis"]}, _got(attendees=("Hannah",)), False, False),
        ({"attendees": ["小周"]}, _got(attendees=("客户", "小周")), False, True),  # a name also said, kept
        ({"attendees": ["Hannah", "Luis"]}, _got(attendees=("Hannah", "Hannah")), False, False),
        ({"attendees": ["Hannah", "Luis"]}, _got(), False, False),  # erased
        ({"attendees": ["刘姐", "小吴"]}, _got(attendees=("小吴", "刘姐")), True, True),
        ({"attendees": ["刘姐", "小吴"]}, _got(attendees=("刘姐", "小王")), False, False),
        ({"notes": "gate code 4411"}, _got(notes="gate code 4411"), True, True),
        ({"notes": "gate code 4411"}, _got(notes=None), False, False),  # erased
        ({"notes": "带上合同"}, _got(notes="记得带上合同"), True, True),
    ],
)
def test_details_match(want: dict[str, Any], got: ActualEvent, exact: bool, keywords: bool) -> None:
    assert details_match(_want(**want), got, "exact") is exact
    assert details_match(_want(**want), got, "keywords") is keywords


def test_an_erased_detail_fails_the_calendar_and_shows_in_the_diff() -> None:
    diff = compare_calendars([_want(attendees=["Dana"])], [_got()], "keywords")
    assert not diff.ok
    assert diff.missing[0]["attendees"] == ["Dana"]
    assert "attendees" not in diff.unexpected[0]
    assert compare_calendars([_want(attendees=["Dana"])], [_got(attendees=("Dana",))], "keywords").ok
