"""The English claim grammar: which clauses of a reply report a write as done.

A clause claims when a write verb (``agent.lexicon_en``) stands in a form that reports a finished action:

    perfect       I('ve| have| had) ADV* V-ed             "I've just added it"
    simple past   (I|we) ADV* V-ed                         "I moved the standup"
    passive       NP (was|were|got|has been|'s been) V-ed  "It has been deleted"
    stative       NP (is|are) ADV* V-ed  (stative verbs)    "It's booked" (not "is scheduled": a reading)
    causative     I (have|got) NP V-ed                      "I've got you booked" (not "you have X booked")
    fragment      [clause start] ADV* V-ed                  "Booked.", "Done ✅", "Cancelled: Gym"
    headline      NP V-ed  (no finite verb after)           "Calendar updated.", "Meeting saved for 3"
    coordination  … and/or V-ed                             inherits the verdict of the verb before it
    result state  "is now on your calendar", "all set", "is now at 4pm", "I have you down for 3"

and its clause is none of: negated ("I haven't", "nothing was"), a condition ("once it's booked"), a
question ("Has it been moved?"), or under a modal ("it will be moved", "would have added"). A verb's clause
ends at , ; : — ( and "but"; a sentence at . ! ? and a line break.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agent import lexicon_en as lx

__all__ = ["claims_en"]

_ADV = rf"(?:(?:{lx.ADVERBS})\s+)*"
_VERB = re.compile(r"\b(" + "|".join(sorted(lx.VERBS, key=len, reverse=True)) + r")\b")
_STATES = [(re.compile(p), kind, loose) for p, kind, loose in lx.STATES]
_PARTICLES = {v: re.compile(p) for v, p in lx.PARTICLES.items()}

_QUOTED = re.compile(r"“[^”\n]*”|\"[^\"\n]*\"|「[^」\n]*」|‘[^’\n]{2,}’")
_MARKUP = re.compile(r"[*_`#>]+")
_INTERJ = re.compile(rf"\b(?:{lx.INTERJECTIONS})\b")
_SENTENCE = re.compile(r"(?<=[.!?…])\s+|\n+")
_BULLET = re.compile(r"^\s*(?:[-•·▪◦]+|\d+[.)])\s+")
_CLAUSE_BREAK = re.compile(r"[,;:—–→()\[\]]|\s-\s|\bbut\b")
_NEG = re.compile(lx.NEGATIONS)
_CONDITION = re.compile(rf"^\W*(?:{lx.CONDITIONS})\b")
_QUESTION = re.compile(rf"^\W*(?:{lx.QUESTION_OPENERS})\b")
_MODAL_END = re.compile(rf"(?:\b(?:{lx.MODALS})|'ll|'d)\s*$")
_COORD = re.compile(rf"(?:^|\s)(?:and|or|&|plus|then|as\s+well\s+as)\s+{_ADV}$")
_PERFECT = re.compile(rf"('ve|'d|\bhave|\bhas|\bhad)\s+{_ADV}$")
_PASSIVE = re.compile(rf"(\bis|\bare|\bwas|\bwere|'s|'re|'m|\bbeen|\bgot)\s+((?:(?:{lx.ADVERBS})\s+)*)$")
_BEEN = re.compile(rf"('s|'ve|'d|\bhas|\bhave|\bhad)\s+{_ADV}been\s+{_ADV}$")
_SUBJECT = re.compile(rf"(?:^|[^\w'])(?:i|we)\s+{_ADV}$")
_CAUSATIVE = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have|\s+had|'d)?\s+(?:got|have|had)\s+(?:[\w']+\s+){1,4}$|\bconsider\s+it\s+$"
)
_HEAD = re.compile(
    r"^\W*(?:(?:ok|okay|sure|great|perfect|alright|done|yes|yep|yeah|cool|got\s+it)\W+)*(?:i|we)\b"
)
_WH_SUBJECT = re.compile(r"\b(?:what|there|here|where|which|who|how)\s*$")
_FINITE_AFTER = re.compile(
    r"\b(?:is|are|was|were|will|can|could|should|would|has|have|had|may|might|must|shows?|appears?)\b"
)
_ADJECTIVE_OF = re.compile(rf"^\s+(?:{lx.PLURAL_NOUNS})\b")
_BOOKED_UP = re.compile(r"^\s*(?:solid|up|out|back-to-back|from|through|until|all\s+day)\b")
_NOTHING_AFTER = re.compile(r"^\s*(?:nothing|none|no|since|in\s+the\s+meantime)\b")
_CALENDAR = re.compile(r"\b(?:calendar|schedule|agenda)\b")
_ANNOUNCED = re.compile(r"^\s*(?:!|✅|✔|🎉)")
_CALENDAR_AFTER = re.compile(r"^\s+(?:your|the)\s+(?:calendar|schedule|agenda)\b")
_WORDS = re.compile(r"[a-z0-9']+")
_ADV_WORDS = re.compile(rf"\b(?:{lx.ADVERBS})\b|[^a-z]")
_TRIGGER = re.compile(
    _VERB.pattern
    + r"|\ball\s+set\b|\bgood\s+to\s+go\b|\bcare\s+of\b|\bnow\b|\b(?:calendar|schedule|agenda)\b|"
    r"\byou\s+(?:down|in)\s+for\b|\bon\s+for\b"
)

Claim = tuple[lx.Kind, bool]


def normalize(text: str) -> str:
    """Lower case, straight apostrophes, quotes and markup out (a quoted title or user sentence is a noun)."""
    text = text.replace("’", "'").lower()
    text = _QUOTED.sub(" q ", text)
    text = _MARKUP.sub(" ", text)
    return _INTERJ.sub("ok", text)


def claims_en(text: str) -> list[Claim]:
    """Every (kind, loose) the text claims was done."""
    text = normalize(text)
    if not _TRIGGER.search(text):
        return []
    out: list[Claim] = []
    for sentence in _SENTENCE.split(text):
        out.extend(_sentence_claims(_BULLET.sub("", sentence, count=1)))
    return out


def _triggers(s: str) -> Iterator[tuple[int, int, lx.Kind, bool, str]]:
    found = [(m.start(), m.end(), *lx.VERBS[m.group(1)], m.group(1)) for m in _VERB.finditer(s)]
    for pattern, kind, loose in _STATES:
        found += [(m.start(), m.end(), kind, loose, "") for m in pattern.finditer(s)]
    found.sort()
    return iter(found)


def _sentence_claims(s: str) -> list[Claim]:
    out: list[Claim] = []
    breaks = [(m.start(), m.end()) for m in _CLAUSE_BREAK.finditer(s)]
    question = s.rstrip(" \t…🙂😊👍✅✔️").endswith("?")
    prev: tuple[bool, int] | None = None  # the last verdict in this sentence and where its verb ended
    taken_until = -1
    for start, end, kind, loose, verb in _triggers(s):
        if start < taken_until:  # inside a state already read ("taken care of", "is now on your calendar")
            continue
        cs = max((b for _, b in breaks if b <= start), default=0)
        ce = min((a for a, _ in breaks if a >= end), default=len(s))
        verdict = _verdict(s, start, end, verb, cs, ce, question, prev)
        if verdict is None:
            continue
        prev = (verdict, end)
        taken_until = end
        if verdict:
            if verb == "updated" and (
                _CALENDAR.search(s[max(cs, start - 30) : start]) or _CALENDAR_AFTER.match(s[end:])
            ):
                loose = True  # "Calendar updated": the calendar changed, by whichever write
            out.append((kind, loose))
    return out


def _verdict(
    s: str, start: int, end: int, verb: str, cs: int, ce: int, question: bool, prev: tuple[bool, int] | None
) -> bool | None:
    """True: a claim; False: scoped out (and what coordinates with it is too); None: not a write verb here."""
    left, right = s[cs:start], s[end:ce]
    if verb in _PARTICLES and not _PARTICLES[verb].search(s[end : end + 40]):
        return None
    if verb in ("took", "taken") and s.startswith(" care of", end):
        return None
    if verb == "set" and left.endswith("all "):
        return None  # "all set" is a state
    if _NOTHING_AFTER.match(right) or (verb == "booked" and _BOOKED_UP.match(right)):
        return False
    if _COORD.search(left):
        if prev is not None:
            return prev[0]
        head = s[:start]
        return bool(_HEAD.match(head)) and not _NEG.search(head) and not _MODAL_END.search(head)
    if _CONDITION.match(left) or _NEG.search(left) or (question and _QUESTION.match(left)):
        return False
    if not verb:  # a result state: its own words are the form
        return not _already(left, s, start, end)
    return _form(s, left, right, verb, cs, question, prev)


def _already(left: str, s: str, start: int, end: int) -> bool:
    """ "It's already on your calendar": a fact about the calendar, not this turn's write."""
    return "already" in s[max(0, start - 12) : end] or bool(_WH_SUBJECT.search(left))


