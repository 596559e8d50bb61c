"""What a user's sentence asks for, in words: rules, corrections, decisions, approvals, nudges.

The vocabularies and patterns that ``contextledger.intent`` classifies a user turn with, in every
language it reads (English, German, Spanish, French, Italian, Portuguese, Dutch, Chinese, Japanese,
Korean, …). Only data lives here; ``intent`` holds the logic that reads a sentence with it (which
sentence, whether it is a question, a joke or talk, how long it is).

Two invariants tie these tables to ``intent``'s fast path (property tests hold both):

- every alternative of ``CORRECTION``/``CONSTRAINT`` starts at a word of ``CORRECTING_WORDS``, every
  alternative of ``EUROPEAN_CONSTRAINT``/``EUROPEAN_CORRECTION`` holds a word of ``EUROPEAN_WORDS``,
  and every ``RESTATES`` phrase a word of ``RESTATING_WORDS`` (a text without one is never read);
- every match of ``DECISION`` holds one of ``DECISION_HINTS`` (lower-case).

Add a word to the pattern and to its word list together.
"""

from __future__ import annotations

import re

# Short turns that move the conversation along without saying anything new: every word
# is one of these (so "ok, keep going" and "Take your time, just keep me posted." are nudges,
# "ok, now fix the login test" is not).
NUDGE_VOCABULARY = """
    ok okay k kk sure yes yep yeah yup no problem thanks thank thx ty you great nice cool
    perfect good sounds looks lgtm got it right alright fine go ahead on continue carry keep
    going proceed next done and now what take your time rush me posted let know any progress
    how is it's its status update still there hmm please just so then also that this works
    work do for makes sense understood i see ack well much a lot when ready re are finished
    awesome excellent thumbs up it's that's what's how's let's i'm
"""

NUDGE_WORDS = frozenset(NUDGE_VOCABULARY.split())

# Openers that announce a task without stating it ("hey, are you there?", "I have a task
# for you.", "quick question"): a turn of only these words (and nudge words) is not the
# request that set the task, so a greeting never becomes the pinned goal or the recap's
# "Goal:" line.
PREAMBLE_VOCABULARY = """
    hi hey hello hiya howdy yo greetings morning afternoon evening there here around online
    available busy free i me my we us you your a an the to for with have has got need needs
    want wants can could would will you're we're am be question questions task tasks job
    something thing things favor favour help quick small little one another new different
    minute moment sec second ask request working start started begin today another
"""

PREAMBLE_WORDS = NUDGE_WORDS | frozenset(PREAMBLE_VOCABULARY.split())

# The user correcting course: "actually", "no, ...", "use X not Y", "instead", "I meant".
CORRECTION = re.compile(
    r"(?ix)(?:"
    r"^\W*(?:(?:oh|ah|hmm+|um+|uh)\W+)?(?:no|nope|wait|stop|hold\s+on|scratch\s+that|correction|sorry|oops|whoops|my\s+bad)"
    r"(?:[\s,]+(?:wait|sorry|actually|no))?\s*[,.!:;—–-]|"
    # a contrast after a comma: "the limit is per tenant, not per IP address"
    r"(?:(?<=,\s)|(?<=;\s)|(?<=—\s)|(?<=–\s))not\s+(?!only\b|just\b|sure\b|yet\b|now\b|too\b|really\b|"
    r"quite\b|very\b|bad\b|necessarily\b|always\b|that\b|so\b)\w|"
    r"\bactually\b|\binstead\b|\brather\s+than\b|\bi\s+meant\b|\bthat['’]?s\s+(?:wrong|not\s+(?:right|what))|"
    r"\bnot\s+what\s+i\b|\bwrong\b|\bmistake\b|\bcorrection\b|\bswitch\s+(?:to|back)\b|"
    r"\bchange\s+of\s+plan\b|\bon\s+second\s+thought\b|\bmake\s+(?:it|that)\b|"
    r"\buse\s+\S+(?:\s+\S+){0,3}?\s*(?:,\s*)?not\s+\S+|\bshould\s+(?:be|have\s+been)\b|"
    r"\bis\s+(?:actually|really)\b|\bupdate:\s|"
    # taking back what was said, with no "not": "scratch that", "I misspoke", "ignore my
    # last message", "never mind the cache, ...", "it turns out the cluster is in eu-west-3"
    r"\bscratch\s+that\b|\bstrike\s+that\b|\b(?:i\s+)?mis(?:spoke|typed|remembered|read)\b|"
    r"\b(?:ignore|forget|disregard)\s+(?:that|this|what\s+i|my\s+(?:last|earlier|previous))\b|"
    r"\bnever\s*mind\b|\bi\s+was\s+wrong\b|\bcorrect(?:ing)?\s+myself\b|"
    r"\bi\s+take\s+(?:that|it)\s+back\b|\bturns\s+out\s+(?!fine\b|ok\b|okay\b|great\b|well\b|good\b)|"
    r"\b(?:let\s+me|to)\s+rephrase\b|"
    # taking back a rule: "scratch the migrations rule", "the freeze is lifted", "you may
    # edit migrations/0042_export.py now" (else the fit pins the rule and not its end)
    r"\b(?:scratch|strike|drop|forget|ignore|disregard|lift|revoke|cancel|waive|relax|undo)\s+"
    r"(?:the|that|this|my|our|your)\s+(?:\S+\s+){0,3}?(?:rule|constraint|restriction|"
    r"requirement|ban|freeze|limit|embargo)s?\b|"
    r"\b(?:rule|constraint|restriction|ban|freeze|embargo)\s+(?:is|has\s+been)\s+(?:now\s+)?"
    r"(?:lifted|off|gone|void|revoked|cancell?ed|over|removed)\b|"
    r"\byou\s+(?:may|can)\s+(?:now\s+)?(?:edit|change|touch|modify|update|delete|remove|"
    r"deploy|push|merge|run|use|add|drop|commit|write|rename|migrate|ship|release)\b"
    r"(?:\s+\S+){0,6}?\s+now\b|"
    # a permission that ends a rule: "subheadings are allowed now", "you can clear the
    # cache after all" (so the fit pins it beside the rule it lifts, red team 14 N7)
    # (only with what says the rule changed: "3 retries are allowed" states a rule, "it
    # was DNS after all" is no permission)
    r"\b(?:is|are)\s+now\s+(?:allowed|permitted)\b|\b(?:allowed|permitted)\s+(?:now|again)\b|"
    r"\byou\s+(?:may|can)\s+(?:\S+\s+){0,6}?after\s+all\b"
    r")"
)

