"""Guard fault containment on REAL sglang classes (child process; prints one JSON object).

    python -m tests.reliability.guard_faults

Run with the interpreter of the repo's ``.venv`` (real sglang 0.5.23, CPU).  Observations only;
the assertions live in ``test_guard_faults.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)


def _outcome(fn, *args):
    import guardrails

    try:
        fn(*args)
        return "ok"
    except guardrails.PoolGuardViolation:
        return "violation"
    except Exception as exc:  # the original ran into a CPU-only limitation: same for both
        return f"original_reached:{type(exc).__name__}"


def fault_injection():
    """Each guard internal made to raise, in warn mode: the call's outcome equals the unguarded
    one, one error log, only that instance disabled, another instance still checked."""
    import guardrails
    from guardrails import hotpath, installation, wiring
    from tests.guard.scenarios import captured_guard_logs, rs

    R = rs()
    s = R.build_runner_set()
    unguarded = R.build_trtllm_backend(s.eagle_draft)
    baseline = _outcome(unguarded.init_forward_metadata, R.make_forward_batch(s.eagle_draft))

    def boom(*a, **k):
        raise AttributeError("'ForwardBatch' object has no attribute 'renamed_in_a_future_release'")

    points = {
        # bound into the wrappers at install time: patch before installing
        "wiring.active_pool": lambda: _swap(
            wiring.select(guardrails.invariant.parse_version(R.sglang_facts().version), None),
            "active_pool",
            boom,
        ),
        "check_pool_invariant": lambda: _swap(hotpath, "check_pool_invariant", boom),
        "format_violation": lambda: _swap(installation, "format_violation", boom),
    }
    out = {"baseline": baseline}
    for point, patcher in points.items():
        with patcher():
            guardrails.install("warn")
            try:
                with captured_guard_logs() as records:
                    b = R.build_trtllm_backend(s.eagle_draft)
                    outcomes = [
                        _outcome(b.init_forward_metadata, R.make_forward_batch(s.eagle_draft))
                        for _ in range(3)
                    ]
                    state = guardrails.backend_state(b)
                    errors = [m for lvl, m in records if lvl == "ERROR" and "internal error" in m]
                    stats = guardrails.stats()
            finally:
                guardrails.uninstall()
        # after the fault is gone: a fresh instance is checked and the bug is reported
        guardrails.install("warn")
        try:
            other = R.build_trtllm_backend(s.eagle_draft)
            _outcome(other.init_forward_metadata, R.make_forward_batch(s.eagle_draft))
            other_stats = guardrails.stats()
            other_disabled = guardrails.backend_state(other).disabled
        finally:
            guardrails.uninstall()
        out[point] = {
            "outcomes": outcomes,
            "internal_error_logs": errors,
            "disabled": bool(state and state.disabled),
            "internal_errors": stats["internal_errors"],
            "other_disabled": other_disabled,
            "other_violations": other_stats["violations"],
        }
    return out


@contextlib.contextmanager
def _swap(obj, name, value):
    saved = getattr(obj, name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        setattr(obj, name, saved)


def threaded_logging():
    """8 threads x 8 real draft backends x 50 calls: every violation counted, one log line."""
    import guardrails
    from tests.guard.scenarios import captured_guard_logs, rs

    R = rs()
    s = R.build_runner_set()
    guardrails.install("warn")
    try:
        backends = [R.build_trtllm_backend(s.eagle_draft) for _ in range(8)]
        batches = [R.make_forward_batch(s.eagle_draft) for _ in range(50)]
        barrier = threading.Barrier(8)
        errors = []

        def work(b):
            barrier.wait()
            for fb in batches:
                try:
                    b.init_forward_metadata(fb)
                except guardrails.PoolGuardViolation as exc:  # pragma: no cover - warn mode
                    errors.append(repr(exc))
                except Exception:
                    pass  # CPU-only limitation inside the original

        with captured_guard_logs() as records:
            threads = [threading.Thread(target=work, args=(b,)) for b in backends]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        stats = guardrails.stats()
        return {
            "violation_logs": [m for _, m in records if "invariant violated" in m],
            "by_key": {"|".join(k): v for k, v in stats["by_key"].items()},
            "violations": stats["violations"],
            "raised": errors,
            "states_distinct": len({id(guardrails.backend_state(b)) for b in backends}),
        }
    finally:
        guardrails.uninstall()


def exact_uninstall():
    """vars() of every targeted real class (and its subclasses in the same module) identical,
    object for object, after install + uninstall; twice, to catch leftovers."""
    import importlib

    import guardrails
    from guardrails import runtime
    from tests.guard.scenarios import rs

    rs()
    classes = []
    for mod_name, names in runtime.DEFAULT_TARGETS.items():
        try:
            mod = importlib.import_module(mod_name)
        except Exception:
            continue
        for obj in vars(mod).values():
            if isinstance(obj, type) and obj.__module__ == mod_name:
                classes.append(obj)
    before = {f"{c.__module__}.{c.__qualname__}": dict(vars(c)) for c in classes}
    wrapped = set()
    for mode in ("warn", "raise"):
        guardrails.install(mode)
        for c in classes:
            for k, v in vars(c).items():
                if getattr(v, "__kvguard_wrapper__", None) is not None:
                    wrapped.add(f"{c.__qualname__}.{k}")
        guardrails.uninstall()
    diffs = []
    for c in classes:
        key = f"{c.__module__}.{c.__qualname__}"
        now = dict(vars(c))
        for k in set(before[key]) | set(now):
            if before[key].get(k, "<absent>") is not now.get(k, "<absent>"):
                diffs.append(f"{key}.{k}")
    return {"classes": len(classes), "wrapped": sorted(wrapped), "diffs": sorted(diffs)}


SCENARIOS = {
    "fault_injection": fault_injection,
    "threaded_logging": threaded_logging,
    "exact_uninstall": exact_uninstall,
}


def main() -> int:
    real_stdout = sys.stdout
    results = {}
    with contextlib.redirect_stdout(sys.stderr):
        from tests.support import cpu_stubs

        cpu_stubs.prepare_cpu_process()
        import sglang

        results["sglang_version"] = sglang.__version__
        for name in sys.argv[1:] or SCENARIOS:
            results[name] = SCENARIOS[name]()
    real_stdout.write(json.dumps(results, default=repr) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
