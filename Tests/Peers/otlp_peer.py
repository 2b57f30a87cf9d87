"""A real OpenTelemetry collector's front door for the tracing tests, on loopback: it accepts OTLP/HTTP
trace exports (`POST /v1/traces`, protobuf) and decodes them with the `opentelemetry-proto` package
from PyPI, as a collector would.

    python otlp_peer.py --port 4318 --dir DIR

Each span received is kept as DIR/<n>.json: {"trace_id", "span_id", "parent_span_id", "name", "kind",
"status", "status_message", "events": [{"name", "attributes"}], "attributes": {key: value},
"resource": {key: value}}, with ids in lowercase hex. An export
that does not decode is answered 400 and kept as {"error": ...}. The script prints one line,
"listening", once it accepts connections, and stops on SIGTERM.
"""

import argparse
from http.server import BaseHTTPRequestHandler

from peer_server import Records, serve

from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)


def value(any_value):
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value(item) for item in any_value.array_value.values]
    if kind == "kvlist_value":
        return {item.key: value(item.value) for item in any_value.kvlist_value.values}
    if kind == "bytes_value":
        return any_value.bytes_value.hex()
    return getattr(any_value, kind) if kind else None


def attributes(pairs):
    return {pair.key: value(pair.value) for pair in pairs}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    arguments = parser.parse_args()
    record = Records(arguments.dir).add

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            request = ExportTraceServiceRequest()
            try:
                if self.path != "/v1/traces":
                    raise ValueError("no route %s" % self.path)
                if self.headers.get("content-type") != "application/x-protobuf":
                    raise ValueError("content type %s" % self.headers.get("content-type"))
                request.ParseFromString(body)
            except (DecodeError, ValueError) as error:
                record({"error": "%s: %s" % (type(error).__name__, error)})
                self.send_response(400)
                self.send_header("content-length", "0")
                self.end_headers()
                return
            for resource_spans in request.resource_spans:
                resource = attributes(resource_spans.resource.attributes)
                for scope_spans in resource_spans.scope_spans:
                    for span in scope_spans.spans:
                        record({
                            "trace_id": span.trace_id.hex(),
                            "span_id": span.span_id.hex(),
                            "parent_span_id": span.parent_span_id.hex(),
                            "name": span.name,
                            "kind": span.kind,
                            "status": span.status.code,
                            "status_message": span.status.message,
                            "events": [
                                {"name": event.name, "attributes": attributes(event.attributes)}
                                for event in span.events
                            ],
                            "attributes": attributes(span.attributes),
                            "resource": resource,
                        })
            answer = ExportTraceServiceResponse().SerializeToString()
            self.send_response(200)
            self.send_header("content-type", "application/x-protobuf")
            self.send_header("content-length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    serve(arguments.port, Handler)


if __name__ == "__main__":
    main()
