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
    "8443 — 8080, который я указал, неверный.",
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
]


@pytest.mark.parametrize("text", OWNED_AS_WRONG)
def test_a_value_the_user_owns_as_wrong_is_a_correction(text: str) -> None:
    assert is_correction(text)
    assert steering_requests([text])[0] == [0]


@pytest.mark.parametrize("text", NOT_OWNED)
def test_what_the_user_wrote_is_no_correction_unless_owned_as_wrong(text: str) -> None:
    assert not is_correction(text)
    assert not is_constraint(text)
