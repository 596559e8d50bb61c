"""What a tool did, read from the shape of its arguments and output, whatever language its
name and keys are in (redteam18 R3/R4, review13 RC4): a command line or a query run by
``voer_uit(opdracht=…)``, a file written by ``schrijf_bestand(pad=…, inhoud=…)``, numbers a
tool counted (kept with priority, also when the assistant restates them as "2.347"), a
failure with no English marker (``ETIMEDOUT``, ``{"statut": "REJET"}``, "ha fallado"), a
decision said in Japanese or Polish - and the prose, settings and questions that are none."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.findings import counted_lines, quantities, summary_lines, table_rows
from contextledger.compaction.tool_calls import call_commands, call_writes, command_line
from contextledger.model import Message, ToolCall, with_ids

GOAL = Message.user("Help me get the release of the billing service out.", id="u0")


def _run(name: str, args: dict[str, Any], result: str, k: int = 1) -> list[Message]:
    cid = f"c{k}"
    call = ToolCall(cid, name, json.dumps(args, ensure_ascii=False))
    return [Message("assistant", (call,), id=f"a{k}"), Message.tool(cid, result, id=f"t{k}")]


def _section(text: str, name: str) -> str:
    """The lines of section ``name`` in a rendered recap."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if line and not line.startswith("- "):
            inside = line.startswith(name + ":")
        if inside:
            out.append(line)
    return "\n".join(out)


def test_a_command_is_read_from_the_argument_whatever_the_tool_and_key_are_called() -> None:
    ran = [
        ("voer_uit", "opdracht", "kubectl rollout restart deploy/web -n prod"),
        ("wykonaj", "polecenie", "systemctl restart nginx"),
        ("calistir", "komut", "npm run build -- --prod"),  # "calistir" has "list" in it
        ("実行", "コマンド", "pytest -q tests/test_refund.py"),
        ("consulter_base", "demande", "SELECT count(*) FROM orders WHERE status = 'stuck'"),
        ("uruchom", "polecenie", "vrp-export --scenario S-2 --format gpx --out exp/a.gpx"),
        ("spustit", "prikaz", "docker build -t shop/api:3.1 ."),
        # a package path as the last argument, a runner by its path, a build tool
        ("ejecuta", "orden", "go vet ./..."),
        ("aja", "kasky", "vendor/bin/pest --filter Invoice"),
        ("yurut", "komut", "bin/console cache:clear --env=prod"),
        ("kor", "rad", "dotnet build Billing.sln -c Release"),
        ("bajalankan", "perintah", "bundle exec rake db:seed"),
    ]
    for tool, key, cmd in ran:
        call = ToolCall("c", tool, json.dumps({key: cmd}, ensure_ascii=False))
        assert call_commands(call) == [cmd], tool
    prose = [
        ("notitie_maken", {"tekst": "make deploy is done, the build is green"}),
        ("ticket", {"titel": "git push fails on main"}),
        ("search_docs", {"query": "pytest flaky fixture teardown"}),
        ("enviar", {"destino": "echo de menos el viejo pipeline"}),
        ("tagger", {"wort": "select the files from the list"}),
        ("vytvorit_ukol", {"nazev": "docker build is slow on CI runners"}),
        # review14 RC7: a look-up's or an explainer's question runs nothing
        ("kb_lookup", {"consulta": "systemctl restart nginx"}),
        ("explain_command", {"cmd": "dd if=/dev/zero of=/dev/sda bs=1M"}),
    ]
    for tool, args in prose:
        call = ToolCall("c", tool, json.dumps(args, ensure_ascii=False))
        assert call_commands(call) == [], tool
    assert not command_line("make sure the deploy is done by Friday")
    assert not command_line("pytest flaky")
    assert not command_line("bundle the assets for the release")
    assert not command_line("dotnet is the runtime we ship.")


