"""Random backends composed from the constructs of issue 24, each judged by running it.

A generated backend reaches the allocator through a *carrier* (an alias, a record built by a
factory, a weak reference, a class registry, a mixin, ...), takes a *decision* (from the
allocator's class or members, or correctly from the pool or a resolver), keeps it in a
*storage* (a flag of any name, a string or enum mode, a stored translator, a method that decides
again later, a helper function) and, on its SWA path, *translates* the locations it reads
(through the pool, or through the allocator by a call, its mapping, a stored bound method or
``operator.methodcaller``). Decoys (the allocator's class in a log line or deciding one, a page-size read)
ride along without deciding anything.

Ground truth comes from execution (:func:`run`): the backend is built on a regular EAGLE draft
runner (its own full-only pool, the target's SWA allocator) and asked for the locations of one
decode step. The draft reads wrong KV when it translates them, fails on the SWA path of a full
pool, or reads a pool other than its own. The generator never labels a module itself.
"""

from __future__ import annotations

import random
import sys
import textwrap
import types
from dataclasses import dataclass
from typing import Optional

PATH = "sglang/srt/layers/attention/generated_backend.py"
CLASS = "GeneratedAttnBackend"
# SWA-only allocator members, as the probes ask for them (the test checks each on the real
# classes: present on the SWA allocator, absent from the plain one).
INSTANCE_MEMBER = "full_to_swa_index_mapping"
METHOD_MEMBER = "translate_loc_from_full_to_swa"
SWA_ALLOC_MODULE = "sglang.srt.mem_cache.allocator.swa"

HEADER = (
    "import contextlib\n"
    "import enum\n"
    "import functools\n"
    "import logging\n"
    "import operator\n"
    "import weakref\n"
    "from dataclasses import dataclass\n\n"
    "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\n"
    f"from {SWA_ALLOC_MODULE} import SWATokenToKVPoolAllocator\n\n"
    "logger = logging.getLogger(__name__)\n\n\n"
)


@dataclass(frozen=True)
class Carrier:
    """How the backend reaches the allocator: ``init`` runs in ``__init__`` (``a_init`` is the
    allocator there), ``a_self`` reaches it from any method."""

    module: str
    init: str
    a_init: str
    a_self: str
    bases: str = ""
    members: str = ""


CARRIERS = {
    "runner-attr": Carrier(
        "",
        "self._runner = model_runner\n",
        "model_runner.token_to_kv_pool_allocator",
        "self._runner.token_to_kv_pool_allocator",
    ),
    "local-alias": Carrier(
        "",
        "alloc = model_runner.token_to_kv_pool_allocator\nself._alloc = alloc\n",
        "alloc",
        "self._alloc",
    ),
    "getattr": Carrier(
        "",
        'self._alloc = getattr(model_runner, "token_to_kv_pool_allocator", None)\n',
        "self._alloc",
        "self._alloc",
    ),
    "unpack": Carrier(
        "",
        "pool, alloc = model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator\n"
        "self._alloc = alloc\n",
        "alloc",
        "self._alloc",
    ),
    "helper-fn": Carrier(
        "def _allocator_of(runner):\n    return runner.token_to_kv_pool_allocator\n\n\n",
        "self._alloc = _allocator_of(model_runner)\n",
        "self._alloc",
        "self._alloc",
    ),
    "record": Carrier(
        "@dataclass\nclass _Parts:\n    allocator: object\n    pool: object\n\n\n"
        "def _parts_of(runner):\n"
        "    return _Parts(runner.token_to_kv_pool_allocator, runner.token_to_kv_pool)\n\n\n",
        "self._parts = _parts_of(model_runner)\n",
        "self._parts.allocator",
        "self._parts.allocator",
    ),
    "weakref": Carrier(
        "",
        "self._aref = weakref.ref(model_runner.token_to_kv_pool_allocator)\n",
        "self._aref()",
        "self._aref()",
    ),
    "dict": Carrier(
        "",
        'self._state = {"allocator": model_runner.token_to_kv_pool_allocator}\n',
        'self._state["allocator"]',
        'self._state["allocator"]',
    ),
    "class-registry": Carrier(
        "class _Registry:\n    allocators = {}\n\n\n",
        "_Registry.allocators[id(self)] = model_runner.token_to_kv_pool_allocator\n",
        "_Registry.allocators[id(self)]",
        "_Registry.allocators[id(self)]",
    ),
    "mixin": Carrier(
        "class _AllocatorMixin:\n"
        "    def _allocator(self):\n"
        "        return self._runner.token_to_kv_pool_allocator\n\n\n",
        "self._runner = model_runner\n",
        "self._allocator()",
        "self._allocator()",
        bases="_AllocatorMixin",
    ),
    "property": Carrier(
        "",
        "self._runner = model_runner\n",
        "self.allocator",
        "self.allocator",
        members="@property\ndef allocator(self):\n    return self._runner.token_to_kv_pool_allocator\n",
    ),
}


