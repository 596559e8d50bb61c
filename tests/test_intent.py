"""The bulk classification of requests (``steering_requests``) says exactly what the
per-text questions say, whatever the texts and however they are cut into a list."""

from __future__ import annotations

import importlib
import re
from itertools import islice
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import steering_reference
from contextledger import intent
from contextledger.intent import (
    is_constraint,
    is_correction,
    is_nudge,
    is_substantive,
    might_steer,
    restates_task,
    restating_requests,
    steering_requests,
)

# Phrases every pattern is built on (each alternative at least once), and fillers.
TRIGGERS = """
no, | nope. | wait! | stop: | hold on, | scratch that - | correction; | sorry, | actually |
instead | rather than | I meant | that's wrong | that's wrongly | thats not right | that's not what | not what I |
wrong | mistake | switch to | switch back | change of plan | on second thought | make it |
make that | use redis, not memcached | use X not Y | use cannot Y | should be | should have been |
is actually | is really | update: | do not | don't | dont | never | mustn't | must | shall not |
should not | shouldn't | cannot | can't | may not | no longer | avoid | refrain from |
under no circumstances | under 5 | without asking | without approval | stay away from |
stay out of | leave src alone | leave it as is | off-limits | off limits | keep it | keep them |
make sure | ensure | always | only use | only edit | has to | have to | need to | needs to |
require | required | requirement | constraint | rule: | at most | at least | no more than |
no fewer than | below 3 | within 2 | limited to | limit to | stick to | pinned to | pin to |
not allowed | forbidden | prohibited | the goal is | the main task remains | the objective was |
the actual aim is | new goal | new task | new plan | to restate | to recap | to be clear |
let's refocus | lets pivot | we need to now pivot | I want you to refocus | i need to pivot |
from now on the task | don’t | that’s wrong | that’s not right | mustn’t | shouldn’t | can’t |
let’s pivot | only modify | only ever deploy | only run | restrict yourself to | restricted to |
edit only | modify just | work only | keep changes | keep your edits | stay within | stay on |
confine | limit the change to | only the api module can change | touch nothing |
nothing else should | also: no force pushes | zero new deps | only squash | please no prints |
skip e2e | only with -target | no exceptions | with zero downtime | , ever | hands off |
leave flags as they are | leave it be | keep the db read-only | keep it as is | stays compatible |
nothing goes to prod | sign-off | my approval | ask me first | check with us before |
I'd rather | I would prefer | do it without sudo | max 6 | minimum of 2 | needs two approvals |
scratch that | strike that | I misspoke | misread | ignore my last | forget what I said |
disregard | never mind | nevermind | I was wrong | correcting myself | I take that back |
turns out the | let me rephrase | oh wait, | restating | the whole point is | bottom line |
what we need is | scratch the migrations rule | lift the freeze | drop our review requirement |
forget the old limit | revoke that ban | the freeze is lifted | the rule has been revoked |
you may edit it now | you can deploy staging now | use flags for anything |
use ruff for every file | wait until CI is green before merging | wait for review to merge |
keep the output shorter | keep it going | must have been stale | must've failed |
must have tests | always fails | always run | subheadings are allowed now | is now permitted |
are also allowed | allowed again | permitted now | after all | is allowed |
approved | go ahead with | signed off | we decided | aprovou | aprobó | validé | 决定 | 同意吗 |
what we decided | once approved | did you approve
"""
PHRASES = [p.strip() for p in TRIGGERS.split("|")]
FILLERS = [
    "the", "fix", "login", "test", "Redis", "it", "that", "is", "not", "what", "i", "use",
    "to", "x", "3", "ok", "keep", "going", "thanks", "only", "do", "at", "no", "under",
    "users", "planning", "musty", "donate", "é", "ſtop", "naïve", "İt", "\u212aeep", "ı",
    "٣", "café", "日本", "don’t", "\u0301",
]  # fmt: skip
SEPARATORS = [" ", "  ", "\n", "\t", ", ", ". ", "'", "-", "\x1c", "", "—", "(", '"', "_",
              "’", "\u00a0", "\u2009", "…", "\u3000", "\x00"]  # fmt: skip

words = st.sampled_from(PHRASES + FILLERS)
texts = st.lists(st.tuples(words, st.sampled_from(SEPARATORS)), min_size=0, max_size=12).flatmap(
    lambda parts: st.sampled_from(
        [
            "".join(w + s for w, s in parts),
            "".join(w + s for w, s in parts).upper(),
            "".join(w + s for w, s in parts).title(),
        ]
    )
)


