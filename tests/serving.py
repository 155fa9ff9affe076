"""``millebornes serve`` in a process of its own, as a host runs it: for the tests that stop it
with a signal, read its logs or put a real proxy in front of it."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from websockets.client import ClientProtocol
from websockets.uri import parse_uri

from millebornes.store import new_match, open_store

SERVED = re.compile(r"served at (http://[\d.]+:(\d+))/")
START_SECONDS = 30


def serve_command(*args: str) -> list[str]:
    """The command line of ``millebornes serve`` with ``args``, run by this interpreter."""
    return [sys.executable, "-m", "millebornes.cli.main", "serve", *args]


class Served:
    """``command`` (a ``millebornes serve`` command line) started, its standard error kept in a
    file; ``url`` and ``port`` once it says where it serves."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        self.log = tempfile.NamedTemporaryFile("w+", prefix="serve-", suffix=".log")  # noqa: SIM115
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            env={**os.environ, **(env or {})},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = SERVED.search(line)
        if found is None:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r}\n{self.logs()}")
        self.url = found.group(1)
        self.port = int(found.group(2))

    def logs(self) -> str:
        return Path(self.log.name).read_text()

    def ws_url(self, code: str) -> str:
        return f"ws{self.url[4:]}/ws/{code}"

    def stop(self, sig: int = signal.SIGTERM, timeout: float = START_SECONDS) -> int:
        """Send ``sig`` and wait for the process to end: its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        return self.process.wait(timeout)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        assert self.process.stdout is not None
        self.process.stdout.close()
        self.log.close()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def wait_for(
    condition: Callable[[], object], seconds: float = START_SECONDS, what: str = ""
) -> None:
    """Poll ``condition()`` until it is true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what or condition}"
        time.sleep(0.05)


def established(port: int) -> int:
    """How many TCP connections to local ``port`` the kernel holds as established (on the
    server's side), from /proc/net/tcp and tcp6."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                local, _, state = line.split()[1:4]
                if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def never_reading(url: str, message: Mapping[str, object]) -> socket.socket:
    """A WebSocket client of ``url`` (ws://HOST:PORT/PATH) that sends ``message`` once the
    handshake is done and never reads a byte again: its receive buffer is a few kilobytes, so
    that what the server sends soon stalls."""
    protocol = ClientProtocol(parse_uri(url))
    protocol.send_request(protocol.connect())
    host, port = url.split("/")[2].rsplit(":", 1)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(START_SECONDS)
    sock.connect((host, int(port)))
    sock.sendall(b"".join(protocol.data_to_send()))
    response = b""
    while b"\r\n\r\n" not in response:  # the handshake's answer, and nothing after it
        response += sock.recv(1)
    protocol.receive_data(response)
    assert protocol.handshake_exc is None, protocol.handshake_exc
    protocol.send_text(json.dumps(message).encode())
    sock.sendall(b"".join(protocol.data_to_send()))
    return sock


def seats_and_actions(target: str | Path, code: str) -> list[tuple[int, str]]:
    """The stored actions of a room, each with the seat that took it, from the store at
    ``target`` (a SQLite file or a PostgreSQL URL)."""
    stored = open_store(target).load(code)
    match = new_match(stored.settings)
    taken = []
    for action in stored.actions:
        assert match.to_act is not None
        taken.append((match.to_act, action))
        match.apply(action)
    return taken


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    """Whether ``part``'s items all appear in ``whole``, in the same order."""
    rest = iter(whole)
    return all(item in rest for item in part)
