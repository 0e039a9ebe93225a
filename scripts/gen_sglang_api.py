"""Derive kvguard's sglang API model (``lint_rules/sglang_api.json``) from the releases themselves.

For every sglang release of the corpus (``benchmarks/sglang_wheels.py``: the PyPI wheels,
extracted to ``${KVGUARD_CACHE:-~/.cache/kvguard}/corpus/<V>/``) this reads the sources with the
standard library's ``ast`` (nothing is imported or run) and records what the objects the autofix's
emitted code touches actually have in that release:

* ``model_runner``: where ``ModelRunner`` (and the mixins it derives from) assigns
  ``is_draft_worker``, ``spec_algorithm``, ``token_to_kv_pool``, ``token_to_kv_pool_allocator``,
  and what ``spec_algorithm`` is built from;
* ``spec_algorithm``: the ``SpeculativeAlgorithm`` enum (members, methods, and for each simple
  ``is_*`` predicate the members it answers True for), whether ``from_string`` can also return a
  plugin-registered algorithm, and if so the class ``SpeculativeAlgorithm.register(...)``
  instantiates by default (its methods and the constant answers of its predicates), whether a
  ``spec_class`` may be passed, and whether registration checks that class against the enum;
* ``kv_pools`` / ``allocators``: every KV pool class (subclasses of ``KVCache``) with its module
  and whether it is an ``SWAKVPool`` / ``BaseSWAKVPool``; every allocator class with the class its
  ``get_kvcache`` comes from (or null);
* ``swa_pools``: the SWA pool classes (every class deriving, by base-class name, from
  ``BaseSWAKVPool`` or ``SWAKVPool``) with their bases and whether each is an ``SWAKVPool``, and
  the members every ``BaseSWAKVPool`` has along its bases (KVG006: a test narrowed to
  ``SWAKVPool`` misses the others, unless what it guards needs more than those members);
* ``swa_allocator_members``: the members (methods, class attributes, ``self.x`` stores, along
  the bases) that some SWA allocator class has and no other allocator class has: probing
  the allocator for one of them decides "is it SWA?" (KVG001);
* ``swa_allocator_bases``: the classes an SWA allocator class derives from (KVG001's scenario
  evaluation: ``isinstance(<SWA allocator>, C)`` holds for these, and for no other allocator);
* ``kv_pool_scalar_members``: the members every KV pool class stores only scalars in (its
  size, page size, dtype: KVG003's scenario reads them without the pool escaping);
* ``allocator_count_methods``: the allocator methods that give a number (annotated ``int`` /
  ``float``, or every ``return`` arithmetic, a count or a call of such a method) in some release
  and that no allocator class of any release defines to give something else: ``x.<m>()`` is a
  count, a size or a metric, never an SWA flag (KVG001);
* ``allocator_text_methods``: the allocator methods every class of some release annotates
  ``-> str`` (``debug_print``) and none annotates otherwise in any release: what ``x.<m>()``
  gives is text for a log or a report, never an SWA flag (KVG001);
* ``allocator_effect_methods``: the allocator methods that only act (``free``,
  ``free_group_begin``: a body that returns nothing, in some release) and that no allocator
  class of any release defines to give a value: ``x.<m>(...)`` is bookkeeping, never a
  translation or an SWA flag (KVG001);
* ``backend_attributes_read``: the attribute names sglang's code reads through a name ending
  in ``backend`` (``forward_batch.attn_backend.use_sliding_window_kv_pool``): what another
  module may read of a backend, so a flag a backend keeps and never reads itself still decides
  there when it is one of these (KVG001);
* ``full_pool_members``: the members (as for the allocators) some full-only KV pool class
  has in some release: a regular draft's own pool has no other, so a probe of another member
  of it is False in the scenarios (KVG001-KVG003);
* ``runner_members``: likewise, the members the ``ModelRunner`` class (with its mixins) has in
  some release: ``getattr(runner, "is_draft", False)`` reads its default;
* ``trtllm``: how ``trtllm_mha_backend.py`` decides its SWA pool (``allocator`` / ``resolver`` /
  ``none``); the first release with the resolver is ``first_fixed``.

Usage::

    python scripts/gen_sglang_api.py            # (re)write lint_rules/sglang_api.json
    python scripts/gen_sglang_api.py --check    # exit 1 if the committed file differs

``tests/lint/test_sglang_api.py`` regenerates the data and compares it with the committed file.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path
from typing import Iterable, Optional

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "lint_rules" / "sglang_api.json"
sys.path.insert(0, str(ROOT / "benchmarks"))

import sglang_wheels  # noqa: E402

sys.path.insert(0, str(ROOT))
from lint_rules.names import is_swa_allocator_class_name  # noqa: E402

FORMAT = 1
# The ModelRunner attributes the emitted resolver reads.
RUNNER_ATTRS = (
    "is_draft_worker",
    "spec_algorithm",
    "token_to_kv_pool",
    "token_to_kv_pool_allocator",
)
SPEC_INFO = "sglang.srt.speculative.spec_info"
RUNNER_MODULE = "sglang.srt.model_executor.model_runner"
TRTLLM = "sglang/srt/layers/attention/trtllm_mha_backend.py"
# Files that may define pool / allocator classes (read with ast only when a class statement's
# bases mention one of these words; everything else is not parsed).
_CLASS_RE = re.compile(r"^class\s+(\w+\s*(?:\([^)]*)?)", re.M)
_INTERESTING = ("KVCache", "Pool", "Allocator", "Mixin")
_SCAN = ("mem_cache/**/*.py", "hardware_backend/**/*.py", "model_executor/*.py")
_ALWAYS = (
    "speculative/spec_info.py",
    "speculative/spec_registry.py",
    "model_executor/model_runner*.py",
)


# --------------------------------------------------------------------------------------------
# A class index of one release


class ClassInfo:
    def __init__(self, module: str, node: ast.ClassDef, imports: dict):
        self.module = module
        self.name = node.name
        self.key = f"{module}.{node.name}"
        self.node = node
        self.bases = [_resolve(b, imports, module) for b in node.bases]
        self.methods = {
            n.name: n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        self.class_names = []  # class-level assignment targets (enum members)
        for n in node.body:
            if isinstance(n, ast.Assign):
                self.class_names += [t.id for t in n.targets if isinstance(t, ast.Name)]
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                self.class_names.append(n.target.id)


def _dotted(node) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def _resolve(node, imports: dict, module: str) -> str:
    name = _dotted(node) or ast.unparse(node)
    head, _, rest = name.partition(".")
    if head in imports:
        full = imports[head]
        return f"{full}.{rest}" if rest else full
    return f"{module}.{name}" if "." not in name else name


def _module_imports(tree: ast.Module, module: str) -> dict:
    """local name -> qualified name, for ``from X import Y [as Z]`` and ``import X [as Z]``."""
    out = {}
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                out[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
    return out


class Release:
    def __init__(self, tree: Path):
        self.tree = tree
        self.classes: dict[str, ClassInfo] = {}
        self.modules: dict[str, ast.Module] = {}
        self.imports: dict[str, dict] = {}
        srt = tree / "sglang" / "srt"
        paths = {p for pattern in _SCAN for p in srt.glob(pattern)}
        always = {p for pattern in _ALWAYS for p in srt.glob(pattern)}
        for path in sorted(paths | always):
            text = path.read_text(encoding="utf-8", errors="replace")
            if (
                path in always
                or path.name == "__init__.py"
                or any(
                    any(word in m.group(1) for word in _INTERESTING)
                    for m in _CLASS_RE.finditer(text)
                )
            ):
                self._add(path, text)

    def _add(self, path: Path, text: str) -> None:
        rel = path.relative_to(self.tree).with_suffix("").as_posix()
        module = rel.replace("/", ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return
        self.modules[module] = tree
        imports = _module_imports(tree, module)
        self.imports[module] = imports
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                info = ClassInfo(module, node, imports)
                self.classes[info.key] = info

    def by_name(self, name: str, module: Optional[str] = None) -> list[ClassInfo]:
        return [
            c
            for c in self.classes.values()
            if c.name == name and (module is None or c.module == module)
        ]

    def mro(self, cls: ClassInfo) -> list[ClassInfo]:
        """The class and its indexed bases, depth first (enough for 'who defines m')."""
        out, stack, seen = [], [cls], set()
        while stack:
            c = stack.pop(0)
            if c.key in seen:
                continue
            seen.add(c.key)
            out.append(c)
            stack[0:0] = [b for b in map(self.lookup, c.bases) if b is not None]
        return out

    def lookup(self, key: str, depth: int = 0) -> Optional[ClassInfo]:
        """The class a qualified name denotes, following package re-exports."""
        if key in self.classes or depth > 4:
            return self.classes.get(key)
        module, _, name = key.rpartition(".")
        target = self.imports.get(module, {}).get(name)
        return self.lookup(target, depth + 1) if target and target != key else None

    def subclasses_of(self, root: ClassInfo) -> list[ClassInfo]:
        return sorted(
            (c for c in self.classes.values() if any(m.key == root.key for m in self.mro(c))),
            key=lambda c: c.key,
        )

    def defines(self, cls: ClassInfo, method: str) -> Optional[str]:
        for c in self.mro(cls):
            if method in c.methods:
                return c.key
        return None


# --------------------------------------------------------------------------------------------
# facts


def _body_without_docstring(fn) -> list:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def _constant_answer(fn) -> Optional[bool]:
    body = _body_without_docstring(fn)
    if len(body) == 1 and isinstance(body[0], ast.Return):
        value = body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, bool):
            return value.value
    return None


def _predicate_members(fn, enum: ClassInfo, members: list[str]) -> Optional[list[str]]:
    """Members a simple predicate answers True for: ``self == E.X``, ``self != E.X``,
    ``self in (E.X, ...)``, ``return True/False``; None for any other shape."""
    const = _constant_answer(fn)
    if const is not None:
        return list(members) if const else []
    body = _body_without_docstring(fn)
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    test = body[0].value
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.left, ast.Name)
        and test.left.id == "self"
    ):
        return None

    def member(node) -> Optional[str]:
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in (enum.name, "cls")
            and node.attr in members
        ):
            return node.attr
        return None

    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
        m = member(right)
        if m is None:
            return None
        return [m] if isinstance(op, (ast.Eq, ast.Is)) else [x for x in members if x != m]
    if isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        picked = [member(e) for e in right.elts]
        if None in picked:
            return None
        return [x for x in members if x in picked]
    return None


def _spec_facts(rel: Release) -> dict:
    enums = rel.by_name("SpeculativeAlgorithm", SPEC_INFO)
    if not enums:
        return {"enum": None, "registered": None}
    enum = enums[0]
    members = [n for n in enum.class_names if n.isupper()]
    register = enum.methods.get("register")
    # A registry-backed class (0.5.5): ``register`` builds instances of the class itself, and
    # the module registers the builtins with ``SpeculativeAlgorithm.register("NAME", ...)``.
    self_registry = register is not None and any(
        isinstance(n, ast.Return)
        and isinstance(n.value, ast.Name)
        and any(
            isinstance(a, ast.Assign)
            and isinstance(a.value, ast.Call)
            and _dotted(a.value.func) == "cls"
            and any(isinstance(t, ast.Name) and t.id == n.value.id for t in a.targets)
            for a in ast.walk(register)
        )
        for n in ast.walk(register)
    )
    if self_registry:
        # builtins: module-level ``SpeculativeAlgorithm.register("X")`` /
        # ``register_speculative_algorithm("X", ...)`` statements
        for stmt in rel.modules[SPEC_INFO].body:
            node = stmt.value if isinstance(stmt, ast.Expr) else None
            if (
                isinstance(node, ast.Call)
                and "register" in (_dotted(node.func) or "")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                members.append(node.args[0].value.upper())
    methods = sorted(n for n in enum.methods if not n.startswith("__"))
    predicates = {}
    for name in methods:
        if name.startswith(("is_", "supports_")):
            predicates[name] = _predicate_members(enum.methods[name], enum, members)
    facts = {
        "enum": {
            "class": enum.key,
            "kind": "registry class" if self_registry else "Enum",
            "members": members,
            "methods": methods,
            "predicates": predicates,
        },
        "registered": None,
    }
    # Can from_string hand out something else than an enum member? It can when it calls into
    # the plugin registry module.
    from_string = enum.methods.get("from_string")
    imports = _module_imports(rel.modules[SPEC_INFO], SPEC_INFO)
    registry_calls = set()
    if from_string is not None:
        for node in ast.walk(from_string):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                target = imports.get(node.func.id, "")
                if ".spec_registry." in target:
                    registry_calls.add(target)
    if self_registry:
        facts["registered"] = {
            "class": enum.key,
            "from_string_calls": [],
            "methods": methods,
            "constants": {},
            "spec_class_parameter": False,
            "registration_checks_enum_methods": True,  # the same class
        }
        return facts
    if not registry_calls or register is None:
        return facts
    # The class ``register`` instantiates by default: the default of its ``spec_class``
    # parameter (or of the registry function it forwards to).
    args = register.args
    kw_defaults = dict(zip([a.arg for a in args.kwonlyargs], args.kw_defaults))
    pos = args.args[len(args.args) - len(args.defaults) :]
    kw_defaults.update(zip([a.arg for a in pos], args.defaults))
    default = kw_defaults.get("spec_class")
    if default is None:
        return facts
    cls_key = _resolve(default, imports, SPEC_INFO)
    cls = rel.lookup(cls_key)
    if cls is None:
        return facts
    cls_methods = sorted({m for c in rel.mro(cls) for m in c.methods if not m.startswith("__")})
    constants = {}
    for name in cls_methods:
        if name.startswith(("is_", "supports_")):
            constants[name] = _constant_answer(rel.classes[rel.defines(cls, name)].methods[name])
    registry_module = cls.module
    conforms = "_assert_custom_spec_algo_conforms" in {
        n.name for n in rel.modules[registry_module].body if isinstance(n, ast.FunctionDef)
    }
    facts["registered"] = {
        "class": cls.key,
        "from_string_calls": sorted(registry_calls),
        "methods": cls_methods,
        "constants": constants,
        "spec_class_parameter": True,
        "registration_checks_enum_methods": conforms,
    }
    return facts


def _runner_facts(rel: Release) -> dict:
    runners = rel.by_name("ModelRunner", RUNNER_MODULE)
    if not runners:
        return {"class": None}
    runner = runners[0]
    mro = rel.mro(runner)
    attrs: dict[str, list[str]] = {a: [] for a in RUNNER_ATTRS}
    spec_source = set()
    for c in mro:
        for mname, fn in c.methods.items():
            self_name = fn.args.args[0].arg if fn.args.args else None
            for node in ast.walk(fn):
                targets = []
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
                    targets = [node.target]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == self_name
                        and t.attr in attrs
                    ):
                        where = f"{c.name}.{mname}"
                        if where not in attrs[t.attr]:
                            attrs[t.attr].append(where)
                        if t.attr == "spec_algorithm" and isinstance(node.value, ast.Call):
                            spec_source.add(
                                _dotted(node.value.func) or ast.unparse(node.value.func)
                            )
    return {
        "class": runner.key,
        "bases": [c.key for c in mro[1:]],
        "attributes": {a: sorted(v) for a, v in attrs.items()},
        "spec_algorithm_from": sorted(spec_source),
    }


def _pool_facts(rel: Release) -> tuple[dict, dict, dict]:
    kvcache = rel.by_name("KVCache", "sglang.srt.mem_cache.memory_pool")
    swa = rel.by_name("SWAKVPool")
    base_swa = rel.by_name("BaseSWAKVPool")
    pools = {}
    if kvcache:
        for c in rel.subclasses_of(kvcache[0]):
            keys = {m.key for m in rel.mro(c)}
            pools[c.key] = {
                "swa": bool(swa) and swa[0].key in keys,
                "base_swa": bool(base_swa) and base_swa[0].key in keys,
            }
    allocators = {}
    bases = rel.by_name("BaseTokenToKVPoolAllocator")
    derived = {c.key for b in bases for c in rel.subclasses_of(b)}
    for c in sorted(rel.classes.values(), key=lambda c: c.key):
        if c.key in derived or (c.name.endswith("Allocator") and ".mem_cache." in f".{c.module}."):
            allocators[c.key] = {
                "get_kvcache": rel.defines(c, "get_kvcache"),
                "token_to_kv": c.key in derived,  # can be model_runner.token_to_kv_pool_allocator
            }
    names = {
        "SWAKVPool": swa[0].key if swa else None,
        "BaseSWAKVPool": base_swa[0].key if base_swa else None,
        "KVCache": kvcache[0].key if kvcache else None,
    }
    return names, pools, allocators


_SWA_ROOTS = ("BaseSWAKVPool", "SWAKVPool")


def _swa_pool_facts(rel: Release) -> dict:
    """The SWA pool classes, found by base-class name (a base spelled ``pkg.SWAKVPool`` or
    imported under another name counts by its last part), with their bases and whether each
    derives from ``SWAKVPool``; the members of ``BaseSWAKVPool`` along its bases (None without
    one)."""
    short = {key: _base_names(c) for key, c in rel.classes.items()}
    swa = {c.key for c in rel.classes.values() if c.name in _SWA_ROOTS}
    under = {c.key for c in rel.classes.values() if c.name == "SWAKVPool"}
    changed = True
    while changed:
        changed = False
        swa_names = {rel.classes[k].name for k in swa}
        under_names = {rel.classes[k].name for k in under}
        for key, bases in short.items():
            if key not in swa and swa_names & set(bases):
                swa.add(key)
                changed = True
            if key not in under and under_names & set(bases):
                under.add(key)
                changed = True
    base = rel.by_name("BaseSWAKVPool")
    return {
        "classes": {
            key: {"bases": rel.classes[key].bases, "swakvpool": key in under} for key in sorted(swa)
        },
        "base_members": sorted(_members(rel, base[0])) if base else None,
    }


def _base_names(cls: ClassInfo) -> list[str]:
    """The last part of each base's qualified name (the name it is defined under)."""
    return [b.rsplit(".", 1)[-1] for b in cls.bases]


