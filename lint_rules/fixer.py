"""Autofix: rewrite allocator-derived SWA decisions to pool-based code, version-aware, verified.

Fixes (all *unsafe* in ruff's sense: they change runtime behaviour on purpose, so they apply
only with ``kvguard fix`` or ``kvguard check --fix --unsafe-fixes``):

* KVG001 + KVG003, trtllm_mha ``__init__`` shape (``self.flag = isinstance(alloc, SWA...Allocator)``
  and ``self.pool = alloc.get_kvcache() if self.flag else None``):
  - target sglang with FROZEN_KV MTP (>= 0.5.12): a ``_resolve_swa_kv_pool`` static method on the
    class (active pool if SWA; None for draft workers that are not FROZEN_KV MTP; else the
    allocator's kvcache if SWA) and ``self.flag = self.pool is not None``;
  - older targets: the pool-based form (``kv_pool if isinstance(kv_pool, SWAKVPool) else None``).
* KVG001 / KVG002 inside a class that already holds a resolved SWA pool (``self.R`` assigned from
  ``*resolve_swa_kv_pool(...)`` or from ``<backend>._swa_kv_pool``): ``isinstance(alloc, SWA...)``
  becomes ``self.R is not None`` and ``alloc.translate_loc_from_full_to_swa`` /
  ``alloc.full_to_swa_index_mapping`` go through ``self.R`` (the FlashInfer updater shape).

Everything else gets no fix; the finding's message says what to change.

Safety net on every fix: the result parses, re-linting it gives none of the fixed findings, and
fixing it again changes nothing; otherwise the text is returned unchanged with ``error`` set.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from .model import FileResult, Finding, FixInfo, ScopeConfig

FIX_MESSAGE = {
    "init": "Resolve the SWA pool from the active pool (FROZEN_KV-aware) and derive the flag from it",
    "resolved": "Use the class's resolved SWA pool instead of the allocator",
}


# --------------------------------------------------------------------------------------------
# Target sglang version


@dataclass(frozen=True)
class Target:
    version: Optional[str]
    has_frozen_kv: Optional[bool]  # None: unknown -> emit the resolver with getattr guards
    source: str

    @property
    def swa_pool_module(self) -> str:
        v = _version_tuple(self.version) if self.version else None
        if v is not None and v < (0, 5, 8):
            return "sglang.srt.mem_cache.memory_pool"
        return "sglang.srt.mem_cache.swa_memory_pool"

    def describe(self) -> str:
        if self.version is None:
            return f"sglang version unknown ({self.source}); emitted the version-tolerant resolver"
        return f"sglang {self.version} ({self.source})"



_VERSION_RE = re.compile(r"""(?:__version__|\bversion)\s*=\s*(?:version\s*=\s*)?["']([^"']+)["']""")


def _version_tuple(version: str) -> Optional[tuple[int, ...]]:
    m = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", version)
    return tuple(int(g or 0) for g in m.groups()) if m else None


def _frozen_kv_from_version(version: str) -> Optional[bool]:
    v = _version_tuple(version)
    return None if v is None else v >= (0, 5, 12)


def _read(path: Path) -> Optional[str]:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def detect_target(path: str, configured: Optional[str] = None) -> Target:
    """``target-version`` from config, else the sglang source tree holding the file, else the
    installed sglang (read from its files; never imported), else unknown."""
    if configured and configured != "auto":
        if _version_tuple(configured) is None:
            raise ValueError(f"target-version {configured!r} is not a version like 0.5.12")
        return Target(configured, _frozen_kv_from_version(configured), "target-version from config")
    try:
        here = Path(path).resolve().parent
    except (OSError, RuntimeError):
        here = None
    while here is not None:
        if here.name == "sglang" and (here / "version.py").is_file():
            version, source = None, here / "version.py"
            for name in ("_version.py", "version.py"):  # _version.py: setuptools-scm builds
                for m in _VERSION_RE.finditer(_read(here / name) or ""):
                    if version is None and not m.group(1).startswith("0.0.0"):  # dev fallbacks
                        version, source = m.group(1), here / name
            spec = _read(here / "srt" / "speculative" / "spec_info.py")
            frozen = ("is_frozen_kv_mtp" in spec) if spec is not None else None
            if frozen is None and version:
                frozen = _frozen_kv_from_version(version)
            return Target(version, frozen, f"detected from {source}")
        if here.parent == here:
            break
        here = here.parent
    try:
        from importlib import metadata

        dist = metadata.distribution("sglang")
        spec_file = Path(str(dist.locate_file("sglang/srt/speculative/spec_info.py")))
        spec = _read(spec_file)
        frozen = ("is_frozen_kv_mtp" in spec) if spec is not None else _frozen_kv_from_version(dist.version)
        return Target(dist.version, frozen, "installed sglang")
    except Exception:
        return Target(None, None, "no config, no sglang source tree, no installed sglang")


# --------------------------------------------------------------------------------------------
# Planning: which findings have a fix, and what it is


@dataclass(eq=False)
class InitFix:
    cls: object  # ClassInfo
    fn: object  # FunctionInfo (__init__)
    flag_stmt: object  # cst.SimpleStatementLine
    flag_attr: str
    runner: object  # cst.BaseExpression: the model runner expression
    pool_stmt: Optional[object] = None
    pool_attr: str = "_swa_kv_pool"
    pool_annotation: Optional[object] = None
    alias_stmt: Optional[object] = None
    findings: list = field(default_factory=list)


@dataclass
class Plan:
    init_fixes: list[InitFix] = field(default_factory=list)
    # original node -> replacement expression (code) for the "resolved pool" fixes
    replacements: dict = field(default_factory=dict)
    touched: list = field(default_factory=list)  # FunctionInfo of every function a fix edits
    fixable: set = field(default_factory=set)  # RawFinding objects


def _single_assign(stmt):
    import libcst as cst

    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return small.targets[0].target, small.value, None
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        return small.target, small.value, small.annotation
    return None


def _self_attr(node, self_name) -> Optional[str]:
    import libcst as cst

    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == self_name
    ):
        return node.attr.value
    return None


def _resolved_pool_attr(analysis, cls) -> Optional[str]:
    """A ``self.<attr>`` of the class (or in-module bases) that holds a resolved SWA pool."""
    import libcst as cst

    seen, stack = set(), [cls]
    while stack:
        c = stack.pop()
        if c is None or c.name in seen:
            continue
        seen.add(c.name)
        for method in c.methods.values():
            for target, value in method.assigns:
                attr = _self_attr(target, method.self_name)
                if attr is None:
                    continue
                if isinstance(value, cst.Call):
                    func = value.func
                    name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
                    if isinstance(name, str) and name.endswith("resolve_swa_kv_pool"):
                        return attr
                if isinstance(value, cst.Attribute) and value.attr.value == "_swa_kv_pool":
                    return attr
        stack.extend(analysis.classes.get(b) for b in c.base_names)
    return None


def _runner_of(analysis, fn, alloc_expr):
    """(model runner expression, alias statement) behind an allocator expression, or None."""
    import libcst as cst

    from .names import ALLOCATOR_ATTR

    if isinstance(alloc_expr, cst.Attribute) and alloc_expr.attr.value == ALLOCATOR_ATTR:
        return alloc_expr.value, None
    if isinstance(alloc_expr, cst.Name):
        sources = [v for t, v in fn.assigns if isinstance(t, cst.Name) and t.value == alloc_expr.value]
        if len(sources) == 1 and isinstance(sources[0], cst.Attribute) and sources[0].attr.value == ALLOCATOR_ATTR:
            body = fn.node.body.body
            for stmt in body:
                parts = _single_assign(stmt)
                if parts and parts[1] is sources[0]:
                    return sources[0].value, stmt
    return None


def plan_fixes(analysis, raw_findings) -> Plan:
    import libcst as cst

    from .analysis import call_func_name, positional_args

    plan = Plan()

    for r in raw_findings:
        fn = r.function
        if fn is None:
            continue
        cls = fn.cls
        # ---- KVG001 in the trtllm __init__ shape
        if r.code == "KVG001" and fn.name == "__init__" and cls is not None and isinstance(r.node, cst.Call):
            parts = _single_assign(r.statement)
            if not parts or parts[1] is not r.node or r.statement not in fn.node.body.body:
                pass
            else:
                flag_attr = _self_attr(parts[0], fn.self_name)
                args = positional_args(r.node)
                found = _runner_of(analysis, fn, args[0]) if flag_attr and args else None
                if found is not None:
                    runner, alias_stmt = found
                    fix = InitFix(cls, fn, r.statement, flag_attr, runner, alias_stmt=alias_stmt, findings=[r])
                    _attach_pool_stmt(analysis, fix, raw_findings)
                    plan.init_fixes.append(fix)
                    plan.fixable.update(fix.findings)
                    continue
        # ---- KVG001 / KVG002 where the class holds a resolved SWA pool
        if r.code in ("KVG001", "KVG002") and cls is not None and fn.self_name:
            attr = _resolved_pool_attr(analysis, cls)
            if attr is None:
                continue
            if r.code == "KVG001" and isinstance(r.node, cst.Call) and call_func_name(r.node) == "isinstance":
                plan.replacements[r.node] = f"{fn.self_name}.{attr} is not None"
                plan.fixable.add(r)
                plan.touched.append(fn)
            elif r.code == "KVG002" and isinstance(r.node, cst.Attribute):
                plan.replacements[r.node.value] = f"{fn.self_name}.{attr}"
                plan.fixable.add(r)
                plan.touched.append(fn)
    return plan


def _attach_pool_stmt(analysis, fix: InitFix, raw_findings) -> None:
    """The KVG003 half: the statement right after the flag must be
    ``self.P = alloc.get_kvcache() if self.flag else None`` (or ``= alloc.get_kvcache()``)."""
    import libcst as cst

    body = list(fix.fn.node.body.body)
    index = body.index(fix.flag_stmt)
    if index + 1 >= len(body):
        return
    nxt = body[index + 1]
    for r in raw_findings:
        if r.code != "KVG003" or r.statement is not nxt:
            continue
        parts = _single_assign(r.statement)
        if not parts:
            continue
        target, value, annotation = parts
        attr = _self_attr(target, fix.fn.self_name)
        if attr is None:
            continue
        ok = value is r.node or (
            isinstance(value, cst.IfExp)
            and value.body is r.node
            and _self_attr(value.test, fix.fn.self_name) == fix.flag_attr
            and isinstance(value.orelse, cst.Name)
            and value.orelse.value == "None"
        )
        if ok:
            fix.pool_stmt, fix.pool_attr, fix.pool_annotation = r.statement, attr, annotation
            fix.findings.append(r)
            return


def fix_infos(analysis, raw_findings) -> dict:
    """FixInfo for each fixable raw finding (shown by ``kvguard check``)."""
    plan = plan_fixes(analysis, raw_findings)
    out = {}
    for fix in plan.init_fixes:
        key = f"init:{fix.findings[0].context}:{fix.flag_attr}"  # one edit for all its findings
        for r in fix.findings:
            out[id(r)] = FixInfo("unsafe", FIX_MESSAGE["init"], key)
    for r in plan.fixable:
        out.setdefault(id(r), FixInfo("unsafe", FIX_MESSAGE["resolved"]))
    return out


# --------------------------------------------------------------------------------------------
# Applying


_RESOLVER = '''
@staticmethod
def {name}(model_runner){ret}:
    """The SWA KV pool this backend reads, or None (kvguard fix for KVG001/KVG003)."""
    # The active pool decides. A speculative draft shares the target's allocator but
    # owns its own KV pool; only a FROZEN_KV MTP draft reads the target's KV.
{draft_guard}    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, {pool}):
        return active_pool
{draft_check}    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, {pool}) else None
'''

# The draft-worker check, for a target known to have FROZEN_KV MTP, and version-tolerant.
_DRAFT_CHECK_KNOWN = '''\
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
'''
_DRAFT_CHECK_TOLERANT = '''\
    if getattr(model_runner, "is_draft_worker", False):
        spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        is_frozen_kv_mtp = getattr(spec_algorithm, "is_frozen_kv_mtp", None)
        if is_frozen_kv_mtp is None or not is_frozen_kv_mtp():
            return None
'''


def _fmt_assign(indent: int, head: str, call_head: str, args: str, line_length: int) -> str:
    """``head = call_head(args)`` on one line, or split black-style at the call's bracket."""
    one = f"{head}{call_head}({args})"
    if indent + len(one) <= line_length:
        return one
    return f"{head}{call_head}(\n    {args}\n)"


