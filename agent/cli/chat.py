"""``kairos chat``: talk to your calendar in the terminal.

    kairos chat                    # interactive: streamed replies, receipts, numbered options
    kairos chat -m "后天上午十点和李四开会"   # one message, then exit (for scripts)
    echo "anything on Friday?" | kairos chat     # stdin not a terminal: one message per line
    kairos chat --attach term.ics [-m "…"]       # one message with a file (a calendar file is previewed)

In the chat, ``/attach PATH [message]`` sends a file, and so does a line that is only an existing file's
path (``agent.cli.attach``).

With no model endpoint configured it uses the embedded model (``agent.model.open_model``: assembled with a
progress bar on first run, then started in seconds). The local user is created on first run with the
machine's time zone (``--tz`` overrides). Tests replace ``hooks.open_model`` with a scripted model.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime

import typer
from rich.console import Console
from rich.markup import escape

from agent import Assistant, FinalReply, Reply, ReplyDelta, ToolActivity
from agent.attachments import Attachment
from agent.cli.attach import AttachError, Said, read_attachment, said
from agent.cli.users import local_user, now
from agent.model import EmbeddedModelMissingError, Model, ModelError, open_model
from storage import Database, StorageError

__all__ = ["Hooks", "chat", "hooks"]

CONVERSATION = "cli"
EXIT_WORDS = {"exit", "quit", "/exit", "/quit", "退出"}


def _default_model() -> AbstractAsyncContextManager[Model]:
    return open_model(console=Console(stderr=True))


@dataclass
class Hooks:
    """What ``kairos chat`` builds its turn from; tests swap these."""

    open_model: Callable[[], AbstractAsyncContextManager[Model]] = _default_model
    clock: Callable[[], datetime] = now
    stdin_is_tty: Callable[[], bool] = lambda: sys.stdin.isatty()


hooks = Hooks()


def chat(
    message: str = typer.Option(None, "--message", "-m", help="Answer this one message and exit."),
    attach: str = typer.Option(
        None,
        "--attach",
        "-a",
        metavar="PATH",
        help="Send this file with the message (alone, or with -m) and exit. An .ics calendar file is previewed; "
        "reply yes to import it.",
    ),
    tz: str = typer.Option(None, "--tz", help="Your IANA time zone (default: the machine's)."),
    conversation: str = typer.Option(CONVERSATION, help="Conversation id (keeps context between runs)."),
) -> None:
    """Chat with kairos in the terminal (interactive, one message with -m, or lines from stdin).

    Attach a file in the chat with `/attach PATH` (words after the path are sent with it), or with a line
    that is only the path of an existing file (as a terminal pastes a dragged file). A calendar file (.ics) is previewed, and imported
    when you reply yes; other files are answered with what is supported.
    """
    console = Console(highlight=False)
    try:
        first = Said(message or "", read_attachment(attach)) if attach else None
    except AttachError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]")
        raise typer.Exit(1) from None
    try:
        code = asyncio.run(_chat(console, message, tz, conversation, first))
    except KeyboardInterrupt:
        code = 130
    raise typer.Exit(code)


async def _chat(
    console: Console, message: str | None, tz: str | None, conversation: str, first: Said | None = None
) -> int:
    try:
        db = await Database.open()
    except (StorageError, OSError):
        console.print(
            "[red]The database could not be opened (check KAIROS_DATABASE_URL / KAIROS_DATA_DIR).[/red]"
        )
        return 1
    try:
        user = await local_user(db, tz)
        async with hooks.open_model() as model:
            assistant = Assistant(db, model, clock=hooks.clock)
            turn = _Turn(console, assistant, user.id, conversation)
            if first is not None:
                return await turn(first.text, first.attachment)
            if message is not None:
                return await turn(message)
            if not hooks.stdin_is_tty():
                code = 0
                for line in sys.stdin:
                    if line.strip():
                        code = max(code, await turn.line(line))
                return code
            console.print(f"[dim]kairos · {escape(user.name)} · {user.timezone} · 'exit' to leave[/dim]")
            while True:
                try:
                    text = console.input("[bold cyan]you>[/bold cyan] ").strip()
                except EOFError:
                    return 0
                if text.lower() in EXIT_WORDS:
                    return 0
                if text:
                    await turn.line(text)
    except EmbeddedModelMissingError as exc:
        typer.echo(exc.line, err=True)  # one plain line: what is missing and how to fix it
        return 1
    except ModelError as exc:
        console.print(f"[red]{escape(exc.safe_message)}[/red]")
        return 1
    finally:
        await db.close()


class _Turn:
    def __init__(self, console: Console, assistant: Assistant, user_id: object, conversation: str) -> None:
        self.console, self.assistant, self.user_id, self.conversation = (
            console,
            assistant,
            user_id,
            conversation,
        )

    async def line(self, line: str) -> int:
        """One line of input: words, or a file with them (``/attach PATH``, or a path alone)."""
        try:
            read = said(line)
        except AttachError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]")
            return 1
        if read.attachment is not None:
            self.console.print(f"[dim]· attached {escape(read.attachment.name)}[/dim]")
        return await self(read.text, read.attachment)

    async def __call__(self, text: str, attachment: Attachment | None = None) -> int:
        console = self.console
        streamed = False
        try:
            async for item in self.assistant.stream(
                self.user_id,  # type: ignore[arg-type]
                text,
                conversation_id=self.conversation,
                now=hooks.clock(),
                attachment=attachment,
            ):
                if isinstance(item, ToolActivity):
                    console.print(f"[dim]· {escape(item.name)}: {escape(item.status)}[/dim]")
                elif isinstance(item, ReplyDelta):
                    if not streamed:
                        console.print("[bold green]kairos>[/bold green] ", end="")
                        streamed = True
                    console.print(escape(item.text), end="", soft_wrap=True)
                elif isinstance(item, FinalReply):
                    if streamed:
                        console.print()
                    _details(console, item.reply)
        except StorageError:
            console.print("[red]The database failed during this turn; nothing more was done.[/red]")
            return 1
        return 0


def _details(console: Console, reply: Reply) -> None:
    """Receipts (what was written, from the stored rows), numbered options, what is pending."""
    for receipt in reply.receipts:
        console.print(f"  [green]✓ {escape(receipt.text)}[/green]")
    for number, option in enumerate(reply.options, start=1):
        console.print(f"  [yellow]{number}.[/yellow] {escape(option.label)}")
    if reply.pending is not None and reply.pending.kind == "needs_confirmation":
        console.print("  [dim](reply yes or no)[/dim]")
    elif reply.options:
        console.print("  [dim](reply with a number)[/dim]")
