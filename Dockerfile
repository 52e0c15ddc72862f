# lovbok in a container: the release binary on slim Debian, run as a non-root
# user, with the built-in corpus (nothing to mount, nothing written).
#
#   docker build -t lovbok .
#   docker run --rm -p 8080:8080 lovbok
#
# Settings are `lovbok serve` flags after the image name; see docs/deploy.md.

FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin lovbok

FROM debian:bookworm-slim
# curl for the HEALTHCHECK only.
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lovbok
COPY --from=build /src/target/release/lovbok /usr/local/bin/lovbok
USER lovbok
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["lovbok"]
CMD ["serve", "--addr", "0.0.0.0:8080"]
