"""Backend that resolves its SWA pool lazily in a cached property, honouring the draft role."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class LazyMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[LazyMetadata] = None
        self.graph_state: dict = {}

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        swa = self.swa_kv_pool
        return loc if swa is None else swa.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = LazyMetadata(
            seq_lens=forward_batch.seq_lens, slots=self._slots(forward_batch.out_cache_loc)
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_state["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        # Resolve before capture so nothing host-side happens inside the graph.
        self.graph_state[bs] = self.swa_kv_pool is not None

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
        self.graph_state[(bs, "replay")] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, self._slots(loc)
        return self.token_to_kv_pool, loc
