"""Oracle grid: a kvguard-fixed ``trtllm_mha_backend.py`` against the first fixed upstream release.

Run as a script in the interpreter/PYTHONPATH of the sglang version under test (like
``trtllm_oracle.py``)::

    python tests/support/fix_oracle_grid.py --trtllm-file FIXED.py --reference-source REF.py
    python tests/support/fix_oracle_grid.py --trtllm-file ORIGINAL.py --roles-only

``--trtllm-file`` is installed as ``sglang.srt.layers.attention.trtllm_mha_backend`` before
anything imports the real one. It prints one JSON object on stdout.

**Resolver grid.** The fixed class's ``_resolve_swa_kv_pool`` and the reference, upstream's
``_resolve_swa_kv_pool`` of the first fixed release (``REF.py``: that release's
``trtllm_mha_backend.py`` from the corpus; the function's source is taken with ``ast`` and
executed here with its global names bound to this process's installed classes: nothing of it is
copied into the project), are called on the same runner over every state:

* active pool: a real ``SWAKVPool`` of its own, the real ``SWAKVPool`` the SWA allocator serves
  (the target's), a real ``MHATokenToKVPool``, every other KV pool class of this release that the
  API model lists (lint_rules/sglang_api.json) and that imports on CPU — as an *uninitialised
  instance* of the real class (``cls.__new__(cls)``: the resolvers only test its type; abstract
  classes cannot exist at run time and are left out) — and None;
* allocator: the real ``SWATokenToKVPoolAllocator`` (over the target's ``SWAKVPool``), the real
  ``TokenToKVPoolAllocator`` (over an ``MHATokenToKVPool``), a stand-in without ``get_kvcache``
  (``AllocatorStandInWithoutGetKvcache``; upstream does not tolerate it, so both must raise the
  same way), and None;
* ``is_draft_worker`` False / True;
* ``spec_algorithm``: every ``SpeculativeAlgorithm`` member, and where this release has
  ``SpeculativeAlgorithm.register``, a plugin-registered algorithm (registered for real, fetched
  with ``SpeculativeAlgorithm.from_string``) and one registered with a ``spec_class`` that answers
  ``is_frozen_kv_mtp() -> True``.

Where an object of this release lacks ``is_frozen_kv_mtp`` (every member before 0.5.12, a
registered algorithm in 0.5.12.x), the reference is given that method *as the first fixed
release defines it* for the object's kind (the enum's or ``CustomSpecAlgo``'s, again taken from
that release's source with ``ast``): what upstream would answer for this object. Results must be
the same object, or both calls must raise the same exception (type and missing attribute).

**Roles.** Real ``TRTLLMHAAttnBackend`` objects from the file under test, in target, EAGLE-draft and
(>= 0.5.12) FROZEN_KV-draft roles, over one shared real SWA allocator whose SWA slots are reused:
request A's first tokens leave the sliding window (``free_swa``), the SWA pool fills up, and the
new request C gets A's old SWA slots. Metadata is built with the real ``init_forward_metadata``
(under the real ``target_kv_pool_view`` for FROZEN_KV) and each layer's page table must name the
rows of the pool that layer reads; a wrong row is reported with the request that owns it.
"""

from __future__ import annotations
import __future__

import argparse
import ast
import builtins
import contextlib
import importlib
import json
import os
import sys
import traceback

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)

MAX_LISTED = 20


# --------------------------------------------------------------------------------------------
# upstream code, taken from the first fixed release's source and bound to installed names


def _free_globals(fn: ast.FunctionDef) -> set:
    bound = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
    loads = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else bound).add(node.id)
    return loads - bound - set(dir(builtins))


