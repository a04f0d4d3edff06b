"""Verifying a story's ledger: the hash chain recomputed (with the heads earlier
verifications noted, so a tail cut together with the chain head shows) and the derived
periods folded again from the records. Each verification is kept, so a page can say when
the ledger was last found whole; the daily task runs it for every story."""
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from .chain import GENESIS, chain_verify
from .models import ChainHead, LedgerVerification, Story
from .periods import periods_differences


@dataclass
class Verification:
    story: Story
    last_seq: int
    last_hash: str
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def ledger_verify(story: Story, *, known_heads=()) -> Verification:
    """Verify the story's ledger and keep the verification. `known_heads`: (seq, hash) pairs
    kept outside the database; the heads of earlier passed verifications are added."""
    kept = LedgerVerification.objects.filter(story=story, ok=True).values_list("last_seq", "last_hash").distinct()
    heads = {**dict(kept), **dict(known_heads)}
    problems = []
    broken = chain_verify(story, known_heads=heads.items())
    if broken is not None:
        problems.append(f"ledger broken at {broken}")
    problems += [f"derived periods differ from the records: {d}" for d in periods_differences(story)]
    head = ChainHead.objects.filter(story=story).first()
    found = Verification(story, head.last_seq if head else 0, head.last_hash if head else GENESIS, problems)
    LedgerVerification.objects.create(story=story, verified_at=timezone.now(), last_seq=found.last_seq,
                                      last_hash=found.last_hash, ok=found.ok, problems=problems)
    return found


def ledger_verified_at(story: Story) -> datetime | None:
    """When the story's ledger was last verified and found whole (None: never)."""
    return (LedgerVerification.objects.filter(story=story, ok=True).order_by("-verified_at")
            .values_list("verified_at", flat=True).first())


def ledger_last_verification(story: Story | str) -> LedgerVerification | None:
    """The story's (or the story with this slug's) newest verification, whole or not."""
    where = {"story__slug": story} if isinstance(story, str) else {"story": story}
    return LedgerVerification.objects.filter(**where).order_by("-verified_at").first()
