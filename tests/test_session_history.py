"""A person's own history, on every backend: search (FTS5), rename, delete (with the images
no other session uses), listing with model, turns, tokens, dollars and last use; and the
`sessions` commands that show them at 80 columns."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import openai
import pytest
from click.testing import CliRunner

from builders import png
from contextledger.catalog import cost_in_dollars, format_dollars, price_table
from contextledger.cli import main
from contextledger.errors import ContentError, StoreError
from contextledger.model import Image, InlineData, Message, ToolCall
from contextledger.storage.sessions import SessionStore
from serve_harness import RunningProxy
from stub_server import StubServer


def image(color: tuple[int, int, int]) -> Image:
    return Image("image/png", data=InlineData.from_bytes(png(16, 9, color)), name="shot.png")


@pytest.fixture
def store(store_location: str, media_location: str) -> SessionStore:
    s = SessionStore(store_location, media=media_location)
    yield s  # type: ignore[misc]
    s.close()


def usage(model: str, reported: int | None, output: int, cached: int = 0) -> dict[str, object]:
    data: dict[str, object] = {"model": model, "estimated": 1000, "reported": reported,
                               "error_pct": None, "output_tokens": output}  # fmt: skip
    if cached:
        data["cached_input_tokens"] = cached
    return data


def test_search_finds_every_word_in_text_tool_calls_and_results(store: SessionStore) -> None:
    store.create("upload")
    store.append("upload", [
        Message.user("The upload endpoint returns 500 for big files."),
        Message.assistant(ToolCall("c1", "read_logs", '{"path": "nginx/error.log"}')),
        Message.tool("c1", "client intended to send too large body: 52428800 bytes"),
        Message.assistant("Raise client_max_body_size in nginx."),
    ])  # fmt: skip
    store.create("other")
    store.append("other", [Message.user("Résumé of the meeting about uploads")])

    hits = store.search("UPLOAD 500")
    assert [(h.session, h.role) for h in hits] == [("upload", "user")]
    assert "[upload]" in hits[0].snippet and "[500]" in hits[0].snippet
    assert [h.message_id for h in store.search("nginx")] != []
    assert {h.role for h in store.search("nginx")} == {"assistant"}  # the call and the reply
    assert [h.role for h in store.search("large body")] == ["tool"]
    assert [h.session for h in store.search("resume")] == ["other"]  # accents ignored
    assert {h.session for h in store.search("upload*")} == {"upload", "other"}  # a prefix
    # "-files" is the word "files", never FTS5's NOT (nor a syntax error)
    assert [h.message_id for h in store.search("upload -files")] == ["m0"]
    assert store.search('"unbalanced') == []
    with pytest.raises(ContentError, match="at least one word"):
        store.search('  "" ')
    assert len(store.search("the", limit=1)) == 1


def test_rename_keeps_everything_and_refuses_a_taken_name(store: SessionStore) -> None:
    store.create("a")
    store.append("a", [Message.user(image((1, 2, 3)), "look")])
    store.append_event("a", "usage", usage("gpt-4o", 100, 10))
    store.create("b")
    store.rename("a", "renamed")
    assert not store.exists("a")
    loaded = store.load("renamed")
    assert [m.text for m in loaded.messages] == ["look"]
    assert len(list(loaded.messages[0].images())) == 1 and len(loaded.events) == 1
    with pytest.raises(StoreError, match="'b' already exists"):
        store.rename("renamed", "b")
    with pytest.raises(StoreError, match="no session named 'missing'"):
        store.rename("missing", "x")


def test_delete_removes_only_the_images_no_other_session_uses(store: SessionStore) -> None:
    shared, own = image((10, 20, 30)), image((200, 10, 10))
    store.create("keep")
    (kept,) = store.append("keep", [Message.user(shared, "shared screenshot")])
    store.create("gone")
    (gone,) = store.append("gone", [Message.user(shared, own, "both")])
    (shared_ref,) = [i.ref for i in kept.images()]
    own_ref = next(i.ref for i in gone.images() if i.ref != shared_ref)

    swept = store.delete("gone")
    assert swept is not None and swept.removed == (own_ref,)
    assert not store.exists("gone")
    assert store.media.exists(shared_ref) and not store.media.exists(own_ref)
    assert not store.load("keep").unreadable  # the other session is whole
    assert store.delete("keep") is not None and not store.media.exists(shared_ref)


def test_summaries_have_model_turns_tokens_dollars_and_last_use(store: SessionStore) -> None:
    store.create("s")
    store.append("s", [Message.user("a"), Message.assistant("b"), Message.user("c"),
                       Message.assistant("d")])  # fmt: skip
    store.append_event("s", "usage", usage("gpt-4o", 10_000, 500, cached=8_000))
    store.append_event("s", "usage", usage("gpt-4o-mini", 2_000, 100))
    store.create("unpriced")
    store.append("unpriced", [Message.user("x")])
    store.append_event("unpriced", "usage", usage("my-house-model", 100, 10))
    store.append_event("unpriced", "usage", usage("gpt-4o", None, 10))  # no usage reported

    by_name = {s.info.name: s for s in store.summaries()}
    s = by_name["s"]
    assert (s.model, s.turns, s.requests) == ("gpt-4o-mini", 2, 2)
    assert (s.input_tokens, s.output_tokens) == (12_000, 600)
    want = cost_in_dollars("gpt-4o", 10_000, 500, cached_input_tokens=8_000).dollars
    want2 = cost_in_dollars("gpt-4o-mini", 2_000, 100).dollars
    assert want is not None and want2 is not None and s.cost.dollars == want + want2
    assert s.cost.as_of == price_table().as_of and s.last_used >= s.info.created
    u = by_name["unpriced"]
    assert u.cost.dollars is None and u.cost.unpriced == ("my-house-model",)
    assert u.input_tokens == 100 + 1000  # the estimate stands in where none was reported


def test_a_request_without_reported_usage_is_priced_by_its_estimate(store: SessionStore) -> None:
    """A streamed reply whose client asked for no usage (the OpenAI SDK's default) was listed
    at $0.00 once the proxy stopped, while the proxy's dashboard priced it (R32-S2)."""
    from contextledger.serve.dashboard import session_cost

    store.create("streamed")
    store.append("streamed", [Message.user("x")])
    turn = {"route": "chat", "model": "gpt-4o", "status": 200, "used": 2_000, "usage": None}
    store.append_event("streamed", "serve.turn", turn)
    (summary,) = store.summaries()
    want = cost_in_dollars("gpt-4o", 2_000, 0).dollars
    assert want and summary.cost.dollars == want == session_cost([turn]).dollars


def test_dollars_follow_the_dated_table_and_never_guess() -> None:
    table = price_table()
    assert table.as_of == "2026-11-30" and table.currency == "USD"
    cost = cost_in_dollars("gpt-4o", 1_000_000, 1_000_000)
    assert cost.dollars == Decimal("12.5") and "prices of 2026-11-30" in cost.describe()
    # a long-context tier bills the whole request at the higher rate
    low, high = cost_in_dollars("gpt-5.4", 272_000, 0), cost_in_dollars("gpt-5.4", 272_001, 0)
    assert low.dollars is not None and high.dollars is not None
    assert high.dollars > 2 * low.dollars * Decimal("0.99")
    # a dated snapshot may be priced differently from its alias: unknown, not the alias's
    assert cost_in_dollars("gpt-4o-2024-05-13", 10, 10).dollars is None
    assert (
        "price unknown for gpt-4o-2024-05-13"
        in cost_in_dollars("gpt-4o-2024-05-13", 1, 1).describe()
    )
    assert format_dollars(Decimal("0.00042")) == "$0.00042"


def test_anthropic_cache_writes_are_billed_above_the_input_rate() -> None:
    """A write to Anthropic's prompt cache costs 1.25× input (5 minutes) or 2× (1 hour);
    billing it as plain input would show a session cheaper than its invoice."""
    plain = cost_in_dollars("claude-sonnet-4-5", 100_000, 0).dollars
    written = cost_in_dollars("claude-sonnet-4-5", 100_000, 0, cache_write_tokens=100_000).dollars
    hour = cost_in_dollars(
        "claude-sonnet-4-5", 100_000, 0, cache_write_tokens=100_000, cache_write_1h_tokens=100_000
    ).dollars
    assert (plain, written, hour) == (Decimal("0.3"), Decimal("0.375"), Decimal("0.6"))
    # a provider without a write charge bills a write as an input token
    assert cost_in_dollars("gpt-4o", 1000, 0, cache_write_tokens=1000).dollars == (
        cost_in_dollars("gpt-4o", 1000, 0).dollars
    )


def test_a_stored_usage_record_with_cache_writes_is_priced_with_them() -> None:
    from contextledger.providers.anthropic import read_usage
    from contextledger.storage.browse import usage_cost

    u = read_usage({"input_tokens": 50, "cache_creation_input_tokens": 10_000,
                    "cache_read_input_tokens": 0, "output_tokens": 20,
                    "cache_creation": {"ephemeral_5m_input_tokens": 10_000,
                                       "ephemeral_1h_input_tokens": 0}})  # fmt: skip
    record = {"model": "claude-haiku-4-5", "reported": u.input_tokens,
              "output_tokens": u.output_tokens, **u.cache_fields()}  # fmt: skip
    cost = usage_cost(record)
    assert cost is not None
    want = cost_in_dollars("claude-haiku-4-5", 10_050, 20, cache_write_tokens=10_000).dollars
    assert cost.dollars == want and want == Decimal("0.01265")  # 50×$1 + 10,000×$1.25 + 20×$5 /M


# --- the commands ------------------------------------------------------------------


def run(args: list[str], home: Path, **kw: object) -> object:
    env = {"CONTEXTLEDGER_HOME": str(home), "CONTEXTLEDGER_STORE": None, "COLUMNS": "80"}
    return CliRunner().invoke(main, args, env=env, **kw)  # type: ignore[arg-type]


def seeded_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    with SessionStore(home / "sessions.db") as store:
        store.create("chat-20261130-101500")
        store.append("chat-20261130-101500", [
            Message.user(image((5, 5, 5)), "Why does the upload fail for big files?"),
            Message.assistant("nginx limits the body size."),
        ])  # fmt: skip
        store.append_event("chat-20261130-101500", "usage",
                           usage("claude-sonnet-4-5", 1_234, 56))  # fmt: skip
        store.create("house")
        store.append("house", [Message.user("hello")])
        store.append_event("house", "usage", usage("my-house-model", 10, 5))
    return home


def test_sessions_list_at_80_columns_with_the_price_date(tmp_path: Path) -> None:
    home = seeded_home(tmp_path)
    res = run(["sessions", "list"], home)
    assert res.exit_code == 0, res.output  # type: ignore[attr-defined]
    out: str = res.output  # type: ignore[attr-defined]
    assert all(len(line) <= 80 for line in out.splitlines()), out
    row = next(line for line in out.splitlines() if line.startswith("chat-20261130-101500"))
    assert "claude-sonnet-4-5" in row and "1,290" in row and "$" in row
    assert "unknown" in next(line for line in out.splitlines() if line.startswith("house"))
    assert "prices of 2026-11-30" in out
    shown = run(["sessions", "show", "chat-20261130-101500"], home).output  # type: ignore[attr-defined]
    assert "1 request(s), cost $0.004542 (prices of 2026-11-30)" in shown
    data = json.loads(run(["sessions", "list", "--json"], home).output)  # type: ignore[attr-defined]
    assert data["prices_as_of"] == "2026-11-30"
    first = data["sessions"][0]
    assert {"name", "model", "turns", "input_tokens", "output_tokens", "dollars",
            "last_used", "messages", "events"} <= set(first)  # fmt: skip


def test_sessions_search_rename_delete_from_the_command_line(tmp_path: Path) -> None:
    home = seeded_home(tmp_path)
    res = run(["sessions", "search", "upload big"], home)
    out: str = res.output  # type: ignore[attr-defined]
    assert res.exit_code == 0 and "chat-20261130-101500 · m0 (user)" in out  # type: ignore[attr-defined]
    assert "[upload]" in out and all(len(line) <= 80 for line in out.splitlines())
    assert "no stored message" in run(["sessions", "search", "zebra"], home).output  # type: ignore[attr-defined]

    res = run(["sessions", "rename", "chat-20261130-101500", "upload-bug"], home)
    assert res.exit_code == 0 and "renamed" in res.output  # type: ignore[attr-defined]
    taken = run(["sessions", "rename", "upload-bug", "house"], home)
    assert taken.exit_code == 1 and "'house' already exists" in taken.stderr  # type: ignore[attr-defined]

    declined = run(["sessions", "delete", "upload-bug"], home, input="n\n")
    assert declined.exit_code == 1 and "cannot be undone" in declined.output  # type: ignore[attr-defined]
    media = list((home / "sessions.media").rglob("*.png"))
    assert len(media) == 1
    done = run(["sessions", "delete", "upload-bug"], home, input="y\n")
    assert done.exit_code == 0, done.output  # type: ignore[attr-defined]
    assert "removed 1 image(s)" in done.output  # type: ignore[attr-defined]
    assert not media[0].exists()
    listed = run(["sessions", "list", "--json"], home).output  # type: ignore[attr-defined]
    assert [s["name"] for s in json.loads(listed)["sessions"]] == ["house"]
    assert run(["sessions", "delete", "nope", "--yes"], home).exit_code == 1  # type: ignore[attr-defined]


def test_a_session_the_proxy_served_is_listed_with_its_model_tokens_and_cost(
    proxy: RunningProxy, stub: StubServer, tmp_path: Path
) -> None:
    """``serve`` records each forwarded request as a ``serve.turn``: the listing counts it
    as chat's ``usage`` events are (a refused request is no bill)."""
    client = openai.OpenAI(base_url=f"{proxy.url}/v1", api_key="test-key")
    client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": "hello there"}], max_tokens=20
    )
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model="gpt-4o", messages=[], max_tokens=20)
    proxy.flush()
    with SessionStore(tmp_path / "sessions.db") as store:
        (summary,) = store.summaries()
    assert summary.model == "gpt-4o" and summary.requests == 1
    assert summary.input_tokens > 0 and summary.output_tokens > 0
    assert summary.cost.dollars is not None and summary.cost.dollars > 0
