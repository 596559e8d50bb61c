"""What a tool call does, from its arguments and name in any language: the commands it ran, the
files it read or wrote, whether it is an editor, a shell, a runner of code or a write."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache, wraps
from typing import Any
from urllib.parse import unquote

from ..lexicon.tools import (
    CODE_KEY,
    CODE_WORDS,
    COMMAND_KEY,
    CONTENT_KEY,
    DELETE_WORDS,
    FILE_WORDS,
    FILESYSTEM_WORDS,
    LOG_WORDS,
    LOOKUP_WORDS,
    PATH_KEY,
    PROSE_KEY,
    READ_TOOL,
    READ_WORDS,
    RUNNER_WORDS,
    SENDS_WORDS,
    SHELL_WORDS,
    WHERE_KEY,
    WRITE_TOOL,
)
from ..model import ToolCall
from .facts import (
    PROGRAM_LINE,
    SUBCOMMAND_PROGRAM,
    extract_claims,
    json_strings,
)
from .failures import failure_lines
from .reads import code_writes, looks_like_file, shell_deletes, shell_reads, shell_writes
from .transcript import typed_command

# What a call ran, read and wrote is read from its arguments once, not at every recap and by
# every reader of the record (the digest, verification's evidence, the quotes): a late
# recap of a long session asked these of each of its thousands of calls (R20-F1). A call is
# an immutable value, so a call read before is answered from here.
_CALLS_READ = 1 << 13


def _read_once(read: Callable[[ToolCall], list[str]]) -> Callable[[ToolCall], list[str]]:
    """``read`` answered once per call (a fresh list each time: callers may extend it)."""
    once = lru_cache(maxsize=_CALLS_READ)(lambda call: tuple(read(call)))

    @wraps(read)
    def fresh(call: ToolCall) -> list[str]:
        return list(once(call))

    return fresh


_OP_KEY = re.compile(r"(?i)^(?:command|action|operation|op|mode)$")

# Anthropic's text-editor operations (any tool name); generic ones only off shell tools.
_EDITOR_OPS = frozenset({"view", "create", "str_replace", "insert", "undo_edit"})

_GENERIC_WRITE_OPS = frozenset(
    {"write", "edit", "append", "replace", "delete", "remove", "rename", "move", "patch",
     "overwrite", "update"}
)  # fmt: skip

_GENERIC_OPS = frozenset({"read", "open", "show", "cat"}) | _GENERIC_WRITE_OPS

_WRITE_OPS = frozenset({"create", "str_replace", "insert", "undo_edit"}) | _GENERIC_WRITE_OPS


_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")  # "readFile" is read, File

# the words of a name in any script: "прочитати_файл", "διαβασε_αρχειο", "readFile"
_SEGMENT = re.compile(r"[^\W\d_]+")
_CASE_STEP = re.compile(r"(?<=[^\W\d_])(?=[A-Z][a-z])|(?<=[a-z])(?=[A-Z])")


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")

URI = re.compile(r"(?i)^[a-z][\w+.-]*://")

_PATCH_FILE = re.compile(r"(?m)^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ b/)(\S+)")


@lru_cache(maxsize=_CALLS_READ)
def editor_operation(call: ToolCall) -> str | None:
    """The sub-command of an editor-style tool call, casefolded: Anthropic's text editor
    (``{"command": "view", "path": …}``) and its kin name the operation in a ``command``
    or ``action`` argument beside a path. It decides read or write; it is never a shell
    command. ``None`` for any other call."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict) or not call_paths(call):
        return None
    shell_like = shell_tool(call) and not WRITE_TOOL.search(call.name)
    for key, value in parsed.items():
        if not (_OP_KEY.match(str(key)) and isinstance(value, str)):
            continue
        op = value.strip().casefold()
        if op in _EDITOR_OPS or (not shell_like and op in _GENERIC_OPS):
            return op
    return None


_ACCENTS = str.maketrans("áàâãçéèêíìîñóòôõúùû", "aaaaceeeiiinoooouuu")


def _name_words(name: str) -> list[str]:
    """The words of a tool's name, casefolded: cut at anything not a letter and where the
    case steps up ("readFile": read, file), in any script ("прочитати_файл")."""
    plain = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").translate(_ACCENTS)
    return [w.casefold() for seg in _SEGMENT.findall(plain) for w in _CASE_STEP.split(seg) if w]


def _shell_name(name: str) -> bool:
    """A tool named as a shell, or as a runner and nothing else ("run", "exec")."""
    words = _name_words(name)
    return bool(words) and (
        any(w in SHELL_WORDS for w in words)
        or (
            all(w in RUNNER_WORDS or w in CODE_WORDS for w in words)
            and any(w in RUNNER_WORDS for w in words)
        )
    )


