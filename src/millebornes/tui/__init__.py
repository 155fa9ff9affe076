"""The terminal game (``millebornes play``), built with Textual.

Import :mod:`millebornes.tui.app` only when the game starts: Textual is an optional dependency
and the other commands stay fast without it.
"""