def test_a_file_written_is_a_path_beside_the_lines_written_in_any_language() -> None:
    writes = [
        ("schrijf_bestand", {"pad": "docs/release-notes.md", "inhoud": "# 2.4\n- refunds\n"}),
        ("写入", {"路径": "deploy/values.yaml", "内容": "replicas: 3\nimage: api:2.4\n"}),
        ("tallenna", {"polku": "notes/incident.md", "sisalto": "Syy: pool.\nKorjaus: 40.\n"}),
    ]
    for tool, args in writes:
        path = next(v for v in args.values() if "\n" not in v)
        call = ToolCall("c", tool, json.dumps(args, ensure_ascii=False))
        assert call_writes(call) == [path], tool
        assert call_commands(call) == [], tool
    none = [
        ("opmerking_plaatsen", {"bestand": "src/api/refund.py", "opmerking": "Ziet er goed uit"}),
        ("send_email", {"bijlage": "reports/q3.pdf", "body": "Hoi,\n\nzie bijlage.\n"}),
        ("lees_bestand", {"pad": "docs/a.md", "regels": "1\n2"}),
    ]
    for tool, args in none:
        call = ToolCall("c", tool, json.dumps(args, ensure_ascii=False))
        assert call_writes(call) == [], tool


def test_numbers_a_tool_counted_are_lines_with_a_label_not_progress_or_listings() -> None:
    assert counted_lines("TOTAL LAG: 18,204 messages behind on billing.events") == [
        "TOTAL LAG: 18,204 messages behind on billing.events"
    ]
    assert counted_lines("未処理件数: 3,412件\n最終更新: 02:10") == ["未処理件数: 3,412件"]
    assert counted_lines("total 48\n-rw-r--r-- 1 me me 4096 Dec 1 10:00 a.py") == []
    assert counted_lines(" compte |  sum\n--------+------\n 445710 | 184316.72\n(1 ligne)") == []
    assert quantities("Quedan 5.120 pagos") == quantities("count\n 5120") == {"5120"}
    assert quantities("release 2026-10-01 at 02:10, v1.2.3") == set()


def test_a_small_tables_rows_are_kept_after_its_header_a_listing_and_a_diffstat_are_not() -> None:
    psql = " channel | count \n---------+-------\n email   |  1204\n push    | 40913\n(2 rows)"
    assert table_rows(psql) == [
        "channel | count →  email   |  1204",  # as printed: the row's own spacing
        "channel | count →  push    | 40913",
    ]
    assert table_rows(" count \n-------\n   84004\n(1 row)") == ["count →    84004"]
    assert table_rows(" compte |  sum\n--------+------\n 445710 | 184316.72\n(1 ligne)") == [
        "compte | sum →  445710 | 184316.72"
    ]
    markdown = "| region | p95_ms |\n|---|---|\n| eu-west-1 | 359 |"
    assert table_rows(markdown) == ["| region | p95_ms | → | eu-west-1 | 359 |"]
    listing = "id,name,count\n" + "\n".join(f"{k},row{k},{k * 7}" for k in range(12))
    assert table_rows(listing) == []  # a listing: only the rows asked about (asked_rows)
    diffstat = " src/a.py | 12 ++++++------\n src/b.py |  3 ++-\n 2 files changed, 9 insertions(+)"
    assert table_rows(diffstat) == []
    assert table_rows(" name | note\n------+------\n a    | ok\n") == []  # no number


def _long_session(head: list[Message]) -> list[Message]:
    """``head``, then twenty-five rounds of reading and talking that compete for the recap's room."""
    msgs = [GOAL, *head]
    for k in range(3, 28):
        msgs += _run(
            "bash", {"command": f"cat src/mod_{k}.py"}, f"def f{k}():\n    return {k}\n", k
        )
        msgs.append(
            Message.assistant(
                f"The helper f{k} in src/mod_{k}.py returns {k}; its key comes from "
                f"settings.CACHE_{k}.",
                id=f"x{k}",
            )
        )
        msgs.append(Message.user(f"ok, keep going with module {k}", id=f"v{k}"))
    return msgs


