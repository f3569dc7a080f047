"""Files in ``kairos chat``: ``/attach PATH [words]``, a path alone on a line, ``--attach``; what counts as
a path (``agent.cli.attach``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.attachments import MAX_ATTACHMENT_BYTES
from agent.cli import app
from agent.cli.attach import AttachError, said
from agent.model import call, reply
from tests.cli.conftest import Scripted
from tests.fixtures import ICS, ics_file

runner = CliRunner()
GOOGLE = ICS / "google_export.ics"


def test_attach_previews_and_yes_imports(scripted: Scripted) -> None:
    result = runner.invoke(app, ["chat"], input=f"/attach {GOOGLE}\nyes\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "attached google_export.ics" in out and "has 3 events to add" in out and "(reply yes or no)" in out
    assert "Imported “google_export.ics”: 3 events added" in out and out.count("✓") == 5
    assert scripted.model.call_count == 0
    listed = runner.invoke(app, ["events", "list", "--from", "2025-03-01", "--to", "2025-04-30"])
    assert "Book club" in listed.output and "Dinner at Lina's" in listed.output


def test_attach_with_words_asks_the_model_which_events(scripted: Scripted, tmp_path: Path) -> None:
    folder = tmp_path / "my files"
    folder.mkdir()
    (folder / "export.ics").write_bytes(ics_file("google_export.ics"))
    scripted.model.push(call("keep_events", {"numbers": [3]}))
    result = runner.invoke(app, ["chat"], input=f'/attach "{folder / "export.ics"}" only spring break\nno\n')
    assert result.exit_code == 0, result.output
    assert "you asked for 1" in result.output and "Spring break" in result.output
    assert "OK, I won't import “export.ics”. Your calendar is unchanged." in result.output
    assert scripted.model.call_count == 1


def test_a_path_alone_attaches_the_file(scripted: Scripted) -> None:
    result = runner.invoke(app, ["chat"], input=f"{GOOGLE}\n")
    assert "attached google_export.ics" in result.output and "has 3 events to add" in result.output


def test_attach_option_sends_one_message_with_the_file(scripted: Scripted) -> None:
    result = runner.invoke(app, ["chat", "--attach", str(ICS / "outlook_invitation.ics")])
    assert result.exit_code == 0, result.output
    assert "This is an invitation from Priya Raman" in result.output and scripted.model.call_count == 0


def test_a_missing_file_is_said_and_nothing_is_sent(scripted: Scripted) -> None:
    scripted.model.push(reply("Hi!"))
    result = runner.invoke(app, ["chat"], input="/attach /no/such/file.ics\nhello\n")
    assert "No such file: /no/such/file.ics" in result.output and "Hi!" in result.output
    assert scripted.model.call_count == 1
    assert runner.invoke(app, ["chat", "--attach", "/no/such.ics"]).exit_code == 1


def test_help_says_how_to_attach() -> None:
    text = runner.invoke(app, ["chat", "--help"], terminal_width=200).output
    assert "--attach" in text and "/attach PATH" in text and "path of an" in text


def test_what_a_line_says(tmp_path: Path) -> None:
    file = tmp_path / "term.ics"
    file.write_bytes(b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    spaced = tmp_path / "my term.ics"
    spaced.write_bytes(b"x")
    assert said("yes").attachment is None and said("yes").text == "yes"
    assert said("term.ics").attachment is None  # not in the working directory: words
    first = said(f"/attach {file} just the lectures")
    assert first.attachment is not None and first.text == "just the lectures"
    assert said(f"/attach {spaced}").attachment is not None  # the whole rest is a file
    assert said(f"'{spaced}'").attachment is not None and said(str(spaced).replace(" ", "\\ ")).attachment
    with pytest.raises(AttachError, match="Say which file"):
        said("/attach")
    with pytest.raises(AttachError, match="folder"):
        said(f"/attach {tmp_path}")
    big = tmp_path / "big.ics"
    big.write_bytes(b"x" * (MAX_ATTACHMENT_BYTES + 1))
    with pytest.raises(AttachError, match="larger than"):
        said(f"/attach {big}")
