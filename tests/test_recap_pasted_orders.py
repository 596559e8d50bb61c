"""review41's offline-recap findings: pasted third-party orders (a recipe blog's steps, an IT
policy, exam rules) are not the user's constraints (R41-R1, R41-R4); her own rules in Italian
and Polish are (R41-R2, R41-R8); her decisions after a word of agreement are Decisions in the
languages users write in (R41-R3), and stay when a correction changes another value on their
topic (R41-R11); a ban's next sentence saying what to do instead stays with it (R41-R4)."""

import pytest

from builders import offline_recap, openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.sections import RERUN_SUCCEEDED
from contextledger.providers import read_messages

GOAL = ("user", "Help me plan the menu for my brother's wedding lunch on 14 September.")
OK = ("assistant", "Noted.")
RULES = "Constraints and corrections"


@pytest.mark.parametrize(
    ("framing", "steps"),
    [
        (
            "Ho trovato questa ricetta su un blog, che ne dici?",
            [
                "Non usare pentole di alluminio per il pomodoro.",
                "Non mescolare il risotto dopo aver aggiunto il burro.",
                "Tostare il riso a secco per due minuti.",
                "Non lavare i funghi sotto l'acqua corrente.",
                "Servire subito, non riscaldare.",
            ],
        ),
        (
            "模試の注意事項をもらいました。",
            [
                "・試験中は携帯電話の電源を切ること。",
                "・試験開始の合図があるまで問題冊子を開いてはいけない。",
                "・鉛筆とシャープペンシル以外は使用してはいけない。",
                "・不正行為をした者はすべての科目を無効とする。",
                "・解答はすべて解答用紙に記入すること。",
            ],
        ),
    ],
)
def test_orders_a_user_pastes_are_not_her_constraints(framing: str, steps: list[str]) -> None:
    joined = "\n".join(f"{k}. {s}" if s[0] != "・" else s for k, s in enumerate(steps, 1))
    recap = offline_recap(GOAL, OK, ("user", f"{framing}\n\n{joined}"), OK)
    listed = recap_section(recap, RULES)
    assert not any(s.lstrip("・") in listed for s in steps)


def test_a_list_she_heads_as_her_rules_stays_hers() -> None:
    rules = ["Never call me before 10.", "No pork in any dish.", "Keep it under 3,000 euro."]
    listed = "Rules:\n" + "\n".join(
        f"- {r}" for r in [*rules, "Use the long tables.", "Cash only."]
    )
    recap = offline_recap(GOAL, OK, ("user", listed), OK)
    assert all(r in recap_section(recap, RULES) for r in rules)


@pytest.mark.parametrize(
    "said",
    [
        "Non voglio piatti con la carne di maiale, lo sposo non la mangia.",
        "Mia cognata è celiaca, quindi niente glutine in nessuna portata.",
        "Sotto nessun pretesto `terraform destroy`.",
        "`git push --force` na main? Nie, nigdy.",
        "Żadnych lotów przed 8 rano, bo młodszy syn wtedy wymiotuje.",
        "Hotel musi mieć basen dla dzieci, bez tego nie jedziemy.",
    ],
)
def test_her_own_rules_in_other_languages_are_constraints(said: str) -> None:
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Non voglio disturbarti troppo.",  # "I don't want to bother you": no limit
        "No nic, u nas pada od rana.",  # a shrug: "oh well, it has rained since morning"
        "Non ho fatto niente di male.",
        "Kein Problem, mach ruhig weiter.",
    ],
)
def test_talk_in_a_negations_words_is_no_constraint(said: str) -> None:
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Va bene, come primo facciamo il risotto allo zafferano.",
        "Fechado, vamos propor prazo de pagamento de 45 dias.",
        "Dobra, bierzemy hotel w Chanii, ten z ogrodem.",
        "Tamam, dizüstüler için Windows 11 kuralım.",
        "Vale, usamos Stripe para los pagos.",
        "D'accord, on prend le train de 8 heures.",
        "Gut, nehmen wir das Hotel am See.",
    ],
)
def test_her_decision_after_a_word_of_agreement_is_a_decision(said: str) -> None:
    chatty = f"Oggi piove da una settimana. {said} Vabbè, ho dormito quattro ore."
    recap = offline_recap(GOAL, OK, ("user", chatty), OK)
    decided = recap_section(recap, "Decisions")
    assert said in decided
    assert "dormito" not in decided  # (its deciding sentence, not the talk around it)
    assert said not in recap_section(recap, RULES)


