"""The guard in a real sglang server (issue 29): run on the H200 by ``scripts/gpu_server.sh run``.

Starts ``python -m sglang.launch_server`` from an installed sglang (``--site``: 0.5.12.post1, the
last release with the #25103 TRTLLM bug) on the tiny hybrid-SWA fixtures in
``tests/gpu/server/models`` (random weights, ``--load-format dummy``) with an EAGLE-3 draft, Triton
prefill, ``trtllm_mha`` decode and CUDA graphs on. kvguard is installed in the same site and loaded
by sglang's own plugin loading (``SGLANG_KV_POOL_GUARD``). Scenarios, in order:

1. ``raise``, unfixed backend: what the server does and what its operator reads;
2. ``warn``, unfixed: the violation lines, and whether requests are served;
3. ``kvguard fix`` on the files the violation message names (run here, on the installed package);
4. ``raise`` and ``warn``, fixed: the same server, expected silent.

Each server is started in its own process group and stopped by it (SIGTERM, then SIGKILL) before
the next starts. Writes ``$OUT/RESULTS-gpu-server.md`` (the section for benchmarks/RESULTS-gpu.md,
rewritten after every scenario), ``gpu-server.json`` and ``gpu-server-logs.tar.gz`` (full logs).
Standard library only; ``--server`` replaces the launcher (tests/gpu/test_server_flow.py runs a
stand-in server through the same flow on CPU).
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Dict, List, Optional

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "tests" / "gpu" / "server" / "models"
ATTENTION = Path("sglang") / "srt" / "layers" / "attention"
BACKUP = ".kvguard-attention-orig"

INSTALLED = re.compile(
    r"kvguard: KV pool guard (NOT )?installed on (\S+) \((?:mode=(\w+), )?pid (\d+)"
    r"(?:, sglang ([^,]+), wrapped: ([^)]*))?"
)
ENABLED = re.compile(r"kvguard: pool guard plugin enabled \(mode=(\w+)(?:, pid (\d+))?\)")
VIOLATED = "kvguard: KV pool / SWA invariant violated in "
FIX_LINE = re.compile(r"^\s*to fix: kvguard fix (.+)$")
KIND = re.compile(r"^\s+\[(error|warning)\] ([a-z-]+):")
SCENARIOS = ("raise-unfixed", "warn-unfixed", "fix", "raise-fixed", "warn-fixed")


def server_command(args, port: int) -> List[str]:
    if args.server:
        return shlex.split(args.server) + ["--port", str(port)]
    m = Path(args.models)
    return [
        args.python, "-m", "sglang.launch_server",
        "--model-path", str(m / "hybrid-swa-target"), "--load-format", "dummy",
        "--skip-tokenizer-init",
        "--speculative-algorithm", "EAGLE3",
        "--speculative-draft-model-path", str(m / "eagle3-draft"),
        "--speculative-num-steps", "2", "--speculative-eagle-topk", "1",
        "--speculative-num-draft-tokens", "3",
        "--attention-backend", "triton", "--decode-attention-backend", "trtllm_mha",
        "--cuda-graph-max-bs", "4", "--mem-fraction-static", "0.3",
        "--grammar-backend", "none", "--host", "127.0.0.1", "--port", str(port),
    ]  # fmt: skip


# -- processes ------------------------------------------------------------------------------------


def group_members(pgid: int) -> Dict[int, str]:
    """pid -> command line (as set by setproctitle) of the live processes in process group pgid
    (the server was started as its leader) or descending from its leader by parent pid."""
    parents, groups = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2 :].split()
            if fields[0] == "Z":
                continue
            parents[int(entry)], groups[int(entry)] = int(fields[1]), int(fields[2])
        except (OSError, ValueError, IndexError):
            continue
    found = {}
    for pid in parents:
        p, seen = pid, 0
        while p not in (pgid, 0, 1) and p in parents and seen < 64:
            p, seen = parents[p], seen + 1
        if groups[pid] != pgid and p != pgid:
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                found[pid] = f.read().replace(b"\0", b" ").decode(errors="replace").strip()[:120]
        except OSError:
            continue
    return found


def stop_group(proc: subprocess.Popen, timeout: float = 30.0) -> str:
    """Stop the server's whole process group by its id; returns what it took."""
    pgid = proc.pid
    t0 = time.monotonic()
    how = "SIGTERM"
    try:
        os.killpg(pgid, signal.SIGTERM)
    except ProcessLookupError:
        how = "already gone"
    while group_members(pgid) and time.monotonic() - t0 < timeout:
        time.sleep(0.5)
        proc.poll()
    if group_members(pgid):
        how += ", then SIGKILL"
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        for pid in group_members(pgid):  # a descendant that left the group
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for _ in range(40):
            proc.poll()
            if not group_members(pgid):
                break
            time.sleep(0.25)
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
    left = group_members(pgid)
    return f"{how}; process group {pgid} {'STILL HAS ' + str(sorted(left)) if left else 'gone'} after {time.monotonic() - t0:.1f} s"  # noqa: E501


