"""The set of characters a regex can start with, read from Python's own regex parser.

The scanner uses it to try, at each position, only the rules that can match there: with a few hundred
alternatives (holiday names) that is the difference between ~10 µs and ~1 µs per position.
"""

from __future__ import annotations

import functools
import re
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

Chars = frozenset[str] | None   # None: any character
_DIGITS = frozenset("0123456789")
_SPACE = frozenset(" \t\n\r\f\v")
_MAX_RANGE = 512


@functools.lru_cache(maxsize=1024)
def _parse(pattern: str) -> list | None:
    """Python's own parse tree of a regex (parsing is the slow part: both readers share it)."""
    try:
        return list(P.parse(pattern))
    except re.error:
        return None


@functools.lru_cache(maxsize=4096)   # each scanner (one per primary language) asks again
def first_chars(pattern: str) -> Chars:
    """Characters (lower-cased) that a match of ``pattern`` can begin with; None when unbounded."""
    tree = _parse(pattern)
    if tree is None:
        return None
    chars, nullable = _seq(tree)
    return None if nullable or chars is None else frozenset(chars)


def _seq(items: list) -> tuple[set[str] | None, bool]:
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _item(op, av)
        if chars is None:
            return None, False
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _item(op, av) -> tuple[set[str] | None, bool]:
    if op is C.LITERAL:
        ch = chr(av)
        return {ch, ch.lower()}, False
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return set(), True
    if op is C.IN:
        return _in(av), False
    if op is C.BRANCH:
        out: set[str] = set()
        nullable = False
        for sub in av[1]:
            chars, null = _seq(list(sub))
            if chars is None:
                return None, False
            out |= chars
            nullable = nullable or null
        return out, nullable
    if op is C.SUBPATTERN:
        return _seq(list(av[-1]))
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
        chars, null = _seq(list(av[2]))
        return chars, null or av[0] == 0
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _seq(list(av))
    return None, False


def _in(av: list) -> set[str] | None:
    out: set[str] = set()
    for op, val in av:
        if op is C.NEGATE:
            return None
        if op is C.LITERAL:
            out |= {chr(val), chr(val).lower()}
        elif op is C.RANGE:
            lo, hi = val
            if hi - lo > _MAX_RANGE:
                return None
            out |= {chr(c).lower() for c in range(lo, hi + 1)}
        elif op is C.CATEGORY:
            if val is C.CATEGORY_DIGIT:
                out |= _DIGITS
            elif val is C.CATEGORY_SPACE:
                out |= _SPACE
            else:
                return None
        else:
            return None
    return out


Words = frozenset[str] | None   # None: any word (use first_chars)
_MAX_STATES = 4096
State = tuple[str, bool]   # (letters read so far, the word has ended)


class _Wild(Exception):
    """The leading letters of a pattern are not a small finite set."""


@functools.lru_cache(maxsize=4096)
def first_words(pattern: str) -> Words:
    """The letter runs (a-z) a match of ``pattern`` can begin with, e.g. ``(?:next|this)\\s+week`` ->
    {"next", "this"}; "" stands for "begins with a non-letter". None when the set is not small and
    finite (``[a-z]+``, ``\\w``, a huge alternation): then only ``first_chars`` can filter."""
    tree = _parse(pattern)
    if tree is None:
        return None
    # First exactly: an optional separator may glue two words ("any\\s?time" -> "anytime", "mid-autumn"
    # -> "midautumn"). If that explodes (dates: month, optional spaces, ordinal words ...), again with
    # runs of separators ending a word ("dec 5" and "dec5" dispatch, "decthe5" does not).
    for reader in (_WordReader(glue=True, cap=512), _WordReader(glue=False, cap=_MAX_STATES)):
        try:
            return frozenset(s for s, _ in reader.seq(tree, {("", False)}))
        except _Wild:
            continue
        except RecursionError:
            return None
    return None


def _is_letter(ch: str) -> bool:
    return "a" <= ch <= "z"


class _WordReader:
    """Walks a parse tree keeping the set of possible leading letter runs (a small automaton)."""

    def __init__(self, glue: bool, cap: int) -> None:
        self.glue, self.cap = glue, cap

    def add(self, states: set[State], options: set[str] | None, other: bool) -> set[State]:
        """Extend open states by one item matching one of ``options`` (letters) or, if ``other``, a
        non-letter (which ends the word)."""
        out: set[State] = set()
        for s, done in states:
            if done:
                out.add((s, done))
                continue
            if options:
                out.update((s + c, False) for c in options)
            if other:
                out.add((s, True))
        if len(out) > self.cap:
            raise _Wild
        return out

    def seq(self, items: list, states: set[State]) -> set[State]:
        for op, av in items:
            if all(done for _, done in states):
                return states
            states = self.item(op, av, states)
        return states

    def item(self, op, av, states: set[State]) -> set[State]:
        if op is C.LITERAL:
            ch = chr(av).lower()
            return self.add(states, {ch}, False) if _is_letter(ch) else self.add(states, None, True)
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            return states
        if op is C.IN:
            chars = _in(av)
            if chars is None:
                raise _Wild
            letters = {c for c in chars if _is_letter(c)}
            return self.add(states, letters, len(letters) < len(chars))
        if op is C.BRANCH:
            out: set[State] = set()
            for sub in av[1]:
                out |= self.seq(list(sub), states)
            return out
        if op is C.SUBPATTERN:
            return self.seq(list(av[-1]), states)
        if op is getattr(C, "ATOMIC_GROUP", None):
            return self.seq(list(av), states)
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            return self.repeat(av[0], av[1], list(av[2]), states)
        raise _Wild

    def repeat(self, lo: int, hi: int, sub: list, states: set[State]) -> set[State]:
        if lo == 0 and not self.glue and _no_letters(sub):
            return {(s, done or bool(s)) for s, done in states} | {(s, True) for s, done in states if not s}
        out = set(states) if lo == 0 else set()
        cur = states
        for i in range(1, 4):
            cur = self.seq(sub, cur)
            if all(done for _, done in cur):
                return out | cur
            if i >= lo:
                out |= cur
            if i == hi:
                return out
        raise _Wild   # a letter repeated without a small bound


