"""The names the rules key on: the allocator attribute, SWA allocator and pool classes, SWA-only
members. No libcst import: the prefilter and the reduction use them too."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import Optional

# the methods that put items into a list, set or dict (``T.append(x)``, ``T.setdefault(k, v)``):
# the proofs, the scenarios and the SWA paths read a container's items through them
CONTAINER_FILLS = frozenset(
    {"append", "extend", "add", "insert", "update", "setdefault", "appendleft", "extendleft"}
)

# the methods that read a container's items (``d.get(k)``, ``q.popleft()``): the flow model and
# the outline proof read what was filled through them
CONTAINER_READS = frozenset(
    {"get", "pop", "popleft", "setdefault", "values", "items", "__getitem__"}
)

# builtins that iterate their argument and give it (a copy), an element of it, or what a
# function makes of each (flow.Flow._iterating); ``collections.deque`` copies as ``list`` does
ITERATING_CALLS = frozenset(
    {"list", "tuple", "set", "frozenset", "sorted", "reversed", "iter", "next", "max", "min"}
    | {"map", "filter"}
)

# the calls that store an attribute by name: ``setattr(o, "n", v)``, ``object.__setattr__(o, "n",
# v)``, ``super().__setattr__("n", v)``. The flow model follows them (:func:`attribute_store`);
# the proofs refuse a module that makes one they cannot place (these words)
ATTRIBUTE_STORE_CALLS = ("setattr", "__setattr__")


def attribute_store(call: ast.Call) -> Optional[tuple]:
    """(the attribute's name: a string constant or None, the index of the stored value: None
    where the arguments cannot be placed) of an attribute store by call
    (:data:`ATTRIBUTE_STORE_CALLS`); None for another call."""
    func, args = call.func, call.args
    if isinstance(func, ast.Name) and func.id == "setattr":
        at = 1
    elif isinstance(func, ast.Attribute) and func.attr == "__setattr__":
        at = 1 if isinstance(func.value, ast.Name) and func.value.id == "object" else 0
    else:
        return None
    if len(args) < at + 2 or any(isinstance(a, ast.Starred) for a in args[: at + 2]):
        return None, None  # (``setattr(*args)``: some attribute)
    name = args[at].value if isinstance(args[at], ast.Constant) else None
    return (name if isinstance(name, str) else None), at + 1


def instance_dict_item(node: ast.AST) -> Optional[tuple]:
    """(the object, the attribute's name) of ``o.__dict__["n"]`` or ``vars(o)["n"]``: the
    attribute ``o.n`` read or stored through the instance's dict; None for anything else."""
    if not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Constant):
        return None
    key, held = node.slice.value, node.value
    if not isinstance(key, str):
        return None
    if isinstance(held, ast.Attribute) and held.attr == "__dict__":
        return held.value, key
    if (
        isinstance(held, ast.Call)
        and isinstance(held.func, ast.Name)
        and held.func.id == "vars"
        and len(held.args) == 1
        and not held.keywords
    ):
        return held.args[0], key
    return None


ALLOCATOR_ATTR = "token_to_kv_pool_allocator"
POOL_ATTR = "token_to_kv_pool"

# SWA allocator classes by name. Historical homes: sglang.srt.mem_cache.allocator (<= 0.5.7),
# sglang.srt.mem_cache.swa_memory_pool (0.5.8 - 0.5.12.post1), sglang.srt.mem_cache.allocator.swa
# (>= 0.5.13). Names are what matters: the class is recognised however it is imported or aliased.
SWA_ALLOCATOR_NAMES = frozenset(
    {
        "SWATokenToKVPoolAllocator",
        "PureSWATokenToKVPoolAllocator",
        "UnifiedSWAAllocatorBase",
        "UnifiedSWATokenToKVPoolAllocator",
        "UnifiedMambaSWATokenToKVPoolAllocator",
        "DSV4NPUTokenToKVPoolAllocator",
    }
)
_SWA_ALLOCATOR_RE = re.compile(r"SWA\w*Allocator")  # also future *SWA*KVAllocator names (#38064)
_SWA_POOL_RE = re.compile(r"SWA\w*(KVPool|Pool)$")
# Allocator members that only an SWA allocator has: asking for them decides "is it SWA?". Any
# member named ``swa``, and those the real classes say (swa_only_members).
_SWA_MEMBER_RE = re.compile(r"swa", re.IGNORECASE)
SWA_TRANSLATE_MEMBERS = frozenset({"translate_loc_from_full_to_swa", "full_to_swa_index_mapping"})

