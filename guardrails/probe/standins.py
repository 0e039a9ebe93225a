"""CPU stand-ins for the few things real sglang needs that cannot run on a CPU-only box.

Everything here is a *named stand-in*; nothing in it pretends to be a working implementation:

* ``TorchvisionImportStub``: a ``sys.meta_path`` finder that serves an importable placeholder
  ``torchvision`` package. The CUDA-linked torchvision wheels cannot load next to the CPU torch,
  and sglang's config modules import torchvision at module level. Calling anything from it
  raises ``RuntimeError("stub: ... called")``.
* ``SglKernelImportStub``: the same placeholder importer for ``sgl_kernel`` (the CUDA kernel wheel),
  used only where an old wheel imports it unconditionally on a path the tests need (0.5.9's
  multi-step draft backend reaches ``mem_cache/memory_pool_host.py``). Never installed by default.
* ``FlashinferWrapperStandIn`` / ``cpu_kv_counter_buffer_stand_in``: the four flashinfer-related
  names that ``TRTLLMHAAttnBackend.__init__`` touches. On CPU sglang never imports flashinfer, so
  the names are missing from the backend modules; these stand-ins only let construction finish.
  No attention kernel runs with them.

This module never imports sglang or torch at import time.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

FLASHINFER_WORKSPACE_BYTES = "1048576"


class _Placeholder:
    """An attribute chain of the stubbed package; calling it fails loudly."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return _Placeholder(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"stub: {self._name} called (an import-time stand-in for a package that is not "
            "installed in this test environment: guardrails/probe/standins.py)"
        )

    def __mro_entries__(self, bases):
        return (object,)

    def __hash__(self):
        return hash(self._name)

    def __eq__(self, other):
        return isinstance(other, _Placeholder) and other._name == self._name

    def __repr__(self):
        return f"<stub {self._name}>"


class _StubModuleType(type(sys)):
    def __getattr__(self, attr: str):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return _Placeholder(f"{self.__name__}.{attr}")