@dataclass(frozen=True)
class Decision:
    """Statements that set the local ``decided`` from ``{a}`` (the allocator) or ``{p}`` (the
    pool); ``module`` is module-level code it needs; ``source`` says what it reads."""

    source: str  # "allocator" or "pool"
    body: str
    module: str = ""


SINGLEDISPATCH = (
    "@functools.singledispatch\n"
    "def _windowed(allocator):\n    return False\n\n\n"
    "@_windowed.register\n"
    "def _(allocator: SWATokenToKVPoolAllocator):\n    return True\n\n\n"
)
TRY_IMPORT = (
    "try:\n"
    f"    from {SWA_ALLOC_MODULE} import SWATokenToKVPoolAllocator as _WindowAlloc\n"
    "except ImportError:\n    _WindowAlloc = ()\n\n\n"
)
DECISIONS = {
    "isinstance": Decision("allocator", "decided = isinstance({a}, SWATokenToKVPoolAllocator)\n"),
    "isinstance-tuple-elsewhere": Decision(
        "allocator",
        "decided = isinstance({a}, _WINDOW_KINDS)\n",
        "_WINDOW_KINDS = (SWATokenToKVPoolAllocator,)\n\n\n",
    ),
    "isinstance-try-import": Decision(
        "allocator", "decided = isinstance({a}, _WindowAlloc)\n", TRY_IMPORT
    ),
    "issubclass": Decision(
        "allocator", "decided = issubclass(type({a}), SWATokenToKVPoolAllocator)\n"
    ),
    "type-name": Decision("allocator", 'decided = type({a}).__name__.startswith("SWA")\n'),
    "class-name-in": Decision("allocator", 'decided = "SWA" in {a}.__class__.__name__\n'),
    "mro": Decision("allocator", "decided = SWATokenToKVPoolAllocator in type({a}).__mro__\n"),
    "type-in-set": Decision("allocator", "decided = type({a}) in {{SWATokenToKVPoolAllocator}}\n"),
    "dict-dispatch": Decision(
        "allocator",
        "decided = _MODES.get(type({a}), False)\n",
        "_MODES = {SWATokenToKVPoolAllocator: True}\n\n\n",
    ),
    "singledispatch": Decision("allocator", "decided = _windowed({a})\n", SINGLEDISPATCH),
    "hasattr": Decision("allocator", f'decided = hasattr({{a}}, "{INSTANCE_MEMBER}")\n'),
    "getattr-default": Decision(
        "allocator", f'decided = getattr({{a}}, "{INSTANCE_MEMBER}", None) is not None\n'
    ),
    "callable-getattr": Decision(
        "allocator", f'decided = callable(getattr({{a}}, "{METHOD_MEMBER}", None))\n'
    ),
    "vars": Decision("allocator", f'decided = "{INSTANCE_MEMBER}" in vars({{a}})\n'),
    "attrgetter": Decision(
        "allocator",
        "try:\n"
        f'    operator.attrgetter("{INSTANCE_MEMBER}")({{a}})\n'
        "    decided = True\n"
        "except AttributeError:\n"
        "    decided = False\n",
    ),
    "eafp": Decision(
        "allocator",
        "try:\n"
        f"    {{a}}.{METHOD_MEMBER}\n"
        "except AttributeError:\n"
        "    decided = False\n"
        "else:\n"
        "    decided = True\n",
    ),
    "match-class": Decision(
        "allocator",
        "match {a}:\n"
        "    case SWATokenToKVPoolAllocator():\n"
        "        decided = True\n"
        "    case _:\n"
        "        decided = False\n",
    ),
    # correct: the pool decides
    "pool-isinstance": Decision("pool", "decided = isinstance({p}, SWAKVPool)\n"),
    "pool-hasattr": Decision("pool", f'decided = hasattr({{p}}, "{METHOD_MEMBER}")\n'),
    "pool-type-name": Decision("pool", 'decided = type({p}).__name__.startswith("SWA")\n'),
    "pool-match": Decision(
        "pool",
        "match {p}:\n"
        "    case SWAKVPool():\n"
        "        decided = True\n"
        "    case _:\n"
        "        decided = False\n",
    ),
    "pool-dispatch": Decision(
        "pool",
        "decided = _POOL_MODES.get(type({p}), False)\n",
        "_POOL_MODES = {SWAKVPool: True}\n\n\n",
    ),
}


