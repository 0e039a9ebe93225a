"""The autofix on real classes: each affected release's backends, fixed by ``kvguard fix``, built
by the project's probe in every role, next to the unfixed ones.

    python benchmarks/fix_roles.py            # print the role table
    python benchmarks/fix_roles.py --write    # also update the "Autofix roles" section of RESULTS.md

For 0.5.9, 0.5.12.post1, 0.5.13.post1 and the fork sglang-kt 0.7.2: a copy of the release's tree is
fixed with ``python -m lint_rules fix`` (the README's command); then, in that release's CPU
environment (``scripts/setup_sglang_envs.sh``: ``${KVGUARD_CACHE:-~/.cache/kvguard}/envs``), the
FlashInfer, Triton and TRTLLM-MHA backend modules are loaded from the original files and from the
fixed ones in place of the installed modules, and ``guardrails.probe.recall.run_backend`` (what
``kvguard doctor`` runs, with its named stand-ins for flashinfer's wrappers and the index kernel
on CPU) builds each backend as the target, an EAGLE draft and a FROZEN_KV MTP draft (where the
release has one) and runs its first metadata call, with the guard off (which indices it read,
whether it translated) and in raise mode (the guard's verdict). sglang-kt has no CPU environment
of its own: its files run on 0.5.9's (its FlashInfer and Triton files are byte-identical to
0.5.9's; see docs/corpus.md).

Per role the table says: the guard's verdict on the unfixed and the fixed backend; for the EAGLE
draft, whether the fixed one reads its own KV rows (no translation through the shared allocator or
the target's pool, window indices untranslated); for the target, whether the fixed one plans the
same window indices as the unfixed one (TRTLLM, which has no window: the same SWA pool); for the
FROZEN_KV draft, the guard's verdict only. Exit 1 when a fixed role is not
consistent or the target changed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import corpus  # noqa: E402
import sglang_wheels  # noqa: E402

ATTENTION = "sglang/srt/layers/attention"
BACKENDS = {
    "flashinfer": "flashinfer_backend",
    "triton": "triton_backend",
    "trtllm_mha": "trtllm_mha_backend",
}
# corpus key -> the sglang CPU environment its backends run in
RUNTIME = {
    "0.5.9": "0.5.9",
    "0.5.12.post1": "0.5.12.post1",
    "0.5.13.post1": "0.5.13.post1",
    "sglang-kt==0.7.2": "0.5.9",
}
ROLES = ("target", "eagle_draft", "frozen_kv_draft")


# ------------------------------------------------------------------------------ child process


def _install(module_name: str, path: str) -> None:
    if module_name in sys.modules:
        raise RuntimeError(f"{module_name} was imported before its replacement")
    parent_name, _, leaf = module_name.rpartition(".")
    parent = importlib.import_module(parent_name)
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(module_name, None)
        raise
    setattr(parent, leaf, module)


def child(files: dict) -> dict:
    """In the release's environment: load ``files`` (backend name -> path) in place of the
    installed modules, then run the probe per backend and role."""
    from guardrails.probe import standins

    standins.prepare_cpu_process()
    import sglang

    from guardrails.probe import real, recall

    # (sglang_facts() would import spec_info, which imports the backends on some releases)
    if real._parse_version(sglang.__version__) < (0, 5, 10):
        standins.install_sgl_kernel_stub()
    for name, path in files.items():
        _install(f"sglang.srt.layers.attention.{BACKENDS[name]}", path)
    import guardrails

    out = {"sglang": sglang.__version__, "backends": {}}
    for name in files:
        out["backends"][name] = recall.run_backend(name, guardrails, ROLES, ("off", "raise"))
    return out


# ----------------------------------------------------------------------------- parent process


def _probe(runtime: str, files: dict) -> dict:
    overlay = sglang_wheels.cache_root() / "envs" / f"sglang-{runtime}"
    if not overlay.is_dir():
        raise SystemExit(f"{overlay} missing: run scripts/setup_sglang_envs.sh")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(overlay), str(REPO)]))
    args = [f"{k}={v}" for k, v in files.items()]
    proc = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if proc.returncode != 0:
        raise SystemExit(f"probe failed ({runtime}): {proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _fix_copy(key: str, work: Path) -> tuple[Path, Path, str]:
    tree = sglang_wheels.ensure_tree(key, quiet=True)
    copy = work / key.replace("==", "-")
    shutil.copytree(tree / "sglang", copy / "sglang")
    proc = subprocess.run(
        [sys.executable, "-m", "lint_rules", "fix", "--no-cache", str(copy / "sglang")],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if proc.returncode not in (0, 1):
        raise SystemExit(f"kvguard fix failed on {key}: {proc.stderr[-2000:]}")
    summary = next((ln for ln in proc.stdout.splitlines() if ln.startswith("Found")), "")
    return tree, copy, summary


def _verdict(entry: dict) -> str:
    r = entry.get("raise", {})
    if r.get("outcome") == "violation":
        return "violation: " + ", ".join(r.get("kinds", []))
    return {"ok": "consistent", "original_reached": "consistent (GPU step after)"}.get(
        r.get("outcome"), r.get("outcome", "?")
    )


def _judge(role: str, before: dict, after: dict) -> tuple[str, bool]:
    """(what the check found, passed) for one fixed role against the unfixed one."""
    if after.get("raise", {}).get("outcome") == "not_applicable":
        return "no FROZEN_KV MTP in this release", True
    consistent = after.get("raise", {}).get("outcome") not in ("violation", None)
    win_a, win_b = before.get("window_wrapper"), after.get("window_wrapper")
    if role == "target":
        # the same window indices (translated through the pool now, not the allocator); without
        # a window (trtllm), the same SWA pool
        if win_a is not None or win_b is not None:
            same = (win_a or {}).get("kv_indices") == (win_b or {}).get("kv_indices")
        else:
            same = before.get("swa_pool_is_target_pool") == after.get("swa_pool_is_target_pool")
        ids = ",".join(map(str, (win_b or {}).get("kv_indices", [])[-4:]))
        what = f"same window ids as unfixed (..{ids})" if ids else "same SWA pool as unfixed"
        via = sorted(set(after.get("translations") or []))
        if via and via != sorted(set(before.get("translations") or [])):
            what += f", translated via {'/'.join(via)}"
        return (what if same else "CHANGED"), consistent and same
    own = not after.get("translations") and not (win_b or {}).get("translated", False)
    own = own and not (after.get("swa_pool_is_target_pool") and role == "eagle_draft")
    if role == "frozen_kv_draft":  # (sglang's view swaps the target's pool in)
        return "guard's verdict only", consistent
    return ("reads its own KV rows" if own else "READS THE TARGET'S ROWS"), consistent and own


def run(keys) -> tuple[list, bool]:
    rows, ok = [], True
    with tempfile.TemporaryDirectory(prefix="kvguard-fix-roles-") as tmp:
        for key in keys:
            t0 = time.monotonic()
            tree, copy, summary = _fix_copy(key, Path(tmp))
            names = [n for n, f in BACKENDS.items() if (tree / ATTENTION / f"{f}.py").is_file()]
            original = {n: str(tree / ATTENTION / f"{BACKENDS[n]}.py") for n in names}
            fixed = {n: str(copy / ATTENTION / f"{BACKENDS[n]}.py") for n in names}
            before = _probe(RUNTIME[key], original)
            after = _probe(RUNTIME[key], fixed)
            for n in names:
                changed = Path(original[n]).read_bytes() != Path(fixed[n]).read_bytes()
                b, a = before["backends"][n], after["backends"][n]
                if not a.get("constructible", False) or not b.get("constructible", False):
                    why = a.get("why_not") or b.get("why_not") or a.get("error", "")[-200:]
                    rows.append((key, n, "all", "not constructible", why, "", False))
                    ok = False
                    continue
                for role in ROLES:
                    eb, ea = b["roles"][role], a["roles"][role]
                    what, passed = _judge(role, eb, ea)
                    ok = ok and passed
                    rows.append(
                        (
                            key,
                            n + ("" if changed else " (unchanged)"),
                            role,
                            _verdict(eb),
                            _verdict(ea),
                            what,
                            passed,
                        )
                    )
            print(
                f"[fix_roles] {key}: {summary} (on sglang {after['sglang']}), "
                f"{time.monotonic() - t0:.0f}s",
                file=sys.stderr,
                flush=True,
            )
    return rows, ok


def table(rows) -> str:
    out = [
        "| release | backend | role | unfixed | fixed | check | ok |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, backend, role, before, after, what, passed in rows:
        out.append(
            f"| {key} | {backend} | {role} | {before} | {after} | {what} | "
            f"{'yes' if passed else 'NO'} |"
        )
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    ap.add_argument("--write", action="store_true", help="update RESULTS.md")
    ap.add_argument("--versions", nargs="*", default=list(RUNTIME), help="corpus keys")
    args = ap.parse_args(argv)
    if args.child is not None:
        files = dict(a.split("=", 1) for a in args.child)
        real_stdout = sys.stdout
        sys.stdout = sys.stderr  # sglang logs to stdout on import
        try:
            data = child(files)
        finally:
            sys.stdout = real_stdout
        print(json.dumps(data, default=str))
        return 0
    t0 = time.monotonic()
    rows, ok = run(args.versions)
    text = table(rows)
    print(text)
    print(f"all fixed roles consistent, drafts on their own rows, targets unchanged: {ok}")
    if args.write:
        body = "\n".join(
            [
                "## Autofix roles: fixed backends on real classes (`benchmarks/fix_roles.py`)",
                "",
                "Each release's tree fixed by `kvguard fix`, its backends built by the probe of "
                "`kvguard doctor` (stand-ins: flashinfer's wrappers, the index kernel) in each role; "
                "the guard's verdict (raise mode) on the unfixed and the fixed backend. sglang-kt "
                f"runs on 0.5.9's environment. Commit {corpus.git_revision()}, "
                f"{time.monotonic() - t0:.0f} s.",
                "",
                text,
                "",
                f"All fixed roles consistent, drafts on their own rows, targets unchanged: {ok}.",
            ]
        )
        corpus.update_results_section("fix-roles", body)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
