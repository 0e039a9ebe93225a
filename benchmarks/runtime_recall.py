"""Runtime recall of the guard: release x backend x role -> fired / silent (real sglang, CPU).

    .venv/bin/python benchmarks/runtime_recall.py [--versions 0.5.9,0.5.12.post1,...] [--json OUT]

Runs ``guardrails/probe/recall.py`` once per installed sglang version (the 0.5.23 ``.venv`` and the
``--target`` overlays under ``$KVGUARD_CACHE/envs``, see scripts/setup_sglang_envs.sh) and prints
one Markdown table. Columns:

* ``bug (guard off)``: the first metadata call translated indices although the role's pool is
  full-only (a spy on the shared allocator / target pool saw a translation; for FlashInfer the
  window wrapper was planned with ids that are not the batch's own locations), or resolved the
  target's SWA pool for it (trtllm's #25103 shape); for aiter's FROZEN_KV draft role (its metadata
  call run inside sglang's own ``target_kv_pool_view``): the cached ``use_sliding_window_kv_pool``
  is False while the pool it reads is the target's SWA pool (the init-cached shape, KVG004), with
  the kv ids its metadata gives the SWA layers and the SWA rows that hold those tokens;
* for FA3's ``target_spec_verify`` role (``guardrails/probe/perlayer.py``, the per-layer mode
  ``SGLANG_KV_POOL_GUARD_PER_LAYER=1``): the release's own ``_init_sliding_window_attn_spec_metadata``
  built the SWA layers' speculative page table from untranslated full locations (#24617), all
  below the SWA pool's size; raise / warn are the per-layer modes, checked at ``forward_extend``
  of an SWA layer;
* ``raise``: ``fired (kind)`` when ``PoolGuardViolation`` was raised at that call, else ``silent``;
* ``warn``: the kinds counted and logged (the call was let through), else ``silent``.

The static corpus table (benchmarks/corpus.py) lists the same (release, backend) pairs as findings.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard"))
VERSIONS = ("0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23")
SHORT = {
    "swa-translation-on-full-active-pool": "translate",
    "swa-pool-on-full-active-pool": "#25103",
    "swa-active-pool-without-swa-pool": "#26957",
    "swa-flag-disagrees-with-read-pool": "cached flag",
    "swa-read-not-translated": "untranslated SWA read",
}
# the roles counted in the summary line (the target role is silent everywhere, not counted)
COUNTED_ROLES = ("eagle_draft", "frozen_kv_draft", "target_spec_verify")


def env_for(version):
    python = REPO / ".venv" / "bin" / "python"
    parts = [str(REPO)]
    if version != "0.5.23":
        overlay = CACHE / "envs" / f"sglang-{version}"
        if not (overlay / ".kvguard-stamp").exists():
            return None
        parts.insert(0, str(overlay))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(parts))
    for key in ("SGLANG_KV_POOL_GUARD", "SGLANG_INVARIANT_CHECK", "SGLANG_PLUGINS"):
        env.pop(key, None)
    return str(python), env


def _probe(python: str, env: dict, name: str, version: str) -> dict:
    """The JSON line ``python -m guardrails.probe.<name>`` prints last, in ``version``'s env."""
    proc = subprocess.run(
        [python, "-m", f"guardrails.probe.{name}"],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    if not lines:
        raise SystemExit(f"{name} on {version} printed nothing:\n{proc.stderr[-3000:]}")
    return json.loads(lines[-1])


def run(version):
    found = env_for(version)
    if found is None:
        return None
    python, env = found
    data = _probe(python, env, "recall", version)
    data["backends"]["fa3 (per-layer)"] = _probe(python, env, "perlayer", version)["fa3"]
    return data


def kinds(outcome):
    return ", ".join(SHORT.get(k, k) for k in outcome) or ""


def rows(data):
    version = data["version"]
    for backend, entry in data["backends"].items():
        if not entry.get("constructible"):
            why = entry.get("why_not") or entry.get("error", "?").strip().splitlines()[-1]
            yield (version, backend, "all", "not constructible on CPU", why[:90], "")
            continue
        for role, r in entry["roles"].items():
            if r.get("raise", {}).get("outcome") == "not_applicable":
                yield (version, backend, role, "no FROZEN_KV in this release", "", "")
                continue
            bug = bool(r.get("translations")) and r.get("active_pool") == "MHATokenToKVPool"
            bug = bug or bool(r.get("swa_pool_is_target_pool")) and role != "target"
            wi = r.get("window_wrapper")
            detail = ""
            if bug and wi is not None:
                detail = " (window ids " + ",".join(map(str, wi["kv_indices"][-4:])) + ")"
            if not bug and r.get("stale_flag"):
                bug = True
                detail = f" (flag False, reads the target's {r['read_pool']}"
                rows_ = r.get("swa_layer_rows")
                if rows_:
                    detail += (
                        "; SWA layers read rows "
                        + ",".join(map(str, rows_["read"]))
                        + " for SWA rows "
                        + ",".join(map(str, rows_["swa_rows"]))
                    )
                detail += ")"
            elif "untranslated_swa_reads" in r:
                bug = r["untranslated_swa_reads"]
                detail = (
                    " (SWA layers read "
                    + ",".join(map(str, r["swa_row0_read"][:4]))
                    + " for full locations "
                    + ",".join(map(str, r["swa_row0_full"][:4]))
                    + " in SWA rows "
                    + ",".join(map(str, r["swa_row0_translated"][:4]))
                    + f"; SWA pool size {r['swa_pool_size']})"
                )
            elif role == "frozen_kv_draft" and r.get("flag") is not None:
                detail = f" (flag {r['flag']}, reads {r.get('read_pool')})"
            raised = r["raise"]
            fired = (
                f"fired ({kinds(raised['kinds'])})"
                if raised["outcome"] == "violation"
                else "silent"
            )
            warn = f"logged ({kinds(r['warn_kinds'])})" if r["warn_kinds"] else "silent"
            yield (version, backend, role, ("yes" if bug else "no") + detail, fired, warn)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--versions", default=",".join(VERSIONS))
    parser.add_argument("--json", help="also write the raw observations here")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    results, missing = [], []
    for version in args.versions.split(","):
        print(f"[runtime_recall] sglang {version} ...", file=sys.stderr, flush=True)
        data = run(version)
        if data is None:
            missing.append(version)
        else:
            results.append(data)
    print("| release | backend | role | bug with the guard off | raise | warn |")
    print("|---|---|---|---|---|---|")
    counts = {role: [0, 0, 0, 0] for role in COUNTED_ROLES}  # fired, buggy, silent, fixed
    for data in results:
        for row in rows(data):
            print("| " + " | ".join(row) + " |")
            c = counts.get(row[2])
            if c is None or row[4] == "":  # target role / no such role in the release
                continue
            if row[3].startswith("yes"):
                c[1] += 1
                c[0] += row[4].startswith("fired")
            else:
                c[3] += 1
                c[2] += row[4] == "silent" and row[5] == "silent"
    print()
    names = {
        "eagle_draft": "EAGLE-draft roles",
        "frozen_kv_draft": "aiter FROZEN_KV-draft roles",
        "target_spec_verify": "FA3 spec-verify roles (per-layer mode)",
    }
    print(
        "; ".join(
            f"{names[role]}: guard fired on {c[0]}/{c[1]} where the bug happened, "
            f"silent on {c[2]}/{c[3]} where it did not"
            for role, c in counts.items()
        )
        + f"; {len(results)} releases in {time.perf_counter() - t0:.0f} s"
        + (
            f"; not installed here: {', '.join(missing)} (run `bash scripts/setup_sglang_envs.sh`)"
            if missing
            else ""
        )
    )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str))
    ok = all(c[0] == c[1] and c[2] == c[3] for c in counts.values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