@dataclass(frozen=True)
class Storage:
    """Keeps the decision for the forward step: ``init`` runs after the decision in
    ``__init__`` (``{d}``: the decision's statements, ``{x}``: the translation as a callable
    expression), ``test`` is the forward step's test for the SWA path, ``method`` a method it
    adds (the decision made again there), ``module`` a helper function."""

    init: str
    test: str
    method: str = ""
    module: str = ""


STORAGES = {
    "flag-swa": Storage("{d}self.use_swa = decided\n", "self.use_swa"),
    "flag-neutral": Storage("{d}self._mode = decided\n", "self._mode"),
    "kind-string": Storage(
        '{d}self._kind = "window" if decided else "full"\n', 'self._kind == "window"'
    ),
    "enum": Storage(
        "{d}self._mode = _Mode.WINDOW if decided else _Mode.FULL\n", "self._mode is _Mode.WINDOW"
    ),
    "branch": Storage(
        "{d}if decided:\n    self._wide = False\nelse:\n    self._wide = True\n", "not self._wide"
    ),
    "method": Storage(
        "", "self._windowed()", method="def _windowed(self):\n{d}    return decided\n"
    ),
    "helper": Storage(
        "self._mode = _decide({a}, {p})\n",
        "self._mode",
        module="def _decide(allocator, pool):\n{d}    return decided\n\n\n",
    ),
}
ENUM = "class _Mode(enum.Enum):\n    FULL = 0\n    WINDOW = 1\n\n\n"

# The SWA path's translation of ``loc`` ({a}: the allocator, reached from the forward step).
TRANSLATIONS = {
    "pool-call": ("pool", "loc = self.pool.translate_loc_from_full_to_swa(loc)\n", ""),
    "pool-mapping": ("pool", "loc = self.pool.full_to_swa_index_mapping[loc]\n", ""),
    "allocator-call": ("allocator", "loc = {a}.translate_loc_from_full_to_swa(loc)\n", ""),
    "allocator-mapping": ("allocator", "loc = {a}.full_to_swa_index_mapping[loc]\n", ""),
    "bound-method": (
        "allocator",
        "loc = self._translate(loc)\n",
        'self._translate = getattr({a}, "translate_loc_from_full_to_swa", None)\n',
    ),
    "methodcaller": (
        "allocator",
        'loc = operator.methodcaller("translate_loc_from_full_to_swa", loc)({a})\n',
        "",
    ),
}

DECOYS = {
    "log-name": "self._notes = [type({a}).__name__]\n",
    "log-if": "if isinstance({a}, SWATokenToKVPoolAllocator):\n"
    '    logger.info("hybrid SWA allocator")\n',
    "page-mode": 'self._paged = getattr({a}, "page_size", 1) > 1\n',
}