@lru_cache(maxsize=_CALLS_READ)
def shell_tool(call: ToolCall) -> bool:
    """Whether a call runs what it is given: a tool named as a shell, or a runner
    ("run", "exec", "execute", "process" …) given a command or code (a command-like or
    code-like argument, a bare string or argv) - "run_python(code=…)", "sandbox_exec(cmd=…)",
    not "process_refund(order=…)".

    >>> shell_tool(ToolCall("c", "process_refund", '{"order": "A-1", "override": "yes"}'))
    False
    >>> shell_tool(ToolCall("c", "execute_sql", '{"query": "SELECT 1", "database": "prod"}'))
    True
    """
    if _shell_name(call.name):
        return True
    if not any(w in RUNNER_WORDS for w in _name_words(call.name)):
        return False
    parsed, _ = call.parsed()
    if isinstance(parsed, str | list):
        return True
    return isinstance(parsed, dict) and any(
        COMMAND_KEY.match(str(k))
        or CODE_KEY.match(str(k))
        or (
            isinstance(v, str) and PROGRAM_LINE.match(v.strip() + " ")
        )  # exec_task(target="make …")
        for k, v in parsed.items()
    )


@_read_once
def call_commands(call: ToolCall) -> list[str]:
    """The shell commands a tool call ran (exact, with arguments): from a command-like
    argument of any tool, or any string argument of a shell-like tool."""
    if editor_operation(call) is not None:
        return []  # an editor's "command": "str_replace" is an operation, not a shell command
    if set(_name_words(call.name)) & LOOKUP_WORDS:
        return []  # a look-up's question: kb_lookup(consulta="systemctl restart nginx")
    if not shell_tool(call) and (is_write_call(call) or _read_named(call.name)):
        return []  # a patch tool's "input": not shell
    found = [c for script in _scripts(call) for c in script_commands(script)]
    return [_squeezed(c) for c in found if c.strip() and len(c) <= 400]


# a quoted argument, kept as written, or a run of spaces outside quotes
_QUOTED_OR_SPACE = re.compile(r"""('[^']*'|"(?:[^"\\]|\\.)*")|\s+""")


def _squeezed(command: str) -> str:
    """A command on one line, one space between words, its quoted arguments as written:
    ``echo "a  b"`` keeps its two spaces (what it prints), ``ls   -la`` is ``ls -la``.

    >>> print(_squeezed('ls   -la  && echo "a  b"'))
    ls -la && echo "a  b"
    """
    return _QUOTED_OR_SPACE.sub(lambda m: m.group(1) or " ", command.strip())


def _read_named(name: str) -> bool:
    """A tool named for reading: a word of its name is a read word ("read_file",
    "readFile", "leerArchivo", "viewfile") - not one that has one inside ("calistir",
    Turkish for run, has "list" in it; "catalog_search").

    >>> _read_named("czytaj_plik"), _read_named("komut_calistir"), _read_named("catalog")
    (True, False, False)
    """
    words = _name_words(name)
    return any(READ_TOOL.fullmatch(w) for w in words) or "get_file" in "_".join(words)


def _scripts(call: ToolCall) -> list[str]:
    """The shell scripts a call ran, whole: a command-like argument's value (an argv list
    joined as typed), else every one-line string argument of a shell-like tool."""
    parsed, _ = call.parsed()
    found: list[str] = []
    if isinstance(parsed, dict):
        for key, value in parsed.items():
            if COMMAND_KEY.match(str(key)):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    # a list of commands ("commands": ["make", "make test"]) or a single
                    # command line in a list: each as typed; else an argv, joined
                    lines = value if _LIST_OF_LINES.match(str(key)) or len(value) == 1 else None
                    for line in lines or [typed_command(value)]:
                        found.append(_program_run(call.name, str(key), line))
                elif isinstance(value, str):
                    found.append(_program_run(call.name, str(key), value))
        # exec(script="make build", shell="/bin/bash"): the shell runs the script, it is no
        # command of its own (RT25-7)
        found = [f for f in found if not _INTERPRETER.fullmatch(f.strip())] or found
        if not found and shell_tool(call):
            found = _code_argument(parsed)
        elif not found:  # a query, whatever the tool: "requete_erp(requete='SELECT …')"
            found = [
                v
                for k, v in parsed.items()
                if CODE_KEY.match(str(k)) and isinstance(v, str) and _SQL.match(v)
            ]
        if not found and not set(_name_words(call.name)) & READ_WORDS:
            found = _shaped_commands(parsed)
    elif isinstance(parsed, str) and shell_tool(call):
        found = [parsed]
    elif isinstance(parsed, list) and shell_tool(call):
        found = [typed_command([str(v) for v in parsed])]
    return found


# an argument whose list holds command lines, not one command's argv (R29-M1: an honest
# "`npx eslint src` was run" was stripped when the call said {"commands": ["npx eslint src"]})
_LIST_OF_LINES = re.compile(r"(?i)^(?:commands|scripts|lines|comandos|commandes|befehle)$")

# a shell or interpreter named alone: what runs a script given beside it
_INTERPRETER = re.compile(
    r"(?i)(?:/usr)?(?:/local)?(?:/s?bin/)?(?:env\s+)?"
    r"(?:(?:ba|z|k|c|tc|fi|da|a)?sh|pwsh|powershell(?:\.exe)?|cmd(?:\.exe)?|python[\d.]*|node)"
)


