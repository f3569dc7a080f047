"""Requests for things kairos does not do that a model likes to turn into events: alarms and timers,
and booking or buying (flights, tickets, hotels, tables, cars).

"please set two alarms, one at 12 pm and the next at 1 pm" came back from the embedded model as a
``create_event`` titled "Alarm" (intent sweep). kairos has no alarms; an event the user did not ask for
is a dirty write. A message that asks for an alarm or a timer and does not mention the calendar gets
code's refusal for any write; "put an alarm for the dentist on my calendar" still writes.

"Book me a train to Boston on Monday night" / 帮我订一张周日去杭州的机票 came back as a
``create_event`` for the trip (live eval): kairos cannot book or buy anything, and an event for a flight that
was never booked is made up. Booking words with something bought ("book a call with Acme" is a meeting)
get the same refusal unless the calendar is mentioned. So does sending a message ("tell the team by
email that the meeting is off" became a create of "Team Meeting"), unless the calendar is mentioned.
"""

from __future__ import annotations

import re

__all__ = ["asks_for_alarm", "asks_to_book", "asks_to_send", "not_an_event"]

_ALARM = re.compile(
    r"\b(?:alarms?|timers?|wake\s+me(?:\s+up)?)\b|闹钟|鬧鐘|定时器|計時器|计时器|叫醒我", re.IGNORECASE
)
_CALENDAR = re.compile(
    r"\b(?:calendar|schedule|agenda|event|meeting|appointment)s?\b|日历|日曆|日程|行程|会议|開會|开会|约会|預約|预约|安排",
    re.IGNORECASE,
)


_BOOKING = re.compile(
    r"\b(?:book|buy|purchase|order|reserve|get)\b(?:\s+(?:me|us|a|an|the|two|three|some|\d+|[a-z]+-?(?:way|class)))*"
    r"\s+(?:flights?|plane\s+tickets?|tickets?|train\s+tickets?|bus\s+tickets?|hotels?|hotel\s+rooms?|airbnb|"
    r"taxi|cab|uber|lyft|rental\s+car|car\s+rental|table)\b"
    r"|(?:订|訂|预订|預訂|预定|預定|买|買|购买|購買|抢|搶)(?:一|两|兩|几|幾|\d)?(?:张|張|个|個|间|間)?[^，。,.!?！？]{0,8}?"
    r"(?:机票|機票|火车票|火車票|高铁票|高鐵票|动车票|動車票|车票|車票|门票|門票|电影票|電影票|酒店|宾馆|賓館|民宿|"
    r"机位|座位|位子|出租车|出租車|网约车|網約車)",
    re.IGNORECASE,
)


_SENDING = re.compile(
    r"\b(?:send|write|shoot)\s+(?:\w+\s+)?(?:an?\s+|the\s+)?(?:e-?mails?|texts?|messages?|sms|slack)\b"
    r"|^\s*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:e-?mail|text|message|notify|ping|slack)\s+\w"
    r"|发(?:个|一个|一封|一条|条|封)?(?:邮件|郵件|消息|訊息|短信|簡訊|微信|信息)|(?:邮件|郵件|短信|微信)(?:通知|告诉|告訴)"
    r"|通知(?:一下)?(?:大家|团队|團隊|所有人|他们|他們)",
    re.IGNORECASE,
)


_CALENDAR_ITSELF = re.compile(r"\b(?:calendar|schedule|agenda)s?\b|日历|日曆|日程|行程", re.IGNORECASE)
"""A message about a meeting ("text my team that the offsite is cancelled") is still a message."""


def asks_to_send(text: str) -> bool:
    """Sending an email or a message is asked for, and the calendar itself is not mentioned."""
    return _SENDING.search(text) is not None and _CALENDAR_ITSELF.search(text) is None


def asks_to_book(text: str) -> bool:
    """Booking or buying is asked for (a flight, a ticket, a hotel, a table, a car), and the calendar is not
    mentioned."""
    return _BOOKING.search(text) is not None and _CALENDAR.search(text) is None


def asks_for_alarm(text: str) -> bool:
    """An alarm or timer is asked for, and the calendar is not mentioned."""
    return _ALARM.search(text) is not None and _CALENDAR.search(text) is None


def not_an_event(text: str) -> str | None:
    """The refusal (its ``phrases`` key) for a create that asks for something kairos does not do, or None."""
    for asks, key in (
        (asks_for_alarm, "no_alarms"),
        (asks_to_book, "no_booking"),
        (asks_to_send, "no_sending"),
    ):
        if asks(text):
            return key
    return None
