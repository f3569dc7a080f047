"""The speed paths give the same answers as the plain ones: the reused call context, the fragment memo,
the scanner's shared alternations, the result constructor."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from schedule_time import Resolution, TimeExpressionError, resolve
from schedule_time import language as lang
from schedule_time import pieces as p
from schedule_time.first_chars import context_window, whole_match_group
from schedule_time.result import make_resolution


def test_same_instant_in_another_zone_is_not_the_same_context() -> None:
    minus2 = datetime(2013, 2, 12, 4, 30, tzinfo=timezone(timedelta(hours=-2)))
    utc = minus2.astimezone(UTC)   # equal instant, other wall clock
    assert minus2 == utc
    a = resolve("today", now=minus2)
    b = resolve("today", now=utc)
    assert a.start.isoformat() == "2013-02-12T00:00:00-02:00"
    assert b.start.isoformat() == "2013-02-12T00:00:00+00:00"
    assert resolve("today", now=minus2).start == a.start
    shanghai = datetime(2013, 2, 12, 23, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert resolve("today", now=shanghai).start.day == 12
    assert resolve("today", now=shanghai, tz=ZoneInfo("UTC")).start.isoformat() == "2013-02-12T00:00:00+00:00"
    assert resolve("today", now=shanghai, prefer="past").start.day == 12


def test_misuse_is_still_an_error_after_a_good_call() -> None:
    now = datetime(2026, 11, 30, 10, 0, tzinfo=ZoneInfo("Asia/Shanghai"))
    resolve("tomorrow", now=now)
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=now.replace(tzinfo=None))
    with pytest.raises(TimeExpressionError):
        resolve(None, now=now)  # type: ignore[arg-type]
    with pytest.raises(TimeExpressionError):
        resolve("tomorrow", now=now, prefer="later")  # type: ignore[arg-type]


def test_make_resolution_is_the_dataclass() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    args = ("resolved", start, start + timedelta(days=1), "day", (), None, None, None, "x", None, None, "en")
    fast, plain = make_resolution(*args), Resolution(*args)   # type: ignore[arg-type]
    assert fast == plain and repr(fast) == repr(plain) and fast.to_json() == plain.to_json()
    assert type(fast) is Resolution and hash(fast) == hash(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain and copy.copy(fast) == plain
    assert dataclasses.replace(fast, label="y") == dataclasses.replace(plain, label="y")
    with pytest.raises(AttributeError):
        fast.status = "ambiguous"  # type: ignore[misc]


def test_fragment_memo_gives_the_same_pieces() -> None:
    texts = ["tomorrow at 3pm", "in 2 hours", "明天下午三点", "next friday 9-10am", "3 days ago", "christmas"]
    lang.clear_caches()
    first = [lang._scan(t) for t in texts]   # fills the fragment memo
    again = [lang._scan(t) for t in texts]   # served from it
    assert first == again
    lang.clear_caches()
    assert not lang._BUILT


def test_rule_with_a_backreference_is_tried_alone() -> None:
    def build(m: re.Match[str]) -> p.Piece:
        return p.DateParts(None, int(m["a"]), int(m["b"]))

    backref = lang.Rule("dmd", r"(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})(?P=sep)x", build)
    plain = lang.Rule("num", r"\d+", lambda m: p.Number(int(m.group())))
    other = lang.Rule("num2", r"\d+z", lambda m: p.Number(int(m.group()[:-1])))
    language = lang.Language(code="t", rules=[backref, other, plain], detect=re.compile("t"))
    sc = lang._Scanner(language, [])
    segments = sc.segments("1", "1")
    assert segments is not None and segments[0][1] == "t__dmd"   # alone, with its own groups
    assert segments[0][0].match("3/4/x") is not None and segments[0][0].match("3/4-x") is None


@pytest.mark.parametrize(("pattern", "window"), [
    (r"abc", (0, 0)), (r"\bab\b", (1, 1)), (r"(?<![a-z].)x(?!\d)", (2, 1)), (r"x(?=\s*pm)", (0, None)),
    (r"^x$", (1, 2)),
])
def test_context_window(pattern: str, window: tuple) -> None:
    assert context_window(pattern) == window


@pytest.mark.parametrize(("pattern", "whole"), [
    (r"(?P<hol>abc|d(?:e)f)(?!x)", True), (r"(?<!\w)(?P<h>a)", True), (r"(?P<a>x)(?P<b>y)", False),
    (r"(?P<a>x(y))", False), (r"x(?P<a>y)", False), (r"(?P<a>x)|(?P<b>y)", False),
])
def test_whole_match_group(pattern: str, whole: bool) -> None:
    assert whole_match_group(pattern) is whole


def test_simple_durations_read_as_the_general_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    from schedule_time import en_words

    words = ["second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
             "day", "days", "week", "weeks", "wk", "wks", "fortnight", "fortnights", "month", "months", "mon",
             "mons", "year", "years", "yr", "yrs", "decade", "decades"]
    texts = [f"{n}{sep}{w}" for w in words for n in (0, 1, 2, 7, 13, 25, 61, 100, 1000, 86401) for sep in ("", " ", "  ")]
    en_words.parse_duration.cache_clear()   # (it keeps its answers: each path must compute its own)
    fast = [en_words.parse_duration(t) for t in texts]
    monkeypatch.setattr(en_words, "_SIMPLE", lambda text: None)
    en_words.delta_of.cache_clear()
    en_words.parse_duration.cache_clear()
    for text, (delta, grain) in zip(texts, fast, strict=True):
        plain, plain_grain = en_words.parse_duration(text)
        assert (vars(delta), grain) == (vars(plain), plain_grain), text


def test_duration_list_spaces_are_possessive_without_changing_a_match() -> None:
    from schedule_time import en_words
    from schedule_time.first_chars import first_chars

    # Why it is safe: neither a separator nor a duration can begin with a space.
    assert not first_chars(en_words.ONE_DURATION) & set(" \t\n\r\f\v")
    greedy = re.compile(rf"{en_words.ONE_DURATION}(?:\s*(?:,|and|,\s*and)?\s*{en_words.ONE_DURATION})*")
    possessive = re.compile(en_words.DURATION_LIST)
    pieces = ["3 days", "a week", "two hours", "1 h", "2.5 hours", "half an hour", "an hour and a half"]
    joins = [" ", "  ", ",", ", ", " , ", " and ", ",and", ", and ", " ,  and  ", "and", " , "]
    tails = ["", " ago", " from now", " and", ",", " ,", " and later", "  ", " long", " and a half", " 3"]
    for a in pieces:
        for b in pieces:
            for j in joins:
                for tail in tails:
                    text = f"{a}{j}{b}{tail}"
                    x, y = greedy.match(text), possessive.match(text)
                    assert (x and x.group()) == (y and y.group()), text


def test_chinese_amounts_are_the_sum_from_zero() -> None:
    from dateutil.relativedelta import relativedelta

    from schedule_time import zh_amounts, zh_words

    texts = ["三天", "两周", "一个半小时", "1年2个月", "半小时", "十分钟", "3天", "一年半", "两个小时半", "1.5小时",
             "2年、3个月", "一天又三小时", "半个月", "三个星期", "四十五分钟", "5秒"]
    zh_amounts.parse_amounts.cache_clear()
    for text in texts:
        delta, grain = zh_amounts.parse_amounts(text)
        total, grains = relativedelta(), []   # the sum as it was written: zero plus each fresh amount
        for m in zh_amounts._ONE.finditer(text):
            n = m["n"]
            amount = 0.0 if n is None else float(n) if n[0].isdigit() else float(zh_amounts.small_int(n))
            amount += 0.5 if (m["half"] or m["half0"] or m["half1"]) else 0.0
            zh_words.delta_of.cache_clear()
            d, g = zh_words.delta_of(amount, m["u"])
            total += d
            grains.append(g)
        typed = {k: (type(v), v) for k, v in vars(delta).items()}
        assert typed == {k: (type(v), v) for k, v in vars(total).items()}, text
        assert grain == min(grains, key=zh_amounts._GRAIN_ORDER.index), text


def test_negated_delta_is_minus_delta() -> None:
    from dateutil.relativedelta import relativedelta

    from schedule_time.pieces import negated

    for kw in ({"days": 3}, {"hours": 36}, {"minutes": 90, "seconds": 75}, {"months": 14}, {"years": 2, "days": 1}, {}):
        d = relativedelta(**kw)
        assert vars(negated(d)) == vars(-d) == vars(negated(relativedelta(**kw)))


def test_exact_shift_on_a_fixed_offset_is_the_utc_arithmetic() -> None:
    import random

    from schedule_time import zones

    rnd = random.Random(7)
    for _ in range(3000):
        tz = timezone(timedelta(minutes=rnd.randint(-1439, 1439)))
        wall = datetime(rnd.choice([1, 2, 9998, 9999, rnd.randint(1, 9999)]), rnd.randint(1, 12), rnd.randint(1, 28),
                        rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59), rnd.randint(0, 999999))
        delta = timedelta(seconds=rnd.choice([rnd.randint(-10**6, 10**6), rnd.randint(-10**11, 10**11)]))
        try:
            aware, _ = zones.localize(wall, tz)
            plain = repr(zones.to_wall(aware.astimezone(UTC) + delta, tz))
        except OverflowError:
            plain = "OverflowError"
        try:
            fast = repr(zones.add_exact(wall, tz, delta))
        except OverflowError:
            fast = "OverflowError"
        assert fast == plain, (wall, tz, delta)
