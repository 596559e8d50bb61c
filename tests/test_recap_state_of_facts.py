"""The offline recap tells each fact in its final state (issue #14 item 3, review46): a file a
delete tool removed is no file written; the Goal after a greeting with an attachment is the task;
a ban's lift is said with the ban, never as a number; a restated goal is the Goal."""

from __future__ import annotations

import json

import pytest

from builders import offline_recap, recap_section
from contextledger.compaction.digest import digest
from contextledger.compaction.sections import render_digest
from contextledger.compaction.tool_calls import call_deletes, call_writes
from contextledger.model import Message, ToolCall, with_ids

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _section_after(task: str, said: list[str], section: str) -> str:
    """The offline recap's ``section`` of a session: ``task``, then each of ``said`` by the
    user, the assistant answering all but the last."""
    turns = [("user", task), ("assistant", "On it.")]
    for k, text in enumerate(said):
        turns += [("user", text)] + ([("assistant", "Noted.")] if k < len(said) - 1 else [])
    return recap_section(offline_recap(*turns), section)


def _call(cid: str, name: str, args: dict[str, object], result: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, name, json.dumps(args)),)),
        Message.tool(cid, result),
    ]


def _written_then_deleted_by(
    name: str, args: dict[str, object], result: str
) -> dict[str, list[str]]:
    record = with_ids(
        [
            Message.user("Tidy up the scratch scripts in tools/."),
            *_call(
                "c1", "write_file", {"path": "tools/scratch_probe.sh", "content": "echo hi\n"}, "ok"
            ),
            *_call("c2", name, args, result),
            *_call("c3", "write_file", {"path": "tools/probe.sh", "content": "echo hi\n"}, "ok"),
            *FILLER,
            Message.user("done?"),
        ]
    )
    d = digest(record[:-2], history=record)
    return {name: d.items(name) for name in ("Files written", "Actions taken")}


@pytest.mark.parametrize(
    ("name", "args", "result"),
    [
        ("remove_file", {"path": "tools/scratch_probe.sh"}, "removed"),
        ("unlinkFile", {"file_path": "tools/scratch_probe.sh"}, "ok"),
        ("fs_delete", {"target": "tools/scratch_probe.sh"}, ""),
        ("datei_loeschen", {"pfad": "tools/scratch_probe.sh"}, "gelöscht"),
        ("trash", {"path": "tools/scratch_probe.sh"}, "moved to the bin"),
    ],
)
def test_a_file_a_delete_tool_removed_is_no_file_written(
    name: str, args: dict[str, object], result: str
) -> None:
    """Listed as deleted (the call under Actions taken), not as written."""
    got = _written_then_deleted_by(name, args, result)
    assert got["Files written"] == ["tools/probe.sh"]
    assert any("tools/scratch_probe.sh" in a for a in got["Actions taken"])


def test_a_delete_that_failed_leaves_the_file_written() -> None:
    got = _written_then_deleted_by(
        "remove_file", {"path": "tools/scratch_probe.sh"}, "Error: permission denied"
    )
    assert "tools/scratch_probe.sh" in got["Files written"]


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("remove_item_from_cart", {"item": "sku-1.txt"}),
        ("delete_user", {"path": "users/ana.json"}),
        ("remove_lines", {"path": "a.py", "start": 3, "end": 5}),
        # a copy leaves the file where it was
        ("copy_file", {"src": "notes/todo_old.txt", "dst": "notes/todo.txt"}),
        ("shell", {"command": "cp notes/todo_old.txt notes/todo.txt"}),
    ],
)
def test_a_tool_that_removes_something_else_deletes_no_file(
    name: str, args: dict[str, object]
) -> None:
    assert call_deletes(ToolCall("c", name, json.dumps(args))) == []


def test_a_delete_tool_writes_nothing() -> None:
    call = ToolCall("c", "delete_file", json.dumps({"path": "tmp/old.csv"}))
    assert call_writes(call) == []
    assert call_deletes(call) == ["tmp/old.csv"]


