"""The gists of earlier tool exchanges are read only as far as their choice goes: an
exchange's outputs are read when a gist of its rank could still be chosen (the near ones
first: any may have failed; the further ones by what their calls say they may be: a file
written, a value said beside look-ups, the rest). The gists chosen, and the whole fit, are
those of reading every exchange first (the slow reference, here), at every window and
wherever the near exchanges end (``GIST_NEAR``), with any counter: the near ones are read
newest first, and of a long run of near failures stepped over for the room left, only those
whose gist, were they failures, may fit it (their calls' words bound it). A near exchange
whose outputs surely say no failure (no mark where a failure is read, no error flagged or
answered) is not read while the failures are sought (``gists.may_have_failed``)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import chat_exchange, data_url, png
from contextledger.fit import anchors, fit, gists
from contextledger.fit.gists import FAILED, GistCandidates, exchange_gist, may_have_failed
from contextledger.model import Message, ToolCall

MODEL = "gpt-4o"

# (words of languages earlier tests use; each turn draws its own run of them)
_WORDS = {
    "pl": ["Sprawdź", "jeszcze", "raz", "fakturę", "za", "marzec", "i", "wyślij", "raport"],
    "tr": ["Lütfen", "kuyruğu", "yeniden", "başlatma", "önce", "günlüğü", "kontrol", "et"],
    "ko": list("설정파일을다시읽고테스트를실행해주세요"),
    "pt": ["Use", "o", "Redis", "em", "vez", "do", "Memcached", "para", "as", "sessões"],
}  # fmt: skip


def _words(draw: st.DrawFn, lang: str, least: int, most: int) -> str:
    pool = _WORDS[lang]
    picked = draw(st.lists(st.sampled_from(pool), min_size=least, max_size=most))
    return ("" if lang == "ko" else " ").join(picked) or pool[0]


def _log(lines: int, level: str, word: str) -> str:
    return "\n".join(
        f"12:{i % 60:02d}:07 {level} job[{i}] {word} rows={i * 37}" for i in range(lines)
    )


@st.composite
def _call(
    draw: st.DrawFn, t: int, j: int, lang: str, failing: bool = False
) -> tuple[str, dict[str, Any], str]:
    """A call (name, arguments) and its output: a test run that may fail, a file written (by
    a tool named so or not), a file read, a log read full of ERROR records, an API's answer,
    a poll, a search. ``failing``: most are test runs that fail, their commands and failing
    lines short or long."""
    word = _words(draw, lang, 1, 2)
    kind = draw(st.integers(0, 8)) if not failing or draw(st.integers(0, 3)) == 0 else 0
    if kind == 7:  # (a tool not named for writing: lines beside a path are written)
        text = "\n".join(f"{word} = {i}" for i in range(draw(st.integers(1, 3))))
        return "fs", {"file": f"conf/{t}_{j}.env", "text": text}, "ok"
    if kind == 8:  # (a command with an escape, no line break: it writes nothing)
        return "run", {"cmd": f"grep -rn 'w{t}\\.x' logs\\{j}"}, f"logs\\{j}:{t}: {word}"
    if kind == 0:
        failed = draw(st.booleans()) or failing
        names = _words(draw, lang, 0, 12) if failing else ""
        tail = (
            f"FAILED tests/t.py::test_{t}_{j} - assert {names} 1 == 2\n1 failed"
            if failed
            else "9 passed"
        )
        only = f" -k '{_words(draw, lang, 1, 9)}'" if failing and draw(st.booleans()) else ""
        command = {"cmd": f"pytest -q tests/t{t % 3}.py{only}"}
        return "run", command, f"{_log(3, 'INFO', word)}\n{tail}"
    if kind == 1:
        content = "\n".join(f"k{i}: {i * t}" for i in range(draw(st.integers(2, 6))))
        receipt = draw(st.sampled_from(["ok", f"Created ticket {t}{j}4", ""]))
        return "write_file", {"path": f"conf/{t}_{j}.yaml", "content": content}, receipt
    if kind == 2:
        missing = draw(st.integers(0, 4)) == 0
        out = f"cat: src/m{t}.py: No such file" if missing else f"def f{t}():\n    return {j}\n"
        return "read_file", {"path": f"src/m{t}.py"}, out
    if kind == 3:
        lines = draw(st.integers(1, 12))
        return "run", {"cmd": f"kubectl logs deploy/w{t} -n ops"}, _log(lines, "ERROR", word)
    if kind == 4:
        rejected = json.dumps({"status": "rejected", "error": {"message": word}})
        return "http_post", {"url": f"https://api.example/v1/o{t}"}, rejected
    if kind == 5:  # (a poll: alike but for its numbers, routine after a few)
        return "run", {"cmd": f"curl -s localhost:80{t % 10}/health"}, f"up {t}s"
    return "run", {"cmd": f"make deploy-{t % 4}"}, f"{_log(2, 'INFO', word)}\ndeployed {t}"


@st.composite
def sessions(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Agent sessions: requests in several languages (some with a pasted log and words
    among it), tool exchanges (parallel ones too, some with a value said beside them), the
    assistant's statements of values after them."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You help an operations team."}]
    failing = draw(st.booleans())  # (most calls test runs that fail)
    for t in range(draw(st.integers(3, 24))):
        lang = draw(st.sampled_from(sorted(_WORDS)))
        text = _words(draw, lang, 1, 30)
        if draw(st.integers(0, 4)) == 0:
            text = f"{_log(8, 'WARN', text[:20])}\n\n{text}\n\n{_log(6, 'INFO', 'x')}"
        out.append({"role": "user", "content": text})
        for c in range(draw(st.integers(0, 4))):
            calls = [draw(_call(t, j, lang, failing)) for j in range(draw(st.integers(1, 2)))]
            ids = [f"call_{t}_{c}_{j}" for j in range(len(calls))]
            beside = f"Found {t * 7 + c} late rows." if draw(st.integers(0, 3)) == 0 else None
            out.append({"role": "assistant", "content": beside, "tool_calls": [
                {"id": i, "type": "function", "function": {
                    "name": name, "arguments": json.dumps(args)}}
                for i, (name, args, _) in zip(ids, calls, strict=True)]})  # fmt: skip
            out += [
                {"role": "tool", "tool_call_id": i, "content": output}
                for i, (_, _, output) in zip(ids, calls, strict=True)
            ]
            if draw(st.integers(0, 3)) == 0:
                out.append({"role": "assistant", "content": f"The p95 is {t * 11 + c} ms."})
        out.append({"role": "assistant", "content": _words(draw, lang, 1, 20)})
    out.append({"role": "user", "content": _words(draw, "pt", 2, 12)})
    return out


@contextmanager
def read_whole() -> Iterator[None]:
    """The slow reference: every exchange the gists' scan visits is read before any is
    chosen."""
    scan = anchors._gist_candidates

    def read_all(*args: Any) -> GistCandidates:
        found = scan(*args)
        while found.read_more():
            pass
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anchors, "_gist_candidates", read_all)
        yield


def _decided(result: Any) -> tuple[Any, ...]:
    report = result.report.to_dict()
    return result.messages, report["used"], report["kept"], report["shrunk"], report["dropped"]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    sessions(),
    st.sampled_from([2_000, 5_000, 16_000]),
    st.sampled_from([2, 6, 300]),
    # (an exact count and an estimate bound a failed gist by its opening differently)
    st.sampled_from([MODEL, "claude-sonnet-4-5"]),
)
def test_lazy_gists_choose_as_reading_every_exchange(
    dicts: list[dict[str, Any]], window: int, near: int, model: str
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gists, "GIST_NEAR", near)  # (where the far failures start)
        lazy = _decided(fit(dicts, model, window=window, max_output_tokens=300))
        with read_whole():  # (the same session as new dicts: nothing read of them is kept)
            whole = _decided(
                fit(json.loads(json.dumps(dicts)), model, window=window, max_output_tokens=300)
            )
    assert lazy == whole


def _exchange(cid: str, name: str, args: dict[str, Any], output: str) -> list[dict[str, Any]]:
    """One call and its output, as an app's dicts."""
    return [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {
                "name": name, "arguments": json.dumps(args)}}]},
        {"role": "tool", "tool_call_id": cid, "content": output},
    ]  # fmt: skip


