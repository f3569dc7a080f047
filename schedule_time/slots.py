"""``is_slot_reply``: is this message nothing but a date/time answer ("周日下午2点", "at 3 please")?

It reuses the resolver's own scan and composition: a text is a slot reply exactly when every word is
recognised by some language module (as a time piece or a filler), at least one time piece is present,
and the pieces compose into one expression. A new phrasing is therefore added in one place: the rules.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from . import en, zh
from . import pieces as p
from .compose import ONE_AFTER, compose
from .language import _scan, normalise, scan
from .spec import Unusable

MAX_REPLY = 120
_EDGES = " ,.;:!?，。、；：！？…—–"
_CLAUSE = re.compile(r"[,;!?，。；！？]+")


def is_slot_reply(text: str) -> bool:
    """True when ``text`` is only date/time/duration expressions plus fillers and connectors."""
    if not isinstance(text, str):
        return False
    return _only_times(text)


@lru_cache(maxsize=4096)
def _only_times(text: str) -> bool:
    """``is_slot_reply`` cached by text (it depends on nothing else; grounding asks it of every word)."""
    norm = normalise(text)
    if not norm or len(norm) > MAX_REPLY:
        return False
    found = scan(norm)
    if found.unknown or not found.pieces:
        return False
    try:
        expr = compose(found.pieces)
    except Unusable:
        return False
    return not (expr.kind == "point" and expr.left.number is not None and not expr.left.has_date())


_TO_IN = re.compile(r"\bto\s+|到|至")
_MOVE_TO_EN = re.compile(rf"\b{en.MOVE_VERB}\b[^,.;!?]{{0,40}}?\bto\s*$")
_MOVE_TO_ZH = re.compile(rf"{zh.MOVE_TO}\s*$")
_MOVE_BARE_ZH = re.compile(r"(?:改|挪|换|換|调|調|移)\s*$")
"""A move verb right before the time, with no 到/成 between ("改下周三", "挪周五", "调明天"): spoken Chinese
drops the linking word; a shift ("推迟两天", "延后一小时") is no destination and does not end this way."""
_MAKE_IT = re.compile(r"\bmake\s+(?:it|that)\s*$")
""""make it 9": the move rules' other form (a time right after it; "make it end at 5" is no destination)."""


def reads_as_an_end(phrase: str) -> bool:
    """The phrase is an end, never a start or a destination: "until 6", "till 6pm", "ends at 6", "到六点为止",
    五点结束 (its first piece an "until" separator, a separator and a closing "为止"/"before", or a clock with
    an end word). "to 6", "到六点" are not: "to"
    may name where a move goes."""
    found = scan(normalise(phrase)).pieces
    if any(isinstance(x, p.OpenBound) and x.ends for x in found) and any(isinstance(x, p.Clock) for x in found):
        return True  # 五点结束, 下午六点为止: the clock is where it ends
    if not found or not isinstance(found[0], p.RangeSep) or found[0].weak:
        return False
    if found[0].until:
        return True
    last = found[-1]
    return isinstance(last, p.OpenBound) and last.kind == "before" and not last.leads and len(found) > 2


def reads_as_a_start(phrase: str) -> bool:
    """The phrase says where something begins at a clock ("starting at 7pm", "晚上七点开始", "周五七点起"):
    its open bound is a start word, never "after 7pm" / 七点以后 (a window after the time, not a start)."""
    found = scan(normalise(phrase)).pieces
    starts = any(isinstance(x, p.OpenBound) and x.starts for x in found)
    return starts and any(isinstance(x, p.Clock) for x in found)


_END_SAID_ZH = re.compile(
    r"(?:结束|結束)\s*(?:的\s*)?(?:时间|時間|时刻|時刻)?\s*(?:应该|應該|要|得|就|请|請)?\s*"
    r"(?:改|换|換|调|調|挪|延|推)?\s*(?:是|为|為|成|到|在|定在)?\s*$"
)
_END_SAID_EN = re.compile(
    r"\b(?:end|ending|finish|finishing)\b(?:\s+time)?\s*(?:(?:should|could|can|will|would|must)\s+)?"
    r"(?:be|is|to|at|by|:|=|->|→)?\s*$"
)


