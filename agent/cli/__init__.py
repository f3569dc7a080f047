"""The ``kairos`` command. Each command group lives in its own small module of this package and is mounted
here; this file only assembles them."""

from __future__ import annotations

import typer

from agent.cli.chat import chat as chat_command
from agent.cli.eval_cmd import run as eval_command
from agent.cli.events import app as events_app
from agent.cli.models import app as model_app
from agent.cli.serve import serve as serve_command
from agent.cli.users import app as users_app

app = typer.Typer(no_args_is_help=True, add_completion=False, help="kairos: a calendar assistant.")
app.add_typer(model_app, name="model")
app.command("chat")(chat_command)
app.command("serve")(serve_command)
app.add_typer(users_app, name="users")
app.add_typer(events_app, name="events")
app.command("eval")(eval_command)


def main() -> None:
    app()
