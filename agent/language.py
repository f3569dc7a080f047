"""The reply language of a turn, from the user's message: any CJK character → Chinese, else English.

Questions, options, confirmations, receipts and honest replacements are written by code in this language;
the model's own free text (chit-chat, refusals, read summaries) is the model's.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["HAN_RUN", "Lang", "detect_language"]

Lang = Literal["en", "zh"]

# CJK Unified Ideographs (+ extension A), compatibility ideographs, CJK punctuation and full-width forms.
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
"""A run of Han characters (ideographs only, no punctuation): the unit Chinese text is compared in."""


def detect_language(text: str) -> Lang:
    """``"zh"`` if the message contains any CJK character, otherwise ``"en"``."""
    return "zh" if _CJK.search(text) else "en"