def substantive_as_first_written(text: str) -> bool:
    """``is_substantive`` as first written (three passes over the opening words), a word of
    nine letters or more counted as two (an agglutinating language's order in three words:
    "Ngiphendule njalo ngamaphoyinti."), and so a capitalised Latin word among words of
    another script (a name: "Релиздин ээси — Mariam.")."""
    first_four = [m.group() for m in islice(re.finditer(r"\w+", text), 4)]
    latin = [not any(c > "\u024f" and c.isalpha() for c in w) for w in first_four]
    named = (
        0
        if all(latin)
        else sum(w[:1].isupper() for w, a in zip(first_four, latin, strict=True) if a)
    )
    if sum(1 + (len(w) >= 9) for w in first_four) + named < 4 or is_nudge(text):
        return False
    words = [m.group() for m in islice(re.finditer(r"\w+(?:['’]\w+)*", text), 13)]
    after_greeting = intent._PREAMBLE_WORDS | intent.lexicon.AFTER_A_GREETING
    return len(words) > 12 or not (
        all(w.lower().replace("’", "'") in intent._PREAMBLE_WORDS for w in words)
        or (
            words[0].lower() in intent.lexicon.GREETINGS
            and all(w.lower().replace("’", "'") in after_greeting for w in words)
        )
    )


@given(texts | st.text(alphabet="ab'’ _.\u0301é日İ3", max_size=60))
def test_substantive_reads_the_opening_words_once_and_says_the_same(text: str) -> None:
    if intent._UNSPACED.search(text[:200]):
        return  # measured in characters: see the unspaced-script tests below
    assert is_substantive(text) == substantive_as_first_written(text)


# Characters of requests in unspaced scripts that are in no nudge or opener phrase.
CONTENT_CHARS = "导出幂等夜间写入重跑复数据库迁移登录测试修缓存冪再実エポートジョブ"
FILLER_PHRASES = sorted(set(intent._UNSPACED_FILLER_VOCABULARY.split()))
PUNCTUATION = ["", "，", "。", "！", "？", "、", " ", "：", "\n"]


def test_content_characters_are_in_no_filler_phrase() -> None:
    assert not set(CONTENT_CHARS) & set("".join(FILLER_PHRASES))


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("content"), st.sampled_from(CONTENT_CHARS)),
            st.tuples(st.just("filler"), st.sampled_from(FILLER_PHRASES)),
            st.tuples(st.just("punctuation"), st.sampled_from(PUNCTUATION)),
        ),
        max_size=40,
    )
)
def test_an_unspaced_request_is_substantive_by_its_characters_not_its_spaces(
    parts: list[tuple[str, str]],
) -> None:
    """Chinese, Japanese and Thai write no spaces between words: a request in them is
    substantive when about six characters remain besides nudges and openers ("好的",
    "继续", "ありがとうございます", "你好，我有一个任务"), wherever the punctuation falls."""
    text = "".join(p for _, p in parts)
    content = sum(1 for kind, _ in parts if kind == "content")
    if len(text) > 80 or not intent._UNSPACED.search(text):
        return
    assert is_substantive(text) == (content >= 6)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("把夜间导出任务改成幂等的，重跑时不能重复写入行。", True),
        ("夜間エクスポートジョブを冪等にして、再実行で行が重複しないようにしてください。", True),
        ("นำงานส่งออกตอนกลางคืนให้เป็นแบบ idempotent", True),
        ("好的，继续吧", False),
        ("你好，我有一个任务", False),
        ("ありがとうございます！", False),
        ("そのまま続けてください", False),
        ("ขอบคุณครับ", False),
        ("ok 继续", False),
        ("로그인 버그 고쳐줘", True),  # Korean: three spaced words, but a full request
        ("계속 진행해 주세요", False),
        ("哈哈哈哈哈哈", False),
        ("ok sounds good, please keep going with the next step 好", True),  # as in English
        ("great, that looks good to me, carry on 谢谢", False),
    ],
)
def test_goals_and_nudges_in_unspaced_scripts(text: str, expected: bool) -> None:
    """Found in review: words were counted by spaces, so no Chinese or Japanese goal was
    ever substantive and the fit never pinned it."""
    assert is_substantive(text) is expected


@given(st.lists(texts, max_size=8))
def test_bulk_classification_is_the_per_text_one(batch: list[str]) -> None:
    assert steering_requests(batch) == steering_reference(batch)


@given(st.lists(texts, max_size=8))
def test_texts_read_for_restatements_already_are_read_for_rules_alike(batch: list[str]) -> None:
    """The fit reads its requests for restatements first, then for rules without reading
    for restatements again: the same rules either way."""
    assert steering_requests(batch, restating=False) == (steering_reference(batch)[0], [])