# Calls whose result is the allocator's class or data from it (the default ``repr`` names the
# class; ``dir``/``vars`` list the members that tell an SWA allocator apart), and the calls that
# decide on the class: with ``__class__`` and ``singledispatch`` the words of the
# ``swa-type-decision`` sink (lint_rules/sinks.py), read by the flow model too.
TYPE_OF_CALLS = ("type", "repr", "dir", "vars")
CLASS_DECISION_CALLS = ("isinstance", "issubclass")


# Allocator classes (any, SWA or not): an annotation naming one is evidence that the value is the
# allocator. sglang: BaseTokenToKVPoolAllocator, TokenToKVPoolAllocator, Paged..., SWA..., the
# unified and NPU variants; forks: *KVAllocator.
_ALLOCATOR_CLASS_RE = re.compile(r"(TokenToKVPool|KV|SWA)\w*Allocator")
ALLOCATOR_CLASS_NEEDLE = "Allocator"  # every allocator class name contains it


def is_allocator_class_name(name: str) -> bool:
    return is_swa_allocator_class_name(name) or bool(_ALLOCATOR_CLASS_RE.search(name))


def is_swa_allocator_class_name(name: str) -> bool:
    return name in SWA_ALLOCATOR_NAMES or bool(_SWA_ALLOCATOR_RE.search(name))


def mentions_swa_allocator_name(text: str) -> bool:
    """Could some word of ``text`` be an SWA allocator class name? (Never a wrong "no".)"""
    return bool(_SWA_ALLOCATOR_RE.search(text)) or any(name in text for name in SWA_ALLOCATOR_NAMES)


def swa_allocator_name_offsets(text: str):
    """Offsets of every word of ``text`` that may be an SWA allocator class name (a superset of
    what :func:`mentions_swa_allocator_name` looks for)."""
    for m in _SWA_ALLOCATOR_RE.finditer(text):
        yield m.start()
    for name in SWA_ALLOCATOR_NAMES:
        at = text.find(name)
        while at >= 0:
            yield at
            at = text.find(name, at + 1)


def is_swa_pool_class_name(name: str) -> bool:
    return not is_swa_allocator_class_name(name) and bool(_SWA_POOL_RE.search(name))


KVCACHE_CALL = "get_kvcache"  # the allocator's method giving the pool it serves
# The allocator's field ``get_kvcache`` returns (sglang's ``BaseTokenToKVPoolAllocator``): a
# read of it is the same fetch as the call (KVG003; the kvcache sink's second form).
KVCACHE_FIELDS = ("_kvcache",)


def is_swa_member_name(name: str) -> bool:
    return bool(_SWA_MEMBER_RE.search(name)) or name in swa_only_members()


@lru_cache(maxsize=1)
def _api_data() -> dict:
    """``sglang_api.json`` (derived from the PyPI wheels by scripts/gen_sglang_api.py), read
    once, when first asked (not through ``sglang_api``, which imports ``dataclasses``: this is
    on the check path)."""
    import json
    import os

    with open(os.path.join(os.path.dirname(__file__), "sglang_api.json"), encoding="utf-8") as f:
        return json.load(f)  # (not ``pathlib``: its import costs more than this read)


@lru_cache(maxsize=1)
def swa_only_members() -> frozenset:
    """The members that some release's SWA allocator classes have and no other allocator class
    of any release has."""
    return frozenset(_api_data().get("swa_allocator_members", ()))


@lru_cache(maxsize=1)
def swa_allocator_bases() -> frozenset:
    """The names of the classes some release's SWA allocator classes derive from."""
    return frozenset(_api_data().get("swa_allocator_bases", ()))


# A regular EAGLE draft of a full-attention draft model owns an ``MHATokenToKVPool``, whose only
# base is ``KVCache`` (every pool class's root); an SWA pool is no ``MHATokenToKVPool``.
FULL_DRAFT_POOL_MRO = ("MHATokenToKVPool", "KVCache", "ABC", "object")


