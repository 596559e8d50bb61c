"""The gists' candidates are ranked once per what was read: a level that reads nothing new
gives the start of the same order, and one that reads more ranks every gist again, so a
count the new reads complete (a series of writes alike but for their numbers, a statement
said again and again) moves the gists it counts, never leaving them where the order made
before the reads put them."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from contextledger.fit.gists import (
    FAILED,
    GIST_NEAR,
    RAN,
    ROUTINE,
    SAID,
    TOLD,
    WROTE,
    Candidate,
    GistCandidates,
    Read,
)

_FAR = GIST_NEAR + 10  # (a unit this far from the history's end is read by its least rank)


def _candidates(
    found: list[Candidate],
    told: list[Candidate],
    reads: dict[int, Read],
    least: Callable[[int, float], float],
) -> tuple[GistCandidates, list[int]]:
    """Candidates whose unread exchanges are ``reads`` (all far), and the units read, in order."""
    read: list[int] = []

    def read_one(k: int) -> Read:
        read.append(k)
        return reads[k]

    from_end = {k: _FAR + k for k in [*reads, *(-g[1] for g in found)]}
    unread = {k: from_end[k] for k in sorted(reads, reverse=True)}
    return GistCandidates(found, told, [], unread, from_end, read_one, least), read


def _every_level(found: GistCandidates) -> list[list[Candidate]]:
    levels = [list(found.ready)]
    while found.read_more():
        levels.append(list(found.ready))
    return levels


def test_a_series_of_writes_read_at_the_files_level_is_routine_not_written() -> None:
    # (five labels alike but for their numbers, one other file written; Polish names)
    writes: dict[int, Read] = {
        10 + i: ("found", WROTE, f"[write_file path: etykiety/paczka_{i}.pdf — done]")
        for i in range(5)
    }
    writes[30] = ("found", WROTE, "[write_file path: ustawienia/polaczenie.yaml — done]")
    known = [(RAN, -40, "[run_shell cmd: make sprawdz → 3 zaliczone]")]
    found, read = _candidates(known, [], writes, lambda k, up_to: WROTE)
    levels = _every_level(found)
    assert read == sorted(writes, reverse=True)  # (read at the files' level, newest first)
    assert levels[1] == [(WROTE, -30, "[write_file path: ustawienia/polaczenie.yaml — done]")]
    assert [g for g in levels[-1] if g[0] == ROUTINE] == sorted(
        (ROUTINE, -k, text) for k, (_, _, text) in ((k, writes[k]) for k in range(10, 15))
    )
    # (each level's gists are the start of the next's)
    for shorter, longer in pairwise(levels):
        assert longer[: len(shorter)] == shorter


def test_a_statement_said_again_and_again_is_left_out_once_its_repeats_are_read() -> None:
    said = "Wiadomość wysłano o 12:00."
    reads: dict[int, Read] = {20 + i: ("said", said, "Wiadomość wysłano o #:#.") for i in range(3)}
    once = "Sprawdzono 48 drzew."
    reads[40] = ("said", once, "Sprawdzono # drzew.")
    told = [(TOLD, -50, "[An earlier message of yours: Wyślij raport w czwartek.]")]
    found, read = _candidates([], told, reads, lambda k, up_to: SAID)
    levels = _every_level(found)
    assert sorted(read) == sorted(reads)
    assert all(g[2] != said for level in levels for g in level)
    assert levels[-1] == [(SAID, -40, once), *told]


def test_levels_that_read_nothing_keep_the_order_and_cut_it_by_rank() -> None:
    known = [
        (FAILED, -3, "[pytest -q — failed: FAILED t.py::test_koszyk]"),
        (WROTE, -5, "[write_file path: a.yaml — done]"),
        (RAN, -7, "[make — 0 błędów]"),
    ]
    told = [(TOLD, -9, "[An earlier message of yours: Nie wyłączaj serwera.]")]
    found, read = _candidates(known, told, {}, lambda k, up_to: RAN)
    levels = _every_level(found)
    assert read == []
    # (far from the end: the failure is chosen after the commands run)
    assert levels[-1] == [known[1], told[0], known[2], known[0]]
    assert [len(level) for level in levels] == [0, 1, 2, 4]
