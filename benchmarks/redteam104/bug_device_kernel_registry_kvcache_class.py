"""Multi-device attention backend with a per-platform kernel registry.

Each platform registers a decode implementation and a flag describing whether it reads
the hybrid window cache directly. The window check is made once against the KV cache
class the token allocator manages, so every platform sees the same layout decision.
"""

import logging
from typing import Callable, Dict, NamedTuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KernelSpec(NamedTuple):
    name: str
    native_window: bool
    decode: Callable


def _torch_decode(q, k, v):
    return torch.softmax(q @ k.transpose(-1, -2), dim=-1) @ v


KERNEL_REGISTRY: Dict[str, KernelSpec] = {
    "cuda": KernelSpec("flashinfer", True, _torch_decode),
    "hip": KernelSpec("aiter", True, _torch_decode),
    "npu": KernelSpec("ascend_fia", False, _torch_decode),
    "xpu": KernelSpec("sycl_flash", False, _torch_decode),
    "cpu": KernelSpec("torch_native", False, _torch_decode),
}


def _platform_key(device) -> str:
    dev_type = torch.device(device).type
    if dev_type == "cuda" and torch.version.hip is not None:
        return "hip"
    return dev_type if dev_type in KERNEL_REGISTRY else "cpu"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.platform = _platform_key(model_runner.device)
        self.kernel = KERNEL_REGISTRY[self.platform]
        self.kv_pool = model_runner.token_to_kv_pool

        managed = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.has_window = isinstance(managed, SWAKVPool)
        logger.info(
            "attn registry: platform=%s kernel=%s window=%s",
            self.platform,
            self.kernel.name,
            self.has_window,
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.has_window:
            return self.kv_pool, loc
        # Kernels without native window support get host-side remapped indices;
        # the native ones take the same remapped view through their page table.
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
