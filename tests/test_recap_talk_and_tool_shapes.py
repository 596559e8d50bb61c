"""The structured recap on talkative users and on more tools' shapes (issue 14, recap36):

- a to-do of the user's own life said in passing ("I should really sort out the garage", "I must
  call my aunt back") is no constraint (R39-R3: a chat's chatter filled the Constraints section),
  while a limit said of themselves ("I can't do red-eye flights", "My partner is allergic to
  shellfish") is one (R39-F3: it was lost);
- the next step said as "Siguiente paso: …", "Nun …", "次は…", "What I'll do now is …";
- failures printed under a clock ("[14:22:31]: Fehler: …"), dotnet's localized test status,
  a spreadsheet's error value; no failure from a clean count;
- the commands a script runs after a heredoc or in PowerShell, each as typed;
- a file's name is no value the user replaced ("values-preview.yaml" after "not preview")."""

from __future__ import annotations

import pytest
from tests.builders import offline_recap, recap_section, recap_stripped, said_record

from contextledger.compaction.failures import failing_tests, failure_lines
from contextledger.compaction.reads import shell_writes
from contextledger.compaction.rules import is_rule, personal_aside
from contextledger.compaction.tool_calls import script_commands

CHATTY = (
    ("user", "Can you help me plan a birthday dinner for my dad next Saturday? About 8 people."),
    ("assistant", "Happy to! Any preferences?"),
    (
        "user",
        "Honestly I should really sort out the garage this weekend too, and I must call my aunt "
        "back, ugh. Anyway, Dad is vegetarian.",
    ),
    ("assistant", "Noted: vegetarian menu."),
    (
        "user",
        "I need to stop buying plants, my flat is a jungle. Oh, and don't pick anywhere with "
        "stairs, Grandma uses a wheelchair.",
    ),
    ("assistant", "Got it: step-free access."),
    (
        "user",
        "My sister always says I have to learn to cook. Keep it under 60 euros a head please.",
    ),
    ("assistant", "Budget 60 euros per person."),
    (
        "user",
        "Honestly I should really sort out the garage this weekend, and I must call my aunt back, ugh.",
    ),
    ("assistant", "Ha. Shall I book 19:30?"),
)


def test_a_chats_to_dos_are_not_recapped_as_constraints() -> None:
    rules = recap_section(offline_recap(*CHATTY), "Constraints and corrections")
    for chatter in ("garage", "aunt", "plants", "learn to cook"):
        assert chatter not in rules
    for rule in ("vegetarian", "stairs", "60 euros"):
        assert rule in rules


@pytest.mark.parametrize(
    "limit",
    [
        "I can't do red-eye flights because of my migraines.",
        "My partner is allergic to shellfish, so no seafood-only restaurants.",
        "Debería ordenar el trastero algún día. No puedo pasar de 12.000 € en total.",
    ],
)
def test_a_limit_the_user_states_of_themselves_is_a_constraint(limit: str) -> None:
    recap = offline_recap(
        ("user", "Plan a long weekend in Lisbon in May for two of us."),
        ("assistant", "Sure."),
        ("user", limit),
        ("assistant", "Noted."),
    )
    rules = recap_section(recap, "Constraints and corrections")
    assert limit.split(". ")[-1].rstrip(".") in rules
    assert "trastero" not in rules


def test_the_goal_is_the_request_not_the_chatter_of_the_turn_before() -> None:
    recap = offline_recap(
        ("user", "Hiya. I must call the plumber back today, the sink is leaking again. Ugh."),
        ("assistant", "Oh no! How can I help?"),
        ("user", "I want a long weekend in Lisbon in May, for two of us: flights plus a hotel."),
        ("assistant", "Sure."),
    )
    goal = recap_section(recap, "Goal")
    assert "Lisbon" in goal
    assert "plumber" not in goal


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("I must call my aunt back, so don't book anything before 3 pm.", True),
        ("I must insist: never push to main.", True),
        ("I should really sort out my tax return this week too.", False),
        ("My mum keeps saying I should take up yoga.", False),
        ("Tengo que llamar a mi madre esta tarde, que se me olvida siempre.", False),
        # a clause that speaks to the assistant is not the speaker's to-do (retain41: a
        # second ``_ADDRESSED`` pattern, the @handle one, shadowed the first, so any clause
        # without a comma or colon read as a to-do and this rule left Constraints)
        ("I should water the plants and you must not rename the API.", True),
    ],
)
def test_a_rule_said_beside_a_to_do_is_still_one(said: str, rule: bool) -> None:
    assert is_rule(said) is rule
    assert personal_aside(said) is not rule


