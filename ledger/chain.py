"""The hash chain that makes the ledger tamper-evident.

Each story's records and retractions form one chain ordered by `seq` (1, 2, 3 ...). An
entry's hash is SHA-256 over the previous entry's hash and the entry's canonical content, so
an edited field, a deleted or swapped row, or a cut tail (the chain head remembers the last
entry, and every verification the entry it ended at) all show when the chain is recomputed.

What an entry's hash covers is its `hash_version`:
- 1 (entries written before version 2): the row's own columns, its foreign keys as ids.
- 2: what the entry means as well: its own id; the keys of its actor, question, outlet and
  `via` outlet; its excerpt's text, its article's URL and the SHA-256 of the article's text;
  a retraction the id and hash of the record it retracts. Swapped ids, swapped keys, an
  edited excerpt or article all break the chain.
Old entries keep the hash they were written with; along a chain the version never goes
back, so an entry cannot be rewritten under the weaker version once a stronger one exists.
"""
import hashlib
import heapq
import json
from dataclasses import dataclass
from types import SimpleNamespace

from django.db import connection, transaction

GENESIS = "0" * 64
HASH_VERSION = 2


def _number(value):
    return None if value is None else repr(float(value))


@dataclass(frozen=True)
class Evidence:
    """What a record points to, as its version-2 hash covers it."""

    actor: str
    question: str
    outlet: str | None
    via: str | None
    excerpt_text: str | None
    article_url: str | None
    article_sha256: str | None


def record_content(record, evidence: Evidence | None = None) -> dict:
    content = {
        "kind": "record",
        "story": record.story_id,
        "seq": record.seq,
        "actor": record.actor_id,
        "question": record.question_id,
        "position": record.position,
        "value": _number(record.value),
        "reported_on": record.reported_on.isoformat(),
        "outlet": record.outlet_id,
        "outlets": list(record.outlets),
        "url": record.url,
        "quote": record.quote,
        "excerpt": record.excerpt_id,
        "extractor": record.extractor,
        "confidence": _number(record.confidence),
        "recorded_at": record.recorded_at.isoformat(),
    }
    if record.hash_version == 1:
        # Fields added after version 1 were hashed only when set.
        return {**content,
                **({"via": record.via_id} if record.via_id is not None else {}),
                **({"value_high": _number(record.value_high)} if record.value_high is not None else {}),
                **({"rationale": record.rationale} if record.rationale else {})}
    content.update({"v": record.hash_version, "id": record.id, "via": record.via_id,
                    "value_high": _number(record.value_high), "rationale": record.rationale,
                    "actor_key": evidence.actor, "question_key": evidence.question, "outlet_key": evidence.outlet,
                    "via_key": evidence.via, "excerpt_text": evidence.excerpt_text, "article_url": evidence.article_url,
                    "article_sha256": evidence.article_sha256})
    return content


def retraction_content(retraction, record_hash: str | None = None) -> dict:
    content = {
        "kind": "retraction",
        "story": retraction.story_id,
        "seq": retraction.seq,
        "record": retraction.record_id,
        "reason": retraction.reason,
        "retracted_by": retraction.retracted_by,
        "recorded_at": retraction.recorded_at.isoformat(),
    }
    if retraction.hash_version == 1:
        return content
    return {**content, "v": retraction.hash_version, "id": retraction.id, "record_hash": record_hash}


def entry_hash(prev_hash: str, content: dict) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((prev_hash + canonical).encode("utf-8")).hexdigest()


# --- writing -----------------------------------------------------------------------------

# Each article's text is hashed once, however many of the excerpts come from it.
EXCERPT_EVIDENCE_SQL = """
WITH e AS (SELECT id, text, article_id FROM ledger_excerpt WHERE id = ANY(%s)),
     a AS (SELECT id, url, encode(sha256(convert_to(text, 'UTF8')), 'hex') AS sha256
           FROM ledger_article WHERE id IN (SELECT article_id FROM e))
SELECT e.id, e.text, a.url, a.sha256 FROM e JOIN a ON a.id = e.article_id
"""


def excerpts_evidence(excerpt_ids) -> dict[int, tuple[str, str, str]]:
    """(excerpt text, article URL, SHA-256 of the article's text) by excerpt id."""
    if not excerpt_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(EXCERPT_EVIDENCE_SQL, [list(excerpt_ids)])
        return {row[0]: row[1:] for row in cursor.fetchall()}


def evidence_of(draft, excerpts: dict) -> Evidence:
    text, url, sha = excerpts.get(draft.excerpt_id, (None, None, None))
    return Evidence(draft.actor.key, draft.question.key, draft.outlet.key if draft.outlet else None,
                    draft.via.key if draft.via else None, text, url, sha)


# --- verifying ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainBreak:
    seq: int
    entry: str  # "record 17" / "retraction 3" / "chain head"
    problem: str

    def __str__(self):
        return f"{self.entry} (seq {self.seq}): {self.problem}"