def _goal_of(opening: str) -> str:
    return recap_section(offline_recap(("user", opening), ("assistant", "On it.")), "Goal")


@pytest.mark.parametrize(
    ("opening", "task"),
    [
        (
            "Olá! Segue em anexo a captura do painel. Ajuste o filtro de datas em ui/filters.ts.",
            "Ajuste o filtro de datas em ui/filters.ts",
        ),
        (
            "Bonjour ! Voici une capture d'écran du tableau de bord. "
            "Corrige le tri des colonnes dans ui/table.ts.",
            "Corrige le tri des colonnes dans ui/table.ts",
        ),
        (
            "Cześć! Załączam zrzut ekranu z panelu. Popraw sortowanie kolumn w ui/table.ts.",
            "Popraw sortowanie kolumn w ui/table.ts",
        ),
        (
            "Hej! Jag bifogar en skärmdump av panelen. Rätta sorteringen i ui/table.ts.",
            "Rätta sorteringen i ui/table.ts",
        ),
        (
            "Hey there. Uploaded the crash log from last night. "
            "Find why the worker in jobs/sync.py runs out of memory.",
            "Find why the worker in jobs/sync.py runs out of memory",
        ),
    ],
)
def test_the_goal_after_a_greeting_and_an_attachment_is_the_task(opening: str, task: str) -> None:
    goal = _goal_of(opening)
    assert task in goal
    shared = opening.split(". ")[0].split("! ")[-1]
    assert shared not in goal


def test_a_request_about_the_attachment_stays_the_goal() -> None:
    """ "Please fix what the attached screenshot shows." asks for the task itself."""
    goal = _goal_of("Please fix the broken chart shown in the attached screenshot.")
    assert "fix the broken chart" in goal


@pytest.mark.parametrize(
    ("ban", "lift"),
    [
        (
            "Don't reboot cache-2 until the backup ends.",
            "You can reboot cache-2 now, the backup is done.",
        ),
        (
            "Nie wdrażaj api-7 na produkcję, dopóki nie dam znać.",
            "Teraz możesz wdrożyć api-7, testy przeszły.",
        ),
        ("cache-7은 절대 지우지 마세요.", "이제 cache-7을 지워도 됩니다."),
        (
            "Usifute jedwali la audit kwenye db-9.",
            "Sasa unaweza kufuta jedwali la audit kwenye db-9.",
        ),
        (
            "node-4 を再起動しないでください。",
            "node-4 を再起動していいですよ、バックアップは終わりました。",
        ),
    ],
)
def test_a_lift_is_said_with_its_ban_never_as_a_number(ban: str, lift: str) -> None:
    """ "cache-2", "api-7": a name's digits are no number that matters; the lift goes with
    the ban it lifts, so the ban is never read as still in force."""

    said = [ban, lift, "Thanks."]
    task = "Rotate the TLS certificates on the cluster."
    assert lift.rstrip(".") not in _section_after(task, said, "Numbers that matter")
    constraints = _section_after(task, said, "Constraints and corrections")
    assert ban.rstrip(".。") in constraints
    assert lift.rstrip(".。") in constraints


@pytest.mark.parametrize(
    "sentence",
    ["Point the client at eu-central-1 instead.", "Switch the model to gpt-4o-mini.", "Use k8s."],
)
def test_the_digits_of_a_name_are_no_number_that_matters(sentence: str) -> None:
    from contextledger.compaction.findings import numbers_matter

    assert not numbers_matter(sentence, "user")
    assert numbers_matter("Keep eu-central-1 under 40 requests a second.", "user")
    # (Japanese writes a number onto a word: "は30秒" is a number, not a name)
    assert numbers_matter("応答は30秒以内に返してください。", "user")


def test_a_leave_given_in_other_languages_lifts() -> None:
    """Japanese's te-form and "ii", Czech's and Finnish's "you can now"."""
    from contextledger.compaction.rules import LIFTS

    for leave in (
        "Ara podeu esborrar les taules velles.",
        "Du kan ta bort loggarna nu.",
        "حالا می‌توانی فایل‌های قدیمی را پاک کنی.",
        "もう本番に書いていいです。",
        "Teď už můžeš smazat staré tabulky.",
        "Voit nyt poistaa.",
    ):
        assert LIFTS.search(leave), leave
    assert not LIFTS.search("それでいいと思います。")


