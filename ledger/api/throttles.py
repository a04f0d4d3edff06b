"""Request rates, counted in the shared cache: each request is counted once, against the
rate of who sent it, by an atomic increment (several web processes at once never let more
through than the rate), and an anonymous client is known by its address as the trusted
proxy gives it (LEDGER_TRUSTED_PROXIES); an X-Forwarded-For header from anyone else is
ignored, so a client cannot pick a fresh address for every request."""
import ipaddress
from functools import lru_cache

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in proxies if p.strip())


def _trusted(address, networks) -> bool:
    return any(address.version == n.version and address in n for n in networks)


def client_address(request) -> str:
    """The client's address: REMOTE_ADDR, unless the request came through a trusted proxy;
    then the right-most address in X-Forwarded-For that is not itself a trusted proxy (each
    proxy appends the address it was reached from, so the entries to the left of the
    trusted ones are whatever the client chose to write)."""
    remote = request.META.get("REMOTE_ADDR", "")
    networks = _networks(tuple(settings.LEDGER_TRUSTED_PROXIES))
    try:
        if not networks or not _trusted(ipaddress.ip_address(remote), networks):
            return remote
    except ValueError:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    client = remote
    for hop in reversed(hops):
        try:
            address = ipaddress.ip_address(hop)
        except ValueError:  # not written by a proxy we trust: stop at the last good hop
            break
        client = str(address)
        if not _trusted(address, networks):
            break
    return client


class AtomicCountMixin:
    """A fixed window per client that starts with its first request: the count is one
    atomic increment in the cache (Redis INCR), where DRF's own throttle read a list of
    timestamps and wrote it back, so concurrent requests overwrote each other's counts
    (108 passed a rate of 90)."""

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        if self._count() <= self.num_requests:
            return True
        return self.throttle_failure()

    def _count(self) -> int:
        try:
            count = self.cache.incr(self.key)
        except ValueError:  # no window yet (or it just ended): open one
            if self.cache.add(self.key, 1, self.duration):
                self.cache.set(self.key + ":until", self.now + self.duration, self.duration)
                return 1
            count = self.cache.incr(self.key)
        if count == 1:  # the window ended between the cache's check and its increment
            self.cache.touch(self.key, self.duration)
        return count

    def get_ident(self, request):
        return client_address(request)

    def wait(self):
        until = self.cache.get(self.key + ":until")
        return max(0.0, until - self.now) if until is not None else self.duration


class ClientRateThrottle(AtomicCountMixin, AnonRateThrottle):
    """The "anon" rate, per client address."""


class SignedInRateThrottle(AtomicCountMixin, UserRateThrottle):
    """The "user" rate, for signed-in users only. Anonymous clients have the "anon" rate
    (`ClientRateThrottle`); DRF's own user throttle counted them a second time, by address,
    two more cache round trips on every anonymous request."""

    def get_cache_key(self, request, view):
        if not request.user.is_authenticated:
            return None
        return super().get_cache_key(request, view)
