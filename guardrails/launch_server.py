"""``python -m guardrails.launch_server <sglang launch_server args>``: sglang with the KV pool guard
in every scheduler process, for sglang versions without the plugin system (< 0.5.11).

sglang starts schedulers with the ``spawn`` start method, which re-imports the parent's main module
as ``__mp_main__`` in each child. The guard is therefore installed at module top level: it runs in
the launcher process (``__main__``) and again in every spawned scheduler, detokenizer and DP
controller (``__mp_main__``), before sglang imports its attention backends there. The mode comes
from ``SGLANG_KV_POOL_GUARD`` (default for this launcher: ``warn``) or ``--kv-pool-guard MODE``,
which is removed from the arguments and exported so children see it.

On sglang >= 0.5.11 the plugin entry point does the same job; the launcher still works there (the
two are idempotent).

``--kvguard-check`` starts one spawned child the way sglang does and prints, as JSON, whether the
guard is installed on ``TRTLLMHAAttnBackend`` in that child; it does not start a server. That child
only imports the backend module: where torchvision is not installed (a CPU box, kvguard's own dev
environment), sglang's module-level ``import torchvision`` is served by the named stand-in of
``guardrails/probe/standins.py`` (reported as ``stand_ins``); nothing of it runs.
``KVGUARD_CHECK_PREPARE=module:function`` names a function the child calls first (the tests' CPU
preparation).
"""

from __future__ import annotations

import json
import os
import sys

from .config import parse_mode
from .runtime import ENV_VAR, GuardConfigError, Mode, install, installed_methods, mode_from_env

_GUARD_FLAG = "--kv-pool-guard"


_PROG = "python -m guardrails.launch_server"


def _fail(message: str) -> None:
    """One line on stderr and exit 2 (a usage error: no traceback)."""
    sys.stderr.write(f"{_PROG}: error: {message}\n")
    sys.exit(2)


def _take_mode_arg(argv):
    """Remove ``--kv-pool-guard MODE`` / ``--kv-pool-guard=MODE`` from argv; export it. A bad or
    missing MODE is an error that names the option (not the variable it is exported as)."""
    rest, i = [], 0
    while i < len(argv):
        arg = argv[i]
        value = None
        if arg == _GUARD_FLAG:
            if i + 1 >= len(argv):
                _fail(f"{_GUARD_FLAG} needs a value: off, warn or raise")
            value = argv[i + 1]
            i += 2
        elif arg.startswith(_GUARD_FLAG + "="):
            value = arg.split("=", 1)[1]
            i += 1
        else:
            rest.append(arg)
            i += 1
            continue
        try:
            parse_mode(value, source=_GUARD_FLAG)
        except GuardConfigError as exc:
            _fail(str(exc))
        os.environ[ENV_VAR] = value
    return rest


if __name__ == "__main__":
    sys.argv[1:] = _take_mode_arg(sys.argv[1:])
    # The launcher exists to turn the guard on: default to warn, exported for the children.
    os.environ.setdefault(ENV_VAR, Mode.WARN.value)

# Top level on purpose: runs in the launcher and in every spawned child (as __mp_main__).
_HELP = __name__ == "__main__" and any(a in ("-h", "--help") for a in sys.argv[1:])
try:
    _MODE = install(mode_from_env())  # without sglang: a warning, the hook waits for an import
except GuardConfigError as exc:
    if __name__ == "__main__" and not _HELP:
        _fail(str(exc))
    if not _HELP:
        raise
    _MODE = Mode.OFF  # --help still answers with a bad SGLANG_KV_POOL_GUARD

USAGE = """usage: python -m guardrails.launch_server [--kv-pool-guard off|warn|raise] [--kvguard-check]
                                          [sglang launch_server arguments ...]

sglang's launch_server with the kvguard KV pool guard installed in every scheduler process.

kvguard options:
  --kv-pool-guard MODE  off | warn | raise (default: $SGLANG_KV_POOL_GUARD, else warn); exported
                        as SGLANG_KV_POOL_GUARD so spawned schedulers see it
  --kvguard-check       start one spawned child as sglang does and print, as JSON, whether the
                        guard is installed there; starts no server
Every other argument goes to sglang's launch_server (its options follow, when sglang imports).
"""


def _child_report(queue) -> None:
    """Runs in a spawned child: import the backend like a scheduler would and report."""
    result = {"pid": os.getpid(), "mode": None, "wrapped": {}, "error": None, "stand_ins": []}
    try:
        import guardrails

        from .probe.standins import install_torchvision_stub

        if install_torchvision_stub():  # only where no torchvision is importable
            result["stand_ins"].append("torchvision")

        prepare = os.environ.get("KVGUARD_CHECK_PREPARE")
        if prepare:  # e.g. the CPU test stand-ins: "tests.support.cpu_stubs:prepare_cpu_process"
            mod_name, func = prepare.split(":")
            getattr(__import__(mod_name, fromlist=[func]), func)()
        import sglang.srt.layers.attention.trtllm_mha_backend as trtllm

        cls = trtllm.TRTLLMHAAttnBackend
        result["mode"] = guardrails.current_mode().value
        result["wrapped"] = {
            name: getattr(cls.__dict__.get(name), "__kvguard_wrapper__", None) is not None
            for name in ("__init__", "init_forward_metadata", "forward_decode", "forward_extend")
        }
        result["installed_methods"] = installed_methods()
        result["main_module"] = getattr(sys.modules.get("__main__"), "__name__", None)
    except Exception as exc:  # reported, not raised: the parent prints it
        result["error"] = f"{type(exc).__name__}: {exc}"
    queue.put(result)


def _check() -> int:
    import multiprocessing as mp

    ctx = mp.get_context("spawn")  # what sglang uses for schedulers
    queue = ctx.Queue()
    proc = ctx.Process(target=_child_report, args=(queue,))
    proc.start()
    result = queue.get(timeout=300)
    proc.join(60)
    result["parent_mode"] = _MODE.value
    print(json.dumps(result, default=str))
    ok = (
        result["error"] is None and all(result["wrapped"].values())
        if _MODE is not Mode.OFF
        else True
    )
    return 0 if ok else 1


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE)
        try:
            from sglang.srt.server_args import prepare_server_args
        except Exception as exc:  # sglang missing or broken: our help is still the answer
            print(
                f"(sglang's own options are not shown: sglang cannot be imported here: "
                f"{type(exc).__name__}: {exc})"
            )
            return 0
        sys.stdout.flush()
        try:
            prepare_server_args(["--help"])
        except SystemExit:
            pass
        return 0
    if "--kvguard-check" in argv:
        return _check()
    try:
        import sglang.launch_server as sglang_launch
        from sglang.srt.server_args import prepare_server_args
        from sglang.srt.utils import kill_process_tree
    except ImportError as exc:
        _fail(f"sglang cannot be imported here ({type(exc).__name__}: {exc})")

    try:  # sglang >= 0.5.11 loads its plugins here too (idempotent with our install)
        from sglang.srt.plugins import load_plugins
    except ImportError:
        load_plugins = None
    if load_plugins is not None:
        load_plugins()
    server_args = prepare_server_args(argv)
    try:
        sglang_launch.run_server(server_args)
    finally:
        kill_process_tree(os.getpid(), include_parent=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
