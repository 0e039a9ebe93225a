"""Index spaces of KV locations, on the stdlib ``ast``, and KVG005 decided on it. No libcst.

A hybrid-SWA model keeps two KV pools; a location is a full-pool location or an SWA-pool
location, and an SWA layer must read SWA locations. This model gives each expression a set of
tags: ``FULL`` for values derived from full-pool location sources (``out_cache_loc``,
``req_to_token`` reads, page tables, ``kv_indices``; the configured ``full-location-sources``),
``SWA`` for the results of a translator (``translate_loc_from_full_to_swa``; the configured
``swa-translators``) and of indexing a full->SWA mapping (any attribute or local holding a
``full_to_swa`` word). Values follow locals (flow-sensitively: branches join), element and
arithmetic operations, tensor methods that keep values, ``torch`` combinators, fields of
metadata objects (by field name, over the module), kernels' output arguments, and helpers of
the module (their returns and which parameters reach an SWA read).

SWA reads (the sinks) are the places an SWA layer takes its locations from: the arguments of
an SWA page-table builder (a call whose name holds ``swa`` and a location word, e.g.
``prepare_swa_spec_page_table_triton``), stores and ``copy_`` into an SWA field (a location
field named ``swa`` or one of an object named ``swa``: ``metadata.swa_page_table``,
``metadata_swa.page_table``), keyword arguments naming one, and calls of helpers whose
parameter reaches one. KVG005 reports a value that is FULL and was translated on no path
(``FULL`` without ``SWA``) at a sink, at the statement where it enters, in backend code of a
module that translates somewhere (it may use an SWA pool). Every sink and every translation
holds ``swa`` (any case) or a translator name, which the registry's needles rely on.
"""

from __future__ import annotations

import ast
import re
from typing import Optional

from .astwalk import walked
from .context import of
from .flow import child_statements
from .lexical import LINE, node_span
from .registry import SWA_SPELLINGS

FULL = "full"
SWA = "swa"
_MAP = "map"  # a full->SWA mapping (indexing it gives SWA locations)
_TR = "translator"  # a bound translator method

DEFAULT_FULL_SOURCES = ("out_cache_loc", "req_to_token", "page_table", "kv_indices")
DEFAULT_TRANSLATORS = ("translate_loc_from_full_to_swa",)
MAPPING_WORD = "full_to_swa"
_LOC_WORDS = ("page_table", "indices", "loc", "table", "token", "indptr")

# Tensor methods whose result holds the receiver's values (or a part of them).
_KEEP = frozenset(
    "to long int clone contiguous view reshape flatten squeeze unsqueeze repeat_interleave "
    "narrow index_select gather masked_select cuda cpu type flip expand repeat t transpose "
    "permute unflatten detach view_as reshape_as expand_as select split chunk unbind "
    "__getitem__ int32 int64".split()
)
# torch functions whose result holds their arguments' values.
_COMBINE = frozenset(
    "cat concat concatenate stack hstack vstack where gather index_select repeat_interleave "
    "narrow clone flatten reshape masked_select take".split()
)
_FILL = frozenset({"copy_"})
_WORD = re.compile(r"\w+")
_PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError)


def translators_of(scope) -> tuple:
    return tuple(getattr(scope, "swa_translators", None) or DEFAULT_TRANSLATORS)


def sources_of(scope) -> tuple:
    return tuple(getattr(scope, "full_location_sources", None) or DEFAULT_FULL_SOURCES)


def has_swa_word(name: str) -> bool:
    return "swa" in name.lower()


def _chain(node: ast.AST) -> list:
    """The identifiers of an attribute/subscript/call chain, outermost last (``a.b[c].d``:
    ``a b d``)."""
    out = []
    while True:
        if isinstance(node, ast.Attribute):
            out.append(node.attr)
            node = node.value
        elif isinstance(node, (ast.Subscript, ast.Starred)):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Name):
            out.append(node.id)
            break
        else:
            break
    out.reverse()
    return out


