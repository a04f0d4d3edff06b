"""English: the words `rules/2` reads English news by (see ingest/lang/__init__.py)."""
from . import LanguagePack, fold
from .lemmas import lemmatizer, one_spelling

_S = r"(?:s|es|ed|ing)?"  # a regular verb's endings
# the kinds of body a bare noun names ("the company", "the union")
_BODY = (r"(?:company|firm|group|operator|agency|regulator|union|party|organi[sz]ation|council|committee|authority"
         r"|board|department|office|federation|association|body|club|league|court|prosecutor|prosecution|watchdog"
         r"|executive|administration|commission|institute|university)")

# Requests that another do a thing, wanted as `wanting_said` says (they are its last
# patterns) and read by rules/2 as `request_to_body` and `request_to_name` say.
# a request to a body named by its kind: "asks the court to annul the fine"
_REQUEST_TO_BODY = [r"ask(?:s|ed|ing)? the (?:[\w\-]+ ){0,2}?(?:court|tribunal|judges?|government|ministry|minister|council"
                    r"|regulator|authority|agency|board|commission|panel) to"]
# a request to a named body that it do a thing: "formally asked Kestavia to return 214
# objects", "asked the federation's disciplinary panel on Tuesday to ban her" (not "asked
# whether ...", "asked him to comment": no thing wanted done)
_REQUEST_TO_NAME = [r"ask(?:s|ed)? (?!(?:a|an|whether|if|how|what|why|when|where|who|whom|which|about|for|him|her|them|us|me"
                    r"|you|it|reporters|journalists)\b)(?:(?:the|its|their) )?(?:(?!(?:was|were|is|are|had|has|have|would"
                    r"|will|going|that|and|or|to)\b)[\w\-]+(?:'s?)? ){0,3}?(?!(?:was|were|is|are|had|has|have|would|will"
                    r"|going|that|and|or|to)\b)[\w\-]+ (?:on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) "
                    r"|today |yesterday )?to(?= (?!(?:say|tell|explain|comment|clarify|confirm|answer|respond|reply|help|speak)\b)"
                    r"[a-z]{2,} )"]

