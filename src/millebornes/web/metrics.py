"""The server's metrics, in Prometheus's text format at ``/metrics`` when ``millebornes serve``
is given ``--metrics`` or ``--metrics-address`` (docs/deploy.md): what it plays now (rooms,
connections, hard bots' searches), what it did (actions stored, errors sent by kind, the
store's failed writes by kind) and how long that took (an action, a commit of the store's
writer). Each application has its own registry, so that several in one process (tests) count
apart; only the errors, counted where every error is written (``protocol.error_message``),
are the process's."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Set
from typing import Protocol

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from ..store import ServerStore
from .executors import Executors

CONTENT_TYPE = CONTENT_TYPE_LATEST
# From a millisecond (a commit alone, SQLite on a fast disk) to seconds (a stalled database).
SECONDS_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
ERRORS = Counter("millebornes_errors", "errors sent to clients, by code", ["kind"], registry=None)


class Seated(Protocol):
    """A room, as the metrics count its connections."""

    def clients(self) -> Set[object]: ...


class Played(Protocol):
    """What the metrics read of the server's rooms (``rooms.Rooms``)."""

    @property
    def rooms(self) -> Mapping[str, Seated]: ...
    @property
    def executors(self) -> Executors: ...
    @property
    def store(self) -> ServerStore: ...


class _Now(Collector):
    """What the server holds at the moment it is scraped."""

    def __init__(self, rooms: Played) -> None:
        self.rooms = rooms

    def collect(self) -> Iterator[Metric]:
        rooms = list(self.rooms.rooms.values())
        yield GaugeMetricFamily("millebornes_rooms_open", "rooms this server plays", len(rooms))
        connections = sum(len(room.clients()) for room in rooms)
        yield GaugeMetricFamily("millebornes_connections", "open WebSockets", connections)
        searches = self.rooms.executors.searches
        yield GaugeMetricFamily(
            "millebornes_bot_searches", "hard bots' searches queued or running", searches
        )
        failures = CounterMetricFamily(
            "millebornes_store_failures", "the store's failed writes, by kind", labels=["kind"]
        )
        for kind, count in self.rooms.store.failures.items():
            failures.add_metric([kind], count)
        yield failures


class Metrics:
    """The registry of one server's metrics, fed by its rooms (``acted``) and its store's
    writer (``committed``, in the writer's thread: the client's metrics are thread-safe)."""

    def __init__(self, rooms: Played) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter("millebornes_actions", "actions stored", registry=self.registry)
        self.action_seconds = Histogram(
            "millebornes_action_seconds",
            "a change of a table, from made to stored (what a player waits for an answer)",
            buckets=SECONDS_BUCKETS,
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "millebornes_commit_seconds",
            "one transaction of the store's writer (the actions of every room that acted)",
            buckets=SECONDS_BUCKETS,
            registry=self.registry,
        )
        self.registry.register(ERRORS)
        self.registry.register(_Now(rooms))
        rooms.store.committed = self.committed

    def committed(self, actions: int, seconds: float) -> None:
        self.actions.inc(actions)
        self.commit_seconds.observe(seconds)

    def acted(self, seconds: float) -> None:
        self.action_seconds.observe(seconds)

    def text(self) -> bytes:
        return generate_latest(self.registry)