@pytest.mark.parametrize("said", ["Va bene, vediamo domani.", "Ok, bakalım.", "Dobra, sprawdźmy."])
def test_a_look_around_after_a_word_of_agreement_is_no_decision(said: str) -> None:
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said not in recap_section(recap, "Decisions")


def test_a_choice_stays_when_a_correction_changes_another_value_on_its_topic() -> None:
    recap = offline_recap(
        ("user", "Set up the storage for the orders API."),
        OK,
        ("user", "Va bene, usiamo PostgreSQL per lo storico ordini."),
        ("user", "Anzi, lo storico ordini va tenuto 24 mesi, non 12."),
        OK,
    )
    assert "usiamo PostgreSQL per lo storico ordini" in recap
    assert "24 mesi, non 12" in recap_section(recap, RULES)


def test_a_bans_next_sentence_saying_what_to_do_instead_stays_with_it() -> None:
    turn = "雨がひどかったし、電車が遅れた。答えをすぐに教えないでください。まずヒントだけにしてください。まあ、友達とカラオケに行ったけど。"
    recap = offline_recap(("user", "英語の長文読解を教えてください。"), OK, ("user", turn), OK)
    assert "答えをすぐに教えないでください。まずヒントだけにしてください。" in recap_section(
        recap, RULES
    )


def test_japanese_talk_said_turn_after_turn_is_not_listed() -> None:
    """R41-R4: ~60 lines of "雨がひどかった。母が風邪をひいている。" buried her open request."""
    talk = [
        "雨がひどかった。",
        "電車が遅れた。",
        "友達とカラオケに行った。",
        "母が風邪をひいている。",
    ]
    turns = [("user", talk[k % 4] + talk[(k + 1) % 4]) for k in range(8)]
    recap = offline_recap(
        ("user", "英語の長文読解を教えてください。"), OK, *[t for u in turns for t in (u, OK)]
    )
    assert "カラオケ" not in recap_section(recap, "User also said")


def test_a_choice_a_later_correction_turns_down_by_its_noun_is_gone() -> None:
    """R41-R5: "Facciamo i grafici a torta…" stood after "Anzi, meglio grafici a barre, non a
    torta: …"."""
    recap = offline_recap(
        ("user", "Voglio un report mensile delle vendite per regione in PDF."),
        OK,
        ("user", "Facciamo i grafici a torta per le regioni."),
        OK,
        ("user", "Anzi, meglio grafici a barre, non a torta: le torte non si leggono."),
        OK,
    )
    assert "grafici a torta per le regioni" not in recap
    assert "meglio grafici a barre, non a torta" in recap_section(recap, RULES)


def _shell(cid: str, cmd: str, out: str) -> list[dict[str, object]]:
    return [openai_tool_call(cid, "shell", {"cmd": cmd}), openai_tool_result(cid, out)]


def test_a_failed_run_fixed_by_running_it_again_with_other_arguments_is_said_fixed() -> None:
    """R41-R5: the failed `--mese 2026-09` run was all the recap said of report.py."""
    failed = "python report.py --mese 2026-09 --out report_settembre.pdf"
    fixed = "python report.py --mese 2026-10 --out report_ottobre.pdf"
    record = read_messages(
        [
            {"role": "user", "content": "Voglio un report mensile delle vendite in PDF."},
            *_shell("c1", failed, "FileNotFoundError: data/2026-09.csv\nexit status 1"),
            {"role": "user", "content": "No, il mese è ottobre, non settembre."},
            *_shell("c2", fixed, "Report scritto: report_ottobre.pdf\nexit status 0"),
            {"role": "user", "content": "ok"},
        ]
    )
    failures = recap_section(render_digest(digest(record), 4800), "Failures")
    assert f"`{fixed}`: {RERUN_SUCCEEDED}" in failures
    assert failures.index("FileNotFoundError") < failures.index(RERUN_SUCCEEDED)


def test_another_program_or_operand_passing_after_a_failure_fixes_nothing() -> None:
    record = read_messages(
        [
            {"role": "user", "content": "Clean up the data folder listing."},
            *_shell(
                "c1", "ls data/ --all", "ls: cannot access 'data/': No such file\nexit status 2"
            ),
            *_shell("c2", "ls src/ --all", "main.py\nexit status 0"),
            {"role": "user", "content": "ok"},
        ]
    )
    assert RERUN_SUCCEEDED not in render_digest(digest(record), 4800)