def load_upstream_function(path: str, class_name: str, func_name: str, names: dict):
    """``class_name.func_name`` from the source file at ``path``, compiled on its own with
    ``names`` as its globals (every free name must be bound: nothing is guessed)."""
    with open(path, encoding="utf-8") as f:
        module = ast.parse(f.read(), path)
    cls = next(n for n in module.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    fn = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == func_name)
    # Annotations are not evaluated (``from __future__ import annotations`` in the source).
    fn.returns = None
    for arg in fn.args.args + fn.args.kwonlyargs:
        arg.annotation = None
    missing = _free_globals(fn) - set(names)
    if missing:
        raise RuntimeError(f"{class_name}.{func_name} needs unbound names {sorted(missing)}")
    fn.decorator_list = []
    code = compile(
        ast.Module(body=[fn], type_ignores=[]),
        path,
        "exec",
        flags=__future__.annotations.compiler_flag,
        dont_inherit=True,
    )
    namespace = dict(names)
    exec(code, namespace)
    return namespace[func_name]


class InstalledMembers:
    """``SpeculativeAlgorithm.X`` for upstream predicate code run in this process: the installed
    member where this release has it, else a unique placeholder (no object equals it)."""

    def __init__(self, enum):
        self._enum = enum

    def __getattr__(self, name):
        member = getattr(self._enum, name, None)
        return member if member is not None else _AbsentMember(name)


class _AbsentMember:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"<member {self.name} absent in this release>"


class FirstFixedView:
    """A spec algorithm object seen with the first fixed release's ``is_frozen_kv_mtp`` for its
    kind (only used where the installed object has no such method); all else is the object's."""

    def __init__(self, obj, method):
        self._obj = obj
        self._method = method

    def is_frozen_kv_mtp(self):
        return self._method(self._obj)

    def __getattr__(self, name):
        return getattr(self._obj, name)


class RunnerView:
    """The runner as the reference sees it: the same attributes, ``spec_algorithm`` viewed."""

    def __init__(self, runner, spec_algorithm):
        self._runner = runner
        self.spec_algorithm = spec_algorithm

    def __getattr__(self, name):
        return getattr(self._runner, name)


class AllocatorStandInWithoutGetKvcache:
    """Stand-in for the minimal allocator stub of attention test fixtures: no ``get_kvcache``."""


# --------------------------------------------------------------------------------------------
# the resolver grid


def _outcome(call):
    try:
        return ("value", call())
    except Exception as exc:
        return ("raise", (type(exc).__name__, getattr(exc, "name", None), str(exc)[:120]))


def _same(a, b) -> bool:
    if a[0] != b[0]:
        return False
    if a[0] == "value":
        return a[1] is b[1]
    return a[1][:2] == b[1][:2]


def _label(outcome, named):
    if outcome[0] == "raise":
        return f"raises {outcome[1][0]}({outcome[1][1] or outcome[1][2]})"
    value = outcome[1]
    if value is None:
        return "None"
    for name, obj in named.items():
        if value is obj:
            return name
    return f"other {type(value).__name__}"


def _pool_classes(rs, version):
    """(label, instance) for the KV pool classes of the API model beyond the two built ones."""
    from lint_rules import sglang_api

    release, _ = sglang_api.resolve(version)
    built = {rs.swa_pool_class(), rs.mha_pool_class()}
    out, skipped = [], []
    for key in release.raw["kv_pools"] if release else []:
        module_name, _, name = key.rpartition(".")
        try:
            cls = getattr(importlib.import_module(module_name), name)
        except Exception as exc:  # e.g. NPU pools need torch_npu
            skipped.append(f"{key}: {type(exc).__name__}")
            continue
        if cls in built:
            continue
        try:
            instance = cls.__new__(cls)
        except TypeError as exc:  # abstract: no instance can exist at run time
            skipped.append(f"{key}: {exc}")
            continue
        out.append((f"uninitialised {name}", instance))
    return out, skipped