# Where a bare "no"/"zero"/"only" opens a clause: the text's start, after a clause mark,
# or after "also"/"and"/"please"/"but" (a fixed-width lookbehind each).
CLAUSE_START = (
    r"(?:(?<![\w\s])|(?<=^\s)|(?<=[:;,.!?(—–-]\s)|(?<=[:;,.!?(—–-]\s\s)|"
    r"(?<=\balso\s)|(?<=\band\s)|(?<=\bplease\s)|(?<=\bbut\s)|(?<=\bso\s))"
)

# What follows a clause-opening "no" in talk, not in a rule: "no problem", "no idea why".
NOT_A_RULE = (
    r"(?:problem|problems|worries|worry|rush|hurry|idea|clue|luck|thanks|way|doubt|"
    r"wonder|matter|need|one|longer|more|fewer|less|sorry|change|changes|difference|"
    r"errors?|issues?|response|output|results?|(?:it|that|this|I)\b|I['’]m|"
    r"[,.!?]|$|"
    # Spanish talk: "no sé por qué", "no es eso", "no hay errores", "no funciona"
    r"s[eé]\b|es\b|está|hay\b|funciona|puedo\b|entiendo\b|tengo\b|sabemos\b|te\b|se\s+preocupe|"
    r"lo\s+s[eé]\b|pasa\b|me\s+(?:gusta|importa|parece|queda)\b|importa\b)"
)

# What a user reports gone ("no more crashes"), not an action they stop.
STATUS_NOUNS = (
    r"(?:crash|crashes|failures?|warnings?|timeouts?|flakes?|flaky|bugs?|leaks?|complaints?|"
    r"\d\S*|spam|noise|lag|downtime|outages?|alerts?|pages?)\b"
)

# Standing rules: negations and imperatives of obligation, in several phrasings. An
# apostrophe may be typed straight or curly (phones and many editors curl it: "don’t").
CONSTRAINT = re.compile(
    r"(?ix)(?:"
    r"\b(?:do\s+not|don['’]?t|never|must\s+not|mustn['’]?t|shall\s+not|should\s+not|shouldn['’]?t|"
    r"cannot|can['’]?t|may\s+not|no\s+longer|avoid|refrain\s+from|under\s+no\s+circumstances|"
    r"without\s+(?:asking|approval|permission)|stay\s+(?:away|out)\s+(?:from|of)|"
    r"leave\s+\S+(?:\s+\S+){0,3}\s+(?:alone|untouched|as\s+is)|off[-\s]limits|"
    # ("keep the output shorter" asks for one change, not a standing rule)
    r"keep\s+(?:it|them|everything|all|the)\b(?!(?:\s+\S+){0,3}?\s+(?:shorter|longer|simpler|"
    r"smaller|bigger|tighter|cleaner|briefer|terser|faster|quicker|going|coming)\b)|"
    # (what always happens is a status, not a rule: "the job always fails at 3am")
    r"make\s+sure|ensure|always(?!\s+(?:fails?|failed|failing|crashe[sd]|times?\s+out|"
    r"timed\s+out|breaks|broke|hangs|hung|passe[sd]|works|worked|seems?|seemed|returns|"
    r"returned|was|were|is|has|had|did)\b)|"
    r"only\s+(?:ever\s+)?(?:use|touch|change|edit|modify|update|run|deploy|commit|push|write|"
    r"call)|restrict(?:ed)?\s+(?:\w+\s+){0,2}to|"
    # a scope: "Edit only src/api/", "Keep changes inside src/sync/", "Stay within the
    # parser", "Only the :sync module can change", "Touch nothing outside …"
    r"(?:edit|modify|change|touch|update|work)\s+(?:only|just)|"
    r"keep\s+(?:changes|edits|the\s+(?:change|diff)|your\s+(?:changes|edits))|"
    r"stay\s+(?:on|with|within|inside)|confine[sd]?|limit\s+(?:\w+\s+){0,3}?to|"
    r"only\s+(?:the\s+)?\S+(?:\s+\S+)?\s+(?:may|can|should|must|is\s+allowed\s+to)\s+"
    r"(?:be\s+)?(?:change|changed|touched|edited|modified|updated)|"
    r"(?:touch|change|edit|modify)\s+nothing|nothing\s+else\s+(?:should|may|can|must)|"
    # (a guess is not a rule: "the cache must have been stale", "it must've timed out")
    r"must(?!\s+have\s+(?:been|\w+ed)\b|['’]ve\b)|has\s+to|have\s+to|needs?\s+to|required?|"
    r"requirement|constraint|rule:|"
    r"at\s+most|at\s+least|no\s+more\s+than|no\s+fewer\s+than|under\s+\d|below\s+\d|within\s+\d|"
    r"limit(?:ed)?\s+to|stick\s+to|pin(?:ned)?\s+to|not\s+allowed|forbidden|prohibited)\b|"
    # A rule stated as a bare "no"/"zero"/"only"/"skip" opening its clause ("No
    # force-pushes, ever.", "Also: zero new dependencies", "only squash merges", "please
    # no print debugging"); mid-clause these words are ordinary ("there is no cache").
    # (the first letter first: most positions fail on it before the lookbehinds run)
    rf"(?=[nz]){CLAUSE_START}(?:no|zero)\s+(?!{NOT_A_RULE})[\w.-]|"
    # "No more force-pushes." / "No more hotfixes on Fridays, please.": an action stopped,
    # said as the whole clause; "no more crashes since the fix" reports, it does not rule
    rf"(?=n){CLAUSE_START}no\s+more\s+(?!{NOT_A_RULE}|than\b|{STATUS_NOUNS})[\w-]+"
    r"(?:\s+(?:to|on|in|into|for|from|of|with|before|without)\s+[^\s.,!?]+){0,2}"
    r"(?:\s*,?\s*(?:ever|please|period))?\s*(?:[.!;]|$)|"
    rf"(?=[os]){CLAUSE_START}(?:only|skip)\s+(?!\d|(?:one|two|three|once|twice|a\s+few)\b)\S|"
    # a condition on an action: "apply only with -target", "deploy only after 6 pm"
    r"\bonly\s+(?:with|in|on|via|through|after|before|when|if|from|for|by|during|outside)\b|"
    r"\b(?:no|without)\s+exceptions?\b|\bwith\s+zero\b|"
    # a thing out of bounds: "hands off vendor/", "leave the flags as they are", "keep X
    # read-only", "the API stays backwards compatible", "nothing goes to prod before Thursday"
    r"\bhands\s+off\b|"
    # a scope left out or a pause: "Leave the audit_log table out of this migration.",
    # "Exclude the archive bucket from the cleanup.", "Hold off on schema changes until …"
    r"\bleave\s+(?:\S+\s+){1,6}?out\s+of\b|\bleave\s+(?:\S+\s+){1,4}?out\s*(?:[.!;]|$)|"
    rf"(?=e){CLAUSE_START}exclude\s+(?:\S+\s+){{0,6}}?from\b|"
    r"\bhold\s+off\s+(?:on\s+)?(?:\S+\s+){0,6}?(?:until|till|before|for\s+now)\b|"
    # an action stopped, a bound set: "Stop using the old client.", "Cap the batch at 500"
    rf"(?=s){CLAUSE_START}stop\s+\w+ing\b(?!\s+(?:me|us|by)\b)|"
    rf"(?=c){CLAUSE_START}cap\s+(?:\S+\s+){{0,4}}?(?:at|to)\s+[$€£]?\d|"
    r"\bleave\s+(?:\S+\s+){0,6}?(?:alone|untouched|unchanged|intact|be|as\s+(?:is|it\s+is|"
    r"they\s+are))\b|"
    r"\bkeep\s+(?:\S+\s+){0,5}?(?:read[-\s]only|untouched|unchanged|intact|frozen|private|"
    r"as\s+(?:is|it\s+is|they\s+are)|the\s+same|backwards?[-\s]compatible|in\s+place)\b|"
    r"\bstays?\s+(?:\S+\s+)?(?:compatible|unchanged|intact|untouched|frozen|private|"
    r"read[-\s]only|the\s+same|green|as\s+(?:is|it\s+is))\b|"
    r"\bnothing\s+(?:goes|gets|ships|lands|merges|is\s+(?:merged|deployed|pushed|shipped))\b|"
    # an approval required: "needs my sign-off", "ask me first", "check with me before"
    r"\bsign[-\s]?offs?\b|\b(?:my|our|their|explicit|written)\s+(?:approval|permission|"
    r"go[-\s]ahead|ok|okay)\b|\b(?:ask|check\s+with)\s+(?:me|us)\s+(?:first|before)\b|"
    # a preference that binds: "I'd rather we kept the old logger"
    r"\bi(?:['’]d|\s+would)\s+(?:rather|prefer)\b|\bi\s+prefer\b|"
    # a standing choice or order: "use feature flags for anything user-facing", "wait
    # until the build is green before merging"
    r"\buse\s+(?:\S+\s+){1,4}?for\s+(?:anything|everything|all|every|any|each)\b|"
    r"\bwait\s+(?:until|till|for)\s+(?:\S+\s+){1,8}?(?:before|to)\s+\w|"
    r"\bdo\s+(?:it|this|that|everything|them)\s+without\b|"
    # a quantity rule without "at most": "max 6 replicas", "needs two approvals"
    r"\b(?:max|maximum|min|minimum)\s+(?:of\s+)?\d|"
    r"\bneeds?\s+(?:\S+\s+){0,2}?(?:approvals?|sign[-\s]?offs?|reviews?|reviewers?)\b"
    r")"
)

