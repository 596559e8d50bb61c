"""A decision the user states (an approval, someone's sign-off or choice) steers like a rule:
the fit pins it, so the model still knows it after the cut (issue #14; red team 17's
"a supervisora Juliana aprovou o reembolso integral" left the view at 16k)."""

from __future__ import annotations

import re
from itertools import accumulate

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import intent
from contextledger.fit import fit
from contextledger.intent import is_decision, steering_requests

DECISIONS = [
    "Yes, go ahead with the refund.",
    "Approved, ship it.",
    "The PR was approved by Sam, merge it.",
    "Update from the DBA sync: Amara decided to keep the cluster read-only for 14 days.",
    "We decided to go with the token bucket.",
    "You have my approval for the Sunday cutover.",
    "Novidade: a supervisora Juliana aprovou o reembolso integral.",
    "O gerente autorizou a troca sem nota fiscal.",
    "La supervisora aprobó el reembolso completo.",
    "Le client a validé la maquette de la page d'accueil.",
    "Die Änderung am Schema ist freigegeben.",
    "Il responsabile ha approvato la migrazione di domenica.",
    "刚开完会，王工决定用令牌桶而不是滑动窗口。",
    "课长が承認しました、来週リリースします。",
    # review 13's held-out ones
    "Yes — let's do option B, pin apns2 to 0.7.2.",
    "We're going with Kafka over RabbitMQ for the event bus.",
    "Decision: keep the monolith until Q3.",
    "Oui, on part sur la migration samedi soir.",
    # and its second list
    "Sounds good, do it the second way.",
    "Let's stick with Terraform for now.",
    "The team agreed to freeze the API until January.",
    "Ship the hotfix tonight, I'm signing off on it.",
    "Vamos com a opção 2, é mais barata.",
    "Va bene, procedi con il rimborso.",
    "那就按方案二来，今天上线。",
    "じゃあ案Bでいきましょう。",
    "Nehmen wir Redis statt Memcached.",
    "OK pour la version 2, on déploie lundi.",
    # the languages retain44 found unread (Swahili, Arabic, Hebrew, Thai, Ukrainian) and more
    "Kamati imeamua kuongeza bei ya maji kuanzia Machi.",
    "Wazee wamekubaliana kujenga kisima kipya karibu na shule.",
    "قررت اللجنة تأجيل الاجتماع إلى الأحد.",
    "اتفق الفريق على استخدام قاعدة بيانات واحدة.",
    "הוועד אישר את התקציב החדש לחוג.",
    "בחרנו בספק השני בגלל המחיר.",
    "ที่ประชุมมีมติให้เลื่อนการเปิดตัวไปสัปดาห์หน้า",
    "Збори ухвалили новий статут кооперативу.",
    "Рада погодилася перенести зустріч на четвер.",
    "Rapat memutuskan kantor tutup hari Jumat.",
    "El comité acordó cerrar la tienda los lunes.",
]
# decisions too short to pin alone (they mean something only beside what they answer)
SHORT = ["Approved.", "B안으로 진행하세요", "Ja, Option B."]
NOT_DECISIONS = [
    "ok, go ahead",
    "Did Dana approve the cutover window?",
    "Has the DBA signed off on it",
    "remind me what we decided about the trip",
    "Once Dana approves it, merge the branch.",
    "Se o Paulo aprovar, pode seguir com o reembolso.",
    "¿Lo aprobó Ana?",
    "王工同意了吗？",
    "HTTP 401 Unauthorized from the billing API",
    "Please fix the flaky login test.",
    "I haven't decided yet.",
    "계속 진행해",
    "Should we stick with Terraform?",
    "What did the team agree to?",
    "هل قررتم موعد التسليم؟",
    "האם החלטתם כבר על הספק?",
    "ยังตัดสินใจไม่ได้เลย",
    "Je, mmeamua tarehe ya mkutano?",
    "Вже ухвалили бюджет?",
]


