"""Credential values, which no recap and no quote under a recap copies (RT25-1).

A tool that prints the environment (``env | grep GRAFA`` -> ``GRAFANA_SA_TOKEN_017=sk_06fb…``)
puts a secret in the record; the record keeps it, but a recap or a verbatim quote would make
it a permanent user-role line of every later request (and of a paid summarizer's prompt).
So the value is shown by its name only, saying why.

>>> masked("GRAFANA_SA_TOKEN_017=sk_06fb6c1f0bd269eb5e56c35d\\nREGION=eu-west-1")
'GRAFANA_SA_TOKEN_017=<value not shown: a credential>\\nREGION=eu-west-1'
>>> masked("key: ghp_0123456789abcdefghij0123")
'key: <value not shown: a credential>'
>>> masked("url = jdbc:postgresql://mirth:s3cr3tPw@db-hl7.internal:5432/mirthdb")
'url = jdbc:postgresql://mirth:<value not shown: a credential>@db-hl7.internal:5432/mirthdb'
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

__all__ = ["CREDENTIAL", "HIDDEN", "holding_hints", "masked", "may_hold_secret"]

# "password" in the languages people write to an assistant in (its value is masked only when
# it looks made: a letter and two digits, a few words after the word)
_PASSWORD_WORDS = (
    "passcode", "passwort", "kennwort", "mot de passe", "contraseña", "senha", "wachtwoord",
    "lösenord", "adgangskode", "passord", "salasana", "parool",
    "slaptažodis", "hasło", "heslo", "geslo", "lozinka", "лозинк", "парол",
    "нууц үг", "құпиясөз", "құпия сөз", "şifre", "şifrə", "fjalëkalim", "cyfrinair",
    "pasahitza", "pasfhocal", "lykilorð", "jelszó", "parolă", "κωδικός πρόσβασης", "סיסמ", "كلمة المرور",
    "كلمة السر", "رمز عبور", "گذرواژه", "پاس ورڈ", "पासवर्ड", "પાસવર્ડ", "పాస్‌వర్డ్", "పాస్వర్డ్",
    "මුරපදය", "পাসওয়ার্ড", "கடவுச்சொல்", "പാസ്‌വേഡ്", "ಪಾಸ್‌ವರ್ಡ್", "ਪਾਸਵਰਡ", "รหัสผ่าน",
    "ລະຫັດຜ່ານ", "ពាក្យសម្ងាត់", "စကားဝှက်", "mật khẩu", "kata sandi", "kata laluan",
    "nenosiri", "iphasiwedi", "wagwoord", "የይለፍ ቃል", "პაროლ", "գաղտնաբառ", "密码", "密碼",
    "パスワード", "暗証番号", "비밀번호",
    "contrasinal", "contrasenya", "parol", "erayga sirta", "furaha sirta", "okwuntughe",
    "tenimiafin", "teny miafina", "kalmar sirri", "ọrọ igbaniwọle", "igama lokugqitha",
    "pasvorto",
)  # fmt: skip

# a setting whose name says it holds a credential, set to a value that looks made, not
# said: a letter and two digits, or twenty characters (not "max_tokens=4096", not "auth:
# oidc-keycloak" or "token_format: opaque-v2": R21-R2), or a value shaped like a known key
CREDENTIAL = re.compile(
    r"(?i)(?P<name>(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|private[_-]?key|"
    r"credentials?|auth)[\w-]*[\"']?\s*(?:=|:(?!:))\s*[\"']?)"
    r"(?=[^\s\"']*[a-z])(?=(?:[^\s\"']*?\d){2}|[^\s\"']{20})[^\s\"']{8,}|"
    # ... given to a command: "--token tok9f8e…", "curl -u admin:AdminPass9876", "mysql -pS3cr…"
    # (R21-R3)
    r"(?P<flag>--(?:token|password|passwd|api[_-]?key|secret|auth[_-]?token|access[_-]?token)"
    r"[= ]\s*[\"']?|\s(?:-u|--user)\s+[^\s:'\"]+:|\bmysql(?:dump|admin)?\b[^\n|;]*?\s-p)"
    r"(?=[^\s\"']*\d)[^\s\"'@]{6,}|"
    # ... a password said to be a value: "the config password is c0rrect-h0rse-battery"
    r"(?P<said>(?:passw(?:or)?d|passphrase|token|secret|api[ _-]?key)\s+(?:is|was)\s+[\"']?)"
    r"(?=[^\s\"']*\d)[^\s\"',;]{8,}|"
    # ... a password said in any language, its value after a few words: "Cyfrinair y porth
    # yw Kestrel-cy-4471", "पोर्टलको पासवर्ड Kestrel-4471 हो" (review48: 44/48 recaps quoted it)
    r"(?P<spoken>(?:" + "|".join(_PASSWORD_WORDS) + r")[^\n.!?。]{0,40}?(?<=[\s:=—«\"'(]))"
    r"(?=[^\s\"']*[^\W\d_])(?=(?:[^\s\"']*?\d){2})[^\s\"',;]{7,}[^\s\"',;.。]|"
    # ... a password in a URL's userinfo: "redis://default:FtpAw…@redis-eu:6379/0" (RT26-4)
    r"(?P<url>\b[a-z][\w+.-]*://[^\s:/@]*:)[^\s:/@]{3,}(?=@[\w.-])|"
    # ... an HTTP bearer token: "Authorization: Bearer 9f8a7b6c…" (R21-R1)
    r"(?P<bearer>\bbearer\s+)[\w.~+/=-]{12,}|"
    r"(?-i:\b(?:sk|pk|rk)_(?:live_|test_)?[A-Za-z0-9]{16,}|\bgh[posur]_[A-Za-z0-9]{20,}|"
    # ... OpenAI's and Anthropic's keys: "sk-proj-…", "sk-ant-api03-…", "sk-…" (R21-R1)
    r"\bsk-[A-Za-z0-9_-]{20,}|"
    r"\bxox[abpr]-[\w-]{10,}|\beyJ[\w-]{10,}\.[\w-]{10,}\.|\bAKIA[0-9A-Z]{16}\b|"
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----)"
)

#: What stands where a credential's value was.
HIDDEN = "<value not shown: a credential>"

_SECRET_HINTS = (
    "token", "secret", "passw", "pwd", "key", "credential", "auth", "sk_", "pk_", "rk_", "gh",
    "xox", "eyj", "akia", "private", "://", "sk-", "bearer", "-u", "-p",
    *(w.casefold() for w in _PASSWORD_WORDS),
)  # fmt: skip


def may_hold_secret(text: str) -> bool:
    """A cheap test before :data:`CREDENTIAL` is searched line by line: a word it needs."""
    low = text.casefold()
    return any(h in low for h in _SECRET_HINTS)


def holding_hints(lines: Sequence[str]) -> list[int]:
    """The indices of ``lines`` that :func:`may_hold_secret`, in order: each hint looked for
    once in all of them, casefolded together (a test a line was most of reading a long
    tool output for secrets; casefolding keeps each line apart: no character folds to or
    from a newline).

    >>> holding_hints(["x = 1", "API_KEY=abc", "high", "y"])
    [1, 2]
    """
    low = "\n".join(lines).casefold()
    folded = low.split("\n")
    if len(folded) != len(lines):  # a line holding a newline: each tested alone
        return [k for k, line in enumerate(lines) if may_hold_secret(line)]
    starts = list(accumulate((len(x) + 1 for x in folded), initial=0))
    found: set[int] = set()
    for hint in _SECRET_HINTS:
        at = low.find(hint)
        while at >= 0:
            k = bisect_right(starts, at) - 1
            found.add(k)
            at = low.find(hint, starts[k + 1])
    return sorted(found)


def masked(text: str) -> str:
    """``text`` with each credential's value replaced by :data:`HIDDEN` (its name kept)."""
    if not may_hold_secret(text):
        return text
    return CREDENTIAL.sub(
        lambda m: (
            (
                m.group("name")
                or m.group("flag")
                or m.group("said")
                or m.group("spoken")
                or m.group("url")
                or m.group("bearer")
                or ""
            )
            + HIDDEN
        ),
        text,
    )
