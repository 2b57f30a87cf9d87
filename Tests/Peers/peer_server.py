"""What the HTTP peers share: a folder of numbered JSON records, and a loopback server that says
"listening" once it accepts connections and stops on SIGTERM."""

import json
import os
import signal
import sys
import threading
from http.server import ThreadingHTTPServer


class Records:
    """Keeps each entry as DIR/<n>.json, numbered after those already there, written whole."""

    def __init__(self, directory):
        os.makedirs(directory, exist_ok=True)
        self.directory = directory
        self.lock = threading.Lock()
        self.count = len([name for name in os.listdir(directory) if name.endswith(".json")])

    def add(self, entry):
        with self.lock:
            self.count += 1
            path = os.path.join(self.directory, "%06d.json" % self.count)
            with open(path + ".part", "w") as handle:
                json.dump(entry, handle)
            os.rename(path + ".part", path)


def serve(port, handler):
    """Serves `handler` on 127.0.0.1:`port` until SIGTERM, then exits."""
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    # A parent may start us with SIGTERM blocked (its own mask is inherited): take it back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print("listening", flush=True)
    server.serve_forever()
    sys.exit(0)
