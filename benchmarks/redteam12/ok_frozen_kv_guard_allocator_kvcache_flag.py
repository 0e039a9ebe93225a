"""MTP-aware backend: window reads from its own hybrid pool, or the target's cache for frozen-KV drafts."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MTPMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None
    reads_target_cache: bool = False


def _is_frozen_kv_draft(model_runner) -> bool:
    if not getattr(model_runner, "is_draft_worker", False):
        return False
    algo = getattr(model_runner, "spec_algorithm", None)
    return algo is not None and algo.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.reads_target_cache = False
        swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            swa_pool = self.token_to_kv_pool
        elif _is_frozen_kv_draft(model_runner):
            # FROZEN_KV MTP drafts attend over the target's cache, which the shared
            # allocator manages.
            target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(target_cache, SWAKVPool):
                swa_pool = target_cache
                self.reads_target_cache = True
        self.swa_pool = swa_pool
        self.use_swa = swa_pool is not None
        self.forward_metadata: Optional[MTPMetadata] = None
        self.graph_log: list = []
        logger.debug("mtp backend: swa=%s target_cache=%s", self.use_swa, self.reads_target_cache)

    def init_forward_metadata(self, forward_batch):
        slots = forward_batch.out_cache_loc
        if self.use_swa:
            slots = self.swa_pool.translate_loc_from_full_to_swa(slots)
        self.forward_metadata = MTPMetadata(
            seq_lens=forward_batch.seq_lens,
            slots=slots,
            reads_target_cache=self.reads_target_cache,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_log.append((max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_log.append(("capture", bs))

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
        self.graph_log.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache and not self.reads_target_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
