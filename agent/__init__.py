"""kairos agent: the turn (gates, one model call, tools bound to the user, code receipts, the exit check).

from agent import Assistant
assistant = Assistant(db, model, clock)
reply = await assistant.reply(user_id, "Friday 10am, call the plumber", now=now)
reply = await assistant.reply(user_id, "yes", now=later)      # a pending confirmation: 0 model calls
reply.route                                                    # "model" or the gate that answered

Modules by concept: ``assistant`` (the public entry point), ``gates`` + ``matchers`` (zero-model replies),
``turn`` (the model loop), ``write_path`` / ``write_timing`` / ``write_target`` / ``write_guards`` (writes in
code), ``pending`` (stored commands), ``focus`` + ``references`` ("it", titles, ids), ``sessions`` +
``archive`` (segments by silence, markers, archive search), ``prompt``, ``exit_check``, ``receipts``,
``phrases``, ``telemetry``.
"""

from agent.assistant import Assistant, FinalReply, PendingState, Reply, ReplyDelta, ToolActivity
from agent.checks.exit_check import check_reply, detect_claims
from agent.outcomes import Command, NeedsChoice, NeedsConfirmation, NeedsValue, Option, Persisted, Rejected
from agent.render.receipts import Receipt
from agent.tools.calendar import CALENDAR_TOOLS, build_registry
from agent.tools.registry import Registry, RegistryError, Tool
from agent.writes.pending import resume, save_pending

__all__ = [
    "CALENDAR_TOOLS",
    "Assistant",
    "Command",
    "FinalReply",
    "NeedsChoice",
    "NeedsConfirmation",
    "NeedsValue",
    "Option",
    "PendingState",
    "Persisted",
    "Receipt",
    "Registry",
    "RegistryError",
    "Rejected",
    "Reply",
    "ReplyDelta",
    "Tool",
    "ToolActivity",
    "build_registry",
    "check_reply",
    "detect_claims",
    "resume",
    "save_pending",
]