def test_decisions_are_told_from_questions_conditions_and_nudges() -> None:
    assert [t for t in DECISIONS + SHORT[:2] if not is_decision(t)] == []
    assert [t for t in NOT_DECISIONS if is_decision(t)] == []


def test_a_decision_steers_and_the_fit_pins_it_beside_the_goal() -> None:
    steering, _ = steering_requests([*SHORT, *DECISIONS, "ok, go ahead"])
    # a bare "Approved." says nothing without the question it answers: not pinned alone
    assert steering == list(range(len(SHORT), len(SHORT) + len(DECISIONS)))
    approval = "Novidade: a supervisora Juliana aprovou o reembolso integral."
    history: list[dict[str, object]] = [
        {"role": "user", "content": "Resolva a reclamação do pedido BR-77341 hoje."}
    ]
    for k in range(40):
        if k == 5:
            history.append({"role": "user", "content": approval})
        history.append({"role": "assistant", "content": f"Verificando o histórico {k}. " * 40})
        history.append({"role": "user", "content": "valeu"})
    history.append({"role": "user", "content": "Agora responda ao cliente."})
    kept = fit(history, "gpt-4o", window=4000, max_output_tokens=500).messages
    assert approval in [m.text for m in kept]


# every alternative of the pattern holds one of the hints the bulk pass looks for
PIECES = [
    "approved", "okayed", "ok'd", "greenlit", "green light", "authorized", "signed off",
    "sign-off", "decided", "chose", "opted for", "we approve", "i hereby accept", "you have our go-ahead",
    "we agree to", "approve it", "go ahead with", "you may proceed", "feel free to go ahead",
    "proceed with", "permission granted", "approval given", "you have my blessing",
    "ship it", "merge it", "let's go with", "we’ll go with", "aprovou", "autorizado",
    "sinal verde", "pode prosseguir", "decidiu", "aprobó", "apruebo", "luz verde",
    "adelante con", "puedes proceder", "approuvée", "j'approuve", "validé", "autorisé",
    "feu vert", "décidé", "genehmigt", "freigegeben", "grünes licht", "entschieden",
    "beschlossen", "approvato", "autorizzata", "via libera", "abbiamo deciso", "goedgekeurd",
    "besloten", "批准", "就这么办", "決めました", "승인", "we're going with", "decision:",
    "let's take plan", "on part sur", "b안으로 진행", "signing off", "agreed to",
    "stick with", "do it the second way", "go for option", "ok pour", "vamos com", "machen wir",
    "nehmen wir", "procedi con", "按方案", "でいきましょう",
    "погодилися", "ухвалив", "tumeamua", "alichagua", "memutuskan", "ditetapkan", "kami memilih",
    "قررنا", "اخترنا", "اتفقوا على", "وافق على", "החלטנו", "אישרה", "ตัดสินใจ", "มีมติ",
    "ตกลงกันว่า", "acordamos", "me quedo con",
]  # fmt: skip
FILL = ["", " ", "x", "the ", ", ", ".", "é", "日", "\n"]
HINT_BYTES = [h.encode() for h in intent._DECISION_HINTS]


@settings(max_examples=25)
@given(st.lists(st.tuples(st.sampled_from(FILL), st.sampled_from(PIECES)), max_size=4))
def test_every_match_holds_a_hint(parts: list[tuple[str, str]]) -> None:
    text = "".join(f + p for f, p in parts)
    for upper in (text, text.upper(), text.title()):
        lowered = upper.lower()
        for hit in intent._DECISION.finditer(lowered):
            assert any(h in hit.group() for h in intent._DECISION_HINTS), hit.group()


def test_the_hints_cover_every_piece() -> None:
    for piece in PIECES:
        assert intent._DECISION.search(piece), piece
        assert any(h in piece.lower() for h in intent._DECISION_HINTS), piece
    assert all(re.fullmatch(r"[^A-Z]+", h) for h in intent._DECISION_HINTS)  # lower-case


