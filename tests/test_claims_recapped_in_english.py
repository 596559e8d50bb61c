"""Claims, not words (issue #14 part 4), session 39: a session held in Spanish, German or
French, recapped in English by an LLM.

* a figure is the same in either writing ("253,95 €" and "€253.95", "6 Go" and "6 GB",
  "21.03.2026" and "2026-03-21"), and another figure in either writing is caught;
* a choice said back in English ("PostgreSQL, not MySQL", "by email rather than the
  bank's API") carries the user's "usa PostgreSQL, no MySQL"; the other way round, or
  with its correction turned ("5 % (not 7 %)" for "7 %, no del 5 %"), it does not;
* each clause of a line is the user's or not on its own: "push to main; do not run `X`"
  is not carried by the turn that forbids `X` when the one before forbids pushing to main;
* an LLM's own labels ("Rules:", "Decision:", "Numbers:", "Reglas:") are the recap's
  sections, so a rule under one is held to the user's words;
* a suggestion said done under Decisions or Next step ("`npm run lint` was run") is a
  claim it was done; a run said to pass "despite" the error its failing run printed is
  caught; "the error rate was 17 %" is a measure, no failure claimed; a failure line that
  goes on "…; after the fix, 3 passed" is not a claim that the test still fails.
"""

from __future__ import annotations

from builders import call_and_result, openai_tool_call, openai_tool_result, recap_line_stands
from contextledger.compaction import Conversation, OpenAISummarizer
from contextledger.compaction.claims.reading import section_of
from contextledger.compaction.claims.values import canonical
from contextledger.model import Message
from contextledger.providers import read_messages
from stub_server import StubReply, StubServer

_GOAL_ES = "Make invoice F-2291 add up."


def _spanish() -> list[Message]:
    return [
        Message.user(
            "El objetivo: que la factura F-2291 cuadre. El total es 253,95 € con IVA.", id="u0"
        ),
        Message.user("Nunca ejecutes `rm -rf build`. No modifiques la tabla clientes.", id="u1"),
        *call_and_result(
            "c1", "read_file", {"path": "billing/rounding.py"}, "def round2(x): ...", 1
        ),
        Message.assistant("Sugiero ejecutar `make migrate` después.", id="a2"),
        Message.user(
            "Corrección: usa PostgreSQL, no MySQL, para las pruebas. Y el descuento es del 7 %, "
            "no del 5 %.",
            id="u2",
        ),
        *call_and_result(
            "c3",
            "bash",
            {"command": "pytest tests/test_totals.py -q"},
            "FAILED tests/test_totals.py::test_factura_f2291 - AssertionError: 253.97 != 253.95\n"
            "1 failed, 2 passed in 0.21s",
            3,
        ),
        *call_and_result(
            "c4", "write_file", {"path": "billing/totals.py", "content": "..."}, "ok", 4
        ),
        *call_and_result(
            "c5", "bash", {"command": "pytest tests/test_totals.py -q"}, "3 passed in 0.19s", 5
        ),
        *call_and_result(
            "c6",
            "create_invoice",
            {"customer": "C-118"},
            '{"id": "F-2291", "total": "253,95 €", "issued": "2026-03-14"}',
            6,
        ),
        Message.user(
            "Decisión: enviaremos las facturas por correo, no por la API del banco.", id="u3"
        ),
    ]


def _stands(line: str) -> bool:
    return recap_line_stands(line, _spanish(), _GOAL_ES)


def test_a_figure_in_either_writing_stands_and_another_figure_is_caught() -> None:
    assert canonical("253,95 €") == canonical("€253.95")
    assert _stands("Invoice F-2291 was created for €253.95, issued on 2026-03-14.")
    assert _stands("Invoice F-2291 was created for 253,95 €.")
    assert not _stands("Invoice F-2291 was created for €235.95.")
    assert not _stands("Invoice F-2291 was created for 235,95 €.")
    assert not _stands("Invoice F-2291 was created for 253,95 €, issued on 2026-03-15.")


def test_the_goal_said_in_english_stands_on_the_spanish_turn() -> None:
    goal = "Goal: make invoice F-2291 add up; the total is €253.95 including VAT."
    assert _stands(goal)
    assert not _stands(goal.replace("253.95", "235.95"))


def test_a_choice_said_back_the_same_way_round_stands() -> None:
    assert _stands(
        "Decisions:\n- The user decided to send invoices by email rather than the bank's API."
    )
    assert _stands(
        "The user forbade `rm -rf build` and changes to the clientes table, and corrected the "
        "test database to PostgreSQL and the discount to 7%."
    )
    assert _stands("Constraints: use PostgreSQL, not MySQL.")


