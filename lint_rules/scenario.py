"""KVG003's decisive scenarios, evaluated: a regular EAGLE draft and the resolver's answer.

An abstract interpreter over the stdlib ``ast`` (it never imports or runs the code) executes
the function holding ``get_kvcache()`` with the runner parameter bound to a regular EAGLE
draft: ``is_draft_worker`` True, a spec algorithm EAGLE whose ``is_frozen_kv_mtp()`` answers
False (newer API) or is missing (older API: a plain read raises ``AttributeError``; its other
``is_*()`` answer what the real enums answer for EAGLE, from the API model), and its own pool,
full-only (not an SWA pool class, no SWA member) or SWA. Everything else is unknown and
explored both ways. (KVG001 also asks the SWA target itself: ``target-`` runners.) It follows same-module functions, methods of the class (``self.``,
``cls.``, the class by name), closures and lambdas, and models comparisons, boolean algebra,
containers, ``try``/``except``/``finally``, ``contextlib.suppress``, loops with
``break``/``else``, ``match`` and early returns.

:func:`guarded` answers per fetch: True when on no path of either draft the fetched pool
escapes (:func:`_fetched`: kept on an object, returned or yielded, handed to a call not
followed, or lost in a join; a scalar member read, an identity test is not an escape). A
resolver that answers None where the draft's own pool is SWA reads no wrong pool: not this
family's bug.
When it cannot tell (a construct it does not model decides a path, or its step budget runs
out) it names what stopped it, and KVG003's finding says so. KVG003 drops a finding only on
True.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import itertools
import operator
import sys
from collections import Counter
from typing import Callable, NamedTuple, Optional, Union

from .astwalk import of_type, per_node, walked
from .classes import (
    base_name,
    is_property,
    is_record,
    lookup_order,
    module_classes,
    positional_fields,
    record_fields,
)
from .names import (
    ATTRIBUTE_STORE_CALLS,
    CONTAINER_FILLS,
    FULL_DRAFT_POOL_MRO,
    POOL_ATTR,
    full_pool_members,
    is_allocator_class_name,
    is_swa_allocator_class_name,
    is_swa_member_name,
    kv_pool_class_names,
    kv_pool_scalar_members,
    number_member,
    runner_members,
    spec_members,
    spec_predicate_answers,
    swa_allocator_bases,
    swa_only_members,
)
from .sinks import ALLOCATOR_MEMBER, SWA_CLASS_TEST, SWA_MEMBER_PROBE, matches
from .swa_path import display_only, is_log_call, may_be_read_elsewhere

_BUDGET = 20_000
_DEPTH = 6
_LOOP = 16


class Undecided(Exception):
    """The interpreter cannot tell (the answer is then None)."""


class _Top:
    __slots__ = ()

    def __repr__(self) -> str:
        return "TOP"


TOP = _Top()


# env key prefix: the fetch keys a local's value holds a class test of (no name has a NUL)
_TESTED = "\0tested:"
_YIELDS = "\0yields"  # (in a generator's environment) what it has yielded on this path
# (a judged method's parameter never rebound: the same unknown in two runs, named so)
_OPAQUE = "\0opaque:"


@per_node
def _is_generator(fn) -> bool:
    """Does ``fn``'s own body (not a function nested in it) yield?"""
    stack = list(fn.body) if not isinstance(fn, ast.Lambda) else []
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(n))
    return False


class _Raised(Exception):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class _NeverBuilt(_Raised):
    """Every way through ``__init__`` raises on this scenario: it builds no instance, so no
    method of one runs there."""


class Obj:
    """A scenario object: its kind, known attributes, missing ones (a read raises); ``key``: for
    the target's pool a marked fetch gave (or a part of it), that fetch's key."""

    def __init__(self, kind: str, attrs=None, missing=(), owner=None, key=None) -> None:
        self.kind = kind
        self.attrs = dict(attrs or {})
        self.missing = frozenset(missing)
        self.owner = owner  # for ``self``: the class whose methods it has
        self.key = key


_FUNCS_DEF = (ast.FunctionDef, ast.AsyncFunctionDef)


def _field_default(value):
    """A record field's default as written in the class body: a constant, or
    ``field(default=<constant>)``; TOP else."""
    if isinstance(value, ast.Constant):
        return value.value
    if isinstance(value, ast.Call) and _name_of(value.func) == "field":
        for k in value.keywords:
            if k.arg == "default" and isinstance(k.value, ast.Constant):
                return k.value.value
    return TOP


def _named_tuple_items(v):
    """A ``NamedTuple`` record of the module as the tuple of its fields (unpacking it), when
    each is known; ``v`` else."""
    owner = getattr(v, "owner", None) if isinstance(v, Obj) else None
    if owner is None or "NamedTuple" not in {_name_of(b) for b in owner.bases}:
        return v
    fields = record_fields(owner)
    if not fields or any(f not in v.attrs for f in fields):
        return v
    return tuple(v.attrs[f] for f in fields)


def _record_fields(v) -> Optional[tuple]:
    """The fields of the module record ``v`` is an instance of, in the order ``case C(...)``
    patterns read them (``classes.positional_fields``), or None."""
    owner = getattr(v, "owner", None) if isinstance(v, Obj) else None
    if owner is None or not is_record(owner):
        return None
    return positional_fields(owner)


def _fetched(v, seen: Optional[set] = None) -> set:
    """The keys of the fetched pools ``v`` holds: itself, in a tuple or dict, in a record's
    fields, as a bound method's receiver, in a closure's scope."""
    seen = set() if seen is None else seen
    if id(v) in seen:
        return set()
    seen.add(id(v))
    if isinstance(v, Obj):
        own = {v.key} if v.key is not None else set()
        if v.kind == "self" and v.owner is not None and is_record(v.owner):
            own = own.union(*(_fetched(x, seen) for x in v.attrs.values()))
        return own
    if isinstance(v, tuple):
        return set().union(*(_fetched(x, seen) for x in v))
    if isinstance(v, Mapping):
        return set().union(*(_fetched(x, seen) for _, x in v.pairs))
    if isinstance(v, Bound):
        return _fetched(v.first, seen)
    if isinstance(v, Func) and v.env is not None:
        return set().union(*(_fetched(x, seen) for x in v.env.values()))
    if isinstance(v, Partial):
        return set().union(*(_fetched(x, seen) for x in (v.func, *v.args, *v.kwargs.values())))
    return set()


class Count:
    """A count or size read from the allocator: a count method's answer or a scalar member
    (the API model, as ``swa_path`` reads numbers). Which one is read picks no pool: the
    draft shares the target's allocator. So any two compare alike (never equal in a test:
    their values are not known); arithmetic on them gives one, and calling one (a count
    method read as a member) does too."""


def _count_of(*values) -> bool:
    """Are ``values`` counts and plain numbers, at least one a count?"""
    return any(isinstance(v, Count) for v in values) and all(
        isinstance(v, Count) or type(v) in (int, float, bool) for v in values
    )


class Const:
    """A callable answering one value (a predicate of the spec algorithm)."""

    def __init__(self, value) -> None:
        self.value = value


class Enum:
    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other) -> bool:
        return isinstance(other, Enum) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("enum", self.name))


class EnumValue:
    """The ``.value`` of a ``SpeculativeAlgorithm`` member: equal to another member's value
    only where it is the same member (its number is not read)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other) -> bool:
        return isinstance(other, EnumValue) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("enum-value", self.name))


class Member:
    """A member of an enum class of the module: equal to itself, and (a ``str``/``int`` mixin
    or ``StrEnum``/``IntEnum``) to its value."""

    def __init__(self, cls: str, name: str, value, mixin: bool, flag: bool = False) -> None:
        self.cls, self.name, self.value, self.mixin = cls, name, value, mixin
        self.flag = flag  # a member of a ``Flag``/``IntFlag``: it combines (:class:`Flags`)

    def __eq__(self, other) -> bool:
        return isinstance(other, Member) and (other.cls, other.name) == (self.cls, self.name)

    def __hash__(self) -> int:
        return hash((self.cls, self.name))


class SetItems(tuple):
    """A set's items, as a tuple for membership and iteration. Its size is known only where
    every item is a plain constant or an enum member (then without duplicates): unknown items
    may be equal (``len({runner.page_size, pool.page_size})`` may be 1)."""


def _as_set(items: tuple) -> "SetItems":
    if not _plain_elements(items):
        return SetItems(items)
    kept: list = []
    for x in items:
        if not any(type(x) is type(y) and x == y for y in kept):
            kept.append(x)
    return SetItems(kept)


class Flags:
    """A combination of the members of a ``Flag`` enum of the module (``A | B``, or a member
    alone): the names of the members it holds. ``B in role`` asks for a subset."""

    def __init__(self, cls: str, names: frozenset) -> None:
        self.cls, self.names = cls, names

    def __eq__(self, other) -> bool:
        return isinstance(other, Flags) and (other.cls, other.names) == (self.cls, self.names)

    def __hash__(self) -> int:
        return hash((self.cls, self.names))


def _flags(v) -> Optional[Flags]:
    """``v`` as :class:`Flags` (a member of a ``Flag`` enum whose value is zero, one bit or
    ``auto()``), None where it is none or its bits are not known."""
    if isinstance(v, Flags):
        return v
    if not (isinstance(v, Member) and v.flag):
        return None
    if v.value == 0 and type(v.value) is int:
        return Flags(v.cls, frozenset())
    if v.value is TOP or (type(v.value) is int and v.value > 0 and not v.value & (v.value - 1)):
        return Flags(v.cls, frozenset({v.name}))
    return None


_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"})
_FLAG_BASES = frozenset({"Flag", "IntFlag"})
_VALUE_MIXINS = frozenset({"str", "int", "StrEnum", "IntEnum", "IntFlag"})


def _enum_members(cls: ast.ClassDef) -> Optional[tuple]:
    """The members of an enum class of the module in definition order (iterating the class),
    None where that is not known (not an enum, a member bound otherwise, an alias)."""
    if not {_name_of(b) for b in cls.bases} & _ENUM_BASES:
        return None
    out: list = []
    values: list = []
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Pass, ast.Expr)):
            continue  # (methods, docstrings)
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            return None
        target = node.targets[0]
        if not isinstance(target, ast.Name) or target.id.startswith("_"):
            return None  # (``_ignore_``, private names: not members)
        member = _enum_member(cls, target.id)
        if member is None:
            return None
        if member.value is not TOP:
            if member.value in values:
                return None  # an alias: not iterated
            values.append(member.value)
        out.append(member)
    return tuple(out)


def _enum_member(cls: ast.ClassDef, attr: str):
    """``cls.attr`` as a :class:`Member` when ``cls`` is an enum class whose body binds
    ``attr`` once to a constant (its value; ``auto()``: an unknown value), else None."""
    bases = {_name_of(b) for b in cls.bases}
    if not bases & _ENUM_BASES:
        return None
    found = [
        n
        for n in cls.body
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == attr
    ]
    if len(found) != 1:
        return None
    value = found[0].value
    value = value.value if isinstance(value, ast.Constant) else TOP
    flag = bool(bases & _FLAG_BASES)
    if flag and value is TOP and not _is_auto(found[0].value):
        return None  # (a combination written in the body: its bits are not read)
    return Member(cls.name, attr, value, bool(bases & _VALUE_MIXINS), flag)


def _is_auto(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _name_of(node.func) == "auto" and not node.args


class EnumSpace:
    """``SpeculativeAlgorithm``: its attributes are members (but ``missing``: a release
    without FROZEN_KV MTP has no such member)."""

    def __init__(self, missing: tuple = ()) -> None:
        self.missing = missing


class ClassRef:
    def __init__(self, node: ast.ClassDef) -> None:
        self.node = node


class Func:
    def __init__(
        self, node, env: Optional[dict], owner: Optional[ast.ClassDef] = None, defaults=None
    ) -> None:
        self.node = node  # FunctionDef / AsyncFunctionDef / Lambda
        self.env = env  # closure (None: module level), shared: a name it reads binds late
        self.owner = owner
        # the default values, evaluated where it is defined (None: evaluated at each call,
        # for module-level code, where they read only module names)
        self.defaults = defaults


class SuperRef:
    """``super()`` in a method of ``cls`` called on ``obj``."""

    def __init__(self, obj, cls: ast.ClassDef) -> None:
        self.obj = obj
        self.cls = cls


class Bound:
    def __init__(self, func: Func, first) -> None:
        self.func = func
        self.first = first


class Getter:
    """``operator.attrgetter(*names)`` / ``operator.methodcaller(name, *args)`` (``call``):
    called on an object, it reads those members (dotted paths) or calls that method."""

    def __init__(self, names: tuple, call: Optional[tuple] = None) -> None:
        self.names, self.call = names, call


_MAPPING_METHODS = frozenset({"get", "setdefault", "keys", "values", "items", "pop"})


class Mapping:
    """A dict literal: its (key, value) pairs, keys evaluated (TOP where unknown)."""

    __slots__ = ("pairs",)

    def __init__(self, pairs: list) -> None:
        self.pairs = pairs

    def store(self, key, value) -> None:
        """``d[key] = value``: a plain key replaces its pair or comes last (insertion order);
        any other goes first, where every lookup meets it."""
        if all(
            isinstance(k, (bool, int, str, type(None))) for k in (key, *(k for k, _ in self.pairs))
        ):
            for i, (k, _) in enumerate(self.pairs):
                if _equal_plain(k, key) is True:
                    self.pairs[i] = (k, value)
                    return
            self.pairs.append((key, value))
            return
        self.pairs.insert(0, (key, value))

    def pop(self, args: list):
        """``d.pop(key[, default])``: the pair taken out where every key is plain (and
        ``key``); else TOP, and any key may be gone (a pair of unknowns first)."""
        keys = [k for k, _ in self.pairs]
        plain = (bool, int, str, type(None))
        if len(args) not in (1, 2) or not all(isinstance(k, plain) for k in (*args[:1], *keys)):
            self.pairs.insert(0, (TOP, TOP))
            return TOP
        for i, (k, v) in enumerate(self.pairs):
            if k == args[0] and type(k) is type(args[0]):
                del self.pairs[i]
                return v
        if len(args) == 2:
            return args[1]
        raise _Raised("KeyError")

    def view(self, name: str) -> Optional[tuple]:
        """``keys()`` / ``values()`` / ``items()`` (iteration: the keys) where every key is
        plain and appears once; None else."""
        keys = [k for k, _ in self.pairs]
        plain = all(isinstance(k, (bool, int, str, type(None))) for k in keys)
        if not plain or len(set(keys)) != len(keys):
            return None
        if name == "values":
            return tuple(v for _, v in self.pairs)
        return tuple(self.pairs) if name == "items" else tuple(keys)

    def plain_keys(self) -> bool:
        """Are all its keys known strings (a ``**`` expansion gives those keywords)?"""
        return all(isinstance(k, str) for k, _ in self.pairs)

    def may_miss(self, key, equal=None) -> bool:
        """May ``key`` be none of its keys: no pair's key surely equals it?"""
        return not any(
            k is not TOP and key is not TOP and (equal or _equal_plain)(k, key) is True
            for k, _ in self.pairs
        )

    def lookup(self, key, missing, equal=None):
        """The value at ``key``; ``missing`` where no key can equal it (an exception to raise,
        or the default), TOP where that is unknown."""
        found = []
        unknown = False  # (no pair: no key equals it, known or not)
        for k, v in self.pairs:
            same = TOP if (k is TOP or key is TOP) else (equal or _equal_plain)(k, key)
            if same is True and not found:
                return v
            if same is not False:
                unknown = True
                found.append(v)
        if unknown:
            return TOP
        if isinstance(missing, _Raised):
            raise missing
        return missing


_ABSENT = object()  # Mapping.lookup's answer for a key it does not hold


class Builtin:
    def __init__(self, name: str) -> None:
        self.name = name


class AllocClass:
    """An allocator class imported by name (``from ... import PagedTokenToKVPoolAllocator``)."""

    def __init__(self, name: str) -> None:
        self.name = name


class AllocType:
    """The class of the target's SWA allocator (``type(a)``, ``a.__class__``): which SWA
    allocator class is unknown; its bases are the API model's (``swa_allocator_bases``).
    ``part``: "class", its "name" (``__name__``/``__qualname__``) or its "mro"."""

    def __init__(self, part: str = "class") -> None:
        self.part = part


def _swa_alloc_is(name: str):
    """Is the target's SWA allocator an instance of the class named ``name``? True for the
    classes every SWA allocator derives from, TOP for an SWA allocator class (which one is
    unknown), False for any other allocator class, TOP for anything else."""
    if is_swa_allocator_class_name(name):
        return TOP
    if name in swa_allocator_bases():
        return True if name in ("BaseTokenToKVPoolAllocator", "ABC", "object") else TOP
    return False if is_allocator_class_name(name) else TOP


def _swa_alloc_named(name: str):
    """Is the target's SWA allocator's class the class named ``name``?"""
    if is_swa_allocator_class_name(name):
        return TOP
    return False if is_allocator_class_name(name) else TOP


class Partial:
    """``functools.partial(func, *args, **kwargs)`` of a function the scenario follows."""

    def __init__(self, func, args: list, kwargs: dict) -> None:
        self.func = func
        self.args = list(args)
        self.kwargs = dict(kwargs)


class Suppress:
    def __init__(self, names: tuple) -> None:
        self.names = names


_PURE_BUILTINS = frozenset(
    {"int", "float", "str", "bool", "len", "abs", "round", "min", "max", "sum", "repr"}
    | {"hash", "type", "id", "isinstance", "hasattr", "callable", "divmod", "ord", "chr"}
    | {"format", "pow", "range", "tuple", "frozenset"}
)


class Witnessed:
    """An unknown a judged function returns, named by what it was computed from
    (:meth:`_Interp.witness`): two runs returning the same witness return the same value."""

    __slots__ = ("witness",)

    def __init__(self, witness) -> None:
        self.witness = witness


_EXC_PARENTS = {
    "AttributeError": ("AttributeError", "Exception", "BaseException"),
    "AssertionError": ("AssertionError", "Exception", "BaseException"),
}
_BUILTINS = frozenset(
    {"isinstance", "hasattr", "getattr", "callable", "bool", "str", "suppress", "all", "any"}
    | {"range", "type", "issubclass", "max", "min", "len", "tuple", "list", "set", "frozenset"}
    | {"object", "next", "filter", "sorted", "reversed", "id"}
    | {"int", "float", "round", "abs"}
)
# the builtins that select or rebuild items they are given: an unknown result may hold them
_SELECTING = frozenset(
    {"tuple", "list", "set", "frozenset", "next", "max", "min", "filter", "sorted", "reversed"}
    | {"reduce"}
)
# (module, name) of the library callables the scenarios model
_KNOWN_CALLABLES = frozenset(
    {("functools", "partial"), ("types", "SimpleNamespace"), ("contextlib", "suppress")}
    | {("dataclasses", "replace"), ("operator", "attrgetter"), ("operator", "methodcaller")}
    | {("functools", "reduce"), ("typing", "cast")}
)
_STR_METHODS = frozenset({"startswith", "endswith", "lower", "upper", "strip", "casefold"}) | {
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "replace",
    "lstrip",
    "rstrip",
    "removeprefix",
    "removesuffix",
    "title",
}


def _plain_constant(node: ast.stmt) -> bool:
    """``NAME = value`` or ``NAME: T = value``: one plain name bound to a value."""
    if isinstance(node, ast.Assign):
        return len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    return (
        isinstance(node, ast.AnnAssign)
        and node.value is not None
        and isinstance(node.target, ast.Name)
    )


def _str_method(name: str, s: str, args: list):
    """A string method on a known string with known arguments; TOP else."""
    if name in ("startswith", "endswith"):
        if len(args) == 1 and isinstance(args[0], (str, tuple)):
            if isinstance(args[0], tuple) and not all(isinstance(a, str) for a in args[0]):
                return TOP
            return getattr(s, name)(args[0])
        return TOP
    if not all(type(a) in (str, int) for a in args) or len(args) > 2:
        return TOP
    out = getattr(s, name)(*args)  # (a pure method of a known string)
    return tuple(out) if isinstance(out, list) else out


def _truth(v):
    if v is TOP or isinstance(v, Count):
        return TOP
    if _flags(v) is not None:
        return bool(_flags(v).names)
    if isinstance(v, Mapping):
        return bool(v.pairs)
    if isinstance(v, Member) and v.mixin:
        return _truth(v.value)
    if isinstance(
        v, (Obj, Func, Bound, Builtin, ClassRef, Enum, Const, EnumSpace, Suppress, Getter)
    ):
        return True
    try:
        return bool(v)
    except Exception:  # pragma: no cover - concrete values are plain Python ones
        return TOP


def _equal_plain(a, b):
    """Equality of plain values (bools, numbers, strings, None, tuples of them); TOP else."""
    plain = (bool, int, str, type(None))
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return False
        hits = [_equal_plain(x, y) for x, y in zip(a, b)]
        return False if False in hits else (TOP if TOP in hits else True)
    if isinstance(a, plain) and isinstance(b, plain):
        return a == b
    return TOP


def _join(values: list):
    first = values[0]
    for v in values[1:]:
        if not _same(v, first):
            return TOP
    return first


def _same(a, b) -> bool:
    if a is b:
        return True
    if isinstance(a, (bool, int, str, type(None), Enum, Member)) and type(a) is type(b):
        return a == b
    return False


def _stored_names(node: ast.AST) -> set:
    """The names ``node`` binds in its own scope (a comprehension's variables are its own)."""
    local = {
        id(n) for c in walked(node) if isinstance(c, ast.comprehension) for n in walked(c.target)
    }
    return {
        n.id
        for n in walked(node)
        if isinstance(n, ast.Name)
        and isinstance(n.ctx, (ast.Store, ast.Del))
        and id(n) not in local
    }


_COUNT_BUILTINS = frozenset({"int", "float", "round", "abs", "max", "min"})


def _not_runner_member(attr: str) -> bool:
    """Does no model runner of any release have ``attr`` (the API model; not a dunder)?"""
    known = runner_members()
    return bool(known) and not attr.startswith("__") and attr not in known


def _not_full_pool_member(attr: str) -> bool:
    """Does a regular draft's own full-only pool lack ``attr``: an SWA member's name, or a
    member no full-only pool class of any release has (the API model; not a dunder, which
    ``object`` may answer)?"""
    if is_swa_member_name(attr):
        return True
    known = full_pool_members()
    return bool(known) and not attr.startswith("__") and attr not in known


def _module_call(node: ast.stmt, globals_: dict) -> bool:
    """Is ``node`` a statement of the module body that only calls a function of the module
    (``register(SWAAlloc, translate)``)?"""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and isinstance(globals_.get(node.value.func.id), Func)
    )


def _filled_by_item(module: ast.Module) -> set:
    """The names the module stores items into (``T[k] = v``, ``T.update(...)``, ...)."""
    out = {
        n.value.id
        for n in of_type(module, ast.Subscript)
        if isinstance(n.value, ast.Name) and not isinstance(n.ctx, ast.Load)
    }
    for n in of_type(module, ast.Call):
        func = n.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.attr in CONTAINER_FILLS:
                out.add(func.value.id)
    return out


@functools.lru_cache(maxsize=2)
def _module_names(module: ast.Module) -> tuple:
    """What a module binds, from its syntax alone (every interpreter of one module asks it):
    ``(constants, rebound, stores, declared)`` - its plain ``NAME = value`` statements, the
    names any other module statement or a ``global`` binds, how many top-level statements
    store each name, and the names declared ``global``."""
    constants: list = []
    rebound: set = set()
    for node in module.body:
        if isinstance(
            node,
            (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom),
        ):
            continue
        if _plain_constant(node):
            constants.append(node)
        rebound |= _stored_names(node)
    declared = {name for g in walked(module) if isinstance(g, ast.Global) for name in g.names}
    stores = Counter(name for m in module.body for name in _stored_names(m))
    return constants, rebound | declared, stores, declared


def _method(cls: ast.ClassDef, name: str):
    """The method ``name`` of ``cls`` (the last definition), None when a decorator other than
    ``staticmethod``/``classmethod`` wraps it (its value is then unknown)."""
    found = None
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            found = node
    if found is not None and any(
        d not in ("staticmethod", "classmethod") for d in _decorators(found)
    ):
        return None
    return found


def _property(cls: ast.ClassDef, name: str):
    """The getter of the property ``name`` of ``cls`` (``property`` or ``cached_property``,
    no other decorator), else None."""
    found = None
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            found = node
    if found is None or len(found.decorator_list) != 1:
        return None
    return found if is_property(found) else None


