"""The day of an event the turn asks yes/no about is no request left undone (agent.turn.unsaid): "skip the
swim tomorrow, a sauna at 6pm instead", its swim asked about with a time the model made up, said "I haven't
done: skip the swim tomorrow" beside "Delete “Swim”?". The other clause is still said undone. Scripted model,
real store; now is Wednesday 2025-03-05 09:00. (A Chinese message with a made-up day goes back to the model
as an ungrounded time instead, so only English rows reach this path.)"""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, make_kit

# (time zone, title, its hour tomorrow, message, the model's reference, the asked-about clause, the clause
# left undone) — the new activity at the old one's clock, so that no move is offered
ROWS = [
    (NY, "Swim", 18, "skip the swim tomorrow, a sauna at 6pm instead", "swim", "skip the swim tomorrow",
     "a sauna at 6pm instead"),
    (NY, "Piano", 19, "no piano tomorrow, I'll go bowling at 7pm", "piano", "no piano tomorrow", "bowling at 7pm"),
    (NY, "Choir", 20, "choir's off tomorrow; drinks with Ola at 8pm", "choir", "choir's off tomorrow",
     "drinks with Ola at 8pm"),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r[3] for r in ROWS])
async def test_the_asked_events_day_is_not_undone(database, make_user, row: tuple) -> None:  # type: ignore[no-untyped-def]
    tz, title, hour, message, reference, asked, undone = row
    kit = await make_kit(database, make_user, timezone=str(tz))
    await kit.seed(title, datetime(2025, 3, 6, hour, tzinfo=tz))
    update = {"event": reference, "event_when": "Wednesday 2025-03-05 09:00", "scope": "one"}
    kit.script(call("update_event", update), *[reply("") for _ in range(6)])
    r = await kit.assistant.reply(kit.user_id, message)
    assert r.pending is not None and title in r.text, r.text
    assert asked not in r.text and undone in r.text, r.text
