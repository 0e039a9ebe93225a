"""KVG005's fix on the real fa3 backend of sglang 0.5.11 (#24617), executed.

The fixed ``FlashAttentionBackend._init_sliding_window_attn_spec_metadata`` of 0.5.11 and the
0.5.12 one run on the same batch, against a real ``SWAKVPool`` whose locations a real SWA
allocator handed out (the installed sglang). The Triton kernel cannot run on CPU: its wrapper is
replaced by ``standin_prepare_swa_spec_page_table``, a loop doing what the kernel's masks say.
The methods and ``FlashAttentionMetadata`` are taken from the release wheels' source at test time.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Optional

import pytest

from lint_rules import checker, fixer
from lint_rules.model import ScopeConfig

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import sglang_wheels  # noqa: E402

FA3 = "sglang/srt/layers/attention/flashattention_backend.py"
METHOD = "_init_sliding_window_attn_spec_metadata"
DRAFT = 2  # speculative_num_draft_tokens


def standin_prepare_swa_spec_page_table(dst, a, b, seq_len_a, seq_len_b, repeat):
    """Stand-in for ``prepare_swa_spec_page_table_triton`` (Triton, GPU only): row ``m`` of
    ``dst`` is row ``m // repeat`` of ``a`` up to its length, then row ``m`` of ``b``."""
    for m in range(b.shape[0]):
        la, lb = int(seq_len_a[m // repeat]), int(seq_len_b[m])
        dst[m, :la] = a[m // repeat, :la]
        dst[m, la : la + lb] = b[m, :lb]


def _pieces(text: str, backend_class: str = "FlashAttentionBackend", meta_text: str = ""):
    """``FlashAttentionMetadata`` (from ``meta_text``, default ``text``) and the backend's
    method, compiled from ``text``."""
    import torch

    tree = ast.parse(text)
    meta = next(
        n
        for n in ast.parse(meta_text or text).body
        if isinstance(n, ast.ClassDef) and n.name == "FlashAttentionMetadata"
    )
    backend = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == backend_class)
    method = next(n for n in backend.body if getattr(n, "name", None) == METHOD)
    ns = {
        "torch": torch,
        "Optional": Optional,
        "dataclass": dataclass,
        "prepare_swa_spec_page_table_triton": standin_prepare_swa_spec_page_table,
    }
    module = ast.Module(body=[meta, method], type_ignores=[])
    exec(compile(module, FA3, "exec", flags=0x1000000), ns)  # CO_FUTURE_ANNOTATIONS
    return ns[meta.name], ns[METHOD]


def _run(text: str, pool, full_a, full_b, lens_a, lens_b, **where):
    import torch

    Meta, method = _pieces(text, **where)
    metadata, expand = Meta(), Meta()
    metadata.page_table = full_a.clone()
    metadata.cache_seqlens_int32 = lens_a.clone()
    metadata.max_seq_len_k = int(lens_a.max())
    expand.page_table = full_b.clone()
    expand.cache_seqlens_int32 = lens_b.clone()
    expand.cu_seqlens_q = torch.arange(0, lens_b.numel() + 1, dtype=torch.int32)
    backend = SimpleNamespace(
        page_size=1,
        speculative_num_draft_tokens=DRAFT,
        use_sliding_window_kv_pool=True,
        token_to_kv_pool=pool,
    )
    method(backend, metadata, expand)
    return metadata.swa_spec_metadata.page_table


def _batch():
    """A real SWA pool and a speculative batch's full-pool page tables, handed out by a real
    SWA allocator after full-pool-only rows (so full and SWA locations differ)."""
    import torch

    from tests.support import real_sglang as real

    pool = real.make_swa_pool(page_size=1)
    alloc = real.make_swa_allocator(pool, page_size=1)
    alloc.full_attn_allocator.alloc(7)
    bs, len_a = 2, 5
    full_a = alloc.alloc(bs * len_a).view(bs, len_a).to(torch.int32)
    full_b = alloc.alloc(bs * DRAFT * DRAFT).view(bs * DRAFT, DRAFT).to(torch.int32)
    lens_a = torch.tensor([5, 3], dtype=torch.int32)
    lens_b = torch.tensor([1, 2, 1, 2], dtype=torch.int32)
    assert not torch.equal(pool.translate_loc_from_full_to_swa(full_a), full_a)
    return pool, full_a, full_b, lens_a, lens_b


def test_fixed_fa3_0_5_11_builds_what_0_5_12_builds():
    torch = pytest.importorskip("torch")
    pytest.importorskip("sglang")

    old = (sglang_wheels.ensure_tree("0.5.11", quiet=True) / FA3).read_text(encoding="utf-8")
    new = (sglang_wheels.ensure_tree("0.5.12", quiet=True) / FA3).read_text(encoding="utf-8")
    lint = checker.lint_text(old, FA3, {"KVG005"}, ScopeConfig())
    assert [f.context for f in lint.findings] == [f"FlashAttentionBackend.{METHOD}"]
    out = fixer.fix_text(old, FA3, {"KVG005"}, ScopeConfig())
    fixed = out.new_text
    assert fixed != old and out.error is None
    assert checker.lint_text(fixed, FA3, {"KVG005"}, ScopeConfig()).findings == []

    pool, full_a, full_b, lens_a, lens_b = _batch()

    want = _run(new, pool, full_a, full_b, lens_a, lens_b)
    got = _run(fixed, pool, full_a, full_b, lens_a, lens_b)
    bug = _run(old, pool, full_a, full_b, lens_a, lens_b)
    assert torch.equal(got, want)
    assert not torch.equal(bug, want)  # the unfixed 0.5.11 table holds full-pool locations
    # and the fixed table's locations are the SWA translations of the full ones
    row0 = torch.cat([full_a[0, :5], full_b[0, :1]]).long()
    assert torch.equal(got[0, :6].long(), pool.translate_loc_from_full_to_swa(row0).long())


def test_xpu_0_5_23_is_the_same_instance_and_its_fix_builds_what_fa3_0_5_12_builds():
    """The XPU backend (unfixed upstream): executed, its SWA spec page table holds full-pool
    locations; fixed, it equals fa3 0.5.12's for the same batch."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("sglang")

    xpu_rel = "sglang/srt/layers/attention/xpu_backend.py"
    xpu = (sglang_wheels.ensure_tree("0.5.23", quiet=True) / xpu_rel).read_text(encoding="utf-8")
    fa3 = (sglang_wheels.ensure_tree("0.5.12", quiet=True) / FA3).read_text(encoding="utf-8")
    out = fixer.fix_text(xpu, xpu_rel, {"KVG005"}, ScopeConfig())
    assert out.error is None and out.new_text != xpu
    assert checker.lint_text(out.new_text, xpu_rel, {"KVG005"}, ScopeConfig()).findings == []
    batch = _batch()
    where = {"backend_class": "XPUAttentionBackend", "meta_text": fa3}
    want = _run(fa3, *batch)
    assert not torch.equal(_run(xpu, *batch, **where), want)
    assert torch.equal(_run(out.new_text, *batch, **where), want)