_LENGTH_TO_EN = re.compile(
    r"\b(?:extend|lengthen|stretch|prolong|shorten)(?:s|ed|d|ing)?\b(?:\s+(?!and\b|then\b|but\b)\S+){0,6}?\s+"
    r"(?:to|till|until|through)\s*$"
    r"|\b(?:it|that|this)\s+(?:(?:can|could|should|will|may|might|to)\s+)?(?:runs?|lasts?)\s+(?:over\s+|on\s+)?"
    r"(?:to|till|until)\s*$"
)
_LENGTH_TO_ZH = re.compile(r"(?:延长|延長|加长|加長|拉长|拉長|缩短|縮短|持续|持續|延续|延續|开|開)\s*(?:到|至)\s*$")
"""A length change's "to" ("extend it to 5", "let it run to 6", 延长到五点, 会开到五点): the clock after it is
where the event now ends — its start stays. Not after a move verb ("push my morning run to 7:45": a noun run;
"move it to 5"), nor "goes to 10am" (a move as often as an end) or 延到周五 (postpones)."""


_END_LEAD = re.compile(
    r"^(?:the\s+)?(?:end|ends|ending|finish|finishes|finishing)\b(?:\s+time)?\s*(?:(?:should|could|can|will|would|must)\s+)?"
    r"(?:be|is|to|at|by|:)?\s*(?=\S)"
)


def without_end_words(phrase: str) -> str:
    """``phrase`` without a leading end word ("the end to 11:30" → "11:30"): the time the end is at."""
    return _after_end_words(normalise(phrase)) or phrase


def _after_end_words(wanted: str) -> str | None:
    """The time after a leading end word of normalised ``wanted``, or None when it has none."""
    lead = _END_LEAD.match(wanted)
    rest = wanted[lead.end() :] if lead is not None else ""
    return rest if rest and time_phrases(rest) else None


def said_as_an_end(text: str, phrase: str) -> bool:
    """In ``text``, the time ``phrase`` is said to be where the event ends: its clause names the end right
    before it ("the end time should be 5pm", "change the end to 6", 结束时间应该是12点, 结束改到十一点, 结束时间定在
    五点), or a length change reaches it ("extend it to 5", "the call runs till 6", 延长到五点, 会开到五点) — so it is
    the new end, never a new start or a destination. False when the phrase is not in the text."""
    said, wanted = normalise(text), normalise(phrase)
    at = said.find(wanted)
    if at < 0:
        return False
    head = _CLAUSE.split(said[:at])[-1]
    if _END_SAID_ZH.search(head) or _END_SAID_EN.search(head):
        return True
    if _TO_IN.search(wanted) and _said_with_a_clock(wanted):
        reach = _CLAUSE.split(_through_its_to(said, at, wanted))[-1]
        if not _a_move_before(reach) and (_LENGTH_TO_EN.search(reach) or _LENGTH_TO_ZH.search(reach)):
            return True
    return _after_end_words(wanted) is not None  # "the end to 11:30": the end word inside the phrase itself


def _said_with_a_clock(wanted: str) -> bool:
    """Normalised ``wanted`` holds a clock (or a bare hour: "to 5"), so its "to" reaches a time, not a length."""
    found = scan(wanted).pieces
    return any(isinstance(x, p.Clock | p.Number) for x in found) and not any(
        isinstance(x, p.Duration | p.Lengthen) for x in found
    )


def reads_as_a_destination(text: str, phrase: str) -> bool:
    """In ``text``, the time ``phrase`` ("to 4", "4", 到四点) is where a move goes: a move verb of its language
    stands before it in its clause ("move Thursday's vet to 4", "push it to 9", "make it 9", 改到四点, 挪到,
    改成四点, or a bare 改/挪 right before it: 改下周三),
    so the time is the event's new start — never its new end ("extend the meeting to 5", 延长到五点, "until 5"
    are no moves). False when the phrase is not in the text."""
    said, wanted = normalise(text), normalise(phrase)
    at = said.find(wanted)
    if at < 0 or reads_as_an_end(phrase) or said_as_an_end(text, phrase):
        return False
    return _a_move_before(_through_its_to(said, at, wanted))


