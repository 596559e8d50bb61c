"""The proxy's dashboard: server-rendered HTML with inline SVG, no JavaScript.

``/contextledger/`` lists the sessions (model, turns, tokens); ``/contextledger/view/<id>``
shows one session: what filled the context on each turn (system, text, images, tool
output, recap, tool schemas) against the window and the budget, and the timeline of drops,
recaps and notices. The pages read at any width: tables become cards on a phone.

>>> html = index_page([], [])
>>> "<svg" in session_page({"session": "s", "messages": 0, "turns": [], "compactions": []})
True
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from html import escape
from typing import Any
from urllib.parse import quote

from ..catalog import DollarCost, format_dollars, price_table
from ..model import Message
from ..prepare import Preparer, PrepareReport
from ..storage.browse import total_cost, usage_record

__all__ = ["composition", "index_page", "not_found", "session_page", "summary"]

PARTS: tuple[tuple[str, str, str], ...] = (
    ("system", "System", "#6b7280"),
    ("text", "Conversation text", "#2563eb"),
    ("images", "Images", "#d97706"),
    ("tool_output", "Tool output", "#059669"),
    ("recap", "Recap", "#7c3aed"),
    ("tools", "Tool schemas + framing", "#94a3b8"),
)


def composition(
    messages: Sequence[Message],
    preparer: Preparer,
    report: PrepareReport,
    known: tuple[Sequence[Message], Mapping[str, int]] | None = None,
) -> dict[str, int]:
    """Tokens of the request by what they are; the parts add up to ``report.used``.
    ``known``: an earlier list and its parts; when ``messages`` starts with it, only the
    rest is counted (a long session adds a message or two per turn)."""
    pricer = preparer.fitter.pricer
    out = dict.fromkeys(("system", "text", "images", "tool_output", "recap"), 0)
    if known is not None:
        before, parts = known
        n = len(before)
        if len(messages) >= n and tuple(messages[:n]) == tuple(before):
            out.update({k: parts[k] for k in out})
            messages = messages[n:]
    for m in messages:
        price = pricer.message(m)
        if m.role == "system":
            out["system"] += price.text
        elif m.role == "tool":
            out["tool_output"] += price.text
        elif m.is_recap:
            out["recap"] += price.text
        else:
            out["text"] += price.text
        out["images"] += price.image
    out["tools"] = max(0, report.used - sum(out.values()))
    return out


def summary(
    name: str,
    messages: int,
    created: float | None,
    updated: float | None,
    turns: Sequence[Mapping[str, Any]] | None,
) -> dict[str, Any]:
    """One row of the sessions list (turns None: not in memory, read on demand)."""
    row: dict[str, Any] = {
        "session": name,
        "messages": messages,
        "created": created,
        "updated": updated,
    }
    if turns is None:
        return row
    reported_in = sum(int((t.get("usage") or {}).get("input_tokens") or 0) for t in turns)
    reported_out = sum(int((t.get("usage") or {}).get("output_tokens") or 0) for t in turns)
    last = turns[-1] if turns else {}
    fitted = [t for t in turns if t.get("fitted")]
    # a refused request went nowhere: it is an error on the row, not tokens sent
    sent = [t for t in turns if not t.get("refused")]
    row.update(
        {
            "cost": _cost_json(session_cost(turns)),
            "model": last.get("model", ""),
            "route": last.get("route", ""),
            "turns": len(turns),
            "sent_tokens": sum(int(t.get("used") or 0) for t in sent),
            "input_tokens": reported_in,
            "output_tokens": reported_out,
            # left out of the latest request (the sticky cut leaves the same messages out
            # turn after turn: a sum over turns would count each many times)
            "dropped": int(fitted[-1].get("dropped") or 0) if fitted else 0,
            "recaps": sum(1 for t in turns if t.get("compaction")),
            "window": (fitted[-1] if fitted else last).get("window"),
            "last_used": sent[-1].get("used") if sent else None,
            "errors": sum(1 for t in turns if int(t.get("status") or 200) >= 400),
        }
    )
    return row


def session_cost(turns: Sequence[Mapping[str, Any]]) -> DollarCost:
    """Dollars for the turns that reached the provider, from the dated price table: the
    provider's reported usage where it sent one, else our estimate of the input (the same
    figure the store's listing shows once the proxy has stopped)."""
    records = (usage_record("serve.turn", turn) for turn in turns)
    return total_cost(r for r in records if r is not None)


