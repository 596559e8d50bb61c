"""Which files a shell command prints and which files the user shared: the reads no
read-type tool call names.

Agents read files through a shell as often as through a read tool: ``cat``, ``head -n
40``, ``sed -n '1,80p'``, ``nl -ba … | sed -n …``, ``grep -n … file``, ``less``, and on
Windows ``Get-Content`` or ``type``, sometimes wrapped in ``bash -lc "…"``. The user
shares files too: an attachment (an Anthropic document, an OpenAI file part) or a file
pasted into the turn under its name. Each of these is a file the assistant has read.

>>> shell_reads("nl -ba src/app.py | sed -n '30,90p'")
['src/app.py']
>>> shell_reads('bash -lc "grep -n \\'def retry\\' lib/retry.py && head -n 5 README.md"')
['lib/retry.py', 'README.md']
>>> shell_reads("sed -i 's/a/b/' src/app.py; cat <<EOF > notes.md")
[]
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..model import FileAttachment, Message
from .facts import extract_claims

# Programs that print (part of) the files named as their operands.
_READERS = frozenset(
    {"cat", "tac", "head", "tail", "less", "more", "bat", "batcat", "nl", "sed", "grep", "egrep",
     "fgrep", "rg", "ag", "ack", "awk", "gawk", "jq", "yq", "xxd", "hexdump", "od", "type",
     "get-content", "gc"}
)  # fmt: skip
# Readers whose first operand is a script or a pattern, not a file (unless one of the
# flags that give the script is used: ``grep -e X file``, ``sed -e … file``).
_SCRIPT_FIRST = frozenset(
    {"sed", "grep", "egrep", "fgrep", "rg", "ag", "ack", "awk", "gawk", "jq", "yq"}
)
_SCRIPT_FLAGS = frozenset({"-e", "-f", "--regexp", "--file", "--expression", "--from-file"})
# Flags that take the next word as their value, per program (a value is never a file read).
_VALUE_FLAGS: dict[str, frozenset[str]] = {
    "head": frozenset({"-n", "-c", "--lines", "--bytes"}),
    "tail": frozenset({"-n", "-c", "--lines", "--bytes", "-s", "--pid", "--sleep-interval"}),
    "grep": frozenset({"-e", "-f", "-m", "-A", "-B", "-C", "-d", "-D", "--include", "--exclude",
                       "--max-count", "--regexp", "--file", "--label", "--color"}),
    "rg": frozenset({"-e", "-f", "-g", "-t", "-T", "-m", "-A", "-B", "-C", "-M", "-r", "--glob",
                     "--type", "--type-not", "--max-count", "--regexp", "--file", "--replace",
                     "--max-columns", "--context", "--after-context", "--before-context"}),
    "sed": frozenset({"-e", "-f", "-l", "--expression", "--file", "--line-length"}),
    "awk": frozenset({"-f", "-F", "-v"}),
    "jq": frozenset({"--indent", "-f", "--from-file"}),
    "nl": frozenset({"-b", "-w", "-s", "-v", "-i", "-n", "-h", "-f", "-d"}),
    "bat": frozenset({"-r", "-l", "-H", "--line-range", "--language", "--highlight-line",
                      "--style", "--theme", "--tabs", "--wrap", "--terminal-width"}),
    "xxd": frozenset({"-c", "-g", "-l", "-s", "-o"}),
    "od": frozenset({"-A", "-j", "-N", "-t", "-w"}),
    "hexdump": frozenset({"-n", "-s", "-e", "-f"}),
    "get-content": frozenset({"-totalcount", "-tail", "-head", "-first", "-last", "-encoding",
                              "-delimiter", "-readcount", "-stream", "-filter", "-include",
                              "-exclude"}),
}  # fmt: skip
for _alias, _of in (("egrep", "grep"), ("fgrep", "grep"), ("ag", "rg"), ("ack", "rg"),
                    ("gawk", "awk"), ("yq", "jq"), ("batcat", "bat"), ("gc", "get-content")):  # fmt: skip
    _VALUE_FLAGS[_alias] = _VALUE_FLAGS[_of]
# jq's flags that take two words (a name and a value or a file)
_TWO_VALUES = frozenset({"--arg", "--argjson", "--slurpfile", "--rawfile"})
# PowerShell names its file with -Path or -LiteralPath
_PATH_FLAGS = frozenset({"-path", "-literalpath", "-lp"})
# A shell that runs the script after -c: ``bash -lc "…"``, ``sh -c '…'``, ``cmd /c …``
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "fish", "cmd", "cmd.exe", "powershell",
                     "powershell.exe", "pwsh"})  # fmt: skip
_RUN_FLAG = re.compile(r"(?i)^(?:-[a-z]*c|/c|/k|-command|-c)$")
_SEPARATORS = frozenset({"|", "||", "&&", ";", "&", "|&", ";;", "(", ")"})
_REDIRECT = re.compile(r"^\d*(?:<<?<?-?|>>?|&>>?|>&|<&)")
# (a drive, a share, or a bare word of names joined by backslashes: "src\Api\app.json",
# ".\tests\Deploy.Tests.ps1"; a POSIX script's backslash escapes a space or sits in quotes)
_WINDOWS = re.compile(r"(?i)\b[a-z]:\\|\\\\[\w.-]+\\|(?<!\S)[\w.-]+(?:\\[\w.-]+)+(?!\S)")
# cmd's switches: "copy /Y a b", "xcopy /E /I src dst" (no operand)
_CMD_SWITCH = re.compile(r"/[A-Za-z?][\w:-]{0,3}")
# Names a file is called without an extension
_BARE_FILE = re.compile(
    r"^(?:[A-Z][A-Za-z]*file|README|LICENSE|LICENCE|CHANGELOG|CHANGES|NOTICE|AUTHORS|VERSION|"
    r"CODEOWNERS|OWNERS|TODO|INSTALL|COPYING|Gemfile|Rakefile|Procfile|Brewfile|Vagrantfile|"
    r"Jenkinsfile|Dockerfile|Makefile|Containerfile|Justfile)$"
)


def looks_like_file(word: str) -> bool:
    """A word that names a file, not a directory, a pattern or a value: a path with a
    separator or an extension, a dotfile, or a file named without an extension
    (``Makefile``)."""
    if not word or word in ("-", ".", "..") or word.endswith(("/", "\\")):
        return False
    if re.search(r"[*?\[\]{}$`]", word) or word.startswith(("/dev/", "/proc/")):
        return False
    name = re.split(r"[/\\]", word)[-1]
    if re.fullmatch(r"\.?[\w@+-][\w .@+-]*\.[A-Za-z0-9_]{1,10}|\.[\w.-]+", name):
        return not re.fullmatch(r"[\d.]+", name)  # a version or a number: "1.5"
    return bool(_BARE_FILE.match(name)) or (("/" in word or "\\" in word) and bool(name))


def _words(line: str, windows: bool) -> list[str]:
    """``line`` cut into shell words and operators; ``windows``: backslashes are path
    separators, not escapes (``type C:\\app\\main.py``)."""
    lexer = shlex.shlex(line, posix=not windows, punctuation_chars=";&|()<>")
    lexer.whitespace_split = True
    lexer.commenters = "" if windows else "#"
    try:
        words = list(lexer)
    except ValueError:  # an unclosed quote: read what can be read
        return line.split()
    if windows:
        words = [w[1:-1] if len(w) > 1 and w[0] == w[-1] and w[0] in "\"'" else w for w in words]
    return words


def shell_reads(script: str) -> list[str]:
    """The files a shell script prints with a reader program (``cat``, ``head``, ``sed
    -n``, ``grep … file``, ``Get-Content`` …), as they were typed, in order, once each.
    An in-place edit (``sed -i``) and a heredoc are writes, not reads."""
    out = [p for c in _commands_of(script) for p in _reads(c)]
    return list(dict.fromkeys(out))


def shell_writes(script: str) -> list[str]:
    """The files a shell script writes, as typed, in order, once each: the new name of a
    rename or a copy (``mv``, ``git mv``, ``cp``, ``rsync``; into a directory, ``-t
    DIR``), a file ``touch``, ``tee``, ``sponge`` or ``sed -i`` writes, a redirection's
    target (``> notes.md``), an output flag's file (``curl -o``, ``wget -O``, ``go build
    -o``), a download named after its URL, an archive ``tar -c`` makes, ``dd of=``.

    >>> shell_writes("git mv src/Old.kt src/New.kt && echo ok >> log/run.txt")
    ['src/New.kt', 'log/run.txt']
    >>> shell_writes("cp -r assets/ build/ && sed -i 's/a/b/' app.cfg; cat a.py > /dev/null")
    ['build/', 'app.cfg']
    >>> shell_writes("copy /Y appsettings.Production.json src\\\\Api\\\\appsettings.json")
    ['src\\\\Api\\\\appsettings.json']
    """
    out = [p for c in _commands_of(script) for p in _writes(c)]
    return list(dict.fromkeys(p for p in out if looks_like_file(p) or _folder(p)))


# A file a program's code writes, in the forms languages write files with: a function or
# method named for writing, saving, dumping or exporting given the path as a string
# (``df.to_csv("out.csv")``, ``plt.savefig('a.png')``, R's ``write.csv(df, "x.csv")``,
# ``fs.writeFileSync("a.json", s)``), a file opened for writing (``open("x", "w")``,
# ``File.open("x", "wb")``), a path object written (``Path("x").write_text(s)``).
_CODE_WRITE = re.compile(
    r"(?:(?<![\w.])|\.)(?i:to_[a-z]\w*|\w*(?:write|save|dump|export)(?!s\()[\w.]*)\s*\(\s*"
    r"(?:[A-Za-z_][\w.]*(?:\[[^\]\n]{0,40}\])?\s*,\s*)?"  # (R's write.csv(df, "x.csv"): the data first)
    r"(?:\w+\s*=\s*)?(['\"])(?P<saved>[^'\"\n]{1,200})\1"
    r"|(?<![\w])(?:open|fopen)\s*\(\s*(['\"])(?P<opened>[^'\"\n]{1,200})\3\s*,\s*"
    r"(?:mode\s*=\s*)?['\"][rbt+]*[wax]"
    r"|(?<![\w.])Path\(\s*(['\"])(?P<path>[^'\"\n]{1,200})\5\s*\)\.write_(?:text|bytes)\("
)
_CODE_WRITE_HINT = re.compile(r"(?i)write|save|dump|export|to_|open")


def code_writes(code: str) -> list[str]:
    r"""The files a program's code writes (a notebook cell, ``python -c``), as typed, once
    each: what a write, save or export call is given as its path, a file opened for
    writing; never a remote address nor a name that is no file (``df.to_sql("orders")``).

    >>> code_writes("df = df.dropna()\ndf.to_parquet('data/clean.parquet', index=False)")
    ['data/clean.parquet']
    >>> code_writes("with open('a.json', 'w') as f:\n    json.dump(x, f)\nopen('b.txt').read()")
    ['a.json']
    """
    if not _CODE_WRITE_HINT.search(code):
        return []
    found = (
        m.group("saved") or m.group("opened") or m.group("path") for m in _CODE_WRITE.finditer(code)
    )
    return list(dict.fromkeys(p for p in found if "://" not in p and looks_like_file(p)))


def shell_deletes(script: str) -> list[str]:
    """The files a shell script removes (``rm``, ``git rm``, ``unlink``, ``del``,
    ``Remove-Item``) or renames away (the old name of an ``mv``, a ``git mv``), as typed,
    in order, once each; not a glob.

    >>> shell_deletes("git rm db/helpers_tmp.py && rm -f out/a.txt build/*.o")
    ['db/helpers_tmp.py', 'out/a.txt']
    >>> shell_deletes("git mv docs/draft.md docs/guide.md && cp a.md b.md")
    ['docs/draft.md']
    """
    out: list[str] = []
    if not _REMOVING.search(script):
        return out  # (most scripts remove nothing: no parse)
    for c in _commands_of(script):
        program = _program(c)
        if program in _MOVERS:
            out += _moved_away(c)
            continue
        at = 2 if program == "git" and c.words[1:2] == ("rm",) else 1
        if (at == 1 and program not in _REMOVERS) or "--cached" in c.words:
            continue  # (``git rm --cached``: the file stays)
        out += [w.removeprefix("./") for w in c.words[at:] if w[:1] != "-" and looks_like_file(w)]
    return list(dict.fromkeys(p for p in out if not re.search(r"[*?\[\]{}$`]", p)))


_REMOVERS = frozenset({"rm", "unlink", "del", "erase", "remove-item"})
# Programs that take a file away from its old name (a copy leaves it: not these)
_MOVERS = frozenset({"mv", "git mv", "move", "move-item", "rename-item", "ren"})
_REMOVING = re.compile(
    r"(?i)(?<![\w-])(?:rm|unlink|del|erase|remove-item|mv|move|move-item|rename-item|ren)(?![\w-])"
)


def _moved_away(c: _Command) -> list[str]:
    """The old names a rename or a move leaves: every operand but where they went (the last
    one, or a ``-t DIR``)."""
    args = list(c.words[2:] if _program(c) == "git mv" else c.words[1:])
    operands = [w for w in _plain_operands(args) if not (c.windows and _CMD_SWITCH.fullmatch(w))]
    into = _flag_values(args, ("-t", "--target-directory"))
    sources = [w for w in operands if w not in into] if into else operands[:-1]
    return [w.removeprefix("./") for w in sources if looks_like_file(w)]


def _folder(word: str) -> bool:
    """A folder named as one, written into by a copy ("/srv/www/", "host:/srv/app/")."""
    return len(word) > 1 and word.endswith(("/", "\\")) and not re.search(r"[*?\[\]{}$`]", word)


def only_reads(script: str) -> bool:
    """Whether a script does nothing but show files (``cd app && nl -ba a.py | head``,
    ``bash -lc "sed -n '1,80p' a.py"``): a look around, not a run that changes anything.

    >>> only_reads("bash -lc 'nl -ba a.py | head'"), only_reads("cat a.py && pytest")
    (True, False)
    """
    commands = _commands_of(script)
    return any(_reads(c) for c in commands) and all(
        _program(c) in _READERS or _program(c) in _AROUND for c in commands
    )


_AROUND = frozenset({"cd", "pushd", "popd", "echo", "printf", "true", "git show"})


@dataclass(frozen=True, slots=True)
class _Command:
    """One simple command of a script: its words (``sudo``, ``env X=1`` aside) and
    whether backslashes in it are Windows path separators."""

    words: tuple[str, ...]
    windows: bool


def _program(c: _Command) -> str:
    program = re.split(r"[/\\]", c.words[0])[-1].casefold()
    if program == "git" and len(c.words) > 1 and c.words[1] in ("show", "mv"):
        return f"git {c.words[1]}"
    return program


def _commands_of(script: str) -> list[_Command]:
    """Each simple command of ``script``, shells' ``-c`` scripts read through."""
    out: list[_Command] = []
    windows = bool(_WINDOWS.search(script))
    ends: str | None = None  # the word that ends the heredoc being read: its body is no command
    for line in script.splitlines():
        line = line.strip()
        if ends is not None:
            ends = None if line == ends else ends
        elif line and len(line) <= 2000:
            out += _split(_words(line, windows), windows)
            heredoc = _HEREDOC.search(line)
            ends = heredoc.group(1) if heredoc else None
    return out


_HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")


def _split(words: list[str], windows: bool, depth: int = 0) -> list[_Command]:
    out: list[_Command] = []
    segment: list[str] = []
    for w in [*words, ";"]:
        if w not in _SEPARATORS:
            segment.append(w)
            continue
        out += _simple(segment, windows, depth)
        segment = []
    return out


def _simple(words: list[str], windows: bool, depth: int) -> list[_Command]:
    """One simple command (``sudo``, ``env X=1`` aside), or the commands of the script a
    shell runs (``bash -lc "…"``)."""
    while words and (words[0] in ("sudo", "env", "command", "exec", "time", "nohup")
                     or re.fullmatch(r"[A-Za-z_]\w*=\S*", words[0])):  # fmt: skip
        words = words[1:]
    if not words:
        return []
    program = re.split(r"[/\\]", words[0])[-1].casefold()
    if program in _SHELLS and depth < 3:
        at = next((k for k, w in enumerate(words[1:3], 1) if _RUN_FLAG.match(w)), None)
        if at is not None and at + 1 < len(words):
            script = " ".join(words[at + 1 :]) if program.startswith("cmd") else words[at + 1]
            inner = (
                re.sub(r"^&\s*\{?|\}?$", "", script.strip()) if "powershell" in program else script
            )
            return _split(
                _words(inner, windows or bool(_WINDOWS.search(inner))), windows, depth + 1
            )
    return [_Command(tuple(words), windows)]


