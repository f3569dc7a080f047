"""The language plug-in contract, the registry, and the scanner that turns text into pieces.

A language module (``schedule_time/en.py``, ``schedule_time/zh.py``) defines one module-level
``LANGUAGE = Language(...)``: an ordered list of ``Rule``s (regex -> pieces) plus the words it treats as
fillers. The core never parses text itself; it scans with the rules of every registered language (the
detected one first) and hands the pieces to ``compose``. See README.md "How a language module plugs in".
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import digit_keys
from .first_chars import context_window, first_chars, first_words, whole_match_group
from .pieces import Piece, Scan

Built = Piece | Sequence[Piece] | None
"""What a rule's ``build`` returns: one piece, several, or None for a recognised filler."""


@dataclass(frozen=True)
class Rule:
    """One surface form. ``pattern`` is matched (``re.match``) at a position of the normalised text
    (NFKC, lower-cased); its named groups reach ``build``. Earlier rules win over later ones."""

    name: str
    pattern: str
    build: Callable[[re.Match[str]], Built]


@dataclass(frozen=True)
class Language:
    """A language module's whole contribution.

    * ``code``: "en", "zh".
    * ``rules``: ordered; the first rule that matches at a position wins (put longer forms first).
    * ``detect``: a pattern whose presence makes this language the primary one for a text.
    * ``word_boundary``: True for languages written with spaces; a match must then not stop inside a
      run of letters or of digits ("3pm" is not "3" + "pm"; "14april" is "14" + "april").
    * ``fillers``: regex of words that carry no time meaning ("at", "please", "吧"); resolve and
      ``is_slot_reply`` both skip them.
    """

    code: str
    rules: Sequence[Rule]
    detect: re.Pattern[str]
    word_boundary: bool = True
    fillers: str = ""
    extra: dict[str, object] = field(default_factory=dict)


EAGER = True
"""Compile every alternation of a scanner when it is built (the process's first text in that language
pays ~1 s once; no later call pays for a compilation). A one-shot caller (the CLI) sets it False: each
alternation is then compiled the first time a text needs it."""

LANGUAGE_MODULES = ("schedule_time.en", "schedule_time.zh")
"""Modules that may provide a ``LANGUAGE``; a module that does not exist yet is skipped."""

_SKIP = re.compile(r"[\s,.;:!?，。、；：！？…“”\"'()\[\]（）【】~～]+")
_UNKNOWN = re.compile(r"[a-z0-9]+|.", re.S)
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


def split_alternation(pattern: str) -> list[str]:
    """The top-level ``|`` branches of a regex source (respecting groups, classes and escapes)."""
    out, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


def rules_by_first_char(name: str, pattern: str, build: Callable[[re.Match[str]], Built],
                        group: str) -> list[Rule]:
    """Split a big alternation (hundreds of names) into one rule per first character, each wrapping
    its branches in the named group ``group``, so the scanner tries only the relevant names."""
    buckets: dict[str, list[str]] = {}
    for branch in split_alternation(pattern):
        first = first_chars(branch)
        key = "".join(sorted(first)) if first is not None and len(first) <= 4 else "*"
        buckets.setdefault(key, []).append(branch)
    return [Rule(f"{name}_{i}", f"(?P<{group}>{'|'.join(branches)})", build)
            for i, branches in enumerate(buckets.values())]


