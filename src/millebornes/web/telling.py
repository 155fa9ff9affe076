"""What a room's clients are told: a state for each of a client's seats (the spectators' for a
spectator) with the move it tells, and on greeting the log and the chat. Each view and each
line is encoded as JSON once, whoever is sent it; a client is sent only what its seat's events
(or the spectators') hold, so no one learns of a coup-fourré offered to someone else."""

from __future__ import annotations

from typing import Any

from ..core.actions import Verb
from ..core.view import PublicView
from ..table import Event, Hand, Played, Recipient, Table
from .client import Client
from .clock import Clock
from .encoding import ViewText, encode
from .talk import Talk

LOG_LINES_ON_HELLO = 200


class Teller:
    """Tells the clients of ``table``'s room; ``talk`` is its chat, whose recent messages a
    greeting holds. The time left to answer, and the server's time, are ``clock``'s."""

    def __init__(self, table: Table, talk: Talk, clock: Clock) -> None:
        self.table = table
        self.talk = talk
        self.clock = clock
        self._encoded: dict[Recipient, tuple[PublicView, str]] = {}  # see _view_text
        self._view_parts = ViewText()  # the text of views kept by part: see _view_text
        self._narrated: dict[tuple[Any, ...], str] = {}  # a line's JSON text but its deal: _line
        self._hands: dict[tuple[int, str], tuple[Hand, PublicView, str]] = {}  # see _hand_text

    def names_changed(self) -> None:
        """A seat was taken: the moves read with its new name."""
        self._narrated.clear()

    def _countdown(self, seat: Recipient) -> float | None:
        deadline = None if seat is None else self.table.question_deadline(seat)
        if deadline is None:
            return None
        return round(max(0.0, deadline - self.clock.monotonic()), 1)

    def _line(self, played: Played, viewer: Recipient, language: str) -> str:
        """A move as ``viewer`` reads it, as JSON text. Each line (its words and its JSON) is
        made once while the seats' names stay as they are: the same move by the same seat reads
        the same in every deal, and the same to every reader but the one who made it ("you")
        and the side it attacks ("attacks you"), who read it as a spectator does. Only the
        deal's number changes."""
        reader = self._reader(played, viewer)
        how = (played.safety, played.stand_in, played.timed_out)
        key = (played.seat, played.action, *how, reader, language)
        rest = self._narrated.get(key)
        if rest is None:
            line = {
                "seat": played.seat,
                "action": str(played.action),
                "text": self.table.describe(played, viewer, language),
                "stand_in": played.stand_in,
            }
            rest = self._narrated[key] = encode(line)[1:]
        return f'{{"deal":{played.deal + 1},{rest}'

    def _reader(self, played: Played, viewer: Recipient) -> Recipient:
        """``viewer``, if the words of ``played`` depend on who reads them (they made it, or
        it attacks their side); None (a spectator) otherwise."""
        if viewer is None or viewer == played.seat:
            return viewer
        action = played.action
        attacked = action.verb == Verb.ATTACK and action.target is not None
        if attacked and self.table.match.deal.side_of(viewer) == action.target:
            return viewer
        return None

    def _hand_text(self, seat: Recipient, deal: int, language: str) -> str:
        """The seat's own hand as the table lays it out in deal ``deal`` (0-based), as JSON:
        its ``places`` (null where a card left), the ``new`` places of the cards just drawn,
        and on its turn ``why`` each card that cannot be played cannot, in the rules' words.
        Only ever sent to that seat; "null" for a spectator."""
        if seat is None:
            return "null"
        hand = self.table.hand(seat, deal)
        told = self.table.told(seat)
        key = (seat, language)
        cached = self._hands.get(key)
        if cached is not None and cached[0] is hand and cached[1] is told:
            return cached[2]
        current = deal == self.table.told_deal(seat)
        reasons = self.table.why_not_words(seat, language) if current else {}
        why = {card.notation: reason for card, reason in reasons.items()}
        places = [None if card is None else card.notation for card in hand.places]
        text = encode({"places": places, "new": sorted(hand.new), "why": why})
        self._hands[key] = (hand, told, text)
        return text

    def _view_text(self, recipient: Recipient, view: PublicView) -> str:
        """``view`` as JSON, encoded once however many clients are sent it: the table keeps
        each recipient's latest view as one object until it changes. Without the deal's moves:
        clients are told them one by one (each message's event, the greeting's log), and they
        would make every message of a deal longer than the last."""
        cached = self._encoded.get(recipient)
        if cached is not None and cached[0] is view:
            return cached[1]
        text = self._view_parts.text(view)
        self._encoded[recipient] = (view, text)
        return text

    def _message(
        self,
        client: Client,
        seat: Recipient,
        view: str,
        info: str,
        played: Played | None = None,
        *,
        deal: int,
        full_log: bool = False,
    ) -> str | None:
        """The message ``client`` gets for ``seat`` (None: spectating), given the view of deal
        ``deal`` (0-based) and the room's info as JSON, or None when it would tell nothing new:
        a state it already has and no move to tell. Assembled from text encoded once for every
        client."""
        countdown = self._countdown(seat)
        hand = self._hand_text(seat, deal, client.language)
        state = (view, info, countdown, hand)
        if not full_log and played is None and client.last_state.get(seat) == state:
            return None
        client.last_state[seat] = state
        event = "null" if played is None else self._line(played, seat, client.language)
        parts = [
            f'{{"type":"state","seat":{encode(seat)},"room":{info},"view":{view},',
            f'"countdown":{encode(countdown)},"event":{event},"hand":{hand}',
        ]
        if full_log:
            seen = self.table.seen_log(seat)
            log = ",".join(
                self._line(played, seat, client.language) for played in seen[-LOG_LINES_ON_HELLO:]
            )
            # How many moves the seat has seen, so that a page tells whether a move it made
            # while its link was down was taken; the server's wall clock, so that the page
            # counts down to fixed times (away_at, turn_ends).
            parts.append(f',"log":[{log}],"seen":{len(seen)},"clock":{self.clock.time():.3f}')
            parts.append(f',"chat":{encode(self.talk.greeting(client))}')
        parts.append("}")
        return "".join(parts)

    def deliver(self, clients: set[Client], events: list[Event], info: str) -> None:
        """Send each client its seats' events (the spectators' to spectators), a message for
        each move told, then a fresh state to anyone whose room info changed (``info``, the
        room's as JSON). A view nobody here receives (the spectators' while nobody watches) is
        never encoded."""
        told: set[tuple[Client, Recipient]] = set()
        for client in clients:
            for seat in client.seats or (None,):
                for event in events:
                    if event.recipient == seat:
                        told.add((client, seat))
                        view = self._view_text(seat, event.view)
                        for played in event.moves or (None,):
                            message = self._message(
                                client, seat, view, info, played, deal=event.deal
                            )
                            if message is not None:
                                client.send(message)
        self.broadcast(clients, info, told)

    def broadcast(
        self, clients: set[Client], info: str, told: set[tuple[Client, Recipient]] | None = None
    ) -> None:
        """Tell every client what changed in the room (who is here, a clock; ``info``): its
        seat's view as last told, sent only if something differs from what it has (those
        ``told`` just now have it)."""
        for client in clients:
            for seat in client.seats or (None,):
                if told and (client, seat) in told:
                    continue
                view = self._view_text(seat, self.table.told(seat))
                deal = self.table.told_deal(seat)
                message = self._message(client, seat, view, info, deal=deal)
                if message is not None:
                    client.send(message)

    def greet(self, client: Client, info: str) -> None:
        """Send ``client`` its seats' states (the spectators' if it holds none) with the log of
        the moves it saw and the chat it may read."""
        for seat in client.seats or (None,):
            view = self._view_text(seat, self.table.told(seat))
            deal = self.table.told_deal(seat)
            message = self._message(client, seat, view, info, deal=deal, full_log=True)
            assert message is not None
            client.send(message)