def _members(rel: Release, cls: ClassInfo) -> set:
    out: set = set()
    for c in rel.mro(cls):
        out |= set(c.methods) | set(c.class_names)
        for method in c.methods.values():
            for n in ast.walk(method):
                if (
                    isinstance(n, ast.Attribute)
                    and isinstance(n.ctx, ast.Store)
                    and isinstance(n.value, ast.Name)
                    and n.value.id == "self"
                ):
                    out.add(n.attr)
    return out


def _swa_allocator_bases(rel: Release, allocators: dict) -> set:
    """The names of the classes an SWA allocator class derives from (its MRO but itself)."""
    out: set = set()
    for key in allocators:
        cls = rel.classes[key]
        if is_swa_allocator_class_name(cls.name):
            out.update(c.name for c in rel.mro(cls)[1:])
            out.update(b.rsplit(".", 1)[-1] for c in rel.mro(cls) for b in c.bases)
    return out


def _allocator_members(rel: Release, allocators: dict) -> tuple[set, set]:
    """(members of the SWA allocator classes, members of the others)."""
    swa: set = set()
    other: set = set()
    for key in allocators:
        cls = rel.classes[key]
        (swa if is_swa_allocator_class_name(cls.name) else other).update(_members(rel, cls))
    return swa, other


_SCALAR_TYPES = frozenset({"int", "bool", "str", "float", "dtype", "Optional", "None"})