@given(st.lists(texts, max_size=8))
def test_the_prefilter_misses_nothing(batch: list[str]) -> None:
    maybe = set(might_steer(batch))
    for i, t in enumerate(batch):
        if is_correction(t) or is_constraint(t) or restates_task(t):
            assert i in maybe, t


@given(st.lists(texts, max_size=8))
def test_re2_finds_every_word_start_the_word_starts_find(batch: list[str]) -> None:
    """With RE2 installed, every word start Python's engine finds within its own text."""
    pytest.importorskip("re2")
    fast = intent._candidates_by_re2(batch)
    assert fast is not None  # (İ ı ſ K too: folded to ASCII letters first)
    where, restating = fast
    slow_where, slow_restating = intent._candidates(batch)
    for j, text in enumerate(batch):
        own = intent._candidates([text])[0].get(0, [])  # the text alone: no run-on phrase
        assert set(own) <= set(where.get(j, [])), text
        assert set(where.get(j, [])) <= set(slow_where.get(j, [])), text
    assert restating <= slow_restating


def test_a_text_without_an_ascii_letter_is_left_out_of_re2s_pass() -> None:
    """A pasted Chinese chapter holds no word of the pass: it is not folded, and the
    word starts of the texts after it stay where they are."""
    pytest.importorskip("re2")
    chapter = "这是第4章，请帮我读一下：\n\n" + "南日青调是象心术生标专品部些运率（3095）。" * 50
    batch = [chapter, "Actually, use Redis not Memcached.", chapter, "ok, never touch prod"]
    fast = intent._candidates_by_re2(batch)
    assert fast is not None
    where, _ = fast
    assert set(where) == {1, 3}
    for j in (1, 3):
        assert where[j] == intent._candidates([batch[j]])[0][0]
    assert steering_requests(batch) == steering_reference(batch) == ([1, 3], [])


def test_without_re2_the_classification_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    batch = [f"please {phrase} the billing service" for phrase in PHRASES] + ["ok", "日本"]
    batch += [f"这次{phrase}，谢谢" for phrase in UNSPACED_PHRASES]
    with_re2 = steering_requests(batch)
    monkeypatch.setattr(intent, "_candidates_by_re2", lambda texts, letterless=None: None)
    monkeypatch.setattr(intent, "_re2_unspaced", lambda: None)
    assert steering_requests(batch) == with_re2 == steering_reference(batch)


def test_every_trigger_phrase_is_caught_alone_and_after_another_text() -> None:
    for phrase in PHRASES:
        text = f"please {phrase} the billing service"
        if is_correction(text) or is_constraint(text) or restates_task(text):
            assert might_steer([text]) == [0], phrase
            # a phrase running on from the text before must not hide this one
            assert 1 in might_steer(["we need to keep going only", text]), phrase
            fast = intent._candidates_by_re2(["we need to keep going only", text])
            assert fast is None or 1 in fast[0], phrase


def test_a_trigger_word_ending_in_an_accented_letter_is_found_in_every_fold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "Du må ikke …" was a rule by ``is_constraint`` but never pinned: the ASCII fold makes
    "må" "m" and a space, and the word "du m[ x]" then wanted a word boundary between two
    spaces. Found only when a Turkish text (ı) sent the batch through the Unicode fold, so
    the same rule was pinned or not depending on the other turns (speed12, session 15)."""
    rules = ["Du må ikke endre produksjonsdatabasen.", "Dere må aldri slette loggene."]
    for rule in rules:
        assert is_constraint(rule), rule
        assert steering_requests([rule]) == ([0], []), rule
        assert steering_requests(["kısa", rule]) == ([1], []), rule
    assert steering_requests(["Du må gjerne se på det.", "du m ikke"]) == ([], [])
    monkeypatch.setattr(intent, "_candidates_by_re2", lambda texts, letterless=None: None)
    assert [steering_requests([rule]) for rule in rules] == [([0], [])] * 2


def test_a_turkish_letter_keeps_the_batch_in_re2s_pass_and_changes_no_answer() -> None:
    """İ ı ſ K are folded to ASCII letters before RE2's pass: a Turkish text no longer
    sends the whole batch to Python's engine (~10x slower), and a rule is found whatever
    the other texts are."""
    pytest.importorskip("re2")
    rules = [
        "Du må ikke endre databasen.",
        "Never touch the İstanbul cluster.",
        "KEEP the API as is.",
    ]
    batch = ["kısa bir not, lütfen günlükleri kontrol et", *rules]
    assert intent._candidates_by_re2(batch) is not None
    assert steering_requests(batch) == ([1, 2, 3], []) == steering_reference(batch)
    assert [steering_requests([rule]) for rule in rules] == [([0], [])] * 3


def test_a_rule_after_a_text_with_an_unfinished_phrase_is_found() -> None:
    """Found by the retention bench (fit kept 89% of the constraints): with RE2, "keep"
    in an earlier nudge began a match that ran on through the next texts, passing over
    the rule's first word, so "Keep the public signature … unchanged" was never pinned."""
    texts = ["ok keep going", "thanks", "Keep the public signature of api/client.py unchanged."]
    assert steering_requests(texts) == ([2], [])
    assert steering_requests(["needs to", "x", *texts[2:]]) == ([2], [])


