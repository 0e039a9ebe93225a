"""Run the kvguard CLI (``lint_rules.cli.main``, exactly as the console script) once per
variant root in ONE Python process: ``cd ROOT && kvguard check ARGS sglang`` for each root read
from stdin (JSON list); prints a JSON object root -> the CLI's JSON output. Saves the interpreter
and libcst start-up of a process per multi-file variant; ``KVGUARD_META_ISOLATE=1`` makes
``generator.judge`` use one process per variant instead."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys


def main() -> int:
    from lint_rules import cli

    args = sys.argv[1:]
    roots = json.loads(sys.stdin.read())
    out = {}
    for root in roots:
        os.chdir(root)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = cli.main(args + ["sglang"])
        if rc not in (0, 1, 2):
            raise SystemExit(f"kvguard exited {rc} in {root}")
        out[root] = buf.getvalue()
    sys.stdout.write(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
