"""Cost of the per-layer index-space check on the H200 (issue 26 item 4): the guarded
``forward_extend`` of an SWA layer with the default guard vs ``SGLANG_KV_POOL_GUARD_PER_LAYER=1``.

    python benchmarks/gpu_perlayer.py --out DIR [--rounds 30 --calls 200]

Real sglang 0.5.23 objects on CUDA (``KVGUARD_TEST_DEVICE=cuda``): the SWA pool, allocator and
req-to-token pool and the real ``FlashAttentionBackend`` with FA3's topk > 1 speculative SWA
metadata, built as in ``guardrails/probe/perlayer.py`` (Triton kernel: its named host stand-in;
``sgl_kernel``: ``tests/gpu/standins.py``). FA3's attention kernel is not carried, so the class's
``forward_extend`` is replaced, before the guard is installed, by a STAND-IN that returns ``q``:
what is timed is the guard's own per-call cost around it. Per round, blocks in a cycled order:
guard off, guard raise (default), guard raise + per layer; a block is ``--calls`` SWA-layer calls
then ``torch.cuda.synchronize()``, reported as µs per call (median over rounds, and the per-layer
minus default difference per round). A full-layer (no SWA) row shows what per-layer mode costs
where nothing is compared. Writes ``DIR/gpu-perlayer.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

MODES = {"off": ("off", False), "default": ("raise", False), "per_layer": ("raise", True)}


def forward_extend_stand_in(self, q, k, v, layer, forward_batch, save_kv_cache=True, **kwargs):
    """STAND-IN for FA3's attention (not carried to the device): returns ``q`` unchanged."""
    return q


def build():
    import torch

    from tests.gpu import standins as gpu_standins

    gpu_standins.prepare_gpu_process()
    import importlib

    import guardrails
    from guardrails.probe import perlayer, standins
    from guardrails.probe import real as R
    from guardrails.probe.recall import make_batch

    module = importlib.import_module(perlayer.MODULE)
    standins.install_swa_spec_kernel_stand_in(module)
    module.FlashAttentionBackend.forward_extend = forward_extend_stand_in
    runner, locs = perlayer.world()
    guardrails.install("raise", per_layer=False)
    backend = module.FlashAttentionBackend(runner)
    batch = make_batch(runner, locs, "TARGET_VERIFY")
    meta, expand = perlayer.spec_metadata(module, backend, runner, locs)
    backend.forward_metadata = meta
    backend.forward_metadata_spec_decode_expand = expand
    q = torch.zeros(batch.batch_size * perlayer.DRAFT_TOKENS, 64, device=locs.device)
    layers = {
        "swa": perlayer.layer(R.SWA_LAYER_IDS[0], perlayer.WINDOW),
        "full": perlayer.layer(R.FULL_LAYER_IDS[0], -1),
    }
    return guardrails, backend, batch, q, layers, str(locs.device)


def sync():
    import torch

    if torch.cuda.is_available():
        torch.cuda.synchronize()


def block(guardrails, backend, batch, q, layer, mode, calls):
    guard_mode, per_layer = MODES[mode]
    guardrails.install(guard_mode, per_layer=per_layer)
    for _ in range(10):  # untimed
        backend.forward_extend(q, q, q, layer, batch, save_kv_cache=False)
    sync()
    t0 = time.perf_counter()
    for _ in range(calls):
        backend.forward_extend(q, q, q, layer, batch, save_kv_cache=False)
    sync()
    return (time.perf_counter() - t0) / calls * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--cpu", action="store_true", help="smoke run on CPU (no figures to keep)")
    args = ap.parse_args(argv)
    os.environ.setdefault("KVGUARD_TEST_DEVICE", "cpu" if args.cpu else "cuda")
    import torch

    if not args.cpu and not torch.cuda.is_available():
        print("gpu_perlayer: no CUDA device", file=sys.stderr)
        return 2
    guardrails, backend, batch, q, layers, device = build()
    names = list(MODES)
    result = {
        "device": device,
        "gpu": torch.cuda.get_device_name() if not args.cpu else "cpu",
        "rounds": args.rounds,
    }
    result["calls"] = args.calls
    for kind, layer in layers.items():
        per = {m: [] for m in names}
        for r in range(args.rounds):
            order = names[r % 3 :] + names[: r % 3]
            for mode in order:
                per[mode].append(block(guardrails, backend, batch, q, layer, mode, args.calls))
        diff = [p - d for p, d in zip(per["per_layer"], per["default"])]
        result[kind] = {
            "us_per_call": {m: statistics.median(v) for m, v in per.items()},
            "per_layer_minus_default_us": statistics.median(diff),
        }
    guardrails.install("raise", per_layer=True)
    guardrails.reset_stats()
    backend.forward_extend(q, q, q, layers["swa"], batch, save_kv_cache=False)
    result["per_layer_violations_on_fixed_code"] = guardrails.stats()["violations"]
    guardrails.uninstall()
    Path(args.out).mkdir(parents=True, exist_ok=True)
    (Path(args.out) / "gpu-perlayer.json").write_text(json.dumps(result, indent=1))
    print("| layer | off µs/call | default µs/call | per-layer µs/call | per-layer - default |")
    print("|---|---|---|---|---|")
    for kind in layers:
        u = result[kind]["us_per_call"]
        print(
            f"| {kind} | {u['off']:.2f} | {u['default']:.2f} | {u['per_layer']:.2f} | "
            f"{result[kind]['per_layer_minus_default_us']:+.2f} |"
        )
    print(
        f"per-layer violations on 0.5.23 (fixed code): {result['per_layer_violations_on_fixed_code']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
