"""What a user turn asks once is a request, not a standing rule (red team R16-R2), a rule
behind a condition needs a real order after it, and a value the user owns as wrong ("Y —
the X I wrote was wrong", "I meant Y, not X") is a correction, in the languages read."""

from __future__ import annotations

import pytest

from contextledger.intent import is_constraint, is_correction, steering_requests

OWNED_AS_WRONG = [
    "Use 8443 — the 8080 I gave you was incorrect.",
    "What I said before was not right: the bucket is logs-eu.",
    "Disregard the 8080 I wrote, it is 8443.",
    "8443 — el 8080 que te pasé estaba mal.",
    "8443 — o 8080 que te passei estava errado.",
    "8443 — le 8080 que j'ai donné était faux.",
    "8443 — il 8080 che ti ho dato era sbagliato.",
    "8443 — die 8080, die ich dir gesagt habe, war falsch.",
    "8443 — de 8080 die ik noemde was verkeerd.",
    "8443 — 8080 som jag angav var felaktig.",
    "8443 — 8080 som jeg oppga var feil.",
    "8443 — antamani 8080 oli väärä.",
    "8443 — a 8080, amit megadtam, rossz volt.",
    "8443 — verdiğim 8080 yanlış.",
    "8443 — 8080, который я указал, был неверный.",
    "I meant the eu-west-3 bucket, not eu-west-1.",
    "Quería decir el clúster de staging, no el de producción.",
    "Jag menade staging-klustret, inte produktion.",
]
NOT_OWNED = [
    "The tests on port 8443 passed.",
    "I wrote the migration yesterday.",
    "Kirjoitin eilen testin.",
    "Amit írtam, az működik.",
    "The script I wrote is in tools/.",
    "El informe que escribí está en la carpeta docs.",
    # (review R17: what is wrong is the thing written about, not what the user gave)
    "Я написал тест, который проверяет неверный пароль.",
    "I mentioned the docs are inaccurate, please update docs/api.md.",
    "I wrote a parser whose output was incorrect on empty lines.",
    "Escribí un test que estaba mal.",
    "Я написал тест, который был неверный.",
]


@pytest.mark.parametrize("text", OWNED_AS_WRONG)
def test_a_value_the_user_owns_as_wrong_is_a_correction(text: str) -> None:
    assert is_correction(text)
    assert steering_requests([text])[0] == [0]


@pytest.mark.parametrize("text", NOT_OWNED)
def test_what_the_user_wrote_is_no_correction_unless_owned_as_wrong(text: str) -> None:
    assert not is_correction(text)
    assert not is_constraint(text)


ONE_OFF = [
    "Make sure to open a PR before Friday.",
    "You need to send the report by tomorrow.",
    "Please make sure the report is sent by tomorrow.",
    "Before Friday, make sure you open a PR.",
    "By tomorrow you have to send me the report.",
    "You must finish the migration by Friday.",
    "Ensure the PR is open before the demo.",
    "No later than Thursday, tag the release.",
    "Antes del jueves tienes que etiquetar la versión.",
    "Avant lundi, il faut fusionner la branche.",
    "Entro domani devi mandarmi il report.",
]
STANDING_WITH_A_TIME = [
    "Before every deploy, make sure the migrations pass.",
    "Make sure nothing ships before Friday.",
    "You must not deploy before Monday.",
    "The change must be approved by 2 reviewers.",
    "Each PR must be reviewed by the release manager.",
    "Make sure you always rebase before the standup.",
    "You have to keep the API stable.",
    # a rule with an end date is still a rule (review R17-I4)
    "Coverage has to stay at 90% or above until the demo.",
    "You must use Python 3.11 for now, the runners get upgraded tomorrow.",
]


@pytest.mark.parametrize("text", ONE_OFF)
def test_an_obligation_by_one_deadline_is_a_request_not_a_rule(text: str) -> None:
    """Red team R16-R2: "Before Friday, open a PR" was filed as a standing rule."""
    assert not is_constraint(text)
    assert steering_requests([text]) == ([], [])


