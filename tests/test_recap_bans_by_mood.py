"""A ban or a standing preference said as an order, in a language whose rule patterns do not
read it, is filed under Constraints and corrections by its verb's mood (issue #14 item 3,
review48: "Peidiwch ag…", "Mos…", "Не…", "Ungathumeli…" stayed under "User also said"):
a prohibitive opening a clause or closing it, or "always"/"never" said of how to work. A
status said with a denial is no rule. (Sentences of our own; the held-out set's are others.)"""

from __future__ import annotations

import pytest

from builders import offline_recap, recap_section, said_after_a_task

C = "Constraints and corrections"


@pytest.mark.parametrize(
    "said",
    [
        "Peidiwch â dileu'r ffeiliau log yn y ffolder archif.",  # cy
        "Paid ag ailgychwyn y gweinydd cyn hanner nos.",  # cy, familiar
        "Mos e fshi tabelën e klientëve pa më pyetur.",  # sq
        "Не ги бриши старите фактури од архивата.",  # mk
        "Не пращай отчета на клиента преди петък.",  # bg
        "Ez ezabatu bezeroen taula nire baimenik gabe.",  # eu
        "Ungasusi amafayela endala kwifolda ye-archive.",  # zu
        "Usifute faili za zamani kwenye folda ya kumbukumbu.",  # sw
        "Хуучин нэхэмжлэхүүдийг архиваас бүү устга.",  # mn
        "જૂના ઇન્વૉઇસ આર્કાઇવમાંથી કાઢી નાખશો નહીં.",  # gu
        "पुराना बिलहरू संग्रहबाट नमेटाउनुहोस्।",  # ne
        "పాత ఇన్వాయిస్‌లను ఆర్కైవ్ నుండి తొలగించవద్దు.",  # te
        "පරණ ඉන්වොයිස් ලේඛනාගාරයෙන් මකන්න එපා.",  # si
        "Ескі шоттарды мұрағаттан өшірмеңіз.",  # kk
        "Köhnə hesabları arxivdən heç vaxt silmə.",  # az
        "Gjithmonë shkruaj datat në formatin ISO.",  # sq, always
        "Секогаш пиши ги датумите во ISO формат.",  # mk, always
        "Ysgrifennwch y dyddiadau yn fformat ISO bob amser.",  # cy, always
        "Idatzi beti datak ISO formatuan.",  # eu, always
    ],
)
def test_a_ban_or_preference_said_by_mood_is_a_constraint(said: str) -> None:
    assert said.rstrip(".।") in said_after_a_task(said, C)


@pytest.mark.parametrize(
    "said",
    [
        "Ez dakit zergatik huts egin duen inportazioak.",  # eu: I don't know why
        "Ungathumela umbiko kusasa ekuseni.",  # zu: you may send (no ban)
        "Ez igazi hiba volt a naplóban.",  # hu "ez": this
        "Musa will join the call after lunch today.",  # a name, not "musa uku-"
        "Bu yeni bir uygulama sürümü.",  # tr: a noun ending in -ma
    ],
)
def test_a_status_with_a_denial_or_a_lookalike_is_no_constraint(said: str) -> None:
    assert said.rstrip(".") not in said_after_a_task(said, C)


@pytest.mark.parametrize(
    "said",
    [
        "Pastaj, të lutem, përditëso skedarin README me opsionet e reja.",  # sq
        "Потоа, ве молам, додај тест за празна е-пошта.",  # mk
        "Wedyn, ychwanegwch brawf ar gyfer e-bost gwag, os gwelwch yn dda.",  # cy
        "Gero, mesedez, gehitu proba bat posta huts baterako.",  # eu
        "Ngemuva kwalokho, sicela ungeze ukuhlolwa kwe-imeyili engenalutho.",  # zu
        "ત્યાર પછી, કૃપા કરીને README ફાઇલમાં નવા વિકલ્પો ઉમેરો.",  # gu
    ],
)
def test_a_request_said_with_please_or_afterwards_is_open(said: str) -> None:
    section = recap_section(
        offline_recap(
            ("user", "Set up the nightly export job, with a cache for its lookups."),
            ("assistant", "Ok."),
            ("user", said),
        ),
        "Open requests",
    )
    assert said.rstrip(".") in section