def test_plain_requests_are_not_candidates() -> None:
    plain = ["message 12 seed 3 the test fails because import path config retry cache"] * 50
    assert might_steer(plain) == []
    # an em dash, a curly apostrophe or an accent does not make a text a candidate
    assert might_steer(["fix the tests — thanks", "merci, café ok", "it’s fine", "日本"]) == []
    assert steering_requests(plain) == ([], [])


def test_a_curly_apostrophe_is_an_apostrophe() -> None:
    """Phones and many editors curl what the user types: "don’t" is "don't"."""
    assert is_constraint("Don’t touch src/payments under any circumstances.")
    assert is_correction("That’s wrong, use the staging database.")
    assert restates_task("Let’s refocus on the billing migration.")
    assert steering_requests(["Please don’t push to main without asking me."]) == ([0], [])


def test_a_long_paste_is_classified_by_its_few_candidate_words() -> None:
    """Where a steering word sits in a long paste, the answer is the per-text one."""
    log = "\n".join(f"2026-11-30 INFO worker {i} done — ok ✓ 日本" for i in range(2000))
    batch = [f"Here is the log:\n{log}\nActually, use Redis not Memcached.", f"see:\n{log}"]
    assert steering_requests(batch) == steering_reference(batch) == ([0], [])


def test_a_nudge_with_an_apostrophe_is_a_nudge() -> None:
    assert is_nudge("it's fine") and is_nudge("It’s fine.") and is_nudge("that's great, thanks")
    assert not is_nudge("it's the cache, not the network")
    assert is_substantive("Don't touch it now.")  # an apostrophe does not shorten a request


def test_a_scope_restricted_with_only_is_a_constraint() -> None:
    assert is_constraint("Only modify the :sync and :notes modules.")
    assert is_constraint("Restrict yourself to the api package.")
    assert steering_requests(["Only modify the :sync and :notes modules."]) == ([0], [])
    for scope in (
        "Only the :sync module can change.",
        "Keep changes inside src/sync/.",
        "Touch nothing outside the sync package.",
        "Changes should stay within src/sync.",
        "Limit the change to the exporter.",
        "Work only in the exporter module.",
        "Confine your edits to src/api/.",
        "Edit only src/api/handlers.py.",
        "Nothing else should change.",
    ):
        assert is_constraint(scope), scope
    assert not is_constraint("It only took a minute.")


UNSPACED_PHRASES = [
    "其实", "不对", "改用", "不是", "而是", "不要", "必须", "别碰", "保持", "不变", "好的", "继续",
    "谢谢", "不急", "实は", "ではなく", "しないで", "必ず", "はい", "続けて", "导出夜间任务",
]  # fmt: skip
unspaced_texts = st.lists(
    st.tuples(
        st.sampled_from(UNSPACED_PHRASES + FILLERS), st.sampled_from([*SEPARATORS, "，", "。"])
    ),
    max_size=14,
).map(lambda parts: "".join(w + s for w, s in parts))


@given(st.lists(unspaced_texts | texts, max_size=8))
def test_bulk_classification_is_the_per_text_one_in_unspaced_scripts_too(batch: list[str]) -> None:
    assert steering_requests(batch) == steering_reference(batch)


@settings(max_examples=25)
@given(st.lists(unspaced_texts | texts, max_size=8))
def test_re2s_unspaced_pattern_finds_every_text_pythons_finds(batch: list[str]) -> None:
    """RE2's pattern (the lookarounds left out, every space and line end as Python's)
    is a superset of Python's, text by text and in the joined ends."""
    pytest.importorskip("re2")
    loose = intent._re2_unspaced()
    assert loose is not None  # the patterns are ones RE2 reads
    for text in batch:
        if intent._UNSPACED_STEERING.search(text):
            assert loose.search(text.encode()), text
    found = intent._unspaced_steering(batch, ())
    assert found == intent._unspaced_steering_by_re(list(batch), list(range(len(batch))))


