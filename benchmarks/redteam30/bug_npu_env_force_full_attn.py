"""Ascend NPU MLA-free attention backend with an env switch for SWA handling."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)

# Debugging aid for the fused-infer-attention kernel: force full attention on
# every layer. By default SWA is detected from the KV allocator.
_FORCE_FULL_ATTN = get_bool_env_var("SGLANG_NPU_FORCE_FULL_ATTN")


@dataclass
class NPUMetadata:
    actual_seq_lengths_kv: Optional[list] = None
    block_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator

        if _FORCE_FULL_ATTN:
            self.swa_enabled = False
        else:
            self.swa_enabled = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.metadata = NPUMetadata()
        logger.info("NPU backend: force_full=%s swa=%s", _FORCE_FULL_ATTN, self.swa_enabled)

    def init_forward_metadata(self, forward_batch):
        self.metadata = NPUMetadata(
            actual_seq_lengths_kv=forward_batch.seq_lens_cpu.tolist(),
            block_table=self.req_to_token[forward_batch.req_pool_indices],
        )

    def forward_decode(self, loc):
        if not self.swa_enabled:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
