"""The eval scenario files: they load, and they are internally consistent.

These tests check the files, not the agent: every scripted tool call fits the contract, every expected
datetime is aware and carries the right offset, every gate turn makes no model call, and the set as a
whole covers every category of the evals issue in both languages.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

import evals
from evals import (
    CATEGORIES,
    PICK_TOOLS,
    READ_TOOLS,
    SCENARIOS_DIR,
    Scenario,
    ScenarioError,
    TextStep,
    ToolStep,
    load_scenarios,
    normalize_rrule,
    validate_call,
)

SCENARIOS = load_scenarios()
FILES = sorted(SCENARIOS_DIR.glob("*.yaml"))
THEME_CATEGORY = {  # file theme → category tag, where they differ
    "past_statements": "past_statement",
    "deletes": "delete",
    "multi_request": "multi_intent",
    "greeting_writes": "greeting_write",
}
CONFIRM_WINDOW = timedelta(minutes=5)
STALE_AFTER = timedelta(minutes=10)


def by_id(scenario: Scenario) -> str:
    return scenario.id


def _with(tag: str) -> list[Scenario]:
    return [s for s in SCENARIOS if tag in s.tags]


# --- the set as a whole -----------------------------------------------------------------------------------


def test_public_surface() -> None:
    assert len(set(evals.__all__)) == len(evals.__all__)
    assert "load_scenarios" in evals.__all__
    for name in evals.__all__:
        assert hasattr(evals, name), name


def test_at_least_120_scenarios_with_unique_ids() -> None:
    ids = [s.id for s in SCENARIOS]
    assert len(ids) >= 120
    assert len(set(ids)) == len(ids)


def test_languages_are_balanced() -> None:
    counts = Counter(s.lang for s in SCENARIOS)
    for lang in ("en", "zh"):
        assert counts[lang] / len(SCENARIOS) >= 0.4, counts


@pytest.mark.parametrize("category", sorted(CATEGORIES))
def test_every_category_is_covered_in_both_languages(category: str) -> None:
    langs = Counter(s.lang for s in SCENARIOS if category in s.tags)
    assert langs["en"] >= 3 and langs["zh"] >= 3, (category, langs)


def test_some_traditional_chinese_and_dst_and_month_end() -> None:
    assert len(_with("traditional")) >= 3
    zones = {s.tz for s in _with("dst")}
    assert {"America/New_York", "Europe/London"} <= zones
    assert len(_with("month_end")) >= 3


def test_tags_are_known_and_gate_tags_match_gate_turns() -> None:
    extra = {
        "dst", "month_end", "all_day", "traditional", "past_time", "stale_confirmation", "gate_confirm",
        "gate_slot", "gate_command", "gate_attachment", "gate_expired", "undo", "not_found", "archive", "part_of_day_from_context",
        "cancel",
    }  # fmt: skip
    for scenario in SCENARIOS:
        unknown = set(scenario.tags) - CATEGORIES - extra
        assert not unknown, (scenario.id, unknown, "add new tags to evals/README.md and here")
        gates = {f"gate_{t.expect.gate}" for t in scenario.turns if t.expect.gate}
        assert gates == {t for t in scenario.tags if t.startswith("gate_")}, scenario.id


def test_each_file_is_one_theme_in_one_language() -> None:
    for file in FILES:
        match = re.fullmatch(r"([a-z_]+)_(en|zh)\.yaml", file.name)
        assert match, f"{file.name}: name files <theme>_<en|zh>.yaml"
        theme, lang = match.groups()
        category = THEME_CATEGORY.get(theme, theme)
        assert category in CATEGORIES, file.name
        in_file = [s for s in SCENARIOS if s.source == file]
        assert in_file, file.name
        for scenario in in_file:
            assert scenario.lang == lang, (file.name, scenario.id)
            assert category in scenario.tags, (file.name, scenario.id)


# --- each scenario -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS, ids=by_id)
def test_times_are_aware_and_consistent(scenario: Scenario) -> None:
    assert scenario.now.tzinfo is not None
    assert scenario.now.utcoffset() == scenario.now.astimezone(scenario.zone).utcoffset()
    times = scenario.turn_times()
    assert times[0] == scenario.now
    assert times == sorted(times)
    for event in scenario.expected_calendar() + scenario.initial_calendar():
        assert event.start < event.end, event
        if event.all_day:
            assert type(event.start) is date and type(event.end) is date
        else:
            assert isinstance(event.start, datetime) and event.start.tzinfo is not None
            assert isinstance(event.end, datetime) and event.end.tzinfo is not None


@pytest.mark.parametrize("scenario", SCENARIOS, ids=by_id)
def test_scripts_fit_the_contract(scenario: Scenario) -> None:
    for turn in scenario.turns:
        for call in turn.tool_calls:
            validate_call(call.name, call.arguments)
            refs = re.findall(r"\{id:([a-z0-9_]+)\}", repr(call.arguments))
            names = scenario.render(repr(call.arguments), dict.fromkeys(refs, "42")).lower()
            for other in scenario.other_users:
                assert other.user.lower() not in names, (scenario.id, call)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=by_id)
def test_model_turns_have_scripts_and_gate_turns_have_none(scenario: Scenario) -> None:
    for i, turn in enumerate(scenario.turns):
        if turn.expect.gate is not None:
            assert turn.script == [], (scenario.id, i)
            if turn.expect.gate != "attachment":  # code answers a file by its type, with nothing pending
                assert i > 0, f"{scenario.id}: a gate needs something pending from an earlier turn"
        else:
            assert turn.script, (scenario.id, i)
            assert isinstance(turn.script[-1], TextStep) or all(
                c.is_write or c.is_pick or c.is_amend for c in turn.script[-1].tool_calls
            )


@pytest.mark.parametrize("scenario", _with("attachment"), ids=by_id)
def test_attachment_turns_send_an_existing_file_and_pick_from_it(scenario: Scenario) -> None:
    attached = [t for t in scenario.turns if t.attach is not None]
    assert attached, f"{scenario.id}: an attachment scenario attaches a file"
    for turn in scenario.turns:
        picks = [c for c in turn.tool_calls if c.name in PICK_TOOLS]
        assert not picks or turn.attach is not None, scenario.id
        if turn.attach is not None:
            name, data = turn.attachment or ("", b"")
            calendar = data.lstrip().startswith(b"BEGIN:VCALENDAR")
            assert data and (calendar or turn.expect.gate == "attachment"), scenario.id
            assert not calendar or name.endswith(".ics"), scenario.id


@pytest.mark.parametrize("scenario", SCENARIOS, ids=by_id)
def test_gates_follow_a_pending_question_in_time(scenario: Scenario) -> None:
    times = scenario.turn_times()
    for i, turn in enumerate(scenario.turns):
        if turn.expect.gate in ("confirm", "slot"):
            previous = scenario.turns[i - 1]
            # a delete asks first even beside a write of the same message that runs at once
            asked_beside_a_write = previous.expect.decision == "write" and any(
                c.name == "delete_event" for c in previous.tool_calls
            )
            assert previous.expect.decision == "ask" or asked_beside_a_write, (scenario.id, i)
        if turn.expect.gate == "confirm":
            assert times[i] - times[i - 1] <= CONFIRM_WINDOW, (scenario.id, i)


@pytest.mark.parametrize("scenario", _with("stale_confirmation"), ids=by_id)
def test_stale_confirmations_are_asked_again(scenario: Scenario) -> None:
    times = scenario.turn_times()
    stale = [
        i
        for i, t in enumerate(scenario.turns)
        if i > 0 and times[i] - times[i - 1] >= STALE_AFTER and scenario.turns[i - 1].expect.decision == "ask"
    ]
    assert stale, scenario.id
    for i in stale:
        turn = scenario.turns[i]
        assert turn.expect.gate == "expired" and turn.expect.decision == "ask", (scenario.id, i)
        assert turn.expect.must_not_write and turn.expect.must_not_claim_write


@pytest.mark.parametrize("scenario", SCENARIOS, ids=by_id)
def test_writes_change_the_calendar_and_other_turns_do_not(scenario: Scenario) -> None:
    writes = [t for t in scenario.turns if t.expect.decision == "write"]
    initial = sorted(e.key() for e in scenario.initial_calendar())
    final = sorted(e.key() for e in scenario.expected_calendar())
    if not writes:
        assert final == initial, scenario.id
    for turn in scenario.turns:
        if turn.expect.decision != "write":
            assert turn.expect.must_not_write and turn.expect.must_not_claim_write, scenario.id


@pytest.mark.parametrize(
    "scenario", _with("past_statement") + _with("chitchat") + _with("refusal"), ids=by_id
)
def test_talk_turns_call_no_tool(scenario: Scenario) -> None:
    for turn in scenario.turns:
        if turn.expect.decision == "none" and not ({"not_found", "cancel"} & set(scenario.tags)):
            assert all(isinstance(step, TextStep) for step in turn.script), scenario.id


@pytest.mark.parametrize("scenario", _with("ambiguous_time") + _with("choice"), ids=by_id)
def test_clarifications_offer_at_most_three_options(scenario: Scenario) -> None:
    first = scenario.turns[0]
    assert first.expect.decision == "ask"
    assert first.expect.options_count is not None and 2 <= first.expect.options_count <= 3


@pytest.mark.parametrize("scenario", _with("other_user"), ids=by_id)
def test_other_users_stay_invisible(scenario: Scenario) -> None:
    assert scenario.other_users, scenario.id
    their_titles = {e.title for other in scenario.other_users for e in other.calendar}
    for turn in scenario.turns:
        assert turn.expect.decision != "write", scenario.id
        assert their_titles <= set(turn.expect.reply_not_contains), scenario.id
        for step in turn.script:
            if isinstance(step, TextStep):
                assert not any(title in step.text for title in their_titles), scenario.id


@pytest.mark.parametrize("scenario", _with("injection"), ids=by_id)
def test_injected_text_causes_no_unrequested_write(scenario: Scenario) -> None:
    injected = [
        e for e in scenario.calendar if e.notes or "instruction" in e.title.lower() or "指令" in e.title
    ]
    assert scenario.calendar, scenario.id
    writes = [c for t in scenario.turns for c in t.tool_calls if c.is_write]
    assert len(writes) <= 1, scenario.id
    assert not any(c.name == "delete_event" for c in writes), scenario.id
    assert injected or any("助手" in e.title or "assistant" in e.title.lower() for e in scenario.calendar)


@pytest.mark.parametrize("scenario", [s for s in _with("query") if "multi_intent" not in s.tags], ids=by_id)
def test_queries_read_and_never_write(scenario: Scenario) -> None:
    turn = scenario.turns[0]
    assert turn.expect.decision == "read"
    assert isinstance(turn.script[0], ToolStep)
    assert all(c.name in READ_TOOLS for c in turn.script[0].tool_calls)


# --- the loader ---------------------------------------------------------------------------------------------

GOOD = """\
scenarios:
  - id: {id}
    lang: en
    now: 2025-03-05T09:00:00-05:00
    tz: America/New_York
    tags: [create]
    calendar:
      - {{title: "Gym", start: 2025-03-06T18:00, end: 2025-03-06T19:00, ref: gym}}
    turns:
      - user: {user}
        expect: {{decision: write}}
        script:
          - tool_calls:
              - {{name: delete_event, arguments: {{event: "{{id:gym}}"}}}}
    final_calendar: []
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loader_reads_a_good_file_and_keeps_yes_and_times_as_text(tmp_path: Path) -> None:
    (scenario,) = load_scenarios(_write(tmp_path, "a_en.yaml", GOOD.format(id="a", user="yes")))
    assert scenario.turns[0].user == "yes"
    assert scenario.render(scenario.turns[0].tool_calls[0].arguments["event"], {"gym": "42"}) == "42"
    (scenario,) = load_scenarios(_write(tmp_path, "a_en.yaml", GOOD.format(id="a", user="7:30")))
    assert scenario.turns[0].user == "7:30"


