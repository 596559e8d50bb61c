"""Actions taken through tools with structured arguments: a refund issued, an e-mail
sent, a ticket resolved, a deployment scaled. An agent whose tools are not a shell does
its work in calls like ``refund({"order_id": …, "override": "manager_approved"})``; the
recap names each such call with the arguments that say what it did and its result.

One rendering serves both sides: the recap lists :func:`render_action` of a call, and
the record's text for verification (:func:`.transcript.source_text`) holds the same
words, so the offline recap's own line is found as said.

>>> from contextledger.model import ToolCall
>>> render_action(ToolCall("c", "update_ticket", '{"ticket": "ESC-1", "status": "resolved"}'))
'update_ticket(ticket=ESC-1, status=resolved)'
>>> render_action(ToolCall("c", "get_order", '{"order_id": "448213"}')) is None
True
>>> render_action(ToolCall("c", "ledger", '{"query": "recent", "limit": 20}')) is None
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..model import ToolCall

# A call that only looks (its name's or its operation's words): it changed nothing, so
# it is no action ("get_order", "search_kb", "crm(operation=list)", "screenshot") - unless
# a word of it does something too ("update_ticket_status", "view_and_approve_invoice")
_LOOKUP_WORDS = frozenset(
    {"get", "list", "search", "find", "fetch", "lookup", "look", "query", "read", "view",
     "show", "describe", "inspect", "retrieve", "browse", "count", "explain", "preview",
     "diff", "compare", "summarize", "screenshot", "wait", "sleep", "think", "status", "info",
     "history", "ls", "cat", "glob", "grep", "stat", "peek", "poll", "ping", "whoami", "help",
     "estimate", "calculate", "lint", "verify", "validate", "check", "zoom", "cursor",
     "position", "dry"}
)  # fmt: skip
# The same verbs in the languages tools are named in (Spanish, Portuguese, French, German,
# Italian): "crm_buscar", "consultar_pedido", "kunde_suchen". Only a verb, and only where
# a name puts its verb (first or last: "cambiar_estado_pedido" changes a state, "marcar_
# consulta" books an appointment; nouns like "estado" or "suivi" look at nothing alone)
_LOOKUP_VERBS = frozenset(
    {"buscar", "consultar", "obter", "obtener", "listar", "ver", "mostrar", "pesquisar",
     "procurar", "rastrear", "localizar", "leer", "ler", "verificar", "comprobar", "chercher",
     "rechercher", "lire", "afficher", "obtenir", "trouver", "consulter", "suchen", "abrufen",
     "anzeigen", "lesen", "finden", "pruefen", "cercare", "leggere", "trovare", "controllare",
     "visualizzare", "elencare"}
)  # fmt: skip
_DOING_WORDS = frozenset(
    {"update", "set", "create", "delete", "remove", "add", "send", "post", "put", "patch",
     "approve", "reject", "resolve", "close", "cancel", "refund", "charge", "transfer", "pay",
     "issue", "grant", "revoke", "assign", "merge", "deploy", "install", "restart", "scale",
     "rotate", "reset", "transition", "move", "rename", "book", "reserve", "schedule",
     "notify", "email", "message", "publish", "submit", "upload", "write", "edit", "insert",
     "enable", "disable", "start", "stop", "kill", "trigger", "apply", "rollback", "revert",
     "tag", "label", "invite", "ban", "suspend", "archive", "restore", "sync", "import",
     "export", "download", "open", "mark", "escalate", "release", "promote",
     "reembolso", "reembolsar", "estorno", "estornar", "enviar", "criar", "crear", "atualizar",
     "actualizar", "cancelar", "excluir", "eliminar", "borrar", "apagar", "pagar", "transferir",
     "aprovar", "aprobar", "escalar", "notificar", "bloquear", "agendar", "programar",
     "reservar", "emitir", "registrar", "cerrar", "fechar", "rembourser", "remboursement",
     "envoyer", "creer", "annuler", "supprimer", "payer", "valider", "senden", "erstellen",
     "aktualisieren", "stornieren", "loeschen", "erstatten", "zahlen", "inviare", "creare",
     "aggiornare", "annullare", "eliminare", "rimborso", "rimborsare", "pagare"}
)  # fmt: skip
# A pointer or keyboard step of a computer-use tool: an action, but one of hundreds
_UI_STEPS = frozenset(
    {"click", "left", "right", "middle", "double", "triple", "type", "key", "keys", "scroll",
     "mouse", "move", "hover", "drag", "press", "navigate", "text", "element"}
)  # fmt: skip
# The arguments of a look-up: what to look for and how much of it
_QUERY_KEYS = frozenset(
    {"query", "q", "search", "filter", "filters", "term", "terms", "keyword", "keywords",
     "limit", "page", "offset", "since", "until", "sort", "order", "fields"}
)  # fmt: skip
_SURFACES = frozenset({"computer", "browser", "page", "screen", "desktop", "ui", "playwright"})
_OP_KEY = re.compile(r"(?i)^(?:action|operation|op|method|mode|command|verb)$")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# an accented letter read as its base ("situação" is situacao, "löschen" loeschen)
_PLAIN = str.maketrans("áàâãäçéèêëíìîïñóòôõöúùûüß", "aaaaaceeeeiiiinooooouuuus")
_SHORT = 60  # longer free text (an e-mail's body) is named, not quoted
_HEAD_BYTES = 240


def _plain(text: str) -> str:
    return text.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").translate(_PLAIN)


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(_plain(text))}


def _operation_argument(call: ToolCall) -> str | None:
    parsed, _ = call.parsed()
    if isinstance(parsed, dict):
        for key, value in parsed.items():
            if _OP_KEY.match(str(key)) and isinstance(value, str) and len(value) <= 40:
                return value
    return None


def operation(call: ToolCall) -> set[str]:
    """The words that say what a call does: its operation argument's when it has one
    (``jira(action="create_issue")``), else its name's."""
    op = _operation_argument(call)
    return _words(op if op is not None else call.name)


