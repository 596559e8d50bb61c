"""Typed errors. Every error says what was wrong and where, in words a person can act on.

Every exception contextledger raises on purpose is defined here, in one tree::

    ContextLedgerError
    ├── ContentError (ValueError)          input that does not fit the content model
    │   └── UnsupportedBlockError          a block the target format cannot carry
    ├── VisionGateError                    images for a model that cannot see them
    │   └── UnpricedImagesError            images for an unknown model with no image family
    ├── UnknownModelError (KeyError)       a model id the catalog cannot resolve
    │   └── ShutDownModelError             a model its provider shut down (when, what instead)
    ├── ImageProbeError (ValueError)       an image whose header cannot be read
    ├── BudgetError                        the request cannot fit the window
    │   └── FileBoundError                 a file by reference, priced at its bound, does not
    ├── ArgumentError (ValueError, TypeError)  a Python argument with a value it cannot take
    │   ├── WindowError                    a window above the model's own
    │   └── ModelSpecError                 a register_model spec with a bad or unknown field
    ├── StoreError                         a session or media store problem
    │   ├── StoreBusyError                 a session another process holds past the timeout
    │   └── UnstorableImageError           image bytes the store will not keep (bad input)
    ├── ConfigError (ValueError)           a setting (environment or .env) with a bad value
    │   └── CompactionConfigError          CONTEXT_COMPACTION neither on nor off
    ├── SendError                          the provider did not answer with a usable reply
    └── SummarizerError                    a summarizer could not produce a recap

Catch :class:`ContextLedgerError` to handle them all. (One more class lives here that
never reaches a caller: StreamInterrupted, which carries a broken stream's partial reply
from a provider's ``stream`` to the client layer, where it becomes a SendError.)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Literal, Protocol


class ContextLedgerError(Exception):
    """Base class for every error contextledger raises on purpose.

    Every error pickles (multiprocessing pools, task queues and process-pool executors
    carry errors between processes): the subclasses take their own arguments (a path and a
    reason, a model and its suggestions), not the message ``Exception.args`` holds, so the
    default ``cls(*args)`` rebuild would fail; :meth:`__reduce__` rebuilds from the state.
    """

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_error, (type(self), self.args, dict(self.__dict__)))


def _rebuild_error(
    cls: type[ContextLedgerError], args: tuple[object, ...], state: dict[str, object]
) -> ContextLedgerError:
    """An error of ``cls`` with ``args`` and attributes ``state``, without calling its __init__."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class ContentError(ContextLedgerError, ValueError):
    """Input that does not fit the content model: unknown block, missing field, bad value.

    ``path`` names where it is, e.g. ``messages[3].content[1]``.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}" if path else reason)


def describe(value: object, limit: int = 60) -> str:
    """A short description of a bad input value, safe to put in any error message.

    Strings are quoted (cut at ``limit``), other JSON scalars shown as they are, containers
    by kind only: a value nested 100,000 deep or an integer of 5,000 digits cannot be
    ``repr``-ed, and an error message must never fail to be built.

    >>> describe([1, 2]), describe("image"), describe(10**5000)
    ('a list', "'image'", 'an integer of 5001 digits')
    """
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of {_digits(value)} digits"
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, Mapping):  # a UserDict is not what a JSON reader takes: say so
        return "an object" if type(value) is dict else f"a {type(value).__name__}"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


def _digits(value: int) -> int:
    # str() of an integer over 4,300 digits raises; count by powers of ten instead
    n = abs(value)
    estimate = int(n.bit_length() * 0.30102999566398120)
    return estimate + 1 if n >= 10**estimate else estimate


class UnsupportedBlockError(ContentError):
    """A block the target format cannot carry."""

    # Our block names where a wire name is better known (OpenAI's input_audio).
    WIRE_NAMES: ClassVar[Mapping[str, str]] = MappingProxyType({"audio": "input_audio"})

    def __init__(self, path: str, block_type: str, target: str, hint: str = "") -> None:
        block_type = self.WIRE_NAMES.get(block_type, block_type)
        self.block_type = block_type
        self.target = target
        reason = f"block type {block_type!r} cannot be sent to {target}"
        if hint:
            reason += f" ({hint})"
        super().__init__(path, reason)


class VisionGateError(ContextLedgerError):
    """The conversation holds images and the target model (or provider) cannot see them."""

    def __init__(self, model: str, provider: str, image_count: int, reason: str) -> None:
        self.model = model
        self.provider = provider
        self.image_count = image_count
        self.reason = reason
        super().__init__(
            f"{self.problem}. {self.remedy} (or pass on_images='placeholder' to send text "
            "placeholders instead)."
        )

    remedy: ClassVar[str] = "Switch to a vision model or remove the images"

    @property
    def problem(self) -> str:
        """What is wrong, without the remedy (a CLI names its own flags and commands)."""
        return f"{self.model} cannot accept images ({self.reason}); {self._holds}"

    @property
    def _holds(self) -> str:
        noun = "image" if self.image_count == 1 else "images"
        return f"the conversation holds {self.image_count} {noun}"


class UnpricedImagesError(VisionGateError):
    """The conversation holds images for a model the catalog does not know, and no image
    family was named: what it bills for them is not known, so they are not priced below it
    (``catalog.UNKNOWN_IMAGE_COST``)."""

    remedy: ClassVar[str] = "Name its image family or remove the images"

    @property
    def problem(self) -> str:
        return f"{self.model}'s images cannot be priced ({self.reason}); {self._holds}"


class UnknownModelError(ContextLedgerError, KeyError):
    """A model id the catalog cannot resolve. ``suggestions`` are the closest known ids."""

    def __init__(self, model: str, suggestions: tuple[str, ...] = (), *, hint: str = "") -> None:
        self.model = model
        self.suggestions = tuple(suggestions)
        self.hint = hint
        super().__init__(model)

    def __str__(self) -> str:
        hint = f"did you mean {' or '.join(self.suggestions)}? " if self.suggestions else ""
        if self.hint:  # (a sentence of its own when no suggestion follows)
            hint = f"{self.hint}; {hint}" if hint else f"{self.hint}. "
        return (
            f"unknown model {self.model!r}: {hint}Its window and prices are not known; "
            "register it (contextledger.catalog.register_model, or a CONTEXTLEDGER_MODELS "
            "file) or pass window= (and image_family= for images) to use estimated prices"
        )


class ShutDownModelError(UnknownModelError):
    """A model id its provider's own API no longer serves (its deprecations page says when):
    a request to it fails, so it is refused before it is priced. ``suggestions`` start with
    a model the provider serves; ``date`` and ``source`` say when and where it was shut down."""

    def __init__(
        self, model: str, suggestions: tuple[str, ...], *, provider: str, date: str, source: str
    ) -> None:
        super().__init__(model, suggestions, hint=f"shut down by {provider} on {date}")
        self.provider = provider
        self.date = date
        self.source = source

    def __str__(self) -> str:
        # (a window does not bring it back: the provider answers 404 whatever is priced)
        return (
            f"model {self.model!r} was shut down by {self.provider} on {self.date} "
            f"({self.source}): requests to it fail. Use {' or '.join(self.suggestions)}; "
            "a cloud that still serves it is named by its own id (azure/…, Bedrock's, "
            f"Vertex's @date), a deployment of yours with Catalog.revive({self.model!r})"
        )


class ImageProbeError(ContextLedgerError, ValueError):
    """An image whose header could not be read: truncated, corrupt, unknown or absurd."""

    def __init__(self, reason: str, *, source: str = "") -> None:
        self.reason = reason
        self.source = source
        super().__init__(f"{source}: {reason}" if source else reason)


class BudgetError(ContextLedgerError):
    """The request cannot fit the model's window; the message says which reservation to shrink."""

    def __init__(self, message: str, *, needed: int = 0, available: int = 0) -> None:
        self.needed = needed
        self.available = available
        super().__init__(message)


