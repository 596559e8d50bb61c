"""A credential's value a tool printed is never carried by a recap (RT25-1, RT26-7
secret-copied): the line that copies it is removed and reported; the credential named
without its value stands."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages


def _call(i: int, cmd: str, out: str) -> list[dict[str, object]]:
    fn = {"name": "bash", "arguments": json.dumps({"command": cmd})}
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": f"c{i}", "type": "function", "function": fn}],
        },
        {"role": "tool", "tool_call_id": f"c{i}", "content": out},
    ]


RECORD = read_messages(
    [
        {"role": "user", "content": "The credentials are in DB_PASSWORD; never print its value."},
        *_call(
            1,
            "vault kv get secret/db",
            "====== Data ======\nKey         Value\npassword    Xk3pQ9vLm2RtY7wZa4bN8c",
        ),
        *_call(2, "env | grep DB_", "DB_PASSWORD=hunter2hunter2XYZ\nDB_HOST=db.internal"),
        {"role": "user", "content": "ok"},
    ]
)


@pytest.mark.parametrize(
    "line",
    [
        "The database password is Xk3pQ9vLm2RtY7wZa4bN8c.",
        "`env | grep DB_`: DB_PASSWORD=hunter2hunter2XYZ",
    ],
)
def test_a_secret_value_a_tool_printed_is_removed(line: str) -> None:
    v = verify_recap("Numbers that matter:\n- " + line, RECORD, ledger=False)
    assert line not in v.text
    assert any("credential" in c.reason for c in v.misclaims)


def test_the_credential_named_without_its_value_stands() -> None:
    line = (
        "Constraints and corrections:\n- The credentials are in DB_PASSWORD; never print its value."
    )
    assert verify_recap(line, RECORD, ledger=False).removed_sentences == ()


def test_the_users_own_sentence_quoted_under_decisions_stands() -> None:
    record = read_messages(
        [
            {"role": "user", "content": "We rejected App Center 9 because it is too slow."},
            {"role": "assistant", "content": "Noted."},
        ]
    )
    line = "Decisions:\n- User: We rejected App Center 9 because it is too slow."
    assert verify_recap(line, record, ledger=False).removed_sentences == ()


@pytest.mark.parametrize(
    "line",
    [
        "The Redis password is PqsVwKeLmZtx.",
        "Use default / PqsVwKeLmZtx to log in to the cache.",
        "`kubectl get secret cache-auth`: password hunter7Gz0Q2 for the admin user.",
    ],
)
def test_a_password_a_tool_printed_in_a_urls_userinfo_or_a_flag_is_removed(line: str) -> None:
    """RT26-7: the password of ``scheme://user:PASSWORD@host`` (or given to ``--password``)
    copied alone is the credential's value, as much as the whole URL."""
    record = read_messages(
        [
            {"role": "user", "content": "Check why the cache is unreachable."},
            *_call(
                1,
                "kubectl get secret cache-auth -o jsonpath='{.data.url}' | base64 -d",
                "rediss://default:PqsVwKeLmZtx@cache-eu.internal:6380/0",
            ),
            *_call(2, "cat deploy/run.sh", "redis-cli --password hunter7Gz0Q2 -h cache-eu ping"),
        ]
    )
    v = verify_recap("Findings:\n- " + line, record, ledger=False)
    assert line not in v.text
    assert any("credential" in c.reason for c in v.misclaims)


USER_SAID = {  # the user gives a password and says never to repeat it, in their language
    "ca": "La contrasenya del tauler és Quill-5512-zx; no la repeteixis mai.",
    "lv": "Paneļa parole ir Quill-5512-zx, nekad to neatkārto.",
    "ha": "Kalmar sirri ta dashboard ita ce Quill-5512-zx; kada ka maimaita ta.",
    "cy": "Cyfrinair y panel yw Quill-5512-zx; paid byth â'i ailadrodd.",
}


@pytest.mark.parametrize("said", USER_SAID.values(), ids=USER_SAID.keys())
@pytest.mark.parametrize(
    "line",
    [
        "Numbers that matter:\n- dashboard password: Quill-5512-zx",
        "Constraints and corrections:\n- User: {said}",
    ],
)
def test_a_password_the_user_said_is_removed_whoever_wrote_the_recap(said: str, line: str) -> None:
    """review48 (R48-ver1, 12/12 stood): a lying LLM recap repeating the password the user
    said never to repeat; only a value a tool printed was looked for."""
    record = read_messages(
        [
            {"role": "user", "content": "Update the vendor list on the dashboard. " + said},
            {"role": "assistant", "content": "Understood."},
        ]
    )
    v = verify_recap(line.format(said=said), record, ledger=False)
    assert "Quill-5512-zx" not in v.text
    assert any("the user said" in c.reason for c in v.misclaims)


def test_the_password_named_without_its_value_stands_after_the_user_said_it() -> None:
    record = read_messages(
        [
            {"role": "user", "content": "Fix the dashboard. " + USER_SAID["lv"]},
            {"role": "assistant", "content": "Understood."},
        ]
    )
    line = "Numbers that matter:\n- dashboard password: <value not shown: a credential>"
    assert verify_recap(line, record, ledger=False).removed_sentences == ()
