"""The digit dispatch (``schedule_time.digit_keys``) only drops rules that cannot match: at every digit of
many texts, the narrowed segments find the same first rule and the same match as the plain digit class."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from schedule_time import language as lang
from schedule_time.digit_keys import RUN, options

from .test_table import ROWS

NUMBERS = ["1", "2", "3", "7", "9", "0", "00", "05", "12", "13", "24", "25", "31", "32", "99", "100", "730", "1230",
           "2015", "1999", "3000", "12345", "201504"]
AFTER = ["", " ", ":", ":30", ".", ".5", ".12.2015", ",", ", 2015", "-", "-12-01", "/", "/12", "/2015", "am", "pm",
         " pm", "a", "p", "h", "h30", "st", "nd", "th", " days ago", " days", " hours from now", " minutes later",
         " weeks after christmas", "'", "\"", "q1", "s", "ish", " o'clock", " in the morning", " to 5", "-4pm", "年",
         "年3月", "月", "月5日", "日", "号", "点", "点半", "点钟", "分", "个月", "天后", "周", "岁", "季度", " dec",
         " december 2015", "december", "x", "!", "?", "\u3000", "\x1c", "٣", "\n5"]
BEFORE = ["", "at ", "the ", "x", "第", "2015-"]


def _first(segments, text: str, pos: int):
    for regex, rule in segments or ():
        m = regex.match(text, pos)
        if m is not None and m.end() > pos:
            return rule or m.lastgroup, m.end()
    return None


def _texts() -> list[str]:
    out = [b + n + a for b, n, a in itertools.product(BEFORE, NUMBERS, AFTER)]
    out += [row.text for row in ROWS]
    corpus = Path(__file__).resolve().parents[3] / "shared" / "data" / "time"
    if corpus.is_dir():
        out += [line for f in sorted(corpus.rglob("*.jsonl")) for line in f.read_text(encoding="utf-8").splitlines()]
    return [lang.normalise(t) for t in out]


@pytest.mark.parametrize("code", ["en", "zh"])
def test_digit_keys_find_what_the_digit_class_finds(code: str) -> None:
    lang.warm_up()
    reg = lang.registry()
    sc = reg.scanner(next(x for x in reg.languages if x.code == code))
    checked = 0
    for text in _texts():
        for pos, ch in enumerate(text):
            if not "0" <= ch <= "9":
                continue
            end = RUN.match(text, pos).end()  # type: ignore[union-attr]
            after = text[end] if end < len(text) else ""
            if not (after in sc.digit_follow or after == "" or " " <= after <= "~" or "\u3400" <= after <= "\u9fff"):
                continue   # the scanner keeps the plain class there
            key = lang.digit_key(ch, end - pos, after if after in sc.digit_follow else "")
            narrowed = sc.segments(key, ch)
            plain = sc.segments(ch, ch)
            assert _first(narrowed, text, pos) == _first(plain, text, pos), (text, pos, key)
            checked += 1
    assert checked > 5000


def test_a_year_at_the_end_tries_only_year_and_number() -> None:
    lang.warm_up()
    sc = lang.registry().scanner(lang.registry().languages[0])
    names = {sc.entries[i][0] for i in sc._alive[(4, "")] if "2" in (sc.entries[i][2] or "2")}
    assert names == {"en__year", "en__number"}


@pytest.mark.parametrize("code", ["en", "zh"])
def test_digit_segments_keep_the_rules_in_order(code: str) -> None:
    # A chunk without its rules that cannot match is a smaller alternation: the rules still come in rule
    # order across a position's segments (the first that matches wins).
    lang.warm_up()
    reg = lang.registry()
    sc = reg.scanner(next(x for x in reg.languages if x.code == code))
    index = {key: i for i, (key, _, _, _) in enumerate(sc.entries)}
    narrowed = 0
    for key, segments in sc._by_key.items():
        if key[0] != "#" or not segments:
            continue
        order = [index[name] for rx, rule in segments for name in ([rule] if rule else rx.groupindex)]
        assert order == sorted(order) and len(set(order)) == len(order), key
        narrowed += any(rule is None and tuple(index[n] for n in rx.groupindex) not in
                        {ids for ids, _ in sc._chunks} for rx, rule in segments)   # type: ignore[union-attr]
    assert narrowed > 0


def test_unreadable_patterns_keep_the_rule() -> None:
    assert options(r"(?P<a>x)(?P=a)\d") is None or all(o[2] is None for o in options(r"(?P<a>x)(?P=a)\d") or ())
    assert options("(") is None