def _scalar_annotation(node) -> bool:
    """``int``, ``bool``, ``str``, ``float``, ``torch.dtype``, ``Optional[...]`` / ``X | None``
    of those."""
    if node is None:
        return False
    names = [
        n.id if isinstance(n, ast.Name) else n.attr
        for n in ast.walk(node)
        if isinstance(n, (ast.Name, ast.Attribute)) and not isinstance(n.ctx, ast.Store)
    ]
    names = [n for n in names if n != "torch"]
    return bool(names) and set(names) <= _SCALAR_TYPES


_SCALAR_CALLS = frozenset({"int", "float", "bool", "str", "len", "min", "max", "abs", "round"})


def _scalar_value(node, scalars: set, members: set) -> bool:
    """A value made of constants (not None), ``scalars`` (parameters annotated with a scalar
    type), reads of ``members`` of any object and the builtins of :data:`_SCALAR_CALLS`, by
    operators and conditional expressions only (arithmetic with a number is a number)."""

    def scalar(n) -> bool:
        return _scalar_value(n, scalars, members)

    if isinstance(node, ast.Constant):
        return node.value is not None and not isinstance(node.value, (bytes, tuple))
    if isinstance(node, ast.Name):
        return node.id in scalars
    if isinstance(node, ast.Attribute):
        return node.attr in members
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in _SCALAR_CALLS
    if isinstance(node, ast.BoolOp):
        return all(scalar(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        number = [
            isinstance(x, ast.Constant) and type(x.value) in (int, float)
            for x in (node.left, node.right)
        ]
        return any(number) or (scalar(node.left) and scalar(node.right))
    if isinstance(node, ast.UnaryOp):
        return scalar(node.operand)
    if isinstance(node, ast.IfExp):
        return scalar(node.body) and scalar(node.orelse)
    return isinstance(node, ast.Compare)


def _pool_stores(rel: Release, pools: dict):
    """``(member, value node or None, scalar parameters)`` of every ``self.x`` store in a KV
    pool class (None: not a plain assignment), and ``(member, annotation)`` of class-level
    annotated names as ``(member, annotation, None)``."""
    for key in pools:
        cls = rel.classes.get(key)
        if cls is None:
            continue
        for n in cls.node.body:
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                yield n.target.id, n.annotation, None
        for fn in cls.methods.values():
            args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
            params = {a.arg for a in args if _scalar_annotation(a.annotation)}
            for n in ast.walk(fn):
                targets = n.targets if isinstance(n, ast.Assign) else []
                if isinstance(n, (ast.AnnAssign, ast.AugAssign)):
                    targets = [n.target]
                for t in targets:
                    for a in ast.walk(t):
                        if (
                            isinstance(a, ast.Attribute)
                            and isinstance(a.value, ast.Name)
                            and a.value.id == "self"
                        ):
                            plain = t is a and getattr(n, "value", None) is not None
                            yield a.attr, n.value if plain else None, params


def _pool_member_kinds(rel: Release, pools: dict) -> tuple[set, set]:
    """(members every KV pool class stores only scalars in, the others): a ``self.x`` store
    of a scalar value (:func:`_scalar_value`, where reads of the members some store gives a
    scalar count as scalars) or a class-level name annotated with a scalar type. Reading a
    scalar member of the target's pool (its size, page size, dtype) reads no KV (KVG003's
    scenario: such a read lets nothing of the pool escape)."""
    stores = list(_pool_stores(rel, pools))

    def kinds(members: set) -> tuple[set, set]:
        scalar: set = set()
        other: set = set()
        for member, value, params in stores:
            if params is None:
                ok = _scalar_annotation(value)
            else:
                ok = value is not None and _scalar_value(value, params, members)
            (scalar if ok else other).add(member)
        return scalar, other

    candidates, _ = kinds(set())
    scalar, other = kinds(candidates)
    return scalar - other, other


_NUMBER_CALLS = frozenset({"len", "min", "max", "sum", "int", "float", "abs", "round"})


def _number_annotation(node) -> Optional[bool]:
    """True for ``int``/``float``, False for another annotation, None for none."""
    if node is None:
        return None
    return isinstance(node, ast.Name) and node.id in ("int", "float")


def _returns(fn) -> list:
    """The values ``fn`` returns (its own ``return`` statements, not nested functions')."""
    out, stack = [], list(fn.body)
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Return):
            out.append(n.value)
        elif not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(n))
    return out


