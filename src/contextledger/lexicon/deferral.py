"""Words that put a request off: "later", "when you get a chance", "after the deploy, …".

Read by the recap (``compaction.facts``: open requests, deferred rules) and by the fit
(``intent.defers``: a request the user deferred is pinned with her decisions), so they live
here, where both may import them without importing the other.
"""

from __future__ import annotations

from .common import compiled_on_use

# Words that defer what is asked: "later", "when you are done, …", "don't forget", "after
# that, …" (``compaction.facts`` reads them with what rules a sentence out)
DEFERRED = compiled_on_use(
    r"(?i)\b(?:later|afterwards|after that|at some point|eventually|tomorrow|todo|don'?t forget|"
    r"remember to|still need|not yet|when you get a chance|follow[- ]up|next time|before we ship|"
    r"before release|before (?:you|we) (?:finish|wrap up|merge|ship|release)|"
    r"(?:when|once|as soon as) (?:you'?re|you are|we'?re|we are|it'?s|it is|that'?s|this is|"
    r"(?:the |all )?(?:\w+ ){0,2}(?:is|are)) (?:all )?(?:done|finished|green|passing|merged|"
    r"ready|fixed|through|working|in)|"
    r"(?:when|once|as soon as) (?:the |all )?(?:\w+ ){0,2}(?:pass(?:es)?|lands?|merges?|ships?|"
    r"go(?:es)? green|works?))\b"
    r"|稍后|以后再|之后再|别忘了|不要忘记|还需要|待办|बाद में|याद रख|अभी नहीं"
    # "later" and "when you are done, …" in the languages users write in: "Jak skończysz,
    # przygotuj …", "Cuando termines, …", "Quand tu auras fini, …", "Wenn du fertig bist,
    # …", "Più tardi …", "後で…", "끝나면 …"
    r"|(?i:\b(?:później|más\s+tarde|plus\s+tard|später|più\s+tardi|mais\s+tarde|позже|straks|"
    r"senare|"
    # ... "at some point" ("Erinnere mich irgendwann daran, neue Laufschuhe zu kaufen.")
    r"irgendwann|en\s+algún\s+momento|algún\s+día|un\s+de\s+ces\s+jours|à\s+un\s+moment\s+donné|"
    r"prima\s+o\s+poi|a\s+un\s+certo\s+punto|em\s+algum\s+momento|qualquer\s+dia|ooit|kiedyś|"
    r"någon\s+gång)\b"
    r"|^\W*(?:jak|gdy|kiedy)\s+(?:skończysz|skończycie|będziesz\s+gotow)|"
    r"^\W*(?:cuando|quand|wenn|sobald|quando|als|когда|kun|när)\s+(?:\w+\s+){0,2}"
    r"(?:termines|terminéis|acabes|auras\s+fini|aurez\s+fini|fertig|hai\s+finito|avrai\s+finito|"
    r"terminar(?:es)?|acabar|klaar|закончишь|закончите|valmis|klar))"
    r"|後で|あとで|終わったら|完了したら|끝나면|나중에"
    # ... and in more of them: later (Indonesian/Malay, Turkish, Vietnamese, Ukrainian, Czech,
    # Slovak, Greek, Hungarian, Romanian, Danish/Norwegian, Swahili, Hebrew, Arabic, Thai),
    # when or after you are done
    r"|(?i:^\W*nanti\b|\b(?:daha\s+sonra|lát\s+nữa|sau\s+này|пізніше|згодом|později|"
    r"neskôr|αργότερα|később|mai\s+târziu|senere|baadaye)\b"
    r"|^\W*(?:setelah|sesudah|kalau|jika|bila)\s+(?:\w+\s+){0,2}(?:selesai|beres)|"
    r"^\W*(?:xong\s+thì|khi\s+(?:nào\s+)?xong|làm\s+xong)|bitince|bitirince|bitirdiğinde|"
    r"^\W*(?:коли|як)\s+(?:\w+\s+){0,1}(?:закінчиш|закінчите|завершиш)|"
    r"^\W*až\s+(?:\w+\s+){0,1}(?:skončíš|dokončíš|budeš\s+hotov\w*|skončíte)|"
    r"^\W*(?:όταν|αφού|μόλις)\s+(?:\w+\s+){0,1}(?:τελειώσεις|τελειώσετε|ολοκληρώσεις)|"
    r"^\W*(?:ha|miután|amint|amikor)\s+(?:\w+\s+){0,1}(?:kész\s+vagy|végeztél|befejezted)|"
    r"^\W*(?:după\s+ce|când|cand|imediat\s+ce)\s+(?:\w+\s+){0,1}(?:termini|terminați|gata)|"
    r"^\W*når\s+(?:\w+\s+){0,2}(?:færdig|ferdig)|ukimaliza|mukimaliza)"
    r"|אחר\s+כך|כשתסיים|لاحقا|لاحقًا|عندما\s+تنتهي|ทีหลัง|เสร็จแล้ว"
    # ... "don't forget" in them: "Vergiss nicht, das README zu aktualisieren."
    r"|(?i:\b(?:vergiss\s+nicht|vergeet\s+niet|n['’]oublie\s+pas|no\s+olvides|não\s+esqueça|"
    r"non\s+dimenticare|nie\s+zapomnij|не\s+забудь|glöm\s+inte|unutma)\b)"
    # ... "after that, …" and "once that is in, …" opening the request, its comma after ("Depois disso, você pode
    # atualizar …?", "Wenn das drin ist, kannst du …?", "بعد ذلك، هل يمكنك …؟", "做完之后，…")
    r"|(?i:^\W*(?:depois\s+disso|despu[eé]s\s+de\s+eso|apr[eè]s\s+(?:ça|cela)|danach|daarna|"
    r"dopo\s+(?:di\s+)?(?:questo|ciò)|efter\s+det|etter\s+det|setelah\s+itu|sau\s+đó|"
    r"после\s+этого|після\s+цього|bundan\s+sonra|(?:wenn|sobald)\s+(?:das|es)\s+"
    r"(?:drin|fertig|erledigt|gemergt|live)\s+ist)\s*[,،，、])"
    r"|^\W*(?:بعد\s+ذلك|بعدها)\s*[,،]|^\W*(?:做完|完成|弄完|改完)?(?:之后|以后)\s*[,，、]"
)
# "When you get a chance" in the languages users write in: a request for later ("Quando der,
# atualize o NEWS.md …", "시간 나면 … 만들어 주세요.", "Fırsat bulunca CI'a … koy.", "Khi rảnh
# thì thêm dashboard …": RT22-21); read apart from DEFERRED, which every rule asks
WHEN_FREE = compiled_on_use(
    # (said to "you" or, formally, to "vous", "usted", "Sie": "Cuando pueda, mándeme la lista
    # …", "Quand vous aurez un moment, envoyez-moi le récapitulatif …": requests for later)
    r"(?i:\b(?:quando\s+(?:der|puder|tiver\s+(?:um\s+)?tempo)|cuando\s+(?:puedas?|tengas?\s+"
    r"(?:un\s+)?(?:rato|tiempo|momento))|quand\s+(?:tu|vous)\s+(?:peux|pouvez|pourras|pourrez|"
    r"auras|aurez)(?:\s+(?:le\s+temps|un\s+moment|une\s+minute))?|wenn\s+(?:du|sie)\s+"
    r"(?:zeit\s+hast|zeit\s+haben|dazu\s+kommst|dazu\s+kommen)|quando\s+(?:puoi|può|hai\s+tempo|"
    r"ha\s+tempo)|als\s+(?:je|u)\s+tijd\s+(?:hebt|heeft)|"
    r"jak\s+(?:znajdziesz|będziesz\s+miał\w*)\s+(?:chwilę|czas)|w\s+wolnej\s+chwili|"
    r"när\s+du\s+har\s+tid|fırsat\s+bul\w*|vakt\w*\s+olunca|müsait\s+ol\w*|"
    r"khi\s+(?:nào\s+)?rảnh|lúc\s+rảnh|khi\s+có\s+thời\s+gian|kalau\s+(?:sempat|ada\s+waktu)|"
    r"jika\s+sempat|когда\s+будет\s+время|как\s+будет\s+время|"
    # ... Ukrainian "when/as you will have time" ("Як матимеш час, перевір …"), Swahili "if
    # you get time" ("Ukipata muda, angalia …")
    r"(?:коли|як)\s+(?:буде|матимеш|знайдеш|будеш\s+мати)\s+(?:вільний\s+)?час|"
    r"ukipata\s+muda|"
    # ... "if / when you have time" in Portuguese, Malay, Romanian, Hungarian, Finnish,
    # Dutch and Tagalog ("Se tiver tempo, …", "Kalau ada masa, …", "Când ai timp, …", "Ha
    # lesz időd, …", "Kun ehdit, …", "Als je even tijd hebt, …", "Kapag may oras ka, …")
    r"se\s+(?:tiver|tiveres)\s+tempo|(?:kalau|jika|bila|apabila)\s+(?:ada\s+masa|senang|"
    r"berkelapangan)|(?:când|dacă)\s+(?:ai|aveți|o\s+să\s+ai)\s+timp|(?:ha|amikor)\s+"
    r"(?:lesz\s+időd|ráérsz|van\s+időd)|(?:kun|jos)\s+(?:ehdit|sinulla\s+on\s+aikaa)|"
    r"als\s+je\s+(?:even|wat)\s+tijd\s+hebt|(?:kapag|kung|pag)\s+may\s+(?:oras|time)\s+ka|"
    # ... in Greek, Czech, Hindi-English: "Όταν μπορείς, γράψε μου …", "Όταν βρεις χρόνο, …",
    # "Až budeš mít chvilku, sepiš mi …", "Jab time mile, ek runbook likh dena." (R42-R5)
    r"όταν\s+(?:μπορείς|μπορέσεις|βρεις\s+(?:λίγο\s+)?χρόνο|έχεις\s+(?:λίγο\s+)?χρόνο|"
    r"ευκαιρήσεις)|až\s+(?:budeš|budete)\s+mít\s+(?:chvilku|chvíli|čas)|až\s+(?:budeš|budete)\s+"
    r"moct|jab\s+(?:bhi\s+)?(?:time|waqt|fursat)\s+(?:mile|ho))\b)"
    r"|시간\s?(?:되실|있으실|있을)\s?때|시간\s?되시면"
    r"|시간\s?(?:이\s)?(?:나면|날\s때|되면)|여유(?:가)?\s?(?:있을\s때|되면)|時間があれば|手が空いたら|"
    # ... "今度、おすすめの単語帳を教えてください。" (sometime: R41-R4), "そのうち…"
    r"^\W*今度[、,]|そのうち|"
    r"余裕があれば|暇なときに|(?:お)?時間[のが]?ある(?:とき|時)|時間ができたら|お手すきの際|有空|有时间的话|"
    r"方便的时候|সময়\s?পেলে|عندما\s+يتسنى\s+لك|जब\s+समय\s+मिले|फुर्सत\s+में|"
    # ... Thai "if / when there is time" ("ถ้ามีเวลา ช่วยดู …")
    r"(?:ถ้า|หาก|เมื่อ|ตอน)มีเวลา"
)

