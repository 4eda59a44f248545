"""``python -m coda_pi.cli``: the ``coda-pi`` command."""

import sys

from coda_pi.cli import main

sys.exit(main())