def _shaped_commands(args: dict[str, Any]) -> list[str]:
    """The arguments of a tool named in any language whose values read as a command line or
    a query (``voer_uit(opdracht="kubectl rollout restart deploy/web")``, ``consulter(demande=
    "SELECT count(*) FROM t")``): what the tool ran, whatever its name and keys say - never
    a message's, a title's or a file's content (prose that starts with "make" or "git").

    >>> _shaped_commands({"opdracht": "kubectl rollout restart deploy/web -n prod"})
    ['kubectl rollout restart deploy/web -n prod']
    >>> _shaped_commands({"tekst": "git push fails on main"}), _shaped_commands({"q": "make sure"})
    ([], [])
    """
    return [
        v
        for k, v in args.items()
        if isinstance(v, str)
        and not PROSE_KEY.match(str(k))
        and not CONTENT_KEY.match(str(k))
        and (command_line(v) or is_query(v))
    ]


# What a sentence has and a command line has not: a comma or a colon before a word, a
# closing full stop ("git gud, the build is green now", "make sure it is done.")
# ("docker build -t x ." and "go test ./..." end in an argument)
_PROSE = re.compile(r"[,:]\s|(?<=[^\W\d_])[.!?。！？]\s*$|(?<=[^\W\d_]\))[.!?]\s*$")
# A shell word that is an argument, not a word of prose: a flag, a path, key=value, a number
_ARG_WORD = re.compile(r"^(?:-{1,2}\w[\w-]*(?:=\S*)?|\S*[/=.:@]\S*|\d\S*|['\"].*)$")
# a program's name (lower case, maybe with dashes or dots), a subcommand or an operand or
# two, then a flag: what no sentence looks like
_OWN_PROGRAM = re.compile(
    r"^(?:\./)?[a-z][\w.-]*(?:\s+[\w./:=-]+){0,5}?\s+(?:--?[A-Za-z][\w-]*(?:[\s=]|$)|"
    # ... or a path or a key:value setting ("sprawdz_definicje robocze/redline.pdf", "bundle
    # exec fastlane ios beta build_number:612")
    r"[\w.-]*/[\w./-]*\.\w+(?:\s|$)|[a-z_]+[:=]\S)"
)
_OPERATOR = re.compile(r"\s(?:\||&&|\|\||>>?|<|2>&1)\s|;\s|\s>\S")


def command_line(value: str) -> bool:
    """Whether ``value`` reads as one shell command line: a known program (or ``./script``)
    followed by arguments (a flag, a path, key=value, a number), a shell operator, or a
    subcommand of a program that takes one ("systemctl restart nginx") - not prose that
    starts with a program's name.

    >>> command_line("make deploy ENV=staging"), command_line("systemctl restart nginx")
    (True, True)
    >>> command_line("make sure the deploy is done by Friday"), command_line("pytest flaky")
    (False, False)
    """
    v = value.strip()
    if not v or "\n" in v or len(v) > 400 or _PROSE.search(v):
        return False
    if not PROGRAM_LINE.match(v + " "):  # a program no list knows, given flags: "vrp-export
        return bool(_OWN_PROGRAM.match(v))  # --format gpx --out x.gpx", "sorter-cli stats -v"
    words = v.split()
    words = words[1:] if words[0] == "sudo" else words
    if len(words) < 2:
        return False
    if _OPERATOR.search(v) or any(_ARG_WORD.match(w) for w in words[1:]):
        return True
    # a subcommand and a name or two ("git push origin main"), not a sentence ("docker build
    # is slow on CI runners")
    return (
        bool(SUBCOMMAND_PROGRAM.match(words[0]))
        and words[1].isalpha()
        and words[1].islower()
        and len(words) <= 4
    )


# A statement in SQL's own shape (a SELECT with its FROM, an INSERT INTO, an UPDATE … SET
# …), in capitals or with SQL's punctuation: not "select the files from the list"
_SQL_STATEMENT = re.compile(
    r"(?is)^\s*(?:select\s.+?\sfrom\s|with\s+\w+\s+as\s*\(|insert\s+into\s|update\s+\S+\s+set\s|"
    r"delete\s+from\s|(?:create|alter|drop|truncate)\s+(?:table|index|view|schema|database|"
    r"materialized)\b|explain\s+(?:analyze\s+)?select\s)"
)
_SQL_SIGNS = re.compile(
    r"(?-i:^\s*(?:SELECT|WITH|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE|EXPLAIN)\b)|[*=(';.]"
)


def is_query(value: str) -> bool:
    """Whether ``value`` is a SQL statement (see :data:`_SQL_STATEMENT`)."""
    return bool(_SQL_STATEMENT.match(value)) and bool(_SQL_SIGNS.search(value))


