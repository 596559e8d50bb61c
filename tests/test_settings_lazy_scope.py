"""A setting's scope is read when first asked and its shortness from at most its first
words (``settings_said.Setting``): what they say is what reading them whole said, and which
earlier settings a newer one sets again is what ``reset_later`` says (speed78: a chat of
pasted CSVs, "warehouse-5\\n33", spent a third of its cold fit reading every paste's scope
and words, where only a short setting's own scope and its key's newer ones are compared)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import settings_said
from contextledger.settings_said import NewerSettings, reset_later, setting_of, word_count

_CSV = "\n".join(f"{n},SKU-{n}7,Widget {n},{n}.99,in_stock,warehouse-{n % 9}" for n in range(400))


def test_a_pasted_csv_gives_settings_its_scope_read_when_asked() -> None:
    text = "In staging, see the export below:\n" + _CSV
    found = setting_of(text)
    assert found is not None
    assert found.values == settings_said.settings(text) != {}
    assert found.short is False
    assert found.scope == settings_said._scope(text)
    assert "staging" in found.scope


_PIECES = st.sampled_from(
    [" ", "\n", "Set ", "pool_size", "ttl_s", "retry-limit", " to ", " = ", "5", "10", "12.5%",
     "In staging, ", "for prod ", "on eu-west ", "for now ", "word ", "お客様に直接", "ภาษาไทยดี",
     "ACME0012", ".", ",", "\u3000", "ok"]
)  # fmt: skip


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=40))
def test_a_setting_reads_as_whole(pieces: list[str]) -> None:
    text = "".join(pieces)
    found = setting_of(text)
    values = settings_said.settings(text)
    if not values:
        assert found is None
        return
    assert found is not None
    assert found.values == values
    assert found.short == (word_count(text) <= settings_said._SETTING_WORDS)
    assert found.scope == settings_said._scope(text)


_SAID = st.sampled_from(
    ["Set ttl_s to 5.", "ttl_s should be 10.", "Keep ttl_s at 10 for now.", "In staging, ttl_s = 3",
     "In production, ttl_s = 30", "Set pool_size to 8 and ttl_s to 5.", "pool_size: 8",
     "Thanks!", "In staging, pool_size should be 4.", "warehouse-5\n33,SKU-9", "Set warehouse-5 to 33",
     "Here is the export for prod: " + _CSV[:600], "ok so pool_size = 9 on eu-west now please"]
)  # fmt: skip


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(_SAID, min_size=1, max_size=12, unique=True))
def test_newer_settings_reset_as_reset_later(said: list[str]) -> None:
    newer = NewerSettings(lambda p: setting_of(said[p]), len(said) - 1)
    stale = reset_later(said)
    # asked newest first, as the pinning asks
    assert [newer.reset(p) for p in reversed(range(len(said)))] == [
        s in stale for s in reversed(said)
    ]


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(_SAID, min_size=1, max_size=12, unique=True))
def test_a_request_surely_no_short_setting_is_not_read_for_its_settings(said: list[str]) -> None:
    read: list[int] = []

    def setting_at(p: int) -> settings_said.Setting | None:
        read.append(p)
        return setting_of(said[p])

    plain = NewerSettings(lambda p: setting_of(said[p]), len(said) - 1)
    screened = NewerSettings(
        setting_at, len(said) - 1, lambda p: settings_said.may_set_short(said[p])
    )
    for p in reversed(range(len(said))):
        read.clear()
        assert screened.reset(p) == plain.reset(p)
        if not settings_said.may_set_short(said[p]):
            assert read == []  # (a paste's settings are searched only as a newer one's)
