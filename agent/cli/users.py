"""``kairos users add|list``, and the helpers every local command shares: the database, the local user,
the machine's time zone (read here, at the entry point, and nowhere else).

    kairos users add Ada --tz Asia/Shanghai     # prints the new user's API key, once
    kairos users list
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import os
import uuid
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import typer
from rich.console import Console
from rich.table import Table
from sqlalchemy.exc import DBAPIError

from storage import Database, InvalidUser, StorageError, UserNotFound, UserProfile

__all__ = ["LOCAL_USER_ID", "app", "local_locale", "local_user", "machine_timezone", "now", "resolve_user"]

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Users and their API keys.")
console = Console()
#: The one user of ``kairos chat`` on this machine (same id in every run, created on first use).
LOCAL_USER_ID = uuid.uuid5(uuid.NAMESPACE_URL, "kairos:local-user")


def now() -> datetime:
    """The real clock; only the CLI and the API read it."""
    return datetime.now(UTC)


def machine_timezone(env: dict[str, str] | None = None, localtime: Path = Path("/etc/localtime")) -> str:
    """The OS's IANA zone: ``TZ``, else the ``/etc/localtime`` link, else ``/etc/timezone``, else UTC."""
    env = dict(os.environ) if env is None else env
    candidates = [env.get("TZ", "").lstrip(":")]
    try:
        target = str(localtime.resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for name in candidates:
        if name and _valid_zone(name):
            return name
    return "UTC"


def local_locale(env: dict[str, str] | None = None) -> str:
    env = dict(os.environ) if env is None else env
    lang = (env.get("LC_ALL") or env.get("LANG") or "").lower()
    return "zh-CN" if lang.startswith("zh") else "en-US"


def _valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


async def local_user(db: Database, tz: str | None) -> UserProfile:
    """The local user, created on first run with the machine's zone (``tz`` overrides and is saved)."""
    name = getpass.getuser() or "me"
    user = await db.users.get_or_create(
        LOCAL_USER_ID, name=name, timezone=tz or machine_timezone(), locale=local_locale(), now=now()
    )
    if tz and user.timezone != tz:
        user = await db.users.update(user.id, timezone=tz)
    return user


async def resolve_user(db: Database, who: str | None, tz: str | None = None) -> UserProfile:
    """``who`` as a user id or a unique name; ``None`` is the local user."""
    if who is None:
        return await local_user(db, tz)
    try:
        return await db.users.get(uuid.UUID(who))
    except (ValueError, UserNotFound):
        pass
    matches = await db.users.all(name=who)
    if len(matches) != 1:
        raise typer.BadParameter(f"no single user named or numbered {who!r} (see `kairos users list`)")
    return matches[0]


def _check_zone(tz: str) -> str:
    if not _valid_zone(tz):
        raise typer.BadParameter(f"unknown time zone {tz!r}; use an IANA name such as Asia/Shanghai")
    return tz


@app.command()
def add(
    name: str = typer.Argument(..., help="The user's name."),
    tz: str = typer.Option(..., "--tz", help="IANA time zone, e.g. Asia/Shanghai.", callback=_check_zone),
    locale: str = typer.Option("en-US", help="Locale tag, e.g. zh-CN."),
    label: str = typer.Option(None, help="A note for the key (where it is used)."),
) -> None:
    """Create a user and print their API key (shown once; only its hash is stored)."""

    async def run() -> tuple[UserProfile, str]:
        async with await Database.open() as db:
            user = await db.users.create(name=name, timezone=tz, locale=locale, now=now())
            issued = await db.api_keys.issue(user.id, now=now(), label=label)
            return user, issued.key

    try:
        user, key = asyncio.run(run())
    except InvalidUser as exc:
        console.print(f"[red]{exc.args[0] if exc.args else 'invalid user'}[/red]")
        raise typer.Exit(2) from None
    except StorageError:
        console.print("[red]the database is not reachable[/red]")
        raise typer.Exit(1) from None
    console.print(f"user {user.name} ({user.id}), time zone {user.timezone}")
    console.print("API key (shown once; store it now):")
    typer.echo(key)


@app.command("list")
def list_users() -> None:
    """List users (never their keys)."""

    async def run() -> list[UserProfile]:
        async with await Database.open() as db:
            return await db.users.all()

    try:
        users = asyncio.run(run())
    except (StorageError, DBAPIError, OSError):
        console.print("[red]the database is not reachable[/red]")
        raise typer.Exit(1) from None
    table = Table("id", "name", "time zone", "locale", "created")
    for user in users:
        local = " (local)" if user.id == LOCAL_USER_ID else ""
        table.add_row(
            str(user.id), user.name + local, user.timezone, user.locale, user.created_at.isoformat()
        )
    console.print(table)
