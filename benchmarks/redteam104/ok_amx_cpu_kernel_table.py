"""CPU attention backend with AMX / torch kernel selection.

The kernel is chosen once per process from the ISA the host exposes. Sliding-window
layers are served from the SWA view of the KV pool this runner owns; the allocator is
only consulted for capacity reporting.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import cpu_has_amx_support

logger = logging.getLogger(__name__)


def _sdpa_decode(q, k, v):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


def _amx_decode(q, k, v):
    return torch.ops.sgl_kernel.decode_attention_cpu(q, k, v)


CPU_DECODE_KERNELS: Dict[str, Callable] = {"amx": _amx_decode, "sdpa": _sdpa_decode}


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only CPU backend used by the Xeon serving path."""

    def __init__(self, model_runner, kernel: Optional[str] = None):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        self.kernel_name = kernel or ("amx" if cpu_has_amx_support() else "sdpa")
        self.decode_fn = CPU_DECODE_KERNELS[self.kernel_name]

        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.info(
            "cpu attn: kernel=%s swa=%s free_tokens=%d",
            self.kernel_name,
            self.swa_pool is not None,
            self.allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