# Rules and corrections in German, Spanish and French, said the way users type them: an
# imperative with its negation ("Ändere keine Steuerklassen.", "Starte den Server nicht
# neu.", "Nunca hagas push a main.", "Ne supprime jamais la base."), a ban opening its
# clause ("Kein Deployment am Freitag.", "Pas de push le vendredi."), a modal of ban or
# obligation said to the assistant ("Du darfst … nicht", "Vous devez …"), a ban word, a
# condition of approval. Not a rule: a clause whose subject comes first ("Das Deployment
# läuft nicht.", "Ça ne marche pas."), a speaker's own need ("Ich muss kurz weg.", "Il faut
# que je parte."), small talk ("Keine Sorge.", "Ne vous inquiétez pas.", "No te preocupes.")
# and a question (``_says_european``). Every alternative holds a word of
# EUROPEAN_WORDS (the prefilter's).
EUROPEAN_CONSTRAINT = re.compile(
    r"(?ix)(?:"
    # German
    r"\b(?:niemals|auf\s+keinen\s+fall|unter\s+keinen\s+umständen|verboten|untersagt|"
    r"nicht\s+erlaubt|nur\s+noch|ausschließlich|finger\s+weg|lass\s+die\s+finger)\b|"
    r"\b(?:du|ihr|sie|wir|man|es|das|der|die|er)\s+(?:\S+\s+){0,3}?"
    r"(?:darf|darfst|dürfen|dürft|soll|sollst|sollen|sollt)\s+(?:\S+\s+){0,4}?"
    r"(?:nicht|kein(?:e|en|er|es|em)?|nie|niemals|nichts)\b|"
    r"\b(?:du\s+musst|ihr\s+müsst|sie\s+müssen|wir\s+müssen|man\s+muss|muss)\s+"
    r"(?:immer|unbedingt|zwingend|jedes\s+mal|vorher|zuerst)\b|"
    r"\bohne\s+(?:\S+\s+){0,3}?(?:freigabe|genehmigung|zustimmung|erlaubnis|rücksprache)|"
    r"\bbitte\s+(?:nicht|kein(?:e|en|er|es|em)?|nie|niemals|nichts)\b"
    r"(?!\s+(?:böse|falsch\s+verstehen|sorgen|aufregen|hetzen|stressen)\b)|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))kein(?:e|en)?\s+(?!(?:problem|ahnung|sorge|sorgen|ursache|stress|"
    r"thema|fehler|idee|zeit|ding|wunder|plan|antwort|änderung|reaktion|daten|ergebnis|"
    r"eile|panik|frage|grund|witz|spaß|angst)\b)\w|"
    # an imperative opening its clause ("Ändere …", "Lösch …", "Ändern Sie …"), not a subject
    r"(?:^|(?<=\n)|(?<=[.!;:]\s)|(?<=\bbitte\s))"
    r"(?!(?:die|diese|jede|keine|eine|meine|deine|seine|ihre|unsere|alle|beide|welche|"
    r"solche|manche|einige|viele|wenige|andere|gerne|heute|leider|sie|ohne|ende|seite|"
    r"frage|idee|stelle|alte|neue|erste|letzte|ganze|es|das|der|er|wir|ich|du|ihr|man|"
    r"mache|habe|glaube|denke|weiß|sehe|finde|verstehe|hoffe|wette)\b)"
    r"\w+(?:e|n\s+sie|ch|f|t)?\s+(?:(?:kein(?:e|en|er|es|em)?|nichts|nie|niemals)\b|"
    r"(?:[^\s.!?]+\s+){0,5}?(?:bloß\s+|ja\s+)?nicht(?:\s+(?:neu|an|ab|auf|aus|ein|zu|um|mit|"
    r"vor|weg|zurück|hoch|runter|fest|los|her|hin))?\s*(?:[.!]|$))|"
    # Spanish ("No borres …" is the English bare "no" opening a clause)
    r"\b(?:nunca|jamás|prohibid[oa]s?|tienes\s+que|tienen\s+que|hay\s+que(?!\s+ver\b))\b|"
    r"\bno\s+(?:se\s+)?(?:debe|debes|deben)\b|"
    r"\bsin\s+(?:\S+\s+){0,2}?(?:permiso|aprobación|autorización|consultar)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))nada\s+de\s+(?!nada\b)\w|\bevita\s+\w|"
    # Italian and Portuguese: "Non toccare …", "Não apague …", "È vietato …"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))non\s+\w+(?:are|ere|ire)\b|\bvietat[oa]\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))não\s+(?!(?:sei|é|foi|há|tem|tenho|funciona|consigo|entendi|sabemos|"
    r"se\s+preocupe|faz\s+mal)\b)\w|"
    # Dutch: "Verwijder nooit de back-ups.", "Raak de productieserver niet aan."
    r"\b(?:nooit|nimmer|verboden)\b|\bzonder\s+(?:\S+\s+){0,2}?(?:toestemming|goedkeuring|akkoord)\b|"
    # a German ban with its scope: "Keine Daten nach dem 30.09. ins Training." (not a status:
    # "Keine Fehler im Log.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))kein(?:e|en)?\s+(?!(?:fehler|probleme?|ergebnis(?:se)?|antwort|"
    r"reaktion|änderung(?:en)?|treffer|einträge|warnungen|ahnung|sorge|sorgen|zeit)\b)\w+\s+"
    r"(?:nach|vor|ins?|im|an|am|auf|aus|für|über|unter|zwischen|bis|seit|vom|zum|zur)\s|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?!(?:het|de|dit|dat|deze|die|ik|jij|je|we|wij|hij|zij|ze|u|"
    r"er|een|mijn|ons|onze|jouw|hun|alles|niets|niks|dan|nu|wel|ook|maar|dus|hier|daar)\b)"
    r"\w+\s+(?:[^\s.!?]+\s+){0,5}?niet(?:\s+(?:aan|af|op|uit|in|om|mee|weg|door|terug))?\s*(?:[.!]|$)|"
    # a condition, then an order ("Si el p99 supera 800 ms, haz rollback.", "Se o cliente
    # pedir reembolso, avise o gerente.", "Si le paiement échoue, préviens-moi."): the
    # clause after the comma opens with its verb, not with a subject ("Si llueve, el
    # partido se cancela." states) nor a remark ("Si quieres, genial.")
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?:si|se|cuando|quando|quand|lorsque|lorsqu['’]|qualora)\s+"
    r"(?:[^,;.!?]|(?<=\d)[.,](?=\d)){3,120}[,;]\s*(?!(?:el|la|los|las|lo|le|les|un|una|il|elle|elles|ils|on|ce|ça|"
    r"c['’]|o|a|os|as|um|uma|eu|ele|ela|eles|io|lui|lei|noi|nous|vous|je|j['’]|tu|yo|"
    r"nosotros|usted|es|está|era|fue|hay|há|é|è|sería|seria|sarà|sera|serait|no\s+pasa|"
    r"não\s+(?:tem|há|é)|pas\s+de|tant|tanto|mejor|melhor|mieux|meglio|genial|perfecto|"
    r"perfeito|ótimo|parfait|super|ok|vale|bueno|bom|bien|bene|claro|tudo|todo|tout|"
    r"tutto|nada|rien|niente|nenhum|ningún|ninguno|aucun|nessun)\b)[^\W\d_]{2,}|"
    # French: "Ne …" / "N'…" opening its clause is an order
    r"(?:^|(?<=\n)|(?<=[.!;:,]\s)|(?<=\bet\s)|(?<=\bmerci\s\bde\s))"
    r"(?!ne\s+(?:vous\s+)?(?:inquiét|inquiet|en\s+fai|t['’]inqui))"
    r"(?:ne\s+\w+\s+(?:\S+\s+)?(?:pas|jamais|plus|rien|aucun|aucune)|"
    r"n['’]\w+\s+(?:\S+\s+)?(?:pas|jamais|rien|aucun|aucune))\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))pas\s+de\s+(?!(?:problème|souci|soucis|quoi|panique|chance|réponse|"
    r"nouvelles|erreur|changement)\b)\w|"
    r"\b(?:interdit|interdite|interdits|interdites|interdiction|uniquement|"
    r"vous\s+devez(?!\s+être)|tu\s+dois(?!\s+être)|il\s+(?:ne\s+)?faut(?!\s+que\s+(?:je|j['’])))\b|"
    r"\b(?:merci\s+de|veuillez)\s+ne\s+(?:pas|jamais|plus)\b|\b(?:évite|évitez)\s+de\b|"
    r"\btoujours\s+(?:demander|vérifier|utiliser|passer|prévenir)\b|"
    r"\bsans\s+(?:\S+\s+){0,2}?(?:autorisation|accord|permission|validation)\b"
    r")"
)

EUROPEAN_CORRECTION = re.compile(
    r"(?ix)(?:"
    r"\b(?:korrektur|korrigier\w*|stattdessen|ich\s+meinte|das\s+(?:ist|war)\s+falsch|"
    r"corrección|en\s+(?:lugar|vez)\s+de|me\s+equivoqué|quise\s+decir|plutôt\s+que|"
    r"au\s+lieu\s+de|je\s+me\s+suis\s+trompée?|je\s+voulais\s+dire|erratum)\b|"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))falsch\s*:|"
    # "Utilise plutôt la branche release." (an order to take another), not "Il fait plutôt beau"
    r"(?:^|(?<=\n)|(?<=[.!;:]\s))(?!(?:il|elle|on|ce|ça|le|la|les|je|tu|nous|vous|ils|elles)\b)"
    r"\w+(?:e|ez|s)\s+plutôt\b|"
    # a contrast after a comma: "25 %, nicht 20 %", "el 5, no el 3", "8 000 EUR, pas 6 000"
    r"(?:(?<=,\s)|(?<=;\s))(?:nicht|pas)\s+\w|(?:(?<=,\s)|(?<=;\s))no\s+(?:el|la|los|las)\s+\w|"
    # ... in Portuguese, Italian, Dutch: "R$ 1.284,90, não R$ 1.248,90", "3.000 euro, non 30.000"
    r"(?:(?<=,\s)|(?<=;\s))(?:não|non|niet)\s+(?:o\s+|a\s+|il\s+|la\s+|de\s+|het\s+)?[\w$€£]|"
    r"\bnicht\s+(?:\S+\s+){1,4}?sondern\b|\bno\s+(?:\S+\s+){1,4}?sino\b"
    r")"
)

