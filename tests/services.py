"""Real services from Debian for the tests, started and stopped by the tests themselves on this
machine's loopback, in temporary folders: a PostgreSQL cluster, nginx and Caddy. A missing
program fails the test with the Debian package to install (``.ci/run`` installs them all)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg

WAIT_SECONDS = 30


def program(name: str, package: str, folders: tuple[str, ...] = ()) -> str:
    """The path of ``name``, on the PATH or in ``folders`` (globs); a failure naming the
    package to install when it is nowhere."""
    for folder in folders:
        for found in sorted(glob.glob(os.path.join(folder, name)), reverse=True):
            return found
    found_on_path = shutil.which(name)
    if found_on_path is None:
        raise AssertionError(f"{name} is missing: apt-get install {package}")
    return found_on_path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    """Wait until ``process`` listens on ``port``; a failure quoting its ``log`` otherwise."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None or time.monotonic() > deadline:
            said = log.read_text() if log.exists() else ""
            raise AssertionError(f"{what} did not start (status {process.poll()}): {said}")
        time.sleep(0.05)


def _as_postgres_user() -> list[str]:
    """PostgreSQL refuses to run as root: as root, run its programs as the postgres user."""
    if os.geteuid() != 0:
        return []
    return [program("runuser", "util-linux"), "-u", "postgres", "--"]


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, f"{command[-2:]} failed: {done.stderr or done.stdout}"


class PostgresServer:
    """A throwaway PostgreSQL cluster on a free loopback port, in ``folder``; ``url`` is its
    ``postgres`` database's, whose user may create databases. Durability is off (fsync): it
    lives for a test or a session."""

    def __init__(self, folder: Path) -> None:
        binaries = ("/usr/lib/postgresql/*/bin",)
        self.pg_ctl = program("pg_ctl", "postgresql", binaries)
        self.user = _as_postgres_user()
        if self.user:
            shutil.chown(folder, "postgres", "postgres")
        self.folder, self.data = folder, folder / "data"
        port = free_port()
        self.options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.url = f"postgresql://millebornes@127.0.0.1:{port}/postgres"
        self.running = False
        initdb = program("initdb", "postgresql", binaries)
        data = str(self.data)
        _run([*self.user, initdb, "-D", data, "-U", "millebornes", "-A", "trust", "--no-sync"])

    def start(self) -> None:
        """Start it, and wait until it takes connections."""
        self._pg_ctl("-o", self.options, "-l", str(self.folder / "log"), "start")
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop it: ``fast`` as an operator's ``systemctl stop`` does (its connections are
        cut), ``immediate`` as a crash."""
        self._pg_ctl("-m", mode, "stop")
        self.running = False

    def _pg_ctl(self, *arguments: str) -> None:
        _run([*self.user, self.pg_ctl, "-D", str(self.data), "-w", *arguments])


@contextlib.contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL cluster, started (see :class:`PostgresServer`)."""
    folder = Path(tempfile.mkdtemp(prefix="millebornes-pg-"))
    try:
        server = PostgresServer(folder)
        server.start()
        try:
            yield server
        finally:
            if server.running:
                server.stop("immediate")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster's URL (see :class:`PostgresServer`)."""
    with postgres_server() as server:
        yield server.url


@contextlib.contextmanager
def postgres_database(cluster: str, name: str) -> Iterator[str]:
    """A fresh, empty schema ``name`` in ``cluster`` (much quicker to make than a database):
    the URL of a connection that keeps its tables there; dropped afterwards."""
    with psycopg.connect(cluster, autocommit=True) as admin:
        admin.execute(f'CREATE SCHEMA "{name}"')
    try:
        yield f"{cluster}?options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(cluster, autocommit=True) as admin:
            admin.execute(f'DROP SCHEMA "{name}" CASCADE')


