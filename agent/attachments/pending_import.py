"""A previewed import, waiting for the user's "yes": stored as the conversation's pending confirmation, and
executed by the confirmation gate with zero model calls.

The pending command is a ``NeedsConfirmation`` of the tool ``import_calendar``: its arguments only name
the file (what the prompt shows the model while it waits: ``sessions.pending_line``), and what code settled
— the planned writes, exactly as previewed — is in ``resolved``::

    {"v": 1, "items": [PlannedItem.to_json(), ...]}        # at most MAX_PENDING_BYTES of JSON

On "yes" (``confirm_import``) the items are read back and written in one transaction
(``EventStore.import_items``: validated again, all or nothing; a retry of the same turn replays). The
answer is a line from the stored rows, then one receipt per stored row (the runs, absorbed as any write's).
On "no" the gates drop it like any pending command; once it has expired it is never loaded.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from agent.context import ToolContext
from agent.language import Lang
from agent.outcomes import Command, NeedsConfirmation, Persisted
from agent.tools.registry import ToolRun
from storage import IdempotencyKeyReused, InvalidInput, NotFound, PendingRecord, WriteResult
from storage.ics_batch import MAX_BATCH_ITEMS
from storage.ics_plan import PlannedItem

__all__ = ["IMPORT_TOOL", "MAX_PENDING_BYTES", "confirm_import", "is_import", "pending_import"]

log = logging.getLogger("kairos.agent.attachments")

IMPORT_TOOL = "import_calendar"
MAX_PENDING_BYTES = 40_000
"""The planned writes a pending import keeps (the pending record holds at most 64 kB with the preview)."""
PAYLOAD_VERSION = 1


def pending_import(name: str, items: Sequence[PlannedItem], question: str) -> NeedsConfirmation | None:
    """The confirmation that keeps ``items`` until the user answers ``question``; ``None`` when they are
    too many to keep."""
    stored = [item.to_json() for item in items]
    if not stored or len(stored) > MAX_BATCH_ITEMS:
        return None
    if len(json.dumps(stored, ensure_ascii=False).encode()) > MAX_PENDING_BYTES:
        return None
    command = Command(
        IMPORT_TOOL, {"title": name}, call_index=0, resolved={"v": PAYLOAD_VERSION, "items": stored},
        grounded=True,
    )  # fmt: skip
    return NeedsConfirmation(command, (), question)


def is_import(record: PendingRecord) -> bool:
    """Whether the pending command is an import waiting for its "yes"."""
    return (record.payload.get("command") or {}).get("tool") == IMPORT_TOOL


async def confirm_import(ctx: ToolContext, record: PendingRecord) -> tuple[str, tuple[ToolRun, ...]]:
    """Write the pending import (taken from the store already): the answer's first line and one run per
    stored row (their receipts follow it). Nothing is written when it fails, and the text says so."""
    command = record.payload.get("command") or {}
    name = str((command.get("args") or {}).get("title") or "")
    try:
        resolved = command["resolved"]
        if resolved.get("v") != PAYLOAD_VERSION:
            raise ValueError("unknown pending import version")
        items = [PlannedItem.from_json(data) for data in resolved["items"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        log.warning("a pending import could not be read", extra={"turn_id": ctx.turn_id})
        return _say("unreadable", ctx.lang), ()
    try:
        results = await ctx.events.import_items(
            items, now=ctx.now, key_prefix=f"{ctx.turn_id}:import", turn_id=ctx.turn_id
        )
    except IdempotencyKeyReused:
        return _say("imported_meanwhile", ctx.lang, name=name), ()
    except (InvalidInput, NotFound) as exc:
        log.info("a confirmed import no longer fits: %s", type(exc).__name__, extra={"turn_id": ctx.turn_id})
        return _say("changed_meanwhile", ctx.lang, name=name), ()
    except Exception:  # the store failing, or a bug: logged for the operator; the batch wrote nothing
        log.exception("a confirmed import could not be written", extra={"turn_id": ctx.turn_id})
        return _say("failed", ctx.lang), ()
    done = Command(IMPORT_TOOL, {"title": name}, call_index=0, grounded=True)
    runs = tuple(ToolRun(IMPORT_TOOL, "write", n, None, Persisted(done, r)) for n, r in enumerate(results))
    return header(name, results, ctx.lang), runs


def header(name: str, results: Sequence[WriteResult], lang: Lang) -> str:
    """What the import did, counted from the committed results (receipts follow, one per row)."""
    counts = {
        action: sum(1 for r in results if r.action == action) for action in ("created", "updated", "deleted")
    }
    parts = [_counted("added", counts["created"], lang)] if counts["created"] else []
    if counts["updated"]:
        parts.append(_counted("changed", counts["updated"], lang))
    if counts["deleted"]:
        parts.append(_counted("cancelled", counts["deleted"], lang))
    done = ("，" if lang == "zh" else ", ").join(parts)
    # "imported" claims a create (the exit check's words): only where the import created something
    return _say("imported" if counts["created"] else "applied", lang, name=name, done=done)


def _counted(what: str, n: int, lang: Lang) -> str:
    if lang == "zh":
        return {"added": f"添加了{n}个日程", "changed": f"改动了{n}次", "cancelled": f"取消了{n}次"}[what]
    noun = {"added": "event", "changed": "occurrence", "cancelled": "occurrence"}[what]
    verb = {"added": "added", "changed": "changed", "cancelled": "cancelled"}[what]
    return f"{n} {noun}{'' if n == 1 else 's'} {verb}"


def _say(key: str, lang: Lang, **values: Any) -> str:
    en, zh = _TEXTS[key]
    return (zh if lang == "zh" else en).format(**values)


_TEXTS: dict[str, tuple[str, str]] = {
    "imported": ("Imported “{name}”: {done}.", "已导入「{name}」：{done}。"),
    "applied": ("From “{name}”: {done}.", "按「{name}」：{done}。"),
    "imported_meanwhile": (
        "Some events of “{name}” were imported in the meantime, so I imported nothing. Send the file again "
        "for a new preview.",
        "「{name}」里有些日程在这期间已通过另一次导入出现在日历中，所以这次没有添加任何内容。请重新发送文件，重新预览。",
    ),
    "changed_meanwhile": (
        "Your calendar changed since the preview of “{name}”, so I imported nothing. Send the file again for "
        "a new preview.",
        "预览「{name}」之后你的日历有了变化，所以这次没有导入任何内容。请重新发送文件，重新预览。",
    ),
    "unreadable": (
        "I couldn't read the import waiting for your answer, so I imported nothing. Please send the file again.",
        "无法读取等待确认的导入，所以没有导入任何内容。请重新发送文件。",
    ),
    "failed": (
        "I couldn't save the import; your calendar is unchanged. Please try again.",
        "这次导入没能保存，日历没有变化。请再试一次。",
    ),
}  # fmt: skip
