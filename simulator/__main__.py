"""``python -m simulator`` is the same as the ``streamsim`` command."""

import sys

from simulator.cli import main

sys.exit(main())
