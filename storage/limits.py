"""Size and range limits the store enforces. Breaking one raises an ``InvalidInput`` that names it."""

from __future__ import annotations

from datetime import timedelta

MAX_TITLE_LENGTH = 200
MAX_LOCATION_LENGTH = 200
MAX_NOTES_LENGTH = 4_000
MAX_ATTENDEES = 50
MAX_ATTENDEE_LENGTH = 200
MAX_RRULE_LENGTH = 500
MAX_EXDATES = 1_000
#: The most occurrences a COUNT-bounded series may have.
MAX_RRULE_COUNT = 1_000
#: The longest single event (or single occurrence of a series).
MAX_EVENT_DURATION = timedelta(days=366)
#: The longest range that list/conflict/free-slot queries accept.
MAX_QUERY_RANGE = timedelta(days=400)
MAX_TIMEZONE_LENGTH = 64
MAX_NAME_LENGTH = 200
MAX_LOCALE_LENGTH = 35
MAX_IDEMPOTENCY_KEY_LENGTH = 200
MAX_CONVERSATION_ID_LENGTH = 100
MAX_TURN_ID_LENGTH = 100
MAX_MESSAGE_LENGTH = 32_000
MAX_SEARCH_QUERY_LENGTH = 200