def _program_run(tool: str, key: str, value: str) -> str:
    """The command line a tool named after a program ran with its arguments: ``git(args=
    "mv a b")`` ran ``git mv a b``, not ``mv a b``; a tool of its own given only options
    ran as itself: ``upload_receipts(args=["--portal", "hr"])`` ran ``upload_receipts
    --portal hr`` (review48: Commands run listed "--portal hr" with no program)."""
    program = tool.strip()
    shell = _shell_name(program)  # bash(args="ls") ran ls
    options_only = value.lstrip().startswith("-") and re.fullmatch(r"[\w.-]+", program)
    if (
        key.casefold() not in ("args", "argv")
        or shell
        or not (PROGRAM_LINE.match(program + " ") or options_only)
    ):
        return value
    if value.split(None, 1)[:1] == [program]:
        return value
    return f"{program} {value}" if value.strip() else value


# A query, whatever runs it: "requete_erp(requete='SELECT …')" ran the SELECT
_SQL = re.compile(
    r"(?i)^\s*(?:select|insert|update|delete|with|create|alter|drop|truncate|explain|show|grant|"
    r"revoke|merge|copy|vacuum|analyze|call|exec)\s+\S"
)


def ran_against(call: ToolCall, command: str) -> str:
    """The settings of a call that say where its command ran ("database=prod"), the ones
    its command does not name itself; "" for none.

    >>> ran_against(ToolCall("c", "execute_sql", '{"query": "DELETE FROM t", "database": "prod"}'),
    ...             "DELETE FROM t")
    'database=prod'
    """
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return ""
    said = [
        f"{k}={v.strip()}"
        for k, v in parsed.items()
        if WHERE_KEY.match(str(k))
        and isinstance(v, str)
        and 0 < len(v.strip()) <= 60
        and " " not in v.strip()
        and v.strip() not in command
    ]
    return ", ".join(said[:3])


def _code_argument(args: dict[str, Any]) -> list[str]:
    """The one argument a shell-like call without a command-like key ran: the one a
    code-like key names (``run_sql(query=…, database="replica")`` ran the query), else
    its longest one-line string - never every argument, so a database name, a timeout
    or a notebook's path is no command.

    >>> _code_argument({"query": "SELECT 1", "database": "analytics replica"})
    ['SELECT 1']
    >>> _code_argument({"target": "make deploy", "timeout": "30 s"})
    ['make deploy']
    """
    coded = [v for k, v in args.items() if CODE_KEY.match(str(k)) and isinstance(v, str)]
    if coded:
        return [v for v in coded if v.strip()]
    lines = [v for v in json_strings(args) if v.strip() and "\n" not in v.strip()]
    return [max(lines, key=len)] if lines else []


@_read_once
def call_reads(call: ToolCall) -> list[str]:
    """The files a call read: the paths of a read-type call or an editor's ``view``, and
    the files its shell commands print (``cat``, ``sed -n``, ``grep -n … file`` …); none
    for a call that writes.

    >>> call_reads(ToolCall("c", "shell", '{"command": ["bash", "-lc", "nl -ba a.py | head"]}'))
    ['a.py']
    >>> call_reads(ToolCall("c", "str_replace_based_edit_tool", '{"command": "view", "path": "b.py"}'))
    ['b.py']
    """
    if is_write_call(call):
        return []
    if editor_operation(call) is not None or not call_commands(call):
        return (call_paths(call) if is_read_call(call) else []) + fetched_urls(call)
    reads = (p for script in _scripts(call) for p in shell_reads(script))
    return list(dict.fromkeys(p.removeprefix("./") for p in reads))


# the argument naming the page a call fetched or went to: "url", "uri", "href", "link",
# "page_url", "targetUrl" (not "webhook_url" nor "callback_url": a setting, not a page read)
_PAGE_KEY = re.compile(
    r"(?i)^(?:(?:page|target|start|source)[_-]?)?(?:url|uri|href|link|address)s?$"
)
_WEB_PAGE = re.compile(r"(?i)^https?://[^\s\"'<>]+$")
# what a call sends to the address it names: the address is where it wrote, not what it read
_SENT_KEY = re.compile(
    r"(?i)^(?:body|data|json|payload|form|form_?data|files?|upload|attachments?)$"
)
_METHOD_KEY = re.compile(r"(?i)^(?:method|http_?method|verb)$")


def fetched_urls(call: ToolCall) -> list[str]:
    """The web pages a call read: an http(s) address under a page key of a call that runs
    no command, writes no file and sends nothing - a web fetch, a browser going to a page
    (``browser(action="navigate", url=…)``); not a POST, an upload, a webhook nor a message
    sent with a link.

    >>> fetched_urls(ToolCall("c", "web_fetch", '{"url": "https://docs.python.org/3/"}'))
    ['https://docs.python.org/3/']
    >>> fetched_urls(ToolCall("c", "http", '{"url": "https://api.x.io/v1", "method": "POST"}'))
    []
    """
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict) or set(_name_words(call.name)) & SENDS_WORDS:
        return []
    pages: list[str] = []
    for key, value in parsed.items():
        if _SENT_KEY.match(str(key)) and value not in (None, "", [], {}):
            return []
        if _METHOD_KEY.match(str(key)) and str(value).strip().upper() not in ("GET", "HEAD"):
            return []
        if not _PAGE_KEY.match(str(key)):
            continue
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and _WEB_PAGE.match(v.strip()):
                pages.append(v.strip())
    return list(dict.fromkeys(pages))