@pytest.mark.parametrize("text", STANDING_WITH_A_TIME)
def test_a_rule_that_names_a_time_is_still_a_rule(text: str) -> None:
    assert is_constraint(text)
    assert steering_requests([text])[0] == [0]


BANNED_IF = [
    "Jos testit epäonnistuvat, älä julkaise.",
    "Jos build on punainen, niin älä yhdistä mitään.",
    "Hvis testene feiler, ikke deploy.",
    "Hvis testene feiler, deploy ikke.",
    "Ha a tesztek elbuknak, ne telepíts.",
    "Ha a build piros, akkor ne töröld a logokat.",
    "Ef prófin falla, ekki birta.",
    "Kui testid ebaõnnestuvad, ära avalda.",
    "Ako testovi padnu, ne objavljuj.",
    # (the particle after the imperative that opens the sentence, no condition)
    "Ta inte bort databasen.",
    "Ok, rör inte prod.",
    "Om testerna misslyckas, deploya inte.",
    "Slett ikke databasen.",
    "Slet ikke databasen.",
    "Eyddu ekki gagnagrunninum.",
]
STATED_IF = [
    "Ha jól emlékszem, a szerver Frankfurtban van.",
    "Ha jól tudom, nem kell újraindítani.",
    "Jos muistan oikein, palvelin ei ole Frankfurtissa.",
    "Jos muistan oikein, emme julkaise perjantaina.",
    "Jos testit epäonnistuvat, älä huoli.",
    "Om jag minns rätt, fungerar det inte.",
    "Om servern kraschar, startar den inte om.",
    "Om du vill, deploya inte.",
    "Hvis jeg forstår riktig, virker ikke cachen.",
    "Hvis det regner, går vi ikke.",
    "Hvis jeg husker ret, kører den ikke.",
    "Ef ég man rétt, virkar þetta ekki.",
    "Kui ma õigesti mäletan, see ei tööta.",
    "Ako se ne varam, ne radi cache.",
    # (a statement with its subject dropped, as typed in chat)
    "Vet inte.",
    "Funkar inte.",
    "Förstår inte.",
    "Hjälpte inte.",
    "Virket ikke.",
    "Fikk ikke til.",
    "Kunne ikke logge ind.",
    "Syns inte i loggen.",
    "Går inte att bygga.",
    "Skil ekki.",
    "Ta inte bort den?",
]


@pytest.mark.parametrize("text", BANNED_IF)
def test_a_prohibition_after_a_condition_is_a_rule(text: str) -> None:
    assert is_constraint(text)
    assert steering_requests([text])[0] == [0]


@pytest.mark.parametrize("text", STATED_IF)
def test_a_statement_after_a_condition_is_no_rule(text: str) -> None:
    """An earlier attempt read "Ha jól emlékszem, …" ("if I remember right, …") as a rule:
    the clause after the condition must be a prohibition said to the assistant."""
    assert not is_constraint(text)
    assert steering_requests([text]) == ([], [])


ASKED_OR_BARE_RULES = [
    # red team RT22-6: a polite question that asks for a rule
    "Zou je src/legacy alsjeblieft nooit willen aanraken?",
    "Könntest du bitte nie direkt auf main pushen?",
]
NO_RULES = [
    "Yazılım güncelleme",
    "Merak etme, sorun yok.",
    "Zou je dat willen doen?",
    "Waarom faalt de build nooit lokaal?",
]


@pytest.mark.parametrize("text", ASKED_OR_BARE_RULES)
def test_a_question_asking_for_a_rule_is_a_rule(text: str) -> None:
    assert is_constraint(text)
    assert steering_requests([text])[0] == [0]


@pytest.mark.parametrize("text", NO_RULES)
def test_a_title_a_reassurance_or_a_plain_question_is_no_rule(text: str) -> None:
    assert not is_constraint(text)
    assert steering_requests([text]) == ([], [])