def _reads(c: _Command) -> list[str]:
    """The files one simple command prints."""
    program, words = _program(c), list(c.words)
    if program == "git show":
        # "git show HEAD~1:src/app.py" prints the file as it was at a revision
        shown = [w.split(":", 1)[1] for w in words[2:] if ":" in w]
        return [w for w in shown if looks_like_file(w)]
    if program not in _READERS:
        return []
    if program == "type" and not c.windows and not any("\\" in w or "/" in w for w in words[1:]):
        return []  # bash's ``type python`` says what a name is, it reads no file
    return [w for w in _operands(program, words[1:]) if looks_like_file(w)]


# Programs whose last operand is the file they make: a rename, a move, a copy, a link
_MAKERS = frozenset({"mv", "git mv", "cp", "ln", "install", "move", "copy", "move-item",
                     "copy-item", "rename-item", "ren", "rename"})  # fmt: skip
# ... and whose every operand is a file they write
_WRITERS = frozenset({"touch", "tee", "truncate", "new-item", "set-content", "add-content",
                      "out-file", "sponge"})  # fmt: skip
# ... and those that copy to a last operand that may be remote ("scp a.txt host:/srv/")
_COPIERS = frozenset({"rsync", "scp"})
# Programs that write the file a flag names: "curl -o x.json", "wget -O x.tgz", "go build
# -o bin/app", "sort -o sorted.txt", "pg_dump -f dump.sql", "openssl … -out key.pem"
_OUTPUT_FLAGS: dict[str, tuple[str, ...]] = {
    "curl": ("-o", "--output"), "wget": ("-O", "--output-document"), "go": ("-o",),
    "gcc": ("-o",), "g++": ("-o",), "cc": ("-o",), "clang": ("-o",), "clang++": ("-o",),
    "pandoc": ("-o", "--output"), "sort": ("-o", "--output"), "pg_dump": ("-f", "--file"),
    "openssl": ("-out",), "yt-dlp": ("-o", "--output"),
}  # fmt: skip
_SINK = re.compile(r"^(?:/dev/\w+|&\d|nul|\$null)$", re.IGNORECASE)