def _call_name(func: ast.AST) -> Optional[str]:
    """The called name: ``f``, ``x.f``, and a kernel launch ``f[grid]``."""
    if isinstance(func, ast.Subscript):
        func = func.value
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


class _Fn:
    """One function: its node, qualified name, class (None at module level), parameters."""

    __slots__ = ("node", "qualname", "cls", "params", "in_scope")

    def __init__(self, node, qualname: str, cls) -> None:
        self.node = node
        self.qualname = qualname
        self.cls = cls
        a = node.args
        self.params = [p.arg for p in (*a.posonlyargs, *a.args)]
        self.in_scope = True


class _Summary:
    __slots__ = ("returns", "sink_params")

    def __init__(self) -> None:
        self.returns: frozenset = frozenset()
        self.sink_params: frozenset = frozenset()  # parameter indices reaching an SWA read

    def key(self):
        return (self.returns, self.sink_params)


class Hit:
    """A FULL value reaching an SWA read: the expression, its statement, the function, why."""

    __slots__ = ("expr", "statement", "fn", "sink", "call")

    def __init__(self, expr, statement, fn, sink: str, call) -> None:
        self.expr, self.statement, self.fn, self.sink, self.call = expr, statement, fn, sink, call


class IndexSpace:
    """The model of one module (see the module doc). ``hits``: the KVG005 findings, one per
    sink node (a call or a store), in source order."""

    def __init__(self, tree: ast.Module, sources=DEFAULT_FULL_SOURCES, translators=None, text=None):
        self.tree = tree
        self.sources = frozenset(sources)
        self.translators = frozenset(translators or DEFAULT_TRANSLATORS)
        self.fns: list = []
        self.classes: dict = {}  # name -> ast.ClassDef (module level and nested)
        self.by_name: dict = {}  # (class name or None, function name) -> _Fn
        self._collect(tree.body, None, "")
        self._words = self._function_words(text)
        self._translates: dict = {}  # function node -> it translates (asked lazily)
        self.swa_chain: dict = {}  # id(attribute node) -> its chain spells swa
        self.wanted: set = set()  # helpers called with a tagged argument (interpreted)
        self.fields: dict = {}  # field name -> tags stored into it anywhere
        self.swa_fields: set = set()  # SWA fields a translated value is stored into
        self.summaries: dict = {id(f): _Summary() for f in self.fns}
        self.hits: list = []
        self._run()

    # ---------------------------------------------------------------- collection

    def _collect(self, body, cls, prefix: str) -> None:
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn = _Fn(stmt, prefix + stmt.name, cls)
                self.fns.append(fn)
                self.by_name.setdefault((cls.name if cls else None, stmt.name), fn)
                self._collect(stmt.body, None, prefix + stmt.name + ".")
            elif isinstance(stmt, ast.ClassDef):
                self.classes.setdefault(stmt.name, stmt)
                self._collect(stmt.body, stmt, prefix + stmt.name + ".")
            else:
                self._collect(list(child_statements(stmt)), cls, prefix)

    def _function_words(self, text):
        """Per function (by id): (its identifiers, it spells swa / a mapping / a translator),
        from its source lines; None without ``text`` (every function is interpreted)."""
        if text is None:
            return None
        lines = text.splitlines(keepends=True)
        words = (*self.translators, MAPPING_WORD, *SWA_SPELLINGS)
        out = {}
        for fn in self.fns:
            seg = "".join(lines[fn.node.lineno - 1 : fn.node.end_lineno])
            out[id(fn)] = (frozenset(_WORD.findall(seg)), any(w in seg for w in words))
        return out

    def relevant(self, fn: _Fn) -> bool:
        """Can ``fn`` produce a tag, a field, a summary or a hit? Only if its text names a
        location source, a field or helper that carries tags, or spells swa / a translator /
        a mapping, or a call passes it a tagged argument (``wanted``)."""
        if self._words is None or id(fn) in self.wanted:
            return True
        names, swa = self._words[id(fn)]
        if swa or not names.isdisjoint(self.sources):
            return True
        if any(v and k in names for k, v in self.fields.items()):
            return True
        for (_, fname), g in self.by_name.items():
            if fname in names:
                s = self.summaries[id(g)]
                if s.returns or s.sink_params:
                    return True
        return False

    def translates(self, fn: _Fn, seen=None) -> bool:
        """``fn`` translates: a translator or mapping word in its body, or a call of a helper
        here that translates."""
        known = self._translates.get(fn.node)
        if known is not None:
            return known
        seen = seen or set()
        seen.add(fn.node)
        names = set()
        for n in walked(fn.node):
            if isinstance(n, ast.Attribute):
                names.add(n.attr)
            elif isinstance(n, ast.Name):
                names.add(n.id)
        words = (*self.translators, MAPPING_WORD)
        answer = any(w in x for x in names for w in words) or any(
            fname in names and g.node not in seen and self.translates(g, seen)
            for (_, fname), g in self.by_name.items()
        )
        self._translates[fn.node] = answer
        return answer

    # ---------------------------------------------------------------- fixed point

    def _run(self) -> None:
        # Rounds until fields, SWA fields and summaries are stable. After the first, a
        # function is interpreted again only when its text names something that changed (a
        # field, a helper whose summary changed, an SWA field's attribute); each keeps the
        # hits of its last interpretation.
        by_fn: dict = {}
        changed = None  # None: every relevant function
        for _ in range(6):
            before = self._state()
            for fn in self.fns:
                fresh = id(fn) in self.wanted and id(fn) not in by_fn
                if changed is not None and not fresh:
                    if self._words is None:
                        pass
                    elif self._words[id(fn)][0].isdisjoint(changed):
                        continue
                if not (fresh or self.relevant(fn)):
                    continue
                self.hits = []
                _Interp(self, fn, report=True).run()
                by_fn[id(fn)] = self.hits
            after = self._state()
            if after == before:
                break
            changed = self._changed(before, after)
        self.hits = sorted(
            (h for hs in by_fn.values() for h in hs),
            key=lambda h: (h.call.lineno, h.call.col_offset),
        )

    def _changed(self, before, after) -> set:
        _, fields_b, swa_b, sums_b = before
        _, fields_a, swa_a, sums_a = after
        out = {k for k in fields_a if fields_a[k] != fields_b.get(k)}
        out |= {k.rsplit(".", 1)[-1] for k in swa_a - swa_b}
        for fn, b, a in zip(self.fns, sums_b, sums_a):
            if a != b:
                out.add(fn.node.name)
        return out

    def _state(self):
        return (
            frozenset(self.wanted),
            dict(self.fields),
            frozenset(self.swa_fields),
            [s.key() for s in self.summaries.values()],
        )

    def callee(self, fn: _Fn, func: ast.AST) -> Optional[_Fn]:
        """A helper of this module a call reaches: ``self.m`` / ``cls.m`` in the caller's
        class, or a module-level function by name."""
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if fn.cls is not None and fn.params and func.value.id == fn.params[0]:
                return self.by_name.get((fn.cls.name, func.attr))
            return None
        if isinstance(func, ast.Name):
            return self.by_name.get((None, func.id))
        return None


