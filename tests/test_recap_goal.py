"""The recap's Goal is the turn that set the task: not a greeting, not a rule said before
the task, and not skipped because the assistant answered a request with a question."""

from __future__ import annotations

import pytest

from contextledger.compaction.digest import digest, goal_message, render_digest
from contextledger.providers import read_messages


def _goal(turns: list[tuple[str, str]]) -> str | None:
    dicts: list[dict[str, str]] = []
    for user, assistant in turns:
        dicts += [{"role": "user", "content": user}, {"role": "assistant", "content": assistant}]
    goal = goal_message(read_messages([*dicts, {"role": "user", "content": "ok"}]))
    return goal.text if goal else None


@pytest.mark.parametrize(
    ("task", "question_back", "answer"),
    [
        (
            "Can you migrate the billing service to Postgres 16?",
            "Sure - should I start with staging or production?",
            "Staging first.",
        ),
        (
            "Could you fix the flaky login test in tests/test_auth.py?",
            "Is it the timeout or the fixture that fails?",
            "The timeout.",
        ),
        (
            "¿Puedes añadir paginación por cursor a la API de búsqueda?",
            "¿Quieres mantener también la paginación por offset?",
            "No, solo cursor.",
        ),
    ],
)
def test_a_task_asked_as_a_question_is_the_goal_when_the_assistant_asks_back(
    task: str, question_back: str, answer: str
) -> None:
    """review17 R17-R4: a clarifying question back does not make the request small talk."""
    assert _goal([(task, question_back), (answer, "Done.")]) == task


def test_an_opening_greeting_answered_by_a_question_is_not_the_goal() -> None:
    task = "Please migrate the billing cron jobs to the new task queue without missing a run."
    assert (
        _goal([("Hi! How are you today?", "Hi! What are we working on?"), (task, "On it.")]) == task
    )


@pytest.mark.parametrize(
    ("greeting", "rule", "task"),
    [
        (
            "Good morning team!",
            "Do not modify the database schema under any circumstances.",
            "Fix the report timezone bug in reports/tz.py.",
        ),
        (
            "Hallo zusammen!",
            "Ändere auf keinen Fall das Datenbankschema.",
            "Behebe den Zeitzonenfehler in reports/tz.py.",
        ),
        (
            "Thanks for yesterday",
            "Never push to main directly, always open a PR.",
            "Add cursor pagination to the search API.",
        ),
    ],
)
def test_a_greeting_then_a_rule_then_the_task_gives_the_task(
    greeting: str, rule: str, task: str
) -> None:
    """review17 R17-R5: the goal is the task after the rule, as the fit pins it."""
    assert _goal([(greeting, "Hello!"), (rule, "Noted."), (task, "Noted.")]) == task


def test_a_short_task_before_a_rule_stays_the_goal() -> None:
    """red team RT22-5: "Korjaa raporttien aikavyöhykebugi." then a prohibition."""
    task = "Korjaa raporttien aikavyöhykebugi."
    rule = "Älä muuta tietokannan skeemaa tässä muutoksessa."
    assert _goal([(task, "Selvä."), (rule, "Selvä."), ("Lisää testi myös.", "Selvä.")]) == task


@pytest.mark.parametrize(
    ("greeting", "task"),
    [
        ("Привіт!", "Мені потрібно додати кешування до сервісу звітів."),
        ("Halo, apa kabar?", "Tolong tambahkan cache ke layanan laporan."),
        ("مرحبا، كيف حالك؟", "أريد إضافة التخزين المؤقت إلى خدمة التقارير."),
        ("Cześć, jak się masz?", "Potrzebuję dodać cache do serwisu raportów."),
    ],
)
def test_the_goal_after_a_greeting_in_uk_id_ar_pl(greeting: str, task: str) -> None:
    """recap12 brief: past the greeting, in the greeting's turn or in a turn of its own (an
    Arabic question mark ends a sentence too)."""
    for turns in ([(f"{greeting} {task}", "OK.")], [(greeting, "Hi!"), (task, "OK.")]):
        dicts = [
            {"role": r, "content": t} for u, a in turns for r, t in (("user", u), ("assistant", a))
        ]
        recap = render_digest(
            digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), 2000
        )
        assert recap.splitlines()[0] == f"Goal: {task}"


def _goal_line(turn: str) -> str:
    dicts = [{"role": "user", "content": turn}, {"role": "assistant", "content": "OK."}]
    recap = render_digest(digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), 2000)
    return recap.splitlines()[0]


