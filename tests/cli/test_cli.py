"""``kairos chat`` through stdin with the scripted model; ``users``, ``events``, ``--help`` everywhere."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.cli import chat as cli_chat
from agent.cli.users import LOCAL_USER_ID, machine_timezone
from agent.model import call, reply
from storage import Database
from tests.cli.conftest import Scripted

runner = CliRunner()


def _user_zone() -> str:
    async def get() -> str:
        async with await Database.open() as db:
            return (await db.users.get(LOCAL_USER_ID)).timezone

    return asyncio.run(get())


def test_one_message_creates_in_chinese_and_prints_the_receipt(scripted: Scripted) -> None:
    scripted.model.push(call("create_event", {"title": "和李四开会", "when": "明天下午四点"}))
    result = runner.invoke(app, ["chat", "-m", "明天下午四点和李四开会"])
    assert result.exit_code == 0, result.output
    assert (
        "create_event: persisted" in result.output and "✓" in result.output and "和李四开会" in result.output
    )
    assert scripted.model.call_count == 1
    listed = runner.invoke(app, ["events", "list", "--from", "2025-03-06", "--to", "2025-03-07"])
    assert "和李四开会" in listed.output and "16:00" in listed.output
    assert _user_zone() == "America/New_York"  # created on first run with the machine's zone


def test_stdin_lines_are_answered_one_by_one(scripted: Scripted) -> None:
    scripted.model.push(reply("Hello!"), reply("Have a good one!"))
    result = runner.invoke(app, ["chat"], input="hi\n\nthanks, bye\n")
    assert result.exit_code == 0, result.output
    assert result.output.index("Hello!") < result.output.index("Have a good one!")
    assert scripted.model.call_count == 2


def test_clarification_options_are_numbered(scripted: Scripted) -> None:
    scripted.model.push(call("create_event", {"title": "Call with Jun", "when": "tomorrow 7:30"}))
    result = runner.invoke(app, ["chat", "-m", "Call with Jun tomorrow at 7:30"])
    assert result.exit_code == 0, result.output
    assert "  1. " in result.output and "  2. " in result.output and "reply with a number" in result.output
    assert "✓" not in result.output


def test_interactive_session_until_exit(scripted: Scripted, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_chat.hooks, "stdin_is_tty", lambda: True)
    scripted.model.push(reply("Hi there."))
    result = runner.invoke(app, ["chat", "--tz", "Asia/Shanghai"], input="hello\nexit\n")
    assert result.exit_code == 0, result.output
    assert "you>" in result.output and "Hi there." in result.output and "Asia/Shanghai" in result.output
    assert _user_zone() == "Asia/Shanghai" and scripted.model.call_count == 1


def test_model_failure_is_reported_safely(scripted: Scripted) -> None:
    from agent.model import ModelUnavailableError

    scripted.model.push(ModelUnavailableError("connect refused to 10.0.0.1"))
    result = runner.invoke(app, ["chat", "-m", "tomorrow 3pm gym"])
    assert "10.0.0.1" not in result.output and "Traceback" not in result.output


def test_users_add_prints_a_working_key_once_and_list_hides_it(scripted: Scripted) -> None:
    added = runner.invoke(app, ["users", "add", "Li Lei", "--tz", "Asia/Shanghai", "--locale", "zh-CN"])
    assert added.exit_code == 0, added.output
    key = added.output.strip().splitlines()[-1]
    assert key.startswith("kairos_")

    async def who() -> uuid.UUID | None:
        async with await Database.open() as db:
            return await db.api_keys.authenticate(key)

    assert asyncio.run(who()) is not None
    listed = runner.invoke(app, ["users", "list"])
    assert "Li Lei" in listed.output and "Asia/Shanghai" in listed.output and key not in listed.output
    bad = runner.invoke(app, ["users", "add", "X", "--tz", "Mars/Base"])
    assert bad.exit_code != 0


def test_users_list_is_oldest_first_and_names_pick_one_user(scripted: Scripted) -> None:
    for name in ("Zed", "Amy", "Twin", "Twin"):
        assert runner.invoke(app, ["users", "add", name, "--tz", "UTC"]).exit_code == 0
    listed = runner.invoke(app, ["users", "list"], terminal_width=200)
    assert listed.exit_code == 0, listed.output
    order = [name for line in listed.output.splitlines() for name in ("Zed", "Amy") if f" {name} " in line]
    assert order == ["Zed", "Amy"]  # creation order, not alphabetical
    assert listed.output.count("Twin") == 2
    by_name = runner.invoke(
        app, ["events", "list", "--user", "Amy", "--from", "2025-03-06", "--to", "2025-03-07"]
    )
    assert by_name.exit_code == 0, by_name.output
    ambiguous = runner.invoke(app, ["events", "list", "--user", "Twin"])
    assert ambiguous.exit_code != 0 and "no single user" in ambiguous.output


def test_events_export_import_round_trip(scripted: Scripted, tmp_path: Path) -> None:
    scripted.model.push(call("create_event", {"title": "Dentist", "when": "tomorrow 3pm"}))
    assert runner.invoke(app, ["chat", "-m", "dentist tomorrow 3pm"]).exit_code == 0
    out = tmp_path / "cal.ics"
    exported = runner.invoke(app, ["events", "export", str(out)])
    assert exported.exit_code == 0 and "1 event" in exported.output and b"Dentist" in out.read_bytes()
    added = runner.invoke(app, ["users", "add", "Bob", "--tz", "UTC"])
    assert added.exit_code == 0
    imported = runner.invoke(app, ["events", "import", str(out), "--user", "Bob"])
    assert "imported 1, skipped 0" in imported.output
    again = runner.invoke(app, ["events", "import", str(out), "--user", "Bob"])
    assert "already imported" in again.output
    garbage = tmp_path / "bad.ics"
    garbage.write_text("nope")
    assert runner.invoke(app, ["events", "import", str(garbage)]).exit_code == 2


@pytest.mark.parametrize(
    "command",
    [[], ["chat"], ["serve"], ["users"], ["users", "add"], ["users", "list"], ["events"], ["events", "list"],
     ["events", "export"], ["events", "import"], ["model"]],
)  # fmt: skip
def test_help_on_every_command(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"])
    assert result.exit_code == 0 and "Usage" in result.output


def test_machine_timezone_reads_tz_then_falls_back(tmp_path: Path) -> None:
    missing = tmp_path / "none"
    assert machine_timezone({"TZ": "Asia/Shanghai"}, missing) == "Asia/Shanghai"
    assert machine_timezone({"TZ": ":Europe/Paris"}, missing) == "Europe/Paris"
    assert machine_timezone({"TZ": "Not/AZone"}, missing) in {"UTC", machine_timezone({}, missing)}


def test_serve_refuses_several_workers_with_the_embedded_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("KAIROS_MODEL_BASE_URL", "OPENAI_BASE_URL", "KAIROS_MODEL_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    result = runner.invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code == 2 and "kairos model serve" in result.output


def test_serve_passes_the_access_log_switch_to_uvicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    calls: list[dict[str, object]] = []
    monkeypatch.setenv("KAIROS_MODEL_BASE_URL", "http://127.0.0.1:9/v1")  # serve refuses to start modelless
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    assert runner.invoke(app, ["serve", "--no-access-log", "--port", "8123"]).exit_code == 0
    assert runner.invoke(app, ["serve"]).exit_code == 0
    assert [(c["access_log"], c["port"]) for c in calls] == [(False, 8123), (True, 8000)]
