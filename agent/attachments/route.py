"""A turn with an attached file, routed by code: the file's type is a fact, so no model decides what to do.

    file ─► kind_of (bytes, then declared type)
            ├─ not a calendar ─► what was sent and what is supported; nothing stored
            └─ calendar ─► plan_ics (the importer, reading only) ─► entries (numbered)
                           ├─ words with it ─► one model call picks the entries they ask for (narrowing)
                           └─► facts (span, repeats, overlaps) ─► preview ─► pending import (a "yes" writes it)

Zero model calls without words (or for a file of one event: its "yes" or "no" is the choice); one with
them. Nothing is written on this turn.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Sequence

from agent.attachments.facts import Entry, entries_of, facts_of
from agent.attachments.kinds import Attachment, calendar_bytes, kind_of
from agent.attachments.narrowing import narrow
from agent.attachments.pending_import import pending_import
from agent.attachments.preview import nothing_text, preview_text, unsupported_text
from agent.checks.exit_check import check_reply
from agent.context import ToolContext
from agent.language import Lang, detect_language
from agent.model import Model
from agent.turn.result import TurnResult
from agent.turn.telemetry import TurnTelemetry
from storage import InvalidInput
from storage.bounds import strip_controls
from storage.ics_batch import MAX_BATCH_ITEMS
from storage.ics_plan import ImportPlan, PlannedItem, plan_ics

__all__ = ["attachment_turn", "display_name", "keep", "language_sample", "transcript_text"]

log = logging.getLogger("kairos.agent.attachments")

_METHODS_NOT_IMPORTED = {"CANCEL", "REPLY", "COUNTER", "DECLINECOUNTER", "REFRESH"}


async def attachment_turn(
    ctx: ToolContext, attachment: Attachment, model: Model, telemetry: TurnTelemetry
) -> TurnResult:
    """The turn's answer to ``attachment`` (with ``ctx.user_text`` as the words sent with it)."""
    telemetry.route = "attachment"
    lang = ctx.lang
    kind = kind_of(attachment)
    if kind != "calendar":
        return _said(unsupported_text(kind, lang), telemetry)
    name = display_name(attachment, lang)
    try:
        plan = await plan_ics(ctx.events, calendar_bytes(attachment.data), now=ctx.now)
    except InvalidInput:
        return _said(unsupported_text("broken", lang), telemetry)
    if plan.method in _METHODS_NOT_IMPORTED:
        return _said(_method_text(plan.method, lang), telemetry)
    if not plan.items:
        return _said(nothing_text(name, plan.skipped, lang), telemetry)
    if len(plan.items) > MAX_BATCH_ITEMS:
        return _said(unsupported_text("too_big", lang), telemetry)
    entries = entries_of(plan.items, ctx.tz)
    items: Sequence[PlannedItem] = plan.items
    of_total = None
    if ctx.user_text.strip() and len(entries) > 1:  # one event: the yes or no is the choice
        picked = await narrow(
            model, entries, items, ctx.user_text, name=name, now=ctx.now, zone=ctx.tz, telemetry=telemetry
        )
        if picked is not None and not picked:
            return _said(nothing_text(name, (), lang, asked=True), telemetry)
        if picked is not None and len(picked) < len(entries):
            items, of_total = keep(items, entries, picked), len(entries)
    return await _preview(ctx, name, plan, items, of_total, telemetry)


async def _preview(
    ctx: ToolContext, name: str, plan: ImportPlan, items: Sequence[PlannedItem], of_total: int | None,
    telemetry: TurnTelemetry,
) -> TurnResult:  # fmt: skip
    facts = await facts_of(ctx.events, items, ctx.tz)
    question = preview_text(
        name, items, plan.skipped, facts, ctx.lang, now=ctx.now, zone=ctx.tz, method=plan.method,
        organizer=plan.organizer, of_total=of_total,
    )  # fmt: skip
    asking = pending_import(name, items, question)
    if asking is None:
        return _said(unsupported_text("too_big", ctx.lang), telemetry)
    result = _said(question, telemetry)
    result.asking.append(asking)
    return result


def keep(items: Sequence[PlannedItem], entries: Sequence[Entry], numbers: Sequence[int]) -> list[PlannedItem]:
    """The items of the entries numbered ``numbers``, in the plan's order, an override's series renumbered."""
    wanted = set(numbers)
    kept = sorted(i for e in entries if e.number in wanted for i in e.items)
    place = {old: new for new, old in enumerate(kept)}
    out = []
    for old in kept:
        item = items[old]
        if item.series is not None:
            item = dataclasses.replace(item, series=place[item.series])
        out.append(item)
    return out


def display_name(attachment: Attachment, lang: Lang) -> str:
    """The file's name as the answer shows it: its last path part, printable, at most 80 characters."""
    base = os.path.basename(attachment.name.replace("\\", "/")).strip()
    base = "".join(ch for ch in strip_controls(base) if ch.isprintable())[:80]
    return base or ("这个文件" if lang == "zh" else "the file")


def language_sample(text: str, attachment: Attachment | None) -> str:
    """What the reply language is told from: the message, or for a file sent without words, the file's
    start (a timetable in Chinese is answered in Chinese)."""
    if attachment is None or text.strip():
        return text
    sample = calendar_bytes(attachment.data[:8192]).decode("utf-8", errors="ignore")
    return "中" if detect_language(sample) == "zh" else ""


def transcript_text(text: str, attachment: Attachment | None) -> str:
    """The user's message as the transcript keeps it: with the attached file named."""
    if attachment is None:
        return text
    note = f"[attached: {display_name(attachment, 'en')}]"
    return f"{text}\n{note}" if text.strip() else note


def _said(text: str, telemetry: TurnTelemetry) -> TurnResult:
    result = TurnResult(text=text)
    result.verdict = check_reply("", ())
    telemetry.exit_check = result.verdict.outcome
    return result


def _method_text(method: str | None, lang: Lang) -> str:
    if lang == "zh":
        return (
            f"这个文件是对会议邀请的回复或取消（METHOD:{method}），我不会根据文件去改动日历。日历没有变化。"
        )
    return (
        f"This file answers or cancels a meeting invitation (METHOD:{method}); I don't apply those from files. "
        "Your calendar is unchanged."
    )