def _through_its_to(said: str, at: int, wanted: str) -> str:
    """``said`` up to the phrase found at ``at``, or to the phrase's own last "to" ("friday to 4" of "shift the
    dentist on friday to 4")."""
    tos = [m.end() for m in _TO_IN.finditer(wanted)]
    return said[: at + (tos[-1] if tos else 0)]


def _a_move_before(head: str) -> bool:
    """A move verb of its language ends ``head``: what comes next is where the event goes."""
    return bool(
        _MOVE_TO_EN.search(head) or _MAKE_IT.search(head) or _MOVE_TO_ZH.search(head) or _MOVE_BARE_ZH.search(head)
    )


def holds_a_time_or_a_move(text: str) -> bool:
    """``text`` holds a time phrase or a move verb's "to" of its language ("到周五", "改到", "挪到", "move it
    to"): a piece of a message cut across its time or its move, never a name of its own ("游泳", "yoga")."""
    said = normalise(text)
    if time_phrases(said):
        return True
    return bool(re.search(zh.MOVE_TO, said) or re.search(rf"\b{en.MOVE_VERB}\b", said) or _MAKE_IT.search(said + " "))


def time_phrases(text: str) -> list[str]:
    """The runs of normalised ``text`` between words no language recognises (and clause punctuation) that
    hold a time piece, in order ("后天上午十点和王五开会" → ["后天上午十点", "五"]), without the filler words at
    their edges (a run is "周五下午三点", not "改到周五下午三点"). Callers resolve each run (or runs joined)
    to learn which times a sentence names; a run need not resolve on its own."""
    if not isinstance(text, str):
        return []
    return list(_phrases(text)[0])


def without_denied(text: str) -> str:
    """``text`` with each time it denies ("Friday, not Thursday", 不是四点，五点) blanked out (normalised, spaces
    in their place), or ``text`` itself when it denies none: what a time argument may quote from it — the
    denied time is the one the user says is wrong."""
    if not isinstance(text, str):
        return text
    denied = _phrases(text)[1]
    if not denied:
        return text
    norm = normalise(text)
    for start, end in denied:
        norm = norm[:start] + " " * (end - start) + norm[end:]
    return norm


def denied_phrases(text: str) -> tuple[str, ...]:
    """The times ``text`` denies, as they stand in its normalised form (the script kept) ("Thursday" of "Friday, not Thursday",
    每周 of 以后不再每周开了): what ``without_denied`` blanks out."""
    if not isinstance(text, str):
        return ()
    norm = normalise(text)
    return tuple(norm[start:end].strip() for start, end in _phrases(text)[1])


@lru_cache(maxsize=4096)
def _phrases(text: str) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """``time_phrases`` and the spans of the times the text denies (of its normalised form), cached by
    text: they depend on the text alone (no clock, no zone), and every turn reads the segment's earlier
    messages again."""
    norm = normalise(text)
    spans: list[tuple[int, int, int]] = []
    found, _, _ = _scan(norm, spans)
    separators = _separator_spans(found, spans)
    listed = _weekday_lists(norm, found, spans)
    out: list[str] = []
    denied: list[tuple[int, int]] = []
    run: list[tuple[int, int, int]] = []
    held: list[tuple[p.Piece, ...]] = []  # the pieces of each span of ``run``
    meal_only = False  # the run so far is one meal word ("lunch" of "push lunch to 1pm")
    at = 0
    for span in [*spans, (len(norm), len(norm), -1)]:
        gap = norm[run[-1][1] : span[0]] if run else ""
        own = found[at : at + max(span[2], 0)]
        at += max(span[2], 0)
        # an unknown word, or a clause break, ends the run (not a comma inside a set of weekdays)
        if span[2] < 0 or (_CLAUSE.search(gap) and span[0] not in listed):
            for part in _cut_run(norm, run, held):
                _emit(norm, part, out, separators, denied)
            run, held = [], []
        elif meal_only and len(own) == 1 and type(own[0]) is p.RangeSep and norm[span[0] : span[1]].strip() == "to":
            run, held = [], []  # a meal moved "to" a time names the event: "to 1pm", never "lunch to 1pm"
        if span[2] >= 0:
            run.append(span)
            held.append(own)
        if span[2] > 0:
            meal_only = len(run) == 1 and len(own) == 1 and bare_meal(own[0])
    return tuple(out), tuple(denied)