class FileBoundError(BudgetError):
    """A request that does not fit because a file by reference in it (an id, a URL, a URI:
    its length is not known here) is priced at its bound. ``path`` names the file; the
    message says how to give its length. A :class:`BudgetError`, so whatever handles "does
    not fit" (prepare's tries with less room, the proxy's ``context_length_exceeded``) does."""

    def __init__(self, path: str, reason: str, *, needed: int = 0, available: int = 0) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}", needed=needed, available=available)


class ArgumentError(ContextLedgerError, ValueError, TypeError):
    """A Python argument with a value it cannot take, e.g. ``fit(..., window="8k")``.

    >>> str(ArgumentError("window", "a positive whole number of tokens", "8k"))
    "window must be a positive whole number of tokens, not '8k'"
    """

    def __init__(self, name: str, expected: str, value: object) -> None:
        self.name = name
        self.expected = expected
        super().__init__(f"{name} must be {expected}, not {describe(value)}")


class WindowError(ArgumentError):
    """A window above the model's own context window: the provider would refuse every
    request budgeted for it (``context_length_exceeded``). A smaller window is fine."""

    def __init__(self, model: str, window: int, model_window: int) -> None:
        self.model = model
        self.window = window
        self.model_window = model_window
        super().__init__("window", f"at most {model}'s context window", window)
        ContextLedgerError.__init__(
            self,
            f"a window of {window:,} tokens is above {model}'s context window of "
            f"{model_window:,} tokens: the provider would refuse the request "
            f"(context_length_exceeded). Use a window of at most {model_window:,} tokens; if "
            "your deployment's window really is larger (a long-context option), register the "
            "model with it (contextledger.catalog.register_model, or a CONTEXTLEDGER_MODELS "
            "file)",
        )


