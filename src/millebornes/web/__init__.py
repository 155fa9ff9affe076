"""The browser game: ``millebornes serve`` holds rooms of people and bots playing over WebSockets.

The rules stay in the core: the server applies actions to a ``Match``, stores each one before
anyone hears of it, and sends every client its own seat's view (spectators a public one).
"""
