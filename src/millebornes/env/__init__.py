"""Mille Bornes for game-AI research: a PettingZoo AEC environment (:mod:`.millebornes_v0`) and
a single-agent Gymnasium environment registered as ``millebornes/MilleBornes-v0`` against the
project's bots. Needs the ``rl`` extra; docs/research.md describes the spaces and rewards."""

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"millebornes.env needs {error.name}: pip install 'millebornes[rl]'", name=error.name
    ) from None

from . import millebornes_v0
from .encoding import ACTION_COUNT, ACTION_NAMES, OBSERVATION_SIZE, action_of, index_of

GYM_ID = "millebornes/MilleBornes-v0"
if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="millebornes.env.single_agent:MilleBornesEnv")

__all__ = [
    "ACTION_COUNT",
    "ACTION_NAMES",
    "GYM_ID",
    "OBSERVATION_SIZE",
    "action_of",
    "index_of",
    "millebornes_v0",
]