def _number_expr(e, counts: set) -> bool:
    """Is ``e`` a number, given that calls of the methods ``counts`` give numbers?"""
    if isinstance(e, ast.Constant):
        return type(e.value) in (int, float)
    if isinstance(e, ast.BinOp):
        return _number_expr(e.left, counts) or _number_expr(e.right, counts)
    if isinstance(e, ast.IfExp):
        return _number_expr(e.body, counts) and _number_expr(e.orelse, counts)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in _NUMBER_CALLS:
        return e.func.id in ("len", "int", "float", "round") or all(
            _number_expr(a, counts) for a in e.args
        )
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
        return e.func.attr in counts and not e.args and not e.keywords
    return False


def _not_number(fn) -> bool:
    """Does ``fn`` surely give no number: an annotation other than ``int``/``float``, a body
    with no ``return`` (but a stub's, or one that only raises), or a return of nothing, of a
    literal non-number, a container or a ``torch`` call?"""
    if _number_annotation(fn.returns) is False:
        return True
    values = _returns(fn)
    if not values:  # (a stub or one that raises says nothing: another class defines it)
        return not _stub(fn)
    for v in values:
        if v is None or (isinstance(v, ast.Constant) and type(v.value) not in (int, float)):
            return True
        if isinstance(v, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
            return True
        if isinstance(v, ast.Call) and (_dotted(v.func) or "").startswith("torch."):
            return True
    return False


def _count_methods(rel: Release, allocators: dict) -> tuple[set, set]:
    """(methods of the allocator classes that give a number: annotated ``int``/``float``, or
    every return a number, where calls of methods already found count (the least fixpoint);
    those some allocator class defines so as to give no number surely)."""
    defs: dict = {}
    for key in allocators:
        for c in rel.mro(rel.classes[key]):
            for name, fn in c.methods.items():
                if not name.startswith("__"):
                    defs.setdefault(name, {})[id(fn)] = fn
    other = {n for n, fns in defs.items() if any(_not_number(f) for f in fns.values())}
    counts: set = set()
    while True:
        grown = {
            n
            for n in set(defs) - other
            if any(
                _number_annotation(f.returns)
                or (
                    _returns(f)
                    and all(v is not None and _number_expr(v, counts) for v in _returns(f))
                )
                for f in defs[n].values()
            )
        }
        if grown == counts:
            return counts, other
        counts = grown


def _text_methods(rel: Release, allocators: dict) -> tuple[set, set]:
    """(methods of the allocator classes every non-stub definition of which is annotated
    ``-> str``; those some class annotates otherwise or leaves unannotated)."""
    text, other = set(), set()
    for key in allocators:
        for c in rel.mro(rel.classes[key]):
            for name, fn in c.methods.items():
                if name.startswith("__") or _stub(fn):
                    continue
                ann = fn.returns
                if isinstance(ann, ast.Name) and ann.id == "str":
                    text.add(name)
                else:
                    other.add(name)
    return text - other, other


def _stub(fn) -> bool:
    """A body of a docstring, ``pass``, ``...`` and raises: no evidence of what it does."""
    return all(
        isinstance(n, (ast.Raise, ast.Pass))
        or (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
        for n in fn.body
    )


def _effect_methods(rel: Release, allocators: dict) -> tuple[set, set]:
    """(methods of the allocator classes that only act: some class defines one with a body
    that returns nothing, or only what another such method returns (``return
    self._inner.free(i)``: the least fixpoint), and is no generator; those some class defines
    so as to give a value, which :func:`derive_all` keeps out in every release)."""
    defs: dict = {}
    for key in allocators:
        for c in rel.mro(rel.classes[key]):
            for name, fn in c.methods.items():
                if not name.startswith("__") and not _stub(fn):
                    defs.setdefault(name, {})[id(fn)] = fn

    def gives(fn, effects: set) -> bool:
        if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(fn)):
            return True
        return any(
            v is not None
            and not _is_none(v)
            and not (
                isinstance(v, ast.Call)
                and isinstance(v.func, ast.Attribute)
                and v.func.attr in effects
            )
            for v in _returns(fn)
        )

    effects: set = set()
    while True:
        grown = {n for n, fns in defs.items() if any(not gives(f, effects) for f in fns.values())}
        if grown == effects:
            break
        effects = grown
    valued = {n for n, fns in defs.items() if any(gives(f, effects) for f in fns.values())}
    return effects, valued


def _is_none(e) -> bool:
    return isinstance(e, ast.Constant) and e.value is None


def _trtllm_facts(tree: Path) -> str:
    path = tree / TRTLLM
    if not path.is_file():
        return "none"
    module = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef) and node.name == "TRTLLMHAAttnBackend":
            names = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            if "_resolve_swa_kv_pool" in names:
                return "resolver"
            init = next((n for n in node.body if getattr(n, "name", "") == "__init__"), None)
            text = ast.unparse(init) if init else ""
            if "token_to_kv_pool_allocator" in text and "SWATokenToKVPoolAllocator" in text:
                return "allocator"
            return "pool" if "SWAKVPool" in text else "none"
    return "none"