@dataclass(frozen=True)
class Composition:
    carrier: str
    decision: str
    storage: str
    translation: str
    decoy: Optional[str]

    @property
    def label(self) -> str:
        parts = [self.carrier, self.decision, self.storage, self.translation]
        return "/".join(parts + ([f"decoy:{self.decoy}"] if self.decoy else []))

    def constructs(self) -> list[str]:
        out = [
            f"carrier:{self.carrier}",
            f"decision:{self.decision}",
            f"storage:{self.storage}",
            f"translation:{self.translation}",
        ]
        return out + ([f"decoy:{self.decoy}"] if self.decoy else [])


def _compatible(decision: str, translation: str) -> bool:
    return not (
        DECISIONS[decision].source == "pool" and TRANSLATIONS[translation][0] == "allocator"
    )


def compositions(seed: int, count: int) -> list[Composition]:
    """``count`` random compositions (seeded). A correct decision is never paired with a
    translation through the allocator: with the pool deciding, a full-only draft never takes
    the SWA path, and whether the allocator's mapping serves a draft with its own SWA pool is a
    scenario this sweep does not run."""
    rng = random.Random(seed)
    out = []
    # first every construct once (so a small sample still draws each), then at random
    names = [sorted(t) for t in (CARRIERS, DECISIONS, STORAGES, TRANSLATIONS, DECOYS)]
    for i in range(max(map(len, names))):
        carrier, decision, storage, _, decoy = (n[i % len(n)] for n in names)
        for k in range(len(TRANSLATIONS)):
            translation = names[3][(i + k) % len(TRANSLATIONS)]
            if _compatible(decision, translation):
                break
        out.append(Composition(carrier, decision, storage, translation, decoy))
    while len(out) < count:
        decision = rng.choice(sorted(DECISIONS))
        translation = rng.choice(sorted(TRANSLATIONS))
        if not _compatible(decision, translation):
            continue
        out.append(
            Composition(
                rng.choice(sorted(CARRIERS)),
                decision,
                rng.choice(sorted(STORAGES)),
                translation,
                rng.choice(sorted(DECOYS)) if rng.random() < 0.3 else None,
            )
        )
    return out[:count]


def _indent(text: str, by: int) -> str:
    return textwrap.indent(text, " " * by)


def render(c: Composition) -> str:
    """The module's text."""
    carrier, storage = CARRIERS[c.carrier], STORAGES[c.storage]
    decision = DECISIONS[c.decision]
    _, step, prep = TRANSLATIONS[c.translation]
    module = [HEADER, carrier.module, decision.module]
    if "_Mode" in storage.test:
        module.append(ENUM)
    pool_init = "model_runner.token_to_kv_pool"
    methods = []
    init = "self.pool = model_runner.token_to_kv_pool\n" + carrier.init
    if c.storage == "method":
        body = decision.body.format(a=carrier.a_self, p="self.pool")
        methods.append(storage.method.format(d=_indent(body, 4)))
    elif c.storage == "helper":
        body = decision.body.format(a="allocator", p="pool")
        module.append(storage.module.format(d=_indent(body, 4)))
        init += storage.init.format(a=carrier.a_init, p=pool_init)
    else:
        body = decision.body.format(a=carrier.a_init, p=pool_init)
        init += storage.init.format(d=body)
    if c.decoy:
        init += DECOYS[c.decoy].format(a=carrier.a_init)
    init += prep.format(a=carrier.a_init)
    if carrier.members:
        methods.append(carrier.members)
    forward = (
        "def forward_decode(self, loc):\n"
        f"    if {storage.test}:\n"
        + _indent(step.format(a=carrier.a_self), 8)
        + "    return self.pool, loc\n"
    )
    bases = f"({carrier.bases})" if carrier.bases else ""
    cls = f"class {CLASS}{bases}:\n" + _indent("def __init__(self, model_runner):\n", 4)
    cls += _indent(init, 8)
    for m in [*methods, forward]:
        cls += "\n" + _indent(m, 4)
    return "".join(module) + cls