@pytest.mark.parametrize(
    "restated",
    [
        "Mudou tudo: agora o objetivo é publicar o pacote no PyPI.",
        "Changement de cap : le nouvel objectif est de publier le paquet sur PyPI.",
        "Ny riktning: nu är målet att publicera paketet på PyPI.",
        "Rota değişti: yeni hedefimiz paketi PyPI'ye yayınlamak.",
    ],
)
def test_a_goal_said_again_as_new_or_now_is_the_goal(restated: str) -> None:

    task = "Write the changelog for release 2.0 of the parser."
    assert restated.rstrip(".") in _section_after(task, [restated, "Thanks."], "Goal")


def test_a_goal_met_or_a_new_thing_asked_is_no_restated_goal() -> None:
    from contextledger.intent import restates_task

    assert not restates_task("We hit the goal now, thanks.")
    assert not restates_task("Add the new config to the loader.")


# "please" in the user's language (Urdu, Bengali, Tagalog, Italian), with an amount
_PLEASE_WITH_AN_AMOUNT = (
    "براہ کرم کیش کی میعاد 15 منٹ کر دیں۔",
    "দয়া করে ক্যাশের মেয়াদ 15 মিনিট করে দাও।",
    "Pakiusap, gawing 15 minuto ang cache.",
    "Imposta per piacere la cache a 15 minuti.",
)


@pytest.mark.parametrize("request_", _PLEASE_WITH_AN_AMOUNT)
def test_a_request_with_a_number_is_an_open_request_not_a_number(request_: str) -> None:
    """Said with "please" in the user's language, a request naming an amount is a request."""

    task = "Speed up the product search page."
    assert request_.rstrip(".।۔") in _section_after(task, [request_], "Open requests")
    assert request_.rstrip(".।۔") not in _section_after(task, [request_], "Numbers that matter")


def _runs_after_notes(note: str, runs: int) -> list[Message]:
    """A task, then ``runs`` rounds of: the user's ``note`` (formatted with the round), a
    shell run of that round's command, its passing output and the assistant's "Done."."""
    msgs = [Message.user("Bring the nightly billing jobs back to green.")]
    for i in range(runs):
        msgs.append(Message.user(note.format(i=i)))
        cmd = json.dumps({"cmd": f"make check JOB=billing_{i}"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "run_shell", cmd),)))
        msgs.append(Message.tool(f"c{i}", f"job billing_{i}: ok"))
        msgs.append(Message.assistant(f"Job {i} done."))
    return list(with_ids(msgs))


@pytest.mark.parametrize(
    "note",
    [
        "Ticket OPS-{i}: review jobs/billing_{i}.py now.",
        "Please look at jobs/billing_{i}.py before the run.",
    ],
)
def test_a_request_done_gets_the_bytes_after_the_commands_run(note: str) -> None:
    """recap44 (bbadb99a) stopped counting a name's digits ("OPS-3", "marker-3") as a number:
    a note per run moved from Numbers (after the commands) to "User also said" (before them)
    and pushed all but two runs out of a 2,000-byte recap. A request answered is what was
    asked; the runs come first, the requests with the bytes left."""
    record = _runs_after_notes(note, 30)
    recap = render_digest(digest(record), 2_000)
    commands = recap_section(recap, "Commands run")
    assert all(f"`make check JOB=billing_{i}`" in commands for i in range(30)), recap
    assert "User also said" in recap  # (the newest requests, with what is left)


def test_a_statement_naming_things_keeps_its_bytes_before_the_commands() -> None:
    """A fact the user stated (not a request) keeps its place ahead of the commands run."""
    record = _runs_after_notes("Owner of jobs/billing_{i}.py is Dana Ortiz from finance.", 30)
    said = recap_section(render_digest(digest(record), 2_000), "User also said")
    assert said.count("Dana Ortiz") >= 10


