"""Which rules can match where a number begins, read from the rules' regexes: the scanner's dispatch at a
digit (speed, not meaning).

At a letter the scanner tries only the rules that can begin with the word there; at a digit it used to try
every rule that can begin with any digit (dates, clock times, durations, years, numbers, holidays such as
"4th of july" …: a long chain of alternations). Most of them cannot match the number actually there:
"2015" at the end of a text is no "3:30", no "4th of july" and no "3 days ago". A digit position is
keyed by its first digit, the length of its run of digits (``\\d+``) and the character after the run;
a rule stays in the position's list unless its regex shows it cannot match there:

* its first characters (``first_chars``) do not include that digit, or
* its leading part that reads only digits (after zero-width checks and optional parts that cannot
  begin with a digit) reads between ``lo`` and ``hi`` digits, and what follows can begin neither with a
  digit nor with the character after the run, and cannot be empty either (see ``may_match``).

Whatever the reader does not understand keeps the rule (``None``: it may match anywhere), so the list
is always a superset, in rule order, of the rules that match: the first rule that matches is the same.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from re import _constants as C  # type: ignore[attr-defined]

from .first_chars import _in, _parse, _seq

CAP = 5
"""Runs of digits this long or longer share one key."""
CHUNK = 3
"""Rules per compiled alternation at a digit (a chunk is tried when one of its rules may match)."""
_INF = 1 << 30
_MAX_OPTIONS = 64
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None))
_ZERO_WIDTH = (C.AT, C.ASSERT, C.ASSERT_NOT)
_ATOMIC = getattr(C, "ATOMIC_GROUP", None)
RUN = re.compile(r"\d+")

Option = tuple[int, int, frozenset[str] | None, bool]
"""(fewest, most digits read first, what can follow them (None: anything), whether that can be empty)."""


class _GiveUp(Exception):
    pass


def _digits_only(items) -> tuple[int, int] | None:
    """(fewest, most) characters when every item reads only ASCII digits (one each); else None."""
    lo = hi = 0
    for op, av in items:
        if op is C.LITERAL:
            if not 48 <= av <= 57:
                return None
            lo, hi = lo + 1, hi + 1
        elif op is C.IN:
            chars = _in(av)
            if not chars or any(not "0" <= c <= "9" for c in chars):
                return None
            lo, hi = lo + 1, hi + 1
        elif op in _REPEATS:
            sub = _digits_only(av[2])
            if sub is None:
                return None
            lo += av[0] * sub[0]
            hi = _INF if av[1] == C.MAXREPEAT or hi >= _INF or sub[1] >= _INF else hi + av[1] * sub[1]
        elif op is C.SUBPATTERN or op is _ATOMIC:
            sub = _digits_only(av[-1] if op is C.SUBPATTERN else av)
            if sub is None:
                return None
            lo, hi = lo + sub[0], min(_INF, hi + sub[1])
        elif op is C.BRANCH:
            subs = [_digits_only(alt) for alt in av[1]]
            if any(s is None for s in subs):
                return None
            lo, hi = lo + min(s[0] for s in subs), min(_INF, hi + max(s[1] for s in subs))  # type: ignore[index]
        else:
            return None
    return lo, hi


def _lead(items: list, lo: int, hi: int, out: list[tuple[int, int, list]]) -> None:
    """Every way the leading digits of ``items`` can be read: (fewest, most digits, the items after them).
    ``hi`` 0: nothing is read yet, the character at hand is the first digit."""
    if len(out) > _MAX_OPTIONS:
        raise _GiveUp
    for i, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            continue   # a check reads nothing: ignoring it only keeps more rules
        span = _digits_only([(op, av)])
        if span is not None:
            lo, hi = lo + span[0], min(_INF, hi + span[1])
            continue
        rest = items[i + 1:]
        if op is C.SUBPATTERN or op is _ATOMIC:
            _lead(list(av[-1] if op is C.SUBPATTERN else av) + rest, lo, hi, out)
            return
        if op is C.BRANCH:
            for alt in av[1]:
                _lead(list(alt) + rest, lo, hi, out)
            return
        chars, nullable = _seq([(op, av)])
        if hi == 0 and chars is not None and not any(c.isdigit() for c in chars):
            if nullable:   # at the digit itself, a part that cannot begin with a digit reads nothing
                _lead(rest, lo, hi, out)
            return         # (and one that must read something cannot match here)
        if hi == 0 and op in (C.LITERAL, C.IN):
            _lead(rest, lo + 1, hi + 1, out)   # one character, here the first digit
            return
        if op in _REPEATS and av[0] == 0:
            _lead(rest, lo, hi, out)   # no repetition
            if av[1] == 1:
                _lead(list(av[2]) + rest, lo, hi, out)   # one
                return
        out.append((lo, hi, items[i:]))   # anything else: the digits end here
        return
    out.append((lo, hi, []))


@functools.lru_cache(maxsize=1024)
def options(pattern: str) -> tuple[Option, ...] | None:
    """How ``pattern`` can read digits at its start; None when the reader cannot say (it may match)."""
    tree = _parse(pattern)   # (shared with ``first_chars``: parsing is the slow part)
    if tree is None:
        return None
    try:
        found: list[tuple[int, int, list]] = []
        _lead(list(tree), 0, 0, found)
    except (_GiveUp, RecursionError, TypeError, ValueError):
        return None
    out = []
    for lo, hi, rest in found:
        chars, nullable = _seq(rest)
        out.append((lo, hi, None if chars is None else frozenset(chars), nullable))
    return tuple(out)


def may_match(opts: tuple[Option, ...] | None, run: int, after: str | None) -> bool:
    """Whether a rule with these options can match at a run of ``run`` digits (``CAP``: that many or
    more) followed by ``after`` ("" for the end of the text or a character no rule reads there; None for
    a character the reader cannot vouch for)."""
    if opts is None or after is None:
        return True
    for lo, hi, chars, nullable in opts:
        if chars is None or any(c.isdigit() for c in chars):
            return True   # what follows may read more digits: no bound on the run
        if lo > run and run < CAP:
            continue      # it needs more digits than there are
        if nullable:
            return True   # it may stop after any number of them (or read none: an empty match counts)
        # it must read the whole run, then the character after it
        if (hi >= run or hi >= CAP) and after in chars:
            return True
    return False


def follow_chars(all_options: list[tuple[Option, ...] | None]) -> frozenset[str]:
    """Characters after a run that some rule can read: any other character behaves like the end."""
    out: set[str] = set()
    for opts in all_options:
        for _, _, chars, _ in opts or ():
            out |= chars or set()
    return frozenset(out)


def safe(ch: str) -> bool:
    """A character after a run that the reader's character sets describe exactly: ASCII (but not a
    control character: ``\\s`` matches \\x1c-\\x1f) or a CJK ideograph."""
    return (" " <= ch <= "~") or ("\u3400" <= ch <= "\u9fff")


def chunks(ids: list[int], big: Callable[[int], bool]) -> list[tuple[int, ...]]:
    """``ids`` (in rule order) cut into runs of at most ``CHUNK``; a ``big`` rule is a chunk of its own."""
    out: list[tuple[int, ...]] = []
    cur: list[int] = []
    for i in ids:
        if big(i):
            if cur:
                out.append(tuple(cur))
            out.append((i,))
            cur = []
            continue
        cur.append(i)
        if len(cur) == CHUNK:
            out.append(tuple(cur))
            cur = []
    if cur:
        out.append(tuple(cur))
    return out
