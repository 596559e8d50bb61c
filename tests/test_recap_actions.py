"""Actions taken through tools with structured arguments (redteam16 A19): an agent whose
tools are not a shell issues credits, notifies people and closes cases; the recap names
each such call with the arguments that say what it did and its result's status, ranks
them for room and says what it left out."""

from __future__ import annotations

import json
from typing import Any

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.actions import is_action, is_ui_step, render_action
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message, ToolCall, with_ids
from contextledger.providers import read_messages
from contextledger.repair import repair


def _call(cid: str, name: str, args: dict[str, Any], result: str) -> list[dict[str, Any]]:
    fn = {"name": name, "arguments": json.dumps(args)}
    return [
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": cid, "type": "function", "function": fn}]},
        {"role": "tool", "tool_call_id": cid, "content": result},
    ]  # fmt: skip


def _support_session() -> list[Message]:
    msgs: list[dict[str, Any]] = [
        {"role": "user", "content": "Sort out the broken-blender complaint from account 7730."}
    ]
    msgs += _call("c1", "lookup_account", {"account": "7730"}, '{"plan": "plus"}')
    msgs += _call(
        "c2",
        "grant_voucher",
        {
            "account": "7730",
            "value_gbp": 39.99,
            "why": "arrived_broken",
            "signed_off": "shift_lead",
        },
        'HTTP/1.1 200 OK\n{"voucher": "VC-5512"}',
    )
    msgs += _call(
        "c3",
        "message_customer",
        {"via": "whatsapp", "to": "+44 7700 900123", "text": "We are sorry. " * 10},
        "sent",
    )
    msgs += _call("c4", "set_case_state", {"case": "CS-40417", "state": "closed"}, "ok")
    msgs += _call(
        "c5",
        "resize_pool",
        {"pool": "returns-workers", "size": 6, "region": "eu-west-2"},
        '{"error": "insufficient capacity", "status": 409}',
    )
    msgs += [{"role": "assistant", "content": "All handled except the pool resize."}]
    return list(read_messages(msgs))


def _section(recap: str, name: str) -> list[str]:
    lines = recap.splitlines()
    if not any(ln.startswith(name + ":") for ln in lines):
        return []
    start = next(k for k, ln in enumerate(lines) if ln.startswith(name + ":"))
    out = []
    for ln in lines[start + 1 :]:
        if not ln.startswith("- "):
            break
        out.append(ln[2:])
    return out


def test_each_action_is_named_with_its_arguments_and_its_result() -> None:
    recap = render_digest(digest(_support_session()), 4000)
    acts = _section(recap, "Actions taken")
    assert acts == [
        "grant_voucher(account=7730, value_gbp=39.99, why=arrived_broken, "
        'signed_off=shift_lead): HTTP/1.1 200 OK {"voucher": "VC-5512"}',
        'message_customer(via=whatsapp, to="+44 7700 900123", text=…): sent',
        "set_case_state(case=CS-40417, state=closed): ok",
        'resize_pool(pool=returns-workers, size=6, region=eu-west-2): failed: {"error": '
        '"insufficient capacity", "status": 409}',
    ]
    assert "lookup_account" not in recap  # it only looked


def test_what_calls_count_as_actions() -> None:
    def call(name: str, args: object) -> ToolCall:
        return ToolCall("c", name, json.dumps(args))

    assert is_action(call("refundPayment", {"payment": "p_1"}))
    assert is_action(call("jira", {"action": "create_issue", "summary": "x"}))
    assert not is_action(call("jira", {"action": "search", "jql": "x"}))
    assert not is_action(call("getInvoice", {"id": "in_1"}))
    assert not is_action(call("search_docs", {"q": "refund policy"}))
    # review12 RC2: a lookup word beside a doing word is an action
    assert is_action(call("set_subscription_status", {"sub": "s_1", "status": "paused"}))
    assert is_action(call("validate_then_publish", {"post": "p_9"}))
    assert is_action(call("open_incident", {"sev": 2}))
    assert not is_action(call("check_status", {"job": "j_1"}))
    assert not is_action(ToolCall("c", "noop", "not json"))
    assert is_ui_step(call("computer", {"action": "left_click", "coordinate": [10, 20]}))
    assert is_ui_step(call("browser_type", {"selector": "#q", "text": "hi"}))
    assert not is_ui_step(call("move_funds", {"from": "a", "to": "b"}))
    long = {f"k{i}": "v" * 50 for i in range(9)}
    head = render_action(call("bulk_tag", long))
    assert head is not None and head.endswith(", …)") and len(head.encode()) < 300
    nested = render_action(call("patch_order", {"order": "o-1", "lines": [{"sku": "A"}]}))
    assert nested == "patch_order(order=o-1, lines=…)"


