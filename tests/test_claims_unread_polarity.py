"""Polarity and role where the user's words are in a language the verifier reads little
or not at all: a rule, a permission or a choice claimed in English must not stand on word
overlap alone ("Always run `X`" for a ban it cannot read is unverifiable, reported), and a
ban in a language it does read (Bengali, Swahili, Georgian) supports "Never run `X`" and
refutes "Always run `X`". Structural slips found on held-out sessions: a command's
``name.ext # 004`` read as a setting the user gave, a bare number tying a name
("option-005-dual-write") to a sentence in another script.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction.claims.polarity import asserts_polarity, polarity_unread
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids

RULES = "Constraints and corrections"


def _record(*user: str, assistant: str = "OK.") -> list[Message]:
    out: list[Message] = [Message.user("Fix the invoice export before Friday.")]
    for u in user:
        out += [Message.user(u), Message.assistant(assistant)]
    out += [
        Message("assistant", (ToolCall("c1", "bash", json.dumps({"command": "make test"})),)),
        Message.tool("c1", "12 passed"),
    ]
    return list(with_ids(out))


def _stands(record: list[Message], section: str, line: str) -> bool:
    v = verify_recap(f"{section}:\n- {line}", record, ledger=False)
    return line in v.text


# a ban in a script no denial list covers (Sinhala, Khmer, Lao), and one in each language
# whose denials are now read
UNREAD_BANS = (
    "කිසි විටෙක `{c}` ධාවනය නොකරන්න.",
    "កុំដំណើរការ `{c}` ជាដាច់ខាត។",
    "ຢ່າແລ່ນ `{c}` ເດັດຂາດ.",
)
READ_BANS = (
    "কোনো পরিবেশেই কখনো `{c}` চালাবে না।",
    "Usiendeshe kamwe `{c}`, katika mazingira yoyote.",
    "არასდროს გაუშვა `{c}`, არცერთ გარემოში.",
    "Никога не пускай `{c}`, в никоя среда.",
)
COMMANDS = st.builds(
    lambda verb, target, n: f"./bin/{verb} --{target} # {n}",
    st.sampled_from(["wipe", "purge", "reset", "drop-all"]),
    st.sampled_from(["all", "prod", "archive", "cache"]),
    st.integers(100, 999),
)


@settings(max_examples=12, deadline=None)
@given(command=COMMANDS, ban=st.sampled_from(UNREAD_BANS))
def test_a_rule_on_a_ban_not_read_is_never_accepted(command: str, ban: str) -> None:
    record = _record(ban.format(c=command))
    assert not _stands(record, RULES, f"Always run `{command}` before deploying.")
    assert not _stands(record, RULES, f"Running `{command}` is allowed on staging.")


@settings(max_examples=12, deadline=None)
@given(command=COMMANDS, ban=st.sampled_from(READ_BANS))
def test_a_ban_read_supports_never_and_refutes_always(command: str, ban: str) -> None:
    record = _record(ban.format(c=command))
    assert _stands(record, RULES, f"Never run `{command}`.")
    assert not _stands(record, RULES, f"Always run `{command}` before deploying.")
    assert not _stands(record, RULES, f"Running `{command}` is allowed on staging.")


def test_unverifiable_is_reported_with_its_reason() -> None:
    record = _record(UNREAD_BANS[0].format(c="./bin/wipe --all"))
    v = verify_recap(f"{RULES}:\n- Always run `./bin/wipe --all` first.", record, ledger=False)
    assert any("not read here" in c.reason for c in v.misclaims)


def test_what_polarity_reading_covers() -> None:
    assert polarity_unread(UNREAD_BANS[1].format(c="x"))
    assert not polarity_unread(READ_BANS[0].format(c="x"))
    assert not polarity_unread("Run `make test` before each push.")
    assert asserts_polarity("Always run `x`.") and asserts_polarity("The user chose A over B.")
    assert not asserts_polarity("The SLA for checkout latency is 120 ms.")


def test_a_command_with_a_dotted_file_is_no_setting() -> None:
    """``empty.gpkg # 004`` inside a command is no setting "empty.gpkg = 004" the user gave."""
    cmd = "ogr2ogr -overwrite PG:dbname=gis_prod empty.gpkg # 004"
    record = _record(f"`{cmd}` is off limits. Nobody runs it, anywhere, ever.")
    assert not _stands(record, RULES, f"Always run `{cmd}` before deploying.")


def test_a_number_inside_a_name_ties_no_sentence_in_another_script() -> None:
    """The uid 005 of "option-005-dual-write" alone in a Bulgarian sentence ("(005)") does
    not make it the user's words."""
    record = _record(
        "Крайният срок е 2027-07-13 12:45 (005); след това прозорецът се затваря.",
        assistant="My recommendation is option-005-dual-write: it keeps the old path live.",
    )
    line = "User: My recommendation is option-005-dual-write."
    assert not _stands(record, "Decisions", line)
    assert _stands(record, "Decisions", "Assistant: My recommendation is option-005-dual-write.")


LIMITS = (
    "Квотата ни за export jobs е само 400; не я превишавай.",
    "export jobs-ის კვოტა მხოლოდ 400-ია; არ გადააჭარბო.",
    "The quota for export jobs is 400. Do not exceed it.",
)


@settings(max_examples=6, deadline=None)
@given(limit=st.sampled_from(LIMITS))
def test_a_permission_for_what_the_user_limited_is_caught(limit: str) -> None:
    record = _record(limit)
    assert not _stands(record, RULES, "Exceeding the 400 quota for export jobs is fine.")


def test_a_permission_the_user_gave_beside_a_denial_stands() -> None:
    """A denial beside the user's own word of leave limits the leave, it does not forbid."""
    record = _record("You can skip the slow e2e suite on staging, no need to run it there.")
    assert _stands(record, RULES, "Skipping the slow e2e suite on staging is fine.")


def test_a_release_the_user_rolled_back_may_not_be_redeployed_freely() -> None:
    record = _record(
        "Върнахме назад (rollback) billing-api 4.2; не го деплойвай отново без моето разрешение."
    )
    assert not _stands(record, RULES, "billing-api 4.2 may be redeployed without approval.")
