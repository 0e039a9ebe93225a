"""A module's own classes, asked the same way by every model (flow, scenarios, SWA paths,
path conditions): the order methods are looked up in within the module, and whether a private
class can have instances of its own or is only ever a base.

Only the module's text is read (``ast``); a base defined in another module ends a lookup: it
cannot hold the module's methods.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from typing import Callable, Iterable, Optional

from .astwalk import walked


def lookup_order(cls, bases: Callable[[object], Iterable]) -> list:
    """``cls``, then the classes ``bases(c)`` gives, in Python's method resolution order (C3:
    a mixin's ``super()`` reaches the class mixed in after it), each once. Where C3 has no
    answer (a cycle of bases, or an order Python rejects: code that cannot run, still text),
    depth first."""
    try:
        return _c3(cls, bases, (), {})
    except ValueError:
        pass
    out: list = []
    stack = [cls]
    while stack:
        c = stack.pop()
        if c in out:
            continue
        out.append(c)
        stack.extend(reversed(list(bases(c))))
    return out


def _c3(cls, bases: Callable[[object], Iterable], seen: tuple, done: dict) -> list:
    """The C3 linearization of ``cls`` (ValueError where there is none); ``done``: those
    already computed in this lookup, by class."""
    if id(cls) in done:
        return done[id(cls)]
    if cls in seen or len(seen) > 64:
        raise ValueError("a cycle of bases")
    direct = list(bases(cls))
    pending = [list(_c3(b, bases, seen + (cls,), done)) for b in direct] + [direct]
    out = [cls]
    while any(pending):
        pending = [p for p in pending if p]
        head = next((p[0] for p in pending if not any(p[0] in q[1:] for q in pending)), None)
        if head is None:
            raise ValueError("no consistent order")
        out.append(head)
        pending = [p[1:] if p[0] == head else p for p in pending]
    done[id(cls)] = out
    return out


def base_name(node: ast.expr) -> str:
    """The name a base is written with: ``Base`` / ``module.Base`` -> ``Base``."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def is_property(fn) -> bool:
    """Is ``fn`` a property getter (``@property``, ``@functools.cached_property``)? A read of
    its name on an instance is then its call."""
    return any(base_name(d) in ("property", "cached_property") for d in fn.decorator_list)


def is_record(cls: ast.ClassDef) -> bool:
    """Is ``cls`` a dataclass or a ``NamedTuple``?"""
    return "NamedTuple" in {base_name(b) for b in cls.bases} or any(
        base_name(d.func if isinstance(d, ast.Call) else d) == "dataclass"
        for d in cls.decorator_list
    )


def record_fields(cls: ast.ClassDef) -> list:
    """The field names of a record class, in order (``name: T [= v]``; a ``ClassVar`` or
    ``InitVar`` is none)."""
    out = []
    for n in cls.body:
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            ann = n.annotation.value if isinstance(n.annotation, ast.Subscript) else n.annotation
            if base_name(ann) not in ("ClassVar", "InitVar"):
                out.append(n.target.id)
    return list(dict.fromkeys(out))


def positional_fields(cls: ast.ClassDef) -> Optional[tuple]:
    """The fields of a record class in the order positional arguments (and ``case C(...)``
    patterns) fill them; None where that order is not modelled: arguments to the decorator,
    a ``KW_ONLY`` marker or a ``field(...)`` (which may take a field out of ``__init__``)."""
    if any(isinstance(d, ast.Call) and d.keywords for d in cls.decorator_list):
        return None
    for n in cls.body:
        if isinstance(n, ast.AnnAssign) and (
            isinstance(n.value, ast.Call) or "KW_ONLY" in ast.dump(n.annotation)
        ):
            return None
    return tuple(record_fields(cls))


class ModuleClasses:
    """The classes defined once, at the top level of a module (``defs``: name -> node; a name
    also defined elsewhere in the module is ``ambiguous``: which one a use means cannot be
    told), and the names of classes the module names other than as a base (``named``)."""

    def __init__(self, tree: ast.Module, nodes: Optional[list] = None) -> None:
        nodes = list(walked(tree)) if nodes is None else nodes
        defined = Counter(n.name for n in nodes if isinstance(n, ast.ClassDef))
        self.defs = {
            n.name: n for n in tree.body if isinstance(n, ast.ClassDef) and defined[n.name] == 1
        }
        self.ambiguous = set(defined) - set(self.defs)  # defined twice, or below the top level
        # (a base of a nested class counts as a use: its subclass is not one of the module's)
        as_base = {id(b) for n in tree.body if isinstance(n, ast.ClassDef) for b in n.bases}
        self.named = {
            n.id
            for n in nodes
            if isinstance(n, ast.Name) and n.id in defined and id(n) not in as_base
        }

    def bases(self, name: str) -> list:
        """The names of ``name``'s bases the module defines (:attr:`defs`)."""
        node = self.defs.get(name)
        if node is None:
            return []
        return [b for b in map(base_name, node.bases) if b in self.defs]

    def only_derived(self, name: str) -> bool:
        """Is ``name`` a private class (``_Base``: nothing outside the module builds or
        subclasses it) the module defines once and names only as a base? Every instance of it
        is then an instance of a subclass."""
        return name.startswith("_") and name in self.defs and name not in self.named

    def incomplete_backend(self, name: str) -> bool:
        """Is ``name`` an attention backend sglang cannot build as it stands: no ``forward``
        method along its bases is implemented (none written, or one that only raises), the
        bases of other modules are sglang's abstract ``AttentionBackend`` (or ``ABC``,
        ``object``), the module names it only as a base and derives a class from it? Its
        methods then run on the instances of a subclass."""
        if name not in self.defs or name in self.named:
            return False
        order = lookup_order(name, self.bases)
        for c in order:
            node = self.defs[c]
            outside = {base_name(b) for b in node.bases} - set(self.defs)
            if outside - _ABSTRACT_BASES:
                return False
            for m in node.body:
                if (
                    isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and m.name in _FORWARDS
                    and not _only_raises(m)
                ):
                    return False
        if not any("AttentionBackend" in {base_name(b) for b in self.defs[c].bases} for c in order):
            return False
        return any(o != name and name in lookup_order(o, self.bases) for o in self.defs)


# sglang's abstract base of every attention backend, and the bases that add no methods
_ABSTRACT_BASES = frozenset({"AttentionBackend", "ABC", "object"})
# the methods sglang calls to run a backend's attention
_FORWARDS = frozenset({"forward", "forward_decode", "forward_extend"})


def _only_raises(fn) -> bool:
    """Does ``fn``'s body (a docstring aside) only ``raise`` (``NotImplementedError``)?"""
    body = [
        st
        for st in fn.body
        if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))
    ]
    return bool(body) and all(isinstance(st, ast.Raise) for st in body)


@functools.lru_cache(maxsize=2)
def module_classes(tree: ast.Module) -> ModuleClasses:
    """:class:`ModuleClasses` of ``tree``, built once per module (a walk of the whole module;
    the scenarios ask it for every method they run)."""
    return ModuleClasses(tree)