def _defines(cls: ast.ClassDef, name: str) -> bool:
    return any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name for n in cls.body
    )


@functools.lru_cache(maxsize=2)
def _attribute_stores(module: ast.Module) -> frozenset:
    """The names the module stores or deletes as an attribute (``x.name = v``) or holds in a
    string (``setattr``, ``__dict__``, a descriptor may store by it): a class attribute of one
    of these names may be shadowed on the instance."""
    out: set = set()
    for n in walked(module):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.add(n.value)
    return frozenset(out)


# what a class attribute's value may be built of to be read as written: no container a
# method could fill, no call but of the immutable builtins below
_PLAIN_VALUE = (ast.Constant, ast.Name, ast.Attribute, ast.Tuple, ast.UnaryOp, ast.BinOp)
_PLAIN_PARTS = (ast.expr_context, ast.operator, ast.unaryop)


def _plain_class_value(e: ast.AST) -> bool:
    if isinstance(e, ast.Call):
        return (
            isinstance(e.func, ast.Name)
            and e.func.id in ("frozenset", "tuple")
            and not e.keywords
            and len(e.args) <= 1
            and all(
                isinstance(a, (ast.Set, ast.List, ast.Tuple))
                and all(_plain_class_value(x) for x in a.elts)
                for a in e.args
            )
        )
    return all(isinstance(n, _PLAIN_VALUE + _PLAIN_PARTS) for n in walked(e))


def _class_binding(cls: ast.ClassDef, name: str):
    """How ``cls``'s own body binds ``name``: None when it does not, else the value of its
    one plain top-level assignment (``name = v``, ``name: T = v``), or TOP when it binds it in
    any other way (a method, a nested class, a branch, a loop, several times)."""
    found = []
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == name:
                return TOP
            continue
        if name not in _stored_names(node):
            continue
        plain = (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ) or (isinstance(node, ast.AnnAssign) and node.value is not None)
        found.append(node.value if plain else None)
    if not found:
        return None
    return found[0] if len(found) == 1 and found[0] is not None else TOP


def _field(node: ast.stmt) -> bool:
    """Is a class-body statement a dataclass / ``NamedTuple`` field (``name: T [= v]``, not a
    ``ClassVar`` or ``InitVar``)?"""
    if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
        return False
    ann = node.annotation.value if isinstance(node.annotation, ast.Subscript) else node.annotation
    return _name_of(ann) not in ("ClassVar", "InitVar")


def _decorators(fn) -> list:
    """The names of ``fn``'s decorators, less those that only memoize (``functools.cache``,
    ``lru_cache``, bare or called): a cached call answers what the call answers."""
    out = []
    for d in fn.decorator_list:
        name = _name_of(d.func if isinstance(d, ast.Call) else d)
        if name in ("cache", "lru_cache"):
            continue
        out.append(_name_of(d))
    return out


def _func_name(node: ast.AST) -> str:
    return getattr(node, "name", "lambda")


def _name_of(e: ast.AST) -> str:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        return e.attr
    return ""


def _swa_allocator_by_name(node: ast.AST) -> bool:
    return is_swa_allocator_class_name(_name_of(node))


class ClassTests(NamedTuple):
    """Is a class expression of the module an SWA pool class / an SWA allocator class? A rule
    hands in its analysis' tests (the module's aliases resolved); the allocator's defaults to
    the name (the target's allocator is an instance of every SWA allocator class)."""

    pool: Callable
    allocator: Callable = _swa_allocator_by_name