EUROPEAN_STEERING = re.compile(
    f"{EUROPEAN_CONSTRAINT.pattern}|{EUROPEAN_CORRECTION.pattern[len('(?ix)') :]}"
)

# where a sentence ends, and a question's opening words
QUESTION_OPENING = re.compile(r"(?i)\s*(?:¿|est-ce\b|muss\s+ich\b|soll(?:en)?\s+(?:ich|wir)\b)")

# A request that (re)states the whole task.
RESTATES = re.compile(
    r"(?ix)\b(?:the\s+(?:overall\s+|main\s+|real\s+|actual\s+)?(?:goal|task|objective|mission|aim)\s+"
    r"(?:is|remains|was)|new\s+(?:goal|task|plan)|to\s+restate|to\s+recap|to\s+be\s+clear|"
    r"restat(?:ing|ed)|(?:whole|main|real|entire|only)\s+point\s+(?:is|was|remains|here)|"
    r"bottom\s+line|what\s+(?:we|i)\s+(?:really\s+|actually\s+)?(?:want|need)\s+is|"
    r"(?:let['’]?s|we\s+need\s+to|i\s+(?:want|need)\s+(?:you\s+)?to)\s+(?:now\s+)?(?:refocus|pivot)|"
    r"change\s+of\s+plans?|from\s+now\s+on\s+the\s+task|"
    r"new\s+(?:top\s+)?(?:priority|assignment|direction)|switch(?:ing)?\s+gears|different\s+task|"
    r"(?:drop|forget|scrap|abandon|park|pause|shelve|stop)\s+(?:working\s+on\s+)?(?:the|that|this|my|our)\s+"
    r"(?:previous|old|current|earlier|last|other|original)\s+(?:task|plan|goal|work|request|ticket))\b"
)