def _form(
    s: str, left: str, right: str, verb: str, cs: int, question: bool, prev: tuple[bool, int] | None
) -> bool:
    if m := _BEEN.search(left):
        return not _MODAL_END.search(left[: m.start()])
    if m := _PASSIVE.search(left):
        aux, adverbs = m.group(1).strip(), set(m.group(2).split())
        if aux in ("was", "were", "got"):
            return True
        if aux == "been":
            return False  # "to have been", "will be been": modal forms
        if "already" in adverbs or _WH_SUBJECT.search(left[: m.start()]):
            return False
        # "is scheduled" may read the calendar; "is scheduled! 🎉" announces a change
        return verb in lx.STATIVE or bool(adverbs & lx.CHANGE_ADVERBS) or bool(_ANNOUNCED.match(right))
    if m := _PERFECT.search(left):
        before = left[: m.start()]
        return not (_MODAL_END.search(before) or before.rstrip().endswith(("you", "they")))
    if _SUBJECT.search(left) or _CAUSATIVE.search(left):
        return True
    if verb in ("set", "put", "made"):
        return False  # the base form too: without a subject, an imperative ("Set a time…")
    if _ADJECTIVE_OF.match(right) or _FINITE_AFTER.search(right):
        return False  # "Deleted events can be restored", "the event scheduled tomorrow is…"
    words = _WORDS.findall(left)
    fragment = not _ADV_WORDS.sub("", left)
    headline = 0 < len(words) <= 6 and not lx.NOT_IN_HEADLINE.intersection(words)
    if not (fragment or headline):
        return False
    if headline and verb == "scheduled" and right.startswith(":"):
        return False
    if fragment and verb == "noted" and not right.strip(" !.…"):
        return False  # "Noted, sounds lovely!": an acknowledgement, not a record
    if cs > 0:
        before = s[:cs]
        if prev is not None and prev[1] >= max(s.rfind(c, 0, cs - 1) for c in ",;:—–"):
            return prev[0]  # "nothing was created, changed or deleted": a list of verbs
        if _NEG.search(before) or _CONDITION.match(before) or (question and _QUESTION.match(before)):
            return False
    return True