class _Interp:
    def __init__(self, module: ast.Module, mark: Callable, tests: ClassTests) -> None:
        self.mark = mark
        self.module = module
        self.is_swa_pool_class = tests.pool
        self.is_swa_allocator_class: Callable = tests.allocator
        self.steps = 0
        self.escaped: set = set()  # keys of the fetches whose pool left the function
        self.depth = 0  # the call depth being evaluated (a property read is one deeper)
        self.tested: set = set()  # keys of the fetched pools class-tested in this statement
        # keys of the fetched pools whose class or members decided the branch being run: what
        # it keeps on an object or returns was decided from the target's pool
        self.control: frozenset = frozenset()
        self.logging = False  # (evaluating a log call's arguments)
        self.shielded = 0  # the ``try``/``with`` statements being run (any call depth)
        # (``may_name_module_code``) the names, None for any; computed once
        self._code_names: Optional[frozenset] = None
        self._code_names_known = False
        self.watch: frozenset = frozenset()  # ids of expressions whose truth is recorded
        self.seen: dict = {}  # id(expression) -> its truths (True, False, TOP)
        self.invoked: set = set()  # ids of the function nodes called
        self.defined: set = set()  # ids of the nested functions and lambdas defined
        self.lists: Optional[set] = None  # (grow_list) the module's never-aliased list names
        self.force: dict = {}  # id(expression) -> the value it takes (``draft_indifferent``)
        self.passing: set = set()  # forced expressions evaluated as they are (another subject)
        self.own_pool = None  # the scenario runner's own pool, once bound (``_draft_env``)
        # with ``force``: the calls not followed, with their arguments and what they were
        # computed from (:meth:`witness`)
        self.effects: list = []
        # with ``force``: (id(self object), attribute) -> what its value was computed from
        # (``_witness``), so that an unknown stored alike in two runs compares equal
        self.stored: dict = {}
        # with ``force``: forced values given (and module functions run, where ``calls_hide``:
        # the forced expression is not in the evaluated function itself); a value computed
        # while it stayed the same depends on its expression and the names it reads alone
        self.touched = 0
        self.calls_hide = False
        self.unknown_tests: list = []  # with ``force``: the witnesses of unknown truths
        self.api_missing = False  # a spec API member the scenario's generation lacks was read
        # (guarded_from_entries) names that may lead to the judged helper: a call of one the
        # scenario cannot follow may run it unseen, so the evaluation stops undecided
        self.closed: frozenset = frozenset()
        self.measure: Callable = _truth  # what ``seen`` records of a watched value
        self.globals: dict = {}
        self.classes: dict = {}
        self.managers: dict = {}  # module ``@contextmanager`` functions: name -> node
        for node in module.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                plain = all(d in ("staticmethod",) for d in _decorators(node))
                self.globals[node.name] = Func(node, None) if plain else TOP
                if _decorators(node) == ["contextmanager"]:
                    self.managers[node.name] = node
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
                self.globals[node.name] = ClassRef(node)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                self._stmt(node, self.globals, 0)
        constants, rebound, stores, declared = _module_names(module)
        for name in rebound:
            self.globals[name] = TOP
        # a name bound once at module level, by one plain assignment, holds its value (a
        # table, a set of names); evaluated in order, each from the names before it, and a
        # decorated function as its module decorators leave it where its ``def`` stands (a
        # registry list a decorator appends to holds what was registered before)
        plain = Counter(name for node in constants for name in _stored_names(node))
        constant = {id(node) for node in constants}
        for node in module.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if self.globals.get(node.name) is TOP and node.name not in rebound:
                    self.globals[node.name] = self.decorated_function(node)
                continue
            if isinstance(node, ast.ClassDef) and node.decorator_list:
                if node.name not in rebound:
                    self.globals[node.name] = self.decorated_class(node, module)
                continue
            if _module_call(node, self.globals):
                # a module function called where it stands (``register(SWAAlloc, f)``): run
                # in order, so the tables it fills hold what it puts there; where it cannot be
                # followed, every table the module fills by item is unknown
                try:
                    self.eval(node.value, self.globals, 0)
                except (_Raised, Undecided, RecursionError):
                    for name in _filled_by_item(module):
                        self.globals[name] = TOP
                continue
            if id(node) not in constant:
                continue
            (name,) = _stored_names(node)  # (a name every top-level store of binds plainly:
            # the last binding, each computed from the ones before it, is what functions read)
            if stores[name] != plain[name] or name in declared:
                continue
            try:
                self.globals[name] = self.eval(node.value, self.globals, 0)
            except (_Raised, Undecided):
                self.globals[name] = TOP
        self.steps = 0

    def tick(self) -> None:
        self.steps += 1
        if self.steps > _BUDGET:
            raise Undecided("its step budget ran out")

    # -- expressions ---------------------------------------------------------------------

    def lookup(self, name: str, env: dict):
        if name in env:
            held = env.get(_TESTED + name)
            if held:
                self.tested |= held  # (a local holding a class test of a fetched pool)
            return env[name]
        if name in self.globals:
            return self.globals[name]
        if name in _BUILTINS:
            return Builtin(name)
        if name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[name]
        if name.endswith("Algorithm"):
            return EnumSpace()
        return TOP

    def eval(self, e: ast.AST, env: dict, depth: int):
        if self.force and id(e) in self.force and id(e) not in self.passing:
            if not self._other_subject(e, env, depth):
                self.touched += 1
                return self.force[id(e)]
            self.passing.add(id(e))
            try:  # (a probe of the pool in a helper also probing the allocator: its own answer)
                return self.eval(e, env, depth)
            finally:
                self.passing.discard(id(e))
        if self.watch and id(e) in self.watch:
            try:
                v = self._eval(e, env, depth)
            except _Raised:  # reached all the same (a read the draft's pool fails)
                self.seen.setdefault(id(e), set()).add(TOP)
                raise
            self.seen.setdefault(id(e), set()).add(self.measure(v))
            return v
        return self._eval(e, env, depth)

    def _other_subject(self, e: ast.AST, env: dict, depth: int) -> bool:
        """Is the subject of the forced class test or probe ``e`` known to be something other
        than the allocator or its kvcache (the pool, the backend): then it is no decision
        from the allocator, and keeps its own answer."""
        subject = _probe_subject(e)
        if subject is None:
            return False
        try:
            v = self._eval(subject, env, depth)
        except (Undecided, _Raised, RecursionError):
            return False
        return isinstance(v, Obj) and v.kind in ("pool", "swapool", "self", "spec")

    def _eval(self, e: ast.AST, env: dict, depth: int):
        self.tick()
        kind = type(e)
        if kind is ast.Constant:
            return e.value
        if kind is ast.Name:
            return self.lookup(e.id, env)
        if kind is ast.Attribute:
            return self.read(self.eval(e.value, env, depth), e.attr)
        if kind is ast.Call:
            return self.call(e, env, depth)
        if kind is ast.BoolOp:
            return self.boolop(e, env, depth)
        if kind is ast.UnaryOp:
            v = self.eval(e.operand, env, depth)
            if isinstance(e.op, ast.Not):
                t = _truth(v)
                return TOP if t is TOP else not t
            if type(v) is int and isinstance(e.op, (ast.USub, ast.UAdd, ast.Invert)):
                return {ast.USub: -v, ast.UAdd: v, ast.Invert: ~v}[type(e.op)]
            return Count() if isinstance(v, Count) else TOP
        if kind is ast.Compare:
            return self.compare(e, env, depth)
        if kind is ast.IfExp:
            t = self.test(e.test, env, depth)
            if t is TOP:
                return self.join([self.eval(e.body, env, depth), self.eval(e.orelse, env, depth)])
            return self.eval(e.body if t else e.orelse, env, depth)
        if kind is ast.Lambda:
            return self.define(e, env, depth)
        if kind is ast.BinOp:
            left = self.eval(e.left, env, depth)
            right = self.eval(e.right, env, depth)
            out = _arith(e.op, left, right)
            if out is TOP:  # (a fetched pool inside is kept in the result: maybe)
                keys = _fetched((left, right))
                return Obj("kvcache", key=min(keys)) if keys else TOP
            return out
        if kind in (ast.Tuple, ast.List, ast.Set):  # (a set: as far as membership goes)
            out = []
            for x in e.elts:
                if isinstance(x, ast.Starred):  # (``(*head, tail)``: its items spliced in)
                    spliced = self.eval(x.value, env, depth)
                    items = self.items_of(spliced)
                    if items is None:  # (unknown items: a fetched pool among them is kept)
                        keys = _fetched((spliced, *out))
                        return Obj("kvcache", key=min(keys)) if keys else TOP
                    out.extend(items)
                else:
                    out.append(self.eval(x, env, depth))
            return _as_set(tuple(out)) if kind is ast.Set else tuple(out)
        if kind is ast.NamedExpr:
            v = self.eval(e.value, env, depth)
            env[e.target.id] = v
            return v
        if kind is ast.Subscript:
            base = self.eval(e.value, env, depth)
            if isinstance(e.slice, ast.Slice):  # ``items[:1]``, ``items[::-1]``
                bounds = [
                    self.eval(b, env, depth) if b is not None else None
                    for b in (e.slice.lower, e.slice.upper, e.slice.step)
                ]
                plain = all(b is None or type(b) is int for b in bounds) and bounds[2] != 0
                return base[slice(*bounds)] if isinstance(base, tuple) and plain else TOP
            key = self.eval(e.slice, env, depth)
            if isinstance(base, tuple) and isinstance(key, int) and -len(base) <= key < len(base):
                return base[key]
            if isinstance(base, Mapping):
                got = base.lookup(key, missing=_Raised("KeyError"), equal=self.equal)
                if got is TOP and self.shielded and base.may_miss(key, self.equal):
                    # (a ``try`` around it may catch the ``KeyError``: both ways, unknown)
                    raise Undecided("a lookup that may raise KeyError")
                return got
            return TOP
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            items = self.comprehension(e, env, depth)
            if items is not None:
                return items
        if kind is ast.Dict:
            pairs = []
            for k, v in zip(e.keys, e.values):
                value = self.eval(v, env, depth)
                key = self.eval(k, env, depth) if k is not None else TOP
                pairs.append((key, value))
            return Mapping(pairs)
        if kind in (ast.Yield, ast.YieldFrom) and _YIELDS in env:
            v = self.eval(e.value, env, depth) if e.value is not None else None
            self.escaped |= _fetched(v)  # (what the consumer does with it is not followed)
            items = (v,) if kind is ast.Yield else self.items_of(v)
            held = env[_YIELDS]
            env[_YIELDS] = TOP if items is None or held is TOP else held + items
            return TOP  # (what ``send`` gives)
        # reach any fetch inside; the value is unknown, a fetched pool's where it may hold one
        keys: set = set()
        for child in ast.iter_child_nodes(e):
            if isinstance(child, ast.expr):
                keys |= _fetched(self.eval(child, env, depth))
            elif isinstance(child, ast.comprehension):
                for part in (child.iter, *child.ifs):
                    keys |= _fetched(self.eval(part, env, depth))
        if kind in (ast.Yield, ast.YieldFrom):
            self.escaped |= keys
            return TOP
        return Obj("kvcache", key=min(keys)) if keys else TOP

    def read(self, v, attr: str):
        """``v.attr`` in an expression: a member of a fetched pool is that pool's (the pool
        escapes with it), but for the scalars every KV pool class holds (its size, ...)."""
        if isinstance(v, Obj) and v.key is not None and attr not in v.attrs:
            return TOP if attr in kv_pool_scalar_members() else Obj("kvcache", key=v.key)
        return self.attribute(v, attr)

    def attribute(self, v, attr: str):
        if isinstance(v, Obj) and v.kind == "alloc" and attr == "__class__":
            return AllocType()
        if isinstance(v, AllocType) and v.part == "class":
            if attr in ("__name__", "__qualname__"):
                return AllocType("name")
            return AllocType("mro") if attr == "__mro__" else TOP
        if isinstance(v, Obj):
            if attr in v.attrs:
                return v.attrs[attr]
            if v.kind == "alloc" and attr not in v.missing and number_member(attr):
                return Count()
            if (
                attr in v.missing
                or (v.kind == "pool" and _not_full_pool_member(attr))
                or (v.kind == "runner" and _not_runner_member(attr))
            ):
                if v.kind == "spec":
                    self.api_missing = True  # (a spec API member this generation lacks)
                raise _Raised("AttributeError")  # (a full-only pool has no SWA member)
            if v.kind == "spec" and attr.startswith("is_"):
                # the predicate's answer for EAGLE, read from the real enums; unknown: both
                answers = spec_predicate_answers(attr)
                return Const(next(iter(answers))) if len(answers) == 1 else TOP
            if (
                v.kind == "self"
                and self.own_pool is not None
                and attr in _own_pool_attrs(self.module)
            ):
                return self.own_pool  # (bound only to the runner's own pool)
            if v.owner is not None:
                found = self.method_of(v, self.mro(v.owner), attr)
                if found is TOP and not attr.startswith("__"):
                    # what the instance lacks, its ``__getattr__`` answers
                    getter = self.method_of(v, self.mro(v.owner), "__getattr__")
                    if isinstance(getter, Bound):
                        return self.invoke(getter.func, [v, attr], {}, self.depth + 1)
                return found
            return TOP
        if isinstance(v, SuperRef):
            return self.method_of(v.obj, self.after(v), attr)
        if isinstance(v, EnumSpace):
            if attr in v.missing:
                raise _Raised("AttributeError")
            return Enum(attr)
        if isinstance(v, ClassRef):
            member = _enum_member(v.node, attr)
            if member is not None:
                return member
            order = self.mro(v.node)
            for at, c in enumerate(order):  # (a method a base or mixin defines)
                method = _method(c, attr)
                if method is not None:
                    func = Func(method, None, c)
                    # a class method gets the class it is read from, not the one defining it
                    return Bound(func, v) if "classmethod" in _decorators(method) else func
                value = self.class_value(order[: at + 1], attr)
                if value is not None:
                    return value  # (decorated: unknown; a class attribute)
            return TOP
        if isinstance(v, Suppress) or v is TOP:
            return TOP
        if isinstance(v, (Enum, Member)) and attr == "name":
            return v.name
        if isinstance(v, Enum) and attr == "value":
            return EnumValue(v.name)
        if isinstance(v, Member) and v.cls in self.classes:
            enum_cls = self.classes[v.cls]
            getter = _property(enum_cls, attr)  # a property of the member's enum
            if getter is not None:
                return self.invoke(Func(getter, None, enum_cls), [v], {}, self.depth + 1)
            method = _method(enum_cls, attr)  # a method of the member's enum
            if method is not None:
                func = Func(method, None, enum_cls)
                decorators = set(_decorators(method))
                if "staticmethod" in decorators:
                    return func
                return Bound(func, ClassRef(enum_cls) if "classmethod" in decorators else v)
        if isinstance(v, Member) and attr == "value":
            return v.value
        if isinstance(v, Mapping) and attr in _MAPPING_METHODS:
            return Bound(Builtin(f"mapping.{attr}"), v)
        if isinstance(v, Mapping) and not attr.startswith("__"):
            v.pairs.insert(0, (TOP, TOP))  # (``d.update(...)``: any key may hold anything now)
        if isinstance(v, str) and attr in _STR_METHODS:
            return Bound(Builtin(f"str.{attr}"), v)
        if attr == "suppress" and isinstance(v, _Module) and v.name == "contextlib":
            return Builtin("suppress")
        if isinstance(v, _Module) and (v.name, attr) in _KNOWN_CALLABLES:
            return Builtin(attr)
        return TOP

    def mro(self, cls: ast.ClassDef) -> list:
        """``cls`` and its bases defined in the module, in lookup order
        (:func:`classes.lookup_order`; enough for the mixins resolvers are split over)."""
        return lookup_order(
            cls, lambda c: [self.classes[b] for b in map(base_name, c.bases) if b in self.classes]
        )

    def method_of(self, obj, classes: list, attr: str):
        """``obj.attr`` as found in ``classes``: a method (bound, or a static function), a
        property's value or a class attribute (:meth:`class_value`)."""
        for at, c in enumerate(classes):
            getter = _property(c, attr)
            if getter is not None:
                return self.invoke(Func(getter, None, c), [obj], {}, self.depth + 1)
            method = _method(c, attr)
            if method is None:
                wrapped = self.decorated(c, attr)
                if wrapped is not None:
                    return Bound(wrapped, obj) if _callable_code(wrapped) else wrapped
                value = self.class_value(classes[: at + 1], attr)
                if value is None:
                    continue
                plain = isinstance(value, Func) and value.owner is None and value.env is None
                return Bound(value, obj) if plain else value
            decorators = set(_decorators(method))
            func = Func(method, None, c)
            if "staticmethod" in decorators:
                return func
            if "classmethod" in decorators:
                owner = obj.owner if isinstance(obj, Obj) and obj.owner is not None else c
                return Bound(func, ClassRef(owner))
            return Bound(func, obj)
        return TOP

    def decorated_function(self, node):
        """The module function ``node`` as its decorators leave it, where they are all
        functions of the module (each called on it, innermost first): what they return; TOP
        where that is not the module's code."""
        heads = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
        if not heads or not all(
            isinstance(h, ast.Name) and isinstance(self.globals.get(h.id), Func) for h in heads
        ):
            return TOP
        value = Func(node, None)
        try:
            # (``@register`` or ``@register("kind")``: a factory's call gives the decorator)
            makers = [self.eval(d, self.globals, self.depth + 1) for d in node.decorator_list]
            if not all(isinstance(m, Func) for m in makers):
                return TOP
            for maker in reversed(makers):
                value = self.call_value(maker, [value], {}, self.depth + 1)
        except (_Raised, Undecided, RecursionError):
            return TOP
        return value if _callable_code(value) else TOP

    def decorated_class(self, node: ast.ClassDef, module: ast.Module):
        """The module class ``node`` as its decorators leave it, run where its ``class``
        statement stands (a registering decorator fills its table then): its class where no
        decorator is the module's (``@dataclass``); where they all are, what they return; TOP
        where one cannot be followed, and then every table the module fills by item is
        unknown."""
        heads = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
        mine = [isinstance(h, ast.Name) and isinstance(self.globals.get(h.id), Func) for h in heads]
        value = self.globals.get(node.name, TOP)
        if not any(mine):
            return value
        try:
            if not all(mine):
                raise Undecided("a class decorator of another module")
            makers = [self.eval(d, self.globals, self.depth + 1) for d in node.decorator_list]
            if not all(isinstance(m, Func) for m in makers):
                raise Undecided("a class decorator that is not the module's code")
            for maker in reversed(makers):
                value = self.call_value(maker, [value], {}, self.depth + 1)
        except (_Raised, Undecided, RecursionError):
            for name in _filled_by_item(module):
                self.globals[name] = TOP
            return TOP
        return value if isinstance(value, ClassRef) else TOP

    def decorated(self, cls: ast.ClassDef, attr: str):
        """The method ``attr`` of ``cls`` wrapped by decorators that are all functions of the
        module (each called on it, as the class body does): what they return (TOP where that
        is not the module's code); None where ``cls`` defines no such method."""
        found = [
            n
            for n in cls.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == attr
        ]
        if not found or not found[-1].decorator_list:
            return None
        node = found[-1]
        makers = [
            self.globals.get(d.id) if isinstance(d, ast.Name) else None for d in node.decorator_list
        ]
        if not all(isinstance(m, Func) for m in makers):
            return None
        value = Func(node, None, cls)
        try:
            for maker in reversed(makers):
                value = self.call_value(maker, [value], {}, self.depth + 1)
        except (_Raised, Undecided):
            return TOP
        return value if _callable_code(value) else TOP

    def class_value(self, order: list, attr: str):
        """``attr`` as the last class of ``order`` (a lookup order, up to it) binds it in its
        body: None when it does not; the value of its one plain assignment where nothing can
        have changed it (no store of that attribute name or string of it in the module, no
        ``__init_subclass__``, metaclass or class decorator, no base of another module earlier
        in the order, a value no method can fill); else TOP."""
        cls = order[-1]
        node = _class_binding(cls, attr)
        if node is None or node is TOP:
            return node
        hooks = any(_defines(c, "__init_subclass__") for c in self.classes.values())
        foreign = any(
            base_name(b) not in self.classes and base_name(b) != "object"
            for c in order[:-1]
            for b in c.bases
        )
        if (
            hooks
            or foreign
            or cls.decorator_list
            or cls.keywords
            or is_record(cls)
            or any(_name_of(b).endswith(("Enum", "Flag")) for b in cls.bases)
            or attr in _attribute_stores(self.module)
            or not _plain_class_value(node)
        ):
            return TOP
        own = {
            n
            for stmt in cls.body
            for n in _stored_names(stmt)
            if not isinstance(stmt, ast.FunctionDef)
        }
        if any(isinstance(n, ast.Name) and n.id in own for n in walked(node)):
            return TOP  # (a name of the class body: not the module's)
        try:
            return self.eval(node, {}, self.depth)
        except (_Raised, Undecided):
            return TOP

    def join(self, values: list):
        """One value for ``values`` (TOP where they differ); a fetched pool lost in the join
        counts as escaped (what is done with the joined value is not followed)."""
        v = _join(values)
        if v is TOP:
            self.escaped |= _fetched(tuple(values))
        return v

    def test(self, e: ast.expr, env: dict, depth: int):
        """The truth of ``e`` where only its truth is used (a branch's test): ``a and b`` is
        false once ``b`` is, whatever unknown ``a`` was (its value would be unknown). With
        ``force``, an unknown truth is noted with what it was computed from (both ways are
        followed: two runs agree only where each such test is the same unknown in both)."""
        if not self.force:
            return self._test(e, env, depth)
        touched = self.touched
        t = self._test(e, env, depth)
        if t is TOP:
            self.unknown_tests.append(self.witness(e, env, self.touched == touched))
        return t

    def _test(self, e: ast.expr, env: dict, depth: int):
        plain = not (self.force and id(e) in self.force) and not (
            self.watch and id(e) in self.watch
        )
        if plain and type(e) is ast.UnaryOp and isinstance(e.op, ast.Not):
            t = self._test(e.operand, env, depth)
            return TOP if t is TOP else not t
        if not plain or type(e) is not ast.BoolOp:
            return _truth(self.eval(e, env, depth))
        self.tick()
        stop = not isinstance(e.op, ast.And)  # the truth that ends the evaluation
        unknown = False
        for value in e.values:
            t = self._test(value, env, depth)
            if t is stop:
                return stop
            unknown = unknown or t is TOP
        return TOP if unknown else not stop

    def boolop(self, e: ast.BoolOp, env: dict, depth: int):
        is_and = isinstance(e.op, ast.And)
        unknown = False
        seen = []
        for value in e.values:
            seen.append(self.eval(value, env, depth))
            t = _truth(seen[-1])
            if t is TOP:
                unknown = True
            elif t is (not is_and):
                # every path that got this far stops here (the others stopped earlier)
                return self.join(seen) if unknown else seen[-1]
        return self.join(seen) if unknown else seen[-1]

    def compare(self, e: ast.Compare, env: dict, depth: int):
        left = self.eval(e.left, env, depth)
        result = True
        for op, right_node in zip(e.ops, e.comparators):
            right = self.eval(right_node, env, depth)
            if not isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)):
                # a member of a fetched pool compared (``kv.swa_layer_nums > 0``) asks about
                # that pool; an identity test (``kv is self.pool``, ``==`` of pools) does not
                self.tested |= _fetched(left) | _fetched(right)
            r = self.compare_one(op, left, right)
            if r is False:
                return False
            if r is TOP:
                result = TOP
            left = right
        return result

    def compare_one(self, op, a, b):
        if isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)):
            negate = isinstance(op, (ast.IsNot, ast.NotEq))
            r = self.equal(a, b)
            if r is TOP:
                return TOP
            return (not r) if negate else r
        if isinstance(op, (ast.In, ast.NotIn)) and _flags(b) is not None:
            fa = _flags(a)
            if fa is None or fa.cls != _flags(b).cls:
                return TOP
            r = fa.names <= _flags(b).names  # (``B in role``: all of B's bits are set)
            return (not r) if isinstance(op, ast.NotIn) else r
        if isinstance(b, Mapping):  # membership in a dict: in its keys
            b = tuple(k for k, _ in b.pairs)
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(b, AllocType) and b.part == "mro":
            r = _swa_alloc_is(a.name) if isinstance(a, AllocClass) else TOP
            if r is TOP:
                return TOP
            return (not r) if isinstance(op, ast.NotIn) else r
        if isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
            if type(a) is int and type(b) is int:  # (a counter against a length)
                return {ast.Lt: a < b, ast.LtE: a <= b, ast.Gt: a > b, ast.GtE: a >= b}[type(op)]
            return TOP
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(b, tuple):
            hits = [self.equal(a, x) for x in b]
            r = True if True in hits else (TOP if TOP in hits else False)
            if r is TOP:
                return TOP
            return (not r) if isinstance(op, ast.NotIn) else r
        return TOP

    def equal(self, a, b):
        if a is TOP or b is TOP:
            return TOP
        if isinstance(b, AllocType):
            a, b = b, a
        if isinstance(a, AllocType):
            if a.part == "class" and isinstance(b, AllocClass):
                return _swa_alloc_named(b.name)
            if a.part == "name" and isinstance(b, str):
                return _swa_alloc_named(b)
            return TOP
        if isinstance(a, EnumValue) or isinstance(b, EnumValue):
            return a == b if isinstance(a, EnumValue) and isinstance(b, EnumValue) else TOP
        if isinstance(a, Obj) and a.kind == "spec" and isinstance(b, Enum):
            return b.name == "EAGLE"
        if isinstance(b, Obj) and b.kind == "spec" and isinstance(a, Enum):
            return a.name == "EAGLE"
        fa, fb = _flags(a), _flags(b)
        if fa is not None and fb is not None:
            return fa == fb
        if isinstance(b, (Member, Flags)):
            a, b = b, a
        if isinstance(a, Flags):
            return False if isinstance(b, (bool, str, type(None), Enum, Member)) else TOP
        if isinstance(a, Member):
            if isinstance(b, Member):
                return a == b
            if a.mixin and isinstance(b, (bool, int, str)):
                return TOP if a.value is TOP else a.value == b
            return False if isinstance(b, (bool, int, str, type(None), Enum)) else TOP
        if a is None or b is None:
            return a is b
        if isinstance(a, (bool, int, str, Enum)) and isinstance(b, (bool, int, str, Enum)):
            return a == b
        if isinstance(a, Obj) and isinstance(b, Obj):
            return a is b
        if isinstance(a, tuple) and isinstance(b, tuple):
            if len(a) != len(b):
                return False
            hits = [self.equal(x, y) for x, y in zip(a, b)]
            return False if False in hits else (TOP if TOP in hits else True)
        return TOP

    def call(self, e: ast.Call, env: dict, depth: int):
        if not self.logging and is_log_call(e):
            # a log line's text is output: a class test in its arguments decides nothing
            held, self.logging = set(self.tested), True
            try:
                return self.call(e, env, depth)
            finally:
                self.tested, self.logging = held, False
        touched = self.touched
        key = self.mark(e)
        if key is not None:
            received = [self.eval(a, env, depth) for a in e.args[1:]]
            if len(received) == 1 and not _plain_code(received[0]):
                # a fetch called through a name (``src()``) that holds the module's own code on
                # this path (a lambda of a candidate list): that code runs, not the fetch
                return self.call_value(received[0], [], {}, depth)
            return Obj("kvcache", key=key)  # the target's SWA pool
        if isinstance(e.func, ast.Name) and e.func.id == "super" and not e.args:
            owner, obj = env.get("__class__"), env.get("__self__")
            if "super" not in env and isinstance(owner, ClassRef) and obj is not None:
                return SuperRef(obj, owner.node)
            return TOP
        func = self.callable_of(self.eval(e.func, env, depth))
        held = e.func.value if isinstance(e.func, ast.Attribute) else None
        if isinstance(held, ast.Name) and isinstance(env.get(held.id), tuple):
            # a method of a list the scenario holds as a tuple (``items.append(f)`` where
            # ``grow_list`` does not apply): it may change it, its items are not known now
            if e.func.attr not in ("count", "index", "copy"):
                env[held.id] = TOP
        elif (
            isinstance(held, ast.Name)
            and held.id not in env
            and isinstance(self.globals.get(held.id), tuple)
            and e.func.attr not in ("count", "index", "copy")
        ):  # (a module list: a registry a decorator appends to)
            grown = self.appended(e, self.globals[held.id], env, depth)
            self.globals[held.id] = TOP if grown is None else grown
            if grown is not None:
                return None
        elif isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name):
            # the same on an object's list (``self._listeners.append(fn)``): one item
            # appended is known, anything else changes it unknowably
            owner = env.get(held.value.id)
            items = owner.attrs.get(held.attr) if isinstance(owner, Obj) else None
            if isinstance(items, tuple) and e.func.attr not in ("count", "index", "copy"):
                grown = self.appended(e, items, env, depth)
                owner.attrs[held.attr] = TOP if grown is None else grown
                self.stored.pop((id(owner), held.attr), None)  # (its witness: a new one)
                if grown is not None:
                    return None
        if (
            isinstance(func, Builtin)
            and func.name in ("all", "any")
            and len(e.args) == 1
            and not e.keywords
            and isinstance(e.args[0], ast.GeneratorExp)
        ):
            lazy = self.lazy_all_any(func.name, e.args[0], env, depth)
            if lazy is not None:
                return lazy
        args: list = []
        starred = False  # (a ``*value`` whose items are not known)
        for a in e.args:
            if isinstance(a, ast.Starred):  # ``f(*items)`` of known items: spread
                v = self.eval(a.value, env, depth)
                items = self.items_of(v)
                if items is None:
                    starred = True
                    self.escaped |= _fetched(v)  # (handed on whole: not followed)
                args += list(items) if items is not None else []
            else:
                args.append(self.eval(a, env, depth))
        kwargs = {}
        for k in e.keywords:
            value = self.eval(k.value, env, depth)
            if k.arg is None and isinstance(value, Mapping) and value.plain_keys():
                kwargs.update(value.pairs)  # ``f(**kwargs)`` of a dict it knows whole
            else:
                kwargs[k.arg] = value
        record = isinstance(func, ClassRef) and is_record(func.node)
        if isinstance(func, Count):
            return Count()  # (a count method read as a member: its answer)
        if not isinstance(func, (Func, Builtin, Const, Partial, Getter)) and not (
            isinstance(func, Bound) and isinstance(func.func, (Func, Builtin))
        ):
            if record and not starred:
                # a record of the module holds what it is given: kept where it is kept
                # (``_fetched`` reads its fields), unless it cannot be built
                built = self.construct(func.node, args, kwargs, depth)
                if built is not TOP:
                    return built
            # a call the scenario cannot follow (or a fetched pool's own method): what it is
            # given, and whose method it is, may be kept or read
            self.escaped |= _fetched((func, *args, *kwargs.values()))
            if self.closed and not isinstance(func, ClassRef) and _mentions(e.func) & self.closed:
                self.unfollowed(e.func, env, depth)
            if self.force and not is_log_call(e) and not self.pure_builtin(e.func, env):
                # what it is handed is an outcome (``draft_indifferent``); a log line is output,
                # a pure builtin's value what is kept of it
                witness = self.witness(e, env, self.touched == touched)
                self.effects.append((id(e), tuple(args), tuple(sorted(kwargs.items())), witness))
        if starred or None in kwargs:
            return TOP
        if isinstance(func, Const):
            return func.value
        if isinstance(func, ClassRef):
            return self.construct(func.node, args, kwargs, depth)
        if isinstance(func, Builtin) and func.name == "SimpleNamespace" and not args:
            return Obj("namespace", attrs=kwargs)  # (its arguments are counted as kept)
        if isinstance(func, Builtin) and func.name == "partial":
            if args and isinstance(args[0], (Func, Bound, Partial)):
                return Partial(args[0], args[1:], kwargs)
            return TOP
        if isinstance(func, Builtin) and func.name == "replace":
            return self.replaced(args, kwargs, depth)
        if isinstance(func, Builtin) and func.name == "cast":
            return args[1] if len(args) == 2 and not kwargs else TOP  # (a type hint only)
        if isinstance(func, Builtin) and func.name in ("attrgetter", "methodcaller"):
            if not args or not all(isinstance(a, str) for a in args[:1]):
                return TOP
            if func.name == "methodcaller":
                return Getter((args[0],), (tuple(args[1:]), kwargs))
            return Getter(tuple(args)) if all(isinstance(a, str) for a in args) else TOP
        if isinstance(func, Getter):
            return self.got(func, args, kwargs, depth)
        if isinstance(func, Partial):
            return self.call_value(func.func, func.args + args, {**func.kwargs, **kwargs}, depth)
        if isinstance(func, Builtin):
            out = self.builtin(func.name, e, args, kwargs)
            if out is TOP and func.name in _SELECTING:
                self.escaped |= _fetched((*args, *kwargs.values()))  # (not followed)
            return out
        if isinstance(func, Bound) and isinstance(func.func, Builtin):
            if func.func.name.startswith("str."):
                return _str_method(func.func.name[4:], func.first, args)
            if func.func.name in ("mapping.keys", "mapping.values", "mapping.items"):
                view = func.first.view(func.func.name[8:]) if not args else None
                if view is None:  # (its items not followed: a fetched pool among them escapes)
                    self.escaped |= _fetched(func.first)
                return TOP if view is None else view
            if func.func.name == "mapping.pop":
                return func.first.pop(args)
            if len(args) not in (1, 2):
                return TOP
            default = args[1] if len(args) == 2 else None
            found = func.first.lookup(args[0], missing=_ABSENT, equal=self.equal)
            if func.func.name == "mapping.setdefault" and found is _ABSENT:
                func.first.pairs.append((args[0], default))  # (a dict it knows: a new key)
            return default if found is _ABSENT else found  # mapping.get / setdefault
        if isinstance(func, Bound):
            return self.invoke(func.func, [func.first] + args, kwargs, depth)
        if isinstance(func, Func):
            return self.invoke(func, args, kwargs, depth)
        return TOP

    def may_name_module_code(self, name: str) -> bool:
        """May a call of ``<x>.name`` run the module's code: a function or method of that
        name, an attribute the module stores under it (a lambda or helper kept on an object),
        or any name where attributes are stored or answered by computed names
        (``setattr``, ``vars``, ``__dict__``, ``__getattr__``)? Computed once per module."""
        if not self._code_names_known:
            nodes = list(walked(self.module))
            names = {
                n.name if isinstance(n, _FUNCS_DEF) else n.attr
                for n in nodes
                if isinstance(n, _FUNCS_DEF)
                or (isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load))
            }
            dynamic = names & {"__getattr__", "__getattribute__"} or any(
                (isinstance(n, ast.Call) and _name_of(n.func) in (*ATTRIBUTE_STORE_CALLS, "vars"))
                or (isinstance(n, ast.Attribute) and n.attr == "__dict__")
                for n in nodes
            )
            self._code_names = None if dynamic else frozenset(names)
            self._code_names_known = True
        return self._code_names is None or name in self._code_names

    def after(self, ref: "SuperRef") -> list:
        """The module classes ``super()`` looks in: after ``cls`` in the instance's lookup
        order (a mixin's ``super()`` is the class mixed in after it), else in ``cls``'s own."""
        owner = getattr(ref.obj, "owner", None)
        order = self.mro(owner) if isinstance(owner, ast.ClassDef) else []
        return order[order.index(ref.cls) + 1 :] if ref.cls in order else self.mro(ref.cls)[1:]

    def unfollowed(self, callee: ast.AST, env: dict, depth: int) -> None:
        """A call not followed whose callee names code that may lead to the judged helper
        (``closed``): undecided, unless it is a method of an object the scenario knows holds
        no module code (a pool, the runner, the allocator, a string)."""
        if isinstance(callee, ast.Attribute):
            if not self.may_name_module_code(callee.attr):
                return  # no code of the module has that name (a pool's own method)
            base = self.eval(callee.value, env, depth)
            if (isinstance(base, Obj) and base.kind != "self") or isinstance(
                base, (str, bytes, int, float, bool, type(None))
            ):
                return
            if isinstance(base, SuperRef) and not any(
                _defines(c, callee.attr) for c in self.after(base)
            ):
                return  # (``super().__init__()`` past the module's classes: another module's)
        raise Undecided("a call of the module's own code it cannot follow")

    def callable_of(self, v):
        """What calling ``v`` runs: an instance of a module class, its ``__call__``."""
        if isinstance(v, Obj) and v.kind == "self" and v.owner is not None:
            method = self.method_of(v, self.mro(v.owner), "__call__")
            if isinstance(method, Bound):
                return method
        return v

    def call_value(self, func, args: list, kwargs: dict, depth: int):
        """Call a function value (what a ``functools.partial`` holds) with known arguments."""
        func = self.callable_of(func)
        if isinstance(func, Const):
            return func.value
        if isinstance(func, Getter):
            return self.got(func, args, kwargs, depth)
        if isinstance(func, Builtin) and func.name == "replace":
            return self.replaced(args, kwargs, depth)
        if isinstance(func, Partial):
            return self.call_value(func.func, func.args + args, {**func.kwargs, **kwargs}, depth)
        if isinstance(func, Bound) and isinstance(func.func, Func):
            return self.invoke(func.func, [func.first] + args, kwargs, depth)
        if isinstance(func, Func):
            return self.invoke(func, args, kwargs, depth)
        return TOP

    def got(self, getter: Getter, args: list, kwargs: dict, depth: int):
        """An ``attrgetter`` / ``methodcaller`` called on ``args[0]``."""
        if len(args) != 1 or kwargs:
            return TOP
        if getter.call is not None:
            method = self.read(args[0], getter.names[0])
            return self.call_value(method, list(getter.call[0]), dict(getter.call[1]), depth)
        out = []
        for name in getter.names:
            v = args[0]
            for part in name.split("."):
                v = self.read(v, part)
            out.append(v)
        return out[0] if len(out) == 1 else tuple(out)

    def replaced(self, args: list, kwargs: dict, depth: int):
        """``dataclasses.replace(record, **changes)``: a new record of the same module
        dataclass, its fields taken from ``record`` but for ``changes`` (``__post_init__`` runs
        again); unknown for anything else (a fetched pool given then escapes)."""
        old = args[0] if len(args) == 1 else None
        fields = (
            [n.target.id for n in old.owner.body if _field(n)]
            if isinstance(old, Obj) and old.owner is not None and is_record(old.owner)
            else None
        )
        if fields is None or set(kwargs) - set(fields) or any(f not in old.attrs for f in fields):
            self.escaped |= _fetched((*args, *kwargs.values()))  # (in a record not followed)
            return TOP
        return self.construct(old.owner, [], {f: old.attrs[f] for f in fields} | kwargs, depth)

    def construct(self, cls: ast.ClassDef, args: list, kwargs: dict, depth: int):
        """An instance of a module class (what its arguments were is already counted as kept):
        a dataclass or ``NamedTuple`` gets its fields from the arguments (else their plain
        defaults), then its ``__post_init__``; another class runs its ``__init__`` found along
        the module's bases. An enum or a class with a base of another module: unknown."""
        bases = {_name_of(b) for b in cls.bases}
        if bases & _ENUM_BASES:
            return TOP
        record = is_record(cls)
        chain = self.mro(cls)
        if len(chain) - 1 != len(bases - {"object", "NamedTuple"}):
            return TOP  # a base the module does not define
        obj = Obj("self", owner=cls)
        if record:
            if len(chain) > 1:
                return TOP
            fields = [n for n in cls.body if _field(n)]
            if len(args) > len(fields) or set(kwargs) - {f.target.id for f in fields}:
                return TOP
            for i, f in enumerate(fields):
                name = f.target.id
                if i < len(args):
                    obj.attrs[name] = args[i]
                elif name in kwargs:
                    obj.attrs[name] = kwargs[name]
                else:
                    obj.attrs[name] = _field_default(f.value)
            init = "__post_init__"
        else:
            init = "__init__"
        method = self.method_of(obj, chain, init)
        hidden = any(_method(c, init) is None and _defines(c, init) for c in chain)
        if hidden or not (method is TOP or isinstance(method, Bound)):
            return TOP  # a decorated or static ``__init__``
        if isinstance(method, Bound):
            given = ([], {}) if record else (args, kwargs)
            self.invoke(method.func, [obj, *given[0]], given[1], depth)
        return obj

    def appended(self, e: ast.Call, items: tuple, env: dict, depth: int) -> Optional[tuple]:
        """``items`` after ``e`` (``<list>.append(x)``) appends one item, or after
        ``<list>.sort(key=..., reverse=...)`` (:meth:`ordered`); None for another method of
        the list (what it holds is then unknown). What is appended is kept on an object or in
        the module: a fetched pool in it outlives the call."""
        if e.func.attr == "sort" and not e.args and all(k.arg for k in e.keywords):
            kwargs = {k.arg: self.eval(k.value, env, depth) for k in e.keywords}
            got = self.ordered(items, kwargs)
            return got if isinstance(got, tuple) else None
        if e.func.attr != "append" or len(e.args) != 1 or e.keywords:
            return None
        if isinstance(e.args[0], ast.Starred):
            return None
        item = self.eval(e.args[0], env, depth)
        self.escaped |= _fetched(item)
        return items + (item,)

    def builtin(self, name: str, e: ast.Call, args: list, kwargs: dict):
        if name in _COUNT_BUILTINS and not kwargs and _count_of(*args):
            return Count()
        if name == "next" and args and isinstance(args[0], tuple):
            if args[0]:
                return args[0][0]
            if len(args) > 1:
                return args[1]
            raise _Raised("StopIteration")
        if name == "id":
            return TOP  # an identity number: nothing of the value is kept
        if name == "object" and not args and not kwargs:
            return Obj("sentinel")  # (a fresh object: identical to itself alone)
        if name == "isinstance" and len(args) == 2:
            self.tested |= _fetched(args[0])
            return self.isinstance(args[0], e.args[1])
        if name == "type" and len(args) == 1:
            v = args[0]
            self.tested |= _fetched(v)  # (its class: what a class test of it would ask)
            if isinstance(v, Obj) and v.kind == "spec":  # the algorithm's enum class
                return EnumSpace(("FROZEN_KV_MTP",) if "is_frozen_kv_mtp" in v.missing else ())
            return AllocType() if isinstance(v, Obj) and v.kind == "alloc" else TOP
        if name == "issubclass" and len(args) == 2:
            if isinstance(args[0], AllocType) and args[0].part == "class":
                return self.isinstance(Obj("alloc"), e.args[1])
            return TOP
        if name in ("hasattr", "getattr") and len(args) >= 2 and isinstance(args[1], str):
            try:
                value = self.read(args[0], args[1])  # (a fetched pool's member is that pool)
            except _Raised:
                if name == "hasattr":
                    return False
                if len(args) >= 3:
                    return args[2]
                raise
            if (
                len(args) >= 3
                and _not_full_pool_member(args[1])
                and args[1] not in kv_pool_scalar_members()
            ):  # (a member some pool classes lack, read with a default: a probe of the class;
                # a scalar one, its size, is a number)
                self.tested |= _fetched(args[0])
            if name == "hasattr":
                self.tested |= _fetched(args[0])  # (asks about a fetched pool's members)
                known = isinstance(args[0], Obj) and args[0].kind in ("swapool", "kvcache")
                if known and is_swa_member_name(args[1]):
                    return True
                if isinstance(args[0], Obj) and args[0].kind == "alloc":
                    if args[1] in swa_only_members():  # the target's SWA allocator has them
                        return True
                return True if value is not TOP else TOP
            return value
        if name == "callable" and len(args) == 1:
            v = args[0]
            if isinstance(v, (Func, Bound, Builtin, Const)):
                return True
            if v is None or isinstance(v, (bool, int, str)):
                return False
            return TOP
        if name == "bool" and len(args) == 1:
            return _truth(args[0])
        if name == "str" and len(args) == 1:
            v = args[0]
            if isinstance(v, (bool, int, str)):
                return str(v)
            if isinstance(v, Obj) and v.kind == "spec":  # an enum member's str()
                return f"SpeculativeAlgorithm.{v.attrs.get('name', 'EAGLE')}"
            if isinstance(v, Enum):
                return f"SpeculativeAlgorithm.{v.name}"
            return TOP
        if name == "range" and 1 <= len(args) <= 3 and all(type(a) is int for a in args):
            steps = range(*args)
            return tuple(steps) if len(steps) <= _LOOP else TOP
        if name in ("tuple", "list", "set", "frozenset") and not kwargs and len(args) <= 1:
            # a container of known items, as a tuple (a set: as far as membership goes)
            if not args:
                return ()
            items = self.items_of(args[0])
            if items is None:
                return TOP
            return _as_set(items) if name in ("set", "frozenset") else items
        if name == "len" and len(args) == 1:
            sized = isinstance(args[0], (tuple, str)) and not (
                isinstance(args[0], SetItems) and not _plain_elements(args[0])
            )
            return len(args[0]) if sized else TOP
        if name in ("all", "any") and len(args) == 1 and isinstance(args[0], tuple):
            truths = [_truth(x) for x in args[0]]
            decisive = name == "any"  # any: one True decides; all: one False decides
            if decisive in truths:
                return decisive
            return TOP if TOP in truths else not decisive
        if name in ("max", "min") and len(args) == 1 and isinstance(args[0], tuple) and args[0]:
            return self.extreme(name, args[0], kwargs.get("key"))
        if name == "filter" and len(args) == 2 and not kwargs:
            items = self.items_of(args[1])
            if items is None or len(items) > _LOOP:
                return TOP
            keep = args[0]
            truths = [
                _truth(x if keep is None else self.call_value(keep, [x], {}, self.depth + 1))
                for x in items
            ]
            if TOP in truths or (keep is not None and not _callable_code(keep)):
                return TOP
            return tuple(x for x, t in zip(items, truths) if t)
        if name == "reduce" and len(args) in (2, 3) and not kwargs and _callable_code(args[0]):
            items = self.items_of(args[1])
            if items is None or len(items) > _LOOP or (len(args) == 2 and not items):
                return TOP
            acc, rest = (args[2], items) if len(args) == 3 else (items[0], items[1:])
            for x in rest:
                acc = self.call_value(args[0], [acc, x], {}, self.depth + 1)
            return acc
        if name in ("sorted", "reversed") and len(args) == 1:
            items = self.items_of(args[0])
            if items is None or len(items) > _LOOP or (name == "reversed" and kwargs):
                return TOP
            if name == "reversed":
                return items[::-1]
            return self.ordered(items, kwargs)
        if name == "suppress":
            names = tuple(_name_of(a) for a in e.args)
            return Suppress(names)
        return TOP

    def grow_list(self, e: ast.AST, env: dict, depth: int) -> Optional[dict]:
        """``items.append(x)`` / ``items.extend((x, y))`` on a local list the module never
        aliases (:func:`_private_lists`): ``env`` with the list grown; None for anything else."""
        if not (
            isinstance(e, ast.Call)
            and isinstance(e.func, ast.Attribute)
            and e.func.attr in ("append", "extend")
            and isinstance(e.func.value, ast.Name)
            and len(e.args) == 1
            and not e.keywords
        ):
            return None
        name = e.func.value.id
        if self.lists is None:
            self.lists = _private_lists(self.module)
        if name not in self.lists or not isinstance(env.get(name), tuple):
            return None
        v = self.eval(e.args[0], env, depth)
        if e.func.attr == "extend" and not isinstance(v, tuple):
            return None
        env[name] = env[name] + (v if e.func.attr == "extend" else (v,))
        return env

    def known_items(self, e, env: dict, depth: int) -> tuple:
        """``(its one ``for``, the tuple it iterates)`` of a comprehension over known items
        (at most ``_LOOP``), else ``(None, None)``."""
        if len(e.generators) != 1 or e.generators[0].is_async:
            return None, None
        comp = e.generators[0]
        items = self.items_of(self.eval(comp.iter, env, depth))
        if not isinstance(items, tuple) or len(items) > _LOOP:
            return None, None
        return comp, items

    def comprehension(self, e, env: dict, depth: int):
        """A list, set or generator comprehension over known items (one ``for``), as the
        tuple of what it gives (a generator evaluated at once: more is evaluated, not more
        kept), a dict one as its :class:`Mapping`; None where the items, or which pass its
        ``if``s, are not known."""
        comp, items = self.known_items(e, env, depth)
        if comp is None:
            return None
        out, built = [], Mapping([])
        for item in items:
            inner = dict(env)
            self.bind(comp.target, item, inner, depth)
            kept = [self.test(c, inner, depth) for c in comp.ifs]
            if TOP in kept:
                return None
            if False not in kept and isinstance(e, ast.DictComp):
                built.store(self.eval(e.key, inner, depth), self.eval(e.value, inner, depth))
            elif False not in kept:
                out.append(self.eval(e.elt, inner, depth))
        return built if isinstance(e, ast.DictComp) else tuple(out)

    def lazy_all_any(self, name: str, gen: ast.GeneratorExp, env: dict, depth: int):
        """``all(<elt> for <x> in <known items> [if ...])`` / ``any(...)``, each element
        evaluated in turn and stopping at the first that decides (a later one is never
        evaluated: ``all(check() for check in checks)``); None where the items are not known."""
        comp, items = self.known_items(gen, env, depth)
        if comp is None:
            return None
        decisive = name == "any"  # any: one True decides; all: one False decides
        unknown = False
        for item in items:
            inner = dict(env)
            self.bind(comp.target, item, inner, depth)
            kept = [self.test(c, inner, depth) for c in comp.ifs]
            if False in kept:
                continue
            t = _truth(self.eval(gen.elt, inner, depth))
            if t is decisive and TOP not in kept:
                return decisive
            unknown = unknown or t is TOP or TOP in kept or t is decisive
        return TOP if unknown else not decisive

    def ordered(self, items: tuple, kwargs: dict):
        """``sorted(items, key=..., reverse=...)`` where every key is a plain number, or every
        one a string (Python's stable sort); TOP else."""
        key, reverse = kwargs.get("key"), kwargs.get("reverse", False)
        if set(kwargs) - {"key", "reverse"} or type(reverse) is not bool:
            return TOP
        if key is None:
            keys = list(items)
        elif _callable_code(key):
            keys = [self.call_value(key, [x], {}, self.depth + 1) for x in items]
        else:
            return TOP
        numbers = all(type(k) in (bool, int, float) for k in keys)
        if not (numbers or all(type(k) is str for k in keys)):
            return TOP
        order = sorted(range(len(items)), key=lambda i: keys[i], reverse=reverse)
        return tuple(items[i] for i in order)

    def extreme(self, name: str, items: tuple, key):
        """``max``/``min`` of a tuple: the first item whose key (the item itself without
        ``key=``) is largest / smallest, where every key is a plain bool or number."""
        if key is None:
            keys = list(items)
        elif isinstance(key, Func):
            keys = [self.invoke(key, [x], {}, self.depth + 1) for x in items]
        else:
            return TOP
        if not all(type(k) in (bool, int, float) for k in keys):
            return TOP
        best = max(keys) if name == "max" else min(keys)
        return items[keys.index(best)]

    def isinstance(self, value, cls_node: ast.AST):
        classes = cls_node.elts if isinstance(cls_node, ast.Tuple) else [cls_node]
        if any(isinstance(c, ast.Name) and c.id == "object" for c in classes):
            if "object" not in _module_names(self.module)[1] and "object" not in self.classes:
                return True  # (everything is an ``object``; the module does not rebind it)
        if isinstance(value, Obj) and value.kind == "alloc":  # the target's SWA allocator
            if any(self.is_swa_allocator_class(c) for c in classes):
                return True
            hits = [
                False if self.is_swa_pool_class(c) else _swa_alloc_is(_name_of(c).split(".")[-1])
                for c in classes
            ]
            return True if True in hits else (TOP if TOP in hits else False)
        if isinstance(value, Obj) and value.kind in ("pool", "kvcache", "swapool"):
            hits = [self._pool_is(value.kind != "pool", c) for c in classes]
            return True if True in hits else (TOP if TOP in hits else False)
        if isinstance(value, Obj) and value.kind == "self" and value.owner is not None:
            return self._module_instance_is(value.owner, classes)
        if isinstance(value, Obj) and value.kind in ("runner", "spec"):
            # a model runner (or its algorithm) is no KV pool and no allocator
            known = all(
                self.is_swa_pool_class(c)
                or _name_of(c).split(".")[-1] in kv_pool_class_names()
                or is_allocator_class_name(_name_of(c).split(".")[-1])
                for c in classes
            )
            return False if known else TOP
        if value is None and not any(
            _name_of(c) == "object" or "None" in _name_of(c) for c in classes
        ):
            # (an imported or module class is never ``NoneType``: a missing member's default)
            return False if all(isinstance(c, (ast.Name, ast.Attribute)) for c in classes) else TOP
        return TOP

    def _module_instance_is(self, owner: ast.ClassDef, classes: list):
        """Is an instance of the module class ``owner`` one of ``classes``? A module class is
        known to be (in its bases) or, where every base of ``owner`` is the module's, not to
        be; any other class is unknown."""
        chain = self.mro(owner)
        own = {c.name for c in chain}
        complete = all(
            base_name(b) in self.classes or base_name(b) in ("object", "NamedTuple")
            for c in chain
            for b in c.bases
        )
        hits = [
            (
                True
                if _name_of(c) in own
                else (False if complete and _name_of(c) in self.classes else TOP)
            )
            for c in classes
        ]
        return True if True in hits else (TOP if TOP in hits else False)

    def _pool_is(self, swa: bool, cls_node: ast.AST):
        """Is an SWA pool (``swa``) / the full-only draft's pool an instance of ``cls_node``?
        Known from the real pool classes: the draft's is an ``MHATokenToKVPool``, both derive
        from ``KVCache``; a pool class of no release (a fork's) is unknown."""
        if self.is_swa_pool_class(cls_node):
            return swa
        name = _name_of(cls_node).split(".")[-1]
        if is_allocator_class_name(name):
            return False  # (a KV pool is never an allocator)
        if name in FULL_DRAFT_POOL_MRO[1:]:
            return True
        if name == FULL_DRAFT_POOL_MRO[0]:
            return not swa
        return False if name in kv_pool_class_names() else TOP

    def define(self, node, env: dict, depth: int) -> Func:
        """A nested function or lambda: its defaults evaluated now (``lambda h=h: ...`` keeps
        this iteration's ``h``), the names it reads looked up when it is called."""
        params = node.args
        positional = [self.eval(d, env, depth) for d in params.defaults]
        keyword = [self.eval(d, env, depth) if d is not None else None for d in params.kw_defaults]
        self.defined.add(id(node))
        return Func(node, env, defaults=(positional, keyword))

    def invoke(self, func: Func, args: list, kwargs: dict, depth: int):
        if depth >= _DEPTH:
            raise Undecided(f"calls nested deeper than {_DEPTH} (`{_func_name(func.node)}`)")
        node = func.node
        self.invoked.add(id(node))
        self.touched += self.calls_hide
        env = self.call_env(func, args, kwargs, depth)
        if isinstance(node, ast.Lambda):
            return self.eval(node.body, env, depth + 1)
        return self._run_body(func, env, depth)

    def call_env(self, func: Func, args: list, kwargs: dict, depth: int) -> dict:
        """``func``'s parameters bound to ``args`` and ``kwargs`` (defaults where not given),
        over the environment it closes over."""
        node = func.node
        env = {k: v for k, v in (func.env or {}).items() if not k.startswith(_OPAQUE)}
        params = node.args
        names = [a.arg for a in params.posonlyargs + params.args]
        defaults = params.defaults
        if not isinstance(node, ast.Lambda) and func.owner is not None:
            decorators = set(_decorators(node))
            if "classmethod" in decorators and (not args or not isinstance(args[0], ClassRef)):
                args = [ClassRef(func.owner)] + args
        for i, name in enumerate(names):
            if i < len(args):
                env[name] = args[i]
            elif name in kwargs:
                env[name] = kwargs[name]
            else:
                d = i - (len(names) - len(defaults))
                if d < 0:
                    env[name] = TOP
                elif func.defaults is not None:
                    env[name] = func.defaults[0][d]
                else:
                    env[name] = self.eval(defaults[d], env, depth)
        for k, (a, d) in enumerate(zip(params.kwonlyargs, params.kw_defaults)):
            if a.arg in kwargs:
                env[a.arg] = kwargs[a.arg]
            elif d is None:
                env[a.arg] = TOP
            else:
                given = func.defaults
                env[a.arg] = given[1][k] if given is not None else self.eval(d, env, depth)
        if params.vararg:  # the positional arguments no parameter takes
            env[params.vararg.arg] = tuple(args[len(names) :])
        if params.kwarg:  # the keywords no parameter takes
            bound = set(names) | {a.arg for a in params.kwonlyargs}
            rest = [(k, v) for k, v in kwargs.items() if k not in bound]
            env[params.kwarg.arg] = Mapping(rest)
        if not isinstance(node, ast.Lambda) and func.owner is not None and names and args:
            env["__class__"], env["__self__"] = ClassRef(func.owner), args[0]  # (``super()``)
        return env

    def _run_body(self, func: Func, env: dict, depth: int):
        """What calling ``func`` (its parameters bound in ``env``) gives: its returns joined,
        a generator's items; raises as it raises."""
        node = func.node
        generator = _is_generator(node)
        if generator:
            env[_YIELDS] = ()
        outer, self.depth = self.depth, depth + 1
        try:
            outcomes = self.block(node.body, env, depth + 1)
        finally:
            self.depth = outer
        if generator:
            # run eagerly: what it yields on each path; a consumer that stops early does not
            # run the rest, so a raise after an item is not decided, but one before the first
            # item reaches whoever asks for an item, as a call's raise does
            first = [o for o in outcomes if o[0] == "raise" and o[2].get(_YIELDS) == ()]
            if sum(o[0] == "raise" for o in outcomes) > len(first):
                raise Undecided(f"a generator that may raise (`{_func_name(node)}`)")
            rest = [o[2].get(_YIELDS, TOP) for o in outcomes if o[0] != "raise"]
            if first and not rest:
                raise _Raised(first[0][1])
            if first and (self.shielded or self.force):
                raise Undecided(f"a generator that may raise or yield (`{_func_name(node)}`)")
            return self.join(rest)
        returns = [o[1] for o in outcomes if o[0] == "return"]
        returns += [None for o in outcomes if o[0] == "next"]
        raises = [o[1] for o in outcomes if o[0] == "raise"]
        if raises and returns:
            if self.shielded or self.force:
                raise Undecided(f"a call that may raise or return (`{_func_name(node)}`)")
            # nothing catches it: a raise ends the run (what it kept is kept already), so
            # the run goes on with what the call returns
            return self.join(returns)
        if raises:
            raise _Raised(raises[0])
        return self.join(returns)

    # -- statements: a list of outcomes (kind, value, env) -------------------------------------

    def block(self, stmts: list, env: dict, depth: int) -> list:
        states = [env]
        done: list = []
        for stmt in stmts:
            following = []
            for state in states:
                for out in self.stmt(stmt, state, depth):
                    if out[0] == "next":
                        following.append(out[2])
                    else:
                        done.append(out)
            states = following
            if not states:
                break
            if len(states) > 64:
                raise Undecided("more than 64 paths")
        return done + [("next", None, s) for s in states]

    def stmt(self, s: ast.stmt, env: dict, depth: int) -> list:
        self.tick()
        try:
            return self._stmt(s, env, depth)
        except _Raised as exc:
            return [("raise", exc.name, env)]

    def _stmt(self, s: ast.stmt, env: dict, depth: int) -> list:
        kind = type(s)
        if kind is ast.Expr:
            grown = self.grow_list(s.value, env, depth)
            if grown is not None:
                return [("next", None, grown)]
            self.eval(s.value, env, depth)
            return [("next", None, env)]
        if kind in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            if s.value is None:
                return [("next", None, env)]
            outer, self.tested = self.tested, set()
            touched = self.touched
            v = self.eval(s.value, env, depth)
            targets = s.targets if kind is ast.Assign else [s.target]
            if any(not isinstance(t, ast.Name) for t in targets):
                # kept on an object: what a class test of a fetched pool answered decides from
                # the target's pool (``self.use_swa = isinstance(kv, SWAKVPool)``), also in a
                # branch such a test chose
                self.escaped |= self.tested | self.control
            held = frozenset(self.tested)
            self.tested |= outer
            if kind is ast.AugAssign:
                old = self.lookup(s.target.id, env) if isinstance(s.target, ast.Name) else TOP
                v = _arith(s.op, old, v)
            for t in targets:
                self.bind(t, v, env, depth)
                if self.force and isinstance(t, ast.Attribute):
                    self.note_store(t, s.value, env, self.touched == touched)
                if isinstance(t, ast.Name):
                    # a local keeps what it was computed from: stored on an object later, a
                    # class test it holds escapes then (``is_swa = isinstance(kv, ...)``)
                    env[_TESTED + t.id] = held
            return [("next", None, env)]
        if kind is ast.Return:
            outer, self.tested = self.tested, set()
            touched = self.touched
            v = self.eval(s.value, env, depth) if s.value is not None else None
            if depth == 0:
                self.escaped |= self.tested | self.control
            self.tested |= outer
            if depth == 0 and self.force and not _signs(v, self.stored):
                # (an outcome compared, holding an unknown: what it was computed from)
                witness = self.witness(s.value, env, self.touched == touched)
                v = v if witness is None else Witnessed(witness)
            return [("return", v, env)]
        if kind is ast.If:
            outer, self.tested = self.tested, set()
            flags = _log_flags(self.module) if self.force else frozenset()
            if self.force and _inert(s.body, flags) and _inert(s.orelse, flags):
                t = self._test(s.test, env, depth)  # (either way only logs: moot)
            else:
                t = self.test(s.test, env, depth)
            asked, self.tested = self.tested, self.tested | outer
            control, self.control = self.control, self.control | asked
            try:
                if t is TOP:
                    return self.block(s.body, dict(env), depth) + self.block(s.orelse, env, depth)
                return self.block(s.body if t else s.orelse, env, depth)
            finally:
                self.control = control
        if kind is ast.Raise:
            name = s.exc.func if isinstance(s.exc, ast.Call) else s.exc
            return [("raise", _name_of(name) if name is not None else "Exception", env)]
        if kind is ast.Assert:
            t = self.test(s.test, env, depth)
            if t is True:
                return [("next", None, env)]
            if t is False:
                return [("raise", "AssertionError", env)]
            return [("next", None, env), ("raise", "AssertionError", dict(env))]
        if kind is ast.Try or kind.__name__ == "TryStar" or kind in (ast.With, ast.AsyncWith):
            self.shielded += 1  # (an exception raised inside may be caught, or cleaned up)
            try:
                if kind in (ast.With, ast.AsyncWith):
                    return self.with_(s, env, depth)
                return self.try_(s, env, depth)
            finally:
                self.shielded -= 1
        if kind in (ast.For, ast.AsyncFor):
            return self.for_(s, env, depth)
        if kind is ast.While:
            return self.while_(s, env, depth)
        if kind is ast.Match:
            return self.match(s, env, depth)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef):
            env[s.name] = self.define(s, env, depth)
            return [("next", None, env)]
        if kind is ast.ClassDef:  # a local class: its name is bound, nothing else is known
            env[s.name] = TOP
            return [("next", None, env)]
        if kind in (ast.Import, ast.ImportFrom):
            before = dict(env)
            for alias in s.names:
                name = alias.asname or alias.name.split(".")[0]
                if kind is ast.ImportFrom and s.module == "contextlib" and alias.name == "suppress":
                    env[name] = Builtin("suppress")
                elif kind is ast.ImportFrom and (s.module, alias.name) in _KNOWN_CALLABLES:
                    env[name] = Builtin(alias.name)
                elif kind is ast.Import and alias.name in (
                    "contextlib",
                    "functools",
                    "types",
                    "dataclasses",
                    "operator",
                    "typing",
                ):
                    env[name] = _Module(alias.name)
                elif kind is ast.ImportFrom and alias.name.endswith("Algorithm"):
                    env[name] = EnumSpace()  # SpeculativeAlgorithm: its members by name
                elif kind is ast.ImportFrom and is_allocator_class_name(alias.name):
                    env[name] = AllocClass(alias.name)
                else:
                    env[name] = TOP
            if env is not self.globals and not _stdlib_import(s):
                # (in a function: a module of another release, or none, may not be there)
                return [("next", None, env), ("raise", "ImportError", before)]
            return [("next", None, env)]
        if kind is ast.Break:
            return [("break", None, env)]
        if kind is ast.Continue:
            return [("continue", None, env)]
        if kind in (ast.Pass, ast.Global, ast.Nonlocal, ast.Delete):
            return [("next", None, env)]
        raise Undecided(f"a `{kind.__name__}` statement")

    def note_store(self, target: ast.Attribute, value: ast.expr, env: dict, clean: bool) -> None:
        """Record what ``target`` (an attribute of ``self`` just stored) was computed from
        (:meth:`witness`). Two runs that store an unknown with the same witness stored the
        same unknown."""
        owner = env.get(target.value.id) if isinstance(target.value, ast.Name) else None
        if not isinstance(owner, Obj) or owner.kind != "self":
            return
        self.stored[(id(owner), target.attr)] = self.witness(value, env, clean)

    def witness(self, value: ast.expr, env: dict, clean: bool):
        """``value``'s expression and the values of the names it reads, where ``clean``
        (nothing counted in ``touched`` while it was computed) and the forced expression is not
        in it; None else."""
        if not clean or any(id(n) in self.force for n in walked(value)):
            return None
        local = {n.arg for n in walked(value) if isinstance(n, ast.arg)}
        read_through = {  # (``self.device``: a name read only for its attributes)
            id(n.value): n.attr
            for n in walked(value)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
        }
        reads = set()
        for n in walked(value):
            if isinstance(n, ast.Name) and n.id not in local:
                reads.add((n.id, read_through.get(id(n))))
        whole = {name for name, attr in reads if attr is None}
        try:
            return (
                id(value),
                tuple(self.peek_read(n, a, env, whole) for n, a in sorted(reads, key=str)),
            )
        except _Unknown:
            return None

    def peek_read(self, name: str, attr: Optional[str], env: dict, whole: set):
        """:meth:`peek` of ``name``, or of ``name.attr`` where ``name`` holds an object read
        only for its attributes (the others may differ; one it lacks reads alike from objects
        of one kind and class)."""
        v = env.get(name)
        if attr is not None and name not in whole and isinstance(v, Obj):
            if attr in v.attrs:
                return (name, attr, _attr_signature(v, attr, v.attrs[attr], set(), self.stored))
            owner = getattr(v.owner, "name", None)
            return (name, attr, "absent", v.kind, v.key, owner, tuple(sorted(v.missing)))
        return (name, self.peek(name, env))

    def pure_builtin(self, func: ast.AST, env: dict) -> bool:
        """Is ``func`` a builtin that changes nothing (``int``, ``len``, ``max``), the module
        binding its name nowhere?"""
        return (
            isinstance(func, ast.Name)
            and func.id in _PURE_BUILTINS
            and func.id not in env
            and func.id not in self.globals
        )

    def peek(self, name: str, env: dict):
        """The comparable form of what ``name`` holds, without the effects of a read."""
        if name in env:
            if env[name] is TOP and _OPAQUE + name in env:
                return ("opaque", name)
            return _signature(env[name], stored=self.stored)
        if name not in _module_names(self.module)[1] and self.globals.get(name, TOP) is TOP:
            # (bound by an import, a def or a class statement alone: alike in every run)
            return ("global", name)
        if name in self.globals:
            return _signature(self.globals[name], stored=self.stored)
        if name in _BUILTINS or hasattr(builtins, name):  # (the module binds it nowhere)
            return ("builtin", name)
        raise _Unknown

    def bind(self, target: ast.AST, v, env: dict, depth: int) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = v
        elif isinstance(target, (ast.Tuple, ast.List)):
            v = _named_tuple_items(v)
            if isinstance(v, tuple) and len(v) == len(target.elts):
                for t, x in zip(target.elts, v):
                    self.bind(t, x, env, depth)
            else:
                for t in target.elts:
                    self.bind(t, TOP, env, depth)
        elif isinstance(target, ast.Attribute):
            owner = self.eval(target.value, env, depth)
            self.escaped |= _fetched(v)  # kept on an object: it outlives the call
            if isinstance(owner, Obj) and owner.kind == "self":
                owner.attrs[target.attr] = v
                self.stored.pop((id(owner), target.attr), None)  # (its witness: a new one)
            elif self.force and target.attr not in _log_flags(self.module):
                # kept on another object (one handed in, a holder): an outcome, as what a call
                # not followed is handed is (``draft_indifferent``); a log-once flag is not
                self.effects.append((id(target), (v,), (), None))
        elif isinstance(target, ast.Starred):
            self.bind(target.value, TOP, env, depth)
        else:  # an item store
            self.escaped |= _fetched(v)
            if isinstance(target, ast.Subscript) and not isinstance(target.slice, ast.Slice):
                base = self.eval(target.value, env, depth)
                key = self.eval(target.slice, env, depth)
                if isinstance(base, Mapping):  # a dict built here: it holds the key now
                    base.store(key, v)
            else:
                self.eval(target, env, depth)

    def try_(self, s, env: dict, depth: int) -> list:
        out = []
        for o in self.block(s.body, env, depth):
            if o[0] == "raise":
                handler = self.handler_for(s.handlers, o[1])
                if handler is None:
                    out.append(o)
                    continue
                if handler.name:
                    o[2][handler.name] = TOP
                out += self.block(handler.body, o[2], depth)
            elif o[0] == "next":
                out += self.block(s.orelse, o[2], depth)
            else:
                out.append(o)
        if not s.finalbody:
            return out
        final = []
        for o in out:
            for f in self.block(s.finalbody, o[2], depth):
                final.append(o if f[0] == "next" else f)
        return final

    def handler_for(self, handlers: list, name: str):
        parents = _EXC_PARENTS.get(name, (name, "Exception", "BaseException"))
        for h in handlers:
            if h.type is None:
                return h
            types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
            if any(_name_of(t) in parents for t in types):
                return h
        return None

    def with_(self, s, env: dict, depth: int) -> list:
        suppressed: tuple = ()
        exits: list = []  # (``__exit__`` of module classes entered, innermost first)
        for item in s.items:
            try:
                managed = self.enter(item.context_expr, env, depth)
            except _Raised as exc:  # entering raised: the body does not run
                parents = _EXC_PARENTS.get(exc.name, (exc.name, "Exception", "BaseException"))
                if any(n in parents for n in suppressed):
                    return [("next", None, env)]
                return [("raise", exc.name, env)]
            entered = TOP
            if managed is not None:  # (its code after the ``yield`` runs on leaving)
                entered = managed[0]
                exits.insert(0, managed[1])
            else:
                v = self.eval(item.context_expr, env, depth)
                if isinstance(v, Suppress):
                    suppressed += v.names
                protocol = self.manager_methods(v)
                if protocol is not None:  # (a module class: its ``__enter__`` gives the value)
                    entered = self.call_value(protocol[0], [], {}, depth + 1)
                    exits.insert(0, protocol[1])
            if item.optional_vars is not None:
                self.bind(item.optional_vars, entered, env, depth)
        out = []
        for o in self.block(s.body, env, depth):
            if o[0] == "raise" and suppressed:
                parents = _EXC_PARENTS.get(o[1], (o[1], "Exception", "BaseException"))
                if any(n in parents for n in suppressed):
                    out.append(("next", None, o[2]))
                    continue
            out += self.exited(exits, o, depth)
        return out

    def manager_methods(self, v) -> Optional[tuple]:
        """(``__enter__``, ``__exit__``) bound to ``v``, an instance of a module class that
        defines both; None else."""
        if not (isinstance(v, Obj) and v.kind == "self" and v.owner is not None):
            return None
        order = self.mro(v.owner)
        methods = tuple(self.method_of(v, order, name) for name in ("__enter__", "__exit__"))
        return methods if all(isinstance(m, Bound) for m in methods) else None

    def exited(self, exits: list, outcome, depth: int) -> list:
        """``outcome`` of a ``with`` body after the ``__exit__`` methods ``exits`` (innermost
        first) ran: a raise one of them answers true for is suppressed (unknown: both)."""
        outcomes = [outcome]
        for method in exits:
            if isinstance(method, tuple):  # a ``@contextmanager``'s code after its ``yield``
                outcomes = [x for o in outcomes for x in self.left(method, o, depth)]
                continue
            following = []
            for o in outcomes:
                if o[0] != "raise":
                    self.call_value(method, [None, None, None], {}, depth + 1)
                    following.append(o)
                    continue
                raised = self.classes.get(o[1])
                kind = ClassRef(raised) if raised is not None else TOP
                answer = self.call_value(method, [kind, TOP, TOP], {}, depth + 1)
                if answer is TOP:
                    following += [("next", None, dict(o[2])), o]
                else:
                    following.append(("next", None, o[2]) if answer else o)
            outcomes = following
        return outcomes

    def left(self, leaving: tuple, outcome, depth: int) -> list:
        """``outcome`` of a ``with`` body after a ``@contextmanager``'s code past its ``yield``
        ran in its own state (``leaving``: that state, the code run on a normal exit, the code
        run on a raise): a raise there replaces the outcome; a body's raise goes on after."""
        state, normal, raised = leaving
        code = raised if outcome[0] == "raise" else normal
        out = []
        for o in self.block(code, dict(state), depth + 1):
            if o[0] == "raise":
                out.append(("raise", o[1], outcome[2]))
            elif o[0] == "next":
                out.append(outcome)
            else:
                raise Undecided("a context manager that returns on leaving")
        return out

    def manager(self, expr: ast.AST, env: dict, depth: int) -> Optional[tuple]:
        """``(func, args, kwargs)`` for ``with f(...)`` / ``with self.m(...)`` where ``f`` is a
        module ``@contextmanager`` function or ``m`` such a method of ``self``'s class; None
        for any other context manager."""
        if not isinstance(expr, ast.Call):
            return None
        func = expr.func
        if isinstance(func, ast.Name):
            node = self.managers.get(func.id)
            if node is None or func.id in env:
                return None
            made, bound = Func(node, None), []
        elif isinstance(func, ast.Attribute):
            holder = self.eval(func.value, env, depth)
            if not (isinstance(holder, Obj) and holder.kind == "self" and holder.owner):
                return None
            order = self.mro(holder.owner)
            owner = next((c for c in order if _defines(c, func.attr)), None)
            node = None
            if owner is not None:
                node = [n for n in owner.body if isinstance(n, _FUNCS_DEF) and n.name == func.attr][
                    -1
                ]
            if node is None or _decorators(node) != ["contextmanager"]:
                return None
            made, bound = Func(node, None, owner), [holder]
        else:
            return None
        args = bound + [self.eval(a, env, depth) for a in expr.args]
        kwargs = {k.arg: self.eval(k.value, env, depth) for k in expr.keywords}
        return made, args, kwargs

    def enter(self, expr: ast.AST, env: dict, depth: int) -> Optional[tuple]:
        """Enter ``with`` a module ``@contextmanager`` (:meth:`manager`) that yields once, as a
        statement of its body or as the whole body of a ``try`` with only a ``finally``: run
        its body up to the ``yield``; ``(the value yielded, (its state, what runs on leaving
        normally, what runs on a raise))``. Raises ``_Raised`` where every path raises before
        the ``yield``; undecided where some may, or where its paths part before it. None for
        any other context manager (entered without effect)."""
        found = self.manager(expr, env, depth)
        if found is None:
            return None
        func, args, kwargs = found
        node = func.node
        parts = _manager_parts(node)
        if parts is None:
            raise Undecided(f"a context manager it does not model (`{node.name}`)")
        setup, value, normal, raised = parts
        if depth >= _DEPTH:
            raise Undecided(f"calls nested deeper than {_DEPTH} (`{node.name}`)")
        self.invoked.add(id(node))  # (as a call of it is)
        self.touched += self.calls_hide
        state = self.call_env(func, args, kwargs, depth)
        outcomes = self.block(setup, state, depth + 1)
        if outcomes and all(o[0] == "raise" for o in outcomes):
            raise _Raised(outcomes[0][1])
        if len(outcomes) != 1 or outcomes[0][0] != "next":
            raise Undecided(f"a context manager whose setup parts or returns (`{node.name}`)")
        state = outcomes[0][2]
        entered = self.eval(value, state, depth + 1) if value is not None else None
        return entered, (state, normal, raised)

    def items_of(self, v) -> Optional[tuple]:
        """What iterating ``v`` gives, when known: a tuple's items, an enum class's members
        (``SpeculativeAlgorithm``'s from the API model)."""
        if isinstance(v, tuple):
            return v
        if isinstance(v, Mapping):
            return v.view("keys")
        if isinstance(v, ClassRef):
            return _enum_members(v.node)
        if isinstance(v, EnumSpace):  # (a draft is EAGLE: which release lists which, moot)
            return tuple(Enum(m) for m in spec_members() if m not in v.missing)
        return None

    def for_(self, s, env: dict, depth: int) -> list:
        touched = self.touched
        items = self.items_of(self.eval(s.iter, env, depth))
        if isinstance(items, tuple) and len(items) <= _LOOP:
            runs = [list(items)]
        else:
            runs = [[], [TOP]]  # no iteration, or one with an unknown item (then either end)
            if self.force:  # (how many times: an unknown truth, :meth:`test`)
                self.unknown_tests.append(self.witness(s.iter, env, self.touched == touched))
        out = []
        for run in runs:
            states = [dict(env)]
            for item in run:
                following = []
                for state in states:
                    self.bind(s.target, item, state, depth)
                    self.iteration(s.body, state, depth, following, out)
                states = following
            for state in states:
                out += self.block(s.orelse, state, depth)
            if len(runs) > 1 and run:
                out += [("next", None, state) for state in states]  # unknown: more items
        return out

    def iteration(self, body: list, state: dict, depth: int, following: list, out: list):
        """One run of a loop body: the states that go round again into ``following``, the
        loop's exits (``break``: after the loop; ``return``/``raise``) into ``out``."""
        for o in self.block(body, state, depth):
            if o[0] in ("next", "continue"):
                following.append(o[2])
            elif o[0] == "break":
                out.append(("next", None, o[2]))
            else:
                out.append(o)

    def while_(self, s, env: dict, depth: int) -> list:
        out = []
        states = [env]
        for _ in range(_LOOP):
            following = []
            for state in states:
                t = self.test(s.test, state, depth)
                if t is not True:
                    out += self.block(s.orelse, dict(state), depth)
                if t is False:
                    continue
                self.iteration(s.body, dict(state), depth, following, out)
            states = following
            if not states:
                return out
        raise Undecided(f"a loop past {_LOOP} iterations")

    def match(self, s, env: dict, depth: int) -> list:
        subject = self.eval(s.subject, env, depth)
        out = []
        for case in s.cases:
            m = self.pattern(case.pattern, subject, env, depth)
            if m is not False:
                state = dict(env) if m is TOP else env
                if case.guard is not None:
                    g = self.test(case.guard, state, depth)
                    if g is False:
                        continue
                    m = TOP if g is TOP else m
                out += self.block(case.body, state, depth)
                if m is True:
                    return out
        return out + [("next", None, env)]

    def pattern(self, p, subject, env: dict, depth: int):
        if isinstance(p, ast.MatchAs):  # ``case _``, ``case x``, ``case <pattern> as x``
            m = True if p.pattern is None else self.pattern(p.pattern, subject, env, depth)
            if m is not False and p.name:
                env[p.name] = subject
            return m
        if isinstance(p, ast.MatchClass):  # (``case C():`` is ``isinstance(x, C)``)
            m = self.isinstance(subject, p.cls)
            if m is False or not (p.patterns or p.kwd_patterns):
                return m
            fields = _record_fields(subject) if p.patterns else ()  # (``__match_args__``)
            if fields is None or len(p.patterns) > len(fields):
                return TOP
            hits = [m]
            for f, q in [*zip(fields, p.patterns), *zip(p.kwd_attrs, p.kwd_patterns)]:
                try:  # (a keyword reads the attribute: one it lacks fails the case)
                    value = self.read(subject, f)
                except _Raised:
                    return False
                hits.append(self.pattern(q, value, env, depth))
            return False if False in hits else (TOP if TOP in hits else True)
        if isinstance(p, ast.MatchSingleton):
            if subject is TOP or not isinstance(subject, (bool, type(None))):
                return TOP
            return subject is p.value
        if isinstance(p, ast.MatchValue):  # a constant or a dotted name (an enum member)
            return self.equal(subject, self.eval(p.value, env, depth))
        if isinstance(p, ast.MatchOr):
            hits = [self.pattern(q, subject, env, depth) for q in p.patterns]
            return True if True in hits else (TOP if TOP in hits else False)
        if isinstance(p, ast.MatchMapping) and isinstance(subject, Mapping):
            hits = []  # (each key present, its value matching; ``**rest``: unknown)
            for key, q in zip(p.keys, p.patterns):
                value = subject.lookup(self.eval(key, env, depth), _ABSENT, self.equal)
                if value is _ABSENT:
                    return False
                hits.append(self.pattern(q, value, env, depth))
            if p.rest:
                env[p.rest] = TOP
            return False if False in hits else (TOP if TOP in hits else True)
        subject = _named_tuple_items(subject)  # (a ``NamedTuple`` matches as a sequence)
        if isinstance(p, ast.MatchSequence) and isinstance(subject, tuple):
            if any(isinstance(q, ast.MatchStar) for q in p.patterns):
                return TOP
            if len(p.patterns) != len(subject):
                return False
            hits = [self.pattern(q, x, env, depth) for q, x in zip(p.patterns, subject)]
            return False if False in hits else (TOP if TOP in hits else True)
        return TOP