_PROPOSAL = (
    "The schema change cannot be undone cleanly. I propose a forward fix instead of the "
    "rollback to 3.8.0. Do you agree?"
)


@pytest.mark.parametrize(
    ("decision", "approval"),
    [
        ("Ho deciso che torniamo alla versione 3.8.0.", "Sì, d'accordo: procedi così."),
        ("Zdecydowałem, że wracamy do wersji 3.8.0.", "Tak, zgadzam się, zrób tak."),
        ("3.8.0 sürümüne dönmeye karar verdim.", "Evet, katılıyorum."),
        ("Tôi đã quyết định quay lại bản 3.8.0.", "Vâng, đồng ý."),
        ("Ich habe entschieden, dass wir zu 3.8.0 zurückgehen.", "Ja, einverstanden."),
    ],
)
def test_a_decision_reversed_is_listed_with_the_users_yes(decision: str, approval: str) -> None:
    """review46 R46-rec2: the user's decision stood under Decisions without the yes they gave
    to the assistant's proposal to reverse it — a yes in another language than English was
    no answer, and an answer whose proposal was also a finding was shown nowhere."""
    recap = offline_recap(
        ("user", "Upgrade the payments service to 4.0."),
        ("assistant", "Ok."),
        ("user", decision),
        ("assistant", "Understood."),
        ("assistant", _PROPOSAL),
        ("user", approval),
        ("assistant", "Doing the forward fix now."),
    )
    decisions = recap_section(recap, "Decisions")
    assert f"User: {approval}" in decisions, recap
    assert "I propose a forward fix" in decisions
    assert "I propose a forward fix" not in recap_section(recap, "Findings")  # (listed once)


@pytest.mark.parametrize("approval", ["Sì, d'accordo: procedi così.", "Yes, agreed."])
def test_a_yes_after_a_call_answers_the_proposal_before_it(approval: str) -> None:
    """A tool call between the proposal and the user's yes (review46 R46-rec2)."""
    record = with_ids(
        [
            Message.user("Upgrade the payments service to 4.0."),
            Message.assistant("Ok."),
            Message.user("I've decided we go back to 3.8.0."),
            Message.assistant(_PROPOSAL),
            *_call("c1", "shell", {"command": "git log --oneline -3"}, "a1b2c3 bump"),
            Message.user(approval),
            Message.assistant("Doing the forward fix now."),
            Message.user("ok"),
        ]
    )
    decisions = digest(record).items("Decisions")
    assert f"User: {approval}" in decisions
    assert any("I propose a forward fix" in d for d in decisions)


@pytest.mark.parametrize("said", ["Da domani lavoro da casa.", "Ya sé que es difícil."])
def test_a_sentence_opening_with_a_yes_like_word_is_no_answer(said: str) -> None:
    """A yes is set off by a mark: "da" (from), "ya" (already) open statements."""
    from contextledger.compaction.decisions import answered_proposal

    assert answered_proposal(_PROPOSAL, said) is None


