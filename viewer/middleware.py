from functools import wraps

from django.middleware.gzip import GZipMiddleware

from ledger.api.middleware import API_PREFIX


class ContentSecurityPolicyMiddleware:
    """Only our own scripts, styles and images run: article text can never bring a script.
    Plotly needs inline styles on the SVG it draws, so style-src allows 'unsafe-inline'."""

    POLICY = (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'"
    )

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", self.POLICY)
        return response


class PagesGZipMiddleware(GZipMiddleware):
    """Pages and their JSON twins gzipped for a client that accepts it (static files are
    WhiteNoise's, compressed ahead of time). The API's answers are left as they were: the
    schema conformance test's client asks for gzip but reads the body as it comes.

    BREACH (guessing a secret in a compressed body from its size, with text the attacker
    puts next to it) needs a secret that is the same in every answer. The pages hold one: the
    CSRF token, which Django masks afresh for every answer, and Django pads every gzip answer
    with random bytes. A session or API token is never in a body. A page that shows a secret
    that lasts (a webhook's signing secret) is marked `never_compressed` and sent as it is."""

    def process_response(self, request, response):
        if getattr(response, "never_compressed", False) or request.path_info.startswith(API_PREFIX):
            return response
        return super().process_response(request, response)


def never_compressed(view):
    """The view's answers are never gzipped: they show a secret that lasts (see above)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response.never_compressed = True
        return response

    return wrapper