@contextlib.contextmanager
def own_role(postgres_url: str) -> Iterator[tuple[str, psycopg.Connection]]:
    """A role of its own for a server on ``postgres_url``'s migrated schema, as a deployment
    would give it: it may read and write the tables there, not create any. The server's URL as
    that role, and a superuser's connection to take its rights."""
    role = f"server_{uuid.uuid4().hex[:12]}"
    schema = postgres_url.rsplit("%3D", 1)[1]
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        admin.execute(f'GRANT USAGE ON SCHEMA "{schema}" TO {role}')
        tables = f'ALL TABLES IN SCHEMA "{schema}"'
        admin.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {tables} TO {role}")
        try:
            yield postgres_url.replace("://millebornes@", f"://{role}@"), admin
        finally:
            admin.execute(f"DROP OWNED BY {role} CASCADE")
            admin.execute(f"DROP ROLE {role}")


NGINX_MAIN = """
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
"""


@contextlib.contextmanager
def nginx(site: str) -> Iterator[int]:
    """nginx serving the ``site`` configuration (what goes in ``http {}``, listening on
    ``127.0.0.1:PORT`` where it says ``PORT``) from a temporary folder: the port."""
    binary = program("nginx", "nginx", ("/usr/sbin",))
    folder = Path(tempfile.mkdtemp(prefix="millebornes-nginx-"))
    folder.chmod(0o755)  # its workers run as an unprivileged user when started as root
    port = free_port()
    (folder / "site.conf").write_text(site.replace("PORT", str(port)))
    (folder / "nginx.conf").write_text(NGINX_MAIN.format(folder=folder))
    command = [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"]
    process = subprocess.Popen(command)
    try:
        wait_for_port(port, process, "nginx", folder / "error.log")
        yield port
    finally:
        process.terminate()
        process.wait(WAIT_SECONDS)
        shutil.rmtree(folder, ignore_errors=True)


def _serves_its_certificate(port: int, root: Path, domain: str) -> bool:
    """Whether Caddy completes a TLS handshake for ``domain`` (it makes the site's certificate
    a moment after its local CA: a client before that gets an internal error alert)."""
    context = ssl.create_default_context(cafile=root)
    try:
        with (
            socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS) as plain,
            context.wrap_socket(plain, server_hostname=domain),
        ):
            return True
    except (ssl.SSLError, OSError):
        return False


@contextlib.contextmanager
def caddy(caddyfile: Path, upstream: str, domain: str = "localhost") -> Iterator[tuple[int, Path]]:
    """Caddy serving ``caddyfile`` for ``domain`` in front of ``upstream`` (HOST:PORT) on free
    loopback ports, with its data (its local CA among them) in a temporary folder rather than
    the user's: the HTTPS port and the root certificate of its local CA, which issues the
    site's certificate."""
    binary = program("caddy", "caddy")
    folder = Path(tempfile.mkdtemp(prefix="millebornes-caddy-"))
    https_port = free_port()
    env = {
        **os.environ,
        "HOME": str(folder),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "HTTP_PORT": str(free_port()),
        "HTTPS_PORT": str(https_port),
        "CADDY_ADMIN": "off",
        "DOMAIN": domain,
        "UPSTREAM": upstream,
    }
    log = folder / "caddy.log"
    with log.open("w") as output:
        command = [binary, "run", "--config", str(caddyfile), "--adapter", "caddyfile"]
        process = subprocess.Popen(command, env=env, stdout=output, stderr=output)
    root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    try:
        wait_for_port(https_port, process, "caddy", log)
        deadline = time.monotonic() + WAIT_SECONDS
        while not root.exists():
            assert time.monotonic() < deadline, f"caddy made no local CA: {log.read_text()}"
            time.sleep(0.05)
        while not _serves_its_certificate(https_port, root, domain):
            assert time.monotonic() < deadline, f"caddy made no certificate: {log.read_text()}"
            time.sleep(0.05)
        yield https_port, root
    finally:
        process.terminate()
        process.wait(WAIT_SECONDS)
        shutil.rmtree(folder, ignore_errors=True)
