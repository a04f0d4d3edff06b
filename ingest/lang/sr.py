"""Serbian for the offline extractor: words of saying, negation, hedging, denial, conditionals,
number words and abbreviations, in both scripts and with or without diacritics.

Serbian inflects: a verb of saying has a form for each gender and number ("rekao", "rekla",
"rekli", "rekle"), a noun one for each case ("hiljada", "hiljade", "hiljadu"). Each entry
below is a regular expression matched as a whole word that lists the endings it takes. They
are written in Latin with diacritics and matched in the matching form of
`ingest.lang.script.fold` (Cyrillic as Latin, no diacritics), like the text: "рекао",
"izjavio", "saopštio" and "saopstio" all match.
"""
import re

from pysbd.lang.slovak import Slovak

from . import LanguagePack
from . import fold as plain_fold
from .script import fold as script_fold

# Past participles take -o/-la/-lo/-li/-le; P marks those five endings.
P = "(?:o|la|lo|li|le)"

WORDS = {
    # Verbs of saying. Past (the usual tense of news: "rekao je", "izjavila je"), present and
    # the passive forms a statement takes ("saopšteno je").
    "attribution": [
        r"re(kao|kla|klo|kli|kle)", r"reci", r"ka[zž](e|u|em|emo)", rf"kaza{P}",
        rf"izjavi{P}", r"izjavljuj(e|u)", r"izjav(a|e|i|u|om)",
        rf"saop[sš]ti{P}", r"saop[sš]tava(ju)?", r"saop[sš]ten(o|je|ja|ju|jem)",
        r"nave(o|la|lo|li|le)", r"navod(i|e)", r"navedeno",
        r"tvrd(i|e|io|ila|ilo|ili|ile)", rf"ustvrdi{P}",
        r"ista(kao|kla|klo|kli|kle)", r"isti[cč](e|u)",
        r"doda(o|la|lo|li|le|je|ju)", rf"ponovi{P}", r"ponavlja(ju)?",
        rf"potvrdi{P}", r"potvr[dđ]uj(e|u)",
        rf"objasni{P}", rf"naglasi{P}", r"nagla[sš]ava(ju)?",
        rf"poru[cč]i{P}", r"poru[cč]uj(e|u)",
        r"napisa(o|la|lo|li|le)", r"pi[sš](e|u)",
        rf"oceni{P}", r"ocenjuj(e|u)", rf"proceni{P}", r"procenjuj(e|u)",
        rf"objavi{P}", rf"najavi{P}", r"najavljuj(e|u)",
        r"prizna(o|la|lo|li|le|je|ju)", rf"upozori{P}", r"upozorava(ju)?",
        rf"odgovori{P}", r"odgovara(ju)?", r"obe[cć]a(o|la|lo|li|le|va|vaju)",
        r"insistira(o|la|lo|li|le|ju)?", rf"zaklju[cč]i{P}", r"konstatova(o|la|lo|li|le)",
        rf"napomenu{P}", rf"podseti{P}", r"izne(o|la|lo|li|le)", r"izvesti(o|la|lo|li|le)",
        rf"govori{P}", r"govor(i|e)", r"procen(a|e|i|u)",
        r"tvrdnj(a|e|i|u|om)", r"rec(i|ima)",
        # Verbal adverbs: "..., insistirao je predsednik, navodeći da ..." (saying that ...).
        r"navode[cć]i", r"dodaju[cć]i", r"isti[cč]u[cć]i", r"tvrde[cć]i", r"nagla[sš]avaju[cć]i",
        r"re[kc]av[sš]i", r"izjaviv[sš]i", r"poru[cč]uju[cć]i", r"ocenjuju[cć]i",
    ],
    # "According to X", "as X said": the speaker comes right after these.
    "according_to": [
        r"prema", r"po re[cč]ima", r"prema re[cč]ima", r"prema podacima", r"prema proceni",
        r"kako (je|su) (reka|kaza|izjavi|saop[sš]ti|navel|nave|istakl|istaka|potvrdi|naglasi)\w*",
        r"kako (tvrd|navod|ka[zž]|isti[cč]|prenos|javlja)\w*",
    ],
    # Negation. Serbian writes "ne" apart from a verb ("ne poseduje") but fused in a few
    # ("nije", "nisu", "nema", "neće", "nemaju"); the indefinite "nijedan", "nikakav" ...
    # decline.
    "negation": [
        r"ne", r"ni", r"niti", r"nije", r"nisu", r"nisam", r"nismo", r"niste", r"nisi",
        r"nema(ju|mo|te|m|s)?", r"nemaj(u)?", r"ne[cć](e|u|emo|ete|e[sš])", r"nemoj\w*",
        r"nikada", r"nikad", r"nigde", r"ni[sš]ta", r"nimalo", r"bez",
        r"nijedan", r"nijedn(a|o|og|oj|om|e|ih|u|im)", r"nikakv(a|o|og|e|ih|i|u|im|oj|om)?", r"nikakav",
        r"ni(ko|koga|kome|kim)",
    ],
    # Hedges: an affirm cue under one of these is a partial position.
    "hedge": [
        r"delimi[cč]no", r"delom", r"donekle", r"uglavnom", r"gotovo", r"skoro", r"ve[cć]inom",
        r"ne (sve|svi|sva|svu|u potpunosti|potpuno|jo[sš] sve)", r"nisu (svi|sve|u potpunosti|potpuno)",
        r"nije (sva|sve|svu|u potpunosti|potpuno)",
        r"neki od", r"neke od", r"neka od", r"ve[cć]ina", r"ve[cć]inu", r"osim", r"izuzev",
        r"sa izuzetkom", r"jo[sš] (uvek )?(preostal|nedostaj)\w*",
    ],
    # Verbs of saying that deny what they govern (they attribute too).
    "denial": [
        rf"negira{P}", r"negira(ju)?", r"demantova(o|la|lo|li|le)", r"demantuj(e|u)",
        rf"odbaci{P}", r"odbacuj(e|u)", r"pori[cč](e|u)", r"pore(kao|kla|klo|kli|kle)",
        r"opovrg(ao|la|lo|li|le|ava|avaju)",
    ],
    # Conditionals and hypotheticals: "if a device was used ...", "would answer for it".
    # Not a bare "bi" (would): Serbian uses it for "should" and "could" in plain statements.
    "conditional": [
        r"ako", r"ukoliko", r"kad(a)? bi", r"u slu[cč]aju da", r"pod uslovom da", r"hipoteti[cč]ki",
    ],
    "thousand": [r"hiljad(a|e|u|ama)", r"hilj\.", r"tisu[cć](a|e|u)", r"hilj"],
    "million": [r"milion(a|i|e|u|ima)?", r"mil\.", r"mln\.?"],
    "billion": [r"milijard(a|e|u|i|ama)?", r"mlrd\.?"],
    # "as N1 reported", "told RTS": the statement is that outlet's report.
    "credit": [
        r"kako (je|su) (prvi |prva )?(objavi|preneo|prenela|preneli|izvesti|pisa|javi)\w* {outlet}",
        r"{outlet} (je )?(objavi|preneo|prenela|izvesti|pisa|sazna|javi)\w*",
        r"(rekao|rekla|rekli|rekle|izjavio|izjavila|izjavili|kazao|kazala|potvrdio|potvrdila|potvrdili) (je |su )?(za )?{outlet}",
        r"(rekao|rekla|rekli|izjavio|izjavila|izjavili|kazao|kazala|saop[sš]tili|naveli) (je |su )?(u |iz )?\w+ za {outlet}",
        r"za {outlet}", r"u (intervjuu|razgovoru|izjavi) za {outlet}", r"prema pisanju {outlet}", r"prema {outlet}",
        r"(gostuju[cć]i|govore[cć]i) (na|u|za) {outlet}",
    ],
    # Serbian drops the subject pronoun ("rekao je"); when it is there:
    "pronouns": [r"on", r"ona", r"oni", r"one", r"ono"],
    "role_nouns": [
        r"minist(ar|arka|ra|arke)", r"portparol\w*", r"premijer(ka)?",
        r"rektor(ka)?", r"dekan\w*", r"direktor\w*", r"[sš]ef\w*", r"gradona[cč]elni\w*",
        r"tu[zž]ila[sš]tvo",
    ],
    # A name right after one of these is an object or in a phrase, not a speaker
    # ("protiv studenata", "posle ostavke premijera", "pismo predsedniku"). Not "u": "rekli
    # su u Ministarstvu" (they said at the Ministry) is how Serbian credits an institution.
    "not_subject": [
        r"od", r"protiv", r"za", r"sa", r"s", r"o", r"na", r"kod", r"posle", r"nakon", r"pre",
        r"iz", r"do", r"između", r"me[dđ]u", r"ka", r"prema", r"uprkos", r"umesto", r"bez", r"oko",
        r"kritikova\w*", r"optu[zž]\w*", r"pozva\w*", r"pita\w*", r"susre\w*", r"sastao se sa",
    ],
    "relative": [r"koj(i|a|e|eg|ega|em|emu|ima|u)", r"[cč]ij(i|a|e|eg)"],
    "coordination": [r"i", r"kao i", r"zajedno sa", r"ili", r"ni", r"niti", r"i jedni i drugi"],
    # Where one sentence holds two statements: "..., dok opozicija tvrdi", "ali", "već".
    "clause_break": [r";", r"dok", r"ali", r"ve[cć]", r"me[dđ]utim", r"nego"],
    # Hearsay and rumour: no statement.
    "rumour": [
        r"navodno", r"tobo[zž]e", r"glasin\w*", r"spekul\w*", r"nepotvr[dđ]en\w*", r"nezvani[cč]n\w*",
        r"kako se (navodi|tvrdi|saznaje|spekuli[sš]e|pri[cč]a)", r"pri[cč]a se", r"kru[zž]e (pri[cč]e|glasine)",
    ],
    # An indirect question: no statement.
    "question": [
        r"pita(o|la|li|le|ju|mo|ti)? (se )?(da li|za[sš]to|kako|ko|[sš]ta|kada)",
        r"(nije|nije jo[sš]|ostaje) (jasno|poznato) (da li|za[sš]to|ko|[sš]ta)", r"da li .{0,80}\?$",
    ],
    "approximate": [
        r"oko", r"pribli[zž]no", r"otprilike", r"skoro", r"gotovo", r"blizu", r"vi[sš]e od", r"preko",
        r"najmanje", r"bar", r"barem", r"manje od", r"do", r"procenjenih", r"[cč]ak", r"vi[sš]e od",
    ],
    "vague_amount": [
        r"desetine hiljada", r"stotine hiljada", r"na hiljade", r"hiljade", r"stotine", r"desetine",
        r"nekoliko hiljada", r"mnogo hiljada", r"milioni", r"na desetine",
    ],
    "range_open": [r"izme[dđ]u", r"od"],
    "range_join": [r"i", r"do", r"-", "\u2013", "\u2014"],
}
NUMBER_WORDS = {
    "jedan": 1, "jedna": 1, "jedno": 1, "dva": 2, "dve": 2, "tri": 3, "četiri": 4, "pet": 5, "šest": 6,
    "sedam": 7, "osam": 8, "devet": 9, "deset": 10, "jedanaest": 11, "dvanaest": 12, "petnaest": 15,
    "dvadeset": 20, "trideset": 30, "četrdeset": 40, "pedeset": 50, "šezdeset": 60, "sedamdeset": 70,
    "osamdeset": 80, "devedeset": 90, "sto": 100, "stotinu": 100, "desetak": 10, "dvadesetak": 20,
    "pola": 0.5,
}

