"""A third retention generator, written to check that retention is not tuned to the
sessions it was measured on: a Polish-speaking dispatcher and a route-planning agent for a
parcel depot (a domain and a language no other generator uses).

* Tools in Polish: ``uruchom {"polecenie": ...}`` (a shell), ``zapytaj_bazy {"sql": ...}``
  (SQL), ``czytaj_plik`` / ``zapisz_plik {"sciezka": ..., "tresc": ...}``, and
  ``optymalizuj_trasy {"scenariusz": ..., "pojazdy": N}`` (a VRP solver); tool output in
  English, as the solver and the database print it; map screenshots 1600×900.
* Facts, in Polish unless a tool printed them: the goal; a prohibition ("Nigdy nie
  wysyłaj ..."); a conditional rule with a threshold ("Jeśli ... przekroczy ..., ...");
  a correction; a decision by a named person; an approval by a named person with a scope;
  a command with arguments; a failure only in tool output (the solver's ``INFEASIBLE``
  status line); a count found by a query and restated by the assistant right after it
  ("1 482 paczki", Polish thousands with a space); a count only in tool output; a metric
  only in tool output; a file read and a file written through the Polish tools; an open
  request; the assistant's next step said late.

``generate_routing(seed, target_tokens)`` returns the messages and the facts (a fact is
kept when its exact text is in the request).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from contextledger.model import Image, InlineData, Message, ToolCall

NUDGES = ("ok", "dzięki", "jasne, dalej", "super", "rób dalej", "w porządku")
DEPOTS = ("Poznań-Komorniki", "Łódź-Olechów", "Gdańsk-Kowale")
PEOPLE = ("Agnieszka Wrona", "Tomasz Kaczmarek", "Marta Zielińska")
BOSSES = ("Paweł Nowicki", "Ewa Lis", "Jan Dudek")


KINDS = (
    "goal",
    "prohibition",
    "file_read",
    "conditional_rule",
    "correction",
    "failure",
    "decision_by",
    "count_restated",
    "count_tool_only",
    "command_args",
    "metric_tool_only",
    "approval",
    "file_written",
    "open_request",
    "next_step",
)


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str
    text: str


@dataclass
class RoutingSession:
    messages: list[Message]
    facts: list[Fact] = field(default_factory=list)


def _map_image(rng: random.Random) -> Image:
    """A 1600×900 screenshot of one colour (a few KB: priced by the pixels it holds, as
    the provider bills them)."""
    import base64
    import io

    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("RGB", (1600, 900), (rng.randrange(256), 200, 120)).save(buf, "PNG")
    data = InlineData(base64.b64encode(buf.getvalue()).decode("ascii"))
    return Image(media_type="image/png", data=data)


def _solver_log(rng: random.Random, n: int) -> str:
    return "\n".join(
        f"[vrp] iter {i:4d} cost={rng.uniform(4e4, 9e4):.1f} routes={rng.randrange(30, 60)} "
        f"late={rng.randrange(0, 40)} km={rng.uniform(3e3, 8e3):.1f} gap={rng.random():.4f}"
        for i in range(n)
    )


def _rows(rng: random.Random, n: int) -> str:
    head = "parcel_id | route | zip    | weight_kg | window"
    return "\n".join(
        [head]
        + [
            f"PL{rng.getrandbits(36):011d} | R{rng.randrange(1, 60):02d}   | "
            f"{rng.randrange(60, 99)}-{rng.randrange(100, 999)} | {rng.uniform(0.2, 31):9.2f} | "
            f"{rng.randrange(7, 15):02d}:00-{rng.randrange(15, 21):02d}:00"
            for _ in range(n)
        ]
    )


class _Builder:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.messages: list[Message] = []
        self.facts: list[Fact] = []
        self.n = 0

    def fact(self, kind: str, text: str) -> None:
        self.facts.append(Fact(kind, text))

    def user(self, text: str, image: bool = False) -> None:
        parts: tuple[str | Image, ...] = (text, _map_image(self.rng)) if image else (text,)
        self.messages.append(Message.user(*parts))

    def assistant(self, text: str) -> None:
        self.messages.append(Message.assistant(text))

    def call(self, name: str, args: dict[str, object], out: str) -> None:
        self.n += 1
        cid = f"wywolanie_{self.n}"
        self.messages.append(
            Message("assistant", (ToolCall(cid, name, json.dumps(args, ensure_ascii=False)),))
        )
        self.messages.append(Message.tool(cid, out))

    def noise(self) -> None:
        rng = self.rng
        r = rng.random()
        if r < 0.35:
            scen = f"S{rng.randrange(100, 999)}"
            self.call(
                "optymalizuj_trasy",
                {"scenariusz": scen, "pojazdy": rng.randrange(30, 60)},
                _solver_log(rng, rng.randrange(25, 70)) + "\nstatus: FEASIBLE",
            )
        elif r < 0.6:
            self.call(
                "zapytaj_bazy",
                {"sql": f"SELECT * FROM paczki WHERE trasa = 'R{rng.randrange(1, 60):02d}'"},
                _rows(rng, rng.randrange(20, 60)),
            )
        elif r < 0.75:
            self.user("Zrzut mapy tras z panelu:", image=True)
            self.assistant(
                f"Na mapie trasa R{rng.randrange(1, 60):02d} nadal nakłada się z sąsiednią."
            )
        else:
            self.call(
                "uruchom",
                {"polecenie": f"tail -n {rng.randrange(40, 90)} /var/log/sorter/linia2.log"},
                "\n".join(
                    f"2026-12-01 0{rng.randrange(0, 9)}:{rng.randrange(10, 59)} sorter L2 "
                    f"chute={rng.randrange(1, 96)} ok={rng.randrange(100, 999)}"
                    for _ in range(rng.randrange(40, 90))
                ),
            )
        if rng.random() < 0.3:
            self.user(rng.choice(NUDGES))
            self.assistant(rng.choice(("Sprawdzam dalej.", "Nic blokującego.", "Idę dalej.")))


def generate_routing(seed: int, target_tokens: int = 100_000) -> RoutingSession:
    """One session of about ``target_tokens`` (the noise between facts grows with it)."""
    rng = random.Random(seed * 7727 + 5)
    b = _Builder(rng)
    per_gap = max(1, target_tokens // 12_000)  # noise rounds between two facts

    def gap() -> None:
        for _ in range(per_gap):
            b.noise()

    depot = DEPOTS[seed % 3]
    b.messages.append(
        Message.system(
            "Jesteś agentem planowania tras. Narzędzia: uruchom, zapytaj_bazy, czytaj_plik, "
            "zapisz_plik, optymalizuj_trasy."
        )
    )
    goal = f"przeplanować jutrzejsze trasy z depotu {depot} tak, żeby zmieścić 40 pojazdów"
    b.user(f"Cześć! Zadanie na dziś: {goal}. Kierowcy czekają na plan do 18:00.")
    b.fact("goal", goal)
    b.assistant("Jasne, zaczynam od danych o paczkach i ostatniego przebiegu solvera.")
    gap()
    ban = "Nigdy nie wysyłaj planu do kierowców bez mojej akceptacji"
    b.user(f"{ban}, nawet jeśli solver skończy wcześniej.")
    b.fact("prohibition", ban)
    b.assistant("Rozumiem, plan czeka na Twoją akceptację.")
    gap()
    path = f"konfiguracja/okna_{depot.split('-')[0].lower()}.yaml"
    b.call("czytaj_plik", {"sciezka": path}, "okna:\n" + "  - 08:00-16:00\n" * 20)
    b.fact("file_read", path)
    gap()
    cond = "Jeśli któraś trasa przekroczy 310 km, podziel ją na dwie"
    b.user(f"{cond} i daj znać.")
    b.fact("conditional_rule", cond)
    b.assistant("Dobrze: trasa powyżej 310 km zostanie podzielona.")
    gap()
    corr = "ładowność busów to 1200 kg, a nie 1500 kg"
    b.user(f"Poprawka: {corr}. Pomyliłem się w zgłoszeniu.")
    b.fact("correction", corr)
    b.assistant("Dziękuję, przeliczam z 1200 kg.")
    gap()
    b.call(
        "optymalizuj_trasy",
        {"scenariusz": "S-wtorek", "pojazdy": 40},
        _solver_log(rng, 12) + "\nstatus: INFEASIBLE (time windows violated on 7 stops)",
    )
    b.fact("failure", "INFEASIBLE (time windows violated on 7 stops)")
    b.assistant("Solver nie znalazł rozwiązania; sprawdzam okna czasowe.")
    gap()
    person = PEOPLE[seed % 3]
    dec = f"{person} zdecydowała, że sobotnie dostawy idą osobnym planem"
    b.user(f"Info z odprawy: {dec}.")
    b.fact("decision_by", dec)
    gap()
    sql = "SELECT count(*) FROM paczki WHERE status = 'NA_RAMPIE'"
    b.call("zapytaj_bazy", {"sql": sql}, " count\n-------\n  1482\n(1 row)")
    restated = "1 482 paczki czekają na rampie"
    b.assistant(f"Obecnie {restated} do załadunku.")
    b.fact("count_restated", restated)
    b.call(
        "uruchom",
        {"polecenie": "sorter-cli stats --linia 2 --dzis"},
        "rejected_today: 317 parcels (unreadable label)",
    )
    b.fact("count_tool_only", "rejected_today: 317 parcels")
    gap()
    cmd = f"vrp-export --scenariusz S-wtorek --format gpx --wyjscie eksport/{depot}.gpx"
    b.call("uruchom", {"polecenie": cmd}, "exported 40 routes")
    b.fact("command_args", cmd)
    b.call(
        "optymalizuj_trasy",
        {"scenariusz": "S-wtorek-v2", "pojazdy": 40},
        "status: FEASIBLE\nsummary: total_km 9184.6 late_stops 0 avg_fill 87.4%",
    )
    b.fact("metric_tool_only", "total_km 9184.6")
    gap()
    boss = BOSSES[seed % 3]
    appr = f"{boss} zatwierdził nadgodziny dla 6 kierowców"
    b.user(f"{appr}, ale tylko na wtorek.")
    b.fact("approval", appr)
    gap()
    out = f"plany/{depot}_wtorek.csv"
    b.call("zapisz_plik", {"sciezka": out, "tresc": "trasa;pojazd;km\n" * 40}, "zapisano 640 B")
    b.fact("file_written", out)
    gap()
    req = "przygotuj mi krótkie podsumowanie dla kierowców po polsku i ukraińsku"
    b.user(f"Jak skończysz, {req}.")
    b.fact("open_request", req)
    gap()
    nxt = "Teraz sprawdzę okna czasowe dla siedmiu problematycznych przystanków"
    b.assistant(f"{nxt}, potem wrócę z planem.")
    b.fact("next_step", nxt)
    for _ in range(max(1, per_gap // 2)):
        b.noise()
    b.user("ok, działaj")
    return RoutingSession(b.messages, b.facts)
