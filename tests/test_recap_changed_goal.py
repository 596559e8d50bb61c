"""A task changed mid-session ("Change of plans: forget X; now Y") is a Goal line of the offline
recap, in the languages users write in (review45 R45-ret6: filed under Constraints or "User
also said" in 5 of 6 languages — the change's "forget the X column" was read as a rule lifted,
and "Plan change:", "Változott a terv:", "পরিকল্পনা বদলেছে:", "Nagbago ang plano:" were no
restatement's openings)."""

from __future__ import annotations

import pytest

from builders import offline_recap, recap_section


@pytest.mark.parametrize(
    "changed",
    [
        "Mudança de planos: esqueça o gráfico de barras; agora o painel deve mostrar a margem.",
        "Plans changed: skip the PDF export; the dashboard must now show the margin per store.",
        "Megváltozott a terv: hagyd a PDF exportot; a műszerfal mutassa a boltonkénti árrést.",
        "Iba na ang plano: huwag na ang PDF export; ipakita ng dashboard ang margin bawat tindahan.",
        "পরিকল্পনা পাল্টেছে: পিডিএফ এক্সপোর্ট বাদ দিন; ড্যাশবোর্ডে প্রতিটি দোকানের মার্জিন দেখান।",
    ],
)
def test_a_changed_task_is_a_goal_line(changed: str) -> None:
    recap = offline_recap(
        ("user", "Build the weekly sales dashboard with a PDF export for the managers."),
        ("assistant", "Ok, starting with the sales query."),
        ("user", changed),
        ("assistant", "Understood, switching to the margin view."),
    )
    assert changed[:40] in recap_section(recap, "Goal")


def test_forgetting_a_rule_is_still_a_rule_lifted() -> None:
    from contextledger.compaction.rules import LIFTS

    assert LIFTS.search("Olvida lo de Heathrow, ya no importa.")
    assert not LIFTS.search("Esqueça a coluna de IVA no relatório.")
