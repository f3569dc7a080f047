"""The language plug-in contract, the registry, and the scan that turns text into pieces (which rules
to try at a position is ``scanner.py``'s dispatch).

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
from .first_chars import first_chars
from .pieces import Piece, Scan
from .scanner import _CAP, _MISSING, _PURE, _RUNS, _WORD, _Scanner
from .scanner import digit_key as digit_key

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
        self._detected: list[tuple[Callable[[str], object], _Scanner]] | None = None

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

    def detected(self, text: str) -> _Scanner:
        """``scanner_for`` of a text that is not ASCII: once every language's scanner is built, the first
        language (after the default) whose ``detect`` occurs in it, without the ASCII tests."""
        found = self._detected
        if found is None:
            return self.scanner_for(text)
        for search, sc in found[1:]:
            if search(text):
                return sc
        return found[0][1]

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
            if len(self._scanners) == len(self.languages):   # (``detected``: the languages in order)
                self._detected = [(x.detect.search, self._scanners[x.code]) for x in self.languages]
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
    """NFKC (full-width digits and letters become ASCII), lower case, trimmed; a typographic apostrophe is
    the ASCII one (a phone keyboard writes "o’clock", "friday’s")."""
    if text.isascii():
        return text.strip().lower()
    return unicodedata.normalize("NFKC", text).translate(APOSTROPHES).strip().lower()


APOSTROPHES = str.maketrans({"’": "'", "‘": "'"})
"""Typographic apostrophes as the ASCII one (each one character for one: spans keep their places)."""


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


def _scan(text: str, spans: list[tuple[int, int, int]] | None = None, sc: _Scanner | None = None,
          ) -> tuple[tuple[Piece, ...], tuple[str, ...], str]:
    """The scan itself. With ``spans`` (``analyse``), each recognised or unknown stretch is recorded as
    (start, end, count): ``count`` pieces were built there (0: a filler), -1 for an unknown word. ``sc``:
    the text's scanner when the caller already knows it (``resolve``: an ASCII text's)."""
    if sc is None:
        reg = _registry or registry()
        sc = (reg.ascii_scanner or reg.scanner_for(text)) if text.isascii() else reg.detected(text)
    pieces: tuple[Piece, ...] = ()   # (a tuple grown by concatenation: one fragment's tuple is the scan's own)
    unknown: list[str] = []
    pos, n = 0, len(text)
    by_key, segments_for, rules, vocabulary, windows, follow = sc.state
    while pos < n:
        ch = text[pos]
        if ch == " ":
            pos += 1
            continue
        if "a" <= ch <= "z":
            word_end = _WORD_AT(text, pos).end()  # type: ignore[union-attr]
            key = text[pos:word_end]
            if key not in vocabulary:
                key = "?" + ch
        else:
            key, word_end = ch, pos + 1
            if "0" <= ch <= "9":
                run_end = _RUN_AT(text, pos).end()  # type: ignore[union-attr]
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
            else:   # (``_build``, inline on a miss: one call less per new fragment)
                fkey = (found, text[pos:end]) if window is _PURE else (   # type: ignore[assignment]
                    found, text[max(0, pos - window[0]):pos], text[pos:end],
                    text[end:] if window[1] is None else text[end:end + window[1]])
                built = _BUILT.get(fkey, _MISSING)
                if built is _MISSING:
                    rx, build = rules[found]
                    built = build(m if rule is not None else rx.match(text, pos))
                    built = (built,) if isinstance(built, Piece) else tuple(built) if built else ()
                    if len(_BUILT) >= _BUILT_MAX:   # (bounded: emptied when full, as the scan memo)
                        _BUILT.clear()
                    _BUILT[fkey] = built
            if found in _OTHER_WORDS:   # "room 4", "gate 12": words of their own, as an unknown word is
                unknown.append(text[pos:end])
                if spans is not None:
                    spans.append((pos, end, -1))
                pos = end
                continue
            if built:
                pieces += built
            if spans is not None:
                spans.append((pos, end, len(built)))
            pos = end
            continue
        m = _SKIP.match(text, pos)
        if m is not None:
            pos = m.end()
            continue
        if word_end > pos + 1 or "a" <= ch <= "z":
            if word_end < n and ("0" <= text[word_end] <= "9" or _NUMBERED_AT(text, word_end)):
                word_end = _CODE_AT(text, word_end).end()   # "b2-14", "ua123", "v2.5", "jira-1234": a code
            unknown.append(text[pos:word_end])
            if spans is not None:
                spans.append((pos, word_end, -1))
            pos = word_end
            continue
        m = _UNKNOWN.match(text, pos)
        unknown.append(m.group())  # type: ignore[union-attr]
        if spans is not None:
            spans.append((pos, m.end(), -1))  # type: ignore[union-attr]
        pos = m.end()  # type: ignore[union-attr]
    return pieces, (tuple(unknown) if unknown else ()), sc.code


_OTHER_WORDS = frozenset({"en__numbered_place", "zh__numbered_place"})
"""Rules whose match is no time and no filler but words of another kind ("room 4", "gate 12", 3号会议室): a
reply with them says more than a time (``is_slot_reply``), and a time phrase ends before them."""
_WORD_AT = _WORD.match
_CODE_AT = re.compile(r"[a-z0-9]*(?:[-./][a-z0-9]+)*").match
_NUMBERED_AT = re.compile(r"-\d{3,}(?![\d:.a-z])").match
"""The rest of a code that begins with letters no rule knows ("b2-14" of a room, "ua123", "v2.5", and a
word, a hyphen and three digits or more: "jira-1234"): its digits are no date or time."""
_RUN_AT = digit_keys.RUN.match


def _build(rule: tuple[re.Pattern[str], Callable[[re.Match[str]], Built]], m: re.Match[str] | None,
           text: str, pos: int) -> tuple[Piece, ...]:
    """What a rule builds at ``pos``: from its own match ``m``, or matched again for its named groups (an
    alternation's match has none), always as a tuple (one piece, several, or none): a memoised result is
    shared."""
    rx, build = rule
    built = build(m if m is not None else rx.match(text, pos))  # type: ignore[arg-type]
    return (built,) if isinstance(built, Piece) else tuple(built) if built else ()


_CLEARS: list[Callable[[], None]] = []


def also_clear(clear: Callable[[], None]) -> None:
    """Register a language module's own memo of text fragments (say, durations by their words) with
    ``clear_caches``."""
    _CLEARS.append(clear)


def clear_caches() -> None:
    """Forget memoised scans and built fragments (benchmarks call this to time the uncached path).
    Compiled rule segments and the holiday tables (dates per holiday and year) are not memos of a text
    and stay."""
    _MEMO.clear()
    _BUILT.clear()
    for clear in _CLEARS:
        clear()
