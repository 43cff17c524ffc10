"""`python -m pnp`: the same command line as `pnp`."""

import sys

from .cli import main

sys.exit(main())