@pytest.mark.parametrize(
    ("background", "asked"),
    [
        (
            "Some background first: the previous contractor left this half-finished in March.",
            "What I need from you is to move the payout scheduler onto Postgres 17 and keep "
            "the refund flow working end to end.",
        ),
        (
            "Kurz zum Hintergrund: der vorherige Dienstleister hat das halb fertig liegen lassen.",
            "Ich brauche von dir, dass du den Export auf Postgres 17 umstellst.",
        ),
        (
            "მოკლე კონტექსტი: წინა კონტრაქტორმა ეს მარტში ნახევრად დაასრულა და მას შემდეგ "
            "არავის შეხებია.",
            "შენგან მჭირდება, რომ the dock scheduler გადაიტანო Spring Boot 3.4-ზე და the cycle "
            "counts ბოლომდე მუშა დარჩეს, ტესტები მწვანე იყოს და მორიგე გუნდისთვის მოკლე "
            "მიგრაციის შენიშვნა დაწერო.",
        ),
    ],
)
def test_the_goal_is_the_request_after_its_background_whole(background: str, asked: str) -> None:
    """review22 R22-R2: the background sentence before the request gives way to the request,
    and a request of 3-byte letters over the Goal's 400 bytes keeps its end."""
    assert _goal_line(f"{background} {asked}") == f"Goal: {asked}"


def test_a_long_goal_keeps_its_first_sentence_and_the_start_of_the_next() -> None:
    """heldout23/recap16 set B (el): a preamble no label marks, then a long request: the
    Goal keeps the request's start (cut at a word), as main did, not the preamble alone."""
    first = "Move the payout scheduler onto Postgres 17 and keep the refund flow working."
    rest = " ".join(f"Step {k}: check the seller statement number {k} by hand." for k in range(9))
    line = _goal_line(f"{first} {rest}")
    assert line.startswith(f"Goal: {first} Step 0: check")


@pytest.mark.parametrize(
    ("turn", "goal"),
    [
        (
            "For context, I need you to migrate the users table to Postgres 16 by Friday. "
            "It's urgent.",
            "For context, I need you to migrate the users table to Postgres 16 by Friday. "
            "It's urgent.",
        ),
        (
            "Background task: rebuild the search index nightly without downtime. Thanks!",
            "Background task: rebuild the search index nightly without downtime. Thanks!",
        ),
        (
            "Context: we inherited this repo. Please migrate the users table to Postgres 16.",
            "Please migrate the users table to Postgres 16.",
        ),
        (
            "For context, we inherited this repo last year. Never touch the billing schema.",
            "For context, we inherited this repo last year.",
        ),
    ],
)
def test_a_background_label_gives_way_only_to_a_request_after_it(turn: str, goal: str) -> None:
    """review23 R23-R5: a request that opens with "For context," is the goal; a label of a
    task ("Background task:") is none; a rule or a thanks after it takes no Goal line."""
    assert _goal_line(turn).startswith(f"Goal: {goal}")


def test_a_french_relative_dont_sets_no_rule_in_the_goal() -> None:
    """heldout23/recap16 fr: "Ce dont j'ai besoin, c'est que tu migres …" is the goal; its
    "dont" (of which) is no "don't"."""
    asked = (
        "Ce dont j'ai besoin, c'est que tu migres le planificateur vers Postgres 17 et que le "
        "portail continue de fonctionner de bout en bout."
    )
    assert _goal_line(f"Un peu de contexte : l'équipe a hérité de ce dépôt en mars. {asked}") == (
        f"Goal: {asked}"
    )


@pytest.mark.parametrize(
    "task",
    [
        "Get the vit_b16 fine-tune to 81.5% top-1 on the internal split.",
        "Make the signup page load in under 2 seconds on 3G.",
    ],
)
@pytest.mark.parametrize("greeted", [True, False])
def test_a_target_said_as_a_limit_is_the_goal_after_a_greeting_exchange(
    task: str, greeted: bool
) -> None:
    # R34-G1: after "hey, you around?" - "what are we working on?" the task is still the
    # opening request (a correction's words correct nothing yet), and a later turn that
    # asks a question ("Should we push it anyway? No, don't.") never takes its place
    turns = [("hey, you around?", "Yes - what are we working on?")] if greeted else []
    turns += [
        (task, "On it, checking the config."),
        ("Use bf16, not fp16.", "Switched to bf16."),
        ("Should we push it to the registry anyway? No, don't. Tag it locally.", "Tagged."),
    ]
    assert _goal(turns) == task


