"""Serbian: transliteration, folding, sentences, the pack's word forms, and the offline
extractor reading the same statement in Cyrillic, in Latin and in Latin without diacritics."""
import json
import re
from pathlib import Path

import pytest

from ingest.excerpts import excerpts_cut, sentences_split
from ingest.wire import normalize
from ingest.extractors import ExcerptView
from ingest.extractors import rules as rules1
from ingest.extractors import rules2
from ingest.lang import pack_for, words_regex
from ingest.lang.script import fold, to_cyrillic, to_latin
from ledger.bundle import story_load

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SR = FIXTURES / "canopy-sr"


def articles(outlets):
    with open(SR / "articles.jsonl", encoding="utf-8") as fh:
        return [a for a in map(json.loads, fh) if a.get("outlet") in outlets]


# --- transliteration -------------------------------------------------------------------

def test_cyrillic_to_latin_and_back_is_lossless_on_the_bundle():
    texts = [a["title"] + "\n" + a["text"] for a in articles({"rts", "politika"})]
    assert len(texts) > 40
    for text in texts:
        latin = to_latin(text)
        assert not re.search(r"[\u0400-\u04ff]", latin)
        assert to_cyrillic(latin) == text


def test_latin_to_cyrillic_and_back_is_lossless_on_the_bundle():
    for a in articles({"n1", "danas", "tanjug", "beta", "blic"}):
        assert to_latin(to_cyrillic(a["text"])) == a["text"]


@pytest.mark.parametrize("cyrillic, latin", [
    ("Вучић", "Vučić"), ("Ђилас", "Đilas"), ("Љубав и њива", "Ljubav i njiva"), ("ЉУБАВ", "LJUBAV"),
    ("Џеп, ЏЕП, буџет", "Džep, DŽEP, budžet"), ("Њ", "Nj"),
    ("инјекција", "injekcija"), ("надживети", "nadživeti"), ("МУП-а 107.000 људи", "MUP-a 107.000 ljudi"),
])
def test_digraphs_capitals_and_two_letter_exceptions(cyrillic, latin):
    assert to_latin(cyrillic) == latin
    assert to_cyrillic(latin) == cyrillic


def test_letters_without_a_cyrillic_counterpart_pass_through():
    assert to_cyrillic("LRAD, Q, W, X, Y") == "ЛРАД, Q, W, X, Y"
    assert to_latin("Hello, world!") == "Hello, world!"


# --- folding ---------------------------------------------------------------------------

def test_names_match_in_either_script_with_or_without_diacritics():
    assert fold("Vučić") == fold("Vucic") == fold("Вучић") == "Vucic"
    assert fold("Đilas") == fold("Djilas") == fold("Dilas") == fold("Ђилас") == "Dilas"
    assert fold("Ministarstvo unutrašnjih poslova") == fold("Министарство унутрашњих послова") == fold(
        "Ministarstvo unutrasnjih poslova")
    alias = re.compile(fold(r"\bVu[cč]i[cć]\w*"), re.IGNORECASE)
    for name in ("Vučić", "Vucic", "Вучић", "Вучића", "VUČIĆ"):
        assert alias.search(fold(name)), name
    cyrillic_alias = re.compile(fold(r"\bВучић\w*"), re.IGNORECASE)
    assert cyrillic_alias.search(fold("predsednik Vucic")) and cyrillic_alias.search(fold("Vučićem"))


def test_the_pack_normalizes_quotes_and_spaces_too():
    assert pack_for("sr").normalize("„Не“, рекао је\u00a0он") == '"Ne", rekao je on'


def test_a_wire_copy_in_the_other_script_is_the_same_sentence():
    latin = "Vlada je u ponedeljak saopštila da su svi zahtevi studenata ispunjeni."
    assert normalize(to_cyrillic(latin)) == normalize(latin) == normalize(latin.replace("š", "s"))