def _writes(c: _Command) -> list[str]:
    """The files one simple command writes: a redirection's target, then what the
    program itself writes."""
    words = list(c.words)
    out = [
        words[k + 1]
        for k, w in enumerate(words[:-1])
        if w in (">", ">>", "&>", ">|") and not _SINK.match(words[k + 1])
    ]
    program = _program(c)
    args = words[2:] if program == "git mv" else words[1:]
    operands = [
        w
        for w in _plain_operands(args)
        if not _SINK.match(w) and not (c.windows and _CMD_SWITCH.fullmatch(w))
    ]
    into = _flag_values(args, ("-t", "--target-directory")) if program in _MAKERS else []
    if into:  # "mv -t build/ a.js b.js": each source, in the directory
        out += [_inside(into[0], w) for w in operands if w != into[0] and looks_like_file(w)]
    elif program in _MAKERS | _COPIERS and len(operands) >= 2:
        last = operands[-1]
        if len(operands) > 2 or last.endswith(("/", "\\")):  # "cp a.py b.py dist/"
            out += [_inside(last, w) for w in operands[:-1] if looks_like_file(w)]
            if not any(looks_like_file(w) for w in operands[:-1]):  # "rsync -a build/ /srv/www/"
                out.append(last)  # a folder copied into one: the folder written
        else:
            out.append(last)
    elif program in _WRITERS:
        out += operands
    elif program == "sed" and any(w == "-i" or w.startswith(("-i", "--in-place")) for w in args):
        out += [w for w in _operands("sed", [w for w in args if not w.startswith("-i")])]
    elif program in _OUTPUT_FLAGS:
        out += [w for w in _flag_values(args, _OUTPUT_FLAGS[program]) if not _SINK.match(w)]
        out += _fetched_names(program, args, operands)
    elif program == "tar" and args and re.fullmatch(r"-?[A-Za-z]*[cru][A-Za-z]*", args[0]):
        out += _flag_values(["-" + args[0].lstrip("-"), *args[1:]], ("-f", "--file"))
    elif program == "dd":
        out += [w[3:] for w in args if w.startswith("of=")]
    return out