def is_action(call: ToolCall) -> bool:
    """A call with structured (object) arguments that does something, not only looks."""
    parsed, error = call.parsed()
    if error is not None or not isinstance(parsed, dict):
        return False
    words = operation(call)
    looks = bool(words & _LOOKUP_WORDS or _verb_slots(call) & _LOOKUP_VERBS)
    if not looks and parsed and not words & _DOING_WORDS:
        # a tool named by a noun, asked only a query ("ledger(query=recent)", fifty times a
        # session): a look-up (R36-R1), not an act
        looks = all(str(key).casefold() in _QUERY_KEYS for key in parsed)
    return not looks or bool(words & _DOING_WORDS)


def _verb_slots(call: ToolCall) -> set[str]:
    """The first and last words of what a call does: where its name puts its verb."""
    op = _operation_argument(call)
    found = _WORD.findall(_plain(op if op is not None else call.name))
    return {found[0].casefold(), found[-1].casefold()} if found else set()


def _value(value: Any) -> str | None:
    """An argument's value as the recap quotes it; None for a value too long to quote."""
    if isinstance(value, str):
        v = value.strip()
        if "\n" in v or len(v) > _SHORT:
            return None
        return v if v and re.fullmatch(r"[^\s,()=\"]+", v) else json.dumps(v, ensure_ascii=False)
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        parts = [_value(v) for v in value]
        if all(p is not None for p in parts) and sum(len(str(p)) for p in parts) <= _SHORT:
            return "[" + ", ".join(str(p) for p in parts) + "]"
        return None
    if isinstance(value, bool | int | float):
        return json.dumps(value)
    return None


def render_action(call: ToolCall) -> str | None:
    """``name(key=value, …)`` for an action (:func:`is_action`), else None: each short
    argument as given, a long one (a body, a nested object) named with "…", and past
    :data:`_HEAD_BYTES` the rest as "…"."""
    if not is_action(call):
        return None
    return render_call(call)


def render_call(call: ToolCall) -> str:
    """``name(key=value, …)`` for any call whose arguments are an object (:func:`render_action`
    without asking whether it acts); ``name`` for one whose arguments are not."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return call.name.strip()
    args: list[str] = []
    size = len(call.name)
    for key, value in parsed.items():
        if value is None or value == "" or value == [] or value == {}:
            continue
        v = _value(value)
        arg = f"{key}={v}" if v is not None else f"{key}=…"
        size += len(arg.encode()) + 2
        if size > _HEAD_BYTES:
            args.append("…")
            break
        args.append(arg)
    return f"{call.name.strip()}({', '.join(args)})"


def is_ui_step(call: ToolCall) -> bool:
    """A pointer or keyboard step of a computer-use tool (``computer(action="click")``,
    ``browser_type``, ``mouse_move``): an action, but one of hundreds."""
    op = _operation_argument(call)
    if op is not None:
        return bool(_words(op) <= _UI_STEPS)
    return bool(_words(call.name) & _UI_STEPS) and _words(call.name) <= _UI_STEPS | _SURFACES


#: The fewest words of an argument that says what the user asked for in her words
_PHRASE_WORDS = 3


def asks_in_words(call: ToolCall) -> bool:
    """Whether a call's arguments say in words what was asked of it: a string argument of
    three words or more ("filtr": "tylko bezpośrednie z Katowic"), short enough to quote -
    the user's filter, which the call's output alone does not say (R41-R9)."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return False
    return any(
        isinstance(v, str) and _value(v) is not None and len(v.split()) >= _PHRASE_WORDS
        for v in parsed.values()
    )