def _cost_json(cost: DollarCost) -> dict[str, Any]:
    """The session JSON's cost: ``usd`` null when a model is not in the price table."""
    usd = float(cost.dollars) if cost.dollars is not None else None
    return {"usd": usd, "prices_as_of": cost.as_of, "unpriced": list(cost.unpriced)}


def _dollars(cost: object) -> str:
    if not isinstance(cost, Mapping):
        return "–"
    usd = cost.get("usd")
    return format_dollars(Decimal(str(usd))) if usd is not None else "unknown"


def _total_cost(rows: Sequence[Mapping[str, Any]]) -> str:
    costs = [r["cost"] for r in rows if isinstance(r.get("cost"), Mapping)]
    known = sum(Decimal(str(c["usd"])) for c in costs if c.get("usd") is not None)
    text = format_dollars(Decimal(known))
    return text + " + unknown" if any(c.get("usd") is None for c in costs) else text


# ----------------------------------------------------------------------------- pages

_CSS = """
:root { --fg:#111827; --muted:#6b7280; --line:#e5e7eb; --bg:#f9fafb; --card:#fff; --accent:#2563eb; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--fg); background:var(--bg); }
header { background:#111827; color:#fff; padding:14px 20px; }
header a { color:#fff; text-decoration:none; font-weight:600; }
header .sub { color:#9ca3af; font-size:13px; }
main { max-width:1200px; margin:0 auto; padding:20px; }
h1 { font-size:22px; margin:0 0 4px; word-break:break-all; }
h2 { font-size:17px; margin:28px 0 10px; }
.muted { color:var(--muted); }
.cards { display:grid; grid-template-columns:repeat(auto-fit,minmax(125px,1fr)); gap:12px; margin:16px 0; }
.card { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:12px 14px; }
.card .n { font-size:22px; font-weight:650; font-variant-numeric:tabular-nums; }
.card .l { color:var(--muted); font-size:12px; text-transform:uppercase; letter-spacing:.04em; }
table { width:100%; border-collapse:collapse; background:var(--card); border:1px solid var(--line); border-radius:10px; overflow:hidden; }
th, td { text-align:left; padding:9px 12px; border-bottom:1px solid var(--line); vertical-align:top; }
td:first-child { overflow-wrap:anywhere; } td.num, td.nowrap { white-space:nowrap; }
table.stack td:first-child { min-width:9em; }
.scroll { overflow-x:auto; }  /* a table never widens the page: it scrolls inside it */
th { font-size:12px; color:var(--muted); text-transform:uppercase; letter-spacing:.04em; background:#f3f4f6; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
tr:last-child td { border-bottom:0; }
a { color:var(--accent); }
.chart { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:12px; }
.chart svg { width:100%; height:auto; display:block; }
.legend { display:flex; flex-wrap:wrap; gap:6px 16px; margin:10px 2px 0; font-size:13px; }
.legend span i { display:inline-block; width:11px; height:11px; border-radius:2px; margin-right:6px; vertical-align:-1px; }
.timeline { list-style:none; margin:0; padding:0; }
.timeline li { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:10px 14px; margin-bottom:8px; }
.timeline .t { font-weight:600; margin-right:8px; }
.badge { display:inline-block; font-size:11px; font-weight:600; border-radius:999px; padding:1px 8px; margin-right:6px; color:#fff; background:#6b7280; text-transform:uppercase; letter-spacing:.03em; }
.b-dropped { background:#dc2626; } .b-shrunk { background:#ea580c; } .b-replaced { background:#d97706; }
.b-compaction, .b-recap { background:#7c3aed; } .b-repaired { background:#0891b2; }
.b-not_fitted { background:#475569; } .b-refused { background:#b91c1c; } .b-normalized { background:#059669; } .b-error, .b-upstream_error { background:#b91c1c; } .b-not_recorded { background:#9a3412; }
.timeline p { margin:4px 0 0; overflow-wrap:anywhere; }
.empty { background:var(--card); border:1px dashed var(--line); border-radius:10px; padding:24px; color:var(--muted); }
.warn { background:#fef2f2; border:1px solid #fecaca; color:#991b1b; border-radius:10px; padding:10px 14px; margin:12px 0; }
.chart .narrow { display:none; }
@media (max-width: 700px) {
  main { padding:12px; }
  .chart .wide { display:none; }
  .chart .narrow { display:block; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display:block; width:100%; }
  table.stack thead { display:none; }
  table.stack { border:0; background:transparent; }
  table.stack tr { background:var(--card); border:1px solid var(--line); border-radius:10px; margin-bottom:10px; padding:6px 0; }
  table.stack td { border:0; padding:4px 14px; text-align:right; overflow-wrap:anywhere; min-width:0; white-space:normal; }
  table.stack td:first-child { word-break:break-all; }
  table.stack td::before { content:attr(data-label); float:left; color:var(--muted); font-size:12px; text-transform:uppercase; letter-spacing:.04em; padding-top:2px; }
  table.stack td:first-child { text-align:left; font-weight:600; }
  table.stack td:first-child::before { content:none; }
}
"""


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
        "<header><a href='/contextledger/'>contextledger</a> "
        "<span class='sub'>proxy dashboard</span></header>"
        f"<main>{body}</main></body></html>"
    )