# Corrections and rules in Chinese and Japanese (the patterns above read English words).
# They are looked for in a text's opening and ending only (what ``_unspaced_ends`` gives):
# rules are stated in short turns, and a long pasted document in these scripts must cost a
# fit no scan of its whole length. Every alternative starts with a literal character (the
# engine then skips the positions that start none at C speed); what must not precede it is
# a lookbehind after that character ("不(?<!要不)要": 不要 but not 要不要, "shall I?").
# A sentence that asks something is no rule ("为什么不能登录？", "なぜ必ず失敗するのですか").
UNSPACED_CORRECTION = re.compile(
    r"其实(?=是|应该|要|用|该)|不对(?![称等齐劲比照应接外于])|我说的是|我的意思是|应该是|应该用|"
    r"改用|换成|换用|改成|改为|才对|代替|更正|纠正|搞错|说错|弄错|"
    r"，\s*不是|,\s*不是|不是[^。！？\n]{1,30}?而是|"
    r"実は|違います|ではなく|じゃなくて|訂正|間違(?!いな)|やっぱり|に変更"
)

UNSPACED_CONSTRAINT = re.compile(
    r"不(?<!要不)要(?!紧)|不(?<!我不)(?<!能不)(?<!们不)(?<!他不)(?<!她不)(?<!它不)能|不可以|不准|不许|"
    r"不得|禁止|严禁|绝对不|千万不|千万别|必须(?!的|承认|说)|务必|一定要|只能|只许|请勿|切勿|"
    r"勿(?:动|碰|改|删|用)|避(?<![^\s，。！？；：,.!?;:请要量]避)免(?![^，。！？；\n]{0,12}?是)|保持原样|"
    r"别(?:碰|动|改|用|删|跑|运行|提交|推送|部署|再)|保持[^。！？\n]{0,20}?不变|"
    r"しないで|[てで]は(?:いけ|ならな|なりま|だめ|駄目)|ないでください|ないように|ないこと(?:。|$)|絶対に|"
    r"必ず[^。！？\n]{0,20}?(?:して|ください|こと)|"
    r"だけを?(?:変更|編集|修正)"
)

QUESTION = re.compile(
    r"(?:[？?]|吗|呢|么|ですか|か|かな)[。！？!?\n；;\s]*$|为什么|怎么|哪个|哪些|什么|なぜ|どうして"
)

# Talk in a rule's words (review12 RC0): a question ("Should we never use the old VPN?"),
# unless it asks for a rule ("Could you please never push to main?"); a joke ("Don't
# forget lunch, I'm kidding."); an order about feelings or the talk itself ("Don't worry",
# "Don't get me wrong", "Keep it up"); what the speaker always or never does ("I always
# forget cron syntax", "We never got a reply"); a guess ("You must be tired", "Must be
# nice"); "always"/"never" before no verb ("Always a pleasure", "Never a dull moment").
ASKS_FOR_A_RULE = re.compile(
    r"(?i)^\W*(?:(?:and|also|oh|so)\W+)*(?:can|could|would|will)\s+you\s+(?:please\s+)?"
    r"(?:not|never|always|only|avoid|stop|make\s+sure|keep|leave|stick|don['’]?t)\b"
)

