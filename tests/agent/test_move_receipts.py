"""A move's receipt says from what to what, from the stored row and the range the write path settled on
(``make_receipt(..., before=...)``)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.render.receipts import make_receipt
from storage import EventPatch
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NOW, NY, Kit


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=NY)


@pytest.mark.parametrize(
    ("lang", "start", "end", "text"),
    [
        ("en", _at(6, 16), _at(6, 17), "Moved “Gym” from 6:00 PM to 4:00 PM, Thursday, March 6."),
        (
            "en",
            _at(7, 16),
            _at(7, 17),
            "Moved “Gym” from Thursday, March 6, 6:00 PM to Friday, March 7, 4:00–5:00 PM.",
        ),
        (
            "en",
            _at(6, 16),
            _at(6, 18),
            "Moved “Gym” from Thursday, March 6, 6:00 PM to Thursday, March 6, 4:00–6:00 PM.",
        ),
        ("zh", _at(6, 16), _at(6, 17), "已将「Gym」从18:00改到16:00：3月6日（周四）"),
        ("zh", _at(7, 16), _at(7, 17), "已将「Gym」从3月6日（周四） 18:00改到3月7日（周五） 16:00–17:00"),
    ],
)
async def test_a_move_says_from_what(kit: Kit, lang: str, start: datetime, end: datetime, text: str) -> None:
    gym = await kit.seed("Gym", _at(6, 18))
    result = await kit.db.events(kit.user_id).update(
        gym.id, EventPatch(start=start, end=end), expected_version=gym.version, now=NOW, idempotency_key="k"
    )
    receipt = make_receipt(
        result, lang, user_timezone="America/New_York", now=NOW, before=(gym.start, gym.end)
    )  # type: ignore[arg-type]
    assert receipt.text == text and receipt.kind == "update"


async def test_without_a_move_the_receipt_is_as_before(kit: Kit) -> None:
    gym = await kit.seed("Gym", _at(6, 18))
    result = await kit.db.events(kit.user_id).update(
        gym.id, EventPatch(location="Pool"), expected_version=gym.version, now=NOW, idempotency_key="k"
    )
    receipt = make_receipt(
        result, "en", user_timezone="America/New_York", now=NOW, before=(gym.start, gym.end)
    )
    plain = make_receipt(result, "en", user_timezone="America/New_York", now=NOW)
    assert receipt.text == plain.text == "Updated “Gym” — Thursday, March 6, 6:00–7:00 PM."
    assert gym.end - gym.start == timedelta(hours=1)


@pytest.mark.parametrize(
    ("lang", "patch", "was", "tail"),
    [
        ("en", {"title": "Swim"}, {"title": "Gym"}, " Title was “Gym”."),
        ("en", {"location": None}, {"location": "Pool"}, " Place removed (was Pool)."),
        ("en", {"location": "Lido"}, {"location": None}, " Place: Lido."),
        ("en", {"attendees": ["Ana", "Bo"]}, {"attendees": ["Ana"]}, " Attendees: Ana, Bo (was Ana)."),
        ("zh", {"title": "游泳"}, {"title": "Gym"}, "。原标题「Gym」"),
        ("zh", {"location": "二楼"}, {"location": "一楼"}, "。地点改为二楼（原为一楼）"),
        ("zh", {"attendees": []}, {"attendees": ["小王"]}, "。已去掉参加人（原为小王）"),
        ("en", {"notes": "bring towel"}, {"title": "Gym", "location": None, "attendees": []}, ""),
    ],
)
async def test_an_update_says_which_details_changed_from_what(
    kit: Kit, lang: str, patch: dict, was: dict, tail: str
) -> None:
    gym = await kit.seed("Gym", _at(6, 18), location=was.get("location"), attendees=tuple(was.get("attendees") or ()))
    result = await kit.db.events(kit.user_id).update(
        gym.id, EventPatch(**patch), expected_version=gym.version, now=NOW, idempotency_key="k"
    )
    plain = make_receipt(result, lang, user_timezone="America/New_York", now=NOW)  # type: ignore[arg-type]
    receipt = make_receipt(result, lang, user_timezone="America/New_York", now=NOW, was=was)  # type: ignore[arg-type]
    assert receipt.text == plain.text + tail
