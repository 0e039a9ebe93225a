"""Backend with a defensive SWA-pool resolver that tolerates runners without speculative fields."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeState:
    seq_lens: Optional[torch.Tensor] = None
    kv_slots: Optional[torch.Tensor] = None
    swa_kv_slots: Optional[torch.Tensor] = None


def _is_frozen_kv(model_runner) -> bool:
    algo = getattr(model_runner, "spec_algorithm", None)
    probe = getattr(algo, "is_frozen_kv_mtp", None)
    return bool(probe()) if callable(probe) else False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        self.forward_metadata: Optional[DecodeState] = None
        self.graph_bs: list = []

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        active = getattr(model_runner, "token_to_kv_pool", None)
        if isinstance(active, SWAKVPool):
            return active
        is_draft = getattr(model_runner, "is_draft", False)
        if is_draft and not _is_frozen_kv(model_runner):
            return None
        allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
        kvcache = allocator.get_kvcache() if allocator is not None else None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        slots = forward_batch.out_cache_loc
        self.forward_metadata = DecodeState(
            seq_lens=forward_batch.seq_lens,
            kv_slots=slots,
            swa_kv_slots=(
                self.swa_kv_pool.translate_loc_from_full_to_swa(slots)
                if self.swa_kv_pool is not None
                else None
            ),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_bs = list(range(1, max_bs + 1))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.captured_bs = bs

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
        self.replayed_bs = bs

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