# -- HTTP -------------------------------------------------------------------------------------------


def http(url: str, body: Optional[dict] = None, timeout: float = 2.0):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except (OSError, ValueError) as e:
        return None, f"{type(e).__name__}: {e}"


def request_body(n: int) -> dict:
    # prompts longer than the target's 16-token window, so SWA layers evict while drafting
    length = 20 + 23 * n
    ids = [(7 + 13 * i + 5 * n) % 500 + 3 for i in range(length)]
    return {"input_ids": ids, "sampling_params": {"max_new_tokens": 32, "temperature": 0}}


def summarise_response(status, text: str) -> dict:
    out = {"status": status}
    try:
        data = json.loads(text)
    except ValueError:
        out["body"] = text[:300]
        return out
    meta = data.get("meta_info", {}) if isinstance(data, dict) else {}
    out["output_tokens"] = len(data.get("output_ids", []) or []) if isinstance(data, dict) else 0
    for key in ("prompt_tokens", "completion_tokens", "spec_verify_ct", "e2e_latency"):
        if key in meta:
            out[key] = meta[key]
    if meta.get("spec_verify_ct"):
        out["accept_length"] = round(meta["completion_tokens"] / meta["spec_verify_ct"], 3)
    if not isinstance(data, dict) or "output_ids" not in data:
        out["body"] = text[:300]
    return out


# -- log reading ------------------------------------------------------------------------------------


def strip_prefix(line: str) -> str:
    i = line.find("kvguard:")
    return line[i:] if i >= 0 else line


def read_log(text: str, names: Dict[int, str]) -> dict:
    lines = text.splitlines()
    installed, enabled, blocks, kinds = [], [], [], []
    for i, line in enumerate(lines):
        m = INSTALLED.search(line)
        if m:
            pid = int(m.group(4))
            installed.append(
                {
                    "pid": pid,
                    "process": names.get(pid, "?"),
                    "class": m.group(2),
                    "ok": not m.group(1),
                    "sglang": m.group(5),
                    "line": strip_prefix(line),
                }
            )
        m = ENABLED.search(line)
        if m:
            enabled.append(strip_prefix(line))
        if VIOLATED in line and "PoolGuardViolation" not in line:  # not the traceback's copy
            block = [line[line.index(VIOLATED) :]]
            for nxt in lines[i + 1 :]:
                if not nxt.startswith("  "):
                    break
                block.append(nxt)
                k = KIND.match(nxt)
                if k:
                    kinds.append(k.group(2))
            blocks.append(block)
    fix = None
    for line in lines:
        m = FIX_LINE.match(line)
        if m:
            fix = shlex.split(m.group(1))
            break
    return {
        "installed": installed,
        "enabled": enabled,
        "plugin_listed": [line.strip() for line in lines if "kvguard_pool_guard ->" in line][:4],
        "violation_blocks": blocks,
        "violation_kinds": kinds,
        "violation_lines": len(blocks),
        "raised": sum(VIOLATED in line and "PoolGuardViolation" in line for line in lines),
        "fix_files": fix,
        "accept_lines": [line.strip() for line in lines if "accept len" in line][-3:],
        "user_sees": what_the_user_sees(lines),
    }


def what_the_user_sees(lines: List[str]) -> List[str]:
    """Where the server failed: the last traceback frames, the exception with its whole message,
    and the lines after it (the launcher's reaction)."""
    at = None
    for i, line in enumerate(lines):
        if "PoolGuardViolation" in line and ("Error" in line or "Violation:" in line):
            at = i
    if at is None:
        for i, line in enumerate(lines):
            if "Traceback (most recent call last)" in line or "hit an exception" in line:
                at = i
    if at is None:
        return []
    start = at
    frames = 0
    while start > 0 and frames < 4:
        start -= 1
        if lines[start].lstrip().startswith("File "):
            frames += 1
    return [line.rstrip() for line in lines[start : at + 40]]


# -- the backend files --------------------------------------------------------------------------------


