"""The few words per language that carry a claim's roles: who decided, approved, reviewed
or only suggested; the user and the assistant named as nouns; the words that stand
between an agent and its act ("only", "has"); and the function words that say nothing
about what was done. English, Portuguese, Spanish, French, German, Chinese and Japanese.

A recap in any of these languages is read with the same checks: these tables only tell
them which word is the act and which words are its agent. Forms are listed, not
stemmed: a prefix of a Romance verb is an English word as often as not ("revis-").

>>> act_of("aprovou"), act_of("hat"), act_of("Suggested")
('approv', None, 'suggest')
>>> cjk_act("李工只是提了建议")
(4, 8, 'suggest')
"""

from __future__ import annotations

import re

from .trace import FILLER


def _listed(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ACT_FORMS = {
    "approv": """
        approved approves approve signed greenlit authorized authorised
        aprovou aprovado aprovada aprovaram aprova autorizou autorizado
        aprobó aprobado aprobada aprobaron aprueba autorizó
        validé validée validés valida approuvé approuvée approuva autorisé autorisée
        genehmigt genehmigte freigegeben akzeptiert
    """,
    "decid": """
        decided decides chose chosen picked selected opted
        decidiu decidido decidida decidiram escolheu optou
        decidió decidieron eligió escogió optó
        décidé décida décidée choisi choisit opté tranché
        entschieden entschied beschlossen beschloss gewählt wählte
    """,
    "review": """
        reviewed reviews proofread
        revisou revisado revisada revisaram
        revisó revisaron
        relu relue relut revu examiné
        geprüft prüfte überprüft überprüfte begutachtet gegengelesen
    """,
    "suggest": """
        suggested suggests proposed proposes recommended recommends
        sugeriu sugerido sugerida propôs proposto proposta recomendou
        sugirió sugerido propuso propuesto recomendó
        suggéré suggérée suggéra proposé proposée proposa recommandé
        vorgeschlagen empfahl empfohlen
    """,
}
_ACT_OF = {form: act for act, forms in _ACT_FORMS.items() for form in forms.split()}


def act_of(word: str) -> str | None:
    """The act a word names (``approv``, ``decid``, ``review``, ``suggest``), if any."""
    return _ACT_OF.get(word.casefold())


# Chinese and Japanese acts, found inside a run of characters (no spaces to cut at).
_CJK_ACT_FORMS = {
    "decid": "决定 拍板 选择 选了 选用 決めました 決めた 決定 選びました 選んだ 選択",
    "approv": "批准 审批 同意了 承認 許可",
    "review": "审核 审查 复核 看过 レビュー 確認しただけ",
    "suggest": "提了建议 提出建议 建议 提议 推荐 提案 推薦",
}
_CJK_ACTS = sorted(
    ((form, act) for act, forms in _CJK_ACT_FORMS.items() for form in forms.split()),
    key=lambda fa: -len(fa[0]),
)
_CJK_ACT = re.compile("|".join(re.escape(f) for f, _ in _CJK_ACTS))
_CJK_ACT_NAME = dict(_CJK_ACTS)


def cjk_act(text: str) -> tuple[int, int, str] | None:
    """Where the first act word of a Chinese or Japanese clause is, and the act."""
    m = _CJK_ACT.search(text)
    return None if m is None else (m.start(), m.end(), _CJK_ACT_NAME[m.group(0)])


# Words between a Chinese or Japanese agent and its act ("李工只是提了建议": 李工).
CJK_BETWEEN = re.compile(r"(?:只是|只|已经|也|都|最终|最后|刚刚|刚|则|はただ|は|が|も|だけが)+$")
CJK_ONLY = re.compile(r"只是|只|仅|だけ|のみ")

DETERMINERS = _listed(
    """
    o a os as um uma el la los las un una le l' les une der die das den dem des ein eine
    einen einem einer unser unsere
    """
)
# Between an agent and its act: "Paulo só revisou", "Julien a seulement relu", "Herr
# Kraus hat entschieden", "Diego solo lo sugirió".
BETWEEN = _listed(
    """
    só apenas somente já também foi tem tinha solo sólo solamente ya también ha había fue
    seulement juste aussi déjà avait ont nur auch schon hat hatte haben ist war wurde
    """
)
# An object pronoun before the act ("Diego solo lo sugirió", "Julien l'a relu"): what
# the clause before named.
CLITICS = _listed("lo la le les los las lhe l'")
# "O reembolso foi aprovado pela Juliana": the act's object stands first.
PASSIVE = _listed("foi foram fue fueron fut été sont est")
USER_WORDS = _listed("usuário usuária usuario usuaria utilisateur utilisatrice nutzer benutzer")
ASSISTANT_WORDS = _listed("assistente asistente assistente assistent agente")
TITLES = _listed("sr sra srta don doña dona mme mlle m monsieur madame")
CJK_USER = ("用户", "ユーザー", "利用者")
CJK_ASSISTANT = ("助手", "助理", "アシスタント", "エージェント")
# Words that say nothing about what was done to what: compared acts ignore them.
FUNCTION_WORDS = _listed(
    """
    de do da dos das em no na nos nas ao aos à às por para pelo pela com e ou que
    del al en con y o u para por que
    du des au aux en dans pour par avec et ou que qui sur
    von zu zum zur im am um an auf für mit und oder dass
    """
)


# Outcomes and ordinals in other languages, glossed in English so that one reading of
# outcomes serves them all: "O primeiro estorno PIX foi concluído sem erros." is read as
# "O first estorno PIX foi passed."; a word only glossed when it is the past (a condition
# "se o estorno falhar" says nothing happened).
_GLOSSES = (
    (
        "passed",
        r"(?i)\b(?:conclu[íi]d[oa]s?\s+sem\s+erros?|sem\s+erros?|com\s+sucesso|passou|passaram|"
        r"funcionou|deu\s+certo|bem[-\s]sucedid[oa]s?|sin\s+errores?|con\s+éxito|pasó|pasaron|"
        r"funcionó|exitos[oa]s?|sans\s+erreurs?|avec\s+succès|(?:a|ont)\s+réussi|réussie?s?|"
        r"(?:est|sont)\s+passée?s?|erfolgreich|bestanden|ohne\s+Fehler|liefe?n?\s+durch|"
        r"(?:è\s+)?(?:riuscit[oa]|andat[oa]\s+a\s+buon\s+fine)|con\s+successo|senza\s+errori)\b|"
        r"通过了|通过|成功了|成功しました|成功した|成功|没有报错|没报错|パスしました|通りました",
    ),
    (
        "failed",
        r"(?i)\b(?:falhou|falharam|deu\s+erro|falló|fallaron|fracasó|(?:a|ont)\s+échoué|"
        r"échouée?s?|en\s+échec|fehlgeschlagen|schlugen?\s+fehl|scheiterten?|(?:è\s+)?fallit[oa])\b|"
        r"失败了|失败|报错了|失敗しました|失敗した|失敗",
    ),
    (
        "first",
        r"(?i)\b(?:primeir[oa]|primer[oa]?|premi(?:er|ère)|erste[nrsm]?)\b|第一次|第一个|最初の",
    ),
    ("second", r"(?i)\b(?:segund[oa]|deuxième|zweite[nrsm]?)\b|第二次|第二个|2回目の"),
    ("last", r"(?i)\b(?:últim[oa]|dernière?|letzte[nrsm]?)\b|最后一次|最後の"),
)
_GLOSS = tuple((english, re.compile(pattern)) for english, pattern in _GLOSSES)


def gloss(text: str) -> str:
    """``text`` with its outcome and ordinal words in English (``text`` itself when it
    has none).

    >>> gloss("TestTenantLimiter_Burst 通过了。")
    'TestTenantLimiter_Burst  passed 。'
    """
    for english, pattern in _GLOSS:
        text = pattern.sub(f" {english} ", text)
    return text


_WORD = re.compile(r"[^\W\d_\u3040-\u30ff\u4e00-\u9fff]{3,}|\d[\d.,%]*")
_NAME = re.compile(r"(?<![\w./-])[A-Za-z][\w.-]*(?:_|\d|/|\.\w)[\w./-]*")
# A note naming what a correction replaced: "(the user corrected eu-west-1)", "(corrigido
# de R$ 1.248,90)", "（已从 8080 更正）": the value it names is the rejected one.
CORRECTION = re.compile(
    r"(?i)\b(?:correct\w*|instead|previously|formerly|was|corrigid\w*|corregid\w*|corrig\w*|"
    r"korrigiert|vorher|statt|antes|em\s+vez|en\s+lugar|au\s+lieu)\b|更正|订正|訂正|改为|改成"
)
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]+")
# Words that turn what a clause says around: compared apart from what it is about.
NEGATIONS = _listed(
    """
    não nunca nem nada sem no ni sin jamás nadie ningún ninguna ne pas jamais aucun aucune
    sans rien nicht nie niemals kein keine keinen keinem keiner nichts ohne never not no none
    nothing without don't dont doesn't mustn't
    """
)
_SKIP = FILLER | FUNCTION_WORDS | DETERMINERS | BETWEEN | CLITICS | NEGATIONS