def _cut_run(
    norm: str, run: list[tuple[int, int, int]], held: list[tuple[p.Piece, ...]]
) -> list[list[tuple[int, int, int]]]:
    """``run`` cut where it holds two times that make no one expression:

    * at a dash followed by words before the next time ("today - shift it to the same time on friday"): a
      range's dash stands right before its end ("3 - 5pm"), so this one ends a clause;

    * before "to" when a move of an event follows ("friday to the day after": the event's day, then its new
      one; a move is read against an event, never as a range's end);
    * before each word such as "since" / "after" that leads a time of its own, when the run does not compose
      whole: "to thursday at 11am since friday (is packed)" is two phrases, "tomorrow after 3pm" one;
    * before a "to" right after the pronoun of an event ("the 2pm one to 5"): where it goes, not a range."""
    cuts = [
        i for i in range(1, len(run) - 1)
        if len(held[i]) == 1 and type(held[i][0]) is p.RangeSep and not held[i][0].weak and held[i + 1]
        and type(held[i + 1][0]) is p.Shift and held[i + 1][0].event == "must"
    ]  # fmt: skip
    cuts += [
        i for i in range(1, len(run) - 1)
        if len(held[i]) == 1 and type(held[i][0]) is p.RangeSep and _dash(norm, run[i]) and run[i + 1][2] == 0
    ]  # fmt: skip
    # "the 2pm one to 5", 那个 of a clock: a "to" right after the pronoun of an event leads where it goes, never
    # a range's end (a range runs from a time, not from an event)
    cuts += [i for i in range(2, len(run) - 1) if _pronoun_then_to(held[i - 2 : i + 2])]
    bounds = [i for i, own in enumerate(held) if i and len(own) == 1 and type(own[0]) is p.OpenBound and own[0].leads]
    if bounds:
        try:
            compose([x for own in held for x in own])
        except (Unusable, ValueError):
            cuts += bounds
    edges = [0, *sorted(set(cuts)), len(run)]
    return [run[a:b] for a, b in pairwise(edges)]


def _pronoun_then_to(four: list[tuple[p.Piece, ...]]) -> bool:
    """A time, "one", "to", then what follows: "the 2pm one to 5", "the friday one to monday" — the event's
    pronoun, then where it goes (as ``compose.read_ones`` reads them; "friday one to 3" stays 1 to 3)."""
    before, one, to, after = four
    if not (before and one and to and after) or type(one[-1]) is not p.One or one[-1].plural:
        return False
    if len(to) != 1 or type(to[0]) is not p.RangeSep or to[0].until or not isinstance(before[-1], ONE_AFTER):
        return False
    return type(before[-1]) is p.Clock or not isinstance(after[0], (p.Number, p.Clock))


_LIST_GAP = re.compile(r"[\s,、]*")
_EVERY_GAP = re.compile(r"\s*")