def test_numbers_found_by_tools_keep_their_room_in_a_long_session() -> None:
    cases = [
        (_run("calculer", {"expression": "rapprochement(512000)"},
              "solde banque : 48 210,55\nécart non justifié : 3 118,40 €\nstatut : A_REVOIR"),
         "3 118,40 €"),
        (_run("run_cell", {"code": "evaluate(model, X_test)"},
              "test: MAE 3.21  RMSE 5.02 kWh  max_abs_err 41.7 kWh  n=1200"),
         "max_abs_err 41.7 kWh"),
        ([*_run("ejecutar", {"comando": "psql -c 'SELECT count(*) FROM pagos'"},
                " count\n-------\n  5120\n(1 row)"),
          Message.assistant("Quedan 5.120 pagos pendientes por conciliar.", id="x2")],
         "5.120 pagos pendientes"),
    ]  # fmt: skip
    for head, needle in cases:
        recap = render_digest(digest(_long_session(head)), 800)
        assert needle in _section(recap, "Numbers that matter"), needle


def test_failures_without_an_english_marker() -> None:
    failing = [
        ("run_shell", {"command": "node scripts/sync.js"},
         "Syncing 1,200 accounts...\nETIMEDOUT 10.0.3.4:443", "ETIMEDOUT"),
        ("deposer", {"ref": "A-1"},
         'HTTP 422\n{"statut": "REJET", "code": "EDI-3301", "message": "Montant incohérent"}',
         "EDI-3301"),
        ("einreichen", {"ref": "A-1"}, '{"ergebnis": "abgelehnt", "grund": "Frist"}', "abgelehnt"),
        ("ejecutar_prueba", {"ref": "A-1"},
         "La prueba test_reembolso ha fallado: se esperaba 200", "test_reembolso"),
        ("デプロイ", {"ref": "A-1"}, "デプロイを開始します\n接続がタイムアウトしました", "タイムアウト"),
        ("implantar", {"ref": "A-1"}, "Erro ao conectar ao banco: senha inválida", "senha"),
        ("optimize", {"ref": "A-1"}, "iter 40\nstatus: INFEASIBLE (7 stops late)", "INFEASIBLE"),
        ("razvernut", {"ref": "A-1"}, "Ошибка подключения: превышено время ожидания", "Ошибка"),
    ]  # fmt: skip
    passing = [
        ("run_shell", {"command": "cat config.toml"}, "timeout = 30\nretries = 3"),
        ("presentar", {"ref": "A-2"}, '{"estado": "ACEPTADO", "id": "R-77"}'),
        ("デプロイ", {"ref": "B"}, "デプロイが完了しました (エラーなし)"),
        ("run_shell", {"command": "kubectl get cm api -o yaml"}, "data:\n  TIMEOUT: 30s"),
        ("optimize", {"ref": "B"}, "status: FEASIBLE\nsummary: total_km 9184.6"),
        # review14 RC5: a value that starts like a negation is no failed state
        ("lookup_order", {"ref": "B"}, "order 5512\nstatus: INVOICED\ntotal: 129.90 EUR"),
        ("crm_get_contact", {"ref": "B"}, "name: Dana Price\nstate: Indiana"),
        ("pkg_info", {"ref": "B"}, "result: INSTALLED (2.4.1)"),
        ("vault_unseal", {"ref": "B"}, "Unseal progress 3/3\nstatus: UNSEALED"),
        (
            "run_shell",
            {"command": "grep -n ETIMEDOUT docs/errors.md"},
            "12: ETIMEDOUT means the peer did not answer in time; we retry twice.",
        ),
    ]
    for tool, args, out, needle in failing:
        d = digest([GOAL, *_run(tool, args, out)])
        assert any(needle in f for f in d.items("Failures")), (tool, d.sections)
    for tool, args, out in passing:
        assert not digest([GOAL, *_run(tool, args, out)]).items("Failures"), tool


