# Doorstep in a container: a release build with the Swift runtime linked in, on a small Ubuntu
# image, run as a user of its own. Configuration comes from DOORSTEP_ variables (docs/server.md);
# docs/deploying.md has the run command and what a public server must be given.
#
#   docker build -t doorstep .
#   docker run -p 8080:8080 -v doorstep-data:/var/lib/doorstep --env-file doorstep.env doorstep

# ---- build ----
FROM swift:6.3-noble AS build
WORKDIR /build
# The manifest first: the packages it resolves stay cached while only the sources change.
COPY ./Package.* ./
RUN swift package resolve
COPY . .
# The executable and, beside it, the bundles of flows, templates and assets it reads at run time.
RUN swift build -c release --product doorstep --static-swift-stdlib \
    && mkdir /staging \
    && bin="$(swift build -c release --show-bin-path)" \
    && cp "$bin/doorstep" /staging/ \
    && find -L "$bin" -maxdepth 1 -name '*.resources' -exec cp -R {} /staging/ \;

# ---- run ----
FROM ubuntu:24.04
# Certificates for SMTP, webhooks and provider keys; curl for the health check. The versions are
# the release's current ones, taken at each build.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl tzdata \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 doorstep \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/doorstep --create-home \
        --shell /usr/sbin/nologin doorstep
COPY --from=build /staging/ /usr/local/bin/

# Listens on every interface of the container; the SQLite file lives in the volume. With these
# settings the server refuses to start without SMTP (DOORSTEP_SMTP_URL) or DOORSTEP_MAIL=none:
# the dev mailbox never serves a non-loopback address.
ENV DOORSTEP_HOST=0.0.0.0 \
    DOORSTEP_PORT=8080 \
    DOORSTEP_DATABASE=/var/lib/doorstep/doorstep.sqlite
# Numeric, so Kubernetes' runAsNonRoot can check it.
USER 10001:10001
WORKDIR /var/lib/doorstep
VOLUME ["/var/lib/doorstep"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
    CMD ["/bin/sh", "-c", "curl -fsS \"http://127.0.0.1:${DOORSTEP_PORT}/healthz\" >/dev/null"]
# SIGTERM starts the drain (DOORSTEP_DRAIN_SECONDS, 5 by default): stop with a longer timeout.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/doorstep"]
CMD ["serve"]
