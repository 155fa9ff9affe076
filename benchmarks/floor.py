"""The transport's floor: what the server's stack alone costs per action, with no game at all.

    python -m benchmarks.load --floor                  # the load benchmark against this server
    python -m benchmarks.load --floor --rooms 300 --seconds 20

A stand-in for ``millebornes serve`` with the same stack and settings (FastAPI on uvicorn,
``server_config``, the same garbage-collection threshold and socket) and the same messages on the
wire as the load benchmark sees them, but nothing behind them: rooms are counters, every action
is taken as it comes, and each of the four seats is sent a state of the real server's median
size (1,358 bytes, measured with four seats of dujardin). The load benchmark's clients play it
exactly as they play the real server, so its CPU an action is what any server built on this stack
spends receiving one message and sending four: a floor under the real server's figure.
"""

from __future__ import annotations

import argparse
import gc
import json
from dataclasses import dataclass, field
from itertools import count

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

STATE_BYTES = 1358  # the real server's median state message, four seats of dujardin
SEATS = 4


@dataclass
class FloorRoom:
    sockets: dict[int, WebSocket] = field(default_factory=dict)
    joined: int = 0  # seats taken
    turn: int = 0
    events: int = 0


def state(room: FloorRoom, seat: int, told: bool) -> str:
    """A state message as the load benchmark reads it, padded to the real server's size."""
    message = {
        "type": "state",
        "seat": seat,
        "room": {"over": False},
        "view": {"legal": ["discard 25"] if seat == room.turn else []},
        "countdown": None,
        "event": {"number": room.events} if told else None,
        "padding": "",
    }
    text = json.dumps(message, separators=(",", ":"))
    return text.replace('"padding":""', '"padding":"' + "x" * (STATE_BYTES - len(text)) + '"')


def create_app() -> FastAPI:
    app = FastAPI()
    rooms: dict[str, FloorRoom] = {}
    codes = count()

    @app.post("/api/rooms", status_code=201)
    async def create_room() -> dict[str, str]:
        code = str(next(codes))
        rooms[code] = FloorRoom()
        return {"code": code}

    @app.post("/api/rooms/{code}/join")
    async def join(code: str) -> dict[str, str]:
        room = rooms[code]
        room.joined += 1
        return {"token": str(room.joined - 1)}

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        room = rooms[code]
        hello = json.loads(await websocket.receive_text())
        seat = int(hello["tokens"][0])
        room.sockets[seat] = websocket
        if len(room.sockets) == SEATS:
            for number, socket in room.sockets.items():
                await socket.send_text(state(room, number, told=False))
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                if message.get("type") != "action" or seat != room.turn:
                    continue
                room.turn = (room.turn + 1) % SEATS
                for number, socket in list(room.sockets.items()):
                    await socket.send_text(state(room, number, told=True))
                room.events += 1
        except WebSocketDisconnect:
            room.sockets.pop(seat, None)

    return app


def main() -> None:
    import uvicorn

    from millebornes.cli.serve import GC_YOUNG_OBJECTS
    from millebornes.web.gameserver import server_config
    from millebornes.web.options import RoomOptions
    from millebornes.web.server import listen

    parser = argparse.ArgumentParser(prog="python -m benchmarks.floor", description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    sock = listen("127.0.0.1", args.port)
    app = create_app()
    gc.set_threshold(GC_YOUNG_OBJECTS, 20, 20)
    gc.freeze()
    print(f"the floor is served at http://127.0.0.1:{sock.getsockname()[1]}/", flush=True)
    uvicorn.Server(server_config(app, RoomOptions())).run(sockets=[sock])


if __name__ == "__main__":
    main()