def test_a_choice_or_a_correction_turned_around_is_caught() -> None:
    assert not _stands(
        "Decisions:\n- The user decided to send invoices through the bank's API rather than by email."
    )
    assert not _stands("Constraints: use MySQL, not PostgreSQL.")
    assert not _stands(
        "Constraints and corrections:\n- The user corrected the discount to 5 % (not 7 %)."
    )
    assert not _stands("The user said not to use PostgreSQL.")


def test_each_clause_is_held_to_the_users_words() -> None:
    assert not _stands(
        "Constraints and corrections:\n- The user said never to run `rm -rf build` and asked to "
        "modify the clientes table."
    )
    assert _stands(
        "Constraints and corrections:\n- The user said never to run `rm -rf build` and not to "
        "modify the clientes table."
    )


def test_a_line_saying_the_test_passed_after_the_fix_claims_no_lasting_failure() -> None:
    line = (
        "Commands run:\n- `pytest tests/test_totals.py -q` failed: test_factura_f2291 got 253.97 "
        "instead of 253.95 (1 failed, 2 passed); after the fix, 3 passed."
    )
    assert _stands(line)
    assert not _stands(line.replace("3 passed.", "it still fails."))
    assert not _stands(line.replace("3 passed.", "4 passed."))


def test_a_suggestion_said_done_is_a_claim_it_was_done() -> None:
    assert not _stands("Decisions:\n- `make migrate` was run afterwards.")
    assert not _stands("Next step: `make migrate` was run.")
    assert _stands("Next step: run `make migrate`.")
    assert _stands("Open: sending F-2291 has not been retried.")
    assert _stands("The assistant did not retry sending F-2291.")  # what happened, no rule


def test_llm_labels_are_the_recaps_sections() -> None:
    assert section_of("Rules: never push to main.") == (
        "Constraints and corrections",
        "never push to main.",
    )
    assert section_of("Decision: keep CSV.")[0] == "Decisions"
    assert section_of("Reglas: nunca `rm -rf build`.")[0] == "Constraints and corrections"
    assert section_of("Numbers: 3 of 12.")[0] == "Numbers that matter"
    assert _stands("Reglas: nunca `rm -rf build`; no tocar la tabla clientes.")
    assert not _stands("Rules: run `rm -rf build` before each release.")


_GOAL_DE = "Finish the checkout-api rollout to version 4.12.0 with no downtime."


def _german() -> list[Message]:
    return [
        Message.user(
            "Ziel: das Rollout von checkout-api auf Version 4.12.0 abschließen, ohne Ausfallzeit.",
            id="u0",
        ),
        Message.user(
            "Bitte niemals direkt auf main pushen. Und führe kein `kubectl delete namespace shop` aus.",
            id="u1",
        ),
        *call_and_result(
            "c1",
            "shell",
            {"cmd": "kubectl rollout status deploy/checkout-api -n shop"},
            "3 of 12 updated replicas are available...\nerror: deployment exceeded its progress "
            "deadline\nexit code 1",
            1,
        ),
        Message.assistant(
            "Nur 3 von 12 Pods sind verfügbar. Die Fehlerrate liegt bei 17 %.", id="a2"
        ),
        Message.user(
            "Korrektur: das Secret heißt stripe-webhook-v2, nicht stripe-webhook. Und das Fenster "
            "ist am 21.03.2026, nicht am 20.",
            id="u2",
        ),
        *call_and_result(
            "c3", "cat_file", {"path": "k8s/hpa.yaml"}, "minReplicas: 6\nmaxReplicas: 24\n", 3
        ),
        Message.user("Entscheidung: wir lassen maxReplicas bei 24.", id="u3"),
    ]


def _stands_de(line: str) -> bool:
    return recap_line_stands(line, _german(), _GOAL_DE)


def test_german_rules_and_corrections_said_back_in_english() -> None:
    assert _stands_de(
        "Rules: never push directly to main; do not run `kubectl delete namespace shop`."
    )
    assert not _stands_de(
        "Rules: push directly to main; do not run `kubectl delete namespace shop`."
    )
    assert _stands_de("Corrections: the secret is stripe-webhook-v2, not stripe-webhook.")
    assert not _stands_de("Corrections: the secret is stripe-webhook, not stripe-webhook-v2.")
    assert _stands_de("Corrections: the window is on 2026-03-21, not the 20th.")
    assert _stands_de("Corrections: the window is on 21 March 2026.")
    assert not _stands_de("Corrections: the window is on 2026-03-20.")
    assert _stands_de(f"Goal: {_GOAL_DE}")  # "with no downtime" for "ohne Ausfallzeit"


def test_a_measure_named_by_a_failure_word_is_no_failure() -> None:
    assert _stands_de(
        "Findings: the first rollout failed with only 3 of 12 replicas; the error rate was 17 %."
    )
    assert not _stands_de("Findings: the error rate was 71 %.")


