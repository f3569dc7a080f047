"""Paraphrase variants (evals/variants/): every scenario turn has at least two, and the loader checks and
expands them."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals import ScenarioError, TextStep, load_scenarios
from evals.variants import VARIANTS_DIR, expand, load_variants, replayable, variant_counts

SCENARIOS = load_scenarios()
TABLE = load_variants(VARIANTS_DIR, SCENARIOS)


def test_every_turn_of_every_scenario_has_at_least_two_variants() -> None:
    short = {sid: counts for sid, counts in variant_counts(SCENARIOS, TABLE).items() if min(counts) < 2}
    assert not short, f"scenario id → variants per turn (each needs ≥ 2, in evals/variants/): {short}"


def test_variant_files_mirror_the_scenario_files() -> None:
    scenario_files = {s.source.name for s in SCENARIOS if s.source is not None}
    variant_files = {p.name for p in VARIANTS_DIR.glob("*.yaml")}
    assert variant_files == scenario_files


def test_variants_keep_the_language_of_their_scenario() -> None:
    for scenario in SCENARIOS:
        for index, variants in TABLE.get(scenario.id, {}).items():
            for variant in variants:
                has_cjk = any("\u4e00" <= ch <= "\u9fff" for ch in variant.user)
                # a Chinese scenario's gate reply may be a bare "ok" or "2"; everything else is Chinese
                gate = scenario.turns[index].expect.gate is not None
                assert has_cjk == (scenario.lang == "zh") or (gate and variant.user.isascii()), (
                    scenario.id,
                    index,
                    variant.user,
                )


def test_live_expansion_has_one_set_per_variant_index() -> None:
    expanded = load_scenarios(variants="live")
    originals = [s for s in expanded if s.variant == 0]
    assert [s.id for s in originals] == [s.id for s in SCENARIOS]
    for scenario in SCENARIOS:
        sets = [s for s in expanded if s.base_id == scenario.id and s.variant]
        assert [s.variant for s in sets] == list(range(1, len(sets) + 1))
        assert len(sets) == max(len(v) for v in TABLE[scenario.id].values())
        for copy in sets:
            assert copy.id == f"{scenario.id}__v{copy.variant}" and copy.source == scenario.source
            for i in copy.varied_turns:
                assert copy.turns[i].user == TABLE[scenario.id][i][copy.variant - 1].user
                assert copy.turns[i].expect == scenario.turns[i].expect


def test_offline_expansion_plays_only_what_the_script_still_fits() -> None:
    for copy in load_scenarios(variants="offline"):
        if not copy.variant:
            continue
        original = next(s for s in SCENARIOS if s.id == copy.base_id)
        for i, turn in enumerate(copy.turns):
            if i in copy.varied_turns:
                variant = TABLE[copy.base_id][i][copy.variant - 1]
                assert replayable(original.turns[i], variant)
            else:
                assert turn == original.turns[i]


GOOD = """\
scenarios:
  - id: a_en_lunch
    lang: en
    now: 2025-03-05T09:00:00-05:00
    tz: America/New_York
    tags: [create]
    turns:
      - user: "lunch with Ana tomorrow at noon"
        expect: {decision: write}
        script:
          - tool_calls:
              - {name: create_event, arguments: {title: "Lunch with Ana", when: "tomorrow at noon"}}
      - user: "thanks"
        after: 1m
        expect: {decision: none}
        script:
          - text: "You're welcome!"
    final_calendar:
      - {title: "Lunch with Ana", start: 2025-03-06T12:00-05:00, end: 2025-03-06T13:00-05:00}
