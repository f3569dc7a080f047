"""The ``kairos`` command. Each command group lives in its own small module (``agent/cli_*.py``) and is
mounted here; this file only assembles them."""

from __future__ import annotations

import typer

from agent.cli_chat import chat
from agent.cli_eval import run as eval_command
from agent.cli_events import app as events_app
from agent.cli_model import app as model_app
from agent.cli_serve import serve
from agent.cli_users import app as users_app

app = typer.Typer(no_args_is_help=True, add_completion=False, help="kairos: a calendar assistant.")
app.add_typer(model_app, name="model")
app.command("chat")(chat)
app.command("serve")(serve)
app.add_typer(users_app, name="users")
app.add_typer(events_app, name="events")
app.command("eval")(eval_command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
