"""``title_match.shares_a_word``: a reference names a title only when they share a word — spelled the same,
nearly the same, abbreviated, or two Han characters in a row — never by character look-alikes."""

from __future__ import annotations

import pytest

from agent.writes.title_match import longest_han_run, shares_a_word

SHARED = [
    ("gym", "Gym session"),
    ("standup", "Stand-up"),
    ("the review", "Q3 review"),
    ("4pm call", "Call with Acme"),
    ("dr appt", "Doctor appointment"),  # abbreviations
    ("mtg with Lee", "Meeting with Lee"),
    ("pt session", "PT"),
    ("Kat", "Call with Kate"),  # a near spelling: kept, and asked about as another name
    ("Marko", "Sync with Marco"),
    ("my 1:1 with Dana", "1:1 with Dana"),
    ("体检", "年度体检"),
    ("羽毛球", "打羽毛球"),
    ("周会", "每周例会"),  # the title abbreviated, in order
    ("跟老周那个会", "合同评审（老周）"),
    ("晨泡", "晨跑"),  # a character that sounds the same: kept, and asked about
    ("汪总的会", "和王总开会"),
    ("週會", "每週例會"),
    ("跟王總的會", "和王总开会"),  # the other script (OpenCC): the same words
    ("體檢", "年度体检"),
    ("预算讨论", "預算討論-小林"),
    ("張經理", "客户电话（张经理）"),
]
NOT_SHARED = [
    ("Daily sync", "Lunch"),  # a fuzzy score of 51
    ("dinner", "Dentist"),
    ("meeting", "Lunch"),
    ("Budget review", "Team offsite"),
    ("那个会", "周会"),  # one character in common
    ("跟老周那个会改到周五", "周会"),
    ("周五那个会", "周五例会"),  # the day is a time, not a title word
    ("羽毛球", "游泳"),
    ("預算討論", "周会"),  # the other script shares no word either
    ("a haircut thursday at 5:30pm", "Dentist appointment"),  # "at" is a word, not an abbreviation of it
    ("lunch in the park", "Interview"),
    ("my massage", "Monthly review"),
    ("go kart racing on sunday", "Gym"),
]


@pytest.mark.parametrize(("reference", "title"), SHARED)
def test_a_shared_word_names_the_title(reference: str, title: str) -> None:
    assert shares_a_word(reference, title)


@pytest.mark.parametrize(("reference", "title"), NOT_SHARED)
def test_look_alike_characters_name_nothing(reference: str, title: str) -> None:
    assert not shares_a_word(reference, title)


@pytest.mark.parametrize(
    ("a", "b", "run"),
    [
        ("跟老周那个会", "合同评审（老周）", 2),
        ("跟老周那个会", "周会", 1),
        ("牙医复诊", "牙医复诊", 4),
        ("gym", "gym", 0),
    ],
)
def test_longest_han_run(a: str, b: str, run: int) -> None:
    assert longest_han_run(a, b) == run
