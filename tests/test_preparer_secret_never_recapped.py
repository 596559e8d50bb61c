"""A secret the user says never to repeat is the user's own turn while the view keeps it, but
no recap a kept Preparer extends turn by turn copies its value (issue #14; lead116 masked
it in a one-shot recap)."""

from __future__ import annotations

from builders import chat_exchange
from contextledger.compaction.conversation import Conversation
from contextledger.compaction.summarizers import OfflineSummarizer
from contextledger.prepare import Preparer
from contextledger.providers import read_messages

SECRET = "Zander-5512-Quay"
SAID = [
    "Bitte prüfe die Exporte der Lagerdatenbank und fasse die Abweichungen zusammen.",
    f"Das Passwort für den Lagerserver ist {SECRET}, wiederhole es niemals.",
    "Wie viele Zeilen weichen im März ab?",
]


def _chat() -> list[dict[str, object]]:
    chat: list[dict[str, object]] = [{"role": "system", "content": "You are a data agent."}]
    for i in range(24):
        chat.append(
            {"role": "user", "content": SAID[i] if i < len(SAID) else f"Weiter mit Tabelle {i}."}
        )
        chat += chat_exchange(
            f"c{i}", "run_sql", {"query": f"SELECT * FROM t{i}"}, f"row {i} | 42 | ok\n" * 80
        )
        chat.append({"role": "assistant", "content": f"Tabelle {i}: 3 Abweichungen."})
    return chat


def test_no_recap_of_a_kept_preparer_copies_the_secret() -> None:
    chat = _chat()
    prep = Preparer("gpt-4o", window=6_000, max_output_tokens=1_000, compaction=True)
    app: list[dict[str, object]] = []
    recaps = 0
    for m in chat:
        app.append(m)
        if m["role"] != "user":
            continue
        sent = prep.prepare(app)
        said_again = [x for x in sent.messages if x.is_recap and SECRET in x.text]
        recaps += any(x.is_recap for x in sent.messages)
        assert said_again == []
    assert recaps  # (the recap was extended turn by turn: the path is exercised)


def test_a_recap_extending_another_shows_the_secret_by_its_name_only() -> None:
    """The recap that extends an earlier one (a kept Preparer's path) states the rule and
    shows the password by its name, as the first recap does."""
    said = list(read_messages(_chat()))
    first = Conversation.from_messages(said[:40]).compact(OfflineSummarizer(), force=True)
    extended = first.conversation.append(*said[40:80]).compact(OfflineSummarizer(), force=True)
    assert extended.event is not None and extended.event.extends == "recap-1"
    for recap in (first.conversation.events[0].recap_text, extended.event.recap_text):
        rule = [line for line in recap.splitlines() if "Passwort" in line]
        assert rule and SECRET not in recap
