"""A nudge or thanks in a script written without spaces (Khmer, Burmese) is no request,
whatever its length in letters; what the user states in it is one.

Khmer and Burmese (and Lao) had no nudge phrases in ``UNSPACED_FILLER``: their letters,
vowel signs and tone marks all counted toward "six characters", so "អរគុណច្រើន" (thanks a
lot) read as a request, one more to pin in place of what the user said (the review's Lao
session of 150 turns lost its order of work and its owner; its nudges read as requests)."""

from __future__ import annotations

import pytest

from contextledger.intent import is_substantive

NUDGES = [
    "អូខេ",
    "បាទ បន្តទៀតទៅ",
    "អរគុណច្រើន",
    "ok បន្ត",
    "အိုကေ",
    "ဟုတ်ကဲ့ ဆက်လုပ်ပါ",
    "ကျေးဇူးတင်ပါတယ်",
]
STATEMENTS = [
    "សុខាជាម្ចាស់ API នាំចេញ។",
    "ដំបូងជួសជុលតេស្តសិន បន្ទាប់មកធ្វើបច្ចុប្បន្នភាពឯកសារ។",
    "မောင်မောင်သည် ထုတ်ယူမှု API ၏ ပိုင်ရှင်ဖြစ်သည်။",
    "ပထမ စမ်းသပ်မှုတွေကို ပြင်ပါ၊ ပြီးမှ စာရွက်စာတမ်းတွေကို အပ်ဒိတ်လုပ်ပါ။",
]


@pytest.mark.parametrize("text", NUDGES)
def test_a_nudge_without_spaces_is_no_request(text: str) -> None:
    assert not is_substantive(text)


@pytest.mark.parametrize("text", STATEMENTS)
def test_an_owner_or_an_order_of_work_without_spaces_is_a_request(text: str) -> None:
    assert is_substantive(text)