def test_a_look_ups_output_is_said_with_what_it_was_asked_in_words() -> None:
    """R41-R9: search_flights' "filtr": "tylko bezpośrednie z Katowic" was nowhere; its output
    stood under Numbers by the tool's name alone."""
    args = {"from": "KTW", "to": "CHQ", "filtr": "tylko bezpośrednie z Katowic"}
    record = read_messages(
        [
            {"role": "user", "content": "Znajdź loty na Kretę dla czterech osób."},
            openai_tool_call("c1", "search_flights", args),
            openai_tool_result(
                "c1", '[{"lot": "W64432", "cena": 738}, {"lot": "W64425", "cena": 1104}]'
            ),
            {"role": "user", "content": "ok"},
        ]
    )
    assert 'filtr="tylko bezpośrednie z Katowic"' in render_digest(digest(record), 4800)


def test_a_rule_said_between_asides_is_recapped_without_them() -> None:
    """R41-R2: "Comunque piove da una settimana, … Vabbè, ho dormito quattro ore." around
    each rule took the bytes of the rules."""
    rule = "Non voglio piatti con la carne di maiale, lo sposo non la mangia."
    turn = (
        f"Comunque piove da una settimana, e ho dormito quattro ore. {rule} Vabbè, ho dormito poco."
    )
    recap = offline_recap(GOAL, OK, ("user", turn), OK)
    assert rule in recap_section(recap, RULES)
    assert "piove" not in recap and "dormito" not in recap


def test_a_request_for_sometime_in_japanese_is_open() -> None:
    """R41-R4: "今度、おすすめの単語帳を教えてください。" was among the small talk."""
    ask = "今度、おすすめの単語帳を教えてください。"
    recap = offline_recap(
        ("user", "英語の長文読解を教えてください。"),
        OK,
        ("user", f"猫がキーボードの上で寝ている。{ask}"),
        ("assistant", "はい。"),
    )
    assert ask in recap_section(recap, "Open requests")


@pytest.mark.parametrize(
    "head", ["A few things for this job:", "Please follow these:", "Also, for the record:"]
)
def test_a_list_of_her_own_rules_with_no_word_of_where_it_came_from_stays_hers(head: str) -> None:
    rules = [
        "Never touch the prod database.",
        "Don't delete the old logs.",
        "Ask me before any migration.",
    ]
    items = [*rules, "Always run the tests first.", "Keep every commit small."]
    body = head + "\n" + "\n".join(f"{k}. {s}" for k, s in enumerate(items, 1))
    recap = offline_recap(("user", "Fix the invoice export."), OK, ("user", body), OK)
    assert all(r in recap_section(recap, RULES) for r in rules)


def test_a_quoted_contract_sent_to_her_is_not_her_rules() -> None:
    clauses = [
        "A CONTRATANTE não poderá ceder este contrato a terceiros.",
        "É vedado à CONTRATANTE revender os produtos fora do território.",
        "Qualquer alteração deste contrato somente terá validade por aditivo.",
        "Fica eleito o foro da comarca de São Paulo.",
        "A CONTRATADA não se responsabiliza por atrasos da transportadora.",
    ]
    body = "Eles me mandaram isso:\n" + "\n".join(f"> {c}" for c in clauses)
    recap = offline_recap(
        ("user", "Me ajude a revisar o contrato do fornecedor."), OK, ("user", body), OK
    )
    assert not any(c in recap_section(recap, RULES) for c in clauses)


def test_a_regulation_she_says_she_copies_in_is_not_her_rules() -> None:
    """retain41's condo_it: "Ti copio un pezzo del regolamento condominiale:" and its articles."""
    articles = [
        "È vietato tenere animali che disturbino la quiete del condominio.",
        "È vietato stendere i panni sulle facciate esterne dell'edificio.",
        "Non è consentito parcheggiare nel cortile oltre le 2 ore.",
        "I condomini devono chiudere il portone dopo le ore 22.",
        "Non gettare rifiuti ingombranti nei contenitori comuni.",
    ]
    body = "Ti copio un pezzo del regolamento condominiale:\n\n### Art. 16\n" + "\n".join(
        f"1.{k}. {a}" for k, a in enumerate(articles, 1)
    )
    recap = offline_recap(("user", "Voglio contestare le spese del tetto."), OK, ("user", body), OK)
    assert not any(a in recap_section(recap, RULES) for a in articles)
