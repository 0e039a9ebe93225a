"""Version-tolerant backend that probes for FROZEN_KV MTP support before using the shared cache."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CompatMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _frozen_kv_mtp(model_runner) -> bool:
    # Older releases have no FROZEN_KV MTP; treat them as "never frozen".
    probe = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)
    return bool(probe())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.context_len = getattr(model_runner.model_config, "context_len", 4096)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[CompatMetadata] = None
        self.graph: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        draft = bool(getattr(model_runner, "is_draft_worker", False))
        if draft and not _frozen_kv_mtp(model_runner):
            return None
        get_kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
        if not callable(get_kvcache):
            return None
        kvcache = get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        max_len = min(int(forward_batch.seq_lens.max().item()), self.context_len)
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        swa_table = None
        if self._swa_kv_pool is not None:
            swa_table = self._swa_kv_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = CompatMetadata(forward_batch.seq_lens, table, swa_table)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph[bs] = "capture"

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
        self.graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
