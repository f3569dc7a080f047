"""The scanner of one primary language: which rules to try at a position (dispatch), compiled once.

``language._scan`` walks a text with it; this module only decides, per dispatch key, which compiled
segments (alternations of rules, or single rules) to try, in rule order. See README.md "How a language
module plugs in" (Dispatch) and ``digit_keys`` (the digit positions).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import digit_keys
from .first_chars import context_window, first_chars, first_words, whole_match_group

if TYPE_CHECKING:
    from .language import Built, Language

_NAMED = re.compile(r"\(\?P<\w+>")
_BIG = 3000
_WORD = re.compile(r"[a-z]+")
_MISSING = object()
_BOUNDARY = r"(?!(?<=[a-z])[a-z])(?!(?<=\d)\d)"
_PURE = (0, 0)   # the window of a rule that reads nothing outside its match
_BACKREF = re.compile(r"\(\?P=|\\[1-9]")


def _is_letter(ch: str) -> bool:
    return "a" <= ch <= "z"


def _char_class(ch: str) -> str:
    """Characters that share one dispatch entry: all digits (the same rules begin with each), else itself."""
    if "0" <= ch <= "9":
        return "0"
    return ch


def digit_key(ch: str, run: int, after: str) -> str:
    """The dispatch key of a digit ``ch`` beginning a run of ``run`` digits followed by ``after`` ("" for the
    end of the text or a character no rule reads after digits)."""
    return "#" + ch + _RUNS[min(run, digit_keys.CAP)] + after


_RUNS = tuple(map(str, range(digit_keys.CAP + 1)))
_CAP = digit_keys.CAP


def _filler(m: re.Match[str]) -> None:
    return None


class _Scanner:
    """All rules of a primary language (then the others), dispatched on the word (letters a-z) or the
    character at a position: only the rules that can begin with that word are tried.

    For a language written with spaces a rule's possible first words are read from its regex
    (``first_words``: "next", "this", ... for the period rule); a rule whose first words are not a small
    set, and every rule of a language without spaces, is dispatched on its first characters instead."""

    def __init__(self, primary: Language, others: Sequence[Language]) -> None:
        # entry: (key, regex body without named groups, first chars, first words or None)
        self.entries: list[tuple[str, str, frozenset[str] | None, frozenset[str] | None]] = []
        self.rules: dict[str, tuple[re.Pattern[str], Callable[[re.Match[str]], Built]]] = {}
        self.code = primary.code
        self.vocabulary: set[str] = set()
        # What a rule builds is memoised by the matched text plus the characters its lookarounds and anchors
        # can read before and after it (``context_window``; most rules read none: ``_PURE``).
        self.window: dict[str, tuple[int, int | None]] = {}
        for lang in (primary, *others):
            tail = _BOUNDARY if lang.word_boundary else ""
            items = [(r.name, r.pattern, r.build) for r in lang.rules]
            if lang.fillers:
                items.append(("filler", lang.fillers, _filler))
            for name, pattern, build in items:
                key = f"{lang.code}__{name}"
                full = f"(?:{pattern}){tail}"
                self.rules[key] = (re.compile(full), build)
                window = context_window(full, 2 if tail else 0)   # the tail is two lookaheads
                if window is not None and window != _PURE and whole_match_group(full):
                    window = _PURE   # its one group is the matched text: nothing else to depend on
                if window is not None:
                    self.window[key] = _PURE if window == _PURE else window
                words = first_words(full) if lang.word_boundary else None
                if words is not None:
                    self.vocabulary |= words
                self.entries.append((key, _NAMED.sub("(?:", full), first_chars(full), words))
        self.vocabulary.discard("")
        # Indexes so that a new key costs a dict lookup, not a pass over every rule: the rules that list
        # a word among their first words, and those filtered by first character only (per character).
        self._word_ids: dict[str, list[int]] = {}
        for i, (_, _, _, words) in enumerate(self.entries):
            for w in words or ():
                self._word_ids.setdefault(w, []).append(i)
        self._char_only = [(i, first) for i, (_, _, first, words) in enumerate(self.entries) if words is None]
        self._char_ids: dict[str, tuple[int, ...]] = {}
        self._by_key: dict[str, list[tuple[re.Pattern[str], str | None]] | None] = {}
        self._by_set: dict[tuple[int, ...], list[tuple[re.Pattern[str], str | None]]] = {}
        self._class_ids: dict[str, tuple[int, ...]] = {}
        # Per character class, the rules that can begin with it (and those that can begin with anything).
        self._by_class: dict[str, list[int]] = {}
        self._any_class: list[int] = []
        for i, (_, _, first, _) in enumerate(self.entries):
            if first is None:
                self._any_class.append(i)
                continue
            for cls in set(map(_char_class, first)):
                self._by_class.setdefault(cls, []).append(i)
        # At a digit, the rules are narrowed further by what their regexes read there (``digit_keys``).
        digit_ids = tuple(sorted((*self._by_class.get("0", ()), *self._any_class)))
        self._digit_opts = {i: digit_keys.options(self.rules[self.entries[i][0]][0].pattern) for i in digit_ids}
        self.digit_follow = digit_keys.follow_chars(list(self._digit_opts.values()))
        self._chunks: list[tuple[tuple[int, ...], list[tuple[re.Pattern[str], str | None]]]] | None = None
        self._alive: dict[tuple[int, str], frozenset[int]] = {}
        # What the scan loop reads, in one attribute load.
        self.state = (self._by_key, self.segments, self.rules, self.vocabulary, self.window, self.digit_follow)
        # Segments compile on first use (milliseconds each), or all at once in ``warm_up()`` (``EAGER``).

    def warm_up(self) -> None:
        """Compile every word's and character's segments now, e.g. in a latency-sensitive server."""
        starts = set().union(*(first for _, _, first, _ in self.entries if first is not None))
        for ch in sorted(starts):
            if not _is_letter(ch):
                self.segments(ch, ch)
            else:
                self.segments("?" + ch, ch)
        for word in sorted(self.vocabulary):
            self.segments(word, word[0])
        for ch in "0123456789":
            for run in range(1, digit_keys.CAP + 1):
                for after in sorted(self.digit_follow | {""}):
                    self.segments(digit_key(ch, run, after), ch)

    def key(self, text: str, pos: int, ch: str) -> tuple[str, int]:
        """The dispatch key at ``pos`` (a known word, "?" + first letter, or the character) and the end
        of the word."""
        if "a" <= ch <= "z":
            end = _WORD.match(text, pos).end()  # type: ignore[union-attr]
            word = text[pos:end]
            return (word if word in self.vocabulary else "?" + ch), end
        return ch, pos + 1

    def segments(self, key: str, ch: str) -> list[tuple[re.Pattern[str], str | None]] | None:
        """The segments to try at a position, in rule order: each is a compiled alternation of rules
        (key None: read ``lastgroup``) or one rule tried alone with its key.

        A letter position tries the rules that list its word among their first words (plus rules filtered
        by first character only); any other position tries the rules that can begin with a character of
        its class (all digits share one class): a rule that cannot begin with the character there never
        matches, so a shared superset gives the same result with fewer alternations to compile. Several
        rules become one alternation (one match call per position; with the fragment memo no second match);
        a rule longer than ``_BIG`` characters (hundreds of names) is never copied into an alternation."""
        found = self._by_key.get(key, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[return-value]
        letter = _is_letter(ch)
        if letter:
            by_char = self._char_ids.get(ch)
            if by_char is None:
                by_char = self._char_ids[ch] = tuple(i for i, first in self._char_only if first is None or ch in first)
            word = self._word_ids.get(key, ()) if key[0] != "?" else ()
            ids = tuple(sorted({*word, *by_char}))
        elif key[0] == "#" and "0" <= ch <= "9":   # a digit keyed by its run and what follows (``digit_keys``)
            found = self._digit_segments(int(key[2]), key[3:], ch)
            if len(self._by_key) < 8192:
                self._by_key[key] = found
            return found
        else:
            cls = _char_class(ch)
            ids = self._class_ids.get(cls)  # type: ignore[assignment]
            if ids is None:
                ids = self._class_ids[cls] = tuple(sorted((*self._by_class.get(cls, ()), *self._any_class)))
        if not ids:
            segments = None
        else:
            segments = self._by_set.get(ids)
            if segments is None:
                segments = self._group(ids)
                self._by_set[ids] = segments
        if len(self._by_key) < 8192:
            self._by_key[key] = segments
        return segments

    def _digit_segments(self, run: int, after: str, ch: str) -> list[tuple[re.Pattern[str], str | None]] | None:
        """The digit class's rules in short compiled chunks (``digit_keys.CHUNK`` rules each, compiled once);
        a digit position tries the chunks holding a rule that may match there, each without its rules
        that cannot (a smaller alternation of the rest, compiled once per such set: skipping a rule that
        cannot match changes nothing)."""
        if self._chunks is None:
            self._chunks = [(ids, self._group(ids)) for ids in digit_keys.chunks(   # (ids in rule order)
                sorted(self._digit_opts), lambda i: len(self.entries[i][1]) > _BIG)]
        alive = self._alive.get((run, after))
        if alive is None:
            alive = self._alive[(run, after)] = frozenset(
                i for i, opts in self._digit_opts.items() if digit_keys.may_match(opts, run, after))
        entries = self.entries
        out: list[tuple[re.Pattern[str], str | None]] = []
        for ids, segs in self._chunks:
            live = tuple(i for i in ids if i in alive and (entries[i][2] is None or ch in entries[i][2]))
            if len(live) == len(ids):
                out += segs
            elif live:   # only the chunk's rules that may match here, as their own (smaller) alternation
                sub = self._by_set.get(live)
                if sub is None:
                    sub = self._by_set[live] = self._group(live)
                out += sub
        return out or None

    def _group(self, ids: tuple[int, ...]) -> list[tuple[re.Pattern[str], str | None]]:
        segments: list[tuple[re.Pattern[str], str | None]] = []
        small: list[int] = []

        def flush() -> None:
            if len(small) == 1:   # one rule: its own regex, no alternation to compile or second match
                key = self.entries[small[0]][0]
                segments.append((self.rules[key][0], key))
            elif small:
                segments.append((re.compile("|".join(f"(?P<{self.entries[i][0]}>{self.entries[i][1]})"
                                                     for i in small)), None))
            small.clear()

        for i in ids:
            key, body, _, _ = self.entries[i]
            if len(body) > _BIG or _BACKREF.search(self.rules[key][0].pattern):
                flush()   # huge, or refers to its own named groups (which an alternation renames away)
                segments.append((self.rules[key][0], key))
            else:
                small.append(i)
        flush()
        return segments