# A line that goes on in the next: a continuation, an open block, a heredoc's start.
_CONTINUED = re.compile(r"(?:\\|&&|\|\||\||[({\[]|\bthen|\bdo|\belse|<<-?\s*['\"]?\w+['\"]?)\s*$")


_SHELL_OPTIONS = re.compile(r"(?:set|shopt)(?:\s+(?:[-+][a-zA-Z]+|-o|-s|-u|[a-z]+))+;?$")


def script_commands(script: str) -> list[str]:
    """The commands of a (possibly multi-line) command argument, each one line as it was
    typed: every line of a plain sequence of commands (each starting with a known
    program), else the first line and " …" (a heredoc, a loop, a Python snippet: its
    first line is what ran, its words are not joined into one invented command).

    >>> script_commands("cd api\\npytest -q tests/")
    ['cd api', 'pytest -q tests/']
    >>> script_commands("python - <<'EOF'\\nimport sys\\nprint(sys.argv)\\nEOF")
    ["python - <<'EOF' …"]
    >>> script_commands("set -euo pipefail\\ncd etl\\npsql -c 'DELETE FROM t'")
    ['cd etl', "psql -c 'DELETE FROM t'"]
    >>> script_commands("cat > c.yml <<'EOF'\\nimage: a\\nEOF\\ndocker compose -f c.yml up -d")
    ["cat > c.yml <<'EOF' …", 'docker compose -f c.yml up -d']
    """
    lines = [ln.strip() for ln in script.strip().splitlines()]
    # (a shell's options, "set -e": how the rest runs, no command of its own: a script
    # opening so was recapped as `set -e …`, its commands lost, R39-R1)
    lines = [ln for ln in lines if ln and not ln.startswith("#") and not _SHELL_OPTIONS.match(ln)]
    if len(lines) <= 1:
        return lines
    plain = len(lines) <= 12 and all(
        PROGRAM_LINE.match(ln) and not _CONTINUED.search(ln) for ln in lines
    )
    if plain:
        return lines
    # ... and each later command the script runs at its top level, outside a heredoc's body
    # or a block: "cat > f.yml <<'EOF' …" then "docker compose -f f.yml up -d", the command
    # that ran after the file was written (the recap listed only the heredoc's opening)
    later = _top_level_commands(lines)
    return [f"{lines[0]} …", *later[:_LATER_COMMANDS]]


_LATER_COMMANDS = 5
_HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
_OPENS_BLOCK = re.compile(r"(?:\bdo|\bthen|\{)\s*$")
_CLOSES_BLOCK = re.compile(r"^(?:done|fi|\}|end)\b")


def _top_level_commands(lines: Sequence[str]) -> list[str]:
    """The lines after the first of a script that run a program at its top level (not in
    a heredoc's body nor in a loop or a block), each as typed."""
    out: list[str] = []
    heredoc_end: str | None = None
    depth = 0
    for k, line in enumerate(lines):
        if heredoc_end is not None:
            heredoc_end = None if line == heredoc_end else heredoc_end
            continue
        opened = _HEREDOC.search(line)
        if opened is not None:
            heredoc_end = opened.group(1)
        if _CLOSES_BLOCK.match(line):
            depth = max(0, depth - 1)
        elif k and not depth and PROGRAM_LINE.match(line) and not _CONTINUED.search(line):
            out.append(line)
        if _OPENS_BLOCK.search(line):
            depth += 1
    return out


@_read_once
def call_paths(call: ToolCall) -> list[str]:
    """Paths named by a tool call's path-like arguments, however the key is spelled and
    however deep (``{"files": [{"path": …}]}``), a ``file://`` URI as its path, and the
    files a patch's headers name.

    >>> call_paths(ToolCall("c", "view_file", '{"AbsolutePath": "/r/a.py", "StartLine": 1}'))
    ['/r/a.py']
    >>> call_paths(ToolCall("c", "fs_read", '{"uri": "file:///r/My%20Notes.md"}'))
    ['/r/My Notes.md']
    """
    parsed, _ = call.parsed()
    out: list[str] = []
    if isinstance(parsed, dict):
        out = _path_values(parsed, 0)
        for text in json_strings(parsed):
            out += _PATCH_FILE.findall(text)
        if _MOVE_TOOL.search(call.name):  # the new name: move_file(src, dst), rename(from, to)
            out += [
                v.strip()
                for k, v in parsed.items()
                if _MOVED_TO.match(str(k))
                and isinstance(v, str)
                and not _NO_FILE.fullmatch(v.strip())
            ]
        if not out:  # schrijf_bestand(pad=…, inhoud=…): its path under a key in any language
            written = _written_path(call)
            # ... or a value that is a file's path whatever its key: citeste_fisier(cale=…)
            out = [written] if written else _path_shaped(call)
    out = list(dict.fromkeys(out))
    return [p.removeprefix("./") for p in out if p and len(p) < 300 and "\n" not in p]


