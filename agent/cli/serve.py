"""``kairos serve``: the HTTP API under uvicorn.

Workers are stateless (everything lives in the database), so ``--workers N`` spreads one user's turns over
processes safely on PostgreSQL (``KAIROS_DATABASE_URL=postgresql+asyncpg://...``). On SQLite several
workers work too, but their writes queue on one file lock. The embedded model runs inside one worker; with
``--workers`` above 1, start it once with ``kairos model serve`` and set ``KAIROS_MODEL_BASE_URL``.

The request line and headers are capped at ``MAX_HEAD_BYTES`` (past it: 400 and the connection closed,
before the app sees anything). uvicorn's default parser, httptools, has no such cap (a 1 MB header was
read and handed on), so the server runs h11, whose ``h11_max_incomplete_event_size`` is the cap. (h11
parses in Python: more CPU per request than httptools; small beside a turn.) Bodies are capped by the app
itself (``agent.api.body_limit``).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import typer
import uvicorn
from rich.console import Console

from agent.api import ApiSettings
from agent.model import EmbeddedModelMissingError, ModelSettings, ensure_model
from storage import database_url

__all__ = ["MAX_HEAD_BYTES", "serve", "uvicorn_argv", "uvicorn_options"]

console = Console(stderr=True)
#: The longest request line plus headers a connection may send (an API key, a few ordinary headers).
MAX_HEAD_BYTES = 32 * 1024


def uvicorn_options() -> dict[str, Any]:
    """The uvicorn settings every ``kairos serve`` runs with, whatever the number of workers."""
    return {"http": "h11", "h11_max_incomplete_event_size": MAX_HEAD_BYTES}


def uvicorn_argv() -> list[str]:
    """``uvicorn_options`` as ``python -m uvicorn`` arguments."""
    options = uvicorn_options()
    return ["--http", options["http"], "--h11-max-incomplete-event-size",
            str(options["h11_max_incomplete_event_size"])]  # fmt: skip


def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8000, help="TCP port."),
    workers: int = typer.Option(1, min=1, help="Worker processes (stateless; use PostgreSQL for N > 1)."),
    log_level: str = typer.Option("info", help="uvicorn log level."),
    access_log: bool = typer.Option(
        True, "--access-log/--no-access-log", help="One log line per request (off saves CPU per request)."
    ),
) -> None:
    """Serve the HTTP API (POST /v1/chat, /v1/events..., /healthz, /readyz; docs at /docs)."""
    try:
        ApiSettings.from_env()  # fail fast on a bad limit, before any worker starts
        model = ModelSettings.from_env()
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    if workers > 1 and model.uses_embedded:
        console.print(
            "[red]--workers > 1 needs one shared model: run `kairos model serve` and set "
            "KAIROS_MODEL_BASE_URL (and KAIROS_MODEL_TOOL_MODE=json) first.[/red]"
        )
        raise typer.Exit(2)
    _require_model(model)
    if workers > 1 and database_url().startswith("sqlite"):
        console.print(
            "[yellow]several workers on SQLite: writes queue on one file; PostgreSQL scales.[/yellow]"
        )
    if workers == 1:
        uvicorn.run(
            "agent.api.app:app_from_env", factory=True, host=host, port=port, log_level=log_level,
            access_log=access_log, **uvicorn_options(),
        )  # fmt: skip
        return
    # Worker processes are spawned; under the ``kairos`` console script the spawned children die at start
    # (the script is re-imported as their main module), so hand the process over to ``python -m uvicorn``.
    argv = [sys.executable, "-m", "uvicorn", "agent.api.app:app_from_env", "--factory", "--host", host,
            "--port", str(port), "--workers", str(workers), "--log-level", log_level, *uvicorn_argv(),
            *([] if access_log else ["--no-access-log"])]  # fmt: skip
    os.execv(sys.executable, argv)


def _require_model(model: ModelSettings) -> None:
    """Exit with one line naming the fix when no model can run here; otherwise the worker would die at
    startup with the hint buried in a traceback."""
    try:
        asyncio.run(ensure_model(model))
    except EmbeddedModelMissingError as exc:
        typer.echo(exc.line, err=True)
        raise typer.Exit(1) from None