TALK = re.compile(
    r"(?ix)(?:"
    r"\b(?:don['’]?t|do\s+not|never|no\s+need\s+to)\s+(?:you\s+)?(?:ever\s+)?(?:worry|panic|stress|fret|"
    r"sweat|laugh|apologi[sz]e|hesitate|thank|feel\s+bad|lose\s+sleep|judge|be\s+(?:sorry|silly|"
    r"shy|afraid|a\s+stranger)|mind\s+me|get\s+me\s+wrong|take\s+(?:this|it|that|me)\s+the\s+wrong\s+way|"
    r"quote\s+me)\b|"
    r"^\W*(?:(?:ok(?:ay)?|and|but|hey|oh|so)\W+)*keep\s+(?:it\s+up|at\s+it|up\s+the\s+good|going|"
    r"smiling|calm)\b|"
    # what someone always or never did, or how the speaker always or never feels ("We never
    # got a reply", "I always forget cron syntax"), not a house rule ("We never store card
    # numbers.", "I never approve PRs without tests")
    r"\b(?:i|i['’]ve|we|we['’]ve|they|he|she)\s+(?:\w+\s+)?(?:always|never)\s+(?:\w+ed|got|had|"
    r"heard|saw|knew|thought|felt|made|took|found|came|went|said|told|did|was|were|"
    r"been|seen|done)\b|"
    r"\bi\s+(?:\w+\s+)?(?:always|never)\s+(?:forget|mix|trust|like|love|hate|enjoy|wonder|feel|"
    r"think|remember|confuse|get\s+(?:confused|lost|bored)|liked|loved|understood)\b|"
    r"(?:^\W*|\b(?:you|he|she|they|that|this|it)\s+)must\s+be\s+(?:so\s+|really\s+|very\s+)?"
    r"(?:tired|exhausted|joking|kidding|bored|busy|sick|nice|fun|great|hard|tough|annoying|"
    r"frustrating|hungry|sleepy|fed\s+up|a\s+\w+\s+(?:day|night|week))\b|"
    r"\b(?:always|never)\s+(?:a|an|the|happy|glad|nice|good|great|fun|better|dull|boring|easy|"
    r"again|learning)\b|"
    # "never" before a past tense tells what happened: "Never thought I'd say this"
    r"^\W*never\s+(?:\w+ed|thought|knew|saw|got|had|heard|felt|made|took|found|came|went|said|"
    r"told|did|was|were)\b"
    r")"
)

# a joke said with the sentence or right after it ("Can you never be wrong? haha")
# (a smiley is politeness, not a joke: "Please never push to main 🙂")
JOKE = re.compile(r"(?i)\b(?:haha+|hehe+|lol|lmao|jk|kidding|joking|just\s+teasing)\b")

LAUGH_ONLY = re.compile(r"(?i)\W*(?:haha+|hehe+|lol|lmao|jk)\W*$")

# a tag that asks for agreement makes no question of a rule: "Don't touch prod, ok?"
TAG_QUESTION = re.compile(
    r"(?i),\s*(?:ok(?:ay)?|right|got\s+it|yeah|understood|alright|clear|deal|agreed|yes|"
    r"capisce|all\s+right|is\s+that\s+clear|ok\s+with\s+you)\s*\?$"
)

# A decision the user states or passes on: their approval of what was proposed ("yes, go
# ahead with the refund", "approved, ship it"), someone's sign-off or choice ("the supervisor
# Juliana approved the full refund", "王工决定用令牌桶"). The model must still know it after
# the cut, like a rule: the fit pins it (``steering_requests``). A verb of approval or of
# choosing, in several languages; a bare "ok, go ahead" is a nudge, and a question ("Did
# Dana approve it?", "同意吗？") decides nothing.
DECISION = re.compile(
    r"(?i)(?:"
    # English (words apart by one space, as typed: see DECISION_HINTS)
    r"\b(?:approved|approves|okayed|ok['’]d|green(?:-?lit|lighted| light)|authori[sz]ed|"
    r"sign(?:s|ed|ing)?[ -]off|decided|chose|opted (?:for|to)|agreed to|stick with|"
    r"do it (?:the|that|this) \w+ way|go for (?:option|plan|the|it))\b|"
    r"\b(?:i|we) (?:(?:hereby|formally) )?(?:approve|authori[sz]e|accept|agree to)\b|"
    r"\b(?:approve|authori[sz]e) (?:it|this|that|them|the|those|these)\b|"
    r"\bgo ahead (?:with|and)\b|\b(?:you (?:can|may)|feel free to) (?:go ahead|proceed)\b|"
    r"\bproceed with\b|\bpermission (?:granted|given)\b|\bapproval (?:granted|given)\b|"
    r"\byou have (?:my|our) (?:approval|permission|go-?ahead|blessing)\b|"
    r"\b(?:ship|merge) it\b|\b(?:let['’]?s|we['’]ll|i['’]ll) go with\b|"
    r"\b(?:we['’]re|we are|i['’]m|i am) going with\b|\bdecision:|"
    r"\blet['’]?s (?:do|take|use|pick) (?:option|plan|approach|variant)\b|"
    # Portuguese, Spanish
    r"\baprov(?:ou|ei|amos|aram|ad[oa]s?|o)\b|\bautoriz(?:ou|ei|amos|ad[oa]s?|o|ó|é)\b|"
    r"\bsinal verde\b|\bpode (?:seguir|prosseguir|ir em frente)\b|"
    r"\bdecid(?:iu|i|imos|iram|ido|ió|ieron)\b|\baprob(?:ó|é|amos|aron|ad[oa]s?)\b|"
    r"\bapruebo\b|\bluz verde\b|\badelante con\b|\bpuedes (?:proceder|seguir con)\b|"
    # French, German, Italian, Dutch
    r"\bapprouv(?:é|ée|és|ées)\b|\bj['’]approuve\b|\bvalid(?:é|ée)\b|\bautoris(?:é|ée)\b|"
    r"\bfeu vert\b|\bdécid(?:é|ée)\b|\bgenehmigt\b|\bfreigegeben\b|\bgrünes licht\b|"
    r"\bentschieden\b|\bbeschlossen\b|\bapprovat[oaie]\b|\bapprovo\b|\bautorizzat[oaie]\b|"
    r"\bvia libera\b|\b(?:ha|hanno|abbiamo|ho) deciso\b|\bgoedgekeurd\b|\bbesloten\b|"
    r"\bon part sur\b|\bok pour\b|\bvamos com\b|\bmachen wir\b|\bnehmen wir\b|"
    r"\bprocedi con\b|"
    # Chinese, Japanese, Korean
    r"批准|同意|准许|授权|放行|拍板|决定|定了|就这么办|承認|許可|了承|決定|決めました|승인|허가|결정|"
    r"按方案|用方案|でいきましょう|で行きましょう|でいこう|으로 ?진행"
    r")"
)

