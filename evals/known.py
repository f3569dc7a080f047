"""Known failures of the offline replay: scenario runs where the agent (or a package under it) departs
from the behaviour spec in evals/README.md, each with the reason. One list, ``evals/known_failures.yaml``,
read by the unit suite (``tests/evals/test_offline_eval.py``: strict xfails) and by ``kairos eval``
offline (a known failure does not fail the run; a known failure that passes does, so the entry goes).

Keys are run ids: a scenario id, or ``<scenario id>__v<j>`` for one of its variant sets. Expectations
are never weakened to make a run pass; fixing the agent removes the entry.
"""

from __future__ import annotations

from pathlib import Path

import yaml

__all__ = ["KNOWN_FILE", "load_known"]

KNOWN_FILE = Path(__file__).parent / "known_failures.yaml"


def load_known(path: str | Path = KNOWN_FILE) -> dict[str, str]:
    """run id → why it fails (an empty mapping when the file is absent or empty)."""
    file = Path(path)
    if not file.exists():
        return {}
    data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
    known = data.get("known") or {}
    if not isinstance(known, dict) or not all(isinstance(v, str) and v.strip() for v in known.values()):
        raise ValueError(f"{file}: 'known' must map run ids to a reason")
    return {str(k): str(v) for k, v in known.items()}
