"""Hybrid-SWA decode backend: the KV source is looked up in a table of worker roles."""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

# (role, reuses the target's KV) -> where the sliding-window layers read from.
_KV_SOURCE_BY_ROLE = {
    ("target", False): "shared",
    ("target", True): "shared",
    ("draft", True): "shared",  # FROZEN_KV MTP reads the target's cache
    ("draft", False): "private",  # EAGLE-style drafts own a full-only pool
}


def _role_of(runner):
    role = "draft" if getattr(runner, "is_draft_worker", False) else "target"
    reuses = bool(getattr(runner.spec_algorithm, "is_frozen_kv_mtp", False))
    return role, reuses


@dataclass
class _DecodeState:
    seq_lens: torch.Tensor
    page_table: torch.Tensor
    notes: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.role = _role_of(model_runner)
        self.swa_pool = self._lookup_swa_pool(model_runner)
        self.decode_state = None
        logger.debug("role=%s swa=%s", self.role, self.swa_pool is not None)

    def _lookup_swa_pool(self, runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        source = _KV_SOURCE_BY_ROLE.get(self.role, "private")
        if source != "shared":
            return None
        candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        return candidate if isinstance(candidate, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        self.graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.graph_page_table = torch.zeros(
            max_bs, max_num_tokens, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata(self, forward_batch):
        self.decode_state = _DecodeState(
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            page_table=forward_batch.req_to_token_pool.req_to_token[forward_batch.req_pool_indices],
        )

    def forward_decode(self, loc):
        swa_pool = self.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
