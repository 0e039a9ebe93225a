"""Generate variants (site x operator, site x operator pair) and judge them with the kvguard CLI.

A variant is a small package tree ``sglang/srt/layers/attention/<file>.py`` (plus the modules a
multi-file operator adds, and ``__init__.py`` files) written under a temporary directory. All
single-module variants of a batch are judged by ONE ``kvguard check --output-format json``
invocation over the batch directory; a multi-file variant is judged by its own CLI run with the
variant's root as working directory (so a project index resolves ``sglang.…`` imports inside
that variant only): all those runs happen in one process (``cli_driver.py`` calls
``lint_rules.cli.main`` per root), or one process each with ``KVGUARD_META_ISOLATE=1``.

Verdict:
* buggy site + refactorings: at least one KVG001-KVG003 finding in the variant's files (a
  variant holds nothing but the transformed site and the helpers/bases/modules its operators
  moved it into, so any finding is inside the site);
* fixed site + refactorings: no finding;
* fixed site + a mutation (with or without refactorings): at least one finding.

Every file of every variant is ``compile()``d (CPython's parser and compiler; nothing is
imported or run) and must read no global it does not bind that the original did not already
leave unbound (CPython's symbol table). A variant that fails is an operator bug
(``OperatorBug``), never a verdict.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

import libcst as cst

from .cstutil import undefined_globals
from .operators import OPERATORS, Ctx, Operator
from .sites import REPO, Site

FAMILY = ("KVG001", "KVG002", "KVG003")


class OperatorBug(Exception):
    pass


@dataclass
class Variant:
    site: Site
    ops: tuple[str, ...]
    files: dict[str, str]
    expect: str  # "finding" | "clean"
    found: Optional[set] = None  # codes found (after judging)
    error: Optional[str] = None

    @property
    def key(self) -> str:
        return f"{self.site.id}|{'+'.join(self.ops) or 'identity'}"

    @property
    def multi(self) -> bool:
        return len(self.files) > 1

    @property
    def ok(self) -> Optional[bool]:
        if self.error is not None:
            return False
        if self.found is None:
            return None
        return bool(self.found) == (self.expect == "finding")


def expectation(site: Site, ops: Sequence[Operator]) -> Optional[str]:
    mutations = [op for op in ops if op.kind == "mutation"]
    if any(site.status not in op.statuses for op in ops) or len(mutations) > 1:
        return None
    if site.status == "buggy":
        return "finding"
    return "finding" if mutations else "clean"


_MODULES: dict[str, cst.Module] = {}
_CODES: dict[int, tuple] = {}


def _module_code(module: cst.Module) -> str:
    hit = _CODES.get(id(module))
    if hit is None or hit[0] is not module:
        hit = _CODES[id(module)] = (module, module.code)
    return hit[1]


_STEPS: dict[tuple, Optional[tuple]] = {}  # (site id, ops prefix) -> (module, extra files)
_UNDEFINED: dict[str, set] = {}  # site id -> globals the original module leaves undefined


def site_module(site: Site) -> cst.Module:
    if site.id not in _MODULES:
        _MODULES[site.id] = cst.parse_module(site.text)
    return _MODULES[site.id]


def _site_undefined(site: Site) -> set[str]:
    if site.id not in _UNDEFINED:
        _UNDEFINED[site.id] = undefined_globals(site.text, site.relpath)
    return _UNDEFINED[site.id]


def _leaves_names_behind(site: Site, files: dict[str, str]) -> bool:
    """A multi-file operator applies only if the code it moves needs no name that the site's
    module binds for itself (a module-level alias, a record class another operator added): moved
    without it, the code would raise NameError -- not a refactoring."""
    return any(undefined_globals(text, rel) - _site_undefined(site) for rel, text in files.items())


def build(site: Site, op_names: Sequence[str]) -> Optional[Variant]:
    """The variant, or None when an operator does not apply ("n/a")."""
    ops = [OPERATORS[n] for n in op_names]
    expect = expectation(site, ops)
    if expect is None:
        return None
    if any(op.multi_file for op in ops[:-1]):
        return None  # multi-file operators only as the last step of a composition
    module, extra = site_module(site), {}
    for i, op in enumerate(ops):
        key = (site.id, tuple(op_names[: i + 1]))
        if key not in _STEPS:
            ctx = Ctx(site, dict(extra))
            try:
                new = op.apply(module, ctx)
            except OperatorBug:
                raise
            except Exception as exc:  # an operator crash is an operator bug
                raise OperatorBug(f"{op.name} on {site.id}: {type(exc).__name__}: {exc}") from exc
            if new is not None and _module_code(new) == _module_code(module):
                new = None
            if new is not None and op.multi_file and _leaves_names_behind(site, ctx.extra):
                new = None
            _STEPS[key] = None if new is None else (new, ctx.extra)
        step = _STEPS[key]
        if step is None:
            return None
        module, extra = step
    ctx = Ctx(site, extra)
    files = {site.relpath: _module_code(module)}
    files.update(ctx.extra)
    for rel, text in files.items():
        try:  # CPython's own parser and compiler: the variant is valid Python
            compile(text, rel, "exec", dont_inherit=True)
        except Exception as exc:
            raise OperatorBug(f"{'+'.join(op_names)} on {site.id}: {rel}: {exc}") from exc
        # ... and reads no global the original did not already leave undefined (a helper moved
        # to another module without a name it needs would change meaning: a NameError)
        new_undefined = undefined_globals(text, rel) - _site_undefined(site)
        if new_undefined:
            raise OperatorBug(
                f"{'+'.join(op_names)} on {site.id}: {rel}: undefined {sorted(new_undefined)}"
            )
    return Variant(site, tuple(op_names), files, expect)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        d = path.parent
        while d != root:
            init = d / "__init__.py"
            if not init.exists():
                init.write_text("", encoding="utf-8")
            d = d.parent


def kvguard_command() -> list[str]:
    return [
        sys.executable,
        "-m",
        "lint_rules",
        "check",
        "--output-format",
        "json",
        "--no-cache",
        "--exit-zero",
        "--isolated",
    ]


def _run_cli(cwd: Path, targets: list[str]) -> list[dict]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        kvguard_command() + targets, cwd=cwd, capture_output=True, text=True, env=env
    )
    if proc.returncode not in (0, 1, 2) or not proc.stdout.strip():
        raise RuntimeError(f"kvguard failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def judge(variants: Sequence[Variant], workdir: Optional[Path] = None) -> None:
    """Fill ``found`` / ``error`` of every variant (single-module ones in one CLI run)."""
    with tempfile.TemporaryDirectory(prefix="kvguard-meta-") as tmp:
        root = Path(workdir or tmp)
        singles = [v for v in variants if not v.multi]
        batch = root / "batch"
        for i, v in enumerate(singles):
            _write(batch / f"v{i:05d}", v.files)
            v.found = set()
        if singles:
            for row in _run_cli(batch, sorted(p.name for p in batch.iterdir())):
                _record(row, lambda vid: singles[int(vid[1:])])
        multi = [v for v in variants if v.multi]
        roots = []
        for j, v in enumerate(multi):
            vroot = root / f"multi{j:05d}"
            _write(vroot, v.files)
            v.found = set()
            roots.append(vroot)
        if multi and os.environ.get("KVGUARD_META_ISOLATE") == "1":
            for v, vroot in zip(multi, roots):
                for row in _run_cli(vroot, ["sglang"]):
                    _record(row, lambda vid, v=v: v)
        elif multi:
            for v, text in zip(multi, _run_driver(roots)):
                for row in json.loads(text):
                    _record(row, lambda vid, v=v: v)


def _run_driver(roots: list[Path]) -> list[str]:
    """One process, one CLI run per root (``cli_driver.py``); the outputs in order."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    driver = Path(__file__).with_name("cli_driver.py")
    args = kvguard_command()[3:] + ["--jobs", "1"]
    proc = subprocess.run(
        [sys.executable, str(driver)] + args,
        input=json.dumps([str(r) for r in roots]),
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"kvguard driver failed ({proc.returncode}): {proc.stderr[-2000:]}")
    out = json.loads(proc.stdout)
    return [out[str(r)] for r in roots]


