"""`python -m rulesdsl` is the `rulesdsl` command."""

import sys

from rulesdsl.cli import main

sys.exit(main())