class ModelSpecError(ArgumentError):
    """A model spec (``register_model``, a ``CONTEXTLEDGER_MODELS`` entry) with a field
    that is unknown, missing or impossible: refused, never replaced by a default.

    >>> str(ModelSpecError("acme", "contex_window", "is not a field", ("context_window",)))
    "model spec 'acme': 'contex_window' is not a field (did you mean context_window?)"
    """

    def __init__(
        self, model: str, field: str, problem: str, suggestions: tuple[str, ...] = ()
    ) -> None:
        self.model = model
        self.field = field
        self.suggestions = suggestions
        super().__init__(field, problem, model)
        hint = f" (did you mean {' or '.join(suggestions)}?)" if suggestions else ""
        ContextLedgerError.__init__(self, f"model spec {model!r}: {field!r} {problem}{hint}")


class StoreError(ContextLedgerError):
    """A session or media store problem: missing, corrupt, refused or too large."""


class StoreBusyError(StoreError):
    """A session's store lock held by another process (another proxy instance) for
    longer than the caller agreed to wait: try again shortly."""


class UnstorableImageError(StoreError):
    """Image bytes the media store will not keep: empty, invalid base64, not an image it
    can read, a type it does not keep or over its size limit. The image's fault, not the
    store's: trying again cannot help (the proxy answers it as a bad request)."""


class ConfigError(ContextLedgerError, ValueError):
    """A setting from the environment or ``.env`` whose value cannot be used."""


class CompactionConfigError(ConfigError):
    """A ``CONTEXT_COMPACTION`` value that is neither on nor off."""


class PartialReply(Protocol):
    """What a broken stream delivered: a :class:`~contextledger.model.Message` (a protocol
    here so that ``errors`` stays below ``model``, which raises these errors)."""

    @property
    def text(self) -> str: ...


#: What went wrong in a send: an HTTP status, no answer in time, no connection, a reply
#: that broke off midway, an unreadable reply, a missing setting, or a format this client
#: does not send.
SendErrorKind = Literal[
    "status", "timeout", "connection", "interrupted", "protocol", "config", "unsupported"
]


class SendError(ContextLedgerError):
    """The provider did not answer with a usable reply. ``message`` is the provider's own
    words when it sent any; ``status`` is the HTTP status when there was one; ``partial``
    holds what a stream delivered before it broke off (nothing of it is lost).

    >>> str(SendError("openai", "gpt-4o", "status", "Invalid 'messages[1].content'", status=400))
    "openai refused the request for gpt-4o (HTTP 400): Invalid 'messages[1].content'"
    """

    def __init__(
        self,
        provider: str,
        model: str,
        kind: SendErrorKind,
        message: str,
        *,
        status: int | None = None,
        code: str | None = None,
        partial: PartialReply | None = None,
    ) -> None:
        self.provider = provider
        self.model = model
        self.kind = kind
        self.message = message
        self.status = status
        self.code = code
        self.partial = partial
        if kind == "status" and status is not None and status >= 500:
            head = f"{provider} failed on the request for {model} (HTTP {status})"
        elif kind == "status":
            head = f"{provider} refused the request for {model} (HTTP {status})"
        elif kind == "timeout":
            head = f"{provider} did not answer in time for {model}"
        elif kind == "connection":
            head = f"could not reach {provider} for {model}"
        elif kind == "interrupted":
            head = f"the reply from {provider} for {model} broke off midway"
        elif kind == "config":
            head = f"cannot send to {provider}"
        elif kind == "unsupported":
            head = f"cannot send a {provider} request"
        else:
            head = f"{provider} sent an unusable reply for {model}"
        super().__init__(f"{head}: {message}")


class StreamInterrupted(Exception):
    """A provider's stream failed after part of the reply arrived (the connection dropped,
    the stream was cut): ``cause`` is the failure, ``partial`` what arrived, in ``count``
    ``unit`` s. Raised by a provider's ``stream`` and turned by the client layer into a
    :class:`SendError` of kind ``interrupted`` carrying ``partial`` (never into a reply)."""

    def __init__(self, cause: BaseException, partial: PartialReply, count: int, unit: str) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.partial = partial
        self.count = count
        self.unit = unit


class SummarizerError(ContextLedgerError):
    """A summarizer could not produce a recap: network error, timeout, empty or odd reply."""

    def __init__(self, summarizer: str, reason: str) -> None:
        self.summarizer = summarizer
        self.reason = reason
        super().__init__(f"{summarizer}: {reason}")
