"""What an attached file is, from its bytes and its declared type (never from its name alone)."""

from __future__ import annotations

import pytest

from agent.attachments import Attachment, kind_of
from agent.attachments.kinds import calendar_bytes
from tests.fixtures import ics_file

ICS = ics_file("google_export.ics")
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + b"\x00" * 40
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 40
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
HEIC = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + b"\x00" * 20
DOCX = b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 40

ROWS = [
    # (name, bytes, declared type, kind, reason)
    ("term.ics", ICS, "text/calendar", "calendar", "an iCalendar stream, declared as one"),
    ("export", ICS, None, "calendar", "no name, no type: the bytes say calendar"),
    ("invite.txt", ICS, "text/plain", "calendar", "a calendar sent as plain text is still a calendar"),
    (
        "x.ics",
        b"\xef\xbb\xbf\r\n  BEGIN:VCALENDAR\r\nEND:VCALENDAR",
        None,
        "calendar",
        "a BOM and blank lines first",
    ),
    ("x.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR".encode("utf-16"), None, "calendar", "UTF-16 with its BOM"),
    ("term.ics", PNG, "text/calendar", "image", "a PNG named and declared as a calendar is a PNG"),
    ("photo.jpg", JPEG, "image/jpeg", "image", "a JPEG"),
    ("IMG_0042.HEIC", HEIC, None, "image", "an iPhone photo (HEIC), no declared type"),
    ("timetable.pdf", PDF, "application/pdf", "pdf", "a PDF"),
    ("timetable.ics", PDF, "application/octet-stream", "pdf", "a PDF named .ics: the bytes decide"),
    ("schedule.docx", DOCX, None, "document", "a zip container (Office)"),
    ("scan", b"\x00\x01\x02garbage", "image/png", "image", "no signature: the declared type names it"),
    ("term.ics", ICS, "image/png", "unknown", "calendar bytes declared as an image: not read"),
    (
        "notes.ics",
        b"Lecture on Monday at 10\n",
        None,
        "text",
        "text that is not iCalendar, whatever its name",
    ),
    ("blob", b"\x00\xff\x00\xfe\x01", None, "unknown", "binary with no signature and no type"),
]


def test_rows_are_distinct() -> None:
    assert len({(r[0], r[1], r[2]) for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize(("name", "data", "declared", "kind", "reason"), ROWS, ids=[r[4] for r in ROWS])
def test_kind_of(name: str, data: bytes, declared: str | None, kind: str, reason: str) -> None:
    assert kind_of(Attachment(name, data, declared)) == kind, reason


def test_calendar_bytes_are_utf8_without_a_mark() -> None:
    text = "BEGIN:VCALENDAR\r\nSUMMARY:课表\r\nEND:VCALENDAR"
    assert calendar_bytes(text.encode("utf-16")) == text.encode()
    assert calendar_bytes(b"\xef\xbb\xbf" + text.encode()) == text.encode()
    assert calendar_bytes(text.encode()) == text.encode()