def _n(value: Any) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, int | float):
        return f"{value:,.0f}"
    return escape(str(value))


def _ago(ts: float | None) -> str:
    if not ts:
        return "–"
    s = max(0.0, time.time() - ts)
    if s < 90:
        return f"{s:.0f} s ago"
    if s < 5400:
        return f"{s / 60:.0f} min ago"
    if s < 36 * 3600:
        return f"{s / 3600:.0f} h ago"
    return time.strftime("%Y-%m-%d", time.localtime(ts))


def _cards(items: Iterable[tuple[str, str]]) -> str:
    return (
        "<div class='cards'>"
        + "".join(
            f"<div class='card'><div class='n'>{v}</div><div class='l'>{escape(k)}</div></div>"
            for k, v in items
        )
        + "</div>"
    )


def index_page(sessions: Sequence[Mapping[str, Any]], store_errors: Sequence[str]) -> str:
    """Every session, newest activity first."""
    rows = sorted(sessions, key=lambda s: s.get("updated") or s.get("created") or 0, reverse=True)
    known = [s for s in rows if "turns" in s]
    cards = _cards(
        [
            ("sessions", _n(len(rows))),
            ("turns", _n(sum(s["turns"] for s in known))),
            ("tokens sent", _n(sum(s["sent_tokens"] for s in known))),
            ("provider input", _n(sum(s["input_tokens"] for s in known))),
            ("provider output", _n(sum(s["output_tokens"] for s in known))),
            ("left out now", _n(sum(s["dropped"] for s in known))),
            ("cost", _total_cost(known)),
        ]
    )
    warn = "".join(f"<div class='warn'>Store: {escape(e)}</div>" for e in store_errors[-3:])
    if not rows:
        table = (
            "<div class='empty'>No sessions yet. Point an SDK at this proxy "
            "(<code>base_url=http://127.0.0.1:8700/v1</code>) and they appear here.</div>"
        )
    else:
        head = (
            "<thead><tr><th>Session</th><th>Model</th><th class='num'>Turns</th>"
            "<th class='num'>Messages</th><th class='num'>Last request</th>"
            "<th class='num'>Input tokens</th><th class='num'>Output tokens</th>"
            "<th class='num'>Left out</th><th class='num'>Cost</th><th>Last active</th></tr></thead>"
        )
        body = []
        for s in rows:
            name = str(s["session"])
            link = f"<a href='/contextledger/view/{quote(name)}'>{escape(name)}</a>"
            last = f"{_n(s.get('last_used'))} / {_n(s.get('window'))}" if s.get("window") else "–"
            body.append(
                "<tr>"
                f"<td data-label='Session'>{link}</td>"
                f"<td class='nowrap' data-label='Model'>{_n(s.get('model'))}</td>"
                f"<td class='num' data-label='Turns'>{_n(s.get('turns'))}</td>"
                f"<td class='num' data-label='Messages'>{_n(s.get('messages'))}</td>"
                f"<td class='num' data-label='Last request'>{last}</td>"
                f"<td class='num' data-label='Input tokens'>{_n(s.get('input_tokens'))}</td>"
                f"<td class='num' data-label='Output tokens'>{_n(s.get('output_tokens'))}</td>"
                f"<td class='num' data-label='Left out'>{_n(s.get('dropped'))}</td>"
                f"<td class='num' data-label='Cost'>{_dollars(s.get('cost'))}</td>"
                f"<td class='nowrap' data-label='Last active'>{_ago(s.get('updated') or s.get('created'))}</td>"
                "</tr>"
            )
        table = (
            f"<div class='scroll'><table class='stack'>{head}<tbody>{''.join(body)}</tbody>"
            "</table></div>"
        )
    return _page(
        "contextledger — sessions",
        "<h1>Sessions</h1><p class='muted'>Every conversation this proxy fitted. Tokens are "
        "the provider's own counts where it reported them. Left out: messages the latest "
        "request did not carry to fit the window (the record keeps them; each drop is named "
        "in the session's timeline). Costs are in dollars "
        f"from the price table of {escape(price_table().as_of)}; unknown where a model is "
        "not in it.</p>" + warn + cards + table,
    )


