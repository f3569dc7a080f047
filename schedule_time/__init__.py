"""schedule_time: one EN/ZH time expression + now + zone -> a range, an explicit ambiguity, or a refusal.

Pure functions: no clock reads, no I/O, no model calls. See README.md in this package for the
conventions table and for how a language module plugs in.
"""

from .corrections import corrected_answer
from .cuts import cuts_a_time_word
from .length_changes import split_length_change
from .phrases import MAX_MESSAGE, Phrase, analyse
from .resolver import resolve
from .result import Candidate, Resolution, TimeExpressionError
from .slots import (
    denied_phrases,
    holds_a_time_or_a_move,
    is_slot_reply,
    noun_words,
    reads_as_a_destination,
    reads_as_a_start,
    reads_as_an_end,
    said_as_an_end,
    time_phrases,
    without_denied,
    without_end_words,
)

__all__ = ["MAX_MESSAGE", "Candidate", "Phrase", "Resolution", "TimeExpressionError", "analyse", "corrected_answer",
           "cuts_a_time_word",
           "denied_phrases",
           "holds_a_time_or_a_move", "is_slot_reply", "noun_words", "reads_as_a_destination", "reads_as_a_start",
           "reads_as_an_end",
           "resolve", "said_as_an_end", "split_length_change", "time_phrases", "without_denied",
           "without_end_words"]