# ``<...>backend.<attribute>``: a literal prefix, so the search skips ahead (bytes, no parse)
_BACKEND_READ = re.compile(rb"backend\.([A-Za-z_]\w*)")


def _backend_reads(tree: Path) -> set:
    """Attribute names read through a name ending in ``backend`` anywhere in the release (a
    comment or string counts too: over-approximate, so no reader is missed)."""
    out: set = set()
    for path in (tree / "sglang").rglob("*.py"):
        out.update(m.group(1).decode() for m in _BACKEND_READ.finditer(path.read_bytes()))
    return out


def derive(tree: Path) -> dict:
    return _derive(Release(tree))[0]


def _derive(rel: Release) -> tuple[dict, set, set, set, dict]:
    """The release's facts, the members of its allocator classes that are not SWA ones, its
    allocator methods that surely give no number and those that give a value (what
    :func:`derive_all` keeps out of the all-release lists), and the members of its full-only
    pool classes and of its model runner (``{"full_pool": ..., "runner": ...}``)."""
    names, pools, allocators = _pool_facts(rel)
    swa, other = _allocator_members(rel, allocators)
    scalar, _ = _pool_member_kinds(rel, pools)
    counts, not_counts = _count_methods(rel, allocators)
    effects, valued = _effect_methods(rel, allocators)
    texts, not_texts = _text_methods(rel, allocators)
    full_members = set()  # (members of the full-only pool classes a regular draft owns)
    for key, kinds in pools.items():
        if not kinds.get("swa") and not kinds.get("base_swa") and key in rel.classes:
            full_members |= _members(rel, rel.classes[key])
    facts = {
        "model_runner": _runner_facts(rel),
        "spec_algorithm": _spec_facts(rel),
        "classes": names,
        "kv_pools": pools,
        "swa_pools": _swa_pool_facts(rel),
        "allocators": allocators,
        "swa_allocator_bases": sorted(_swa_allocator_bases(rel, allocators)),
        "swa_allocator_members": sorted(swa - other),
        "kv_pool_scalar_members": sorted(scalar),
        "allocator_count_methods": sorted(counts),
        "allocator_effect_methods": sorted(effects),
        "allocator_text_methods": sorted(texts),
        "trtllm_swa_decision": _trtllm_facts(rel.tree),
    }
    runners = rel.by_name("ModelRunner", RUNNER_MODULE)
    runner = _members(rel, runners[0]) if runners else set()
    members = {"full_pool": full_members, "runner": runner, "not_text": not_texts}
    return facts, other, not_counts, valued, members