def _load() -> tuple[Language, ...]:
    found = []
    for name in LANGUAGE_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as ex:
            if ex.name != name:
                raise
            continue
        lang = getattr(module, "LANGUAGE", None)
        if lang is not None:   # a module still being written may not define it yet
            found.append(lang)
    return tuple(found)


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
        self._chunks: list[tuple[frozenset[int], list[tuple[re.Pattern[str], str | None]]]] | None = None
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
        a digit position tries the chunks holding a rule that may match there (the others in a chunk
        cannot match: trying them changes nothing)."""
        if self._chunks is None:
            self._chunks = [(frozenset(ids), self._group(ids)) for ids in digit_keys.chunks(
                sorted(self._digit_opts), lambda i: len(self.entries[i][1]) > _BIG)]
        alive = self._alive.get((run, after))
        if alive is None:
            alive = self._alive[(run, after)] = frozenset(
                i for i, opts in self._digit_opts.items() if digit_keys.may_match(opts, run, after))
        entries = self.entries
        out = [seg for ids, segs in self._chunks
               if any(i in alive and (entries[i][2] is None or ch in entries[i][2]) for i in ids) for seg in segs]
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


def _compile(primary: Language, others: Sequence[Language]) -> _Scanner:
    return _Scanner(primary, others)


class Registry:
    """The registered languages and one compiled scanner per primary language (built on first use)."""

    def __init__(self, languages: Sequence[Language]) -> None:
        self.languages = tuple(languages)
        self._scanners: dict[str, _Scanner] = {}
        # An ASCII text can only be in the default language unless another language detects ASCII.
        ascii_chars = "".join(map(chr, range(128)))
        self._ascii_default = not any(lang.detect.search(ascii_chars) for lang in self.languages[1:])
        self.ascii_scanner: _Scanner | None = None   # the default language's, once built, if ASCII is its

    def primary(self, text: str) -> Language:
        """The language whose ``detect`` pattern occurs in ``text``; the first registered otherwise."""
        if self._ascii_default and text.isascii():
            return self.languages[0]
        for lang in self.languages[1:]:
            if lang.detect.search(text):
                return lang
        return self.languages[0]

    def scanner_for(self, text: str) -> _Scanner:
        """The scanner of ``text``'s primary language."""
        if self.ascii_scanner is not None and text.isascii():
            return self.ascii_scanner
        return self.scanner(self.primary(text))

    def scanner(self, lang: Language) -> _Scanner:
        sc = self._scanners.get(lang.code)
        if sc is None:
            others = [x for x in self.languages if x.code != lang.code]
            sc = _compile(lang, others)
            if EAGER:
                sc.warm_up()
            self._scanners[lang.code] = sc
            if self._ascii_default and lang is self.languages[0]:
                self.ascii_scanner = sc
        return sc


_registry: Registry | None = None


def registry() -> Registry:
    """The process-wide registry of the language modules in ``LANGUAGE_MODULES`` that exist."""
    global _registry
    if _registry is None:
        _registry = Registry(_load())
    return _registry


def warm_up() -> None:
    """Build and compile every language's scanner (tests and servers call this once at start)."""
    reg = registry()
    for lang in reg.languages:
        reg.scanner(lang).warm_up()


def normalise(text: str) -> str:
    """NFKC (full-width digits and letters become ASCII), lower case, trimmed."""
    if text.isascii():
        return text.strip().lower()
    return unicodedata.normalize("NFKC", text).strip().lower()


_MEMO: dict[str, tuple[tuple[Piece, ...], tuple[str, ...], str]] = {}
_MEMO_MAX = 4096
_BUILT: dict[tuple[str, ...], tuple[Piece, ...]] = {}
"""What a rule built from a matched fragment (and the characters around it that its lookarounds read)."""
_BUILT_MAX = 8192


def scan(text: str) -> Scan:
    """Split normalised ``text`` into pieces with the registered rules; collect what nobody knows.

    Scans are memoised by text (see ``scan_parts``); ``clear_caches()`` empties the memo (benchmarks time
    the uncached path)."""
    pieces, unknown, lang = scan_parts(text)
    return Scan(list(pieces), list(unknown), lang)


def scan_parts(text: str) -> tuple[tuple[Piece, ...], tuple[str, ...], str]:
    """``scan`` as the memo holds it, (pieces, unknown words, language code), without copying into a
    ``Scan`` (``resolve`` reads it; nobody mutates it). Memoised by text in a bounded table, emptied when
    full: a scan depends on nothing but the text, and nothing mutates a piece."""
    hit = _MEMO.get(text)
    if hit is None:
        hit = _scan(text)
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[text] = hit
    return hit


