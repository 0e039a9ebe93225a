"""Host cost of the KV pool guard per check, on real sglang objects (CPU). Not a timed test.

    .venv/bin/python benchmarks/guard_overhead.py [--n 200000]
    PYTHONPATH=~/.cache/kvguard/envs/sglang-0.5.12.post1 .venv/bin/python benchmarks/guard_overhead.py

Measures, on a real TRTLLMHAAttnBackend over a real SWAKVPool + allocator and a real ForwardBatch:

* ``invariant``: ``check_pool_invariant`` alone (consistent pools);
* ``metadata``: the guard wrapper of a metadata method (``init_forward_metadata``) around a no-op,
  minus the bare no-op call: what one guarded step costs on the host;
* ``forward (dedup)``: the wrapper of ``forward_decode`` on the 2nd..Nth layer of the same batch
  (checked once per batch, so this is the skip path);
* ``forward (per layer)``: the same with ``per_layer=True`` (a check on every layer call);
* ``translate``: the behavioural check's wrapper on ``translate_loc_from_full_to_swa`` around a
  no-op, outside any backend call and inside the target's (SWA) frame, and a read of
  ``full_to_swa_index_mapping`` through the probe vs a plain attribute read (the steady state of a
  consistent server; a violation is reported once per frame).

The metadata figure includes pushing/popping the current-backend frame (guardrails/context.py).

The wrapped original is a no-op with the real method's signature (so that attention kernels,
absent on CPU, do not enter the measurement, and the wrapper's shell is the one the real method
gets); the wrapper itself is made by the factory ``guardrails.install`` uses. Each figure is the
guarded call minus the same no-op called unguarded, in the same run. Times are this thread's CPU
time (``time.thread_time_ns``: on a loaded machine, time spent waiting for a core is not
counted), best of 5.

``--in-call ROUNDS`` measures instead what the guard costs inside a real host metadata call
(Triton's, on the objects of the H200 benchmark's Triton row): see ``in_call``. ``--evict MB``
measures the check with the CPU caches flushed before every call: see ``evicted``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def per_call_ns(fn, n):
    best = float("inf")
    for _ in range(5):
        t0 = time.thread_time_ns()
        for _ in range(n):
            fn()
        best = min(best, (time.thread_time_ns() - t0) / n)
    return best


def in_call(n: int) -> int:
    """``--in-call``: the guard's cost *inside* a real host metadata call rather than in a tight
    loop: Triton's ``init_forward_metadata_out_graph`` on the SWA target (real sglang 0.5.23
    objects of the H200 benchmark's Triton row, ``tests/gpu/harness.py`` CPU pre-flight; STAND-IN:
    ``JITFunction.run`` is a no-op, Triton kernels need a GPU). Per iteration, in shuffled order:
    the original (twice: an A/A control), the guarded wrapper, and the wrapper with the
    installation inactive (the shell returns at ``enter``'s first test, no frame pushed).
    Quantiles of per-call thread CPU time."""
    import inspect
    import random

    os.environ["KVGUARD_GPU_HARNESS_DEVICE"] = "cpu"
    from guardrails.probe import standins

    standins.prepare_cpu_process()
    from tests.gpu import harness as H

    H.prepare()
    import triton.runtime.jit as triton_jit

    triton_jit.JITFunction.run = lambda self, *a, **k: None  # STAND-IN: no GPU
    import guardrails

    guardrails.install("raise", per_layer=False)
    trs = H.build_runner_set("triton", drafts=False)
    be = H.build_triton(trs.target)
    be.init_cuda_graph_state(H.MAX_BS, H.MAX_BS)
    batch = H.make_batch(trs, trs.target, "DECODE", H.batch_values(trs, "DECODE", **H.CAPTURE))
    be.init_forward_metadata_out_graph(batch, in_capture=True)
    wrapped = type(be).init_forward_metadata_out_graph
    original = wrapped.__wrapped__

    from guardrails import context

    enter = inspect.getclosurevars(wrapped).nonlocals["_kvguard_enter"]

    def full_path(self, fb, cap):  # what every call did before the inline steady state
        frame = enter(self, fb, None, None)
        frames = context._local.stack
        frames.append(frame)
        try:
            return original(self, fb, cap)
        finally:
            frames.pop()

    fns = {
        "original": original,
        "original (A/A)": original,
        "guarded": wrapped,
        "enter + frame (full path)": full_path,
    }
    times = {k: [] for k in fns}
    keys = list(fns)
    clock = time.thread_time_ns
    for _ in range(n):
        random.shuffle(keys)
        for key in keys:
            t0 = clock()
            fns[key](be, batch, False)
            times[key].append(clock() - t0)
    guardrails.uninstall()
    print(f"Triton init_forward_metadata_out_graph (CPU, kernels stubbed), {n} rounds, us per call")
    _print_quantiles("", times)
    return 0


def _cpu_rows():
    """The host calls of the H200 benchmark's rows, on CPU: real sglang 0.5.23 objects built by
    ``tests/gpu/harness.py`` in its CPU pre-flight mode under the guard (so ``__init__`` recorded
    each backend), one capture-time call each. STAND-IN: ``JITFunction.run`` is a no-op (Triton
    kernels need a GPU). Returns ``{row: (backend, method name, args)}``; one step's host call is
    ``getattr(backend, name)(*args)``. On a <= 0.5.12 overlay (legacy API): a real
    ``TRTLLMHAAttnBackend`` on its SWA target (``guardrails/probe/real.py``), its graph replay
    (the decode step's host call there) and its eager ``init_forward_metadata``."""
    from tests.support import real_sglang as R

    if not R.sglang_facts().modern_api:
        return None, _legacy_rows(R)
    os.environ["KVGUARD_GPU_HARNESS_DEVICE"] = "cpu"
    from guardrails.probe import standins

    standins.prepare_cpu_process()
    from tests.gpu import harness as H

    H.prepare()
    import triton.runtime.jit as triton_jit

    triton_jit.JITFunction.run = lambda self, *a, **k: None  # STAND-IN: no GPU
    H.set_guard("raise")
    rows = {}
    rs = H.build_runner_set("trtllm_mha")
    for role, mode, label in (
        ("target", "DECODE", "trtllm target decode"),
        ("eagle_draft", "DRAFT_EXTEND_V2", "trtllm eagle-draft draft-extend"),
    ):
        runner = getattr(rs, role)
        be = H.build_trtllm(runner)
        be.init_cuda_graph_state(H.MAX_BS, H.MAX_BS * H.NUM_DRAFT_TOKENS)
        batch = H.make_batch(rs, runner, mode, H.batch_values(rs, mode, **H.CAPTURE))
        be.init_forward_metadata_out_graph(batch, in_capture=True)
        rows[label] = (be, "init_forward_metadata_out_graph", (batch, False))
    trs = H.build_runner_set("triton", drafts=False)
    tb = H.build_triton(trs.target)
    tb.init_cuda_graph_state(H.MAX_BS, H.MAX_BS)
    tbatch = H.make_batch(trs, trs.target, "DECODE", H.batch_values(trs, "DECODE", **H.CAPTURE))
    tb.init_forward_metadata_out_graph(tbatch, in_capture=True)
    rows["triton target decode"] = (tb, "init_forward_metadata_out_graph", (tbatch, False))
    return H, rows


def _legacy_rows(R):
    import guardrails

    guardrails.install("raise")
    runners = R.build_runner_set()
    be = R.build_trtllm_backend(runners.target)
    be.init_cuda_graph_state(R.MAX_REQS, R.MAX_REQS)
    batch = R.make_forward_batch(runners.target)
    replay = (
        batch.batch_size,
        batch.req_pool_indices,
        batch.seq_lens,
        batch.seq_lens_sum,
        None,
        batch.forward_mode,
        None,
        batch.seq_lens_cpu,
    )
    be.init_forward_metadata(batch)
    be.init_forward_metadata_capture_cuda_graph(
        batch.batch_size,
        batch.batch_size,
        batch.req_pool_indices,
        batch.seq_lens,
        None,
        batch.forward_mode,
        None,
    )
    return {
        "legacy trtllm target replay": (be, "init_forward_metadata_replay_cuda_graph", replay),
        "legacy trtllm target eager metadata": (be, "init_forward_metadata", (batch,)),
    }


def _set(H, mode):
    if H is not None:
        H.set_guard(mode)
        return
    import guardrails

    if mode == "off":
        guardrails.uninstall()
    else:
        guardrails.install(mode)


def H_us(samples) -> float:
    """Median of per-call times (ns) in µs."""
    ordered = sorted(samples)
    return ordered[len(ordered) // 2] / 1000.0


def steps(n: int) -> int:
    """``--steps ROUNDS``: what the guard adds to each row's per-step host call when it is
    installed once, as in a server (no switching): per round, in shuffled order, the original
    function (twice: an A/A control) and the guarded method, each called on the same objects.
    Per call thread CPU time; per row the q0.1 / q0.25 / q0.5 and the median of the per-round
    difference guarded - original (and A/A), in µs."""
    import random

    H, rows = _cpu_rows()
    import guardrails

    _set(H, "raise")
    print(f"per-step host calls, guard installed once (raise), {n} rounds; us per call")
    for label, (be, name, args) in rows.items():
        wrapped = getattr(type(be), name)
        original = getattr(wrapped, "__wrapped__", wrapped)
        bound = getattr(be, name)
        fns = {"original": original, "original (A/A)": original, "guarded": None}
        for _ in range(200):
            bound(*args)
            original(be, *args)
        times = {k: [] for k in fns}
        keys = list(fns)
        clock = time.thread_time_ns
        before = guardrails.stats()["checks"]
        for _ in range(n):
            random.shuffle(keys)
            for key in keys:
                fn = fns[key]
                if fn is None:
                    t0 = clock()
                    bound(*args)
                else:
                    t0 = clock()
                    fn(be, *args)
                times[key].append(clock() - t0)
        checks = (guardrails.stats()["checks"] - before) / n
        added = sorted(g - o for g, o in zip(times["guarded"], times["original"]))
        aa = sorted(a - o for a, o in zip(times["original (A/A)"], times["original"]))
        # the same comparison as loops of calls, best of many (robust to a loaded machine)
        loops = {k: float("inf") for k in fns}
        per_loop = max(20, int(20000 / max(1.0, H_us(times["original"]))))
        for _ in range(max(10, n // 200)):
            random.shuffle(keys)
            for key in keys:
                fn = fns[key]
                t0 = clock()
                if fn is None:
                    for _ in range(per_loop):
                        bound(*args)
                else:
                    for _ in range(per_loop):
                        fn(be, *args)
                loops[key] = min(loops[key], (clock() - t0) / per_loop)
        print(f"{label}  (checks per call {checks:.2f})")
        _print_quantiles("", times)
        print(
            f"{'  median guarded - original':<24}{added[len(added) // 2] / 1000:10.3f}"
            f"   A/A {aa[len(aa) // 2] / 1000:.3f}"
        )
        print(
            f"{'  best loop: guarded - original':<24}"
            f"{(loops['guarded'] - loops['original']) / 1000:7.3f}"
            f"   A/A {(loops['original (A/A)'] - loops['original']) / 1000:.3f}"
            f"   ({per_loop} calls per loop)"
        )
    assert guardrails.stats()["violations"] == 0
    _set(H, "off")
    return 0


ORDERS = (
    ("off", "raise", "off2"),
    ("raise", "off2", "off"),
    ("off2", "off", "raise"),
    ("raise", "off", "off2"),
    ("off", "off2", "raise"),
    ("off2", "raise", "off"),
)


def switched(rounds: int, calls: int) -> int:
    """``--switch ROUNDS``: the H200 benchmark's block protocol on CPU, old and new. Per round
    three blocks (guard off, raise, off again: A/A; the order cycled as in
    ``benchmarks/gpu_guard.py``), each after a switch, ``warm`` untimed calls, then ``calls``
    timed calls (thread CPU time); per round the block medians; printed: the median over rounds
    of raise - off and off2 - off, in µs. Old: ``harness.set_guard`` (re-patches the classes only
    when the mode changes), 10 warm calls. New: ``harness.switch_guard`` (a re-patch before every
    block), ``harness.SWITCH_WARM`` warm calls. Also the mean time of the k-th call after a
    re-patch, to show the transient itself."""
    H, rows = _cpu_rows()
    if H is None:
        print("--switch: the H200 rows need sglang >= 0.5.13 (tests/gpu/harness.py)")
        return 2
    H.set_guard("off")
    clock = time.thread_time_ns
    protocols = (
        ("old: set_guard, 10 warm", H.set_guard, 10),
        (f"new: switch_guard, {H.SWITCH_WARM} warm", H.switch_guard, H.SWITCH_WARM),
    )
    print(f"block protocol on CPU, {rounds} rounds x {calls} calls per block; us per call")
    for label, (be, name, args) in rows.items():
        print(label)
        for title, switch, warm in protocols:
            per_round = []
            for r in range(rounds):
                block = {}
                for mode in ORDERS[r % len(ORDERS)]:
                    switch("off" if mode == "off2" else mode)
                    fn = getattr(be, name)
                    for _ in range(warm):
                        fn(*args)
                    ts = []
                    for _ in range(calls):
                        t0 = clock()
                        fn(*args)
                        ts.append(clock() - t0)
                    ts.sort()
                    block[mode] = ts[len(ts) // 2] / 1000.0
                per_round.append(block)
            added = sorted(b["raise"] - b["off"] for b in per_round)
            aa = sorted(b["off2"] - b["off"] for b in per_round)
            off = sorted(b["off"] for b in per_round)
            print(
                f"  {title:<28} off {off[len(off) // 2]:8.2f}   raise - off "
                f"{added[len(added) // 2]:+7.2f}   A/A off2 - off {aa[len(aa) // 2]:+7.2f}"
            )
        # the transient: k-th call after a re-patch (guard off both times), mean over repeats
        ks = (0, 1, 2, 5, 10, 20, 40, 50, 55, 60, 80, 120)
        sums = [0] * (max(ks) + 1)
        reps = max(4, rounds // 2)
        for _ in range(reps):
            H.switch_guard("off")
            fn = getattr(be, name)
            for k in range(len(sums)):
                t0 = clock()
                fn(*args)
                sums[k] += clock() - t0
        print(
            "  k-th call after a re-patch (off): "
            + "  ".join(f"{k}:{sums[k] / reps / 1000:.1f}" for k in ks)
        )
    H.set_guard("off")
    return 0


def _print_quantiles(head: str, times: dict) -> None:
    """One row per key: the q0.1 / q0.25 / q0.5 of its call times (ns), in µs."""
    print(f"{head:24}" + "".join(f"{'q' + str(q):>10}" for q in (0.1, 0.25, 0.5)))
    for key, samples in times.items():
        ordered = sorted(samples)
        row = [ordered[int(q * len(ordered))] / 1000.0 for q in (0.1, 0.25, 0.5)]
        print(f"{key:<24}" + "".join(f"{v:10.2f}" for v in row))


def evicted(megabytes: float, n: int) -> int:
    """``--evict MB``: the metadata check with the CPU caches flushed before every call (a copy of
    ``MB`` megabytes), as inside a long host call that evicts the guard's code and data. Real
    TRTLLM backend (sglang 0.5.23 objects), a no-op original with the real method's signature;
    per iteration, in shuffled order: the bare no-op (twice: A/A), the guarded wrapper (steady
    state, inline) and the full path (``enter`` + the frame pushed around the original: what every
    call ran before the inline steady state). Quantiles of per-call wall time
    (``perf_counter_ns``; the copy is outside the timed region)."""
    import inspect
    import random

    import guardrails
    from guardrails import context, runtime, wiring
    from guardrails.invariant import version_facts
    from guardrails.shell import make_shell
    from guardrails.wiring import MethodSpec
    from guardrails.wrapper import make_wrapper
    from tests.support import real_sglang as rs

    facts = rs.sglang_facts()
    guardrails.install("raise")
    s = rs.build_runner_set()
    backend = rs.build_trtllm_backend(s.target)
    batch = rs.make_forward_batch(s.target)
    cls = type(backend)
    noop = make_shell(cls.init_forward_metadata.__wrapped__, "return None", {})
    meta = make_wrapper(
        runtime._installation,
        cls,
        noop,
        MethodSpec("kvguard_bench_meta", wiring.METADATA, "forward_batch"),
        wiring.select(facts.version_tuple),
        (rs.swa_pool_class(),),
        version_facts(facts.version),
    )
    enter = inspect.getclosurevars(meta).nonlocals["_kvguard_enter"]

    def full_path(self, fb):
        frame = enter(self, fb, None, None)
        frames = context._local.stack
        frames.append(frame)
        try:
            return noop(self, fb)
        finally:
            frames.pop()

    names = ("kvguard_bench_noop", "kvguard_bench_meta", "kvguard_bench_full")
    for name, fn in zip(names, (noop, meta, full_path)):
        setattr(cls, name, fn)
    try:
        bare, guarded, full = (getattr(backend, name) for name in names)
        fns = {"bare": bare, "bare (A/A)": bare, "guarded": guarded, "full path": full}
        for fn in fns.values():
            fn(batch)
        size = int(megabytes * (1 << 20))
        buf, src = bytearray(size), bytes(size)
        keys = list(fns)
        times = {k: [] for k in keys}
        clock = time.perf_counter_ns
        for _ in range(n):
            random.shuffle(keys)
            for key in keys:
                buf[:] = src
                fn = fns[key]
                t0 = clock()
                fn(batch)
                times[key].append(clock() - t0)
    finally:
        for name in names:
            delattr(cls, name)
        guardrails.uninstall()
    print(f"metadata check, caches flushed by a {megabytes} MB copy before each call, {n} rounds")
    _print_quantiles("us per call", times)
    return 0


def _require_sglang() -> None:
    """One line saying what to set up, rather than an ImportError deep in a measurement."""
    import importlib.util

    missing = [m for m in ("sglang", "torch") if importlib.util.find_spec(m) is None]
    if missing:
        raise SystemExit(
            f"guard_overhead.py needs {' and '.join(missing)}: run it with the dev environment's "
            "Python after `bash scripts/setup.sh && bash scripts/setup_sglang_envs.sh` "
            "(`.venv/bin/python benchmarks/guard_overhead.py`)"
        )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000, help="calls per repetition (best of 5)")
    parser.add_argument(
        "--in-call",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead: the guard's cost inside Triton's real host metadata call (see in_call)",
    )
    parser.add_argument(
        "--evict",
        type=float,
        default=0.0,
        metavar="MB",
        help="instead: the check with the CPU caches flushed before each call (see evicted)",
    )
    parser.add_argument(
        "--steps",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead: each H200 row's per-step host call, guard installed once (see steps)",
    )
    parser.add_argument(
        "--switch",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead: the H200 benchmark's block protocol on CPU, old and new (see switched)",
    )
    parser.add_argument("--calls", type=int, default=100, help="timed calls per block (--switch)")
    args = parser.parse_args(argv)
    _require_sglang()
    if args.steps:
        return steps(args.steps)
    if args.switch:
        return switched(args.switch, args.calls)
    if args.in_call:
        return in_call(args.in_call)
    if args.evict:
        return evicted(args.evict, args.n if args.n != 100_000 else 1500)

    import guardrails
    from guardrails import runtime, wiring
    from guardrails.invariant import check_pool_invariant, version_facts
    from guardrails.wrapper import make_wrapper
    from tests.support import real_sglang as rs

    facts = rs.sglang_facts()
    guardrails.install("raise")
    s = rs.build_runner_set()
    backend = rs.build_trtllm_backend(s.target)
    batch = rs.make_forward_batch(s.target)
    layer = object()
    inst = runtime._installation
    wiring_mod = wiring.select(facts.version_tuple)
    swa_types = (rs.swa_pool_class(),)
    vf = version_facts(facts.version)

    from guardrails import context, translate
    from guardrails.shell import make_shell
    from guardrails.wiring import MethodSpec

    def noop_like(fn):
        """A no-op with the real method's signature (what the wrapper's shell copies)."""
        return make_shell(fn, "return None", {})

    cls = type(backend)
    meta_name = "init_forward_metadata"
    noop_meta = noop_like(getattr(cls, meta_name).__wrapped__)
    noop_fwd = noop_like(cls.forward_decode.__wrapped__)
    alloc = s.allocator
    noop_tr = noop_like(getattr(type(alloc), translate.TRANSLATE_METHOD).__wrapped__)

    meta = make_wrapper(
        inst,
        type(backend),
        noop_meta,
        MethodSpec("kvguard_bench_meta", wiring.METADATA, "forward_batch"),
        wiring_mod,
        swa_types,
        vf,
    )
    fwd = make_wrapper(
        inst,
        type(backend),
        noop_fwd,
        MethodSpec("kvguard_bench_fwd", wiring.FORWARD, "forward_batch", None, "layer"),
        wiring_mod,
        swa_types,
        vf,
    )
    # installed on the class like the real wrappers (the outermost-wrapper test reads the class)
    setattr(type(backend), "kvguard_bench_meta", meta)
    setattr(type(backend), "kvguard_bench_fwd", fwd)
    try:
        pool = backend.token_to_kv_pool if facts.modern_api else batch.token_to_kv_pool
        n = args.n
        bare = per_call_ns(lambda: noop_meta(backend, batch), n)
        bare_fwd = per_call_ns(lambda: noop_fwd(backend, 1, 2, 3, layer, batch), n)
        bare_tr = per_call_ns(lambda: noop_tr(alloc, None), n)
        inv = per_call_ns(
            lambda: check_pool_invariant(
                pool, backend._swa_kv_pool, backend.use_sliding_window_kv_pool, swa_types, vf
            ),
            n,
        )
        m = per_call_ns(lambda: backend.kvguard_bench_meta(batch), n)
        f_dedup = per_call_ns(lambda: backend.kvguard_bench_fwd(1, 2, 3, layer, batch), n)
        inst.per_layer = True
        f_layer = per_call_ns(lambda: backend.kvguard_bench_fwd(1, 2, 3, layer, batch), n)
        inst.per_layer = False
        tw = translate.make_translate_wrapper(inst, noop_tr)
        t_out = per_call_ns(lambda: tw(alloc, None), n)
        frame = context.new_frame(backend, runtime.backend_state(backend), "bench", pool, "", True)
        context.stack().append(frame)
        try:
            t_in = per_call_ns(lambda: tw(alloc, None), n)
            probed = type(alloc).__dict__.get(translate.MAPPING_ATTR) is not None
            r_probe = per_call_ns(lambda: alloc.full_to_swa_index_mapping, n)
        finally:
            context.stack().pop()
        plain = type("Plain", (), {})()
        plain.full_to_swa_index_mapping = alloc.full_to_swa_index_mapping
        r_plain = per_call_ns(lambda: plain.full_to_swa_index_mapping, n)
        assert guardrails.stats()["violations"] == 0
    finally:
        delattr(type(backend), "kvguard_bench_meta")
        delattr(type(backend), "kvguard_bench_fwd")
        guardrails.uninstall()

    print(
        f"sglang {facts.version} ({'modern' if facts.modern_api else 'legacy'} API), "
        f"python {sys.version.split()[0]}, best of 5 x {args.n} calls"
    )
    print(f"  unguarded no-op metadata call   {bare:8.0f} ns   (same signature, called directly)")
    print(f"  invariant function alone        {inv:8.0f} ns")
    print(f"  metadata check (wrapper - bare) {m - bare:8.0f} ns   <- host cost per step")
    print(
        f"  forward_* same batch (dedup)    {f_dedup - bare_fwd:8.0f} ns   <- per layer call, default"
    )
    print(
        f"  forward_* per-layer check       {f_layer - bare_fwd:8.0f} ns   <- per layer call, per_layer=True"
    )
    print(f"  translate wrapper, no frame     {t_out - bare_tr:8.0f} ns   <- per translation call")
    print(f"  translate wrapper, SWA frame    {t_in - bare_tr:8.0f} ns   <- per translation call")
    print(
        f"  mapping read via probe - plain  {r_probe - r_plain:8.0f} ns   "
        f"(probe installed: {probed})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