def _reads(
    monkeypatch: pytest.MonkeyPatch, dicts: list[dict[str, Any]], model: str, window: int
) -> tuple[int, int]:
    """How many exchanges a fit reads, and reading every one first: the same fit."""
    read: list[int] = []
    exchange_gist = gists.exchange_gist

    def counted(messages: Any) -> Any:
        read.append(1)
        return exchange_gist(messages)

    monkeypatch.setattr(anchors, "exchange_gist", counted)
    lazy = _decided(fit(dicts, model, window=window))
    lazily_read = len(read)
    read.clear()
    with read_whole():
        whole = _decided(fit(json.loads(json.dumps(dicts)), model, window=window))
    assert lazy == whole
    return lazily_read, len(read)


def _failing_session(exchanges: int) -> list[dict[str, Any]]:
    """A long agent session whose every test run failed, a file written now and then: the
    newest failures fill the cap."""
    out: list[dict[str, Any]] = [{"role": "user", "content": "Arregla los tests, por favor."}]
    for t in range(exchanges):
        cid = f"call_{t}"
        if t % 10 == 0:
            module = "".join(chr(ord("a") + int(d)) for d in str(t))  # (no two alike)
            name, args = "write_file", {"path": f"src/{module}.py", "content": "x = 1\ny = 2\n"}
            output = "ok"
        else:
            name, args = "run", {"cmd": f"pytest -q tests/test_{t}.py"}
            output = (
                f"{_log(40, 'INFO', 'ok')}\nFAILED tests/test_{t}.py::test_{t} - assert 0\n1 failed"
            )
        out += _exchange(cid, name, args, output)
    out.append({"role": "user", "content": "¿Y ahora?"})
    return out


