"""The Chinese claim grammar (simplified and traditional): which clauses of a reply report a write as done.

A clause claims when a write verb (``agent.lexicon_zh``) carries a completion marker, in any order:

    已/已经 before it          "会议已保存", "已经帮你把会议改到周五", "已完成创建", "已將會議延後"
    了/啦 after it             "删掉啦", "帮你排上了", "改到周五了", "我把健身取消了"
    成功/完成/好了 after it     "创建成功", "添加完成", "改好了", "登记好了"
    完成 before it             "完成了修改"
    被 before it               "会议被取消"
    为您/帮你 + verb, alone     "为您创建明天下午三点的会议" (stated as done; "我来帮你…" is a promise)
    a result state             "已经在你的日历上了"

and the clause is none of: negated before the verb (没有/未/不/无法…, not counting words inside a 把-object)
or after it (失败, 不了), under a modal or a condition (会/将/要/可以/马上/这就/如果/确认后…), a question
(吗/？/几/哪/是否…), an adjective ("已安排的会议"), a noun ("已经有安排了"), or said of the user ("你上周取消了
读书会" reports what the user did). Clauses end at ，、：；～— and sentences at 。！？ and a line break.
"""

from __future__ import annotations

import re

from agent import lexicon_zh as lx
from agent.language import simplified
from agent.lexicon_en import Kind

__all__ = ["claims_zh"]

_SINGLES = "|".join(rf"(?<![{skip}]){char}" if skip else char for char, (_, skip) in lx.SINGLE.items())
_VERB = re.compile(
    "(" + "|".join(sorted(lx.VERBS, key=len, reverse=True)) + rf")|({_SINGLES})(?=[{lx.COMPLEMENTS}])"
)
_TRIGGER = re.compile("|".join(sorted(lx.VERBS, key=len, reverse=True)) + "|[" + "".join(lx.SINGLE) + "]")
_QUOTED = re.compile(r"「[^」\n]*」|『[^』\n]*』|“[^”\n]*”|\"[^\"\n]*\"")
_CLAUSE = re.compile(r"[，,、：:；;～~—（）()\[\]…]|\s-\s")
_SENTENCE = re.compile(r"(?<=[。！!？?\n])")
_INTERJ = re.compile(lx.INTERJECTIONS)
_BA = re.compile(r"(已(?:经)?(?:" + lx.POLITE + r")?)将")
_BA_OBJECT = re.compile(r"[把将][^把将]*$")
_NEG = re.compile(lx.NEGATIONS)
_FAILED = re.compile(lx.FAILED_AFTER)
_MODAL = re.compile(lx.MODALS)
_QUESTION = re.compile(lx.QUESTION)
_USER_SUBJECT = re.compile(r"(?:^|[^为帮给替和跟与向])[你您](?![的们])")
_DONE_AFTER = re.compile(rf"^[{lx.COMPLEMENTS}]{{0,3}}(?:{lx.DONE_PARTICLES})")
_DONE_AT_END = re.compile(rf"^[^，。！？、]{{0,16}}?(?:{lx.DONE_PARTICLES})[^\u4e00-\u9fff\w]*$")
_RESULT_AFTER = re.compile(r"^(?:成功|完成|完毕|妥当|妥了|好了|好啦|好喽|好咯)")
_ADJECTIVE = re.compile(r"^[好上下掉完过了]*的")
_POLITE_ONLY = re.compile(rf"^(?:好的|好|收到|ok|OK|嗯)?我?(?:{lx.POLITE})$")
_IN_CALENDAR = re.compile(rf"(?:在|进)了?(?:你的|您的)?(?:{lx.CALENDAR})(?:上|里|中)了")
_CALENDAR = re.compile(lx.CALENDAR)
_EXISTING = re.compile(lx.EXISTING)
_AFTER_CONDITION = re.compile(lx.AFTER_CONDITION)
_CONDITION = re.compile(lx.CONDITIONS)
_AND = re.compile(r"^\s*(?:并且|并|同时|而且|还|也|另外|以及|然后)")

Claim = tuple[Kind, bool]


def claims_zh(text: str) -> list[Claim]:
    """Every (kind, loose) the text claims was done."""
    if not _TRIGGER.search(simplified(text)):
        return []
    text = _BA.sub(r"\1把", _QUOTED.sub("Q", simplified(text)))
    text = _INTERJ.sub("好", text)
    out: list[Claim] = []
    for sentence in _SENTENCE.split(text):
        done = False  # the clause before claimed: "已把健身取消，并把瑜伽改到周日" shares its 已
        for clause in _CLAUSE.split(sentence):
            if _CONDITION.search(clause):
                break  # "订好之后告诉我时间，我帮你记到日历上": the rest of the sentence is on that condition
            found = _clause_claims(clause, done and bool(_AND.match(clause)))
            out.extend(found)
            done = bool(found)
    return out


def _clause_claims(clause: str, shared_done: bool) -> list[Claim]:
    out: list[Claim] = []
    for m in _VERB.finditer(clause):
        word = m.group(1) or m.group(2)
        kind, loose = lx.VERBS[word] if m.group(1) else (lx.SINGLE[word][0], False)
        if _claims(clause, m.start(), m.end(), kind, shared_done):
            if kind == "update" and word == "更新" and _CALENDAR.search(clause):
                loose = True  # "日历已更新": the calendar changed, by whichever write
            out.append((kind, loose))
    if (
        (m := _IN_CALENDAR.search(clause))
        and not _EXISTING.search(clause)
        and _free(clause, m.start(), m.end())
    ):
        out.append(("create", True))
    return out


def _free(clause: str, start: int, end: int) -> bool:
    """Not negated, not a question, not under a modal or a condition."""
    left = _BA_OBJECT.sub("", clause[:start])
    return not (
        _NEG.search(left) or _MODAL.search(left) or _QUESTION.search(clause[start:]) or _QUESTION.search(left)
    )


def _claims(clause: str, start: int, end: int, kind: Kind, shared_done: bool = False) -> bool:
    left, right = clause[:start], clause[end:]
    if _ADJECTIVE.match(right) or (left and left[-1] in lx.NOMINAL_BEFORE):
        return False
    left = _BA_OBJECT.sub("", left)  # 把不需要的会议删除了: words of the object do not scope the verb
    if _NEG.search(left) or _FAILED.match(right) or _MODAL.search(left):
        return False
    if _QUESTION.search(right) or _QUESTION.search(left):
        return False
    succeeded = bool(_RESULT_AFTER.match(right))
    if _USER_SUBJECT.search(left) and not succeeded:
        return False  # "你上周取消了读书会": what the user did
    if _AFTER_CONDITION.match(right):
        return False  # "完成后告诉我", "订好之后": a condition
    if kind == "any":
        return True
    return (
        shared_done
        or "已" in left
        or succeeded
        or bool(_DONE_AFTER.match(right) or _DONE_AT_END.match(right))
        or left.endswith(("完成", "完成了", "被"))
        or (bool(_POLITE_ONLY.match(left)) and not right.startswith("一下"))
    )