def _scan(text: str) -> tuple[tuple[Piece, ...], tuple[str, ...], str]:
    reg = _registry or registry()
    sc = reg.ascii_scanner if reg.ascii_scanner is not None and text.isascii() else reg.scanner_for(text)
    pieces: list[Piece] = []
    unknown: list[str] = []
    pos, n = 0, len(text)
    by_key, segments_for, rules, vocabulary, windows, follow = sc.state
    built_memo = _BUILT
    word_at, run_at = _WORD.match, digit_keys.RUN.match
    while pos < n:
        ch = text[pos]
        if ch == " ":
            pos += 1
            continue
        if "a" <= ch <= "z":
            word_end = word_at(text, pos).end()  # type: ignore[union-attr]
            key = text[pos:word_end]
            if key not in vocabulary:
                key = "?" + ch
        else:
            key, word_end = ch, pos + 1
            if "0" <= ch <= "9":
                run_end = run_at(text, pos).end()  # type: ignore[union-attr]
                after = text[run_end] if run_end < n else ""
                if after in follow or after == "" or " " <= after <= "~" or "\u3400" <= after <= "\u9fff":
                    run = run_end - pos   # (``digit_key``, inline)
                    key = "#" + ch + (_RUNS[run] if run < _CAP else _RUNS[_CAP]) + (after if after in follow else "")
        segments = by_key.get(key, _MISSING)
        if segments is _MISSING:
            segments = segments_for(key, ch)
        found = None
        if segments is not None:
            for regex, rule in segments:
                m = regex.match(text, pos)
                if m is not None:
                    end = m.end()
                    if end > pos:
                        found = rule or m.lastgroup
                        break
        if found is not None:
            window = windows.get(found)
            if window is None:   # a rule whose match can read any part of the text: built every time
                built = _build(rules[found], m if rule is not None else None, text, pos)
            else:
                fkey = (found, text[pos:end]) if window is _PURE else (   # type: ignore[assignment]
                    found, text[max(0, pos - window[0]):pos], text[pos:end],
                    text[end:] if window[1] is None else text[end:end + window[1]])
                built = built_memo.get(fkey, _MISSING)
                if built is _MISSING:
                    built = _build(rules[found], m if rule is not None else None, text, pos)
                    if len(built_memo) >= _BUILT_MAX:
                        built_memo.clear()
                    built_memo[fkey] = built
            if built:
                pieces.extend(built)
            pos = end
            continue
        m = _SKIP.match(text, pos)
        if m is not None:
            pos = m.end()
            continue
        if word_end > pos + 1 or "a" <= ch <= "z":
            unknown.append(text[pos:word_end])
            pos = word_end
            continue
        m = _UNKNOWN.match(text, pos)
        unknown.append(m.group())  # type: ignore[union-attr]
        pos = m.end()  # type: ignore[union-attr]
    return tuple(pieces), tuple(unknown), sc.code


def _build(rule: tuple[re.Pattern[str], Callable[[re.Match[str]], Built]], m: re.Match[str] | None,
           text: str, pos: int) -> tuple[Piece, ...]:
    """What a rule builds at ``pos``: from its own match ``m``, or matched again for its named groups (an
    alternation's match has none), always as a tuple (one piece, several, or none): a memoised result is
    shared."""
    rx, build = rule
    built = build(m if m is not None else rx.match(text, pos))  # type: ignore[arg-type]
    return (built,) if isinstance(built, Piece) else tuple(built) if built else ()


def clear_caches() -> None:
    """Forget memoised scans and built fragments (benchmarks call this to time the uncached path).
    Compiled rule segments and the holiday tables (dates per holiday and year) are not memos of a text
    and stay."""
    _MEMO.clear()
    _BUILT.clear()