# A request that waits for something first: "After the deploy, please write …", "Once
# the migration lands, add …" (a time clause, then the ask).
WAITS_FOR = compiled_on_use(
    r"(?i)^\W*(?:also,?\s+)?(?:after|once|when|as soon as|before|whenever)\s+[^,;.]{2,80},\s*"
    r"(?:(?:please|also|then|pls|can you|could you|would you)\b|[a-z]+\b)"
    # a request on a condition: "If it fails again, tell me what the error says.",
    # "Should you need access, ask IT."
    r"|^\W*(?:if|should)\s+[^,;.]{2,80},\s*(?:(?:please|then|pls)\s+)?(?:tell|ask|ping|let|"
    r"notify|email|call|send|message|flag|show|post|write|add|run|try|check|update)\b"
    # ... and in the languages users write in: a word of "once", "after" or "when" opening
    # the condition, its comma, then what to do ("Wenn die Tests grün sind, aktualisiere …",
    # "Коли тести пройдуть, онови …", "Baada ya majaribio kupita, sasisha …", "بعد نجاح
    # الاختبارات، حدّث …", "אחרי שהבדיקות עוברות, תעדכן …"; Hebrew's "when" glued to
    # the word after it, "כשהבדיקות")
    r"|^\W*(?:sobald|nachdem|wenn|zodra|nadat|wanneer|cuando|una\s+vez\s+que|"
    r"despu[eé]s\s+de\s+que|quand|d[eè]s\s+que|une\s+fois\s+que|apr[eè]s\s+que|assim\s+que|"
    r"depois\s+que|appena|dopo\s+che|gdy|kiedy|jak\s+tylko|po\s+tym,?\s+jak|"
    r"коли|як\s+тільки|щойно|після\s+того,?\s+як|когда|как\s+только|после\s+того,?\s+как|"
    r"setelah|sesudah|begitu|baada\s+ya|mara\s+baada\s+ya|"
    r"بعد|عندما|حين|حينما|حالما|متى\s+ما|אחרי|ברגע\s+ש|כש(?=[התאני]))"
    r"\s*[^,;.،?]{2,80}[,،]\s*\S+\s+\S+"
    # ... or said by the verb's own ending: Turkish "-dikten sonra", "-ince", "-diğinde"
    # ("Testler geçtikten sonra … ekle."), Japanese "-tara" ("テストが通ったら、…"), Korean
    # "-면", "-고 나서", "-ㄴ 후에" ("테스트가 통과하면 …"), Thai "after", "when" opening it
    # without a comma ("หลังจากเทสผ่านแล้ว ช่วยอัปเดต …")
    r"|^\W*[^.;?]{0,60}?[^\W\d_]{2,}(?:[dt][ıiuü]kt[ae]n\s+sonra|(?:ınca|ince|unca|ünce)|"
    r"[dt][ıiuü]ğ[ıiuü]nd[ae])[,\s]+\S+\s+\S+"
    r"|^[^。？?]{1,60}?(?:たら|た後で|た後に|たあとで|次第)[、,]?\s*\S"
    r"|^[^.?]{1,60}?(?:하면|되면|나면|으면|고\s+나서|ㄴ\s+후에|한\s+후에|된\s+후에|난\s+후에)"
    r"(?:[,\s]+)\S"
    r"|^\W*(?:หลังจาก|เมื่อ|พอ)\S+\s+\S+"
)