def _chart(
    turns: Sequence[Mapping[str, Any]], width: int = 1000, height: int = 320, font: int = 12
) -> str:
    """Stacked bars per turn (what filled the context) under the window and budget lines."""
    fitted = [t for t in turns if t.get("composition")]
    left, bottom, top = font * 5, font * 2 + 4, font + 2
    plot_w, plot_h = width - left - 12, height - bottom - top
    if not fitted:
        return (
            f"<svg viewBox='0 0 {width} 80' role='img' aria-label='no fitted turns yet'>"
            "<text x='20' y='45' fill='#6b7280' font-size='16'>No fitted turns yet.</text></svg>"
        )
    peak = max(max(int(t.get("window") or 0), int(t.get("used") or 0)) for t in fitted) or 1
    scale = plot_h / peak
    n = len(fitted)
    slot = plot_w / max(n, 12)  # a new session's few bars grow from the left, not fill it
    bar = max(1.0, min(slot * 0.78, 44.0))
    parts: list[str] = [
        f"<svg viewBox='0 0 {width} {height}' role='img' "
        f"aria-label='context composition per turn against the window'>"
    ]
    for k in range(5):  # gridlines
        v = peak * k / 4
        y = top + plot_h - v * scale
        parts.append(
            f"<line x1='{left}' x2='{width - 12}' y1='{y:.1f}' y2='{y:.1f}' stroke='#e5e7eb'/>"
            f"<text x='{left - 8}' y='{y + 4:.1f}' text-anchor='end' font-size='{font}' "
            f"fill='#6b7280'>{_short(v)}</text>"
        )
    colors = {key: color for key, _, color in PARTS}
    for i, t in enumerate(fitted):
        x = left + i * slot + (slot - bar) / 2
        y = top + plot_h
        comp = t["composition"]
        tip = f"turn {t.get('turn')}: {int(t.get('used') or 0):,} of {int(t.get('budget') or 0):,} budget"
        parts.append(f"<g><title>{escape(tip)}</title>")
        for key, _, _ in PARTS:
            h = int(comp.get(key) or 0) * scale
            if h <= 0:
                continue
            y -= h
            parts.append(
                f"<rect x='{x:.2f}' y='{y:.2f}' width='{bar:.2f}' height='{h:.2f}' fill='{colors[key]}'/>"
            )
        if t.get("dropped"):
            parts.append(
                f"<circle cx='{x + bar / 2:.2f}' cy='{top + plot_h + 10}' r='{min(4.0, max(1.5, bar / 2)):.1f}' fill='#dc2626'/>"
            )
        parts.append("</g>")
    # window and budget of the newest turn: the budget's label goes under its line when
    # the two lines are too close for both labels above them
    last = fitted[-1]
    window_y = top + plot_h - int(last.get("window") or 0) * scale
    for key, label, color, dash in (
        ("window", "window", "#111827", ""),
        ("budget", "budget", "#dc2626", " stroke-dasharray='6 4'"),
    ):
        v = int(last.get(key) or 0)
        if not v:
            continue
        y = top + plot_h - v * scale
        below = key == "budget" and y - window_y < font + 6
        label_y = y + font + 4 if below else y - 5
        parts.append(
            f"<line x1='{left}' x2='{width - 12}' y1='{y:.1f}' y2='{y:.1f}' stroke='{color}' stroke-width='2'{dash}/>"
            f"<text x='{width - 14}' y='{label_y:.1f}' text-anchor='end' font-size='{font + 1}' fill='{color}'"
            f" paint-order='stroke' stroke='#fff' stroke-width='3'>{label} {v:,}</text>"
        )
    first, final = fitted[0].get("turn"), fitted[-1].get("turn")
    last_x = left + (n - 0.5) * slot  # under the newest bar
    parts.append(
        f"<text x='{left}' y='{height - 6}' font-size='{font}' fill='#6b7280'>turn {first}</text>"
    )
    if n > 1:
        anchor = "end" if last_x > width - 12 - 4 * font else "middle"
        parts.append(
            f"<text x='{min(last_x, width - 12):.1f}' y='{height - 6}' text-anchor='{anchor}' "
            f"font-size='{font}' fill='#6b7280'>turn {final}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _short(v: float) -> str:
    if v >= 1_000_000:
        return f"{v / 1_000_000:.1f}M"
    if v >= 1000:
        return f"{v / 1000:.0f}k" if v >= 10_000 else f"{v / 1000:.1f}k"
    return f"{v:.0f}"


_TURNS_AGO = re.compile(r"\d[\d,]* turns? ago|the current turn")


def _timeline(turns: Sequence[Mapping[str, Any]], limit: int = 200) -> str:
    """Per turn, what it said that earlier turns had not: a notice about a message (an
    image dropped turn after turn) is shown the turn it first appeared (every turn's report
    still lists it); a turn's own events (refusals, recaps, errors) are shown every time."""
    items: list[str] = []
    seen: set[tuple[str, str, str]] = set()
    for t in turns:
        notices = []
        for n in t.get("notices") or []:
            key = (str(n.get("kind")), str(n.get("where")), _TURNS_AGO.sub("", str(n.get("text"))))
            if key[1] and key in seen:
                continue
            seen.add(key)
            notices.append(n)
        said = {str(n.get("text", "")) for n in notices}
        for line in t.get("compaction") or []:
            if line not in said:
                notices.append({"kind": "recap", "text": line})
        status = int(t.get("status") or 200)
        if status >= 400 and not t.get("error"):  # a failed stream says its own notice
            notices.append(
                {
                    "kind": "error",
                    "text": f"HTTP {status} from the upstream (passed through verbatim).",
                }
            )
        if not notices:
            continue
        shown = notices[:12]
        more = len(notices) - len(shown)
        body = "".join(
            f"<p><span class='badge b-{escape(str(n.get('kind', '')))}'>{escape(str(n.get('kind', '')))}</span>"
            f"{escape(str(n.get('text', '')))}</p>"
            for n in shown
        )
        if more:
            body += f"<p class='muted'>… and {more} more notices on this turn (see the JSON report).</p>"
        when = time.strftime("%H:%M:%S", time.localtime(float(t.get("time") or 0)))
        items.append(
            f"<li><span class='t'>Turn {_n(t.get('turn'))}</span>"
            f"<span class='muted'>{when} · {escape(str(t.get('model', '')))}</span>{body}</li>"
        )
    if not items:
        return "<div class='empty'>Nothing dropped, shrunk, recapped or refused so far.</div>"
    hidden = len(items) - limit
    items = items[-limit:][::-1]
    note = (
        f"<p class='muted'>{hidden} older entries are in the JSON report.</p>" if hidden > 0 else ""
    )
    return f"<ul class='timeline'>{''.join(items)}</ul>{note}"


def _turn_table(turns: Sequence[Mapping[str, Any]], limit: int = 100) -> str:
    if not turns:
        return ""
    head = (
        "<thead><tr><th>Turn</th><th class='num'>Sent</th><th class='num'>Budget</th>"
        "<th class='num'>Provider input</th><th class='num'>Output</th>"
        "<th class='num'>Drops</th><th class='num'>Proxy ms</th><th>Status</th></tr></thead>"
    )
    rows = []
    for t in list(turns)[-limit:][::-1]:
        usage = t.get("usage") or {}
        rows.append(
            "<tr>"
            f"<td data-label='Turn'>Turn {_n(t.get('turn'))}{'' if t.get('fitted', True) else ' (not fitted)'}</td>"
            f"<td class='num' data-label='Sent'>{_n(t.get('used'))}</td>"
            f"<td class='num' data-label='Budget'>{_n(t.get('budget'))}</td>"
            f"<td class='num' data-label='Provider input'>{_n(usage.get('input_tokens'))}</td>"
            f"<td class='num' data-label='Output'>{_n(usage.get('output_tokens'))}</td>"
            f"<td class='num' data-label='Drops'>{_n(t.get('dropped'))}</td>"
            f"<td class='num' data-label='Proxy ms'>{escape(str(t.get('added_ms', '–')))}</td>"
            f"<td data-label='Status'>{_n(t.get('status'))}</td>"
            "</tr>"
        )
    return (
        f"<h2>Recent turns</h2><div class='scroll'><table class='stack'>{head}"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def session_page(detail: Mapping[str, Any]) -> str:
    """One session: composition chart, timeline, recent turns."""
    turns: list[Mapping[str, Any]] = list(detail.get("turns") or [])
    name = str(detail.get("session", ""))
    last = turns[-1] if turns else {}
    totals = detail.get("summary") or {}
    cards = _cards(
        [
            ("model", escape(str(last.get("model", "–")))),
            ("turns", _n(len(turns))),
            ("messages stored", _n(detail.get("messages"))),
            ("window", _n(last.get("window"))),
            ("provider input", _n(totals.get("input_tokens"))),
            ("provider output", _n(totals.get("output_tokens"))),
            ("left out (last request)", _n(totals.get("dropped"))),
            ("recaps", _n(len(detail.get("compactions") or []))),
        ]
    )
    legend = "".join(
        f"<span><i style='background:{color}'></i>{escape(label)}</span>"
        for _, label, color in PARTS
    )
    legend += "<span><i style='background:#dc2626;border-radius:50%'></i>turn with drops</span>"
    body = (
        f"<h1>{escape(name)}</h1>"
        f"<p class='muted'><a href='/contextledger/'>All sessions</a> · "
        f"<a href='/contextledger/sessions/{quote(name)}'>JSON report</a></p>"
        + cards
        + "<h2>Context per turn</h2><div class='chart'>"
        + f"<div class='wide'>{_chart(turns)}</div>"
        + f"<div class='narrow'>{_chart(turns[-40:], 400, 300, 14)}</div>"
        + f"<div class='legend'>{legend}</div></div>"
        + "<h2>Timeline: drops, recaps, notices</h2>"
        + _timeline(turns)
        + _turn_table(turns)
    )
    return _page(f"contextledger — {name}", body)


def not_found(name: str) -> str:
    return _page(
        "contextledger — no such session",
        f"<h1>No session {escape(name)!s}</h1><p><a href='/contextledger/'>All sessions</a></p>",
    )
