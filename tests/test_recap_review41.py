"""review41's offline-recap findings: pasted third-party orders (a recipe blog's steps, an IT
policy, exam rules) are not the user's constraints (R41-R1, R41-R4); her own rules in Italian
and Polish are (R41-R2, R41-R8); her decisions after a word of agreement are Decisions in the
languages users write in (R41-R3), and stay when a correction changes another value on their
topic (R41-R11); a ban's next sentence saying what to do instead stays with it (R41-R4)."""

import pytest

from builders import offline_recap, recap_section

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
