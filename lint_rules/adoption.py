"""CLI glue for adopting kvguard on legacy code: ``--baseline``, ``--write-baseline``, ``--add-noqa``.

``cli.py`` calls :func:`add_arguments` while building its parser, :func:`usage_error` before a run
and :func:`after_run` after it; the work is in ``baseline.py`` and ``add_noqa.py``, imported only
when one of these options is used (this module is imported by every ``kvguard`` invocation).
"""

from __future__ import annotations

import sys
from typing import Optional


def add_arguments(parser, fix_command: bool) -> None:
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="report only findings not in this baseline file (also `baseline` in [tool.kvguard])",
    )
    if fix_command:
        return
    parser.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record the current findings in FILE (a baseline) and exit 0",
    )
    parser.add_argument(
        "--add-noqa",
        action="store_true",
        help="append `# noqa: CODE` to the line of each finding (merging with existing noqa)",
    )


def usage_error(args) -> Optional[str]:
    """A conflict between the adoption options and the others, checked before anything runs."""
    stdin = args.stdin_filename is not None or args.paths == ["-"]
    add_noqa = getattr(args, "add_noqa", False)
    write_to = getattr(args, "write_baseline", None)
    if add_noqa and write_to:
        return "--add-noqa and --write-baseline cannot be combined"
    for flag, on in (("--add-noqa", add_noqa), ("--write-baseline", bool(write_to))):
        if on and (args.fix or args.diff):
            return f"{flag} cannot be combined with --fix or --diff"
        if on and stdin:
            return f"{flag} needs files, not stdin"
    if args.baseline and stdin:
        return "--baseline needs files, not stdin"
    return None


def after_run(args, report, linter, config) -> Optional[int]:
    """Run ``--add-noqa`` / ``--write-baseline`` (their exit status), or filter ``report`` through
    the baseline (``None``: the CLI goes on reporting). Exit 2 on a bad baseline file."""
    quiet = getattr(args, "quiet", False)
    source = getattr(args, "baseline", None) or getattr(config, "baseline", None)
    add_noqa = getattr(args, "add_noqa", False)
    if not (source or add_noqa or getattr(args, "write_baseline", None)):
        return None
    from .baseline import BaselineError, apply, load, record, write

    try:
        if add_noqa:
            from .add_noqa import add_noqa_to_report

            return add_noqa_to_report(report, linter, config, quiet=quiet)
        if getattr(args, "write_baseline", None):
            if report.errors or any(fr.result.error for fr in report.files):
                from .reporters import collect_rows

                for e in collect_rows(report, False, False)[1]:
                    sys.stderr.write(f"error: {e.display}: {e.message}\n")
                sys.stderr.write("kvguard: baseline not written: some files could not be linted\n")
                return 2
            baseline = record(report, args.write_baseline)
            write(baseline)
            if not quiet:
                sys.stderr.write(
                    f"kvguard: wrote {len(baseline.entries)} finding"
                    f"{'s' if len(baseline.entries) != 1 else ''} to baseline {baseline.path}\n"
                )
            return 0
        baseline = load(source)
    except BaselineError as exc:
        sys.stderr.write(f"kvguard: error: {exc}\n")
        return 2
    applied = apply(report, baseline, linter.codes)
    if not quiet and applied.matched:
        sys.stderr.write(
            f"kvguard: {applied.matched} finding{'s' if applied.matched != 1 else ''} "
            f"accepted by baseline {baseline.path}\n"
        )
    if applied.stale:
        n = len(applied.stale)
        sys.stderr.write(
            f"kvguard: {n} stale baseline entr{'ies' if n != 1 else 'y'} in {baseline.path} "
            f"(fixed or changed; refresh with `kvguard check --write-baseline {baseline.path}`):\n"
        )
        for fp, line in applied.stale:
            stmt = fp.statement if len(fp.statement) <= 80 else fp.statement[:77] + "..."
            sys.stderr.write(f"  {fp.path}:{line}: {fp.code} in {fp.function}: {stmt}\n")
    return None
