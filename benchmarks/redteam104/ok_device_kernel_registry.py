"""Attention backend dispatching decode kernels per accelerator.

A registry maps the runner's device type to the kernel that serves it; hosts without an
accelerator use the torch fallback. Window layers read from the SWA pool the runner
owns.
"""

import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _fallback_decode(q, k, v):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


_DECODE_BY_DEVICE: Dict[str, str] = {
    "cuda": "flashinfer",
    "npu": "ascend",
    "xpu": "xpu_flash",
    "musa": "mate",
}


def _select_kernel(device) -> str:
    dev_type = torch.device(device).type
    if dev_type == "cuda" and not torch.cuda.is_available():
        return "torch"
    return _DECODE_BY_DEVICE.get(dev_type, "torch")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, decode_fn: Optional[Callable] = None):
        super().__init__()
        self.kernel_name = _select_kernel(model_runner.device)
        self.decode_fn = decode_fn or _fallback_decode
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        logger.info(
            "attn dispatch: kernel=%s swa=%s", self.kernel_name, self.swa_kv_pool is not None
        )

    def get_swa_pool(self) -> Optional[SWAKVPool]:
        return self.swa_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        swa = self.get_swa_pool()
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