def _inside(folder: str, path: str) -> str:
    """Where ``path`` lands when moved or copied into ``folder``."""
    name = re.split(r"[/\\]", path.rstrip("/\\"))[-1]
    return f"{folder.rstrip('/')}/{name}" if name else folder


def _flag_values(args: list[str], flags: tuple[str, ...]) -> list[str]:
    """The values ``args`` give the flags ``flags``: "-o out.json", "--output=out.json",
    "-oout.json", and a cluster ending in the flag ("curl -sSLo out.json")."""
    out: list[str] = []
    for k, w in enumerate(args):
        after = args[k + 1] if k + 1 < len(args) else None
        for flag in flags:
            if w == flag and after is not None:
                out.append(after)
            elif flag.startswith("--") and w.startswith(flag + "="):
                out.append(w[len(flag) + 1 :])
            elif len(flag) == 2:
                value = _clustered(w, flag[1], after)
                out += [value] if value else []
    return out


def _clustered(word: str, letter: str, after: str | None) -> str | None:
    """The value of the one-letter flag ``letter`` in a cluster of flags: the next word
    when the cluster ends with it ("-sSLo out.json"), the rest when it starts it
    ("-oout.json")."""
    at = word.find(letter, 1)
    if at < 1 or len(word) < 3 or not re.fullmatch(r"-[A-Za-z]+", word[: at + 1]):
        return None
    if at == len(word) - 1:
        return after
    return word[at + 1 :] if at == 1 or word[at + 1 :] == "-" else None  # "-qO-": stdout