_MOVE_TOOL = re.compile(r"(?i)rename|move|(?<![a-z])mv(?![a-z])|copy|(?<![a-z])cp(?![a-z])")

_MOVED_TO = re.compile(
    r"(?i)^(?:dst|to|new_?path|new_?name|new_?file(?:_?name)?|dest(?:ination)?(?:_?path)?|"
    r"target(?:_?path)?)$"
)


# values a path key ("to", "target", "dest") holds that name no file: a date or a time (a
# calendar's move_event(to="2026-03-17T10:00"), review42 R42-R4), a number, an e-mail address
_NO_FILE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|\d{1,2}:\d{2}(?::\d{2})?|[\d.,+-]+|[^@\s/]+@[^@\s/]+\.[A-Za-z]{2,}"
)


def _path_values(args: dict[str, Any], depth: int) -> list[str]:
    out: list[str] = []
    for key, value in args.items():
        values = value if isinstance(value, list) else [value]
        if PATH_KEY.search(_CAMEL.sub("_", str(key))):
            for v in values:
                if isinstance(v, str) and v.strip() and not _NO_FILE.fullmatch(v.strip()):
                    out += _as_path(v.strip())
        if depth < 2:
            out += [p for v in values if isinstance(v, dict) for p in _path_values(v, depth + 1)]
    return out


def _as_path(value: str) -> list[str]:
    """A path argument's path: a ``file://`` URI decoded, any other URI none."""
    if not URI.match(value):
        return [value]
    if value[:7].casefold() != "file://":
        return []
    path = unquote(value[7:])
    return [path[1:] if re.match(r"^/[A-Za-z]:[/\\]", path) else path]  # file:///C:/x


@lru_cache(maxsize=_CALLS_READ)
def is_write_call(call: ToolCall) -> bool:
    """A call that writes files: an editor operation that writes (``create``,
    ``str_replace`` …), else a write-type tool name (``write_file``, ``apply_patch`` …),
    else a path argument beside the content written (``fs(path=…, content=…)``).

    >>> is_write_call(ToolCall("c", "fs", '{"filename": "a.py", "contents": "x = 1"}'))
    True
    >>> is_write_call(ToolCall("c", "fs", '{"filename": "a.py"}'))
    False
    """
    op = editor_operation(call)
    if op is not None:
        return op in _WRITE_OPS
    if WRITE_TOOL.search(call.name):
        return True
    words = {w.casefold() for w in _NAME_WORD.findall(call.name)}
    if words & READ_WORDS or shell_tool(call) or not call_paths(call):
        return False
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return False
    return any(CONTENT_KEY.match(str(k)) for k in parsed) or _written_path(call) is not None


def _written_path(call: ToolCall) -> str | None:
    """The file a call writes by the shape of its arguments, its keys in any language: one
    argument a file's path, another the lines written (``schrijf_bestand(pad="docs/a.md",
    inhoud="# A\\n…")``) - not a message sent with an attachment, not a read."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return None
    values = [v.strip() for v in parsed.values() if isinstance(v, str)]
    words = set(_name_words(call.name))
    # the lines written; one line will do for a tool named for files ("zapisz_plik(sciezka=…,
    # tresc=\"1. Kaucja\")", "dosya_yaz(yol=…, icerik=…)")
    filed = bool(words & FILE_WORDS)
    lines = [
        v
        for k, v in parsed.items()
        if isinstance(v, str) and ("\n" in v.strip() or (filed and _one_line_content(v.strip())))
    ]
    if not lines or all(PROSE_KEY.match(str(k)) for k, v in parsed.items() if v in lines):
        return None  # no lines written, or only a message's: posta_messaggio(file=…, testo=…)
    if words & READ_WORDS or words & SENDS_WORDS:
        return None
    paths = [v for v in values if _PATHISH.fullmatch(v) and not URI.match(v)]
    return paths[0] if len(paths) == 1 else None


# a place on another machine: "host:/srv/app", "user@host:backup/"
_REMOTE = re.compile(r"^[\w.-]*@?[\w.-]+:[/~]")


def _path_shaped(call: ToolCall) -> list[str]:
    """The arguments whose whole value is a file's path, under a key in any language
    ("lokasi", "шлях", "pasu"): a folder and a name, or a name with a known extension."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return []
    values = [v.strip() for v in parsed.values() if isinstance(v, str)]
    return [
        v
        for v in values
        if _PATHISH.fullmatch(v)
        and not URI.match(v)
        and any(f.kind == "path" and f.value == v for f in extract_claims(v))
    ]


def _one_line_content(value: str) -> bool:
    """A one-line value that can be what a file tool writes: not a path, a number or a flag."""
    return len(value) >= 4 and not value.isdigit() and not _PATHISH.fullmatch(value)