class _Module:
    def __init__(self, name: str) -> None:
        self.name = name


def _runner(generation: str, pool: Obj) -> Obj:
    """The runner of the scenario: ``generation`` is the spec API (``frozen-api`` /
    ``older-api``), prefixed ``target-`` for the target's runner (not a draft worker)."""
    draft = not generation.startswith("target-")
    generation = generation.removeprefix("target-")
    spec_attrs = {"name": "EAGLE", "value": EnumValue("EAGLE")}
    missing: tuple = ()
    if generation == "frozen-api":
        spec_attrs["is_frozen_kv_mtp"] = Const(False)
    else:
        missing = ("is_frozen_kv_mtp",)
    spec = Obj("spec", spec_attrs, missing)
    return Obj(
        "runner",
        {
            "is_draft_worker": draft,
            "token_to_kv_pool": pool,
            # the target's SWA allocator: its kvcache is the target's SWA pool (on the target,
            # the very pool its runner holds)
            "token_to_kv_pool_allocator": Obj(
                "alloc", {"get_kvcache": Const(Obj("kvcache") if draft else pool)}
            ),
            "spec_algorithm": spec,
        },
    )


def _bound_once(fn) -> dict:
    """``fn``'s locals bound by exactly one plain assignment -> the value expression."""
    bound: dict = {}
    for n in walked(fn):
        for t in n.targets if isinstance(n, ast.Assign) else ():
            if isinstance(t, ast.Name):
                bound.setdefault(t.id, []).append(n.value)
    return {name: values[0] for name, values in bound.items() if len(values) == 1}