def test_a_lone_surrogate_in_a_request_is_read_not_a_crash() -> None:
    """Review 13 T3: the bulk pass encoded each short request to UTF-8, and a lone
    surrogate (valid JSON: "\\ud800") raised UnicodeEncodeError out of fit()."""
    texts = ["approved \ud800 go ahead with the refund", "ok", "Yes, go ahead with the refund."]
    assert steering_requests(texts) == ([0, 2], [])


# requests holding hints, decisions and neither, in several scripts, cut and cased any way
requests = st.lists(
    st.tuples(st.sampled_from(FILL), st.sampled_from(PIECES + DECISIONS + NOT_DECISIONS)),
    max_size=4,
).map(lambda parts: "".join(f + p for f, p in parts))


@settings(max_examples=40)
@given(st.lists(requests | st.text(max_size=30), max_size=12))
def test_the_hints_automaton_marks_the_texts_each_hint_is_found_in(batch: list[str]) -> None:
    """One RE2 pass over the texts for every hint (speed31) marks what a search for each
    hint marks, a lone surrogate's bytes and the texts' line breaks included."""
    lowered = [t.lower().encode("utf-8", "surrogatepass") for t in batch]
    joined = b"\n".join(lowered)
    stops = list(accumulate(len(e) + 1 for e in lowered))
    by_each = {j for j, text in enumerate(lowered) if any(h in text for h in HINT_BYTES)}
    assert intent._hinted(joined, stops) == by_each


@settings(max_examples=25)
@given(st.lists(requests, max_size=12))
def test_decisions_are_found_alike_without_re2(batch: list[str]) -> None:
    """With the hints' automaton and the decisions' screen, and without either (a fresh
    process searches its first hinted texts without the screen: ``_DECISION_SEARCH``)."""
    with pytest.MonkeyPatch.context() as patch:
        screen = intent._CompiledWhenItPays((intent._DECISION,), 0)
        patch.setattr(intent, "_DECISION_SEARCH", screen)
        with_re2 = intent._decisions(batch, [])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(intent, "_re2_decision_hints", lambda: None)
        patch.setattr(intent, "_prefilters_built", set())
        alone = intent._CompiledWhenItPays((intent._DECISION,), 1 << 60)
        patch.setattr(intent, "_DECISION_SEARCH", alone)
        assert intent._decisions(batch, []) == with_re2
    decided = [i for i, t in enumerate(batch) if is_decision(t)]
    assert set(with_re2) <= set(decided)  # (and said what about: substantive or a rule)


# an approval or decision said as not given (yet) is none: the fit pins it, the recap lists
# it (review44, recap41's "Noticed": "…承認されていません" was read as a decision)
NOT_GIVEN = (
    "Der Betriebsrat hat den Schichtplan noch nicht genehmigt.",
    "Le comité n'a pas encore validé le budget.",
    "El jefe no aprobó el cambio de proveedor.",
    "팀장님이 아직 배포를 승인하지 않았어요.",
    "部長はその予算をまだ承認していません。",
    "لم يوافق المدير على الميزانية بعد.",
    "Zarząd jeszcze nie zatwierdził nowego cennika.",
    "The CTO hasn't signed off on the migration plan yet.",
)


@pytest.mark.parametrize("said", NOT_GIVEN)
def test_an_approval_not_given_yet_is_no_decision(said: str) -> None:
    assert not intent.is_decision(said)


# ... while a decision with a "no" before its clause, or a "not" in what it decided, is one
GIVEN = (
    "No, we decided to keep the monolith for now.",
    "We decided not to migrate the billing tables this quarter.",
    "Der Betriebsrat hat den Schichtplan genehmigt.",
    "部長がその予算を承認しました。",
)


@pytest.mark.parametrize("said", GIVEN)
def test_a_decision_said_beside_a_denial_is_still_one(said: str) -> None:
    assert intent.is_decision(said)


def test_a_not_and_its_yet_apart_say_no_decision() -> None:
    assert not intent.is_decision("La richiesta CR-77 non è ancora stata approvata dal team.")
