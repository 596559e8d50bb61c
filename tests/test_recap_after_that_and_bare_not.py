"""The offline recap reads a request for later said as "after that" in its two parts, in
either order ("Bundan sonra …", "اس کے بعد …", "Iske baad please …"), and a choice said with
the option it replaces after a bare "not", before or after the option ("…, hindi pip",
"…, httpx nahi") — in any language whose words for them are read (review45 R45-rec1)."""

from __future__ import annotations

import pytest

from builders import said_after_a_task

OPEN = "Open requests"
RULES = "Constraints and corrections"


@pytest.mark.parametrize(
    "said",
    [
        "Bundan sonra CHANGELOG.md dosyasına kısa bir not ekle.",  # tr: "after this"
        "اس کے بعد CHANGELOG.md میں ایک مختصر نوٹ شامل کرو۔",  # ur: "this's after"
        "Iske baad please CHANGELOG.md mein ek chhota note add karo.",  # Hinglish
        "Po tym dopisz krótką notatkę do CHANGELOG.md.",  # pl: "after this"
        "Baada ya hapo, ongeza dokezo fupi kwenye CHANGELOG.md.",  # sw: "after that"
    ],
)
def test_a_request_after_that_stays_open(said: str) -> None:
    assert said.rstrip(".。۔") in said_after_a_task(said, OPEN)


@pytest.mark.parametrize(
    "said",
    [
        "Sen jälkeen kaikki toimi taas normaalisti.",  # fi: after that everything worked
        "Uske baad sab theek chala, koi error nahi aaya.",  # Hinglish: after that all went fine
        "Selepas itu semuanya berjalan dengan lancar.",  # ms
    ],
)
def test_a_story_after_that_is_no_request(said: str) -> None:
    assert said_after_a_task(said, OPEN) == ""


@pytest.mark.parametrize(
    "said",
    [
        "Isme requests use karo, httpx nahi.",  # Hinglish: the "not" after the option
        "Gamitin mo ang poetry dito, hindi pip.",  # tl
        "Käytä tähän uv:ta, älä pipiä.",  # fi: "don't"
        "এখানে poetry ব্যবহার করো, pip নয়।",  # bn: the "not" after the option
        "Folosește aici cozi Redis, și nu fișiere temporare.",  # ro: "and not"
    ],
)
def test_a_choice_over_a_bare_not_is_a_correction(said: str) -> None:
    assert said.rstrip(".।") in said_after_a_task(said, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "I restarted the worker twice, not sure why it hangs.",
        "It works on staging, not sure about prod.",
    ],
)
def test_a_not_of_how_sure_is_no_correction(said: str) -> None:
    assert said.rstrip(".") not in said_after_a_task(said, RULES)