def _record(row: dict, variant_of) -> None:
    parts = Path(row["filename"]).parts
    vid = next((p for p in parts if p.startswith("v") and p[1:].isdigit()), None)
    v = variant_of(vid)
    if row.get("code") is None:
        v.error = f"{row['filename']}: {row.get('message')}"
    elif row["code"] in FAMILY:
        v.found.add(row["code"])


def singles(sites: Iterable[Site], op_names: Optional[Iterable[str]] = None) -> list[Variant]:
    out = []
    for site in sites:
        for name in op_names or OPERATORS:
            v = build(site, [name])
            if v is not None:
                out.append(v)
    return out


def identities(sites: Iterable[Site]) -> list[Variant]:
    return [
        Variant(s, (), {s.relpath: s.text}, "finding" if s.status == "buggy" else "clean")
        for s in sites
    ]


def sampled(kind: str, part: str, a: str, b: str, rate: int, seed: str = "meta-1") -> bool:
    """Stable pair sample (one in ``rate``): adding an operator never changes which existing
    pairs are drawn."""
    if rate <= 1:
        return True
    h = hashlib.sha256(f"{seed}|{kind}|{part}|{a}|{b}".encode()).digest()
    return int.from_bytes(h[:4], "big") % rate == 0


def pairs(sites: Iterable[Site], rate: int = 1) -> list[Variant]:
    """Ordered pairs of distinct operators where both apply (all, or a stable 1/``rate``)."""
    out = []
    for s in sites:
        for a in OPERATORS:
            for b in OPERATORS:
                if a != b and sampled(s.kind, s.part, a, b, rate):
                    v = build(s, [a, b])
                    if v is not None:
                        out.append(v)
    return out
