"""Oracle: how a ``trtllm_mha_backend.py`` resolves the SWA pool for each speculative configuration.

Run as a script in the interpreter/PYTHONPATH of the sglang version under test:

    python tests/support/trtllm_oracle.py [--trtllm-file PATH]

With ``--trtllm-file`` the given file is loaded *in place of*
``sglang.srt.layers.attention.trtllm_mha_backend`` (installed into ``sys.modules`` under that name
before anything imports the real one), e.g. a kvguard-fixed copy of the 0.5.12.post1 file.

It builds real ``TRTLLMHAAttnBackend`` objects over real pools and the shared
``SWATokenToKVPoolAllocator`` (tests/support/real_sglang.py) and prints one JSON object on stdout:

    {"sglang": "0.5.12.post1", "trtllm_file": "...", "all_ok": false,
     "cases": [{"name": "eagle_draft", "swa_pool": "target", "flag": true,
                "expected": {"swa_pool": "none", "flag": false}, "ok": false}, ...]}

``swa_pool`` is ``none`` (no SWA pool), ``own`` (the runner's own pool), ``target`` (the target
runner's SWA pool, for draft runners) or ``other:<Type>``. Expectations follow the upstream
``test_resolve_swa_kv_pool`` cases (bug-family doc §2.6):

* target_swa      — SWA pool + SWA allocator             -> own SWA pool, flag True
* target_full     — full pool + plain allocator           -> none, False
* eagle_draft     — own full pool, shared SWA allocator   -> none, False          (#25103)
* frozen_kv_draft — same wiring, FROZEN_KV_MTP (>= 0.5.12) -> the target SWA pool, True
* nondraft_spec   — target SWA runner with EAGLE set      -> own SWA pool, True (spec ignored)

Exit status: 0 when every case is ok, 1 when some case is not, 2 when the oracle itself failed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import sys
import traceback

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)

TRTLLM = "sglang.srt.layers.attention.trtllm_mha_backend"


def load_trtllm_file(path: str):
    """Install ``path`` as the trtllm_mha_backend module (before any import of the real one)."""
    if TRTLLM in sys.modules:
        raise RuntimeError(f"{TRTLLM} was imported before the replacement could be installed")
    parent = importlib.import_module("sglang.srt.layers.attention")
    spec = importlib.util.spec_from_file_location(TRTLLM, os.path.abspath(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[TRTLLM] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(TRTLLM, None)
        raise
    setattr(parent, "trtllm_mha_backend", module)
    return module


def _label(pool, runner, target_pool):
    if pool is None:
        return "none"
    if pool is runner.token_to_kv_pool:
        return "own"
    if pool is target_pool:
        return "target"
    return f"other:{type(pool).__name__}"


def run_cases():
    from tests.support import real_sglang as rs

    facts = rs.sglang_facts()
    cases = []

    def case(name, build_runner, expected_pool, expected_flag, target_pool_of=None):
        entry = {"name": name, "expected": {"swa_pool": expected_pool, "flag": expected_flag}}
        try:
            runner, target_pool = build_runner()
            if runner is None:
                entry.update(skipped=True, ok=True, reason=target_pool)
                cases.append(entry)
                return
            backend = rs.build_trtllm_backend(runner)
            swa = getattr(backend, "_swa_kv_pool", None)
            flag = getattr(backend, "use_sliding_window_kv_pool", None)
            entry.update(
                swa_pool=_label(swa, runner, target_pool),
                flag=flag,
                active_pool=type(runner.token_to_kv_pool).__name__,
                backend_module_file=getattr(sys.modules.get(TRTLLM), "__file__", None),
            )
            entry["ok"] = entry["swa_pool"] == expected_pool and flag is expected_flag
        except Exception as exc:  # a case that cannot even be built is not ok
            entry.update(
                ok=False,
                error=f"{type(exc).__name__}: {exc}",
                traceback=traceback.format_exc(limit=6),
            )
        cases.append(entry)

    def target_swa():
        r = rs.build_target_runner(swa=True)
        return r, r.token_to_kv_pool

    def target_full():
        r = rs.build_target_runner(swa=False)
        return r, r.token_to_kv_pool

    def eagle_draft():
        t = rs.build_target_runner(swa=True)
        return rs.build_eagle_draft_runner(t), t.token_to_kv_pool

    def frozen_kv_draft():
        if not facts.has_frozen_kv_mtp:
            return None, f"sglang {facts.version} has no FROZEN_KV MTP (added in 0.5.12)"
        t = rs.build_target_runner(swa=True)
        return rs.build_frozen_kv_draft_runner(t), t.token_to_kv_pool

    def nondraft_spec():
        r = rs.build_nondraft_spec_runner(swa=True, spec_algorithm_name="EAGLE")
        return r, r.token_to_kv_pool

    case("target_swa", target_swa, "own", True)
    case("target_full", target_full, "none", False)
    case("eagle_draft", eagle_draft, "none", False)
    case("frozen_kv_draft", frozen_kv_draft, "target", True)
    case("nondraft_spec", nondraft_spec, "own", True)
    return facts, cases


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trtllm-file", help="trtllm_mha_backend.py to load in place of sglang's")
    args = parser.parse_args(argv)

    real_stdout = sys.stdout
    result = {"trtllm_file": args.trtllm_file}
    status = 2
    # sglang and the builders may print; keep stdout for the JSON only.
    with contextlib.redirect_stdout(sys.stderr):
        try:
            from tests.support import cpu_stubs

            cpu_stubs.prepare_cpu_process()
            import sglang

            result["sglang"] = sglang.__version__
            if args.trtllm_file:
                load_trtllm_file(args.trtllm_file)
            facts, cases = run_cases()
            result["cases"] = cases
            result["all_ok"] = all(c.get("ok") for c in cases)
            status = 0 if result["all_ok"] else 1
        except Exception as exc:
            result["error"] = f"{type(exc).__name__}: {exc}"
            result["traceback"] = traceback.format_exc()
            result["all_ok"] = False
    real_stdout.write(json.dumps(result, default=str) + "\n")  # one line
    real_stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
