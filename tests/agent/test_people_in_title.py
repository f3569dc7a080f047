"""A person replaced in the attendees is replaced in the title (``writes.people``): exactly one name out,
one in, the old name once in the title as a whole word (or a Han run), the new one not there yet."""

from __future__ import annotations

import pytest

from agent.model import call, reply
from agent.writes.people import title_with_new_name
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit


@pytest.mark.parametrize(
    ("title", "before", "after", "renamed"),
    [
        ("Lunch with Mark", ["Mark"], ["Marcus"], "Lunch with Marcus"),
        ("Coffee with Jo and Sam", ["Jo", "Sam"], ["Joanna", "Sam"], "Coffee with Joanna and Sam"),
        ("1:1 Priya", ["priya"], ["Ingrid"], "1:1 Ingrid"),
        ("和阿玲吃饭", ["阿玲"], ["阿琳"], "和阿琳吃饭"),
        ("跟美玲喝咖啡", ["美玲"], ["美華"], "跟美華喝咖啡"),
        ("Dinner (Ana)", ["Ana"], ["Anya"], "Dinner (Anya)"),
        # not that plain: the title is left as it is
        ("Lunch with Markus", ["Mark"], ["Marcus"], None),  # "Mark" is no whole word of it
        ("Lunch with Mark", ["Mark"], ["Mark", "Sam"], None),  # nobody left
        ("Lunch with Mark and Sam", ["Mark", "Sam"], ["Tom"], None),  # two left, one came
        ("Team sync", ["Mark"], ["Marcus"], None),  # the title names nobody
        ("Mark and Mark's brother", ["Mark"], ["Tom"], None),  # the old name twice
        ("Lunch with Mark and Marcus", ["Mark"], ["Marcus"], None),  # the new name already there
        ("Lunch with Mark", None, ["Marcus"], None),
    ],
)
def test_the_one_person_replaced_is_replaced_in_the_title(
    title: str, before: list[str] | None, after: list[str], renamed: str | None
) -> None:
    assert title_with_new_name(title, before, after) == renamed


@pytest.mark.parametrize(
    ("first", "create", "correction", "update", "title"),
    [
        ("coffee with Jo friday 10am", {"title": "Coffee with Jo", "when": "friday 10am", "attendees": ["Jo"]},
         "Joanna actually", {"event": "coffee", "attendees": ["Joanna"]}, "Coffee with Joanna"),
        ("周五上午十点和小丽喝咖啡", {"title": "和小丽喝咖啡", "when": "周五上午十点", "attendees": ["小丽"]},
         "写错了，是小莉", {"event": "喝咖啡", "attendees": ["小莉"]}, "和小莉喝咖啡"),
    ],
)  # fmt: skip
async def test_a_corrected_person_renames_the_event_that_names_them(
    kit: Kit, first: str, create: dict, correction: str, update: dict, title: str
) -> None:
    kit.script(call("create_event", create), call("update_event", update), reply("Done."))
    await kit.assistant.reply(kit.user_id, first)
    r = await kit.assistant.reply(kit.user_id, correction)
    (event,) = await kit.events()
    assert (event.title, event.attendees) == (title, tuple(update["attendees"])), r.text
    assert "was" in r.text or "原" in r.text
