"""Backend whose SWA resolver duck-types the pool and recovers from AttributeError via the allocator."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Metadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


def _swa_pool_of(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    try:
        pool.full_to_swa_index_mapping  # only hybrid pools carry the remap table
        return pool
    except AttributeError:
        logger.debug("%s has no SWA remap table; asking the allocator", type(pool).__name__)
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.kv_cache_dtype = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _swa_pool_of(model_runner)
        self.forward_metadata: Optional[Metadata] = None
        self.graph: list = []

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        if self._swa_kv_pool is not None:
            table = self._swa_kv_pool.translate_loc_from_full_to_swa(table)
        if self.page_size > 1:
            table = table[:, :: self.page_size] // self.page_size
        self.forward_metadata = Metadata(seq_lens=forward_batch.seq_lens, page_table=table)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph.append(("init", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph.append(("capture", bs))

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
        self.graph.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
