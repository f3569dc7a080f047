"""Write claims in a reply: the English and Chinese grammars (``claims_en``, ``claims_zh``) composed into one
answer per reply, and what a claim needs from the store to be true.

Three strengths of claim, because the words say how much they promise:

- strict: a verb that names the write ("I've moved it", "已删除") is backed only by a persisted write of that kind;
- loose: a result word ("saved", "confirmed", "calendar updated", "is on your calendar", "已保存") is backed by
  a persisted write of any kind — it names what the calendar looks like, not which write made it so;
- generic: "Done ✅", "All set", "搞定" name no kind: they claim whatever the turn was asked to do, so any
  persisted write backs them and none at all does not.

``detect_claims`` (the public, measured view) reports a generic-only claim as all three kinds: a claim of an
unspecified write.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import get_args

from agent.checks.claims_en import claims_en
from agent.checks.claims_zh import claims_zh
from agent.render.receipts import WriteKind

__all__ = ["Claims", "detect_claims", "find_claims"]

_ALL: frozenset[WriteKind] = frozenset(get_args(WriteKind))


@dataclass(frozen=True, slots=True)
class Claims:
    strict: frozenset[WriteKind] = frozenset()
    loose: frozenset[WriteKind] = frozenset()
    generic: bool = False

    @property
    def kinds(self) -> frozenset[WriteKind]:
        """The kinds claimed; a generic claim alone is a claim of any kind."""
        named = self.strict | self.loose
        return named or (_ALL if self.generic else frozenset())

    def unbacked(self, persisted: Iterable[WriteKind]) -> tuple[str, ...]:
        """The claims the persisted writes do not back: a strict kind with no write of it; a loose kind, or
        ``any`` for a generic claim, with no write at all."""
        done = frozenset(persisted)
        missing = set(self.strict - done)
        if not done:
            missing |= self.loose
            if self.generic and not missing:
                return ("any",)
        return tuple(sorted(missing))

    def __bool__(self) -> bool:
        return bool(self.strict or self.loose or self.generic)


def find_claims(text: str) -> Claims:
    """Every write the text claims was done, in either language (a reply may mix them)."""
    strict: set[WriteKind] = set()
    loose: set[WriteKind] = set()
    generic = False
    for kind, is_loose in (*claims_en(text), *claims_zh(text)):
        if kind == "any":
            generic = True
        elif is_loose:
            loose.add(kind)
        else:
            strict.add(kind)
    return Claims(frozenset(strict), frozenset(loose - strict), generic)


def detect_claims(text: str) -> frozenset[WriteKind]:
    """The kinds of write the text claims were done (empty for none; all three for "Done ✅" alone)."""
    return find_claims(text).kinds