# Abbreviations after which a period does not end a sentence (lower case, without the period).
ABBREVIATIONS = [
    "tzv", "npr", "tj", "dr", "prof", "mr", "gdin", "g", "gđa", "gđica", "gosp", "sv", "br", "ul",
    "st", "dipl", "ing", "doc", "akad", "gen", "puk", "pukov", "kap", "mil", "hilj", "min",
    "resp", "odn", "sl", "itd", "itsl", "pr", "pribl", "cca", "oko", "jan", "feb", "mar", "apr",
    "avg", "sept", "okt", "nov", "dec", "str", "čl", "tač", "red", "vol", "prim", "spec",
    "mol", "zam", "pom", "pred", "v.d", "d.o.o", "a.d", "j.p",
]
# Only these may stand before a name (a period after them never ends a sentence).
PREPOSITIVE = ["dr", "prof", "mr", "gdin", "gđa", "gđica", "gosp", "sv", "akad", "gen", "puk", "kap", "doc", "ing"]

_LOWER = "a-zčćšžđа-шђјљњћџ"


def _with_cyrillic(words):
    from .script import to_cyrillic

    out = []
    for w in words:
        out.append(w)
        cyr = to_cyrillic(w)
        if cyr != w:
            out.append(cyr)
    return out


class Serbian(Slovak):
    """pysbd's rules for Serbian, in both scripts: Slovak's (whose dates and ordinals are
    written the same way: "1. novembra", "15. marta") with Serbian abbreviations, and an
    ordinal or a date before a lower-case word (Latin or Cyrillic) never ends a sentence."""

    iso_code = "sr"

    class Abbreviation(Slovak.Abbreviation):
        ABBREVIATIONS = _with_cyrillic(ABBREVIATIONS)
        PREPOSITIVE_ABBREVIATIONS = _with_cyrillic(PREPOSITIVE)
        NUMBER_ABBREVIATIONS = _with_cyrillic(["br", "čl", "tač", "str"])

    class Processor(Slovak.Processor):
        def replace_period_in_ordinal_numerals(self):
            self.text = re.sub(rf"(?<=\d)\.(?=\s*[{_LOWER}]+)", "∯", self.text)

        def replace_period_in_slovak_dates(self):
            pass  # Serbian months are written in lower case: the ordinal rule covers them


