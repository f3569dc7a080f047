"""``kairos events list|export|import``: the local calendar from the shell (the local user by default;
``--user`` names another by id or name).

    kairos events list --from 2025-03-06 --to 2025-03-13
    kairos events export calendar.ics
    kairos events import calendar.ics
"""

from __future__ import annotations

import asyncio
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Annotated
from zoneinfo import ZoneInfo

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from agent.cli.users import now, resolve_user
from storage import Database, InvalidInput
from storage.ics import export_ics, import_ics

__all__ = ["app"]

app = typer.Typer(no_args_is_help=True, add_completion=False, help="List, export and import events.")
console = Console(highlight=False)
UserOption = typer.Option(None, "--user", help="User id or name (default: the local user).")


def _when(raw: str | None, tz: ZoneInfo, default: datetime) -> datetime:
    """An ISO date (local midnight) or date-time; without an offset it is in the user's zone."""
    if raw is None:
        return default
    try:
        value = datetime.fromisoformat(raw)
    except ValueError:
        raise typer.BadParameter(
            f"{raw!r} is not an ISO date or date-time (2025-03-06, 2025-03-06T09:00)"
        ) from None
    if len(raw) <= 10:
        value = datetime.combine(value.date(), time(), tzinfo=tz)
    return value if value.tzinfo is not None else value.replace(tzinfo=tz)


@app.command("list")
def list_events(
    start: str = typer.Option(None, "--from", help="Start (ISO date or date-time; default: today)."),
    end: str = typer.Option(None, "--to", help="End, exclusive (default: 7 days after the start)."),
    user: str = UserOption,
) -> None:
    """List events in a range, recurring events expanded."""

    async def run() -> None:
        async with await Database.open() as db:
            profile = await resolve_user(db, user)
            tz = ZoneInfo(profile.timezone)
            today = datetime.combine(now().astimezone(tz).date(), time(), tzinfo=tz)
            lo = _when(start, tz, today)
            hi = _when(end, tz, lo + timedelta(days=7))
            if hi <= lo:
                raise typer.BadParameter("--to must be after --from")
            occurrences = await db.events(profile.id).list_range(lo, hi)
        table = Table("when", "title", "id", title=f"{lo:%Y-%m-%d} – {hi:%Y-%m-%d} ({profile.timezone})")
        for o in occurrences:
            local = o.start.astimezone(tz)
            when = f"{local:%a %Y-%m-%d}" if o.all_day else f"{local:%a %Y-%m-%d %H:%M}"
            table.add_row(when, escape(o.title) + (" ↻" if o.recurring else ""), str(o.event_id))
        console.print(table if occurrences else "no events in this range")

    asyncio.run(run())


@app.command("export")
def export(
    file: Annotated[Path, typer.Argument(help="Where to write the .ics file.")], user: str = UserOption
) -> None:
    """Write all events to an .ics file."""

    async def run() -> bytes:
        async with await Database.open() as db:
            profile = await resolve_user(db, user)
            return await export_ics(db.events(profile.id))

    data = asyncio.run(run())
    file.write_bytes(data)
    count = data.count(b"BEGIN:VEVENT")
    console.print(f"exported {count} event(s) to {file}")


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="The .ics file.")],
    user: str = UserOption,
) -> None:
    """Import an .ics file; prints what was imported and what was skipped, and why."""
    content = file.read_bytes()

    async def run() -> int:
        async with await Database.open() as db:
            profile = await resolve_user(db, user)
            try:
                summary = await import_ics(db.events(profile.id), content, now=now())
            except InvalidInput:
                console.print("[red]that file is not valid iCalendar data[/red]")
                return 2
        removed = f", cancelled {len(summary.removed)} occurrence(s)" if summary.removed else ""
        console.print(f"imported {len(summary.imported)}, skipped {len(summary.skipped)}{removed}")
        for r in summary.imported:
            console.print(f"  [green]+[/green] {escape(r.event.title)} ({r.event.start:%Y-%m-%d %H:%M})")
        for s in summary.skipped:
            console.print(f"  [yellow]-[/yellow] {escape(s.title or s.uid or '?')}: {escape(s.reason)}")
        for r in summary.removed:
            when = f"{r.occurrence_start:%Y-%m-%d %H:%M}" if r.occurrence_start else "?"
            console.print(f"  [red]x[/red] {escape(r.event.title)} ({when}): cancelled in the file")
        return 0

    raise typer.Exit(asyncio.run(run()))
