"""``kvguard check|fix|rule`` with ruff's flags and exit codes.

Exit status: 0 clean; 1 findings remain (also after ``--fix``) or ``--diff`` would change
something; 2 usage, configuration or internal error, a file that cannot be read, decoded or
parsed, or a fix whose safety net failed (the file is left untouched).  Never prompts.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Optional, Sequence

from . import __version__, protect_sys_path
from .cli_parser import EXIT_ERROR, build_parser, guardrails_module

EXIT_CLEAN, EXIT_FINDINGS = 0, 1
COMMANDS = ("check", "fix", "doctor", "rule")


# --------------------------------------------------------------------------------------------


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
    except Exception:  # output that cannot be written (full, closed): the status still holds
        os._exit(code)
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


class _Diagnostics:
    """``sys.stderr`` for a run: a write or flush that fails (stderr closed, or a full disk)
    is dropped, so that the exit status says what happened whatever becomes of stderr."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text) if self._stream is not None else len(text)
        except (OSError, ValueError):
            return len(text)

    def flush(self) -> None:
        try:
            if self._stream is not None:
                self._stream.flush()
        except (OSError, ValueError):
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """Point the stdout descriptor at /dev/null: what is still buffered can then be flushed
    (the output it belonged to is lost anyway; the status and stderr say so)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    protect_sys_path()
    stderr = sys.stderr
    sys.stderr = _Diagnostics(stderr)  # type: ignore[assignment]
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
        _silence_stdout()
        return EXIT_ERROR
    except _StdinTooLarge as exc:
        sys.stderr.write(f"kvguard: error: {exc}\n")
        return EXIT_ERROR
    except OSError as exc:  # the output cannot be written (a full disk): one line, exit 2
        # (a file's own read or write errors are reported per file and never get here)
        _silence_stdout()
        sys.stderr.write(f"kvguard: error: cannot write the output: {exc.strerror or exc}\n")
        return EXIT_ERROR
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else EXIT_ERROR)
    except Exception as exc:  # pragma: no cover - a bug: never a traceback-less silent pass
        import traceback

        from .model import internal_error

        try:
            traceback.print_exc(limit=20)
        except Exception:  # an exception whose traceback cannot be formatted
            pass
        sys.stderr.write(f"kvguard: {internal_error(exc)}\n")
        return EXIT_ERROR
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        sys.stderr.flush()
        sys.stderr = stderr


def _main(argv: list[str]) -> int:
    if argv[:1] == ["doctor"]:  # guard hook: every later argument is the doctor's own
        return guardrails_module("doctor").main(argv[1:])
    parser = build_parser(argv[0] if argv[:1] and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    if args.command == "rule":
        return _cmd_rule(args, parser)
    return _run_lint_command(args)


def _run_lint_command(args) -> int:
    if args.command == "fix":
        args.fix = True
        args.unsafe_fixes = True
    return _cmd_check(args)


def _cmd_rule(args, parser) -> int:
    from .registry import RULES, rule_doc, rule_url

    if args.all and args.code:
        parser.error("give a rule code (e.g. `kvguard rule KVG001`) or --all, not both")
    if not args.all and args.code is None:
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
                    "url": rule_url(code),
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
    from dataclasses import replace

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
            config = replace(config, cache_dir=os.path.abspath(args.cache_dir))
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


STDIN_LIMIT = 256 << 20  # bytes: far above any source file; an endless stream stops here


class _StdinTooLarge(Exception):
    pass


def _read_stdin() -> bytes:
    """All of stdin, or :class:`_StdinTooLarge` past ``STDIN_LIMIT`` (an endless stream)."""
    stream = sys.stdin.buffer if sys.stdin is not None else None
    if stream is None:
        return b""
    chunks, size = [], 0
    while True:
        block = stream.read(1 << 20)
        if not block:
            return b"".join(chunks)
        size += len(block)
        if size > STDIN_LIMIT:
            raise _StdinTooLarge(f"stdin is larger than {STDIN_LIMIT >> 20} MiB; not linted")
        chunks.append(block)


def _check_stdin(args, linter, config) -> int:
    from .discovery import excluder, make_target
    from .engine import RunReport
    from .source import SourceDecodeError, decode_source

    name = (args.stdin_filename or "-").replace(os.sep, "/")
    data = _read_stdin()
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