def _spec_objects(rs):
    spec_info = importlib.import_module("sglang.srt.speculative.spec_info")
    enum = spec_info.SpeculativeAlgorithm
    objects = [(f"member {m.name}", m) for m in enum]
    register = getattr(enum, "register", None)
    if register is not None and hasattr(enum, "from_string"):
        import inspect

        params = inspect.signature(register).parameters
        if "name" in params and "spec_class" in params:  # the plugin registry (>= 0.5.12)
            register("KVGUARD_GRID_PLUGIN")(lambda server_args: object)
            plugin = enum.from_string("KVGUARD_GRID_PLUGIN")
            objects.append((f"registered {type(plugin).__name__}", plugin))

            class FrozenKVPlugin(type(plugin)):
                """A plugin's ``spec_class`` claiming FROZEN_KV MTP."""

                def is_frozen_kv_mtp(self):
                    return True

            register("KVGUARD_GRID_FROZEN_PLUGIN", spec_class=FrozenKVPlugin)(
                lambda server_args: object
            )
            objects.append(
                (
                    "registered FrozenKVPlugin(spec_class)",
                    enum.from_string("KVGUARD_GRID_FROZEN_PLUGIN"),
                )
            )
    return enum, objects


def resolver_grid(module, reference_source: str, version: str) -> dict:
    from tests.support import real_sglang as rs

    swa_cls = rs.swa_pool_class()
    reference = load_upstream_function(
        reference_source, "TRTLLMHAAttnBackend", "_resolve_swa_kv_pool", {"SWAKVPool": swa_cls}
    )
    fixed = module.TRTLLMHAAttnBackend._resolve_swa_kv_pool
    enum, spec_objects = _spec_objects(rs)
    spec_dir = os.path.dirname(reference_source).replace(
        os.path.join("layers", "attention"), "speculative"
    )
    first_fixed_enum = load_upstream_function(
        os.path.join(spec_dir, "spec_info.py"),
        "SpeculativeAlgorithm",
        "is_frozen_kv_mtp",
        {"SpeculativeAlgorithm": InstalledMembers(enum)},
    )
    first_fixed_custom = load_upstream_function(
        os.path.join(spec_dir, "spec_registry.py"), "CustomSpecAlgo", "is_frozen_kv_mtp", {}
    )

    req = rs.make_req_to_token_pool()
    own_swa = rs.make_swa_pool()
    target_swa = rs.make_swa_pool()
    full = rs.make_full_pool()
    swa_alloc = rs.make_swa_allocator(target_swa, req_to_token_pool=req)
    plain_alloc = rs.make_plain_allocator(rs.make_full_pool())
    others, skipped = _pool_classes(rs, version)
    pools = [
        ("own SWAKVPool", own_swa),
        ("target SWAKVPool (the SWA allocator's)", target_swa),
        ("MHATokenToKVPool", full),
        *others,
        ("None", None),
    ]
    allocators = [
        ("SWATokenToKVPoolAllocator", swa_alloc),
        ("TokenToKVPoolAllocator", plain_alloc),
        ("AllocatorStandInWithoutGetKvcache", AllocatorStandInWithoutGetKvcache()),
        ("None", None),
    ]
    runner = rs.make_runner(
        token_to_kv_pool=full,
        token_to_kv_pool_allocator=swa_alloc,
        req_to_token_pool=req,
        is_draft_worker=False,
        spec_algorithm_name="NONE",
    )
    states = same = viewed = 0
    differ, outcomes, differ_by = [], {}, {}
    for pool_name, pool in pools:
        for alloc_name, alloc in allocators:
            for draft in (False, True):
                for spec_name, spec in spec_objects:
                    runner.token_to_kv_pool = pool
                    runner.token_to_kv_pool_allocator = alloc
                    runner.is_draft_worker = draft
                    runner.spec_algorithm = spec
                    ref_runner = runner
                    if not hasattr(spec, "is_frozen_kv_mtp"):
                        method = first_fixed_enum if isinstance(spec, enum) else first_fixed_custom
                        ref_runner = RunnerView(runner, FirstFixedView(spec, method))
                        viewed += 1
                    got = _outcome(lambda: fixed(runner))
                    want = _outcome(lambda: reference(ref_runner))
                    states += 1
                    named = {"the active pool": pool}
                    if alloc is swa_alloc:
                        named["the allocator's SWA pool"] = target_swa
                    label = _label(want, named)
                    outcomes[label] = outcomes.get(label, 0) + 1
                    if _same(got, want):
                        same += 1
                        continue
                    key = f"{spec_name}: fixed {_label(got, named)}, first fixed release {label}"
                    differ_by[key] = differ_by.get(key, 0) + 1
                    if len(differ) < MAX_LISTED:
                        differ.append(
                            {
                                "pool": pool_name,
                                "allocator": alloc_name,
                                "draft": draft,
                                "spec_algorithm": spec_name,
                                "fixed": _label(got, named),
                                "first_fixed": label,
                            }
                        )
    return {
        "states": states,
        "same": same,
        "differ": states - same,
        "differences": differ,
        "differences_by_kind": differ_by,
        "reference_outcomes": outcomes,
        "reference_given_first_fixed_is_frozen_kv_mtp": viewed,
        "axes": {
            "pools": [n for n, _ in pools],
            "allocators": [n for n, _ in allocators],
            "draft": [False, True],
            "spec_algorithms": [n for n, _ in spec_objects],
        },
        "pool_classes_left_out": skipped,
    }