def test_a_lone_surrogate_does_not_stop_the_search() -> None:
    """Found in review: RE2's pass encoded each text's ends to UTF-8, and a lone surrogate
    (valid JSON: "\\ud800") raised UnicodeEncodeError out of fit()."""
    batch = [
        "approved \ud800 go ahead, never touch prod",
        "不要 \ud800 部署到生产环境，谢谢你的帮助",
        "ok",
    ]
    assert steering_requests(batch) == steering_reference(batch) == ([0, 1], [])


def test_a_japanese_rule_ending_its_text_is_found_among_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found while making the search faster: the texts' ends were searched joined by line
    breaks, where ``$`` matched only at the very end, so a rule ending its text without a
    full stop ("…変更しないこと") was missed when another request came after it."""
    batch = ["本番環境のデータベースを変更しないこと", "次へ進んでください", "まとめてください"]
    assert steering_reference(batch) == ([0], [])
    assert steering_requests(batch) == ([0], [])
    monkeypatch.setattr(intent, "_re2_unspaced", lambda: None)
    assert steering_requests(batch) == ([0], [])


@pytest.mark.parametrize(
    ("text", "correction", "constraint"),
    [
        ("其实锁表应该用 Redis，不是 Memcached。", True, False),
        ("不对，重试上限是 7，不是 3。", True, False),
        ("我说的是 staging 集群，不是生产环境。", True, False),
        ("这次改动不要碰 src/payments/ 目录。", False, True),
        ("api/client.py 的公开签名必须保持不变。", False, True),
        ("実はステージングのクラスタのことです。", True, False),
        ("本番環境には絶対にデプロイしないでください。", False, True),
        ("不急，有进展告诉我。", False, False),
        ("好的，继续", False, False),
        ("请勿修改 src/payments/ 目录。", False, True),
        ("切勿在共享 runner 上运行 rm -rf build。", False, True),
        ("避免添加新的运行时依赖。", False, True),
        ("api/client.py 的公开签名保持原样。", False, True),
        ("勿动生成的文件 proto/gen/。", False, True),
        ("重试上限是 7 才对。", True, False),
        ("用 orjson 代替 json 模块。", True, False),
        # questions and common words that only look like rules (found in review)
        ("为什么不能登录？我试了三次都失败", False, False),
        ("我不能复现这个问题，你能帮我看看日志吗", False, False),
        ("要不要我先跑一下测试再提交？", False, False),
        ("请实现不对称加密的密钥交换模块", False, False),
        ("应该是哪个版本的 Python 比较合适？", False, False),
        ("其实我也不确定原因，你先查一下日志吧", False, False),
        ("这个函数必须的参数有哪些？", False, False),
        ("間違いなく動いています、ありがとう、次のタスクに進みましょう", False, False),
        ("このテストは必ず失敗するのはなぜですか", False, False),
        ("不要紧，慢慢来。", False, False),
        ("必须承认这个方案很聪明，做得好。", False, False),
        ("他不能来开会了，会议推迟。", False, False),
        ("避免重复是这个算法的核心思想，对吧", False, False),
        ("请避免重复写入。", False, True),
    ],
)
def test_corrections_and_rules_in_chinese_and_japanese(
    text: str, correction: bool, constraint: bool
) -> None:
    """Found with bench_retention's coding-zh sessions: a Chinese rule or correction was
    neither pinned by the fit nor recapped as one (the patterns read English words)."""
    assert is_correction(text) is correction and is_constraint(text) is constraint
    assert steering_requests([text]) == (([0], []) if correction or constraint else ([], []))


def test_a_rule_is_looked_for_at_the_ends_of_a_long_unspaced_text_only() -> None:
    """A long pasted document costs no scan of its whole length: its opening and its
    ending are read (where a request around a paste states its rules)."""
    middle = "这是文档的正文。" * 500
    assert is_constraint("不要改这个文件。" + middle)
    assert is_constraint(middle + "不要改这个文件。")
    assert not is_constraint(middle + "不要改这个文件。" + middle)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("No more force-pushes.", True),  # redteam15: in no section of the recap
        ("No more force-pushes to main, please.", True),
        ("No more hotfixes on Fridays!", True),
        ("Nice, no more crashes.", False),  # a report of what is gone
        ("No more crashes since the fix.", False),
        ("No more errors now.", False),
        ("There is no more room.", False),
    ],
)
def test_no_more_an_action_is_a_rule_and_no_more_a_symptom_is_not(text: str, rule: bool) -> None:
    assert is_constraint(text) is rule


_parser: Any = importlib.import_module("re._parser")
_c: Any = importlib.import_module("re._constants")


def _ends_in_no_word_character(items: list[Any]) -> bool:
    """Whether every string the parsed ``items`` match ends in a character of no word."""
    op, av = items[-1]
    if op is _c.SUBPATTERN:
        return _ends_in_no_word_character(list(av[3]))
    if op is _c.BRANCH:
        return all(_ends_in_no_word_character(list(b)) for b in av[1])
    if op is _c.LITERAL:
        return not re.match(r"\w", chr(av))
    if op is _c.IN:
        return all(
            (o is _c.LITERAL and not re.match(r"\w", chr(a)))
            or (o is _c.CATEGORY and a is _c.CATEGORY_SPACE)
            for o, a in av
        )
    return False


def _opens_with_a_word_character(op: Any, av: Any) -> bool:
    if op is _c.LITERAL:
        return bool(re.match(r"\w", chr(av)))
    if op is _c.IN:
        return all(
            (o is _c.LITERAL and re.match(r"\w", chr(a)))
            or (o is _c.RANGE and all(re.match(r"\w", chr(x)) for x in range(a[0], a[1] + 1)))
            or (o is _c.CATEGORY and a in (_c.CATEGORY_WORD, _c.CATEGORY_DIGIT))
            for o, a in av
        )
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and av[0] >= 1:
        first_op, first_av = next(iter(av[2]))
        return _opens_with_a_word_character(first_op, first_av)
    return False


def _starts_at_a_word(items: list[Any], guarded: bool = False) -> bool:
    """Whether every match of the parsed ``items`` starts where a word does: a word
    character, after ``\\b`` or a lookbehind ending in no word's character, or the
    text's start (``^``)."""
    if not items:
        return False
    (op, av), rest = items[0], list(items[1:])
    if op is _c.SUBPATTERN:
        return _starts_at_a_word(list(av[3]) + rest, guarded)
    if op is _c.BRANCH:
        return all(_starts_at_a_word(list(b) + rest, guarded) for b in av[1])
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and av[0] == 0:  # taken or not
        taken = _starts_at_a_word(list(av[2]) + rest, guarded)
        return taken and _starts_at_a_word(rest, guarded)
    if op is _c.ASSERT_NOT or (op is _c.ASSERT and av[0] == 1):
        return _starts_at_a_word(rest, guarded)  # (consumes nothing)
    if op is _c.AT and av in (_c.AT_BEGINNING, _c.AT_BEGINNING_STRING):
        return True  # the text's start (no MULTILINE): tried too
    if op is _c.AT and av is _c.AT_BOUNDARY:
        return _starts_at_a_word(rest, True)
    if op is _c.ASSERT and _ends_in_no_word_character(list(av[1])):
        return _starts_at_a_word(rest, True)
    return guarded and _opens_with_a_word_character(op, av)


