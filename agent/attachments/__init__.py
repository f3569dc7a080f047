"""Files in the conversation: an attached calendar file previewed, and imported on a "yes".

    reply = await assistant.reply(user_id, "", attachment=Attachment("term.ics", data, "text/calendar"))

One concept per module: ``kinds`` (what a file is, from its bytes and declared type), ``facts`` (the
figures of a planned import: entries, span, repeats, overlaps), ``preview`` and ``reasons`` (the answer's
text, EN/ZH), ``narrowing`` (the words sent with a file: one model call picks entries), ``pending_import``
(the pending confirmation and its execution by the gate), ``route`` (the attachment turn). The planning
and the all-or-nothing write live in ``storage.ics_plan`` and ``storage.ics_batch``.
"""

from agent.attachments.kinds import MAX_ATTACHMENT_BYTES, Attachment, FileKind, kind_of
from agent.attachments.pending_import import IMPORT_TOOL, confirm_import, is_import
from agent.attachments.route import attachment_turn, language_sample, transcript_text

__all__ = [
    "IMPORT_TOOL",
    "MAX_ATTACHMENT_BYTES",
    "Attachment",
    "FileKind",
    "attachment_turn",
    "confirm_import",
    "is_import",
    "kind_of",
    "language_sample",
    "transcript_text",
]