def _weekday_lists(norm: str, found: tuple[p.Piece, ...], spans: list[tuple[int, int, int]]) -> set[int]:
    """The starts of the spans that continue a set of weekdays across a comma: a comma between two bare
    weekdays is no clause break when the list they are part of is one set of days — it follows "every" / 每,
    an item is plural ("mondays"; 每周一 and "weekdays" are sets already), or its last link is "and" / 和
    ("mondays, wednesdays and fridays at 6am", "every mon, wed and fri", "monday, wednesday, and friday at
    9"). The items are bare weekdays only, so a list never joins two days that each have a time of their own
    ("monday at 9, tuesday at 5"); "monday, lunch on friday" or "mon, tue" stay apart
    (``series_parts.weekday_run`` reads such a set inside one expression)."""
    out: set[int] = set()
    if not any(type(x) is p.WeekdayRef for x in found):
        return out
    items: list[tuple[int, int, tuple[p.Piece, ...]]] = []   # the spans with pieces, with those pieces
    at = 0
    for start, end, count in spans:
        if count > 0:
            items.append((start, end, found[at : at + count]))
            at += count
    i = 0
    while i < len(items):
        if _day(items[i][2]) is None:
            i += 1
            continue
        prev = items[i - 1] if i else None
        is_set = prev is not None and type(prev[2][-1]) in (p.Every, p.RecurUnit) and \
            _EVERY_GAP.fullmatch(norm, prev[1], items[i][0]) is not None
        plural = bool(_day(items[i][2]))
        commas: list[int] = []
        last_and = False
        j = i
        while j + 1 < len(items) and _LIST_GAP.fullmatch(norm, items[j][1], items[j + 1][0]):
            nxt, step = items[j + 1], 1
            link = nxt[2] == (p.RangeSep(weak=True),)
            if link and j + 2 < len(items) and _LIST_GAP.fullmatch(norm, nxt[1], items[j + 2][0]):
                step = 2
            if _day(items[j + step][2]) is None or (link and step == 1):
                break
            if "," in norm[items[j][1] : nxt[0]] or "、" in norm[items[j][1] : nxt[0]]:
                commas.append(nxt[0])
            last_and = link
            plural = plural or bool(_day(items[j + step][2]))
            j += step
        if commas and (is_set or plural or last_and):
            out.update(commas)
        i = j + 1
    return out


def _day(pieces: tuple[p.Piece, ...]) -> bool | None:
    """For a span that is one bare weekday, whether it is plural ("mondays": every Monday, or a set of days
    already, 每周一、周三, "weekdays"); None for any other span."""
    last = pieces[-1]
    if type(last) is p.RecurUnit and last.byday and len(pieces) == 1:
        return True
    if type(last) is not p.WeekdayRef or last.mode != "bare":
        return None
    if len(pieces) == 1:
        return False
    return len(pieces) == 2 and type(pieces[0]) is p.Every


_LINK = re.compile(r"(?:\b(?:to|till|until)|到|至)\s*$")
"""The word at the end of a filler that links a move to its new time ("push it to" of "push it to 4"): it
stays with the time ("to 4" reads as a clock hour; a bare "4" does not)."""


def _separator_spans(found: tuple[p.Piece, ...], spans: list[tuple[int, int, int]]) -> set[int]:
    """The starts of the spans whose pieces are all range words or dashes (the scan's pieces follow its spans,
    ``count`` each): a run of only those ("—" between two clauses, a lone "to") names no time."""
    out: set[int] = set()
    if not any(type(x) in _SEPARATING for x in found):
        return out
    at = 0
    for start, _, count in spans:
        if count > 0:
            if all(type(x) in _SEPARATING for x in found[at : at + count]):
                out.add(start)
            at += count
    return out


_SEPARATING = (p.RangeSep, p.Or)


def _emit(
    norm: str, run: list[tuple[int, int, int]], out: list[str], separators: set[int], denied: list[tuple[int, int]]
) -> None:
    pieces = [i for i, (_, _, count) in enumerate(run) if count > 0]
    if not pieces or all(run[i][0] in separators for i in pieces):
        return
    while run[pieces[-1]][0] in separators:  # a trailing "and" / "to" joins this run to no time after it
        pieces.pop()
    while len(pieces) > 1 and run[pieces[0]][0] in separators and (_dash(norm, run[pieces[0]]) or _or(norm, run[pieces[0]])):
        pieces.pop(0)  # "book club - shift it two days later": a leading dash joins it to no time before it
    start = run[pieces[0]][0]
    if pieces[0] > 0:
        before = norm[run[pieces[0] - 1][0] : start]
        link = _LINK.search(before)
        if link is not None:
            start = run[pieces[0] - 1][0] + link.start()
    end = run[pieces[-1]][1]
    part = norm[start:end].strip(_EDGES)
    held = scan(part).pieces if part else []
    if held and all(type(x) is p.PeriodPart for x in held):
        return  # "the end" / "the start" of nothing ("the end should be at 11"): no time of its own
    if len(held) == 1 and type(held[0]) is p.Number and _HAN_NUMERAL.fullmatch(part) and _counted(norm, start, end):
        return  # 这一次, 一个 (of 一个晚上六点), 三个人: a count of things is no time
    if part and _denied(norm, start, end, part):
        denied.append((start, end))
    elif part:
        out.append(part)


