import sys

from napkifu.cli import main

sys.exit(main())