RECORD_COLUMNS = ("id", "seq", "hash_version", "prev_hash", "hash", "story_id", "actor_id", "question_id", "position",
                  "value", "value_high", "reported_on", "outlet_id", "via_id", "outlets", "url", "quote",
                  "excerpt_id", "extractor", "confidence", "rationale", "recorded_at")
# Each article a record points to is hashed once (a story has far fewer articles than records).
RECORDS_SQL = "WITH a AS MATERIALIZED (" + """
    SELECT id, url, encode(sha256(convert_to(text, 'UTF8')), 'hex') AS sha256 FROM ledger_article
    WHERE id IN (SELECT e.article_id FROM ledger_stancerecord r JOIN ledger_excerpt e ON e.id = r.excerpt_id
                 WHERE r.story_id = %(story)s))
SELECT """ + ", ".join(f"r.{c}" for c in RECORD_COLUMNS) + """,
       ac.key, q.key, o.key, v.key, e.text, a.url, a.sha256
FROM ledger_stancerecord r
LEFT JOIN ledger_actor ac ON ac.id = r.actor_id
LEFT JOIN ledger_question q ON q.id = r.question_id
LEFT JOIN ledger_outlet o ON o.id = r.outlet_id
LEFT JOIN ledger_outlet v ON v.id = r.via_id
LEFT JOIN ledger_excerpt e ON e.id = r.excerpt_id
LEFT JOIN a ON a.id = e.article_id
WHERE r.story_id = %(story)s ORDER BY r.seq
"""
RETRACTION_COLUMNS = ("id", "seq", "hash_version", "prev_hash", "hash", "story_id", "record_id", "reason",
                      "retracted_by", "recorded_at")
RETRACTIONS_SQL = "SELECT " + ", ".join(f"x.{c}" for c in RETRACTION_COLUMNS) + """, r.hash
FROM ledger_retraction x LEFT JOIN ledger_stancerecord r ON r.id = x.record_id
WHERE x.story_id = %(story)s ORDER BY x.seq
"""


def _stream(sql: str, story_id: int):
    cursor = connection.chunked_cursor()
    cursor.execute(sql, {"story": story_id})
    while rows := cursor.fetchmany(5000):
        yield from rows
    cursor.close()


def _records(story_id: int):
    n = len(RECORD_COLUMNS)
    for row in _stream(RECORDS_SQL, story_id):
        r = SimpleNamespace(**dict(zip(RECORD_COLUMNS, row[:n])))
        yield r.seq, f"record {r.id}", r, record_content(r, Evidence(*row[n:]))


def _retractions(story_id: int):
    n = len(RETRACTION_COLUMNS)
    for row in _stream(RETRACTIONS_SQL, story_id):
        x = SimpleNamespace(**dict(zip(RETRACTION_COLUMNS, row[:n])))
        yield x.seq, f"retraction {x.id}", x, retraction_content(x, row[n])


def chain_verify(story, *, known_heads=()) -> ChainBreak | None:
    """Recompute the story's chain; return its first break, or None when it is whole.
    `known_heads`: (seq, hash) pairs the chain is known to have passed through (heads noted
    by earlier verifications, or kept outside the database): a chain cut and re-headed
    before one of them shows."""
    from .models import ChainHead

    known = dict(known_heads)
    with transaction.atomic():  # a server-side cursor lives in a transaction
        entries = heapq.merge(_records(story.id), _retractions(story.id), key=lambda e: e[0])
        expected_seq, prev, version = 1, GENESIS, 1
        for seq, name, entry, content in entries:
            if seq != expected_seq:
                return ChainBreak(expected_seq, name, f"entry {expected_seq} is missing (found seq {seq})")
            if entry.prev_hash != prev:
                return ChainBreak(seq, name, "does not follow the entry before it (prev_hash differs)")
            if entry.hash_version < version:
                return ChainBreak(seq, name, f"hash version {entry.hash_version} after version {version}")
            if entry_hash(prev, content) != entry.hash:
                return ChainBreak(seq, name, "does not match its hash: the row, the keys or ids it names, "
                                             "or its excerpt or article were edited")
            if seq in known and known[seq] != entry.hash:
                return ChainBreak(seq, name, "differs from the entry verified earlier at this place")
            prev, expected_seq, version = entry.hash, expected_seq + 1, entry.hash_version
    last = expected_seq - 1
    head = ChainHead.objects.filter(story=story).first()
    last_seq, last_hash = (head.last_seq, head.last_hash) if head else (0, GENESIS)
    if last_seq != last or last_hash != prev:
        return ChainBreak(expected_seq, "chain head",
                          f"the chain ends at seq {last} but the head says {last_seq}: entries are missing at the end")
    beyond = [seq for seq in known if seq > last]
    if beyond:
        return ChainBreak(last + 1, "chain head", f"the chain ends at seq {last} but it was verified up to seq "
                                                  f"{max(beyond)}: entries are missing at the end")
    return None
