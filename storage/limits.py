"""Size and range limits the store enforces. Breaking one raises an ``InvalidInput`` that names it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

#: The years the store holds and answers for, both included: every stored instant (an event's start and end,
#: an excluded date, the last start a rule allows) and every queried range lies in
#: ``[EARLIEST, LATEST]``. Far wider than any calendar needs, and far enough inside what ``datetime`` can
#: hold that no conversion on the way (a zone's offset, a day of slack, an event's length) can overflow.
FIRST_YEAR = 1900
LAST_YEAR = 2200
#: The first instant of ``FIRST_YEAR`` and the end of ``LAST_YEAR`` (UTC); all-day dates count by their year.
EARLIEST = datetime(FIRST_YEAR, 1, 1, tzinfo=UTC)
LATEST = datetime(LAST_YEAR + 1, 1, 1, tzinfo=UTC)
MAX_TITLE_LENGTH = 200
MAX_LOCATION_LENGTH = 200
MAX_NOTES_LENGTH = 4_000
MAX_ATTENDEES = 50
MAX_ATTENDEE_LENGTH = 200
MAX_RRULE_LENGTH = 500
MAX_EXDATES = 1_000
#: The most occurrences a COUNT-bounded series may have.
MAX_RRULE_COUNT = 1_000
#: The largest INTERVAL of a recurrence rule (INTERVAL=0 would never advance).
MAX_RRULE_INTERVAL = 1_000
#: Density of a series: at most this many occurrences a day, each at least this far from the next.
MAX_OCCURRENCES_PER_DAY = 24
MIN_OCCURRENCE_GAP = timedelta(minutes=5)
#: How many of a rule's periods (days, weeks, months, years) may be read to find its next occurrence
#: or its COUNT-th one; a rule that needs more is refused as too sparse.
MAX_RRULE_SCAN_PERIODS = 5_000
#: The most occurrences one listing expands (all series together); past it the listing says truncated.
MAX_OCCURRENCES_PER_LISTING = 2_000
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
