"""The user's rules: constraints and corrections, which sentences set one, which later ones
lift or overrule it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from ..intent import (
    asks_agreement,
    contrasts_values,
    is_constraint,
    is_correction,
    is_decision,
    is_nudge,
    rule_by_shape,
    without_todos,
)
from ..lexicon.claims import (
    AGREE_STEMS,
    AMBIGUOUS_NEGATIONS,
    ASKS_FOR_A_RULE_MORE,
    CRON_SCHEDULE,
    DATE_WORDS_ABROAD,
    DUE_BY_WORDS,
    DUE_DATE_SHAPE,
    DUE_END_WORDS,
    DUE_MOMENT_THEN_BY,
    DUE_ORDER,
    DUE_WORK,
    EXCEPTION_NOSPACE,
    EXCEPTION_STEMS,
    FLAG_NAME,
    HOLD_STEMS,
    LEFT_STEMS,
    MORE_NEGATIONS,
    MOVED_STEMS,
    NEGATED_PROPOSAL,
    NEGATORS,
    NEGATORS_NOSPACE,
    NO_ONE_NOSPACE,
    NO_ONE_WORDS,
    NOT_THAT_NEGATORS,
    OWNER_STEMS,
    PIN_STEMS,
    PORT_NUMBER,
    PROHIBITIVES,
    PROHIBITIVES_NOSPACE,
    STATE_OFF_WORDS,
    STATE_ON_WORDS,
    STATE_WORDS_MORE,
    ZONE_TZDB,
)
from ..lexicon.common import NEGATIONS, SENTENCE_WORDS, WORD_MARKS, stems_at_word_start
from ..lexicon.deferral import DEFERRED
from ..lexicon.intent import (
    ASKS_FOR_A_RULE_ELSEWHERE,
    CANCEL_DENIED_AFTER,
    CANCEL_DENIED_BEFORE,
    CANCELS,
    DEADLINE_MOMENT,
    DEADLINE_NOUN,
    INVITES_QUESTIONS,
    LEAVE_ELSEWHERE,
    NEG_WORD,
    PASTE_ADOPTED,
    PASTE_REVIEWED,
    PROHIBITIVE_CLOSING,
    PROHIBITIVE_OPENING,
    PURPOSE_ELSEWHERE,
    REMINDER_OPENING,
    RULE_NEGATION_ELSEWHERE,
    STANDING_ADVERB,
    TAKEN_AS_NEWS,
    UNHURRIED,
)
from ..lexicon.negation import AFTER_NO_NOT_A_VALUE, NO_ANSWERS, UNTIL_TOLD, denial
from ..lexicon.outcomes import BUT_WORDS, NOT_WORDS, RIGHT_WORDS, WRONG_UNSPACED, WRONG_WORDS
from ..settings_said import word_count
from .facts import (
    extract_claims,
    is_request,
    keywords,
    names_a_path,
    only_promises,
    sentences,
    until_free,
    without_paste,
)
from .failures import failure_lines
from .wording import asks, fenced_blocks, said_often, whole_token, without_code

_RETRACTS = re.compile(
    r"(?i)^\W*(?:scratch that|hold on|correction|wait|nope|no)\s*[-–—:,.!]"
    # a correction labelled as one in any language: "Poprawka: …", "Corrección: …",
    # "Korrektur: …", "Correzione: …", "Исправление: …", "訂正：…", "更正：…", "정정: …"
    r"|^\W*(?:poprawka|korekta|corrección|correccion|correção|correcao|correzione|korrektur|"
    r"berichtigung|correctie|rättelse|korjaus|düzeltme|koreksi|oprava|исправление|поправка|"
    r"訂正|修正|更正|纠正|정정|"
    # ... and in more languages: Danish, Norwegian, Croatian/Serbian/Bosnian, Slovenian,
    # Lithuanian, Latvian, Estonian, Ukrainian, Greek, Hungarian, Romanian, Catalan,
    # Indonesian/Malay, Vietnamese, Hebrew, Arabic, Persian, Hindi, Thai
    r"rettelse|retting|korreksjon|ispravak|ispravka|korekcija|исправка|popravek|pataisymas|"
    r"labojums|parandus|виправлення|διόρθωση|helyesbítés|javítás|corectare|corecție|corecţie|"
    r"correcció|ralat|pembetulan|đính\s+chính|תיקון|تصحيح|اصلاح|सुधार|แก้ไข|შესწორება)\s*[:：]"
)

# An answer to a question that sets nothing: "No, that's fine.", "Nope, go ahead.", "No,
# I don't think so." (review11 L1), not "No, use the other key."
_NO_OPENING = re.compile(r"(?i)^\W*(?:no|nope|nah)\b[\s,.!:;—–-]*")

_JUST_AN_ANSWER = re.compile(
    r"(?i)(?:(?:it'?s|that'?s|that\s+is|all|we'?re|i'?m)\s+(?:fine|good|ok(?:ay)?|alright|"
    r"all\s+good|done)|go\s+ahead|carry\s+on|keep\s+going|continue|proceed|"
    r"not\s+(?:yet|really|now|that\s+i\s+know(?:\s+of)?)|i\s+don'?t\s+think\s+so|"
    r"that\s+was\s+(?:me|us|intentional|on\s+purpose|deliberate)|thanks?|thank\s+you|"
    r"never\s*mind|nothing(?:\s+else)?|all\s+good|sounds?\s+good|looks?\s+good|"
    r"that'?s\s+(?:all|it)|no\s+need|not\s+needed)\W*"
)

# A question sets no rule ("Should we never use the old VPN?", "Don't you think the
# rollout is risky?") unless it asks for one ("Could you please never push to main?");
# small talk in a rule's words neither ("Don't worry about the typo.", "Never mind the
# last message.", "Always a pleasure!") - review12 RC0
_ASKS_A_RULE = re.compile(
    # (not "Should we never rotate the staging keys?": asked, review12 RC0)
    r"(?i)^\W*(?:(?:and|also|oh)\W+)*(?:(?:can|could|would|will)\s+you|(?:can|could)\s+we)\s+"
    r"(?:please\s+)?(?:always\s+)?"
    r"(?:not|never|always|only|avoid|stop|make\s+sure|keep|leave|stick|don'?t)\b(?![^?]*\bor\b)"
)

# ... of those, one that asks for a ban or a limit, a rule whatever follows ("Can we avoid
# touching the payments module?", "Is it ok if we never touch the billing schema?"); not
# "Can we keep going?", "Can you stop the server now?"
_ASKS_A_BAN = re.compile(_ASKS_A_RULE.pattern.replace("stop|make\\s+sure|keep|leave|stick|", ""))

# what the user spares the assistant: "No need to write docs for this one.", "You don't
# have to ask before each deploy." (a leave to skip, not a rule; it lifts one: LIFTS)
_NO_NEED = re.compile(
    r"(?i)^\W*(?:(?:oh|ok(?:ay)?|and|also|but|btw)\W+)*(?:there'?s\s+)?(?:no\s+need\s+to|"
    r"you\s+(?:don'?t|do\s+not)\s+(?:need|have)\s+to)\b"
)

_SMALL_TALK = re.compile(
    r"(?i)^\W*(?:(?:oh|ok(?:ay)?|and|also|but|hey|hi)\W+)*(?:don'?t\s+(?:worry|mention\s+it|"
    r"be\s+(?:sorry|silly))|never\s*mind|no\s+worries|always\s+(?:a\s+pleasure|happy|glad|"
    r"good|nice|great|fun)|never\s+(?:better|a\s+dull)|"
    # ... a shrug in a negation's words: "No nic, u nas pada od rana." (oh well), "Niente da
    # fare, …", "Tant pis, …", "Nada a fazer, …" (R41-R3: a Polish shrug filed as a rule)
    r"no\s+nic|niente\s+da\s+fare|tant\s+pis|nada\s+a\s+fazer|no\s+hay\s+nada\s+que\s+hacer)\b"
)


# A reply in a few words and a "no …" that sets nothing (R20-R1): "Okay, no idea.", "Sure,
# no prob.", "Ok, not a big deal.", "Merci, pas de souci.", "Ok, nie ma sprawy.", "Tamam,
# sorun değil.", "Спасибо, не за что." (not "Ok, no force pushes.": a rule)
_REPLY = re.compile(
    r"(?i)^\W*(?:[^\W\d_]+\W+){1,3}?(?:(?:not|no|pas|kein\w*|nie|не|ні|sin|sem|non|niet|geen|ei|nema)\s+"
    r"(?:(?:a|an|de|ma|za|за|at|too|so|that|the|any)\s+)?(?:problem\w*|prob|probs|worries|worry|"
    r"idea|clue|way|kidding|joke|hurry|rush|biggie|big\s+deal|deal|bad|much|today|now|"
    r"more\s+(?:questions?|to\s+add|from\s+me|for\s+now)|"
    r"quite|single|doubt|matter|souci|soucis|stress|sprawy|problemu|что|проблем\w*|hace\s+falta|"
    r"pasa\s+nada|hay\s+(?:problema|prisa)|problema|pressa|fretta|haast|probleem|bother|"
    r"thanks|thank|need|wonder|complaints?|objections?|further\s+comments?|what\s+i\s+expected|"
    r"trzeba|hätää|c'è\s+problema|gonna|sleep|frke|ding|pressa)"
    r"|(?:sorun|problem|önemli|mühim)\s+(?:değil|yok)|fark\s+etmez)\b"
)


def is_reply(sentence: str) -> bool:
    """A short reply that says no more than "fine" (:data:`_REPLY`): no rule, no aside."""
    return bool(_REPLY.match(sentence))


def _just_an_answer(sentence: str) -> bool:
    opening = _NO_OPENING.match(sentence)
    if opening is None:
        return False
    rest = sentence[opening.end() :]
    return not rest.strip() or is_nudge(rest) or bool(_JUST_AN_ANSWER.fullmatch(rest))


# rules in phrasings the general intent patterns leave out: "No force pushes.", "Hands off
# the payments module.", "Stick with the existing format.", "Python 3.11, not 3.12."
# A condition that happens once: a run finishing, a moment free, "it" failing again
_ONE_OFF = (
    r"\b(?:finish(?:es|ed)?|is\s+(?:done|finished|ready|merged|back|up)|are\s+(?:done|ready)|"
    r"complete[sd]?|lands?|gets?\s+(?:merged|back)|comes?\s+back|you\s+(?:have|get|find)\s+"
    r"(?:a\s+(?:minute|moment|chance|sec(?:ond)?)|time)|you'?re\s+(?:done|back|free)|you\s+need\s+"
    r"(?:access|help|anything|a\s+hand)|again|"
    # a moment that comes once: "Before lunch, …", "Before the demo, …"
    r"lunch|today|tonight|tomorrow|eod|(?:the|this|my|our|your)\s+(?:meeting|call|demo|standup|"
    r"break|weekend|release|review))\b"
)

_MORE_RULES = re.compile(
    r"(?i)^\W*(?:(?:and|also|please|oh|oh,|again)\s+)*no\s+(?!problem|worries|thanks|thank|rush|"
    r"hurry|idea|way|need|luck|clue|doubt|big\s+deal|matter|change|progress|more\b)"
    # (Spanish "no" before a pronoun or a verb says nothing of a rule: "No lo sé.", "No
    # te preocupes.", "No hay prisa."; its rules are read by the intent patterns)
    r"(?!(?:me|te|se|lo|la|le|les|los|las|nos|os|hay|es|está|están|estoy|era|fue|tengo|"
    r"tenemos|tiene|sé|sabe|sabemos|creo|pasa|puedo|podemos|quiero|gusta|importa|parece|"
    r"vale|ha|he|hemos)\b)\w+"
    r"|\bhands\s+off\b|\bread[- ]only\b|\bkeep\s+(?:[\w'’-]+\s+){0,4}out\s+of\b|"
    # "The garden is out of bounds.", "The old dashboard is a no-go area.", "Leave out
    # anything about the merger.", "Without touching the payroll sheet, update …" (not "The
    # export works without touching the CDN.", a report)
    r"\b(?:is|are|stays?|remains?|be)\s+(?:\w+\s+){0,2}?(?:out\s+of\s+bounds|a\s+no[- ]go)\b|"
    r"^\W*(?:please\s+)?leave\s+out\b|"
    r"^\W*(?:please\s+)?without\s+(?:touching|changing|modifying|editing|breaking|deleting|"
    r"removing)\b|"
    r"\bnothing\s+(?:in|under|inside|from|outside)\b[^.]{0,80}\b(?:change|touch|edit|modif|mov|delet)|"
    r"^\W*only\s+(?:ever\s+)?(?:use|touch|modify|change|edit|run|deploy|update|commit|push|"
    r"call|write|add|ship|work)\b|\bstick\s+(?:with|to)\b|\bprefer\b|\bi'?d\s+rather\b|\brather\s+than\b|\bskip\s+the\b|"
    r"\b(?:code\s+)?freeze\b|\bfrozen\b|,\s*not\s+[\w./-]+\s*[.!]?$"
    # "Stop using moment.js", "Nobody should run …", "Leave the CI config as it is",
    # "Only the admin role may …", "Max 2 concurrent uploads", "Not Kafka - we use SQS"
    r"|^\W*(?:stop|quit)\s+\w+ing\b|\b(?:nobody|no one|no-one)\s+(?:should|may|can|must|is)\b|"
    # "Nobody starts work before 8:30.", "No one enters the lab without a badge." (a habit
    # bounded by a time or a condition; not "Nobody replied before noon.", a report)
    r"\b(?:nobody|no one|no-one)\s+\w{2,}[^\Wu]s\b[^.!?]{0,80}\b(?:before|after|until|till|"
    r"without|unless|outside|during)\b|"
    r"\bleave\s+[^.]{1,60}\s+as\s+(?:it|they)\s+(?:is|are)\b|^\W*correct(?:ion)?\s+that\b|"
    # what is to stay as it is: "The keybindings stay as they are.", "The schema remains
    # untouched." (not "The error stays the same.", a report: only "as it is" or untouched)
    r"\b(?:stays?|remains?)\s+(?:exactly\s+)?(?:as\s+(?:it|they)\s+(?:is|are)|as[- ]is|untouched)\b|"
    # a preference, as the user words it: "Ideally keep each summary to three sentences.",
    # "Preferably no preprints.", Spanish "Prefiero gráficos de barras", German "Mir wären
    # Balkendiagramme lieber als Tortendiagramme", French "Je préfère …" (not a question,
    # not a wish let go: "Ideally we'd ship Friday, but that's not happening"; not an
    # answer declined: "Prefiero no decirlo", "Je préfère ne pas répondre": review38
    # R38-recap34-1)
    r"^\W*(?:(?:and|also|oh|but|please)\W+)*(?:ideally|preferably)\b(?![^?]*\?)"
    r"(?![^.!?]*\bbut\s+(?:that|it|this)(?:['’]s|\s+is|\s+isn['’]t|\s+won['’]t|\s+will\s+not)"
    r"\s+(?:not\s+)?(?:happening|going\s+to\s+happen|possible|realistic|an\s+option)\b)|"
    r"(?<!\w)(?:prefiero|preferiría|prefiro|preferiria|préfère|préférerais|de\s+préférence|"
    r"preferisco|preferirei|bevorzuge|voorkeur)(?!\w)"
    r"(?!\s+(?:no|não|ne\s+pas|non)\s+(?:(?:le|lo|la|te|vous|lhe)\s+)?(?:decir|contestar|"
    r"responder|comentar|hablar|dizer|falar|dire|répondre|commenter|parler|dirlo|dire|"
    r"rispondere|commentare|parlarne)(?:lo|la|le)?\b)|\blieber\s+als\b|"
    r"^\W*only\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:may|can|should|must|is allowed)\b|"
    r"^\W*(?:max(?:imum)?|min(?:imum)?|at most|at least|no more than|no fewer than|up to)\s+\d|"
    r"^\W*not\s+(?!bad\b|sure\b|yet\b|really\b|quite\b|great\b|much\b)[\w.-]+\s*[-–—:;]"
    # a permission to wait for: "ask before changing it", "check with Ana before you
    # deploy", "needs my sign-off", "get the DBA's approval first"
    r"|\bask\s+(?:\w+\s+){0,3}before\b|\bcheck\s+with\s+[^.]{1,40}\bbefore\b|"
    r"\b(?:needs?|requires?|get|without)\s+(?:my|our|their|his|her|the\s+\w+'s|\w+'s)\s+"
    r"(?:sign-?off|approval|ok(?:ay)?|go-ahead)\b"
    # "Let's not touch auth.", "Keep PRs under 400 lines.", "Nothing should go to main
    # without review.", "Be careful not to drop the users table.", "Target Node 18 only.",
    # "Please, nothing destructive on the shared DB."
    r"|\blet'?s\s+not\b|\bkeep\s+(?:\w+\s+){1,3}(?:under|below|within|at\s+most)\s+\d|"
    r"\bnothing\s+(?:should|may|can|must|goes|gets|is\s+to)\b|\bcareful\s+not\s+to\b|"
    r"\bnothing\s+(?:destructive|risky|irreversible|breaking)\b|\bonly\W*$"
    # a rule with a condition that can come again: "If a model runs longer than 20
    # minutes, cancel it and tell me.", "Whenever the canary fails, roll back first." (not
    # a one-off: "When the build finishes, tell me the result.", "If it fails again, …")
    # ... or must come first: "Before you run the migration, take a snapshot."
    r"|^\W*(?:if|when|whenever|once|should|before|every\s+time|each\s+time|any\s*time)\b"
    r"(?![^,;]{0,120}" + _ONE_OFF + r")[^,;]{3,120}[,;]"
    r"\s*(?:then\s+)?(?:please\s+)?(?:first\s+)?"
    r"(?:cancel|stop|abort|kill|halt|tell|ping|notify|ask|escalate|page|alert|roll\s*back|"
    r"revert|pause|wait|skip|retry|email|call|flag|don'?t|do\s+not|never|always|leave|"
    r"check\s+with|take|make|back\s*up|snapshot|run|verify|double-check|confirm|get|drain|"
    r"announce|post|open|use|check|dump|export|save|tag|lock|freeze|disable|enable)\b"
    # a version pinned, a setting to hold: "Keep dbt-snowflake pinned at 1.8.4", "Set
    # spark.sql.shuffle.partitions=800 on the backfill job"
    # a style or format rule, with no negation: "British spelling throughout, please.",
    # "Dates as YYYY-MM-DD everywhere", "All amounts in EUR with two decimals.",
    # "Citations in APA 7th edition", "Write it in the second person, present tense.",
    # "Use APA 7th edition."
    # (not a status: "The errors show up everywhere.", "All tests in the suite pass now.")
    r"|^(?!.*\b(?:is|are|was|were|has|have|had|shows?|showed|appears?|appeared|happens?|"
    r"happened|fails?|failed|pass|passe[sd]|breaks?|broke|crash(?:es|ed)?|looks?|looked|seems?|"
    r"seemed|came|went|got|saw|see)\b)(?:.*?\b(?:throughout|everywhere|across\s+the\s+board|"
    r"at\s+all\s+times|without\s+exception)\b"
    r"|\W*all\s+(?:\w+\s+){0,2}(?:in|as|with|use|should|must|need|go)\b"
    r"|\W*(?:citations?|references?|dates?|amounts?|prices?|currenc(?:y|ies)|times?|headings?|"
    r"titles?|comments?|commit\s+messages?|units?|figures?|tables?|captions?)\s+(?:in|as|with|"
    r"should|must|use)\b)"
    r"|\b(?:first|second|third)[-\s]person\b|\b(?:present|past|future)\s+tense\b"
    r"|\b(?:british|american|us|uk|canadian|australian)\s+(?:spelling|english)\b"
    r"|^\W*(?:please\s+)?use\s+(?:\S+\s+){0,3}(?:style|format|edition|convention|spelling|tense|"
    r"casing|notation|units?|voice)\b"
    r"|\bpinned\s+(?:at|to)\s+\S*\d|\bpin\s+\S+\s+(?:at|to)\s+\S*\d"
    # a keep-off rule, as each language says it: "Stay away from src/payments/", "Steer
    # clear of vendor/", Dutch "Blijf van src/payments/ af" / "Laat de migraties met rust",
    # German "Bleib von infra/ weg" / "Lass config/ in Ruhe", French "Laisse src/legacy/
    # tranquille" / "Pas touche à …", Spanish "Deja config/ en paz" / "Mantente lejos de …",
    # Italian "Lascia stare migrations/" / "Stai lontano da …", Portuguese "Deixa db/ em paz"
    r"|\b(?:stay|keep|steer)\s+(?:well\s+)?(?:away|clear)\s+(?:from|of)\b|"
    r"\bblijf\s+(?:\S+\s+){0,6}?(?:af|weg|uit)\b|\bafblijven\b|"
    r"\blaat\s+(?:\S+\s+){0,6}?(?:met\s+rust|ongemoeid|zoals\s+(?:het|ze)\s+(?:is|zijn))|"
    r"\bbleib(?:t|en\s+sie)?\s+(?:\S+\s+){0,6}?weg\b|\bh[äa]nde\s+weg\b|"
    r"\blass(?:t|en\s+sie)?\s+(?:\S+\s+){0,6}?(?:in\s+ruhe|unangetastet|unberührt)|"
    r"\blaisse[zs]?\s+(?:\S+\s+){0,6}?(?:tranquilles?|en\s+paix|de\s+côté|en\s+l['’]état)|"
    r"\bpas\s+touche\b|\bdeja(?:d)?\s+(?:\S+\s+){0,6}?(?:en\s+paz|tranquil[oa]s?|como\s+est[áa])|"
    r"\bmantente\s+(?:lejos|alejado|fuera)\s+de\b|\blascia(?:te)?\s+(?:stare|(?:\S+\s+){0,6}?in\s+pace)|"
    r"\bstai\s+(?:lontano|alla\s+larga)\s+da\b|\bdeixa(?:e)?\s+(?:\S+\s+){0,6}?(?:em\s+paz|quiet[oa]s?|"
    r"como\s+est[áa])|\bfi(?:ca|que)\s+longe\s+d[eoa]s?\b"
)

# A setting to hold, however short: "Keep random_state=20261101.", "Set spark.sql.shuffle.
# partitions to 800", "Leave max_retries at 3"
_SETTING = re.compile(
    r"(?i)^\W*(?:please\s+)?(?:set|keep|leave|pin)\s+`?(?:[\w.-]+`?\s*=\s*\S|"
    r"[\w-]+(?:[._][\w-]+)+`?\s*(?:to|at)\s+\S)"
    # ... a package pinned to a version ("Pin wagtail to exactly 6.3.1.post3": R22-R3)
    r"|^\W*(?:please\s+)?pin\s+`?[\w.@/-]+`?\s+(?:to|at)\s+(?:exactly\s+|version\s+)?`?v?\d"
)

# Rules said as how to do something or what state to hold, with no negation (redteam16
# A18): "Leave the feature toggle off in production.", "Keep the staging bucket locked
# until Monday.", "Ship the patch without bumping the major version." - an imperative,
# not a report ("We deployed without restarting the gateway.", "Keep me posted.")
_STATE = (
    r"(?:off|on|disabled|enabled|switched\s+(?:off|on)|turned\s+(?:off|on)|paused|hidden|"
    r"visible|closed|locked|unlocked|muted|pinned|dark|live|(?:at|to)\s+[$€£]?\d[\w.,%]*)"
)

_HOW_RULES = re.compile(
    r"(?i)^\W*(?:please\s+)?(?:leave|keep)\s+(?:\S+\s+){1,5}?" + _STATE + r"\b"
    r"(?=\s*(?:[.!;,]|$)|\s+(?:in|for|until|across|during|everywhere|on|at|while|unless|behind|"
    r"outside|except|till|through)\b)"
    r"|^\W*(?:please\s+)?(?!(?:it|this|that|these|those|the|we|i|you|they|there|he|she|a|an|"
    r"my|our|your|its|their|everything|nothing|all|thanks|thank|great|nice|good|so|and|but|"
    r"then|just|also|which|what|how|why|when|if)\b|[a-z]+ed\b)[a-z]+\b[^.;?]{0,80}?"
    r"\bwithout\s+[a-z]+ing\b(?![^?]*\?)"
)

_NEED = re.compile(r"(?i)\b(?:needs?|ha(?:ve|s)) to\b")

# "… without changing X" in the languages users write in: "Оновлюй залежності без зміни
# публічного API.", "Zaktualizuj zależności bez zmiany API.", "… sin cambiar la API."
# (a "how" rule, like the English one above; only changing, not "without losing": a task)
_WITHOUT_CHANGING = re.compile(
    r"(?i)(?<!\w)(?:bez\s+(?:zmiany|zmieniania|zmian)|без\s+(?:зміни|змін|змінення|изменения|"
    r"изменений|изменять)|sin\s+(?:cambiar|modificar|tocar)|sem\s+(?:mudar|alterar|modificar|"
    r"mexer\s+n)|sans\s+(?:changer|modifier|toucher)|senza\s+(?:cambiare|modificare|toccare)|"
    r"tanpa\s+(?:mengubah|merubah)|değiştirmeden|không\s+thay\s+đổi)(?!\w)(?![^?]*\?)"
)

# A rule's own opening, so a task sentence with a "never" in its purpose clause ("… so
# that retried POSTs never double-charge a card") is the goal, not a constraint.
RULE_OPENING = re.compile(
    r"(?i)^\W*(?:(?:one more thing|important|fyi|also|and|please|note)\W+)*(?:never|don'?t|do not|"
    r"no|not|only|always|avoid|must|mustn'?t|keep|stay|leave|stick|under no|nothing|nobody|"
    r"correction|scratch|sorry|wait|actually|i meant)\b"
)

# a purpose or relative clause: the outcome the task wants, not a rule on how to get there
_PURPOSE = re.compile(
    r"(?i)\s*(?:,\s*)?\b(?:so that|so|such that|to ensure|ensuring|in order to|which|that|where|"
    r"because)\b.*$"
)

# ... of those, a purpose alone (not "the config that Priya wrote, not the old one", nor
# an order after "so": "the platform team owns it, so ask before changing it")
# (not "so" standing for what was said: "Unless I say so explicitly, never push to main.",
# R42-R9: read as a purpose clause, the ban was cut off)
_SO_THAT = re.compile(
    r"(?i)\s*(?:,\s*)?\b(?:so\s+that|(?<!say\s)(?<!says\s)(?<!said\s)(?<!do\s)(?<!does\s)"
    r"(?<!did\s)(?<!think\s)(?<!hope\s)(?<!told\s)(?<!tell\s)"
    r"so(?!\s+(?:please\s+)?(?:ask|check|don'?t|do\s+not|never|"
    r"make\s+sure|always|keep|leave|avoid|only|wait|stop|stick|use)\b)|such\s+that|"
    r"to\s+ensure|ensuring|in\s+order\s+to)\b.*$"
)

# a negation inside a relative clause describes a thing, it sets no rule: "rows that were
# never reconciled", "a job which has not run since May"
_DESCRIBED = re.compile(
    r"(?i)\b(?:that|which|who)\s+(?:were|was|is|are|have|has|had)\s+(?:never|not)\s+"
    r"(?:been\s+|yet\s+)?\w+(?:ed|en|un|wn)\b"
)

# a rule's own word, also in a reminder ("Don't forget: staging only, never prod.")
_FIRM = re.compile(r"(?i)\b(?:never|must\s+not|mustn'?t|under\s+no\s+circumstances)\b")

# A status, not a rule, though it has a rule's words: "No rows came back from the query.",
# "I can't reproduce it locally.", "It doesn't start after the update."
_STATUS = re.compile(
    r"(?i)^\W*(?:no|nothing|none)\s+(?:\w+\s+){0,2}?(?:came|comes|was|were|is|are|has|have|had|"
    r"showed|shows|appeared|returned|returns|matched|changed|happened|found|left|seems?|"
    r"worked|works|got|helped|helps)\b|"
    r"^\W*(?:i|it|this|that)\s+(?:can'?t|cannot|could\s+not|couldn'?t)\s+"
    r"(?!allow|let|accept|approve|have|be\b)\w+|"
    r"^\W*(?:i|it|this|that)\s+(?:don'?t|doesn'?t|didn'?t)\s+(?:see|know|think|get|work|start|"
    r"load|run|seem|understand|remember|open|connect|build|compile)\b|"
    # a thing that never does what it should: "The loading spinner never stops:", "The
    # page doesn't load after the deploy." (not "The bot must never post to #general")
    r"^\W*(?:the|this|that|our|my|its)\s+(?:(?!(?:must|should|shall|may|can|will|is|are|has|"
    r"have|to|ever)\b)[\w-]+\s+){1,3}?(?:never|doesn'?t|does\s+not|didn'?t|did\s+not|won'?t)\s+"
    r"(?!(?:be|gets?|goes?)\b)\w+"
)

# a rule's negation, which the task sentence must carry to be a constraint as well: "Fix
# the flaky login test but don't touch the session middleware" (not "… and keep them on
# schedule", which is the task). (The negations here repeat intent.py's _CONSTRAINT ones;
# both move to lexicon/common.py's negations once that module is on main.)
_NEGATED = re.compile(
    r"(?i)\b(?:never|do\s+not|don't|must\s+not|mustn'?t|should\s+not|shouldn'?t|may\s+not|"
    r"without|no|not|avoid|except|only)\b"
    # "dont" with no apostrophe, not the French relative ("Ce dont j'ai besoin, c'est …")
    r"|(?<!\bce\s)\bdont\b(?!\s+(?:j['’]|je|tu|il|elle|on|nous|vous|ils|elles|le|la|les|"
    r"l['’]|un|une|des)\b)"
)


def task_rule(sentence: str) -> bool:
    """Whether the sentence that set the task also sets a rule, outside its purpose
    clause ("… so that retried POSTs never double-charge a card" is the goal)."""
    own = _PURPOSE.sub("", sentence)
    return bool(_NEGATED.search(own)) and is_rule(own)


# a house rule's label, and what makes what follows it standing
_RULE_LABEL = re.compile(
    r"(?i)^\W*(?:(?:house\s+)?style|rule|policy|convention|guideline|constraint)s?\s*:\s*(?=\w)"
)

_STANDING = re.compile(
    r"(?i)\b(?:always|never|every|each|throughout|everywhere|only|at\s+all\s+times|must|"
    r"should|no\s+\w+|don'?t|do\s+not)\b"
)

# A turn that takes back what the user said before ("Actually no — …", "Scratch that, …",
# "On second thought, …", "Hmm, no, …", "Sorry, …")
_TAKES_BACK = re.compile(
    r"(?i)^\W*(?:(?:hmm+|ugh|oh|ok(?:ay)?|well|um+|ah)\W+)*(?:actually|scratch\s+that|"
    # (a "no" said alone, not the ban opening "No fusiones nada un viernes, …")
    r"on\s+second\s+thought|wait|no(?=\s*[,.!;:—–-]|\s+(?:wait|actually|sorry|scratch)\b)|nope|"
    r"correction|change\s+of\s+plans?|forget\s+(?:that|it|"
    r"what\s+i\s+said)|never\s*mind|i(?:'ve)?\s+changed\s+my\s+mind|sorry)\b"
    # ... in the languages users write in: "Nein, doch lieber 80 …", "Korrektur: …", "En
    # fait, …", "Anzi, …", "Na verdade, …", "Eigenlijk …", "Właściwie …", "Rättelse: …"
    r"|^\W*(?:nein(?=\s*[,.!;:—–-])|doch\s+nicht|doch\s+lieber|korrektur|eigentlich|"
    r"planänderung|en\s+fait|finalement|non(?=\s*[,.!;:—–-])|changement\s+de\s+plan|"
    r"en\s+realidad|corrección|mejor\s+dicho|cambio\s+de\s+planes|anzi|in\s+realtà|"
    r"correzione|correggo|na\s+verdade|correção|corrigindo|mudança\s+de\s+planos?|"
    r"eigenlijk|correctie|nee(?=\s*[,.!;:—–-])|właściwie|poprawka|korekta|rättelse|"
    r"egentligen|nej(?=\s*[,.!;:—–-])|faktisk|rettelse|исправление|поправка|нет(?=\s*[,.!;:—–-]))"
    r"(?!\w)"
)

# ... back to what the user said first: "… accept Delaware after all", "go back to XML"
_RETURNS = re.compile(
    r"(?i)\bafter\s+all\b|\b(?:go(?:ing)?|switch(?:ing)?|revert(?:ing)?)\s+back\b|\bback\s+to\b|"
    r"\b(?:as|like)\s+(?:before|originally|at\s+first)\b"
)

# words a taking-back and what it takes back share that say nothing of their topic
_TAKING_BACK_WORDS = frozenset(
    {"actually", "scratch", "sorry", "second", "thought", "after", "again", "back", "instead",
     "please", "that", "change", "plan", "mind", "forget", "never", "wait", "correction",
     "rather", "keep", "going", "with", "from", "this"}
)  # fmt: skip


def _same_topic(a: str, b: str) -> bool:
    """Whether two instructions are about one thing: two content words in common, or one
    long one ("Delaware", "governing")."""
    shared = _shared_words(a, b)
    return len(shared) >= 2 or any(len(w) >= 7 for w in shared)


def overruled_by_later(said: Sequence[str], reach: int = 40) -> set[str]:
    """The user's instructions in ``said`` (in order) that a later one overruled: what a
    return to the first choice takes back ("Accept Delaware." … "Actually no, insist on
    New York." … "Scratch that, accept Delaware after all.": the New York turn, the first
    taking-back after the choice returned to, and any on the same topic), and what a
    taking-back on the same topic replaces ("Keep the limit at 3." … "Scratch that, the
    limit is 5 now."). ``reach``: how many sentences back a taking-back looks.

    >>> sorted(overruled_by_later(["Use Compose for the dialog.", "Hmm, no, keep XML views.",
    ...                            "Sorry, go with Compose for the dialog after all."]))
    ['Hmm, no, keep XML views.']
    >>> overruled_by_later(["Don't show annual prices first.", "No, the free tier stays.",
    ...                     "You can show annual prices first after all."])
    set()
    """
    out: set[str] = set()
    for k, later in enumerate(said):
        takes_back = bool(_TAKES_BACK.search(later))
        returns = bool(_RETURNS.search(later)) or (takes_back and bool(_AGAIN.search(later)))
        if not (takes_back or returns):
            continue
        back = range(k - 1, max(-1, k - 1 - reach), -1)
        first = next(
            (j for j in back if not _TAKES_BACK.search(said[j]) and _same_topic(said[j], later)),
            None,
        )
        if first is None:
            continue
        if returns and not takes_back and lifted_rule(later, [said[first]]):
            # a permission that lifts a ban "after all" ("Don't show annual prices first." …
            # "You can show annual prices first after all.") returns to no choice: the rule
            # the user said between ("No, the free tier stays.") took nothing back (not
            # "Scratch that, accept Delaware after all.": it takes back, and returns)
            continue
        if returns:  # back to the first choice: what took it back is gone
            out.update(_took_back(said[first:k], later))
        elif _replaces(said[first], later):
            out.add(said[first])
            # ... and the takings-back between on its topic: "50." … "No, 80." … "Correction:
            # 120." leaves 120 alone
            out.update(
                x
                for x in said[first + 1 : k]
                if _TAKES_BACK.search(x) and _same_topic(x, later) and _replaces(x, later)
            )
    return out - {said[-1]} if said else out


_AGAIN = re.compile(r"(?i)\bagain\b")


# A number and what it counts, by its shape in any language: the word glued or next to it
# ("30s", "45 s", "120 seconds", "8 workers", "2000 filas"), else the word before it ("port
# 5173", "TTL 600"); not a number inside a path, a version, a time or an id ("src/a.rs:10",
# "v2.3", "10:30", "#4411")
_QUANTITY = re.compile(
    r"(?<![\w./:#@$-])(?:([^\W\d_]+)\s+)?(\d+(?:[.,]\d+)?)(?:\s?([^\W\d_]+))?(?![\w/:-]|\.\w)"
)
# the words a re-setting says besides its value, in the languages users write in: "Make it
# 45s.", "Let's go with 8 workers.", "Bump it to 5.", "Mejor 1000.", "Lieber 80.", "Plutôt
# 60.", "Meglio 20.", "Liever 8.": a short turn of these and a value sets the value said last
RESETTING_WORDS = frozenset(
    {"make", "set", "bump", "raise", "lower", "increase", "decrease", "reduce", "drop", "use",
     "let's", "lets", "let", "go", "with", "should", "be", "is", "it", "to", "at", "the", "a",
     "an", "of", "per", "instead", "rather", "better", "now", "then", "ok", "okay", "oh", "hmm",
     "um", "well", "so", "and", "yes", "no", "actually", "just", "up", "down", "do", "try",
     "final", "finally", "really", "one", "more", "less", "both", "please", "that",
     "this", "mejor", "al", "es", "sea", "lieber", "doch", "mach", "nimm", "auf",
     "plutôt", "mets", "meglio", "metti", "liever", "zet", "maak", "melhor", "coloca", "põe",
     "pon", "usa", "lo", "la", "le", "el", "de", "en", "op", "het", "ist", "est", "è", "é"}
)  # fmt: skip
# how far back (in the user's sentences) a short re-setting looks for the value it replaces
_RESET_REACH = 12


def _quantities(sentence: str) -> dict[str, set[str]]:
    """The numbers a sentence gives, by what they count ("" when nothing says)."""
    out: dict[str, set[str]] = {}
    for m in _QUANTITY.finditer(sentence):
        before, number, unit = m.group(1), m.group(2), m.group(3)
        glued = unit is not None and sentence[m.start(3) - 1].isdigit()
        slot = _unit(unit, glued)
        if not slot and _unit(before, before is not None and before.isupper()):
            # named by the word before it ("port 5173", "Protokoll 5"): marked, as it may be a
            # name's number ("Bitte prüfen Protokoll 5" after "… Protokoll 4" replaces nothing)
            slot = "^" + _unit(before, True)
        out.setdefault(slot, set()).add(number.replace(",", "."))
    return out


# units written apart from their number in fewer than four letters ("45 ms", "2 GB")
_SHORT_UNITS = frozenset(
    {"s", "ms", "us", "µs", "ns", "h", "m", "min", "sec", "kb", "mb", "gb", "tb", "px", "rpm", "rps",
     "qps", "km", "kg", "mg", "%"}
)  # fmt: skip


def _unit(word: str | None, sure: bool = False) -> str:
    """A word as what a number counts: casefolded, a plural's "s" off; none when a word that
    counts nothing ("to", "instead", "in"). ``sure``: glued to the number ("30s"), or an
    acronym before it ("TTL 600")."""
    if not word:
        return ""
    w = word.casefold()
    if w in RESETTING_WORDS or w in _TAKING_BACK_WORDS or len(w) > 14:
        return ""
    if not sure and w not in _SHORT_UNITS and not keywords(_MARKS.sub("", w)):
        return ""  # a short or stop word: "in 2023", "for 3", "and 4"
    # (its letters without their marks: ``keywords`` reads runs of ``\w``, which holds no
    # mark, so "इम्पोर्ट" was three fragments of too few letters, a word counting nothing)
    if w in ("s", "sec", "secs", "second", "seconds", "segundos", "sekunden", "secondes"):
        return "s"
    return w[:-1] if len(w) > 3 and w.endswith("s") else w


def _words(sentence: str) -> set[str]:
    """The words of ``sentence``, casefolded, with the marks written onto their letters
    ("इम्पोर्ट" one word, not "इम" and "प": every fragment counted nothing, so a Hindi limit
    "replaced" the decision said before it)."""
    return {w.casefold() for w in _MARKED_WORD.findall(sentence)}


_MARKS = re.compile(f"[{WORD_MARKS}]")
_MARKED_WORD = re.compile(rf"[^\W\d_][\w'’{WORD_MARKS}-]*")


def superseded_values(said: Sequence[str]) -> dict[str, str]:
    """The user's sentences in ``said`` (in order) giving a value a later one gave again,
    differently, each to the sentence that replaced it: "Set the timeout to 30s." … "Make it
    45s." … "Actually 60s." (review30: 30 s and 45 s stood as live values). A later
    sentence replaces the nearest earlier one giving a number of the same kind (the same
    unit, or none) when it says nothing else but a re-setting's words ("Make it 45s.",
    "Mejor 1000.") or takes back what was said ("On second thought, the retry limit should
    be 8."). A sentence giving other values besides stands.

    >>> sorted(superseded_values(["Set the timeout to 30s.", "Make it 45s.", "Actually 60s."]))
    ['Make it 45s.', 'Set the timeout to 30s.']
    >>> superseded_values(["The API timeout is 30s.", "The DB timeout is 5s."])
    {}
    >>> superseded_values(["Run it on port 3000.", "Actually port 4000, 3000 is taken."])
    {'Run it on port 3000.': 'Actually port 4000, 3000 is taken.'}
    >>> superseded_values(["Bitte prüfen Protokoll 4.", "Bitte prüfen Protokoll 5."])
    {}
    """
    out: dict[str, str] = {}
    given: list[tuple[dict[str, set[str]], set[str]]] = []
    seen: set[str] = set()  # the numbers said so far: one said again names the old value
    for k, later in enumerate(said):
        mine = _quantities(later)
        new = {slot: v for slot, v in mine.items() if not v <= seen}
        for values in mine.values():
            seen |= values
        words = _words(later)
        given.append((new, words))
        if len(new) != 1 or asks(later):
            continue  # ("Actually use port 4000 instead, 3000 is taken.": 4000 is the new one)
        ((slot, values),) = new.items()
        takes_back = bool(_TAKES_BACK.search(later))
        if len(values) > 1 or (slot.startswith("^") and not takes_back):
            continue  # (a number a word names is replaced only by a taking-back: "Scratch that, port 5173.")
        for j in range(k - 1, max(-1, k - 1 - _RESET_REACH), -1):
            theirs, their_words = given[j]
            if slot not in theirs:
                continue
            # (a sentence giving two values stands: "Set retry_limit to 3 and timeout_s to 30.")
            if (
                len(theirs) == 1
                and len(theirs[slot]) == 1
                and not theirs[slot] & values
                and not asks(said[j])
            ):
                extra = words - their_words - RESETTING_WORDS - _TAKING_BACK_WORDS
                extra -= {w for w in extra if _unit(w) == slot}
                if not extra or takes_back:
                    out[said[j]] = later
            break  # the nearest value of its kind only: the one before it was replaced so
    return out


# the value a correction turns down, by its shape in any language: "…, not X" closing the
# sentence (a nudge may follow) (with its "and"/"but": "…, a nie X", "…, e non X"), or "X değil, …" / "X नहीं, …"
# opening the choice; X is up to three words
# up to three words of a value, a dot only inside one ("Celery beat", "v2.1", "pysrt")
_VALUE_WORDS = r"[^\W_][\w+-]*(?:\.[\w+-]+)*(?:\s+[\w+-]+(?:\.[\w+-]+)*){0,2}?"
_TURNED_DOWN = re.compile(
    r"(?i)(?:[,，、;；،၊]\s*|\s(?=មិនមែន))(?:(?:a|and|but|e|y|ma|mais|ale|și|dan|và|en|och|og|und|и|а)\s+)?"
    r"(?:not|nie|ne|не|ні|no|non|não|niet|nicht|inte|ikke|ei|bukan|không\s+phải|mitte|nem|όχι|"
    rf"nu|ليس|لا|לא|nevis|si|kì\s+í\s+ṣe|ki\s+i\s+se|ba|មិនមែន|არა|ոչ\s+թե)\s+(?P<a>{_VALUE_WORDS})(?:\s?%)?"
    # (Hausa's and Khmer's denial closes after the value: "…, ba 15 ba.", "មិនមែន 15 ទេ។")
    r"(?:\s+(?:ba|ទេ))?"
    # (its end, and a nudge said after it: "…, non Celery beat. sì")
    r"\s*(?:[.!。！।։။។](?:\s+[^\s.!?]{1,12}){0,2}[.!]?)?\s*$"
    # ... the value before its denial: "4'te, 3 değil,", "Nahi, Helm nahi, Kustomize …"
    rf"|(?:^|[:,၊]\s*)(?P<b>{_VALUE_WORDS})\s+(?:değil|नहीं|nahi|nahin|말고|じゃなくて|ではなく|မဟုတ်(?:ဘူး)?)"
    r"\s*(?:[,，、၊]|[။.]?\s*$)"
)


# a choice said with the option it replaces after "and not", the option in words alone, in
# the languages users write in ("Load the modules lazily, and not eagerly at startup.",
# "Commit each step, ולא הכול בסוף"; Hebrew and Arabic glue the "and" to "not"); not "and
# not only …", which adds
_AND_NOT_OPTION = re.compile(
    r"(?i)[,，、،]\s*(?:and\s+not|und\s+nicht|et\s+non|et\s+pas|y\s+no|e\s+n[aã]o|e\s+non|"
    r"en\s+niet|och\s+inte|og\s+ikke|a\s+nie|а\s+не|і\s+не|и\s+не|a\s+ne|ve\s+değil|"
    r"dan\s+bukan|và\s+không|chứ\s+không|και\s+όχι|ולא|وليس|ولا|și\s+nu|és\s+ne|"
    r"ja\s+ei|at\s+hindi|na\s+si)\s+"
    r"(?!(?:only|just|nur|seulement|solo|só|alleen|тільки|только|tylko|רק|فقط)(?!\w))"
    r"[^,;.!?。]{1,60}[.!。]?\s*$"
)
# ... or with a bare "not" (no "and"), the option a few words: "käytä tähän pandasia, älä
# openpyxl:ää", "gamitin mo ang pandas dito, hindi openpyxl"; or, in a language that puts its
# "not" after what it denies, the option then the "not": "pandas use karo, openpyxl nahi",
# "ISO فارمیٹ استعمال کرو، لوکل فارمیٹ نہیں", "… ব্যবহার করো, লোকাল ফরম্যাট নয়"
_NOT_OPTION = re.compile(
    r"(?i)[,，、،]\s*(?:"
    r"(?:not|nicht|non|não|nie|ne|nu|не|ні|niet|inte|ikke|ei|älä|nem|όχι|לא|bukan|không(?:\s+phải)?|"
    r"hindi|ليس|نه|nahi|nahin)\s+(?P<after>[^\W\d_][^,;.!?。\s]*(?:\s+[^,;.!?。\s]+){0,2})"
    r"|(?P<before>[^\W\d_][^,;.!?。\s]*(?:\s+[^,;.!?。\s]+){0,2})\s+"
    r"(?:nahi|nahin|नहीं|نہیں|নয়|नको|değil|hindi)"
    r")[.!。।۔]?\s*$"
)
# ... not where "not" says how sure, how soon or how much ("I ran it, not sure why.")
_NOT_AN_OPTION = re.compile(
    r"(?i)^(?:sure|yet|now|really|quite|much|many|bad|too|so|very|always|exactly|necessarily|"
    r"problem|worries|idea|needed|important|working|possible|today|anymore|again|"
    r"sicher|jetzt|seguro|ahora|pas|encore|sûr|subito|ancora|ещё|еще|сейчас|teraz|jeszcze|"
    r"hoje|ainda|agora|todavía|todavia|toch|nog|än|ennä|vielä|még|henüz|masih|belum|vẫn|"
    r"abhi|abhi\s+nahi)\b"
)
# ... and the choice before it: a clause of two words or more
_CHOICE_LEAST_WORDS = 2


def chooses_over(sentence: str) -> bool:
    """A choice said with the option it replaces after "and not" or a bare "not" (before
    or after the option), the option in words alone (no value named), asked of no one.

    >>> chooses_over("Load the modules lazily, and not eagerly at startup.")
    True
    >>> chooses_over("Use the staging replica here, not production.")
    True
    >>> chooses_over("Check the logs, and not only the metrics."), chooses_over("Ok, and not now?")
    (False, False)
    >>> chooses_over("I restarted it twice, not sure why it hangs.")
    False
    """
    if asks(sentence):
        return False
    m = _AND_NOT_OPTION.search(sentence)
    if m is not None and word_count(sentence[: m.start()]) >= _CHOICE_LEAST_WORDS:
        return True
    bare = _NOT_OPTION.search(sentence)
    if bare is None or word_count(sentence[: bare.start()]) < _CHOICE_LEAST_WORDS:
        return False
    return not _NOT_AN_OPTION.match(bare.group("after") or bare.group("before"))


def turned_down_value(sentence: str) -> str | None:
    """The value a correction turns down by name, in any language its shape is read in
    ("Actually the coupon limit is 3 per customer, not 5.": "5"; "Właściwie limit to 20, a
    nie 50."; "No, los libros llevan el 4 %, no el 21 %.": "el 21"), None when it names none.

    >>> turned_down_value("Właściwie limit połączeń to 20, a nie 50."), turned_down_value("not now")
    ('50', None)
    """
    m = _TURNED_DOWN.search(sentence)
    if m is None:
        return None
    value = (m.group("a") or m.group("b")).strip()
    return value if _NAMES_A_VALUE.search(value) else None


def turned_down_later(said: Sequence[str]) -> set[str]:
    """The user's choices in ``said`` (in order) that a later correction turned down by
    name ("Let's use Celery beat there." … "Correction: we use APScheduler, not Celery
    beat."): the first choice is no rule beside the correction that replaced it, in any
    language the correction's shape is read in. A ban of the value stands ("Never use
    Celery beat." agrees with the correction).

    >>> sorted(turned_down_later(["Per quella parte usiamo Celery beat.", "Ok.",
    ...                           "Correzione: usiamo APScheduler, non Celery beat."]))
    ['Per quella parte usiamo Celery beat.']
    """
    out: set[str] = set()
    for k, later in enumerate(said):
        value = turned_down_value(later)
        if value is None:
            out.update(_turned_down_by_word(said[:k], later))
            continue  # ("…, not now.", "…, not that one.": no value named)
        for earlier in said[:k]:
            if (
                whole_token(earlier, value)
                and not _TURNED_DOWN.search(earlier)
                and not _NEGATED.search(earlier)
                and word_count(earlier) <= _CHOICE_WORDS
            ):
                out.add(earlier)
    return out


# a correction turning down a thing by its common noun, a reason after it: "Anzi, meglio
# grafici a barre, non a torta: le torte non si leggono." ("a torta")
_NOT_THE_WORDS = re.compile(
    r"(?i)[,;]\s*(?:(?:ma|but|e|and|mas|pero|mais|aber|ale)\s+)?(?:not|non|não|no|nie|nicht|niet|"
    r"pas|ne)\s+(?P<v>(?:[^\W\d_]+\s+){0,2}[^\W\d_]{4,})(?=\s*(?:[:;.!]|$))"
)


def _turned_down_by_word(before: Sequence[str], later: str) -> list[str]:
    """The short choices in ``before`` that a correction turns down by a common noun
    ("Facciamo i grafici a torta per le regioni." … "Anzi, meglio grafici a barre, non a
    torta: …", R41-R5): the choice holds the noun and another word the correction says
    of what replaces it ("grafici"), and bans nothing."""
    m = _NOT_THE_WORDS.search(later)
    if m is None or not (_TAKES_BACK.search(later) or is_correction(later)):
        return []
    named = {w for w in _words(m["v"]) if len(w) >= 4}
    return [
        earlier
        for earlier in before
        if named
        and word_count(earlier) <= _CHOICE_WORDS
        and named <= _words(earlier)
        and _shared_words(earlier, later) - named
        and not _NEGATED.search(earlier)
        and not _TURNED_DOWN.search(earlier)
    ]


# a choice turned down stands when it says more than the choice
_CHOICE_WORDS = 14
# a value named: a capital, a digit or a code's mark in it ("Celery beat", "v2", "pysrt.py")
_NAMES_A_VALUE = re.compile(r"[A-Z0-9._/+-]")


def _replaces(rule: str, later: str) -> bool:
    """Whether a taking-back replaces a rule's value ("Keep the limit at 3." … "Scratch
    that, the limit is 5 now."): both rules, two words in common; a prohibition is
    lifted by a permission (:func:`lifted_rule`), never replaced."""
    if _NEGATED.search(rule) or not is_rule(later):
        return False
    # (or a value the user gave, set again: "Das Limit soll 50 … sein." … "Korrektur: … 120 …")
    if not is_rule(rule) and not (_DIGITS.search(rule) and _DIGITS.search(later)):
        return False
    # ... nor a choice on the topic whose other value is corrected: "Va bene, usiamo
    # PostgreSQL per lo storico ordini." … "Anzi, lo storico ordini va tenuto 24 mesi, non
    # 12." turns down a 12 the choice never said (R41-R11)
    wrong = turned_down_value(later)
    if wrong is not None and not whole_token(rule.casefold(), wrong.casefold()):
        return False
    return len(_shared_words(rule, later)) >= 2


_DIGITS = re.compile(r"\d")


def _took_back(span: Sequence[str], later: str) -> list[str]:
    """Of ``span`` (a choice, then what the user said until ``later`` returned to it), the
    taking-backs of that choice: the first instruction after it when it takes it back,
    and any taking-back on the choice's or ``later``'s topic."""
    choice, rest = span[0], span[1:]
    out = [
        x
        for x in rest
        if _TAKES_BACK.search(x) and (_same_topic(x, later) or _same_topic(x, choice))
    ]
    nxt = next((x for x in rest if is_rule(x) or _TAKES_BACK.search(x)), None)
    if nxt is not None and _TAKES_BACK.search(nxt):
        out.append(nxt)
    return out


# a value a correction turns down anywhere in it, followed by anything ("the budget is 2,800
# EUR, not 2,400 - grandma is chipping in", "it's 64 samples, not 32", "the contractor is
# Okafor Electric not Okoro Electric sorry"): a number, or a name's capitalised words
_NOT_VALUE = re.compile(
    r"(?:[,;]\s*|\s)(?:and\s+|but\s+)?not\s+(?:the\s+)?"
    r"(?P<v>\d[\d,.:]*\d(?:\s?%)?|\d(?:\s?%)?|[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*)?)(?![\w.,:]\w)"
)


def without_turned_down(rules: Sequence[str]) -> list[str]:
    """``rules`` (listed in order) less the sentences of a rule holding a value a later one
    turned down by name, when the rule says other things too ("May 3 to 9. Budget is 1,900
    EUR. No flights before 8am." … "Actually the budget is 2,300 EUR, not 1,900.": "May 3
    to 9. No flights before 8am."); the stale sentence and what the later one corrects
    share a word besides the value (not any "32" said of something else).

    >>> without_turned_down(["We have 32 samples. No overnight runs.", "Use 32 GB nodes.",
    ...                      "Sorry, it's 64 samples, not 32."])
    ['No overnight runs.', 'Use 32 GB nodes.', "Sorry, it's 64 samples, not 32."]
    """
    out = list(rules)
    for k, later in enumerate(rules):
        for m in _NOT_VALUE.finditer(later):
            value, rest = m.group("v"), later.replace(m.group("v"), " ")
            for j, earlier in enumerate(out[:k]):
                said = sentences(earlier)
                stale = [x for x in said if whole_token(x, value) and not _NOT_VALUE.search(x)]
                if 0 < len(stale) < len(said) and _shared_words(
                    " ".join(stale).replace(value, " "), rest
                ):
                    out[j] = " ".join(x for x in said if x not in stale)
    return out


def _shared_words(a: str, b: str) -> set[str]:
    shared = {w[:7] for w in keywords(a)} & {w[:7] for w in keywords(b)}
    return shared - {w[:7] for w in _TAKING_BACK_WORDS}


# a reminder of what not to do: "Remember not to drop legacy_id.", "Vergiss nicht, die Spalte
# legacy_id NICHT zu löschen." (R29-m8), "Denk daran, … nicht anzufassen.", "N'oublie pas de
# ne pas …": a prohibition, not a request for later ("Don't forget to bump the version")
REMINDS_NOT_TO = re.compile(
    rf"(?i)^\W*(?:{REMINDER_OPENING})\b"
    r"[^.!?。]{0,80}?(?<!\w)(?:not|never|nicht|nie|niemals|kein\w*|ne|pas|jamais|no|nunca|non|"
    r"mai|não|niet|nooit|geen|inte|aldrig|ikke|aldri|не|нельзя)(?!\w)"
)


# ... and what someone else keeps telling the speaker ("My sister always says I have to learn
# to cook", "My mum keeps saying I should take up yoga"): reported, no rule for the work
_TOLD_BY_KIN = re.compile(
    r"(?i)^\W*(?:(?:anyway|honestly|oh|and|also|well)\W+)*my\s+(?:\w+\s+){1,2}?"
    r"(?:always\s+|keeps\s+|kept\s+)?(?:says?|saying|tells?\s+me|telling\s+me|said)\b"
)
# what else the work must not ask of the speaker, said of themselves or of someone it is for:
# "I can't do red-eye flights", "My partner is allergic to shellfish", "Dad is vegetarian",
# "Grandma uses a wheelchair", "my budget is 2,000 €", "no puedo pasar de 12.000 €", "ich kann
# keine Nachtflüge" (a status is "I can't reproduce it": not a verb of taking part)
_PERSONAL_LIMIT = re.compile(
    r"(?i)\b(?:i|we|he|she|they)\s+(?:can(?:no|'|’)t|can\s+not|am\s+unable\s+to|won(?:'|’)t|"
    r"(?:don|doesn)(?:'|’)t|do\s+not|does\s+not)\s+(?:do|take|eat|drink|fly|travel|attend|"
    r"afford|walk|climb|drive|handle|stand|tolerate|spend|pay|go|use|work|sit|book|join|"
    r"digest|sleep|ride|manage)\b"
    r"|\b(?:allergic|intolerant)\s+to\b|\b(?:i'?m|i\s+am|is|are)\s+(?:a\s+|strictly\s+)?"
    r"(?:vegetarian|vegan|pescatarian|diabetic|coeliac|celiac|gluten[- ]free|"
    r"lactose[- ]intolerant|pregnant)\b|\buses?\s+a\s+wheelchair\b|"
    r"\b(?:my|our)\s+(?:total\s+)?(?:budget|maximum|max|limit)\s+(?:is|of)\b|"
    r"\bno\s+(?:puedo|podemos)\s+(?:pasar|gastar|volar|viajar|comer|tomar|ir|usar|"
    r"subir|caminar)\b|\bal[ée]rgic[oa]s?\s+a\b|\b(?:mi|nuestro)\s+presupuesto\s+es\b|"
    r"\bich\s+kann\s+(?:\w+\s+){0,3}?(?:nicht|keine?n?)\b|\ballergisch\s+gegen\b|"
    r"\b(?:mein|unser)\s+budget\s+(?:ist|liegt)\b|アレルギー"
    # ... in the other languages users write in: "Mia cognata è celiaca, …", "é alérgico a
    # camarão", "jest uczulona na orzechy", "glutene intolerans" (R41-R2)
    r"|\b(?:celiac[oaie]|celíac[oa]s?|c(?:œ|oe)liaque|zöliakie|zöliakiekrank|celiaki\w*|çölyak\w*|"
    r"allergic[oaie]|allergique|alérgic[oa]s?|alergiczn\w*|uczulon\w*|alerji\w*|intollerant[ei]|"
    r"intolérant\w*|vegetarian[oaie]|vegan[oaie]|végétarien\w*|végane?s?|vegetarisch\w*|"
    r"wegetarian\w*|wegan\w*|vejetaryen|vegan(?:ım|dır))(?!\w)"
    # ... what the speaker does not want, said of a thing, not of a step ("Non voglio piatti con
    # la carne di maiale", "No quiero escalas", "Não quero voos noturnos", "Nie chcę przesiadek",
    # "Ich will keine Umstiege"; not "Non voglio disturbarti": an infinitive follows)
    r"|\b(?:non\s+(?:voglio|vogliamo|vuole)|no\s+(?:quiero|queremos|quiere)|não\s+(?:quero|queremos|"
    r"quer)|nie\s+(?:chcę|chcemy|chce))\s+(?!\w+(?:are|ere|ire|ar|er|ir|ać|eć|ić|yć)(?:ti|mi|lo|la|"
    r"ci|vi|ne|se|te|me|nos|lhe)?\b)\w"
    r"|\b(?:ich|wir)\s+(?:will|wollen|möchte|möchten|mag|mögen)\s+(?:\w+\s+)?kein"
    # a bound the work is held to ("our budget caps us at 3 replicas")
    r"|\b(?:caps?|capped|limits?)\s+us\s+(?:at|to)\b"
)
# A bound the speakers hold themselves to, said as their own need ("We have to stay under 512
# MB of memory per pod.", R40-R7; "Wir müssen unter 2 GB bleiben", "Dobbiamo restare sotto i
# 15.000 euro"): a constraint, where "we need to X" alone is the task
_BOUND_NEED = re.compile(
    r"(?i)\b(?:we|i)\s+(?:(?:really|still|also|just)\s+)?(?:have\s+to|need\s+to|must|"
    r"(?:'ve|’ve|have)\s+got\s+to|gotta)\s+(?:stay|remain|keep\s+(?:\S+\s+){0,4}?|be|fit|"
    r"come\s+in)\s*(?:under|below|within|beneath|inside|at\s+or\s+below|less\s+than|"
    r"no\s+more\s+than|at\s+most)\b"
    r"|\bwir\s+müssen\s+(?:\S+\s+){0,4}?(?:unter|innerhalb|unterhalb)\b"
    r"|\b(?:tenemos\s+que|debemos)\s+(?:quedarnos|mantenernos|estar|seguir)\s+"
    r"(?:por\s+debajo\s+de|bajo|dentro\s+de)\b"
    r"|\b(?:nous\s+devons|on\s+doit|il\s+faut)\s+(?:rester|tenir|être)\s+"
    r"(?:sous|en[\s-]dessous|dans|en\s+deçà)\b"
    r"|\b(?:dobbiamo|bisogna)\s+(?:restare|rimanere|stare)\s+(?:sotto|entro|al\s+di\s+sotto|dentro)\b"
    r"|\b(?:temos\s+(?:que|de)|precisamos)\s+(?:ficar|permanecer|nos\s+manter)\s+"
    r"(?:abaixo|dentro|sob)\b"
    r"|\b(?:we|wij)\s+moeten\s+(?:\S+\s+){0,4}?(?:onder|binnen)\b"
    r"|\bmusimy\s+(?:się\s+)?(?:zmieścić|mieścić|zostać|utrzymać)\s+(?:się\s+)?(?:w|poniżej|"
    r"w\s+granicach)\b"
    r"|\bvi\s+(?:måste|må|skal|ska)\s+(?:hålla\s+oss|holde\s+os|holde\s+oss|ligge|vara|være)"
    r"\s+(?:under|inom|inden\s*for|innenfor)\b"
)


def personal_aside(sentence: str) -> bool:
    """A sentence that says only the speaker's own to-dos or what someone keeps telling
    them ("Honestly I should really sort out the garage this weekend too, and I must call
    my aunt back, ugh."): talk, never a rule for the work, whatever its "must".

    >>> personal_aside("Honestly I should really sort out the garage, and I must call my aunt back, ugh.")
    True
    >>> personal_aside("I must call my aunt back, so don't book anything before 3 pm.")
    False
    >>> personal_aside("I have to be home by 6.")
    False
    """
    if _TOLD_BY_KIN.search(sentence):
        return not _PERSONAL_LIMIT.search(sentence)
    rest = without_todos(sentence)
    # ("I must call the plumber back today, the sink is leaking again.": no rule beside it)
    return rest != sentence.strip() and not (is_rule(rest) or asks(rest))


def personal_limit(sentence: str) -> bool:
    """A limit the speaker states of themselves or of whom the work is for ("I can't do
    red-eye flights", "My partner is allergic to shellfish", "my budget is 2,000 €"): a
    constraint, though it orders no one.

    >>> personal_limit("I can't do red-eye flights because of my migraines.")
    True
    >>> personal_limit("I can't reproduce it locally.")
    False
    >>> personal_limit("We have to stay under 512 MB of memory per pod.")
    True
    """
    limited = _PERSONAL_LIMIT.search(sentence) or _BOUND_NEED.search(sentence)
    return bool(limited) and not asks(sentence)


def running_talk(users: Iterable[str]) -> frozenset[str]:
    """The clauses the user says again and again in ``users`` (their turns:
    :func:`.wording.said_often`) that are no rule of theirs: a rule said in every other turn
    ("Remember, never push to main directly.") is still one (R40-R9: said five times, it
    left the recap, and the "Ugh, Mondays." beside it was listed as the constraint)."""
    return frozenset(c for c in said_often(users) if not is_rule(c))


@lru_cache(maxsize=8192)  # a user's sentence is read as a rule or not by several readers
def is_rule(sentence: str) -> bool:
    """A constraint or a correction the user states: "never run …", "use X not Y". A
    request phrased as a need ("we need to speed up the export") is the task, not a rule,
    unless it also carries a rule's marker; a status ("No rows came back.") is none; a
    rule's word only in a purpose clause ("Resolve it so that she is never charged
    twice.") sets none."""
    short = word_count(sentence) < 3 and not _SETTING.search(sentence)
    # (a ban glued to its verb is short: "Testleri silme.", two words)
    if (short and not _not_that_one(sentence) and not _forbids_named(sentence)) or (
        _just_an_answer(sentence)
    ):
        return False
    if _SMALL_TALK.search(sentence) or _REPLY.match(sentence):
        return False
    rest = without_todos(sentence)  # "… and I must call my aunt back, ugh." (R39-R3)
    if rest != sentence.strip():  # a rule said beside the speaker's to-do is still one
        return bool(rest) and is_rule(rest)
    if personal_limit(sentence):  # "I can't do red-eye flights …" (R39-F3)
        return True
    if asks(sentence):
        if _asks_a_rule_elsewhere(sentence) or _ASKS_A_BAN.search(sentence):
            return True  # "Kannst du sicherstellen, dass wir die Datei nie ins Git committen?"
        if proposes_a_rule(sentence) or proposed_by_asking_not(sentence):
            return True  # "Can we agree that nobody pushes directly to main?"
        if not _ASKS_A_RULE.search(sentence) and not asks_agreement(sentence):
            return False  # (not "Don't rotate the keys this week, ok?")
    label = _RULE_LABEL.match(sentence)
    if label:  # "Style: British spelling throughout." (not "Rule: the answer was 42.")
        rest = sentence[label.end() :]
        return is_rule(rest) or bool(_STANDING.search(rest))
    if REMINDS_NOT_TO.search(sentence):
        return True  # "Vergiss nicht, die Spalte legacy_id NICHT zu löschen."
    if DEFERRED.search(sentence) and not _FIRM.search(sentence) and not orders_steps(sentence):
        return False  # "Don't forget to bump the version": a request for later
    if until_free(sentence) and not _FIRM.search(sentence):
        return False  # "Коли буде час, додай розділ …": when there is time, not a condition
    if tells_what_someone_did(sentence):
        return False  # "Update: Omar Haddad merged the fix; CI is green now.": news
    if hands_over(sentence) or _pins_a_version(sentence) or pins_by_shape(sentence):
        return True  # (", so send any questions to @adi08" is no purpose clause)
    if _STATUS.search(sentence):
        return False
    if not RULE_OPENING.search(sentence) and _SO_THAT.search(sentence):
        own = _SO_THAT.sub("", sentence)
        if len(own.split()) >= 3 and not _rule_words(own):
            return False
    # (what follows reads only a sentence that says a rule: most say none)
    return _rule_words(sentence) and not _no_rule_after_all(sentence)


def _no_rule_after_all(sentence: str) -> bool:
    """A sentence in a rule's words that sets none: talk about haste ("Acele etme, sorun
    yok."), a leave to skip a step ("No need to write docs for this one."), a negation
    only in a purpose clause in another language ("…, tak żeby żadna faktura nie
    zginęła", "…が失われないようにしてください")."""
    if unhurried(sentence):
        return True
    spared = _NO_NEED.search(sentence)
    if spared and not _NEGATED.search(sentence, spared.end()):
        return True
    if RULE_OPENING.search(sentence) or not PURPOSE_ELSEWHERE.search(sentence):
        return False
    own = PURPOSE_ELSEWHERE.sub("", sentence)
    return word_count(own) >= 3 and not _rule_words(own)


def _asks_a_rule_elsewhere(sentence: str) -> bool:
    """A polite question asking for a rule in another language ("Zou je de
    productiedatabase alsjeblieft nooit rechtstreeks willen aanraken?": RT22-6): an
    opening that asks the listener to do something, a negation, and no choice offered."""
    asked = _ASKED_OPENING.sub("", sentence)
    if _OFFERS_A_CHOICE.search(asked) or _OR.search(asked):
        return False
    if ASKS_FOR_A_RULE_ELSEWHERE.search(sentence) and RULE_NEGATION_ELSEWHERE.search(sentence):
        return True
    # ... in more languages ("Bisakah kamu pastikan kita tidak pernah …?", "Poți să te asiguri
    # că nu logăm niciodată …?"), with a negation of any of the lexicons
    return bool(ASKS_FOR_A_RULE_MORE.search(sentence)) and _negated(sentence)


_AGREE = stems_at_word_start(AGREE_STEMS)
_NO_ONE = re.compile(
    r"(?i)(?<!\w)(?:"
    + "|".join(map(re.escape, NO_ONE_WORDS.split()))
    + r")(?!\w)|"
    + "|".join(map(re.escape, NO_ONE_NOSPACE.split()))
)
_LIMITS = re.compile(r"(?i)\b(?:always|only|every|each)\b")
_ASKED_OPENING = re.compile(r"(?i)^\W*czy\s+")
_OR = re.compile(r"(?i)\bor\b")


def proposes_a_rule(sentence: str) -> bool:
    """A question proposing that a ban or a limit be agreed, in any language ("Can we agree
    that nobody pushes directly to main?", "Czy możemy się umówić, że nikt nie pushuje do
    main?", "mainに直接プッシュしないことにしませんか？"): a rule the user asks to set, not
    a question about one; not one offering a choice ("Can we agree on A or B?").

    >>> proposes_a_rule("Voimmeko sopia, ettei kukaan puske suoraan main-haaraan?")
    True
    >>> proposes_a_rule("Can we agree on the schema first?"), proposes_a_rule("Do you agree?")
    (False, False)
    """
    agree = _AGREE.search(sentence)
    asked = _ASKED_OPENING.sub("", sentence)  # Polish "Czy …?" opens a question, offers no choice
    if agree is None or _OFFERS_A_CHOICE.search(asked) or _OR.search(asked):
        return False
    said = sentence[: agree.start()] + " " + sentence[agree.end() :]
    return bool(
        _NEGATOR.search(said)
        or _NEGATED.search(said)
        or RULE_NEGATION_ELSEWHERE.search(said)
        or _NO_ONE.search(said)
        or _LIMITS.search(said)
    )


# a question about what should have happened ("Shouldn't we have caught this?", "Shouldn't
# it have passed?"): a look back, no rule
# ... nor a proposal to look, think or talk first ("Shouldn't we at least look at the board
# before deciding?", "Sollten wir nicht erst darüber reden?"): a step of deliberation, no rule
# (R25-R1)
_ONLY_A_LOOK = re.compile(
    r"(?i)\b(?:at\s+least|first\s+)?(?:look(?:ing)?\s+(?:at|into)|check(?:ing)?|think(?:ing)?\s+about|"
    r"consider(?:ing)?|discuss(?:ing)?|talk(?:ing)?\s+(?:about|to|with)|ask(?:ing)?\s+around|"
    r"reden|nachsehen|anschauen|überlegen|olhar|conversar|pensar|mirar|hablar|regarder|discuter)\b"
)
_LOOKS_BACK = re.compile(r"(?i)\b(?:shouldn['’]?t|wouldn['’]?t|mustn['’]?t)\s+\w+\s+have\b")


def proposed_by_asking_not(sentence: str) -> bool:
    """A rule the user proposes by asking it back in the negative, in any language
    ("Shouldn't we keep vendor/ out of this change?", "Don't we need Ana's sign-off before
    anything lands on main?", "Sollten wir vendor/ nicht heraushalten?", "我们难道不应该把
    vendor/ 排除在外吗？"): a question that expects "yes, we should", so a rule said; not
    a look back ("Shouldn't we have caught this?") nor an opinion asked ("Don't you think
    it is risky?").

    >>> proposed_by_asking_not("Não deveríamos deixar legacy/ fora desta mudança?")
    True
    >>> proposed_by_asking_not("Shouldn't we have caught this in review?")
    False
    """
    return (
        asks(sentence)
        and NEGATED_PROPOSAL.search(sentence) is not None
        and not _LOOKS_BACK.search(sentence)
        and not _ONLY_A_LOOK.search(sentence)
    )


# "… of …?", "… ou …?": a question offering a choice asks, it sets no rule
_OFFERS_A_CHOICE = re.compile(r"(?i)(?<!\w)(?:of|oder|ou|o|oppure|czy|eller|или|vai|tai)(?!\w)")


def sets_deadline(sentence: str) -> bool:
    """A deadline the user states, in any language, with its moment ("O prazo para entregar
    a tabela ao comitê é sexta-feira, 11 de dezembro.", "마감은 12월 18일 빌드 리뷰
    전까지예요."): a constraint with its date, not a number that matters (RT22-21).

    >>> sets_deadline("Termin oddania to piątek 18 grudnia."), sets_deadline("The deadline moved.")
    (True, False)
    """
    if asks(sentence):
        return False
    noun = DEADLINE_NOUN.search(sentence)
    return (bool(noun) and bool(DEADLINE_MOMENT.search(sentence))) or due_by(sentence)


def configures(sentence: str) -> bool:
    """A setting the user states, known by its value's shape in any language: a cron
    schedule ("… soll nach `*/15 5-23 * * *` laufen"), a port ("lab-bridge escuta na porta
    22002"), a time zone by its tz name ("… u vremenskoj zoni Europe/Zagreb"), a feature flag's state ("Lass standby_push_v2 in Produktion ausgeschaltet"): a
    constraint, not a number that matters nor an aside. Not a question about one.

    >>> configures("the fatigue report soll nach `*/15 5-23 * * *` laufen.")
    True
    >>> configures("生产环境里 fatigue_score_008 暂时保持关闭。"), configures("Is port 8080 free?")
    (True, False)
    """
    if asks(sentence) or _SAID_OF_THE_PAST.search(sentence):
        return False
    if CRON_SCHEDULE.search(sentence) or PORT_NUMBER.search(sentence):
        return True
    if ZONE_TZDB.search(sentence):  # "Alle Logs laufen in der Zeitzone Europe/Berlin."
        return True
    return FLAG_NAME.search(sentence) is not None and _names_a_state(sentence)


def configures_anew(sentence: str, worked: str) -> bool:
    """:func:`configures`, less a port the work already set (``worked``: the assistant's
    words, its calls and their output) named in a long sentence, one telling of more than
    the setting: "Last year we ran everything on Debian 10 and port 8080." after the work
    opened port 8080 is a story in any language, not the user setting the port; "Port
    8080 only." stays a setting, however often said.

    >>> configures_anew("Taun wingi kabeh mlaku ing Debian 10 lan port 8080.", "-var port=8080")
    False
    >>> configures_anew("App-e kudu mlaku ing port 8080.", "-var port=8080")
    True
    """
    if word_count(sentence) <= _SETTING_SAID_WORDS:
        return configures(sentence)
    return configures(
        PORT_NUMBER.sub(
            lambda port: "" if whole_token(worked, _DIGITS.findall(port[0])[-1]) else port[0],
            sentence,
        )
    )


_SETTING_SAID_WORDS = 8  # "lab-bridge escuta na porta 22002": a setting and its thing


def _names_a_state(sentence: str) -> bool:
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", sentence)}
    if words & STATE_ON_WORDS or words & STATE_OFF_WORDS:
        return True
    return (
        STATE_WORDS_MORE.search(sentence) is not None or _KEPT_ON_OFF.search(sentence) is not None
    )


# "Keep the flag ledger_v3 OFF in production" (R25-R2): held on or off
_KEPT_ON_OFF = re.compile(r"(?i)\b(?:keep|leave|stay|remain|set)\b[^.;]{0,40}?\b(?:off|on)\b")
# a value told of the past: "The old crontab had `*/5 * * * *`", "someone said the flag was
# ON" (R25-R1)
_SAID_OF_THE_PAST = re.compile(
    r"(?i)\b(?:had|was|were|used\s+to|old|previous(?:ly)?|yesterday|someone\s+said)\b"
)


# what may stand between "by", "before", "bis" … and the moment it limits to ("by the 14th",
# "bis zum Freeze", "até a sexta"); a limit said of a doer is no deadline ("replaced by NATS
# in March", "blocked by the Dec outage")
_DUE_LEAD = re.compile(
    r"(?i)^\s*(?:(?:the|this|next|coming|dem|der|zum|zur|am|a|o|la|le|el|de)\s+)?"
)
_DONE_BY = re.compile(r"(?i)\w(?:ed|en)\s+$")


def due_by(sentence: str) -> bool:
    """A deadline said without a deadline's word, by its shape: a word putting a limit
    ("by", "before", "bis", "até", "sebelum") and, as the next word, a moment: a weekday,
    a month, a date, the end of a working day or a freeze ("… has to be live by Thursday
    EOD", "… before the Dec 17 code freeze"); or a moment then its limit ("周四下班前").
    Not an amount ("Cut p99 by 20 ms", "bis zu 5 Versuche"), nor a doer ("replaced by X").
    >>> due_by("The export has to be live by Thursday EOD."), due_by("Cut p99 by 20 ms.")
    (True, False)
    >>> due_by("Wir wollen das vor dem Code-Freeze am 17.12. fertig haben.")
    True
    """
    if _DATES_SOMETHING_ELSE.search(sentence):
        return False
    if not DUE_WORK.search(sentence) and not DUE_ORDER.match(sentence):
        return False  # a date bounding another's event: "By Monday the team moves offices"
    if DUE_MOMENT_THEN_BY.search(sentence):
        return True
    for limit in DUE_BY_WORDS.finditer(sentence):
        after = sentence[limit.end() :]
        lead = _DUE_LEAD.match(after)
        after = after[lead.end() :] if lead else after
        if DUE_END_WORDS.match(after) or DUE_DATE_SHAPE.match(after):
            return True
        moment = DEADLINE_MOMENT.match(after)
        if moment is None or moment.group().isdigit():
            continue
        if _MONTH_DAY.match(sentence, limit.end()):
            # a month with its day right after the limit is a date, never a doer ("merged by
            # March 25"; "blocked by the Dec 5 outage" names an event)
            return True
        # "merged by Thursday" bounds the work; "blocked by the Dec outage" names a doer
        if not _DONE_BY.search(sentence, 0, limit.start()) or _WEEKDAY.match(moment.group()):
            return True
    return False


# a date that dates something else than the work: the user's own plans ("By Friday I'll be
# on leave"), what happened ("… we shipped 4 releases last year") (R25-R1)
_DATES_SOMETHING_ELSE = re.compile(
    r"(?i)\bI(?:'ll|\s+will|'m|\s+am)\s+(?:be\s+)?(?:on\s+leave|out|away|off|back|travell?ing)\b|"
    r"\b(?:last\s+(?:year|month|week|time)|ago|yesterday|fun\s+fact|used\s+to)\b"
)
# a month named, then its day: " March 25", " Dec 3rd", " sept. 9"
_MONTH_DAY = re.compile(
    r"(?i)\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"\b(?![.:/-]\d)"
)
_WEEKDAY = re.compile(
    r"(?i)(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?$|tomorrow|tonight"
)


# how many words a sentence of talk about haste says besides it ("Sem pressa, pode ir com
# calma.": "pode ir"), at most
_UNHURRIED_REST = 2


def unhurried(sentence: str) -> bool:
    """Only telling the assistant not to hurry or not to worry, in any language ("Acele
    etme, sorun yok.", "Spokojnie, nie ma pośpiechu.", "急がなくて大丈夫ですよ。"), or
    inviting it to ask ("Jangan sungkan tanya kalau ada yang kurang jelas."): talk,
    neither a rule, a task nor a statement to keep (RT22-21, RT23-2).

    >>> unhurried("Rustig aan, geen haast hoor."), unhurried("No rush, but never touch prod.")
    (True, False)
    """
    if INVITES_QUESTIONS.search(sentence) and not _NEGATED.search(
        INVITES_QUESTIONS.sub(" ", sentence)
    ):  # "Jangan sungkan tanya kalau ada yang kurang jelas.": an invitation to ask (RT23-2)
        return True
    if not UNHURRIED.search(sentence):
        return False
    return word_count(_PUNCTUATION.sub(" ", UNHURRIED.sub(" ", sentence))) <= _UNHURRIED_REST


_PUNCTUATION = re.compile(r"[^\w\s]")


# A ban said outright, by its emphasis: "Sotto nessun pretesto `terraform destroy`.", "Pod
# żadnym pozorem nie …", "Em hipótese alguma …", "Auf keinen Fall …", "Asla …", "絶対に…"
# (R41-R8); a thing named, then "No, never." ("`git push --force` na main? Nie, nigdy."),
# and "no X" said as a consequence ("…, quindi niente glutine in nessuna portata.", R41-R2)
_BANNED_OUTRIGHT = re.compile(
    r"(?i)\b(?:under\s+no\s+circumstances|never\s+ever|"
    r"sotto\s+nessun\s+pretesto|in\s+nessun\s+caso|per\s+nessun\s+motivo|mai\s+e\s+poi\s+mai|"
    r"pod\s+żadnym\s+pozorem|w\s+żadnym\s+(?:wypadku|razie)|przenigdy|"
    r"em\s+hipótese\s+(?:alguma|nenhuma)|de\s+jeito\s+nenhum|de\s+(?:forma|maneira|modo)\s+"
    r"(?:alguma|nenhuma|algum|ninguna|alguna)|bajo\s+ningún\s+concepto|en\s+ningún\s+caso|"
    r"por\s+nada\s+del\s+mundo|en\s+aucun\s+cas|sous\s+aucun\s+prétexte|surtout\s+pas|"
    r"auf\s+keinen\s+fall|unter\s+keinen\s+umständen|keinesfalls|"
    r"hiçbir\s+(?:şekilde|koşulda|surette)|asla)(?!\w)"
    r"|(?:^|[?!.:;,]\s*)(?:no|nie|non|não|nein|nee|hayır|non)\s*[,.!]?\s*(?:never|nigdy|mai|nunca|"
    r"jamais|jamás|niemals|nie|asla)\s*[.!]*\s*$"
    r"|(?:^|[,;:]\s*|\b(?:quindi|dunque|perciò|e|ma|però|so|então|entonces|donc)\s+)"
    r"(?:niente|nada\s+de|zero)\s+(?!(?:di|da|male|paura|problema|de\s+nada)\b)\w{3,}"
    # ... "no X" opening the sentence: "Żadnych lotów przed 8 rano, …", "Keine Flüge vor 8
    # Uhr.", "Ningún vuelo antes de las 8.", "Aucun vol avant 8 h.", "Žádné ubytování s
    # palandami …", "Geen startvak voor half negen" (not "Kein Problem.", "Geen zorgen.")
    r"|^\W*(?:żadnych|żadnego|żadnej|keine?n?|ningún|ninguna|aucune?|žádn[áéýíou]\w*|žiadn\w+|"
    r"κανέν[αο]ς?|καμία|geen)\s+"
    r"(?!(?:problem\w*|sorge\w*|ahnung|idea|idee|idée|souci|soucis|problema|problème|sprawy|"
    r"pojęcia|ursache|de\s+nada|zorgen|dank|probleem|problém\w*|πρόβλημα)\b)\w{3,}"
    r"|絶対に|決して"
)


# What a thing must have or be, said of it ("Hotel musi mieć basen dla dzieci, …", "La sala
# deve avere l'aria condizionata.", "O voo tem que ser direto.", "Das Hotel muss einen Pool
# haben."; R41-R1's travel_pl): a requirement, though it orders no one
_MUST_HAVE = re.compile(
    r"(?i)\b(?:musi|muszą|deve|devono|debe|deben|tiene\s+que|tienen\s+que|tem\s+que|têm\s+que|"
    r"doit|doivent|muss|müssen)\s+(?:\w+\s+){0,3}?(?:mieć|być|avere|essere|ter|ser|estar|tener|"
    r"avoir|être|haben|sein)(?!\w)"
    r"|\b\w+\s+(?:olmalı|olmalıdır|olması\s+(?:lazım|şart|gerek))(?!\w)"
)


def banned_outright(said: str) -> bool:
    """Whether ``said`` bans something by its emphasis alone, in any of the languages of
    :data:`_BANNED_OUTRIGHT` ("Sotto nessun pretesto `terraform destroy`.", "`git push
    --force` na main? Nie, nigdy."): a rule, though it names no verb or the verb is in the
    question before it.

    >>> banned_outright("`git push --force` na main? Nie, nigdy."), banned_outright("Nie wiem.")
    (True, False)
    >>> banned_outright("Mia cognata è celiaca, quindi niente glutine in nessuna portata.")
    True
    >>> banned_outright("Non ho fatto niente di male.")
    False
    """
    return _BANNED_OUTRIGHT.search(said) is not None


# Bans said as orders in languages whose denials :mod:`..lexicon.negation` reads (Hindi in
# Latin letters, "nahi" and "mat" before a verb; Czech and Slovak "ne-" verbs) but whose
# imperative the rule patterns do not: "kabhi bhi test mein use mat karna", Czech's negative
# imperative glued to its verb ("Faktury … neřeš", "neposílej nic"), "nesmí"
_UNLISTED_BAN = re.compile(
    r"(?i)(?<![^\W\d_])(?:mat\s+(?:\w+\s+)?(?:kar\w*|kijiye|\w+(?:na|ao|o|iye|ein|en))|"
    r"ne[a-záčďéěíňóřšťúůýž]{2,}(?:ej|uj|ij|ěj|š|ž|č|ř|ď|ť|ň|ejte|ujte|ijte|ete)|"
    r"nesm[íě]\w*)(?![^\W\d_])"
    # ... Arabic's "don't" with "and" or "so" glued on ("ولا ترسل …", "فلا تحذف …"), Hebrew's
    # ("ואל תמחק …"; not "ولا تنسَ", don't forget: a task) and its ban by the infinitive ("ולא להריץ …", "אין לגעת …"; not "לא
    # לגמרי", not entirely)
    r"|(?:^|\s)[وف]لا\s+ت(?!نس)[\u0621-\u064a]|(?:^|\s)ואל\s+ת[\u05d0-\u05ea]"
    r"|(?:^|\s)ו?(?:לא|אין)\s+ל(?!גמרי|פני|כן|מה|בד)[\u05d0-\u05ea]{3,}"
    # ... Japanese's "don't" closing the sentence, no "please" after it ("…を消さないで。")
    r"|ないで(?:ね|よ|くれ|ほしい|欲しい)?[。！!]*\s*$"
)
# A modal of a ban, and "I don't want", in the languages the lexicon's rule patterns do not
# read them in: "mag niet", "δεν πρέπει", "Δεν θέλω", "Tôi không muốn", "nechci", "ik wil
# geen", "nahi chahiye" (what the user does not want is a limit of the work)
_MODAL_DENIAL = re.compile(
    r"(?i)(?<![^\W\d_])(?:(?:mag|mogen|mocht|kan|kunnen|moet|moeten|wil|willen)\s+(?:\S+\s+){0,3}?"
    r"(?:niet|geen|nooit)|δεν\s+(?:πρέπει|θέλω|θέλουμε|επιτρέπεται|γίνεται)|"
    r"không\s+(?:muốn|được|nên)|nechc[ie]\w*|nahi\s+chahi\w*|nahin\s+chahi\w*)(?![^\W\d_])"
)
# "never" and "at all" in the languages whose rule patterns do not read them beside a
# denial: "nikdy neposílej nic", "δεν δουλεύει ποτέ Κυριακή", "nooit", "bilkul nahi",
# "kabhi bhi … mat"; in a sentence that denies, they make it a standing ban, not a status
_EVER = re.compile(
    r"(?i)(?<![^\W\d_])(?:nikdy|nikdá|ποτέ|κανέναν|nooit|kabhi|kabhī|bilkul)(?![^\W\d_])"
    r"|절대|千万|绝对|絕對|永远|永遠|không\s+bao\s+giờ|tuyệt\s+đối"
)


# a number as said: "30", "18,400", "9:30", "3.5", "-5"
_SAID_NUMBER = re.compile(r"(?<![^\W\d_])[-+]?\d+(?:[.,:]\d+)*(?![^\W\d_])")
# what may stand between the number turned down and the denial after it: a particle ("se")
_BESIDE = 2


def denies_a_number(sentence: str) -> bool:
    """Whether ``sentence`` names two numbers and denies one of them where it stands, in any
    language whose denials :mod:`..lexicon.negation` reads ("timeout 30 second chahiye, 10
    nahi", "GSTIN 09 se shuru hota hai, 07 se nahi", "X is 12, not 14"): the "X, not Y" of a
    correction, whatever its words.

    >>> denies_a_number("Galti se bola tha, timeout 30 second chahiye, 10 nahi.")
    True
    >>> denies_a_number("We moved 30 boxes, not bad for 2 people."), denies_a_number("Not 3.")
    (False, False)
    """
    numbers = {m.group() for m in _SAID_NUMBER.finditer(sentence)}
    if len(numbers) < 2 or asks(sentence):
        return False
    tokens = sentence.replace(",", " , ").split()
    for k, token in enumerate(tokens):
        word = token.strip(".!;:()\"'")
        if not word or not denial(word):
            continue
        # (the number right after the denial, "not 41", or before it, "07 se nahi"; not "ne
        # aveva 256", Italian's "of it")
        after = tokens[k + 1 : k + 2]
        before = [t for t in tokens[max(0, k - _BESIDE) : k] if t != ","]
        if any(_SAID_NUMBER.match(t) for t in after) or any(_SAID_NUMBER.search(t) for t in before):
            return True
    return False


def denies_as_an_order(sentence: str) -> bool:
    """Whether the user's own ``sentence`` sets a ban by the shape of its denial, in any
    language whose denials :mod:`..lexicon.negation` reads, though no rule pattern of that
    language reads it: a ban glued to its verb or written in Latin-letter Hindi
    (:data:`_UNLISTED_BAN`), a modal of a ban or "I don't want" (:data:`_MODAL_DENIAL`), or
    a denial with "never" or "at all" beside it (:data:`_EVER`: "nikdy neposílej nic", "δεν
    δουλεύει ποτέ", "nahi hoga, bilkul nahi"). (Not any denial opening a clause: "No idea
    why it broke.", "Không có lỗi nào trong log." are statuses; nor two denials, which
    French, Italian, Swedish say of any status: "Ça ne marche pas", "Non ho fatto niente".)

    >>> denies_as_an_order("A prosím tě nikdy neposílej nic přímo na finanční úřad, jen účetní.")
    True
    >>> denies_as_an_order("Production Razorpay keys kabhi bhi test mein use mat karna")
    True
    >>> denies_as_an_order("Η Ελένη δεν δουλεύει ποτέ Κυριακή, το έχουμε συμφωνήσει.")
    True
    >>> denies_as_an_order("Ne, raději autobusem."), denies_as_an_order("The yoga mat is blue.")
    (False, False)
    >>> denies_as_an_order("Non ho fatto niente di male."), denies_as_an_order("No idea why.")
    (False, False)
    """
    if _UNLISTED_BAN.search(sentence) or _MODAL_DENIAL.search(sentence):
        return True
    return _EVER.search(sentence) is not None and (denial(sentence))


def ordered_by_mood(sentence: str) -> bool:
    """Whether the user's own ``sentence`` sets a ban or a standing preference by its
    verb's mood, in languages the rule patterns do not read word by word: a prohibitive
    where an order is, opening a clause or closing it (``lexicon.intent.PROHIBITIVE_OPENING``,
    ``PROHIBITIVE_CLOSING``), or "always"/"never" said of how to work
    (``STANDING_ADVERB``). (A question is asked first: ``is_rule``.)

    >>> ordered_by_mood("Peidiwch ag anfon dim byd cyn i mi ei gymeradwyo.")
    True
    >>> ordered_by_mood("Hori atzera botatzen dut: berriro, ez bidali ezer.")
    True
    >>> ordered_by_mood("Не работи серверот по ажурирањето."), ordered_by_mood("Ez dakit zergatik.")
    (False, False)
    """
    return prohibits_by_mood(sentence) or STANDING_ADVERB.search(sentence) is not None


def prohibits_by_mood(sentence: str) -> bool:
    """The bans of :func:`ordered_by_mood`: a prohibitive where an order is."""
    return bool(PROHIBITIVE_OPENING.search(sentence) or PROHIBITIVE_CLOSING.search(sentence))


def _rule_words(sentence: str) -> bool:
    sentence = _DESCRIBED.sub(" ", sentence)  # "82567 rows that were never reconciled"
    if banned_outright(sentence) or _MUST_HAVE.search(sentence):
        return True
    if denies_as_an_order(sentence) or denies_a_number(sentence) or ordered_by_mood(sentence):
        return True
    if turned_down_value(sentence) is not None:  # "Nahi, Helm nahi, Kustomize better rahega."
        return True
    if chooses_over(sentence):  # "Load the modules lazily, and not eagerly at startup."
        return True
    if is_correction(sentence) or _RETRACTS.search(sentence) or _MORE_RULES.search(sentence):
        return True
    if swaps_value(sentence) or corrects_value(sentence) or orders_steps(sentence):
        return True
    if conditional_rule(sentence) or _forbids_named(sentence) or contrasts_values(sentence):
        return True
    if limited_to_a_condition(sentence) or firm_or_held_back(sentence):
        return True
    if excepted_rule(sentence):
        return True
    if _HOW_RULES.search(sentence) or _SETTING.search(sentence):
        return True
    if _WITHOUT_CHANGING.search(sentence):
        return True
    if _NOT_SO.search(sentence) and _UNSPACED_CONTRAST.search(sentence):
        return True
    if chooses_instead(sentence) or _not_that_one(sentence):
        return True
    if not is_constraint(sentence):
        return False
    return not _NEED.search(sentence) or is_constraint(_NEED.sub(" ", sentence))


# a list item of a pasted file ("- Do not edit anything under src/generated/ by hand.",
# "2. Never hand-edit files in Generated/"); not a diff's, whose "- " lines are removed ones
_LIST_ITEM = re.compile(r"(?m)^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(\S[^\n]*)$")
_DIFF = re.compile(r"(?m)^(?:@@ |\+\+\+ |--- |diff --git )")


def pasted_rules(text: str) -> list[str]:
    """The rules listed in what a user turn pasted (its CONTRIBUTING.md, the team's rules
    from a wiki), one per list item: a paste says no sentence of the user's
    (:func:`.facts.without_paste`), but the rules the user brought to follow bind as theirs
    do; not a document the user asks to check, translate or summarise (R23-R6)."""
    said = without_code(text)
    own = without_paste(said)  # what the user said of the paste: its rules bind, or are reviewed
    if not PASTE_ADOPTED.search(own) or PASTE_REVIEWED.search(own):
        return []
    shown = said[len(own) :]
    out: list[str] = []
    for part in [*fenced_blocks(text), shown]:
        if _DIFF.search(part):
            continue
        out += [
            item.strip()
            for item in _LIST_ITEM.findall(part)
            if word_count(item) >= 3 and is_rule(item.strip())
        ]
    return out


# the user saying where what she pastes comes from ("Eles me mandaram isso:", "Linia
# przysłała mi regulamin taryfy:", "模試の注意事項をもらいました。", "Ho trovato questa
# ricetta su un blog", "Şirketin BT politikası bu", "The landlord sent this:")
_SENT_TO_HER = re.compile(
    r"(?i)(?<!\w)(?:sent|forwarded|received|got\s+this|found\s+this|found\s+these|pasting|"
    # ... or says she copies it in: "Ti copio un pezzo del regolamento condominiale:"
    r"copio|incollo|copiato|incollato|copie|colle|kopiuję|wklejam|kopyalıyorum|yapıştırıyorum|"
    r"here'?s\s+what\s+(?:they|he|she)|"
    r"mandaram|mandou|enviaram|enviou|recebi|encontrei|me\s+mandaron|me\s+envi[óo]|"
    r"me\s+enviaron|recib[íi]|encontr[ée]|on\s+m['’]a\s+envoyé|j['’]ai\s+reçu|j['’]ai\s+trouvé|"
    r"m['’]a\s+envoyé|geschickt|geschickt\s+bekommen|bekommen|gefunden|weitergeleitet|"
    r"mi\s+hanno\s+mandato|mi\s+ha\s+mandato|ho\s+ricevuto|ho\s+trovato|inoltrato|"
    r"przysłał\w*|przesłał\w*|dostał\w*|otrzymał\w*|znalazł\w*|"
    r"gönderdi\w*|gönderil\w*|geldi|buldum|politikası\s+bu|politikasi\s+bu)(?!\w)"
    r"|もらいました|貰いました|届きました|見つけました|送られてきました|来ました"
    # ... in Hindi-English, Chinese, Vietnamese, Greek, Czech, Dutch, Korean ("CA sahab ne
    # WhatsApp pe ye bheja hai", "我在论坛上看到这个帖子", "tin nhắn Zalo của chủ nhà",
    # "Σου επικολλώ …", "Tohle nám poslala ředitelka", "Dit kregen we van de gemeente")
    r"|(?<!\w)(?:bheja|bheji|bheje|forward\s+kiya|tin\s+nhắn|gửi\s+cho|chuyển\s+tiếp|"
    r"επικολλώ|έστειλ\w*|προώθησ\w*|poslal\w*|přeposl\w*|vkládám|stuurde\w*|gestuurd|"
    r"doorgestuurd|kregen|gekregen|ontvangen)(?!\w)|看到这个|看到这篇|发来|转发|发给我|보내\w*|받았\w*|왔는데"
)
# a line of a transcript, said by someone named: "[9:32] CA Gupta ji: …", "6楼 老王：…",
# "Anh Tuấn (chủ nhà): …" (the speaker, before a colon, in a few words)
_SPEAKER_LINE = re.compile(
    r"^[ \t]*(?P<stamp>\[[^\]\n]{1,24}\][ \t]*|\d{1,4}[ \t]*楼[ \t]*)?"
    r"(?P<who>[^\W\d_][^:：\n]{0,40}?)[ \t]*[:：][ \t]*\S"
)
_SPEAKER_WORDS = 5
_SPOKEN_LINES = 3


def said_by_others(text: str) -> bool:
    """Whether ``text`` pastes a transcript: three lines or more, half its lines or more,
    each said by a speaker it names ("[9:32] CA Gupta ji: Cash mein … mat karna.", "6楼 老王：
    千万别升级…", "Chủ nhà Hương: Không được …"), a time or a floor stamped on them or two
    speakers or more, one of them speaking again: what others said, not her own words,
    whatever its orders (R42-R8). A list of her own under labels ("Rule: …" again and again)
    names no two speakers.

    >>> said_by_others("Look:\\n[9:32] CA: No cash.\\n[9:40] CA: File by 20th.\\n[9:41] CA: Keep bills.")
    True
    >>> said_by_others("Rule: never push.\\nRule: sign commits.\\nRule: no force.")
    False
    """
    lines = [ln for ln in text.splitlines() if ln.strip()]
    spoken = [
        m for m in map(_SPEAKER_LINE.match, lines) if m and len(m["who"].split()) <= _SPEAKER_WORDS
    ]
    if len(spoken) < _SPOKEN_LINES or 2 * len(spoken) < len(lines):
        return False
    speakers = [m["who"].strip().casefold() for m in spoken]
    stamped = sum(m["stamp"] is not None for m in spoken) >= _SPOKEN_LINES
    return stamped or (len(set(speakers)) >= 2 and len(set(speakers)) < len(speakers))


# a line of a paste: a list's, a quote's, a clause's or a section's mark opening it
_PASTED_LINE = re.compile(r"^[ \t]*(?:[-*•・>§]|\d{1,3}[.)]|\(\w\)|[A-Za-z][.)]\s)")


def someone_elses(text: str, beside: Sequence[str]) -> bool:
    """Whether the list a user turn pastes is someone else's by what she says beside it
    (``beside``, else the turn's lines that are no list's, quote's or clause's): she asks
    about it ("…, che ne dici?", "Czy coś z tego nas dotyczy?", "これって本番も同じですか？"),
    says where it came from (:data:`_SENT_TO_HER`), or quotes it ("> …"); and she does not
    adopt it ("Follow these:", :data:`PASTE_ADOPTED`). A list with no such words ("A few
    things for this job:" and five rules) is hers.

    >>> someone_elses("Eles me mandaram isso:\\n> Favor não responder.", [])
    True
    >>> someone_elses("A few things for this job:\\n1. Never touch prod.", [])
    False
    """
    said = list(beside) or [
        ln for ln in text.splitlines() if ln.strip() and not _PASTED_LINE.match(ln)
    ]
    words = " ".join(said)
    if PASTE_ADOPTED.search(words):
        return False
    quoted = sum(ln.lstrip().startswith(">") for ln in text.splitlines()) >= 2
    return (
        quoted
        or said_by_others(text)
        or "?" in words
        or "？" in words
        or _SENT_TO_HER.search(words) is not None
    )


# a line announcing the rules a list under it gives: "Here are the house rules for this
# queue:", "Rules for today, please stick to them:", "Ground rules:" (its own line, a colon
# ending it)
_RULES_HEAD = re.compile(
    r"(?i)\b(?:rules?|guidelines?|polic(?:y|ies)|constraints?|conventions?|"
    r"do'?s\s+and\s+don'?ts|regeln|reglas|règles|regole|regras|regels)\b"
)
_HEAD_BYTES = 160
# a list item's marker: "- ", "* ", "• ", "1. ", "2) "
LIST_MARK = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(?=\S)")


def listed_rules(text: str) -> list[str]:
    """The items a user lists under a line announcing them as rules, each binding whatever
    its shape: a rule with the exception the user wrote after an arrow ("Store credit for
    damaged items -> later: only if the customer asks for it") is one all the same.

    >>> listed_rules("House rules:\\n- Refunds over $150 -> escalate to Dana\\n• no emoji\\nThanks!")
    ['Refunds over $150 -> escalate to Dana']
    """
    if ":" not in text or "\n" not in text:  # (most turns list nothing: one look)
        return []
    lines = text.splitlines()
    head = next(
        (
            k
            for k, line in enumerate(lines)
            if line.rstrip().endswith(":") and len(line) <= _HEAD_BYTES and _RULES_HEAD.search(line)
        ),
        None,
    )
    if head is None:
        return []
    out: list[str] = []
    for line in lines[head + 1 :]:
        if not line.strip():
            continue
        mark = LIST_MARK.match(line)
        if mark is None:
            if out:
                break  # the list ended
            continue
        item = line[mark.end() :].strip()
        if word_count(item) >= 3:
            out.append(item)
    return out


_LEFT = stems_at_word_start(LEFT_STEMS)
_MOVED = stems_at_word_start(MOVED_STEMS)
_OWNER = stems_at_word_start(OWNER_STEMS)
# a handle, or a name of two capitalised words ("@adi08", "Grace Okafor")
_PERSON = re.compile(r"@[\w.-]*[^\W_]|(?<!\w)[^\W\d_a-z][^\W\d_]+[ -][^\W\d_a-z][^\W\d_]+")


def hands_over(sentence: str) -> bool:
    """A person said to have left, and someone named after to turn to ("@rahul08 has left
    the company, so send any questions to @adi08 from now on.", "@oksana04 şirketten
    ayrıldı, bundan sonra … @radu04 kişisine gönder."), or a person put in charge ("From
    today @sanna07 takes over the pricing rules from @ilona07.", "今日から…は@keiko15が担当
    します。"): who to ask is a standing rule."""
    left = _LEFT.search(sentence) or _MOVED.search(sentence)
    if left is not None and _PERSON.search(sentence, left.end()) is not None:
        return True
    return _put_in_charge(sentence) or _named_owner(sentence) or _named_twice(sentence)


# a handle and an owner word at most three words apart, in either order
_NEAR = 3
# (ASCII only: in "@lena42が担当します" the handle ends before the Japanese)
_HANDLE = re.compile(r"@[A-Za-z0-9._-]*[A-Za-z0-9]")
_HANDLE_ADDRESSED = re.compile(r"\s*[,:]")  # "@kim22, add …": the handle is spoken to


def _put_in_charge(sentence: str) -> bool:
    """A person, by handle, said to own or take over something ("@lena42 is the owner now",
    "… @keiko15が担当します"); not a request that only names an owner ("Add an owner column
    to the Sales Report table.", "@kim, add an owner field": R24-R2)."""
    owner = [m.span() for m in _OWNER.finditer(sentence)]
    if not owner:
        return False
    for handle in _HANDLE.finditer(sentence):
        if _HANDLE_ADDRESSED.match(sentence, handle.end()) and not sentence[: handle.start()].strip(
            " \t\"'"
        ):
            continue  # "@kim22, add an owner field …": who is asked, not who owns
        for start, end in owner:
            between = (
                sentence[handle.end() : start]
                if handle.end() <= start
                else sentence[end : handle.start()]
            )
            if word_count(between) <= _NEAR:
                return True
    return False


# a person's name: one capitalised word of lower-case letters, in any cased script ("Dana",
# "Дана", "Ómar")
_NAME = re.compile(r"(?<![\w@'’-])[^\W\d_a-z][^\W\d_A-Z]{2,}(?![\w-])")
_OWNER_AFTER = 2  # words between the name and its owner word: "Dana è la proprietaria"


def _named_owner(sentence: str) -> bool:
    """A person, by name, said to own something, the name before the owner word ("Dana
    jest właścicielką modułu billing; zapytaj ją …", "Dana ist zuständig für das
    Billing-Modul; frag sie …"): who to ask is a standing rule. A name opening the sentence
    counts only with a clause after (what to do about it): a request's verb opens a sentence
    capitalised as well ("Dodaj kolumnę właściciel do tabeli."). Not asked, not a request."""
    if asks(sentence) or is_request(sentence):
        return False
    for owner in _OWNER.finditer(sentence):
        before = sentence[: owner.start()].split()[-(_OWNER_AFTER + 1) :]
        for word in before:
            if not _NAME.fullmatch(word.strip(",:;")):
                continue
            opening = sentence.lstrip(" \t\"'").startswith(word)
            if not opening or _CLAUSE_BREAK.search(sentence, owner.end()):
                return True
    return False


def _named_twice(sentence: str) -> bool:
    """A person named, then named again in a later clause of the same sentence, in any
    language: "Mugisha ashinzwe deploy; baza Mugisha mbere yo …" (M. is in charge of the
    deploy; ask M. before …) says who owns it and who to ask, a standing rule, said of a
    path or a module's name. The second name may carry a case ending ("Азат …; … Азаттан
    һора"); it does not open its clause. Not asked, no number (a status: "Redis fell over
    twice; Redis restarted at 9:40"), none without a path or code named (German capitalises
    its nouns: "Der Server hängt; starte den Server neu.")."""
    if asks(sentence) or re.search(r"\d", sentence):
        return False
    first_break = _CLAUSE_BREAK.search(sentence)
    if first_break is None:
        return False
    head, rest = sentence[: first_break.start()], sentence[first_break.end() :]
    if not _names_code(rest):
        return (
            False  # (what to ask the person about comes after: not "P came by src/api/, P said …")
        )
    named = {m.group() for m in _NAME.finditer(head)}
    for later in _NAME.finditer(rest):
        if not _CLAUSE_BREAK.split(rest[: later.start()])[-1].strip():
            continue  # (it opens its clause)
        if any(_same_name(n, later.group()) for n in named):
            return True
    return False


def _same_name(name: str, said: str) -> bool:
    """Whether ``said`` is ``name`` again, maybe inflected: a case ending added ("Азат",
    "Азаттан") or put in place of the last letters ("Marcus", "Marcum")."""
    pairs = zip(name, said, strict=False)  # (up to the shorter's end)
    shared = next((k for k, (a, b) in enumerate(pairs) if a != b), min(len(name), len(said)))
    return shared >= max(3, len(name) - 2)


# A word a person's name may be made of, or a handle ("@grazia"); a name's letters may
# carry combining accents (Yoruba "Adébáyọ̀"), its words may be joined by an apostrophe or a
# hyphen ("Pinna's", "Jean-Luc")
_NAME_WORD = re.compile(
    rf"@[\w.-]*[^\W_]|(?:[^\W\d_]|[{WORD_MARKS}])+(?:['’-](?:[^\W\d_]|[{WORD_MARKS}])+)*"
)
_NAME_PREFIX = 3  # letters of a class or possessive prefix glued on: Shona "raTendai Moyo"


def _capitalised(word: str) -> bool:
    """A capital letter, then small letters only, in any script with case ("Rojda",
    "Кузнецовонь"; not "тев", not Ethiopic "ስራሕ", which has no case), maybe after a short
    prefix in small letters ("raTendai")."""
    first = next(
        (
            k
            for k, c in enumerate(word)
            if c.isupper() and (not k or _capital_inside(word[k - 1], c))
        ),
        None,
    )  # (not the palochka inside a word: "бикӀуль" has no prefix "бик" before a capital)
    return (
        first is not None
        and first <= _NAME_PREFIX
        and (first == 0 or word[:first].islower())
        and not any(_capital_inside(a, c) for a, c in pairwise(word[first:]))
        and len(word) - first >= 2
    )


def _capital_inside(before: str, letter: str) -> bool:
    """Whether ``letter``, after ``before`` inside a word, is a capital that breaks the
    word's small letters; not the palochka the Caucasian alphabets write in capitals in
    any word ("ПатӀимат", "ХIажиева": Latin I standing for it after a Cyrillic letter)."""
    if not letter.isupper() or _palochka(letter):
        return False
    return not (letter == "I" and not before.isascii())


def _palochka(letter: str) -> bool:
    """Whether ``letter`` is the palochka, a capital in any word of the Caucasian alphabets
    ("бикӀуль" is no name with a prefix "бик")."""
    return "PALOCHKA" in unicodedata.name(letter, "")


def _person_names(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names a person by a full name - two or more capitalised words in a
    row, in any script with case ("Grazia Pinna", "Rojda Aydın", "Олег Кузнецовонь") - or
    by a handle ("@grazia")."""
    spans: list[tuple[int, int]] = []
    run: list[re.Match[str]] = []
    for word in [*_NAME_WORD.finditer(text), None]:
        joined = (
            word is not None
            and bool(run)
            and not text[run[-1].end() : word.start()].strip()
            and not _glued_area(run[-1].group())  # ("Deploy-ли Расул …": a label, then the name)
        )
        if word is not None and _capitalised(word.group()) and (joined or not run):
            run.append(word)
            continue
        if len(run) >= 2:
            spans.append((run[0].start(), run[-1].end()))
        run = [word] if word is not None and _capitalised(word.group()) else []
        if word is not None and word.group().startswith("@"):
            spans.append(word.span())
    return spans


# where the area's clause ends and what to do about it begins: a colon, a semicolon, a dash
_OWNER_BREAK = re.compile(r":\s+|[;；፤]\s*|\s+[-–—]{1,2}\s+")
_OWNER_RULE_WORDS = (2, 14)  # "mufunseni kaye" (ask him first) … a whole ban with its reason


def names_owner_once(sentence: str) -> bool:
    """Whether ``sentence`` names an area's owner once (:func:`owner_area`)."""
    return bool(owner_area(sentence))


def owner_area(sentence: str) -> str:
    """The area (the words before the name) of an area, then a person named once by a full name or a handle, then, after a colon,
    a semicolon or a dash, a clause of its own naming no one and no number - what to do
    about them: "The deploy is Grazia Pinna's business: without her permission don't send
    anything to production.", "Long infra/prod/, hem i wok blong Jenny Kalsakau: yu mas
    askem hem fastaem …". The area comes first and the name ends its clause (at most
    :data:`_OWNER_NAME_LAST` words after it): a story opens with its teller ("Maria Rossi
    wrote this morning: the printer works again."). The caller asks whether the assistant
    took it as a rule. Not asked, no number (a report: "Tom Baker fixed it: 3 tests pass");
    "" when there is no such shape. The area may also be a label before the name's clause
    ("Deploy: Amina Bello is responsible; …"), or come after a name opening its clause: a
    path in their care, or a system's name in Latin capitals ("Musa Danjuma shi ne mai
    amsa wa DNS; …") - :func:`owner_by_shape`."""
    return _owner_said(sentence)[0]


def owner_by_shape(sentence: str) -> bool:
    """Whether ``sentence`` names an owner (:func:`owner_area`) by a shape no story has:
    the area as a label opening the sentence ("Deploy: <name> …; <what to do>"), or named
    after the person who opens the clause ("<name> … DNS; <what to do>"), not a teller
    after an opening phrase ("This morning Maria Rossi wrote: …")."""
    return _owner_said(sentence)[1]


def _owner_said(sentence: str) -> tuple[str, bool]:
    """:func:`owner_area`'s area, and whether the shape alone names the owner
    (:func:`owner_by_shape`)."""
    if asks(sentence) or _SAID_NUMBER.search(sentence) or _STATUS.search(sentence):
        return "", False
    cut = _OWNER_BREAK.search(sentence)
    if cut is None:
        return _owner_alone(sentence)
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    label = ""
    if (
        cut.group().startswith(":")
        and word_count(head) <= _AREA_LABEL_WORDS
        and not _person_names(head)
        and (again := _OWNER_BREAK.search(rest)) is not None
    ):
        # (the area as a label, the owner's clause after it: "Deploy: Amina Bello is
        # responsible; nothing goes to production without her approval.")
        label, head, rest = head, rest[: again.start()], rest[again.end() :]
    elif (again := _OWNER_BREAK.search(rest)) is not None and _only_a_name(head):
        # (the name alone, then its area and what to do: "Patimat Alieva — DNS-di
        # jawabdar; ask her first.")
        head, rest = f"{head} {rest[: again.start()]}", rest[again.end() :]
    paths = [f.value for f in extract_claims(head) if f.kind == "path"]
    names = _person_names(head) or (_first_name(head) if paths else [])
    # (no one else named after: its opening word may be capitalised, "…: Ask her first.")
    later = _NAME_WORD.findall(rest)[1:]
    low, high = _OWNER_RULE_WORDS
    if (
        len(names) != 1
        or any(_capitalised(w) or w.startswith("@") for w in later)
        or not low <= word_count(rest) <= high
    ):
        return "", False
    area, after = head[: names[0][0]], head[names[0][1] :]
    opens = word_count(area) <= _BEFORE_NAME  # (after a particle: Hawaiian "ʻO Leilani …")
    if label:
        return (label.strip(), True) if opens and not _told_as_done(after) else ("", False)
    in_care = " ".join(p for p in paths if p in after)
    if in_care and not any(p in area for p in paths):
        # (the name first, then the path in their care: "Aminu Bello ne ke kula da
        # src/billing/; …" - a path, not a time nor a verb of telling: "This morning Maria
        # Rossi wrote: …")
        return in_care, word_count(area) == 0
    labelled = _glued_area(area.strip())
    if labelled and word_count(after) <= _OWNER_NAME_LAST and not _told_as_done(after):
        # (the area as a label glued to its case ending, then the person: "Deploy-ли Расул
        # Гъамзатов жавабдар сай; …" reads as "Deploy: <name> is responsible; …")
        return labelled, True
    if word_count(area) >= 1 and word_count(after) <= _OWNER_NAME_LAST:
        return area, False
    if not opens or _told_as_done(after):
        return "", False  # (a story: "Omar Haddad fixed DNS yesterday; the zone …")
    systems = " ".join(_areas_after_name(after))
    if systems or not is_rule(rest):
        return systems, bool(systems)
    # (an area in small letters after the name and a rule the words read, "Ramón Giménez
    # oñangareko billing rehe; ask him before touching the invoices.": the caller asks
    # whether the record works on it)
    return " ".join(_SMALL_AREA.findall(after)), False


_AREA_LABEL_WORDS = 3  # "Deploy:", "The DNS zone:": an area said as a label
# a name in Latin small letters a call may work on ("billing", "deploy", "billing" of
# "billing-ду"), of 4 letters or more: a short word of the user's language is none
_SMALL_AREA = re.compile(r"(?<![\w./#-])[a-z][a-z0-9_]{3,}(?![\w./])")
# a verb of English in its past, as a story tells work done ("merged", "repaired")
_PAST_WORK = re.compile(r"(?<!\w)[a-z]{2,}ed(?!\w)")  # ("ali-merged" too)


# a word in Latin letters with a case ending glued on by a hyphen or an apostrophe, as a
# language declines the name of a system it borrows ("Deploy-ли", "billing-ыл", "DNS-manta",
# "ETL'ye"): the stem, of 3 letters or more; the ending, a few small letters of any script
_GLUED = re.compile(r"([A-Za-z][A-Za-z0-9_]{2,})['’-]((?:[^\W\d_]|[" + WORD_MARKS + r"]){1,6})")
_GLUED_NEAR = 2  # words after the name the area glued to its ending comes in: "<name> billing-ли …"
_ALONE_AFTER = 4  # words after the name in an owner's sentence alone: "<name> moo yor ETL bi."


def _glued_area(word: str) -> str:
    """The area ``word`` names when it is a name in Latin letters with a case ending glued on
    ("Deploy-лъи" is "Deploy", "billing-manta" is "billing"); "" for any other word, as a
    double name is ("Jean-Luc")."""
    glued = _GLUED.fullmatch(word.strip(",.;:!?"))
    if glued is None or not all(c.islower() or _palochka(c) for c in glued[2] if c.isalpha()):
        return ""
    return glued[1]


def _areas_after_name(after: str) -> list[str]:
    """The areas the words after a person's name give: systems in Latin capitals ("DNS",
    "ETL"), and a name glued to a case ending among the first words of a clause as short as
    an owner's, the area and its owner word ("<name> billing-ли жавабдар сари; …"; a story
    says more: "<name> billing-ти дүүн эдеп каан; …")."""
    near = after.split()[:_GLUED_NEAR] if word_count(after) <= _OWNER_NAME_LAST else []
    glued = [area for area in map(_glued_area, near) if area]
    return list(dict.fromkeys([*_CAPITAL_NAME.findall(after), *glued]))


# the most words of a sentence that only says who owns an area, by their full name and the
# area in the user's words around it ("Si Ramon Villanueva ang nagdumala sa billing nga parte.")
_OWNER_SHORT_WORDS = 9
# a word in Latin letters a call's path may name: "etl", "billing" of "tal-billing" or
# "billing-partinum" too
_LATIN_PIECE = re.compile(r"[A-Za-z][a-z0-9_]{2,}")


def areas_of_a_short_owner(sentence: str) -> list[str]:
    """The areas (case-folded) a short sentence that names one person by their full name
    may say that person owns, whatever the words of its language around them ("Tom Okafor
    handles the billing part.", "Sri Wahyuni sing ngurusi bagean billing.", "Deploy bi,
    Moussa Ndiaye moo ko moom."): its other words in Latin letters, cut at a hyphen or an
    apostrophe gluing on a case ending or an article. The caller asks whether the record's
    calls name one. [] when asked, a request, a number, a path or a command is said, a
    story told in English words ("Tom Okafor merged the billing fix."), or a clause after
    the person's (an owner with a rule after is :func:`owner_area`'s)."""
    if word_count(sentence) > _OWNER_SHORT_WORDS or len(names := _person_names(sentence)) != 1:
        return []
    if (
        asks(sentence)
        or is_request(sentence)
        or _SAID_NUMBER.search(sentence)
        or _STATUS.search(sentence)
        or any(f.kind in ("path", "command") for f in extract_claims(sentence))
    ):
        return []
    start, end = names[0]
    rest = f"{sentence[:start]} {sentence[end:]}"
    if _told_as_done(rest) or _CLAUSE_BREAK.search(sentence, end):
        return []  # (a story goes on after the person: "Juma Ali alirekebisha export jana; …")
    pieces = (p for w in rest.split() for p in re.split(r"['’-]", w.strip(".,;:!?")))
    return [p.casefold() for p in pieces if _LATIN_PIECE.fullmatch(p)]


def _owner_alone(sentence: str) -> tuple[str, bool]:
    """A sentence that only says who owns an area, nothing after it to do: a person's full
    name opening it, then a few words with the area - a system in Latin capitals or a name
    glued to its case ending ("Зайнаб Алиева ETL-ли жавабдар сари.", "<name> moo yor ETL
    bi.") - and no path, command, value or other clause: (the area, True); else ("", False).
    A story told in English words ("Omar Haddad restarted the ETL.") is none."""
    names = _person_names(sentence)
    if len(names) != 1 or word_count(sentence[: names[0][0]]) or _CLAUSE_BREAK.search(sentence):
        return "", False
    after = sentence[names[0][1] :]
    areas = _areas_after_name(after)
    if (
        not areas
        or word_count(after) > _ALONE_AFTER
        or _told_as_done(after)
        or any(f.kind in ("path", "command") for f in extract_claims(after))
    ):
        return "", False
    return " ".join(areas), True


# an area said as a label before a comma, then its owner: "Deploy, <name> …" - one word in
# Latin letters, as a system's name is borrowed
_COMMA_LABEL = re.compile(r"^\W*([A-Za-z][\w-]{2,}),\s+")


def owner_after_comma_label(sentence: str) -> str:
    """The area when ``sentence`` only says who owns it, the area a one-word label in Latin
    letters before a comma, a person's full name right after it and a few words of their
    language ("Deploy, Tendai Moyo ndiye ane basa racho."): no path, command, number or
    other clause, no story told in English words. The same shape opens a story on a time
    ("Jiya, Musa Bello …"), so the caller asks whether the record works on the area.

    >>> owner_after_comma_label("Deploy, Mark Hale is responsible.")
    'Deploy'
    >>> owner_after_comma_label("Yesterday, Mark Hale deployed it.")
    ''
    """
    label = _COMMA_LABEL.match(sentence)
    if label is None or asks(sentence) or _SAID_NUMBER.search(sentence):
        return ""
    rest = sentence[label.end() :]
    names = _person_names(rest)
    if len(names) != 1 or rest[: names[0][0]].strip() or _CLAUSE_BREAK.search(rest):
        return ""
    after = rest[names[0][1] :]
    if (
        not 1 <= word_count(after) <= _ALONE_AFTER
        or _told_as_done(after)
        or any(f.kind in ("path", "command") for f in extract_claims(after))
    ):
        return ""
    return label[1]


def _only_a_name(head: str) -> bool:
    """Whether the clause ``head`` is a person's full name and nothing else."""
    names = _person_names(head)
    return len(names) == 1 and not head[: names[0][0]].strip() and not head[names[0][1] :].strip()


def tells_what_someone_did(sentence: str) -> bool:
    """A story: after a label of a few words at most ("Update:"), a clause opening with a
    person's full name and telling, in English words a story in any language borrows, work
    they did ("Update: Omar Haddad merged the fix; CI is green now.", "Juma Ali ali-merged
    fix; …"). News, not a rule nor a request."""
    label = re.match(r"\W*(?:[^\W\d_]+\s+){0,2}[^\W\d_]+:\s+", sentence)
    clause = _OWNER_BREAK.split(sentence[label.end() if label else 0 :], maxsplit=1)[0]
    names = _person_names(clause)
    return (
        bool(names) and not clause[: names[0][0]].strip() and _told_as_done(clause[names[0][1] :])
    )


def _told_as_done(clause: str) -> bool:
    """Whether the clause after a person's name tells work they did, in English words a
    story in any language borrows ("Omar Haddad merged the fix; CI is green now."), not
    what they own ("Nadia Brooks is responsible for DNS; …")."""
    return _PAST_WORK.search(clause) is not None and _OWNER.search(clause) is None


_BEFORE_NAME = 1  # words before a name that opens its clause: a particle, "ʻO Leilani Akana"


def _first_name(head: str) -> list[tuple[int, int]]:
    """Where the clause ``head`` (which names a path) names a person by a first name alone:
    its one capitalised word, not its opening one ("infra/terraform/ ke ya ga Lorato",
    "infra/terraform/ Надянь"); none when more words are capitalised (nouns, as German
    writes them) or there is no such word."""
    words = list(_NAME_WORD.finditer(head))
    capitalised = [w for w in words if _capitalised(w.group()) and not _inside_path(head, w)]
    if len(capitalised) != 1 or capitalised[0] is words[0] or _dated(capitalised[0].group()):
        return []
    return [capitalised[0].span()]


def _dated(word: str) -> bool:
    """Whether ``word`` is a day's or a month's name, as English and the languages the
    recap reads dates in capitalise them ("since Monday", "seit Montag")."""
    folded = word.casefold()
    return folded in DATE_WORDS_ABROAD or folded in _ENGLISH_DATES


_ENGLISH_DATES = frozenset({*DATE_WORDS_ABROAD.values()})


def _inside_path(text: str, word: re.Match[str]) -> bool:
    """Whether ``word`` is a piece of a path or an identifier ("src", "billing" of
    "src/billing/")."""
    start, end = word.span()
    return any(c in "/._" for c in (text[start - 1 : start], text[end : end + 1]) if c)


_OWNER_NAME_LAST = 3  # "… Lalremsiami Hnamte hnathawh a ni:" (is L. H.'s work)


# a value a tool's call can name: a name in Latin letters, a version or a number ("brotli",
# "lz4", "22.11.0"), not the sentence's end after it
_CALL_VALUE = re.compile(r"(?<![\w.+-])(?:[A-Za-z][\w.+-]*[\w+]|\d+(?:\.\d+)*)(?![\w+-])")
_SWAP_OLD_WORDS = 4  # "Node 18 no", "Ku nga ri lz4": the old value and its denial


def swapped_values(sentence: str) -> tuple[frozenset[str], frozenset[str]]:
    """The values a short correction "<old> <denial>, <new>" sets aside and takes up, by
    its shape in any language ("Not lz4, use brotli quality 7." gives ({"Not", "lz4"},
    {"use", "brotli", "quality", "7"}); "Node 18 no — Node 22.11.0." gives ({"18", "no"},
    {"22.11.0"})): a clause of a few words, a break, a short clause naming others. Words of
    the user's language come along: the caller keeps the values the assistant's later calls
    took up in place of the old. Not asked; empty when there is no such shape."""
    cut = _BREAK.search(sentence)
    if cut is None or asks(sentence):
        return frozenset(), frozenset()
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    if word_count(head) > _SWAP_OLD_WORDS or not 1 <= word_count(rest) <= _SWAP_REST_WORDS:
        return frozenset(), frozenset()
    said, then = set(_CALL_VALUE.findall(head)), set(_CALL_VALUE.findall(rest))
    return frozenset(said - then), frozenset(then - said)


_PIN_NEAR = 3  # words between a package's name and its version: "psycopg li ser 3.1.18"
_FULL_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+(?![\w.]*\d)")


def pinned_versions(sentence: str) -> list[tuple[str, str]]:
    """The (name, version) pairs a sentence may pin: a full ``x.y.z`` version, the
    sentence's only number, with each name in Latin letters at most three words before or
    after it ("Fiksa psycopg iha 3.1.18.", "psycopg 3.1.18 चेर धरून दवर."). The caller asks
    whether the assistant then wrote the two together (an install, a lock or requirements
    file). Not asked (a question comparing versions)."""
    version = _FULL_VERSION.search(sentence)
    if version is None or asks(sentence) or len(_SAID_NUMBER.findall(sentence)) != 1:
        return []
    opens = max((b.end() for b in _CLAUSE_BREAK.finditer(sentence, 0, version.start())), default=0)
    ends = _CLAUSE_BREAK.search(sentence, version.end())
    before = _clause_words(sentence[opens : version.start()])
    tail = sentence[version.end() : ends.start() if ends else len(sentence)]
    after = _clause_words(tail)[
        0 if tail[:1].isspace() or not tail else 1 :
    ]  # ("3.1.18-сэ": its case)
    if not _pin_at_clause_edge(before, after):
        return []
    near = [*before[-_PIN_NEAR:], *after[:_PIN_NEAR]]
    names = {n for w in near for n in _LATIN_NAME.findall(w.strip(",:;.!"))}
    return [(n, version.group().lstrip("v")) for n in sorted(names)]


def versions_named(sentence: str) -> list[tuple[str, str]]:
    """The (name, version) pairs a sentence names in any word order: its only number, a full
    ``x.y.z`` version, and each name in Latin letters of its clause, however many words of
    the user's language stand between ("Ka bar httpx a kan sigar 0.27.2 kawai."). Looser
    than :func:`pinned_versions`: the caller holds it a pin only when a later call wrote
    the name and the version together. Not asked.

    >>> ("httpx", "0.27.2") in versions_named("Leave httpx on the release numbered 0.27.2 now.")
    True
    >>> versions_named("httpx 0.27.2 and 0.28.1 differ.")
    []
    """
    version = _FULL_VERSION.search(sentence)
    if version is None or asks(sentence) or len(_SAID_NUMBER.findall(sentence)) != 1:
        return []
    opens = max((b.end() for b in _CLAUSE_BREAK.finditer(sentence, 0, version.start())), default=0)
    ends = _CLAUSE_BREAK.search(sentence, version.end())
    clause = _clause_words(sentence[opens : ends.start() if ends else len(sentence)])
    names = {
        n for w in clause if _is_package_name(w) for n in _LATIN_NAME.findall(w.strip(",:;.!"))
    }
    return [(n, version.group().lstrip("v")) for n in sorted(names)]


_PIN_LEAD = 2  # words before a pinned name and its version: "Ka riƙe psycopg a 3.1.18."


def _pin_at_clause_edge(before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether the name nearest a version (a word in Latin letters of 3 or more, at most
    :data:`_PIN_NEAR` words off) stands with it at an edge of their clause: what an order
    pins, the two opening it ("psycopg 3.1.18 irratti qabi.") or ending it after a verb
    and a particle ("Holim psycopg long 3.1.18."); not inside a status, "Ci sama ordinatëer
    Node 20.11.1 la am." (on my computer there is Node 20.11.1)."""
    named = [k for k, w in enumerate(before) if _is_package_name(w)]
    near = [k for k in named if len(before) - k <= _PIN_NEAR]
    if near and (
        near[0] == 0
        or (not after and near[-1] <= _PIN_LEAD)
        # (a verb, the name, a particle, the version and a postposition closing the clause:
        # "Lé psycopg ɖe 3.1.18 dzi.")
        or (len(before) <= _PIN_LEAD + 1 and near[0] <= 1 and len(after) <= 1)
    ):
        return True
    right = next((k for k, w in enumerate(after[:_PIN_NEAR]) if _is_package_name(w)), None)
    return right is not None and (
        not before or (len(before) <= _PIN_LEAD and right == len(after) - 1)
    )


def _is_package_name(word: str) -> bool:
    return len(word) >= 3 and _LATIN_NAME.fullmatch(word.strip(",:;.!")) is not None


def _clause_words(text: str) -> list[str]:
    """The words of ``text``, its marks alone left out ("." "।")."""
    return [w for w in text.split() if re.search(r"\w", w)]


# a package's name as a call writes it: Latin letters, digits, "-", "_", "." ("psycopg",
# "Django", "ruamel.yaml"); the user's own words in Latin letters come along, and no call
# writes them beside the version
_LATIN_NAME = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9](?![\w-])")


_PIN = stems_at_word_start(PIN_STEMS)
_HOLD = stems_at_word_start(HOLD_STEMS)
_VERSION = re.compile(r"(?<![\w.])(?:v?\d+\.\d+(?:\.\d+)+|v\d+(?:\.\d+)?)(?![\d.]\d)")
_SHORT_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+")  # "3.12", "28.3", "6.5.3"


def _pins_a_version(sentence: str) -> bool:
    """A package pinned or held at its version in any language ("Garde axum épinglé en
    0.7.9 ; la version 0.8.0 casse notre build.", "protobuf को 28.3 पर पिन रखें", "We must stay
    on akka 2.6.20"): a rule, not a number (R22-R3)."""
    if _PIN.search(sentence) is not None and _SHORT_VERSION.search(sentence):
        return True
    return bool(_VERSION.search(sentence)) and _HOLD.search(sentence) is not None


# A version beside the name it versions, in any language: a tool's Latin-letter name, a
# case ending or up to two short words, then the version ("Node 18.19", "Node-ты 18.19-ҙа",
# "Node à 18.19", "Node kuri 18.19"); not a measure ("latency 3.5 ms")
_NAMED_VERSION = re.compile(
    r"(?<![\w.])[A-Za-z][\w.+#]*[A-Za-z0-9+#](?:[-'’][^\W\d_]{1,5})?(?:\s+[^\W\d_]{1,4}){0,2}"
    r"\s+v?\d+\.\d+(?:\.\d+)*(?![\d.]*\d)"
    r"(?!\s*(?:%|(?i:ms|s|secs?|seconds?|mins?|h|hrs?|[kmgt]i?b|px|x|k)\b))"
)
# ... opening the sentence as its subject: the tool, its version right after with no case
# ending ("Node 18.19 crashed …"; not "Node-ты 18.19-ҙа ҡалдыр", nor "Node in 18.19 serva")
_VERSION_AS_SUBJECT = re.compile(r"^\W*[A-Za-z][\w.+#]*\s+v?\d+\.\d+(?:\.\d+)*(?![\w.-])")
# (the commas and clause ends of the scripts: Arabic, CJK, Devanagari, Tibetan, Ethiopic,
# Myanmar)
_CLAUSE_BREAK = re.compile(r"[,;،؛，、；।॥།༎።፣፤၊။]")


def pins_by_shape(sentence: str) -> bool:
    """A version pin read by its shape, in a language no pin word reads: a tool named
    beside its version, the sentence's only number, then a clause of its own with no
    number ("Tenite Node à 18.19, ùn l'aghjurnate micca.": keep Node at 18.19, don't
    upgrade). Not asked, not told as a status, not a version asked for alone ("Upgrade to
    Node 20.1.": no clause after it).

    >>> pins_by_shape("Halte Node bei 18.19, kein Upgrade."), pins_by_shape("Upgrade Node to 20.1.")
    (True, False)
    >>> pins_by_shape("Node 18.19 and Node 20.1 differ, sadly.")
    False
    """
    named = _NAMED_VERSION.search(sentence)
    if named is None or asks(sentence) or _STATUS.search(sentence):
        return False
    if _VERSION_AS_SUBJECT.match(sentence):  # "Node 18.19 crashed at startup, see the log."
        return False
    if len(_SAID_NUMBER.findall(sentence)) != 1:
        return False
    after = _CLAUSE_BREAK.search(sentence, named.end())
    if after is None:
        return False
    pinned, rest = sentence[: after.start()], sentence[after.end() :]
    # (two short clauses: the tool at its version, what not to do with it; not a task that
    # names a version on its way: "Fix the login in Android 3.2 of the app, before Friday")
    short = word_count(pinned) <= _PIN_WORDS and 1 <= word_count(rest) <= _PIN_WORDS
    return short and not any(c.isdigit() for c in rest)


_PIN_WORDS = 6


# "X, not Y" in Japanese and Korean said as a statement: "すみません、対象はステージングで、本番
# ではありません。" (the target is staging, not production), "대상은 스테이징이지 운영이
# 아니에요." (review18 R18-R1: read as no rule, the correction became the recap's goal)
_NOT_SO = re.compile(r"ではな|じゃな|ではあり|じゃあり|아니")
_UNSPACED_CONTRAST = re.compile(
    r"[^。！？\n、]{1,60}?(?:で|であって)[、,]\s*[^。！？\n]{1,60}?(?:ではありません|じゃありません|"
    r"ではない|じゃない)"
    r"|\S{2,}(?:이지|지)\s+[^.!?\n]{1,60}?(?:이|가)?\s*아니(?:에요|예요|야|다|라|ㅂ니다|고)"
)


# "Use Y instead of X" in the languages users write in: the words for "instead of", before
# the value set aside or after it ("gunicorn yerine uvicorn kullan", "Redis 6の代わりに…",
# "gunicorn 대신 …", "Memcached की जगह …"); not the lexicon's bare "over" ("Over the
# weekend …": "prefer X over Y" is read by _MORE_RULES)
_INSTEAD_OF = re.compile(
    r"(?i)(?<!\w)(?:instead\s+of|rather\s+than|statt|anstatt|anstelle\s+von|an\s+stelle\s+von|"
    r"en\s+(?:lugar|vez)\s+de|em\s+vez\s+de|ao\s+inv[ée]s\s+de|au\s+lieu\s+de|plutôt\s+que|"
    r"invece\s+d[ie]|al\s+posto\s+d[ie]|in\s+plaats\s+van|zamiast|вместо|замість|yerine|"
    r"thay\s+vì|thay\s+cho|sijaan|helyett|în\s+loc\s+de|badala\s+ya|daripada|alih-alih|"
    r"sebagai\s+ganti|(?:na)?místo|namiesto|istället\s+för|i\s+stället\s+för|i\s+stedet\s+for|"
    r"αντί\s+για|במקום|بدلا?ً?\s+من|عوضا?ً?\s+عن|की\s+जगह|के\s+बजाय|के\s+बदले)(?!\w)"
    r"|대신|の代わりに|代わりに|而不是|而非|代替|แทน"
)


def chooses_instead(sentence: str) -> bool:
    """A value the user sets against another, in any language read: "Nimm uvicorn statt
    gunicorn.", "Use Python 3.12 em vez de Python 3.11.", "gunicorn yerine uvicorn kullan."
    - words on both sides of "instead of"; not a question, not a story ("I used Redis
    instead of Memcached yesterday" is read by intent's corrections), not a decision
    reported ("We went with Kafka instead of RabbitMQ": filed as a decision).

    >>> chooses_instead("Meglio uvicorn invece di gunicorn."), chooses_instead("Instead of?")
    (True, False)
    >>> chooses_instead("We went with Kafka instead of RabbitMQ.")
    False
    """
    hit = _INSTEAD_OF.search(sentence)
    if hit is None or asks(sentence) or _TOLD.match(sentence):
        return False
    before, after = sentence[: hit.start()], sentence[hit.end() :]
    if not (_WORD_OR_VALUE.search(before) and _WORD_OR_VALUE.search(after)):
        return False
    return not is_decision(sentence)


_WORD_OR_VALUE = re.compile(r"[^\W_]{2,}")

# a sentence a subject opens tells what someone did or what is ("I used Redis instead of
# Memcached", "It was Redis 7, not Redis 6"): a correction is said as an order or a value
# (a word's ending is no test of the past here: "Kör med …", "Memcached", "ganti")
_TOLD = re.compile(
    r"(?i)^\W*(?:i|we|they|he|she|it|ich|wir|sie|er|es|je|nous|ils|elles?|yo|nosotros|eu|nós|"
    r"io|noi|ja|my|oni|я|мы|они|ik|wij|jag|vi|saya|kami|tôi|chúng\s+tôi)\s"
)

# a value set aside: up to three words, a path's slashes in them ("exports/tmp"), the
# vowel and tone marks of Thai and Arabic in them ("ดอลลาร์")
_SET_ASIDE = (
    r"[^\W_][\w./+:@\u064b-\u065f\u0e31\u0e34-\u0e3a\u0e47-\u0e4e-]*"
    r"(?:\s+[\w./+:@\u064b-\u065f\u0e31\u0e34-\u0e3a\u0e47-\u0e4e-]+){0,2}"
)

# "Y, not X" where the value set aside is more than a word or its "not" comes after it, in
# the languages users write in: "Ma być sliding window, nie token bucket.", "Redis 7
# olsun, Redis 6 değil.", "Redis 7로 해 주세요, Redis 6 말고요.", "用uvicorn，别用gunicorn。"
# (one word after a leading "not" is _NOT_THAT's; not "…, not yet", "…, nie teraz")
_NOT_THAT_ONE = re.compile(
    r"(?i)^[^,，、;；،?？]{2,80}[,，、;；،]\s*(?:"
    r"(?:not|nie|ne|не|ні|no|non|não|niet|nicht|inte|ikke|ei|bukan|không\s+phải|לא|mitte|nem|"
    r"όχι|nu|ليس|مش|لا|ไม่ใช่|ไม่เอา|sio|siyo)\s*"
    r"(?!(?:yet|now|really|quite|sure|today|tonight|here|there|that|this|me|so|too|much|"
    r"teraz|jeszcze|tak|jetzt|noch|so|ahora|todavía|agora|ainda|maintenant|encore|ora|ancora|"
    r"nu|nog|зараз|сейчас|ещё|еще|сегодня|problem\w*|worries|danke|thanks?|bad|good|great|"
    r"fine|needed|necessary|important|always|ever|exactly|at\s+all)\b)"
    rf"{_SET_ASIDE}"
    rf"|{_SET_ASIDE}\s*(?:değil|말고요?|말구요?|じゃなくて|ではなく|नहीं|ไม่ใช่)"
    # (Chinese: a Latin name set aside, "别用gunicorn", not "不用了": no need)
    r"|(?:别用|不要用|不用|而不是用?|不是用?)\s*[A-Za-z0-9][\w .+-]{0,30}"
    r")\s*[.!。！।]?\s*$"
    # ... "and not" glued into one word, with no comma, in Arabic and Hebrew ("استخدم Node 20
    # وليس Node 18.", "… feature/x ולא על develop."), or Thai's "is not" after a space
    rf"|^[^,،?؟]{{2,80}}\s(?:وليس|وليست|ومش|ولا|ולא|ไม่ใช่|ไม่เอา)\s*{_SET_ASIDE}\s*[.!]?\s*$"
    # ... or the value set aside first, then a verb of using: "Pas 2.4.1, utilise 2.5.0.",
    # "Not Node 18, use Node 20." (not "Not sure, let me check."), or the word of "but
    # rather": "ليس الدولار بل اليورو.", "Bukan dolar, tapi rupiah.", "Не float, а Decimal."
    r"|^\W*(?:not|pas|nicht|non|não|niet|nie|не|ні|no|ليس|لا|לא|bukan|sio|siyo)\s+"
    r"(?!(?:sure|really|yet|now|bad|mal|grave|sicher|problem\w*|worries|de\s+souci)\b)"
    r"[^,，،]{1,40}(?:[,，،]\s*(?:use|utilise[sz]?|"
    r"prends|prenez|nimm|nehmt|benutze|verwende|usa|utiliza|use|usar|gebruik|neem|użyj|weź|"
    r"используй|бери|використовуй|став|pakai|gunakan|dùng|kullan|استخدم)|"
    r"[,，،]?\s*(?:but|sondern|sino|bensì|mais|maar|lecz|а|але|tapi|tetapi|melainkan|bali|بل|"
    r"وإنما|אלא))\s+\S"
    # ... or Swahili's "is Y, not X" by its copula "ni" and "si", its "is not" ("Bandari ni
    # 8443, si 8080."; "si" alone is Spanish's, French's "if")
    rf"|^(?:\S+\s+){{0,4}}?ni\s+[^,،]{{1,40}},\s*(?:wala\s+)?si\s+{_SET_ASIDE}\s*[.!]?\s*$"
    # ... or Korean's "not X" placed after it, the new value next: "달러 말고 원으로 해 주세요."
    rf"|^\W*{_SET_ASIDE}\s*말고\s+\S"
)


def _not_that_one(sentence: str) -> bool:
    """A short "Y, not X" correction (:data:`_NOT_THAT_ONE`), not a question, not a
    story ("It was Redis 7, not Redis 6" is a report).

    >>> _not_that_one("Redis 7 olsun, Redis 6 değil."), _not_that_one("Zrób to, nie teraz.")
    (True, False)
    """
    return bool(_NOT_THAT_ONE.match(sentence)) and not asks(sentence) and not _TOLD.match(sentence)


# A permission that lifts a rule: "subheadings are allowed now", "store credit is fine for
# the damaged parcel part", "you may write to raw.backfill_tmp", "no need to ask first any
# more", "feel free to use Redis" (not a status: "the tests are fine now")
LIFTS = re.compile(
    r"(?i)\b(?:is|are)\s+(?:now\s+|also\s+)?(?:allowed|permitted|ok(?:ay)?\s+(?:now|again)|"
    r"fine\s+(?:now|again)|"
    r"acceptable|back\s+on|no\s+longer\s+(?:banned|forbidden|off[- ]limits|frozen))\b|"
    r"\b(?:is|are)\s+(?:now\s+|also\s+)?(?:fine|ok(?:ay)?|alright|acceptable)\s+"
    r"(?:for|to|with|by|in|on)\b|\b(?:allowed|permitted)\s+(?:now|again|after\s+all)\b|"
    r"\byou\s+(?:may|can)\s+(?:now\s+|also\s+|go\s+ahead\s+and\s+)?(?:edit|change|touch|"
    r"modify|update|delete|remove|deploy|push|merge|run|use|add|drop|commit|write|rename|"
    r"migrate|ship|release|offer|include|send|install|upgrade|restart|skip|call|contact|email|"
    r"close|refund|apply|go|mention|keep)\b|\bfeel\s+free\b|"
    # ... any verb, "now" or "again" after its object: "You can reboot cache-2 now" (not what
    # may be looked at: "you can see it now")
    r"\byou\s+(?:may|can)\s+(?!see\b|find\b|check\b|try\b|test\b|look\b|tell\b)"
    r"[a-z]+\s+(?:\S+\s+){0,3}?(?:now|again)\b|"
    r"\bgo\s+ahead\s+and\b|\bno\s+(?:need|longer\s+(?:any\s+)?need)\s+to\b|"
    r"\b(?:don'?t|do\s+not|no\s+longer)\s+(?:need|have)\s+to\b|\b(?:lift|lifted|waive|waived|"
    r"revoke|revoked|relax|relaxed)\b|\bthat\s+rule\b|\bafter\s+all\b"
    # ... allowed on a condition ("a layover there is fine if it saves money"), or what the
    # user said before taken back ("Forget what I said about Heathrow")
    r"|\b(?:is|are)\s+(?:now\s+|also\s+)?(?:fine|ok(?:ay)?|alright|acceptable)\s+(?:if|as\s+long\s+as|"
    r"so\s+long\s+as|provided)\b|\b(?:forget|ignore|disregard|scratch)\s+what\s+i\s+(?:said|told\s+you|"
    r"wrote)\s+(?:about|regarding|on)\b"
    # ... in the languages users write in: "you may now", "is allowed now" (RT23-11: "Dobra,
    # teraz możesz już zmieniać moduł …", "SELECT * mag nu toch …", "يمكنك الآن تعديل …",
    # "अब Podfile में … जोड़ सकते हो।", "тепер можеш змінювати …", "sekarang boleh ubah …",
    # "やっぱり … も変更してOKです。")
    r"|(?i:(?<!\w)(?:(?:teraz|już)\s+(?:\w+\s+)?(?:możesz|wolno)|możesz\s+(?:już|teraz)|"
    r"mag\s+(?:nu|toch|weer|alsnog)|mag\s+je\s+(?:nu|toch|weer)|(?:je|u)\s+mag\s+(?:nu|toch|weer)|"
    r"(?:du\s+)?darfst\s+(?:jetzt|nun|doch|wieder)|ist\s+(?:jetzt|nun|doch)\s+erlaubt|"
    r"(?:ya|ahora)\s+puedes|(?:ya|ahora)\s+se\s+puede|(?:agora|já)\s+(?:pode|podes)|"
    r"pode\s+(?:agora|já)|tu\s+peux\s+(?:maintenant|désormais)|(?:ora|adesso)\s+puoi|"
    r"puoi\s+(?:ora|adesso)|(?:nu|numera)\s+får\s+du|du\s+får\s+(?:nu|numera)|"
    r"тепер\s+(?:\w+\s+)?можеш|тепер\s+можна|теперь\s+(?:\w+\s+)?можешь|теперь\s+можно|"
    r"(?:sekarang|kini)\s+(?:\w+\s+)?(?:boleh|bisa)|artık\s+(?:\S+\s+){0,4}?\w+(?:ebilirsin|abilirsin)|"
    r"bây\s+giờ\s+(?:bạn\s+)?(?:có\s+thể|được)|يمكنك\s+الآن|الآن\s+يمكنك|مسموح\s+الآن)(?!\w)"
    # ... with the thing allowed between ("Je mag src/payments/ nu toch aanpassen.", "Du darfst
    # src/billing/ jetzt doch anfassen.", "Finalement tu peux toucher à src/legacy/."), and
    # a rule forgotten ("Oublie la contrainte sur …", "Forget the rule about …", "Olvida lo de
    # …", "Vergiss die Regel …", "Vergeet de regel …", "Dimentica la regola …")
    # ... a leave given with its verb, as each language builds it: "Tu peux supprimer le dossier
    # tmp/", "Je mag de oude tabellen droppen", "Du darfst die Logs löschen", "Puedes borrar
    # …", "Puoi cancellare …", "Podes apagar …"
    r"|(?i:(?<!\w)(?:tu\s+peux|vous\s+pouvez)\s+(?:\S+\s+){0,2}?[^\W\d_]+(?:er|ir|re)(?!\w)|"
    r"(?<!\w)(?:(?:je|jij|u)\s+mag|mag\s+(?:je|jij|u))\s+(?:\S+\s+){0,5}?[^\W\d_]+en(?!\w)|"
    r"(?<!\w)(?:du\s+darfst|sie\s+dürfen|ihr\s+dürft)\s+(?:\S+\s+){0,5}?[^\W\d_]+en(?!\w)|"
    r"(?<!\w)puedes\s+(?:\S+\s+)?[^\W\d_]+(?:ar|er|ir)(?:lo|la|los|las)?(?!\w)|"
    r"(?<!\w)puoi\s+(?:\S+\s+)?[^\W\d_]+(?:are|ere|ire)(?:lo|la|li|le)?(?!\w)|"
    r"(?<!\w)(?:podes|você\s+pode)\s+(?:\S+\s+)?[^\W\d_]+(?:ar|er|ir)(?!\w))"
    r"|(?i:(?<!\w)(?:(?:je|u)\s+mag|mag\s+je|darfst|d[üu]rfen\s+sie|(?:tu\s+)?peux|pouvez|"
    r"puedes|puede|puoi|può|pode[s]?)\s+(?:\S+\s+){0,4}?(?:nu|toch|weer|alsnog|jetzt|nun|doch|"
    r"wieder|maintenant|désormais|finalement|quand\s+même|ya|ahora|ora|adesso|agora|já)(?!\w)|"
    r"(?<!\w)(?:finalement|en\s+fait|désormais|finalmente|al\s+final|uiteindelijk|"
    r"doch|eigentlich)\s*,?\s+(?:tu\s+peux|vous\s+pouvez|puedes|puoi|podes|você\s+pode|"
    r"je\s+mag|du\s+darfst)(?!\w)|"
    # (not when told not to forget it: "never forget the rule about X", "N'oublie pas …")
    r"(?<!\w)(?<!n')(?<!n’)(?<!not\s)(?<!never\s)(?<!don't\s)(?<!dont\s)(?<!don’t\s)"
    r"(?:oublie[zs]?|olvida|olvídate\s+de|vergiss|vergeet|dimentica|esque[cç][ea]|"
    r"forget(?:\s+about)?)\s+(?:la|las|les|le|el|die|de|das|the|that|this|my|mijn|meine|ma|mi|"
    r"cette|esa|esta|quella|essa|a|lo)\s+(?:\S+\s+)?(?:contraintes?|règles?|interdictions?|"
    r"restrictions?|consignes?|reglas?|restricciones?|regeln?|einschränkungen?|verbots?|regels?|"
    r"beperkingen?|regole|regola|restrizion[ei]|regras?|restrições|restrição|rules?|constraints?|"
    # ("Olvida lo de …": the thing about; not "esqueça a coluna de IVA", a part of the task
    # dropped in a change of plans: review45 R45-ret6)
    r"bans?)(?!\w)|(?<!\w)(?:olvida|olvídate\s+de)\s+lo\s+de(?!\w)|"
    r"(?<!\w)you(?:'re|\s+are)\s+free\s+to(?!\w))"
    # ... Japanese's leave by its shape, a verb's te-form and "(mo) ii / OK / daijōbu"
    # ("デプロイしていい", "書いてもOK", "読んで構いません"); "now" and a "you can" (second person)
    # in Romanian, Czech, Finnish, Greek, Catalan, Swahili, Persian, Urdu, Swedish, Danish and
    # Norwegian ("Acum poți …", "Teď už můžeš …", "Ara pots …", "Sasa unaweza …", "Du kan … nu")
    r"|अब\s.{0,80}?सकते\s+(?:हो|हैं)|(?:[しいっきちけせべめれえねみりぎ]て|[んい]で)も?(?:OK|いい|大丈夫|構いません)|"
    r"(?i:(?<!\w)(?:(?:acum|de\s+acum|teď|už|nyt|τώρα|ara|ja|sasa|حالا|اکنون|اب)\s+"
    r"(?:\S+\s+){0,6}?(?:poți|puteți|ai\s+voie|můžeš|smíš|voit|saat|μπορείς|μπορείτε|pots|podeu|"
    r"unaweza|mnaweza|می‌توانی|میتوانی|می‌توانید|سکتے\s+ہو|سکتی\s+ہو)|"
    r"(?:poți|puteți|můžeš|voit|saat|du\s+får|du\s+kan|du\s+må)\s+(?:\S+\s+){0,4}?"
    r"(?:acum|už|teď|nyt|nu|nå))(?!\w))|"
    r"(?:이제|지금은)\s.{0,60}?(?:[가-힣]도\s*(?:돼|됩니다|괜찮)|할\s*수\s*있어)|现在可以|现在允许|可以改了)"
)

# A leave the user gives, with or without a rule it lifts: "You may force-push.", "Feel free
# to drop the old tables.", "You're allowed to skip the e2e suite.", "It's fine to squash
# them.", "Du darfst die Logs löschen." - the user's standing word on what may be done, never
# a request left open, a decision nor a command run. Not what may happen ("you may need to
# restart", "you may see warnings") nor an invitation to talk ("feel free to ask").
_LEAVE = re.compile(
    r"(?i)(?:\byou\s+may\s+(?:now\s+|also\s+|still\s+|always\s+)?"
    r"(?!want|wish|need|have|be\b|see|find|notice|get\b|encounter|run\s+into|hit\b|remember|"
    r"recall|already|know|like|prefer|experience|lose|end\s+up|not\b|never\b)"
    r"|\byou(?:'re|’re|\s+are)\s+(?:now\s+|also\s+)?(?:allowed|permitted|free|welcome|cleared|"
    r"authori[sz]ed)\s+to\s+|\bfeel\s+free\s+to\s+|\byou\s+have\s+(?:my\s+|our\s+)?"
    r"(?:permission|the\s+go-?ahead|the\s+green\s+light|approval)\s+to\s+|"
    r"\b(?:it'?s|it’s|it\s+is)\s+(?:fine|ok(?:ay)?|alright|all\s+right|acceptable)\s+(?:for\s+you\s+)?"
    r"to\s+|\b(?:i|we)\s+(?:allow|permit|authori[sz]e)\s+you\s+to\s+"
    # ... in the languages users write in: "Du darfst …", "Je mag …", "Tu as le droit de …",
    # "N'hésite pas à …", "Tienes permiso para …", "Siéntete libre de …", "Hai il permesso
    # di …", "Fique à vontade para …"
    r"|(?<!\w)(?:du\s+darfst|sie\s+dürfen|ihr\s+dürft|(?:je|jij|u)\s+mag|mag\s+(?:je|jij|u)|"
    r"(?:tu\s+as|vous\s+avez)\s+le\s+droit\s+d[e']|n['’]hésite[zs]?\s+pas\s+à|"
    r"(?:tu\s+es|vous\s+êtes)\s+libres?\s+d[e']|libre\s+à\s+(?:toi|vous)\s+d[e']|"
    r"tienes\s+permiso\s+para|(?:estás|está)\s+autorizad[oa]\s+a|siéntete\s+libre\s+de|"
    r"no\s+dudes\s+en|hai\s+il\s+permesso\s+di|sei\s+autorizzat[oa]\s+a|sentiti\s+liber[oa]\s+di|"
    r"non\s+esitare\s+a|(?:tens|você\s+tem)\s+permissão\s+para|(?:fique|sinta-se)\s+à\s+vontade\s+para)"
    r"(?:\s+|\b))(?!(?:ask|ping|reach\s+out|contact\s+me|let\s+me\s+know|tell\s+me|interrupt|"
    r"take\s+your\s+time|me\s+(?:demander|poser)|fragen|vragen|preguntar|chiedere|perguntar)\b)"
)


def spares_a_step(sentence: str) -> bool:
    """What the user says the work need not do ("No need to touch the README in this
    change.", "You don't have to run the full e2e suite."): a bound on the work, filed with
    the rules (R42-R9), though it orders nothing; not asked, and not a leave that goes on to
    a ban ("No need to ask, but never push to main.": a rule).

    >>> spares_a_step("No need to touch the README in this change.")
    True
    >>> spares_a_step("You don't have to ask before each deploy?"), spares_a_step("No worries.")
    (False, False)
    """
    spared = _NO_NEED.search(sentence)
    return spared is not None and not asks(sentence) and not _NEGATED.search(sentence, spared.end())


def grants_leave(sentence: str) -> bool:
    """A leave the user gives ("You may force-push.", "Feel free to drop the old tables.",
    "Du darfst die Tests unter tests/legacy löschen."): said, not asked; not what may happen
    ("You may need to restart.") nor an invitation to ask. (Verification's
    ``claims.polarity.gives_leave`` is wider: any word of leave inside a claim.)

    >>> grants_leave("You may force-push."), grants_leave("You may need to restart the app.")
    (True, False)
    >>> grants_leave("Feel free to ask if anything is unclear."), grants_leave("Du darfst die Logs löschen.")
    (False, True)
    """
    return not asks(sentence) and _LEAVE.search(sentence) is not None


# what a rule and its lifting have in common past these words
_PLAIN_RULE_WORDS = frozenset(
    {"allowed", "permitted", "fine", "okay", "please", "reply", "anymore", "again", "after",
     "first", "ever", "rule", "rules", "need", "needs", "ticket", "changed", "latest", "update"}
)  # fmt: skip


# a name with digits in it, in Latin letters: a host, a region, a version ("db-1", "eu-west-1")
_DIGITED_NAME = re.compile(
    r"(?<![A-Za-z0-9-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*-?\d[A-Za-z0-9-]*"
)


def lifts_something(sentence: str) -> bool:
    """Whether ``sentence`` may lift a rule: a lifting's words (``LIFTS``), a leave
    (:func:`grants_leave`), or a modal of permission in another language
    (``lexicon.intent.LEAVE_ELSEWHERE``: "Отсега можеш да испраќаш …") that bans nothing
    and asks nothing. (Which rule, if any, :func:`lifted_rule` says.)"""
    if LIFTS.search(sentence) or grants_leave(sentence):
        return True
    found = LEAVE_ELSEWHERE.search(sentence) is not None
    return found and not asks(sentence) and not prohibits_by_mood(sentence)


def lifted_rule(sentence: str, rules: Sequence[str]) -> str | None:
    """The earlier rule ``sentence`` lifts, if it is a permission on a rule's topic ("No
    subheadings in the reply." … "subheadings are allowed now, one per section."), the
    newest first.

    >>> lifted_rule("Store credit is fine for the parcel.", ["Don't offer store credit."])
    "Don't offer store credit."
    >>> lifted_rule("The tests are fine now.", ["Never skip the tests."]) is None
    True
    >>> lifted_rule("You may add openpyxl; the no-new-dependencies rule is lifted for it.",
    ...             ["Don't add any new dependencies to the project."])
    "Don't add any new dependencies to the project."
    """
    if not rules or not lifts_something(sentence):
        return None
    # (a rule named by its words run together: "the no-new-dependencies rule is lifted")
    said = keywords(sentence)
    said |= {part for w in said if "-" in w for part in w.split("-")}
    words = {w[:6] for w in said - _PLAIN_RULE_WORDS}
    values = {v.strip("`") for v in _VALUE.findall(sentence)}
    for rule in reversed(rules):
        shared = words & {w[:6] for w in keywords(rule) - _PLAIN_RULE_WORDS}
        if len(shared) >= 2 or any(len(w) >= 6 for w in shared):
            return rule
        # ... or a word and a value ("لا تغيّر البند 7." … "يمكنك الآن تعديل البند 7."), or a
        # path both name ("Hands off api/v1." … "You're free to edit api/v1 now.")
        both = values & {v.strip("`") for v in _VALUE.findall(rule)}
        if (shared and both) or any("/" in v for v in both):
            return rule
        # ... or a name with digits both give, whatever a language writes onto it ("db-1은
        # 재시작하지 마세요." … "이제 db-1을 재시작해도 됩니다")
        if set(_DIGITED_NAME.findall(sentence)) & set(_DIGITED_NAME.findall(rule)):
            return rule
    return None


def revoked_later(permission: str, later: Sequence[str]) -> bool:
    """Whether a rule the user said ``later`` (in order) forbids what ``permission`` allowed:
    "You may run `npm publish --tag next` once the build is green." … "Actually, don't run
    `npm publish --tag next` after all." (R29-M5): the permission is no request left open.

    >>> revoked_later("You can deploy to staging today.", ["Do not deploy to staging today."])
    True
    >>> revoked_later("You can deploy to staging today.", ["Never touch billing/."])
    False
    """
    if not lifts_something(permission):
        return False
    # (a ban in any language: "Finalement, ne supprime pas tmp/.", "Drop de tabellen toch niet.")
    return any(
        is_rule(x)
        and (_negated(x) or prohibits_by_mood(x))
        and lifted_rule(permission, [x]) is not None
        for x in later
    )


def cancelled_by(request: str, later: Sequence[str]) -> str | None:
    """The first of what the user said ``later`` (in order) that takes ``request`` back:
    a sentence that forgets it or needs it no more ("Forget the pie chart, we won't ship
    it.") and names what it asked for (a word in common, in any script); None when none.

    >>> cancelled_by("Please add a pie chart of the costs.", ["Forget the pie chart."])
    'Forget the pie chart.'
    >>> cancelled_by("Please add a pie chart of the costs.", ["Don't forget the pie chart."])
    >>> cancelled_by("Please add a pie chart of the costs.", ["Forget the footer links."])
    """
    asked = _word_pieces(request)
    for said in later:
        rest = _without_cancelling_words(said)
        if rest is not None and asked & _word_pieces(rest):
            return said
    return None


def _without_cancelling_words(sentence: str) -> str | None:
    """``sentence`` without the words that take something back, or None when none do (a
    reminder, "don't forget …", "vergiss nicht …", takes nothing back)."""
    if REMINDS_NOT_TO.search(sentence):
        return None
    for m in CANCELS.finditer(sentence):
        before, after = sentence[: m.start()], sentence[m.end() :]
        if not CANCEL_DENIED_BEFORE.search(before) and not CANCEL_DENIED_AFTER.match(after):
            return f"{before} {after}"
    return None


def _word_pieces(text: str) -> set[str]:
    """What two sentences about one thing share, in any script: five letters running in a
    content word ("chart" and "charts", "wykres" and "wykresie", runs of Thai or Khmer),
    three of Chinese, Japanese or Korean ("円グラフを", "円グラフは"), or two content words in
    a row, for languages of short words ("biểu đồ tròn", "àtẹ ọ̀pá")."""
    pieces = {w[k : k + 5] for w in keywords(text) for k in range(len(w) - 4)}
    pieces |= {r[k : k + 3] for r in _CJK_RUN.findall(text) for k in range(len(r) - 2)}
    words = [w for w in _MARKED_WORD.findall(text.casefold()) if w not in SENTENCE_WORDS]
    return pieces | {f"{a} {b}" for a, b in pairwise(words)}


_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]{3,}")
_MARKED_WORD = re.compile(rf"[^\W\d_][\w{WORD_MARKS}]+")


# A value, by its shape: a number (with its separators), a code span, or a word with a
# digit, an underscore, a dot or a slash inside ("DEP-03", "eu-west-1", "v2.3", "a/b.py")
_VALUE = re.compile(
    r"`[^`]+`|(?<![\w.])\d+(?:[.,:]\d+)*(?![\d])|"
    r"(?<![\w.-])[^\W\d_]\w*(?:[-_./]\w+)*[-_./]\w*\d\w*|(?<![\w.-])\w+[_./]\w+(?:[_./-]\w+)*"
)
# the last clause of a sentence, after a comma in any script
_LAST_CLAUSE = re.compile(r"[,،、，;]\s*([^,،、，;]*)$")
# a short clause after a comma that adds, not swaps: "ports 8443, then 8080", "3, or 4"
_ADDS = re.compile(
    r"(?i)^\W*(?:and|or|then|plus|also|maybe|perhaps|possibly|about|around|roughly|approx\w*|"
    r"up\s+to|e\.g|i\.e|like|such\s+as|vs\.?|versus|to|from|through|until|per|each|every|"
    r"both|either|even|only|just|at|in|on|with|by|for|of|x|again|still|too|yet|the|a|an|as|"
    r"into|onto|over|under|after|before|than|via|out|off|down|back)\b"
)


_WORD = re.compile(r"[^\W\d_]+")
_DIGIT = re.compile(r"\d")


def _kind(value: str) -> str:
    return "code" if value.startswith("`") else "number" if value[:1].isdigit() else "name"


# a value, two or three short words, another value of its kind, and the sentence ends:
# "Kho trung tâm là KHO-07 chứ không phải KHO-02." (not "from 10:00 to 11:00")
_AT_END = re.compile(r"(\S+)((?:\s+[^\W\d_]{1,5}){2,3})\s+(\S+?)[\s.!。।]*$")


def _denies(right: str, wrong: str, words: Sequence[str]) -> bool:
    """Whether the short words said with ``wrong`` deny it in favour of ``right``: one of
    them is a negation of a language read (:data:`NEGATIONS`), or the two are twins - one
    name but for its digits ("DEP-03" / "DEP-01", "backup_2025" / "backup_2024"), one
    replacing the other in any language. Two bare numbers with no negation are as often
    a report ("p95 is 412 ms, was 380", "Coverage is 81%, down 3")."""
    if any(w.casefold() in NEGATIONS for w in words):
        return True
    twins = _DIGITS.sub("#", right) == _DIGITS.sub("#", wrong)
    return twins and _kind(wrong) != "number" and not right.isdigit()


_DIGITS = re.compile(r"\d+")


def _swapped_at_end(sentence: str) -> bool:
    end = _AT_END.search(sentence)
    if end is None or _ADDS.match(end.group(2)) or len(sentence[: end.start()].split()) < 2:
        return False
    right, wrong = (_VALUE.fullmatch(end.group(k).strip("`,;:")) for k in (1, 3))
    return (
        right is not None
        and wrong is not None
        and right.group() != wrong.group()
        and _kind(right.group()) == _kind(wrong.group())
        and _denies(right.group(), wrong.group(), end.group(2).split())
    )


def swaps_value(sentence: str) -> bool:
    """:func:`_swaps`, also before a last clause that names no value: "Minimální verze iOS
    je 16.0, ne 15.0, jak jsem psal." ("as I wrote").

    >>> swaps_value("Minimální verze iOS je 16.0, ne 15.0, jak jsem psal.")
    True
    """
    if _swaps(sentence):
        return True
    last = _LAST_CLAUSE.search(sentence)
    if last is None or _VALUE.search(last.group(1)) or asks(sentence):
        return False
    head = sentence[: last.start()]
    return _LAST_CLAUSE.search(head) is not None and _swaps(head)


def _swaps(sentence: str) -> bool:
    """A correction by its shape: a value, then after a comma a short clause naming one
    other value of the same kind that it denies (:func:`_denies`): "The gateway listens on
    8443, not 8080.", "Depozitul are codul DEP-03, nu DEP-01.", "Kho trung tâm là KHO-07
    chứ không phải KHO-02." Not a list, a range or a report ("ports 8443, then 8080",
    "Latency is 412 ms, was 380"), nor a question.

    >>> swaps_value("Kova e saktë është bak_07, jo bak_04."), swaps_value("Try 3, or 4.")
    (True, False)
    >>> swaps_value("Memory sits at 2.1 GB, peak 3.4.")
    False
    """
    if asks(sentence):
        return False
    if _LAST_CLAUSE.search(sentence) is None:
        return _swapped_at_end(sentence)
    parts = _swap_parts(sentence)
    return parts is not None and _denies(*parts)


def _swap_parts(sentence: str) -> tuple[str, str, list[str]] | None:
    """The value a sentence shaped as a correction sets, the value it sets aside in its
    last clause, and the short words said with that one (:func:`_swaps`); None for no
    such shape."""
    last = _LAST_CLAUSE.search(sentence)
    if last is None or len(sentence[: last.start()].split()) < 2:
        return None
    tail = last.group(1)
    wrong = _VALUE.findall(tail)
    words = _WORD.findall(_VALUE.sub(" ", tail))
    # the words that say the value is wrong are short ("not", "nu", "mitte", "پر نہیں")
    negated = any(w.casefold() in NEGATIONS for w in words)  # "…, a ne SK-02", "…, and not 8080"
    if len(wrong) != 1 or not 1 <= len(words) <= 2 or (_ADDS.match(tail) and not negated):
        return None
    if any(len(w) > 5 for w in words):
        return None
    head = sentence[: last.start()]
    right = [v for v in _VALUE.findall(head) if _kind(v) == _kind(wrong[0])]
    if not right or wrong[0] in right:
        return None
    at = tail.find(wrong[0])
    if not _WORD.search(tail[:at]):  # "8080 پر نہیں": the head's own word after its value,
        after = _WORD.findall(tail[at + len(wrong[0]) :])  # then the one saying "not" (not
        said = {w for v in right for w in _WORD.findall(head[head.find(v) + len(v) :])[:1]}
        if len(after) != 2 or after[0] not in said:  # "1500 rows, 20 nulls": a count)
            return None
    return (right[-1], wrong[0], words)


# A value said wrong, in any language read (:data:`WRONG_WORDS`)
_WRONG = re.compile(
    rf"(?i)(?<![\w-])(?:{WRONG_WORDS})(?![\w-])|{WRONG_UNSPACED}"
    # ... or not right: "de 5 die ik noemde klopte niet", "… stimmte nicht"
    rf"|(?<![\w-])(?:{RIGHT_WORDS})\s+(?:{NOT_WORDS})(?![\w-])"
    rf"|(?<![\w-])(?:{NOT_WORDS})\s+(?:\w+\s+)?(?:{RIGHT_WORDS})(?![\w-])"
)
# where a sentence's clauses meet: a dash, a semicolon, a comma, a colon
_BREAK = re.compile(r"\s+[-–—]{1,2}\s+|\s*[–—]\s*|[;；]\s*|[,，、،]\s+|:\s+")
# ... and what names a value in a clause besides :data:`_VALUE`: a hyphenated name
# ("acme-prod-logs"), a capitalised name past the clause's first word ("o Memcached")
_NAMED_VALUE = re.compile(r"(?<![\w.-])\w+(?:-\w+)+|(?<=\w\s)[A-Z][a-z]+[A-Z]?\w*")


def _has_value(clause: str) -> bool:
    return bool(_VALUE.search(clause) or _NAMED_VALUE.search(clause))


_BUT_RIGHT = re.compile(rf"(?i)^\W*(?:{BUT_WORDS})(?!\w)(?=.*?(?<!\w)(?:{RIGHT_WORDS})(?!\w))")


def corrects_value(sentence: str) -> bool:
    """A correction of a value the user gave, by its shape in any language: two clauses,
    each naming a value, one of them saying its value is wrong (:data:`WRONG_WORDS`) or,
    after a "but", that its value is the right one (:data:`RIGHT_WORDS`): "The
    free-shipping limit is 199 — the 150 I wrote was wrong.", "Limita de memorie este 512Mi
    — 256Mi pe care l-am scris a fost greșit.", "타임아웃은 30초입니다 — 제가 쓴 10초는
    틀렸어요." Not a status naming no value on its wrong side ("The test is wrong — it
    expects 3."), nor a question.

    >>> corrects_value("Η έκδοση είναι 1.74 — το 1.70 που έγραψα ήταν λάθος.")
    True
    >>> corrects_value("Eu disse cache de 5 minutos, mas o certo é 10 minutos.")
    True
    >>> corrects_value("The fixture is wrong: it expects 3 rows."), corrects_value("Is 3 wrong, 4?")
    (False, False)
    """
    if asks(sentence):
        return False
    for cut in _BREAK.finditer(sentence):
        head, tail = sentence[: cut.start()], sentence[cut.end() :]
        if bool(_WRONG.search(head)) == bool(_WRONG.search(tail)) and not _BUT_RIGHT.search(tail):
            continue
        if _has_value(head) and _has_value(tail):
            return True
    return False


# "First X, then Y" in the languages users write in: the word that opens the first step ...
_FIRST_STEP = (
    r"first(?:\s+of\s+all)?|firstly|primeiro|primeiramente|primero|primer|d['’]abord|"
    r"tout\s+d['’]abord|zuerst|zunächst|prima|innanzitutto|eerst|najpierw|πρώτα|"
    r"trước\s+tiên|trước\s+hết|đầu\s+tiên|kwanza|mai\s+[îi]nt[âa]i|[îi]nt[âa]i|"
    r"сначала|спершу|спочатку|първо|önce|ilk\s+olarak|ensin|först|først|nejdřív|nejprve|"
    r"najprv|najskôr|najprej|prvo|először|pirmiausia|vispirms|kõigepealt|pertama|"
    r"terlebih\s+dahulu|קודם(?:\s+כל)?|أولا|أولاً|ابتدا|पहले"
)
# ... and the word that opens the next: "then", "after that"
_THEN_STEP = (
    r"then|and\s+then|after\s+that|afterwards|next|depois|em\s+seguida|então|luego|después|"
    r"y\s+luego|ensuite|puis|et\s+puis|dann|danach|anschließend|poi|dopo|quindi|daarna|dan|"
    r"potem|następnie|μετά|έπειτα|sau\s+đó|rồi|kisha|halafu|baadaye|ואז|ו?אחר\s+כך|ולאחר\s+מכן|"
    r"apoi|după\s+aceea|després|llavors|потом|затем|після\s+цього|потім|после|след\s+това|"
    r"sonra|ardından|sitten|sedan|därefter|derefter|deretter|pak|potom|poté|nato|zatim|"
    r"onda|aztán|majd|pēc\s+tam|seejärel|siis|kemudian|lalu|pagkatapos|ثم|بعد\s+ذلك|سپس|फिर"
)
_FIRST_THEN = re.compile(
    rf"(?i)^\W*(?:(?:please|por\s+favor|proszę|bitte)\W+)?(?P<first>{_FIRST_STEP})\b"
    r"[^.;!?]{3,200}?"
    rf"(?:[,;:–—]|\s-\s|\band\b|\bи\b|\bși\b|\be\b|\by\b|\bi\b|\bva\b|\bna\b|\bו)\s*"
    rf"(?P<then>{_THEN_STEP})(?![\w-])"
    # ... in scripts written without spaces: "먼저 백업하고, 그 다음에 …", "まず…、それから…",
    # "先备份，再运行迁移", "ก่อนอื่น…แล้ว…"
    r"|^\W*(?:먼저|우선)\s.{2,200}?(?:그\s?다음|그리고\s나서|이후에|다음에)"
    r"|^\W*(?:まず|最初に).{2,200}?[、,，]\s*(?:それから|次に|その後)"
    r"|^\W*(?:首先|先).{2,200}?[，,、]\s*(?:然后|再|之后|接着)"
    r"|^\W*ก่อน(?:อื่น)?.{2,200}?(?:จากนั้น|แล้วค่อย)"
)
# ... not a story of what happened (R17-R2: "First, my laptop died, then the VPN dropped",
# "Najpierw padł build, potem testy się zawiesiły"): a step opens with a subject (an
# article, a pronoun, a possessive), or a verb says it happened (a past ending or an
# auxiliary of the past in the languages read: "padł", "упал", "falló", "funzionava",
# "si è rotto", "kırıldı", "lief")
_SUBJECT = (
    r"the|a|an|my|our|your|his|her|their|its|it|i|we|you|they|he|she|there|this|that|these|"
    r"those|everything|nothing|all|someone|somebody|der|die|das|es|ich|wir|alles|il|lo|la|le|"
    r"gli|i|si|tutto|el|los|las|se|todo|o|a|os|as|ele|ela|tudo|le|les|on|tout|ja|my|ono|ona|"
    r"oni|to|wszystko|się|я|мы|он|она|оно|они|это|всё|все|ben|biz|o|her|het|de|alles|ik|we|"
    r"kaikki|mikään|se|ne|hän|minä|me|dat|het|er|man|einer"
)
_PAST = re.compile(
    r"(?i)\b(?:\w+(?:ed|ł|ła|ło|li|ły|łem|łam|лся|лась|лось|лись|л|ла|ло|ли|ó|ió|aba|aban|ía|ían|"
    r"ava|avano|eva|evano|iva|ou|eu|iu|ait|aient|dı|di|du|dü|tı|ti|tu|tü|yordu|miş|mış)|"
    r"was|were|had|did|died|went|came|broke|fell|got|ran|stopped|crashed|failed|"
    r"è|era|erano|fu|fue|era|eran|estaba|había|foi|estava|tinha|était|est|a\s+été|fut|war|"
    r"waren|lief|kam|ging|hatte|wurde|ist|sind|ging|kwam|liep|werd|bylo|bol|bola|bolo)\b"
)
_ORDER_CLAUSE = re.compile(rf"(?i)^[\s,:–—-]*(?!(?:{_SUBJECT})\b)[^\W\d_]")


def orders_steps(sentence: str) -> bool:
    """An order of steps the user sets, in any language read: "First back up the orders
    table, then run the migration.", "Najpierw zrób kopię bazy, potem uruchom migrację.",
    "Mai întâi fă un backup, apoi rulează migrarea." (not a question, not a story: "First
    I tried the cache, then it failed.")

    >>> orders_steps("Πρώτα πάρε αντίγραφο της βάσης, μετά τρέξε το migration.")
    True
    >>> orders_steps("First I tried the cache, then it failed."), orders_steps("First, why?")
    (False, False)
    >>> orders_steps("Najpierw padł build, potem testy się zawiesiły.")
    False
    """
    if asks(sentence):
        return False
    m = _FIRST_THEN.search(sentence)
    if m is None:
        return _first_said_last(sentence)
    if m.group("first") is None:  # 먼저 … 그 다음, まず … それから: read whole
        return not _PAST.search(sentence)
    first = sentence[m.end("first") : m.start("then")]
    then = sentence[m.end("then") :]
    if _PAST.search(f"{first} {then}"):  # (not the step words: "Сначала" is no past)
        return False
    if _tells_now(m.group("first"), first, then):
        return False
    return _an_order(first) and _an_order(then) and not _NOT_FIRST.match(then)


# ... the step's word inside the first step or closing it instead: "Do the migration
# first, then the cache.", "Fai prima il backup, poi la migrazione."
_LAST_FIRST_THEN = re.compile(
    rf"(?i)^\W*(?P<step>[^.;!?,]{{0,200}}?(?<!\w)(?:{_FIRST_STEP})(?!\w)[^.;!?,]{{0,200}}?)"
    rf"\s*[,;:–—]\s*(?P<then>{_THEN_STEP})(?![\w-])\s*\S"
)


def _first_said_last(sentence: str) -> bool:
    """An order of steps with "first" inside or closing the first step: it opens with what
    to do (no subject: "I did the migration first, then …" tells), and nothing is past."""
    m = _LAST_FIRST_THEN.search(sentence)
    if m is None or _PAST.search(sentence):
        return False
    return _an_order(m.group("step")) and not _NOT_FIRST.match(sentence[m.end("then") :])


# a verb in the present that says what happens, not what to do (R17-R6): a Turkish
# progressive ("Önce testler geçiyor, sonra build kırılıyor."); after a German or Dutch
# step word, a verb of the third person ending in -t before its subject ("Zuerst läuft
# alles, dann hängt der Export.", "Eerst laadt de pagina, daarna wordt hij wit."; an
# order puts the stem or an infinitive there: "Zuerst führe …", "Eerst draai …"); after
# a Polish one, a word ending in a vowel (a noun or a verb of the third person: "Najpierw
# eksport rusza, potem zawiesza się …"; an order's verb ends in a consonant: "zrób",
# "uruchom", "wdrażaj")
_PROGRESSIVE = re.compile(r"(?i)\w(?:ı|i|u|ü)?yor(?:um|sun|uz|sunuz|lar|du|muş)?\b")
_GERMANIC_STEP = re.compile(r"(?i)^(?:zuerst|zunächst|erst|eerst)$")
_POLISH_STEP = re.compile(r"(?i)^najpierw$")
# German and Dutch orders whose stem ends in -t: "Eerst test de build", "Zuerst start …"
_T_STEMS = frozenset({"test", "start", "zet", "wacht", "let", "laat", "halt", "rest", "richt"})


def _opening_word(clause: str) -> str:
    words = re.findall(r"[^\W\d_]+", clause)
    return words[0].casefold() if words else ""


def _tells_now(step: str, first: str, then: str) -> bool:
    """Whether a "first …, then …" sentence tells what happens now (see :data:`_PROGRESSIVE`)."""
    if _PROGRESSIVE.search(f"{first} {then}"):
        return True
    opening = [_opening_word(first), _opening_word(then)]
    if _GERMANIC_STEP.match(step.strip()):
        return any(len(w) > 3 and w.endswith("t") and w not in _T_STEMS for w in opening)
    if _POLISH_STEP.match(step.strip()):
        return any(w.endswith(("a", "e", "y", "ą", "ę")) for w in opening)
    return False


# what an order's clause may open with besides a verb: an article before a German or Dutch
# infinitive at its end ("Zuerst die Datenbank sichern, dann die Migration starten.")
_INFINITIVE_ORDER = re.compile(
    r"(?i)^[\s,:–—-]*(?:die|der|das|den|dem|de|het|een|eine?[nm]?)\s+[^,;]*\b\w+[er]n\W*$"
)


def _an_order(clause: str) -> bool:
    return bool(_ORDER_CLAUSE.match(clause) or _INFINITIVE_ORDER.match(clause.split(",")[0]))


# What opens a condition, in languages whose conditional rules the intent patterns do not
# all read (an English "if"/"when" is read there, with its one-off moments): Romanian,
# Hungarian, Finnish, Estonian, Lithuanian, Latvian, Czech, Slovak, Slovenian, Croatian,
# Bulgarian/Serbian, Greek, Hebrew, Arabic, Persian, Hindi, Indonesian, Swahili,
# Vietnamese, Tagalog, Thai, Korean, Japanese, Chinese, Dutch
_IF = re.compile(
    r"(?i)^\W*(?:dacă|daca|ha(?!\s+ha\b)|jos|kui|jei|jeigu|pokud|jestli(?:že)?|ak|če|ako|ако|αν|εάν|"
    r"אם|إذا|اذا|لو|اگر|अगर|यदि|jika|kalau|apabila|bila|kama|ikiwa|iwapo|nếu|kung|indien)\s+(?:\S+\s+){1,20}?\S+[,;،，]\s*(\S.{3,})"
    r"|^\W*(?:ถ้า|หาก|만약|만일|もし|如果|假如|若)(.{2,200}?[,，、]\s*\S.{1,})"
)


# An action limited to a condition ("Page the on-call only when X stays above 5 %."), in the
# languages users write in: "only" (maybe a few words before the condition's word: "Send kun
# en alarm, når …", "Chỉ cảnh báo khi …"), then "if"/"when"; or the condition then "only"
# (Japanese, Korean, Chinese, Thai). A threshold the user set is their rule, not a number.
_ONLY_WHEN = re.compile(
    r"(?i)(?<!\w)(?:only|nur|alleen|seulement|uniquement|s[oó]lo|solamente|só|apenas|somente|"
    r"soltanto|tylko|jen(?:om)?|pouze|len|iba|samo|només|только|лише|тільки|kun|bara|endast|"
    r"vain|hanya|chỉ|רק|فقط)(?!\w)(?:\s+[^\s,;.]+){0,3}?,?\s+"
    r"(?:if|when|once|wenn|falls|als|wanneer|si|quand|quan|cuando|se|quando|gdy|jeśli|jeżeli|"
    r"kiedy|když|pokud|keď|ak|kad|kada|ako|če|ko|если|когда|якщо|коли|hvis|når|om|när|jos|kun|"
    r"jika|kalau|bila|saat|khi|nếu|אם|כאשר|כש|إذا|عندما|حين)(?!\w)"
    # ... Swahili ("… ikiwa tu @kim ameidhinisha"), Tamil ("… உறுதிப்படுத்தியிருந்தால் மட்டுமே …")
    r"|(?<!\w)(?:ikiwa|iwapo)\s+tu(?!\w)|ால்\s+மட்டும"
    r"|(?:とき|時|場合)に?(?:だけ|のみ|限り)|(?:때|경우)에?만|只有|仅当|只在|เฉพาะ(?:เมื่อ|ตอน)|ก็ต่อเมื่อ"
)


# A prohibition's firm opening in the languages users write in: the phrase negates on its
# own ("Sota cap concepte executis X.": Catalan, no "no") or before a verb its negation is
# fused to ("Za žádných okolností nespouštěj X.", "Ni pod kojim uvjetima ne pokreći X.")
_NO_MATTER_WHAT = re.compile(
    r"(?i)(?<!\w)(?:under\s+no\s+(?:circumstances?|conditions?)|on\s+no\s+account|in\s+no\s+case|"
    r"za\s+žádných\s+okolností|za\s+žiadnych\s+okolností|"
    r"pod\s+żadnym\s+pozorem|w\s+żadnym\s+wypadku|ni\s+pod\s+kojim\s+(?:uvjetima|uslovima|okolnostima)|"
    r"sota\s+cap\s+concepte|en\s+cap\s+cas|en\s+ningún\s+caso|bajo\s+ningún\s+concepto|"
    r"ни\s+при\s+каких\s+(?:обстоятельствах|условиях)|ни\s+в\s+коем\s+случае|за\s+жодних\s+обставин|"
    r"under\s+ingen\s+omstændigheder|under\s+inga\s+omständigheter|under\s+ingen\s+omstendigheter|"
    r"unter\s+keinen\s+Umständen|auf\s+keinen\s+Fall|in\s+geen\s+geval|onder\s+geen\s+beding|"
    r"en\s+aucun\s+cas|sous\s+aucun\s+prétexte|in\s+nessun\s+caso|em\s+hipótese\s+alguma|"
    r"hiçbir\s+(?:koşulda|şekilde|durumda)|dalam\s+keadaan\s+apa\s+pun|تحت\s+أي\s+ظرف|"
    r"בשום\s+(?:מקרה|אופן)|trong\s+mọi\s+trường\s+hợp)(?!\w)|ไม่ว่ากรณีใด|无论如何|どんな場合でも|어떤\s*경우에도"
)

# ... and a step held back until then, negated ("Do tego czasu go nie wdrażaj.", "Rul den
# ikke ud før da.", "Fins llavors no la despleguis."): wait, do not do it before
_UNTIL_THEN = re.compile(
    r"(?i)(?<!\w)(?:until\s+then|till\s+then|before\s+then|do\s+tego\s+czasu|do\s+té\s+doby|"
    r"dovtedy|do\s+tada|dotad|fins\s+llavors|fins\s+aleshores|hasta\s+entonces|até\s+lá|"
    r"bis\s+dahin|tot\s+dan|d'ici\s+là|jusque-là|fino\s+ad\s+allora|до\s+этого|до\s+тех\s+пор|"
    r"до\s+того|до\s+цього|før\s+da|indtil\s+da|innan\s+dess|siihen\s+asti|sampai\s+saat\s+itu|"
    r"cho\s+đến\s+lúc\s+đó|حتى\s+ذلك\s+الحين|עד\s+אז)(?!\w)|それまで|그때까지|在此之前|在那之前"
)
_NEGATOR = re.compile(
    r"(?i)(?<!\w)(?:"
    + "|".join(re.escape(w) for w in (*NEGATORS.split(), *PROHIBITIVES.split()))
    + r")(?!\w)|"
    + "|".join(re.escape(w) for w in (*NEGATORS_NOSPACE.split(), *PROHIBITIVES_NOSPACE.split()))
)


def firm_or_held_back(sentence: str) -> bool:
    """A prohibition said with a firm opening, or a step held back until then (or until
    the user says so: ``lexicon.negation.UNTIL_TOLD``) and negated, in any of the languages
    of :data:`_NO_MATTER_WHAT` and :data:`_UNTIL_THEN`; not a question.

    >>> firm_or_held_back("Za žádných okolností nespouštěj `make wipe` na produkci.")
    True
    >>> firm_or_held_back("Do tego czasu go nie wdrażaj."), firm_or_held_back("Do tego czasu.")
    (True, False)
    """
    if asks(sentence):
        return False
    if _NO_MATTER_WHAT.search(sentence) or _TILL_TOLD_OTHERWISE.search(sentence):
        return True
    held = _UNTIL_THEN.search(sentence) or UNTIL_TOLD.search(sentence)
    return bool(held and _NEGATOR.search(sentence))


# An order that stands until the user says otherwise ("Unless I say otherwise, keep using
# Postgres 15.", "Bis auf Weiteres …", "Sauf indication contraire, …", "Aksini söylemedikçe …")
_TILL_TOLD_OTHERWISE = re.compile(
    r"(?i)(?<!\w)(?:(?:unless|until)\s+(?:i|we)\s+(?:say|tell\s+you|decide)\s+otherwise|"
    r"unless\s+(?:told|instructed)\s+otherwise|until\s+(?:further\s+notice|told\s+otherwise)|"
    r"bis\s+auf\s+weiteres|sofern\s+(?:ich\s+)?nicht\s+anders\s+(?:sage|angegeben)|"
    r"sauf\s+(?:indication|avis)\s+contraire|jusqu['’]à\s+nouvel\s+ordre|"
    r"salvo\s+(?:que\s+(?:te\s+)?diga\s+lo\s+contrario|indicación\s+en\s+contrario)|"
    r"hasta\s+nuevo\s+aviso|salvo\s+indicação\s+em\s+contrário|até\s+segunda\s+ordem|"
    r"salvo\s+diversa\s+indicazione|fino\s+a\s+nuovo\s+ordine|tot\s+nader\s+order|"
    r"tenzij\s+ik\s+anders\s+zeg|do\s+odwołania|o\s+ile\s+nie\s+powiem\s+inaczej|"
    r"до\s+особого\s+распоряжения|если\s+я\s+не\s+скажу\s+иначе|до\s+окремого\s+розпорядження|"
    r"поки\s+я\s+не\s+скажу\s+інакше|aksini\s+söylemedikçe|ikinci\s+bir\s+emre\s+kadar|"
    r"sampai\s+ada\s+pemberitahuan\s+lebih\s+lanjut|kecuali\s+saya\s+bilang\s+lain|"
    r"μέχρι\s+νεωτέρας|până\s+la\s+noi\s+ordine|dacă\s+nu\s+spun\s+altfel)(?!\w)"
    r"|另行通知|追って連絡|별도\s*공지"
)


def limited_to_a_condition(sentence: str) -> bool:
    """A rule that limits an action to a condition, in any of the languages of
    :data:`_ONLY_WHEN`; not a question.

    >>> limited_to_a_condition("Wysyłaj alert tylko wtedy, gdy błędy przekraczają 5% przez 10 minut.")
    True
    >>> limited_to_a_condition("監視が10分連続で5%を超えたときだけアラートを出してください。")
    True
    >>> limited_to_a_condition("The build only took 3 minutes.")
    False
    """
    return not asks(sentence) and _ONLY_WHEN.search(sentence) is not None


_EXCEPTION = re.compile(
    stems_at_word_start(EXCEPTION_STEMS).pattern
    + "|"
    + "|".join(map(re.escape, EXCEPTION_NOSPACE.split())),
    re.IGNORECASE,
)


def excepted_rule(sentence: str) -> bool:
    """A ban with its exception, in any language ("Roteer de credentials niet, tenzij @kim
    met je in het gesprek zit.", "Nu roti credențialele decât dacă …", "Καμία αλλαγή σχήματος
    σε ώρες γραφείου, εκτός όταν …"): an exception's word and a negation outside it; not a
    question.

    >>> excepted_rule("Geen schemawijzigingen tijdens kantooruren, behalve wanneer Kim erom vraagt.")
    True
    >>> excepted_rule("Everything passed except the smoke test."), excepted_rule("Tenzij jij het wilt?")
    (False, False)
    """
    if asks(sentence):
        return False
    exception = _EXCEPTION.search(sentence)
    if exception is None:
        return False
    if _THERE_IS.match(sentence):
        return False  # "There is no test except the smoke one.": a state
    return _negated(sentence[: exception.start()] + " " + sentence[exception.end() :])


_THERE_IS = re.compile(r"(?i)^\W*there\s+(?:is|are|was|were)\b")
_WORDS = re.compile(r"[^\W\d_]+")


def _negated(text: str) -> bool:
    """A negation in ``text`` in any of the lexicons' languages."""
    return bool(
        _NEGATOR.search(text)
        or _NEGATED.search(text)
        or RULE_NEGATION_ELSEWHERE.search(text)
        or _NO_ONE.search(text)
        or any(w.casefold() in MORE_NEGATIONS for w in _WORDS.findall(text))
    )


def conditional_rule(sentence: str) -> bool:
    """A rule with a condition in a language the intent patterns may not read: the
    condition's word opens the sentence, two words or more of condition, then what to do
    ("Dacă podurile intră în CrashLoopBackOff, oprește-te și anunță-mă.", "Ha a tesztek
    elbuknak, ne telepíts."). Not a question; not "Ja, …" ("yes") nor "Ha, …": the
    condition has words.

    >>> conditional_rule("Jos testit epäonnistuvat, älä julkaise.")
    True
    >>> conditional_rule("Ja, das passt, danke."), conditional_rule("Dacă e gata, ce urmează?")
    (False, False)
    """
    if asks(sentence):
        return False
    m = _IF.search(sentence)
    return m is not None and word_count(m.group(m.lastindex or 0)) >= 2


# A Romanian prohibition ("Nu șterge namespace-ul notifications."): "nu" and a verb, not a
# status ("Nu merge.", "Nu știu de ce.", "Nu e gata.")
_NU = re.compile(
    r"(?i)^\W*(?:(?:te|vă)\s+rog\W+)?nu\s+(?!(?:e|este|sunt|era|erau|a|am|ai|au|are|avem|"
    r"aveți|mai|știu|merge|mergea|funcționează|pot|poate|putem|văd|cred|cunosc|pare|există|"
    r"s-a|se|îmi|îl|o|le|ne|vă|văd|înțeleg|contează)\b)[^\W\d_]{3,}\b"
)


# A prohibition said with "ne" fused to an imperative, in Czech, Slovak and Lithuanian:
# "Neměň nic v adresáři Pods/.", "Nemažte tabuľku orders.", "Nekeisk viešų funkcijų." (not
# "Nefunguje to." or "Neveikia.": no imperative's ending; not "Network …")
_NE_IMPERATIVE = re.compile(
    r"(?i)^\W*(?:prosím\W+)?ne(?!twork|ck)[^\W\d_]{2,}(?:ěj|ej|uj|aj|ň|ť|ď|ž|š|ejte|ujte|ajte|"
    r"ěte|ete|ňte|žte|šte|kite|kit|k|i|iet)\s+\w"
)


# ... a Danish, Norwegian or Swedish verb, then its "not" ("Rør ikke ved WORKSPACE-filen.",
# "Kör inte migreringen mot prod-db."), a Bengali verb ending in "না" ("… পরিবর্তন করবে
# না।"): as often a status ("Virker ikke.", "কাজ করছে না"), so only before or after a
# named thing
_VERB_NOT = re.compile(r"(?i)^\W*[^\W\d_]{2,}\s+(?:ikke|inte|ikkje)\s+\w")
_NA_END = re.compile(r"\s(?:করবে|করো|করবেন|করিস|দেবে|দিও|দেবেন)\s+না\s*[।.!]?\s*$")

# "X, not Y" with a negation of more languages than the English one (:data:`_MORE_RULES`):
# "Skilletegnet skal være semikolon, ikke komma.", "Kasuta Bellman-Fordi, mitte
# Dijkstrat." - one word after it (not "ikke ennå", "not yet")
_NOT_THAT = re.compile(
    # (English "not"/"no" are read by _MORE_RULES with their small talk left out)
    rf"(?i)^(?:\S+\s+){{1,}}\S+,\s*(?:{NOT_THAT_NEGATORS})\s+"
    r"(?!(?:yet|really|quite|ennå|endnu|ännu|noch|jeszcze|ještě|još|încă|ancora|encore|todavía|"
    r"ainda|nog|vielä|veel|még|ещё|еще|ще|lagi|nữa|sure|sicher|now|nå|nu|teď|acum|problem\w*|"
    r"schlimm|erg|farligt|farlig|hätää|gond|sorun|проблем\w*|worries|danke|tack|takk|bedankt|"
    r"dziękuję|děkuji|mersi|obrigad[oa]|kiitos)\b)"
    r"[^\W\d_][\w.-]{2,}\s*[.!]?$"
)


def _forbids_named(sentence: str) -> bool:
    """A Romanian "nu" and a verb before a named thing (a path, a hyphenated name): the
    same words as a status ("nu șterge" is also "does not delete"), so only with a
    value of the project's named. Also a Turkish negative imperative ending a clause
    ("Linker betiğindeki FLASH bölgesinin boyutunu değiştirme.", "Bellek ayırmada malloc
    kullanma, sadece statik tamponlar."), a Vietnamese prohibition opening the sentence
    ("Không nâng phiên bản Node khỏi 20.x."), an environment setting the user gives ("Use
    a variável BIOC_MIRROR=https://… para o mirror.", RT22-21)."""
    if asks(sentence):
        return False
    if _TURKISH.search(sentence) and _TURKISH_DONT.search(sentence):
        return True
    if _VIETNAMESE_DONT.search(sentence) or _IN_NO_CASE.search(sentence):
        return True
    if _HINDI_DONT.search(sentence) or _TAMIL_DONT.search(sentence):
        return True
    m = _GERMANIC_DONT.search(sentence)
    if m and not _PAST.search(sentence) and _an_order(m.group("verb")):
        verb = m.group("verb").casefold()
        if not verb.endswith("t") or verb in _T_STEMS:  # "Werkt niet meer.": a status
            return True
    if _ENV_SETTING.search(sentence) and not _PAST.search(sentence):
        return True
    if _NE_IMPERATIVE.search(sentence) or _NOT_THAT.search(sentence):
        return True
    if (_VERB_NOT.search(sentence) or _NA_END.search(sentence)) and _has_value(sentence):
        return True
    m = _NU.search(sentence)
    return m is not None and _has_value(sentence[m.end() :])


def denies_a_named_thing(sentence: str) -> bool:
    """A denial said of a path, a command or an identifier, in a language whose denials
    only their shape reads (:func:`.intent.rule_by_shape`): "Réier ni infra/prod/ un."
    (never touch infra/prod/) is a rule, where the user names what not to touch. Not a
    failure told ("… does not compile" is read in the languages read; a failure's own
    words, a traceback's, are no rule)."""
    return (
        word_count(sentence) <= _DENIAL_WORDS
        and _names_code(sentence)
        and rule_by_shape(_short_words_out_of_place(sentence))
        and not failure_lines(sentence)
    )


def _short_words_out_of_place(sentence: str) -> str:
    """``sentence`` less the short words that deny in some languages and say "is", "of",
    "if" or "and" in others (``AMBIGUOUS_NEGATIONS``: "ni", "ne", "nu", "no") where no
    language that denies with one puts it: a denial of a named thing opens the clause that
    names it, among its first words, and a word follows it ("Réier ni infra/prod/ un.",
    "Molim te, ne diraj infra/prod/."); after a path that opens the clause, what follows
    says no more than a label ("src/api/ ne diraj."). Out of place it is a copula or a
    linking word: "Tabũrũ cia tene ni irĩ data/tariffs/, …" (the tables are in …),
    "services/gw/ ni ndune kuuma ira, …" (is red since yesterday), "vakamacala ni
    `retry_budget`" (the description of), "…, ne èhiã wo." (if you need them).

    >>> _short_words_out_of_place("Tabũrũ cia tene cia marĩhi ni irĩ data/x/.")
    'Tabũrũ cia tene cia marĩhi … irĩ data/x/.'
    >>> _short_words_out_of_place("Réier ni infra/prod/ un.")
    'Réier ni infra/prod/ un.'
    """
    return " ".join(map(_short_words_in_clause, re.split(r"(?<=[,;])\s+", sentence)))


def _short_words_in_clause(clause: str) -> str:
    """``clause`` less the ambiguous short words out of place in it (see above)."""
    tokens = clause.split()
    said = [_SPOKEN.findall(t) for t in tokens]
    after_path = bool(tokens) and "/" in tokens[0]
    anywhere = not _names_code(clause) or (after_path and sum(map(len, said[1:])) > _LABEL_WORDS)
    kept = []
    for k, (token, words) in enumerate(zip(tokens, said, strict=True)):
        ambiguous = len(words) == 1 and words[0].casefold() in AMBIGUOUS_NEGATIONS
        # (a word that ends its clause denies nothing after it: "…, ndenge oyeba ne.")
        out_of_place = anywhere or k > _DENIAL_OPENS or k == len(tokens) - 1
        kept.append("…" if ambiguous and (out_of_place or not token[-1].isalnum()) else token)
    return " ".join(kept)


# where a short denial opens its clause: its first word, or after a verb or a "please"
# ("Réier ni …", "Te rog nu atinge …")
_DENIAL_OPENS = 2


# a rule read by its denial's shape alone is said in a few words: a longer sentence with a
# path and a word that denies somewhere is as often a story ("Immay ni M. idi kalman idiay
# src/api/, ket kinuna ni M. …": "ni" marks a person there)
_DENIAL_WORDS = 10


# words beside the paths of a rule said in a short clause: "Kaua rawa e pā ki infra/prod/."
_KEEP_OFF_WORDS = 6
# an assistant's reply that only takes note: "Understood.", "Noted, thanks."
_NOTED_WORDS = 4
_SPOKEN = re.compile(r"\w[\w'’ʻ-]*")  # (a word, not a mark left where the path was)


def paths_said_briefly(sentence: str, most: int = _KEEP_OFF_WORDS) -> list[str]:
    """The paths a short clause of the user's names with no other specifics: a few words,
    no digit, not asked, no failure told - in any language the shape of a rule on a path
    ("Usakhudze infra/prod/ ngakhale pang'ono.") and of a status alike ("Build mu src/api/
    sikugwira ntchito."); :func:`kept_off` tells them apart by what the assistant did next.
    The clause may come with others that name no path: a rule said with its reason ("Leave
    db/seeds/prod/ alone, it is the only copy we have") is as short where it names the path. ``most``: the words beside the paths."""
    paths = [f.value for f in extract_claims(sentence) if f.kind == "path"]
    if not paths or asks(sentence) or failure_lines(sentence):
        return []
    naming = [c for c in _CLAUSE_BREAK.split(sentence) if any(p in c for p in paths)]
    rest = _without(naming[0] if len(naming) == 1 else sentence, paths)
    if re.search(r"\d", rest) or not 1 <= len(_SPOKEN.findall(rest)) <= most:
        return []
    return [bare_path(p) for p in paths]


def bare_path(path: str) -> str:
    """``path`` less a case ending glued to it with a hyphen ("data/raw/-ah",
    "config.yaml-ban": in data/raw/, in config.yaml), as calls never name it."""
    return _GLUED_ENDING.sub("", path)


_GLUED_ENDING = re.compile(
    r"(?:(?<=/)|(?<=\.[a-z]{2})|(?<=\.[a-z]{3})|(?<=\.[a-z]{4}))-[^\W\d_]{1,4}$"
)


@dataclass(frozen=True)
class Answer:
    """What the assistant did after a user's turn: its words (``reply``), those before its
    first tool call (``note``), its calls' arguments (``calls``), every call's from the
    turn on (``calls_after``), and whether its calls were on the other paths the turn named
    (``did_the_rest``: "Run the tests and add a line to CHANGELOG.md. Leave vendor/sdk/
    alone, another team owns it.")."""

    reply: str
    note: str
    calls: str
    calls_after: str
    did_the_rest: bool = False


def kept_off(paths: Sequence[str], reply: str, called: bool, calls_after: str) -> bool:
    """Whether the assistant took the user's short clause naming ``paths`` as a rule: it
    answered with no tool call, only taking note or naming the path back ("Understood.",
    "Understood, I won't touch infra/prod/."), and no call after it (``calls_after``, their
    arguments) named the path. A status ("src/api/ fails to build") is looked into: a call
    on the path, or a reply that reports on it; a request is carried out on it."""
    if not paths or called or any(p in calls_after for p in paths):
        return False
    return word_count(reply) <= _NOTED_WORDS or any(p in reply for p in paths)


def kept_off_while_working(sentence: str, answer: Answer) -> bool:
    """Whether the assistant took the user's short clause naming paths
    (:func:`paths_said_briefly`) as a rule: kept off as :func:`kept_off` reads it, or
    kept off by an answer that went on working in the same turn ("Got it." then calls
    elsewhere): no call from the answer on named the path, the answer opened by taking note
    or did what else the turn asked, and either the work went on beside the path - its
    folder named, never the path: a rule fences off part of the tree being worked in, where
    a pointer or a status elsewhere is just left alone - or the clause opens with the path
    as its topic ("infra/prod/ - <do not touch>": a label and what to do with it, not where
    something lives). A longer clause (a rule with a few more words: "Never commit
    anything under data/raw/ yourself.") needs the work to have gone on beside the path
    call after call."""
    if TAKEN_AS_NEWS.match(answer.note or answer.reply):
        return False  # ("Good to know.": a status or a pointer taken in, no fence kept)
    if takes_on_bare(answer.note or answer.reply):
        return False  # ("On it." and no call on the path: work still owed, no fence kept)
    if _PATH_AS_TOPIC.match(sentence) and not _said_as_label(sentence):
        return False  # (a path, then its state and since when: a status, however answered)
    if passes_on_words(sentence):
        return False  # (what someone wrote of a path the work left alone: news passed on)
    paths = paths_said_briefly(sentence)
    if kept_off(paths, answer.reply, bool(answer.calls), answer.calls_after):
        return True
    longer = paths or paths_said_briefly(sentence, _KEPT_BESIDE_WORDS)
    if not longer or any(p in answer.calls_after for p in longer):
        return False
    if answer.calls:
        took_note = 1 <= len(_SPOKEN.findall(_without(answer.note, longer))) <= _NOTE_WORDS
        took_note = took_note or answer.did_the_rest
    else:
        took_note = word_count(answer.reply) <= _NOTED_WORDS
    beside = max(
        answer.calls_after.count(folder) if (folder := _folder(p)) is not None else 0
        for p in longer
    )
    if not paths:
        return took_note and beside >= _KEPT_BESIDE_CALLS
    return bool(answer.calls) and took_note and (beside > 0 or _said_as_label(sentence))


def takes_on_bare(reply: str) -> bool:
    """Whether the assistant's ``reply`` only takes the user's turn on as work, in a few
    words and denying nothing ("On it.", "Will do."): the turn asked for work the answer
    promised, so a path it names and no call touched yet is owed, not fenced off. A
    promise to keep away ("I will not touch it.", "Understood, I won't touch infra/prod/.")
    still keeps off.

    >>> takes_on_bare("On it.")
    True
    >>> takes_on_bare("I will not touch it.")
    False
    >>> takes_on_bare("Noted.")
    False
    """
    return word_count(reply) <= _NOTED_WORDS and only_promises(reply) and not denial(reply)


def passes_on_words(sentence: str) -> bool:
    """Whether ``sentence`` passes on what a person named by a full name said, before a
    colon, of a path named only after it: "This morning Maria Rossi wrote: src/printing/
    works again.", "Muri iki gitondo Uwase Mukamana yanditse: src/printing/ …" - the user's
    news of someone's words, not a fence the user keeps. (An owner names the path before
    the name: "src/billing/ is Naledi Molefe's work: ask her first.")

    >>> passes_on_words("This morning Maria Rossi wrote: src/printing/ works again.")
    True
    >>> passes_on_words("src/billing/ is Naledi Molefe's work: ask her first.")
    False
    """
    head, colon, said = sentence.partition(":")
    # (past the head's first word, capitalised as any sentence's: "Saakay Hodan Cali …")
    _, _, past_first = head.strip().partition(" ")
    return bool(colon) and "/" not in head and "/" in said and bool(_person_names(past_first))


def _said_as_label(sentence: str) -> bool:
    """Whether ``sentence`` opens with a path as its topic and says in a few words, one
    clause, what to do with it - a label: "infra/prod/ - ungayithinti." (don't touch it),
    "infra/prod/ - hands off." A status tells more of the path's state, when and since when,
    or adds an aside for the listener ("services/ferry-gateway/ — red since yesterday, just
    so you know."): no fence by itself."""
    topic = _PATH_AS_TOPIC.match(sentence)
    if topic is None:
        return False
    said = sentence[topic.end() :]
    return (
        _SWAP_CUT.search(said.rstrip(" .!。।॥።")) is None
        and len(_SPOKEN.findall(said)) <= _LABEL_WORDS
    )


# a longer clause kept to: a few more words, and calls beside its path again and again
_KEPT_BESIDE_WORDS = 9
_KEPT_BESIDE_CALLS = 3
# an assistant's words before it goes on working: "Understood, I will leave it alone."
_NOTE_WORDS = 6
# a clause opening with a path, then a dash or a colon: "infra/prod/ - hands off."
_PATH_AS_TOPIC = re.compile(r"^\W*[\w.-]+/[\w./-]*\s*[-–—:]\s")
_LABEL_WORDS = 3  # what to do with a path said as a label: "ha taaban", "hands off"


def _without(text: str, paths: Sequence[str]) -> str:
    for path in paths:
        text = text.replace(path, " ")
    return text


def _folder(path: str) -> str | None:
    """The folder holding ``path`` ("db/seeds/" of "db/seeds/prod/"), none at the top."""
    head, _, _ = path.rstrip("/").rpartition("/")
    return f"{head}/" if head else None


def _names_code(sentence: str) -> bool:
    """A path, code or an identifier named: not a number alone."""
    return names_a_path(sentence) or any(not m.group().isdigit() for m in _VALUE.finditer(sentence))


def replaces_said_value(sentence: str, before: str, user_before: str = "") -> bool:
    """A value said before in the record set against a new one of its kind, in one short
    sentence with a clause break between them, in any language: "Si 8080, koresha 9090."
    (not 8080, use 9090), "Memcached түгел, Redis ҡулланығыҙ." - a correction, not a
    number. ``before``: what the record said ahead of the sentence, which names the old
    value and not the new one; ``user_before``: the user's own words in it. Not asked."""
    if asks(sentence) or word_count(sentence) > _SHORT_CORRECTION:
        return False
    cut = _SWAP_CUT.search(sentence)
    if cut is None:
        return False
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    # (a dash or an arrow sets a tool's name in small letters against another by itself:
    # "gzip a'a — zstd level 9"; a comma joins a status too, "gzip works, thanks a lot", so
    # there the new name comes with its setting, as a number, and the old with none: "Du
    # gzip, jëfandikool zstd level 9.", not "gzip took 3 s, zstd 2 s")
    small = not _CLAUSE_BREAK.fullmatch(cut.group().strip() or ",") or (
        _SAID_NUMBER.search(rest) is not None and _SAID_NUMBER.search(head) is None
    )
    # (the new value is said here first: a status of two things named before, "Redis is
    # down, Memcached is fine.", sets no value against another)
    # (set against a number or by a dash, a name is a tool's when the work named it - a
    # call, its output, the assistant's words - not a word only the user's own talk said:
    # "Inafanya kazi sasa, ilichukua dakika 12." after "Inafanya kazi sasa?" swaps no tool)
    worked = _without_lines(before, user_before) if small else before
    old = [v for v in _values(head, small) if whole_token(_said_by(v, worked, before), v)]
    new = [v for v in _values(rest, small) if _new_here(v, before, old, sentence)]
    return any(
        _kind(a) == _kind(b) and a != b and not _two_counts(head, a, rest, b)
        for a in old
        for b in new
    )


def sets_anew_a_value_the_work_set(sentence: str, worked: str) -> bool:
    """A value corrected with a denial in words no lexicon here reads, known by the record
    instead: "3 replikar, ikki 5." after the work set ``replicas=5``. The shape is
    :func:`_swaps`'s (a short head naming one value, then after a comma a clause of a
    value of its kind and a short word or two, none of them a word of a language the
    lexicon reads: "Latency is 412 ms, was 380" is a report), and ``worked`` (the
    assistant's words, its calls and their output) said the last clause's value beside a
    word the head says too, or one sharing its first letters ("replicas" / "replikar"),
    on a line that never names the head's value: the user sets the work's value aside.

    >>> sets_anew_a_value_the_work_set("3 replikar, ikki 5.", "terraform apply -var replicas=5")
    True
    >>> sets_anew_a_value_the_work_set("Latency is 412 ms, was 380.", "p95 latency 380 ms")
    False
    """
    last = _LAST_CLAUSE.search(sentence)
    if last is None or asks(sentence):
        return False
    head, tail = sentence[: last.start()], last.group(1)
    wrong = _VALUE.findall(tail)
    words = _WORD.findall(_VALUE.sub(" ", tail))
    if (
        len(wrong) != 1
        or not 1 <= len(words) <= 2
        or any(len(w) > _DENIAL_LETTERS or w.casefold() in SENTENCE_WORDS for w in words)
        or word_count(head) > _SWAP_HEAD_WORDS
    ):
        return False
    right = [v for v in _VALUE.findall(head) if _kind(v) == _kind(wrong[0]) and v != wrong[0]]
    stems = {w.casefold()[:_STEM_LETTERS] for w in _WORD.findall(head) if len(w) >= _STEM_LETTERS}
    return len(right) == 1 and any(
        not whole_token(line, right[0]) and not stems.isdisjoint(_stems_beside(line, wrong[0]))
        for line in worked.splitlines()
        if whole_token(line, wrong[0])
    )


_DENIAL_LETTERS = 5  # the words that say a value is wrong are short: "ikki", "dudu", "mhux"
_STEM_LETTERS = 4  # letters a setting's name keeps across languages: "repl" of "replikar"


def _stems_beside(line: str, value: str) -> set[str]:
    """The first letters (:data:`_STEM_LETTERS`) of the words just before and just after
    each ``value`` in ``line``: its setting's name ("replicas=5", "5 replicas")."""
    beside = re.finditer(
        rf"([^\W\d_]+)?[\s=:'\"]{{0,3}}(?<![\w.]){re.escape(value)}(?![\w.])[\s'\"]{{0,2}}([^\W\d_]+)?",
        line,
    )
    return {
        w.casefold()[:_STEM_LETTERS]
        for m in beside
        for w in m.groups()
        if w and len(w) >= _STEM_LETTERS
    }


# a turn of a word or two, a break, and one value in small Latin letters: "nope —
# eu-west-1", "no, staging", "ní hea, staging"
_WORD_THEN_VALUE = re.compile(
    rf"^\W*(?P<head>[^\W\d_][\w{WORD_MARKS}'’]*(?:\s+[^\W\d_][\w{WORD_MARKS}'’]*)?)"
    r"\s*(?:[,:;，、]|\s[-–—]{1,2})\s*(?P<value>[a-z][a-z0-9_.-]*[a-z0-9])[\s.!]*$"
)


def answers_with_another_value(sentence: str, answered: str) -> bool:
    """A correction said as a word or two and a value alone, in answer to the assistant
    ("nope — eu-west-1", "no, staging"): the opening word says "no" in a language read
    (:data:`.NO_ANSWERS`); or, in any language ("le — eu-south-1"), the value is an id
    among hyphens and ``answered`` (the assistant's words, calls and their output that the
    turn answers) named another of its shape ("us-east-1") and not this one: whatever the
    opening word, the user sets the assistant's value aside ("ok, eu-west-1" after "I'll
    use us-east-1" too). Not the value the assistant named ("yes, staging" after "staging
    or production?"), an assent and a word ("sure, staging"), nor "no, thanks".

    >>> answers_with_another_value("le — eu-south-1", "I'll use us-east-1.")
    True
    >>> answers_with_another_value("ok, staging", "I'll deploy to production.")
    False
    """
    said = _WORD_THEN_VALUE.match(sentence)
    if said is None:
        return False
    value = said["value"]
    if whole_token(answered, value) or value in SENTENCE_WORDS or is_nudge(value):
        return False  # ("no, thanks", "nope, fine")
    if said["head"].casefold() in NO_ANSWERS:
        return value not in AFTER_NO_NOT_A_VALUE and not denial(value)  # "no, wait", "no, never"
    return _HYPHEN_ID.fullmatch(value) is not None and any(
        _id_shape(v) == _id_shape(value) for v in _HYPHEN_ID.findall(answered) if v != value
    )


def _id_shape(value: str) -> str:
    """An id's shape, its letters and digits set aside: "a-a-#" of "us-east-1"."""
    return _DIGITS.sub("#", re.sub(r"[a-z]+", "a", value))


def _said_by(value: str, worked: str, before: str) -> str:
    """Where a swapped ``value`` must have been said before: a name in what the work said
    (``worked``), a number or code anywhere in the record (``before``)."""
    return worked if _kind(value) == "name" else before


def _without_lines(text: str, lines: str) -> str:
    r"""``text`` less each of its lines that is a non-empty line of ``lines``: whole lines
    only, so that a user's "ok" takes no letters out of a config's "session cookies".

    >>> _without_lines("ok\nmulti: session cookies\n", "ok")
    '\nmulti: session cookies\n'
    """
    gone = {line.strip() for line in lines.splitlines() if line.strip()}
    return "\n".join("" if line.strip() in gone else line for line in text.split("\n"))


def _two_counts(head: str, old: str, rest: str, new: str) -> bool:
    """Whether two numbers each open their clause ("3 failed, 5 passed.", "3 vyatsinzwe,
    5 vyaraciye."): counts told together, a status, where a corrected setting names what
    it sets before its number ("Si 8080, koresha 9090.", "Port 5432 → 6432.").

    >>> _two_counts("3 failed", "3", " 5 passed.", "5")
    True
    >>> _two_counts("Port 5432", "5432", " 6432.", "6432")
    False
    """
    return _kind(old) == "number" and all(
        clause.lstrip(" \t([\"'").startswith(value) for clause, value in ((head, old), (rest, new))
    )


def _new_here(value: str, before: str, old: Sequence[str], sentence: str) -> bool:
    """Whether ``value`` is said new in a correction of ``old``: the record never said it;
    or, a number (small numbers are all over a record: a test run's "5 passed"), never
    where the record said the old one, and the sentence names the setting the old one was
    said with ("Retries: 3." then "Te 3 — retries 5."), not a status of two counts said
    together ("3 failed, 5 passed")."""
    if not whole_token(before, value):
        return True
    if _kind(value) != "number":
        return False
    lines = [line for line in before.splitlines() if any(whole_token(line, v) for v in old)]
    setting = {w.casefold() for w in _SETTING_WORD.findall(sentence)}
    return any(
        not whole_token(line, value)
        and not setting.isdisjoint(w.casefold() for w in _SETTING_WORD.findall(line))
        for line in lines
    )


_SETTING_WORD = re.compile(r"[^\W\d_]{3,}")


# where a correction's old value ends and the new begins: a clause break, a dash or an
# arrow ("Port 5432 → 6432.", "db1.internal no — db2.internal.")
_SWAP_CUT = re.compile(rf"{_CLAUSE_BREAK.pattern}|\s+[-–—]{{1,2}}\s+|\s*(?:→|->|=>|⟶)\s*")


# a tool's or a format's name in small letters: "gzip", "zstd", "yarn", "pnpm"
_SMALL_NAME = re.compile(r"(?<![\w.-])[a-z][a-z0-9]{2,}(?![\w-])")
_SWAP_HEAD_WORDS = 4  # "Ehara i te gzip" (not gzip): a denial and the old name
_SWAP_REST_WORDS = 7  # "ngāueʻaki ʻa e zstd level 9": a verb and the new name, maybe its setting


def names_swapped_in(sentence: str, before: str, user_before: str) -> frozenset[str]:
    """The names a short correction sets against a tool's name said in small letters: a
    head naming a tool the assistant or a tool said before and the user never did (a word
    of the project's, not of the user's language: "gzip" said by the agent, where "te",
    "ni" are the user's own), then a clause naming ones the record never said ("Ehara i te
    gzip, whakamahia te zstd taumata 9." - not gzip, use zstd level 9 - gives "zstd",
    "whakamahia", "taumata"). A status says as much ("gzip worked fine, the archive looks
    good"): the caller asks whether the assistant took a name up after. Not asked."""
    cut = _CLAUSE_BREAK.search(sentence)
    if cut is None or asks(sentence):
        return frozenset()
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    if word_count(head) > _SWAP_HEAD_WORDS or word_count(rest) > _SWAP_REST_WORDS:
        return frozenset()
    old = {
        v
        for v in _SMALL_NAME.findall(head)
        if whole_token(before, v) and not whole_token(user_before, v)
    }
    if not old or any(whole_token(rest, v) for v in old):
        return frozenset()
    return frozenset(v for v in _SMALL_NAME.findall(rest) if not whole_token(before, v))


_SHORT_CORRECTION = 8  # words: "Ba 8080 ba, yi amfani da 9090."
# a value a correction names: a number, code, an identifier, a name written in Latin letters
_SAID_VALUE = re.compile(
    # (a number with its unit glued on, "512MB", "45s", as a config writes it)
    r"`[^`]+`|(?<![\w.])\d+(?:[.,:]\d+)*(?:[A-Za-z]{1,3}(?!\w)|(?!\d))"
    r"|(?<![\w.-])[A-Z][\w.-]*\w"
    r"|(?<![\w.-])[a-z][\w-]*(?:\.[a-z][\w-]*)+(?![\w-])"  # a host: "db2.internal"
    # a name in small letters cut by hyphens, a digit in it: a region, a zone, a build
    # ("eu-west-1", "node-22"), not a word of the user's own ("e-mail"); or joined by an
    # underscore, as only code writes ("exports_prod")
    r"|(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[a-z]*\d[a-z0-9]*(?![\w-]|\.\w)"
    r"|(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-]|\.\w)"
)


def _values(clause: str, small: bool = False) -> list[str]:
    """The values ``clause`` names; with ``small``, tools' names in small letters too."""
    return [*_SAID_VALUE.findall(clause), *(_SMALL_TOOL.findall(clause) if small else ())]


# a tool's name in small letters standing alone, not a folder of a path: "src/worker/ –
# kusaphukile." (Zulu: still broken) is a status of the path, no "src" swapped for a word
_SMALL_TOOL = re.compile(rf"(?<!/){_SMALL_NAME.pattern}(?!/)")


def sets_a_value_said_first(sentence: str, before: str) -> bool:
    """A correction whose two values the record names here first, by its shape in any
    language: a head of the old value and a word or two denying it, a break, then a short
    clause naming a new value of its kind - "Debian 11 арэп, Ubuntu 24.04 гъэфедэ.",
    "Ba Memcached ba, yi amfani da Redis …", "gzip miti, zstd sadarkaa 12 fayyadami." The
    values pair as a correction pairs them (:func:`_pairs`): names in capitals, numbers a
    name sits before ("port 8088" / "port 8090", a version), or a tool's name in small
    letters set against a new one given with its setting. Not when ``before`` (what the
    record said ahead of it) names either side: that is :func:`replaces_said_value`'s, or a
    status of things already named ("Redis is down, Memcached is fine."). Not asked.

    >>> sets_a_value_said_first("Debian 11 miti, Ubuntu 24.04 fayyadami.", "")
    True
    >>> sets_a_value_said_first("3 failed, 5 passed.", ""), sets_a_value_said_first(
    ...     "gzip took 3 s, zstd 2 s.", "")
    (False, False)
    """
    cut = _FIRST_SAID_CUT.search(sentence)
    if cut is None or asks(sentence):
        return False
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    if word_count(head) > _SWAP_HEAD_WORDS or not 1 <= word_count(rest) <= _FIRST_SAID_REST:
        return False
    old, new = _marked(head), _marked(rest, opens=False)
    return any(
        not whole_token(before, a) and not whole_token(before, b) and _denied_in(head, a)
        for a, b in _pairs(head, rest, old, new)
    )


def _denied_in(head: str, value: str) -> bool:
    """Whether the words of ``head`` besides ``value`` (and the name a number is said with,
    "port 8088") are few enough to say only "not": up to :data:`_SET_ASIDE_WORDS`, or one
    when the value opens the head ("Debian 11 арэп", "Memcached miti"; two words after it
    are as often a state: "Redis is down, Memcached is fine.")."""
    lead = head[: head.find(value)].split()
    if value[0].isdigit() and lead:
        lead = lead[:-1]
    rest = head[head.find(value) + len(value) :].split()
    said = len(lead) + len(rest)
    return 1 <= said <= (_SET_ASIDE_WORDS if lead else 1)


_FIRST_SAID_REST = 10  # "e hoʻohana i ka Ubuntu 24.04 no ke kiʻi kūkulu": a use and its why
# the words that set the old aside, a setting's name among them: "Ba … ba", "ʻAʻole ʻo port …"
_SET_ASIDE_WORDS = 3
# where the old value's clause ends: a clause break (Ethiopic's too), a colon, a dash, an arrow
_FIRST_SAID_CUT = re.compile(rf"{_BREAK.pattern}|[፣፤።]\s*|\s*(?:→|->|=>|⟶)\s*")
# a number a name sits before in its clause ("Debian 11", "port 8088", "zstd level 12"), or
# a version: not a count opening its clause ("3 failed")
_NAMED_NUMBER = re.compile(r"(?<=[^\W\d_]\s)\d+(?:\.\d+)*|(?<![\w.])\d+(?:\.\d+)+")
# a name in Latin capitals: "Debian", "Redis", "DNS" (glued to a word of another script,
# "ንDNS", or a case ending, "DNS-manta")
_CAPITAL_NAME = re.compile(r"(?<![A-Za-z0-9.])[A-Z][A-Za-z0-9+]*[A-Za-z0-9+]")


def _marked(clause: str, *, opens: bool = True) -> list[str]:
    """The values ``clause`` names that a word of the user's language is not: numbers a
    name sits before, versions, names in Latin capitals past the clause's opening word (it
    may be "Not", "Kwete", "Manam", "Quando"), or opening it with more capitals or a digit
    in them ("PostgreSQL miti", "DNS"); with ``opens`` false (a clause after a break, where
    a capital is no sentence's), its opening word too ("…, Redis-ta llamk'achiy")."""
    first = next((k for k, c in enumerate(clause) if c.isalnum()), -1)
    names = [
        n
        for n in _CAPITAL_NAME.finditer(clause)
        if not opens or n.start() != first or _CAPITALS_INSIDE.search(n.group())
    ]
    return [*_NAMED_NUMBER.findall(clause), *(n.group() for n in names)]


def _pairs(head: str, rest: str, old: Sequence[str], new: Sequence[str]) -> list[tuple[str, str]]:
    """The head's values and the rest's that pair as a value set aside and one taken up:
    two names in capitals; two numbers, one a version or both after the same name ("port
    8088" / "port 8090", not "took 3 s" / "zstd 2 s"); or, the head naming no number, a
    tool's name in small letters against a new number given with its setting ("gzip" /
    "zstd level 12")."""
    gone = [v for v in old if v not in new]
    taken = [v for v in new if v not in old]
    pairs = [
        (a, b)
        for a in gone
        for b in taken
        if (
            a[0].isdigit()
            and b[0].isdigit()
            and ("." in a + b or _label(head, a) == _label(rest, b))
        )
        or (not a[0].isdigit() and not b[0].isdigit())
    ]
    # (a tool's setting, not a product's version: "Sa miaging tuig, … Debian 10 …" - last
    # year … Debian 10 - sets no "tuig" aside)
    if (
        not any(v[0].isdigit() for v in old)
        and word_count(head) <= _SMALL_HEAD_WORDS
        and all(v[0].isdigit() for v in new)
    ):
        pairs += [(a, b) for a in _SMALL_SAID.findall(head) for b in taken if b[0].isdigit()]
    return pairs


# (a head naming a tool in small letters says only that and "not": "Ba gzip ba", "ʻAʻole ʻo
# gzip"; not a statement, "O teste está errado: espera 3 linhas.")
_SMALL_HEAD_WORDS = 3
# capitals past a name's first letter, or a digit: a product's name, an acronym
_CAPITALS_INSIDE = re.compile(r"^.[^A-Z0-9]*[A-Z0-9]")
# a tool's name in small letters, a case ending glued on as some languages write it ("gzip-chu")
_SMALL_SAID = re.compile(r"(?<![\w./-])[a-z][a-z0-9]{2,}(?![\w/])")


def _label(clause: str, number: str) -> str:
    """The word just before ``number`` in ``clause``, casefolded ("port" of "port 8088")."""
    before = clause[: clause.find(number)].split()
    return before[-1].casefold() if before else ""


def sets_one_of_two(sentence: str, before: str, user_before: str, answer: str) -> bool:
    """A correction setting one value against another of its kind, in either order ("not
    A, use B" and "use B, not A": "eu-west-1 tɛ, me-central-1 baara kɛ.", "Java 21
    ажыглаңар, Java 11 эвес."), by shape in any language: a short sentence cut once into
    two clauses, each naming one value of one kind (:func:`_clause_value`) - a version or
    a number a name sits before, an id with a digit among hyphens, a name in Latin letters
    among another script's - and one clause its value and a word or two only, the denial
    (:func:`_denied_in`); or the value of one clause is what the assistant's answer
    (``answer``: its words and calls until the user speaks again) took up, said nowhere in
    ``before``, and the other's it did not ("Janiw weekly full backups ukhamäkiti, daily
    incremental backups apnaqam." answered "daily incremental backups from now on"), its
    clause said with a word the work never said (:func:`_taken_up_alone`).
    Not asked; not two things told together ("Redis is down, Memcached is fine.": a
    value opening its clause with two words after it is a state), nor a value ``before``
    said set in the clause that is no denial.

    >>> sets_one_of_two("ca-central-1 ажыглаңар, us-east-2 эвес.", "", "", "")
    True
    >>> sets_one_of_two("Redis is down, Memcached is fine.", "", "", "Restarting Redis.")
    False
    """
    cut = _FIRST_SAID_CUT.search(sentence)
    if cut is None or asks(sentence):
        return False
    clauses = (sentence[: cut.start()], sentence[cut.end() :].rstrip(" .!。"))
    if _FIRST_SAID_CUT.search(clauses[1]) or not all(
        1 < word_count(c) <= _ONE_OF_TWO_WORDS for c in clauses
    ):
        return False
    other_script = _OTHER_SCRIPT.search(sentence) is not None
    values = [_clause_value(c, other_script) for c in clauses]
    first, second = values
    if first and second and first != second and _same_kind(first, second):
        # (a value the record said before is the old one, in the clause that denies it: not
        # "Redis түстэ, Memcached үчүгэйдик үлэлиир." after a config's "cache: memcached",
        # a state of two things; two said before are :func:`replaces_said_value`'s)
        old = [v for v in values if v and whole_token(before.casefold(), v.casefold())]
        return len(old) < len(values) and any(
            _denied_in(c, v)
            for c, v in zip(clauses, (first, second), strict=True)
            if not old or v in old
        )
    worked = _without_lines(before, user_before).casefold()
    return _taken_up_alone(clauses, before, worked, answer) or _set_against_said(clauses, worked)


_SET_ASIDE_ROOM = 2  # words beside a value of two words or more that can say only "not"
_ONE_OF_TWO_WORDS = 7  # "e hoʻohana i ka Ubuntu 24.04 no ke kiʻi": a use, a value, its why
# a letter of a script other than Latin: a name in Latin letters stands out among them
_OTHER_SCRIPT = re.compile(r"[^\W\d_A-Za-z\u00c0-\u02ff\u1e00-\u1eff]")
# an id in small letters with a digit among hyphens: a region, a zone ("eu-central-2")
_HYPHEN_ID = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*-[a-z]*\d[a-z0-9]*(?![\w-])")
_LATIN_RUN = re.compile(r"(?<![^\W\d_])[A-Za-z][\w.+-]*(?:\s+[A-Za-z0-9][\w.+-]*)*")


def _clause_value(clause: str, other_script: bool) -> str | None:
    """The one value a clause of a correction names, by its look: a name or a number
    with a digit (:func:`_marked`'s numbers with a name in capitals before them, "Rocky
    Linux 9", or a version, "3.12"), an id among hyphens, or, in a sentence of another script, its one run of
    Latin words ("Rocky Linux 9", "server sent events"); None for none or several."""
    ids: list[str] = _HYPHEN_ID.findall(clause)
    if len(ids) == 1:
        return ids[0]
    if other_script:
        return _one_latin_value(_LATIN_RUN.findall(clause))
    numbered = _NAMED_NUMBER.findall(clause)
    if len(numbered) != 1:
        return None
    # (from the name said with its number: "Rocky Linux 9", "Python 3.12")
    at = clause.find(numbered[0])
    end = at + len(numbered[0])
    names = [clause.find(n) for n in _marked(clause) if not n[0].isdigit()]
    start = min((k for k in names if 0 <= k < at), default=at)
    # (a bare number is a version only with a dot: "took 3 s" / "zstd 2 s" are timings)
    return clause[start:end] if start < at or "." in numbered[0] else None


def _one_latin_value(runs: Sequence[str]) -> str | None:
    """The value among a clause's runs of Latin words in a sentence of another script: its
    one run; or, beside a word of the place it is said for ("Build сервертэ PHP 8.3.9
    хэрэглэгты": use PHP 8.3.9 on the build server), the one run with a digit, else the
    one longer than the rest ("per package pipelines" beside "Build"); None when none
    stands out."""
    if len(runs) < 2:
        return runs[0] if runs else None
    numbered = [r for r in runs if any(c.isdigit() for c in r)]
    if numbered:
        return numbered[0] if len(numbered) == 1 else None
    longest = sorted(runs, key=word_count, reverse=True)
    return longest[0] if word_count(longest[0]) > word_count(longest[1]) else None


def _same_kind(a: str, b: str) -> bool:
    """Whether two values are of one kind: both ids among hyphens, both with a number,
    or neither."""
    return _value_shape(a) == _value_shape(b)


def _value_shape(value: str) -> tuple[bool, bool]:
    return _HYPHEN_ID.fullmatch(value) is not None, any(c.isdigit() for c in value)


def _taken_up_alone(clauses: Sequence[str], before: str, worked: str, answer: str) -> bool:
    """Whether ``answer`` names a run of one clause's words that ``before`` never said
    (the value the user set there first and the assistant took up), said with a word
    (its verb) that the work before (``worked``: the calls, their output, the assistant's
    words) never said - one of the user's language, not an English status the assistant
    echoes ("tests pass now, great job." answered "tests pass") - and of the other's no
    word but those the run shares ("backups" of "weekly full backups" beside "daily
    incremental backups"), that other clause being short enough to say only a value and
    "not"."""
    runs = [_run_named(c, answer) for c in clauses]
    for taken, other in ((0, 1), (1, 0)):
        run = runs[taken]
        if not run or whole_token(before.casefold(), run.casefold()):
            continue
        beside = [w for w in _words_of(clauses[taken]) if w not in run.split()]
        if not beside or any(whole_token(worked, w) for w in beside):
            continue
        shared = set(run.casefold().split())
        named = {w for w in _words_of(clauses[other]) if whole_token(answer.casefold(), w)}
        if named <= shared and word_count(clauses[other]) <= len(shared) + _denial_room(run):
            return True
    return False


def _denial_room(value: str) -> int:
    """The words beside a value that can say only "not": one beside a one-word value
    ("nginx tɛ", "Amo flask"), two beside a longer one ("Janiw weekly full backups
    ukhamäkiti"); "Memcached is fine" is a state of another thing."""
    return _SET_ASIDE_ROOM if " " in value else _SET_ASIDE_ROOM - 1


def _set_against_said(clauses: Sequence[str], worked: str) -> bool:
    """Whether one clause names a run of words the work before said (``worked``,
    casefolded: a config's "weekly full backups", the old value) with only a denial beside
    it (:func:`_denial_room`), in words the work never said, and the other clause says two
    words or more the work never said either, but for the run's ("daily incremental
    backups apnaqam"): a new value and a verb of the user's language; beside a one-word
    run, a new value of marked look (:func:`_marked`)."""
    for old, new in ((0, 1), (1, 0)):
        run = _run_named(clauses[old], worked)
        beside = [w for w in _words_of(clauses[old]) if w not in run.split()]
        fresh = [w for w in _words_of(clauses[new]) if w not in run.split()]
        # (a one-word value said before is set against a new one of marked look, "Memcached
        # miti, Redis … fayyadami": "gzip works, thanks a lot." is a status and thanks)
        marked = " " in run or bool(
            _marked(clauses[new], opens=False) or _HYPHEN_ID.search(clauses[new])
        )
        if (
            run
            and marked
            and 1 <= len(beside) <= _denial_room(run)
            and len(fresh) >= _SET_ASIDE_ROOM
            and not any(whole_token(worked, w) for w in (*beside, *fresh))
        ):
            return True
    return False


def _words_of(clause: str) -> list[str]:
    # (a word with an apostrophe inside is one word: "La'os", not "la" and "os")
    return [w.casefold() for w in re.findall(r"[\w.+-]*\w(?:['’ʼ]\w+)*", clause)]


def _run_named(clause: str, text: str) -> str:
    """The longest run of ``clause``'s words that ``text`` names whole, casefolded; "" for
    none. A single word counts only with a letter past its second (not "it", "on")."""
    words = _words_of(clause)
    said = text.casefold()
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            run = " ".join(words[start : start + size])
            if (size > 1 or len(run) > 2) and whole_token(said, run):
                return run
    return ""


def sets_two_phrases(sentence: str, user_before: str) -> bool:
    """Two values of many words in small Latin letters set side by side, one per clause,
    by a short sentence cut once, in any language: "Salelá signed bearer tokens, session
    cookies te.", "Gune per package pipelines — cadi monorepo builds." The user steering
    between two ways of doing a thing, whichever the record cannot yet tell wins: filed in
    their words. Each clause holds one run of two words or more (:data:`_PHRASE_RUN`) that
    is more than a sentence's small words ("is down", "is fine": a state), beside a word
    or two only (:data:`_SET_ASIDE_ROOM`), and a word
    beside the runs shows the user's own language (a capital, a mark, an apostrophe), so
    that plain English, which the lexicon reads, is left to it. Not asked, no digit (a
    measurement, a count: "took 40 ms"), no reply or nudge, not a run the user said before
    (their chit-chat comes again); cut by a clause break, a dash or an arrow, not a colon
    ("Amina Mwangi aliandika asubuhi: printa inafanya kazi tena.": who wrote what).

    >>> sets_two_phrases("Hinda squash merges, hyoni rebase merges nuni.", "")
    True
    >>> sets_two_phrases("Redis is down, Memcached is fine.", "")
    False
    """
    cut = _SWAP_CUT.search(sentence)
    if cut is None or asks(sentence) or _DIGIT.search(sentence) or is_reply(sentence):
        return False
    clauses = (sentence[: cut.start()], sentence[cut.end() :].rstrip(" .!。"))
    if _SWAP_CUT.search(clauses[1]) or not all(
        1 < word_count(c) <= _PHRASE_CLAUSE_WORDS for c in clauses
    ):
        return False
    runs = [_PHRASE_RUN.findall(c) for c in clauses]
    # (beside each value only a word or two, its denial or its verb: "strežnik staging
    # vrača samo napake" - the server staging returns only errors - tells of a thing)
    if not all(
        len(r) == 1
        and _names_a_phrase(r[0])
        and word_count(c) - word_count(r[0]) <= _SET_ASIDE_ROOM
        for c, r in zip(clauses, runs, strict=True)
    ):
        return False
    beside = [c.replace(r[0], " ") for c, r in zip(clauses, runs, strict=True)]
    # (a name in capitals beside a run is the thing the run tells of: "Redis ya mutu,
    # Memcached yana aiki lafiya." - Redis died, Memcached works fine - a status)
    if _marked(beside[0]) or _marked(beside[1], opens=False):
        return False
    return (
        runs[0] != runs[1]
        and _values_past_shared_opening(runs[0][0], runs[1][0])
        and _OWN_LANGUAGE.search(" ".join(beside)) is not None
        and not any(whole_token(user_before.casefold(), r[0]) for r in runs)
    )


_PHRASE_CLAUSE_WORDS = 5  # "uza dedicated build agents": a verb and a value of three words
# words in small Latin letters in a row, none glued to a mark or an apostrophe ("La'os")
_PHRASE_RUN = re.compile(r"(?<![\w'’ʼ-])[a-z]{2,}(?:\s+[a-z]{2,})+(?![\w'’ʼ-])")
# a word of the user's own language beside the values: a capital, a letter beyond plain
# Latin, an apostrophe inside a word
_OWN_LANGUAGE = re.compile(r"[A-Z]|[^\W\d_a-zA-Z]|\w['’ʼ]\w")


def _values_past_shared_opening(first: str, second: str) -> bool:
    """Whether two runs still name a phrase each past the words they both open with: those
    are the user's own, said again ("tsara ny gzip" / "tsara ny rakitra": gzip went well,
    the file is fine - a status); values of one kind share their ending, if anything
    ("weekly full backups" / "daily differential backups")."""
    a, b = first.split(), second.split()
    shared = 0
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    return all(
        len(rest) > 1 and _names_a_phrase(" ".join(rest)) for rest in (a[shared:], b[shared:])
    )


def _names_a_phrase(run: str) -> bool:
    """Whether ``run`` has two words in a row that are no sentence's small words: "weekly
    full backups", "per package pipelines"; not "is down", "thanks so much"."""
    words = run.split()
    return any(a not in SENTENCE_WORDS and b not in SENTENCE_WORDS for a, b in pairwise(words))


def weighs_two_values(sentence: str) -> bool:
    """Whether ``sentence`` names two values of one kind (:data:`_TWO_KIND_VALUE`: a name
    with its version, an id among hyphens) and tells of them rather than steers: a number
    besides theirs, a measurement ("nginx 1.27 was faster than Caddy 2.8, 40 ms"), or the
    two in one clause, no break between them, as a list or a history ("af-south-1 and
    eu-north-1 both fail", "we moved from Ubuntu 20.04 to Rocky Linux 9 last year"), where
    the lexicon reads no choice ("Use Node 22 instead of Node 18."). A correction in any
    language cuts the two apart (:func:`sets_one_of_two`).

    >>> weighs_two_values("In my tests nginx 1.27 was faster than Caddy 2.8, 40 ms.")
    True
    >>> weighs_two_values("Node 18 ne, Node 22 ishlating."), weighs_two_values(
    ...     "Use Node 22 instead of Node 18.")
    (False, False)
    """
    found = [m for m in _TWO_KIND_VALUE.finditer(sentence)]
    kinds = {_value_shape(m.group()) for m in found}
    if len(found) != 2 or len(kinds) != 1 or found[0].group() == found[1].group():
        return False
    first, second = found
    rest = sentence[: first.start()] + " " + sentence[first.end() : second.start()]
    rest += " " + sentence[second.end() :]
    between = sentence[first.end() : second.start()]
    joined = _FIRST_SAID_CUT.search(between) is None
    # (a denial between two values that close the sentence steers: "استخدم Node 20 وليس
    # Node 18." - use Node 20, not Node 18; one with words after tells of both: "A ne B
    # yoho hinda pe̱fi", A and B both fail)
    steers = denial(between) and _WORD.search(sentence[second.end() :]) is None
    return _DIGIT.search(rest) is not None or (
        joined and not steers and not chooses_instead(sentence) and not chooses_over(sentence)
    )


# a value a correction sets against another of its kind: a name in capitals and its version
# ("Rocky Linux 9", "Python 3.12.7"), an id in small letters with a digit among hyphens
_TWO_KIND_VALUE = re.compile(
    rf"(?<![\w.-])[A-Z][\w+.-]*(?:\s+[A-Za-z][\w+.-]*){{0,2}}?\s+v?\d+(?:\.\d+)*(?![\w-]|\.\d)"
    rf"|(?<![\w.-])[a-z][\w+-]*\s+v?\d+(?:\.\d+)+(?![\w-]|\.\d)"  # "nginx 1.27"
    rf"|{_HYPHEN_ID.pattern}"
)


# a Turkish verb's negative imperative ending its clause ("… değiştirme.", "… kullanma, …"),
# in a Turkish sentence (its letters, or a plural's case ending on a word before it:
# "Testleri silme.", "Mevcut testlere dokunma."), not after "bir" ("Bu sadece bir
# deneme.": a noun); case-sensitive, where "İ" is no "i"
_TURKISH = re.compile(r"[ıİşŞğĞ]|[^\W\d_](?:ler|lar)(?:i|ı|e|a|de|da|den|dan|in|ın)\s")
_TURKISH_DONT = re.compile(
    r"(?<!\w)(?<!\bbir\s)[^\W\d_]{3,}(?:ma|me|mayın|meyin|mayınız|"
    r"meyiniz)(?=\s*(?:[.,;!]|$))"
)
# "Không …", "Không được …", "Đừng …" opening a Vietnamese sentence with a verb after it
# (not "Không có lỗi" - there is none, "Không thấy …", "Không, …" - an answer, "… được." -
# it cannot)
_VIETNAMESE_DONT = re.compile(
    r"(?i)^\W*(?:không\s+được|đừng|cấm|tuyệt\s+đối\s+không)\s+\w"
    r"|^\W*không\s+(?!(?:có|phải|thấy|biết|hiểu|rõ|sao|sao\s+cả|vấn\s+đề|cần|còn|bao\s+giờ)\b)"
    r"[^\W\d_]+\s+(?![^.!?]*\bđược\s*[.!]?$)"
)
# "under no circumstances" in the languages users write in ("Pod żadnym pozorem nie
# wysyłaj …", "In geen geval de API-sleutels in de logs zetten."): a prohibition
_IN_NO_CASE = re.compile(
    r"(?i)(?<!\w)(?:pod\s+żadnym\s+pozorem|w\s+żadnym\s+wypadku|in\s+geen\s+geval|"
    r"unter\s+keinen\s+umständen|auf\s+keinen\s+fall|en\s+aucun\s+cas|bajo\s+ningún\s+concepto|"
    r"en\s+ningún\s+caso|in\s+nessun\s+caso|em\s+hipótese\s+alguma|de\s+jeito\s+nenhum|"
    r"ні\s+в\s+якому\s+разі|ни\s+в\s+коем\s+случае|hiçbir\s+koşulda|"
    r"dalam\s+keadaan\s+apa\s+pun|under\s+no\s+circumstances)(?!\w)"
)
# a Hindi prohibition closing its sentence: "… डिप्लॉय नहीं करना।", "… मत जोड़ना।" (an
# infinitive or a polite form after the negation: an order, not "नहीं है" - there is none)
_HINDI_DONT = re.compile(r"(?:नहीं|मत)\s+\S+(?:ना|ें|ो|िए|िएगा)\s*[।.!]?\s*$")
# a Tamil prohibition: a verb's infinitive, then "don't" or "must not" ("… மாற்ற வேண்டாம்",
# "… செய்யக்கூடாது"), ending a clause
_TAMIL_DONT = re.compile(r"[\u0b80-\u0bff]+[\u0b95-\u0bb9](?:\s+வேண்டாம்|\s*கூடாது)(?=\s*(?:[,.!;]|$))")
# a Dutch or German order with its negation after its object ("Gebruik geen SELECT * in de
# staging-modellen.", "Benutze keine globalen Variablen.", RT23-11): a verb's stem opening
# the sentence (a third person's "-t" is a status: "Werkt niet meer.")
_GERMANIC_DONT = re.compile(
    r"(?i)^\W*(?P<verb>[^\W\d_]{3,})\s+(?:\S+\s+){0,3}?(?:geen|niet|nooit|keine?[nmrs]?|nicht|"
    r"niemals)(?!\w)"
)
# an environment variable set to a value: "… BIOC_MIRROR=https://… …", "ARM_TOOLCHAIN=/opt/…"
_ENV_SETTING = re.compile(r"(?<![\w$])[A-Z][A-Z0-9]*_[A-Z0-9_]+=[^\s=]")

# (a step that opens with "not" is no order: "Eerst werkte het, daarna niet meer.")
_NOT_FIRST = re.compile(rf"(?i)^[\s,:–—-]*(?:{NEG_WORD})\b")


# a short reply's cut between its one word (a "no" in any language) and the value it
# gives: "Нә — Star.", "Déedéet, af-south-1."
_REPLY_CUT = re.compile(r"\s*[,;:]\s+|\s+[—–-]+\s+")
_REPLY_ENDS = " .!。።"
_REPLY_VALUE_WORDS = 2  # "AVIF", "Debian 12": a value, not a sentence
# a name in Latin capitals, a word of it or a model: "WebP", "Mettler", "TM-T20"
_CAPITALISED = re.compile(r"(?<![\w.-])[A-Z][\w.+-]*")


def value_of_a_short_reply(reply: str) -> str | None:
    """The value a short reply gives, by its shape alone in any language: the turn itself
    when one or two words ("AVIF."), else what follows one word and a comma or a dash
    ("Нә — Star.", "Déedéet, af-south-1."); None for a question or anything longer.

    >>> value_of_a_short_reply("Нә — Star."), value_of_a_short_reply("Déedéet, af-south-1.")
    ('Star', 'af-south-1')
    >>> value_of_a_short_reply("Dopu, `docs/x.md` scrivitelu, per piacè.") is None
    True
    """
    text = reply.strip().rstrip(_REPLY_ENDS)
    if not text or asks(reply) or "`" in text:
        return None
    parts = _REPLY_CUT.split(text)
    if len(parts) > 2 or (len(parts) == 2 and word_count(parts[0]) != 1):
        return None
    value = parts[-1].strip()
    return value if 1 <= word_count(value) <= _REPLY_VALUE_WORDS else None


def kind_said_before(value: str, said: str) -> bool | None:
    """Whether ``said`` (what a short reply answers) names another value of ``value``'s
    kind: an id among hyphens ("eu-west-3" for "af-south-1"), a number ("2.5" for "3.5",
    "Debian 11" for "Debian 12"); None for a value of words, whose kind no look tells."""
    if _HYPHEN_ID.fullmatch(value):
        return any(v != value for v in _HYPHEN_ID.findall(said))
    numbers = _NUMBER.findall(value)
    if not numbers:
        return None
    # (a name said with its number is said again with another: "Debian 12" for "Debian
    # 11"; "continue 0" after "… = 384" names nothing said)
    words = [w for w in _words_of(_NUMBER.sub(" ", value)) if not w.isdigit()]
    folded = said.casefold()
    if len(numbers) != 1 or any(
        not whole_token(folded, w) and not _glued_to_a_number(folded, w) for w in words
    ):
        return False
    return any(
        n != numbers[0] and _number_look(n) == _number_look(numbers[0])
        for n in _NUMBER.findall(said)
    )


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _glued_to_a_number(said: str, word: str) -> bool:
    """Whether ``said`` names ``word`` with a number glued on, as a version's name is
    ("fts4-ын" for "fts", "php8" for "php"; review59, Khanty: "FTS5." after "Хуша индекс
    FTS4-ын вэрлэн." was lost).

    >>> _glued_to_a_number("хуша индекс fts4-ын вэрлэн.", "fts"), _glued_to_a_number("afts4", "fts")
    (True, False)
    """
    return re.search(rf"(?<![^\W\d_]){re.escape(word)}-?\d", said) is not None


def _number_look(number: str) -> tuple[int, int]:
    """How a number looks: its parts and, for a whole number, about how many digits
    ("2.5" and "3.5", "500" and "250", "32645" and "32646" look alike; "0" and "384" not)."""
    parts = re.split(r"[.,]", number)
    return len(parts), (len(number) + 1) // 2 if len(parts) == 1 else 0


def names_another_name(value: str, said: str) -> bool:
    """Whether ``said`` names a name in Latin capitals other than ``value`` past its first
    word (a sentence's first word is capitalised in any case): "Mettler Toledo" in "Nus
    duvrain la stadera Mettler Toledo." for "Sartorius"."""
    first = re.match(r"\s*\S+", said)
    rest = said[first.end() :] if first else said
    return any(name != value for name in _CAPITALISED.findall(rest))