def _param_aliases(fn) -> tuple:
    """``fn``'s parameter names, and its locals bound once, to a parameter (``mr =
    model_runner``: it stands for the parameter) -> that parameter."""
    params = {a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs}
    aliases = {
        name: value.id
        for name, value in _bound_once(fn).items()
        if isinstance(value, ast.Name) and value.id in params
    }
    return params, aliases


def _runner_param(fn, mark: Callable) -> Optional[str]:
    """The parameter the fetches read the allocator from (``<param>.token_to_kv_pool_allocator``
    as the marked call's receiver, or through a local bound once to it), if it is one and the
    same for every fetch. A fetch through a held method (``fetch = getattr(alloc,
    "get_kvcache", ...)``; its receiver is not the allocator) reads the one runner whose
    allocator ``fn`` reads (:func:`_runner_root`), else the one named as the runner."""
    params, aliases = _param_aliases(fn)
    roots = set()
    for n in walked(fn):
        if isinstance(n, ast.Call) and mark(n) is not None and len(n.args) >= 2:
            receiver = n.args[1]
            if not (
                isinstance(receiver, ast.Attribute)
                and receiver.attr == "token_to_kv_pool_allocator"
                and isinstance(receiver.value, ast.Name)
            ):
                root = _runner_root(fn) or _named_runner(fn)  # (a capture, an entry: by name)
                if root is None:
                    return None
                roots.add(root)
                continue
            roots.add(aliases.get(receiver.value.id, receiver.value.id))
    if not roots:  # no fetch of its own (a caller of the helper that fetches)
        return _runner_root(fn)
    if len(roots) != 1 or not roots <= params:
        return None
    return roots.pop()


def _instance_classes(interp: "_Interp", owner) -> list:
    """The classes ``self`` may be an instance of in a method of ``owner``: ``owner`` (but a
    private class the module only derives from: a mixin, a base; or a backend base sglang
    cannot build, :meth:`ModuleClasses.incomplete_backend`) and every module class deriving
    from it that may be built, so an override in a subclass is what runs ([None]
    when ``owner`` is None)."""
    if owner is None:
        return [None]
    classes = module_classes(interp.module)
    if classes.ambiguous:
        return [owner]
    heirs = [
        c
        for name, c in interp.classes.items()
        if name != owner.name
        and owner in interp.mro(c)
        and not classes.only_derived(name)
        and not classes.incomplete_backend(name)
    ]
    if classes.only_derived(owner.name) or classes.incomplete_backend(owner.name):
        return heirs or [owner]
    return [owner, *heirs]


def _callable_code(v) -> bool:
    """Is ``v`` the module's own code the scenario can call (a function, a bound method, a
    partial of one)?"""
    return isinstance(v, (Func, Partial)) or (isinstance(v, Bound) and isinstance(v.func, Func))


def _plain_code(v) -> bool:
    """Is ``v`` (what a marked fetch calls through a name) anything but the module's own code
    (a function, a lambda, a method): the allocator's ``get_kvcache``, or unknown?"""
    return not isinstance(v, (Func, Bound, Partial))


@functools.lru_cache(maxsize=2)
def _own_pool_attrs(module: ast.Module) -> frozenset:
    """The attributes the module binds only in ``__init__`` methods, each time to the pool of
    a parameter (``self.kv = model_runner.token_to_kv_pool``), and never names as a string
    (``setattr``): on any runner, that runner's own pool."""
    own: set = set()
    other: set = {n.value for n in walked(module) if isinstance(n, ast.Constant)}
    for fn in walked(module):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        params = {a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs}
        for n in walked(fn):
            if not isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                continue
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            for t in (x for target in targets for x in walked(target)):
                if not (isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store)):
                    continue
                v = n.value
                pool = (
                    isinstance(n, ast.Assign)
                    and len(targets) == 1
                    and t is targets[0]
                    and getattr(fn, "name", "") == "__init__"
                    and isinstance(v, ast.Attribute)
                    and v.attr == POOL_ATTR
                    and isinstance(v.value, ast.Name)
                    and v.value.id in params
                    and v.value.id != (fn.args.args[0].arg if fn.args.args else None)
                )
                (own if pool else other).add(t.attr)
    return frozenset(own - other)


def _bind_params(fn, owner, instance=None) -> dict:
    """Every parameter unknown, the first of a method of ``owner`` its instance (of
    ``instance``, a class deriving from ``owner``; ``owner`` itself by default) or class."""
    env: dict = {}
    decorators = set(_decorators(fn))
    instance = instance or owner
    for i, a in enumerate(fn.args.posonlyargs + fn.args.args):
        env[a.arg] = TOP
        if i == 0 and owner is not None and "staticmethod" not in decorators:
            env[a.arg] = (
                ClassRef(instance) if "classmethod" in decorators else Obj("self", owner=instance)
            )
            env["__class__"], env["__self__"] = ClassRef(owner), env[a.arg]
    for a in fn.args.kwonlyargs:
        env[a.arg] = TOP
    if fn.args.kwarg and fn.name == "__init__":
        env[fn.args.kwarg.arg] = Mapping([])  # a backend built from its runner alone
    return env


