"""Words in tool output and prose that say something failed or succeeded, in the languages tools
print in and people write in: failure markers ("FEHLER:", "échec", "終了コード 1"), "no errors",
what a retry that got through says, what a clause says of a run (passed, timed out, crashed).

Read by :mod:`contextledger.compaction.failures` (tool output),
:mod:`contextledger.fit.gists` (the same markers, for the gist of a tool call left out) and
:mod:`contextledger.compaction.outcome` (what a recap claims happened).
"""

from __future__ import annotations

# How a run says it ended badly with no word of failure on the line: a process's non-zero exit
# or return code ("Process exited with code 1", "Task exited with return code 1", "Error:
# Process completed with exit code 1.", "exit status 2", "exited with 137"), a crash
# ("Segmentation fault (core dumped)", "Aborted (core dumped)"), a kill (the shell's bare
# "Killed", "[1]+  Killed  python train.py"; not "Killed 3 stale processes as asked"), npm's
# banner ("npm ERR! code ELIFECYCLE"), a server's error page ("<title>503 Service Temporarily
# Unavailable</title>"). The one list the recap's failures and the fit's gists both read
# (R38-F1: the gists knew none of these), written case-sensitively where case tells.
RUN_FAILED = (
    r"\b[Ee]xit(?:ed)?(?:\s+with)?(?:\s+return)?\s+(?:code|status)[:= ]*[1-9]\d*|"
    # (a bare number after "exited", or after "exit" said after words: "service \"migrate\"
    # didn't complete successfully: exit 1", not a script's line printed by cat: "exit 1",
    # "then exit 1", "|| exit 1")
    r"\b[Ee]xited(?:\s+with)?\s+[1-9]\d{0,2}\b|"
    r"(?<=\S\s)(?<![;&|{(]\s)(?<!\bthen\s)(?<!\belse\s)(?<!\bdo\s)\b[Ee]xit\s+[1-9]\d{0,2}\b|"
    r"\b[Rr]eturn(?:ed)? code[:= ]*[1-9]|"
    r"\b[Ss]egmentation fault\b|\bcore dumped\b|^npm ERR!|"
    r"(?-i:^Killed(?::\s*9)?$|^(?:\[\d+\][+-]?\s+|.*\bline \d+:\s+)(?:\d+\s+)?Killed\s)|"
    r"<(?:title|h1)>[45]\d\d\s"
)
# ... the literals one of which each of its matches holds (the gists search for these first)
RUN_FAILED_MARKS = (
    "exit", "Exit", "eturn code", "eturned code", "egmentation fault", "core dumped", "npm ERR!",
    "Killed", "<title>4", "<title>5", "<h1>4", "<h1>5",
)  # fmt: skip

# A program's crash as its runtime prints it, on a line of its own: Python's or Java's
# uncaught exception ("ZeroDivisionError: division by zero in …", "Exception in thread
# "main" java.lang.…"), Go's "panic: …", Rust's "thread 'x' panicked at …", PHP's "PHP Fatal
# error: …", Android's "FATAL EXCEPTION: main", a segmentation fault. A log read whole holds
# it among records that ran fine; the gists read it from anywhere in the output (``CRASHED_MARKS``
# found first), not only from its head and tail (retain67: a crash in the middle of a long
# log read with `cat` was lost at every window).
CRASHED = (
    r"^(?:[\w$]+\.)*[A-Z]\w*(?:Error|Exception)(?::\s+\S|$)|^Exception in thread |"
    r"^panic: \S|\bpanicked at \S|^(?:PHP )?Fatal error: |\bFATAL EXCEPTION\b|"
    r"\b[Ss]egmentation fault\b"
)
# ... the literals one of which each of its matches holds
CRASHED_MARKS = (
    "Error",
    "Exception",
    "panic: ",
    "panicked at ",
    "Fatal error: ",
    "egmentation fault",
)
# The line a runner names its failing test on with no failure word of its own, under a
# numbered heading that has one: minitest's "  1) Failure:" then "SiloTest#test_fill_level_warns
# [test/silo_test.rb:18]:" (an error's: "SiloTest#test_parse:"). The recap's failing tests and
# the fit's gists read the one shape (recap76: the gists kept "1) Failure:", not the name).
MINITEST_NAMED = r"([A-Z][\w:]*#test_\w+)(?: \[[^\]\n]*:\d+\]:?|:)$"
# ... and a count of minitest's that says one failed: "4 runs, 4 assertions, 1 failures, 0
# errors, 0 skips"
MINITEST_COUNT = r"^\d+ runs, \d+ assertions, (?:[1-9]\d* failures|\d+ failures, [1-9]\d* errors)\b"

