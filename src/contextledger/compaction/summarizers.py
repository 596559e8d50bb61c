"""Summarizers: the offline extractive default, and OpenAI-compatible / Anthropic endpoints.

A summarizer turns (prompt, transcript) into recap text. Network summarizers use the
official clients with a bounded timeout and bounded retries; every failure surfaces as
:class:`SummarizerError`, which compaction turns into one report line.

>>> s = summarizer_from_spec("offline")
>>> s.name
'offline'
>>> print(s.summarize("", "User: Please fix src/app.py\\n\\nAssistant: [called: run_command]",
...                   max_tokens=400))
Goal: Please fix src/app.py
Files and paths: src/app.py.
Tools used: run_command.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from ..client import DEFAULT_RETRIES, DEFAULT_TIMEOUT, complete, sdk_client
from ..config import Config, load_config
from ..errors import SendError, SummarizerError
from ..model import Message
from ..providers import provider_format
from .transcript import NEW_HEADER, RECAP_HEADER, cut_utf8, utf8_len


@runtime_checkable
class Summarizer(Protocol):
    """Anything with a ``name`` and ``summarize(prompt, transcript, *, max_tokens) -> str``."""

    @property
    def name(self) -> str: ...

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str: ...


# --------------------------------------------------------------------------- offline

_ROLE = re.compile(r"^(User|Assistant|Tool [^\n:]*|System): ?", re.MULTILINE)
_CALLED = re.compile(r"\[called: ([^\]]+)\]")
_FAILED_TOOL = re.compile(r"(?m)^Tool (\S+) \(failed\):|\[result of (\S+) \(failed\)\]")
_DECISION = re.compile(
    r"(?i)\b(?:decided|decision|chose|choose|going with|switch(?:ed)? to|instead of|agreed|"
    r"settled on|must|never|always|don't|do not|constraint|prefer|keep|set the|limit)\b"
)


@dataclass(frozen=True, slots=True)
class OfflineSummarizer:
    """Deterministic extractive recap built from the same fact extraction as verification.

    No network, no model: it lists the goal, decisions and constraints, files and paths,
    tools used (and which failed), commands and open requests, copied verbatim from the
    transcript, so everything it states is supported by construction.

    >>> OfflineSummarizer().summarize("", "User: Later, add tests for api/upload.py.",
    ...                               max_tokens=400).splitlines()[-1]
    'Open requests: Later, add tests for api/upload.py.'
    """

    max_items: int = 40

    @property
    def name(self) -> str:
        return "offline"

    def summarize_record(
        self,
        messages: Sequence[Message],
        previous: str | None,
        *,
        max_bytes: int,
        history: Sequence[Message] | None = None,
        leave_out: Collection[str] = (),
        removed: Collection[str] = (),
    ) -> str:
        """The structured recap of ``messages`` read whole (no transcript cap: the cost is
        local), extending ``previous``: the sections of :mod:`.digest` within ``max_bytes``.
        ``history`` (the record so far) is where the goal is found; ``leave_out``: values
        verification doubted in the units it ``removed``: their items give their room to
        the rest."""
        from .digest import digest, leaving_out, parse_digest, render_digest

        d = digest(messages, parse_digest(previous) if previous else None, history)
        return render_digest(leaving_out(d, leave_out, removed), max_bytes)

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        from ..lexicon.deferral import DEFERRED
        from .facts import extract_claims, sentences  # (the recap's readers: ~0.1 s)

        previous, body = _split_previous(transcript)
        turns = _turns(body)
        user_sentences = [s for role, text in turns if role == "User" for s in sentences(text)]
        said = [s for role, text in turns if role in ("User", "Assistant") for s in sentences(text)]
        prev_goal = next((ln for ln in previous.splitlines() if ln.startswith("Goal: ")), None)
        # The first request states the goal in full ("The chart is blank since the deploy.
        # Can you find out why?"): keep its opening sentences, not just the question.
        first_user = next((text for role, text in turns if role == "User" and text.strip()), "")
        first_request = " ".join(sentences(first_user)[:3])
        goal = prev_goal or (f"Goal: {_clip(first_request)}" if first_request else "")
        both = previous + "\n" + body
        facts = extract_claims(both)
        paths = _unique([f.value for f in facts if f.kind == "path"])
        tools = _unique(
            _carry_list(previous, "Tools used: ")
            + [n.strip() for m in _CALLED.finditer(body) for n in m.group(1).split(",")]
        )
        failed = _unique(
            _carry_list(previous, "Failed: ") + [a or b for a, b in _FAILED_TOOL.findall(body)]
        )
        commands = _unique(
            _carry_list(previous, "Commands: ", strip="`")
            + [f.value for f in facts if f.kind == "command" and " " in f.value]
        )
        requests = _unique(
            _carry(previous, "Open requests: ")
            + [_clip(s) for s in user_sentences if DEFERRED.search(s)]
        )
        decisions = _unique(
            _carry(previous, "Decisions: ")
            + [
                _clip(s)
                for s in said
                # "Keep going." is a nudge, not a decision: require a real sentence
                if _DECISION.search(s) and not s.endswith("?") and len(s.split()) >= 5
            ]
        )
        # Roughly four bytes a token; fill sections in priority order within that budget.
        budget = max(200, max_tokens * 4)
        sections: list[tuple[str, list[str], str, str]] = [
            ("Open requests: ", [_end(r) for r in requests], " ", ""),
            ("Failed: ", failed, ", ", "."),
            ("Tools used: ", tools, ", ", "."),
            ("Files and paths: ", paths, ", ", "."),
            ("Commands: ", [f"`{c}`" for c in commands], ", ", "."),
            ("Decisions: ", [_end(d) for d in decisions[::-1]], " ", ""),
        ]
        used = utf8_len(goal) + 1
        chosen: dict[str, list[str]] = {}
        for label, items, sep, end in sections:
            picked: list[str] = []
            size = utf8_len(label) + len(end) + 1
            for item in items[: self.max_items]:
                extra = utf8_len(item) + (len(sep) if picked else 0)
                if used + size + extra > budget:
                    continue
                picked.append(item)
                size += extra
            if picked:
                chosen[label] = picked
                used += size
        lines = [goal] if goal else []
        order = (
            "Decisions: ",
            "Files and paths: ",
            "Tools used: ",
            "Failed: ",
            "Commands: ",
            "Open requests: ",
        )
        for label in order:
            items = chosen.get(label, [])
            if not items:
                continue
            if label == "Decisions: ":
                items = items[::-1]
            sep, end = next((s, e) for lb, _, s, e in sections if lb == label)
            lines.append(label + sep.join(items) + end)
        return cut_utf8("\n".join(lines), budget)


def _split_previous(transcript: str) -> tuple[str, str]:
    if transcript.startswith(RECAP_HEADER):
        rest = transcript[len(RECAP_HEADER) :]
        prev, _, body = rest.partition(NEW_HEADER)
        return prev.strip(), body
    return "", transcript


def _turns(body: str) -> list[tuple[str, str]]:
    marks = list(_ROLE.finditer(body))
    out: list[tuple[str, str]] = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
        role = m.group(1).split(" ", 1)[0]
        text = body[m.end() : end]
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith(("  ", "[called:")))
        out.append((role, text.strip()))
    return out


def _clip(s: str, n: int = 160) -> str:
    """At most ``n`` characters, cut between words: a path or number cut in half would be
    a new, unsupported fact (and verification would rightly remove it)."""
    s = " ".join(s.split())
    if len(s) <= n:
        return s
    cut = s.rfind(" ", 0, n - 1)
    return (s[:cut] if cut > 0 else s[: n - 1]).rstrip() + " …"


def _end(s: str) -> str:
    return s if s.endswith((".", "!", "?", "…")) else s + "."


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))


def _carry(previous: str, label: str) -> list[str]:
    from .facts import sentences

    for ln in previous.splitlines():
        if ln.startswith(label):
            return [s for s in sentences(ln[len(label) :]) if s]
    return []


def _carry_list(previous: str, label: str, strip: str = "") -> list[str]:
    for ln in previous.splitlines():
        if ln.startswith(label):
            items = ln[len(label) :].rstrip().removesuffix(".").split(", ")
            return [x.strip().strip(strip) for x in items if x.strip()]
    return []


# --------------------------------------------------------------------------- network


class EndpointSummarizer:
    """A summarizer that asks a model behind an official SDK, through the client layer
    (``contextledger.client``: one client construction, one error mapping, one timeout
    policy). Subclasses name the wire format; the request is written by that format's
    module (system prompt and transcript as messages, its output-token cap).

    ``base_url`` and ``api_key`` override the :class:`~contextledger.config.Config`
    (default: :func:`~contextledger.config.load_config` when the first request is made).
    """

    format: ClassVar[str]

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_RETRIES,
        token_param: str | None = None,
        config: Config | None = None,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.config = config
        # A custom endpoint is an "-compatible" server: it may not know OpenAI's newest names.
        self.provider = f"{self.format}-compatible" if base_url else self.format
        wire = provider_format(self.format)
        self.token_param = token_param or next(iter(wire.output_limit(0, self.provider)))
        self._client: Any = None

    @property
    def name(self) -> str:
        return f"{self.format}:{self.model}"

    def _get_client(self) -> Any:
        if self._client is None:
            self._client = sdk_client(
                provider_format(self.format).sdk or self.format,
                self.config,
                base_url=self.base_url,
                api_key=self.api_key,
                timeout=self.timeout,
                max_retries=self.max_retries,
                model=self.model,
            )
        return self._client

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        wire = provider_format(self.format)
        messages = (Message.system(prompt), Message.user(transcript))
        body = {"model": self.model, **wire.write(messages, []), self.token_param: max_tokens}
        try:
            text = complete(self.format, body, client=self._get_client(), model=self.model)
        except SendError as exc:
            raise SummarizerError(self.name, _reason(exc, self.timeout)) from exc
        if not isinstance(text, str):
            raise SummarizerError(self.name, f"unexpected reply ({type(text).__name__}, not text)")
        if not text.strip():
            raise SummarizerError(self.name, "empty reply")
        return text.strip()


def _reason(exc: SendError, timeout: float) -> str:
    """Why a summarizer request failed, in one clause for the compaction report."""
    if exc.kind == "timeout":
        return f"timed out after {timeout:g} s"
    if exc.kind == "status":
        return f"HTTP {exc.status} from the endpoint: {exc.message}"
    return exc.message


class OpenAISummarizer(EndpointSummarizer):
    """Any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, …) via the ``openai`` client.

    A local endpoint (``base_url`` set) needs no key. The output cap is sent as
    ``max_completion_tokens`` to OpenAI itself and as ``max_tokens`` to other endpoints
    (override with ``token_param``), the rule every OpenAI Chat request follows.

    >>> s = OpenAISummarizer("gpt-4o-mini", base_url="http://127.0.0.1:11434/v1")
    >>> s.name, s.token_param
    ('openai:gpt-4o-mini', 'max_tokens')
    """

    format = "openai"


class AnthropicSummarizer(EndpointSummarizer):
    """Anthropic's Messages API via the official ``anthropic`` client.

    >>> AnthropicSummarizer("claude-haiku-4-5").name
    'anthropic:claude-haiku-4-5'
    """

    format = "anthropic"


def summarizer_from_spec(
    spec: str,
    settings: Config | Mapping[str, str] | None = None,
    *,
    timeout: float | None = None,
    max_retries: int | None = None,
    base_url: str | None = None,
) -> Summarizer:
    """Build a summarizer from ``offline``, ``openai:MODEL`` or ``anthropic:MODEL``.

    ``settings`` is a :class:`~contextledger.config.Config` (default: :func:`load_config`,
    the environment over the project ``.env``) or a plain mapping of variables (read as
    they are, no ``.env``). It supplies ``OPENAI_BASE_URL``, ``OPENAI_API_KEY``,
    ``ANTHROPIC_BASE_URL``, ``ANTHROPIC_API_KEY`` and, optionally,
    ``CONTEXT_SUMMARIZER_BASE_URL``, ``CONTEXT_COMPACTION_TIMEOUT`` (seconds) and
    ``CONTEXT_COMPACTION_RETRIES``.

    The endpoint is ``base_url`` (the CLI's ``--summarizer-base-url``), else
    ``CONTEXT_SUMMARIZER_BASE_URL``, else the provider's own base URL: a cheap local
    summarizer and the model requests are sent to can live apart.

    >>> summarizer_from_spec("openai:llama3", {"OPENAI_BASE_URL": "http://127.0.0.1:8000/v1"}).name
    'openai:llama3'
    >>> s = summarizer_from_spec("openai:llama3", {"OPENAI_BASE_URL": "https://api.openai.com/v1",
    ...                          "CONTEXT_SUMMARIZER_BASE_URL": "http://127.0.0.1:11434/v1"})
    >>> s.base_url
    'http://127.0.0.1:11434/v1'
    >>> summarizer_from_spec("gemini:x")
    Traceback (most recent call last):
    ...
    ValueError: unknown summarizer 'gemini:x': use 'offline', 'openai:MODEL' or 'anthropic:MODEL'
    """
    kind, _, model = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "offline" and not model:
        return OfflineSummarizer()
    if kind not in ("openai", "anthropic") or not model.strip():
        raise ValueError(
            f"unknown summarizer {spec!r}: use 'offline', 'openai:MODEL' or 'anthropic:MODEL'"
        )
    if settings is None:
        config = load_config()
    elif isinstance(settings, Config):
        config = settings
    else:
        config = load_config(settings, dotenv=None)
    t = timeout if timeout is not None else config.summarizer_timeout(DEFAULT_TIMEOUT)
    r = max_retries if max_retries is not None else config.summarizer_retries(DEFAULT_RETRIES)
    cls = OpenAISummarizer if kind == "openai" else AnthropicSummarizer
    provider_url, api_key = config.endpoint(provider_format(cls.format).sdk or kind)
    return cls(
        model.strip(),
        base_url=base_url or config.summarizer_base_url or provider_url,
        api_key=api_key,
        timeout=t,
        max_retries=r,
        config=config,
    )
