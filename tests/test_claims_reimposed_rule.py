"""A rule the user changed and then said again: quoting the change as a constraint is stale
("User: From now on you may deploy without asking." when a later turn says "I take that
back: again, don't deploy anything until I say so") — in any language, read from the turns'
words. The rule said again, and a change no later turn undid, stand."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Ship the billing fixes."

# (the ban, its lift, the ban said again)
RULES = [
    (
        "Don't deploy anything to production until I approve it.",
        "From now on you may deploy to production without waiting for my approval.",
        "I take that back: again, don't deploy anything to production until I approve it.",
    ),
    (
        "Deploye nichts in die Produktion, bevor ich es freigebe.",
        "Ab jetzt darfst du ohne meine Freigabe in die Produktion deployen.",
        "Ich nehme das zurück: deploye wieder nichts in die Produktion, bevor ich es freigebe.",
    ),
    (
        "No despliegues nada en producción hasta que yo lo apruebe.",
        "A partir de ahora puedes desplegar en producción sin esperar mi aprobación.",
        "Lo retiro: otra vez, no despliegues nada en producción hasta que yo lo apruebe.",
    ),
    (
        "Ничего не выкатывай в продакшен, пока я не одобрю.",
        "Теперь можешь выкатывать в продакшен без моего одобрения.",
        "Беру свои слова назад: снова ничего не выкатывай в продакшен, пока я не одобрю.",
    ),
    (
        "Ben onaylayana kadar üretime hiçbir şey dağıtma.",
        "Bundan sonra onayımı beklemeden üretime dağıtabilirsin.",
        "Bunu geri alıyorum: yine, ben onaylayana kadar üretime hiçbir şey dağıtma.",
    ),
    (
        "जब तक मैं मंज़ूरी न दूँ, प्रोडक्शन में कुछ भी डिप्लॉय मत करना।",
        "अब से तुम मेरी मंज़ूरी का इंतज़ार किए बिना प्रोडक्शन में डिप्लॉय कर सकते हो।",
        "मैं वह वापस लेता हूँ: फिर से, जब तक मैं मंज़ूरी न दूँ, प्रोडक्शन में कुछ भी डिप्लॉय मत करना।",
    ),
]


def _record(*said: str) -> list[Message]:
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    for text in said:
        turns += [{"role": "user", "content": text}, {"role": "assistant", "content": "OK."}]
    return list(read_messages(turns))


def _stands(line: str, record: list[Message]) -> bool:
    recap = f"Goal: {GOAL}\nConstraints and corrections:\n- {line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


@pytest.mark.parametrize(("ban", "lift", "again"), RULES)
def test_a_lift_the_user_took_back_is_stale(ban: str, lift: str, again: str) -> None:
    record = _record(ban, lift, again)
    assert not _stands(f"User: {lift}", record)
    assert _stands(f"User: {again}", record)


@pytest.mark.parametrize(("ban", "lift", "again"), RULES)
def test_a_lift_no_later_turn_undid_stands(ban: str, lift: str, again: str) -> None:
    assert _stands(f"User: {lift}", _record(ban, lift))
    assert _stands(f"User: {ban}", _record(ban, lift))