# A monitoring check in a failing state, in the shapes the monitors print it: a Nagios
# plugin's "DISK CRITICAL - free space: /var 3%" or "CRITICAL check_disk_usage: 97% used"
# (the state, the check's name, a colon), Nagios/Icinga's log "SERVICE ALERT:
# db-1;check_lag;WARNING;HARD;3;…", Sensu's "status 2 (CRITICAL)", Alertmanager's
# "[FIRING:1] HighLatency". Case-sensitive: a log's "critical" or "warning:" on any line
# is no check's state, nor is Python's "WARNING: Running pip as root" (no name before
# its colon). The gists read none of them: a failing check was gisted as its count, "1
# check failing", and its name lost at every window (retain59's ops sessions).
MONITOR_FAILED = (
    r"^\W{0,2}(?:[A-Z][A-Z0-9_]*\s){0,3}(?:CRITICAL|WARNING|UNKNOWN)\s+-\s|"
    r"^\W{0,2}(?:CRITICAL|WARNING|UNKNOWN)\s+[\w./-]*[_./][\w./-]*\s*:|"
    r";(?:CRITICAL|WARNING|UNKNOWN|DOWN|UNREACHABLE);(?:HARD|SOFT);|"
    r"\((?:CRITICAL|WARNING)\)|\[FIRING(?::\d+)?\]"
)
# ... the literals one of which each of its matches holds
MONITOR_FAILED_MARKS = ("CRITICAL", "WARNING", "UNKNOWN", ";DOWN;", ";UNREACHABLE;", "[FIRING")

# A failure said in the languages tools print in: "FEHLER: …", "Erreur : échec de …", "1
# Fehler, 212 …", "Exit-Code 2", "終了コード 1", "指定されたパスが見つかりません。"
# The label a tool prints an error under, in the languages tools print in: "Fehler:",
# Vietnamese "Lỗi:", Malay "Ralat:", Indonesian "Kesalahan:", Persian "خطا:", Arabic "خطأ:",
# Tamil "பிழை:", Hindi "त्रुटि:", Thai "ข้อผิดพลาด:", Hebrew "שגיאה:", Greek "Σφάλμα:",
# Romanian "Eroare:", Hungarian "Hiba:", Swedish "Fel:", Danish "Fejl:", Norwegian "Feil:",
# Finnish "Virhe:", Bulgarian/Serbian "Грешка:", "Greška:", Slovene "Napaka:"
ERROR_LABELS = (
    r"fehler|erreur|error|erro|errore|fout|błąd|hata|ошибка|помилка|chyba|エラー|错误|錯誤|오류|"
    r"lỗi|ralat|galat|kesalahan|خطا|خطأ|பிழை|त्रुटि|ข้อผิดพลาด|שגיאה|σφάλμα|eroare|hiba|fel|fejl|"
    r"feil|virhe|грешка|greška|napaka|klaida|kļūda|viga"
)
# ... of which Swedish "fel" is also the everyday "wrong, mistake": "Fel i dokumentationen
# rättade: stavning" (errors in the docs fixed: spelling) is no failure (R29-C2), so the words
# between it and its colon say where it happened ("Fel vid anslutning:", "Fel under körning:")
_WORDS_TO_COLON = r"(?:\s+[^\s:：]+){0,3}\s*[:：]"
_LABELS_BUT_FEL = ERROR_LABELS.replace("|fel|", "|")