@lru_cache(maxsize=1)
def kv_pool_class_names() -> frozenset:
    """The short names of every KV pool class of every release (the API model's ``kv_pools``)."""
    return frozenset(
        key.rsplit(".", 1)[-1]
        for facts in _api_data().get("releases", {}).values()
        for key in facts.get("kv_pools") or {}
    )


@lru_cache(maxsize=1)
def full_pool_members() -> frozenset:
    """The members some full-only KV pool class of some release has (methods, class
    attributes, ``self.x`` stores along its MRO): a regular draft's own pool has no other."""
    return frozenset(_api_data().get("full_pool_members", ()))


@lru_cache(maxsize=1)
def runner_members() -> frozenset:
    """The members the ``ModelRunner`` class (with its mixins) has in some release (methods,
    class attributes, ``self.x`` stores): a runner has no other."""
    return frozenset(_api_data().get("runner_members", ()))


@lru_cache(maxsize=1)
def kv_pool_scalar_members() -> frozenset:
    """The members every KV pool class of every release stores only scalars in (its size,
    page size, ...): reading one from a pool reads no KV."""
    return frozenset(_api_data().get("kv_pool_scalar_members", ()))


def number_member(name: str) -> bool:
    """Does member ``name`` hold or give a number (the API model): an allocator's count method
    or count property, or a member every KV pool class holds a scalar in, but its device?
    (The scenarios' ``Count`` and the SWA paths' numbers both ask it.)"""
    return name in allocator_count_methods() or (
        name in kv_pool_scalar_members() and name != "device"
    )


@lru_cache(maxsize=1)
def allocator_text_methods() -> frozenset:
    """The allocator methods that give text in the releases (``debug_print``: annotated
    ``-> str`` in the real classes): a call of one is a log line's or a report's text."""
    return frozenset(_api_data().get("allocator_text_methods", ()))


@lru_cache(maxsize=1)
def allocator_count_methods() -> frozenset:
    """The allocator methods that give a number in the releases (``available_size``,
    ``swa_available_size``: read from the real classes): a call of one is a count."""
    return frozenset(_api_data().get("allocator_count_methods", ()))


@lru_cache(maxsize=1)
def allocator_effect_methods() -> frozenset:
    """The allocator methods that only act in the releases (``free``, ``free_swa``,
    ``free_group_begin``: read from the real classes): a call of one is bookkeeping."""
    return frozenset(_api_data().get("allocator_effect_methods", ()))


@lru_cache(maxsize=1)
def backend_attributes_read() -> frozenset:
    """The attribute names some release's code reads through a name ending in ``backend``
    (``attn_backend.use_sliding_window_kv_pool``): what another module may read of a backend."""
    return frozenset(_api_data().get("backend_attributes_read", ()))


@lru_cache(maxsize=None)
def spec_predicate_answers(method: str, member: str = "EAGLE") -> frozenset:
    """What ``SpeculativeAlgorithm.<member>.<method>()`` answers across the releases that have
    the predicate (read from the real enums): ``{True}``, ``{False}``, both, or empty where no
    release says (an unknown method or one whose answer is not a membership test)."""
    out = set()
    for facts in _api_data().get("releases", {}).values():
        enum = (facts.get("spec_algorithm") or {}).get("enum") or {}
        members = (enum.get("predicates") or {}).get(method)
        if members is not None and member in enum.get("members", ()):
            out.add(member in members)
    return frozenset(out)


@lru_cache(maxsize=1)
def spec_members() -> tuple:
    """The members iterating ``SpeculativeAlgorithm`` gives, in any release (read from the real
    enums): the newest release's order, then those only older releases have."""
    out: list = []
    for facts in reversed(list(_api_data().get("releases", {}).values())):
        enum = (facts.get("spec_algorithm") or {}).get("enum") or {}
        out += [m for m in enum.get("members", ()) if m not in out]
    return tuple(out)


def close_over(names: set, defs) -> set:
    """Grow ``names`` (in place) with every defined name whose defining words hold one of them,
    to a fixed point; ``defs`` is ``(name, words)`` pairs. Returns ``names``."""
    changed = True
    while changed:
        changed = False
        for name, words in defs:
            if name not in names and words & names:
                names.add(name)
                changed = True
    return names
