"""The English words of the claim grammar (``agent.checks.claims_en`` composes them): write verbs in the forms that
report a finished action, the result states, and the words that scope a verb out of a claim.

Words only, no rules: a new phrasing of a claim should need a word here, never a new pattern.
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["create", "update", "delete", "any"]
"""``any``: a claim of no particular write ("Done ✅", "All set"): backed by a persisted write of any kind."""

# past tense / past participle → (kind, loose). A loose claim ("saved", "confirmed", "calendar updated") is
# backed by a persisted write of any kind: the verb names the result, not which write made it.
VERBS: dict[str, tuple[Kind, bool]] = {
    **dict.fromkeys(
        (
            "added",
            "created",
            "scheduled",
            "booked",
            "blocked",
            "arranged",
            "reserved",
            "inserted",
            "penciled",
            "pencilled",
            "slotted",
            "entered",
            "imported",
            "put",
            "made",
        ),
        ("create", False),
    ),
    **dict.fromkeys(
        ("saved", "noted", "logged", "recorded", "confirmed", "synced", "locked", "set"), ("create", True)
    ),
    **dict.fromkeys(
        (
            "moved",
            "rescheduled",
            "shifted",
            "pushed",
            "brought",
            "postponed",
            "delayed",
            "changed",
            "renamed",
            "adjusted",
            "modified",
            "edited",
            "updated",
            "extended",
            "shortened",
            "bumped",
            "relocated",
            "retitled",
        ),
        ("update", False),
    ),
    **dict.fromkeys(
        (
            "cancelled",
            "canceled",
            "deleted",
            "removed",
            "cleared",
            "dropped",
            "erased",
            "scrapped",
            "took",
            "taken",
            "called",
        ),
        ("delete", False),
    ),
    **dict.fromkeys(("done", "sorted", "handled"), ("any", True)),
}

# Verbs that are a write only with their particle within a few words: "put it on your calendar", "took the
# gym off", "brought it forward", "locked in", "called off", "made a note". ``taken care of`` is ``any``.
PARTICLES: dict[str, str] = {
    "put": r"\b(?:on|in|into|onto|down)\b",
    "took": r"\boff\b",
    "taken": r"\boff\b",
    "brought": r"\b(?:forward|up|back|earlier|ahead)\b",
    "locked": r"^\s*in\b",
    "called": r"\boff\b",
    "made": r"\b(?:note|booking|reservation|entry|event)\b",
    "handled": r"\b(?:it|that|this|them|everything)\b",
}

# "it is booked" reports a write for these; "it is scheduled/planned/blocked" may be a reading of the calendar.
STATIVE = frozenset(
    {
        "confirmed",
        "saved",
        "booked",
        "added",
        "created",
        "cancelled",
        "canceled",
        "deleted",
        "removed",
        "cleared",
        "moved",
        "rescheduled",
        "postponed",
        "updated",
        "changed",
        "renamed",
        "shifted",
        "locked",
        "penciled",
        "pencilled",
        "set",
        "noted",
        "logged",
        "done",
        "entered",
        "sorted",
        "synced",
        "recorded",
        "reserved",
        "dropped",
        "delayed",
        "pushed",
    }
)
# A stative verb with these adverbs is a change this turn made ("is now scheduled"); with "already" a fact.
CHANGE_ADVERBS = frozenset({"now", "just", "successfully", "officially", "all"})

ADVERBS = (
    r"just|now|also|already|successfully|officially|then|quickly|all|both|each|finally|actually|really|"
    r"went\s+ahead\s+and|gone\s+ahead\s+and|go\s+ahead\s+and|been"
)
"""Words between the subject or auxiliary and the verb that do not change what the clause reports."""

# After these a past participle is an adjective or a count ("Deleted events can be restored").
PLURAL_NOUNS = r"events|meetings|appointments|items|entries|sessions|changes|slots|times|calls|reminders"

# Clause openers that make what follows a question, an offer, or a condition.
QUESTION_OPENERS = (
    r"should|shall|would|could|can|do|does|did|have|has|had|is|are|was|were|will|want|what|when|which|who|"
    r"how|where|why|any|anything|may|might"
)
CONDITIONS = r"if|once|when|whenever|after|before|unless|until|as\s+soon\s+as|in\s+case|so\s+that|whether"
MODALS = r"will|'ll|would|'d|could|can|should|shall|may|might|must|to|going|gonna|want|wants|need|needs|let"
NEGATIONS = r"\b(?:not|never|no|nothing|none|neither|nor|cannot|unable|without|failed|nobody|nowhere)\b|n't\b"
# "No problem, …": an interjection, not a negation of what follows.
INTERJECTIONS = r"no\s+problem|no\s+worries|not\s+a\s+problem"

# Words that end a headline ("Meeting saved …"): an NP before the verb has none of these.
NOT_IN_HEADLINE = frozenset(
    {
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "me",
        "us",
        "have",
        "has",
        "had",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "should",
        "shall",
        "may",
        "might",
        "must",
        "to",
        "if",
        "when",
        "once",
        "that",
        "which",
        "who",
        "what",
        "where",
        "there",
        "here",
        "let",
        "please",
        "want",
        "need",
        "like",
        "not",
        "no",
        "nothing",
        "never",
        "it's",
        "that's",
        "there's",
        "here's",
        "what's",
        "you're",
        "i'm",
        "i've",
        "we've",
        "you've",
        "you'd",
        "i'll",
        "you'll",
        "how",
        "why",
        "any",
        "anything",
        "everything",
        "should've",
        "after",
        "before",
        "until",
        "unless",
    }
)

# Result states: (pattern, kind, loose). Matched on the normalized text; their clause is scoped like a verb's.
STATES: tuple[tuple[str, Kind, bool], ...] = (
    (
        r"\b(?:is|are|'s|'re|was|were)\s+(?:now\s+|all\s+|officially\s+)*(?:on|in|onto)\s+(?:your|the)\s+"
        r"(?:calendar|schedule|agenda)\b",
        "create",
        True,
    ),
    (r"\b(?:is|are|'s|'re)\s+(?:now\s+)?on\s+for\b", "create", True),
    (
        r"\b(?:is|are|'s|'re)\s+(?:now\s+)?off\s+(?:your|the)\s+(?:calendar|schedule|agenda)\b",
        "delete",
        False,
    ),
    (r"\b(?:have|'ve\s+got|got|put)\s+you\s+(?:down|in)\s+for\b", "create", True),
    (r"\ball\s+set\b|\bgood\s+to\s+go\b|\btaken\s+care\s+of\b|\btook\s+care\s+of\b", "any", True),
    (
        r"\b(?:is|are|'s|'re)\s+now\s+(?:at|on\s+(?!(?:your|the)\s)|from|in\s+(?!(?:your|the)\s)|\d|“|q\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
        r"tomorrow|today|tonight|noon|midnight|later|earlier|an?\s|half|called|titled|named|every)",
        "update",
        False,
    ),
    (r"\bnow\s+(?:starts|ends|begins|runs|repeats)\b", "update", False),
)

# Actions kairos has no tool for: reminding or alerting the user, reaching other people. Base forms, as they
# follow "I'll" / "I will" / "I'm going to" (``exit_check.promises_unkeepable``). "Set a reminder" is not
# here: a reminder can be an event ("Your flight reminder is saved"), a write the write promise covers.
UNKEEPABLE = (
    r"remind|alert|notify|ping|nudge|wake|buzz|text|message|e-?mail|phone|ring|inform|contact|page|"
    r"call(?!\s+(?:it|this|that|the\s+(?:event|meeting|entry|appointment))\b)|"
    r"tell|let\s+(?:[\w']+\s+){1,3}?know|"
    r"send\s+(?:[\w']+\s+){0,3}?(?:reminders?|notifications?|alerts?|messages?|texts?|e-?mails?|notes?|invites?|"
    r"invitations?|pings?|nudges?)|"
    r"give\s+(?:you|him|her|them|[\w']+)\s+a\s+(?:heads[-\s]up|nudge|call|ring|buzz|shout|reminder|ping)|"
    r"reach\s+out\s+to|check\s+in\s+with|follow\s+up\s+with|keep\s+(?:you|him|her|them)\s+posted|"
    r"get\s+in\s+touch\s+with|make\s+sure\s+(?:you|he|she|they)\s+(?:remember|don't\s+forget|know)"
)
# The same promise, said of what the user (or someone) will receive: "you'll get a reminder", "Bob will be
# notified".
UNKEEPABLE_RECEIVED = r"reminders?|notifications?|alerts?|messages?|texts?|e-?mails?|pings?|nudges?|heads[-\s]up|wake-?up\s+calls?"
UNKEEPABLE_PASSIVE = r"reminded|notified|alerted|informed|told|messaged|pinged|texted|emailed|called|woken"
# A condition on the user's own decision ("if you'd like", "once you confirm") makes a promise an offer; a
# condition on time or events ("when it's time", "if anything changes") does not.
USER_CONDITION = (
    r"\b(?:if|once|when|whenever|unless|after|should)\s+(?:you|u)\b|\bif\s+(?:needed|necessary|wanted|"
    r"that\s+works|you'd|you\s+like|so)\b|\bjust\s+say\b|\blet\s+me\s+know\b"
)

# A reply's claim that a time holds nothing ("There are no events scheduled for Friday", "your calendar is
# clear", "you don't have anything on"): checked against what the read found (``checks.read_facts``).
NOTHING_ON = (
    r"\b(?:no|not\s+any|zero)\s+(?:\w+\s+){0,2}(?:events?|meetings?|appointments?|plans|entries|commitments)\b"
    r"|\bnothing\s+(?:is\s+|else\s+)?(?:scheduled|planned|booked|on\b)"
    r"|\b(?:calendar|schedule|day|afternoon|morning|evening)\s+(?:is|looks)\s+(?:completely\s+|entirely\s+)?"
    r"(?:empty|clear|free|open)\b"
    r"|\b(?:do\s+not|don'?t|doesn'?t)\s+have\s+anything\b|\bentirely\s+free\b|\bcompletely\s+free\b"
)

# Pointers back to an event ("it", "that one", "the second"): a reference that is only these names an event
# in focus (``turn.focus``), and a message with one points at some event (``grounding.names_event``).
POINTER_WORDS = r"\b(?:it|that|this|them|those|these|one|ones|first|second|third|last|former|latter)\b"
POINTER_NOUNS = r"(?:one|meeting|event|appointment|call|thing|session|booking|reservation|entry)"
POINTER_REFERENCE = (
    rf"^(?:it|this|that|(?:this|that|the\s+same)\s+{POINTER_NOUNS}|"
    rf"the\s+(?:{POINTER_NOUNS})\s+(?:i|you|we)\s+just\s+(?:added|created|made|booked|moved|changed|mentioned)|"
    r"the\s+last\s+one|the\s+one\s+(?:i|you)\s+just\s+(?:added|created|made|booked|moved|changed))$"
)