# --- sentences ------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Nadstrešnica se srušila 1. novembra 2024. godine. Studenti su to rekli.",
     ["Nadstrešnica se srušila 1. novembra 2024. godine.", "Studenti su to rekli."]),
    ("Tzv. ekspertska vlada je pala. Dr Petrović je rekao da npr. dokumentacija nije objavljena. "
     "Prof. dr Jovan Jovanović je rekao 15. marta da je top korišćen.",
     ["Tzv. ekspertska vlada je pala.", "Dr Petrović je rekao da npr. dokumentacija nije objavljena.",
      "Prof. dr Jovan Jovanović je rekao 15. marta da je top korišćen."]),
    ("Протест је одржан 15. марта у Београду. Према подацима МУП-а, било је 107.000 људи. Др Јовић је рекао да тзв. доказ не постоји.",
     ["Протест је одржан 15. марта у Београду.", "Према подацима МУП-а, било је 107.000 људи.",
      "Др Јовић је рекао да тзв. доказ не постоји."]),
    ("Uređaji su kupljeni 2021. Ministar je to potvrdio u 19.30 časova, tj. posle sastanka.",
     ["Uređaji su kupljeni 2021.", "Ministar je to potvrdio u 19.30 časova, tj. posle sastanka."]),
])
def test_serbian_sentences(text, expected):
    assert [s.text for s in sentences_split(text, language="sr")[0]] == expected


def test_english_rules_would_cut_the_ordinal_date():
    """What the Serbian rules are for: pysbd's English rules cut after "15."."""
    text = "Protest je održan 15. marta u Beogradu. Bilo je 107.000 ljudi."
    assert len(sentences_split(text, language="en")[0]) > 2
    assert len(sentences_split(text, language="sr")[0]) == 2


def test_keywords_find_sentences_in_either_script():
    topics = [("march-15", [re.compile(r"\bzvu[cč]n\w* (top|ure[dđ]aj)\w*", re.IGNORECASE)])]
    latin = "Studenti su to rekli. Zvučni top je upotrebljen 15. marta. Posle toga su otišli."
    for text in (latin, to_cyrillic(latin), latin.replace("č", "c")):
        cuts = excerpts_cut(text, topics, language="sr")
        assert [c.topics for c in cuts] == [["march-15"]]
        assert cuts[0].sentence == text[cuts[0].position:cuts[0].position + len(cuts[0].sentence)]
        assert cuts[0].sentence.endswith("15. marta.") or cuts[0].sentence.endswith("15. марта.")


# --- the pack's word forms ------------------------------------------------------------

@pytest.mark.parametrize("field, forms", [
    ("attribution", ["rekao", "rekla", "rekli", "рекле", "izjavio", "izjavila", "saopštio", "saopstila",
                     "саопштили", "kaže", "kazu", "naveo", "navela", "tvrdi", "istakla", "ističe", "dodao"]),
    ("denial", ["negirao", "negirala", "негирају", "demantovao", "odbacio", "odbacuje", "porekla"]),
    ("negation", ["ne", "nije", "nisu", "nema", "nemaju", "neće", "nece", "nikada", "nijedan", "nijednog",
                  "nikakav", "nikakvih", "није", "нису", "нема"]),
    ("hedge", ["delimično", "delimicno", "uglavnom", "osim", "nije u potpunosti", "neki od", "већина"]),
    ("conditional", ["ako", "ukoliko", "kada bi", "у случају да"]),
    ("thousand", ["hiljada", "hiljade", "hiljadu", "хиљада"]),
    ("million", ["milion", "miliona", "милиона"]),
    ("according_to", ["prema", "prema rečima", "kako je rekao", "kako je navela", "како тврди"]),
])
def test_pack_words_match_their_inflected_forms_in_both_scripts(field, forms):
    pack = pack_for("sr")
    pattern = words_regex(getattr(pack, field))
    for form in forms:
        assert pattern.fullmatch(pack.normalize(form)), (field, form)


def test_pack_words_are_whole_words():
    pack = pack_for("sr")
    negation, thousand = words_regex(pack.negation), words_regex(pack.thousand)
    assert not negation.search(pack.normalize("Nedelja, nebo, nisko, bezbedno, ponedeljak"))
    assert not thousand.search("hiljaditi")
    assert pack.sentence_abbreviations and {"tzv", "npr", "dr"} <= set(pack.sentence_abbreviations)