def _fmt_ifexp(indent: int, head: str, body: str, line_length: int) -> str:
    one = f"{head}{body}"
    if indent + len(one) <= line_length:
        return one
    return f"{head}(\n    {body}\n)"


def _black_line_length(path: str) -> int:
    try:
        here = Path(path).resolve().parent
    except (OSError, RuntimeError):
        return 88
    for d in (here, *here.parents):
        cfg = d / "pyproject.toml"
        if cfg.is_file():
            text = _read(cfg) or ""
            m = re.search(r"\[tool\.black\][^\[]*?line[-_]length\s*=\s*(\d+)", text, re.S)
            return int(m.group(1)) if m else 88
    return 88


def _apply(module, analysis, plan: Plan, target: Target, line_length: int):
    import libcst as cst
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

    from .names import is_swa_allocator_class_name

    ctx = CodemodContext()
    pool_local = next(
        (local for local, orig in analysis.import_aliases.items() if orig == "SWAKVPool"), None
    )
    if pool_local is None and plan.init_fixes:
        AddImportsVisitor.add_needed_import(ctx, target.swa_pool_module, "SWAKVPool")
        pool_local = "SWAKVPool"
    has_optional = "Optional" in analysis.import_aliases

    init_nodes: dict = {}
    for f in plan.init_fixes:
        init_nodes.setdefault(id(f.fn.node), []).append(f)
    class_nodes: dict = {}
    for f in plan.init_fixes:
        class_nodes.setdefault(id(f.cls.node), []).append(f)
    replacements = {id(k): v for k, v in plan.replacements.items()}
    # Functions the transformer must enter (the edited ones and their enclosing functions); the
    # others are skipped whole, so a big module is not rebuilt node by node.
    enter: set = set()
    for fn in [*plan.touched, *(f.fn for f in plan.init_fixes)]:
        while fn is not None:
            enter.add(id(fn.node))
            fn = fn.parent

    def statements_for(fix: InitFix, depth: int) -> list:
        s = fix.fn.self_name
        ann = ""
        if fix.pool_annotation is not None:
            ann = ": " + cst.Module(body=[]).code_for_node(fix.pool_annotation.annotation)
        runner = cst.Module(body=[]).code_for_node(fix.runner)
        indent = 4 * depth
        lines = []
        if target.has_frozen_kv is False:
            lines.append(f"kv_pool = {runner}.token_to_kv_pool")
            lines.append(
                _fmt_ifexp(
                    indent,
                    f"{s}.{fix.pool_attr}{ann} = ",
                    f"kv_pool if isinstance(kv_pool, {pool_local}) else None",
                    line_length,
                )
            )
        else:
            lines.append(
                _fmt_assign(
                    indent, f"{s}.{fix.pool_attr}{ann} = ", f"{s}._resolve_swa_kv_pool", runner, line_length
                )
            )
        lines.append(f"{s}.{fix.flag_attr} = {s}.{fix.pool_attr} is not None")
        out = [cst.parse_statement(line + "\n") for line in lines]
        # keep the comments that led the replaced statements
        leading = []
        siblings = init_nodes[id(fix.fn.node)]
        for old in (fix.alias_stmt if _alias_removable(fix, siblings) else None, fix.flag_stmt, fix.pool_stmt):
            if old is not None:
                leading.extend(old.leading_lines)
        out[0] = out[0].with_changes(leading_lines=leading)
        return out

    class Transformer(cst.CSTTransformer):
        def __init__(self) -> None:
            self.depth = 0

        def visit_IndentedBlock(self, node) -> None:
            self.depth += 1

        def visit_FunctionDef(self, node) -> bool:
            return id(node) in enter

        def visit_Lambda(self, node) -> bool:
            return id(node) in enter

        def leave_IndentedBlock(self, original_node, updated_node):
            self.depth -= 1
            return updated_node

        def leave_FunctionDef(self, original_node, updated_node):
            fixes = init_nodes.get(id(original_node))
            if not fixes:
                return updated_node
            flags = {id(f.flag_stmt): f for f in fixes}
            drop = {id(f.pool_stmt) for f in fixes if f.pool_stmt is not None}
            drop |= {id(f.alias_stmt) for f in fixes if _alias_removable(f, fixes)}
            new_body = []
            for old, new in zip(original_node.body.body, updated_node.body.body):
                if id(old) in flags:
                    new_body.extend(statements_for(flags[id(old)], self.depth + 1))
                elif id(old) in drop:
                    continue
                else:
                    new_body.append(new)
            return updated_node.with_changes(body=updated_node.body.with_changes(body=new_body))

        def leave_ClassDef(self, original_node, updated_node):
            fixes = class_nodes.get(id(original_node))
            if not fixes or "_resolve_swa_kv_pool" in fixes[0].cls.methods or target.has_frozen_kv is False:
                return updated_node
            known = bool(target.has_frozen_kv)
            source = _RESOLVER.format(
                name="_resolve_swa_kv_pool",
                pool=pool_local,
                ret=f" -> Optional[{pool_local}]" if has_optional else "",
                draft_guard="" if known else "    # (is_frozen_kv_mtp exists from sglang 0.5.12 on.)\n",
                draft_check=_DRAFT_CHECK_KNOWN if known else _DRAFT_CHECK_TOLERANT,
            )
            method = cst.parse_statement(source.lstrip("\n"))
            method = method.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
            body = list(updated_node.body.body)
            index = next(
                (i for i, old in enumerate(original_node.body.body) if old is fixes[0].fn.node), len(body) - 1
            )
            body.insert(index + 1, method)
            return updated_node.with_changes(body=updated_node.body.with_changes(body=body))

        def leave_Call(self, original_node, updated_node):
            code = replacements.get(id(original_node))
            if code is None:
                return updated_node
            return cst.parse_expression(code).with_changes(
                lpar=updated_node.lpar, rpar=updated_node.rpar
            )

        def leave_Attribute(self, original_node, updated_node):
            code = replacements.get(id(original_node))
            if code is None:
                return updated_node
            return cst.parse_expression(code).with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)

        def leave_Name(self, original_node, updated_node):
            code = replacements.get(id(original_node))
            return updated_node if code is None else cst.parse_expression(code)

    new_module = module.visit(Transformer())
    # Drop SWA-allocator imports that the rewrite left unused, with libcst's RemoveImportsVisitor
    # (it checks usage with scope analysis, which is costly on a big module: only run it when a
    # cheap scan of the new module's names says such an import may have become unused).
    from .analysis import dotted_name

    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
                continue
            mod = dotted_name(small.module) if small.module else None
            if not mod or small.relative:
                continue
            for alias in small.names:
                name = dotted_name(alias.name) or ""
                if not is_swa_allocator_class_name(name):
                    continue
                asname = (
                    alias.asname.name.value
                    if alias.asname and isinstance(alias.asname.name, cst.Name)
                    else None
                )
                # the import statement itself names it once (twice with ``as``)
                if _name_uses(new_module, asname or name) <= 1:
                    RemoveImportsVisitor.remove_unused_import(ctx, mod, name, asname)
    if AddImportsVisitor.CONTEXT_KEY in ctx.scratch and ctx.scratch[AddImportsVisitor.CONTEXT_KEY]:
        new_module = AddImportsVisitor(ctx).transform_module(new_module)
    if ctx.scratch.get(RemoveImportsVisitor.CONTEXT_KEY):
        new_module = RemoveImportsVisitor(ctx).transform_module(new_module)
    return new_module


