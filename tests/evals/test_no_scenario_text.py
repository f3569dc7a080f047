"""No scenario text in the code: a fix written against an eval sentence is memory, not generalization.

Every user message of every scenario and of every paraphrase variant that is 12 characters or longer
(after whitespace is collapsed) — 7 or longer when it is written in Han characters, where a sentence is
shorter — must not appear in any file under agent/, schedule_time/ or storage/ — code,
comments, docstrings, READMEs alike — compared case-insensitively after collapsing whitespace. An example
in a docstring is written in other words; a test input is a different sentence of the same kind.

``ALLOWED`` names the few places where a short generic phrase that is also a scenario message is part of
a bounded vocabulary the code must know (a lexicon entry) or plain prose; each with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evals import load_scenarios

ROOT = Path(__file__).resolve().parents[2]
SEARCHED = ("agent", "schedule_time", "storage")
MIN_CHARS = 12
MIN_HAN_CHARS = 7
_HAN = re.compile(r"[\u3400-\u9fff]")

ALLOWED: dict[tuple[str, str], str] = {
    ("in the morning", "schedule_time/README.md"): "documents the part of day 'first thing (in the morning)'",
    ("the first one", "schedule_time/README.md"): "prose about seasons ('the first one starting after')",
}
"""(normalised message, file relative to the repository root) → why the phrase may stay there."""


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _messages() -> dict[str, str]:
    """Normalised message → where it comes from (the first scenario run that says it)."""
    found: dict[str, str] = {}
    for scenario in load_scenarios(variants="live"):
        for index, turn in enumerate(scenario.turns):
            said = _norm(turn.user)
            if len(said) >= (MIN_HAN_CHARS if _HAN.search(said) else MIN_CHARS):
                found.setdefault(said, f"{scenario.id} turn {index}")
    return found


def _files() -> list[Path]:
    files = []
    for folder in SEARCHED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".so"):
                files.append(path)
    return files


MESSAGES = _messages()


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_scenario_message_in_code(path: Path) -> None:
    try:
        text = _norm(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        pytest.skip("not text")
    where = str(path.relative_to(ROOT))
    quoted = [
        f"{message!r} ({source})"
        for message, source in MESSAGES.items()
        if message in text and (message, where) not in ALLOWED
    ]
    assert not quoted, f"{where} quotes eval messages; say it in other words: " + "; ".join(quoted)


def test_the_search_sees_every_message() -> None:
    assert len(MESSAGES) > 300
    assert _norm("Add  a Call\n with Acme") == "add a call with acme"


def test_allowed_entries_are_still_needed() -> None:
    for (message, where), reason in ALLOWED.items():
        assert reason
        assert message in MESSAGES, f"{message!r} is no longer an eval message: drop it from ALLOWED"
        assert message in _norm((ROOT / where).read_text(encoding="utf-8")), f"{where} no longer says it"
