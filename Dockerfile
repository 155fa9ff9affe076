# The browser game's server: `docker build -t millebornes .`, then run it behind a proxy that
# adds HTTPS (compose.yaml puts Caddy in front; docs/deploy.md says how). The games are kept on
# the volume /data; the server runs as an unprivileged user.

# Build the wheels, compiling the engine with mypyc (setup.py), which needs a C compiler.
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY src ./src
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[web]"

# The image: the wheels installed, no compiler.
FROM python:3.11-slim
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels "millebornes[web]" \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --create-home millebornes \
    && mkdir /data \
    && chown millebornes /data
USER millebornes
VOLUME /data
# The address friends open (the invitation links say it), e.g. https://cards.example.org.
ENV MILLEBORNES_PUBLIC_URL="" PYTHONUNBUFFERED=1
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
# SIGTERM stops it gracefully: every action under way stored, every client told to reconnect.
STOPSIGNAL SIGTERM
ENTRYPOINT ["millebornes", "serve"]
CMD ["--host", "0.0.0.0", "--port", "8000", "--db", "/data/server.sqlite", "--behind-proxy", "--log-format", "json"]
