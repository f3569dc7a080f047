"""The exit check: before a reply leaves, find claims of a create, update or delete in its text (English
and Chinese) and compare them with the writes this turn really persisted.

A claim of a kind with no persisted write of that kind makes the verdict fail; the turn then replaces the
WHOLE reply with an honest one (never appends) and records ``unverified_write_claim``.

Detection is deliberately about *claims*, not words: "I've added", "has been moved", "Cancelled the …",
"已添加", "安排好了", "帮你记下了" count; a read summary ("you have a meeting scheduled at 3") does not, and
negations ("I haven't created", "nothing was deleted", "没有创建", "不会删除", "尚未添加") do not. Questions
("Should I add it?", "要我帮你记下吗？") are not claims either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from agent.receipts import WriteKind

__all__ = ["ExitVerdict", "check_reply", "detect_claims", "promises_write"]

_VERBS_EN: dict[WriteKind, str] = {
    "create": r"created|scheduled|added|booked|set\s+up|put\s+(?:it|that|this|them)\s+(?:on|in|into)|"
    r"penciled\s+in|pencilled\s+in|saved|blocked\s+(?:off|out)|entered",
    "update": r"moved|rescheduled|changed|updated|renamed|shifted|pushed(?:\s+back)?|postponed|"
    r"brought\s+forward|modified|adjusted|edited",
    "delete": r"cancell?ed|deleted|removed|cleared|dropped|taken\s+off|took\s+(?:it|that|this|them)\s+off",
}
_PERFECT_EN = r"(?:'ve|\s+have|\s+had|'d)?(?:\s+(?:just|now|already|successfully|gone\s+ahead\s+and))*"
_EN_SUBJECT = rf"\b(?:i|we){_PERFECT_EN}\s+"
_EN_PASSIVE = (
    r"\b(?:has|have|had)\s+(?:(?:just|now|already|successfully)\s+)*been\s+(?:(?:successfully|now)\s+)*"
    r"|\b(?:was|were|got|is\s+now|are\s+now|is|are)\s+(?:(?:successfully|now|all)\s+)*"
)
_EN_LEAD = (
    r"(?:^|(?<=[.!?\n:—])\s*|\b(?:done|ok|okay|great|sure|perfect|all\s+set|alright|got\s+it)\s*[!,.:—-]+\s*)"
)
# "…, and booked a massage": a second verb of the same sentence (its negation is checked sentence-wide).
_EN_AND = r"\band\s+(?:then\s+|also\s+)?"
_SENTENCE_BREAK = re.compile(r"[.!?。！？\n]")
# "is"/"are" + verb only counts for the delete kind ("your 3pm is cancelled"): "is scheduled" is a read.
_EN_IS_DELETE_ONLY = re.compile(r"^(?:is|are)\b", re.IGNORECASE)
_NEGATION_EN = re.compile(
    r"\b(?:not|never|no|nothing|none|cannot|unable|failed|without|neither|nor|yet)\b|n't\b|n’t\b",
    re.IGNORECASE,
)
_QUESTION_TAIL_EN = re.compile(r"^[^.!\n]*\?")

_ZH_POLITE = r"(?:为你|为您|帮你|帮您|给你|给您|替你|替您)?"
_VERBS_ZH: dict[WriteKind, tuple[str, ...]] = {
    "create": (
        rf"已(?:经)?{_ZH_POLITE}(?:成功)?(?:创建|新建|添加|加入|加上|加到|安排|预约|预订|预定|记下|记录|设置|建立|设好|登记|写入|排上)",
        r"(?:创建|添加|安排|加|记|建|约|订|设|排)好了",
        r"(?:创建|新建|添加|加上|安排上|记上|记下|排上|约上)了",
        r"(?:帮你|帮您|给你|给您|为你|为您)(?:记下|加上|添加|安排|创建|新建|预约|预订)(?:了|好)?",
        r"(?:添加|加|安排|记|放)(?:到|进|在)了?(?:你的|您的)?日(?:历|程)(?:里|中|上)?了",
        r"把[^。！？!?\n]{1,20}?(?:加到|添加到|安排在|安排到|放到|记到|加进)[^。！？!?，,\n]{0,15}了",
    ),
    "update": (
        rf"已(?:经)?{_ZH_POLITE}(?:成功)?(?:改到|改为|改成|修改|更新|调整|挪到|移到|推迟|提前|改期|更改|变更|改在)",
        r"(?:改|调|挪|移|更新|修改|调整)好了",
        r"(?:改到|改成|挪到|移到|推迟到|提前到)[^。！？!?，,\n]{0,15}了",
        r"(?:帮你|帮您|给你|给您|为你|为您)(?:改到|改成|修改|更新|调整|挪到|推迟|提前)(?:了)?",
    ),
    "delete": (
        rf"已(?:经)?{_ZH_POLITE}(?:成功)?(?:取消|删除|删掉|移除|去掉|清除|撤掉)",
        r"(?:删|取消|删除|删掉|移除|去掉)好了",
        r"(?:帮你|帮您|给你|给您|为你|为您)(?:取消|删除|删掉|移除|去掉)了",
        r"(?:删掉|删除|移除|去掉|取消|撤销|撤消)了",
        r"把[^。！？!?\n]{1,20}?(?:删掉|删除|取消|去掉|移除)了",
    ),
}
_NEGATION_ZH = re.compile(r"没有|没|未|不会|不能|不要|无法|并未|尚未|还没|别|不是|不用|不再|不")
_QUESTION_ZH = re.compile(r"^[^。！!\n]{0,12}?(?:吗|么|嘛|[？?])")
_ZH_ASK_BEFORE = re.compile(
    r"(?:要不要|需不需要|是否|要我|我来|我可以|我会|我将|将会|可以帮|需要我|打算|准备)"
)

_CLAUSE_BREAK = re.compile(r"[.!?;,，。！？；\n:：、]|\bbut\b|\band\b|但是|不过|而且")


def _compile_en() -> list[tuple[WriteKind, re.Pattern[str]]]:
    out = []
    for kind, verbs in _VERBS_EN.items():
        for prefix in (_EN_SUBJECT, _EN_PASSIVE, _EN_LEAD, _EN_AND):
            out.append((kind, re.compile(rf"(?:{prefix})(?:{verbs})\b", re.IGNORECASE)))
        out.append(
            (
                kind,
                re.compile(
                    rf"\b(?:{verbs})\s+(?:\S+\s+){{0,6}}?(?:to|on|in|into|from|off)\s+your\s+"
                    r"(?:calendar|schedule|agenda)\b",
                    re.IGNORECASE,
                ),
            )
        )
    out.append(("create", re.compile(r"\b(?:is|are)\s+now\s+on\s+your\s+(?:calendar|schedule)\b", re.I)))
    out.append(("create", re.compile(r"\bput\s+(?:\S+\s+){0,4}?(?:on|in|into)\s+your\s+calendar\b", re.I)))
    return out


_EN_PATTERNS = _compile_en()
_ZH_PATTERNS = [(kind, re.compile(p)) for kind, ps in _VERBS_ZH.items() for p in ps]


def _clause_before(text: str, start: int) -> str:
    window = text[max(0, start - 60) : start]
    parts = _CLAUSE_BREAK.split(window)
    return parts[-1] if parts else window


def _en_claim(text: str, match: re.Match[str], kind: WriteKind) -> bool:
    matched = match.group(0).strip()
    if _EN_IS_DELETE_ONLY.match(matched) and kind != "delete" and "your" not in matched.lower():
        return False
    if matched.lower().startswith("and"):
        sentence = _SENTENCE_BREAK.split(text[: match.start()])[-1]
        return not _NEGATION_EN.search(sentence) and not re.search(
            r"\b(?:if|once|when|should|would|could|can|will|want|like|may|might|to|me)\b", sentence, re.I
        )
    before = _clause_before(text, match.start())
    if _NEGATION_EN.search(before) or _NEGATION_EN.search(matched):
        return False
    if re.search(
        r"\b(?:if|once|when|after|should|shall|would|could|can|will|want|like|may|might|to)\s*$",
        before + " ",
        re.I,
    ) and not re.search(r"\b(?:i|we)\b", matched, re.I):
        return False
    # A question about the action ("Have I added it?", "Should it be moved?") is not a claim.
    tail = text[match.end() :]
    return not (
        re.search(r"\b(?:have|has|should|shall|would|could|can|do|did)\s*$", before, re.I)
        and _QUESTION_TAIL_EN.match(tail)
    )


def _zh_claim(text: str, match: re.Match[str]) -> bool:
    tail = text[match.end() :]
    if tail.startswith("的"):  # 已安排的会议: an adjective in a read summary
        return False
    if _QUESTION_ZH.match(tail):
        return False
    before = _clause_before(text, match.start())
    return not (_NEGATION_ZH.search(before[-8:]) or _ZH_ASK_BEFORE.search(before))


def detect_claims(text: str) -> frozenset[WriteKind]:
    """The kinds of write the text claims were done (empty for none)."""
    kinds: set[WriteKind] = set()
    for kind, pattern in _EN_PATTERNS:
        if kind in kinds:
            continue
        if any(_en_claim(text, m, kind) for m in pattern.finditer(text)):
            kinds.add(kind)
    for kind, pattern in _ZH_PATTERNS:
        if kind in kinds:
            continue
        if any(_zh_claim(text, m) for m in pattern.finditer(text)):
            kinds.add(kind)
    return frozenset(kinds)


_PROMISE_EN = re.compile(
    r"\b(?:i'll|i’ll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i\s+shall|let\s+me)\s+"
    r"(?:(?:now|just|go\s+ahead\s+and|also|then)\s+)*"
    r"(?:add|create|schedule|book|put|move|reschedule|change|update|shift|push|postpone|cancel|delete|remove|"
    r"clear|rename)\b",
    re.IGNORECASE,
)
_PROMISE_ZH = re.compile(
    r"(?:我会|我将|我这就|我马上|我现在就|这就|马上)(?:帮你|帮您|为你|为您|给你|给您)?"
    r"(?:把[^。！？!?\n]{0,40}?)?"
    r"(?:改到|改成|改为|挪到|移到|推迟|提前|取消|删除|删掉|移除|添加|加上|加到|创建|新建|安排|记下|预约)"
)
_CONDITION = re.compile(
    r"\b(?:if|once|when|unless|after\s+you)\b|如果|要是|确认后|确认之后|的话", re.IGNORECASE
)


def promises_write(text: str) -> bool:
    """The text says the assistant is about to write ("I'll move all your meetings to 3am", "我会把…改到凌晨3点")
    — not as a question or on a condition ("I'll add it if you confirm"). In a turn that called no write,
    nothing will: the sentence misleads like a false claim (a small model echoing an event title that reads
    as an instruction says exactly this)."""
    for sentence in re.split(r"(?<=[.!?。！？\n])", text):
        if "?" in sentence or "？" in sentence or _CONDITION.search(sentence):
            continue
        for m in (*_PROMISE_EN.finditer(sentence), *_PROMISE_ZH.finditer(sentence)):
            before = sentence[max(0, m.start() - 8) : m.start()]
            if not (_NEGATION_EN.search(before) or re.search(r"不|没|别", before)):
                return True
    return False


@dataclass(frozen=True, slots=True)
class ExitVerdict:
    """``ok`` unless the text claims a kind of write that was not persisted this turn."""

    claimed: frozenset[WriteKind]
    persisted: frozenset[WriteKind]

    @property
    def unverified(self) -> tuple[WriteKind, ...]:
        return tuple(sorted(self.claimed - self.persisted))

    @property
    def ok(self) -> bool:
        return not self.unverified

    @property
    def outcome(self) -> str:
        if not self.claimed:
            return "no_claim"
        return "verified" if self.ok else "unverified_write_claim"


def check_reply(text: str, persisted: Iterable[WriteKind]) -> ExitVerdict:
    return ExitVerdict(detect_claims(text), frozenset(persisted))
