"""iCalendar (.ics, RFC 5545) export and import of one user's events, with the ``icalendar`` library.

The public face of the modules that do it, and what other code imports: ``storage.ics_export`` writes a
calendar; ``storage.ics_import`` reads one, with ``storage.ics_drafts`` reading each VEVENT as a draft and
``storage.ics_reimport`` telling the items of this calendar's own export (already in it, or differing) by
their kairos UID (``storage.ics_uid``).
"""

from __future__ import annotations

from storage.ics_export import PRODID, events_to_ics, export_ics
from storage.ics_import import ImportSummary, SkippedItem, import_ics

__all__ = ["PRODID", "ImportSummary", "SkippedItem", "events_to_ics", "export_ics", "import_ics"]
