"""iCalendar (.ics, RFC 5545) export and import of one user's events, with the ``icalendar`` library.

The public face of the modules that do it, and what other code imports: ``storage.ics_export`` writes a
calendar; ``storage.ics_import`` reads one, with ``storage.ics_drafts`` reading each VEVENT as a draft and
``storage.ics_reimport`` telling the items of this calendar's own export (already in it, or differing) by
their kairos UID (``storage.ics_uid``). ``storage.ics_plan`` plans an import without writing (the same items,
keys and reasons) and ``storage.ics_batch`` writes a plan all at once (a file previewed in a chat, then
confirmed).
"""

from __future__ import annotations

from storage.ics_export import PRODID, events_to_ics, export_ics
from storage.ics_import import ImportSummary, SkippedItem, import_ics

__all__ = ["PRODID", "ImportSummary", "SkippedItem", "events_to_ics", "export_ics", "import_ics"]
