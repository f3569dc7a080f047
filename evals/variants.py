"""Paraphrase variants: other ways to say each scenario turn, with the same expected outcome.

A variant replaces the message of one user turn. Variants live beside the scenarios, never in them
(``evals/variants/<scenario file name>``), keyed by scenario id and turn index, so the scenario files and
the variants can be edited by different people at once::

    variants:
      create_en_tomorrow_3pm_zhang_san:
        0:                                        # turn index
          - "meet zhang san tmrw at 3pm"          # a plain replacement text
          - user: "Zhang San, 3 tomorrow afternoon"
            script:                               # optional: the scripted model step for the offline replay
              - tool_calls: [{name: create_event, arguments: {title: "Meet Zhang San", when: "3 tomorrow afternoon"}}]

Variant set *j* of a scenario is the scenario with every turn's *j*-th variant in place of its message
(turns with fewer variants keep their own); its id is ``<scenario id>__v<j>``. Set 0 is the scenario as
written. A scenario passes only when every set passes.

Live, every set runs. Offline (the scripted model), a turn's variant is played only where the script
still is what a correct model would do: a gate turn (no model call), a turn whose script is text only, or
a variant that carries its own ``script``; the set's other turns keep their original message, and a set
with no playable variant is left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError

from evals.scenario_events import ScenarioModel
from evals.scenario_steps import Step, ToolStep
from evals.scenario_yaml import ScenarioLoader, describe_error
from evals.scenarios import _PLACEHOLDER, Scenario, ScenarioError, Turn

__all__ = [
    "VARIANTS_DIR",
    "Variant",
    "VariantTable",
    "expand",
    "load_variants",
    "replayable",
    "variant_counts",
]

VARIANTS_DIR = Path(__file__).parent / "variants"

Mode = Literal["live", "offline"]


class Variant(ScenarioModel):
    """Another wording of one user turn."""

    user: str = Field(min_length=1)
    script: list[Step] | None = None
    """The offline replay's model steps for this wording (the original turn's when absent)."""
    note: str | None = None


VariantTable = dict[str, dict[int, list[Variant]]]
"""scenario id → turn index → its variants, in file order."""


def _as_variant(raw: Any) -> Any:
    return {"user": raw} if isinstance(raw, str) else raw


def _check(scenario: Scenario, index: int, variant: Variant) -> None:
    """The variant turn must still be a valid turn (its script fits the contract and the expectation)."""
    turn = scenario.turns[index]
    if " ".join(variant.user.split()).casefold() == " ".join(turn.user.split()).casefold():
        raise ValueError("the same text as the turn itself")
    refs = {e.ref for e in scenario.calendar} | {e.ref for o in scenario.other_users for e in o.calendar}
    said = [variant.user] + [repr(step.model_dump()) for step in variant.script or []]
    for ref in {m for text in said for m in _PLACEHOLDER.findall(text)} - refs:
        raise ValueError(f"{{id:{ref}}} names no calendar event's ref")
    if variant.script is not None:
        if turn.expect.gate is not None:
            raise ValueError(f"script: a {turn.expect.gate!r} gate turn makes no model call; leave it out")
        fields = {"user": variant.user, "after": turn.after, "attach": turn.attach}
        Turn.model_validate({**fields, "expect": turn.expect, "script": variant.script})


def _load_file(path: Path, scenarios: dict[str, Scenario], problems: list[str]) -> VariantTable:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=ScenarioLoader)
    except yaml.YAMLError as exc:
        problems.append(f"{path}: not valid YAML: {exc}")
        return {}
    if not isinstance(data, dict) or set(data) != {"variants"} or not isinstance(data["variants"], dict):
        problems.append(f"{path}: the file must be a mapping with one key, 'variants', holding a mapping")
        return {}
    table: VariantTable = {}
    for sid, turns in data["variants"].items():
        scenario = scenarios.get(sid)
        if scenario is None or scenario.source is None or scenario.source.name != path.name:
            problems.append(f"{path}: {sid!r}: no scenario with this id in scenarios/{path.name}")
            continue
        if not isinstance(turns, dict):
            problems.append(f"{path}: {sid!r}: a mapping of turn index → list of variants")
            continue
        for index, raws in turns.items():
            where = f"{path}: {sid!r}: turn {index}"
            if not isinstance(index, int) or not 0 <= index < len(scenario.turns):
                problems.append(f"{where}: no such turn (the scenario has {len(scenario.turns)})")
                continue
            if not isinstance(raws, list) or not raws:
                problems.append(f"{where}: a non-empty list of variants")
                continue
            seen: set[str] = set()
            for n, raw in enumerate(raws, 1):
                try:
                    variant = Variant.model_validate(_as_variant(raw))
                    _check(scenario, index, variant)
                except ValidationError as exc:
                    problems.extend(f"{where}: variant {n}: {describe_error(err)}" for err in exc.errors())
                    continue
                except ValueError as exc:
                    problems.append(f"{where}: variant {n}: {exc}")
                    continue
                key = " ".join(variant.user.split()).casefold()
                if key in seen:
                    problems.append(f"{where}: variant {n}: the same text as an earlier variant")
                    continue
                seen.add(key)
                table.setdefault(sid, {}).setdefault(index, []).append(variant)
    return table


def load_variants(folder: str | Path = VARIANTS_DIR, scenarios: Iterable[Scenario] = ()) -> VariantTable:
    """The variants of ``scenarios``: every file of ``folder`` named like one of their scenario files.

    Raises ``ScenarioError`` listing every problem: an unknown scenario id or turn, a variant equal to the
    turn's text or to another variant, a script override that does not fit the contract or the turn."""
    by_id = {s.id: s for s in scenarios if s.variant == 0}
    names = {s.source.name for s in by_id.values() if s.source is not None}
    problems: list[str] = []
    table: VariantTable = {}
    root = Path(folder)
    for path in sorted(root.glob("*.yaml")) if root.is_dir() else []:
        if path.name in names:
            table.update(_load_file(path, by_id, problems))
    if problems:
        raise ScenarioError("\n".join(problems))
    return table


