"""Files in ``kairos chat``: which lines attach a file, and reading it.

    /attach PATH [words]       attach the file at PATH (quote a path with spaces: /attach "my term.ics")
    PATH                       a line that is only the path of an existing file (as a terminal pastes a
                               dragged file: quoted, or with its spaces escaped) attaches it too; a line
                               counts as a path only with a separator, a leading ~ or an extension
    kairos chat --attach PATH [-m words]

The file is read up to ``MAX_ATTACHMENT_BYTES``; its type is declared from its name (as any client would)
and decided by the assistant from its bytes (``agent.attachments``).
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from pathlib import Path

from agent.attachments import MAX_ATTACHMENT_BYTES, Attachment

__all__ = ["ATTACH", "AttachError", "Said", "read_attachment", "said"]

ATTACH = "/attach"


class AttachError(Exception):
    """The line asked for a file that cannot be attached; the message says why (for the user)."""


@dataclass(frozen=True, slots=True)
class Said:
    """A line of input: the words, and the file it attaches (if any)."""

    text: str
    attachment: Attachment | None = None


def said(line: str) -> Said:
    """What ``line`` says: ``/attach PATH [words]``, a line that is only an existing file's path, or words.
    Raises ``AttachError`` for an ``/attach`` whose file cannot be read."""
    stripped = line.strip()
    if stripped == ATTACH or stripped.startswith(ATTACH + " "):
        rest = stripped[len(ATTACH) :].strip()
        if not rest:
            raise AttachError(f"Say which file: {ATTACH} PATH [message]")
        path, words = _split_path(rest)
        return Said(words, read_attachment(path))
    alone = _unquoted(stripped)
    if _looks_like_path(alone) and Path(alone).expanduser().is_file():
        return Said("", read_attachment(alone))
    return Said(stripped)


def read_attachment(path: str) -> Attachment:
    """The file at ``path`` (``~`` expanded), at most ``MAX_ATTACHMENT_BYTES``; else ``AttachError``."""
    file = Path(path).expanduser()
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_ATTACHMENT_BYTES + 1)
    except FileNotFoundError:
        raise AttachError(f"No such file: {path}") from None
    except IsADirectoryError:
        raise AttachError(f"That is a folder, not a file: {path}") from None
    except OSError as exc:
        raise AttachError(f"Could not read {path}: {exc.strerror or 'unreadable'}") from None
    if len(data) > MAX_ATTACHMENT_BYTES:
        raise AttachError(
            f"{file.name} is larger than {MAX_ATTACHMENT_BYTES} bytes; import it with `kairos events import`."
        )
    declared, _ = mimetypes.guess_type(file.name)
    return Attachment(file.name, data, declared)


def _split_path(rest: str) -> tuple[str, str]:
    """``PATH [words]``: a quoted path, the whole rest when it is an existing file, else the first word."""
    if rest[0] in "\"'" and rest.find(rest[0], 1) > 0:
        end = rest.find(rest[0], 1)
        return rest[1:end], rest[end + 1 :].strip()
    if Path(rest).expanduser().is_file():
        return rest, ""
    path, _, words = rest.partition(" ")
    return path, words.strip()


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text.replace("\\ ", " ")


def _looks_like_path(text: str) -> bool:
    if not text or "\n" in text:
        return False
    name = Path(text).name
    return "/" in text or "\\" in text or text.startswith("~") or ("." in name.strip(".") and " " not in name)
