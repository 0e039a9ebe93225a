"""The ``argparse`` parser of ``kvguard`` (every command line: help, usage, errors), with what
it needs of its own (the value conversions, the guard hooks' import). Imports nothing of
:mod:`lint_rules.cli`, which imports it."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Optional

from . import __version__

EXIT_ERROR = 2  # usage errors (``lint_rules.cli``'s exit status for them)
OUTPUT_FORMATS = ("full", "concise", "json", "github", "sarif")


def _comma_list(value: str) -> list[str]:
    items = [v.strip() for v in value.split(",")]
    return [v for v in items if v]


def _jobs(value: str) -> int:
    try:
        n: Optional[int] = int(value)
    except ValueError:
        n = None
    if n is None or n < 0:
        raise argparse.ArgumentTypeError(
            f"invalid job count {value!r}"
            if n is None
            else "job count must be >= 0 (0 = one per CPU)"
        )
    return n


def guardrails_module(name: str):
    """Import ``guardrails.<name>`` for the guard hooks (doctor, --version). protect_sys_path()
    may have dropped the directory that holds both packages (a path-based editable install run
    from the repository root); it is appended back for this import only."""
    import importlib

    try:
        return importlib.import_module(f"guardrails.{name}")
    except ImportError:
        home = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        if home not in sys.path:
            sys.path.append(home)
        return importlib.import_module(f"guardrails.{name}")


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        # Until build_parser() is done, argparse asks for a formatter only to check each new
        # argument's metavar against its nargs, which no width changes: a fixed width spares
        # the terminal-size lookup (and importing shutil). Help and usage get the real one.
        self._building = True
        super().__init__(*args, **kwargs)

    def _get_formatter(self):
        if self._building:
            return self.formatter_class(prog=self.prog, width=80)
        return super()._get_formatter()

    def error(self, message: str):  # usage errors: exit 2 with a short message
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"kvguard: error: {message}\n")


def _add_lint_args(p: argparse.ArgumentParser, fix_command: bool) -> None:
    p.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or directories to check (default: .)"
    )
    if not fix_command:
        p.add_argument(
            "--fix", action="store_true", help="apply fixes (safe ones unless --unsafe-fixes)"
        )
        p.add_argument("--no-fix", dest="fix", action="store_false")
        p.add_argument(
            "--unsafe-fixes",
            action="store_true",
            help="also apply unsafe fixes (with --fix / --diff)",
        )
        p.add_argument("--no-unsafe-fixes", dest="unsafe_fixes", action="store_false")
    p.add_argument(
        "--diff",
        action="store_true",
        help="write nothing; print a unified diff of the fixes instead (exit 1 if anything would change)",
    )
    p.add_argument(
        "--select",
        type=_comma_list,
        metavar="CODES",
        help="rule codes or prefixes to enable (replaces the configured set)",
    )
    p.add_argument(
        "--extend-select",
        type=_comma_list,
        default=[],
        metavar="CODES",
        help="rule codes or prefixes to enable in addition",
    )
    p.add_argument(
        "--ignore",
        type=_comma_list,
        default=[],
        metavar="CODES",
        help="rule codes or prefixes to disable",
    )
    p.add_argument(
        "--output-format",
        choices=OUTPUT_FORMATS,
        default=os.environ.get("KVGUARD_OUTPUT_FORMAT") or "full",
        help="output format (default: full; $KVGUARD_OUTPUT_FORMAT)",
    )
    p.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit 0 even when findings remain (errors still exit 2)",
    )
    p.add_argument(
        "--stdin-filename", metavar="NAME", help="lint source read from stdin, reported as NAME"
    )
    p.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the result cache"
    )
    p.add_argument(
        "--cache-dir",
        metavar="DIR",
        help="cache directory (default: <project root>/.kvguard_cache)",
    )
    p.add_argument(
        "--show-unused-suppressions",
        action="store_true",
        help="report `# noqa: KVG...` / `# kvguard: ignore[...]` comments that suppress nothing",
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        default=0,
        metavar="N",
        help="worker processes for parsing (default 0: one per CPU)",
    )
    p.add_argument(
        "--config", metavar="PATH", help="use this TOML file instead of discovering pyproject.toml"
    )
    p.add_argument("--isolated", action="store_true", help="ignore all configuration files")
    p.add_argument(
        "--force-exclude",
        action="store_true",
        help="apply exclusions to explicitly named files too",
    )
    p.add_argument(
        "--statistics", action="store_true", help="print counts per rule instead of findings"
    )
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print timing, cache and prefilter figures to stderr",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary")
    from .adoption import add_arguments  # --baseline, --write-baseline, --add-noqa (users)

    add_arguments(p, fix_command)


class _VersionWithNameCheck(argparse.Action):
    """``--version``, plus the guard's check of the shared ``guardrails`` import name (guard hook:
    guardrails/nameclash.py; evaluated only when --version is given)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, **kw):
        super().__init__(option_strings, dest, nargs=0, default=default, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            note = guardrails_module("nameclash").check().message
        except Exception as exc:
            note = (
                f"the `guardrails` package importable here is not kvguard's ({exc}); see "
                "docs/guard.md, 'The guardrails name'"
            )
        sys.stdout.write(f"kvguard {__version__}\n" + (f"note: {note}\n" if note else ""))
        parser.exit()


def build_parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The ``kvguard`` parser. ``command``: the subcommand that parsing will run (the first
    argument); the other subcommands then get their names and help only (what the top-level
    help and errors show), not their arguments."""
    parser = _Parser(
        prog="kvguard",
        description="Static lint against KV pool / allocator confusion in SGLang attention backends.",
    )
    parser.add_argument("--version", action=_VersionWithNameCheck, help="print the version")
    # prog given: what argparse would derive from the top-level usage ("kvguard"), unformatted
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, prog=parser.prog
    )
    check = sub.add_parser("check", help="lint files (default: .)")
    if command in (None, "check"):
        _add_lint_args(check, fix_command=False)
    fix = sub.add_parser(
        "fix", help="apply all fixes, unsafe ones included (= check --fix --unsafe-fixes)"
    )
    if command in (None, "fix"):
        _add_lint_args(fix, fix_command=True)
    # guard hook: `kvguard doctor ARGS` = `python -m guardrails doctor ARGS` (imported lazily)
    doctor = sub.add_parser(
        "doctor", help="is the installed sglang affected? (runtime guard)", add_help=False
    )
    doctor.add_argument("rest", nargs=argparse.REMAINDER)
    rule = sub.add_parser("rule", help="explain a rule (no code: list the rules)")
    rule.add_argument("code", nargs="?", help="rule code, e.g. KVG001")
    rule.add_argument("--all", action="store_true", help="print every rule's documentation")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    for p in (parser, *sub.choices.values()):
        p._building = False
    return parser