def test_decisions_in_any_script_and_questions_that_decide_nothing() -> None:
    def decisions(said: str) -> list[str]:
        msgs = [GOAL, Message.assistant("Drafting it.", id="a"), Message.user(said, id="u")]
        return digest(msgs).items("Decisions")

    assert decisions("山田さんがキャッシュはRedisにすると決めました。")
    assert decisions("Marek zdecydował, że zostajemy przy Kafce.")
    assert decisions("Sanne heeft besloten om Postgres te houden.")
    assert decisions("Omar picked DejaVu Sans as the fallback font.")
    assert not decisions("キャッシュはRedisにすると決めましたか？")
    for undone in [  # review14 RC6: not (yet) decided, said before the verb
        "We haven't decided on the database yet.",
        "Nobody approved the refund so far.",
        "Иван ещё не решил, какую базу брать.",
        "Marek nie zdecydował jeszcze.",
        "まだ決めていません。",
    ]:
        assert not decisions(undone), undone


def test_a_folder_copied_into_a_folder_is_written_and_files_stem_to_file() -> None:
    from contextledger.compaction.reads import shell_writes
    from contextledger.compaction.trace import stem

    assert shell_writes("rsync -av build/ /srv/www/") == ["/srv/www/"]
    assert shell_writes("rsync -a dist/app.js host:/srv/app/") == ["host:/srv/app/app.js"]
    assert [stem(w) for w in ("files", "file", "classes", "class")] == [
        "file", "file", "class", "class"
    ]  # fmt: skip


def test_open_requests_next_steps_and_labelled_corrections_in_other_languages() -> None:
    msgs = [
        Message.user("Zaplanuj trasy na wtorek dla 40 busów.", id="u1"),
        Message.assistant("Zaczynam od danych z bazy.", id="a1"),
        Message.user("Poprawka: ładowność busów to 1200 kg, a nie 1500 kg.", id="u2"),
        Message.assistant("Przyjąłem 1200 kg.", id="a2"),
        Message.user("Jak skończysz, przygotuj mi krótkie podsumowanie dla kierowców.", id="u3"),
        Message.assistant("Teraz sprawdzę okna czasowe dla siedmiu przystanków.", id="a3"),
    ]
    d = digest(msgs)
    assert any("Poprawka" in r for r in d.items("Constraints and corrections")), d.sections
    assert any("podsumowanie" in r for r in d.items("Open requests")), d.sections
    assert d.items("Next step") == ["Teraz sprawdzę okna czasowe dla siedmiu przystanków."]
    # a status that opens with "now" is no plan: "Ahora el test pasa."
    plain = [GOAL, Message.assistant("Ahora el test pasa sin errores.", id="a")]
    assert not digest(plain).items("Next step")


@pytest.mark.parametrize(
    "request_",
    [
        "Až skončíš, napiš krátké shrnutí pro tým.",  # Czech
        "Bitirdiğinde ekibe kısa bir özet gönder.",  # Turkish
        "Når du er færdig, så send rapporten til Mette.",  # Danish
        "Ukimaliza, tuma ripoti kwa timu.",  # Swahili
        "Daha sonra sürüm notunu da güncelle.",  # Turkish "later"
        "Wenn das drin ist, kannst du bitte auch docs/runbook.md aktualisieren?",  # "once it's in"
        "Depois disso, você pode atualizar também docs/runbook.md?",  # "after that"
        "بعد ذلك، هل يمكنك تحديث docs/runbook.md أيضًا؟",
        "做完之后，能顺便更新一下 docs/runbook.md 吗？",
    ],
)
def test_a_request_for_when_the_work_is_done_stays_open_in_more_languages(request_: str) -> None:
    msgs = with_ids(
        [
            Message.user("Migrate the nightly export to the new queue."),
            Message.user(request_),
            Message.assistant("OK."),
        ]
    )
    assert digest(msgs).items("Open requests") == [request_]


def test_a_request_in_the_turns_kept_verbatim_is_open_and_one_answered_there_is_not() -> None:
    """redteam19: the open requests sat in the verbatim tail, never under "Open requests"; a
    request the kept turns report done is no longer open."""
    record = with_ids(
        [
            Message.user("Migrate the nightly export to the new queue."),
            Message.user("Later, update the runbook for the new queue."),
            Message.assistant("Will do after the migration."),
            Message.user("ok"),
            Message.assistant("Migrated the export."),
            Message.user("Once it's green, post a note in #data-eng."),
            Message.assistant("Sure."),
        ]
    )
    d = digest(record[:3], history=record)
    assert d.items("Open requests") == [
        "Later, update the runbook for the new queue.",
        "Once it's green, post a note in #data-eng.",
    ]
    done = [*record, Message.assistant("Updated the runbook for the new queue.", id="z")]
    assert d.items("Open requests")[0] not in digest(record[:3], history=done).items(
        "Open requests"
    )