def _fetched_names(program: str, args: list[str], operands: list[str]) -> list[str]:
    """The file a download names after its URL: ``curl -O URL``, ``wget URL`` with no
    ``-O``."""
    if program == "curl":
        named = "--remote-name" in args or any(
            re.fullmatch(r"-[A-Za-z]*O[A-Za-z]*", w) for w in args
        )
    else:
        named = program == "wget" and not _flag_values(args, _OUTPUT_FLAGS["wget"])
        named = named and "--spider" not in args
    if not named:
        return []
    urls = [w for w in operands if re.match(r"(?i)^(?:https?|ftp)://", w)]
    return [n for n in (urlsplit(u).path.rpartition("/")[2] for u in urls) if "." in n]


def _plain_operands(args: list[str]) -> list[str]:
    """The operands of a command's arguments: no flags, no redirections and their targets
    (a flag's value may slip in; only a path-like word is kept by the caller)."""
    out: list[str] = []
    skip = False
    for w in args:
        if skip:
            skip = False
        elif _REDIRECT.match(w):
            skip = len(_REDIRECT.match(w).group(0)) == len(w)  # type: ignore[union-attr]
        elif not w.startswith("-") or w == "-":
            out.append(w)
    return out


def _operands(program: str, args: list[str]) -> list[str]:
    """The file operands of ``program args`` (flags, their values and redirections left
    out; the script or pattern operand left out for ``sed``, ``grep``, ``awk``, ``jq``)."""
    takes = _VALUE_FLAGS.get(program, frozenset())
    files: list[str] = []
    script_given = False
    skip = 0
    ended = False  # after "--" every word is an operand
    for k, w in enumerate(args):
        if skip:
            skip -= 1
            continue
        if _REDIRECT.match(w):
            if w.startswith("<<"):
                return []  # a heredoc feeds the command; it reads no file
            skip = 0 if len(_REDIRECT.match(w).group(0)) < len(w) else 1  # type: ignore[union-attr]
            continue
        if not ended and w == "--":
            ended = True
            continue
        lower = w.casefold()
        if not ended and w.startswith("-") and len(w) > 1:
            if program == "sed" and (w == "-i" or w.startswith(("-i", "--in-place"))):
                return []  # an in-place edit writes the file
            if program == "get-content" and lower in _PATH_FLAGS:
                if k + 1 < len(args):
                    files.append(args[k + 1])
                skip = 1
                continue
            if w in _SCRIPT_FLAGS or (program in ("awk", "gawk") and w == "-f"):
                script_given = True
            if w in _TWO_VALUES:
                skip = 2
            elif w in takes or (program == "get-content" and lower in takes):
                skip = 1
            continue
        files.append(w)
    if program in _SCRIPT_FIRST and not script_given and files:
        files = files[1:]
    return files


