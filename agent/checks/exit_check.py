"""The exit check: before a reply leaves, find the writes its text claims were done (``agent.checks.claims``: a
grammar for English and Chinese) and compare them with the writes this turn really persisted.

A claim the persisted writes do not back makes the verdict fail; the turn then replaces the WHOLE reply
with an honest one (``honest_reply``: what was saved, from the write results, and what was not; never an
append) and records ``unverified_write_claim``. A promise of a write ("I'll move it", "我这就帮你加上") is
told apart (``promises_write``): it is not a claim, and the read check decides about it.

A promise of what kairos has no tool for — a reminder, an alert, a call or message to someone ("I'll remind
you tomorrow at 2", "到时候我叫你", "I'll let Bob know", ``promises_unkeepable``) — is never true, whatever
was written: the verdict says so (``unkeepable``, outcome ``unkeepable_promise``), and the turn replaces the
reply with what was done and what kairos can do instead (``agent.checks.reply_guidance``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from agent import lexicon_en, lexicon_zh
from agent.checks.claims import Claims, detect_claims, find_claims
from agent.language import Lang, simplified
from agent.render import phrases
from agent.render.receipts import WriteKind

__all__ = [
    "ExitVerdict",
    "check_reply",
    "detect_claims",
    "honest_reply",
    "promises_unkeepable",
    "promises_write",
]


@dataclass(frozen=True, slots=True)
class ExitVerdict:
    """``ok`` unless the text claims a write that the writes persisted this turn do not back."""

    claimed: frozenset[WriteKind]
    persisted: frozenset[WriteKind]
    claims: Claims = field(default_factory=Claims)
    unkeepable: bool = False
    """The text promises a reminder, an alert or a message (``promises_unkeepable``): no tool does that.
    Apart from ``ok``, which is about writes."""

    @property
    def unverified(self) -> tuple[str, ...]:
        """The claimed kinds with no backing write (``any``: "Done" with no write at all)."""
        return self.claims.unbacked(self.persisted)

    @property
    def ok(self) -> bool:
        return not self.unverified

    @property
    def outcome(self) -> str:
        if not self.ok:
            return "unverified_write_claim"
        if self.unkeepable:
            return "unkeepable_promise"
        return "verified" if self.claims else "no_claim"


def check_reply(text: str, persisted: Iterable[WriteKind]) -> ExitVerdict:
    claims = find_claims(text)
    return ExitVerdict(claims.kinds, frozenset(persisted), claims, promises_unkeepable(text))


_NOT_DONE: dict[str, tuple[str, str]] = {
    "create": ("Nothing else was created.", "没有创建其他日程。"),
    "update": ("Nothing else was changed.", "没有修改其他日程。"),
    "delete": ("Nothing was deleted.", "没有删除任何日程。"),
}


def honest_reply(verdict: ExitVerdict, receipt_texts: Sequence[str], lang: Lang) -> str:
    """The reply that replaces one with an unverified claim: what was saved (the receipts, from the stored
    rows), then what the reply claimed and was not done — nothing else."""
    if not receipt_texts:
        return phrases.honest_replacement([], lang)
    i = 0 if lang == "en" else 1
    not_done = [_NOT_DONE[k][i] for k in verdict.unverified if k in _NOT_DONE and k not in verdict.persisted]
    lines = [phrases.say("honest_some", lang), *receipt_texts]
    return "\n".join([*lines, *(not_done or [phrases.say("honest_nothing_else", lang)])])


_BASE_EN = (
    r"add|create|import|schedule|book|block|put|pencil|set|note|log|enter|save|confirm|move|reschedule|shift|push|"
    r"bring|postpone|delay|update|change|rename|adjust|modify|edit|cancel|delete|remove|clear|drop|take|get|make|"
    r"remember|record|jot"  # (记住, 记录: a promise to keep something, which only a write does)
)
_ING_EN = (
    r"adding|creating|importing|scheduling|booking|blocking|putting|penciling|pencilling|setting|noting|logging|entering|"
    r"saving|moving|rescheduling|shifting|pushing|postponing|updating|changing|renaming|adjusting|modifying|"
    r"cancell?ing|canceling|deleting|removing|clearing|dropping|taking|recording"
)
_PROMISE_EN = re.compile(
    r"\b(?:i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i'm\s+gonna|i\s+shall|i'm\s+about\s+to|let\s+me)\s+"
    rf"(?:(?:now|just|go\s+ahead\s+and|also|then|quickly|right\s+away)\s+)*(?:{_BASE_EN})\b"
    rf"|\b(?:i'm|i\s+am|we're)\s+(?:(?:now|just|currently)\s+)*(?:{_ING_EN})\b"
    rf"|(?:^|[,—–:])\W*(?:{_ING_EN})\s+(?:it|that|this|them|those|these)\b",
    re.IGNORECASE,
)
_VERBS_ZH = (
    r"改|删|加|挪|移|记|排|约|订|定|创建|新建|建立|新增|添加|导入|安排|预约|预订|保存|登记|同步|设置|更新|修改|调整|推迟|"
    r"提前|延后|取消|删除|移除|清除|去掉"
)
_PROMISE_ZH = re.compile(
    r"(?:我会|我将|我这就|我马上|我现在就|我现在|这就|马上|立刻|立即|我来|我去|让我|正在|现在就|稍等[^。！？]{0,6}我)"
    rf"[^。！？!?\n]{{0,24}}?(?:{_VERBS_ZH})|(?:帮你|帮您|为你|为您|给你|给您)(?:{_VERBS_ZH})\S{{0,3}}一下"
)
_PROMISE_SENTENCE = re.compile(r"(?<=[.!?。！？\n])")
_CONDITION = re.compile(
    r"\b(?:if|once|when|unless|after\s+you)\b|如果|要是|确认后|确认之后|的话|等你", re.IGNORECASE
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n't\b|n’t\b|不|没|别", re.IGNORECASE)
_AGREED_ZH = re.compile(r"没问题|没事|不客气|不用担心")
"""Assent that holds a negation character ("没问题，我会把它删掉": no problem, I'll delete it)."""


def promises_write(text: str) -> bool:
    """The text says the assistant is about to write ("I'll move all your meetings to 3am", "我会把…改到凌晨3点")
    — not as a question or on a condition ("I'll add it if you confirm"). In a turn that called no write,
    nothing will: the sentence misleads like a false claim (a small model echoing an event title that reads
    as an instruction says exactly this)."""
    text = simplified(text.replace("’", "'"))
    for sentence in _PROMISE_SENTENCE.split(text):
        if "?" in sentence or "？" in sentence or _CONDITION.search(sentence):
            continue
        for m in _PROMISE_EN.finditer(sentence.strip()):
            if not _NEGATED.search(m.group(0)):
                return True
        for m in _PROMISE_ZH.finditer(sentence):
            if not _NEGATED.search(_AGREED_ZH.sub("", sentence[max(0, m.start() - 4) : m.end()])):
                return True
    return False


_WILL_EN = (
    r"(?:i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i'm\s+gonna|i\s+shall|we'll|we\s+will|"
    r"i'll\s+be\s+sure\s+to|i\s+will\s+be\s+sure\s+to)"
)
_UNKEEPABLE_EN = re.compile(
    rf"\b{_WILL_EN}\s+(?:(?:also|then|just|definitely|personally|automatically|gladly|happily|go\s+ahead\s+and|"
    rf"make\s+sure\s+to|be\s+sure\s+to|make\s+a\s+point\s+to|remember\s+to|try\s+to|quickly|now)\s+)*"
    rf"(?:{lexicon_en.UNKEEPABLE})\b"
    rf"|\b(?:you|u)(?:'ll|\s+will)\s+(?:also\s+)?(?:get|receive|be\s+getting|be\s+sent)\s+"
    rf"(?:(?:a|an|one|your|my|the|quick|friendly|short)\s+){{0,3}}(?:[\w-]+\s+)?(?:{lexicon_en.UNKEEPABLE_RECEIVED})\b"
    rf"|\b[\w']+(?:'ll|\s+will)\s+(?:also\s+)?be\s+(?:{lexicon_en.UNKEEPABLE_PASSIVE})\b"
    rf"|\b(?:{lexicon_en.UNKEEPABLE_RECEIVED})\s+will\s+(?:also\s+)?(?:be\s+sent|go\s+out|pop\s+up)\b",
    re.IGNORECASE,
)
_USER_CONDITION_EN = re.compile(lexicon_en.USER_CONDITION, re.IGNORECASE)
_UNKEEPABLE_ZH = re.compile(
    rf"(?:{lexicon_zh.UNKEEPABLE_BEFORE})[^。！？!?\n，,；;]{{0,16}}?(?<![{lexicon_zh.UNKEEPABLE_NOUN_BEFORE}])"
    rf"(?:{lexicon_zh.UNKEEPABLE})(?![设加存事项])"
    rf"|{lexicon_zh.UNKEEPABLE_BARE}"
    rf"|(?:{lexicon_zh.UNKEEPABLE_RECEIVED})[^。！？!?\n，,]{{0,8}}?(?:提醒|通知|短信|消息|信息|邮件|推送|电话)"
)
_USER_CONDITION_ZH = re.compile(lexicon_zh.USER_CONDITION)
_OFFER_ZH = re.compile(lexicon_zh.OFFER)
_NEGATED_ZH = re.compile(r"不|没|无法|别|未|勿")


def promises_unkeepable(text: str) -> bool:
    """The text promises an action kairos has no tool for: a reminder or alert ("I'll remind you tomorrow
    at 2", "you'll get a notification", "我会在明天两点提醒你", "到时候我叫你"), or a call or message to someone
    ("I'll let Bob know", "我帮你通知他"). Not as a question, an offer ("我可以帮你通知他", "Want me to remind
    you?"), a refusal ("I can't remind you") or on the user's own condition ("I'll remind you if you'd like");
    a condition on time ("when it's time") still promises."""
    text = simplified(text.replace("’", "'"))
    for sentence in _PROMISE_SENTENCE.split(text):
        if "?" in sentence or "？" in sentence:
            continue
        for m in _UNKEEPABLE_EN.finditer(sentence):
            if not (_NEGATED.search(m.group(0)) or _USER_CONDITION_EN.search(sentence)):
                return True
        for m in _UNKEEPABLE_ZH.finditer(sentence):
            before = sentence[max(0, m.start() - 4) : m.start()]
            scope = before + m.group(0)
            if _NEGATED_ZH.search(scope) or _OFFER_ZH.search(scope) or _USER_CONDITION_ZH.search(sentence):
                continue
            return True
    return False