@pytest.mark.parametrize(
    ("opening", "task"),
    [
        (
            "Hai! Saya lampirkan fail jualan. "
            "Daripada fail yang dilampirkan, semak mengapa jualan jatuh pada bulan Mac.",
            "semak mengapa jualan jatuh pada bulan Mac",
        ),
        (
            "Ahoj! Posílám soubor a snímek obrazovky. "
            "Z přiloženého souboru zjisti, proč klesly tržby v březnu.",
            "zjisti, proč klesly tržby v březnu",
        ),
    ],
)
def test_a_task_that_names_the_attached_file_stays_the_goal(opening: str, task: str) -> None:
    """A sentence about the attached file, with nothing after it but greetings and sharing,
    is the task said in an imperative not read: never dropped for a greeting (review47)."""
    goal = _goal_of(opening)
    assert task in goal
    assert goal.strip() not in ("Hai!", "Ahoj!")


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("move_file", {"src": "notes/todo_old.txt", "dst": "notes/todo.txt"}),
        ("renameFile", {"from": "notes/todo_old.txt", "to": "notes/todo.txt"}),
        ("fs_rename", {"oldPath": "notes/todo_old.txt", "newPath": "notes/todo.txt"}),
        ("shell", {"command": "mv -f notes/todo_old.txt notes/todo.txt"}),
        ("bash", {"cmd": "git mv notes/todo_old.txt notes/todo.txt && git status"}),
        ("powershell", {"command": "Move-Item notes/todo_old.txt notes/todo.txt"}),
    ],
)
def test_a_file_renamed_away_is_listed_by_its_new_name_only(
    name: str, args: dict[str, object]
) -> None:
    """A rename or a move takes the file from its old name (review47: both names stayed
    under Files written)."""
    record = with_ids(
        [
            Message.user("Keep the notes folder tidy."),
            *_call("c1", "write_file", {"path": "notes/todo_old.txt", "content": "- a\n"}, "ok"),
            *_call("c2", name, args, "done"),
            *FILLER,
            Message.user("done?"),
        ]
    )
    written = digest(record[:-2], history=record).items("Files written")
    assert written == ["notes/todo.txt"]


@pytest.mark.parametrize(
    ("key", "args"),
    [
        ("cwd", {"command": "npm test -- --runInBand", "cwd": "web"}),
        ("working_dir", {"cmd": "npm test -- --runInBand", "working_dir": "web"}),
        ("workingDirectory", {"command": "npm test -- --runInBand", "workingDirectory": "web"}),
        ("workdir", {"command": ["npm", "test", "--", "--runInBand"], "workdir": "web"}),
    ],
)
def test_a_command_is_listed_with_the_directory_it_ran_in(
    key: str, args: dict[str, object]
) -> None:
    """`npm test` in web/ is not `npm test` at the root (review47: the directory was dropped)."""
    record = with_ids(
        [
            Message.user("Run the frontend tests."),
            *_call("c1", "shell", args, "Tests: 12 passed"),
            *FILLER,
            Message.user("ok"),
        ]
    )
    commands = digest(record[:-2], history=record).items("Commands run")
    assert commands == [f"`npm test -- --runInBand` ({key}=web)"]


@pytest.mark.parametrize(
    ("name", "args", "command"),
    [
        ("export_ledger", {"args": ["--month", "2026-10", "--format", "csv"]},
         "export_ledger --month 2026-10 --format csv"),
        ("notify_team", {"argv": "--channel ops --quiet"}, "notify_team --channel ops --quiet"),
        ("git", {"args": "tag v1.4.0"}, "git tag v1.4.0"),
    ],
)  # fmt: skip
def test_a_tool_given_only_options_is_listed_as_the_program_it_ran(
    name: str, args: dict[str, object], command: str
) -> None:
    """A tool of its own given its options ran as itself: review48's "Commands run:
    `--portal hr --trip …`" said nothing of what ran."""
    record = with_ids(
        [
            Message.user("Export October's ledger and tell the team."),
            *_call("c1", name, args, "done"),
            *FILLER,
            Message.user("ok"),
        ]
    )
    assert digest(record[:-2], history=record).items("Commands run") == [f"`{command}`"]


_CANCELLED = [
    ("Please add a dark mode toggle to the settings page.", "Never mind the dark mode toggle."),
    (
        "Bitte erstelle ein Kreisdiagramm der Kosten.",
        "Vergiss das Kreisdiagramm, das brauche ich nicht mehr.",
    ),
    (
        "Per favore, prepara una tabella riassuntiva dei costi.",
        "Lascia perdere la tabella riassuntiva, non serve più.",
    ),
    ("Proszę, dodaj wykres kołowy kosztów.", "Zapomnij o wykresie kołowym, już go nie potrzebuję."),
    ("コストの円グラフを作ってください。", "円グラフはもういいです、要りません。"),
    ("Lütfen maliyetlerin pasta grafiğini çiz.", "Pasta grafiğini unut, artık ihtiyacım yok."),
    (
        "Пожалуйста, сделай круговую диаграмму расходов.",
        "Забудь про круговую диаграмму, она мне больше не нужна.",
    ),
    ("Vui lòng thêm biểu đồ tròn chi phí.", "Bỏ qua biểu đồ tròn, không cần nữa."),
]