def _ban_lift_and(ban: str, lift: str, *later: str) -> tuple[str, str]:
    said = [("user", ban), ("assistant", "Understood."), ("user", lift), ("assistant", "Sending.")]
    for x in later:
        said += [("user", x), ("assistant", "Understood.")]
    recap = offline_recap(
        ("user", "Prepare the weekly invoice batch."), ("assistant", "Ok."), *said
    )
    return recap_section(recap, C), recap_section(recap, "User also said")


LIFTED = [
    (
        "Не ги испраќај фактурите до клиентите без моја потврда.",
        "Отсега можеш да ги испраќаш фактурите до клиентите.",
        "Сепак, не ги испраќај фактурите до клиентите без моја потврда.",
    ),
    (
        "Mos i dërgo faturat klientëve pa miratimin tim.",
        "Tani mund t'i dërgosh faturat klientëve.",
        "Prapë, mos i dërgo faturat klientëve pa miratimin tim.",
    ),
    (
        "ગ્રાહકોને ઇન્વૉઇસ મારી મંજૂરી વગર મોકલશો નહીં.",
        "હવે તમે ગ્રાહકોને ઇન્વૉઇસ મોકલી શકો છો.",
        "ફરીથી, ગ્રાહકોને ઇન્વૉઇસ મારી મંજૂરી વગર મોકલશો નહીં.",
    ),
    (
        "Peidiwch ag anfon yr anfonebau at y cwsmeriaid heb fy nghaniatâd.",
        "Cewch anfon yr anfonebau at y cwsmeriaid nawr.",
        "Eto, peidiwch ag anfon yr anfonebau at y cwsmeriaid heb fy nghaniatâd.",
    ),
]


@pytest.mark.parametrize(("ban", "lift", "again"), LIFTED)
def test_a_ban_lifted_then_reimposed_shows_only_its_latest_state(
    ban: str, lift: str, again: str
) -> None:
    rules, aside = _ban_lift_and(ban, lift, again)
    assert again.rstrip(".") in rules
    assert lift.rstrip(".") not in rules + aside  # (the leave no longer holds)


@pytest.mark.parametrize(("ban", "lift", "again"), LIFTED)
def test_a_lift_standing_is_listed_beside_its_ban(ban: str, lift: str, again: str) -> None:
    rules, _ = _ban_lift_and(ban, lift)
    assert lift.rstrip(".") in rules and ban.rstrip(".") in rules
    assert rules.index(ban.rstrip(".")) < rules.index(lift.rstrip("."))


def test_a_permission_beside_no_rule_it_lifts_is_no_constraint() -> None:
    said = "Можеш да ги најдеш логовите во папката /tmp/export."
    assert said.rstrip(".") not in said_after_a_task(said, C)


def test_the_goal_is_the_request_whole_not_its_greeting_and_a_cut_request() -> None:
    """A greeting and "I attached …" before a long request in a script of 3 bytes a letter:
    the Goal is the request whole, not the preamble and the request cut mid-sentence
    (review47, a Tamil request)."""
    request = (
        "దయచేసి జతచేసిన అమ్మకాల ఫైల్ నుండి మూడవ త్రైమాసికంలో ఉత్తర ప్రాంత ఆదాయం ఎందుకు "
        "తగ్గిందో కనుగొని, ప్రతి నెలకు ఒక చిన్న సారాంశం రాయండి."
    )
    first = f"నమస్కారం! ఫైల్‌ను మరియు ఒక స్క్రీన్‌షాట్‌ను జత చేశాను. {request}"
    goal = recap_section(offline_recap(("user", first), ("assistant", "Ok.")), "Goal")
    assert request.rstrip(".") in goal and "…" not in goal