# --- the offline extractor in three scripts -------------------------------------------

@pytest.fixture
def canopy_sr(db):
    story, _ = story_load(SR)
    return story


STATEMENTS = [
    ("Ministarstvo unutrašnjih poslova saopštilo je u nedelju da tokom protesta u Beogradu nije korišćen nikakav zvučni uređaj.",
     ["march-15"], ("interior-ministry", "device-used", "deny", None)),
    ("Predsednik je rekao da oružane snage nemaju tako nešto kao što je zvučni top.",
     ["march-15"], ("president", "device-owned", "deny", None)),
    ("Ministarstvo poseduje dve LRAD jedinice, rekao je ministar unutrašnjih poslova novinarima u policijskoj bazi.",
     ["march-15"], ("interior-ministry", "device-owned", "affirm", None)),
    ("Vojska je saopštila da nikada nije kupila zvučni top.", ["march-15"], ("army", "device-owned", "deny", None)),
    ("Predsednica Skupštine rekla je u ponedeljak da je neke od zahteva praktično nemoguće ispuniti.",
     ["demands"], ("speaker", "demands-fulfilled", "partial", None)),
    ("Na skupu 12. aprila bilo je oko 55.000 ljudi, prema podacima Arhiva javnih skupova.",
     ["crowds"], ("crowd-counter", "crowd-april-12", "number", 55000.0)),
]


@pytest.mark.parametrize("extractor", [rules1, rules2], ids=["rules/1", "rules/2"])
@pytest.mark.parametrize("latin, topics, expected", STATEMENTS)
def test_the_same_statement_reads_the_same_in_every_script(canopy_sr, extractor, latin, topics, expected):
    rules = extractor.story_rules(canopy_sr)
    ascii_ = latin.translate(str.maketrans("čćšžČĆŠŽ", "ccszCCSZ")).replace("đ", "dj")
    for text in (latin, to_cyrillic(latin), ascii_):
        findings = extractor.extract(rules, ExcerptView(id=1, sentence=text, text=text, topics=topics, day=None))
        assert [(f.actor, f.question, f.position, f.value) for f in findings] == [expected], text
        assert findings[0].quote == text  # the quote keeps its own script


@pytest.mark.parametrize("extractor", [rules1, rules2], ids=["rules/1", "rules/2"])
def test_alias_traps_name_no_actor(canopy_sr, extractor):
    rules = extractor.story_rules(canopy_sr)
    for text in ("Predsednik studentskog parlamenta Pravnog fakulteta rekao je da je glasanje o zahtevima odloženo.",
                 "Антивладини демонстранти рекли су да захтеви нису испуњени.",
                 "Provladini tabloidi tvrdili su da organizatori blokada stalno dodaju nove zahteve."):
        assert extractor.extract(rules, ExcerptView(id=1, sentence=text, text=text, topics=["demands"], day=None)) == []


def test_the_serbian_key_has_the_english_key_statements():
    def statements(path):
        with open(path, encoding="utf-8") as fh:
            return sorted(tuple(sorted((k, v) for k, v in json.loads(line).items() if k != "url")) for line in fh)

    english = statements(FIXTURES / "canopy" / "answer_key.jsonl")
    assert len(english) == 99 and statements(SR / "answer_key.jsonl") == english


def test_rules2_rationale_quotes_the_text_as_written(canopy_sr):
    """The record says why in the article's own letters, not in the folded matching form."""
    rules = rules2.story_rules(canopy_sr)
    latin = "Ministarstvo unutrašnjih poslova saopštilo je u nedelju da tokom protesta u Beogradu nije korišćen nikakav zvučni uređaj."
    for text, speaker, verb in ((latin, "Ministarstvo unutrašnjih poslova", "saopštilo je"),
                                (to_cyrillic(latin), "Министарство унутрашњих послова", "саопштило је")):
        [f] = rules2.extract(rules, ExcerptView(id=1, sentence=text, text=text, topics=["march-15"], day=None))
        assert f.rationale.startswith(f"{speaker} + {verb!r}"), f.rationale
        assert "unutrasnjih" not in f.rationale and "saopstilo" not in f.rationale
