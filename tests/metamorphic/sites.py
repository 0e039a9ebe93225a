"""Real sites of the bug family, extracted from the PyPI corpus into small self-contained modules.

Each site is a release's real code: the module's top-level imports (and ``TYPE_CHECKING`` /
import-only blocks), plus the classes (restricted to the methods that store, read or test the
allocator or the SWA pool) and module functions involved. Nothing is rewritten by hand; the
extraction only drops unrelated methods, and the statements of ``__init__`` that cannot matter
(see ``_init_lines``), so a 90 KB backend becomes a module of a few hundred lines that lints in
milliseconds.

Which releases hold which site comes from ``benchmarks/corpus_truth.json`` (buggy sites) and
docs/corpus.md (the fixed resolvers and pool-based code): see ``SITE_SPECS``.

Sites that extract to the same text in several releases are kept once (``Site.versions`` lists
them all).
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
if str(REPO / "benchmarks") not in sys.path:
    sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

ATTN = "sglang/srt/layers/attention"
R = sglang_wheels.RELEASES


def _between(first: str, last: str) -> tuple[str, ...]:
    return R[R.index(first) : R.index(last) + 1]


@dataclass(frozen=True)
class SiteSpec:
    """Where a site lives and what to extract. ``status``: "buggy" (the finding must survive every
    refactoring) or "fixed" (every refactoring must stay clean; mutations must be found)."""

    kind: str
    status: str
    file: str  # relative to sglang/srt/layers/attention
    versions: tuple[str, ...]
    classes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    functions: tuple[str, ...] = ()
    note: str = ""


SITE_SPECS: tuple[SiteSpec, ...] = (
    SiteSpec(
        "trtllm_init",
        "buggy",
        "trtllm_mha_backend.py",
        _between("0.5.9", "0.5.12.post1"),
        classes=(
            (
                "TRTLLMHAAttnBackend",
                ("__init__", "_maybe_translate_swa", "_get_layer_cache_loc"),
            ),
        ),
        note="#25103 seed: isinstance(allocator, SWA...Allocator) + allocator.get_kvcache() in __init__",
    ),
    SiteSpec(
        "flashinfer_updater",
        "buggy",
        "flashinfer_backend.py",
        _between("0.5.2", "0.5.13.post1"),
        classes=(
            (
                "FlashInferIndicesUpdaterDecode",
                ("__init__", "update_sliding_window", "call_begin_forward"),
            ),
        ),
        note="self.token_to_kv_pool_allocator: isinstance (KVG001) + translate (KVG002)",
    ),
    SiteSpec(
        "flashinfer_updater",
        "buggy",
        "flashinfer_backend.py",
        _between("0.5.2", "0.5.13.post1"),
        classes=(
            (
                "FlashInferIndicesUpdaterPrefill",
                ("__init__", "update_sliding_window", "call_begin_forward"),
            ),
        ),
    ),
    SiteSpec(
        "triton_window",
        "buggy",
        "triton_backend.py",
        _between("0.5.2", "0.5.12.post1"),
        classes=(("TritonAttnBackend", ("__init__", "init_forward_metadata")),),
        functions=("update_sliding_window_buffer", "update_sliding_window_buffer_cuda_graph"),
        note="hasattr(allocator, translate...) + translate through the allocator parameter",
    ),
    SiteSpec(
        "trtllm_resolver",
        "fixed",
        "trtllm_mha_backend.py",
        _between("0.5.13", "0.5.23"),
        classes=(
            (
                "TRTLLMHAAttnBackend",
                (
                    "__init__",
                    "_resolve_swa_kv_pool",
                    "_maybe_translate_swa",
                    "_get_layer_cache_loc",
                ),
            ),
        ),
        note="guarded _resolve_swa_kv_pool (alias form)",
    ),
    SiteSpec(
        "flashinfer_resolver",
        "fixed",
        "flashinfer_backend.py",
        _between("0.5.14", "0.5.23"),
        classes=(
            ("FlashInferAttnBackend", ("__init__", "_resolve_swa_kv_pool")),
            (
                "FlashInferIndicesUpdaterDecode",
                ("__init__", "update_sliding_window", "call_begin_forward"),
            ),
        ),
        note="guarded resolver (chained form) + pool-based decode updater",
    ),
    SiteSpec(
        "aiter_resolver",
        "fixed",
        "aiter_backend.py",
        _between("0.5.20", "0.5.23"),
        classes=(("AiterAttnBackend", ("__init__", "_resolve_swa_kv_pool")),),
        note="guarded resolver (getattr(model_runner, 'is_draft_worker', False) form)",
    ),
    SiteSpec(
        "triton_pool",
        "fixed",
        "triton_backend.py",
        _between("0.5.13", "0.5.23"),
        classes=(("TritonAttnBackend", ("__init__", "init_forward_metadata")),),
        functions=("update_sliding_window_buffer", "update_sliding_window_buffer_cuda_graph"),
        note="pool-based window helpers; dead self.token_to_kv_pool_allocator alias in __init__",
    ),
)


@dataclass
class Site:
    kind: str
    status: str
    file: str
    versions: list[str]
    text: str
    part: str  # which class/functions (distinguishes the decode/prefill updaters)
    spec: SiteSpec = field(repr=False, default=None)

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.part}@{self.versions[0]}"

    @property
    def relpath(self) -> str:
        return f"{ATTN}/{self.file}"

    @property
    def module_name(self) -> str:
        return self.relpath[: -len(".py")].replace("/", ".")


def _required(names: tuple[str, ...]) -> set[str]:
    """Listed members a release must have: ``__init__``, the resolver, public methods and the
    first module function; private helpers such as ``_get_layer_cache_loc`` are kept if present."""
    return {n for n in names if n in ("__init__", "_resolve_swa_kv_pool") or not n.startswith("_")}


def _import_only(node: ast.stmt) -> bool:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(node, ast.If):
        return all(_import_only(s) for s in node.body + node.orelse)
    if isinstance(node, ast.Try):
        return all(_import_only(s) for s in node.body)
    return False


def _start(node: ast.stmt) -> int:
    return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])


_RELEVANT = re.compile(
    r"token_to_kv_pool|swa|sliding|allocator|super\(|draft|attn_backend|kv_indptr|"
    r"kv_last_page_len|req_to_token|dispatch|update|is_frozen|spec_algorithm",
    re.IGNORECASE,
)


def _init_lines(fn: ast.FunctionDef, lines: list[str]) -> list[str]:
    """``__init__`` reduced to its statements that touch the pool, the allocator, the SWA state,
    the draft role or what the site's other methods use (workspace, kernel and dtype set-up of
    the big backends is dropped: it cannot matter to the bug family)."""
    out = lines[_start(fn) - 1 : fn.body[0].lineno - 1]
    kept = 0
    for stmt in fn.body:
        seg = lines[stmt.lineno - 1 : stmt.end_lineno]
        if _RELEVANT.search("".join(seg)):
            out.extend(seg)
            kept += 1
    if not kept:
        out.append(" " * (fn.body[0].col_offset) + "pass\n")
    return out


def extract(text: str, spec: SiteSpec) -> Optional[str]:
    """The site's self-contained module (original lines, sliced with the stdlib ``ast``), or
    None when the release lacks a required part of it."""
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    wanted = dict(spec.classes)
    out: list[str] = []
    found_classes, found_functions = set(), set()

    def span(node: ast.stmt) -> list[str]:
        return lines[_start(node) - 1 : node.end_lineno]

    for node in tree.body:
        if _import_only(node):
            out.extend(span(node))
        elif isinstance(node, ast.ClassDef) and node.name in wanted:
            keep = wanted[node.name]
            methods = [
                m
                for m in node.body
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in keep
            ]
            if _required(keep) - {m.name for m in methods}:
                return None
            found_classes.add(node.name)
            out.append("\n\n")
            out.extend(lines[_start(node) - 1 : _start(node.body[0]) - 1])
            for m in methods:
                out.extend(_init_lines(m, lines) if m.name == "__init__" else span(m))
                out.append("\n")
        elif isinstance(node, ast.FunctionDef) and node.name in spec.functions:
            found_functions.add(node.name)
            out.append("\n\n")
            out.extend(span(node))
    if found_classes != set(wanted) or _required(spec.functions[:1]) - found_functions:
        return None
    return "".join(out).rstrip() + "\n"


@lru_cache(maxsize=None)
def all_sites() -> tuple[Site, ...]:
    """Every distinct site of every spec, over the releases of the corpus (extracted once)."""
    out: list[Site] = []
    for spec in SITE_SPECS:
        part = (spec.classes[-1][0] if spec.classes else spec.functions[0]).replace(
            "FlashInferIndicesUpdater", ""
        )
        by_text: dict[str, Site] = {}
        for version in spec.versions:
            path = sglang_wheels.ensure_tree(version) / ATTN / spec.file
            if not path.is_file():
                continue
            text = extract(path.read_text(encoding="utf-8"), spec)
            if text is None:
                continue
            if text in by_text:
                by_text[text].versions.append(version)
            else:
                by_text[text] = Site(spec.kind, spec.status, spec.file, [version], text, part, spec)
        out.extend(by_text.values())
    return tuple(out)


def representative_sites() -> tuple[Site, ...]:
    """One site per (kind, part): the one of the newest release (CI runs these)."""
    best: dict[tuple[str, str], Site] = {}
    for site in all_sites():
        key = (site.kind, site.part)
        if key not in best or R.index(site.versions[-1]) > R.index(best[key].versions[-1]):
            best[key] = site
    return tuple(best.values())
