"""Ascend NPU backend: reuse the allocator's kvcache handle for the paged-attention kernels."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class NpuKernelConfig:
    num_heads: int
    head_dim: int
    block_size: int
    use_swa_kernel: bool


class GeneratedAttnBackend:
    """torch_npu paged attention, with the SWA kernel for hybrid sliding-window models."""

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # NPU port: the allocator already holds the kvcache the graph runner binds to,
        # take it from there so the NPU graph and eager paths agree on the buffer.
        self.kv_cache = self.token_to_kv_pool_allocator.get_kvcache()
        cfg = model_runner.model_config
        self.kernel_config = NpuKernelConfig(
            num_heads=getattr(cfg, "num_attention_heads", 1),
            head_dim=getattr(cfg, "head_dim", 128),
            block_size=max(getattr(model_runner, "page_size", 1), 1),
            use_swa_kernel=isinstance(self.kv_cache, SWAKVPool),
        )
        self._workspace = torch.empty(0, dtype=torch.uint8)
        logger.debug("NPU attention kernel config: %s", self.kernel_config)

    def _ensure_workspace(self, num_tokens: int):
        need = num_tokens * self.kernel_config.num_heads * 4
        if self._workspace.numel() < need:
            self._workspace = torch.empty(need, dtype=torch.uint8)

    def get_kv_cache(self):
        return self.kv_cache

    def forward_decode(self, loc):
        self._ensure_workspace(int(loc.numel()))
        kv = self.get_kv_cache()
        if self.kernel_config.use_swa_kernel:
            loc = kv.translate_loc_from_full_to_swa(loc)
        return kv, loc