LOCALIZED = (
    # ... with what failed between the word and its colon: "Ошибка подключения: …",
    # "Erreur de connexion : …", "Fehler beim Laden: …"
    r"^\W*(?:" + _LABELS_BUT_FEL + r")" + _WORDS_TO_COLON + r"|"
    r"^\W*fel(?:\s+(?:vid|under|när|i\s+samband\s+med)\b" + _WORDS_TO_COLON + r"|\s*[:：])|"
    r"(?<![\d.=])[1-9]\d*\s+(?:fehler|erreurs?|errores|erros|errori|fouten|błęd\w*|ошиб\w*)\b"
    r"(?!\s*[=:]\s*\d)|"
    r"(?:exit-?code|code\s+de\s+(?:sortie|retour)|c[óo]digo\s+de\s+(?:salida|sa[íi]da)|"
    r"codice\s+di\s+uscita|終了コード|退出(?:码|代码)|종료\s*코드|код\s+(?:выхода|возврата))"
    r"\s*[:：=]?\s*[1-9]|"
    r"\b(?:fehlgeschlagen|échec|échou[ée]e?s?|falló|fallid[oa]|fallad[oa]s?|fallaron|falhou|"
    r"falharam|fallit[oa]|non\s+riuscit[oa]|nezdařil\w*|nepodařil\w*|selhal\w*|zlyhal\w*|"
    r"nie\s+powiodł\w*|не\s+вдалося|başarısız|epäonnistui|gagal|"
    r"mislukt|не\s+удалось|nie\s+udało)\b|失敗|失败|실패|"
    r"\b(?:kann\s+nicht|konnte\s+nicht|nicht\s+gefunden|introuvable|impossible\s+de|no\s+se\s+pudo|"
    r"não\s+foi\s+possível|impossibile)\b|見つかりません|できませんでした|找不到|无法|찾을\s*수\s*없|"
    # an error said with what it happened in ("Erro ao conectar ao banco", "Error al
    # guardar", "Erreur lors de l'envoi", "Fehler beim Laden"), a timeout, an error that
    # occurred ("エラーが発生しました", "发生错误", "오류가 발생했습니다")
    r"^\W*(?:erro|error|errore|erreur|fehler|fout|błąd|hata)\s+(?:ao|à|a[ol]|de[l]?|du|des|della|"
    r"lors|beim|bei|während|durante|nel(?:la)?|en|no|na|bij|tijdens|podczas|sırasında)\b|"
    r"タイムアウト|超时|超時|시간\s*초과|エラーが発生|发生错误|出错了|오류가\s*발생"
)

# "no errors", as a tool says it ran clean: "エラーなし", "keine Fehler", "sin errores"
NO_ERRORS = (
    r"エラーなし|エラーはありません|没有错误|无错误|\bkeine\s+fehler\b|\baucune\s+erreur\b|"
    r"\bsin\s+errores\b|\bsem\s+erros\b|\bnessun\s+errore\b|\bбез\s+ошибок\b|"
    # ... or an error label whose value is nothing: "Hiba: nincs", "Fejl: ingen", "Virhe: 0 kpl",
    # "Ralat: tiada", "त्रुटि: कोई नहीं", "Fehler: keine", "Error: none" (review29 R29-C1)
    r"^\W*(?:" + ERROR_LABELS + r")\w{0,3}\s*[:：]\s*(?:0(?:\s+\w{1,4})?|none|nincs|ingen|inga|"
    r"puudub|tiada|tidak\s+ada|कोई\s+नहीं|keine|aucune?|ningun[oa]|nenhum|nessuno|yok|없음|なし|"
    r"无|нет|немає|няма|geen|brak|žádné|không\s+có|ei\s+yhtään|nista|nič|nėra|nav)\s*[.。]?\s*$"
)

# Every word :data:`LOCALIZED` needs, unanchored: a cheap test of a whole output before it
# is read line by line (so a new word there needs its start here too)
LOCALIZED_SIGNS = (
    r"fehler|fehlgeschlagen|erreur|erro|échec|échou|nezdař|nepodař|selhal|zlyhal|powiodł|вдалося|помилк|chyba|"
    r"başarısız|epäonnist|gagal|タイムアウト|超时|超時|초과|発生|发生|出错|발생|fout|błąd|hata|"
    r"fall|falh|riuscit|mislukt|fout|błą|hata|ошиб|удалось|エラー|错误|錯誤|오류|失敗|失败|실패|"
    r"コード|退出|코드|код|kann nicht|konnte nicht|gefunden|introuvable|impossib|no se pudo|"
    r"possível|見つかりません|できません|找不到|无法|찾을|lỗi|ralat|galat|kesalahan|خطا|خطأ|பிழை|"
    r"त्रुटि|ข้อผิดพลาด|שגיאה|σφάλμα|eroare|hiba|fel|fejl|feil|virhe|грешка|greška|napaka|klaida|"
    r"kļūda|viga"
)