def derive_all(versions: Iterable[str], quiet: bool = True) -> dict:
    releases = {}
    swa_any: set = set()
    other_any: set = set()
    bases_any: set = set()
    backend_reads: set = set()
    scalar_every: Optional[set] = None
    counts_any: set = set()
    not_counts_any: set = set()
    effects_any: set = set()
    valued_any: set = set()
    full_any: set = set()
    runner_any: set = set()
    texts_any: set = set()
    not_texts_any: set = set()
    for v in versions:
        tree = sglang_wheels.ensure_tree(v, quiet=quiet)
        releases[v], other, not_counts, valued, members = _derive(Release(tree))
        full_any |= members["full_pool"]
        runner_any |= members["runner"]
        texts_any.update(releases[v]["allocator_text_methods"])
        not_texts_any |= members["not_text"]
        counts_any.update(releases[v]["allocator_count_methods"])
        effects_any.update(releases[v]["allocator_effect_methods"])
        valued_any |= valued
        not_counts_any |= not_counts
        backend_reads |= _backend_reads(tree)
        swa_any.update(releases[v]["swa_allocator_members"])
        bases_any.update(releases[v]["swa_allocator_bases"])
        other_any |= other
        scalar = set(releases[v]["kv_pool_scalar_members"])
        scalar_every = scalar if scalar_every is None else scalar_every & scalar
    fixed = [v for v, r in releases.items() if r["trtllm_swa_decision"] == "resolver"]
    return {
        "format": FORMAT,
        "generated_by": "scripts/gen_sglang_api.py (ast over the PyPI wheels' sources)",
        "first_fixed": fixed[0] if fixed else None,
        # SWA-only in some release and held by no other allocator class in any release
        "swa_allocator_members": sorted(swa_any - other_any),
        # every class some SWA allocator class derives from, in some release
        "swa_allocator_bases": sorted(bases_any),
        # members of the KV pool classes that hold a scalar in every release
        "kv_pool_scalar_members": sorted(scalar_every or ()),
        # allocator methods giving a number in some release, and no number surely in none
        "allocator_count_methods": sorted(counts_any - not_counts_any),
        # allocator methods that only act in some release, and give a value in none
        "allocator_effect_methods": sorted(effects_any - valued_any),
        # allocator methods annotated ``-> str`` in some release, and otherwise in none
        "allocator_text_methods": sorted(texts_any - not_texts_any),
        # read through a name ending in ``backend``, in some release
        "backend_attributes_read": sorted(backend_reads),
        # members some full-only KV pool class has in some release (a regular draft's pool
        # has no other)
        "full_pool_members": sorted(full_any),
        # members the model runner (with its mixins) has in some release: a runner has no other
        "runner_members": sorted(runner_any),
        "releases": releases,
    }


def render(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = render(derive_all(sglang_wheels.RELEASES, quiet=False))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.out} differs from the corpus; regenerate it")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text)} bytes, {len(sglang_wheels.RELEASES)} releases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
