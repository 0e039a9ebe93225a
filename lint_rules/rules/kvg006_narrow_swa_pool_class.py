"""KVG006 narrow-swa-pool-class  (opt-in: `--extend-select KVG006`)

## What it does
Flags `isinstance(pool, SWAKVPool)` (or `issubclass`) in attention-backend code when the target
sglang release has SWA pools that are not `SWAKVPool`: subclasses of `BaseSWAKVPool` such as
`DeepSeekV4TokenToKVPool` (sglang >= 0.5.12). The release's SWA pool classes come from kvguard's
API model (`lint_rules/sglang_api.json`, derived from the released sources); the target is
`target-version` from `[tool.kvguard]`, else (`"auto"`) the version of the sglang tree holding
the file, else the installed sglang, as for `kvguard fix`. Not reported:

* a release whose SWA pools are all `SWAKVPool` (before 0.5.12): the test is exact there;
* a class tuple that also names `BaseSWAKVPool`, or every SWA pool class outside `SWAKVPool`;
* a module that itself tests `BaseSWAKVPool` somewhere: it tells the two classes apart, so its
  `SWAKVPool` tests are taken as chosen (Triton in 0.5.23 keeps an `SWAKVPool`-only write path
  and translates reads for any `BaseSWAKVPool`);
* a test whose guarded code (the rest of an `and`, the `if` body, the `x if test else y` value,
  the statements after an `assert`) reads a member of the tested object that `BaseSWAKVPool` does not have (`pool.layers_mapping`,
  `pool.full_kv_pool`): that narrowing is deliberate;
* an unknown version (no configured version, no sglang tree, no installed sglang, or one older
  than every release kvguard knows): the rule cannot tell whether the split exists, and says
  nothing rather than flag code that is exact on old releases.

## Why is this bad?
From sglang 0.5.12 on, `BaseSWAKVPool` is the SWA pool interface (`swa_kv_pool`,
`translate_loc_from_full_to_swa`, `register_mapping`), and `SWAKVPool` only one of its
implementations. A resolver or flag that asks `SWAKVPool` answers "no SWA pool" for a
`DeepSeekV4TokenToKVPool`: SWA layers then read full-pool locations in the SWA cache. #37550
fixed a crash from exactly this split (a translator asking `SWAKVPool`, backends asking
`BaseSWAKVPool`). In 0.5.23 FlashInfer's `_resolve_swa_kv_pool` tests `BaseSWAKVPool`, while
TRTLLM's and aiter's still test `SWAKVPool`; opt-in because those backends are not the ones
DeepSeek-V4 runs on today.

## Example
```python
@staticmethod
def _resolve_swa_kv_pool(model_runner):
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
```

## Fix
Test the interface: `isinstance(active_pool, BaseSWAKVPool)`, imported from
`sglang.srt.mem_cache.base_swa_memory_pool`, where the guarded code needs only what
`BaseSWAKVPool` declares. No automatic fix.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import libcst as cst

from ..cstnodes import positional_args
from ..model import ScopeConfig
from .base import Rule, source_of
from .spec import Case

SWA_POOL = "SWAKVPool"
BASE_SWA_POOL = "BaseSWAKVPool"
_CLASS_TESTS = ("isinstance", "issubclass")
_MESSAGE = (
    "`{src}` tests only `SWAKVPool`, but in sglang {version} {others} {verb} that is not "
    "one (sglang #37550): test `BaseSWAKVPool`, the SWA pool interface{note}"
)


@lru_cache(maxsize=256)
def _release(version: Optional[str], note: str):
    """(the API model's release for ``version``, note); (None, note) when unknown."""
    from ..sglang_api import resolve

    return resolve(version) if version else (None, note)


def release_for(path: str, scope: ScopeConfig):
    """The release KVG006 judges ``path`` against (see the module docstring)."""
    from ..fixes.target import target_of

    target, why = target_of(path, scope)
    return _release(target.version, target.source) if target is not None else (None, why)


def _path_to(root: cst.CSTNode, target: cst.CSTNode) -> Optional[list]:
    """The nodes from ``root`` down to ``target`` (both included), or None."""
    stack = [(root, [root])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        stack.extend((child, path + [child]) for child in node.children)
    return None


def _guarded(path: list) -> tuple[list, bool]:
    """What the class test at the end of ``path`` guards: the later operands of the ``and``s
    it is a conjunct of, and the body of the ``if`` / ``x if test else y`` / ``while`` it is
    the test (or a conjunct of the test) of; and whether it is (a conjunct of) an ``assert``'s
    test, which guards the statements after it."""
    out = []
    cur = path[-1]
    for parent in reversed(path[:-1]):
        if isinstance(parent, cst.BooleanOperation) and isinstance(parent.operator, cst.And):
            if cur is parent.left:
                out.append(parent.right)
        elif isinstance(parent, (cst.If, cst.IfExp, cst.While)) and cur is parent.test:
            out.append(parent.body)
            break
        elif isinstance(parent, cst.Assert) and cur is parent.test:
            return out, True
        else:
            break
        cur = parent
    return out, False


def _after(root: cst.CSTNode, statement: cst.CSTNode) -> list:
    """The statements after ``statement`` in the block of ``root`` that holds it."""
    stack = [root]
    while stack:
        node = stack.pop()
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)) and any(s is statement for s in body):
            return list(body[[i for i, s in enumerate(body) if s is statement][0] + 1 :])
        stack.extend(node.children)
    return []


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _members_read(nodes: list, subject: str) -> set[str]:
    """The attributes read off ``subject`` (by its text) within ``nodes``."""
    out: set[str] = set()
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and _code(node.value) == subject:
            out.add(node.attr.value)
        stack.extend(node.children)
    return out