# counts in words a figure may be put at (not "one": "put it at one point")
_COUNT_WORDS = (r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
                r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b")

PACK = LanguagePack(
    code="en",
    attribution=[
        r"said", r"says?", r"saying", r"told", r"tells?", r"telling", r"stated", r"states", r"stating", r"affirm(?:s|ed)",
        r"insist" + _S, r"announc(?:e|es|ed|ing)", r"claim" + _S, r"quoted? as saying", r"confirm" + _S,
        r"admit(?:s|ted|ting)?", r"add(?:s|ed|ing)", r"argu(?:e|es|ed|ing)", r"maintain" + _S,
        r"declar(?:e|es|ed|ing)", r"repeat" + _S, r"reiterat(?:e|es|ed|ing)", r"assert" + _S,
        r"wr(?:ote|ites?|iting)", r"estimat(?:e|es|ed|ing)", r"counted", r"reported", r"stress" + _S,
        r"not(?:e|ed|es|ing)", r"explain" + _S, r"acknowledg(?:e|es|ed|ing)", r"conced(?:e|es|ed|ing)",
        r"promis(?:e|es|ed|ing)", r"warn" + _S, r"respond" + _S, r"repl(?:ied|ies|y|ying)",
        r"remark" + _S, r"accus(?:e|es|ed|ing)", r"call(?:s|ed|ing)? for", r"call(?:s|ed|ing)? on",
        r"urg(?:e|es|ed|ing)", r"demand" + _S, r"pledg(?:e|es|ed|ing)", r"vow" + _S,
        r"alleg(?:e|es|ed|ing)", r"observ(?:e|es|ed|ing)", r"comment" + _S, r"emphasi[sz](?:e|es|ed|ing)",
        r"underlin(?:e|es|ed|ing)", r"point(?:s|ed|ing)? out", r"counter(?:s|ed|ing)?", r"retort" + _S,
        r"contend" + _S, r"dispute[sd]?", r"conclud(?:e|es|ed|ing)", r"reveal" + _S, r"disclos(?:e|es|ed|ing)",
        r"predict" + _S, r"forecast", r"blam(?:e|es|ed|ing)", r"condemn" + _S, r"critici[sz](?:e|es|ed|ing)",
        r"denounc(?:e|es|ed|ing)", r"recall" + _S, r"agree[sd]?", r"tweet" + _S, r"post(?:s|ed|ing)? on",
        r"issu(?:e|es|ed|ing) a (?:statement|communiqu[eé]|press release|denial)",
        r"in a (?:statement|press release|communiqu[eé]|post|video|letter|interview)",
        # "puts the number of workers who struck on the first day at fewer than 2,000": any
        # words up to "at", when a figure follows it (in words too, or quoted: 'at "between
        # ten and twelve"'; not "at one point")
        r"put(?:s|ting)? (?:[\w'\-]+ ){1,12}?at(?= \"?(?:[\w\-]+ ){0,3}?(?:\d|(?:[\w\-]+ )?(?:hundred|thousand|million"
        r"|billion|quarter|half|dozen)\b|" + _COUNT_WORDS + r"))",
        r"gave (?:a|the) figure of", r"puts? it", r"spoke of",
        # "counts nearly 50,000 vehicles a day" (a figure right after: not "every vote counts"),
        # "spoke to the Herald of eleven people"
        r"count(?:s|ed)(?= (?:[\w\-]+ ){0,2}?(?:\d|" + _COUNT_WORDS + r"))", r"spoke to (?:[\w'\-]+ ){1,4}?of(?= )", r"went on to say", r"was quoted as saying",
        r"assess(?:es|ed|ing)?", r"signal(?:s|led|ed|ling|ing)?", r"suggest" + _S, r"testif(?:y|ies|ied|ying)",
        r"indicat(?:e|es|ed|ing)", r"complain" + _S, r"mention" + _S, r"caution" + _S, r"hint" + _S,
        r"reckon" + _S, r"clarif(?:y|ies|ied|ying)", r"assur(?:e|es|ed|ing)", r"reassur(?:e|es|ed|ing)",
        r"(?:is|was|were|are|remain(?:s|ed)?) adamant", r"ma(?:de|kes?|king) (?:it )?clear",
        r"describ(?:e|es|ed|ing)(?= (?:[\w'\-]+ ){1,6}?as )",  # "described the exemptions as one of several causes"
        # an estimate corrected ("the police corrected on Friday its first estimate: ..."), a
        # finding ("the audit office established in its report that ...")
        r"(?:correct|revis|updat|rais|lower)(?:e|es|ed|s|ing)? (?:[\w']+ ){0,3}?(?:its|their|his|her) (?:\w+ )?"
        r"(?:estimate|figure|count|tally)s?",
        r"(?:found|establish(?:es|ed)?) (?:in (?:its|their|his|her|the) \w+ )?that",
        # translated word for word: "let know that", "communicated a spokesman of X"
        r"let (?:it be )?know(?:n)?", r"ma(?:de|kes?|king) (?:it )?known", r"communicat(?:e|es|ed)(?! with)",
        # a ruling read out, a position opposed: "Judge X reads out", "the union opposes any ban"
        r"read(?:s|ing)? out", r"rul(?:e|es|ed) that", r"oppos(?:e|es|ed)",
    ],
    wanting_said=[r"wants?", r"wanted", r"seek(?:s|ing)?", r"sought", r"propos(?:e|es|ed|ing)", r"ask(?:s|ed|ing)? for",
                  # a body's advice that a thing be done: "the panel recommended that all 40 be returned"
                  r"recommend(?:s|ed)?(?=(?: [\w,'\-]+){0,4}? that [^.;:\"]{1,80}? (?:not )?be )",
                  # a request that another do a thing (the block of requests, at the end)
                  *_REQUEST_TO_BODY, *_REQUEST_TO_NAME],
    as_said=[r"as", r"like"],
    so_says=[r"so"],
    according_to=[r"according to", r"in the words of", r"as quoted by", r"as (?:stated|announced|claimed) by",
                  r"as (?:informs?|informed|reports?|reported|states?|stated|said|says|announced|claims?|claimed"
                  r"|confirmed|writes|wrote|notes?|noted)"],
    denial=[r"den(?:y|ies|ied|ying)", r"reject(?:s|ed|ing)?", r"dismiss(?:es|ed|ing)?", r"refut(?:e|es|ed|ing)",
            r"rebuff(?:s|ed|ing)?", r"brush(?:es|ed|ing)? (?:off|aside|away)", r"wav(?:e|es|ed|ing) (?:off|aside|away)",
            # "the government ruled out any deployment of monitors": a no to what it names
            # (not "could not rule out": a hedge, no no)
            r"(?<!not )(?<!cannot )(?<!n't )(?<!never )rul(?:e|es|ed|ing) out"],
    credit=[
        r"as (?:the )?{outlet} (?:first )?(?:reported|wrote|said|quoted|learned|learnt|revealed|reports|writes)",
        r"(?:the )?{outlet} (?:reported|reports|has reported|quoted|quotes|learned|learns|has learned|cited|cites|wrote"
        r"|writes)",
        r"(?:first |as |was |were )?(?:reported|published|broadcast|revealed) (?:first )?by (?:the )?{outlet}",
        # translated word for word: "as reports the agency NPA", "as writes the daily X"
        r"as (?:reports|reported|writes|wrote|informs|informed|learned|learns) (?:the )?{outlet}",
        r"(?:told|tells|telling|said to|speaking to|talking to|in an interview (?:with|for|to)"
        r"|(?:was )?quoted by|cited by|in a statement to|said on|speaking on|(?:was )?interviewed by"
        r"|in (?:comments|remarks|an op-ed|an article|a column|a letter) (?:to|for|in)|(?:wrote|writing) (?:for|in))"
        r" (?:the )?{outlet}(?:'s)?",
        # "declared to the public broadcaster ABS", "put it to the Lunde Tidings"
        r"(?:declar|stat|explain|confirm|admitt?|insist|repeat|reiterat|stress|emphasi[sz]|reveal|disclos|announc"
        r"|complain|conced|acknowledg|describ)(?:e|es|ed|ing|s)? to (?:the )?{outlet}",
        r"put(?:s|ting)? it to (?:the )?{outlet}",
        r"according to (?:the )?{outlet}",
        # the translated "said for N1" (Serbian "za N1", German "gegenüber"): said to that outlet
        r"(?:said|says|stated|states|confirmed|confirms|claimed|claims|explained|explains|declared|declares"
        r"|announced|announces|added|adds) for (?:the )?{outlet}",
        r"for (?:the )?{outlet},? (?:said|says|stated|states|confirmed|confirms|claimed|claims|explained|explains"
        r"|declared|declares|announced|announces)",
        r"interview (?:[\w,]+ ){1,5}?(?:with|for|to|by|in|on) (?:the )?{outlet}",  # "an interview published on Sunday by X"
    ],
    outlet_before=[r"(?:(?:daily|weekly|evening|morning|business|financial|local|regional|national|state|public"
                   r"|commercial|private|online|news) )?(?:daily|weekly|newspaper|paper|tabloid|magazine|broadcaster"
                   r"|television|TV|radio|station|channel|network|agency|news agency|wire service|portal|news portal"
                   r"|website|site|outlet|news site|network)"],
    outlet_after=[r"(?:(?:news|press|state|wire) )?(?:agency|service)", r"(?:daily|weekly|newspaper|tabloid|magazine)",
                  r"(?:television|TV|radio|channel|broadcaster|network)", r"(?:news )?(?:website|portal|site)"],
    pronouns=[r"he", r"she", r"they", r"it"],
    role_nouns=[
        r"the (?:(?:prime|foreign|interior|defen[cs]e|finance|health|justice|environment|transport|energy|education"
        r"|economy|trade|labou?r) )?minister", r"the (?:\w+ )?ministry",
        r"(?:the|a) spokes(?:person|man|woman)", r"the (?:statement|letter|communiqu[eé]|press release|release|post|message|report)",
        # a body's review speaks for it: "the review said" (as "the report" does)
        r"(?:the|its|their) review(?! (?:of|on|by|into|board|panel|body|team|committee|process)\b)",
        rf"the {_BODY}",
        # "a company spokesman", "a ministry spokeswoman": the body the paragraph is about speaks
        rf"(?:the|an?) (?:{_BODY}|ministry) spokes(?:person|man|woman)",
        r"the (?:president|premier|chancellor|mayor|governor|chief|leader|chairman|chairwoman|chair|director"
        r"|ceo|head|official|secretary|commissioner|manager|coach|minister|rector|dean|ambassador)",
    ],
    # a body's own people and papers: "its spokesman", "company officials", "the filing said"
    speaking_staff=[
        r"(?:its|their) (?:spokes(?:person|man|woman)|boss|chief executive|chief|chair(?:man|woman)?|head|leader"
        r"|director|president|lawyers?|(?:general )?counsel)",
        # a person's own office and people speak for them: "his office says", "her lawyer said"
        r"(?:his|her) (?:office|spokes(?:person|man|woman)|lawyers?|aides?)",
        r"the \d{1,3}-year-old",  # a person named before, by age
        rf"(?:the|an?) (?:{_BODY}|ministry|government) (?:statement|filing|letter|report)",
        rf"(?:(?:its|their) )?(?:{_BODY}|ministry|government) officials", r"(?:its|their) officials",
        r"the (?:document|filing|submission|prospectus)",
    ],
    belief_said=[r"believ(?:e|es|ed)", r"thinks?", r"expect(?:s|ed)? that",
                 r"(?:is|are|was|were|remains?|remained) (?:convinced|confident|certain|sure) that"],
    held_view_nouns=[r"position", r"view", r"stance", r"argument", r"contention", r"line",
                     # a body's own count or claim: "the agency's count stood at 141"
                     r"count", r"tally", r"figure", r"estimate", r"claim", r"offer", r"bulletin", r"toll"],
    held_view_said=[r"(?:position|view|stance|argument|contention|line) (?:is|was|remains|remained|has been) that",
                    r"(?:count|tally|figure|estimate|claim|offer|bulletin|toll)(?: of [^,;:.]{1,40}?)? (?:now |still |then )?"
                    r"(?:stands?|stood|remains?|remained|is|was|has risen|had risen|rose|climbed|has climbed) (?:at|to)",
                    # "the service's own figure is 14,200 hectares", "its final count of homes destroyed is 437"
                    r"(?:count|tally|figure|estimate|toll)(?: of [^,;:.]{1,40}?)? (?:now |still |then )?(?:is|was)"
                    r"(?= (?:about |around |nearly |some |at least |more than |up to |just over |just under )?"
                    r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty"
                    r"|sixty|seventy|eighty|ninety|a hundred|a thousand)\b))"],
    joined_speaker_adverbs=[r"now", r"also", r"even", r"later", r"most recently"],  # "A, B and now C all say"
    # A name right after one of these is an object or sits in a phrase, not a speaker
    # ("supporters of the opposition said", "a letter to the President said").
    not_subject=[r"of", r"by", r"to", r"for", r"with", r"against", r"from", r"about", r"at", r"on", r"in",
                 r"into", r"than", r"between", r"among", r"towards?", r"over", r"under", r"despite",
                 r"including", r"like", r"unlike", r"amid", r"without", r"whom", r"criticis\w+", r"accus\w+",
                 r"blam\w+", r"urg\w+", r"call\w* on", r"ask\w*", r"told", r"tell\w*", r"met", r"meet\w*"],
    relative=[r"who", r"which", r"whose", r"whom"],
    subordinate=[r"when", r"after", r"because", r"since", r"where", r"before", r"until"],
    coordination=[r"and", r"as well as", r"along with", r"together with", r"both", r"nor", r"or"],
    determiners=[r"the", r"a", r"an", r"its", r"their", r"his", r"her"],
    noun_homographs=[r"demands?", r"claims?", r"estimates?", r"comments?", r"promises?", r"pledges?", r"notes?",
                     r"calls? (?:for|on)", r"remarks?", r"repl(?:y|ies)", r"vows?", r"hints?", r"signals?",
                     r"tweets?", r"forecasts?", r"disputes?", r"blame", r"counter", r"repeats?", r"recalls?",
                     r"warnings?", r"statements?", r"posts? on", r"assessments?", r"responses?"],
    noun_before=[r"the", r"a", r"an", r"its", r"their", r"his", r"her", r"our", r"my", r"your", r"this", r"that",
                 r"these", r"those", r"\w+'s?"],
    first_person=[r"i", r"we"],
    speaks_for=[r"spokes(?:person|man|woman)s? (?:of|for|at|from)",
                # a document speaks for its author: "a statement from the ministry said"
                r"(?:statement|letter|post|press release|release|communiqu[eé]|note|message|memo|video|document"
                r"|filing|submission|petition|tweet|report|notice|response|reply|ruling|judge?ment|verdict)s?"
                r" (?:from|by|of|issued by|signed by|released by|published by|posted by|sent by)", r"(?:head|chief|leader|official|representative"
                r"|member|director|chairman|chair|president|secretary|minister|lawyer|counsel|executive|manager|boss|envoy)s?"
                r" (?:of|for|at|from)",
                # a part of a body: "the local branch of the union", "negotiators for the company"
                r"(?:branch|district|chapter|division|section|wing|arm|office|delegation|negotiator)s? (?:of|for|at|from)"],
    passive=[r"(?:was|were|is|are|be|been|being)(?: (?:not|never|also|first|then|repeatedly|already))?"],
    unsaid=[r"not", r"never", r"n't", r"declined to", r"refused to", r"yet to", r"not \w+", r"never \w+", r"neither"],
    not_yet=[r"(?<!went on )(?<!goes on )(?<!go on )(?<!continue )(?<!continues )(?<!continued )(?<!continuing )"
             r"(?<!forced )(?<!first )to",  # an infinitive: "promised to reveal", "wants her to say"
             r"(?:expected|due|set|scheduled|poised|likely|unlikely|about|going|planning|preparing) to",
             r"(?:plans?|intends?|hopes?|wants?|wishes|seeks?|aims?) to", r"will", r"would", r"shall", r"may",
             r"might", r"will \w+", r"would \w+",
             r"should", r"must", r"should \w+", r"must \w+"],  # "should say so": asked of it, not said
    denial_object=[r"that", r"claims?", r"reports?", r"allegations?", r"suggestions?", r"accusations?",
                   r"assertions?", r"charges?", r"rumou?rs?", r"as",
                   r"calls?", r"demands?", r"proposals?", r"(?:the )?idea"],  # "dismissed calls for a ban"
    denial_always=[r"den(?:y|ies|ied|ying)"],
    complementizer=[r"that"],
    source_nouns=[r"(?:statement|letter|post|report|figures|data|estimates?|document|release|spokes(?:person|man|woman)"
                  r"|officials?|sources?)s? (?:from|by|of|for|at|issued by)"],
    clause_break=[r";", r"while", r"whereas", r"but", r"meanwhile", r"whilst"],
    # who said it, as real reporting writes it
    preposed_not_said=[r"despite", r"in spite of", r"although", r"though", r"even though", r"notwithstanding",
                       r"after", r"when", r"before", r"since", r"because", r"once", r"as soon as", r"until",
                       r"following", r"amid"],
    name_modified_heads=[r"workers", r"employees", r"staff(?:ers)?", r"customers", r"clients", r"passengers",
                         r"users", r"residents", r"shareholders", r"investors", r"pensioners", r"patients",
                         r"tenants", r"voters", r"supporters", r"fans", r"critics", r"families", r"retirees",
                         r"contractors", r"suppliers", r"drivers", r"pilots", r"engineers", r"nurses", r"doctors"],
    # (not "leaving", "bringing", "raising", "sending": "..., bringing the toll to nine" ties a count)
    consequence_participles=[r"(?:potentially|possibly|effectively|thereby|likely) [a-z]+ing",
                             r"(?:trigger|prompt|spark|open|pav|forc|caus|fuell?|threaten|plung|deal|hand|mean)ing"],
    negation=[r"not", r"no", r"never", r"n[o']t", r"\w+n't", r"neither", r"nor", r"without", r"none", r"no longer",
              r"nobody", r"cannot"],  # "nobody has one": a subject that negates
    opposition=[r"oppos(?:e|es|ed|ing)", r"against", r"reject(?:s|ed|ing)?", r"resist(?:s|ed|ing)?",
                r"object(?:s|ed|ing)? to", r"refus(?:e|es|ed|ing) to", r"rul(?:e|es|ed|ing) out", r"vetoe?(?:s|d)?",
                # "does not want ..." (lemmas: "long")
                r"(?:not|n't|never|no longer) (?:\w+ )?want(?:s|ed)?(?: any (?:long(?:er)?|more))?(?: that)?",
                # another's request refused: "rejected the authority's request to suspend"
                r"(?:refus|reject|dismiss|den(?:y|ie)|turn(?:s|ed|ing)? down)(?:e|es|ed|ing|s)? (?:[\w'-]+ ){0,5}?"
                r"(?:request|application|bid|demand|motion|plea|petition|call)s? "
                r"(?:(?:from|by|of) (?:[\w'-]+ ){1,4}?)?(?:to|for)"],
    dismissal=[r"(?:is|was|are|were|would be|will be|remains?) (?:not an option|out of the question|off the table"
               r"|unacceptable|not acceptable|a mistake|not the answer|not the solution|no solution|unthinkable)",
               r"makes? no sense", r"(?:is|was|would be) ruled out", r"(?:is|was|are|were) (?:\w+ )?not on the table",
               r"(?:is|was|are|were) no longer (?:proportionate|justified|necessary|needed)",
               # "would not be proportionate", "would do more harm than good"
               r"(?:is|was|are|were|would|will)(?: not|n't) (?:be )?(?:proportionate|justified|warranted|necessary"
               r"|appropriate|acceptable|wise|the right (?:decision|step|answer|thing))",
               r"(?:would|will|could|does|did|do) (?:\w+ )?more harm than good", r"(?:is|was|would be) counterproductive",
               # out of proportion, unfounded or against the law: against it
               r"(?:is|was|are|were|would be|will be|seems?|seemed) (?:(?:wholly|totally|clearly|simply|entirely|grossly"
               r"|completely) )?(?:disproportionate|excessive|unjustified|unjustifiable|unwarranted|unreasonable"
               r"|unworkable|unlawful|illegal)",
               # it cannot last ("a full ban cannot survive in court", "would not hold up")
               r"(?:cannot|can not|can't|could not|couldn't|will not|won't|would not|wouldn't) (?:possibly )?"
               r"(?:survive|stand|hold up|hold|work|succeed|last|pass|be sustained|be enforced)",
               # a harm it would do ("revoking the permit would "put 1,400 families on the street"")
               r"(?:would|will|could) \"?(?:only |simply |just |also )?(?:hurt|harm|punish|damage|destroy|cripple|ruin"
               r"|wreck|devastate|cost (?:[\w,]+ )?(?:jobs|lives)|put (?:[\w,'-]+ ){1,3}?(?:on the streets?|out of work"
               r"|at risk|in danger))",
               # a bare no after it, closing the line ("a total ban, no.", "a ban, never.", "a ban
               # with police at every stop, no.": the phrase's last word before the comma)
               r"[\w'-]*, (?:no|never|not at all|absolutely not|certainly not)(?= *(?:[.;!]|$))"],
    overreach=[r"(?:goes|go|went|gone|going|would go|will go) (?:much |far |a (?:little|bit|step) )?too far",
               r"(?:is|was|would be|will be) (?:a step|one step|a bridge) too far", r"(?:is|was|would be) overkill",
               r"(?:is|was|would be) (?:much |far |a (?:little|bit) )?too (?:much|harsh|drastic|blunt|sweeping|extreme)"],
    retreat=[r"(?:giv(?:e|es|ing|en)|gave) up", r"(?:(?:giv(?:e|es|ing|en)|gave) up|drop(?:s|ped|ping)?|abandon(?:s|ed|ing)?|withdr(?:aw|aws|ew|awn|awing)"
             r"|back(?:s|ed|ing)? away from|retreat(?:s|ed|ing)? from) (?:its|their|his|her|our|the) (?:\w+ )?"
             r"(?:demand|call|push|campaign|insistence|bid)s? for"],
    disagreeing=[r"agree[sd]?", r"accept(?:s|ed)?"],
    negation_idiom=[r"no doubt", r"not only", r"no question", r"without (?:a )?doubt", r"no wonder", r"not least"],
    hedge=[r"partly", r"partially", r"in part", r"largely", r"mostly", r"almost", r"nearly",
           r"not (?:all|fully|entirely|completely|yet all)", r"some of", r"most of", r"except",
           r"apart from", r"with the exception", r"still outstanding",
           r"though not"],  # "a substantial fine, though not the one on the table"
    conditional_inverted=[r"should", r"were", r"had"],
    conditional=[r"if", r"unless", r"were to", r"in case", r"provided that", r"as long as", r"hypothetically",
                 r"in theory", r"would have(?! to\b)", r"should (?:it|they|he|she|this) (?:be|prove|turn)"],
    conditional_restrictive=[r"(?:but )?only if", r"provided(?: that)?", r"providing(?: that)?", r"as long as",
                             r"so long as",
                             # (not a bare "on condition that", which may be what a fact came with: "had
                             # offered a package worth 150 million, on condition that ...")
                             r"only on (?:the )?conditions? that"],
    position_standing_aside=[r"oppos(?:e|es|ed|ing)", r"opposition to", r"vot(?:e|es|ed|ing) against", r"object(?:s|ed|ing)? to",
                             r"resist(?:s|ed|ing)?", r"(?:is|are|was|were|be|been|remains?) against",
                             r"stand(?:s|ing)? in the way"],
    concessive=[r"even", r"as"],
    rumour=[r"(?:is|are|was|were) (?:reported|understood|alleged|rumou?red) to", r"(?:is|are|was|were) (?:reported|rumou?red)", r"reportedly", r"allegedly", r"purportedly", r"supposedly", r"rumou?r(?:s|ed)?", r"speculation",
            r"speculat(?:e|es|ed|ing)", r"unconfirmed", r"unverified", r"(?:is|are|was|were) said to",
            r"it is (?:believed|understood|rumou?red)", r"(?:is|are|was|were) believed to", r"may have said",
            r"is thought to", r"are thought to",
            # an unnamed voice: "some in the ministry say privately", "on condition of anonymity"
            r"(?:some|many|others|several|insiders|sources|people) (?:in|at|within|inside|close to) (?:the )?\w+", r"privately",
            r"(?:on|under) (?:the )?condition of anonymity", r"(?:asked|declined) not to be named", r"off the record"],
    auxiliary_folds=[(r"\b(must|should|would|could|might|ought to)( not| never)? have been\b", r"\1\2 be"),
                     (r"\b(?:has|have|had) (not |never |always |now |already )?been\b", r"\1was"),
                     (r"\b(is|are|was|were|do|does|did|has|have|had|could|should|would|must)n't\b", r"\1 not"),
                     (r"\bwon't\b", "will not"), (r"\bcan't\b", "can not"),
                     # "should have gone" -> "should gone", which the lemmas read as "should go"
                     (r"\b(must|should|ought to)( not| never)? have (?!been\b|to\b)", r"\1\2 "),
                     # "none of the ships should sail" -> "the ships should not sail"
                     (r"\bnone of ((?:them|us|these|those|(?:the|its|their|our|these|those) [\w'-]+(?: [\w'-]+)?)) "
                      r"(should|must|can|could|will|would|may|might|is|are|was|were)\b", r"\1 \2 not"),
                     # "wants the operator's licence revoked" -> "the operator's licence should be revoked"
                     (r"\b(?:wants?|wanted|wanting|would like|demands?|demanded|demanding) ((?:the |its |their |his |her |our "
                      r"|this |that )?(?:[\w'-]+ ){0,2}?[\w'-]+) ([a-z]+ed|withdrawn|torn up|shut|cut|lifted|kept|taken away)"
                      r"(?=\s*(?:[.,;:!?]|$|(?:by|at|on|in|before|after|until|immediately|now|today|for|without) ))",
                      r"\1 should be \2"),
                     # "called for the contract to be cancelled" -> "the contract should be cancelled"
                     (r"\b(?:call(?:s|ed|ing)? for|wants?|wanted|wanting|urg(?:e|es|ed|ing)|demand(?:s|ed|ing)?|ask(?:s|ed|ing)? for"
                      r"|(?:press|push)(?:es|ed|ing)? for) ((?:the |its |their |his |her |our |this |that )?(?:[\w'-]+ ){0,2}?"
                      r"[\w'-]+) to be\b", r"\1 should be"),
                     # "the licence of Orre Link must be withdrawn" -> "the licence must be withdrawn"
                     (r"\b([a-z]+) of (?:[\w'-]+ ){1,3}?(must|should|has to|had to|will have to|ought to)\b", r"\1 \2")],
    withheld=[r"st(?:op|ops|opped|opping) short of"],
    # "KALLENBURG, Feb 24 (ONA) - ", "LONDON, March 3 - ", "OSLOVIK (NTA) - "; a live blog's "13:15 "
    dateline=r"(?:[A-Z][A-Z.'-]+(?: [A-Z][A-Z.'-]+)*(?:/[A-Z][A-Z .'-]+)?(?:,\s+[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:,\s+\d{4})?"
             r"(?:\s*\([A-Z][\w .&-]{0,20}\))?|\s*\([A-Z][\w .&-]{0,20}\))\s*[-\u2013\u2014]+\s*"
             r"|\d{1,2}[:.]\d{2}(?:\s*(?:[ap]\.?m\.?|[A-Z]{2,4}))?\s*[-\u2013\u2014]?\s+)",
    figure_difference=[r"by"],
    figure_superseded=[r"earlier", r"previous", r"original", r"initial", r"former", r"old", r"prior"],
    inserted_negation=[r"not", r"never", r"no longer", r"not yet"],
    cue_gap_words=[r"has", r"have", r"had", r"having", r"been", r"also", r"already", r"still", r"now", r"then", r"again",
                   r"indeed", r"just", r"really", r"clearly", r"certainly", r"definitely", r"simply", r"actually",
                   r"repeatedly", r"previously", r"initially", r"eventually", r"finally", r"immediately", r"quickly",
                   r"much", r"far", r"even", r"first", r"today", r"yesterday", r"this (?:week|morning|month|year)",
                   r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"],
    cue_gap_barrier=[r"be", r"is", r"are", r"was", r"were", r"being", r"and", r"but", r"or", r"that", r"whether",
                     r"about", r"off", r"against", r"during", r"after", r"before", r"under", r"through", r"into",
                     r"than", r"between", r"until",
                     r"will", r"would", r"shall", r"should", r"must", r"can", r"could", r"may", r"might",
                     r"only", r"partly", r"partially", r"almost", r"nearly", r"hardly", r"barely", r"less"],
    cue_free_gap=2,
    cue_free_gap_refused=[r"[a-z]{2,}ing"],  # a gerund is the thing backed or opposed: "backs scrapping the bid"
    cue_subject_gap=[r"has", r"have", r"now", r"also", r"still", r"both", r"all", r"today", r"yesterday", r"again",
                     r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
                     r"this (?:morning|afternoon|evening|week)",
                     # an adverb, but not one that says the act was earlier, uncertain or hearsay
                     r"(?!(?:only|initially|originally|formerly|previously|briefly|early|likely|probably|possibly"
                     r"|reportedly|allegedly|supposedly|apparently|nearly|hardly|eventually)\b)[a-z]{3,}ly"],
    relative_recalled=[r"(?:a|one|two|three|four|five|six|\d+|a few|several) (?:days?|weeks?|fortnights?|months?|years?) ago",
                       r"a fortnight ago", r"last (?:week|month|year|spring|summer|autumn|fall|winter)", r"earlier",
                       r"at first", r"once", r"initially", r"originally", r"previously", r"at the time", r"back then",
                       r"in (?:january|february|march|april|may|june|july|august|september|october|november|december)"],
    cue_subject_negation=[r"(?:did|does|do|has|have) not", r"(?:did|does|do|has|have)n't", r"never"],
    cue_subject_intent=[r"(?:agree|decide|vote|move|pledge|vow|promise|resolve|elect)(?:s|d)? to",
                        r"(?:want|intend|plan|seek|offer)(?:s|ed)? to", r"sought to", r"(?:is|was|are|were) ready to",
                        r"went ahead and"],
    cue_subject_refusal=[r"(?:refuse|decline)(?:s|d)? to",
                         # another's request refused: "rejected the authority's request to suspend"
                         r"(?:refus|reject|dismiss|den(?:y|ie))(?:e|es|ed|s)? (?:the |an? |its |their |his |her )?"
                         r"(?:[\w'-]+ ){0,4}?(?:request|application|bid|demand|motion|plea|petition|call)s? "
                         r"(?:(?:from|by|of) (?:[\w'-]+ ){1,4}?)?(?:to|for)",
                         r"turned down (?:the |an? |its |their |his |her )?(?:[\w'-]+ ){0,4}?"
                         r"(?:request|application|bid|demand|motion|plea|petition|call)s? "
                         r"(?:(?:from|by|of) (?:[\w'-]+ ){1,4}?)?(?:to|for)"],
    cue_contractions=[(r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n(?:'|\.)t\b", r"\1 not"),
                      (r"\bwon(?:'|\.)t\b", "will not"), (r"\b(?:can(?:'|\.)t|cannot)\b", "can not")],
    cue_past_auxiliary=[r"did", r"did not", r"did never"],
    cue_spelling=one_spelling,
    cue_modifier=[r"of", r"to", r"from", r"for", r"at", r"in", r"on", r"with", r"by", r"over"],
    cue_determiners=[r"the", r"a", r"an", r"its", r"their", r"his", r"her", r"our", r"this", r"that", r"any"],
    cue_owner=True,
    cue_narrowing=[r"partial", r"limited", r"temporary", r"conditional", r"reduced", r"lesser", r"smaller", r"modified",
                   r"watered", r"scaled", r"part", r"interim", r"provisional", r"trial", r"shorter", r"lighter",
                   r"softer", r"lower"],
    action_noun=r"(?<![\w-])([a-z]{3,}(?:ation|ition|sion|tion|al|ure|ment|ing)) of(?= )",
    proposal_modals=[r"should", r"must", r"ought to"],
    proposal_passive=[r"be"],
    proposal_allowed=[r"be (?:allowed|permitted|able|free) to"],
    proposal_tail=[r"while", r"when", r"until", r"during", r"amid", r"despite", r"following", r"after", r"before", r"rather than", r"without", r"because", r"if", r"unless", r"or not"],
    proposal_after_noun=["on", "of", "for", "to", "at", "in", "from", "with", "by", "over", "against", "and", "or",
                         "between", "into", "under", "about"],
    proposal_suspense=[r"under review", r"on hold", r"in (?:place|force) for now", r"pending"],
    proposal_particles=["ahead", "forward", "on", "through", "back", "up", "down", "away"],
    proposal_keeping=["accept", "approve", "stand", "go", "allow", "keep", "uphold", "proceed", "continue", "remain",
                      "stay", "pass", "adopt", "confirm", "renew",
                      # verbs that make the thing: backing it backs making it ("renewed its call for capital controls")
                      "impose", "introduce", "build", "rebuild", "create", "grant", "sign", "award", "extend"],
    proposal_undoing=["block", "cancel", "withdraw", "scrap", "suspend", "demolish", "close", "lift", "revoke", "ban",
                      "overturn", "lose", "annul", "quash", "halt", "stop", "end", "abolish", "repeal", "drop", "veto",
                      "reject", "remove", "shut", "axe", "dismiss", "strip"],
    proposal_nouns={"raise": ["rise", "rises", "increase", "increases", "hike", "hikes"], "clear": ["eviction"],
                    "revoke": ["revocation"], "compensate": ["compensation"], "destroy": ["destruction"], "deny": ["denial"], "renew": ["renewal"],
                    "demolish": ["demolition"], "ban": ["ban"], "block": ["block"], "recount": ["recount"]},
    proposal_restating=[r"should", r"must", r"ought to", r"(?:has|have|had|needs?) to"],
    proposal_intending=[r"will", r"would", r"shall", r"(?:is|are|was|were) going to"],
    proposal_passive_auxiliary=[r"be", r"been", r"being", r"is", r"are", r"was", r"were"],
    proposal_faint=[r"hardly", r"barely", r"scarcely"],
    proposal_unchanged_participles=["cut", "shut", "set", "put", "hit", "let", "quit"],
    name_head_before=["of", "for", "in", "at", "on"],
    name_head_nouns=r"bank|fund|institute|federation|association|union|council|ministry|agency|authority|commission"
                    r"|court|tribunal|company|group|party|office|board|trust|service|department|inspectorate|regulator"
                    r"|watchdog|brigade|hospital|university|airline|airport|club|league|society|foundation|network"
                    r"|alliance|coalition|movement|front|army|police|government|administration|assembly|parliament"
                    r"|committee|panel|bureau|directorate|corporation|firm|operator|chamber|guild|cooperative"
                    r"|institution|organi[sz]ation|mission|secretariat|prosecutor|utility|insurer|manufacturer|maker",
    verb_synonyms={"cancel": ["scrap", "terminate", "axe", "rescind", "annul"], "delete": ["erase", "wipe", "destroy"],
                   "raise": ["lift", "increase", "hike"], "suspend": ["halt"], "close": ["shut", "halt"], "shut": ["close", "halt"],
                   "revoke": ["withdraw", "rescind", "cancel"], "block": ["veto"], "ban": ["prohibit", "outlaw"],
                   "lift": ["end", "scrap", "remove"], "approve": ["authorise", "authorize", "clear"],
                   "impose": ["introduce"], "reduce": ["cut", "lower"], "cut": ["reduce", "lower"],
                   "extend": ["prolong", "lengthen"], "deploy": ["send", "station"], "rebuild": ["reconstruct"],
                   "hide": ["conceal", "withhold", "cover", "hold back", "keep back"], "break": ["violate", "breach"], "breach": ["violate", "break"],
                   "release": ["free"], "free": ["release"], "dismiss": ["sack", "fire"], "sack": ["dismiss", "fire"],
                   "fire": ["dismiss", "sack"], "arrest": ["detain"], "detain": ["arrest"], "postpone": ["delay", "defer"],
                   "delay": ["postpone", "defer"], "buy": ["acquire", "purchase"], "acquire": ["buy", "purchase"],
                   "investigate": ["probe"], "resign": ["quit"],
                   "return": ["give back", "hand back", "send back", "repatriate", "restitute"],
                   # (knowing of a thing: "be" and "have" stand for their every form; see claim_particle_verbs)
                   "know of": ["know about", "be aware of", "have knowledge of"]},
    name_titles=[r"minister", r"ministers", r"president", r"governor", r"mayor", r"chief", r"director", r"inspector",
                 r"secretary", r"commissioner", r"chair(?:man|woman|person)?", r"leader", r"spokes(?:man|woman|person)",
                 r"judge", r"general", r"officer", r"councillor", r"senator", r"deputy", r"head", r"prime", r"foreign",
                 r"defen[cs]e", r"interior", r"finance", r"health", r"education", r"transport", r"mines", r"justice",
                 r"environment", r"mr", r"mrs", r"ms", r"dr", r"professor", r"prof"],
    claim_openers_do=["did", "does", "do"],
    claim_openers_be=["is", "are", "was", "were"],
    claim_openers_have=["has", "have", "had"],
    claim_opposites={"safe": r"unsafe|dangerous|not safe", "legal|lawful": r"illegal|unlawful|against the law",
                     "sound": r"flawed|unsound", "fair": r"unfair", "justified": r"unjustified", "accurate": r"inaccurate",
                     "true": r"untrue|false", "reliable": r"unreliable", "valid": r"invalid", "correct": r"incorrect|wrong",
                     "adequate": r"inadequate", "necessary": r"unnecessary", "effective": r"ineffective", "fit": r"unfit",
                     "proportionate": r"disproportionate"},
    claim_causal_verbs=["cause", "start", "trigger", "spark"],
    # a verb that takes its object after a preposition: "Did the ministry know of the tests?"
    claim_particle_verbs=["know of", "know about"],
    claim_causal_phrases=["to blame for", "responsible for", "behind", "the cause of", "to blame"],
    # (on the statement's words in their base forms: "had caused" reads "had cause")
    claim_caused=[r"cause", r"start", r"trigger", r"spark(?: off)?", r"lead to", r"drive", r"fuel", r"(?:is|are|was|were|be|been) behind",
                  r"(?:is|are|was|were|be|been) (?:to blame|responsible) for",
                  r"(?:is|are|was|were|be|been) (?:the |a )?(?:main |primary |real |only |chief |direct )?(?:cause|source) of"],
    claim_caused_by=[r"(?:is|are|was|were|be|been) (?:not |never |\w+ly )?(?:cause|start|trigger|spark|drive)d? by",
                     r"(?:is|are|was|were|be|been) (?:not |never |\w+ly )?due to", r"come from", r"stem from", r"result from",
                     r"(?:is|are|was|were|be|been) (?:not |never |\w+ly )?(?:the )?(?:result|fault) of",
                     r"(?:is|are|was|were|be|been) (?:not |never |\w+ly )?down to"],
    claim_blaming=[r"blame", r"hold \w+ responsible", r"point (?:the|a) finger at"],
    claim_partly=[r"(?:is|are|was|were|be|been) (?:only |just )?(?:a |one )?part of the (?:problem|story|reason|explanation|cause)",
                  r"(?:is|are|was|were|be|been) (?:only |just )?one (?:factor|cause|reason) among (?:several|many|others)",
                  r"play (?:a|some) (?:part|role)", r"contribute to",
                  r"(?:is|are|was|were|be|been) (?:only |just )?one (?:of (?:several|many|a number of) )?(?:possible |likely )?"
                  r"(?:factor|cause|reason|source|explanation)s?(?: among (?:several|many|others))?(?![\w'-])"],
    claim_cleft=[r"it (?:is|was|be)"],
    claim_nothing=[r"nothing"],
    claim_not_caused=[r"(?:have|has|had) (?:nothing|little) to do with"],
    claim_ruled_out=[r"rule out", r"dismiss", r"reject"],
    # "named the budget as the main cause", "calls the budget the main cause" (base forms)
    claim_named_cause=[r"name", r"identify", r"single out", r"call", r"see"],
    # "declared the formula safe", "deemed the bridge unsafe" (base forms)
    claim_declared=[r"declare", r"deem", r"pronounce", r"certify", r"judge", r"call"],
    claim_limited=[r"only (?:in|when|for|if|under|as|at|on|after|once|with|until)", r"in (?:some|part)", r"partly"],
    # (words in their base forms: "found that" reads "find that")
    claim_sourced=[r"say", r"tell", r"claim", r"allege", r"find that", r"report", r"prove", r"show", r"argue", r"suggest",
                   r"accuse", r"believe", r"think"],
    claim_own_gerund=["deny", "admit", "acknowledge", "regret", "confess", "reject", "rule out"],
    claim_timely_words=["late", "slow", "slowly"],
    claim_late=[r"too late", r"(?:too )?slow(?:ly)?", r"late", r"belated(?:ly)?", r"delay(?:ed)?",
                r"(?:should|must|ought to) have (?:come|been|go|gone|be) (?:out )?(?:soon(?:er)?|earl(?:y|ier))",
                r"hour(?:s)? after", r"minute(?:s)? after"],
    claim_on_time=[r"on time", r"in (?:good )?time", r"without (?:any )?delay", r"straight away", r"immediately",
                   r"promptly", r"swiftly", r"at once", r"as soon as"],
    claim_late_partly=[r"(?:could|might) have (?:come|been|go|gone|be) (?:out )?(?:soon(?:er)?|earl(?:y|ier))"],
    claim_manner_suffix="ly",
    claim_manner=["late", "early", "too", "enough", "properly", "wrongly", "quickly", "slowly", "fully"],
    claim_irregular_participles=["paid", "made", "said", "held", "found", "lost", "hit", "cut", "built", "sold", "kept",
                                 "left", "sent", "spent", "bought", "caught", "taught", "brought", "told", "met", "set",
                                 "put", "shut", "read", "led", "fed", "fled", "dealt", "meant", "won", "begun", "run"],
    claim_verb_synonyms={"loot": ["plunder", "pillage", "ransack", "rob", "seize", "carry off", "carry away",
                                  "take by force", "steal"],
                         "hide": ["keep to itself", "sit on"], "kill": ["wipe out"]},
    claim_said_also={"safe": (r"sound|stable|secure|structurally sound",
                              r"a (?:real |serious |grave )?danger|hazardous|a death ?trap|at (?:real |serious )?risk")},
    claim_kept=[r"comply (?:\w+ly )?with", r"abide by", r"(?:is|are|was|were|be) (?:fully |entirely )?in line with",
                r"(?:is|are|was|were|be) (?:fully |entirely )?within", r"respect", r"honou?r", r"keep to", r"stick to",
                r"meet", r"fulfil+"],
    claim_broken=[r"break", r"broke", r"breach", r"violate", r"flout", r"fall foul of", r"(?:is|are|was|were|be) in breach of",
                  r"(?:is|are|was|were|be) against"],
    claim_rule_nouns=[r"rules?", r"laws?", r"regulations?", r"obligations?", r"conditions?", r"licen[cs]es?", r"terms",
                      r"requirements?"],
    claim_lawful="lawful",
    claim_sooner=[r"soon(?:er)?", r"earl(?:y|ier)", r"fast(?:er)?", r"quick(?:er|ly)?"],
    thing_year_ties=["of", "in", "from"],
    claim_ought_have=[r"should have", r"must have", r"ought to have"],
    claim_could_have=[r"could have", r"might have"],
    claim_nobody=[r"nobody", r"no one", r"no-one", r"none"],
    claim_clause_openers=["until", "unless", "when", "while", "after", "before", "because", "if", "since", "that",
                          "which", "who", "whom", "where", "whether", "once", "as", "and", "or", "but", "so"],
    claim_part_of=[r"(?:most|some|many|several|part|much) of", r"the (?:great |vast )?(?:majority|bulk) of",
                   r"a (?:number|few|handful) of", r"not all(?: of)?"],
    proposal_reduced=[r"cut", r"reduced", r"lowered", r"shortened", r"halved", r"eased", r"softened", r"trimmed",
                      r"scaled back", r"watered down"],
    proposal_harm=[r"(?:would|will|could) (?:only |simply |just |also )?(?:hurt|harm|punish|hit|damage|destroy|cripple"
                   r"|undermine|ruin|wreck|devastate|penali[sz]e|frighten|endanger|cost (?:\w+ )?(?:jobs|lives|millions|billions)"
                   r"|leave \w+ (?:\w+ )?without|put \w+ (?:\w+ )?(?:at risk|in danger|out of work))",
                   # it would not work: "closing schools would not stop the virus"
                   r"(?:would|will|could|does|did) (?:not|never) (?:\w+ )?(?:stop|solve|fix|prevent|halt|slow|help|work|change)",
                   r"(?:would|will) do (?:nothing|little) (?:to|for)", r"(?:would|will)n't (?:stop|solve|fix|prevent|help|work)"],
    proposal_extraposed=[r"it"],
    proposal_generic=[r"plans?", r"proposals?", r"reforms?", r"move", r"measures?", r"bill", r"scheme"],
    proposal_made=[r"be made", r"be declared", r"become"],
    proposal_becoming=[r"become", r"becomes", r"became", r"be made", r"be declared", r"be", r"made", r"declared"],
    proposal_making=[r"mak(?:e|es|ing)", r"made", r"declar(?:e|es|ed|ing)"],
    proposal_answer=[r"(?:the|our|my|their|its) (?:only |best |right |real )?(?:answer|solution|response|way forward|option|priority)"],
    proposal_staying=[r"stand", r"stay", r"remain(?: in (?:place|force))?", r"go ahead", r"go on", r"carry on",
                      r"press ahead", r"proceed", r"continue", r"be (?:kept|upheld|honou?red|maintained)"],
    proposal_going=[r"go(?!\s+(?:ahead|on|forward|up|down|further|higher|lower|back)\b)", r"end",
                    r"be (?:scrapped|dropped|ended|abolished|axed|torn up|waived|quashed|overturned|annulled|lifted"
                    r"|withdrawn|cancelled|canceled|revoked|rescinded|struck down)"],
    proposal_again={"recount": "count", "reopen": "open", "rebuild": "build", "restart": "start", "retest": "test",
                   "rerun": "run", "reconnect": "connect", "resubmit": "submit", "re-elect": "elect"},
    proposal_again_word=r"again",
    proposal_able=[r"can"],
    # (not "if", "unless", "provided that", "as long as": a condition the pack's `conditional` reads, no record)
    proposal_condition=[r"provided(?!\s+that)", r"providing", r"so long as", r"on condition that", r"once", r"only when",
                        r"only after", r"as soon as"],
    proposal_until=[r"until", r"till"],
    proposal_infinitive=[r"to"],
    proposal_clause_open=[r"and", r"but", r"or", r"while", r"whereas", r"which", r"that", r"because"],
    proposal_not_gerund=[r"morning", r"evening", r"during", r"nothing", r"something", r"anything", r"everything",
                         r"thing", r"spring", r"king", r"according"],
    # what the thing is called after a copula: a judgement of it, for or against
    proposal_copula=[r"is", r"was", r"are", r"were", r"would be", r"will be", r"has been", r"had been", r"remains?",
                     r"remained", r"seems?", r"seemed", r"looks?"],
    proposal_approval=[r"right", r"justified", r"fair", r"proportionate", r"reasonable", r"necessary", r"sensible",
                       r"deserved", r"(?:long )?overdue", r"vital", r"essential", r"here to stay", r"the right (?:decision|call|thing|step|move|choice)",
                       r"(?:a|the) (?:good|correct|sound|wise) (?:decision|call|thing|step|move|choice)"],
    proposal_disapproval=[r"wrong", r"unjust", r"unjustified", r"unfair", r"absurd", r"excessive", r"disproportionate",
                          r"out of (?:all )?proportion", r"unacceptable", r"(?:a|an|the) (?:big |huge |serious |grave )?"
                          r"(?:mistake|error|scandal|disgrace|betrayal|outrage)", r"outrageous", r"unnecessary",
                          r"unreasonable", r"madness", r"indefensible", r"unworkable", r"premature", r"irresponsible",
                          r"reckless",
                          r"(?:a|an) (?:\w+ )?(?:tragedy|waste|slap in the face|disaster)",
                          r"no longer (?:proportionate|justified|necessary|needed|defensible)"],
    proposal_right_to=[r"(?:quite |absolutely |entirely )?right"],
    proposal_wrong_to=[r"(?:quite |absolutely |entirely )?wrong"],
    proposal_lacking=[r"(?:(?:has|have|had) no|lacks?(?: any)?|lacked(?: any)?) (?:\w+ )?(?:basis|justification|merit)",
                      r"(?:makes?|made) no sense", r"(?:would|will) send the wrong (?:signal|message)"],
    proposal_support=[r"uph(?:old|olds|eld|olding)", r"order(?:s|ed|ing)?", r"demand(?:s|ed|ing)?", r"call(?:s|ed|ing)? for", r"urg(?:e|es|ed|ing)", r"want(?:s|ed|ing)?",
                      r"(?:push|press)(?:es|ed|ing)? for", r"ask(?:s|ed|ing)? for", r"support(?:s|ed|ing)?",
                      r"(?:support|backing) for", r"back(?:s|ed|ing)?", r"favou?r(?:s|ed|ing)?", r"in favou?r of",
                      r"welcom(?:e|es|ed|ing)", r"endors(?:e|es|ed|ing)", r"defend(?:s|ed|ing)?",
                      r"stand(?:s|ing)? by", r"stood by", r"vot(?:e|es|ed|ing) (?:for|to)", r"prais(?:e|es|ed|ing)",
                      r"hail(?:s|ed|ing)?", r"applaud(?:s|ed|ing)?", r"insist(?:s|ed|ing)? on",
                      r"(?:voic|express)(?:e|es|ed|ing) (?:(?:its|their|his|her|our) )?(?:support for|backing for)",
                      r"ask(?:s|ed|ing)?", r"sign(?:s|ed|ing)? off on", r"keep(?:s|ing)?", r"kept",
                      r"sav(?:e|es|ed|ing)", r"honou?r(?:s|ed|ing)?", r"accept(?:s|ed|ing)?",
                      r"thr(?:ew|ow|ows|owing|own) (?:its|their|his|her|our) (?:full )?weight behind",
                      r"(?:has|have|had) no (?:choice|option|alternative) but",
                      r"(?:stand(?:s|ing)?|stood) (?:firmly |squarely |fully |four-square )?behind",
                      r"c(?:o|a)m(?:e|es|ing) out in (?:support|favou?r) of",
                      r"(?:renew|repeat|reiterat|stepp?)(?:s|ed|ing|e|es)? up (?:its|their|his|her|our) calls? for",
                      r"(?:renew|repeat|reiterat)(?:s|ed|ing|e|es)? (?:its|their|his|her|our) (?:calls?|demands?) for"],
    proposal_opposition=[r"oppos(?:e|es|ed|ing)", r"(?:opposition|objections?) to",
                         # a speaker's "against", not a march's ("a demonstration against the contract")
                         r"(?:is|are|was|were|be|been|remains?|remained|firmly|strongly|squarely|still|all|now) against",
                         r"(?:spoke|speaks?|speaking|c[oa]mes?|coming) out against", r"vot(?:e|es|ed|ing) against",
                         r"campaign(?:s|ed|ing)? against",
                         r"reject(?:s|ed|ing)?", r"resist(?:s|ed|ing)?", r"object(?:s|ed|ing)? to",
                         r"condemn(?:s|ed|ing)?", r"criticis(?:e|es|ed|ing)", r"criticiz(?:e|es|ed|ing)",
                         r"denounc(?:e|es|ed|ing)", r"(?:fight|fights|fighting|fought)",
                         r"(?:withdr(?:aw|aws|ew|awn|awing)|pull(?:s|ed|ing)?) (?:its|their|his|her|our) support (?:for|from)",
                         r"challeng(?:e|es|ed|ing)", r"attack(?:s|ed|ing)?", r"slam(?:s|med|ming)?",
                         r"brush(?:es|ed|ing)? aside", r"dismiss(?:es|ed|ing)?", r"rebuff(?:s|ed|ing)?",
                         r"turn(?:s|ed|ing)? down", r"warn(?:s|ed|ing)? against", r"vot(?:e|es|ed|ing) down",
                         r"(?:has|have|had) no (?:plans?|intention) (?:to|of)", r"(?:an|the) end (?:to|of)",
                         r"(?:fight(?:s|ing)?|fought) against", r"refus(?:e|es|ed|ing)",
                         r"protest(?:s|ed|ing)? against",
                         r"(?:see|sees|saw|seeing|seen) no (?:grounds?|reason|need|case) (?:to|for)",
                         r"(?:there (?:is|was|were) )?(?:no|little) (?:grounds?|reason|need|case) (?:to|for)",
                         r"(?:an |its |their |her |his )?appeal(?:s|ed|ing)? against"],
    # a request put to another, read with its object and "to" and the act: "asked the museum to
    # return them", "urged the bank not to raise its rate" (the object at most six words, no verb)
    proposal_request=[r"ask(?:s|ed|ing)?", r"urg(?:e|es|ed|ing)", r"call(?:s|ed|ing)? (?:on|upon)",
                      r"press(?:es|ed|ing)?", r"want(?:s|ed|ing)?", r"order(?:s|ed|ing)?", r"request(?:s|ed|ing)?",
                      r"instruct(?:s|ed|ing)?", r"appeal(?:s|ed|ing)? to", r"implor(?:e|es|ed|ing)",
                      r"encourag(?:e|es|ed|ing)", r"push(?:es|ed|ing)?", r"petition(?:s|ed|ing)?"],
    # verbs that move the thing away, and what the thing does when moved or kept (base forms)
    proposal_moving=["return", "repatriate", "restitute", "deport", "expel", "extradite", "relocate", "evacuate"],
    proposal_moved_away=[r"go (?:back|home)", r"come (?:back|home)", r"return(?: home)?", r"be returned",
                         r"be repatriated", r"be (?:sent|handed|given|brought|taken|shipped|flown) (?:back|home)"],
    proposal_kept_here=[r"stay(?: put)?", r"remain", r"be kept", r"be retained"],
    proposal_retaining=[r"keep(?:s|ing)?", r"kept", r"retain(?:s|ed|ing)?", r"hold(?:s|ing)? on to", r"held on to",
                        r"hang(?:s|ing)? on to", r"hung on to"],
    wanting=[r"demand(?:s|ed|ing)?", r"call(?:s|ed|ing)? for", r"urg(?:e|es|ed|ing)", r"want(?:s|ed|ing)?",
             r"seek(?:s|ing)?", r"sought", r"(?:push|press)(?:es|ed|ing)? for", r"ask(?:s|ed|ing)? for",
             r"support(?:s|ed|ing)?", r"back(?:s|ed|ing)?", r"favou?r(?:s|ed|ing)?", r"propos(?:e|es|ed|ing)",
             r"insist(?:s|ed|ing)? on", r"welcom(?:e|es|ed|ing)", r"endors(?:e|es|ed|ing)", r"recommend(?:s|ed|ing)?"],
    # auxiliaries and pronouns stay as written: the pack's negation, hedging and dismissal read them
    lemma=lemmatizer("en", keep=["is", "are", "was", "were", "been", "being", "has", "have", "had", "does", "did",
                                 "its", "their", "his", "her", "this", "these", "those", "us", "less"],
                     progressive=["is", "are", "was", "were", "be", "been", "am", "not", "now", "still"],
                     irregular={"gone": "go"}),
    # Before the verb of saying, a time that makes it a recalled saying, not the news ("three
    # weeks ago you said", "had until now said").
    recalled=[r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|\d+|a few|several"
              r"|some) (?:days?|weeks?|fortnights?|months?|years?) ago", r"a fortnight ago", r"until now",
              r"at the time", r"back then", r"previously",
              r"(?:back )?in (?:1[89]|20)\d\d"],  # "Back in 2019, the ministry agreed ...": another year's
    recalled_auxiliary=[r"had"],
    recalled_fronted=[r"last (?:week|month|year|spring|summer|autumn|fall|winter)(?!'s)"],
    recalled_after=[r"in (?:january|february|march|april|may|june|july|august|september|october|november|december)"
                    r"(?!\s+\d)", r"last (?:week|month|year|spring|summer|autumn|fall|winter)",
                    r"for (?:days|weeks|months|years)", r"(?:a|one|two|three|four|five|six|\d+|a few|several) "
                    r"(?:days?|weeks?|months?|years?) ago", r"at the time", r"back then", r"before"],
    recalled_span=[r"spen(?:d|ds|t|ding)"],
    speculation=[r"not rule out", r"n't rule out", r"(?:refus|declin)(?:e|es|ed|ing) to rule out", r"might", r"(?<!mid-)(?<!\bin )(?<!\d )may(?! \d)",
                 r"suspected", r"presumed", r"purported", r"potential", r"could", r"possibly", r"perhaps", r"maybe"],
    asked=[r"ask(?:ed|s)? (?:[\w']+ ){0,3}?(?:whether|if)"],
    answer_yes=[r"yes", r"yeah", r"absolutely", r"certainly", r"definitely", r"of course", r"indeed", r"sure",
                r"(?:yes )?(?:they|it|he|she|we|i|you) (?:are|is|was|were|will|would|do|does|did|can|could|have|has|had"
                r"|should|must)"],
    answer_no=[r"no", r"not at all", r"(?:absolutely|certainly|definitely|of course|surely) not", r"never", r"no way",
               r"(?:no )?(?:they|it|he|she|we|i|you) (?:are|is|was|were|will|would|do|does|did|can|could|have|has|had"
               r"|should|must)(?: not|n't)",
               r"(?:no )?(?:they|it|he|she|we|i|you) (?:aren't|isn't|wasn't|weren't|won't|wouldn't|don't|doesn't|didn't"
               r"|can't|couldn't|haven't|hasn't|shouldn't)"],
    auxiliary=[r"are", r"is", r"was", r"were", r"will", r"would", r"do", r"does", r"did", r"can", r"could", r"should",
               r"must", r"has", r"have", r"had"],
    how_many=[r"how many", r"how much", r"what number"],
    official_acts=[r"ordered", r"detained", r"withdrew", r"suspended", r"cleared", r"approved", r"banned", r"revoked",
                   r"voted (?:to|for|against)", r"ruled", r"fined", r"grounded", r"lifted", r"terminated",
                   r"annulled", r"overturned", r"upheld", r"imposed", r"barred",
                   r"cut", r"raised", r"lowered", r"reduced", r"increased", r"shortened", r"extended", r"halved",
                   r"lengthened", r"trimmed"],
    changing_acts=[r"cut", r"raised", r"lowered", r"reduced", r"increased", r"shortened", r"extended", r"halved",
                   r"lengthened", r"trimmed"],
    change_marks=[r"to", r"from", r"by"],
    change_level=[r"to"],
    release_acts=[r"cleared", r"lifted", r"released", r"allowed"],
    act_increment=[r"more(?! than)", r"further", r"another", r"additional", r"extra"],
    act_remainder=[r"leaving", r"so", r"so that", r"bringing", r"with (?:\w+ )?(?:still )?remaining"],
    count_ref=[r"the (?:real |true |actual |official |correct )?(?:number|figure|count|total|tally)(?! of)"],
    claim_ref=[r"(?:the|this|that|these|those|such|his|her|their|its) (?:claims?|allegations?|accusations?|charges?"
               r"|suggestions?|assertions?)", r"it", r"this", r"that", r"them"],
    reaction_nouns=[r"rulings?", r"decisions?", r"judg(?:e)?ments?", r"verdicts?", r"move", r"steps?", r"u-turn",
                    r"reversal", r"announcement", r"recommendations?"],
    reaction_backing=[r"welcom(?:e|es|ed|ing)", r"hail(?:s|ed|ing)?", r"prais(?:e|es|ed|ing)", r"applaud(?:s|ed|ing)?",
                      r"endors(?:e|es|ed|ing)", r"back(?:s|ed|ing)?", r"accept(?:s|ed|ing)?", r"celebrat(?:e|es|ed|ing)"],
    reaction_opposing=[r"criticis(?:e|es|ed|ing)", r"criticiz(?:e|es|ed|ing)", r"condemn(?:s|ed|ing)?",
                       r"regret(?:s|ted|ting)?", r"deplor(?:e|es|ed|ing)", r"denounc(?:e|es|ed|ing)",
                       r"lament(?:s|ed|ing)?", r"attack(?:s|ed|ing)?", r"slam(?:s|med|ming)?",
                       r"reject(?:s|ed|ing)?", r"contest(?:s|ed|ing)?", r"challeng(?:e|es|ed|ing)",
                       r"appeal(?:s|ed|ing)?(?: against)?"],
    reaction_calling=[r"call(?:s|ed|ing)?", r"describ(?:e|es|ed|ing)", r"brand(?:s|ed|ing)?", r"term(?:s|ed|ing)?"],
    reaction_praise=[r"victory", r"win", r"right (?:one|decision|call|step|thing)", r"welcome", r"step forward",
                     r"step in the right direction", r"(?:important|good|positive|big|major|first) step", r"good news",
                     r"sensible", r"fair", r"milestone", r"vindication", r"breakthrough", r"triumph"],
    reaction_blame=[r"betrayal", r"disgrace", r"scandal(?:ous)?", r"mistake", r"outrage(?:ous)?", r"wrong (?:one|decision|call)",
                    r"shameful", r"absurd", r"travesty", r"blow", r"setback", r"injustice", r"disappointing",
                    r"insult", r"dark day", r"slap in the face", r"disaster"],
    question=[r"(?:know|knew|knows|sure|certain|clear) (?:\w+ )?(?:whether|if)\b", r"(?:reveal|disclos|explain|find out|establish|determin|investigat|check|examin|look into|decid|assess|consider"
              r"|weigh|review|judg)\w* (?:[\w-]+ ){0,3}?whether",
              r"to know (?:whether|if|why|how|who|what|when)", r"ask(?:s|ed|ing)? (?:\w+ ){1,4}?(?:whether|if)\b",
              r"ask(?:s|ed|ing)? (?:whether|if|why|how|who|what|when)", r"wonder(?:s|ed|ing)? (?:whether|if|why|how)",
              r"question(?:s|ed|ing)? (?:whether|if|why)", r"(?:it is|it remains|it was) (?:unclear|not clear) (?:whether|if)"],
    thousand=[r"thousand", r"k"],
    million=[r"million", r"mn", r"m"],
    billion=[r"billion", r"bn"],
    number_words={"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                  "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                  "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
                  "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                  "a hundred": 100, "hundred": 100, "a dozen": 12, "dozen": 12, "half a": 0.5, "a": 1,
                  "a quarter of a": 0.25, "quarter of a": 0.25, "three quarters of a": 0.75},
    hundred_and=[r"and"],
    decimal_point=[r"point"],
    fractions={"and a half": 0.5, "and a quarter": 0.25, "and three quarters": 0.75},
    per_unit=[r"per", r"a", r"an", r"each", r"every"],
    approximate=[r"about", r"around", r"some", r"roughly", r"approximately", r"approx\.?", r"nearly", r"almost",
                 r"close to", r"up to", r"more than", r"over", r"at least", r"fewer than", r"less than", r"under",
                 r"an estimated", r"estimated", r"as many as", r"upwards of", r"just over", r"just under", r"c\.",
                 r"circa", r"well over", r"some \d+", r"closer to", r"in the region of", r"in excess of", r"north of",
                 r"no fewer than", r"no more than", r"at most", r"a maximum of", r"as few as"],
    vague_amount=[r"tens of thousands", r"hundreds of thousands", r"thousands", r"hundreds", r"dozens", r"millions",
                  r"scores", r"several thousand", r"a few thousand", r"many thousands?",
                  r"(?:several|a few|a couple of|many|some) (?:hundreds?|dozens?)"],
    range_open=[r"between"],
    range_from=[r"from"],
    refuted=[r"not", r"rather than", r"instead of"],
    # "is not a limit", "was not enough"; not "is not too much", "is not unreasonable" (it is the figure, said twice negated)
    refuted_after=[r"(?:(?:is|was|are|were)(?: not|n't)|(?:would|will)(?: not|n't) be|won't be) (?!(?:too|so|un\w+|im\w+|negotiable|up for|open to|going to|about to)\b)",
                   # "sixteen is sixteen too many", "20 is far too high"
                   r"(?:is|was|are|were|would be|will be) (?:(?!not\b|never\b)[\w-]+ )?(?:far |way |much |a few |a lot )?too (?:many|much|high|low|few|little)"],
    zero_count=[r"zero", r"no", r"not (?:a|one) single", r"not one", r"not even one", r"not a single"],
    not_a_figure=[r"%", r"per ?cent", r"percent", r"pct", r"percentage points?", r"years?", r"months?", r"weeks?",
                  r"days?", r"nights?", r"hours?", r"minutes?", r"seconds?", r"times", r"km", r"kilomet(?:re|er)s?",
                  r"met(?:re|er)s?", r"miles?", r"feet", r"kg", r"kilos?", r"grams?", r"lit(?:re|er)s?", r"hectares?",
                  r"acres?", r"degrees?", r"decibels?", r"db", r"euros?", r"dollars?", r"pounds?"],
    day_anchor=[r"on the eve", r"the eve of", r"the day before", r"the previous day", r"yesterday",
                r"last (?:week|month|year|night|spring|summer|autumn|fall|winter)",
                r"(?:on |last |this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
                r"(?: (?:morning|evening|night|afternoon))?",
                r"\d{1,2} (?:january|february|march|april|may|june|july|august|september|october|november|december)",
                r"(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}"],
    # A figure of another time than the story's event ("last year, 3,000 ...").
    elsewhen=[r"last year", r"(?:a|one|two|three|\d+) years? ago", r"the previous year",
              r"the year before", r"a year earlier"],
    # "three, at most four", "40 up to 45", "five or six": the second figure is the high one
    range_join=[r"and", r"to", r"-", "\u2013", "\u2014", r"or", r"up to", r",? at (?:the )?most,?",
                r",? (?:perhaps|maybe|possibly|or even|even),?"],
    partitive=[r"of", r"out of"],
    proportion=[r"in"],
    comparison=[r"compared (?:with|to)", r"up from", r"down from", r"against", r"versus", r"vs\.?", r"than",
                r"from"],
    whole_count=[r"all", r"all of (?:its|their|the)"],
    plural_noun=r"[a-z][\w-]*[^s\W]s|people|(?:wo)?men|children|staff|personnel",  # "nine people had died"
    linking=[r"are", r"were", r"is", r"was", r"have", r"has", r"had", r"been", r"be", r"now", r"still", r"already",
             r"will", r"would"],
    count_head=[r"(?:number|total|tally|count|toll|figure)(?: [^,.;:]{0,40}?)? (?:to|at|now at|is|was|stands at|stood at)",
                r"a total of", r"(?:rose|risen|rising|fell|fallen|falling|climbed|dropped|increased|decreased|grew|grown"
                r"|went up|went down|was cut|were cut|been cut) to"],
    # figures that are no count of the question's unit (rules/2 figures)
    figure_fraction_part=[r"half", r"halves", r"thirds?", r"quarters?", r"fifths?", r"sixths?", r"sevenths?", r"eighths?",
                          r"ninths?", r"tenths?"],
    figure_unit_conversions={"months": [(r"years?", 12)], "weeks": [(r"years?", 52)], "days": [(r"weeks?", 7), (r"months?", 30)],
                             "hours": [(r"days?", 24)], "minutes": [(r"hours?", 60)], "years": [(r"months?", 1 / 12)]},
    figure_increment=[r"more", r"additional", r"extra", r"further"],
    figure_so_far=[r"(?:has|have|had) (?:now |already )?(?:been|lasted|run)(?: (?:in force|in place|in effect|running|on|under way))? for"],
    figure_guessed=[r"(?:could|might|may) (?:yet |still |well )?(?:rise|climb|grow|increase|reach|go up|top|exceed|double)"],
    figure_judged_against=[r"too (?:long|short|high|low|much|little|harsh|lenient|big|small|many|few)"],
    figure_unit_synonyms={"people": [r"persons", r"lives", r"victims", r"bodies", r"dead", r"deaths", r"fatalities"]},
    figure_age_after=[r"old", r"of age"],
    figure_rank_label=[r"number", r"no\.", r"#", r"batch", r"lot", r"model", r"flight", r"route", r"line", r"bus",
                       r"platform", r"gate", r"room", r"ward", r"article", r"section", r"clause", r"chapter",
                       r"page", r"case", r"bill", r"directive", r"regulation", r"resolution"],
    figure_currency_names={"£": r"pounds?|sterling", "$": r"dollars?", "€": r"euros?", "¥": r"yen|yuan"},
    figure_vote_verbs=[r"vot(?:e|es|ed|ing)", r"reject(?:s|ed|ing)?", r"approv(?:e|es|ed|ing)", r"back(?:s|ed|ing)?",
                       r"ratif(?:y|ies|ied|ying)", r"endors(?:e|es|ed|ing)", r"accept(?:s|ed|ing)?",
                       r"(?:was|were) (?:passed|carried|defeated|rejected|approved|backed)", r"cast (?:their )?ballots"],
    figure_designation_article=[r"the"],
    # the content is read lower-cased, so "may" too: "may 13 people" is rare beside "May 13"
    figure_percent_words=[r"%", r"per ?cent", r"percent", r"pct"],
    figure_rate_per=[r"for (?:each|every)"],
    figure_level_head=[r"put(?:s|ting)?", r"plac(?:e|es|ed|ing)", r"estimat(?:e|es|ed|ing)", r"cut(?:s|ting)?",
                       r"(?:rais|lower|revis|updat|reduc|increas)(?:e|es|ed|ing)", r"correct(?:s|ed|ing)?",
                       r"cap(?:s|ped|ping)?"],
    figure_level_mark=[r"at", r"to"],
    figure_owner_nouns=[r"figures?", r"counts?", r"tall(?:y|ies)", r"estimates?", r"tolls?", r"totals?"],
    figure_own_owner=[r"its", r"their", r"our", r"his", r"her", r"my", r"your", r"own"],
    figure_owner_accepted=[r"accept(?:s|ed|ing)?", r"back(?:s|ed|ing)?", r"endors(?:e|es|ed|ing)", r"adopt(?:s|ed|ing)?",
                           r"us(?:e|es|ed|ing)", r"agree(?:s|d)? with", r"confirm(?:s|ed|ing)?", r"st(?:and|ands|ood) by",
                           r"accept(?:s|ed)? as correct"],
    figure_each=[r"every", r"each"],
    figure_other_part=[r"the other", r"the remaining", r"the rest of the"],
    figure_other_event=[r"died", r"dead", r"killed", r"(?:remain(?:s|ed)?|stay(?:s|ed)?) in hospital",
                        r"(?:been |were )?discharged"],
    # where what a denial opening the content holds ends: "dismissed the offer and said 20 km was needed"
    figure_denial_end=[r",", r";", r"and", r"but", r"while", r"whereas"],
    # a clause set off by a comma that tells of something the content names, in the reporter's
    # background: "the flooding of Haltwick, in which nine people died", "the outbreak, which has
    # grown to 96 cases", "..., as the number of cases rose to 29"
    figure_background_clause=[r", (?:in|during|at|from|after|since) which", r", which (?:has|had|have)",
                              r", as (?:the|its|their)",
                              # "..., with Dresk offering 10 km and the rebels demanding 15": others' moves
                              r"(?:^|,)\s*with (?:[\w'-]+\s+){1,4}?[a-z]+ing"],
    figure_level_left=[r"from"],  # "cut the ceiling to 3,400 marks from 4,200": the level it left
    # a sum of another thing than the one asked: "the city's 90 million vald loan", "a contingency
    # of twelve million", "would lend the club ninety million" (unless the question's words name it)
    figure_sum_nouns=[r"loans?", r"funds?", r"contingenc(?:y|ies)", r"grants?", r"bonds?", r"debts?", r"profits?",
                      r"loss(?:es)?", r"revenues?", r"earnings", r"turnover", r"salar(?:y|ies)", r"bonus(?:es)?",
                      r"dividends?", r"reserves?", r"deficits?"],
    figure_sum_verbs=[r"lend(?:s|ing)?", r"lent", r"earn(?:s|ed|ing)?", r"los(?:e|es|ing)", r"lost",
                      r"borrow(?:s|ed|ing)?"],  # not "owed": what is owed is the sum asked
    figure_modal=[r"should", r"must", r"ought to", r"could", r"can", r"may", r"might", r"shall"],
    figure_said_is=[r"is", r"is now", r"now is", r"stands at", r"now stands at", r"remains", r"remains at"],
    figure_definite=[r"the", r"those", r"these", r"all", r"all the", r"all of the", r"all of those"],
    figure_sum_purpose=[r"for", r"towards?"],  # not "into": "putting 10 million into a fund for the households"
    figure_money_verbs=[r"fined", r"fines?", r"fining", r"pa(?:y|ys|id|ying)", r"charg(?:e|es|ed|ing)", r"cost(?:s|ing)?",
                        r"spen(?:d|ds|t|ding)", r"invest(?:s|ed|ing)?", r"award(?:s|ed|ing)?"],
    figure_money_nouns=[r"fines?", r"penalt(?:y|ies)", r"damages", r"compensation", r"payments?", r"sums?", r"costs?",
                        r"budgets?", r"investments?"],
    figure_not_done=[r"fail(?:s|ed|ing)? to", r"neglect(?:s|ed|ing)? to", r"omit(?:s|ted|ting)? to"],
    figure_month_before=[r"January", r"February", r"March", r"April", r"May", r"June", r"July", r"August",
                         r"September", r"October", r"November", r"December",
                         r"(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"],
    # positions on real prose (rules/2 positions)
    position_manner_adverbs=[r"immediately", r"automatically", r"necessarily", r"instantly", r"straight away",
                             r"right away", r"at once"],  # not "yet": "is not yet safe" says it is not
    position_time_after=[r"until", r"till", r"before (?:the )?(?:end|next|january|february|march|april|may|june"
                         r"|july|august|september|october|november|december|\d)"],
    position_prevention=[r"(?:(?:protect|prevent|keep|shield|guard|safeguard)(?:s|ed|ing)?|kept|stop(?:s|ped|ping)?) (?:[\w'-]+ ){0,4}?from",
                         r"(?:prevent|avoid|avert)(?:s|ed|ing)?", r"so as not to"],
    position_degree_narrowing=[r"partial", r"limited", r"partly", r"half", r"watered[- ]down", r"scaled[- ](?:back|down)",
                               r"softening of(?: the)?"],
    position_reversal_subject=[r"reversal", r"reversing", r"climb-?down", r"about-?turn", r"retreat", r"ending",
                               r"scrapping", r"dropping", r"abandoning", r"abandonment", r"axing", r"repeal(?:ing)?",
                               r"withdrawing", r"undoing"],
    position_copula=[r"is", r"was", r"are", r"were", r"(?:would|will|could|might) be", r"(?:has|had|have) been",
                     r"remains?"],
    position_normative_question=[r"should", r"ought", r"must"],
    position_caused=[r"caus(?:e|es|ed|ing)", r"led to", r"leads? to", r"result(?:s|ed)? in", r"trigger(?:s|ed)?",
                     r"brought about", r"sparked"],
    position_open_question=[r"whether"],
    position_lesser_dismissed=[r"(?:is|was|are|were|would be|will be|remains?) (?:still |just |simply |only |also )?\"?"
                               r"(?:the same|another|just as much an?|also an?) (?:\w+ )?(?:mistake|error|blunder|injustice)"],
    position_lesser_as_whole=[r"(?:is|are|was|were|remains?) still an?"],
    position_negators=[r"unlikely to"],
    position_majority_hedge=[r"most of", r"mostly", r"largely", r"the bulk of", r"the majority of"],
    position_none_subject=[r"nothing", r"none"],
    position_evidence_verbs=[r"points?(?: to)?", r"pointing(?: to)?", r"suggests?", r"suggesting", r"indicates?",
                             r"indicating", r"shows?", r"showing", r"proves?", r"links?(?: to)?", r"linking(?: to)?"],
    # positions with no cue: the question read from its own words (rules/2 claims, proposals)
    question_noun_prepositions=["through", "near", "across", "along", "around", "outside", "inside", "beyond", "via",
                                "past", "alongside"],
    proposal_bringing=["deploy", "station", "install", "appoint", "establish"],
    claim_failing=["miss", "neglect", "fail", "ignore", "overlook"],
    claim_duty_done=[r"(?:do|did) (?:its|their|his|her|our|my) (?:job|duty|work)",
                     r"act (?:properly|correctly|appropriately|responsibly|promptly|in time)",
                     r"fulfil+ (?:its|their|his|her|our|my) (?:duty|duties|obligations?|mandate)"],
    # --- who said it (rules/2): requests (the last patterns of `wanting_said`) and others --
    request_to_body=_REQUEST_TO_BODY,
    request_to_name=_REQUEST_TO_NAME,
    person_pronouns=[r"he", r"she"],
    government_names=[r"(?:The )?Government of (?P<place>[A-Z][\w\-]+)"],
    cleft_said=[r"(?:is|was|are|were|remains?) (?:exactly |precisely |just )?what"],
    # caps, costs and other things' figures; acts judged, durations, background (rules/2 figures, positions)
    figure_cap_words=[r"cap(?:s|ped|ping)?", r"limit(?:s|ed|ing)?", r"ceilings?", r"quotas?", r"maximum",
                      r"allowances?"],
    figure_plan_modal=[r"will", r"would"],
    figure_similar=[r"similar", r"comparable"],
    figure_cost_verbs=[r"cost(?:s|ing)?"],
    figure_kept=[r"(?:to )?(?:stay|remain|survive)(?:s|ed|ing)?", r"(?:to )?(?:be )?(?:kept|spared|retained|saved)"],
    figure_keeping=[r"keep(?:s|ing)?", r"kept", r"retain(?:s|ed|ing)?", r"spar(?:e|es|ed|ing)", r"sav(?:e|es|ed|ing)"],
    figure_any_noun=["people", "persons"],
    figure_whole_of=[r"all", r"all of (?:its|their|the|our)",
                     r"(?:each|every|any|none|most|some|many|several|half|both|either|neither) (?:out )?of (?:its|their|the|our)"],
    figure_consequence=[r"wip(?:e|es|ed|ing) out", r"destroy(?:s|ed|ing)?", r"eliminat(?:e|es|ed|ing)", r"cost(?:s|ing)?",
                        r"kill(?:s|ed|ing)?", r"threaten(?:s|ed|ing)?", r"(?:put|puts|putting) at risk",
                        r"(?:lead|leads|led|mean|means|meant) the loss of"],
    # a figure however the statement puts it (rules/2 figures and answers, round 13)
    figure_count_tail=[r"(?:as|is|was|are|were|will be|would be|remains?) (?:the|its|their|our|his|her) (?:[\w-]+ )?"
                       r"(?:number|total|count|tally|toll|figure)(?!\w)"],
    figure_subject_level=[r"(?:capped|set|fixed|pegged|held|limited|put|estimated|amounts?|amounted|comes?|came"
                          r"|stands?|stood) (?:at|to)"],
    how_many_nouns=[r"(?:number|figure|total|count|tally|toll) (?:of|for)"],
    position_infinitive_subject=[r"to"],
    position_duration_verbs=[r"stay(?:s|ed|ing)?", r"remain(?:s|ed|ing)?", r"last(?:s|ed|ing)?",
                             r"continu(?:e|es|ed|ing)", r"go(?:es)? on", r"in (?:force|place)"],
    position_duration_condition=[r"as long as"],
    position_relative_dated=[r"on", r"in"],
    position_denial_as=[r"as"],
    position_exception=[r"(?:will|would|shall|should|must|can|could|may|might) otherwise"],
    frame_unfounded=[r"(?:no|little|not (?:any|a|the slightest)) (?:grounds?|reasons?|need|case|basis|cause|justification"
                     r"|evidence|signs?|proof|indication)(?: (?:whatsoever|at all))? (?:for|to|of|that)",
                     r"nothing to (?:suggest|show|indicate|support)"],
    frame_reach=6,
    frame_stops=[r"and", r"or", r"nor", r"than", r"instead", r"rather", r"without", r"except", r"besides", r"unlike",
                 r"by"],  # "backed by a guarantee": no backing of the speaker's
    frame_infinitive=["to"],
    normalize=fold,
    sentence_abbreviations=["Mr", "Mrs", "Ms", "Dr", "Prof", "Gen", "Col", "Lt", "Sgt", "Capt", "Gov", "Sen",
                            "Rep", "St", "approx", "est", "No", "vs", "Jan", "Feb", "Aug", "Sept", "Oct",
                            "Nov", "Dec", "Inc", "Ltd", "Co", "Corp"],
)
