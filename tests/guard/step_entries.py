"""What guard code one step runs: entries into every kvguard function per host metadata call.

    python -m tests.guard.step_entries            (sglang 0.5.23 CPU environment; one JSON line)
    python -m tests.guard.step_entries --legacy   (a <= 0.5.12 overlay, e.g. 0.5.12.post1)

Every Python function entered during one step is counted with ``sys.setprofile`` (no change to
the guard itself); the kvguard ones are reported by kind: the wrapper shells, the full path
(``hotpath.enter``), the wiring's ``active_pool``, the translate shells, the mapping probe, any
other guard function, plus the guard's own check counter. In the steady state a step enters one
shell and nothing else (``enter`` and ``active_pool`` run on a first call or a change only):
``tests/guard/test_step_entries.py`` asserts it.

0.5.23: the same real objects as the H200 benchmark rows (``tests/gpu/harness.py`` in its CPU
pre-flight mode): TRTLLM target decode, TRTLLM EAGLE-draft draft-extend, Triton target decode. One
step's host side is ``init_forward_metadata_out_graph(batch, in_capture=False)`` after a capture
call. STAND-IN: Triton kernels cannot launch without a GPU, so ``triton.runtime.jit.JITFunction.run``
is a no-op here (the Python host code around the launches is sglang's own and runs as is).

``--legacy``: a real ``TRTLLMHAAttnBackend`` of the installed <= 0.5.12 release on its SWA target
(``guardrails/probe/real.py``); one step is ``init_forward_metadata_replay_cuda_graph`` (the
decode step's host call there: no forward batch, the pool is the last one the backend saw on a
batch) or an eager ``init_forward_metadata(batch)``, after one call of each.
"""

from __future__ import annotations

import collections
import json
import os
import sys


def _kind(code) -> str:
    filename, name = code.co_filename, code.co_name
    if filename.startswith("<kvguard shell for "):
        what = filename[len("<kvguard shell for ") : -1]
        if what.endswith(".translate_loc_from_full_to_swa"):
            return "translate_shell"
        return "backend_shell"
    if "guardrails" not in filename.replace(os.sep, "/"):
        return ""
    if filename.endswith("hotpath.py") and name == "enter":
        return "enter"
    if filename.endswith("hotpath.py") and name == "wrapper":
        return "backend_shell"  # the generic form
    if filename.endswith("translate.py") and name == "__get__":
        return "mapping_probe"
    if filename.endswith("translate.py") and name == "wrapper":
        return "translate_shell"
    if "wiring" in filename and name == "active_pool":
        return "active_pool"
    return "other:" + name


def count_step(step, guard) -> dict:
    counts: collections.Counter = collections.Counter()

    def profile(frame, event, arg):
        if event == "call":
            kind = _kind(frame.f_code)
            if kind:
                counts[kind] += 1

    before = guard.stats()["checks"]
    sys.setprofile(profile)
    try:
        step()
    finally:
        sys.setprofile(None)
    counts["checks"] = guard.stats()["checks"] - before
    return dict(counts)


def legacy_main() -> int:
    import guardrails
    from tests.guard import scenarios
    from tests.support import real_sglang as R

    guardrails.install("raise")
    runners = R.build_runner_set()
    backend = R.build_trtllm_backend(runners.target)
    backend.init_cuda_graph_state(R.MAX_REQS, R.MAX_REQS)
    batch = R.make_forward_batch(runners.target)
    calls = dict(scenarios.metadata_calls(backend, runners.target, batch))
    out = {"version": R.sglang_facts().version, "modern_api": R.sglang_facts().modern_api}
    for name in (
        "init_forward_metadata",
        "init_forward_metadata_capture_cuda_graph",
        "init_forward_metadata_replay_cuda_graph",
    ):
        calls[name]()  # the first calls: the full path, which records the steady state
    out["trtllm target replay"] = count_step(
        calls["init_forward_metadata_replay_cuda_graph"], guardrails
    )
    out["trtllm target eager metadata"] = count_step(calls["init_forward_metadata"], guardrails)
    out["violations"] = guardrails.stats()["violations"]
    guardrails.uninstall()
    print(json.dumps(out))
    return 0


def main() -> int:
    if "--legacy" in sys.argv[1:]:
        return legacy_main()
    os.environ["KVGUARD_GPU_HARNESS_DEVICE"] = "cpu"
    from guardrails.probe import standins

    standins.prepare_cpu_process()
    from tests.gpu import harness as H

    H.prepare()
    import triton.runtime.jit as triton_jit

    triton_jit.JITFunction.run = lambda self, *a, **k: None  # STAND-IN: no GPU to launch on
    import guardrails
    from guardrails import runtime

    H.set_guard("raise")
    inst = runtime._installation
    out = {}

    def trtllm(rs, role, mode):
        runner = {"target": rs.target, "eagle_draft": rs.eagle_draft}[role]
        backend = H.build_trtllm(runner)
        backend.init_cuda_graph_state(H.MAX_BS, H.MAX_BS * H.NUM_DRAFT_TOKENS)
        batch = H.make_batch(rs, runner, mode, H.batch_values(rs, mode, **H.CAPTURE))
        backend.init_forward_metadata_out_graph(batch, in_capture=True)
        return lambda: backend.init_forward_metadata_out_graph(batch, in_capture=False)

    trs = H.build_runner_set("triton", drafts=False)
    triton_backend = H.build_triton(trs.target)
    triton_backend.init_cuda_graph_state(H.MAX_BS, H.MAX_BS)
    tbatch = H.make_batch(trs, trs.target, "DECODE", H.batch_values(trs, "DECODE", **H.CAPTURE))
    triton_backend.init_forward_metadata_out_graph(tbatch, in_capture=True)

    def triton_step():
        triton_backend.init_forward_metadata_out_graph(tbatch, in_capture=False)

    rs = H.build_runner_set("trtllm_mha")
    target_step = trtllm(rs, "target", "DECODE")
    for step in (target_step, triton_step):  # warm (first calls fill sglang's own memos)
        step()
    out["probes_armed_before_draft"] = inst.probes_armed
    out["trtllm target decode"] = count_step(target_step, guardrails)
    out["triton target decode"] = count_step(triton_step, guardrails)
    draft_step = trtllm(rs, "eagle_draft", "DRAFT_EXTEND_V2")  # its capture: a full-pool frame
    draft_step()
    out["probes_armed_after_draft"] = inst.probes_armed
    out["trtllm eagle-draft draft-extend"] = count_step(draft_step, guardrails)
    out["triton target decode, probes armed"] = count_step(triton_step, guardrails)
    out["violations"] = guardrails.stats()["violations"]
    H.set_guard("off")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