class NarrowSwaPoolClass(Rule):
    """Reports on the class test's call; the release's facts come from ``sglang_api``."""

    code = "KVG006"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._tells_apart: Optional[bool] = None

    def _tests_base(self) -> bool:
        """Does the module test ``BaseSWAKVPool`` itself (any class test naming it)?"""
        if self._tells_apart is None:
            self._tells_apart = any(
                BASE_SWA_POOL in (self._tested_names(rec.node) or ())
                for rec in self.analysis.recorded
                if isinstance(rec.node, cst.Call)
            )
        return self._tells_apart

    def _tested_names(self, node: cst.Call) -> Optional[list[str]]:
        """The class names an ``isinstance`` / ``issubclass`` call tests; None for another
        call or a class operand that is not plain class references."""
        if not isinstance(node.func, cst.Name) or node.func.value not in _CLASS_TESTS:
            return None
        args = positional_args(node)
        return self._class_names(args[1]) if len(args) == 2 else None

    def _class_names(self, node: cst.BaseExpression) -> Optional[list[str]]:
        """The class names a class operand names (import aliases undone); None when some
        element is not a plain class reference."""
        elements = (
            [e for e in node.elements]
            if isinstance(node, (cst.Tuple, cst.List))
            else [cst.Element(node)]
        )
        names = []
        for element in elements:
            value = element.value
            if isinstance(element, cst.StarredElement):
                return None
            if isinstance(value, cst.Name):
                names.append(self.analysis.original_name(value.value))
            elif isinstance(value, cst.Attribute):
                names.append(value.attr.value)
            else:
                return None
        return names

    def visit_Call(self, node: cst.Call) -> None:
        names = self._tested_names(node)
        if names is None or SWA_POOL not in names or not self.in_scope() or self._tests_base():
            return
        release, note = release_for(self.analysis.path, self.analysis.scope)
        if release is None:
            return
        missed = [
            key
            for key in release.swa_pools_outside()
            if not set(names) & release.swa_ancestor_names(key)
        ]
        if not missed:
            return
        base = release.swa_base_members()
        statement = self.ctx.statements[-1] if self.ctx.statements else None
        path = _path_to(statement, node) if statement is not None else None
        if path is not None and base is not None:
            guarded, asserted = _guarded(path)
            if asserted:
                fn = self.function
                guarded += _after(fn.node if fn else self.analysis.module, statement)
            read = _members_read(guarded, _code(positional_args(node)[0]))
            if read - base:
                return  # the guarded code needs SWAKVPool's own members
        # the topmost missed classes (their subclasses follow)
        short = [key.rsplit(".", 1)[-1] for key in missed]
        top = [
            name
            for name, key in zip(short, missed)
            if not (release.swa_ancestor_names(key) - {name}) & set(short)
        ]
        others = " and ".join(f"`{name}`" for name in top)
        if len(top) < len(short):
            others += " (with subclasses)"
        self.report(
            node,
            _MESSAGE.format(
                src=source_of(node),
                version=release.version,
                others=others,
                verb="is an SWA pool" if len(top) == 1 else "are SWA pools",
                note=f" ({note})" if note else "",
            ),
        )

    # ---- cases (pinned target versions: "auto" would read the installed sglang)

    VALID = [
        # before the split (0.5.11): every SWA pool is an SWAKVPool
        Case(
            """
class TRTLLMHAAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        return None
""",
            count=0,
            scope=ScopeConfig(target_version="0.5.11"),
        ),
        # the interface (FlashInfer's resolver in 0.5.23)
        Case(
            """
class FlashInferAttnBackend(AttentionBackend):
    def _resolve_swa_kv_pool(self, model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None
""",
            count=0,
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # a tuple naming the interface, or every class outside SWAKVPool
        Case(
            """
class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        self.a = isinstance(pool, (SWAKVPool, BaseSWAKVPool))
        self.b = isinstance(pool, (SWAKVPool, DeepSeekV4TokenToKVPool))
""",
            count=0,
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # the guarded code needs SWAKVPool's own members: a deliberate narrowing
        Case(
            """
class TritonAttnBackend(AttentionBackend):
    def forward_extend(self, layer, forward_batch):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool) and pool.layers_mapping[layer.layer_id][1]:
            loc = self.forward_metadata.swa_out_cache_loc
        layout = pool.full_kv_pool.layout if isinstance(pool, SWAKVPool) else pool.layout
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            n = self.token_to_kv_pool.swa_layer_nums
    def decode(self, use_swa, token_to_kv_pool):
        if use_swa:
            assert isinstance(token_to_kv_pool, SWAKVPool)
            mapping = token_to_kv_pool.full_to_swa_index_mapping.contiguous()
""",
            count=0,
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # a module that tests BaseSWAKVPool too tells the two apart (Triton, 0.5.23)
        Case(
            """
class TritonAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAKVPool)

def update_sliding_window_buffer(token_to_kv_pool, window_kv_indices):
    if isinstance(token_to_kv_pool, BaseSWAKVPool):
        return token_to_kv_pool.translate_loc_from_full_to_swa(window_kv_indices)
""",
            count=0,
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # outside backend code
        Case(
            """
def resolve(pool):
    return pool if isinstance(pool, SWAKVPool) else None
""",
            count=0,
            path="pkg/elsewhere.py",
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # a version older than every release kvguard knows: unknown, nothing said
        Case(
            """
class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
            count=0,
            scope=ScopeConfig(target_version="0.4.0"),
        ),
    ]

    INVALID = [
        # TRTLLM's resolver in 0.5.23: both tests miss DeepSeekV4TokenToKVPool
        Case(
            """
class TRTLLMHAAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
            count=2,
            scope=ScopeConfig(target_version="0.5.23"),
        ),
        # a flag; an import alias; a qualified name; guarded code using only the interface
        Case(
            """
from sglang.srt.mem_cache import swa_memory_pool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as _SWA

class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, _SWA)
        self.also = isinstance(model_runner.token_to_kv_pool, swa_memory_pool.SWAKVPool)
    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        assert isinstance(pool, SWAKVPool)
        return pool.translate_loc_from_full_to_swa(loc)
""",
            count=4,
            scope=ScopeConfig(target_version="0.5.12"),
        ),
        # a release newer than every known one: judged on the newest (0.5.23)
        Case(
            """
class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, (SWAKVPool,))
""",
            count=1,
            scope=ScopeConfig(target_version="9.0.0"),
        ),
    ]