# What says a run went wrong in words no failure marker knows, in the languages tools
# print in beside English: "Prüfsumme falsch", "filas faltantes", "valeur manquante"
PROBLEM_WORDS = (
    r"fehl\w*|falsch|ungültig|nicht|falta\w*|inválid\w*|diverg\w*|manquant\w*|pas|"
    r"não|nessun\w*|mancant\w*"
)

# Retries, in one place (review11 R3): a run that tried again and what says it got
# through. An attempt line ("attempt 1/3: connection refused") is a failure only when no
# later line says the run got through ("attempt 2: connected, 200 OK"); a failure line
# that says so itself ("upload failed; retry succeeded") or that a later retry line
# answers ("retrying part 1... ok") is the run's history, not its state.
RETRY = r"retry|retried|retrying|re-?trying|re-?ran|rerun|attempt\s*#?\d+"

THROUGH = r"succeeded|success(?:ful(?:ly)?)?|ok|done|passed|worked|went\s+through"

FAIL_MODES = (
    ("timeout", r"time[sd]?\s*out|timing\s+out|timeouts?|hung|hangs?|hanging"),
    ("crash", r"crash(?:ed|es|ing)?|panick?(?:ed|s)?|segfault(?:ed)?|traceback"),
)

# (a bare "fail" before a file's path is Malay's "file": "Saya telah menulis fail
# reports/x.py." claims a write, no failure: review45 R45-ver2)
FAIL_WORDS = (
    r"fail(?:s|ed|ing|ure|ures|(?!\s+[\w-]*[/.]\w))|errored|errors?|exceptions?|broke|broken|aborted|"
    r"threw|raised|red|non-?zero\s+exit|exit(?:ed)?\s+(?:with\s+)?(?:code|status)\s*:?\s*[1-9]\d*|"
    + "|".join(p for _, p in FAIL_MODES)
)

PASS_WORDS = (
    r"pass(?:ed|es|ing)?|succeed(?:ed|s)?|success(?:ful(?:ly)?)?|green|clean(?:ly)?|"
    r"works?|worked|working|all\s+good|exit(?:ed)?\s+(?:with\s+)?(?:code|status)\s*:?\s*0\b|"
    r"(?:ran|completed|finished|went)\s+(?:fine|ok|okay|well|through)"
)