def test_every_european_alternative_starts_where_a_word_does() -> None:
    """``_says_european`` tries its pattern only where a word starts (``_match_at_a_word``):
    right only if no alternative can start elsewhere."""
    pattern = intent._EUROPEAN_STEERING
    tree = _parser.parse(pattern.pattern, pattern.flags)
    assert _starts_at_a_word(list(tree))
    assert not pattern.flags & re.MULTILINE and "(?m" not in pattern.pattern  # ^: the start
    for shape in (r"(?i)\bnie\s", r"(?:^|(?<=[.!]\s))immer\s", r"(?<=\s)(?!ne)\w+"):
        assert _starts_at_a_word(list(_parser.parse(shape)))
    for shape in (r"(?i)nie\s", r"(?<=a)b", r"\b\s+x", r"(?:\n|x)y"):
        assert not _starts_at_a_word(list(_parser.parse(shape))), shape


def test_a_european_rule_is_found_at_a_word_in_any_sentence() -> None:
    sentences = ["Bitte lass die Config unverändert.", "Nie usuwaj logów!", "Rör aldrig prod."]
    for rule in sentences:
        padded = f"Hier ist der Bericht über die letzte Woche, danke. {rule} Mehr dazu später."
        assert is_constraint(rule) and is_constraint(padded), rule
        assert steering_requests([padded]) == ([0], []) == steering_reference([padded]), rule


def _says_unspaced_searching_every_sentence(pattern: re.Pattern[str], ends: str) -> bool:
    """``intent._says_unspaced`` as Python's engine alone reads it (no RE2 screen)."""
    return bool(pattern.search(ends)) and any(
        pattern.search(sentence) and not intent._QUESTION.search(sentence)
        for sentence in intent._SENTENCE.findall(ends)
    )


