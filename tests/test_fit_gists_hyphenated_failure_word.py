"""A failure word after a hyphen names a kind of thing, not a failure: samtools flagstat
prints "(QC-passed reads + QC-failed reads)" on every run. Read as failures, a dozen such
routine reads took the whole room of the gists at 8k and 16k, and the files written and
commands run before them were left out (retain66: 1/30 and 0/30 kept)."""

from __future__ import annotations

import pytest

from builders import Dicts, chat_exchange
from contextledger.fit import fit
from contextledger.fit.gists import failing_lines

_FLAGSTAT = (
    "{n} + 0 in total (QC-passed reads + QC-failed reads)\n0 + 0 secondary\n"
    "{n} + 0 mapped (99.41% : N/A)"
)


def _session() -> Dicts:
    messages: Dicts = [
        {"role": "system", "content": "You are a genomics pipeline agent."},
        {"role": "user", "content": "Rerun the variant calling on all samples."},
    ]
    messages += chat_exchange(
        "call_w", "write_file", {"path": "config/samples_P17.tsv", "content": "S01\tP17\nS02\tP17"},
        "ok",
    )  # fmt: skip
    messages += chat_exchange(
        "call_r", "shell", {"cmd": "snakemake --cores 16 --until call_variants"}, "Submitted 4"
    )
    for n in range(60):
        messages.append({"role": "user", "content": "go on"})
        cmd = {"cmd": f"samtools flagstat results/bam/S{n:02d}.md.bam"}
        messages += chat_exchange(f"call_{n}", "shell", cmd, _FLAGSTAT.format(n=10_000_000 + n))
        log = "\n".join(f"rule align_reads: sample S{n:02d} chunk {i} done" for i in range(60))
        messages += chat_exchange(f"call_l{n}", "shell", {"cmd": "snakemake -n"}, log)
        messages.append({"role": "assistant", "content": f"Sample {n} looks fine."})
    messages.append({"role": "user", "content": "go on"})
    return messages


def test_a_count_of_qc_failed_reads_is_no_failure() -> None:
    assert failing_lines(_FLAGSTAT.format(n=12)) == []
    assert failing_lines("1 failed, 2 passed") == ["1 failed, 2 passed"]


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_routine_counts_of_failed_reads_leave_room_for_the_files_written(window: int) -> None:
    result = fit(_session(), "gpt-4o", window=window, max_output_tokens=1_000)
    kept = "\n".join(m.text for m in result.messages)
    assert "config/samples_P17.tsv" in kept
    assert "snakemake --cores 16 --until call_variants" in kept
