"""Intel XPU (Data Center GPU Max / Arc) attention backend.

XPU builds use the SYCL flash-decoding kernels from sgl-kernel-xpu; on hosts without an
XPU device the backend runs the same paging logic with torch ops. The window capacity is
read up front so both paths agree on whether the hybrid window cache is in play.
"""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _xpu_available() -> bool:
    return hasattr(torch, "xpu") and torch.xpu.is_available()


@dataclass
class XPUForwardMetadata:
    swa_tokens: int = 0
    page_table: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)

    @property
    def uses_window(self) -> bool:
        return self.swa_tokens > 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_num_pages: Optional[int] = None):
        super().__init__()
        self.on_xpu = _xpu_available()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_num_pages = max_num_pages
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        if self.on_xpu:
            swa_tokens = getattr(self.token_to_kv_pool, "size_swa", 0)
        else:
            swa_tokens = getattr(self.allocator, "size_swa", 0)
        self.forward_metadata = XPUForwardMetadata(swa_tokens=swa_tokens or 0)
        logger.info(
            "xpu attn: on_xpu=%s swa_tokens=%d", self.on_xpu, self.forward_metadata.swa_tokens
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.forward_metadata.uses_window:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
