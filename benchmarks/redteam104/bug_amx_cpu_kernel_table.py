"""Intel AMX attention backend for CPU serving.

Picks the decode kernel from a small per-ISA table (AMX-BF16 when the CPU advertises it,
otherwise the vectorized torch path) and keeps the sliding-window bookkeeping next to the
kernel choice so the paged decode loop does not need to know about hybrid models.
"""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.utils import cpu_has_amx_support

logger = logging.getLogger(__name__)


def _decode_amx(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    return torch.ops.sgl_kernel.decode_attention_cpu(q, k, v)


def _decode_torch(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    scores = torch.softmax(q @ k.transpose(-1, -2), dim=-1)
    return scores @ v


_DECODE_KERNELS: Dict[str, Callable] = {
    "amx": _decode_amx,
    "torch": _decode_torch,
}


@dataclass
class AMXDecodeMetadata:
    kernel_name: str
    page_size: int
    use_sliding_window: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, force_kernel: Optional[str] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        if force_kernel is not None:
            kernel_name = force_kernel
        elif cpu_has_amx_support():
            kernel_name = "amx"
        else:
            kernel_name = "torch"
        self.decode_kernel = _DECODE_KERNELS[kernel_name]

        # The AMX kernel consumes the hybrid window layout natively; the torch
        # fallback needs the full->swa index remap done on the host side.
        if kernel_name == "amx":
            use_swa = hasattr(self.token_to_kv_pool, "swa_kv_pool")
        else:
            use_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)

        self.metadata = AMXDecodeMetadata(
            kernel_name=kernel_name, page_size=self.page_size, use_sliding_window=use_swa
        )
        logger.info("AMX backend using %s kernel (swa=%s)", kernel_name, use_swa)

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.metadata.use_sliding_window:
            return loc
        if self.metadata.kernel_name == "amx":
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._remap(loc)