def restore_backends(site: Path) -> List[str]:
    """Keep a pristine copy of sglang's attention package once; put it back before every run."""
    src, backup = site / ATTENTION, site / BACKUP
    if not src.is_dir():
        return []
    if not backup.is_dir():
        shutil.copytree(src, backup)
        return []
    restored = []
    for f in sorted(backup.glob("*.py")):
        dst = src / f.name
        if not dst.exists() or dst.read_bytes() != f.read_bytes():
            shutil.copy2(f, dst)
            restored.append(f.name)
    return restored


def run_fix(args, site: Path, files: List[str], log: io.StringIO) -> dict:
    tool = site / "bin" / "kvguard"
    cmd = [str(tool)] if tool.exists() else [args.python, "-m", "lint_rules"]
    cmd += ["fix", "--no-cache", *files]
    env = dict(os.environ, PYTHONPATH=str(site))
    t0 = time.monotonic()
    # from "/": run from inside the site folder, `python -m` would drop that folder from sys.path
    proc = subprocess.run(cmd, cwd="/", env=env, capture_output=True, text=True, timeout=300)
    took = time.monotonic() - t0
    diffs, changed = [], []
    for f in files:
        rel = Path(f).resolve().relative_to((site / ATTENTION).resolve())
        before = (site / BACKUP / rel).read_text().splitlines(keepends=True)
        after = Path(f).read_text().splitlines(keepends=True)
        d = list(difflib.unified_diff(before, after, f"a/{rel}", f"b/{rel}"))
        diffs += d
        if d:
            changed.append(
                f"{rel}: +{sum(x.startswith('+') for x in d) - 1} "
                f"-{sum(x.startswith('-') for x in d) - 1} lines"
            )
    log.write("".join(diffs))
    return {
        "command": "kvguard fix --no-cache " + " ".join(files),
        "ran": " ".join(shlex.quote(c) for c in cmd),
        "rc": proc.returncode,
        "seconds": round(took, 1),
        "output": (proc.stdout + proc.stderr).strip().splitlines()[-12:],
        "changed": changed,
    }


# -- one server --------------------------------------------------------------------------------------


