"""``python -m guardrails doctor`` (also ``kvguard doctor``): "does my installed sglang have the
allocator/pool confusion bug for my backend and my speculative mode?"

On the sglang installed in this environment it builds the real pools, the shared
``SWATokenToKVPoolAllocator`` and each attention backend that can be constructed here, in three
roles — target (SWA pool), EAGLE draft (its own full-only pool next to the target's allocator, a
draft window for the window backends) and FROZEN_KV draft (inside sglang's own target-pool view,
where the release has FROZEN_KV MTP) — runs the first metadata call of each under the guard in
raise mode and prints backend x role -> consistent / violation (kind + the static rule that finds
the same shape) / not checked past the step where the path stopped on this machine / not
constructible here (why). It then runs the linter on the installed sglang
package and lists its findings.

By default everything runs in a child process with ``CUDA_VISIBLE_DEVICES=""``: the doctor never
touches a GPU (a server may be using it). ``--device cuda`` builds on the GPU instead, when asked.
Exit status: 0 when no role is violated, 1 when one is, 2 when sglang cannot be imported here.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import List, Optional

from .invariant import STATIC_RULES

EXIT_OK, EXIT_VIOLATION, EXIT_UNAVAILABLE = 0, 1, 2
ROLE_NAMES = {
    "target": "target",
    "eagle_draft": "EAGLE draft",
    "frozen_kv_draft": "FROZEN_KV draft",
}


# The doctor's children never import from the working directory: ``python -m`` and ``-c`` put
# it first on ``sys.path``, so a ``dataclasses.py`` there would run and an ``sglang/`` folder
# there would be probed instead of the installed sglang. ``-I`` would drop ``PYTHONPATH`` too
# (an environment's own import path); this drops only the interpreter's implicit first entry,
# then runs the module. The directory holding ``guardrails`` and ``lint_rules`` is appended,
# after the interpreter's own paths, for a checkout run in place.
_BOOT = (
    "import runpy, sys\n"
    "if not getattr(sys.flags, 'safe_path', False):\n"
    "    del sys.path[0]\n"
    "if sys.argv[1] not in sys.path:\n"
    "    sys.path.append(sys.argv[1])\n"
    "sys.argv[:] = sys.argv[2:]\n"
    "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
)


def child_command(module: str, *args: str) -> list:
    """``python -m module args`` without the working directory on the child's path."""
    home = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return [sys.executable, "-c", _BOOT, home, module, *args]


def _probe(device: str, timeout: int) -> dict:
    env = dict(os.environ)
    for key in ("SGLANG_KV_POOL_GUARD", "SGLANG_INVARIANT_CHECK", "SGLANG_PLUGINS"):
        env.pop(key, None)
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # never touch a GPU unless asked
    env["KVGUARD_TEST_DEVICE"] = device
    env.setdefault("SGLANG_FLASHINFER_WORKSPACE_SIZE", "1048576")
    proc = subprocess.run(
        child_command("guardrails.probe.recall", "--doctor"),
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip().startswith("{")]
    if not lines:
        return {"error": proc.stderr.strip()[-2000:] or f"probe exited {proc.returncode}"}
    return json.loads(lines[-1])


def classify(role_entry: dict) -> tuple:
    """(status, text) for one backend x role entry of the probe."""
    outcome = role_entry.get("raise", {})
    if outcome.get("outcome") == "violation":
        kinds = outcome.get("kinds", [])
        rules = sorted({r for k in kinds for r in STATIC_RULES.get(k, ())})
        return "violation", f"violation: {', '.join(kinds)} (static rule {'/'.join(rules)})"
    note = ""
    if role_entry.get("invariant_applicable") is False:
        note = (
            " [translation check only: this backend has no _swa_kv_pool, and no SWA flag that "
            "decides KV reads (a write-only flag, as Triton's, is not checked)]"
        )
    if outcome.get("outcome") == "original_reached":
        # the path stopped early here (a GPU-only step): what comes after it was not checked
        return "not checked", (
            f"not checked past `{outcome.get('error', '?')[:80]}` (the metadata path stops "
            "there on this machine)" + note
        )
    if outcome.get("outcome") == "not_applicable":
        return "n/a", outcome.get("why", "not applicable in this release")
    return "consistent", "consistent" + note