@pytest.mark.parametrize(
    ("plan", "step"),
    [
        ("Siguiente paso: sustituir IWebHostBuilder en Program.cs.", "sustituir IWebHostBuilder"),
        ("Nun erneuere ich das Profil mit match nuke.", "erneuere ich das Profil"),
        ("次は、store_idで集計し直します。", "store_idで集計し直します"),
        ("What I'll do now is regenerate the shadow golden image.", "regenerate the shadow"),
        ("Ahora toca arreglar la referencia rota de B9.", "arreglar la referencia rota"),
    ],
)
def test_the_next_step_in_more_phrasings(plan: str, step: str) -> None:
    recap = offline_recap(
        ("user", "Fix the export job."),
        ("assistant", "On it."),
        ("user", "ok"),
        ("assistant", plan),
    )
    assert step in recap_section(recap, "Next step")


@pytest.mark.parametrize(
    ("output", "line"),
    [
        (
            "[14:22:10]: ▸ Compiling AppDelegate.swift\n[14:22:31]: Fehler: Das Profil enthält "
            "das Zertifikat nicht.\n[14:22:31]: fastlane finished with errors",
            "Fehler: Das Profil enthält das Zertifikat nicht.",
        ),
        (
            "#NAME? error in Commission!C2: unknown function SUMIFS2",
            "#NAME? error in Commission!C2",
        ),
        ("Kopiere 3 Dateien\nDer Vorgang ist fehlgeschlagen.", "Der Vorgang ist fehlgeschlagen."),
    ],
)
def test_failure_lines_under_a_clock_in_a_sheet_and_in_german(output: str, line: str) -> None:
    assert any(line in x for x in failure_lines(output))


def test_dotnets_localized_failed_status_names_the_test() -> None:
    output = "  Con error CrearPedido_DevuelveCreated [32 ms]\n  Mensaje de error:\nCorrectas: 11, Con error: 1"
    assert failing_tests(output) == ["CrearPedido_DevuelveCreated"]


@pytest.mark.parametrize(
    "clean",
    [
        "Veröffentlichung abgeschlossen. 0 Fehler, 0 Warnungen.",
        "[12:00:01] Build finished, 0 errors",
        "Name | Total\nAna | #N/A\nLuis | 12",
        "Actualizado: 1 celda. Sin errores.",
    ],
)
def test_no_failure_from_a_clean_run(clean: str) -> None:
    assert failure_lines(clean) == []


def test_a_scripts_commands_after_a_heredoc_and_powershells_are_listed() -> None:
    heredoc = "cat > c.yml <<'EOF'\nimage: a\nrun: b\nEOF\ndocker compose -f c.yml up -d backup"
    assert script_commands(heredoc) == [
        "cat > c.yml <<'EOF' …",
        "docker compose -f c.yml up -d backup",
    ]
    pwsh = "Set-Location infra\\staging\nterraform init -upgrade\nterraform plan -out=az2.plan"
    assert script_commands(pwsh) == pwsh.splitlines()
    loop = "for f in *.log; do\n  gzip $f\ndone\nls -la"
    assert script_commands(loop) == ["for f in *.log; do …", "ls -la"]


def test_a_file_name_holding_a_replaced_name_is_no_stale_claim() -> None:
    record = said_record(
        "The readiness timeout is set in values-preview.yaml.",
        "Actually use namespace preview-apps, not preview.",
    )
    assert not recap_stripped("Next step: raise the timeout in values-preview.yaml.", record)
    assert recap_stripped("Constraints and corrections:\n- Deploy to namespace preview.", record)


def test_a_correction_after_a_goal_that_falls_back_stays_a_constraint() -> None:
    recap = offline_recap(
        (
            "user",
            "I want the bootloader to detect the new flash chip and fall back to the old "
            "part id when it fails.",
        ),
        ("assistant", "OK."),
        ("user", "Stay under 48 KiB for the whole bootloader image, no exceptions."),
        ("assistant", "OK."),
        ("user", "Scratch that, read the id with command 0x9F, not 0x90."),
        ("assistant", "OK."),
    )
    assert "read the id with command 0x9F" in recap_section(recap, "Constraints and corrections")


def test_the_goal_in_japanese_after_a_pasted_crash() -> None:
    ask = "このクラッシュを直して、カート画面をNavigationStackに移行してほしいです。"
    recap = offline_recap(
        (
            "user",
            "Thread 1: Fatal error: Unexpectedly found nil\n"
            "0  MyApp  0x0000000102f1c3a8 CartView.body.getter + 212\n" + ask,
        ),
        ("assistant", "わかりました。"),
    )
    assert recap_section(recap, "Goal").strip() == ask


def test_my_next_move_is_the_step_not_a_deed() -> None:
    recap = offline_recap(
        ("user", "Fix the link error."),
        ("assistant", "On it."),
        ("user", "ok"),
        ("assistant", "My next move is to export jedec_lookup from jedec.c and relink."),
    )
    assert (
        recap_section(recap, "Next step").strip() == "export jedec_lookup from jedec.c and relink."
    )