def test_a_correction_labelled_as_one_is_a_constraint_in_more_languages() -> None:
    from contextledger.compaction.rules import is_rule

    for said in (
        "Rettelse: fristen er fredag, ikke torsdag.",  # Danish
        "Labojums: serveris ir eu-2, nevis eu-1.",  # Latvian
        "Correcció: el port és 8443, no 8080.",  # Catalan
        "Ralat: tenggatnya Jumat, bukan Kamis.",  # Indonesian
    ):
        assert is_rule(said), said


def _log(n: int) -> str:
    return "\n".join(f"INFO worker {7000 + i} heartbeat ok latency={i % 90}ms" for i in range(n))


def test_a_long_logs_summary_number_is_kept_and_its_repeated_lines_are_not() -> None:
    """RT24-3: a number said only in a tool's long output ("SUMMARY peak_queue_depth=94605
    over 24h") is a number that matters; a log's repeated lines and a run's tally are not."""
    out = _log(20) + "\nSUMMARY peak_queue_depth=94605 over 24h\n" + _log(8)
    assert summary_lines(out) == ["SUMMARY peak_queue_depth=94605 over 24h"]
    assert summary_lines(_log(40)) == []
    assert summary_lines(_log(30) + "\n============ 1412 passed in 41.20s ============") == []
    assert counted_lines("mypy: Success: no issues found in 212 source files") == []
    head = _run("bash", {"command": "./scripts/queue_report.sh --since 24h"}, out)
    recap = render_digest(digest(_long_session(head)), 800)
    assert "peak_queue_depth=94605" in _section(recap, "Numbers that matter")


def test_a_number_the_user_asked_about_is_kept_from_the_tools_output() -> None:
    out = _log(20) + "\nstats | cache_hits=48213 | misses=311\n" + _log(8)
    asked = Message.user("How many cache hits did we get overnight?", id="q1")
    head = [asked, *_run("bash", {"command": "./scripts/cache_stats.sh"}, out)]
    recap = render_digest(digest(_long_session(head)), 800)
    assert "cache_hits=48213" in _section(recap, "Numbers that matter")


def test_a_secrets_value_a_tool_printed_is_never_recapped() -> None:
    """RT25-1: `env | grep` printed a token's value; the recap lists the command, not it."""
    head = _run(
        "bash", {"command": "env | grep GRAFA"}, "GRAFANA_SA_TOKEN=sk_06fb6c1f0bd269eb5e56c35d"
    )
    recap = render_digest(digest([GOAL, *head]), 4000)
    assert "`env | grep GRAFA`" in recap
    assert "sk_06fb6c1f0bd269eb5e56c35d" not in recap
    assert counted_lines("api_key: 'ghp_abcdefghijklmnopqrstuvwxyz0123'\nrows: 1234") == [
        "rows: 1234"
    ]


@pytest.mark.parametrize(
    ("args", "ran"),
    [
        ({"commands": ["npx eslint src/paywall --ci-tag t7571"]},
         ["npx eslint src/paywall --ci-tag t7571"]),
        ({"commands": ["make build", "make test -j4"]}, ["make build", "make test -j4"]),
        ({"cmd": ["pytest -k login_flow"]}, ["pytest -k login_flow"]),
        ({"cmd": ["git", "commit", "-m", "fix the build"]}, ["git commit -m 'fix the build'"]),
    ],
)  # fmt: skip
def test_a_list_of_command_lines_is_each_a_command_an_argv_is_one(
    args: dict[str, Any], ran: list[str]
) -> None:
    """R29-M1: {"commands": ["X"]} ran X (it was read as one argv word, quoted: an honest
    recap line "Commands run: `X`" was stripped as unsupported)."""
    assert call_commands(ToolCall("c1", "Bash", json.dumps(args))) == ran
