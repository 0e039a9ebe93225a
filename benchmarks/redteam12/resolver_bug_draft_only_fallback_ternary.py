"""Backend resolving the SWA pool with an allocator fallback reserved for draft workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class VerifyAwareMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None
    num_draft_tokens: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        args = model_runner.server_args
        self.num_draft_tokens = getattr(args, "speculative_num_draft_tokens", None) or 0
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        self.forward_metadata: Optional[VerifyAwareMetadata] = None
        self.graph: dict = {}

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        # A target with a full-only pool is a plain model; only a draft can be sitting
        # next to a hybrid target whose cache it must read.
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if model_runner.is_draft_worker and isinstance(shared, SWAKVPool) else None

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = VerifyAwareMetadata(
            seq_lens=forward_batch.seq_lens,
            slots=self._slots(forward_batch.out_cache_loc),
            num_draft_tokens=self.num_draft_tokens,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph[bs] = ("capture", forward_mode)

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
        self.graph[bs] = ("replay", seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._slots(loc)
