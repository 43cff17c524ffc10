"""pnp: print-and-play kits and translated rulebooks generated from one rules source of truth."""

import os

# One BLAS thread, set before NumPy loads: the solver's products are small, and a second BLAS thread spins idle on
# the other core between them (a third more CPU for the Dicemants race), where a build's other process works.
# A value already in the environment wins.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

__version__ = "0.1.0"