def content_terms(text: str) -> frozenset[str]:
    """What ``text`` says, in pieces that compare across inflections and scripts: Latin
    words by their first five letters ("reinician" is "reinicies"), numbers whole,
    Chinese and Japanese by pairs of characters; function words left out.

    >>> sorted(content_terms("Los brokers de Kafka no se reinician."))
    ['broke', 'kafka', 'reini']
    """
    names = _NAME.findall(text)  # "orders_archive", "eu-west-1", "T-5521": whole
    plain = _NAME.sub(" ", text)
    out = {w.casefold()[:5] for w in _WORD.findall(plain) if w.casefold() not in _SKIP}
    out |= {n.casefold().rstrip(".") for n in names}
    for run in _CJK_RUN.findall(_CJK_PARTICLE.sub(" ", _CJK_RESTRICTS.sub(" ", text))):
        out |= {run[i : i + 2] for i in range(max(len(run) - 1, 1))}
    return frozenset(out)


# Chinese and Japanese particles and connectives: a paraphrase says them otherwise
# ("先冻结写入，然后切换流量" for "先冻结写入，再切换流量")
_CJK_PARTICLE = re.compile(
    r"然后|之后|以后|如果|时|的|了|着|就|再|先|把|被|是|在|和|与|及|也|都|です|ます|から|まで|は|が|を|"
    r"に|で|と|の|へ|も"
)
_CJK_RESTRICTS = re.compile(
    # (not 不可用 "unavailable", 不同 "different": words of their own, no negation)
    r"不要|不得|不能|不许|不准|不用|没有|不(?!可用|同|少|错|久|仅|但)|没|别|勿|禁止|只|仅|しないで|ないで|"
    r"ない|ません|だけ|のみ"
)
_RESTRICTS = NEGATIONS | _listed("only só somente apenas solo sólo solamente seulement nur")


def restricts(text: str) -> bool:
    """Whether ``text`` forbids or restricts ("never", "não … sem", "só com", "nur",
    "不要", "只"): a paraphrase of a rule keeps this.

    >>> restricts("Cupom de desconto só com a aprovação do usuário."), restricts("Use Redis.")
    (True, False)
    """
    words = {w.casefold() for w in re.findall(r"[\w'’]+", text)}
    return bool(words & _RESTRICTS) or "n'" in text.casefold() or bool(_CJK_RESTRICTS.search(text))
