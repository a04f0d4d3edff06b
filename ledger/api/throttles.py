"""Request rates, counted in the shared cache: each request is counted once, against the
rate of who sent it."""
from rest_framework.throttling import UserRateThrottle


class SignedInRateThrottle(UserRateThrottle):
    """The "user" rate, for signed-in users only. Anonymous clients have the "anon" rate
    (`AnonRateThrottle`); DRF's own user throttle counted them a second time, by address,
    two more cache round trips on every anonymous request."""

    def get_cache_key(self, request, view):
        if not request.user.is_authenticated:
            return None
        return super().get_cache_key(request, view)