def test_loader_rejects_duplicate_ids_across_files(tmp_path: Path) -> None:
    _write(tmp_path, "a_en.yaml", GOOD.format(id="same", user="x"))
    _write(tmp_path, "b_en.yaml", GOOD.format(id="same", user="x"))
    with pytest.raises(ScenarioError, match=r"b_en\.yaml: scenario 'same': id: duplicate"):
        load_scenarios(tmp_path)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ("09:00:00-05:00", "09:00:00-04:00", r"scenario 'bad': now: .*wrong offset"),
        ("09:00:00-05:00", "09:00:00", r"scenario 'bad': now: .*aware"),
        ("T18:00,", "T18:00-05:00,", r"calendar\[0\]\.start: .*wall-clock"),
        (
            "2025-03-06T18:00, end: 2025-03-06T19:00",
            "2025-03-09T02:30, end: 2025-03-09T03:30",
            r"calendar\[0\]: .*does not exist",
        ),
        (
            "delete_event",
            "drop_event",
            r"turns\[0\]\.script\[0\]\.tool_calls\[0\]: unknown tool 'drop_event'",
        ),
        ('event: "{id:gym}"', 'event: "x", user_id: "bob"', r"tool_calls\[0\]: delete_event: user_id"),
        ('"{id:gym}"', '"{id:nope}"', r"turns\[0\]: \{id:nope\} names no"),
        ("decision: write", "decision: writ", r"turns\[0\]\.expect\.decision"),
        ("decision: write}", "decision: read, must_not_write: false}", r"expect: must_not_write"),
        ("decision: write}", "decision: write, gate: confirm}", r"turns\[0\]: script: a turn answered"),
        ("final_calendar: []\n", "", r"final_calendar: required"),
        (
            'write}\n        script:\n          - tool_calls:\n              - {name: delete_event, arguments: {event: "{id:gym}"}}\n',
            "write, gate: confirm}\n        script: []\n",
            r"turns\[0\]\.expect\.gate: nothing is pending",
        ),
        ("tags: [create]", "tags: [creative]", r"tags: .*no category"),
        ("lang: en", "lang: en\n    lang: zh", r"duplicate key 'lang'"),
    ],
)
def test_loader_errors_name_file_scenario_and_field(tmp_path: Path, old: str, new: str, error: str) -> None:
    text = GOOD.format(id="bad", user="x")
    assert old in text
    path = _write(tmp_path, "bad_en.yaml", text.replace(old, new, 1))
    with pytest.raises(ScenarioError, match=error) as caught:
        load_scenarios(path)
    assert "bad_en.yaml" in str(caught.value)


def test_normalize_rrule_ignores_part_order_and_case() -> None:
    assert normalize_rrule("FREQ=WEEKLY;BYDAY=MO") == normalize_rrule("byday=MO;freq=weekly")
    assert normalize_rrule(None) is None


def test_normalize_rrule_writes_out_what_dtstart_implies() -> None:
    first = date(2025, 2, 1)  # a Saturday
    monthly = normalize_rrule("FREQ=MONTHLY", first)
    assert monthly == normalize_rrule("BYMONTHDAY=1;FREQ=MONTHLY", first) == "BYMONTHDAY=1;FREQ=MONTHLY"
    assert normalize_rrule("FREQ=WEEKLY;INTERVAL=1", first) == "BYDAY=SA;FREQ=WEEKLY"
    assert normalize_rrule("FREQ=YEARLY", first) == "BYMONTH=2;BYMONTHDAY=1;FREQ=YEARLY"
    assert normalize_rrule("FREQ=MONTHLY;BYDAY=1SA", first) == "BYDAY=1SA;FREQ=MONTHLY"  # said, not implied
    assert normalize_rrule("FREQ=MONTHLY", first) != normalize_rrule("BYMONTHDAY=2;FREQ=MONTHLY", first)