def test_a_linker_names_what_is_missing() -> None:
    output = (
        "spi_flash.c:(.text+0x4c): undefined reference to `jedec_lookup'\n"
        "collect2: error: ld returned 1 exit status"
    )
    assert failure_lines(output)[0].endswith("undefined reference to `jedec_lookup'")


@pytest.mark.parametrize(
    "ask",
    [
        "Please also post the preview URL as a PR comment.",
        "Then please update the diagram in docs/network.md.",
    ],
)
def test_a_request_asked_also_or_then_stays_open_after_an_ok(ask: str) -> None:
    recap = offline_recap(
        ("user", "Deploy the chart to the preview cluster on every pull request."),
        ("assistant", "OK."),
        ("user", ask),
        ("assistant", "OK."),
    )
    assert ask in recap_section(recap, "Open requests")


@pytest.mark.parametrize(
    ("script", "written"),
    [
        (
            "copy /Y appsettings.Production.json src\\Api\\appsettings.json",
            "src\\Api\\appsettings.json",
        ),
        (
            "(Get-Content infra\\staging\\vpc.tf) -replace 'a','b' | Set-Content infra\\staging\\vpc.tf",
            "infra\\staging\\vpc.tf",
        ),
        ("Set-Content -Path .\\src\\Deploy.psd1 -Value $m -Encoding UTF8", ".\\src\\Deploy.psd1"),
    ],
)
def test_files_written_by_windows_cmd_and_powershell(script: str, written: str) -> None:
    assert shell_writes(script) == [written]


TALK = "we had pizza three nights in a row, and the train was late twice this week"


def test_running_talk_is_not_recapped_and_the_goal_starts_after_anyway() -> None:
    recap = offline_recap(
        ("user", f"Hi!! So {TALK}. Anyway. Plan my ten-day trip to Kyoto in October."),
        ("assistant", "Sure!"),
        ("user", f"Oh and {TALK}. The hotel must be under 150 euros a night. Anyway {TALK}."),
        ("assistant", "Noted."),
        ("user", f"{TALK}. What else do we need?"),
        ("assistant", "A date."),
        ("user", f"honestly {TALK}."),
        ("assistant", "Ha."),
    )
    assert recap_section(recap, "Goal").strip() == "Plan my ten-day trip to Kyoto in October."
    assert "pizza" not in recap
    assert "under 150 euros a night" in recap


def test_a_quote_of_a_talkative_turn_keeps_only_what_it_says() -> None:
    from contextledger.compaction.floor import choose_quotes
    from contextledger.providers import read_messages

    said = [
        f"{TALK}. What else do we need?",
        f"Oh and {TALK}. Let's go with the hotel near the river. Anyway {TALK}.",
        f"honestly {TALK}.",
        "ok",
    ]
    turns: list[dict[str, str]] = []
    for s in said:
        turns += [{"role": "user", "content": s}, {"role": "assistant", "content": "Sure."}]
    record = read_messages(turns)
    quotes = choose_quotes(record, {record[-1].id}, (), "", 0, user_room=2000)
    lines = [line for _, line in quotes]
    assert any("Let's go with the hotel near the river." in line for line in lines)
    assert not any("pizza" in line for line in lines)


def test_a_sentence_said_each_time_with_a_new_number_is_no_talk() -> None:
    from contextledger.compaction.wording import said_often

    said = [f"From the primary. We have {n} open connections at peak." for n in (1005, 1020, 1035)]
    assert said_often(said) == frozenset({"from the primary"})


def test_an_opening_of_talk_and_to_dos_is_not_recapped() -> None:
    recap = offline_recap(
        ("user", "Hiya. I must call the plumber back today, the sink is leaking again. Ugh."),
        ("assistant", "Oh no! How can I help?"),
        ("user", "I want a long weekend in Lisbon in May, for two of us."),
        ("assistant", "Sure."),
    )
    assert "plumber" not in recap


def test_a_rule_said_again_and_again_is_still_a_rule() -> None:
    """R40-R9: a talkative user repeats her rules word for word, each time after the same
    chatter; said five times, "never push to main" was read as running talk and left the
    recap, and the chatter beside it was listed as the constraint."""
    turns: list[tuple[str, str]] = [
        ("user", "Add retry with backoff to the payment client and keep the tests green.")
    ]
    for k in range(5):
        turns += [
            ("assistant", f"Step {k} done."),
            ("user", "Ugh, Mondays. Remember, never push to main directly."),
            ("assistant", "Noted."),
            ("user", f"Ugh, Mondays. Please keep the public API unchanged. Go on with part {k}."),
        ]
    rules = recap_section(offline_recap(*turns), "Constraints and corrections")
    assert "never push to main directly" in rules
    assert "keep the public API unchanged" in rules
