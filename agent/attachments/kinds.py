"""What an attached file is: decided from its bytes first, then its declared type; never from its name alone.

    kind_of(Attachment("term.ics", data, "text/calendar"))   # "calendar" | "image" | "pdf" | "document"
                                                              #   | "text" | "unknown"

Only ``calendar`` can be handled (an iCalendar stream: ``BEGIN:VCALENDAR`` after an optional byte-order
mark and blank space). The other kinds are named so that the answer can say what was sent and what is
supported. Bytes decide first: an image's or a PDF's signature makes it that, whatever the declared type or
the name say, and a body that opens an iCalendar stream is a calendar unless it was declared as an image,
a PDF, audio or video (a file that says one thing and is another is not read). Without a known signature
the declared type names the kind; the file's name is never evidence (a photo called ``term.ics`` is a
photo). A UTF-16 calendar (some Windows exports) reads as UTF-8 for the importer (``calendar_bytes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["MAX_ATTACHMENT_BYTES", "Attachment", "FileKind", "calendar_bytes", "kind_of"]

#: The largest file a chat turn takes (a term's timetable is tens of kilobytes).
MAX_ATTACHMENT_BYTES = 1_000_000

FileKind = Literal["calendar", "image", "pdf", "document", "text", "unknown"]

_SIGNATURES: tuple[tuple[bytes, FileKind], ...] = (
    (b"%PDF-", "pdf"),
    (b"\x89PNG\r\n\x1a\n", "image"),
    (b"\xff\xd8\xff", "image"),
    (b"GIF87a", "image"),
    (b"GIF89a", "image"),
    (b"BM", "image"),
    (b"II*\x00", "image"),
    (b"MM\x00*", "image"),
    (b"PK\x03\x04", "document"),  # zip: .docx, .xlsx, .pptx, .odt, …
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "document"),  # OLE: .doc, .xls, .msg
    (b"{\\rtf", "document"),
)
_ISO_MEDIA_IMAGES = (b"heic", b"heix", b"heif", b"mif1", b"avif")
_NOT_CALENDAR_TYPES = ("image/", "audio/", "video/", "application/pdf")


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file sent with a message: its name as the client gave it (may be empty), its bytes, and the media
    type the client declared (may be ``None``)."""

    name: str
    data: bytes
    declared_type: str | None = None

    @property
    def media_type(self) -> str:
        """The declared type without parameters, lower case ("" when none was declared)."""
        return (self.declared_type or "").split(";", 1)[0].strip().lower()


def kind_of(attachment: Attachment) -> FileKind:
    """What ``attachment`` is (see the module's docstring for the order of the evidence)."""
    head = attachment.data[:64]
    for signature, kind in _SIGNATURES:
        if head.startswith(signature) and (signature != b"BM" or attachment.media_type.startswith("image/")):
            return kind
    if head[4:8] == b"ftyp" and head[8:12] in _ISO_MEDIA_IMAGES:
        return "image"
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "image"
    declared = attachment.media_type
    if _opens_calendar(attachment.data):
        return "unknown" if declared.startswith(_NOT_CALENDAR_TYPES) else "calendar"
    if declared.startswith("image/"):
        return "image"
    if declared == "application/pdf":
        return "pdf"
    if declared.startswith(("application/vnd.", "application/msword", "application/zip")):
        return "document"
    if _is_text(attachment.data):
        return "text"
    return "unknown"


def calendar_bytes(data: bytes) -> bytes:
    """``data`` as UTF-8 without a byte-order mark (a UTF-16 file with its mark is decoded)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace").encode("utf-8")
    return data.removeprefix(b"\xef\xbb\xbf")


def _opens_calendar(data: bytes) -> bool:
    head = data[:1024]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", errors="ignore").encode("utf-8")
    return head.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n").upper().startswith(b"BEGIN:VCALENDAR")


def _is_text(data: bytes) -> bool:
    sample = data[:4096]
    if b"\x00" in sample:
        return False
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(sample) - 4  # a character cut at the sample's end
    return True
