"""Every claim phrasing of the claim corpus (``evals/claims``), sent through a real turn in which nothing was
written: the scripted model answers a calendar request with that text and calls no tool. Each reply must be
replaced by the honest one, recorded, and the stored transcript must hold only the honest reply."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from agent import detect_claims
from agent.model import call, reply
from tests.agent.fixtures import *  # noqa: F403  (fixtures)
from tests.agent.fixtures import NY, Kit

CORPUS = Path(__file__).resolve().parents[2] / "evals" / "claims"
ASK = {"en": "Tomorrow 4pm, coffee with Wang Wu", "zh": "明天下午四点和王五喝咖啡"}
HONEST = {"en": "nothing was created, changed or deleted", "zh": "没有创建、修改或删除任何日程"}


def _claims(lang: str) -> list[str]:
    rows = []
    for name in ("corpus.jsonl", "heldout.jsonl"):
        for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["class"] == "claim" and row["lang"] == lang:
                rows.append(row["text"])
    return rows


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_every_claim_phrasing_without_a_write_is_replaced(kit: Kit, lang: str) -> None:
    texts = _claims(lang)
    assert len(texts) >= 150
    for i, text in enumerate(texts):
        conversation = f"claim-{i}"
        model = kit.script(reply(text))
        r = await kit.assistant.reply(kit.user_id, ASK[lang], conversation_id=conversation)
        assert model.call_count == 1 and r.writes == (), text
        assert r.replaced and r.exit_check == "unverified_write_claim", text
        assert text not in r.text and HONEST[lang] in r.text, text
        assert detect_claims(r.text) == frozenset(), r.text
        messages = await kit.db.conversations(kit.user_id).recent_messages(conversation)
        assert [m.text for m in messages] == [ASK[lang], r.text], text
    assert await kit.events() == []
    records = await kit.db.turn_log(kit.user_id).records(kind="unverified_write_claim", limit=1000)
    assert len(records) == len(texts) and all(rec.payload["claimed"] for rec in records)


@pytest.mark.parametrize(
    ("lang", "claim"),
    [
        ("en", "Tomorrow you have Dentist at 3pm. I've also added your meeting with Zhang San at 3pm."),
        ("zh", "你明天下午三点有牙医预约。另外已帮你添加了和张三的会议。"),
    ],
)
async def test_a_claim_after_a_read_is_replaced(kit: Kit, lang: str, claim: str) -> None:
    await kit.seed("Dentist", datetime(2025, 3, 6, 15, tzinfo=NY))
    model = kit.script(call("list_events", {"range": "tomorrow"}), reply(claim))
    r = await kit.assistant.reply(kit.user_id, ASK[lang])
    assert model.call_count == 2 and r.writes == ()
    assert r.replaced and r.exit_check == "unverified_write_claim" and claim not in r.text
    assert HONEST[lang] in r.text
    (record,) = await kit.records("unverified_write_claim")
    assert record.payload["claimed"] == ["create"]
    assert [e.title for e in await kit.events()] == ["Dentist"]
    messages = await kit.db.conversations(kit.user_id).recent_messages("default")
    assert [m.text for m in messages] == [ASK[lang], r.text]


async def test_done_with_no_write_at_all_is_replaced(kit: Kit) -> None:
    kit.script(reply("Done ✅"))
    r = await kit.assistant.reply(kit.user_id, "cancel the gym tomorrow")
    assert r.replaced and r.exit_check == "unverified_write_claim"
    (record,) = await kit.records("unverified_write_claim")
    assert record.payload["claimed"] == ["any"]