def replayable(turn: Turn, variant: Variant) -> bool:
    """The offline replay can play this variant: it brings its own script, or the turn's script does not
    quote the user (a gate turn with no model call, or a model that only answers in text)."""
    if variant.script is not None:
        return True
    return not any(isinstance(step, ToolStep) for step in turn.script)


def _variant_set(
    scenario: Scenario, variants: dict[int, list[Variant]], j: int, mode: Mode
) -> Scenario | None:
    turns, varied = list(scenario.turns), []
    for index, options in sorted(variants.items()):
        if len(options) < j:
            continue
        variant, turn = options[j - 1], scenario.turns[index]
        if mode == "offline" and not replayable(turn, variant):
            continue
        script = variant.script if variant.script is not None else turn.script
        turns[index] = turn.model_copy(update={"user": variant.user, "script": script})
        varied.append(index)
    if not varied:
        return None
    copy = scenario.model_copy(update={"id": f"{scenario.id}__v{j}", "turns": turns})
    copy._source, copy._base, copy._variant, copy._varied = scenario.source, scenario.id, j, tuple(varied)
    return copy


def expand(scenarios: Iterable[Scenario], table: VariantTable, *, mode: Mode = "live") -> list[Scenario]:
    """Each scenario followed by its variant sets (``<id>__v1``, ``<id>__v2``, …) for ``mode``."""
    out: list[Scenario] = []
    for scenario in scenarios:
        out.append(scenario)
        variants = table.get(scenario.id, {})
        for j in range(1, max(map(len, variants.values()), default=0) + 1):
            copy = _variant_set(scenario, variants, j, mode)
            if copy is not None:
                out.append(copy)
    return out


def variant_counts(scenarios: Iterable[Scenario], table: VariantTable) -> dict[str, list[int]]:
    """scenario id → the number of variants of each of its turns (for the "≥ 2 per turn" check)."""
    return {s.id: [len(table.get(s.id, {}).get(i, [])) for i in range(len(s.turns))] for s in scenarios}