# A file's path as an argument's whole value: a folder and a name, or a name with an extension
_PATHISH = re.compile(
    r"(?:~|\.{1,2})?/?(?:[^\s/\\:*?\"<>|]+/)+[^\s/\\:*?\"<>|]+|[\w.-]+\.[A-Za-z0-9]{1,8}"
)


@_read_once
def call_writes(call: ToolCall) -> list[str]:
    """The files a call wrote: the paths of a write-type call, else what its shell
    commands write (a rename's or a copy's new name, a redirection's target, ``sed -i``):
    ``git(args="mv A.kt B.kt")`` wrote ``B.kt``.

    >>> call_writes(ToolCall("c", "git", '{"args": "mv src/A.kt src/B.kt"}'))
    ['src/B.kt']
    >>> call_writes(ToolCall("c", "bash", '{"command": "pytest -q > out/report.txt"}'))
    ['out/report.txt']
    """
    if _delete_named(call.name):
        return []  # delete_file(path=…): the file is gone, not written
    if is_write_call(call):
        gone = set(call_deletes(call))  # rename(old_path=…, new_path=…) wrote the new one
        return [p for p in call_paths(call) if p not in gone]
    if not call_commands(call):
        return []
    found = [p for script in _scripts(call) for p in shell_writes(script)]
    if not quotes_files(call):  # (a search for "to_csv(" writes nothing)
        # what its code writes, a notebook's cells' lines included ({"cells": [{"source": …}]})
        parsed, _ = call.parsed()
        found += [p for text in json_strings(parsed) for p in code_writes(text)]
    return list(dict.fromkeys(p.removeprefix("./") for p in found))


def call_deletes(call: ToolCall) -> list[str]:
    """The files a call removes: the paths of a tool named for deleting a file, else what
    its shell commands remove (``rm``, ``git rm`` …).

    >>> call_deletes(ToolCall("c", "delete_file", '{"path": "tmp/a.py"}'))
    ['tmp/a.py']
    >>> call_deletes(ToolCall("c", "bash", '{"command": "git rm db/old.py"}'))
    ['db/old.py']
    >>> call_deletes(ToolCall("c", "remove_item_from_cart", '{"item": "a.py"}'))
    []
    """
    if _delete_named(call.name):
        return call_paths(call)
    if is_write_call(call) and _moves_files(call.name):
        return _moved_from(call)
    found = [p for script in _scripts(call) for p in shell_deletes(script)]
    return list(dict.fromkeys(found)) if call_commands(call) else []


def _moves_files(name: str) -> bool:
    """A tool named for moving or renaming (``move_file``, ``renameFile``, ``fs_mv``), not
    copying nor removing ("remove_lines": "move" inside a word is no move)."""
    words = set(_name_words(name))
    return bool(words & _MOVE_WORDS) and not words & _COPY_WORDS


_MOVE_WORDS = frozenset({"move", "rename", "mv", "ren", "relocate"})
_COPY_WORDS = frozenset({"copy", "cp", "duplicate", "clone"})


def _moved_from(call: ToolCall) -> list[str]:
    """The old names a move or rename tool left: its path-valued arguments other than
    where they went (``move_file(source=…, destination=…)``, ``rename(old_path=…,
    new_path=…)``).

    >>> _moved_from(ToolCall("c", "move_file", '{"source": "a/x.md", "destination": "a/y.md"}'))
    ['a/x.md']
    """
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return []
    return [
        v.strip().removeprefix("./")
        for k, v in parsed.items()
        if isinstance(v, str)
        and not _MOVED_TO.match(str(k))
        and _PATHISH.fullmatch(v.strip())
        and not URI.match(v.strip())
    ]


def _delete_named(name: str) -> bool:
    """A tool named for removing a file: a word for deleting, every other word one for a
    file, a folder or the file system ("delete_file", "fs_unlink", "trash", "borrarArchivo")."""
    words = _name_words(name)
    return any(w in DELETE_WORDS for w in words) and all(
        w in DELETE_WORDS or w in FILE_WORDS or w in FILESYSTEM_WORDS for w in words
    )


@lru_cache(maxsize=_CALLS_READ)
def reads_logs(call: ToolCall) -> bool:
    """Whether a call that runs no command reads a log, by its name: a word for logs last
    ("fetch_logs", "getPodLogs", "tail_journal"), and no word for writing or removing.

    >>> reads_logs(ToolCall("c", "fetch_logs", "{}")), reads_logs(ToolCall("c", "delete_logs", "{}"))
    (True, False)
    """
    words = _name_words(call.name)
    return (
        bool(words)
        and words[-1] in LOG_WORDS
        and not WRITE_TOOL.search(call.name)
        and not call_commands(call)
    )


def is_read_call(call: ToolCall) -> bool:
    """A call that only reads files: an editor ``view``, or a read-type tool name."""
    op = editor_operation(call)
    if op is not None:
        return op not in _WRITE_OPS
    return _read_named(call.name) and not is_write_call(call)


