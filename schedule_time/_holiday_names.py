"""Surface names to regular expressions, for :mod:`schedule_time.holidays`.

English names are written lower case and matched case-insensitively between word boundaries:

* ``'s`` (or ``s'``) at the end of a word is a possessive that may be written ``'s``, ``’s``,
  ``s'``, ``s`` or not at all ("mother's day", "mothers day", "mother day");
* any other apostrophe is optional and may be curly ("mi'raj", "miraj", "mi’raj");
* a space matches any run of spaces and hyphens; a hyphen matches the same or nothing
  ("x-mas", "xmas", "week-end", "weekend");
* a period is optional ("st. patrick's day", "st patrick's day");
* weekday words match their abbreviations ("easter mon", "super tue.").

Chinese names are written in simplified characters; each character that has a traditional form
matches either, so traditional and mixed spellings match too. A name made only of numerals
("十一", "五一", "三一五") must stand alone: not after 周/星期/第 or another numeral, and not
before 点/号/月/起 and the like ("十一点", "周五一起" are not holidays); likewise a name that
starts or ends with a numeral ("二月二" is not found in "十二月二十日", "八月十五" not in "八月十五号").

All names are merged into one prefix tree before they become a regular expression, so the
engine tests a text position against a few first characters instead of a thousand
alternatives; at every branch the longer continuation is tried first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Traditional forms of the simplified characters used in Chinese holiday names.
_SIMPLIFIED = (
    "专东丰临丽乔书买亚亲伦会体儿兰军农净凯别动劳务区医华卫双发员国图团圆圣复头妇宝实"
    "宾将尔岭师庆庞归战护报拨斋时旧显权杀树欢欧毁洁洒涂湿灯灵灶烛烧爱独献现盖礼稣级纪"
    "纳经结络统维网罗胜腊节莱萨蚁设诞诵诸财费赎赖赛转达过银长门阳阴阵际难顿饼马鲁麦黄"
    "周万业岁忏总板榈疗税紧红车仪党开沉兴龙层宁犹邮协约诺贝汉伟"
)
_TRADITIONAL_FORMS = (
    "專東豐臨麗喬書買亞親倫會體兒蘭軍農淨凱別動勞務區醫華衛雙發員國圖團圓聖復頭婦寶實"
    "賓將爾嶺師慶龐歸戰護報撥齋時舊顯權殺樹歡歐毀潔灑塗濕燈靈竈燭燒愛獨獻現蓋禮穌級紀"
    "納經結絡統維網羅勝臘節萊薩蟻設誕誦諸財費贖賴賽轉達過銀長門陽陰陣際難頓餅馬魯麥黃"
    "週萬業歲懺總闆櫚療稅緊紅車儀黨開沈興龍層寧猶郵協約諾貝漢偉"
)
_TRADITIONAL: dict[str, str] = {**dict(zip(_SIMPLIFIED, _TRADITIONAL_FORMS, strict=True)), "历": "曆歷", "获": "穫獲"}

_CN_NUMERAL = "零〇一二三四五六七八九十百千万两"
# Checked right after the first character, so that the tree can branch on that character first.
_NUMERAL_BEFORE = rf"(?<![周週期拜礼禮第初号號\d{_CN_NUMERAL}].)"
_NUMERAL_AFTER = rf"(?![点點时時月号號日天分个個周週年岁歲\d{_CN_NUMERAL}起路块塊元位名次楼樓层層])"
_WORD_START = r"(?<!\w)"
_WORD_END = r"(?!\w)"
_SEP = r"[\s\-]+"
_WEEKDAYS = {
    "monday": r"on(?:day)?\.?", "tuesday": r"ue(?:s(?:day)?)?\.?", "wednesday": r"ed(?:nesday)?\.?",
    "thursday": r"hu(?:r(?:s(?:day)?)?)?\.?", "friday": r"ri(?:day)?\.?",
    "saturday": r"at(?:urday)?\.?", "sunday": r"un(?:day)?\.?",
}  # after the first letter


def is_chinese(name: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in name)


def _chinese_atoms(name: str) -> list[str]:
    atoms = [f"[{c}{_TRADITIONAL[c]}]" if c in _TRADITIONAL else re.escape(c) for c in name]
    if _is_numeral(name[0]):
        atoms[0] += _NUMERAL_BEFORE
    if _is_numeral(name[-1]):
        atoms.append(_NUMERAL_AFTER)
    return atoms


def _is_numeral(c: str) -> bool:
    return c in _CN_NUMERAL or c.isdigit()


def _first_letter(c: str) -> str:
    # Case spelled out and case-insensitivity switched off, so that the regex engine's quick
    # first-character test applies to each branch of the tree.
    return f"(?-i:[{c}{c.upper()}])" if c.isalpha() else re.escape(c)


def _english_atoms(name: str) -> list[str]:
    atoms: list[str] = []
    for i, tok in enumerate(name.split()):
        if i:
            atoms.append(_SEP)
        if tok in _WEEKDAYS:
            atoms += [re.escape(tok[0]), _WEEKDAYS[tok]]
            continue
        tail = ""
        if tok.endswith("'s"):
            tok, tail = tok[:-2], r"(?:['’]?s['’]?)?"
        elif tok.endswith("s'"):
            tok, tail = tok[:-2], r"(?:s['’]?)?"
        for c in tok:
            atoms.append({"'": r"['’]?", "-": r"[\s\-]*", ".": r"\.?"}.get(c) or re.escape(c))
        if tail:
            atoms.append(tail)
    atoms[0] = _first_letter(name[0]) if atoms[0] == re.escape(name[0]) else atoms[0]
    atoms.append(_WORD_END)
    return atoms


def _tree_regex(atom_lists: Iterable[list[str]]) -> str:
    """One regular expression for several atom sequences, sharing common prefixes."""
    end = ""  # marks the end of a name inside the tree (no atom is empty)
    tree: dict = {}
    for atoms in atom_lists:
        node = tree
        for a in atoms:
            node = node.setdefault(a, {})
        node[end] = {}

    def emit(node: dict) -> tuple[str, int]:
        """The regex for a subtree and its depth; deeper (longer) branches are tried first."""
        done = sorted(((atom, *emit(child)) for atom, child in node.items()),
                      key=lambda b: (b[0] == end, -b[2]))
        alts = [atom + rx for atom, rx, _ in done]
        rx = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return rx, 1 + max((d for _, _, d in done), default=-1)

    return emit(tree)[0]


def _bucketed(groups: list[tuple[str, list[list[str]]]]) -> str:
    """A tree regex for names grouped by their possible first characters, split in halves
    behind first-character lookaheads, so a text position meets a few charset tests instead of
    a linear scan over every first character."""
    if len(groups) <= 6:
        return _tree_regex([atoms for _, lists in groups for atoms in lists])
    mid = len(groups) // 2
    halves = []
    for half in (groups[:mid], groups[mid:]):
        chars = re.escape("".join(sorted({c for firsts, _ in half for c in firsts})))
        halves.append(f"(?-i:(?=[{chars}]))" + _bucketed(half))
    return "(?:" + "|".join(halves) + ")"


def _grouped(names: list[str], atoms_of, firsts_of) -> list[tuple[str, list[list[str]]]]:
    groups: dict[str, list[list[str]]] = {}
    for n in names:
        groups.setdefault(firsts_of(n[0]), []).append(atoms_of(n))
    return sorted(groups.items())


def name_regex(name: str) -> str:
    """The regular expression for one surface name."""
    if is_chinese(name):
        return "".join(_chinese_atoms(name))
    return _WORD_START + "".join(_english_atoms(name))


def first_key(c: str) -> str:
    """The first character of a name as written in the table (lower case, simplified)."""
    return _SIMPLE_OF.get(c, c.lower())


_SIMPLE_OF = {t: s for s, ts in _TRADITIONAL.items() for t in ts}


def compile_names(names: Iterable[str]) -> re.Pattern[str]:
    """The pattern matching any of ``names`` (English lower case, Chinese simplified)."""
    names = list(dict.fromkeys(names))
    english = [n for n in names if not is_chinese(n)]
    chinese = [n for n in names if is_chinese(n)]
    parts = []
    if english:
        groups = _grouped(english, _english_atoms, lambda c: c + c.upper())
        parts.append(_WORD_START + _bucketed(groups))
    if chinese:
        # Chinese characters have no case: matching them case-sensitively keeps the engine fast.
        groups = _grouped(chinese, _chinese_atoms, lambda c: c + _TRADITIONAL.get(c, ""))
        parts.append("(?-i:" + _bucketed(groups) + ")")
    return re.compile("|".join(parts), re.IGNORECASE)