# A JSON answer's outcome, under a status-like key in any language, that says it failed or
# was turned down: {"statut": "REJET"}, {"estado": "RECHAZADO"}, {"ergebnis": "abgelehnt"}
OUTCOME_KEYS = frozenset(
    {"status", "state", "result", "outcome", "verdict", "statut", "etat", "état", "resultat",
     "résultat", "estado", "resultado", "ergebnis", "zustand", "stato", "esito", "risultato",
     "resultaat", "uitkomst", "wynik", "durum", "sonuc", "sonuç", "tila", "tulos", "hasil",
     "situation", "situacao", "situação", "situacion", "situación", "situazione", "stav",
     "vysledek", "výsledek", "статус", "состояние", "результат",
     "ステータス", "状態", "結果", "状态", "结果", "상태", "결과"}
)  # fmt: skip
FAILED_OUTCOMES = frozenset(
    {"rejected", "reject", "failed", "failure", "fail", "error", "errored", "denied", "refused",
     "invalid", "declined", "aborted", "rejet", "rejeté", "rejetée", "refusé", "refusée",
     "échec", "erreur", "rechazado", "rechazada", "denegado", "denegada", "fallido", "fallida",
     "rejeitado", "rejeitada", "recusado", "recusada", "falha", "erro", "abgelehnt",
     "fehlgeschlagen", "fehler", "rifiutato", "rifiutata", "respinto", "respinta", "fallito",
     "fallita", "errore", "afgewezen", "geweigerd", "mislukt", "fout", "odrzucony",
     "odrzucona", "błąd", "reddedildi", "başarısız", "hata", "hylätty", "epäonnistui",
     "ditolak", "gagal", "zamítnuto", "odmítnuto", "selhalo", "chyba",
     "отклонено", "отклонён", "ошибка", "отказано", "却下", "拒否", "失敗", "エラー", "拒绝", "驳回", "失败", "错误", "거부",
     "거절", "실패", "오류"}
)  # fmt: skip
# Outcomes that are a failure when the answer gives its reason: a payment "returned" with
# "reason": "R01 insufficient funds", a mail "bounced" for "mailbox full", a card "blocked",
# a transfer "reversed" (R36-R2); without a reason they may be plain states (a library book
# "returned", a session "expired")
FAILED_WHEN_EXPLAINED = frozenset(
    {"returned", "reversed", "bounced", "blocked", "voided", "suspended", "expired",
     "undeliverable", "unreachable", "timeout", "timed_out", "timedout", "unpaid"}
)  # fmt: skip
# ... the members that give the reason ({"status": "returned", "reason": "R01 …"})
REASON_KEYS = frozenset(
    {"reason", "failure_reason", "decline_reason", "return_reason", "reason_code",
     "decline_code", "failure_code", "return_code", "error_code", "failure_message",
     "error_message", "motivo", "raison", "grund"}
)  # fmt: skip
# ... as a cheap test of a whole output (the start of each word above that no other sign has)
FAILED_OUTCOME_SIGNS = (
    r"reject|rejet|refus|declin|rechaz|deneg|rejeit|recus|falha|abgelehnt|rifiut|respint|"
    r"afgewez|geweiger|odrzuc|reddedil|başarısız|hylät|epäonnist|ditolak|gagal|zamítnut|odmítnut|"
    r"отклон|отказ|却下|拒否|拒绝|"
    r"驳回|거부|거절"
)

# What a status says when all is well, whose negation (IN-, UN-, NON-, NOT_) is a failure:
# INFEASIBLE, UNHEALTHY, NOT_READY, UNAVAILABLE, NON_COMPLIANT (not any IN…/UN… word:
# INVOICED, INSTALLED, INDEXED, UNSEALED are fine)
GOOD_STATES = (
    r"(?:feasible|healthy|available|reachable|ready|valid|successful|schedulable|stable|"
    r"responsive|authori[sz]ed|authenticated|compliant|consistent|supported|resolvable|"
    r"bounded|satisfiable|acceptable|verified|trusted|running|serving|live)"
)