# --------------------------------------------------------------------------------------------
# roles: page tables of real backends over a shared SWA allocator with reused slots


def role_checks() -> list:
    import torch

    from tests.support import real_sglang as rs

    facts = rs.sglang_facts()
    swa_cls = rs.swa_pool_class()
    req = rs.make_req_to_token_pool()
    target_pool = rs.make_swa_pool()
    alloc = rs.make_swa_allocator(target_pool, req_to_token_pool=req)
    seq = 5  # decode: prefix 4 + 1 (rs.make_forward_batch)
    a = alloc.alloc(seq)
    filler = alloc.alloc(rs.POOL_SIZE_SWA - seq)  # fills the SWA pool
    alloc.free_swa(a)  # A's tokens leave the sliding window: their SWA slots are freed
    c = alloc.alloc(seq)  # C gets A's old SWA slots
    assert filler is not None and c is not None
    owners_full = {int(x): "A" for x in a} | {int(x): "C" for x in c}
    owners_full |= {int(x): "filler" for x in filler}
    mapping = alloc.full_to_swa_index_mapping
    owners_swa = {int(mapping[x]): "C" for x in c} | {int(mapping[x]): "filler" for x in filler}
    reused = sorted(set(int(mapping[x]) for x in c) & set(int(x) for x in a))

    roles = [
        ("target", dict(pool=target_pool, draft=False, spec="NONE", frozen_view=False)),
        ("eagle_draft", dict(pool=None, draft=True, spec="EAGLE", frozen_view=False)),
    ]
    if facts.has_frozen_kv_mtp:
        roles.append(
            ("frozen_kv_draft", dict(pool=None, draft=True, spec="FROZEN_KV_MTP", frozen_view=True))
        )
    layer_mod = importlib.import_module("sglang.srt.layers.radix_attention")
    out = []
    for name, cfg in roles:
        entry = {"role": name}
        try:
            runner = rs.make_runner(
                token_to_kv_pool=cfg["pool"] if cfg["pool"] is not None else rs.make_full_pool(),
                token_to_kv_pool_allocator=alloc,
                req_to_token_pool=req,
                is_draft_worker=cfg["draft"],
                spec_algorithm_name=cfg["spec"],
            )
            backend = rs.build_trtllm_backend(runner)
            batch = rs.make_forward_batch(runner, mode="DECODE", batch_size=2, prefix=seq - 1)
            req.req_to_token[0, :seq] = a.to(req.req_to_token.dtype)
            req.req_to_token[1, :seq] = c.to(req.req_to_token.dtype)
            batch.out_cache_loc = torch.stack([a[-1], c[-1]]).to(torch.int64)
            view = (
                rs.active_pool_view(backend, batch, target_pool)
                if cfg["frozen_view"]
                else contextlib.nullcontext()
            )
            layers = []
            with view:
                backend.init_forward_metadata(batch)
                read_pool = batch.token_to_kv_pool  # <= 0.5.12.x: what the kernels read
                entry["reads_pool"] = (
                    "target SWAKVPool" if read_pool is target_pool else type(read_pool).__name__
                )
                entry["swa_kv_pool"] = (
                    "target SWAKVPool"
                    if backend._swa_kv_pool is target_pool
                    else repr(backend._swa_kv_pool)
                )
                entry["flag"] = backend.use_sliding_window_kv_pool
                full_rows = req.req_to_token[:2, :seq].to(torch.int64)
                for layer_id in range(rs.LAYERS):
                    layer = rs._call_with_supported(
                        layer_mod.RadixAttention,
                        num_heads=rs.NUM_Q_HEADS,
                        head_dim=rs.HEAD_DIM,
                        scaling=1.0,
                        num_kv_heads=rs.HEAD_NUM,
                        layer_id=layer_id,
                    )
                    swa_layer = (
                        isinstance(read_pool, swa_cls) and read_pool.layers_mapping[layer_id][1]
                    )
                    want = mapping[full_rows] if swa_layer else full_rows
                    got = backend._get_layer_page_table(layer, batch)[:2, :seq].to(torch.int64)
                    ok = torch.equal(got, want.to(torch.int64))
                    record = {"layer": layer_id, "swa": bool(swa_layer), "ok": ok}
                    if not ok:
                        owners = owners_swa if swa_layer else owners_full
                        wrong = {}
                        for r, req_name in enumerate(("A", "C")):
                            bad = [int(x) for x, y in zip(got[r], want[r]) if int(x) != int(y)]
                            if bad:
                                wrong[req_name] = {
                                    "rows": bad,
                                    "owned_by": sorted({owners.get(x, "free") for x in bad}),
                                }
                        record["wrong_rows"] = wrong
                    layers.append(record)
            entry["layers"] = layers
            entry["ok"] = all(lay["ok"] for lay in layers)
        except Exception as exc:
            entry.update(
                ok=False,
                error=f"{type(exc).__name__}: {exc}",
                traceback=traceback.format_exc(limit=6),
            )
        out.append(entry)
    return [{"reused_swa_slots_of_A_given_to_C": reused}] + out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trtllm-file", required=True)
    parser.add_argument(
        "--reference-source", help="the first fixed release's trtllm_mha_backend.py"
    )
    parser.add_argument("--roles-only", action="store_true")
    args = parser.parse_args(argv)
    real_stdout = sys.stdout
    result = {"trtllm_file": args.trtllm_file}
    status = 2
    with contextlib.redirect_stdout(sys.stderr):
        try:
            from tests.support import cpu_stubs

            cpu_stubs.prepare_cpu_process()
            import sglang

            from tests.support.trtllm_oracle import load_trtllm_file

            result["sglang"] = sglang.__version__
            module = load_trtllm_file(args.trtllm_file)
            ok = True
            if not args.roles_only:
                grid = resolver_grid(module, args.reference_source, sglang.__version__)
                result["grid"] = grid
                ok = grid["differ"] == 0
            roles = role_checks()
            result["roles_setup"], result["roles"] = roles[0], roles[1:]
            ok = ok and all(r["ok"] for r in result["roles"])
            result["all_ok"] = ok
            status = 0 if ok else 1
        except Exception as exc:
            result["error"] = f"{type(exc).__name__}: {exc}"
            result["traceback"] = traceback.format_exc()
            result["all_ok"] = False
    real_stdout.write(json.dumps(result, default=str) + "\n")
    real_stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