_FENCE = re.compile(r"(?m)^[ \t]*(?:```|~~~)[ \t]*([^\n`]*)$")
_GENERIC_NAMES = frozenset({"file", "document", "attachment", "upload", "image", "untitled"})


def user_files(message: Message) -> list[str]:
    """The files a user turn shares: its attachments (by name) and each file pasted
    under its name (the name ending the line before a fenced block, or in the fence's
    own info string: ``Here's config/app.yaml:`` then ``\u0060\u0060\u0060yaml``)."""
    if message.role != "user" or message.is_recap or message.tool_results:
        return []
    out: list[str] = []
    for block in message.content:
        if isinstance(block, FileAttachment):
            name = block.name.strip()
            if name and name.casefold().rsplit(".", 1)[0] not in _GENERIC_NAMES:
                out.append(name)
    text = message.text
    if "```" in text or "~~~" in text:
        out += pasted_files(text)
    return list(dict.fromkeys(out))


def pasted_files(text: str) -> list[str]:
    """The files pasted into ``text`` under their names.

    >>> pasted_files("Here's config/app.yaml:\\n```yaml\\nport: 80\\n```\\nand\\n```src/a.py\\nx = 1\\n```")
    ['config/app.yaml', 'src/a.py']
    """
    out: list[str] = []
    opening = True
    for m in _FENCE.finditer(text):
        if not opening:  # a closing fence
            opening = True
            continue
        opening = False
        info = m.group(1).strip()
        named = [
            w for w in re.split(r"[\s=\"']+", info) if looks_like_file(w) and ("." in w or "/" in w)
        ]
        if named and not re.fullmatch(r"[\w+-]+", named[0]):
            out.append(named[0])
            continue
        before = text[: m.start()].rstrip().rsplit("\n", 1)[-1][-300:]
        named = [f.value for f in extract_claims(before) if f.kind == "path"]
        named = [p for p in named if looks_like_file(p) and not p.startswith(("http:", "https:"))]
        if named:  # the nearest name before the block: "Here's src/a.py (the old one):"
            out.append(named[-1])
    return out