# What says a value the user gave was wrong, in the languages users write in: "the 150 I
# wrote was wrong", "o 150 que escrevi estava errado", "το 1.70 που έγραψα ήταν λάθος",
# "제가 쓴 10초는 틀렸어요", "256Mi pe care l-am scris a fost greșit". Adjectives and "I
# erred" forms, not the nouns a status uses for an error ("error", "Fehler", "오류"): read
# only beside two values (:func:`contextledger.compaction.rules.corrects_value`).
WRONG_WORDS = (
    r"wrong|incorrect|mistaken|inaccurate|typo|errad[oa]s?|incorret[oa]s?|equivocad[oa]s?|"
    r"incorrect[oa]s?|err[óo]ne[oa]s?|incorrecte|erroni|err[òo]nia|equivocat|fau(?:x|sse)|"
    r"erron[ée]e?|sbagliat[oa]|errat[oa]|scorrett[oa]|falsch|fehlerhaft|tippfehler|verkehrt|"
    r"fout|verkeerd|onjuist|typfout|felaktig[t]?|forkert|feil|väärin|väärä|virheellinen|"
    r"b[łl][ęe]dn(?:e|y|a|ie)|[źz]le|pomy[łl]k\w*|niepoprawn\w*|nieprawid[łl]ow\w*|liter[óo]wk\w*|"
    r"špatně|chybně|chybn[áýé]|nesprávn\w*|překlep|preklep|chybne|napačn\w*|narobe|"
    r"pogrešn\w*|pogre[šs]an|krivo|погрешн\w*|грешн\w*|грешен|неправилн\w*|неточн\w*|"
    r"неверн\w*|ошиб(?:ся|лась|лись)|опечатк\w*|невірн\w*|помили(?:вся|лась|лися)|хибн\w*|"
    r"λάθος|λανθασμέν\w*|εσφαλμέν\w*|gre[șş]it[ăa]?|incorect[ăa]?|eronat[ăa]?|hibás\w*|"
    r"téves\w*|elírás|neteising\w*|klaiding\w*|nepareiz\w*|kļūdain\w*|yanlı[şs]|hatalı|"
    # (words that are everyday words elsewhere only as said of a value - R17-R3: Vietnamese
    # "sai" is Portuguese "goes out" and Italian "you know", Tagalog "mali" Croatian
    # "small", Indonesian "salah" alone)
    r"(?:itu|adalah|ternyata|sudah|yang|saya|tadi|aku)\s+salah|salah\s+(?:tulis|ketik|sebut)|"
    r"keliru|silap|(?:là|bị|đã|viết|ghi)\s+sai|sai\s+rồi|nhầm|ay\s+mali|"
    r"mali\s+(?:ang|yung|iyong|pala)|makosa|vibaya|si\s+sahihi|"
    r"שגוי\w*|טעות|טעיתי|לא\s+נכון|خاطئ\w*|غلط|اشتباه|نادرست|गलत|ग़लत|ভুল|"
    # ... and "was a mistake", as a predicate says it (an article or a case ending: not the
    # bare noun a status opens with, "Error: …", "Fehler beim …")
    r"(?:a|my)\s+mistake|(?:um|uma)\s+(?:erro|engano)|(?:un|una)\s+(?:error|equivocaci[óo]n)|"
    r"une\s+erreur|un\s+errore|ein\s+(?:fehler|irrtum|tippfehler)|een\s+(?:fout|vergissing)|"
    r"ett\s+misstag|помилкою|ошибкой|pomy[łl]k[ąa]|b[łl][ęe]dem|chybou|omylem|omyl|chybou|"
    r"o\s+gre[șş]eal[ăa]|грешка|hiba\s+volt|virhe|fejl|feil|bir\s+hata|kesalahan|kļūda|viga"
)
# ... in scripts written without spaces between words: found anywhere in the clause
WRONG_UNSPACED = r"틀렸|틀린|잘못|오타|間違|誤り|誤って|写错|寫錯|错了|錯了|有误|有誤|不对|不對|ผิด"

# ... and what says the other value is the right one, after a "but": "Eu disse 5 minutos,
# mas o certo é 10 minutos.", "I wrote 3, but the correct number is 4."
RIGHT_WORDS = (
    r"correct|right|certo|cert[ao]|corret[oa]|correct[oa]|correcte|richtig|korrekt|corrett[oa]|"
    r"giust[oa]|juist|poprawn\w*|w[łl]a[śs]ciw\w*|prawid[łl]ow\w*|σωστ\w*|đúng|sahihi|"
    r"נכון|הנכון|corect\w*|правилн\w*|правильн\w*|верн\w*|вірн\w*|doğru|oikea\w*|oikein|"
    r"rätt|riktig\w*|správn\w*|správne|helyes\w*|teising\w*|pareiz\w*|benar|betul|tama|klopt\w*|"
    r"stimmt\w*|stemmer|stemte|stämmer|stämde|"
    r"صحيح\w*|सही|ถูกต้อง|正确|正確|正しい|맞는|정확"
)
BUT_WORDS = (
    r"but|mas|pero|mais|aber|ma|maar|men|ale|αλλά|nhưng|lakini|אבל|dar|però|но|ama|fakat|"
    r"mutta|de|bet|tačiau|tapi|namun|لكن|ولكن|लेकिन|แต่|但是?|하지만|그런데|でも|しかし"
)

# A negation said before or after a verb in the languages users write in, beyond
# lexicon.common's: "klopte niet", "stimmte nicht", "stemmer ikke", "не е вярно"
NOT_WORDS = (
    r"not|no|niet|nicht|ikke|inte|ikkje|non|nu|ne|nie|не|ні|нет|δεν|όχι|mitte|ei|nem|não|"
    r"bukan|tidak|không|si|לא|değil|nav|nevis|pas"
)
