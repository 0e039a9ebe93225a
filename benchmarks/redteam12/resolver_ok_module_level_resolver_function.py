"""FlashInfer-style backend that shares a module-level SWA pool resolver with its updaters."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWA pool a backend on ``model_runner`` translates through, or None."""
    pool = getattr(model_runner, "token_to_kv_pool", None)
    if isinstance(pool, SWAKVPool):
        return pool
    if getattr(model_runner, "is_draft_worker", False):
        spec = getattr(model_runner, "spec_algorithm", None)
        if spec is None or not spec.is_frozen_kv_mtp():
            return None
    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    if allocator is None:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    wrappers: Optional[List[object]] = None


class IndicesUpdaterDecode:
    def __init__(self, model_runner, kv_indptr: torch.Tensor, swa_pool: Optional[SWAKVPool]):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_indptr = kv_indptr
        self.swa_pool = swa_pool

    def update(self, req_pool_indices, seq_lens, wrappers) -> DecodeMetadata:
        bs = len(req_pool_indices)
        self.kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)
        rows = [self.req_to_token[r, : int(n)] for r, n in zip(req_pool_indices, seq_lens)]
        kv_indices = torch.cat(rows) if rows else self.kv_indptr.new_empty(0)
        if self.swa_pool is not None:
            kv_indices = self.swa_pool.translate_loc_from_full_to_swa(kv_indices)
        return DecodeMetadata(self.kv_indptr[: bs + 1], kv_indices, wrappers)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.decode_wrappers: List[object] = []
        self.indices_updater_decode = IndicesUpdaterDecode(
            model_runner, self.kv_indptr, self._swa_kv_pool
        )
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_log: list = []

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self.indices_updater_decode.update(
            forward_batch.req_pool_indices, forward_batch.seq_lens, self.decode_wrappers
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_log.append(("state", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.cuda_graph_log.append(("capture", bs))

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
        self.cuda_graph_log.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