def _no_letters(items: list) -> bool:
    chars, _ = _seq(items)
    return chars is not None and not any(_is_letter(c) for c in chars)


_ANCHOR_BEFORE = {C.AT_BEGINNING, C.AT_BEGINNING_STRING, C.AT_BEGINNING_LINE}
_ANCHOR_AFTER = {C.AT_END, C.AT_END_STRING, C.AT_END_LINE}
_ANCHOR_BOTH = {C.AT_BOUNDARY, C.AT_NON_BOUNDARY, getattr(C, "AT_UNI_BOUNDARY", None),
                getattr(C, "AT_UNI_NON_BOUNDARY", None), getattr(C, "AT_LOC_BOUNDARY", None),
                getattr(C, "AT_LOC_NON_BOUNDARY", None)}
_UNBOUNDED = 1 << 16


@functools.lru_cache(maxsize=4096)
def context_window(pattern: str, skip_last: int = 0) -> tuple[int, int | None] | None:
    """How far outside its own match a match of ``pattern`` can read: (characters before its start,
    characters after its end, None for "to the end of the text"), from its lookbehinds, lookaheads and
    anchors. A match's groups are a function of the matched text plus that window. None when the
    pattern cannot be read. ``skip_last``: top-level items at the end not to count (the scanner's word
    boundary check, which only accepts or rejects where the match ends)."""
    tree = _parse(pattern)
    if tree is None:
        return None
    try:
        before, after = _window(tree[:len(tree) - skip_last])
    except (TypeError, ValueError, RecursionError):
        return None
    return before, (None if after >= _UNBOUNDED else after)


def _window(items) -> tuple[int, int]:
    before = after = 0
    for op, av in items:
        b = a = 0
        if op in (C.ASSERT, C.ASSERT_NOT):
            direction, sub = av
            width = sub.getwidth()[1]
            inner_b, inner_a = _window(sub)
            if direction < 0:
                b, a = max(width, inner_b), inner_a
            else:
                b, a = inner_b, max(width, inner_a)
        elif op is C.AT:
            if av in _ANCHOR_BEFORE:
                b = 1
            elif av in _ANCHOR_AFTER:
                a = 2   # "$" also matches before a final newline
            elif av in _ANCHOR_BOTH:
                b = a = 1
        elif op is C.BRANCH:
            for sub in av[1]:
                sb, sa = _window(sub)
                b, a = max(b, sb), max(a, sa)
        elif op is C.SUBPATTERN:
            b, a = _window(av[-1])
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            b, a = _window(av[2])
        elif op is getattr(C, "ATOMIC_GROUP", None):
            b, a = _window(av)
        elif op is C.GROUPREF_EXISTS:
            b, a = _window(av[1])
            if av[2] is not None:
                sb, sa = _window(av[2])
                b, a = max(b, sb), max(a, sa)
        before, after = max(before, b), max(after, a)
    return before, after


def whole_match_group(pattern: str) -> bool:
    """True when ``pattern`` is one capturing group around the whole match (zero-width checks aside) and
    has no other group: every group of a match is then the matched text itself, whatever context the
    lookarounds read."""
    tree = _parse(pattern)
    if tree is None:
        return False
    groups = [av for op, av in tree if op is C.SUBPATTERN]
    others = [op for op, _ in tree if op is not C.SUBPATTERN and op not in (C.AT, C.ASSERT, C.ASSERT_NOT)]
    return len(groups) == 1 and groups[0][0] is not None and not others and not _has_group(groups[0][-1])


def _has_group(items) -> bool:
    for op, av in items:
        if op is C.SUBPATTERN and (av[0] is not None or _has_group(av[-1])):
            return True
        if op is C.BRANCH and any(_has_group(sub) for sub in av[1]):
            return True
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)) and _has_group(av[2]):
            return True
        if op in (C.ASSERT, C.ASSERT_NOT) and _has_group(av[1]):
            return True
        if op is getattr(C, "ATOMIC_GROUP", None) and _has_group(av):
            return True
        if op is C.GROUPREF_EXISTS:
            return True
    return False