_HAN_NUMERAL = re.compile(r"[零〇一二两兩三四五六七八九十百]+")
_MEASURE_AFTER = re.compile(r"^\s*(?:个|個|次|位|人|只|件|条|條|张|張|本|场|場|节|節|门|門|项|項)")
_POINTER_BEFORE = re.compile(r"(?:这|這|那|哪)\s*$")


def _counted(norm: str, start: int, end: int) -> bool:
    """A Han numeral that counts things: a measure word right after it (一个, 三个人, 一次) or a pointer right
    before it (这一次, 那一场)."""
    return bool(_MEASURE_AFTER.match(norm[end:]) or _POINTER_BEFORE.search(norm[:start]))
_DENIED_EN = re.compile(
    r"(?<!\bif )(?<!\bor )\b(?:not|no longer|rather than|instead of)\s+(?:on\s+|at\s+|the\s+)?$"
)
_DENIED_ZH = re.compile(r"(?<!如果)(?<![是要若用])(?:不是|而非|并非|並非|不在|不再|不用|不要)\s*$")
_ASKED_ZH = re.compile(r"^\s*(?:吗|嗎|么|麼|吧|就)")


def follows_a_denial(head: str) -> bool:
    """Normalised ``head`` (the text before a word) ends in a denial of what follows: "not", "no longer",
    "instead of", "rather than", 不是, 而不是, 并非, 不再, 不用, 不要 ("这个会不用每周开": weekly is what the user
    stops) — not in a condition ("if not", 如果不是) or a question (是不是, 要不要, 用不用)."""
    return _DENIED_EN.search(head) is not None or _DENIED_ZH.search(head) is not None


def _denied(norm: str, start: int, end: int, part: str) -> bool:
    """The text says this time is *not* the one: "Friday, not Thursday", "4 not 3", "on Friday instead of
    Thursday", 不是九点，十点, 周五而不是周四. A correction names the wrong time beside the right one; the
    wrong one is no time the message asks for, so it is no phrase of it (the only time left is the
    correction's). Not a bound ("not before 3", "not until 5": their own words are the phrase), not a
    condition ("if not Friday"), not a question (是不是周五, 不是周五吗), not "either … or" (不是周五就是周六)."""
    if not follows_a_denial(norm[:start]):
        return False
    if _ASKED_ZH.match(norm[end:]) or "就" in part:
        return False  # 不是周五吗 asks; 不是周五就是周六 is "either … or"
    first = scan(part).pieces[:1]
    return not (first and isinstance(first[0], (p.RangeSep, p.OpenBound)))


def _or(norm: str, span: tuple[int, int, int]) -> bool:
    """A leading "or" / 或者 joins the phrase to no time before it (", or 45 minutes")."""
    return norm[span[0] : span[1]].strip() in ("or", "either or", "或", "或者", "或是", "还是", "還是")


def _dash(norm: str, span: tuple[int, int, int]) -> bool:
    return norm[span[0] : span[1]].strip() in ("-", "–", "—", "~", "->", "→")


_MEALS = frozenset({"lunch", "dinner", "breakfast", "brunch", "supper"})


def bare_meal(piece: p.Piece) -> bool:
    """A meal word with no day of its own ("lunch", not "tomorrow lunch")."""
    return type(piece) is p.PartOfDay and piece.label in _MEALS and piece.day_shift is None  # type: ignore[attr-defined]


def noun_words(text: str) -> list[str]:
    """The words of normalised ``text`` that the scanner reads only as a hint of the time of day and that
    are nouns too — meals (午餐, 晚饭, "lunch", "dinner"): in "团队午餐" they name the event, not a time."""
    if not isinstance(text, str):
        return []
    norm = normalise(text)
    spans: list[tuple[int, int, int]] = []
    found, _, _ = _scan(norm, spans)
    out: list[str] = []
    at = 0
    for start, end, count in spans:
        if count <= 0:
            continue
        pieces = found[at : at + count]
        at += count
        if all(type(x) is p.Label or (type(x) is p.PartOfDay and x.label in _MEALS) for x in pieces):
            out.append(norm[start:end])
    return out