def reads_by_shape(call: ToolCall, result: str) -> list[str]:
    """The files a call read by its shape, whatever its name and its keys' language: a
    call naming a file's path that runs nothing and writes nothing, answered with the
    file's contents - three lines or more, or a line of 40 characters or more that does
    not name the file (an acknowledgement names what it did: "đã xóa out/a.txt") and
    says nothing failed (a read's own error: "Không tìm thấy tệp").

    >>> reads_by_shape(ToolCall("c", "doc_tep", '{"duong_dan": "release/gia_do.FCStd"}'),
    ...                "FreeCAD document: Body001 (Pad, Pocket003), material AlMg3")
    ['release/gia_do.FCStd']
    >>> reads_by_shape(ToolCall("c", "xoa_tep", '{"duong_dan": "out/a.txt"}'), "đã xóa out/a.txt")
    []
    """
    text = result.strip()
    if not text or is_write_call(call) or call_commands(call):
        return []
    paths = call_paths(call)
    # one file in: two paths are a move or a copy, a destination URI an upload or a send
    if (
        len(paths) != 1
        or not looks_like_file(paths[0])
        or set(_name_words(call.name)) & SENDS_WORDS
    ):
        return []
    parsed, _ = call.parsed()
    if isinstance(parsed, dict) and any(
        isinstance(v, str) and (URI.match(v.strip()) or _REMOTE.match(v.strip()))
        for v in parsed.values()
    ):
        return []
    lines = [ln for ln in text.splitlines() if ln.strip()]
    # a report on the file names it ("removed tmp/a.bin", "main.py:3:1: F401 …", a checksum
    # beside its name); a file's contents do not, nor are they one bare token or a line or
    # two of short words
    name = paths[0].replace("\\", "/").rsplit("/", 1)[-1]
    if name in text or paths[0] in text:
        return []
    if len(lines) < 3 and (len(text) < 40 or " " not in text):
        return []
    if len(text) <= 400 and failure_lines(text):
        return []  # a short answer that says what went wrong: the read failed
    return paths


_SHOWS_FILE = re.compile(
    r"^(?:sudo\s+)?(?:cat|head|tail|less|more|bat|nl|type|get-content|sed\s+-n)\s+(?![-|])"
)


def shows_file(call: ToolCall) -> bool:
    """Whether a call's output is a file's contents (a read tool, ``cat README.md``), not
    a terminal's: a ``$ terraform apply`` line in it is documentation, not a run.

    >>> shows_file(ToolCall("c", "bash", '{"command": "cat README.md"}'))
    True
    >>> shows_file(ToolCall("c", "bash", '{"command": "make deploy"}'))
    False
    """
    if is_read_call(call) and not shell_tool(call):
        return True
    commands = call_commands(call)
    return bool(commands) and all(_SHOWS_FILE.match(c.casefold()) for c in commands)


_SEARCH = re.compile(
    r"^(?:sudo\s+)?(?:grep|egrep|fgrep|zgrep|rg|ag|ack|git\s+grep|findstr|select-string|sls)\b"
)
# what a search reads that a run wrote: a log, a journal, a service's output
_LOG = re.compile(r"(?i)\.(?:log|out|err|journal)\b|(?:^|[\s/])(?:var/log|logs?)/")


def searches(command: str) -> bool:
    """Whether ``command`` searches for a pattern (``rg -n 'lock' src/``, ``git grep x``).

    >>> searches("rg -n 'pg_advisory_xact_lock' src/"), searches("git status")
    (True, False)
    """
    return _SEARCH.match(command.casefold()) is not None


def quotes_files(call: ToolCall) -> bool:
    """Whether a call's output quotes files a search found its pattern in, not a run's
    own output: a "FAILED" in ``grep -rn FAILED docs/`` is a document's word, no failure
    (a search of a log reads what failed, and is no such call).

    >>> quotes_files(ToolCall("c", "bash", '{"command": "grep -rn FAILED docs/"}'))
    True
    >>> quotes_files(ToolCall("c", "bash", '{"command": "grep -i error /var/log/app.log"}'))
    False
    """
    commands = call_commands(call)
    return (
        bool(commands)
        and all(_SEARCH.match(c.casefold()) for c in commands)
        and not any(_LOG.search(c) for c in commands)
    )


_SEARCH_SAYS = re.compile(
    r"(?im)^(?:grep|egrep|fgrep|zgrep|rg|ag|ack|findstr|select-string|"
    # ... or a program that shows a file: "cat: notes.md: No such file or directory"
    r"cat|head|tail|less|more|bat|nl|type|sed|get-content)\s?:.*$"
)


def search_messages(text: str) -> str:
    """What a search said of its own run in ``text`` (``grep: docs/: No such file or
    directory``), without the lines it quotes from the files it searched; the same for a
    program that shows a file (``cat: a.md: Permission denied``, not the file's lines)."""
    return "\n".join(m.group() for m in _SEARCH_SAYS.finditer(text))