def guarded(
    fn,
    module: ast.Module,
    mark: Callable,
    tests: ClassTests,
    cls: Optional[str] = None,
    keys: Optional[set] = None,
    runner: Optional[str] = None,
    reach=None,
    closed: frozenset = frozenset(),
) -> Union[dict, str, None]:
    """``{fetch key: guarded}`` for the fetches ``mark`` names in ``fn`` (their receiver is
    ``<runner parameter>.token_to_kv_pool_allocator``; ``keys``: those of a helper ``fn``
    calls; ``runner``: the parameter bound to the runner, when known), under a regular EAGLE
    draft with either spec API (module docstring); ``reach``: a helper that must be called
    on the way (else None: the answer would not be about it). A fetch is unguarded where a
    draft (its own pool full-only, or SWA) receives it. Where the interpreter cannot tell:
    the construct that stopped it (a string); None where ``fn`` has no runner parameter to
    bind."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    param = runner or _runner_param(fn, mark)
    members = () if param is not None else _member_params(fn)
    if members and _called_by_name(module, fn.name):
        return None  # judged where it is called, with what it is given (guarded_by_callers)
    if param is None and not members and not (cls and _plain_method(fn)):
        return None
    if keys is None:
        keys = {mark(n) for n in walked(fn) if isinstance(n, ast.Call) and mark(n) is not None}
    escaped: set = set()
    interp = _Interp(module, mark, tests)
    interp.closed = closed
    owner = interp.classes.get(cls) if cls else None
    if param is None and owner is None and not members:
        return None
    kept = _defaults_kept(module, fn)  # (one walk of the module, not one per scenario)
    scenarios = itertools.product(
        _instance_classes(interp, owner), ("frozen-api", "older-api"), (False, True)
    )
    for instance, generation, own_swa in scenarios:
        pool = Obj("swapool" if own_swa else "pool")
        try:
            env = _draft_env(interp, fn, owner, param, generation, pool, members, instance)
        except _NeverBuilt:
            continue  # no backend on this scenario: nothing of it reads a pool
        except (Undecided, RecursionError, _Raised):
            return None
        if env is None:
            return None
        for name, default in kept.items():
            try:
                env[name] = interp.eval(default, {}, 0)
            except (Undecided, _Raised):
                pass
        interp.escaped = set()
        try:
            outcomes = interp.block(fn.body, env, 0)
        except Undecided as exc:
            return str(exc)
        except RecursionError:
            return "nesting too deep to evaluate"
        # a draft receives the target's kvcache where it escapes: kept, handed on or returned
        # (with its own SWA pool too; a resolver answering None there reads no wrong pool)
        escaped |= interp.escaped
        escaped |= _fetched(tuple(o[1] for o in outcomes if o[0] == "return"))
        for o in outcomes:  # (a closure handed back: its receiver calls it)
            given = _called_back(interp, fn, o)
            if isinstance(given, str):
                return given
            escaped |= given
    if reach is not None and id(reach) not in interp.invoked:
        return None
    # a fetch in a function nested in ``fn``, made but never called here and not only called
    # within ``fn``, is run by whoever receives it (yielded, returned, stored): not decided
    for inner, key in _nested_fetches(fn, mark):
        if key in keys and id(inner) in interp.defined and id(inner) not in interp.invoked:
            local = (
                stays_local(fn, inner)
                if isinstance(inner, ast.Lambda)
                else only_called(fn, inner.name)
            )
            if not local:
                return f"`{_func_name(inner)}` holds the fetch and is handed on uncalled"
    return {k: k not in escaped for k in keys}


def _called_back(interp: "_Interp", fn, outcome) -> Union[set, str]:
    """The fetched pools a closure ``fn`` returns (``outcome``) gives when whoever receives it
    calls it: a function nested in ``fn`` taking no argument, called once on the scenario
    after ``fn`` returned (nothing rebinds what it closes over then: ``fn`` has no
    ``nonlocal``). Empty where ``outcome`` returns no such closure; a string where the call
    cannot be evaluated."""
    v = outcome[1]
    if outcome[0] != "return" or not isinstance(v, Func) or isinstance(v.node, ast.Lambda):
        return set()
    params = v.node.args
    required = len(params.posonlyargs + params.args) - len(params.defaults)
    nested = any(n is v.node for n in walked(fn) if n is not fn)
    if not nested or required or any(d is None for d in params.kw_defaults):
        return set()
    if any(isinstance(n, ast.Nonlocal) for n in walked(fn)):
        return set()
    try:
        given = interp.invoke(v, [], {}, 1)
    except Undecided as exc:
        return str(exc)
    except RecursionError:
        return "nesting too deep to evaluate"
    except _Raised:
        return set()  # (it raises: it gives no pool)
    return set(interp.escaped) | _fetched(given)


def _defaults_kept(module: ast.Module, fn) -> dict:
    """For a private module function the module only calls (by name, outside its own body
    too): the parameters no such call passes, with their defaults (``stage=0`` of a helper
    that recurses with the next stage): what every entry into it binds them to."""
    homes = [
        n
        for n in module.body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == fn.name
    ]
    if len(homes) != 1 or not fn.name.startswith("_"):
        return {}  # (not one module function; ``fn`` may come from another parse)
    if ast.dump(homes[0].args) != ast.dump(fn.args):
        return {}  # (another function of that name: a method)
    fn = homes[0]
    args = fn.args
    positional = args.posonlyargs + args.args
    defaults = dict(
        zip([a.arg for a in positional[len(positional) - len(args.defaults) :]], args.defaults)
    )
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    if not defaults:
        return {}
    inside = {id(n) for n in walked(fn)}
    parents = {id(c): p for p in walked(module) for c in ast.iter_child_nodes(p)}
    entries = 0
    for n in walked(module):
        if not (isinstance(n, ast.Name) and n.id == fn.name) or id(n) in inside:
            continue
        call = parents.get(id(n))
        if not (isinstance(call, ast.Call) and call.func is n):
            return {}  # handed on: called with anything
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            return {}
        entries += 1
        given = {a.arg for a in positional[: len(call.args)]} | {k.arg for k in call.keywords}
        defaults = {k: v for k, v in defaults.items() if k not in given}
    return defaults if entries else {}


def _nested_fetches(fn, mark: Callable) -> list:
    """``(outermost nested function or lambda, fetch key)`` for the fetches ``mark`` names in
    the functions nested in ``fn``."""
    out: list = []
    seen: set = set()
    for inner in walked(fn):  # (breadth first: the outermost first)
        if inner is fn or not isinstance(
            inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        ):
            continue
        for n in walked(inner):
            key = mark(n) if isinstance(n, ast.Call) else None
            if key is not None and key not in seen:
                seen.add(key)
                out.append((inner, key))
    return out


def _callers(
    module: ast.Module,
    name: str,
    cls: Optional[str],
    instances: bool = False,
    is_table: bool = False,
) -> Optional[list]:
    """``(function, class name or None)`` for each module function or method calling ``name``:
    the module function (``cls`` None: ``name(...)``, or ``T[key](...)`` / ``T.get(key)(...)``
    through a module-level dispatch table ``T`` bound once, whose values name it) or the
    method of class ``cls`` (``self.name(...)`` in that class's methods); None where it is
    referred to otherwise (passed on, called at module or class level, on another object): its
    uses are then not all known here. ``instances``: a method no other class of the module
    defines may also be called on another object (``view.name()``), which the interpreter
    must then show to be an instance of ``cls`` (``guarded``'s ``reach``). ``is_table``:
    ``name`` is such a table itself, whose entries are called (``name[key](...)``)."""
    parents = {id(c): n for n in walked(module) for c in ast.iter_child_nodes(n)}
    names = {name}
    if cls is None:
        names |= _dispatch_tables(module, name)
    heirs = {cls}  # the classes whose ``self.name`` is ``cls``'s method
    if cls is not None:
        classes = module_classes(module)
        for sub in classes.defs:
            order = lookup_order(sub, classes.bases)
            owner = next((c for c in order if _defines(classes.defs[c], name)), None)
            if owner == cls:
                heirs.add(sub)

    def refers(node) -> list:
        if cls is None:
            return [n for n in walked(node) if isinstance(n, ast.Name) and n.id in names]
        return [n for n in walked(node) if isinstance(n, ast.Attribute) and n.attr == name]

    def is_call(r) -> bool:
        up = parents.get(id(r))
        if isinstance(up, (ast.For, ast.AsyncFor)) and up.iter is r:
            return _loop_calls_only(up)  # ``for f in T: f(...)``
        if (
            isinstance(up, ast.Call)
            and len(up.args) == 2
            and up.args[1] is r
            and isinstance(up.func, ast.Attribute)
            and up.func.attr == "get"
        ):
            # ``T.get(key, name)(...)``: the default of a lookup, called at once
            outer = parents.get(id(up))
            return isinstance(outer, ast.Call) and outer.func is up
        if isinstance(up, ast.Call) and _partial_of(up) is r:
            # ``g = functools.partial(name, ...)`` in a function that only calls ``g``
            holder, fn = parents.get(id(up)), up
            while fn is not None and not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn = parents.get(id(fn))
            return (
                fn is not None
                and isinstance(holder, ast.Assign)
                and len(holder.targets) == 1
                and isinstance(holder.targets[0], ast.Name)
                and only_called(fn, holder.targets[0].id)
            )
        if isinstance(r, ast.Name) and (r.id != name or is_table):  # through a table
            if isinstance(up, ast.Subscript) and up.value is r:
                r, up = up, parents.get(id(up))
            elif isinstance(up, ast.Attribute) and up.attr == "get":
                call = parents.get(id(up))
                if not (isinstance(call, ast.Call) and call.func is up):
                    return False
                r, up = call, parents.get(id(call))
            else:
                return False
        return isinstance(up, ast.Call) and up.func is r

    def called(node, owner) -> bool:
        refs = refers(node)
        decorators = set(_decorators(node))
        instance = bool(node.args.args) and not decorators & {"staticmethod", "classmethod"}
        if cls is not None and instances and owner not in heirs:
            return all(is_call(r) for r in refs)
        if cls is not None and (owner not in heirs or not instance):
            return not refs
        first = node.args.args[0].arg if cls is not None else None
        return all(is_call(r) and (first is None or _name_of(r.value) == first) for r in refs)

    out: list = []
    tops = [(b, None) for b in module.body]
    tops += [(m, b.name) for b in module.body if isinstance(b, ast.ClassDef) for m in b.body]
    counted = 0
    for node, owner in tops:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if node.name == name and owner == cls:
            continue
        refs = refers(node)
        if refs and not called(node, owner):
            return None
        if refs:
            out.append((node, owner))
            counted += len(refs)
    tables = [b for b in module.body if _stored_names(b) & (names - {name})]
    binding = [  # ``name = (...)``: a table's own binding at module level
        r
        for r in refers(module)
        if isinstance(r, ast.Name)
        and r.id == name
        and isinstance(r.ctx, ast.Store)
        and parents.get(id(r)) in module.body
    ]
    total = len(refers(module)) - len(binding) - sum(len(refers(t)) for t in tables)
    return out if out and counted == total else None


def guarded_in_table(lam, at: tuple, module: ast.Module, mark: Callable, tests: ClassTests):
    """:func:`guarded` for the fetches of ``lam`` (its marked tree), the lambda at ``at``
    (line, column) of ``module``, in the value of a module-level table ``T = (...)`` bound once: guarded where every function of the module
    using ``T`` is, those calling its entries (``for check, fetch in T: ... fetch(runner)``),
    evaluated with ``lam`` in place; None where ``T``'s uses are not all such calls."""
    if not isinstance(lam, ast.Lambda):
        return None
    home, target = None, None
    for i, stmt in enumerate(module.body):
        targets = (
            stmt.targets
            if isinstance(stmt, ast.Assign)
            else [stmt.target] if isinstance(stmt, ast.AnnAssign) and stmt.value else []
        )
        if len(targets) == 1 and any(
            isinstance(n, ast.Lambda) and (n.lineno, n.col_offset) == at for n in walked(stmt.value)
        ):
            home, target = i, targets[0]
    if home is None or not isinstance(target, ast.Name):
        return None
    table = target.id
    if sum(table in _stored_names(b) for b in module.body) != 1:
        return None

    class _Swap(ast.NodeTransformer):
        def visit_Lambda(self, node):
            return lam if (node.lineno, node.col_offset) == at else self.generic_visit(node)

    stmt = _Swap().visit(copy.deepcopy(module.body[home]))
    marked = ast.Module(
        body=[stmt if i == home else b for i, b in enumerate(module.body)], type_ignores=[]
    )
    callers = _callers(marked, table, None, is_table=True)
    if callers is None or not isinstance(
        _Interp(marked, mark, tests).globals.get(table), (tuple, list, Mapping)
    ):
        return None  # (a table the interpreter cannot build would hide the calls)
    keys = {mark(n) for n in walked(lam) if isinstance(n, ast.Call) and mark(n) is not None}
    root = _runner_root(
        ast.FunctionDef(
            name="<lambda>", args=lam.args, body=[ast.Return(lam.body)], decorator_list=[]
        )
    )
    names = [a.arg for a in lam.args.posonlyargs + lam.args.args]
    out = {k: True for k in keys}
    for caller, owner in callers:
        runner = None
        if root is not None and root in names:
            runner = _handed_runner(caller, table, names.index(root), root, (table,))
        got = guarded(caller, marked, mark, tests, owner, keys=keys, runner=runner)
        if not isinstance(got, dict):
            return got
        out = {k: out[k] and got.get(k, False) for k in keys}
    return out


def _partial_of(call: ast.Call):
    """The function ``functools.partial(f, ...)`` binds (its first argument), else None."""
    if isinstance(call, ast.Call) and _name_of(call.func) == "partial" and call.args:
        return call.args[0]
    return None


def only_called(fn, name: str, parents: Optional[dict] = None) -> bool:
    """Does ``fn`` read the local ``name`` only to call it, or to iterate it calling each item
    (``for f in name: f(r)``, ``all(c() for c in name)``)? Then what it holds runs only
    within ``fn``: nothing keeps or hands it on."""
    if parents is None:
        parents = {id(c): p for p in walked(fn) for c in ast.iter_child_nodes(p)}
    for n in walked(fn):
        if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
            continue
        at = parents.get(id(n))
        if isinstance(at, ast.Call) and at.func is n:
            continue
        if isinstance(at, (ast.For, ast.AsyncFor, ast.comprehension)) and at.iter is n:
            if _loop_calls_only(at, parents):
                continue
        return False
    return True


def returned_only(fn, name: str) -> bool:
    """Does ``fn`` read the local ``name`` only to call it or to return it (``return
    resolve``)? What it holds then runs within ``fn`` or where ``fn``'s caller calls it
    (:func:`_called_back`)."""
    parents = {id(c): p for p in walked(fn) for c in ast.iter_child_nodes(p)}
    reads = [
        n
        for n in walked(fn)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]
    return bool(reads) and all(
        isinstance(parents.get(id(n)), ast.Return)
        or (isinstance(parents.get(id(n)), ast.Call) and parents[id(n)].func is n)
        for n in reads
    )


def stays_local(fn, lam) -> bool:
    """Is the lambda ``lam`` kept to ``fn``: picked and called where it stands, or the value,
    or an item of a list or tuple, bound to a local that ``fn`` only calls or iterates to call
    (:func:`only_called`)? Then it runs only within ``fn``."""
    parents = {id(c): p for p in walked(fn) for c in ast.iter_child_nodes(p)}
    # (picked and called where it stands: ``(lam if c else f)()``, ``table.get(k, lam)()``)
    picked, up = lam, parents.get(id(lam))
    while isinstance(up, (ast.IfExp, ast.BoolOp)) or (
        isinstance(up, ast.Call)
        and isinstance(up.func, ast.Attribute)
        and up.func.attr == "get"
        and picked in up.args[1:]
    ):
        if isinstance(up, ast.IfExp) and picked is up.test:
            break
        picked, up = up, parents.get(id(up))
    if picked is not lam and isinstance(up, ast.Call) and up.func is picked:
        return True
    up = parents.get(id(lam))
    if isinstance(up, (ast.List, ast.Tuple)):
        up = parents.get(id(up))
    if not (isinstance(up, ast.Assign) and len(up.targets) == 1):
        return False
    target = up.targets[0]
    return isinstance(target, ast.Name) and only_called(fn, target.id, parents)


def _private_lists(module: ast.Module) -> set:
    """The names the module binds only to list literals (``items = [...]``) and reads only
    to append to, index, measure, iterate or test: a list no other name can alias, so its
    growth by ``append``/``extend`` is all there is to it."""
    parents = {id(c): p for p in walked(module) for c in ast.iter_child_nodes(p)}
    ok: dict = {}
    for n in walked(module):
        if not isinstance(n, ast.Name):
            continue
        up = parents.get(id(n))
        if isinstance(n.ctx, ast.Store):
            good = isinstance(up, ast.Assign) and len(up.targets) == 1
            value = up.value if good else None
            good = good and (
                isinstance(value, ast.List)
                or (  # a slice of itself: a new list (``items = items[:1]``)
                    isinstance(value, ast.Subscript)
                    and isinstance(value.slice, ast.Slice)
                    and _name_of(value.value) == n.id
                )
            )
        elif isinstance(n.ctx, ast.Load):
            good = (
                (isinstance(up, ast.Attribute) and up.attr in ("append", "extend"))
                or (isinstance(up, ast.Subscript) and up.value is n)
                or (isinstance(up, ast.Call) and _name_of(up.func) == "len" and up.args == [n])
                or (isinstance(up, (ast.For, ast.comprehension)) and up.iter is n)
                or isinstance(up, (ast.If, ast.While, ast.BoolOp, ast.UnaryOp))
            )
        else:
            good = False
        ok[n.id] = ok.get(n.id, True) and good
    return {name for name, good in ok.items() if good}


def _loop_calls_only(loop, parents: Optional[dict] = None) -> bool:
    """Does ``loop`` (a ``for`` statement, or a comprehension: ``parents`` then gives the
    expression it belongs to) use the names its target binds only as called functions (``for
    check, fetch in T: if check(r): fetch(r)``), or in a log line?"""
    bound = {t.id for t in walked(loop.target) if isinstance(t, ast.Name)}
    if isinstance(loop, ast.comprehension):
        scope = [parents.get(id(loop))] if parents is not None else []
    else:
        scope = loop.body
    nodes = [n for s in scope if s is not None for n in walked(s)]
    calls = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    logged = {id(x) for n in nodes if is_log_call(n) for x in walked(n)}  # (only formatted)
    return (
        bool(bound)
        and bool(scope)
        and all(
            id(n) in calls or id(n) in logged
            for n in nodes
            if isinstance(n, ast.Name) and n.id in bound and isinstance(n.ctx, ast.Load)
        )
    )


def _super_callers(module: ast.Module, name: str, cls: str) -> Optional[list]:
    """For a private class ``cls`` the module only derives from (never named otherwise, so
    every instance is of a subclass) whose every subclass overrides ``name``: the overrides,
    each ``(method, subclass)``, the only way to the base's method being ``super().name(...)``
    in them; None otherwise."""
    if not cls.startswith("_") or not module_classes(module).only_derived(cls):
        return None
    tops = [b for b in module.body if isinstance(b, ast.ClassDef)]
    out = []
    for sub in tops:
        if not any(_name_of(b) == cls for b in sub.bases):
            continue
        override = [
            m
            for m in sub.body
            if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == name
        ]
        if len(override) != 1 or not _plain_method(override[0]):
            return None
        out.append((override[0], sub.name))
    return out or None


def _dispatch_tables(module: ast.Module, name: str) -> set:
    """The module-level names bound once, by a plain (or annotated) assignment, to a dict (its
    values) or a tuple/list naming function ``name`` directly, and nothing else of the module
    names it."""
    out = set()
    stores = Counter(n for m in module.body for n in _stored_names(m))
    for b in module.body:
        if isinstance(b, ast.AnnAssign) and b.value is not None:
            target, value = b.target, b.value
        elif isinstance(b, ast.Assign) and len(b.targets) == 1:
            target, value = b.targets[0], b.value
        else:
            continue
        if not isinstance(target, ast.Name) or stores[target.id] != 1:
            continue
        if isinstance(value, ast.Dict):
            keys, values = value.keys, value.values
        elif isinstance(value, (ast.Tuple, ast.List)):
            keys, values = [], value.elts
        else:
            continue
        inner = [n for k in keys if k is not None for n in walked(k)]
        if any(isinstance(n, ast.Name) and n.id == name for n in inner):
            continue
        if any(isinstance(v, ast.Name) and v.id == name for v in values):
            out.add(target.id)
    return out


def _lookup_default(func: ast.AST) -> str:
    """``name`` for a callee ``T.get(key, name)``, else ``""``."""
    if (
        isinstance(func, ast.Call)
        and isinstance(func.func, ast.Attribute)
        and func.func.attr == "get"
        and len(func.args) == 2
    ):
        return _name_of(func.args[1])
    return ""


def _callee_name(func: ast.AST) -> str:
    """The name a call's callee is read from: ``f`` for ``f(...)``, ``self.f(...)``, and for
    a dispatch table's ``T[key](...)`` / ``T.get(key)(...)``: ``T``."""
    if isinstance(func, ast.Subscript):
        return _name_of(func.value)
    if isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute):
        if func.func.attr == "get":
            return _name_of(func.func.value)
    return _name_of(func)


def _handed_runner(caller, name: str, index: int, keyword: str, tables=()) -> Optional[str]:
    """The parameter of ``caller`` it hands to every call of ``name`` (or through one of the
    dispatch ``tables`` holding it) as the argument at ``index`` (or ``keyword=``), if one and
    the same."""
    params, aliases = _param_aliases(caller)
    found = set()
    callees = {name, *tables}
    shift: dict = {}  # a name bound to ``functools.partial(name, *bound)``: len(bound)
    for n in walked(caller):  # ``for f in T: f(runner)``: the loop's names call it
        if isinstance(n, (ast.For, ast.AsyncFor)) and _name_of(n.iter) in tables:
            callees |= {t.id for t in walked(n.target) if isinstance(t, ast.Name)}
        if (
            isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
            and isinstance(n.value, ast.Call)
            and _name_of(_partial_of(n.value) or ast.Pass()) == name
        ):
            callees.add(n.targets[0].id)
            shift[n.targets[0].id] = len(n.value.args) - 1
    for n in walked(caller):
        if not (
            isinstance(n, ast.Call)
            and (_callee_name(n.func) in callees or _lookup_default(n.func) in callees)
        ):
            continue
        if _partial_of(n) is not None:
            continue  # (the partial itself: its call is counted where it is called)
        args = [a for a in n.args if not isinstance(a, ast.Starred)]
        at = index - shift.get(_callee_name(n.func), 0)
        arg = args[at] if 0 <= at < len(args) else None
        arg = next((k.value for k in n.keywords if k.arg == keyword), arg)
        if not isinstance(arg, ast.Name):
            return None
        found.add(aliases.get(arg.id, arg.id))
    return found.pop() if len(found) == 1 and found <= params else None


def _wrapped_by_module(module: ast.Module, fn) -> bool:
    """Is ``fn`` decorated, and only by plain names of the module's own functions?"""
    own = {n.name for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return bool(fn.decorator_list) and all(
        isinstance(d, ast.Name) and d.id in own for d in fn.decorator_list
    )


def guarded_by_callers(
    fn,
    module: ast.Module,
    mark: Callable,
    tests: ClassTests,
    cls: Optional[str] = None,
    keys: Optional[set] = None,
    depth: int = 0,
    backends: frozenset = frozenset(),
) -> Union[dict, str, None]:
    """:func:`guarded` for the fetches of a private helper ``fn`` (its marked tree: a module
    function, or a method of ``cls`` called through ``self``) whose guard may be in its
    callers: guarded where every function of the module calling it is, evaluated with
    ``fn``'s fetches in place (the caller's runner: the one it reads the allocator from, or
    the one it hands ``fn``); a caller that lets them escape is judged by its own callers in
    turn, where it is such a helper too (``keys``: the fetches, for a caller holding none of
    them itself). A method of a backend class (``backends``) that sglang never calls of a
    backend (the API model) is reached through the module's code only: judged there too.
    None where its callers are not all known (public, or referred to other than by
    calls)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    owner_node = next(
        (b for b in module.body if isinstance(b, ast.ClassDef) and b.name == cls), None
    )
    enum_owner = owner_node is not None and bool(
        {_name_of(b) for b in owner_node.bases} & _ENUM_BASES
    )  # (its instances are its members: called where the module names them)
    private = fn.name.startswith("_") or (cls is not None and cls.startswith("_")) or enum_owner
    # a module function wrapped by the module's own decorators: every call runs the wrapper
    # (its guard), so the module's calls are the ones to judge
    private = private or (cls is None and _wrapped_by_module(module, fn))
    private = private or (cls in backends and not may_be_read_elsewhere(fn.name))
    # a method taking nothing but its instance decides by the state the module's code built
    # (``self.model_runner`` kept by ``__init__``): judged where the module calls it
    stateful = cls is not None and len(fn.args.posonlyargs + fn.args.args) == 1
    stateful = stateful and not (fn.args.vararg or fn.args.kwonlyargs or fn.args.kwarg)
    if not (private or stateful or _member_params(fn) or _decides_by_arguments(fn)):
        return None  # a public helper is judged by its callers here only when it is handed
        # the allocator and the facts to decide by, not the runner (what it is given decides)
    if cls is None:
        holder, body = None, module.body
    else:
        holder = next(
            (b for b in module.body if isinstance(b, ast.ClassDef) and b.name == cls), None
        )
        if holder is None or fn.name == "__init__" or "classmethod" in _decorators(fn):
            return None
        body = holder.body
    defs = [b for b in body if isinstance(b, type(fn)) and b.name == fn.name]
    callers = _callers(module, fn.name, cls) if len(defs) == 1 else None
    if callers is None and cls is not None and len(defs) == 1:
        callers = _super_callers(module, fn.name, cls)
    reach = None
    if callers is None and cls is not None and len(defs) == 1:
        # ``view.name()`` on an instance built elsewhere: followed where the call is reached
        others = [c for c in module.body if isinstance(c, ast.ClassDef) and c.name != cls]
        if not any(_defines(c, fn.name) for c in others):
            callers, reach = _callers(module, fn.name, cls, instances=True), fn
    if callers is None:
        return None
    marked = _with_marked(module, fn, holder, defs[0])
    if keys is None:
        keys = {mark(n) for n in walked(fn) if isinstance(n, ast.Call) and mark(n) is not None}
    root = _runner_root(fn)
    names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    out = {k: True for k in keys}
    # a call on the way the scenarios cannot follow (a decorated method) may run ``fn`` unseen
    closed = frozenset(_leads_to(module, {fn.name}))
    for caller, owner in callers:
        runner = None
        if root is not None and root in names:
            bound = cls is not None and "staticmethod" not in _decorators(fn)
            index = names.index(root) - (1 if bound else 0)
            tables = _dispatch_tables(module, fn.name) if cls is None else ()
            runner = _handed_runner(caller, fn.name, index, root, tables)
        if runner is None:
            runner = _named_runner(caller)
        got = guarded(
            caller,
            marked,
            mark,
            tests,
            owner,
            keys=keys,
            runner=runner,
            reach=reach,
            closed=closed,
        )
        if isinstance(got, dict) and not all(got.get(k, False) for k in keys) and depth < 2:
            above = guarded_by_callers(caller, marked, mark, tests, owner, keys, depth + 1)
            got = above if isinstance(above, dict) else got
        if not isinstance(got, dict):
            return got
        out = {k: out[k] and got.get(k, False) for k in keys}
    return out


def _with_marked(module: ast.Module, fn, holder, original) -> ast.Module:
    """``module`` with ``original`` (a function of the module, or a method of class
    ``holder``) replaced by ``fn``, its marked copy."""
    body = module.body if holder is None else holder.body
    swapped = [fn if b is original else b for b in body]
    if holder is None:
        return ast.Module(body=swapped, type_ignores=[])
    klass = copy.copy(holder)
    klass.body = swapped
    return ast.Module(body=[klass if b is holder else b for b in module.body], type_ignores=[])


def _mentions(node: ast.AST) -> set:
    """The names, attribute names and strings ``node`` holds."""
    out = set()
    for n in walked(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            out.add(n.value)
    return out


def _leads_to(module: ast.Module, names: set) -> set:
    """The names whose code or value may lead to ``names``, by name over the whole module
    (scopes and flow ignored: an over-approximation): a function, class or method whose code
    mentions one, and a name or attribute bound (assigned, looped over, entered) from a value
    that does."""
    edges: dict = {}
    for d, params in _module_decorators(module).items():
        for param in params:
            edges.setdefault(param, set()).add(d.name)
    lists = _module_lists(module)
    for n in walked(module):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            edges.setdefault(n.name, set()).update(_mentions(n))
            continue
        kept_in = _appended_to(n, lists) if isinstance(n, ast.Call) else None
        if kept_in is not None:
            edges.setdefault(kept_in, set()).update(*(_mentions(a) for a in n.args))
            continue
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            pairs = [(t, n.value) for t in getattr(n, "targets", [getattr(n, "target", None)])]
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            pairs = [(n.target, n.iter)]
        elif isinstance(n, ast.withitem):
            pairs = [(n.optional_vars, n.context_expr)]
        else:
            continue
        for target, value in pairs:
            if target is None or value is None:
                continue
            for key in _bound_keys(target):
                edges.setdefault(key, set()).update(_mentions(value))
    leads = set(names)
    grown = True
    while grown:
        grown = False
        for key, mentioned in edges.items():
            if key not in leads and mentioned & leads:
                leads.add(key)
                grown = True
    return leads


def _made_decorator(factory) -> Optional[ast.FunctionDef]:
    """The function a decorator factory of the module returns (``def register(kind): def
    deco(fn): ...; return deco``): the nested one its only ``return`` names; None else."""
    if not isinstance(factory, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    returns = [st for st in factory.body if isinstance(st, ast.Return)]
    nested = {st.name: st for st in factory.body if isinstance(st, ast.FunctionDef)}
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Name):
        return None
    return nested.get(returns[0].value.id)


def _module_decorators(module: ast.Module) -> dict:
    """Module functions decorated only by functions of the module (``@register``, innermost
    first; or made by a factory of the module, ``@register("kind")``): ``{def: the first
    parameters of those decorators}``, which receive it."""
    defs = {
        n.name: n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    out: dict = {}
    for d in defs.values():
        makers = [
            (
                _made_decorator(defs.get(x.func.id))
                if isinstance(x, ast.Call) and isinstance(x.func, ast.Name)
                else defs.get(x.id) if isinstance(x, ast.Name) else None
            )
            for x in d.decorator_list
        ]
        if not makers or None in makers:
            continue
        params = set()
        for m in makers:
            first = (m.args.posonlyargs + m.args.args)[:1]
            if not first:
                break
            params.add(first[0].arg)
        else:
            out[d] = params
    return out


def _module_lists(module: ast.Module) -> set:
    """The names the module binds once, at module level, to a list or tuple literal."""
    constants, _, stores, _ = _module_names(module)
    return {
        name
        for node in constants
        for name in _stored_names(node)
        if stores[name] == 1 and isinstance(node.value, (ast.List, ast.Tuple))
    }


def _appended_to(call: ast.Call, lists: set) -> Optional[str]:
    """The module list ``call`` appends to (``REGISTRY.append(fn)``), else None."""
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "append"
        and isinstance(func.value, ast.Name)
        and func.value.id in lists
    ):
        return func.value.id
    return None


def _bound_keys(target: ast.AST) -> list:
    """The names a store binds: ``x`` -> x, ``a.b`` -> b, ``t[k]`` -> t's, unpacked pairs."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Attribute):
        return [target.attr]
    if isinstance(target, ast.Subscript):
        return _bound_keys(target.value)
    if isinstance(target, ast.Starred):
        return _bound_keys(target.value)
    if isinstance(target, (ast.Tuple, ast.List)):
        return [k for e in target.elts for k in _bound_keys(e)]
    return []


# calls given a value that neither keep nor run it where the module's names no longer show
# (``T.get(key, default)``: its value is the lookup's, followed by the scenarios)
# decorators that keep what they decorate to itself
_PLAIN_DECORATORS = frozenset(
    {
        "dataclass",
        "staticmethod",
        "classmethod",
        "property",
        "cached_property",
        "abstractmethod",
        "total_ordering",
        "unique",
        "setter",
        "getter",
        "deleter",
        "override",
        "final",
        "cache",
        "lru_cache",
    }
)
_NOT_HANDING = frozenset({"isinstance", "getattr", "hasattr", "id", "len", "get", "setdefault"})
# the callables the scenarios model (a value handed to one stays in their view)
_MODELLED = _BUILTINS | {name for _, name in _KNOWN_CALLABLES} - {"partial"}


def _handed_away(module: ast.Module, leads: set) -> bool:
    """Is a name of ``leads`` handed to a call (other than ``functools.partial``, whose value
    the scenarios hold) or returned by a lambda default: code that may run it where the
    module's names no longer show? (A module record that runs no code of its own only holds
    what it is given, for the module's code to read.)"""
    records = {
        c.name
        for c in module.body
        if isinstance(c, ast.ClassDef)
        and is_record(c)
        and not any(_defines(c, m) for m in ("__init__", "__post_init__", "__new__"))
    }
    leads = set(leads)
    makers = _module_decorators(module)
    for d in walked(module):
        if isinstance(d, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and (
            d.name in leads
            and {_name_of(x.func if isinstance(x, ast.Call) else x) for x in d.decorator_list}
            - _PLAIN_DECORATORS
        ):
            if not isinstance(d, ast.ClassDef) and d in makers:
                leads |= makers[d]  # (a module decorator's parameter: followed there)
                continue
            return True  # (a decorator is handed what it decorates: a registry, say)
    lists = _module_lists(module)
    logged = {id(x) for n in walked(module) if is_log_call(n) for x in walked(n)}
    defs: dict = {}  # the module's functions and methods by name (the interpreter runs them)
    for holder in walked(module):
        body = getattr(holder, "body", None)
        for d in body if isinstance(body, list) else ():
            if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs.setdefault(d.name, []).append((d, isinstance(holder, ast.ClassDef)))
    grown = True
    while grown:  # (handed to the module's own code: followed there, under its parameters)
        grown = False
        for n in walked(module):
            if not isinstance(n, ast.Call) or _name_of(n.func) in records or id(n) in logged:
                continue  # (a log line, and what it calls, only format what they are given)
            kept_in = _appended_to(n, lists)
            if kept_in is not None:  # (a module list the scenarios hold: it keeps it)
                if _mentions(n) & leads and kept_in not in leads:
                    leads.add(kept_in)
                    grown = True
                continue
            args = n.args[1:] if _name_of(n.func) == "partial" else n.args
            given = [(i, a) for i, a in enumerate(args)] + [(k.arg, k.value) for k in n.keywords]
            for at, a in given:
                starred = isinstance(a, ast.Starred)
                a = a.value if starred else a
                if not (isinstance(a, (ast.Name, ast.Attribute)) and _mentions(a) & leads):
                    continue
                if _name_of(n.func) in _NOT_HANDING | _MODELLED and _name_of(n.func) not in defs:
                    continue  # (a builtin the scenarios run: what it calls, they follow)
                param = _receiving(defs.get(_name_of(n.func), []), n, at, starred)
                if param is None:
                    return True
                if param not in leads:
                    leads.add(param)
                    grown = True
    return False


def _receiving(defs: list, call: ast.Call, at, starred: bool) -> Optional[str]:
    """The parameter of the one module function ``defs`` holds (``(def, is a method)``) that
    receives argument ``at`` (a position, or a keyword) of ``call``; None where that is not
    known."""
    if len(defs) != 1 or starred or at is None or _name_of(call.func) == "partial":
        return None
    fn, method = defs[0]
    params = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
    if isinstance(at, str):
        known = params + [p.arg for p in fn.args.kwonlyargs]
        return at if at in known else None
    bound = method and isinstance(call.func, ast.Attribute)
    bound = bound and "staticmethod" not in _decorators(fn)
    index = at + (1 if bound else 0)
    return params[index] if index < len(params) else None


def guarded_from_entries(
    fn,
    module: ast.Module,
    mark: Callable,
    tests: ClassTests,
    cls: Optional[str] = None,
    backends: frozenset = frozenset(),
) -> Optional[dict]:
    """:func:`guarded` for the fetches of a private helper ``fn`` (a module function, or a
    method of a private class) whose callers are not all calls the module spells out (it is
    reached through a registry, a strategy object, a table lookup kept in a local): every
    way into the module (its public functions, and the public methods and dunders of its
    public classes) is evaluated on the draft, with ``fn``'s fetches in place; a call on the
    way the scenarios cannot follow whose callee may lead to ``fn`` leaves it undecided. None
    where undecided or where no way in binds a runner. ``backends``: the module's attention
    backend classes (the scope's base patterns), the classes sglang builds: a method of
    another class, public or not (a strategy class, an enum's method, a record's
    ``__post_init__``), is judged from their ways in alone (a public module function may be
    imported elsewhere: judged alone)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    helper = bool(backends) and cls is not None and cls not in backends
    dunder = fn.name.startswith("__") and fn.name.endswith("__")
    private = (fn.name.startswith("_") and not dunder) or (cls or "").startswith("_")
    if helper:
        if fn.name == "__new__":
            return None
    elif not private or fn.name in ("__init__", "__new__", "__post_init__"):
        return None
    holder = None
    if cls is not None:
        holder = next(
            (b for b in module.body if isinstance(b, ast.ClassDef) and b.name == cls), None
        )
        if holder is None:
            return None
    body = module.body if holder is None else holder.body
    defs = [b for b in body if isinstance(b, type(fn)) and b.name == fn.name]
    if len(defs) != 1:
        return None
    # (an instance of ``cls`` leads to it too: ``__call__`` and the like run by syntax)
    leads = _leads_to(module, {fn.name, cls} - {None})
    top = [b for b in module.body if not isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if _handed_away(module, leads) or any(
        isinstance(n, ast.Call) and _name_of(n.func) == fn.name
        for b in top
        if not isinstance(b, ast.ClassDef)
        for n in walked(b)
    ):
        return None  # handed on, or run by the module's own top-level code
    marked = _with_marked(module, fn, holder, defs[0])
    keys = {mark(n) for n in walked(fn) if isinstance(n, ast.Call) and mark(n) is not None}
    entries = [
        (b, None)
        for b in marked.body
        if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not b.name.startswith("_")
        and not helper
    ]
    for klass in marked.body:
        if isinstance(klass, ast.ClassDef) and (
            klass.name in backends if helper else not klass.name.startswith("_")
        ):
            entries += [
                (m, klass.name)
                for m in klass.body
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                and (not m.name.startswith("_") or m.name.endswith("__"))
            ]
    out = {k: True for k in keys}
    judged = 0
    decorators = {  # (run where the module defines what they decorate: modelled there)
        m.name
        for d in _module_decorators(marked)
        for m in marked.body
        if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any(
            _name_of(x.func if isinstance(x, ast.Call) else x) == m.name for x in d.decorator_list
        )
    }
    for entry, owner in entries:
        if not _mentions(entry) & leads or (owner is None and entry.name in decorators):
            continue  # it cannot lead to ``fn``
        runner = _runner_root(entry) or _named_runner(entry)
        got = guarded(
            entry, marked, mark, tests, owner, keys=keys, runner=runner, closed=frozenset(leads)
        )
        if not isinstance(got, dict):
            return None
        judged += 1
        out = {k: out[k] and got.get(k, False) for k in keys}
    return out if judged else None


def judged_by_callers(fn) -> bool:
    """Is ``fn`` judged where the module calls it: a private helper, or one handed what it
    decides by (:func:`_decides_by_arguments`: the pool with the allocator, not the runner)?"""
    return fn.name.startswith("_") or _decides_by_arguments(fn)


def _decides_by_arguments(fn) -> bool:
    """Is ``fn`` handed what it decides by rather than the runner: it reads no runner's
    allocator and takes more than one argument (the allocator and, say, the pool or the draft
    flag), or one record or tuple of them? One taking the allocator alone has nothing to
    decide by: judged alone."""
    params = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    bound = (
        params[:1]
        if "staticmethod" not in _decorators(fn) and params and params[0].arg in ("self", "cls")
        else []
    )
    if _runner_root(fn) is not None:
        return False
    if len(params) - len(bound) > 1:
        return True
    # one record of facts (``facts.pool``, ``facts["draft"]``, ``pool, alloc, draft = facts``):
    # it decides by its fields or items
    names = {p.arg for p in params[len(bound) :]}
    read = set()
    for n in walked(fn):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in names:
            read.add((n.value.id, n.attr))
        elif (
            isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name)
            and n.value.id in names
            and isinstance(n.slice, ast.Constant)
        ):
            read.add((n.value.id, repr(n.slice.value)))
        elif (
            isinstance(n, ast.Assign)
            and isinstance(n.value, ast.Name)
            and n.value.id in names
            and any(isinstance(t, ast.Tuple) and len(t.elts) > 2 for t in n.targets)
        ):
            return True
    return len(read) > 2


def _named_runner(fn) -> Optional[str]:
    """The parameter of ``fn`` named or annotated as the model runner (``model_runner``,
    ``runner``, ``: ModelRunner``), if exactly one: names as evidence, as the flow model
    takes them."""
    found = [
        a.arg
        for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
        if a.arg in ("model_runner", "runner")
        or (a.annotation is not None and "ModelRunner" in ast.unparse(a.annotation))
    ]
    return found[0] if len(found) == 1 else None


def _runner_root(fn) -> Optional[str]:
    """The parameter whose ``token_to_kv_pool_allocator`` ``fn`` reads (directly or through a
    local bound once to it), if there is exactly one."""
    params, aliases = _param_aliases(fn)
    roots = set()
    for n in walked(fn):
        if isinstance(n, ast.Attribute) and n.attr == "token_to_kv_pool_allocator":
            holder = n.value
        elif (
            isinstance(n, ast.Call)
            and _name_of(n.func) == "getattr"
            and len(n.args) >= 2
            and isinstance(n.args[1], ast.Constant)
            and n.args[1].value == "token_to_kv_pool_allocator"
        ):
            holder = n.args[0]  # (``getattr(runner, "token_to_kv_pool_allocator", None)``)
        else:
            continue
        if isinstance(holder, ast.Name):
            roots.add(aliases.get(holder.id, holder.id))
    return roots.pop() if len(roots) == 1 and roots <= params else None


def _stored_elsewhere(module: ast.Module, *inits) -> Optional[set]:
    """The attribute names stored (``x.<name> = ...``, ``del x.<name>``) in the module outside
    the statements of ``inits`` (a function nested in one runs when called: outside); None
    where ``setattr`` or a store into ``vars(x)`` / ``x.__dict__`` may set any."""
    inside: set = set()
    todo = [st for init in inits for st in init.body]
    while todo:
        n = todo.pop()
        inside.add(id(n))
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(n))
    stores = _attribute_store_sites(module)
    return None if stores is None else {attr for at, attr in stores if at not in inside}


@per_node
def _attribute_store_sites(module: ast.Module) -> Optional[tuple]:
    """``(id(node), name)`` for each attribute store or ``del`` in ``module``; None where
    ``setattr`` or a store into ``vars(x)`` / ``x.__dict__`` may set any."""
    if any(_name_of(n.func) in ATTRIBUTE_STORE_CALLS for n in of_type(module, ast.Call)):
        return None
    for n in of_type(module, ast.Subscript):
        base = n.value
        if not isinstance(n.ctx, ast.Load) and (
            (isinstance(base, ast.Attribute) and base.attr == "__dict__")
            or (isinstance(base, ast.Call) and _name_of(base.func) == "vars")
        ):
            return None
    return tuple(
        (id(n), n.attr) for n in of_type(module, ast.Attribute) if not isinstance(n.ctx, ast.Load)
    )


def _stored_runner(init, owner: ast.ClassDef) -> Optional[str]:
    """The parameter of ``init`` it keeps as ``self.<a> = <param>`` where some method of the
    class reads ``self.<a>.token_to_kv_pool_allocator`` (the runner the class keeps)."""
    params = {a.arg for a in init.args.posonlyargs + init.args.args + init.args.kwonlyargs}
    kept = {}
    for n in walked(init):
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and n.value.id in params:
            for t in n.targets:
                if isinstance(t, ast.Attribute) and _name_of(t.value) == "self":
                    kept[t.attr] = n.value.id

    def kept_attr(e, aliases: dict) -> Optional[str]:
        if isinstance(e, ast.Name):
            e = aliases.get(e.id)
        if isinstance(e, ast.Attribute) and _name_of(e.value) == "self":
            return e.attr
        return None

    read = set()
    for method in owner.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        aliases = _bound_once(method)  # e.g. ``mr = self.model_runner``
        for n in walked(method):
            if isinstance(n, ast.Attribute) and n.attr == "token_to_kv_pool_allocator":
                attr = kept_attr(n.value, aliases)
                if attr is not None:
                    read.add(attr)
    found = {kept[a] for a in read if a in kept}
    return found.pop() if len(found) == 1 else None


def _plain_method(fn) -> bool:
    """A method called on an instance (not ``__init__``, no static or class method)."""
    decorators = set(_decorators(fn))
    return (
        fn.name != "__init__"
        and bool(fn.args.args)
        and not decorators & {"staticmethod", "classmethod"}
    )


def _built_self(
    interp: "_Interp", owner: ast.ClassDef, generation: str, pool: "Obj", instance=None
):
    """The instance the class's ``__init__`` builds on a regular draft (its runner parameter,
    read there or kept on ``self`` for the methods, bound as :func:`_runner` makes it):
    ``Obj("self")`` holding what ``__init__`` stores and nothing else in the module stores
    (what a base class of another module sets is unknown: read as unknown, explored both
    ways); None where ``__init__`` binds no runner or cannot be evaluated. ``instance``: a
    class deriving from ``owner`` whose own ``__init__`` runs first, its ``super().__init__``
    chain within the module counted as its own."""
    built = instance if instance is not None else owner
    chain = _init_chain(interp, built)  # (an ``__init__`` it inherits runs too)
    if chain:
        first, init = chain[0]
        elsewhere = _stored_elsewhere(interp.module, *(i for _, i in chain))
        return _build(interp, first, init, elsewhere, generation, pool, built)
    init = _method(owner, "__init__")
    elsewhere = _stored_elsewhere(interp.module, init) if init is not None else None
    return _build(interp, owner, init, elsewhere, generation, pool, owner)


def _calls_super_init(init) -> bool:
    """Does ``init`` call ``super().__init__(...)``?"""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "__init__"
        and isinstance(n.func.value, ast.Call)
        and _name_of(n.func.value.func) == "super"
        for n in walked(init)
    )


def _init_chain(interp: "_Interp", cls: ast.ClassDef) -> list:
    """``(class, __init__)`` in the order building an instance of ``cls`` runs them: the first
    ``__init__`` in its lookup order, then, while the one run calls ``super().__init__``, the
    next (module classes only; [] where one is wrapped by a decorator or none is found)."""
    order = interp.mro(cls)
    out: list = []
    at = 0
    while at < len(order):
        found = next(
            ((i, c) for i, c in enumerate(order[at:], at) if _defines(c, "__init__")), None
        )
        if found is None:
            break
        i, c = found
        init = _method(c, "__init__")
        if init is None:
            return []
        out.append((c, init))
        if not _calls_super_init(init):
            break
        at = i + 1
    return out


def _build(interp: "_Interp", owner, init, elsewhere, generation: str, pool: "Obj", instance):
    """:func:`_built_self` with ``init`` (of ``owner``) run for an instance of ``instance``,
    the attributes ``elsewhere`` stored forgotten."""
    if init is None:
        return None
    root = _runner_root(init)
    if root is not None and root == _instance_param(init):
        root = None  # (``self.token_to_kv_pool_allocator = ...``: stored, not read off a runner)
    param = root or _stored_runner(init, owner) or _named_runner(init)
    if param is None or elsewhere is None:
        return None
    env = _bind_params(init, owner, instance)
    _bind_defaults(interp, init, env, param, instance)
    env[param] = _runner(generation, pool)
    if param != root and param != _named_runner(init):
        # kept only for the allocator a method reads off it (``self.backend = backend``): an
        # object holding the runner's pieces (a backend, a batch), its other members unknown
        env[param] = Obj("holder", env[param].attrs)
    first = (init.args.posonlyargs + init.args.args)[0].arg
    outcomes = interp.block(init.body, env, 0)
    if outcomes and all(o[0] == "raise" for o in outcomes):
        raise _NeverBuilt(outcomes[0][1])
    built = env[first]
    for name in elsewhere:
        built.attrs.pop(name, None)
    return built


# the runner's members a helper may take one by one (``resolve(token_to_kv_pool,
# token_to_kv_pool_allocator, *, is_draft_worker, spec_algorithm)``)
_RUNNER_MEMBERS = (
    "token_to_kv_pool",
    "token_to_kv_pool_allocator",
    "is_draft_worker",
    "spec_algorithm",
)


def _called_by_name(module: ast.Module, name: str) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
        for n in walked(module)
    )


def _member_params(fn) -> tuple:
    """The parameters of ``fn`` named for the runner's members, when the allocator is one of
    them: on the draft each holds that member (names as evidence, as the flow model takes a
    parameter named like a root)."""
    args = fn.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    found = tuple(n for n in names if n in _RUNNER_MEMBERS)
    return found if "token_to_kv_pool_allocator" in found else ()


def _draft_env(
    interp: "_Interp",
    fn,
    owner,
    param,
    generation: str,
    pool: "Obj",
    members: tuple = (),
    instance=None,
):
    """``fn``'s parameters bound for a regular draft with ``pool``: ``param`` (the runner) as
    :func:`_runner` makes it, or, for a method that binds none, ``self`` as the instance
    ``__init__`` builds on that draft (None where it cannot be built); ``self`` of
    ``instance`` (one of :func:`_instance_classes`; the first by default)."""
    env = _bind_params(fn, owner, instance or _instance_classes(interp, owner)[0])
    if fn.name == "__init__" and owner is not None:
        _bind_defaults(interp, fn, env, param, owner)
    interp.own_pool = pool
    if param is not None and owner is not None and param == _instance_param(fn):
        # ``self.token_to_kv_pool_allocator``: the instance holds it, not a runner (None
        # where no instance can be built: a helper class is judged from its callers)
        built = _built_self(interp, owner, generation, pool, instance)
        if built is not None:
            env[param] = env["__self__"] = built
        return env if built is not None else None
    if param is not None:
        env[param] = _runner(generation, pool)
        return env
    if members:
        runner = _runner(generation, pool)
        for name in members:
            env[name] = runner.attrs[name]
        return env
    built = _built_self(interp, owner, generation, pool, instance)
    if built is None:
        return None
    env[fn.args.args[0].arg] = env["__self__"] = built
    return env


def _bind_defaults(interp: "_Interp", init, env: dict, param: Optional[str], cls) -> None:
    """A backend is built from its runner alone: ``init``'s other parameters hold their
    defaults (as ``**kwargs`` holds nothing), but for those a construction of ``cls`` in the
    module passes (a helper built with ``source="allocator"``: unknown, both ways)."""
    args = init.args
    positional = args.posonlyargs + args.args
    pairs = [*zip(positional[len(positional) - len(args.defaults) :], args.defaults)]
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    passed = _passed_to(interp.module, getattr(cls, "name", None), positional)
    for a, default in pairs:
        if a.arg != param and a.arg not in passed:
            try:
                env[a.arg] = interp.eval(default, {}, 0)
            except (Undecided, _Raised):
                pass


def _passed_to(module: ast.Module, name: Optional[str], positional: list) -> set:
    """The parameters of class ``name``'s ``__init__`` (``positional``: its positional ones,
    ``self`` first) some call ``name(...)`` (or ``<x>.name(...)``) in the module passes; every
    one where a call spreads ``*args`` / ``**kwargs``."""
    out: set = set()
    if name is None:
        return out
    everything = {a.arg for a in positional} | {"*"}
    for n in of_type(module, ast.Call):
        if _name_of(n.func) != name:
            continue
        if any(isinstance(a, ast.Starred) for a in n.args) or any(
            k.arg is None for k in n.keywords
        ):
            return everything
        out |= {a.arg for a in positional[1 : 1 + len(n.args)]}
        out |= {k.arg for k in n.keywords}
    return out


def _manager_parts(node) -> Optional[tuple]:
    """A ``@contextmanager`` function's body split at its one ``yield``: ``(setup, the value
    yielded, what runs on leaving normally, what runs on a raise)``, for a ``yield`` that is
    a statement of the body (a raise from the ``with`` body skips the rest) or the whole
    body of a ``try`` with only a ``finally`` (which runs either way); None for any other
    shape."""
    if sum(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in walked(node)) != 1:
        return None

    def yielded(st) -> bool:
        return isinstance(st, ast.Expr) and isinstance(st.value, ast.Yield)

    for i, st in enumerate(node.body):
        rest = node.body[i + 1 :]
        if yielded(st):
            return node.body[:i], st.value.value, rest, []
        if (
            isinstance(st, ast.Try)
            and len(st.body) == 1
            and yielded(st.body[0])
            and not st.handlers
            and not st.orelse
        ):
            return node.body[:i], st.body[0].value.value, st.finalbody + rest, st.finalbody
    return None


def _stdlib_import(s) -> bool:
    """Does the import statement ``s`` import from the standard library alone?"""
    if isinstance(s, ast.ImportFrom):
        if s.level or not s.module:
            return False  # (a relative import: the package's own module)
        return s.module.split(".")[0] in sys.stdlib_module_names
    return all(a.name.split(".")[0] in sys.stdlib_module_names for a in s.names)


def _instance_param(fn) -> Optional[str]:
    """The parameter a method of a class binds its instance (or class) to: the first
    positional one, unless it is a ``staticmethod``."""
    params = fn.args.posonlyargs + fn.args.args
    if not params or "staticmethod" in _decorators(fn):
        return None
    return params[0].arg


def reached_by_callers(fn, module: ast.Module, node, tests: ClassTests, cls=None) -> Optional[bool]:
    """For a private helper ``fn`` (a module function, or a method called through ``self``)
    whose callers the module knows all of (:func:`_callers`): is ``node`` (an expression of
    ``fn``) evaluated when one of them runs on a regular EAGLE draft (its guard may be in the
    caller: ``if not self.use_swa: return ...; return self._swa_loc(loc)``)? None where that
    cannot be told."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if not judged_by_callers(fn) or fn.name.startswith("__"):
        return None
    callers = _callers(module, fn.name, cls)
    if not callers:
        return None
    for caller, owner in callers:
        truths = draft_truths(caller, module, [node], tests, owner)
        if truths is None:
            return None
        if id(node) in truths:
            return True
    return False


