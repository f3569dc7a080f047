from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from agent.model import EmbeddedModelError, weights


@pytest.fixture
def fake_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    parts = []
    for index in range(1, weights.PARTS + 1):
        part = tmp_path / "site" / f"part{index:02d}.bin"
        part.parent.mkdir(exist_ok=True)
        part.write_bytes(bytes([index]) * (1000 + index))
        parts.append(part)
    whole = b"".join(p.read_bytes() for p in parts)
    monkeypatch.setattr(
        weights, "_part_file", lambda index: parts[index - 1] if parts[index - 1].exists() else None
    )
    monkeypatch.setattr(weights, "GGUF_SIZE", len(whole))
    monkeypatch.setattr(weights, "GGUF_SHA256", hashlib.sha256(whole).hexdigest())
    return parts


def test_assemble_concatenates_in_order_verifies_and_stamps(tmp_path: Path, fake_parts: list[Path]) -> None:
    progress: list[tuple[int, int]] = []
    path = weights.assemble(
        tmp_path / "cache", on_progress=lambda done, total: progress.append((done, total))
    )
    assert path.read_bytes() == b"".join(p.read_bytes() for p in fake_parts)
    assert progress[-1] == (weights.GGUF_SIZE, weights.GGUF_SIZE)
    assert weights.status(tmp_path / "cache").assembled
    assert weights.verify(path)


def test_a_second_assemble_reuses_the_verified_file(tmp_path: Path, fake_parts: list[Path]) -> None:
    weights.assemble(tmp_path / "cache")
    calls: list[int] = []
    weights.assemble(tmp_path / "cache", on_progress=lambda done, total: calls.append(done))
    assert calls == []


def test_a_changed_file_is_no_longer_trusted(tmp_path: Path, fake_parts: list[Path]) -> None:
    path = weights.assemble(tmp_path / "cache")
    path.write_bytes(b"x" * weights.GGUF_SIZE)
    assert not weights.status(tmp_path / "cache").assembled
    assert not weights.verify(path)


def test_a_tampered_part_fails_the_sha256_and_leaves_nothing(tmp_path: Path, fake_parts: list[Path]) -> None:
    fake_parts[5].write_bytes(b"\0" * fake_parts[5].stat().st_size)
    with pytest.raises(EmbeddedModelError, match="sha256"):
        weights.assemble(tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_a_missing_part_is_named(tmp_path: Path, fake_parts: list[Path]) -> None:
    fake_parts[21].unlink()
    with pytest.raises(EmbeddedModelError, match="part 22"):
        weights.assemble(tmp_path / "cache")
    assert weights.installed_parts() == weights.PARTS - 1