_SENTENCE_MARKS = ["。", "！", "？", "?", "\n", "；", "। ", ". ", "", "，", " "]
unspaced_ends = st.lists(
    st.tuples(
        st.sampled_from(
            [*UNSPACED_PHRASES, *FILLERS, "你能", "吗", "मत छूना", "ห้ามแตะ", "하지 마세요"]
        ),
        st.sampled_from(_SENTENCE_MARKS),
    ),
    max_size=16,
).map(lambda parts: "".join(w + s for w, s in parts))


@settings(max_examples=300)
@given(unspaced_ends)
def test_a_sentence_re2_rules_out_is_not_searched_and_the_answer_is_the_same(ends: str) -> None:
    """RE2 screens each sentence before Python's engine searches it (speed72): the same
    answer as searching every sentence, for each pattern it is asked with."""
    for pattern in (
        intent._UNSPACED_STEERING,
        intent._UNSPACED_CORRECTION,
        intent._UNSPACED_CONSTRAINT,
    ):
        expected = _says_unspaced_searching_every_sentence(pattern, ends)
        assert intent._says_unspaced(pattern, ends) == expected, (pattern.pattern[:20], ends)
        if intent._re2_unspaced() is None or intent._re2_unspaced().search(ends.encode()):
            assert intent._says_unspaced(pattern, ends, True) == expected


def test_a_rule_in_a_later_sentence_than_a_question_is_found_and_a_question_is_not_one() -> None:
    rule = "请问你能看一下日志吗？不要部署到生产环境。"
    assert intent._says_unspaced(intent._UNSPACED_STEERING, rule)
    asked = "不要部署到生产环境吗？谢谢。"
    assert intent._says_unspaced(intent._UNSPACED_STEERING, asked) == (
        _says_unspaced_searching_every_sentence(intent._UNSPACED_STEERING, asked)
    )


def test_restatements_are_found_beside_texts_without_an_ascii_letter() -> None:
    """The restatements' word pass leaves out a text without an ASCII letter (a pasted
    Chinese chapter) as the rules' pass does (speed72): the texts after it are read where
    they are."""
    chapter = "这是第4章，请帮我读一下：\n\n" + "南日青调是象心术生标专品部些运率（3095）。" * 50
    goal = "To be clear, the goal is a green build on main today."
    batch = [chapter, goal, "目标（goal 很重要）", chapter, "ok", goal]
    assert intent._restating_words(batch) == {1, 2, 5}
    assert restating_requests(batch) == [
        j for j, t in enumerate(batch) if steering_reference([t])[1]
    ]


@pytest.mark.parametrize("try_chars", [0, 200, 10**9])
def test_the_rule_screens_rule_out_only_whichever_texts_they_read(
    monkeypatch: pytest.MonkeyPatch, try_chars: int
) -> None:
    """A long paste with a rule word every few thousand characters is tried at its few
    words rather than screened whole (``_screen_pays``); short rule-dense texts are screened.
    Screened or not, every text reads as it does alone (English and European rules, buried in
    a paste or said plainly, and rule words in no rule)."""
    pytest.importorskip("re2")
    filler = "Die Lieferung erfolgt gemäß Anlage 3 und der Preisliste des Lieferanten. " * 60
    paste = "\n\n".join(
        [
            filler + "We changed the invoice layout last spring.",
            filler + "Bitte niemals die Gerichtsstandsklausel ändern.",
            filler + "Actually, use Redis not Memcached for the locks.",
            filler + "Never touch the production database without asking.",
        ]
    )
    batch = [
        f"Compare § 4 with the draft below.\n\n{paste}",
        f"{filler}\n\nDoes clause 12 survive termination?",
        "Don't change the governing-law clause, and never use the old template.",
        "No, the notice period is 45 days, not 30.",
        "Nunca cambies la cláusula de jurisdicción, por favor.",
        "We should not change anything yet, I think it could change later.",
        f"{filler}\n\nNe change rien à la clause 7, s'il te plaît.",
    ] * 20  # (enough characters that the screens are used: ``_PREFILTER_FROM``)
    monkeypatch.setattr(intent, "_ENGLISH_TRY_CHARS", try_chars)
    monkeypatch.setattr(intent, "_EUROPEAN_TRY_CHARS", try_chars * 10)
    assert steering_requests(batch) == steering_reference(batch)
    assert steering_requests(batch, restating=False) == (steering_reference(batch)[0], [])


_SCRIPTS = st.sampled_from(
    ["abc Z", "Straße ", "дом ", "한국 ", "日本語。", "İı ", "٣٤ ", "— 42 ", "\u0130"]
)