def run_server(
    args, name: str, mode: str, site: Path, logs: Dict[str, str], start_timeout: float
) -> dict:
    port = args.port + SCENARIOS.index(name)  # a port per server: none waits on another's socket
    cmd = server_command(args, port)
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(site) + (os.pathsep + args.extra_path if args.extra_path else ""),
        PYTHONUNBUFFERED="1",
        SGLANG_KV_POOL_GUARD=mode,
    )
    for key in ("SGLANG_INVARIANT_CHECK", "SGLANG_PLUGINS", "SGLANG_KV_POOL_GUARD_LOG"):
        env.pop(key, None)
    log_path = Path(args.workdir) / f"{name}.log"
    t0 = time.monotonic()
    names: Dict[int, str] = {}
    with open(log_path, "w") as logf:
        proc = subprocess.Popen(
            cmd, stdout=logf, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    result = {"scenario": name, "guard": mode, "pid": proc.pid, "port": port, "requests": []}
    result["start_timeout_s"] = round(start_timeout)
    up = False
    try:
        while time.monotonic() - t0 < start_timeout:
            names.update(group_members(proc.pid))
            if proc.poll() is not None:
                break
            status, _ = http(f"http://127.0.0.1:{port}/health")
            if status == 200:
                up = True
                break
            time.sleep(1.0)
        result["up_after_s"] = round(time.monotonic() - t0, 1) if up else None
        if up:
            names.update(group_members(proc.pid))
            for n in range(args.requests):
                status, text = http(
                    f"http://127.0.0.1:{port}/generate", request_body(n), timeout=20
                )
                result["requests"].append(summarise_response(status, text))
            names.update(group_members(proc.pid))
        result["exit_before_stop"] = proc.poll()
    finally:
        result["stopped"] = stop_group(proc)
    result["exit_code"] = proc.returncode
    result["seconds"] = round(time.monotonic() - t0, 1)
    result["processes"] = {str(k): v for k, v in sorted(names.items())}
    text = log_path.read_text(errors="replace")
    logs[f"{name}.log"] = text
    result.update(read_log(text, names))
    return result


# -- the report -------------------------------------------------------------------------------------


def short_name(cmd: str) -> str:
    """sglang's process titles as they are, the launcher as ``launch_server``."""
    if cmd.startswith("sglang::"):
        return cmd.split()[0]
    if "sglang.launch_server" in cmd:
        return "launch_server"
    return cmd.split()[0].rsplit("/", 1)[-1] if cmd else "?"


def fence(lines: List[str]) -> List[str]:
    return ["```", *lines, "```"]


def render(meta: dict, results: List[dict]) -> str:
    out = [
        "## A real sglang server with the guard (issue 29)",
        "",
        f"Generated by `benchmarks/gpu_server.py` from `scripts/gpu_server.sh run` on {meta['device']}, "
        f"sglang {meta['sglang']}, torch {meta['torch']}, Python {meta['python']}, kvguard revision "
        f"{meta['revision']}, {meta['date']}. Not edited by hand.",
        "",
        "The server: `python -m sglang.launch_server` (sglang's own launcher) on the tiny hybrid-SWA "
        "GPT-OSS fixture `tests/gpu/server/models/hybrid-swa-target` (layers: sliding window 16, "
        "full) with the EAGLE-3 draft `tests/gpu/server/models/eagle3-draft`; random weights "
        "(`--load-format dummy`), `--skip-tokenizer-init`, Triton prefill + `trtllm_mha` decode "
        "(its prefill is SM100-only), CUDA graphs on (`--cuda-graph-max-bs 4`). kvguard is "
        "installed into the same site and loaded by sglang's plugin loader "
        "(`sglang.srt.plugins` entry point) with `SGLANG_KV_POOL_GUARD` set; nothing else "
        "imports it. The accept lengths below come from random weights and mean nothing.",
        "",
        "Command:",
        *fence([" ".join(shlex.quote(c) for c in meta["command"])]),
        "",
        "| scenario | guard | server | requests served | violation lines (kinds) | accept length | stopped |",  # noqa: E501
        "|---|---|---|---|---|---|---|",
    ]
    for r in results:
        if r["scenario"] == "fix":
            out.append(
                f"| `kvguard fix` | - | - | - | exit {r['rc']}, {r['seconds']} s: "
                f"{'; '.join(r['changed']) or 'nothing changed'} | - | - |"
            )
            continue
        served = sum(1 for q in r["requests"] if q.get("status") == 200 and q.get("output_tokens"))
        accept = [q["accept_length"] for q in r["requests"] if "accept_length" in q]
        if r["up_after_s"] is not None:
            state = f"up after {r['up_after_s']} s"
        elif r["exit_before_stop"] is not None:
            state = f"did not start (exit {r['exit_before_stop']})"
        else:
            state = f"not up within {r['start_timeout_s']} s"
        kinds = sorted(set(r["violation_kinds"]))
        raised = f"; raised {r['raised']}" if r["raised"] else ""
        out.append(
            f"| {r['scenario']} | {r['guard']} | {state} | {served}/{len(r['requests'])} | "
            f"{r['violation_lines']} ({', '.join(kinds) or 'none'}{raised}) | "
            f"{', '.join(str(a) for a in accept) or '-'} | {r['stopped']} |"
        )
    for r in results:
        out += ["", f"### {r['scenario']}", ""]
        if r["scenario"] == "fix":
            out.append(
                "`kvguard fix` on the installed package, run on the device, on "
                + (
                    "the files the violation message named:"
                    if r["files_from"] == "the violation message"
                    else "the TRTLLM backend (no violation message named a file):"
                )
            )
            out += fence([r["command"], *r["output"]])
            if r.get("diff"):
                out += ["", "The change it made (unified diff against the installed file):"]
                out += ["```diff", *r["diff"].splitlines(), "```"]
            continue
        named = {p: short_name(c) for p, c in r["processes"].items()}
        main = {p: n for p, n in named.items() if n == "launch_server" or n.startswith("sglang::")}
        out.append(
            "Processes of the server seen while it ran: "
            + ", ".join(f"`{n}` (pid {p})" for p, n in main.items())
            + f", and {len(named) - len(main)} helper processes (compilers, resource tracker)."
        )
        out.append("")
        out.append("The guard's lines per process (as logged):")
        lines = [*r["plugin_listed"], *r["enabled"]]
        for item in r["installed"]:
            lines.append(f"[{short_name(item['process'])}] {item['line']}")
        out += fence(lines or ["(none)"])
        if r["violation_blocks"]:
            out += ["", "Violations as logged (each once per backend class, role and kind):"]
            out += fence([line for b in r["violation_blocks"] for line in b])
        if r["up_after_s"] is None and r["user_sees"]:
            out += ["", "What the operator sees (the server log where it stopped):"]
            out += fence(r["user_sees"])
        if r["requests"]:
            out += ["", "Requests (`POST /generate`, input_ids, max_new_tokens 32, temperature 0):"]
            out += fence([json.dumps(q, sort_keys=True) for q in r["requests"]])
        if r["accept_lines"]:
            out += ["", "Last decode log lines:"]
            out += fence(r["accept_lines"])
    return "\n".join(out) + "\n"


def environment(args, site: Path) -> dict:
    def probe(code):
        try:
            env = dict(os.environ, PYTHONPATH=str(site))
            p = subprocess.run(
                [args.python, "-c", code], capture_output=True, text=True, env=env, timeout=120
            )
            return p.stdout.strip() or "unknown"
        except Exception:
            return "unknown"

    try:
        gpu = subprocess.run(
            ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.strip()
    except Exception:
        gpu = ""
    rev = os.environ.get("KVGUARD_REVISION")
    if not rev and (REPO / "REVISION").exists():
        rev = (REPO / "REVISION").read_text().strip()
    return {
        "device": gpu or "no GPU",
        "sglang": probe(
            "import importlib.metadata as m; print(m.version('sglang'))"
            if not args.server
            else "print('stand-in')"
        ),
        "torch": probe("import torch; print(torch.__version__)"),
        "python": sys.version.split()[0],
        "revision": rev or "unknown",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": server_command(args, args.port),
    }


def write_outputs(out: Path, meta: dict, results: List[dict], logs: Dict[str, str]) -> None:
    (out / "RESULTS-gpu-server.md").write_text(render(meta, results))
    (out / "gpu-server.json").write_text(
        json.dumps({"meta": meta, "results": results}, indent=1, default=str)
    )
    with tarfile.open(out / "gpu-server-logs.tar.gz", "w:gz") as tar:
        for name, text in logs.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", required=True, help="folder holding sglang, its deps and kvguard")
    p.add_argument("--out", default=os.environ.get("OUT", "gpu-out"))
    p.add_argument("--models", default=str(MODELS))
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--port", type=int, default=30111)
    p.add_argument("--requests", type=int, default=3)
    p.add_argument("--start-timeout", type=float, default=240.0)
    p.add_argument(
        "--deadline-s",
        type=float,
        default=560.0,
        help="no server runs past this many seconds from the start (each is stopped before it)",
    )
    p.add_argument("--scenarios", default=",".join(SCENARIOS))
    p.add_argument("--server", help="a stand-in launcher command (CPU tests of this flow)")
    p.add_argument("--extra-path", default="", help="appended to the servers' PYTHONPATH")
    args = p.parse_args(argv)
    t0 = time.monotonic()
    site, out = Path(args.site).resolve(), Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    args.workdir = str(out / ".work")
    Path(args.workdir).mkdir(exist_ok=True)
    restored = restore_backends(site)
    meta = environment(args, site)
    meta["restored_before_run"] = restored
    results: List[dict] = []
    logs: Dict[str, str] = {}
    fix_files: Optional[List[str]] = None
    wanted = [s for s in args.scenarios.split(",") if s]
    for name in wanted:
        spent = time.monotonic() - t0
        print(f"[gpu_server {spent:5.0f} s] {name}", flush=True)
        if name == "fix":
            files = fix_files or [str(site / ATTENTION / "trtllm_mha_backend.py")]
            buf = io.StringIO()
            r = run_fix(args, site, files, buf)
            r["scenario"] = "fix"
            r["files_from"] = "the violation message" if fix_files else "default (no message)"
            logs["kvguard-fix.diff"] = r["diff"] = buf.getvalue()
            results.append(r)
        else:
            if name.endswith("-fixed") and not any(x["scenario"] == "fix" for x in results):
                continue
            left = args.deadline_s - spent
            if left < 120:
                print(f"  skipped: {spent:.0f} s spent, deadline {args.deadline_s:.0f} s")
                meta.setdefault("skipped", []).append(name)
                continue
            mode = name.split("-")[0]
            r = run_server(
                args, name, mode, site, logs, start_timeout=min(args.start_timeout, left - 100)
            )
            fix_files = fix_files or r["fix_files"]
            results.append(r)
            print(
                f"  up={r['up_after_s']} exit={r['exit_code']} violations={r['violation_lines']} "
                f"requests={[q.get('status') for q in r['requests']]} ({r['seconds']} s)",
                flush=True,
            )
        write_outputs(out, meta, results, logs)
    shutil.rmtree(args.workdir, ignore_errors=True)
    table = [x for x in render(meta, results).splitlines() if x.startswith("|")]
    print(
        "\n".join(["", f"== gpu_server ({time.monotonic() - t0:.0f} s; files in {out}) ==", *table])
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