def _cancelling_session(request: str, later: str) -> str:
    return offline_recap(
        ("user", "Summarise the quarterly costs in reports/q3.md."),
        ("assistant", "On it."),
        ("user", request),
        ("assistant", "I'll do that after the summary."),
        ("user", later),
        ("assistant", "Understood."),
    )


@pytest.mark.parametrize(("request_", "cancel"), _CANCELLED)
def test_a_request_the_user_cancelled_is_no_open_request(request_: str, cancel: str) -> None:
    """Said as taken back, with the user's words (review47: the cancelled chart stayed
    under Open requests in 24/36 recaps)."""
    recap = _cancelling_session(request_, cancel)
    assert request_.rstrip(".。") not in recap_section(recap, "Open requests")
    assert cancel.rstrip(".。") in recap_section(recap, "Constraints and corrections")


@pytest.mark.parametrize(
    "later",
    [
        "Don't forget the dark mode toggle.",
        "Forget the footer links, they are fine.",
        "Never mind, the build went green.",
    ],
)
def test_a_reminder_or_another_thing_forgotten_leaves_the_request_open(later: str) -> None:
    recap = _cancelling_session("Please add a dark mode toggle to the settings page.", later)
    assert "Please add a dark mode toggle" in recap_section(recap, "Open requests")


@pytest.mark.parametrize(
    "said",
    [
        [
            "Iestati taimautu uz 30 sekundēm.",
            "Nē, uz 45 sekundēm, nevis 30.",
            "Tomēr atpakaļ uz 30 sekundēm, nevis 45.",
        ],
        [
            "Ժամանակաչափը դիր 30 վայրկյան։",
            "Ոչ, 45 վայրկյան, ոչ թե 30։",
            "Վերադարձրու 30 վայրկյանի, ոչ թե 45։",
        ],
        [
            "Saita lokacin jira zuwa dakika 30.",
            "A'a, dakika 45, ba 30 ba.",
            "Koma zuwa dakika 30, ba 45 ba.",
        ],
        [
            "timeout ကို 30 စက္ကန့် ထားပါ။",
            "45 စက္ကန့် ထားပါ၊ 30 မဟုတ်ဘူး။",
            "30 စက္ကန့် ပြန်ထားပါ၊ 45 မဟုတ်ဘူး။",
        ],
    ],
)
def test_a_correction_of_a_correction_is_the_constraint(said: list[str]) -> None:
    """The newest value, turned back to, is the rule (review47: the superseded one stood
    under Constraints and the final one only under Numbers that matter)."""
    constraints = _section_after(
        "Make the export job retry on timeouts.", said, "Constraints and corrections"
    )
    assert said[-1].rstrip(".։။") in constraints


@pytest.mark.parametrize(
    "deferred",
    [
        "Þegar þú hefur tíma, uppfærðu skjölin fyrir útgáfuna.",
        "Kai turėsi laiko, atnaujink README su naujomis parinktimis.",
        "Когато имаш време, обнови документацията за API.",
        "Kalau kamu ada waktu, perbarui README dengan opsi baru.",
    ],
)
def test_a_request_put_off_until_there_is_time_stays_open(deferred: str) -> None:
    """An opening clause naming time puts the request off: answered "Noted.", it is still
    to do (review47: "when you have time, …" went to "User also said" in every language)."""
    said = [deferred, "Thanks."]
    requests = _section_after("Clean up the release notes.", said, "Open requests")
    assert deferred.rstrip(".") in requests


@pytest.mark.parametrize(
    "said", ["Last time we tried, the deploy failed twice.", "The first time I ran it, it crashed."]
)
def test_an_occasion_is_no_request_put_off(said: str) -> None:
    from contextledger.compaction.facts import until_free

    assert not until_free(said)