def reached_from_entries(
    fn, module: ast.Module, node, tests: ClassTests, cls: Optional[str], backends: frozenset
) -> Optional[bool]:
    """For a method ``fn`` of a helper class ``cls`` (a module class that is no attention
    backend: ``backends``, the classes sglang builds): is ``node`` (an expression of ``fn``)
    evaluated when one of the backends' ways in (public methods and dunders) runs on a
    regular EAGLE draft? None where that cannot be told (no way in evaluated or none calling
    ``fn``, or a value leading to ``cls`` handed to code the scenarios do not follow)."""
    if cls is None or not backends or cls in backends:
        return None
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    leads = _leads_to(module, {fn.name, cls})
    if _handed_away(module, leads):
        return None
    judged, called = 0, set()
    for klass in module.body:
        if not isinstance(klass, ast.ClassDef) or klass.name not in backends:
            continue
        for entry in klass.body:
            if not isinstance(entry, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if entry.name.startswith("_") and not entry.name.endswith("__"):
                continue
            if not _mentions(entry) & leads:
                continue
            truths = draft_truths(entry, module, [node], tests, klass.name, invoked=called)
            if truths is None:
                return None
            if id(node) in truths:
                return True
            judged += 1
    # (a method no way in calls may be called from elsewhere: nothing said about it)
    return False if judged and id(fn) in called else None


def draft_indifferent(
    fn,
    module: ast.Module,
    node,
    tests: ClassTests,
    cls=None,
    depth: int = 0,
    backends: frozenset = frozenset(),
) -> bool:
    """Does the value of ``node`` (an expression of ``fn``, e.g. a class test of the allocator)
    change nothing ``fn`` returns or keeps on a regular EAGLE draft? ``fn`` is evaluated twice
    per spec API, the value forced True and then False: the same outcomes (returns, raises)
    and the same state kept (``self``'s attributes) mean it decides
    nothing for the draft (``match (is_draft, isinstance(a, SWA...))`` whose SWA case needs a
    non-draft). Where ``fn``'s own outcomes differ and it is a private helper whose callers
    the module knows all of, each caller is evaluated the same way, running ``fn`` (``all()``
    over a helper's list of a pool test and an allocator probe). False where that cannot be
    told: a value unknown, or not evaluable. ``backends``: the module's backend classes; the
    ``__init__`` of another class (a helper handed the allocator) is judged where the module
    builds it."""
    if _indifferent_in(fn, module, node, tests, cls, inside=depth == 0):
        return True
    subclasses = _super_inits(module, fn, cls)
    if subclasses and depth < 2:  # (a private base's ``__init__``: run by its subclasses')
        return all(
            draft_indifferent(init, module, node, tests, sub, depth + 1, backends)
            for init, sub in subclasses
        )
    if (
        depth < 2
        and cls
        and backends
        and cls not in backends
        and getattr(fn, "name", None) == "__init__"
    ):
        sites = _callers(module, cls, None)
        return bool(sites) and all(
            site is not fn and draft_indifferent(site, module, node, tests, owner, depth + 1)
            for site, owner in sites
        )
    if (
        depth >= 2
        or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        or not fn.name.startswith("_")
        or fn.name.startswith("__")
    ):
        return False
    callers = _callers(module, fn.name, cls)
    return bool(callers) and all(
        caller is not fn
        and draft_indifferent(caller, module, node, tests, owner, depth + 1, backends)
        for caller, owner in callers
    )


def _super_inits(module: ast.Module, fn, cls: Optional[str]) -> Optional[list]:
    """For ``__init__`` of a private class the module only derives from: ``(the subclass's
    __init__, its name)`` for every module class whose lookup reaches ``fn``, each of which
    defines an ``__init__`` calling ``super().__init__`` (None where one does not: its
    instances run ``fn`` alone)."""
    if not cls or getattr(fn, "name", None) != "__init__":
        return None
    classes = module_classes(module)
    if not classes.only_derived(cls) or classes.ambiguous:
        return None
    out = []
    for name, node in classes.defs.items():
        order = lookup_order(name, classes.bases)
        if name == cls or cls not in order:
            continue
        init = next(
            (m for m in node.body if isinstance(m, _FUNCS_DEF) and m.name == "__init__"), None
        )
        if init is None or not _calls_super_init(init):
            return None
        out.append((init, name))
    return out or None


def _indifferent_in(
    fn, module: ast.Module, node, tests: ClassTests, cls=None, inside: bool = True
) -> bool:
    """:func:`draft_indifferent` with ``fn`` evaluated (``node`` in it or, unless ``inside``,
    in what it calls). Unknowns kept from the same expression over the same values compare
    equal (:meth:`_Interp.witness`; where ``node`` may be in a callee, only those computed
    without running module code: a call hides what it forces)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or any(
        isinstance(n, (ast.Global, ast.Nonlocal)) for n in walked(fn)
    ):
        return False  # (state kept outside ``self`` is not compared)
    values = _decisive_values(node)
    if values is None:
        return False  # (a value whose possible values are not known)
    param = _runner_root(fn) or _named_runner(fn)
    compared = False
    first = _Interp(module, lambda call: None, tests)
    instances = _instance_classes(first, first.classes.get(cls) if cls else None)
    for at, generation in itertools.product(range(len(instances)), ("frozen-api", "older-api")):
        runs = []
        crashed = False  # on a spec API it is not written for (it calls what that one lacks)
        for forced in values:
            interp = _Interp(module, lambda call: None, tests)
            owner = interp.classes.get(cls) if cls else None
            if param is None and (owner is None or not _plain_method(fn)):
                return False
            instance = interp.classes.get(instances[at].name) if owner is not None else None
            try:
                env = _draft_env(interp, fn, owner, param, generation, Obj("pool"), (), instance)
                if env is None:
                    return False
                _witness_initial(interp, env)
                interp.force = {id(node): forced}
                interp.calls_hide = not inside
                outcomes = interp.block(fn.body, env, 0)
            except (Undecided, RecursionError, _Raised):
                return False
            if not outcomes:
                return False
            crashed = crashed or (
                interp.api_missing and ("raise", "AttributeError") in [o[:2] for o in outcomes]
            )
            runs.append(_Run(interp, env, outcomes, instance))
        if crashed:
            continue
        if not _runs_agree(fn, runs) and not _readers_agree(fn, module, owner, runs):
            return False
        compared = True
    return compared


class _Run(NamedTuple):
    """One forced evaluation of a judged function: its interpreter, environment, outcomes
    and the class its ``self`` is an instance of."""

    interp: "_Interp"
    env: dict
    outcomes: list
    instance: Optional[ast.ClassDef]


def _run_signature(fn, run: _Run, skip: frozenset = frozenset(), effects: int = 0):
    """What ``run`` of ``fn`` gave, comparable: its outcomes (a set of paths), what its
    parameters hold after (``self`` without the attributes ``skip``) and the calls not
    followed (from the ``effects``-th); raises :class:`_Unknown` on an unknown."""
    sign = functools.partial(_signature, stored=run.interp.stored)
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs]
    kept = []
    for name in params:  # (``self``, the runner: mutated)
        v = run.env.get(name)
        if isinstance(v, Obj) and v.kind == "self" and skip:
            attrs = sorted(
                (k, _attr_signature(v, k, x, set(), run.interp.stored))
                for k, x in v.attrs.items()
                if k not in skip
            )
            kept.append(("self", tuple(attrs)))
        elif v is TOP and _OPAQUE + name in run.env:
            kept.append(("opaque", name))
        else:
            kept.append(sign(v))
    tests = run.interp.unknown_tests
    if None in tests:
        raise _Unknown  # (a way taken on an unknown that may differ between the runs)
    return (
        frozenset((o[0], sign(o[1])) for o in run.outcomes),
        tuple(kept),
        [_effect_signature(effect, sign) for effect in run.interp.effects[effects:]],
        sorted(map(repr, tests)),
    )


def _runs_agree(fn, runs: list, skip: frozenset = frozenset(), effects=(0, 0)) -> bool:
    """Did the two ``runs`` of ``fn`` give the same (:func:`_run_signature`)?"""
    try:
        a, b = (_run_signature(fn, r, skip, n) for r, n in zip(runs, effects))
    except _Unknown:
        return False
    return a == b


def _differing_attrs(runs: list, name: str) -> Optional[frozenset]:
    """The attributes of ``self`` (the parameter ``name``) the two ``runs`` left different
    (or unknown); None where ``self`` is not an instance there."""
    selves = [r.env.get(name) for r in runs]
    if not all(isinstance(v, Obj) and v.kind == "self" for v in selves):
        return None
    out = set()
    for attr in set(selves[0].attrs) | set(selves[1].attrs):
        signs = []
        for v, r in zip(selves, runs):
            try:
                signs.append(_attr_signature(v, attr, v.attrs[attr], set(), r.interp.stored))
            except (KeyError, _Unknown):
                signs.append(None)
        if None in signs or signs[0] != signs[1]:
            out.add(attr)
    return frozenset(out)


def _readers_agree(fn, module: ast.Module, owner, runs: list) -> bool:
    """Do the two ``runs`` of the method ``fn`` differ only in attributes of ``self`` that
    every method reading them answers alike for (a debug-only translator, a hint the
    pool's test overrides)? The attributes must be private to the class: read only through
    ``self`` in its methods, never by a computed name, and not a name another module may
    read of a backend. Each reading method (``fn`` too, unless it is ``__init__``) runs
    on both states in turn, its parameters the same unknowns."""
    name = _instance_param(fn)
    if owner is None or name is None or set(_decorators(fn)) & {"staticmethod", "classmethod"}:
        return False
    differ = _differing_attrs(runs, name)
    if not differ or any(may_be_read_elsewhere(a) for a in differ):
        return False
    if not _runs_agree(fn, runs, differ) or runs[0].interp.may_name_module_code("\0"):
        return False  # (something else differs; or attributes are read by computed names)
    readers = _readers(module, owner, differ)
    code_names = {n.name for n in walked(module) if isinstance(n, (*_FUNCS_DEF, ast.ClassDef))}
    if not readers:
        return False  # (read elsewhere; or read nowhere: code still being written decides)
    for method in readers:
        if (method is fn and fn.name == "__init__") or display_only(method, code_names):
            continue  # (``__repr__`` gives text for a person: what it says decides nothing)
        before = [len(r.interp.effects) for r in runs]
        ran = []
        for r in runs:
            env = _bind_params(method, owner, r.instance)
            env[_instance_param(method)] = env["__self__"] = r.env[name]
            for param in _never_rebound(method):
                env[_OPAQUE + param] = True
            r.interp.calls_hide = True
            try:
                outcomes = r.interp.block(method.body, env, 0)
            except (Undecided, RecursionError, _Raised):
                return False
            ran.append(_Run(r.interp, env, outcomes, r.instance))
        if not all(r.outcomes for r in ran) or not _runs_agree(method, ran, differ, before):
            return False
    return True


def _readers(module: ast.Module, owner: ast.ClassDef, attrs: frozenset) -> Optional[list]:
    """The methods of ``owner`` that read one of ``attrs``; None where one is read anywhere
    else (outside its instance methods, or of another object than their ``self``)."""
    methods = [
        n
        for n in owner.body
        if isinstance(n, _FUNCS_DEF) and not set(_decorators(n)) & {"staticmethod", "classmethod"}
    ]
    inside = {}
    for m in methods:
        first = _instance_param(m)
        for n in walked(m):
            inside[id(n)] = (m, first)
    readers = []
    for n in walked(module):
        if not (isinstance(n, ast.Attribute) and n.attr in attrs):
            continue
        m, first = inside.get(id(n), (None, None))
        if (
            m is None
            or first is None
            or not (isinstance(n.value, ast.Name) and n.value.id == first)
        ):
            return None
        if isinstance(n.ctx, ast.Load) and m not in readers:
            readers.append(m)
    return readers


def _never_rebound(fn) -> list:
    """``fn``'s parameters no code in it binds again (nested scopes included)."""
    params = [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs]
    own = {id(a) for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs}
    bound = set()
    for n in walked(fn):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            bound.add(n.id)
        elif isinstance(n, ast.arg) and id(n) not in own:
            bound.add(n.arg)
    return [p for p in params if p not in bound]


_INT_OPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}


def _arith(op, a, b):
    """``a <op> b`` on plain ints (a loop counter), tuples (``+``) and the members of a
    ``Flag`` enum (``| & ^``), counts (:class:`Count`); TOP else."""
    if _count_of(a, b):
        return Count()
    fa, fb = _flags(a), _flags(b)
    if fa is not None and fb is not None and fa.cls == fb.cls:
        if isinstance(op, ast.BitOr):
            return Flags(fa.cls, fa.names | fb.names)
        if isinstance(op, ast.BitAnd):
            return Flags(fa.cls, fa.names & fb.names)
        if isinstance(op, ast.BitXor):
            return Flags(fa.cls, fa.names ^ fb.names)
        return TOP
    if type(a) is int and type(b) is int and type(op) in _INT_OPS:
        if isinstance(op, (ast.FloorDiv, ast.Mod)) and b == 0:
            return TOP
        if isinstance(op, (ast.LShift, ast.RShift)) and not 0 <= b <= 64:
            return TOP
        return _INT_OPS[type(op)](a, b)
    if isinstance(a, tuple) and isinstance(b, tuple) and isinstance(op, ast.Add):
        return a + b
    if (
        isinstance(a, tuple)
        and isinstance(b, tuple)
        and isinstance(op, (ast.Sub, ast.BitOr, ast.BitAnd))
        and _plain_elements(a + b)
    ):
        # (only sets take these: the tuple stands for a set of members or constants)
        if isinstance(op, ast.Sub):
            return tuple(x for x in a if x not in b)
        if isinstance(op, ast.BitAnd):
            return tuple(x for x in a if x in b)
        return a + tuple(x for x in b if x not in a)
    return TOP


def _plain_elements(items: tuple) -> bool:
    """Are ``items`` all enum members of the module, or all plain constants (their equality
    is Python's; a member of a ``str``/``int`` enum is not mixed with constants)?"""
    if all(isinstance(x, Member) for x in items):
        return True
    return all(x is None or type(x) in (bool, int, str) for x in items)


def _probe_subject(e: ast.AST) -> Optional[ast.AST]:
    """The value a class test or member probe asks about (a form of the sinks,
    ``sinks.matches``; also under ``callable``/``not``), when it is a name or an attribute
    (nothing run twice); None else."""
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        return _probe_subject(e.operand)
    if isinstance(e, ast.Call) and _name_of(e.func) == "callable" and len(e.args) == 1:
        return _probe_subject(e.args[0])
    for anchor in (SWA_CLASS_TEST, SWA_MEMBER_PROBE, ALLOCATOR_MEMBER):
        for subject, _ in matches(anchor, e):
            return subject if isinstance(subject, (ast.Name, ast.Attribute)) else None
    return None


def _decisive_values(e: ast.AST) -> Optional[tuple]:
    """The values ``e`` may take that decide what follows: True and False for a test; for a
    member probe with a constant default (``getattr(a, "m", None)``), the member (an opaque
    object) and the default. None when not known."""
    if _boolean(e):
        return (True, False)
    if (
        isinstance(e, ast.Call)
        and _name_of(e.func) == "getattr"
        and len(e.args) == 3
        and not e.keywords
        and isinstance(e.args[2], ast.Constant)
    ):
        return (Obj("member"), e.args[2].value)
    return None


def _boolean(e: ast.AST) -> bool:
    """Does ``e`` give a bool (a class or member test, a comparison, a negation)?"""
    if isinstance(e, ast.Call):
        return _name_of(e.func) in ("isinstance", "issubclass", "hasattr", "callable")
    if isinstance(e, ast.UnaryOp):
        return isinstance(e.op, ast.Not)
    return isinstance(e, ast.Compare)


def _witness_initial(interp: "_Interp", env: dict) -> None:
    """Witness the unknown attributes of the objects ``env`` holds before a forced run (``self``
    as ``__init__`` built it): built the same way in both runs, each is the same unknown
    there, named by its path from a parameter (``self.device``)."""
    seen: set = set()
    todo = [(name, v) for name, v in sorted(env.items(), key=lambda kv: kv[0])]
    while todo:
        path, v = todo.pop(0)
        if not isinstance(v, Obj) or id(v) in seen:
            continue
        seen.add(id(v))
        for attr, x in v.attrs.items():
            if x is TOP:
                interp.stored.setdefault((id(v), attr), ("initial", f"{path}.{attr}"))
            else:
                todo.append((f"{path}.{attr}", x))


def _inert(body: list, flags: frozenset = frozenset()) -> bool:
    """Does ``body`` only log (or do nothing), or set one of ``flags`` to a constant?"""
    return all(
        isinstance(st, ast.Pass)
        or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and is_log_call(st.value))
        or (
            isinstance(st, ast.Assign)
            and isinstance(st.value, ast.Constant)
            and all(isinstance(t, ast.Attribute) and t.attr in flags for t in st.targets)
        )
        for st in body
    )


