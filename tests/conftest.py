"""Top-level test configuration (kept minimal; suites keep their fixtures beside them)."""

import os

# Output of the CLI under test must not depend on the developer's environment.
os.environ.pop("KVGUARD_OUTPUT_FORMAT", None)