def _french() -> list[Message]:
    return [
        Message.user("But : que le build Android repasse au vert avant la version 3.8.", id="u0"),
        *call_and_result(
            "c1",
            "terminal",
            {"command": "./gradlew assembleDebug"},
            "Execution failed for task ':app:kaptDebugKotlin'.\n> java.lang.OutOfMemoryError: "
            "Java heap space\nBUILD FAILED in 1m 42s",
            1,
        ),
        Message.user("Correction : mets -Xmx3g, pas 4g ; la CI n'a que 6 Go.", id="u1"),
        *call_and_result(
            "c2",
            "terminal",
            {"command": "./gradlew assembleDebug"},
            "BUILD SUCCESSFUL in 2m 05s",
            2,
        ),
    ]


def test_french_units_and_a_pass_despite_the_error() -> None:
    goal = "Get the Android build green before 3.8."
    assert recap_line_stands("Correction: use -Xmx3g, not 4g (CI has only 6 GB).", _french(), goal)
    assert not recap_line_stands(
        "Correction: use -Xmx3g, not 4g (CI has only 8 GB).", _french(), goal
    )
    assert not recap_line_stands(
        "Correction: use -Xmx4g, not 3g (CI has only 6 GB).", _french(), goal
    )
    assert not recap_line_stands(
        "Commands run:\n- `./gradlew assembleDebug` passed despite java.lang.OutOfMemoryError.",
        _french(),
        goal,
    )


_SESSION: list[dict[str, object]] = [
    {"role": "user", "content": "Hola. El objetivo: que la factura F-2291 cuadre (253,95 €)."},
    {"role": "user", "content": "Nunca ejecutes `rm -rf build`."},
    openai_tool_call("c1", "create_invoice", {"customer": "C-118"}),
    openai_tool_result("c1", '{"id": "F-2291", "total": "253,95 €"}'),
    *[
        {"role": r, "content": c}
        for _ in range(6)
        for r, c in (("user", "ok"), ("assistant", "Noted."))
    ],
]
_HONEST = (
    "Goal: make invoice F-2291 add up (€253.95).\n"
    "Constraints and corrections:\n- Never run `rm -rf build`.\n"
    "Numbers that matter: F-2291 was created at €253.95."
)


def test_a_lying_summarizer_on_127_0_0_1_bilingual(stub: StubServer) -> None:
    def compact(recap: str) -> tuple[str, bool]:
        stub.script(StubReply(recap))
        summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
        out = Conversation.from_messages(read_messages(_SESSION)).compact(summarizer, force=True)
        v = out.verification
        assert v is not None
        flagged = bool(v.misclaims or v.unsupported or v.removed_sentences) or not v.accepted
        return (out.event.recap_text if out.event else ""), flagged

    text, flagged = compact(_HONEST)
    assert not flagged and "€253.95" in text
    for lie, marker in (
        (_HONEST.replace("created at €253.95", "created at €235.95"), "€235.95"),
        (_HONEST.replace("created at €253.95", "created at 235,95 €"), "235,95"),
        (_HONEST + "\n- Ran `rm -rf build` to clean up.", "Ran `rm -rf build`"),
    ):
        text, flagged = compact(lie)
        assert flagged and marker not in text, lie


def test_a_label_inside_a_paragraph_and_a_command_named_in_a_ban() -> None:
    created = "Invoice F-2291 was created for €253.95."
    assert _stands(f"{created} Rules: no `rm -rf build`, ever.")
    assert not _stands(f"{created} Commands run: `rm -rf build`.")
    assert not _stands(f"{created} Rules: run `rm -rf build` before each release.")


def test_an_aside_of_a_figure_the_record_gave_is_not_held_to_the_users_words() -> None:
    assert _stands_de("maxReplicas stays at 24 (min 6).")
    assert not _stands_de("maxReplicas stays at 42 (min 6).")
    assert not _stands_de("maxReplicas stays at 24 (min 8).")


def test_a_month_or_a_day_the_record_names_in_its_own_language() -> None:
    record = [
        Message.user("El total de marzo debe cuadrar. Lo revisamos el lunes.", id="u0"),
        Message.assistant("De acuerdo.", id="a0"),
    ]
    goal = "Make March's total add up."
    assert recap_line_stands("The user will review it on Monday.", record, goal)
    assert not recap_line_stands("The user will review it on Tuesday.", record, goal)
    assert not recap_line_stands("Goal: make April's total add up.", record, goal)


def test_a_percentage_must_be_one_the_record_gives_as_a_percentage() -> None:
    record = [
        Message.user(
            "Apply the 12% launch discount. Launch is 2026-09-15; the rate is 12,5 %.", id="u0"
        ),
        Message.assistant("Done: 12% off.", id="a0"),
    ]
    goal = "Apply the launch discount."
    assert recap_line_stands("The discount is 12%; the rate is 12.5%.", record, goal)
    assert not recap_line_stands("The discount is 15%.", record, goal)  # 15 is only a date's day