class _Interp:
    """Abstract interpretation of one function's body: locals -> tags, flow-sensitive."""

    def __init__(self, model: IndexSpace, fn: _Fn, report: bool) -> None:
        self.m = model
        self.fn = fn
        self.report = report
        self.summary = model.summaries[id(fn)]
        self.stmt = None
        self._seen_hits: set = set()

    def run(self) -> None:
        env = {}
        params = self.fn.params
        is_method = self.fn.cls is not None and not any(
            isinstance(d, ast.Name) and d.id == "staticmethod" for d in self.fn.node.decorator_list
        )
        for i, p in enumerate(params):
            if is_method and i == 0:
                continue
            env[p] = frozenset({("p", i)})
        self.returns = set()
        self.sinks = set()
        self.block(self.fn.node.body, env)
        s = self.summary
        s.returns = frozenset(self.returns)
        s.sink_params = frozenset(self.sinks)

    # ---------------------------------------------------------------- statements

    def block(self, body, env: dict) -> dict:
        for stmt in body:
            env = self.statement(stmt, env)
        return env

    @staticmethod
    def join(*envs) -> dict:
        out: dict = {}
        for e in envs:
            for k, v in e.items():
                out[k] = out.get(k, frozenset()) | v
        return out

    def statement(self, st, env: dict) -> dict:
        self.stmt = st
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return env
        if isinstance(st, ast.If):
            self.scan(st.test, env)
            return self.join(self.block(st.body, dict(env)), self.block(st.orelse, dict(env)))
        if isinstance(st, (ast.For, ast.AsyncFor, ast.While)):
            if isinstance(st, ast.While):
                self.scan(st.test, env)
            else:
                self.scan(st.iter, env)
                self.bind(st.target, self.value(st.iter, env), env)
            loop = dict(env)
            for _ in range(2):
                loop = self.join(loop, self.block(st.body, dict(loop)))
            return self.block(st.orelse, self.join(env, loop))
        if isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                self.scan(item.context_expr, env)
                if item.optional_vars is not None:
                    self.bind(item.optional_vars, self.value(item.context_expr, env), env)
            return self.block(st.body, env)
        if isinstance(st, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            body = self.block(st.body, dict(env))
            joined = self.join(env, body)
            outs = [self.block(st.orelse, dict(body))]
            for h in st.handlers:
                outs.append(self.block(h.body, dict(joined)))
            return self.block(st.finalbody, self.join(joined, *outs))
        if isinstance(st, getattr(ast, "Match", ())):
            self.scan(st.subject, env)
            return self.join(env, *(self.block(c.body, dict(env)) for c in st.cases))
        if isinstance(st, ast.Assign):
            v = self.scan(st.value, env)
            for t in st.targets:
                self.store(t, st.value, v, env)
            return env
        if isinstance(st, ast.AnnAssign):
            if st.value is not None:
                v = self.scan(st.value, env)
                self.store(st.target, st.value, v, env)
            return env
        if isinstance(st, ast.AugAssign):
            v = self.scan(st.value, env)
            if isinstance(st.target, ast.Name):
                env[st.target.id] = env.get(st.target.id, frozenset()) | v
            else:
                self.store(st.target, st.value, v | self.value(st.target, env), env)
            return env
        if isinstance(st, ast.Return):
            if st.value is not None:
                self.returns |= self.scan(st.value, env)
            return env
        for child in ast.iter_child_nodes(st):
            if isinstance(child, ast.expr):
                self.scan(child, env)
        return env

    def bind(self, target, v: frozenset, env: dict) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = v
        elif isinstance(target, (ast.Tuple, ast.List)):
            for e in target.elts:
                self.bind(e.value if isinstance(e, ast.Starred) else e, v, env)

    def store(self, target, value_node, v: frozenset, env: dict) -> None:
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(
            value_node, (ast.Tuple, ast.List)
        ):
            if len(target.elts) == len(value_node.elts):
                for t, e in zip(target.elts, value_node.elts):
                    self.store(t, e, self.value(e, env), env)
                return
        if isinstance(target, (ast.Name, ast.Tuple, ast.List)):
            self.bind(target, v, env)
            return
        if isinstance(target, ast.Attribute):
            if not has_swa_word(target.attr):
                self.m.fields[target.attr] = self.m.fields.get(target.attr, frozenset()) | (
                    v & {FULL, SWA}
                )
            key = self.swa_field(target)
            if key:
                self.sink(value_node, v, f"a store into the SWA field `{key}`", target, key)
        elif isinstance(target, ast.Subscript):
            self.scan(target.slice, env)
            key = self.swa_field(target.value) or self.swa_key(target)
            if key:
                self.sink(value_node, v, f"a store into the SWA field `{key}`", target, key)

    # ---------------------------------------------------------------- SWA reads

    def swa_field(self, node) -> Optional[str]:
        """The key of an SWA location field (``x.swa_page_table``: ``swa_page_table``;
        ``metadata_swa.page_table``: ``<swa>.page_table``), or None."""
        chain = _chain(node)
        if not chain or not isinstance(node, (ast.Attribute, ast.Subscript)):
            return None
        last = chain[-1]
        if not any(w in last.lower() for w in _LOC_WORDS):
            return None
        if any(MAPPING_WORD in c.lower() or c in self.m.translators for c in chain):
            return None
        if has_swa_word(last):
            return last
        return "<swa>." + last if any(has_swa_word(c) for c in chain) else None

    @staticmethod
    def swa_key(node: ast.Subscript) -> Optional[str]:
        s = node.slice
        if (
            isinstance(s, ast.Constant)
            and isinstance(s.value, str)
            and has_swa_word(s.value)
            and any(w in s.value.lower() for w in _LOC_WORDS)
        ):
            return s.value
        return None

    def swa_builder(self, name: Optional[str]) -> bool:
        if not name or name in self.m.translators or MAPPING_WORD in name.lower():
            return False
        low = name.lower()
        return has_swa_word(low) and "page_table" in low

    def sink(self, expr, v: frozenset, what: str, where, field=None) -> None:
        """``field``: the SWA field stored into (None: a builder's argument). A field counts
        as SWA space only where the module stores a translated value into it somewhere."""
        if field is not None:
            if SWA in v:
                self.m.swa_fields.add(field)
            if field not in self.m.swa_fields:
                return
        if SWA not in v:
            self.sinks.update(t[1] for t in v if isinstance(t, tuple))
        if self.report and FULL in v and SWA not in v:
            key = (id(where), id(expr))
            if key in self._seen_hits:
                return
            self._seen_hits.add(key)
            self.m.hits.append(Hit(expr, self.stmt, self.fn, what, where))

    # ---------------------------------------------------------------- expressions

    def scan(self, node, env: dict) -> frozenset:
        """The value of ``node``, checking every call in it for SWA reads."""
        return self.value(node, env)

    def value(self, node, env: dict) -> frozenset:
        m = self.m
        if isinstance(node, ast.Name):
            return env.get(node.id, frozenset())
        if isinstance(node, ast.Attribute):
            self.value(node.value, env)
            if node.attr in m.translators:
                return frozenset({_TR})
            if MAPPING_WORD in node.attr.lower():
                return frozenset({_MAP})
            swa = m.swa_chain.get(id(node))
            if swa is None:
                swa = m.swa_chain[id(node)] = any(has_swa_word(c) for c in _chain(node))
            if swa:
                return frozenset()
            if node.attr in m.sources:
                return frozenset({FULL})
            return m.fields.get(node.attr, frozenset())
        if isinstance(node, ast.Subscript):
            base = self.value(node.value, env)
            self.value(node.slice, env)
            if _MAP in base:
                return frozenset({SWA})
            return base - {_MAP, _TR}
        if isinstance(node, ast.Call):
            return self.call(node, env)
        if isinstance(node, ast.BinOp):
            return (self.value(node.left, env) | self.value(node.right, env)) - {_MAP, _TR}
        if isinstance(node, ast.UnaryOp):
            return self.value(node.operand, env)
        if isinstance(node, ast.IfExp):
            self.value(node.test, env)
            return self.value(node.body, env) | self.value(node.orelse, env)
        if isinstance(node, ast.BoolOp):
            out = frozenset()
            for x in node.values:
                out |= self.value(x, env)
            return out
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            out = frozenset()
            for x in node.elts:
                out |= self.value(x, env)
            return out
        if isinstance(node, ast.Starred):
            return self.value(node.value, env)
        if isinstance(node, ast.NamedExpr):
            v = self.value(node.value, env)
            env[node.target.id] = v
            return v
        if isinstance(
            node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
        ):
            return frozenset()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.value(child, env)
        return frozenset()

    def call(self, node: ast.Call, env: dict) -> frozenset:
        m = self.m
        func = node.func
        recv = self.value(func, env)
        args = [self.value(a, env) for a in node.args]
        kws = [(k.arg, self.value(k.value, env)) for k in node.keywords]
        name = _call_name(func)
        target = m.callee(self.fn, func)
        # SWA reads: a builder's arguments (unless it is a helper here that translates), a
        # keyword naming an SWA location field.
        if self.swa_builder(name) and (target is None or not m.translates(target)):
            for a, v in zip(node.args, args):
                self.sink(a, v, f"an argument of the SWA page-table builder `{name}`", node)
            for k, (_, v) in zip(node.keywords, kws):
                self.sink(k.value, v, f"an argument of the SWA page-table builder `{name}`", node)
        for k, (kname, v) in zip(node.keywords, kws):
            if kname and has_swa_word(kname) and any(w in kname.lower() for w in _LOC_WORDS):
                if MAPPING_WORD not in kname.lower():
                    what = f"the SWA location argument `{kname}=`"
                    self.sink(k.value, v, what, node, kname)
        if isinstance(func, ast.Attribute) and func.attr in _FILL and node.args:
            key = self.swa_field(func.value)
            if key:
                self.sink(node.args[0], args[0], f"a copy into the SWA field `{key}`", node, key)
        # Helpers of this module: parameters that reach an SWA read, returns.
        if target is not None:
            if any(args) or any(v for _, v in kws):
                m.wanted.add(id(target))
            s = m.summaries[id(target)]
            offset = 1 if target.cls is not None and self.fn.cls is not None else 0
            for i, (a, v) in enumerate(zip(node.args, args)):
                if i + offset in s.sink_params:
                    self.sink(
                        a, v, f"a parameter of `{target.qualname}` that reaches an SWA read", node
                    )
            for k, (kname, v) in zip(node.keywords, kws):
                if kname in target.params and target.params.index(kname) in s.sink_params:
                    self.sink(
                        k.value,
                        v,
                        f"a parameter of `{target.qualname}` that reaches an SWA read",
                        node,
                    )
            out = set()
            for t in s.returns:
                if isinstance(t, tuple):
                    i = t[1] - offset
                    if 0 <= i < len(args):
                        out |= args[i]
                else:
                    out.add(t)
            return frozenset(out)
        if _TR in recv:
            return frozenset({SWA})
        if isinstance(func, ast.Attribute):
            if func.attr in m.translators:
                return frozenset({SWA})
            if func.attr in _KEEP:
                return self.value(func.value, env) - {_MAP, _TR}
            if func.attr in _COMBINE and _chain(func)[:1] in (["torch"], ["np"]):
                return self._union(args, kws)
            if name and name not in self.m.translators and not self.swa_builder(name):
                self._kernel_outputs(node, args, env)
            return frozenset()
        if isinstance(func, ast.Name) and func.id in _COMBINE:
            return self._union(args, kws)
        if name and not self.swa_builder(name):
            self._kernel_outputs(node, args, env)
        return frozenset()

    @staticmethod
    def _union(args, kws) -> frozenset:
        out = frozenset()
        for v in (*args, *(v for _, v in kws)):
            out |= v
        return out - {_MAP, _TR}

    def _kernel_outputs(self, node: ast.Call, args, env: dict) -> None:
        """A kernel that builds locations (its name holds a location word) from a FULL input
        fills its local output buffers with FULL locations."""
        name = (_call_name(node.func) or "").lower()
        if not any(w in name for w in ("kv_indices", "page_table", "indices")):
            return
        full = any(FULL in v and SWA not in v for v in args)
        if not full:
            return
        for a, v in zip(node.args, args):
            if isinstance(a, ast.Name) and not v:
                env[a.id] = frozenset({FULL})


# -------------------------------------------------------------------- KVG005 on ast


def may_use_swa_pool(text: str, translators) -> bool:
    """The module translates somewhere (a translator or a full->SWA mapping word): it may
    use an SWA pool, so its SWA reads must read SWA locations."""
    return MAPPING_WORD in text or any(t in text for t in translators)


def _model(text: str, scope, tree: Optional[ast.Module] = None, ctx=None):
    """The model of ``text`` (None: it does not parse), kept in ``ctx.space``
    (``context.FileContext``): the engine proves a file clean first, then lints the same
    text."""
    key = (text, sources_of(scope), translators_of(scope))
    if ctx.space is not None and ctx.space[0] == key:
        return ctx.space[1]
    if tree is None and ctx.model is not None and ctx.model[0] == text:
        tree = ctx.model[3].tree  # the other rules' proof parsed it
    if tree is None:
        try:
            tree = ast.parse(text)
        except _PARSE_ERRORS:
            return None
    try:
        model = IndexSpace(tree, key[1], key[2], text)
    except RecursionError:
        model = None
    ctx.space = (key, model)
    return model


def _gate(text: str, scope) -> bool:
    """What the registry's needles ask: a translator or mapping word, and an SWA spelling."""
    return may_use_swa_pool(text, translators_of(scope)) and any(s in text for s in SWA_SPELLINGS)


def findings(text: str, path: str, scope, tree: Optional[ast.Module] = None, ctx=None):
    """KVG005's findings (``RuleMeta.check``): ``astfinding.AstFinding`` records, or None where
    the text does not parse (the libcst path then reports the parse error). ``ctx``: the
    file's ``context.FileContext`` (the index, the proof's model)."""
    from .model import ScopeConfig

    ctx = of(ctx)
    scope = scope if scope is not None else ScopeConfig()
    if not _gate(text, scope):
        return []
    model = _model(text, scope, tree, ctx)
    if model is None:
        return None
    return _report(model, text, path, scope, ctx) if model.hits else []


def proven_clean_for(text: str, scope, ctx=None) -> bool:
    """KVG005's own reduction: the model finds nothing (exact: the same model as the rule,
    with scope assumed to hold everywhere)."""
    from .model import ScopeConfig

    ctx = of(ctx)
    scope = scope if scope is not None else ScopeConfig()
    if not _gate(text, scope):
        return True
    model = _model(text, scope, None, ctx)
    return model is not None and not model.hits


def _report(model: IndexSpace, text: str, path: str, scope, ctx) -> list:
    from .astfinding import AstFinding, Span
    from .scope import backend_by_bases, path_in_scope

    in_path = path_in_scope(path, scope)
    infos = {name: _ClassInfo(c) for name, c in model.classes.items()}
    lines = LINE.findall(text)
    out = []
    done = set()
    for h in model.hits:
        cls = h.fn.cls
        if not in_path:
            if cls is None:
                continue
            info = infos[cls.name]
            if not backend_by_bases(
                info,
                lambda c: c.bases,
                infos,
                lambda n: n,
                scope.base_patterns,
                lambda base: ctx.backend_base(path, base),
            ):
                continue
        key = (h.call.lineno, h.call.col_offset)
        if key in done:
            continue
        done.add(key)
        node = h.call
        src = ast.get_source_segment(text, h.expr) or "a full-pool location"
        if len(src) > 60:
            src = src[:57] + "..."
        message = (
            f"full-pool location `{src}` reaches {h.sink} untranslated: SWA layers read SWA-pool "
            f"locations (sglang #24617); translate it through the backend's SWA pool "
            f"(`{translators_of(scope)[0]}`) first"
        )
        out.append(
            AstFinding(
                code="KVG005",
                node=Span(*node_span(lines, node)),
                statement=Span(h.statement.lineno, 0, 0, 0),
                message=message,
                context=h.fn.qualname,
                fix=None,
            )
        )
    return out


class _ClassInfo:
    __slots__ = ("name", "bases")

    def __init__(self, node: ast.ClassDef) -> None:
        self.name = node.name
        self.bases = [".".join(_chain(b)) for b in node.bases if _chain(b)]