class PlaceholderImportStub(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Stand-in importer serving placeholder packages for the configured top-level names."""

    roots: tuple = ()

    def __init__(self, roots=None):
        if roots is not None:
            self.roots = tuple(roots)

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".", 1)[0] not in self.roots:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        module = _StubModuleType(spec.name)
        return module

    def exec_module(self, module):
        module.__path__ = []
        if "." not in module.__name__:
            module.__version__ = "0.0.0+stub"


class TorchvisionImportStub(PlaceholderImportStub):
    """Stand-in for ``torchvision`` (the CUDA-linked wheels cannot load next to CPU torch)."""

    roots = ("torchvision",)


class SglKernelImportStub(PlaceholderImportStub):
    """Stand-in for ``sgl_kernel`` (CUDA kernels; not installable on CPU)."""

    roots = ("sgl_kernel",)


def _install(stub_cls) -> bool:
    if any(isinstance(f, stub_cls) for f in sys.meta_path):
        return True
    root = stub_cls.roots[0]
    if root in sys.modules or importlib.util.find_spec(root) is not None:
        return False
    sys.meta_path.insert(0, stub_cls())
    return True


def install_torchvision_stub() -> bool:
    """Install the stand-in finder unless a real torchvision is importable. Idempotent."""
    return _install(TorchvisionImportStub)


def install_sgl_kernel_stub() -> bool:
    """Install the ``sgl_kernel`` stand-in unless the real one is importable. Idempotent."""
    return _install(SglKernelImportStub)


def set_cpu_env() -> None:
    """Environment for building flashinfer-family backends on CPU with small workspaces."""
    os.environ.setdefault("SGLANG_FLASHINFER_WORKSPACE_SIZE", FLASHINFER_WORKSPACE_BYTES)


class FlashinferWrapperStandIn:
    """Stand-in for flashinfer's Batch*Wrapper classes: accepts and ignores any arguments."""

    def __init__(self, *args, **kwargs):
        self.stand_in_args = (args, kwargs)

    def __getattr__(self, attr):
        raise RuntimeError(
            f"flashinfer wrapper stand-in: {attr} is not available (flashinfer is not installed "
            "in this test environment)"
        )


def cpu_kv_counter_buffer_stand_in(device, num_q_heads, max_batch_size):
    """Stand-in for ``make_persistent_multi_ctas_kv_counter_buffer`` (needs flashinfer utils)."""
    import torch

    return torch.zeros(num_q_heads * max_batch_size, dtype=torch.int32, device=device)


WRAPPER_NAMES = (
    "BatchPrefillWithRaggedKVCacheWrapper",
    "BatchPrefillWithPagedKVCacheWrapper",
    "BatchDecodeWithPagedKVCacheWrapper",
)


def install_flashinfer_standins(trtllm_module=None):
    """Set the four flashinfer-related names on the real backend modules. Returns an undo callable.

    ``trtllm_module`` lets a caller pass an already-loaded ``trtllm_mha_backend`` module (the
    oracle loads a replacement file under that name).
    """
    import importlib

    fi = importlib.import_module("sglang.srt.layers.attention.flashinfer_backend")
    tm = trtllm_module or importlib.import_module("sglang.srt.layers.attention.trtllm_mha_backend")
    saved = []
    missing = object()
    for mod, name, value in [(fi, n, FlashinferWrapperStandIn) for n in WRAPPER_NAMES] + [
        (tm, "make_persistent_multi_ctas_kv_counter_buffer", cpu_kv_counter_buffer_stand_in)
    ]:
        saved.append((mod, name, mod.__dict__.get(name, missing)))
        setattr(mod, name, value)

    def undo():
        for mod, name, old in reversed(saved):
            if old is missing:
                mod.__dict__.pop(name, None)
            else:
                setattr(mod, name, old)

    return undo


class RecordingFlashinferWrapperStandIn(FlashinferWrapperStandIn):
    """Stand-in for flashinfer's Batch*Wrapper classes that *records* what sglang plans with:
    ``begin_forward(...)`` / ``plan(...)`` keep their arguments in ``self.planned`` (the
    ``kv_indices`` a real wrapper would hand to the kernel) and do nothing else. Used by the
    runtime-recall scenarios to observe the indices a backend's metadata path produced."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.planned = []
        self.is_cuda_graph_enabled = False

    def begin_forward(self, *args, **kwargs):
        self.planned.append((args, kwargs))

    plan = begin_forward


def install_recording_flashinfer_standins(flashinfer_module=None):
    """The three wrapper names set to ``RecordingFlashinferWrapperStandIn``. Returns an undo."""
    import importlib

    fi = flashinfer_module or importlib.import_module(
        "sglang.srt.layers.attention.flashinfer_backend"
    )
    missing = object()
    saved = [(n, fi.__dict__.get(n, missing)) for n in WRAPPER_NAMES]
    for name in WRAPPER_NAMES:
        setattr(fi, name, RecordingFlashinferWrapperStandIn)

    def undo():
        for name, old in saved:
            if old is missing:
                fi.__dict__.pop(name, None)
            else:
                setattr(fi, name, old)

    return undo


class KvIndicesKernelStandIn:
    """CPU stand-in for sglang's triton kernel ``create_flashinfer_kv_indices_triton`` (a GPU
    kernel; triton 3.6's CPU interpreter rejects its loop). Called as ``kernel[(bs,)](...)`` like
    the original, it gathers ``req_to_token[req, start:start+len]`` into ``kv_indices`` at
    ``kv_indptr[i]`` with torch on the host — the same index gather, nothing else."""

    def __getitem__(self, grid):
        return self._run

    @staticmethod
    def _run(req_to_token, req_pool_indices, page_kernel_lens, kv_indptr, kv_start_idx,
             kv_indices, stride=None, ENTRY_PAGE_SIZE=1, token_mapping=None,
             **_launch_options):  # fmt: skip
        if ENTRY_PAGE_SIZE != 1:
            raise NotImplementedError("KvIndicesKernelStandIn: page_size 1 only")
        for i in range(int(page_kernel_lens.shape[0])):
            req = int(req_pool_indices[i])
            start = int(kv_start_idx[i]) if kv_start_idx is not None else 0
            length = int(page_kernel_lens[i])
            at = int(kv_indptr[i])
            ids = req_to_token[req, start : start + length].long()
            if token_mapping is not None:  # 0.5.2x: the kernel can translate while gathering
                ids = token_mapping[ids]
            kv_indices[at : at + length] = ids.to(kv_indices.dtype)


KV_INDICES_KERNEL = "create_flashinfer_kv_indices_triton"


def install_kv_indices_kernel_stand_in(*modules):
    """Set ``create_flashinfer_kv_indices_triton`` to the CPU stand-in on the given modules and on
    every loaded ``sglang.*`` module that imported the kernel by name. Returns an undo callable."""
    modules = list(modules) + [
        m
        for name, m in list(sys.modules.items())
        if name.startswith("sglang.") and KV_INDICES_KERNEL in getattr(m, "__dict__", {})
    ]
    modules = list({id(m): m for m in modules}.values())
    saved = [(m, m.__dict__.get(KV_INDICES_KERNEL)) for m in modules]
    for module in modules:
        setattr(module, KV_INDICES_KERNEL, KvIndicesKernelStandIn())

    def undo():
        for module, old in saved:
            setattr(module, KV_INDICES_KERNEL, old)

    return undo


def prepare_cpu_process() -> None:
    """Everything a process needs before it imports sglang on CPU."""
    set_cpu_env()
    install_torchvision_stub()


def prepare_swa_spec_page_table_stand_in(
    page_table_dst, page_table_a, page_table_b, seq_len_a, seq_len_b, speculative_num_draft_tokens
):
    """STAND-IN for FA3's ``prepare_swa_spec_page_table_triton`` (a Triton GPU kernel): a host
    loop writing row ``m`` of ``page_table_dst`` as the first ``seq_len_a[m // n]`` entries of
    ``page_table_a``'s row ``m // n`` then the first ``seq_len_b[m]`` of ``page_table_b``'s row
    ``m`` (``n``: draft tokens), as the kernel's callers expect. It copies values; it translates
    nothing (the caller passes translated or untranslated tables)."""
    for m in range(int(seq_len_b.shape[0])):
        src = m // int(speculative_num_draft_tokens)
        n_a, n_b = int(seq_len_a[src]), int(seq_len_b[m])
        page_table_dst[m, :n_a] = page_table_a[src, :n_a]
        page_table_dst[m, n_a : n_a + n_b] = page_table_b[m, :n_b]


def install_swa_spec_kernel_stand_in(module) -> bool:
    """Put ``prepare_swa_spec_page_table_stand_in`` in place of ``module``'s
    ``prepare_swa_spec_page_table_triton`` (the name FA3's backend module calls); False where the
    module has no such name."""
    if not hasattr(module, "prepare_swa_spec_page_table_triton"):
        return False
    module.prepare_swa_spec_page_table_triton = prepare_swa_spec_page_table_stand_in
    return True
