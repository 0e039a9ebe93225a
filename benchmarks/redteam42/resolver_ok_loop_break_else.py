"""Hybrid SWA attention backend: walks candidate KV sources until one is a window pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _frozen_kv_mtp(runner) -> bool:
    check = getattr(getattr(runner, "spec_algorithm", None), "is_frozen_kv_mtp", None)
    return bool(check()) if check is not None else False


@dataclass
class CaptureBuffers:
    seq_lens: torch.Tensor
    swa_page_table: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.swa_pool = self._find_swa_pool(model_runner)
        self.capture: Optional[CaptureBuffers] = None

    def _candidate_sources(self, runner):
        yield "active", lambda: runner.token_to_kv_pool
        yield "shared", lambda: runner.token_to_kv_pool_allocator.get_kvcache()

    def _find_swa_pool(self, runner) -> Optional[SWAKVPool]:
        owns_kv = getattr(runner, "is_draft_worker", False) and not _frozen_kv_mtp(runner)
        for name, fetch in self._candidate_sources(runner):
            if name == "shared" and owns_kv:
                candidate = None
                break
            candidate = fetch()
            if isinstance(candidate, SWAKVPool):
                logger.debug("sliding-window layers read the %s pool", name)
                break
        else:
            candidate = None
        return candidate

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = max(1, max_num_tokens // self.page_size)
        self.capture = CaptureBuffers(
            seq_lens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            swa_page_table=torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device),
        )

    def init_forward_metadata(self, forward_batch):
        self.seq_lens = forward_batch.seq_lens

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
