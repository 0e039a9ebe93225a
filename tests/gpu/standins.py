"""Named stand-ins for the GPU run (issue 7): only what cannot travel to the H200 machine.

* ``SglKernelStandIn``: an import-time stand-in for the ``sgl_kernel`` wheel (356 MB, too big to
  carry). sglang imports it unconditionally on the CUDA path, but the code paths exercised here
  launch none of its ops. Every module under ``sgl_kernel`` is a placeholder whose attributes fail
  loudly when *called* — except ``sgl_kernel.utils.is_arch_support_pdl``, which is a real function
  (``TritonAttnBackend.__init__`` calls it on CUDA): programmatic dependent launch needs SM90+.
* ``FlashinferWrapperStandIn`` / ``kv_counter_buffer_stand_in``: flashinfer is not carried and
  ``SGLANG_IS_FLASHINFER_AVAILABLE=false``, so the three flashinfer wrapper classes and
  ``trtllm_mha_backend.make_persistent_multi_ctas_kv_counter_buffer`` (which calls
  ``flashinfer.utils``) are missing from sglang's backend modules. These stand-ins only let the
  real ``TRTLLMHAAttnBackend.__init__`` finish; any attention *kernel* call through them raises.

Nothing else is stood in: pools, allocator, runners, forward batches, backends, the CUDA-graph
metadata kernels (Triton) and the Triton attention kernels are sglang 0.5.23's own.

This module imports neither torch nor sglang at import time.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import types

FLASHINFER_ENV = {
    # sglang's own switch: without flashinfer, never import it (utils/common.py).
    "SGLANG_IS_FLASHINFER_AVAILABLE": "false",
    # the (unused) flashinfer workspace: 1 MiB instead of 384 MiB
    "SGLANG_FLASHINFER_WORKSPACE_SIZE": "1048576",
}


class _Placeholder:
    """An attribute of the ``sgl_kernel`` stand-in; calling it raises."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return _Placeholder(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"sgl_kernel stand-in: {self._name} was called; the sgl_kernel wheel is not carried "
            "to the GPU machine (tests/gpu/standins.py)"
        )

    def __mro_entries__(self, bases):
        return (object,)

    def __hash__(self):
        return hash(self._name)

    def __eq__(self, other):
        return isinstance(other, _Placeholder) and other._name == self._name

    def __repr__(self):
        return f"<sgl_kernel stand-in {self._name}>"


class _PlaceholderModule(types.ModuleType):
    def __getattr__(self, attr: str):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return _Placeholder(f"{self.__name__}.{attr}")


def is_arch_support_pdl() -> bool:
    """Real replacement for ``sgl_kernel.utils.is_arch_support_pdl``: PDL needs compute capability
    9.0 or newer (the H200 is 9.0)."""
    import torch

    return torch.cuda.is_available() and torch.cuda.get_device_capability()[0] >= 9


class SglKernelStandIn(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves ``sgl_kernel`` and its submodules as placeholders (see the module docstring)."""

    root = "sgl_kernel"

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.root and not fullname.startswith(self.root + "."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return _PlaceholderModule(spec.name)

    def exec_module(self, module):
        module.__path__ = []
        module.__kvguard_stand_in__ = True
        if module.__name__ == self.root:
            module.__version__ = "0.0.0+kvguard-stand-in"
        if module.__name__ == self.root + ".utils":
            module.is_arch_support_pdl = is_arch_support_pdl


def install_sgl_kernel_standin() -> bool:
    """Install the stand-in unless a real ``sgl_kernel`` is importable. Returns True if the
    stand-in is (now) in place."""
    if any(isinstance(f, SglKernelStandIn) for f in sys.meta_path):
        return True
    if "sgl_kernel" in sys.modules or importlib.util.find_spec("sgl_kernel") is not None:
        return False
    sys.meta_path.insert(0, SglKernelStandIn())
    return True


def set_env() -> None:
    for key, value in FLASHINFER_ENV.items():
        os.environ.setdefault(key, value)


class FlashinferWrapperStandIn:
    """Stand-in for flashinfer's ``Batch*Wrapper`` classes: construction only."""

    def __init__(self, *args, **kwargs):
        self.stand_in_args = (args, kwargs)

    def __getattr__(self, attr):
        raise RuntimeError(
            f"flashinfer wrapper stand-in: {attr} is unavailable (flashinfer is not carried to "
            "the GPU machine)"
        )


def kv_counter_buffer_stand_in(device, num_q_heads, max_batch_size):
    """Stand-in for ``make_persistent_multi_ctas_kv_counter_buffer`` (calls flashinfer.utils):
    the zeroed int32 counter buffer it would allocate, on the same device."""
    import torch

    return torch.zeros(num_q_heads * max_batch_size, dtype=torch.int32, device=device)


FLASHINFER_WRAPPER_NAMES = (
    "BatchPrefillWithRaggedKVCacheWrapper",
    "BatchPrefillWithPagedKVCacheWrapper",
    "BatchDecodeWithPagedKVCacheWrapper",
)


def install_flashinfer_standins() -> list:
    """Set the four flashinfer-related names on sglang's real backend modules (only where they
    are missing, i.e. flashinfer is not importable). Returns the names set."""
    fi = importlib.import_module("sglang.srt.layers.attention.flashinfer_backend")
    tm = importlib.import_module("sglang.srt.layers.attention.trtllm_mha_backend")
    done = []
    for name in FLASHINFER_WRAPPER_NAMES:
        if name not in fi.__dict__:
            setattr(fi, name, FlashinferWrapperStandIn)
            done.append(f"flashinfer_backend.{name}")
    if "flashinfer" not in tm.__dict__:
        tm.make_persistent_multi_ctas_kv_counter_buffer = kv_counter_buffer_stand_in
        done.append("trtllm_mha_backend.make_persistent_multi_ctas_kv_counter_buffer")
    return done


def prepare_gpu_process() -> dict:
    """Everything a GPU test/benchmark process needs before it imports sglang."""
    set_env()
    stubbed = install_sgl_kernel_standin()
    return {"sgl_kernel_stand_in": stubbed}
