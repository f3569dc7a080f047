"""The reply language of a turn, from the user's message: any CJK character → Chinese, else English.

Questions, options, confirmations, receipts and honest replacements are written by code in this language;
the model's own free text (chit-chat, refusals, read summaries) is the model's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

import opencc

__all__ = [
    "HAN_RUN",
    "Lang",
    "clauses",
    "detect_language",
    "in_users_script",
    "reply_in_users_script",
    "simplified",
    "simplified_chars",
]

Lang = Literal["en", "zh"]

# CJK Unified Ideographs (+ extension A), compatibility ideographs, CJK punctuation and full-width forms.
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
"""A run of Han characters (ideographs only, no punctuation): the unit Chinese text is compared in."""


def detect_language(text: str) -> Lang:
    """``"zh"`` if the message contains any CJK character, otherwise ``"en"``."""
    return "zh" if _CJK.search(text) else "en"


_T2S = opencc.OpenCC("t2s")


@lru_cache(maxsize=4096)
def simplified(text: str) -> str:
    """``text`` with traditional Chinese characters written simplified (OpenCC's t2s): 王總 and 王总, 會議 and
    会议 are the same words when a reference or a grounded title is compared with what the user wrote."""
    return _T2S.convert(text).replace("妳", "你") if HAN_RUN.search(text) else text  # 妳: OpenCC keeps it


def simplified_chars(text: str) -> str:
    """``simplified`` character by character, the same length as ``text`` (for code that lines the two up)."""
    return "".join(c if len(t := simplified(c)) != 1 else t for c in text)


_S2T = opencc.OpenCC("s2tw")


def in_users_script(value: str, said: str) -> str:
    """``value`` in the Chinese script the user writes: a title the model wrote simplified for a user who
    writes traditional (帶貓咪去打預防針 saved as 带猫咪…) is their words in the other script. The user's own
    characters win (週 where they wrote 週, 周 where they wrote 周); a character they never wrote follows the
    script (OpenCC, Taiwan standard for traditional). ``value`` itself when the user writes no Han text, or
    writes both scripts' forms of the same word."""
    if not HAN_RUN.search(value):
        return value
    theirs = "".join(HAN_RUN.findall(said))
    if not theirs:
        return value
    traditional = simplified(theirs) != theirs
    converted = _S2T.convert(value) if traditional else simplified(value)
    if len(converted) != len(value):
        return value
    own = {simplified(c): c for c in theirs}
    return "".join(own.get(simplified(c), c) if HAN_RUN.fullmatch(c) else c for c in converted)


def reply_in_users_script(reply: str, said: tuple[str, ...] | list[str]) -> str:
    """A reply written for a user who writes traditional Chinese, in traditional: the questions, receipts and
    options code writes are simplified, and the model may answer in either script. Line by line
    (``in_users_script``); a user who writes simplified, or no Chinese, gets the reply as it is."""
    theirs = "".join(HAN_RUN.findall("".join(said)))
    if not theirs or simplified(theirs) == theirs or not HAN_RUN.search(reply):
        return reply
    return "\n".join(in_users_script(line, theirs) for line in reply.split("\n"))


_CLAUSE = re.compile(
    r"[,，。.;；!?！？\n]+|\s+(?:and|also|then)\s+|然后|然後|另外|还有|還有|顺便|順便|再", re.IGNORECASE
)


def clauses(text: str) -> list[str]:
    """The clauses of a message: between punctuation and the connectors that can start another request
    ("and", "then", 然后, 另外, 再). Structure, not meaning: which clause says what is for the caller."""
    return [c.strip() for c in _CLAUSE.split(text) if c and c.strip()]
