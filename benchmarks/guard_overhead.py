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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000, help="calls per repetition (best of 5)")
    args = parser.parse_args(argv)

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