def test_far_exchanges_are_not_read_when_the_near_failures_fill_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lazily_read, read = _reads(monkeypatch, _failing_session(900), MODEL, 16_000)
    # (the scan visits every exchange but the newest few kept whole: the near ones are read,
    # GIST_NEAR of them, and of the others the files written, whose rank is above the far
    # failures')
    assert lazily_read <= gists.GIST_NEAR + read // 10 < read // 2


def test_far_exchanges_are_not_read_to_end_a_run_of_near_failures_none_of_them_could_join(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (at 8k the last steps' rooms left after the near failures are smaller than any far
    # failure's gist: the files written between them, which end the run, need not be read)
    lazily_read, read = _reads(monkeypatch, _failing_session(900), MODEL, 8_000)
    assert lazily_read < read // 20


def _mixed_failures_session(exchanges: int, seed: int) -> list[dict[str, Any]]:
    """A long agent session: most test runs fail, their commands and failing lines of many
    lengths (some gists fit the room a step leaves, some not), between files read and
    logs pasted."""
    rng = random.Random(seed)
    words = _WORDS["pl"]

    def said() -> str:
        return " ".join(rng.choices(words, k=rng.randrange(12)))

    out: list[dict[str, Any]] = [{"role": "user", "content": "Napraw testy, proszę."}]
    for t in range(exchanges):
        cid = f"call_{t}"
        if t % 40 == 20:
            # (the user's words among lines pasted: their gist ranks between the near
            # failures and the far ones, so the choice stays within the near ones)
            words_said = f"Sprawdź raport {t} jeszcze raz."
            pasted = f"{_log(30, 'WARN', 'x')}\n\n{words_said}\n\n{_log(20, 'INFO', 'x')}"
            out.append({"role": "user", "content": pasted})
        if rng.randrange(4) == 0:
            name, args, output = "read_file", {"path": f"src/m{t}.py"}, f"def f{t}():\n    pass\n"
        else:
            name, args = "run", {"cmd": f"pytest -q tests/test_{t}.py -k '{said()}'"}
            lines = [f"FAILED tests/t.py::test_{t}_{n} - {said()}" for n in range(rng.randrange(4))]
            output = "\n".join([_log(6, "INFO", "ok"), *lines, f"{len(lines)} failed"])
        out += _exchange(cid, name, args, output)
    out.append({"role": "user", "content": "Co dalej?"})
    return out


@pytest.mark.parametrize("model", [MODEL, "claude-sonnet-4-5"])
@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_run_of_near_failures_is_read_only_where_its_gists_may_fit(
    model: str, window: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lazily_read, read = _reads(monkeypatch, _mixed_failures_session(400, seed), model, window)
    assert lazily_read < read * 3 // 4


#: Pieces of tool outputs: lines that fail, lines with a mark that fail in nothing (a
#: source read that handles errors, a log's records, a count of none failed), plain lines.
_PIECES = [
    "FAILED tests/a.py::test_b - assert 1 == 2", "1 failed, 3 passed", "exit code: 2",
    "--- FAIL: TestRoute (0.01s)", "panic: runtime error: index out of range",
    "func (r *Route) Lock() error {", "\treturn fmt.Errorf(\"locked: %w\", err)",
    "12:00:07 ERROR job[4] retry", "0 failed, 12 passed", "no errors found", "ok  ./... 0.4s",
    "Traceback (most recent call last):", "CRITICAL check_disk: 97% used", "done", "",
    "wrote 120 bytes", "rows=42 late=3",
]  # fmt: skip


@st.composite
def _output(draw: st.DrawFn) -> str:
    """A tool's output: lines of ``_PIECES``, some long (a mark only in its middle, where
    nothing is read), some a shell tool's JSON envelope or an API's error answer."""
    lines = draw(st.lists(st.sampled_from(_PIECES), max_size=8))
    if draw(st.booleans()):
        filler = ["12:00:07 INFO job ok rows=9"] * draw(st.integers(0, 400))
        middle = len(filler) // 2
        lines = [*lines[:1], *filler[:middle], *lines[1:], *filler[middle:]]
    text = "\n".join(lines)
    shape = draw(st.integers(0, 5))
    if shape == 0:
        return json.dumps({"stdout": text, "exit_code": draw(st.sampled_from([0, 1]))})
    if shape == 1:
        return json.dumps({"status": draw(st.sampled_from(["rejected", "ok"])), "detail": text})
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["run", "read_file", "search_code", "write_file"]),
            _output(),
            st.booleans(),
        ),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from([None, "Found 12 late rows."]),
)
def test_an_exchange_screened_as_not_failed_never_gists_as_a_failure(
    calls: list[tuple[str, str, bool]], beside: str | None
) -> None:
    said = [ToolCall(f"c{i}", name, '{"path": "a.go"}') for i, (name, _, _) in enumerate(calls)]
    exchange = [
        Message.assistant(*([beside] if beside else []), *said),
        *(Message.tool(f"c{i}", out, is_error=err) for i, (_, out, err) in enumerate(calls)),
    ]
    gist = exchange_gist(exchange)
    if gist is not None and gist.rank == FAILED:
        assert may_have_failed(exchange)


