"""``kairos events import`` of one's own export: nothing imported, each item skipped as already there."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from agent.cli import app
from agent.model import call
from tests.cli.conftest import Scripted

runner = CliRunner()


def test_importing_ones_own_export_prints_already_in_your_calendar(
    scripted: Scripted, tmp_path: Path
) -> None:
    scripted.model.push(call("create_event", {"title": "Dentist", "when": "tomorrow 3pm"}))
    assert runner.invoke(app, ["chat", "-m", "dentist tomorrow 3pm"]).exit_code == 0
    out = tmp_path / "cal.ics"
    assert runner.invoke(app, ["events", "export", str(out)]).exit_code == 0
    back = runner.invoke(app, ["events", "import", str(out)])
    assert back.exit_code == 0, back.output
    assert "imported 0, skipped 1" in back.output and "Dentist: already in your calendar" in back.output
    listed = runner.invoke(app, ["events", "list", "--from", "2025-03-06", "--to", "2025-03-07"])
    assert listed.output.count("Dentist") == 1