def lint_installed_sglang(timeout: int, target: Optional[str] = None) -> dict:
    """Findings of the linter on the installed sglang package (JSON), or why not. ``target``:
    the package directory the probe imported (else looked up here, without the working
    directory)."""
    if target is None:
        import importlib.machinery

        cwd = os.getcwd()
        path = [p for p in sys.path if p not in ("", ".", cwd)]
        spec = importlib.machinery.PathFinder.find_spec("sglang", path)
        if spec is None or not spec.submodule_search_locations:
            return {"error": "sglang is not importable here"}
        target = list(spec.submodule_search_locations)[0]  # the whole installed package
    args = ["check", "--output-format", "json", "--exit-zero", "--no-cache", target]
    try:
        proc = subprocess.run(
            child_command("lint_rules", *args),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}", "path": target}
    try:
        findings = json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return {"error": (proc.stderr or proc.stdout)[-600:], "path": target}
    if isinstance(findings, dict):
        findings = findings.get("findings", findings.get("results", []))
    return {"path": target, "findings": findings}


def _finding_line(f: dict, root: str) -> str:
    path = f.get("filename") or f.get("path") or "?"
    if root and path.startswith(root):
        path = os.path.relpath(path, os.path.dirname(root))
    loc = f.get("location") or {}
    row = loc.get("row") or f.get("line") or "?"
    return f"  {f.get('code', '?')} {path}:{row} {f.get('message', '')[:110]}"


def _progress(stage: str) -> None:
    """One line per stage on stderr (each takes seconds; stdout stays the report)."""
    sys.stderr.write(f"kvguard doctor: {stage} ...\n")
    sys.stderr.flush()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m guardrails doctor", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--no-lint", action="store_true", help="skip the lint of sglang")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args(argv)

    from .nameclash import check

    name = check()
    report = {"name_clash": name.message or None}
    _progress(f"building sglang's pools and backends under the guard ({args.device}, 3 roles)")
    probe = _probe(args.device, args.timeout)
    report["probe"] = probe
    if "error" in probe and "backends" not in probe:
        report["status"] = "sglang unavailable"
        if args.json:
            print(json.dumps(report, default=str))
        else:
            print("kvguard doctor: cannot build sglang objects in this environment:")
            print("  " + probe["error"].strip().splitlines()[-1][:300])
            if name.message:
                print("note: " + name.message)
        return EXIT_UNAVAILABLE
    rows, violated = [], False
    for backend, entry in probe["backends"].items():
        if not entry.get("constructible"):
            why = entry.get("why_not") or (entry.get("error") or "?").strip().splitlines()[-1]
            rows.append((backend, "all roles", "not constructible here", why[:140]))
            continue
        for role, r in entry["roles"].items():
            status, text = classify(r)
            violated |= status == "violation"
            rows.append((backend, ROLE_NAMES.get(role, role), status, text))
    if not args.no_lint:
        _progress("linting the installed sglang package")
    lint = None if args.no_lint else lint_installed_sglang(args.timeout, probe.get("sglang_path"))
    report["rows"] = [dict(zip(("backend", "role", "status", "detail"), r)) for r in rows]
    report["lint"] = lint
    report["status"] = "violation" if violated else "ok"
    if args.json:
        print(json.dumps(report, default=str))
        return EXIT_VIOLATION if violated else EXIT_OK
    print(
        f"kvguard doctor: sglang {probe.get('version')} ({probe.get('sglang_path', '?')}), "
        f"device {args.device}, guard in raise mode"
    )
    if name.message:
        print("note: " + name.message)
    width = max(len(r[0]) for r in rows) if rows else 8
    unchecked = sum(1 for r in rows if r[2] == "not checked")
    for backend, role, status, text in rows:
        print(f"  {backend:<{width}}  {role:<16} {text}")
    if lint is not None:
        if "error" in lint:
            print(f"lint of the installed sglang: not run ({lint['error'][:200]})")
        else:
            found = lint["findings"]
            print(f"lint of the installed sglang ({lint['path']}): {len(found)} finding(s)")
            for f in found[:40]:
                print(_finding_line(f, lint["path"]))
            if len(found) > 40:
                print(f"  ... {len(found) - 40} more (`kvguard check {lint['path']}`)")
    print(
        "result: "
        + (
            "VIOLATION — a backend/role of this sglang has the allocator/pool confusion; see the "
            "kind and static rule above, and turn the guard on (SGLANG_KV_POOL_GUARD=raise)"
            if violated
            else "no backend/role constructible here violates the invariant"
            + (
                f" ({unchecked} of them not checked past an early step: see above)"
                if unchecked
                else ""
            )
        )
    )
    return EXIT_VIOLATION if violated else EXIT_OK
