"""The hash chain that makes the ledger tamper-evident.

Each story's records and retractions form one chain ordered by `seq` (1, 2, 3 ...). An
entry's hash is SHA-256 over the previous entry's hash and the entry's canonical content, so
an edited field, a deleted or swapped row, or a cut tail (the chain head remembers the last
entry) all show when the chain is recomputed.
"""
import hashlib
import json
from dataclasses import dataclass

GENESIS = "0" * 64


def _number(value):
    return None if value is None else repr(float(value))


def record_content(record) -> dict:
    return {
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
        # Fields added later are hashed only when set, so that entries written before them
        # keep the hash they were written with.
        **({"via": record.via_id} if record.via_id is not None else {}),
        **({"value_high": _number(record.value_high)} if record.value_high is not None else {}),
        **({"rationale": record.rationale} if record.rationale else {}),
    }


def retraction_content(retraction) -> dict:
    return {
        "kind": "retraction",
        "story": retraction.story_id,
        "seq": retraction.seq,
        "record": retraction.record_id,
        "reason": retraction.reason,
        "retracted_by": retraction.retracted_by,
        "recorded_at": retraction.recorded_at.isoformat(),
    }


def entry_hash(prev_hash: str, content: dict) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((prev_hash + canonical).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ChainBreak:
    seq: int
    entry: str  # "record 17" / "retraction 3" / "chain head"
    problem: str

    def __str__(self):
        return f"{self.entry} (seq {self.seq}): {self.problem}"


def chain_verify(story) -> ChainBreak | None:
    """Recompute the story's chain; return its first break, or None when it is whole."""
    from .models import ChainHead, Retraction, StanceRecord

    records = StanceRecord.objects.filter(story=story).order_by("seq").iterator(chunk_size=5000)
    retractions = Retraction.objects.filter(story=story).order_by("seq").iterator(chunk_size=5000)
    entries = _merge_by_seq(
        ((r.seq, f"record {r.id}", r, record_content(r)) for r in records),
        ((r.seq, f"retraction {r.id}", r, retraction_content(r)) for r in retractions),
    )
    expected_seq, prev = 1, GENESIS
    for seq, name, entry, content in entries:
        if seq != expected_seq:
            return ChainBreak(expected_seq, name, f"entry {expected_seq} is missing (found seq {seq})")
        if entry.prev_hash != prev:
            return ChainBreak(seq, name, "does not follow the entry before it (prev_hash differs)")
        if entry_hash(prev, content) != entry.hash:
            return ChainBreak(seq, name, "content does not match its hash (edited)")
        prev, expected_seq = entry.hash, expected_seq + 1
    head = ChainHead.objects.filter(story=story).first()
    last_seq, last_hash = (head.last_seq, head.last_hash) if head else (0, GENESIS)
    if last_seq != expected_seq - 1 or last_hash != prev:
        return ChainBreak(expected_seq, "chain head",
                          f"the chain ends at seq {expected_seq - 1} but the head says {last_seq}: entries are missing at the end")
    return None


def _merge_by_seq(a, b):
    import heapq

    return heapq.merge(a, b, key=lambda e: e[0])
