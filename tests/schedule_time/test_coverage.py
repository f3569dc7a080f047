"""The coverage claim of issue 20, checked: every written-form class has at least ``MIN_ROWS`` of our own
rows in English and in Chinese, each with a reason, spread over several nows that include a month end,
the leap day and a daylight-saving gap; and no row's text is a case of the shared public corpora (the
rows are written from how people write, not copied). The rows themselves are checked in ``test_table``
and ``test_relative``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from . import rows_en_forms, rows_relative, rows_zh_forms
from .table import NOWS, Row

MIN_ROWS = 15
MONTH_ENDS = {"month_end", "dec31"}
DST_GAPS = {"ny_spring", "lon_spring"}


def _classes(lang: str) -> dict[str, list[Row]]:
    """The class tables of one language; the event rows at the one fixed now (``rows_relative``) count
    with the relative class's other rows."""
    module, fixed = (rows_en_forms, rows_relative.EN) if lang == "en" else (rows_zh_forms, rows_relative.ZH)
    out = {name: list(rows) for name, rows in module.CLASSES.items()}
    out["relative to an event"] += [Row(text, "tue", expect, reason) for text, expect, _, reason in fixed]
    return out


def test_both_languages_have_the_same_classes() -> None:
    assert set(rows_en_forms.CLASSES) == set(rows_zh_forms.CLASSES)
    assert len(rows_en_forms.CLASSES) == 10


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_class_has_enough_rows_at_several_nows(lang: str) -> None:
    for name, rows in _classes(lang).items():
        nows = {r.now for r in rows}
        assert len(rows) >= MIN_ROWS, (lang, name, len(rows))
        assert all(r.reason.strip() for r in rows), (lang, name)
        assert len(nows) >= 4, (lang, name, nows)
        assert nows & MONTH_ENDS and "leap" in nows and nows & DST_GAPS, (lang, name, nows)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rows_are_in_their_language(lang: str) -> None:
    """A Chinese row holds Chinese characters (else it is scanned as English); an English row none."""
    for name, rows in _classes(lang).items():
        for r in rows:
            assert any("\u3400" <= ch <= "\u9fff" for ch in r.text) == (lang == "zh"), (lang, name, r.text)


def test_every_class_row_is_a_known_now() -> None:
    for lang in ("en", "zh"):
        for rows in _classes(lang).values():
            assert all(r.now in NOWS for r in rows)


def _corpus_texts() -> set[str] | None:
    data = Path(os.environ.get("KAIROS_SHARED_DATA", Path(__file__).resolve().parents[3] / "shared" / "data")) / "time"
    files = sorted(data.glob("time_*.jsonl")) if data.is_dir() else []
    if not files:
        return None
    texts: set[str] = set()
    for f in files:
        lines = f.read_text(encoding="utf-8").splitlines()
        texts.update(json.loads(line)["text"].strip().lower() for line in lines if line.strip())
    return texts


def test_no_row_is_copied_from_the_public_corpora() -> None:
    corpus = _corpus_texts()
    if corpus is None:
        pytest.skip("the shared corpora are not beside this checkout")
    copied = [r.text for lang in ("en", "zh") for rows in _classes(lang).values() for r in rows
              if r.text.strip().lower() in corpus]
    assert copied == []
