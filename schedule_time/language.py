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
_BOUNDARY = r"(?!(?<=[a-z])[a-z])(?!(?<=\d)\d)"


def _filler(m: re.Match[str]) -> None:
    return None


def _load() -> tuple[Language, ...]:
    found = []
    for name in LANGUAGE_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as ex:
            if ex.name != name:
                raise
            continue
        found.append(module.LANGUAGE)
    return tuple(found)


@dataclass(frozen=True)
class _Scanner:
    master: re.Pattern[str]
    rules: dict[str, tuple[re.Pattern[str], Callable[[re.Match[str]], Built]]]


def _compile(primary: Language, others: Sequence[Language]) -> _Scanner:
    alternatives, rules = [], {}
    for lang in (primary, *others):
        tail = _BOUNDARY if lang.word_boundary else ""
        entries = [(r.name, r.pattern, r.build) for r in lang.rules]
        if lang.fillers:
            entries.append(("filler", lang.fillers, _filler))
        for name, pattern, build in entries:
            key = f"{lang.code}__{name}"
            full = f"(?:{pattern}){tail}"
            rules[key] = (re.compile(full), build)
            alternatives.append(f"(?P<{key}>{_NAMED.sub('(?:', full)})")
    return _Scanner(re.compile("|".join(alternatives)), rules)


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
        m = master.match(text, pos)
        if m is not None and m.end() > pos:
            regex, build = rules[m.lastgroup]  # type: ignore[index]
            sub = regex.match(text, pos)
            built = build(sub) if sub is not None else None
            if isinstance(built, Piece):
                out.pieces.append(built)
            elif built:
                out.pieces.extend(built)
            pos = m.end()
            continue
        m = _SKIP.match(text, pos)
        if m is not None:
            pos = m.end()
            continue
        m = _UNKNOWN.match(text, pos)
        out.unknown.append(m.group())  # type: ignore[union-attr]
        pos = m.end()  # type: ignore[union-attr]
    return out