@functools.lru_cache(maxsize=2)
def _log_flags(module: ast.Module) -> frozenset:
    """The attributes a module uses only to log once (``if not X._warned: X._warned = True;
    logger.warning(...)``): set to constants, read only in the tests of ``if`` statements
    whose branches only log or set such attributes."""
    ifs = [n for n in walked(module) if isinstance(n, ast.If)]
    tests = {id(x) for n in ifs for x in walked(n.test)}
    flags = {
        t.attr
        for n in ifs
        for st in n.body + n.orelse
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Constant)
        for t in st.targets
        if isinstance(t, ast.Attribute)
    }
    while True:
        gating = {
            id(x)
            for n in ifs
            if _inert(n.body + n.orelse, frozenset(flags))
            for x in walked(n.test)
        }
        kept = set()
        for n in walked(module):
            if isinstance(n, ast.Attribute) and n.attr in flags and isinstance(n.ctx, ast.Load):
                if id(n) not in gating:
                    kept.add(n.attr)
            elif isinstance(n, ast.Attribute) and n.attr in flags and id(n) not in tests:
                if not any(
                    n in st.targets
                    for i in ifs
                    for st in i.body + i.orelse
                    if isinstance(st, ast.Assign)
                ):
                    kept.add(n.attr)  # (stored elsewhere too)
        if not kept & flags:
            return frozenset(flags)
        flags -= kept


def _signs(v, stored: dict) -> bool:
    """Does ``v`` have a :func:`_signature` (nothing unknown in it)?"""
    try:
        _signature(v, stored=stored)
    except _Unknown:
        return False
    return True


def _effect_signature(effect: tuple, sign) -> tuple:
    """``sign`` of a call not followed (``_Interp.effects``): its arguments, or where one is
    unknown, what they were computed from where that is known."""
    at, args, kwargs, witness = effect
    try:
        return (at, sign(args), sign(kwargs))
    except _Unknown:
        if witness is None:
            raise
        return (at, "computed", witness)


def _attr_signature(owner, name: str, v, seen: set, stored: Optional[dict]):
    """``_signature`` of ``owner.name``; an unknown one by its witness, where one was kept."""
    try:
        return _signature(v, seen, stored)
    except _Unknown:
        witness = (stored or {}).get((id(owner), name))
        if witness is None:
            raise
        return ("stored", witness)


class _Unknown(Exception):
    """A value :func:`_signature` cannot compare."""


def _signature(v, seen: Optional[set] = None, stored: Optional[dict] = None):
    """A comparable form of a scenario value: what two runs must both give to count as the
    same outcome (raises :class:`_Unknown` on an unknown value: two unknowns need not be
    equal, unless ``stored`` (``_Interp.stored``) witnesses how an attribute was computed)."""
    seen = set() if seen is None else seen
    if v is TOP:
        raise _Unknown
    if v is None or isinstance(v, (bool, int, float, str)):
        return (type(v).__name__, v)
    if isinstance(v, Count):
        return ("count",)
    if id(v) in seen:
        return ("cycle",)
    seen = seen | {id(v)}
    if isinstance(v, tuple):
        return ("tuple", tuple(_signature(x, seen, stored) for x in v))
    if isinstance(v, Obj):
        attrs = tuple(
            sorted((k, _attr_signature(v, k, x, seen, stored)) for k, x in v.attrs.items())
        )
        owner = getattr(v.owner, "name", None)  # (instances of two classes differ)
        return ("obj", v.kind, v.key, owner, attrs)
    if isinstance(v, Mapping):
        if all(isinstance(k, str) and isinstance(x, Count) for k, x in v.pairs):
            return ("counts",)  # named counts of the allocator (gauges): which ones, no path
        return (
            "map",
            tuple((_signature(k, seen, stored), _signature(x, seen, stored)) for k, x in v.pairs),
        )
    if isinstance(v, (Enum, Member, Builtin, AllocClass, EnumValue)):
        return (type(v).__name__, getattr(v, "cls", None), v.name)
    if isinstance(v, Flags):
        return ("flags", v.cls, tuple(sorted(v.names)))
    if isinstance(v, (Func, ClassRef)):
        return (type(v).__name__, id(v.node))  # (a closure's scope: not compared)
    if isinstance(v, (_Module, EnumSpace, AllocType, Suppress)):
        return (type(v).__name__, tuple(sorted(map(str, vars(v).values()))))
    if isinstance(v, Partial):
        keywords = tuple((k, _signature(x, seen, stored)) for k, x in sorted(v.kwargs.items()))
        return (
            "partial",
            _signature(v.func, seen, stored),
            _signature(tuple(v.args), seen, stored),
            keywords,
        )
    if isinstance(v, Const):
        return ("const", _signature(v.value, seen, stored))
    if isinstance(v, Getter):
        return ("getter", v.names, _signature(v.call[0], seen, stored) if v.call else None)
    if isinstance(v, Bound):
        return ("bound", _signature(v.func, seen, stored), _signature(v.first, seen, stored))
    if isinstance(v, Witnessed):
        return ("witnessed", v.witness)
    raise _Unknown


def is_allocator(v):
    """A :func:`draft_truths` measure: is the value the runner's allocator (TOP: unknown)?"""
    if v is TOP:
        return TOP
    return isinstance(v, Obj) and v.kind == "alloc"


def draft_truths(
    fn,
    module: ast.Module,
    decisions: list,
    tests: ClassTests,
    cls=None,
    measure: Optional[Callable] = None,
    target: bool = False,
    invoked: Optional[set] = None,
) -> Optional[dict]:
    """The truths each expression of ``decisions`` (nodes of ``fn``, in ``module``'s tree)
    takes when ``fn`` runs on a regular EAGLE draft with its own full-only pool (both spec
    APIs): ``{id(node): {True, False, TOP}}``, a node never evaluated absent (``target``: on
    the SWA target itself instead; ``measure``: what is recorded of each value, its truth by
    default). A method that binds no runner runs on the instance its class's ``__init__``
    builds on that runner (:func:`_built_self`). None where there is no runner's allocator to
    bind or the interpreter cannot decide."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    param = _runner_root(fn) or _named_runner(fn)  # (a base's ``__init__`` may read it)
    interp = _Interp(module, lambda call: None, tests)
    owner = interp.classes.get(cls) if cls else None
    if param is None and (owner is None or not _plain_method(fn)):
        return None
    watch = frozenset(id(d) for d in decisions)
    if measure is not None:
        interp.measure = measure
    generations = ("frozen-api", "older-api")
    if target:  # the target itself: not a draft worker, its SWA pool
        generations = tuple(f"target-{g}" for g in generations)
    for instance, generation in itertools.product(_instance_classes(interp, owner), generations):
        try:
            interp.watch = frozenset()
            pool = Obj("swapool" if target else "pool")
            env = _draft_env(interp, fn, owner, param, generation, pool, (), instance)
            if env is None:
                return None
            interp.watch = watch
            interp.block(fn.body, env, 0)
        except _NeverBuilt:
            continue  # no instance on this scenario: none of its methods runs
        except (Undecided, RecursionError, _Raised):
            return None
    if invoked is not None:  # (the functions the runs called, for the caller)
        invoked |= interp.invoked
    return interp.seen
