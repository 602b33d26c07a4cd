"""``python -m napkifu``: the same as the ``napkifu`` command."""

import sys

from napkifu.cli import main

if __name__ == "__main__":  # never again in a process-pool worker that imports it
    sys.exit(main())