# A piece of every alternative above, lower-case: a text holding none (lowered) states no
# decision, so a long session's requests are read for decisions by ``str.find`` (C speed)
# and the pattern is tried only around what it finds (a property test holds the list to
# that: every match holds a hint).
DECISION_HINTS = (
    "approv", "okayed", "ok'd", "ok’d", "green", "authori", "sign", "decid", "chose", "opted",
    "agreed to", "stick with", "do it ", "go for",
    "accept", "agree to", "ahead", "proceed", "permission", "blessing", "go with", "ship it",
    "merge it", "going with", "decision:", "option", "plan", "approach", "variant", "aprov", "autoriz", "sinal verde", "pode ", "aprob", "aprueb", "luz verde",
    "adelante con", "puedes ", "approuv", "autoris", "feu vert", "genehmigt", "freigegeben",
    "entschieden", "beschlossen", "via libera", "deciso", "goedgekeurd", "besloten", "part sur",
    "ok pour", "vamos com", "machen wir", "nehmen wir", "procedi con",
    # not ASCII: looked for only in texts that are not
    "validé", "décid", "grünes licht", "批准", "同意", "准许", "授权", "放行", "拍板", "决定",
    "定了", "就这么办", "承認", "許可", "了承", "決定", "決めました", "승인", "허가", "결정",
    "진행", "按方案", "用方案", "でいきましょう", "で行きましょう", "でいこう",
)  # fmt: skip

# an English question without its mark ("did Dana approve it", "has the DBA decided")
ASKED = re.compile(
    r"(?i)\s*(?:\W+\s*)?(?:did|does|do|has|have|had|was|were|is|are|can|could|should|would|will|"
    r"who|whom|which|what|when|why|how|whether)\b"
)

# a decision only named, not made: asked about in a clause, or a condition
UNDECIDED = re.compile(
    r"(?i)\b(?:what|which|whether|if|how|when|why|who|once|until|unless|before|after|"
    r"o\s+que|se|si|lo\s+que|qué|quand|wenn|ob)\s+(?:\S+\s+){0,3}$|(?:什么|如果|是否|哪)\S{0,6}$|"
    r"(?:\bnot|n['’]t|\bnever)\s+(?:yet\s+)?$"
)

UNSPACED_FILLER_VOCABULARY = """
    好的 好吧 好 行 嗯 哦 对 是的 是 可以 没问题 收到 谢谢 多谢 感谢 继续 接着 下一步 吧 啊 呀 呢
    了 吗 嘛 请 麻烦 你好 您好 嗨 在吗 在 我 我们 你 您 有 一个 个 任务 问题 事情 事 帮 帮忙 一下
    加油 辛苦 慢慢来 不急 明白 知道 懂 进展 如何 怎么样 完成 做 吧 就 这样 那 然后 也 都 很 棒
    非常 太 继续吧 先 现在 今天
    はい ええ うん 了解 承知 しました です ます ありがとう ございます 続けて 続き ください お願い
    します そのまま 大丈夫 よろしく どうも こんにちは おはよう 進めて 次 いいです いい ね よ 進捗
    どう ですか 質問 タスク 一つ ちょっと 今 あります がんばって 引き続き 助かります 了解です
    ครับ ค่ะ คะ นะ ขอบคุณ โอเค ได้ ต่อ ทำต่อ เลย สวัสดี
    哈 呵 嘿 嘻 嘛
    네 예 응 음 넵 넹 좋아요 좋아 좋습니다 감사합니다 감사해요 고마워요 고마워 계속 진행 진행해
    해 해줘 해주세요 주세요 부탁 부탁해요 드립니다 합니다 안녕하세요 안녕 알겠습니다 알겠어요
    확인 했어요 괜찮아요 천천히 하세요 요 수고 하셨어요 그래 그래요 오케이 잘 했어 지금 어때요
"""

UNSPACED_FILLER = frozenset(UNSPACED_FILLER_VOCABULARY.split())

