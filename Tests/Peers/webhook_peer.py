"""A real webhook receiver for the webhook tests, on loopback: every delivery is verified with the
Standard Webhooks reference library (`standardwebhooks` from PyPI), as an app's backend would.

    python webhook_peer.py --port 8099 --dir DIR --secret-file FILE

The signing secret (whsec_...) is read from FILE at each delivery, so a test can start the receiver,
add the endpoint that points at it, and then write the secret it was given. Each delivery is kept as
DIR/<n>.json: {"id", "timestamp", "traceparent", "verified", "error"?, "payload"?}; a verified one is answered 204, any
other 400. The script prints one line, "listening", once it accepts connections, and stops on SIGTERM.
Records are numbered after those already in DIR, so a receiver restarted on the same folder adds to them.
"""

import argparse
from http.server import BaseHTTPRequestHandler

from peer_server import Records, serve

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--secret-file", required=True)
    arguments = parser.parse_args()
    record = Records(arguments.dir).add

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            headers = {name.lower(): value for name, value in self.headers.items()}
            entry = {
                "id": headers.get("webhook-id"),
                "timestamp": headers.get("webhook-timestamp"),
                "traceparent": headers.get("traceparent"),
            }
            try:
                with open(arguments.secret_file) as handle:
                    secret = handle.read().strip()
                entry["payload"] = Webhook(secret).verify(body, headers)
                entry["verified"] = True
                status = 204
            except (WebhookVerificationError, OSError, ValueError) as error:
                entry["verified"] = False
                entry["error"] = "%s: %s" % (type(error).__name__, error)
                status = 400
            record(entry)
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    serve(arguments.port, Handler)


if __name__ == "__main__":
    main()
