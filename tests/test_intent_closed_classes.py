"""Rules and corrections read by their shape, filled from closed classes of words (issue #14,
review 14 I1/I2): a frequency adverb anywhere in a clause with no subject of a statement
before it, a negated imperative by its particle, a condition then a clause opening with
its verb, "not X but Y", "I meant", a slip owned, a value and the one it replaces — in
languages no phrasing of which was listed before (fi, hu, ro, sw, id, cs, sv). (Conditions
in these languages are not read yet: their words, "jos", "kalau", "hvis", stand in too many
sentences for the fast path.)

intent8's own set (session 15), written before the change and tuned on; a second set it
never tuned on is kept outside the repository (/work/heldout15/intent8/)."""

from __future__ import annotations

from contextledger.intent import is_constraint, is_correction, is_decision, steering_requests

RULES = [
    "Mach vor jedem Release immer ein Backup der Datenbank.",
    "Schreib die Commit-Nachrichten grundsätzlich auf Englisch.",
    "Antes de borrar cualquier tabla, haz siempre una copia.",
    "Vérifie toujours les logs avant de redémarrer.",
    "Fai sempre un backup prima di ogni migrazione.",
    "Rode sempre os testes antes de abrir o PR.",
    "Draai altijd eerst de tests voordat je merget.",
    "Przed każdym wdrożeniem zawsze uruchom testy.",
    "Älä koskaan poista tuotantotietokantaa.",
    "Aja aina testit ennen julkaisua.",
    "Soha ne töröld az éles adatbázist.",
    "Mindig futtasd le a teszteket élesítés előtt.",
    "Nu șterge niciodată baza de date de producție.",
    "Rulează întotdeauna testele înainte de deploy.",
    "Usifute kamwe hifadhidata ya uzalishaji.",
    "Lazima uendeshe majaribio kabla ya kutoa toleo.",
    "Jangan pernah menghapus database produksi.",
    "Selalu jalankan tes sebelum merge.",
    "Nikdy nemaž produkční databázi.",
    "Před každým nasazením vždy spusť testy.",
    "Kör alltid testerna innan du slår ihop.",
]
CORRECTIONS = [
    "Ich habe mich verschrieben: gemeint war Version 4.2.",
    "C'est mardi et non jeudi.",
    "Oublie ce que j'ai dit, prends la version 3.",
    "Intendevo il database di staging, non quello di produzione.",
    "Chodziło mi o serwer testowy, nie produkcyjny.",
    "Tarkoitin testipalvelinta, en tuotantoa.",
    "Portti on 5433 eikä 5432.",
    "Nem kedden, hanem csütörtökön.",
    "Elírtam: a port 5433.",
    "Am vrut să spun portul 5433, nu 5432.",
    "Nilimaanisha seva ya majaribio, si ya uzalishaji.",
    "Myslel jsem testovací server, ne produkční.",
    "Maksud saya port 5433.",
    "Jag menade testservern, inte produktionen.",
]
# statements, permissions and questions in the same words: none is a rule
NOT_RULES = [
    "Mein Kollege deployt immer freitags.",
    "Mi jefa siempre revisa los PR los lunes.",
    "Luca fa sempre i deploy il venerdì.",
    "Mój szef zawsze wdraża w piątki.",
    "Hän julkaisee aina perjantaisin.",
    "Voit nimetä funktiot uudelleen, jos haluat.",
    "Miksi testit epäonnistuvat?",
    "Nyugodtan átnevezheted a függvényeket.",
    "Poți redenumi funcțiile dacă vrei.",
    "De ce trebuie să repornesc serverul?",
    "Unaweza kubadilisha majina ya vitendakazi ukipenda.",
    "Kamu boleh mengganti nama fungsinya kalau mau.",
    "Dia selalu deploy hari Jumat.",
    "Kenapa tesnya gagal?",
    "Klidně si přejmenuj ty funkce.",
    "Du får gärna byta namn på funktionerna.",
    "Hon deployar alltid på fredagar.",
    "Siempre pregunta lo mismo el cliente.",
    # "never" before a statement's negation or auxiliary: what happened, not an order
    "Nikdy jsme to netestovali.",
    "Soha nem működött jól.",
    "En koskaan käytä tätä skriptiä.",
]


def test_rules_are_read_by_their_shape_in_languages_not_listed_before() -> None:
    assert [t for t in RULES if not (is_constraint(t) or is_correction(t))] == []
    assert steering_requests(RULES)[0] == list(range(len(RULES)))


def test_corrections_are_read_by_their_shape() -> None:
    assert [t for t in CORRECTIONS if not is_correction(t)] == []
    assert steering_requests(CORRECTIONS)[0] == list(range(len(CORRECTIONS)))


def test_habits_permissions_and_questions_in_the_same_words_are_no_rules() -> None:
    said = [t for t in NOT_RULES if is_constraint(t) or is_correction(t) or is_decision(t)]
    assert said == []
    assert steering_requests(NOT_RULES) == ([], [])