CORRECTING_WORDS = [
    # CORRECTION (its first alternative, anchored at the start, included)
    r"no\b", r"nope\b", r"wait\b", r"stop\b", r"hold\b", r"scratch\b", r"correction\b",
    r"sorry\b", r"oops\b", r"whoops\b", r"my +bad\b", r"not\b", r"actually\b", r"instead\b", r"rather\b", r"i +meant\b", r"that ?s +not\b",
    r"that ?s +wrong",
    r"not +what\b", r"wrong\b", r"mistake\b", r"switch\b", r"change\b", r"on +second\b",
    r"make\b", r"use\b", r"should", r"is +really\b", r"update\b",
    # CONSTRAINT
    r"do +not\b", r"don ?t\b", r"never\b", r"must", r"shall +not\b", r"cannot\b", r"can ?t\b",
    r"may +not\b", r"no +(?:longer|more|fewer)\b", r"avoid\b", r"refrain\b",
    r"under +(?:no\b|DIGIT)", r"without +(?:asking|approval|permission)\b",
    r"stay +(?:away|out)\b", r"leave\b", r"off +limits\b",
    r"keep +(?:it|them|everything|all|the)\b", r"ensure\b", r"always\b",
    r"only\b", r"restrict", r"edit +(?:only|just)\b", r"modify +(?:only|just|nothing)\b",
    r"touch +(?:only|just|nothing)\b", r"update +(?:only|just)\b", r"work +(?:only|just)\b",
    r"keep +(?:changes|edits|your)\b", r"stay +(?:on|with|within|inside)\b", r"confine",
    r"nothing +else\b", r"edit +nothing\b", r"has +to\b", r"have +to\b", r"needs? +to\b",
    r"require", r"constraint\b", r"rule\b", r"at +(?:most|least)\b", r"below +DIGIT",
    r"within +DIGIT", r"limit", r"stick +to\b", r"pin(?:ned)? +to\b", r"not +allowed\b",
    r"forbidden\b", r"prohibited\b",
    # (the rules without a negation word, and corrections without "not")
    r"zero\b", r"skip\b", r"without +exceptions?\b", r"with +zero\b", r"ever\b", r"hands +off\b",
    r"exclude\b", r"cap\b",
    # (a phrase of up to a few words folds to more: "flags.yaml" is "flags yaml")
    r"keep +(?:[^ ]+ +){0,15}?(?:read|untouched|unchanged|intact|frozen|private|as|the +same|"
    r"backwards?|in +place)\b",
    r"stays? +(?:[^ ]+ +){0,15}?(?:compatible|unchanged|intact|untouched|frozen|private|read|"
    r"the +same|green|as)\b", r"nothing +(?:goes|gets|ships|lands|merges|is)\b", r"sign ?offs?\b",
    r"my +(?:approval|permission|go|ok)", r"our +(?:approval|permission|go|ok)",
    r"their +(?:approval|permission|go|ok)", r"explicit +(?:approval|permission|go|ok)",
    r"written +(?:approval|permission|go|ok)",
    r"ask +(?:me|us)\b", r"check +with\b", r"i ?d +(?:rather|prefer)\b",
    r"i +(?:would +rather|would +prefer|prefer)\b", r"do +(?:it|this|that|everything|them) +without\b",
    r"strike +that\b", r"mis(?:spoke|typed|remembered|read)\b", r"ignore +(?:that|this|what|my)\b",
    r"forget +(?:that|this|what|my|the|our|your)\b", r"ignore +(?:the|our|your)\b",
    r"drop +(?:the|that|this|my|our|your)\b", r"strike\b", r"lift\b", r"revoke\b", r"cancel\b",
    r"waive\b", r"relax\b", r"undo\b", r"restriction\b", r"ban\b", r"freeze\b", r"embargo\b",
    r"you +(?:may|can)\b", r"is +now +(?:allowed|permitted)\b",
    r"are +now +(?:allowed|permitted)\b", r"allowed +(?:now|again)\b",
    r"permitted +(?:now|again)\b",
    r"disregard\b", r"nevermind\b", r"never +mind\b", r"i +was +wrong\b", r"correct(?:ing)? +myself\b",
    r"i +take\b", r"turns +out\b", r"let +me +rephrase\b", r"to +rephrase\b",
    r"max(?:imum)? +(?:of +)?DIGIT", r"min(?:imum)? +(?:of +)?DIGIT",
    r"needs? +(?:\S+ +){0,2}?(?:approvals?|sign|reviews?|reviewers?)\b",
]  # fmt: skip

# A word of every EUROPEAN_CONSTRAINT / EUROPEAN_CORRECTION alternative, as folded (a
# letter outside ASCII is a space, or an "x" in _Fold's texts: "müssen" is "m ssen").
EUROPEAN_WORDS = [
    r"nicht\b", r"nichts\b", r"kein(?:e|en|er|es|em)?\b", r"nie\b", r"niemals\b", r"verboten\b",
    r"untersagt\b", r"nur +noch\b", r"ausschlie", r"muss +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"du +musst +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"ihr +m[ x]sst +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"sie +m[ x]ssen +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"wir +m[ x]ssen +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"man +muss +(?:immer|unbedingt|zwingend|jedes|vorher|zuerst)\b",
    r"ohne +(?:[^ ]+ +){0,3}?(?:freigabe|genehmigung|zustimmung|erlaubnis|r[ x]cksprache)",
    r"finger +weg\b", r"lass +die +finger\b",
    r"korrektur\b", r"korrigier", r"stattdessen\b", r"ich +meinte\b", r"das +(?:ist|war) +falsch\b",
    r"falsch\b", r"erratum\b",
    r"nunca\b", r"jam[ x]s\b", r"prohibid", r"tienes +que\b", r"tienen +que\b", r"hay +que\b",
    r"no +(?:se +)?deb(?:e|es|en)\b", r"no +(?:el|la|los|las) +[^ ]", r"nada +de\b", r"evita\b",
    r"sin +(?:[^ ]+ +){0,2}?(?:permiso|aprobaci|autorizaci|consultar)", r"correcci",
    r"en +(?:lugar|vez) +de\b", r"me +equivoqu", r"quise +decir\b", r"plut[ x]t\b",
    r"au +lieu\b", r"je +(?:me +suis +tromp|voulais +dire)", r"sino\b", r"sondern\b",
    r"ne +[^ ]+ +(?:[^ ]+ +)?(?:pas|jamais|plus|rien|aucune?)\b",
    r"n +[^ ]+ +(?:[^ ]+ +)?(?:pas|jamais|rien|aucune?)\b", r"pas\b", r"interdi",
    r"il +(?:ne +)?faut\b", r"tu +dois\b", r"vous +devez\b", r"uniquement\b",
    r"merci +de +ne\b", r"veuillez +ne\b", r"vitez? +de\b", r"xvitez? +de\b",
    r"toujours +(?:demander|v[ x]rifier|utiliser|passer|pr[ x]venir)\b",
    r"sans +(?:[^ ]+ +){0,2}?(?:autorisation|accord|permission|validation)",
    r"non +[^ ]+(?:are|ere|ire)\b", r"vietat", r"n[ x]o\b",
    r"non\b", r"niet\b", r"si\b", r"se\b", r"cuando\b", r"quando\b", r"quand\b",
    r"lorsqu", r"qualora\b", r"nooit\b", r"nimmer\b", r"verboden\b",
    r"zonder +(?:[^ ]+ +){0,2}?(?:toestemming|goedkeuring|akkoord)\b",
]  # fmt: skip

# A word of every RESTATES phrase (the phrase may start a few words before it).
RESTATING_WORDS = [
    r"goal\b", r"task\b", r"objective\b", r"mission\b", r"aim\b", r"plans?\b", r"restate\b",
    r"recap\b", r"clear\b", r"restat", r"point\b", r"bottom +line\b",
    r"what +(?:we|i) +(?:really +|actually +)?(?:want|need) +is\b", r"refocus\b", r"pivot\b", r"priority\b", r"assignment\b",
    r"direction\b", r"gears\b",
]  # fmt: skip

REFUSAL_WORDS = frozenset((
    "no", "not", "never", "nope", "nah", "don't", "dont", "do", "does", "doesn't", "won't",
    "can't", "cannot", "mind", "stop", "wait", "actually", "nothing", "that", "this", "it",
    "please", "instead", "use", "rather", "go", "on", "ahead",
))  # fmt: skip
