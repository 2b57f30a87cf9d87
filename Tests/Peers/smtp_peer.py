"""A real SMTP server for the mail tests, on loopback: aiosmtpd, with the behaviours tests need.

    python smtp_peer.py --port 2525 --maildir DIR [--starttls CERT KEY] [--implicit-tls CERT KEY]
                        [--auth USER:PASSWORD] [--fail-first N] [--silent]

Every accepted message is kept as DIR/<n>.eml, and beside it DIR/<n>.json with what Python's own email
parser reads from it (subject, addresses, the plain and HTML parts decoded), so the tests check the
encoding against an independent reader. A recipient whose address contains "reject" is refused with
550; with --fail-first N the first N transactions are answered 421; with --silent the port accepts
connections and never says a word (a server that hangs). The script prints one line,
"listening", once the server accepts connections, and stops on SIGTERM.
"""

import argparse
import email
import email.policy
import json
import os
import signal
import socket
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Handler:
    def __init__(self, maildir, fail_first):
        self.maildir = maildir
        self.failures_left = fail_first
        self.count = 0
        self.lock = threading.Lock()

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        with self.lock:
            if self.failures_left > 0:
                self.failures_left -= 1
                return "421 4.3.2 Service not available, try again later"
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if "reject" in address:
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            number = self.count
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        parts = {}
        for part in message.walk():
            if part.get_content_maintype() == "text":
                parts[part.get_content_type()] = part.get_content()
        summary = {
            "mailFrom": envelope.mail_from,
            "rcptTo": envelope.rcpt_tos,
            "from": str(message["From"]),
            "to": str(message["To"]),
            "subject": str(message["Subject"]),
            "messageID": str(message["Message-ID"]),
            "date": str(message["Date"]),
            "contentType": message.get_content_type(),
            "text": parts.get("text/plain"),
            "html": parts.get("text/html"),
            "longestLine": max(len(line) for line in raw.split(b"\r\n")),
        }
        base = os.path.join(self.maildir, f"{number:04d}")
        with open(base + ".eml", "wb") as file:
            file.write(raw)
        with open(base + ".json.tmp", "w") as file:
            json.dump(summary, file)
        os.replace(base + ".json.tmp", base + ".json")
        return "250 Message accepted"


def tls_context(cert, key):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def hang(port):
    listener = socket.create_server(("127.0.0.1", port))
    print("listening", flush=True)
    held = []
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        connection, _ = listener.accept()
        held.append(connection)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--implicit-tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--auth")
    parser.add_argument("--fail-first", type=int, default=0)
    parser.add_argument("--silent", action="store_true")
    args = parser.parse_args()
    # A parent may have started this process with SIGTERM blocked; the tests stop it with SIGTERM.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    os.makedirs(args.maildir, exist_ok=True)
    if args.silent:
        return hang(args.port)

    options = {}
    if args.auth:
        user, password = args.auth.split(":", 1)

        def authenticator(server, session, envelope, mechanism, auth_data):
            if isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user \
                    and auth_data.password.decode() == password:
                return AuthResult(success=True)
            return AuthResult(success=False, handled=False)

        options.update(authenticator=authenticator, auth_require_tls=bool(args.starttls), auth_required=True)
    if args.starttls:
        options.update(tls_context=tls_context(*args.starttls), require_starttls=True)
    if args.implicit_tls:
        options.update(ssl_context=tls_context(*args.implicit_tls))

    controller = Controller(Handler(args.maildir, args.fail_first), hostname="127.0.0.1", port=args.port,
                            server_hostname="localhost", **options)
    controller.start()
    print("listening", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    while not stop.wait(0.2):
        pass
    controller.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
