"""Rule 1b of grounding (``agent.time_grounding``): a time argument made only of time words the user wrote,
in any order — the time service's scanner pieces, compared piece by piece. An hour the user left open may
gain its am/pm; a length may be the offset the user gave from another time ("two hours from 4")."""

from __future__ import annotations

from collections.abc import Sequence

from schedule_time import split_length_change, time_phrases
from schedule_time.language import normalise, scan
from schedule_time.pieces import Clock, Duration, Number, Piece, Shift

__all__ = ["as_an_hour", "covers", "same_pieces", "shares_time_words"]


def covers(user: Sequence[Piece], piece: Piece) -> bool:
    """``piece`` is one of the user's time words, or what one of them allows (see the module doc)."""
    if piece in user:
        return True
    if isinstance(piece, Duration):
        # "two hours from 4": the user's words hold that length, as the offset of a time from another
        # ("2 hours" + "4pm" is the model's reading of a block, not a made-up length)
        return any(isinstance(u, Shift) and u.anchored and u.delta == piece.delta for u in user)
    if not isinstance(piece, Clock) or piece.h24:
        return False
    # "4pm" for the user's "at 4" / "to 4": the model picked a reading of an hour the user left open.
    for u in user:
        if isinstance(u, Clock) and u.meridiem is None and not u.h24:
            if (u.hour, u.minute) == (piece.hour, piece.minute):
                return True
        elif isinstance(u, Number) and piece.minute == 0 and u.value == piece.hour:
            return True
    return False


def same_pieces(value: str, sources: Sequence[str]) -> bool:
    """Rule 1b: every time word of ``value`` (the scanner's pieces) is one the user wrote ("tomorrow 5pm"
    from "Skip swimming tomorrow and book a physio at 5pm"; "Sunday 8am" from "runs on Saturday and
    Sunday, 8am each")."""
    pieces = scan(normalise(value)).pieces
    if not pieces:
        return False
    user = [p for s in sources if s for p in _time_words(s)]
    return all(covers(user, p) for p in pieces)


def _time_words(source: str) -> list[Piece]:
    """The scanner's pieces of ``source``; a bare number only where it sits in a time phrase with other
    time words ("dinner friday 7"), not on its own ("a table for 7", "3 people"): a count is no hour."""
    words = [p for p in scan(normalise(source)).pieces if not isinstance(p, Number)]
    if (change := split_length_change(source)) is not None:  # "extend tomorrow's review by 30 minutes"
        words += scan(normalise(change)).pieces
    for phrase in time_phrases(source):
        inside = scan(normalise(phrase)).pieces
        if any(not isinstance(p, Number) for p in inside):
            words += [p for p in inside if isinstance(p, Number)]
    return words


def shares_time_words(value: str, phrase: str, sources: Sequence[str]) -> bool:
    """Every time word of ``value`` is one the user wrote in ``sources`` (rule 1b), and one of them is a
    time word of ``phrase``: "后天上午11点" for "十一点的" in "把后天的例会改到上午十点，再加一个十一点的电话" (the day
    from another clause of the same message, the clock from the phrase)."""
    pieces = scan(normalise(value)).pieces
    mine = scan(normalise(phrase)).pieces
    return bool(mine) and same_pieces(value, sources) and any(covers(mine, p) for p in pieces)


def as_an_hour(text: str, *, zh: bool) -> str | None:
    """A bare number that can only be an hour where it stands ("4" answering "what time?", listed after a
    clock) as the time words for it: "at 4" / 4点. None for anything but a whole number from 1 to 24."""
    said = text.strip()
    if not (said.isdigit() and 0 < int(said) <= 24):
        return None
    return f"{said}点" if zh else f"at {said}"
