"""What a fresh process loads for its first fit: nothing it does not use (each module is a
start-up cost paid again by every CLI call and subprocess; bench/bench_import.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys

from builders import data_url, jpeg_with_orientation, png

SHORT_CHAT = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "What does this log say? ERROR timeout"},
    {"role": "assistant", "content": "A database timeout."},
    {"role": "user", "content": "Fix it, please."},
]


def _loaded_after(code: str, watched: list[str]) -> dict[str, bool]:
    probe = (
        f"{code}\nimport json, sys\nprint(json.dumps({{m: m in sys.modules for m in {watched!r}}}))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded: dict[str, bool] = json.loads(run.stdout.splitlines()[-1])
    return loaded


def test_a_first_fit_resolves_the_models_file_without_the_data_directory() -> None:
    code = f"import contextledger; contextledger.fit({SHORT_CHAT!r}, 'gpt-4o', window=128_000)"
    assert _loaded_after(code, ["platformdirs"]) == {"platformdirs": False}


def test_a_first_fit_imports_no_stdlib_module_of_a_rare_path() -> None:
    """Suggestions for an unknown model id (difflib), the price table (decimal), exact image
    multipliers (fractions), Gemini's call ids (uuid, platform) and shipped data read through
    importlib.resources (with pathlib's zip support, tempfile, shutil, bz2, lzma) are off a
    plain fit's path: imported with it, they cost a fresh process's first fit ~3 % more
    (callgrind: 1,153 -> 1,113 M instructions for this chat)."""
    rare = ["difflib", "decimal", "fractions", "uuid", "platform", "importlib.resources"]
    code = f"import contextledger; contextledger.fit({SHORT_CHAT!r}, 'gpt-4o', window=128_000)"
    assert _loaded_after(code, rare) == dict.fromkeys(rare, False)


def test_a_first_fit_builds_no_path_object_and_parses_no_url() -> None:
    """The shipped data, the stored patterns and ``CONTEXTLEDGER_MODELS`` are found with
    ``os.path``; pathlib with what it imports (urllib.parse, ipaddress, fnmatch) and
    datetime (a dated model id's check) cost ~5 ms of a fresh process's first fit."""
    stdlib = ["pathlib", "urllib.parse", "ipaddress", "datetime"]
    code = f"import contextledger; contextledger.fit({SHORT_CHAT!r}, 'gpt-4o', window=128_000)"
    assert _loaded_after(code, stdlib) == dict.fromkeys(stdlib, False)


def test_the_recap_readers_load_when_a_recap_is_made_not_with_prepare() -> None:
    watched = ["contextledger.compaction.digest", "contextledger.compaction.facts"]
    assert _loaded_after("import contextledger.prepare", watched) == dict.fromkeys(watched, False)


def test_a_first_fit_that_counts_mid_length_requests_reads_one_vocabulary() -> None:
    """Requests that paste a log of a few thousand characters are judged too long to pin
    whole by their exact count, before the batch pricing (``classify(counted=True)``): in a
    fresh process that reads the o200k vocabulary once, and toktok is not built besides
    (redteam23's pasted-logs shape: +550 -> +1,050 ms when it was)."""
    code = (
        "import sys, contextledger\n"
        "from contextledger.fit.options import DEFAULT_PRIOR_ANCHOR_TOKENS as cap\n"
        "from contextledger.pricing import text\n"
        "reads = []\n"
        "read = text._read_ranks\n"
        "text._read_ranks = lambda name: reads.append(name) or read(name)\n"
        "log = lambda i, n: ''.join(f'2026-12-02 10:{k % 60:02d}:{i % 60:02d} ERROR req={i * 7919 + k:08x}"
        " status=50{k % 4} took {k * 37 % 9000}ms\\n' for k in range(n))\n"
        "d = [{'role': 'system', 'content': 'You are an SRE assistant.'}]\n"
        "for i in range(600):\n"
        "    d.append({'role': 'user', 'content': f'Do not restart the pods; check the pool {i} first.\\n'"
        " + log(i, cap * 3 // 70)})\n"
        "    d.append({'role': 'assistant', 'content': f'The pool {i} is saturated.'})\n"
        "contextledger.fit(d, 'gpt-4o', window=128_000)\n"
        "tk = sys.modules.get('toktok')\n"
        "print(len(reads), 0 if tk is None else len(tk._CACHE))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["1", "0"]


def test_a_first_fit_of_a_chat_that_fits_whole_classifies_no_request() -> None:
    """A short conversation kept whole needs no pinning decision: its first fit reads no
    request for rules or restatements (the classification's patterns cost ~250 ms to
    compile in a fresh process, most of a small first fit)."""
    code = (
        "import contextledger\n"
        "from contextledger.fit import steering\n"
        "read = []\n"
        "for name in ('steering_requests', 'restating_requests'):\n"
        "    real = getattr(steering, name)\n"
        "    setattr(steering, name, lambda texts, real=real: read.append(len(texts)) or real(texts))\n"
        f"result = contextledger.fit({SHORT_CHAT!r}, 'gpt-4o', window=128_000)\n"
        "print(len(read), len(result.messages))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["0", "4"]


# a shell agent's session of 300 calls, as a fresh process builds it (``d``)
_SHELL_SESSION = (
    "import contextledger\n"
    "d = [{'role': 'system', 'content': 'You run shell commands for the user.'}]\n"
    "for i in range(300):\n"
    "    d.append({'role': 'user', 'content': f'Step {i}: check the disk of node {i}.'})\n"
    "    d.append({'role': 'assistant', 'content': None, 'tool_calls': [{'id': f'c{i}',"
    " 'type': 'function', 'function': {'name': 'sh', 'arguments': '{\"cmd\": \"df -h\"}'}}]})\n"
    "    d.append({'role': 'tool', 'tool_call_id': f'c{i}', 'content': f'/dev/sda1 {i}% used ' * 80})\n"
    "    d.append({'role': 'assistant', 'content': f'Node {i} is at {i % 100}%.'})\n"
)


def test_a_first_fit_that_writes_gists_does_not_load_the_claims_lexicon() -> None:
    """A fit that leaves tool exchanges out writes their gists, which read the counter
    labels; the claims lexicon (~60 patterns compiled at its import, ~30 ms of a fresh
    process's first fit) is the verifier's, not the fit's."""
    code = (
        _SHELL_SESSION + "result = contextledger.fit(d, 'gpt-4o', window=8_000)\n"
        "assert len(result.messages) < len(d)\n"
    )
    watched = ["contextledger.lexicon.claims", "contextledger.fit.gists"]
    assert _loaded_after(code, watched) == {
        "contextledger.lexicon.claims": False,
        "contextledger.fit.gists": True,
    }


def test_a_first_fit_that_writes_gists_compiles_none_of_the_recaps_tool_patterns() -> None:
    """The tools' argument keys and read-tool names are the recap's (``compaction``); a fit
    writing gists of shell calls reads only whether a call writes, looks around or names its
    command. The rest stay uncompiled (compiled at import, all nine cost ~3 ms of a fresh
    process's first fit)."""
    code = (
        _SHELL_SESSION + "contextledger.fit(d, 'gpt-4o', window=8_000)\n"
        "from contextledger.lexicon import tools\n"
        "names = ['CONTENT_KEY', 'PATH_KEY', 'CODE_KEY', 'WHERE_KEY', 'PROSE_KEY', 'READ_TOOL']\n"
        "print(' '.join(n for n in names if getattr(tools, n)._compiled is not None) or 'none')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["none"]


def test_a_first_fit_imports_neither_the_reply_reader_nor_the_image_re_encoder() -> None:
    """Reading a provider's reply (``reply``: what ``send`` returns) and re-encoding an image
    a provider refuses as it is (``images.normalize``) are off a fit's path, also when the
    fit prices images sent as they are and writes every provider's body."""
    code = (
        "import contextledger\n"
        "from contextledger import translate\n"
        "shot = {'type': 'image_url', 'image_url': {'url': 'https://example.com/a.png'}}\n"
        "d = [{'role': 'system', 'content': 'Sois bref.'},\n"
        "     {'role': 'user', 'content': [{'type': 'text', 'text': 'Que montre cette capture ?'},"
        " shot]},\n"
        "     {'role': 'assistant', 'content': 'Un tableau de bord.'},\n"
        "     {'role': 'user', 'content': 'Et ensuite ?'}]\n"
        "for target in ('openai', 'anthropic', 'gemini', 'openai-responses'):\n"
        "    result = contextledger.fit(d, 'gpt-4o', window=128_000, image_family='openai')\n"
        "    translate(result.messages, target)\n"
    )
    watched = ["contextledger.reply", "contextledger.images.normalize"]
    assert _loaded_after(code, watched) == dict.fromkeys(watched, False)


def test_the_reply_reader_and_the_image_re_encoder_load_when_they_are_used() -> None:
    """Moved off the fit's path, they are still imported where they are needed: reading a
    reply's usage, and re-encoding an image wider than Anthropic takes (8,000 px)."""
    code = (
        "import base64, io, json\n"
        "from PIL import Image\n"
        "from contextledger import translate\n"
        "from contextledger.providers.anthropic import read_usage\n"
        "u = read_usage({'input_tokens': 3, 'output_tokens': 2})\n"
        "buf = io.BytesIO(); Image.new('RGB', (9000, 20)).save(buf, 'PNG')\n"
        "url = 'data:image/png;base64,' + base64.b64encode(buf.getvalue()).decode()\n"
        "d = [{'role': 'user', 'content': [{'type': 'image_url', 'image_url': {'url': url}}]}]\n"
        "block = translate(d, 'anthropic').body['messages'][0]['content'][0]\n"
        "sent = Image.open(io.BytesIO(base64.b64decode(block['source']['data'])))\n"
        "print(u.input_tokens, u.output_tokens, sent.width)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["3", "2", "8000"]


def _screenshot_agent(shot: str) -> str:
    """A fresh process's OpenAI dicts (``d``): a user sending a screenshot ``shot`` (a data
    URL), tool calls answered with logs, and the user asking again."""
    return (
        "import contextledger\n"
        f"shot = {{'type': 'image_url', 'image_url': {{'url': {shot!r}}}}}\n"
        "d = [{'role': 'system', 'content': 'Lee los registros del almacén.'}]\n"
        "for i in range(60):\n"
        "    d.append({'role': 'user', 'content': [{'type': 'text', 'text': f'¿Qué falla en el"
        " muelle {i}?'}, shot]})\n"
        "    d.append({'role': 'assistant', 'content': None, 'tool_calls': [{'id': f'c{i}',"
        " 'type': 'function', 'function': {'name': 'logs', 'arguments': '{}'}}]})\n"
        "    d.append({'role': 'tool', 'tool_call_id': f'c{i}', 'content': f'muelle {i}: sensor"
        " caído ' * 60})\n"
        "    d.append({'role': 'assistant', 'content': f'El sensor del muelle {i} no responde.'})\n"
        "result = contextledger.fit(d, 'gpt-4o', window=16_000)\n"
        "assert len(result.messages) < len(d)\n"
    )


def test_a_first_fit_of_png_screenshots_imports_neither_threading_nor_the_exif_reader() -> None:
    """The pricers' locks are ``_thread``'s (what ``threading.Lock`` is; importing
    ``threading`` costs ~0.5 ms of a fresh process's first fit), and the JPEG metadata
    readers (``images.exif``) load only for a JPEG that carries EXIF or XMP."""
    code = _screenshot_agent(data_url(png(64, 48)))
    watched = ["threading", "contextledger.images.exif"]
    assert _loaded_after(code, watched) == dict.fromkeys(watched, False)


def test_a_first_fit_of_phone_photos_reads_their_orientation() -> None:
    """A JPEG with EXIF is still read for its orientation: the reader loads when needed."""
    shot = data_url(jpeg_with_orientation(40, 30, 6), "image/jpeg")
    assert _loaded_after(_screenshot_agent(shot), ["contextledger.images.exif"]) == {
        "contextledger.images.exif": True
    }
