"""Backend that trusts the allocator's SWA cache only when it is the very pool this runner reads."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class HybridMetadata:
    seq_lens: Optional[torch.Tensor] = None
    full_slots: Optional[torch.Tensor] = None
    swa_slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.head_dim = getattr(model_runner.model_config, "head_dim", 128)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        owned = allocator.get_kvcache() is self.token_to_kv_pool
        # Speculative drafts share the target's allocator; its SWA layout only applies
        # when the allocator manages the same cache this backend reads.
        self.hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator) and owned
        if isinstance(allocator, SWATokenToKVPoolAllocator) and not owned:
            logger.info("shared SWA allocator but a private KV pool: reading full slots")
        self.forward_metadata: Optional[HybridMetadata] = None
        self._cuda_graph: dict = {}

    def _swa_slots(self, slots: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.hybrid_swa:
            return None
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(slots)

    def init_forward_metadata(self, forward_batch):
        slots = forward_batch.out_cache_loc
        self.forward_metadata = HybridMetadata(
            seq_lens=forward_batch.seq_lens,
            full_slots=slots,
            swa_slots=self._swa_slots(slots),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cuda_graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._cuda_graph[bs] = "capture"

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self._cuda_graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_slots(loc)
        if swa is not None:
            return self.token_to_kv_pool, swa
        return self.token_to_kv_pool, loc
