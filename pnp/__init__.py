"""pnp: print-and-play kits and translated rulebooks generated from one rules source of truth."""

__version__ = "0.1.0"