def test_actions_are_ranked_for_room_and_the_rest_counted() -> None:
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Tag the overdue invoices."}]
    for k in range(12):
        msgs += _call(f"t{k}", "tag_invoice", {"invoice": f"INV-{900 + k}", "tag": "overdue"}, "ok")
    msgs += _call("p1", "computer", {"action": "left_click", "coordinate": [5, 5]}, "clicked")
    msgs += _call("e1", "escalate_invoice", {"invoice": "INV-77", "to": "collections"}, "ok")
    d = digest(list(read_messages(msgs)))
    recap = render_digest(d, 420)
    acts = _section(recap, "Actions taken")
    assert any(a.startswith("escalate_invoice(") for a in acts)  # not behind the repeats
    assert "left_click" not in recap  # a click waits for every other line
    assert "Actions taken: (+" in recap  # the rest is counted, in the record
    assert len(recap.encode()) <= 420


def test_the_offline_recap_of_actions_passes_its_own_verification() -> None:
    msgs = [*_support_session(), Message.user("ok"), Message.assistant("Anything else?")]
    conv = Conversation.from_messages(repair(with_ids(msgs)).messages)
    out = conv.compact(OfflineSummarizer(), CompactionPolicy(keep_recent=2), force=True)
    assert out.status == "compacted"
    assert out.verification is not None and out.verification.removed_sentences == ()
    assert out.event is not None
    assert "set_case_state(case=CS-40417, state=closed): ok" in out.event.recap_text


def test_an_action_with_a_date_in_its_arguments_keeps_its_line() -> None:
    # review12 RC1: the offline recap's own line was removed: "could not trace … Monday"
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Arrange the office move."}]
    msgs += _call("d1", "post_notice", {"board": "ops", "text": "Desks move Thursday"}, "posted")
    msgs += _call("d2", "reserve_van", {"day": "2026-12-17", "depot": "north"}, "ok")
    msgs += [{"role": "assistant", "content": "Both booked."}]
    conv = Conversation.from_messages(repair(with_ids(_openai(msgs))).messages)
    out = conv.compact(OfflineSummarizer(), CompactionPolicy(keep_recent=1), force=True)
    assert out.event is not None and out.verification is not None
    assert out.verification.removed_sentences == ()
    assert 'post_notice(board=ops, text="Desks move Thursday"): posted' in out.event.recap_text
    assert "reserve_van(day=2026-12-17, depot=north): ok" in out.event.recap_text


def _openai(msgs: list[dict[str, Any]]) -> list[Message]:
    return list(read_messages(msgs))


def test_lookups_named_in_other_languages_are_no_actions() -> None:
    """redteam17: a lookup is no action whatever language its tool is named in; a tool
    that does something in those languages still is one."""

    def call(name: str) -> ToolCall:
        return ToolCall("c", name, json.dumps({"id": "42"}))

    for name in ("crm_buscar", "consultarPedido", "kunde_suchen", "lire_facture"):
        assert not is_action(call(name)), name
    # review13 RC1: a lookup noun beside a verb that does something is an action
    for name in (
        "reembolso_pix",
        "buscar_y_cancelar",
        "rechnung_stornieren",
        "envoyer_mail",
        "cambiar_estado_pedido",
        "marcar_consulta",
        "modifier_suivi_colis",
    ):
        assert is_action(call(name)), name
