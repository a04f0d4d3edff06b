"""A webhook receiver to try Stance Ledger's hooks with: it checks each POST's Standard
Webhooks signature with the hook's secret, prints each flip once (a repeated `webhook-id`
is answered 200 and not printed again), and refuses a bad signature with 400.

    .venv/bin/python scripts/webhook_receiver.py --port 8020 --secret whsec_...
"""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def main():
    parser = argparse.ArgumentParser(description="Print the flips a Stance Ledger hook sends.")
    parser.add_argument("--port", type=int, default=8020)
    parser.add_argument("--secret", required=True, help="the hook's secret (whsec_...)")
    args = parser.parse_args()
    webhook, seen = Webhook(args.secret), set()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
            try:
                flip = webhook.verify(body, dict(self.headers))
            except WebhookVerificationError as exc:
                self.send_response(400)
                self.end_headers()
                print(f"refused: {exc}", flush=True)
                return
            message_id = self.headers["webhook-id"]
            if message_id not in seen:
                seen.add(message_id)
                print(f"flip {flip['id']}: {flip['actor']} {flip['from']} -> {flip['to']} on {flip['question']}, "
                      f"confirmed {flip['confirmed_on']} ({len(flip['records'])} records)", flush=True)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *a):
            pass

    print(f"listening on http://127.0.0.1:{args.port}/", flush=True)
    ThreadingHTTPServer(("127.0.0.1", args.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