def test_the_goal_said_after_a_pasted_config_and_log_is_the_goal() -> None:
    # R34-G2: the turn's own words after the paste were cut with it ("Goal: Here's the
    # current config:")
    log = "\n".join(
        f"[rank{i % 8}] step {i * 50} loss=1.{i:02d} lr=1.00e-04 tok/s=12000 mem=55.0GiB"
        for i in range(12)
    )
    goal = "move the resnet50 training job onto the Kubernetes GPU pool"
    first = (
        f"Here's the current config:\n```yaml\nmodel: resnet50\nlr: 3.0e-4\n```\n{log}\n\n"
        f"OK so the actual task: {goal}. The repo is ml-platform."
    )
    dicts = [
        {"role": "user", "content": first},
        {"role": "assistant", "content": "Looking at the trainer."},
        {"role": "user", "content": "ok"},
    ]
    recap = render_digest(digest(read_messages(dicts)), 2000)
    goal_line = next(x for x in recap.splitlines() if x.startswith("Goal:"))
    assert goal in goal_line


def _goal_line_of(dicts: list[dict[str, str]]) -> str:
    recap = render_digest(digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), 2000)
    return next(x for x in recap.splitlines() if x.startswith("Goal:"))


@pytest.mark.parametrize(
    "items",
    [
        ["- [ ] bump version", "- [ ] update changelog", "- [ ] privacy manifest"],
        ["1. bump version", "2. update changelog", "3. privacy manifest"],
        ["* bump version", "* update changelog"],
    ],
)
def test_the_request_after_a_labelled_list_is_the_goal_not_the_list(items: list[str]) -> None:
    # R35-G1: "release checklist from the wiki:" and its items are what the request works
    # from; the Goal was "- [ ] bump version - [ ] update changelog"
    goal = "ship version 8.8 to the App Store with the new Wallet flow"
    first = "morning all\n\nrelease checklist from the wiki:\n" + "\n".join(items)
    first += f"\n\n@releasebot this sprint we need to {goal}."
    line = _goal_line_of(
        [{"role": "user", "content": first}, {"role": "assistant", "content": "On it."}]
    )
    assert goal in line
    assert "bump version" not in line


@pytest.mark.parametrize(
    ("first", "kept"),
    [
        # the label asks for the list: the list is the task
        ("Please do:\n- bump version\n- update changelog\n\nThanks!", "bump version"),
        # the paragraph after the list adds to it: the list is still the task
        (
            "Tasks for today:\n- fix the login redirect\n- add rate limiting\n\nAlso check the logs.",
            "fix the login redirect",
        ),
    ],
)
def test_a_list_that_is_the_task_stays_the_goal(first: str, kept: str) -> None:
    line = _goal_line_of(
        [{"role": "user", "content": first}, {"role": "assistant", "content": "On it."}]
    )
    assert kept in line


@pytest.mark.parametrize(
    "answer",
    [
        "Plan a 3-day offsite in Kraków for 18 people, 12-14 March.",
        "Probably the same as last year. so: plan a 3-day offsite in Kraków for 18 people, "
        "12-14 March.",
        "we want to plan a 3-day offsite in Kraków for 18 people, 12-14 March!",
    ],
)
def test_the_answer_that_says_what_the_opening_announced_is_on_the_goal_line_of(
    answer: str,
) -> None:
    # R35-G2: the Goal was "so we're doing the team offsite again 🎉" alone
    line = _goal_line_of(
        [
            {"role": "user", "content": "hey! so we're doing the team offsite again 🎉"},
            {"role": "assistant", "content": "Lovely! Where and when are you thinking?"},
            {"role": "user", "content": answer},
            {"role": "assistant", "content": "Searching for venues."},
        ]
    )
    assert "team offsite again" in line
    assert "3-day offsite in Kraków for 18 people" in line


def test_an_opening_request_asked_back_about_keeps_the_goal_line_to_itself() -> None:
    line = _goal_line_of(
        [
            {"role": "user", "content": "Fix the login bug in auth.py."},
            {"role": "assistant", "content": "Which browser does it fail in?"},
            {"role": "user", "content": "Safari 16.4 on Ventura, it crashes on submit."},
            {"role": "assistant", "content": "Reproducing it."},
        ]
    )
    assert line == "Goal: Fix the login bug in auth.py."
