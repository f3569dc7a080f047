"""A start that says how it repeats carries the repetition (agent.guards.times): a ``recurrence`` argument
beside it that is not the user's words is the model's noise, dropped, not a question "how often?"."""

from __future__ import annotations

from datetime import timedelta

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import Kit

# (message, the model's title, `when`, its junk `recurrence`, the stored rule starts with)
REPEATING = [
    ("put the water bill on the 2nd of every month at 9am", "water bill", "the 2nd of every month at 9am", "one", "FREQ=MONTHLY"),
    ("choir practice every tuesday at 7pm please", "choir practice", "every tuesday at 7pm", "yes", "FREQ=WEEKLY"),
    ("add stretching each morning at 6:30", "stretching", "each morning at 6:30", "weekly on 1", "FREQ=DAILY"),
    ("team lunch every weekday 12-1", "team lunch", "every weekday 12-1", "one", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ("stretch daily 7-8 in the morning", "stretch", "daily 7-8", "yes", "FREQ=DAILY"),
    ("每天早上七点到八点拉伸", "拉伸", "每天七点到八点", "是", "FREQ=DAILY"),  # (the clock alone: morning or evening)
    ("每个月3号上午十点交房租，帮我记上", "交房租", "每个月3号上午十点", "一次", "FREQ=MONTHLY"),
    ("每周四晚上八点练琴", "练琴", "每周四晚上八点", "是", "FREQ=WEEKLY"),
    ("每天早上七點跑步", "跑步", "每天早上七點", "none", "FREQ=DAILY"),
]


@pytest.mark.parametrize(("message", "title", "when", "junk", "rule"), REPEATING, ids=[r[2] for r in REPEATING])
async def test_the_repetition_of_the_start_wins_over_noise(
    kit: Kit, message: str, title: str, when: str, junk: str, rule: str
) -> None:
    model = kit.script(call("create_event", {"title": title, "when": when, "recurrence": junk}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes and r.writes[0].persisted, r.text
    assert model.call_count <= 2  # no send-back for the dropped argument
    events = await kit.events()
    assert len(events) == 1 and (events[0].rrule or "").startswith(rule), events


async def test_a_junk_repetition_beside_a_one_off_start_is_still_asked_about(kit: Kit) -> None:
    # the user named a repetition the start does not carry: the model's value cannot be dropped silently
    kit.script(
        call("create_event", {"title": "Yoga", "when": "Thursday 6pm", "recurrence": "one"}),
        call("create_event", {"title": "Yoga", "when": "Thursday 6pm", "recurrence": "one"}),
    )
    r = await kit.assistant.reply(kit.user_id, "yoga on Thursday 6pm, every week")
    assert not r.writes, r.text


# Several days of the month: one series on all of them (it was a series on the first day only, each one a
# span to the last day: "the 1st and 15th" was a 15-day event every month). NOW is Wed 5 March 2025.
MONTH_DAYS = [
    ("pay rent the 1st and 15th of every month at 9am", "Pay rent", "the 1st and 15th of every month at 9am",
     "BYMONTHDAY=1,15", (15, 9)),
    ("payroll review monthly on the 10th and 25th at 2pm", "Payroll review", "monthly on the 10th and 25th at 2pm",
     "BYMONTHDAY=10,25", (10, 14)),
    ("every month on the 5th, 20th and 28th at 8am: water the orchids", "Water the orchids",
     "every month on the 5th, 20th and 28th at 8am", "BYMONTHDAY=5,20,28", (20, 8)),  # (8am today has passed)
    ("每月1号和15号上午九点交房租", "交房租", "每月1号和15号上午九点", "BYMONTHDAY=1,15", (15, 9)),
    ("每个月的十号及二十五号下午两点对账", "对账", "每个月的十号及二十五号下午两点", "BYMONTHDAY=10,25", (10, 14)),
    ("book club every first and third monday at 7pm", "Book club", "every first and third monday at 7pm",
     "BYDAY=1MO,3MO", (17, 19)),
    ("每个月的第一个和第三个周一晚上七点读书会", "读书会", "每个月的第一个和第三个周一晚上七点", "BYDAY=1MO,3MO", (17, 19)),
    ("每月第二和第四个周二下午三点例会", "例会", "每月第二和第四个周二下午三点", "BYDAY=2TU,4TU", (11, 15)),
    ("每月五号、二十号早上八点浇花", "浇花", "每月五号、二十号早上八点", "BYMONTHDAY=5,20", (20, 8)),
]


@pytest.mark.parametrize(("message", "title", "when", "rule", "first"), MONTH_DAYS, ids=[r[2] for r in MONTH_DAYS])
async def test_several_days_of_the_month_are_one_series(
    kit: Kit, message: str, title: str, when: str, rule: str, first: tuple[int, int]
) -> None:
    kit.script(call("create_event", {"title": title, "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert rule in (event.rrule or ""), event.rrule
    assert (event.start.month, event.start.day) == (3, first[0]) and event.start.hour == first[1]
    assert event.end - event.start <= timedelta(days=1)


# A bound on the series ("for 6 weeks", "until the end of March", 直到三月底): the rule's UNTIL, each occurrence
# keeps its own hour (the bound was written as the first occurrence's end: one event six weeks long).
BOUNDED = [
    ("guitar class weekly on thursdays at 3pm for 6 weeks", "Guitar class", "weekly on thursdays at 3pm for 6 weeks",
     "UNTIL=20250417T185959Z", "April 17"),
    ("add swim practice every tuesday at 9am until the end of march", "Swim practice",
     "every tuesday at 9am until the end of march", "UNTIL=20250401T035959Z", "March 31"),
    ("physio every day at 7am for 2 weeks", "Physio", "every day at 7am for 2 weeks", "UNTIL=20250320T105959Z",
     "March 20"),
    ("stand-up practice every day next week at 9am", "Stand-up practice", "every day next week at 9am",
     "UNTIL=20250317T035959Z", "March 16"),
    ("每周二上午九点游泳，直到三月底", "游泳", "每周二上午九点，直到三月底", "UNTIL=20250401T035959Z", "3月31日"),
    ("每周四下午三点上吉他课，持续六周", "吉他课", "每周四下午三点，持续六周", "UNTIL=20250417T185959Z", "4月17日"),
    ("接下来两周每天早上七点做理疗", "理疗", "接下来两周每天早上七点", "UNTIL=20250320T105959Z", "3月20日"),
    ("下周一到下周五每天早上九点晨跑", "晨跑", "下周一到下周五每天早上九点", "UNTIL=20250315T035959Z", "3月14日"),
]


@pytest.mark.parametrize(("message", "title", "when", "until", "last"), BOUNDED, ids=[r[2] for r in BOUNDED])
async def test_a_bound_on_the_series_is_its_until(
    kit: Kit, message: str, title: str, when: str, until: str, last: str
) -> None:
    kit.script(call("create_event", {"title": title, "when": when}), reply("ok"))
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.writes and r.writes[0].persisted, r.text
    [event] = await kit.events()
    assert until in (event.rrule or ""), event.rrule
    assert event.end - event.start == timedelta(hours=1)
    assert last in r.text, r.text  # the receipt says the series' last day