# --------------------------------------------------------------------------- execution

_SWA_PATH_ON_FULL_POOL = (METHOD_MEMBER, INSTANCE_MEMBER)


def run(text: str, runner, loc) -> tuple:
    """Build the backend on ``runner`` and take one decode step (this executes the generated
    module; the linter never does). Returns ``(pool, locations)``, or ``None`` when the step
    took the SWA path on a pool without one (the full pool lacks the translator); any other
    error is the generator's and propagates."""
    module = types.ModuleType("generated_backend")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(text, PATH, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    try:
        backend = getattr(module, CLASS)(runner)
        return backend.forward_decode(loc)
    except AttributeError as e:
        if any(m in str(e) for m in _SWA_PATH_ON_FULL_POOL):
            return None
        raise


def reads_wrong_kv(text: str, draft, loc) -> bool:
    """A regular EAGLE draft reads KV it does not own: the step failed on its full pool's SWA
    path, translated its locations, or read another pool."""
    out = run(text, draft, loc)
    if out is None:
        return True
    pool, locations = out
    return pool is not draft.token_to_kv_pool or not bool((locations == loc).all())


def swa_path_live(text: str, target, loc) -> bool:
    """On the target (an SWA pool and the SWA allocator) the step takes the SWA path: the
    decision is not dead code."""
    out = run(text, target, loc)
    return out is not None and not bool((out[1] == loc).all())


RULES = frozenset({"KVG001", "KVG002", "KVG003"})


def _found(text: str, label: str, undecided: list) -> bool:
    """Do KVG001-KVG003 report ``text`` (every fast path on)? A finding that says the draft
    scenarios could not be decided puts ``label`` in ``undecided``."""
    from lint_rules.checker import lint_text
    from lint_rules.model import ScopeConfig

    findings = lint_text(text, PATH, RULES, ScopeConfig()).findings
    if any("could not be decided" in f.message for f in findings):
        undecided.append(label)
    return bool(findings)


def _sweep(items, render_one, target, draft, loc) -> tuple:
    results, dead, undecided, texts = [], [], [], {}
    for item in items:
        text = texts[item.label] = render_one(item)
        if not swa_path_live(text, target, loc):
            dead.append(item.label)
            continue
        found = _found(text, item.label, undecided)
        results.append((item.label, reads_wrong_kv(text, draft, loc), found))
    return results, dead, undecided, texts


def sweep(seed: int, count: int, target, draft, loc) -> tuple:
    """``(results, dead, undecided, texts)``: ``(label, executed, found)`` per module whose
    SWA path is live on the target (``found``: any of KVG001-KVG003, every fast path on), the
    labels of the others, of the modules where a finding says the scenarios could not be
    decided, and every module's text by label."""
    return _sweep(compositions(seed, count), render, target, draft, loc)


def groups(label: str) -> list[str]:
    """The constructs of a module's label (for the table per construct)."""
    carrier, decision, storage, translation, *decoy = label.split("/")
    return [
        f"carrier:{carrier}",
        f"decision:{decision}",
        f"storage:{storage}",
        f"translation:{translation}",
        *decoy,
    ]


# --------------------------------------------------------------------------- resolvers
# A second family: the backend resolves its SWA pool (the active pool if it is one, None for a
# draft that is not FROZEN_KV MTP, else the allocator's kvcache) and its SWA path translates
# through what it resolved. The draft test, the FROZEN_KV test, the combined skip condition and
# the layout are drawn independently; a buggy skip condition (or none) lets a regular EAGLE
# draft take the target's pool, which the same execution shows.

ACTIVE = {
    "isinstance": "isinstance(mr.token_to_kv_pool, SWAKVPool)",
    "hasattr": 'hasattr(mr.token_to_kv_pool, "translate_loc_from_full_to_swa")',
    "base-class": "isinstance(mr.token_to_kv_pool, (SWAKVPool,))",
}
DRAFT = {
    "attr": "mr.is_draft_worker",
    "getattr": 'getattr(mr, "is_draft_worker", False)',
    "bool": "bool(mr.is_draft_worker)",
    "is-true": "mr.is_draft_worker is True",
    "eq-true": "mr.is_draft_worker == True",
}
FROZEN = {
    "plain": "mr.spec_algorithm.is_frozen_kv_mtp()",
    "getattr-lambda": 'getattr(mr.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()',
    "getattr-none": '(getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None) or (lambda: False))()',
    "helper": "_frozen(mr)",
    "is-true": "mr.spec_algorithm.is_frozen_kv_mtp() is True",
    "enum-eq": "mr.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP",
    "enum-in": "mr.spec_algorithm in (SpeculativeAlgorithm.FROZEN_KV_MTP,)",
    "name-eq": 'mr.spec_algorithm.name == "FROZEN_KV_MTP"',
    "try": None,  # statements: FROZEN_STATEMENTS
    "suppress": None,
}
FROZEN_STATEMENTS = {
    "try": "try:\n    frozen = mr.spec_algorithm.is_frozen_kv_mtp()\n"
    "except AttributeError:\n    frozen = False\n",
    "suppress": "frozen = False\nwith contextlib.suppress(AttributeError):\n"
    "    frozen = mr.spec_algorithm.is_frozen_kv_mtp()\n",
}
# the skip condition (return None before the fetch) over a draft test {d} and a FROZEN_KV
# test {f}: written correctly several ways, or with a bug
SKIPS = {
    "and-not": "{d} and not {f}",
    "de-morgan": "not (not {d} or {f})",
    "tuple-eq": "({d}, {f}) == (True, False)",
    "all": "all(({d}, not {f}))",
    "dict-get": "{{(True, False): True}}.get((bool({d}), bool({f})), False)",
    "bug:no-draft-check": "False",
    "bug:draft-inverted": "not {d} and not {f}",
    "bug:frozen-inverted": "{d} and {f}",
    "bug:or": "{d} or {f}",
}
FETCH = (
    "kv = mr.token_to_kv_pool_allocator.get_kvcache()\n"
    "return kv if isinstance(kv, SWAKVPool) else None\n"
)
RESOLVER_LAYOUTS = (
    "early-returns",
    "elif",
    "helper-method",
    "loop-break",
    "try-finally",
    "super",
    "match-tuple",
    "nested-ternary",
    "closure",
    "lambda",
)


@dataclass(frozen=True)
class Resolver:
    active: str
    draft: str
    frozen: str
    skip: str
    layout: str

    @property
    def label(self) -> str:
        return "/".join(("resolver", self.active, self.draft, self.frozen, self.skip, self.layout))


def resolvers(seed: int, count: int) -> list:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        out.append(
            Resolver(
                *(rng.choice(sorted(t)) for t in (ACTIVE, DRAFT, FROZEN, SKIPS)),
                rng.choice(RESOLVER_LAYOUTS),
            )
        )
    return out


def _skip_parts(r: Resolver) -> tuple:
    """``(statements before the test, the skip condition)``."""
    pre = FROZEN_STATEMENTS.get(r.frozen, "")
    frozen = "frozen" if pre else FROZEN[r.frozen]
    return pre, SKIPS[r.skip].format(d=f"({DRAFT[r.draft]})", f=f"({frozen})")


def _resolver_body(r: Resolver) -> tuple:
    """``(class members, bases, module code)`` of the resolver."""
    pre, skip = _skip_parts(r)
    active = ACTIVE[r.active]
    head = "def _resolve(self, mr):\n"
    if r.layout == "early-returns":
        body = f"if {active}:\n    return mr.token_to_kv_pool\n{pre}if {skip}:\n    return None\n"
        return head + _indent(body + FETCH, 4), "", ""
    if r.layout == "elif":
        body = (
            f"{pre}if {active}:\n    return mr.token_to_kv_pool\nelif {skip}:\n    return None\n"
            "else:\n" + _indent(FETCH, 4)
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "helper-method":
        helper = "def _skips(self, mr):\n" + _indent(f"{pre}return {skip}\n", 4)
        body = (
            f"if {active}:\n    return mr.token_to_kv_pool\nif self._skips(mr):\n    return None\n"
        )
        return helper + "\n" + head + _indent(body + FETCH, 4), "", ""
    if r.layout == "loop-break":
        body = (
            f"if {active}:\n    return mr.token_to_kv_pool\n{pre}"
            f"for _ in range(1):\n    if {skip}:\n        break\n"
            "else:\n" + _indent(FETCH, 4) + "return None\n"
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "try-finally":
        body = (
            f"{pre}result = None\ntry:\n    if {active}:\n        result = mr.token_to_kv_pool\n"
            f"    elif not ({skip}):\n"
            "        kv = mr.token_to_kv_pool_allocator.get_kvcache()\n"
            "        result = kv if isinstance(kv, SWAKVPool) else None\n"
            "finally:\n    pass\nreturn result\n"
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "super":
        base = (
            "class _DraftPolicy:\n    def _skips(self, mr):\n"
            + _indent(f"{pre}return {skip}\n", 8)
            + "\n\n"
        )
        body = (
            f"if {active}:\n    return mr.token_to_kv_pool\n"
            "if super()._skips(mr):\n    return None\n"
        )
        return head + _indent(body + FETCH, 4), "_DraftPolicy", base
    if r.layout == "match-tuple":
        body = (
            f"if {active}:\n    return mr.token_to_kv_pool\n{pre}"
            f"match bool({skip}):\n    case True:\n        return None\n    case False:\n"
            + _indent(FETCH, 8)
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "closure":
        body = (
            "def fetch():\n"
            + _indent(FETCH, 4)
            + f"if {active}:\n    return mr.token_to_kv_pool\n{pre}if {skip}:\n    return None\n"
            "return fetch()\n"
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "lambda":
        body = (
            "fetch = lambda: mr.token_to_kv_pool_allocator.get_kvcache()\n"
            f"if {active}:\n    return mr.token_to_kv_pool\n{pre}if {skip}:\n    return None\n"
            "kv = fetch()\nreturn kv if isinstance(kv, SWAKVPool) else None\n"
        )
        return head + _indent(body, 4), "", ""
    if r.layout == "nested-ternary":
        body = (
            f"{pre}kv = None if {active} or ({skip}) else "
            "mr.token_to_kv_pool_allocator.get_kvcache()\n"
            f"return mr.token_to_kv_pool if {active} else "
            "(kv if isinstance(kv, SWAKVPool) else None)\n"
        )
        return head + _indent(body, 4), "", ""
    raise AssertionError(r.layout)


RESOLVER_HEADER = (
    "import contextlib\n\n"
    "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\n"
    "from sglang.srt.speculative.spec_info import SpeculativeAlgorithm\n\n\n"
    "def _frozen(mr):\n"
    '    check = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None)\n'
    "    return check is not None and check()\n\n\n"
)


def render_resolver(r: Resolver) -> str:
    members, bases, module = _resolver_body(r)
    cls = f"class {CLASS}({bases}):\n" if bases else f"class {CLASS}:\n"
    body = (
        "def __init__(self, model_runner):\n"
        "    self.pool = model_runner.token_to_kv_pool\n"
        "    self._swa_pool = self._resolve(model_runner)\n\n" + members + "\n"
        "def forward_decode(self, loc):\n"
        "    if self._swa_pool is not None:\n"
        "        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)\n"
        "    return self.pool, loc\n"
    )
    return RESOLVER_HEADER + module + cls + _indent(body, 4)


def resolver_sweep(seed: int, count: int, target, draft, loc) -> tuple:
    """:func:`sweep` for the resolver family."""
    return _sweep(resolvers(seed, count), render_resolver, target, draft, loc)


def resolver_groups(label: str) -> list:
    _, active, draft, frozen, skip, layout = label.split("/")
    return [
        f"active:{active}",
        f"draft:{draft}",
        f"frozen:{frozen}",
        f"skip:{skip}",
        f"layout:{layout}",
    ]
