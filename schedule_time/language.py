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

from .first_chars import first_chars
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


LANGUAGE_MODULES = ("schedule_time.en", "schedule_time.zh")
"""Modules that may provide a ``LANGUAGE``; a module that does not exist yet is skipped."""

_SKIP = re.compile(r"[\s,.;:!?，。、；：！？…“”\"'()\[\]（）【】~～]+")
_UNKNOWN = re.compile(r"[a-z0-9]+|.", re.S)
_NAMED = re.compile(r"\(\?P<\w+>")
_HOT = 3
_BIG = 3000
_BOUNDARY = r"(?!(?<=[a-z])[a-z])(?!(?<=\d)\d)"


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
    """All rules of a primary language (then the others), dispatched on the first character: at a
    position only the rules that can start with that character are tried (one alternation each)."""

    def __init__(self, primary: Language, others: Sequence[Language]) -> None:
        self.entries: list[tuple[str, str, frozenset[str] | None]] = []
        self.rules: dict[str, tuple[re.Pattern[str], Callable[[re.Match[str]], Built]]] = {}
        for lang in (primary, *others):
            tail = _BOUNDARY if lang.word_boundary else ""
            items = [(r.name, r.pattern, r.build) for r in lang.rules]
            if lang.fillers:
                items.append(("filler", lang.fillers, _filler))
            for name, pattern, build in items:
                key = f"{lang.code}__{name}"
                full = f"(?:{pattern}){tail}"
                self.rules[key] = (re.compile(full), build)
                self.entries.append((key, _NAMED.sub("(?:", full), first_chars(full)))
        self._by_char: dict[str, list[tuple[re.Pattern[str], str | None]]] = {}
        self._by_set: dict[tuple[int, ...], list[tuple[re.Pattern[str], str | None]]] = {}
        self._seen: dict[tuple[int, ...], int] = {}
        # Buckets compile lazily (~30 ms each, once per process): compiling all of them up front would
        # cost seconds at import. ``warm_up()`` compiles them all for latency-sensitive processes.

    def warm_up(self) -> None:
        """Compile every character's segments now (about a second), e.g. in a latency-sensitive server."""
        starts = set().union(*(first for _, _, first in self.entries if first is not None))
        for ch in sorted(starts):
            self.master(ch, hot=True)

    def master(self, ch: str, hot: bool = False) -> list[tuple[re.Pattern[str], str | None]] | None:
        """The segments to try at a position starting with ``ch``, in rule order: each is a compiled
        alternation of small rules (key None: read ``lastgroup``) or one big rule with its key.

        Compiling an alternation costs milliseconds, so a character gets one only once it has been seen
        ``_HOT`` times (random unicode never pays a compilation), and rules longer than ``_BIG``
        characters (hundreds of names) are never copied into an alternation: they are tried alone."""
        found = self._by_char.get(ch)
        if found is not None:
            return found
        ids = tuple(i for i, (_, _, first) in enumerate(self.entries) if first is None or ch in first)
        if not ids:
            return None
        segments = self._by_set.get(ids)
        if segments is None:
            seen = self._seen[ids] = self._seen.get(ids, 0) + 1
            if seen < _HOT and not hot:
                return [(self.rules[self.entries[i][0]][0], self.entries[i][0]) for i in ids]
            segments, small = [], []
            for i in ids:
                key, body, _ = self.entries[i]
                if len(body) > _BIG:
                    if small:
                        segments.append((re.compile("|".join(small)), None))
                        small = []
                    segments.append((self.rules[key][0], key))
                else:
                    small.append(f"(?P<{key}>{body})")
            if small:
                segments.append((re.compile("|".join(small)), None))
            self._by_set[ids] = segments
        if len(self._by_char) < 4096:
            self._by_char[ch] = segments
        return segments


def _compile(primary: Language, others: Sequence[Language]) -> _Scanner:
    return _Scanner(primary, others)


class Registry:
    """The registered languages and one compiled scanner per primary language (built on first use)."""

    def __init__(self, languages: Sequence[Language]) -> None:
        self.languages = tuple(languages)
        self._scanners: dict[str, _Scanner] = {}

    def primary(self, text: str) -> Language:
        """The language whose ``detect`` pattern occurs in ``text``; the first registered otherwise."""
        for lang in self.languages[1:]:
            if lang.detect.search(text):
                return lang
        return self.languages[0]

    def scanner(self, lang: Language) -> _Scanner:
        sc = self._scanners.get(lang.code)
        if sc is None:
            others = [x for x in self.languages if x.code != lang.code]
            sc = self._scanners[lang.code] = _compile(lang, others)
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


def scan(text: str) -> Scan:
    """Split normalised ``text`` into pieces with the registered rules; collect what nobody knows."""
    reg = registry()
    lang = reg.primary(text)
    sc = reg.scanner(lang)
    out = Scan(lang=lang.code)
    pos, n = 0, len(text)
    master, rules = sc.master, sc.rules
    while pos < n:
        ch = text[pos]
        if ch == " ":
            pos += 1
            continue
        segments = master(ch)
        sub = None
        if segments is not None:
            for regex, key in segments:
                m = regex.match(text, pos)
                if m is not None and m.end() > pos:
                    rx, build = rules[key or m.lastgroup]  # type: ignore[index]
                    sub = m if key is not None else rx.match(text, pos)
                    break
        if sub is not None:
            built = build(sub)
            if isinstance(built, Piece):
                out.pieces.append(built)
            elif built:
                out.pieces.extend(built)
            pos = sub.end()
            continue
        m = _SKIP.match(text, pos)
        if m is not None:
            pos = m.end()
            continue
        m = _UNKNOWN.match(text, pos)
        out.unknown.append(m.group())  # type: ignore[union-attr]
        pos = m.end()  # type: ignore[union-attr]
    return out