def _name_uses(module, name: str) -> int:
    """How many ``Name`` nodes spell ``name`` (the import alias included)."""
    import libcst as cst

    from .analysis import iter_nodes

    return sum(1 for n in iter_nodes(module) if isinstance(n, cst.Name) and n.value == name)


def _alias_removable(fix: InitFix, siblings: list) -> bool:
    """The alias (``allocator = runner.token_to_kv_pool_allocator``) dies with the rewrite when
    nothing but the rewritten statements (of all fixes in the function) reads it."""
    import libcst as cst

    if fix.alias_stmt is None:
        return False
    rewritten = {id(s) for f in siblings for s in (f.alias_stmt, f.flag_stmt, f.pool_stmt) if s is not None}
    name = _single_assign(fix.alias_stmt)[0]
    if not isinstance(name, cst.Name):
        return False

    class Reads(cst.CSTVisitor):
        count = 0

        def visit_Name(self, node) -> None:
            if node.value == name.value:
                Reads.count += 1

    for stmt in fix.fn.node.body.body:
        if id(stmt) in rewritten:
            continue
        stmt.visit(Reads())
    return Reads.count == 0


# --------------------------------------------------------------------------------------------
# Entry point


@dataclass
class FixOutcome:
    new_text: str
    fixed: list[Finding]
    remaining: list[Finding]
    target: str = ""
    error: Optional[str] = None
    # the lint of the input (its error, if any, means nothing was attempted)
    lint: Optional[FileResult] = None


