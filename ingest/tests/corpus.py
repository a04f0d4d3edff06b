"""A synthetic corpus on ingest's test story (INGEST in ledger/tests/factories.py): many articles whose
sentences differ enough not to be wire copies of each other, plus real wire copies.
Used by the worker tests and by bench/ingest.py."""
import json
import random
from datetime import date, timedelta

WORDS = ("river bridge council market winter budget harbour railway museum tunnel station garden "
         "factory village tower airport library stadium clinic school orchard highway festival "
         "theatre quarry canal mill bakery vineyard forest glacier island valley meadow lighthouse").split()
OUTLETS = ["danas", "beta", "rts"]
STATEMENTS = [
    "The Interior Ministry said on {d} that the police have an LRAD near the {w1} {w2}.",
    "The Interior Minister insisted that the police do not have a sound cannon at the {w1} {w2}.",
    "The students said a sound cannon was used by the {w1} {w2} on {d}.",
    "A student spokesperson told reporters that no acoustic device was used near the {w1} {w2}.",
    "The Archive of Public Gatherings estimated that {n:,} people came to the {w1} {w2}.",
    "According to the students, {n:,} people walked past the {w1} {w2} on {d}.",
]
BACKGROUND = [
    "The {w1} {w2} was closed for {k} hours on {d}.",
    "Residents near the {w1} said the {w2} had been quiet for {k} days.",
    "Officials inspected the {w1} and the {w2} in the morning.",
]


def _fill(rng, template, day):
    w = rng.sample(WORDS, 2)
    return template.format(d=day.strftime("%d %B"), w1=f"{w[0]} {rng.choice(WORDS)}", w2=f"{w[1]} no. {rng.randrange(10**6)}",
                           n=rng.randrange(20, 400) * 1000, k=rng.randrange(2, 90))


def articles(n: int, *, seed: int = 1, start=date(2025, 3, 1), days: int = 60, copies: float = 0.1):
    """n article dicts (a share of them wire copies of the article before, same day)."""
    rng = random.Random(seed)
    previous = None
    for i in range(n):
        day = start + timedelta(days=i * days // max(1, n))
        outlet = OUTLETS[i % len(OUTLETS)]
        if previous is not None and rng.random() < copies:
            text = previous["text"]
        else:
            paragraphs = []
            for _ in range(rng.randrange(2, 5)):
                kinds = [STATEMENTS if rng.random() < 0.5 else BACKGROUND for _ in range(rng.randrange(2, 4))]
                paragraphs.append(" ".join(_fill(rng, rng.choice(k), day) for k in kinds))
            text = "\n\n".join(paragraphs)
        line = {"url": f"https://{outlet}.example/{seed}/{i}", "outlet": outlet,
                "published_at": f"{day.isoformat()}T{8 + i % 12:02d}:{i % 60:02d}:00+01:00",
                "title": f"Article {i}", "text": text, "live_blog": i % 50 == 0}
        previous = line
        yield line


def write(path, n: int, **kwargs):
    with open(path, "w", encoding="utf-8") as out:
        for line in articles(n, **kwargs):
            out.write(json.dumps(line) + "\n")
    return path
