"""Requests for things kairos does not do that a model likes to turn into events: alarms and timers.

"please set two alarms, one at 12 pm and the next at 1 pm" came back from the embedded model as a
``create_event`` titled "Alarm" (intent sweep). kairos has no alarms; an event the user did not ask for
is a dirty write. A message that asks for an alarm or a timer and does not mention the calendar gets
code's refusal for any write; "put an alarm for the dentist on my calendar" still writes.
"""

from __future__ import annotations

import re

__all__ = ["asks_for_alarm"]

_ALARM = re.compile(
    r"\b(?:alarms?|timers?|wake\s+me(?:\s+up)?)\b|闹钟|鬧鐘|定时器|計時器|计时器|叫醒我", re.IGNORECASE
)
_CALENDAR = re.compile(
    r"\b(?:calendar|schedule|agenda|event|meeting|appointment)s?\b|日历|日曆|日程|行程|会议|開會|开会|约会|預約|预约|安排",
    re.IGNORECASE,
)


def asks_for_alarm(text: str) -> bool:
    """An alarm or timer is asked for, and the calendar is not mentioned."""
    return _ALARM.search(text) is not None and _CALENDAR.search(text) is None
