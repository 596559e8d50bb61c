"""A bigger window never knows less: every planted fact a smaller window's fit keeps (the
user's rules, owner and order, told in a language the lexicon does not read, a file
written, a failing test, a command run), a bigger one keeps too.

An on-call user pastes logs of every length between her rules. Her rules are pinned as the
requests that fill the cap (no word table reads them); the earlier requests' cap and the
gists' grow with the window, and one greedy choice within each was not monotone in it: a
paste too big for 8k's cap fitted 12k's, was pinned ahead of the rules after it, and they
were lost (an Armenian order of work, a rule and a request kept at 8k, lost at 16k).

An agent runs 1-5 tool exchanges a round among reads and searches: the gists of the files it
wrote, the commands it ran and the tests that failed were chosen within each window's own
cap, and a gist too big for 12k's room fitted 16k's and took the room of a command run that
12k pinned."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from builders import image_block
from contextledger import Message, ToolCall
from contextledger.fit import fit

MODEL = "gpt-4o"
GEMINI = "gemini-2.5-flash"
# Armenian, Georgian, Khmer and Burmese (the last two written without spaces): an order of
# work, an owner, a rule, a correction and a request no word table reads, each said once
SAID = {
    "hy": (
        "Սկզբում ուղղիր թեստերը, հետո թարմացրու փաստաթղթերը։",
        "Արամը պատասխանատու է արտահանման API-ի համար։",
        "Այս փոփոխության մեջ src/payments/ թղթապանակին մի դիպչիր։",
        "Ոչ, կրկնությունների սահմանը 7 է, ոչ թե 3։",
        "Թողարկումից առաջ թարմացրու docs/export.md ֆայլը։",
    ),
    "ka": (
        "ჯერ ტესტები გაასწორე, მერე დოკუმენტაცია განაახლე.",
        "ნინო არის ექსპორტის API-ის მფლობელი.",
        "ამ ცვლილებაში src/payments/ საქაღალდეს ნუ შეეხები.",
        "არა, ხელახალი ცდის ლიმიტი არის 7 და არა 3.",
        "გამოშვებამდე განაახლე docs/export.md ფაილი.",
    ),
    "km": (
        "ដំបូងជួសជុលតេស្តសិន បន្ទាប់មកធ្វើបច្ចុប្បន្នភាពឯកសារ។",
        "សុខាជាម្ចាស់ API នាំចេញ។",
        "កុំប៉ះថត src/payments/ ក្នុងការផ្លាស់ប្តូរនេះ។",
        "ទេ ដែនកំណត់ការព្យាយាមឡើងវិញគឺ 7 មិនមែន 3 ទេ។",
        "មុនពេលចេញផ្សាយ សូមកែ docs/export.md ផង។",
    ),
    "my": (
        "ပထမ စမ်းသပ်မှုတွေကို ပြင်ပါ၊ ပြီးမှ စာရွက်စာတမ်းတွေကို အပ်ဒိတ်လုပ်ပါ။",
        "မောင်မောင်သည် ထုတ်ယူမှု API ၏ ပိုင်ရှင်ဖြစ်သည်။",
        "ဒီပြောင်းလဲမှုမှာ src/payments/ ကို မထိပါနဲ့။",
        "မဟုတ်ဘူး၊ ပြန်ကြိုးစားမှု ကန့်သတ်ချက်က 7 ပါ၊ 3 မဟုတ်ပါ။",
        "မထုတ်ခင် docs/export.md ကို ပြင်ဖို့ မမေ့ပါနဲ့။",
    ),
}
# her nudges, in her language or in English
NUDGES = {
    "hy": ("ok", "լավ", "շարունակիր", "go on"),
    "ka": ("ok", "კარგი", "გააგრძელე", "next"),
    "km": ("អូខេ", "បាទ បន្តទៀតទៅ", "អរគុណច្រើន", "ok"),
    "my": ("အိုကေ", "ဟုတ်ကဲ့ ဆက်လုပ်ပါ", "ကျေးဇူးတင်ပါတယ်", "ok"),
}
GOAL = "Find why the nightly invoice export drops EU rows and make the job pass again."
TALK = (
    "I looked at the dashboard again and the {p} graphs still look strange to me.",
    "Can you check whether the {p} job also warns when a batch is empty?",
    "My manager asked about the {p} numbers, tell me when you know more.",
)
PARTS = ("billing", "ingest", "worker", "search")
# what she says beside a screenshot of the dashboard, every 13th turn
CAPTIONS = {
    "hy": "Ահա թե ինչ եմ հիմա տեսնում վահանակի վրա։",
    "ka": "აი, რას ვხედავ ახლა დაფაზე.",
    "km": "នេះជាអ្វីដែលខ្ញុំឃើញនៅលើផ្ទាំងឥឡូវនេះ។",
    "my": "ဒက်ရှ်ဘုတ်ပေါ်မှာ အခု ကျွန်တော်မြင်နေရတာ ဒါပါ။",
}


def _log(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f"{i:04d} {rng.choice(['INFO', 'WARN', 'DEBUG'])} export.batch id={rng.randrange(10**6)} "
        f"rows={rng.randrange(9000)} t={rng.random():.3f}s"
        for i in range(lines)
    )


def incident_session(seed: int, rounds: int, lang: str) -> tuple[list[Message], list[str]]:
    """The session and its planted facts: the goal, her rules (``SAID[lang]``) in the first
    two thirds, pastes of 10-90 log lines, remarks and screenshots from her, files written and tests failing."""
    rng = random.Random(seed)
    said = list(SAID[lang])
    at = dict(zip(rng.sample(range(1, rounds * 2 // 3), len(said)), said, strict=True))
    tools = rng.sample(range(rounds - 5), 16)
    writes = {r: f"deploy/export/values-{r}.yaml" for r in tools[:10]}
    fails = {r: f"tests/export/test_rows.py::test_eu_{r}" for r in tools[10:]}
    msgs = [Message.system("You are an on-call agent with a shell."), Message.user(GOAL)]
    for r in range(rounds):
        if r in at:
            msgs.append(Message.user(at[r]))
        elif r % 13 == 4:
            msgs.append(Message.user(CAPTIONS[lang], image_block(512, 512)))
        elif (roll := rng.random()) < 0.2:
            msgs.append(Message.user("Output from my side:\n" + _log(rng, rng.randrange(10, 90))))
        elif roll < 0.5:
            msgs.append(Message.user(rng.choice(TALK).format(p=rng.choice(PARTS))))
        else:
            msgs.append(Message.user(rng.choice(NUDGES[lang])))
        cid = f"c{r}"
        if r in writes:
            args = {"path": writes[r], "content": "replicas: 2\n" * 20}
            call, out = ToolCall(cid, "write_file", json.dumps(args)), "wrote 240 bytes"
        elif r in fails:
            test = fails[r]
            call = ToolCall(cid, "shell", json.dumps({"command": f"pytest {test} -q"}))
            out = _log(rng, rng.randrange(20, 60)) + f"\nFAILED {test} - AssertionError"
        else:
            call = ToolCall(cid, "shell", json.dumps({"command": "kubectl logs job/export"}))
            out = _log(rng, rng.randrange(30, 120))
        msgs += [Message("assistant", (call,)), Message.tool(cid, out)]
        msgs.append(Message.assistant(f"Step {r} checked."))
    msgs.append(Message.user(NUDGES[lang][0]))
    return msgs, [GOAL, *said, *writes.values(), *fails.values()]


AREAS = ("billing", "ingest", "worker", "search", "ledger", "audit", "quota", "cache")
STEPS = ("backoff", "retry", "dedupe", "rollup", "spool", "throttle")


def agent_session(seed: int, rounds: int, lang: str) -> tuple[list[Message], list[str]]:
    """An agent's session and its planted facts: the goal, her rules (``SAID[lang]``), and
    10 files written, 8 commands run with their arguments and 8 failing tests, each once in
    the first two thirds, in rounds of 1-5 tool exchanges among reads and searches of
    20-150 log lines."""
    rng = random.Random(seed)
    said = list(SAID[lang])
    at = dict(zip(rng.sample(range(1, rounds * 2 // 3), len(said)), said, strict=True))
    tools = rng.sample(range(2, rounds * 2 // 3), 26)
    writes = {r: f"src/{AREAS[r % 8]}/{rng.choice(STEPS)}_{r}.py" for r in tools[:10]}
    runs = {
        r: f"make -C services/{AREAS[r % 8]} test SUITE={rng.choice(STEPS)}{r}"
        for r in tools[10:18]
    }
    fails = {
        r: f"tests/{AREAS[r % 8]}/test_{rng.choice(STEPS)}.py::test_case_{r}" for r in tools[18:]
    }
    msgs = [Message.system("You are a coding agent with a shell."), Message.user(GOAL)]
    for r in range(rounds):
        if r in at:
            msgs.append(Message.user(at[r]))
        elif rng.random() < 0.3:
            msgs.append(Message.user(rng.choice(TALK).format(p=rng.choice(PARTS))))
        else:
            msgs.append(Message.user(rng.choice(NUDGES[lang])))
        exchanges = rng.randrange(1, 6)
        planted = rng.randrange(exchanges)
        for e in range(exchanges):
            cid = f"c{r}_{e}"
            if e == planted and r in writes:
                args = {"path": writes[r], "content": "def f():\n    return 1\n" * 12}
                call, out = ToolCall(cid, "write_file", json.dumps(args)), "wrote 240 bytes"
            elif e == planted and r in runs:
                call = ToolCall(cid, "shell", json.dumps({"command": runs[r]}))
                out = _log(rng, rng.randrange(20, 60)) + "\nok: 31 passed"
            elif e == planted and r in fails:
                test = fails[r]
                call = ToolCall(cid, "shell", json.dumps({"command": f"pytest {test} -q"}))
                out = _log(rng, rng.randrange(20, 60)) + f"\nFAILED {test} - AssertionError"
            elif rng.random() < 0.5:
                path = f"src/{rng.choice(AREAS)}/{rng.choice(STEPS)}.py"
                call = ToolCall(cid, "read_file", json.dumps({"path": path}))
                out = _log(rng, rng.randrange(20, 150))
            else:
                command = f"grep -rn {rng.choice(STEPS)} src/ | head -150"
                call = ToolCall(cid, "shell", json.dumps({"command": command}))
                out = _log(rng, rng.randrange(20, 150))
            msgs += [Message("assistant", (call,)), Message.tool(cid, out)]
        msgs.append(Message.assistant(f"Round {r} done."))
    msgs.append(Message.user(NUDGES[lang][0]))
    facts = [*writes.values(), *runs.values(), *fails.values()]
    return msgs, [GOAL, *said, *facts]


def _kept(msgs: list[Message], facts: list[str], window: int, model: str) -> set[str]:
    fitted = fit(msgs, model, window=window, max_output_tokens=1000).messages
    sent = "\n".join(
        [m.text for m in fitted]
        + [b.arguments for m in fitted for b in m.content if isinstance(b, ToolCall)]
    )
    return {fact for fact in facts if fact in sent}


WINDOWS = (8_000, 12_000, 16_000, 24_000, 32_000)
FEW_SESSIONS = settings(
    max_examples=5,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
WINDOW_PAIRS = st.tuples(st.sampled_from(WINDOWS), st.sampled_from(WINDOWS)).filter(
    lambda p: p[0] < p[1]
)


Session = Callable[[int, int, str], tuple[list[Message], list[str]]]


@FEW_SESSIONS
@given(
    session=st.sampled_from([incident_session, agent_session]),
    seed=st.integers(0, 10_000),
    rounds=st.integers(110, 200),
    lang=st.sampled_from(sorted(SAID)),
    pair=WINDOW_PAIRS,
    model=st.sampled_from((MODEL, "claude-sonnet-4-5", GEMINI)),
)
# (main lost 3 rules at 16k; a screenshot put back twice)
@example(session=incident_session, seed=2, rounds=112, lang="hy", pair=(8_000, 16_000), model=MODEL)
@example(
    session=incident_session, seed=2, rounds=112, lang="hy", pair=(16_000, 32_000), model=MODEL
)
# (main chose the gists within each window's own cap: a command run pinned at 12k, lost
# at 16k; at 8k, lost at 12k)
@example(session=agent_session, seed=0, rounds=200, lang="ka", pair=(12_000, 16_000), model=GEMINI)
@example(session=agent_session, seed=1, rounds=200, lang="km", pair=(8_000, 12_000), model=GEMINI)
def test_a_bigger_window_keeps_every_fact_a_smaller_one_keeps(
    session: Session, seed: int, rounds: int, lang: str, pair: tuple[int, int], model: str
) -> None:
    msgs, facts = session(seed, rounds, lang)
    small, big = pair
    assert _kept(msgs, facts, small, model) <= _kept(msgs, facts, big, model)
