"""``kvguard check|fix|rule`` with ruff's flags and exit codes.

Exit status: 0 clean; 1 findings remain (also after ``--fix``) or ``--diff`` would change
something; 2 usage, configuration or internal error, a file that cannot be read, decoded or
parsed, or a fix whose safety net failed (the file is left untouched).  Never prompts.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from typing import Optional, Sequence

from . import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


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


def _comma_list(value: str) -> list[str]:
    items = [v.strip() for v in value.split(",")]
    return [v for v in items if v]


def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid job count {value!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError("job count must be >= 0 (0 = one per CPU)")
    return n


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
        choices=("full", "concise", "json", "github", "sarif"),
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


def _guardrails_module(name: str):
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


class _VersionWithNameCheck(argparse.Action):
    """``--version``, plus the guard's check of the shared ``guardrails`` import name (guard hook:
    guardrails/nameclash.py; evaluated only when --version is given)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, **kw):
        super().__init__(option_strings, dest, nargs=0, default=default, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            note = _guardrails_module("nameclash").check().message
        except Exception as exc:
            note = (
                f"the `guardrails` package importable here is not kvguard's ({exc}); see "
                "docs/guard.md, 'The guardrails name'"
            )
        sys.stdout.write(f"kvguard {__version__}\n" + (f"note: {note}\n" if note else ""))
        parser.exit()


COMMANDS = ("check", "fix", "doctor", "rule")


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


# --------------------------------------------------------------------------------------------


def protect_sys_path() -> None:
    """Drop the working directory from sys.path (``python -m`` and empty PYTHONPATH entries
    put it there), so modules of the linted project can never shadow the linter's imports."""
    cwd = os.getcwd()
    sys.path[:] = [p for p in sys.path if p not in ("", ".", cwd)]


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so that cleanups run (the worker pool is shut down, a
    half-written temporary file is removed); the files themselves are replaced atomically."""


def _on_sigterm(main_pid: int):
    def handler(signum, frame):
        if os.getpid() != main_pid:  # a forked worker: die as before, silently
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise _Terminated()

    return handler


def entry() -> None:
    """The ``kvguard`` command and ``python -m lint_rules``: :func:`main`, then the process
    ends without the interpreter's teardown (freeing every module and object it loaded costs
    about a tenth of a one-file run, e.g. a pre-commit hook). Nothing of kvguard's is pending
    then: the output is flushed here, files and the cache were written atomically, forked
    workers were joined. Where something else may be (an ``atexit`` callback, another thread,
    a flush that fails, a profiler or tracer such as ``python -m cProfile`` that reports at
    the end), the usual exit runs instead. Library callers use :func:`main`."""
    import atexit

    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        sys.exit(code)  # the interpreter reports it, as before
    ncallbacks = getattr(atexit, "_ncallbacks", None)
    if (
        ncallbacks is None
        or ncallbacks()
        or _other_threads()
        or sys.getprofile() is not None
        or sys.gettrace() is not None
    ):
        sys.exit(code)
    os._exit(code)


def _other_threads() -> bool:
    # Threads started through `threading` (which counts them); none when it was never imported.
    threading = sys.modules.get("threading")
    return threading is not None and threading.active_count() > 1


def main(argv: Optional[Sequence[str]] = None) -> int:
    protect_sys_path()
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm(os.getpid()))
    except ValueError:  # not the main thread (embedded use): leave signals alone
        previous = None
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except _Terminated:
        sys.stderr.write("kvguard: terminated\n")
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        sys.stderr.write("kvguard: interrupted\n")
        return 130
    except BrokenPipeError:
        # Output consumer went away (e.g. `| head`); silence the interpreter's flush error.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return EXIT_ERROR
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else EXIT_ERROR)
    except Exception as exc:  # pragma: no cover - a bug: never a traceback-less silent pass
        import traceback

        traceback.print_exc()
        sys.stderr.write(f"kvguard: internal error: {type(exc).__name__}: {exc}\n")
        return EXIT_ERROR
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str]) -> int:
    if argv[:1] == ["doctor"]:  # guard hook: every later argument is the doctor's own
        return _guardrails_module("doctor").main(argv[1:])
    parser = build_parser(argv[0] if argv[:1] and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    if args.command == "rule":
        return _cmd_rule(args, parser)
    if args.command == "fix":
        args.fix = True
        args.unsafe_fixes = True
    return _cmd_check(args)


def _cmd_rule(args, parser) -> int:
    from .registry import RULES, rule_doc

    if args.all and args.code:
        parser.error("give a rule code (e.g. `kvguard rule KVG001`) or --all, not both")
    if not args.all and not args.code:
        return _list_rules(args.output_format)
    codes = sorted(RULES) if args.all else [args.code.strip().upper()]
    for code in codes:
        if code not in RULES:
            sys.stderr.write(
                f"kvguard: error: unknown rule {args.code!r} (known: {', '.join(sorted(RULES))})\n"
            )
            return EXIT_ERROR
    if args.output_format == "json":
        import json

        items = []
        for code in codes:
            meta = RULES[code]
            items.append(
                {
                    "code": code,
                    "name": meta.name,
                    "summary": meta.summary,
                    "default": meta.default_enabled,
                    "fixable": meta.fixable,
                    "explanation": rule_doc(code),
                }
            )
        json.dump(items if args.all else items[0], sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_CLEAN
    for i, code in enumerate(codes):
        meta = RULES[code]
        if i:
            sys.stdout.write("\n" + "-" * 72 + "\n\n")
        sys.stdout.write(rule_doc(code).strip("\n") + "\n\n")
        default = "yes" if meta.default_enabled else "no (opt-in: --extend-select " + code + ")"
        sys.stdout.write(
            f"Enabled by default: {default}. Fixable: {'yes' if meta.fixable else 'no'}.\n"
        )
    return EXIT_CLEAN


def _list_rules(output_format: str) -> int:
    """``kvguard rule`` alone: one line per rule (``kvguard rule CODE`` explains one)."""
    from .registry import RULES

    metas = [RULES[code] for code in sorted(RULES)]
    if output_format == "json":
        import json

        items = [
            {
                "code": m.code,
                "name": m.name,
                "summary": m.summary,
                "default": m.default_enabled,
                "fixable": m.fixable,
            }
            for m in metas
        ]
        json.dump(items, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_CLEAN
    width = max(len(m.name) for m in metas)
    sys.stdout.write(f"{'code':<7} {'name':<{width}} {'default':<7} {'fix':<3} summary\n")
    for m in metas:
        default = "on" if m.default_enabled else "off"
        fix = "yes" if m.fixable else "no"
        sys.stdout.write(f"{m.code:<7} {m.name:<{width}} {default:<7} {fix:<3} {m.summary}\n")
    sys.stdout.write(
        "\n`kvguard rule CODE` explains a rule; `kvguard rule --all` explains them all.\n"
    )
    return EXIT_CLEAN


def _cmd_check(args) -> int:
    import dataclasses

    from . import adoption  # --baseline / --write-baseline / --add-noqa (users)
    from .config import ConfigError, discover_config
    from .discovery import discover
    from .engine import Engine, Options
    from .registry import Selection, UnknownRuleError, resolve_codes

    if (problem := adoption.usage_error(args)) is not None:
        sys.stderr.write(f"kvguard: error: {problem}\n")
        return EXIT_ERROR
    started = time.perf_counter()
    stdin_mode = args.stdin_filename is not None or args.paths == ["-"]
    paths = args.paths or ["."]
    if stdin_mode:
        paths = [args.stdin_filename] if args.stdin_filename else ["."]
    try:
        config = discover_config(paths, explicit=args.config, isolated=args.isolated)
        if args.cache_dir:
            config = dataclasses.replace(config, cache_dir=os.path.abspath(args.cache_dir))
        cli_layer = Selection(
            select=tuple(args.select) if args.select is not None else None,
            extend_select=tuple(args.extend_select),
            ignore=tuple(args.ignore),
            origin="the command line",
        )
        codes = resolve_codes(layers=[config.selection_layer(), cli_layer])
        options = Options(
            fix=args.fix,
            unsafe_fixes=args.unsafe_fixes,
            diff=args.diff,
            use_cache=not args.no_cache,
            report_unused=args.show_unused_suppressions,
            jobs=args.jobs or None,
        )
        linter = Engine(config, codes, options)
    except (ConfigError, UnknownRuleError) as exc:
        sys.stderr.write(f"kvguard: error: {exc}\n")
        return EXIT_ERROR

    if stdin_mode:
        return _check_stdin(args, linter, config)

    discovery = discover(paths, config, force_exclude=args.force_exclude)
    report = linter.run(discovery)
    adopted = adoption.after_run(args, report, linter, config)  # filters through the baseline
    if adopted is not None:
        return adopted
    status = _emit(args, report, options)
    if args.verbose:
        s = report.stats
        sys.stderr.write(
            f"kvguard: {s.get('files', 0)} files: {s.get('cached', 0)} cached, {s.get('prefiltered', 0)} "
            f"prefiltered, {s.get('parsed', 0)} parsed; {s.get('workers', 1)} workers; {len(codes)} rules ({', '.join(sorted(codes))}); "
            f"config {config.path or '(defaults)'}; cache {s.get('cache_file', 'off')}"
            f"{'; corrupt cache ignored: ' + s['cache_load_error'] if s.get('cache_load_error') else ''}; "
            f"{time.perf_counter() - started:.3f}s\n"
        )
    return status


def _file_lines(path: str, cache: dict) -> Optional[list[str]]:
    if path not in cache:
        from .source import SourceDecodeError, read_source

        try:
            cache[path] = read_source(path)[1].text.splitlines(keepends=True)
        except (OSError, SourceDecodeError):
            cache[path] = None
    return cache[path]


def _emit(args, report, options, *, out=None, stdin_text: Optional[str] = None) -> int:
    from . import reporters

    out = out or sys.stdout
    rows, errors = reporters.collect_rows(report, options.unsafe_fixes, options.report_unused)
    for e in errors:
        sys.stderr.write(f"error: {e.display}: {e.message}\n")
    fmt = args.output_format
    fix_mode = options.fix and not options.diff

    if options.diff:
        changed = [fr for fr in report.files if fr.diff]
        for fr in changed:
            out.write(fr.diff)
        would = sum(len(fr.fixed) for fr in changed)
        if not args.quiet:
            for fr in changed:
                if fr.fix_target:
                    sys.stderr.write(f"would fix {fr.target.display} (target: {fr.fix_target})\n")
            sys.stderr.write(reporters.diff_summary(rows, would))
        if errors:
            return EXIT_ERROR
        # As ruff: the status says whether anything would change; remaining findings are named
        # in the summary above (``kvguard check`` exits 1 for them).
        return EXIT_FINDINGS if changed else EXIT_CLEAN

    if args.statistics:
        reporters.write_statistics(rows, out)
    elif fmt == "json":
        reporters.write_json(rows, errors, out)
    elif fmt == "sarif":
        reporters.write_sarif(rows, errors, out, __version__)
    elif fmt == "github":
        reporters.write_github(rows, errors, out)
    elif fmt == "concise":
        reporters.write_concise(
            rows,
            report,
            out,
            fix_mode=fix_mode,
            unsafe_fixes=options.unsafe_fixes,
            summary=not args.quiet,
        )
    else:
        line_cache: dict = {}
        if stdin_text is not None:
            stdin_lines = stdin_text.splitlines(keepends=True)
            lines_of = lambda row: stdin_lines  # noqa: E731
        else:
            lines_of = lambda row: _file_lines(row.abspath, line_cache)  # noqa: E731
        if args.quiet:
            reporters.write_concise(rows, report, out, summary=False)
        else:
            reporters.write_full(
                rows, report, out, lines_of, fix_mode=fix_mode, unsafe_fixes=options.unsafe_fixes
            )

    for fr in report.files:
        if fr.fix_target and fr.fixed and fmt in ("full", "concise") and not args.quiet:
            sys.stderr.write(f"fixed {fr.target.display} (target: {fr.fix_target})\n")
    if errors:
        return EXIT_ERROR
    if rows and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _check_stdin(args, linter, config) -> int:
    from .discovery import excluder, make_target
    from .engine import RunReport
    from .source import SourceDecodeError, decode_source

    name = (args.stdin_filename or "-").replace(os.sep, "/")
    data = sys.stdin.buffer.read()
    options = linter.options
    try:
        source = decode_source(data)
    except SourceDecodeError as exc:
        if options.fix and not options.diff:
            sys.stdout.buffer.write(data)  # never lose the input
        sys.stderr.write(f"error: {make_target(name, config).display}: {exc}\n")
        return EXIT_ERROR
    excluded = args.force_exclude and excluder(config).match(make_target(name, config).rel)
    fr, new_bytes = linter.check_stdin(source, name, excluded)
    report = RunReport(files=[fr])
    if options.fix and not options.diff:
        # Fixed (or untouched) source on stdout, diagnostics on stderr.
        sys.stdout.flush()
        sys.stdout.buffer.write(new_bytes if new_bytes is not None else data)
        sys.stdout.flush()
        text = source.text if new_bytes is None else decode_source(new_bytes).text
        return _emit(args, report, options, out=sys.stderr, stdin_text=text)
    return _emit(args, report, options, stdin_text=source.text)
