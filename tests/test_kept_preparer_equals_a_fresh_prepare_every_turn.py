"""A kept Preparer sends what a fresh ``prepare`` of the same list sends, on every turn of a
growing agent session, whatever the lengths of its tool loops and the order of its chit-chat,
nudges and requests, and after the app edits an earlier message. Recaps made in a kept
Preparer only grow (each extends the last): a user turn an earlier recap covered, which the
window keeps again later (its pin room freed once a repeated chit-chat turn is screened out),
stayed recapped there, and the two paths sent different pins and quotes; and the policy's
minimum of old messages and token trigger, counted on the kept view, held back a recap the
one-shot made. (Not yet every session: a kept Preparer whose view still fits waits for the
hysteresis room, where a one-shot recaps each turn, so the prefix stays cached.)"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from builders import chat_exchange
from contextledger.prepare import Prepared, Preparer, prepare

# Indonesian, Polish and Hungarian: the task, a rule, a correction, then two chit-chat lines
# and nudges in any order between tool loops of varying length
_SAYS = {
    "id": (
        "Pindahkan layanan tagihan dari Redis 6.2 ke Valkey 8.0 tanpa menghentikan pelanggan.",
        "Jangan pernah menyentuh folder vendor/legacy-sso/, itu pekerjaan tim lain.",
        "Maaf, tadi saya salah — bukan gzip, pakai zstd level 7.",
        ("Saya kembali dari rapat, sampai mana kita?", "Hujan deras di Bandung, saya ambil kopi."),
        ("Oke, lanjut.", "Ya, saya lihat.", "Bagus, teruskan."),
    ),
    "pl": (
        "Przenieś usługę rozliczeń z Redis 6.2 na Valkey 8.0 bez zatrzymywania klientów.",
        "Nigdy nie dotykaj katalogu vendor/legacy-sso/, to praca innego zespołu.",
        "Przepraszam, pomyliłem się — nie gzip, użyj zstd level 7.",
        ("Wróciłem ze spotkania, na czym skończyliśmy?", "W Krakowie leje, idę po herbatę."),
        ("Dobrze, dalej.", "Tak, patrzę.", "Świetnie, kontynuuj."),
    ),
    "hu": (
        "Költöztesd a számlázó szolgáltatást Redis 6.2-ről Valkey 8.0-ra leállás nélkül.",
        "Soha ne nyúlj a vendor/legacy-sso/ mappához, az egy másik csapat munkája.",
        "Bocsánat, tévedtem — nem gzip, hanem zstd level 7 kell.",
        ("Visszajöttem a megbeszélésről, hol tartottunk?", "Esik Szegeden, hozok egy kávét."),
        ("Rendben, folytasd.", "Igen, nézem.", "Remek, tovább."),
    ),
}


def _session(lang: str, seed: int, turns: int) -> list[list[dict[str, Any]]]:
    """The app's dicts, one list per user turn (its words and tool loop)."""
    task, rule, correction, chit, nudges = _SAYS[lang]
    rng = random.Random(seed)
    out = []
    for t in range(turns):
        said = (task, rule, correction)[t] if t < 3 else rng.choice([*chit, *nudges])
        dicts: list[dict[str, Any]] = [{"role": "user", "content": said}]
        for j in range(rng.randint(2, 9)):
            k = 100 * t + j
            code = "\n".join(
                f"def bill_{k}_{i}(x): return x * {i}" for i in range(rng.randint(8, 40))
            )
            dicts += chat_exchange(f"c{k}", "read_file", {"path": f"src/bill/m{k}.py"}, code)
        dicts.append({"role": "assistant", "content": f"Step {t}: read src/bill/m{100 * t}.py."})
        out.append(dicts)
    return out


def _sent(out: Prepared) -> str:
    """What a turn sends: its body and its recap's text."""
    recap = out.event.recap.text if out.event is not None else None
    return json.dumps([out.body, recap], sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize(("lang", "seed", "window"), [("id", 1, 4_000), ("id", 4, 4_000)])
def test_a_kept_preparer_sends_what_a_fresh_prepare_sends_every_turn(
    lang: str, seed: int, window: int
) -> None:
    app: list[dict[str, Any]] = [{"role": "system", "content": "You are a billing agent."}]
    kept = Preparer("gpt-4o", window=window, compaction=True)
    recaps = 0
    for t, dicts in enumerate(_session(lang, seed, 18)):
        app.extend(dicts)  # the app's own list, grown in place
        turn = kept.prepare(app)
        assert _sent(turn) == _sent(prepare(list(app), "gpt-4o", window=window)), f"turn {t}"
        recaps += turn.event is not None
    assert recaps > 3  # compacted again and again
