"""Flips as they happen: webhooks (Standard Webhooks), delivered once per hook per flip.

A hook hears about flips confirmed after it was added: the flips already there when it is
added are written down as `before` (never sent). `flips_announce` compares each hook's
current flips (ledger.selectors.flips, at the hook's N) with the deliveries it has: a flip
with no delivery row gets one (the unique key (hook, flip) makes a second announcement of
the same flip a no-op, however many workers announce at once), and a task sends it.

Sending: a worker claims the row (pending -> sending, one conditional UPDATE), POSTs the
`flips/{id}` answer signed with the hook's secret, and marks it delivered. Every attempt
carries the same `webhook-id`, so a receiver that keeps the ids it has seen (as the
Standard Webhooks specification asks) acts on it once even if a worker died after the POST
and before writing the outcome; a claim no worker finished is taken again after
SOURCES_HOOK_STALE_SECONDS by the beat task (`deliveries_resume`). Failures are retried
with exponential backoff, SOURCES_HOOK_ATTEMPTS times in all, then marked failed.
"""
import logging
from datetime import timedelta

import httpx2
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from ledger.errors import LedgerError
from ledger.models import Story
from ledger.selectors import default_as_of, flip_get, flips

from .models import Delivery, Hook

log = logging.getLogger(__name__)


class HookError(LedgerError):
    pass


def hook_flip_ids(hook: Hook) -> list[str]:
    story = hook.story
    found = flips(story=story, as_of=default_as_of(story), confirm=hook.confirm or story.min_outlets,
                  questions=[hook.question] if hook.question_id else None, actor=hook.actor)
    return [change.id for _question, _actor, change in found]


@transaction.atomic
def hook_create(*, story: Story, url: str, question=None, actor=None, confirm: int | None = None, user=None) -> Hook:
    """Add a hook; the flips confirmed before it are marked `before` and never sent."""
    if not url.startswith(("http://", "https://")):
        raise HookError(f"a hook's URL must be http(s), not {url!r}")
    if confirm is not None and confirm < 1:
        raise HookError(f"confirm must be 1 or more, not {confirm!r}")
    hook = Hook.objects.create(story=story, url=url, question=question, actor=actor, confirm=confirm, created_by=user)
    Delivery.objects.bulk_create([Delivery(hook=hook, flip_id=i, status=Delivery.BEFORE) for i in hook_flip_ids(hook)],
                                 ignore_conflicts=True)
    return hook


def flips_announce(*, story: Story) -> int:
    """Queue a delivery for every flip a hook of the story has not had yet. Returns how many."""
    from .tasks import delivery_send_task

    queued = 0
    for hook in Hook.objects.filter(story=story, active=True).select_related("story", "question", "actor"):
        ids = hook_flip_ids(hook)
        if not ids:
            continue
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {Delivery._meta.db_table} (hook_id, flip_id, status, attempts, error, created_at) "
                "SELECT %s, unnest(%s::text[]), %s, 0, '', now() ON CONFLICT (hook_id, flip_id) DO NOTHING RETURNING id",
                [hook.pk, ids, Delivery.PENDING])
            for (delivery_id,) in cursor.fetchall():
                delivery_send_task.delay_on_commit(delivery_id)
                queued += 1
    return queued


def deliveries_resume(*, stale_seconds: float | None = None) -> int:
    """Send again what no worker finished: pending deliveries not claimed for a while (their
    message was lost) and claims older than the stale time (the worker died)."""
    from .tasks import delivery_send_task

    stale = timezone.now() - timedelta(seconds=stale_seconds if stale_seconds is not None
                                       else settings.SOURCES["HOOK_STALE_SECONDS"])
    ids = list(Delivery.objects.filter(
        Q(status=Delivery.SENDING, claimed_at__lt=stale)
        | Q(status=Delivery.PENDING, created_at__lt=stale, claimed_at__isnull=True)
        | Q(status=Delivery.PENDING, claimed_at__lt=stale)).values_list("id", flat=True))
    for delivery_id in ids:
        delivery_send_task.delay(delivery_id)
    return len(ids)


def _claim(delivery_id: int, stale_seconds: float) -> Delivery | None:
    now = timezone.now()
    claimed = Delivery.objects.filter(
        Q(status=Delivery.PENDING) | Q(status=Delivery.SENDING, claimed_at__lt=now - timedelta(seconds=stale_seconds)),
        pk=delivery_id,
    ).update(status=Delivery.SENDING, claimed_at=now, attempts=F("attempts") + 1)
    if not claimed:
        return None
    return Delivery.objects.select_related("hook__story").get(pk=delivery_id)


def flip_payload(*, story: Story, flip_id: str) -> bytes:
    """The `flips/{id}` answer of the API, as bytes."""
    from ledger.api import serializers as s
    from ledger.api.views import flip_dict
    from rest_framework.renderers import JSONRenderer

    flip = flip_get(story=story, flip_id=flip_id)
    data = flip_dict(flip.question, flip.actor, flip.change, records=flip.from_records + flip.to_records)
    return JSONRenderer().render(s.FlipDetailSerializer(data).data)


def signed_headers(*, secret: str, message_id: str, body: bytes) -> dict:
    now = timezone.now()
    signature = Webhook(secret).sign(message_id, now, body.decode("utf-8"))
    return {"webhook-id": message_id, "webhook-timestamp": str(int(now.timestamp())),
            "webhook-signature": signature, "content-type": "application/json"}


class DeliveryFailed(Exception):
    """A send that did not work; the task retries it with backoff."""


def delivery_send(*, delivery_id: int) -> str:
    """Send one delivery (if no other worker has it). Returns its status afterwards; raises
    DeliveryFailed when it should be tried again."""
    s = settings.SOURCES
    delivery = _claim(delivery_id, s["HOOK_STALE_SECONDS"])
    if delivery is None:
        return "taken"
    hook = delivery.hook
    try:
        body = flip_payload(story=hook.story, flip_id=delivery.flip_id)
    except LedgerError as exc:  # retracted since: not a flip any more
        Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.FAILED, error=str(exc)[:2000])
        return Delivery.FAILED
    headers = signed_headers(secret=hook.secret, message_id=delivery.message_id, body=body)
    headers["user-agent"] = s["USER_AGENT"]
    error, code = "", None
    try:
        response = httpx2.post(hook.url, content=body, headers=headers, timeout=s["HOOK_TIMEOUT"], trust_env=False)
        code = response.status_code
        if 200 <= code < 300:
            Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.DELIVERED, delivered_at=timezone.now(),
                                                           response_status=code, error="")
            return Delivery.DELIVERED
        error = f"HTTP {code}"
    except httpx2.HTTPError as exc:
        error = f"{type(exc).__name__}: {exc}"[:2000]
    final = delivery.attempts >= s["HOOK_ATTEMPTS"]
    Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.FAILED if final else Delivery.PENDING,
                                                   response_status=code, error=error)
    if final:
        return Delivery.FAILED
    raise DeliveryFailed(error)
