"""The rules of Mille Bornes, exactly, with nothing outside the standard library: cards and
presets, actions and their notation, a deal and its views, scoring, matches, positions and
records. Everything else in the package sits above this and may import it; it imports nothing
else of the package."""