def _passing_session(exchanges: int, seed: int) -> list[dict[str, Any]]:
    """A long agent session: most test runs pass and print no mark, enough fail to fill the
    gists' cap; sources read that handle errors (marks, no failure); files written; the
    user's screenshots and words now and then: most near exchanges surely failed in
    nothing."""
    rng = random.Random(seed)
    words = [*_WORDS["tr"], *_WORDS["pt"]]
    out: list[dict[str, Any]] = [{"role": "user", "content": "Testleri düzelt lütfen."}]
    for t in range(exchanges):
        if t % 50 == 25:
            shot = data_url(png(rng.randrange(300, 1400), rng.randrange(200, 900)))
            out.append({"role": "user", "content": [
                {"type": "text", "text": " ".join(rng.choices(words, k=rng.randrange(2, 9)))},
                {"type": "image_url", "image_url": {"url": shot}}]})  # fmt: skip
        if t % 50 == 40:  # (the user's words among lines pasted: see ``_mixed_failures_session``)
            pasted = (
                f"{_log(30, 'WARN', 'x')}\n\nKuyruğu {t} kontrol et.\n\n{_log(20, 'INFO', 'x')}"
            )
            out.append({"role": "user", "content": pasted})
        r = rng.randrange(10)
        cid = f"call_{t}"
        if r < 5:
            command = {"cmd": f"go test ./route{t % 7}/... -run Test{t}"}
            output = f"ok  \trail/route{t % 7}\t0.{t % 9}s\n{t % 13 + 1} passed"
            if r < 2:
                said = " ".join(rng.choices(words, k=rng.randrange(9)))
                output = f"--- FAIL: Test{t} ({said})\nFAIL\trail/route{t % 7}\nexit status 1"
            out += chat_exchange(cid, "run", command, output)
        elif r < 8:
            source = "\n".join(
                f"func (r *Route) Step{i}() error {{ return r.lock({i}) }}" for i in range(r * 3)
            )
            out += chat_exchange(cid, "read_file", {"path": f"route/r{t}.go"}, source)
        else:
            content = f"limit: {t}\nzone: {rng.choice(words)}"
            out += chat_exchange(
                cid, "write_file", {"path": f"conf/z{t}.yaml", "content": content}, "ok"
            )
    out.append({"role": "user", "content": "E agora?"})
    return out


def _screened_reads(
    monkeypatch: pytest.MonkeyPatch, model: str, window: int, seed: int
) -> tuple[int, int]:
    """How many exchanges a fit of ``_passing_session`` reads, and with none screened as
    surely not failed (each read to know); both fits are reading every exchange's
    (``_reads``)."""
    dicts = _passing_session(700, seed)  # (far beyond ``GIST_NEAR``: far exchanges too)
    screened, _ = _reads(monkeypatch, dicts, model, window)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anchors, "_exchange_may_fail", lambda index, k: True)
        unscreened, _ = _reads(patch, json.loads(json.dumps(dicts)), model, window)
    return screened, unscreened


@pytest.mark.parametrize("model", [MODEL, "claude-sonnet-4-5", "gemini-2.5-flash"])
@pytest.mark.parametrize("window", [8_000, 32_000, 128_000])
def test_screening_near_exchanges_chooses_as_reading_every_exchange(
    model: str, window: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    screened, unscreened = _screened_reads(monkeypatch, model, window, seed=window % 7)
    assert screened <= unscreened


@pytest.mark.parametrize("model", [MODEL, "claude-sonnet-4-5", "gemini-2.5-flash"])
@pytest.mark.parametrize("seed", [1, 2])
def test_near_exchanges_that_surely_did_not_fail_are_not_read_for_the_failures(
    model: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (at 8k the near failures fill the gists' cap: the choice never reads past them)
    screened, unscreened = _screened_reads(monkeypatch, model, 8_000, seed)
    assert screened < unscreened
