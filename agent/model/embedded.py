"""Start, wait for, and stop the embedded model server (llama.cpp via ``xllamacpp``, in a child process).

The server runs in its own process so that model load and inference never stall the assistant's event
loop, and so that stopping it is a signal, not a teardown of native threads. It listens on 127.0.0.1 on
a free port; readiness is the child's "listening" line followed by a ``/health`` answer of ``ok``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import httpx

from agent.model.errors import EmbeddedModelError, EmbeddedModelMissingError
from agent.model.serve_embedded import READY_PREFIX

__all__ = [
    "EmbeddedServer",
    "ServerState",
    "clear_state",
    "find_running",
    "read_state",
    "runtime_installed",
    "write_state",
]

STATE_FILE = "server.json"

WaitReport = Callable[[str, float], None]
"""Called while waiting for readiness with (phase, seconds elapsed)."""


RUNTIME = "the llama.cpp runtime xllamacpp, from the 'local' extra"


def runtime_installed() -> bool:
    return importlib.util.find_spec("xllamacpp") is not None


@dataclass(frozen=True, slots=True)
class ServerState:
    """What ``kairos model serve`` advertises in the model cache, so other kairos processes share it."""

    pid: int
    base_url: str

    @property
    def alive(self) -> bool:
        try:
            os.kill(self.pid, 0)
        except (OSError, OverflowError):
            return False
        return True


def read_state(cache_dir: Path) -> ServerState | None:
    try:
        raw = json.loads((cache_dir / STATE_FILE).read_text())
        return ServerState(pid=int(raw["pid"]), base_url=str(raw["base_url"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_state(cache_dir: Path, state: ServerState) -> None:
    (cache_dir / STATE_FILE).write_text(json.dumps({"pid": state.pid, "base_url": state.base_url}) + "\n")


def clear_state(cache_dir: Path) -> None:
    (cache_dir / STATE_FILE).unlink(missing_ok=True)


async def find_running(cache_dir: Path) -> str | None:
    """The base URL of a healthy ``kairos model serve`` server on this machine, if there is one.

    Every kairos process (chat, the HTTP API, the eval, the bench) then shares one model in memory
    instead of each loading its own and fighting over the same cores.
    """
    state = read_state(cache_dir)
    if state is None or not state.alive:
        return None
    async with httpx.AsyncClient(timeout=2.0) as client:
        try:
            answer = await client.get(state.base_url.removesuffix("/v1") + "/health")
            if answer.status_code == 200 and json.loads(answer.content).get("status") == "ok":
                return state.base_url
        except (httpx.HTTPError, ValueError):
            return None
    return None


class EmbeddedServer:
    """One embedded llama.cpp server. ``async with EmbeddedServer(...) as server: server.base_url``."""

    def __init__(
        self,
        gguf: Path,
        *,
        threads: int = 2,
        ctx_size: int = 4096,
        port: int = 0,
        cache_ram_mib: int = 1024,
        log_path: Path | None = None,
    ) -> None:
        self._gguf = gguf
        self._threads = threads
        self._ctx_size = ctx_size
        self._port = port
        self._cache_ram_mib = cache_ram_mib
        self._log_path = log_path
        self._process: asyncio.subprocess.Process | None = None
        self._address: str | None = None

    @property
    def base_url(self) -> str:
        if self._address is None:
            raise EmbeddedModelError("embedded server not started")
        return self._address.rstrip("/") + "/v1"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def start(self, *, timeout_s: float = 300.0, on_wait: WaitReport | None = None) -> str:
        """Spawn the server and wait until it answers; returns the ``/v1`` base URL."""
        if self.running:
            return self.base_url
        if not runtime_installed():
            raise EmbeddedModelMissingError([RUNTIME])
        if not self._gguf.is_file():
            raise EmbeddedModelError("model file missing")
        log = self._log_path.open("ab") if self._log_path else asyncio.subprocess.DEVNULL
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "agent.model.serve_embedded",
                "--model",
                str(self._gguf),
                "--port",
                str(self._port),
                "--ctx",
                str(self._ctx_size),
                "--threads",
                str(self._threads),
                "--cache-ram-mib",
                str(self._cache_ram_mib),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
            )
        finally:
            if not isinstance(log, int):
                log.close()
        started = time.monotonic()
        try:
            self._address = await self._wait_listening(started, timeout_s, on_wait)
            await self._wait_healthy(started, timeout_s, on_wait)
        except BaseException:
            await self.stop()
            raise
        return self.base_url

    async def _wait_listening(self, started: float, timeout_s: float, on_wait: WaitReport | None) -> str:
        assert self._process is not None and self._process.stdout is not None
        while True:
            remaining = timeout_s - (time.monotonic() - started)
            if remaining <= 0:
                raise EmbeddedModelError("embedded server did not start in time")
            try:
                line = await asyncio.wait_for(self._process.stdout.readline(), timeout=min(0.5, remaining))
            except TimeoutError:
                if on_wait is not None:
                    on_wait("loading model", time.monotonic() - started)
                continue
            if not line:
                raise EmbeddedModelError("embedded server exited during start")
            text = line.decode(errors="replace").strip()
            if text.startswith(READY_PREFIX):
                return text[len(READY_PREFIX) :]

    async def _wait_healthy(self, started: float, timeout_s: float, on_wait: WaitReport | None) -> None:
        assert self._address is not None
        async with httpx.AsyncClient(timeout=2.0) as client:
            while time.monotonic() - started < timeout_s:
                if not self.running:
                    raise EmbeddedModelError("embedded server exited during start")
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    answer = await client.get(self._address.rstrip("/") + "/health")
                    if answer.status_code == 200 and json.loads(answer.content).get("status") == "ok":
                        return
                if on_wait is not None:
                    on_wait("waiting for the server", time.monotonic() - started)
                await asyncio.sleep(0.25)
        raise EmbeddedModelError("embedded server did not become healthy in time")

    async def wait(self) -> int:
        """Block until the server process exits (``kairos model serve``)."""
        if self._process is None:
            return 0
        return await self._process.wait()

    async def stop(self, *, grace_s: float = 10.0) -> None:
        process, self._process = self._process, None
        self._address = None
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.terminate()
        try:
            await asyncio.wait_for(process.wait(), timeout=grace_s)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()

    async def __aenter__(self) -> EmbeddedServer:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()
