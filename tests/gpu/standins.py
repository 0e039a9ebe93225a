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

import os

from tests.support import cpu_stubs

FLASHINFER_ENV = {
    # sglang's own switch: without flashinfer, never import it (utils/common.py).
    "SGLANG_IS_FLASHINFER_AVAILABLE": "false",
    # the (unused) flashinfer workspace: 1 MiB instead of 384 MiB
    "SGLANG_FLASHINFER_WORKSPACE_SIZE": "1048576",
}


def is_arch_support_pdl() -> bool:
    """Real replacement for ``sgl_kernel.utils.is_arch_support_pdl``: PDL needs compute capability
    9.0 or newer (the H200 is 9.0)."""
    import torch

    return torch.cuda.is_available() and torch.cuda.get_device_capability()[0] >= 9


class SglKernelStandIn(cpu_stubs.SglKernelImportStub):
    """Serves ``sgl_kernel`` and its submodules as placeholders (tests/support/cpu_stubs.py), with
    the one real function the CUDA path calls (see the module docstring)."""

    def exec_module(self, module):
        super().exec_module(module)
        module.__kvguard_stand_in__ = True
        if module.__name__ == "sgl_kernel.utils":
            module.is_arch_support_pdl = is_arch_support_pdl


def install_sgl_kernel_standin() -> bool:
    """Install the stand-in unless a real ``sgl_kernel`` is importable. Returns True if the
    stand-in is (now) in place."""
    return cpu_stubs._install(SglKernelStandIn)


def set_env() -> None:
    for key, value in FLASHINFER_ENV.items():
        os.environ.setdefault(key, value)


FlashinferWrapperStandIn = cpu_stubs.FlashinferWrapperStandIn
kv_counter_buffer_stand_in = cpu_stubs.cpu_kv_counter_buffer_stand_in
FLASHINFER_WRAPPER_NAMES = cpu_stubs.WRAPPER_NAMES


def install_flashinfer_standins() -> list:
    """Set the four flashinfer-related names on sglang's real backend modules (flashinfer is not
    carried). Returns the names set."""
    cpu_stubs.install_flashinfer_standins()
    return [f"flashinfer_backend.{n}" for n in FLASHINFER_WRAPPER_NAMES] + [
        "trtllm_mha_backend.make_persistent_multi_ctas_kv_counter_buffer"
    ]


def prepare_gpu_process() -> dict:
    """Everything a GPU test/benchmark process needs before it imports sglang."""
    set_env()
    stubbed = install_sgl_kernel_standin()
    return {"sgl_kernel_stand_in": stubbed}