_MAX_ROUNDS = 4


def _key(f: Finding) -> tuple:
    return (f.code, f.context, f.message)


def _fix_once(text: str, path: str, codes, scope, target: Target):
    """(new_text, keys of the planned findings) for one round; no safety net."""
    from .checker import parse_module, run_rules_on_module

    module = parse_module(text, path)
    analysis, raw = run_rules_on_module(module, path, codes, scope)
    plan = plan_fixes(analysis, raw)
    if not plan.fixable:
        return text, []
    planned = [(r.code, r.context, r.message) for r in raw if r in plan.fixable]
    new_module = _apply(module, analysis, plan, target, _black_line_length(path))
    return new_module.code, planned


def fix_text(
    text: str,
    path: str,
    codes: Iterable[str],
    scope: ScopeConfig = ScopeConfig(),
    target_version: Optional[str] = None,
    unsafe: bool = True,
) -> FixOutcome:
    """Fix what can be fixed in ``text``; never raises for bad input (see ``error``)."""
    from .checker import lint_text

    codes = frozenset(codes)
    before = lint_text(text, path, codes, scope)
    if before.error or not before.findings or not unsafe:
        return FixOutcome(text, [], before.findings, error=None, lint=before)
    try:
        target = detect_target(path, target_version)
    except ValueError as exc:
        return FixOutcome(text, [], before.findings, error=str(exc), lint=before)
    if target.has_frozen_kv is False and "KVG004" in codes:
        # The simple pool-based form caches the pool at __init__, which KVG004 (opted in) forbids:
        # emit the version-tolerant resolver instead.
        target = Target(target.version, None, target.source + "; KVG004 selected: resolver form")
    # A fix can enable another (the resolved pool the init fix adds lets KVG002 go through it),
    # so fix in rounds until nothing changes; every round's output must parse.
    new_text, planned, converged, after = text, [], False, before
    try:
        for _ in range(_MAX_ROUNDS):
            if not after.findings:
                converged = True  # nothing left to fix: another round cannot change anything
                break
            round_text, round_planned = _fix_once(new_text, path, codes, scope, target)
            if round_text == new_text:
                converged = True
                break
            after = lint_text(round_text, path, codes, scope)
            if after.error:
                return FixOutcome(
                    text, [], before.findings, target.describe(),
                    f"fix produced unparsable code: {after.error}", before,
                )
            new_text, planned = round_text, planned + round_planned
    except Exception as exc:  # a bug in a fix must not lose the file
        return FixOutcome(
            text, [], before.findings, target.describe(), f"fix failed: {type(exc).__name__}: {exc}", before
        )
    if new_text == text:
        return FixOutcome(text, [], before.findings, target.describe(), lint=before)
    # ---- safety net: fixing again changes nothing, the fixed findings are gone, none is new
    if not converged:
        return FixOutcome(
            text, [], before.findings, target.describe(),
            f"fix is not idempotent (still changing after {_MAX_ROUNDS} rounds)", before,
        )
    # Counted per (code, context, message): the same line of code can be flagged twice.
    left = Counter(_key(f) for f in after.findings)
    must_go = Counter(planned)
    had = Counter(_key(f) for f in before.findings)
    still = [k for k in planned if left[k] > had[k] - must_go[k]]
    if still:
        return FixOutcome(
            text, [], before.findings, target.describe(),
            f"fix did not remove {still[0][0]} in {still[0][1]}", before,
        )
    introduced = left - had
    if introduced:
        code, context, _ = next(iter(introduced))
        return FixOutcome(
            text, [], before.findings, target.describe(), f"fix introduced {code} in {context}", before
        )
    fixed, budget = [], had - left
    for f in before.findings:
        if budget[_key(f)] > 0:
            budget[_key(f)] -= 1
            fixed.append(f)
    return FixOutcome(new_text, fixed, list(after.findings), target.describe(), None, before)