@given(
    st.lists(_SCRIPTS, max_size=4),
    st.sampled_from(["дом ", "日本語。", "— 42 ", "ß"]),
    st.integers(0, 120),
    st.lists(_SCRIPTS, max_size=3),
)
def test_a_text_holds_an_ascii_letter_wherever_it_is(
    opening: list[str], filler: str, times: int, rest: list[str]
) -> None:
    """``_has_ascii_letter`` reads a text's opening as it is, then its ASCII characters: the
    answer is whether any character is an ASCII letter, early, late or nowhere."""
    text = "".join(opening) + filler * times + "".join(rest)
    assert intent._has_ascii_letter(text) == any(c.isascii() and c.isalpha() for c in text)


def test_a_paste_in_another_script_with_an_ask_after_it_is_read_for_words() -> None:
    """A Cyrillic mail pasted first, the English ask after its first few hundred characters:
    its words are read (the ask is a rule), a text with no ASCII letter is left out."""
    pytest.importorskip("re2")
    mail = "договор стороны обязуются оплата поставка срок. " * 40
    batch = [f"{mail}\n\nNever push directly to main.", mail, f"{mail}\n\n42 — 17"]
    assert [bool(b) for b in intent._word_bytes(batch)] == [True, False, False]
    assert steering_requests(batch) == steering_reference(batch) == ([0], [])


@pytest.mark.parametrize(
    "nudge",
    [
        "Peki, sonra ne?",
        "Sawa, asante. Endelea.",
        "Гаразд, і що потім?",
        "Oke, terima kasih, lanjutkan ya",
        "Tốt quá, tiếp tục đi",
        "Dobra, co teraz?",
        "طيب، ثم ماذا؟",
        "סבבה, ואז מה?",
        "خب، بعدش چی؟",
        "좋아요, 계속해요",
        "Ωραία, και μετά τι;",
        "अच्छा, फिर क्या?",
        "Beleza, valeu, segue.",
        "Theek hai ji, chalo.",
        "Baik, sila teruskan.",
        "Bine, mersi, continuă.",
        "Rendben, köszi, mehet.",
        "Selvä, kiitos, jatka vain.",
        "আচ্ছা, ধন্যবাদ, চালিয়ে যাও।",
        "Oké, doorgaan.",
        "Sige po, salamat, ituloy mo lang.",
    ],
)
def test_a_nudge_in_another_spaced_language_asks_for_nothing(nudge: str) -> None:
    """A nudge is never the goal, an open request or a decision, in any language read by
    words (review44: the Turkish "peki, sonra?" was listed as an open request)."""
    assert is_nudge(nudge)
    assert not is_substantive(nudge)


@pytest.mark.parametrize(
    "nudge",
    [
        "了解です、ありがとうございます。",
        "好的，谢谢，继续。",
        "โอเคครับ ขอบคุณ ทำต่อเลย",
        "うん、そのままお願いします",
    ],
)
def test_a_nudge_in_a_script_without_spaces_asks_for_nothing(nudge: str) -> None:
    """review45 R45-rec2: "はい、続けてください" (yes, please go on) was listed as an open
    request: its two runs of characters are no words a vocabulary lists."""
    assert is_nudge(nudge)
    assert not is_substantive(nudge)


@pytest.mark.parametrize(
    "asked",
    ["了解です。次はログイン画面のテストを書いてください。", "好的，继续把导出改成幂等的。"],
)
def test_a_request_after_a_nudge_phrase_without_spaces_is_a_request(asked: str) -> None:
    assert not is_nudge(asked)


@pytest.mark.parametrize(
    "asked",
    [
        "Peki, şimdi testleri çalıştır ve sonucu yaz.",
        "Sawa, endelea kuandika majaribio ya login.",
        "Гаразд, тепер видали старий кеш.",
        "Oke, lanjutkan dengan migrasi database.",
        "طيب، ثم احذف الملف القديم.",
        "סבבה, ואז תריץ את הבדיקות.",
        "좋아요, 이제 로그인 테스트를 고쳐 주세요.",
    ],
)
def test_a_request_opened_by_a_nudge_word_is_a_request(asked: str) -> None:
    assert not is_nudge(asked)


def test_a_course_change_said_as_the_speakers_need_is_read_alike_batched_and_alone() -> None:
    """Found by hypothesis in CI (session 48): the batched reading left "no, i need to
    pivot" out as a to-do said in passing, the one-text reference did not."""
    batch = ["no, i need to pivot ", "Ugh, I should really sort out the garage."]
    assert steering_requests(batch) == steering_reference(batch)