"""


def _folder(tmp_path: Path, variants: str) -> tuple[Path, Path]:
    scenarios, folder = tmp_path / "scenarios", tmp_path / "variants"
    scenarios.mkdir()
    folder.mkdir()
    (scenarios / "a_en.yaml").write_text(GOOD, encoding="utf-8")
    (folder / "a_en.yaml").write_text(variants, encoding="utf-8")
    return scenarios, folder


def test_a_variant_set_takes_each_turns_jth_variant(tmp_path: Path) -> None:
    scenarios, folder = _folder(
        tmp_path,
        'variants:\n  a_en_lunch:\n    0: ["ana lunch tmrw noon"]\n    1: ["thx", "cheers"]\n',
    )
    live = load_scenarios(scenarios, variants="live", variants_dir=folder)
    assert [(s.id, [t.user for t in s.turns]) for s in live] == [
        ("a_en_lunch", ["lunch with Ana tomorrow at noon", "thanks"]),
        ("a_en_lunch__v1", ["ana lunch tmrw noon", "thx"]),
        ("a_en_lunch__v2", ["lunch with Ana tomorrow at noon", "cheers"]),
    ]
    # offline, the create's script quotes the user's words: only the text-only turn's variants are played
    offline = load_scenarios(scenarios, variants="offline", variants_dir=folder)
    assert [(s.id, s.varied_turns) for s in offline] == [
        ("a_en_lunch", ()),
        ("a_en_lunch__v1", (1,)),
        ("a_en_lunch__v2", (1,)),
    ]
    assert isinstance(offline[1].turns[1].script[0], TextStep)


def test_a_variant_with_its_own_script_is_played_offline(tmp_path: Path) -> None:
    variants = """\
variants:
  a_en_lunch:
    0:
      - user: "noon tomorrow, lunch with Ana"
        script:
          - tool_calls: [{name: create_event, arguments: {title: "Lunch with Ana", when: "noon tomorrow"}}]
      - "lunch w ana"
    1: ["thank you", "ta"]
"""
    scenarios, folder = _folder(tmp_path, variants)
    offline = load_scenarios(scenarios, variants="offline", variants_dir=folder)
    assert [(s.id, s.varied_turns) for s in offline][1:] == [
        ("a_en_lunch__v1", (0, 1)),
        ("a_en_lunch__v2", (1,)),
    ]
    call = offline[1].turns[0].tool_calls[0]
    assert call.arguments["when"] == "noon tomorrow"


@pytest.mark.parametrize(
    ("variants", "error"),
    [
        ('variants:\n  nope:\n    0: ["x y z"]\n', r"'nope': no scenario with this id"),
        ('variants:\n  a_en_lunch:\n    5: ["x y z"]\n', r"turn 5: no such turn"),
        (
            'variants:\n  a_en_lunch:\n    1: ["Thanks"]\n',
            r"turn 1: variant 1: the same text as the turn itself",
        ),
        (
            'variants:\n  a_en_lunch:\n    1: ["thx", "THX"]\n',
            r"variant 2: the same text as an earlier variant",
        ),
        (
            "variants:\n  a_en_lunch:\n    0:\n      - user: lunch\n"
            "        script: [{tool_calls: [{name: drop_event, arguments: {}}]}]\n",
            r"turn 0: variant 1: .*unknown tool 'drop_event'",
        ),
        (
            "variants:\n  a_en_lunch:\n    0:\n      - user: lunch\n        script: [{text: hi}]\n",
            r"turn 0: variant 1: .*decision 'write' needs a write tool call",
        ),
        ("variants:\n  a_en_lunch:\n    0: ['see {id:gym}']\n", r"\{id:gym\} names no calendar event"),
        ("nothing: 1\n", r"a mapping with one key, 'variants'"),
    ],
)
def test_loader_errors_name_the_file_scenario_and_turn(tmp_path: Path, variants: str, error: str) -> None:
    scenarios, folder = _folder(tmp_path, variants)
    with pytest.raises(ScenarioError, match=error) as caught:
        load_scenarios(scenarios, variants="live", variants_dir=folder)
    assert "a_en.yaml" in str(caught.value)


def test_expand_without_variants_is_the_scenarios() -> None:
    assert expand(SCENARIOS[:3], {}, mode="live") == SCENARIOS[:3]