def register_sentence_rules() -> None:
    """Make "sr" a language pysbd knows (once per process)."""
    from pysbd import languages

    languages.LANGUAGE_CODES.setdefault("sr", Serbian)


def fold(text: str) -> str:
    """The pack's `normalize`: Cyrillic as Latin, diacritics off, đ / dj / d as d, and the
    typographic quotes and spaces made plain (as every pack does)."""
    return script_fold(plain_fold(text)) if not text.isascii() else script_fold(text)


register_sentence_rules()  # whoever reads Serbian text cuts it into sentences with these rules

def _verb_with_auxiliary(pattern: str) -> str:
    """A verb of saying with the auxiliary that follows it in the inverted order ("..., rekao
    je ministar"), so that the name after it is the verb's subject."""
    return pattern + r"(?: (?:je|su))?"


def _words(key: str, patterns: list[str]) -> list[str]:
    # In the matching form already, so they match folded text as they are; the longest
    # first, so that "prema rečima" is tried before "prema".
    patterns = [fold(_verb_with_auxiliary(p) if key == "attribution" else p) for p in patterns]
    return sorted(patterns, key=len, reverse=True)


PACK = LanguagePack(
    code="sr",
    **{key: _words(key, patterns) for key, patterns in WORDS.items()},
    number_words={fold(word): value for word, value in NUMBER_WORDS.items()},
    normalize=fold,
    sentence_abbreviations=ABBREVIATIONS,
)
