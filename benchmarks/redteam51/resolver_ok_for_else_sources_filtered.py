"""Paged decode backend resolving its sliding-window pool from ordered sources.

Sources are tried in order and the loop stops at the first hybrid pool; the
``else`` clause handles runners for which no source is hybrid.
"""

import logging
from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.max_context_len = getattr(
            getattr(model_runner, "model_config", None), "context_len", 4096
        )
        self.swa_source, self.swa_kv_pool = self._resolve()
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)

    def _sources(self) -> List[Tuple[str, Callable[[], object]]]:
        runner = self.model_runner
        sources = [("active", lambda: runner.token_to_kv_pool)]
        spec = getattr(runner, "spec_algorithm", None)
        plain_draft = getattr(runner, "is_draft_worker", False) and not (
            spec is not None and spec.is_frozen_kv_mtp()
        )
        if not plain_draft:
            sources.append(("allocator", lambda: runner.token_to_kv_pool_allocator.get_kvcache()))
        return sources

    def _resolve(self) -> Tuple[str, Optional[SWAKVPool]]:
        for name, fetch in self._sources():
            candidate = fetch()
            if isinstance(candidate, SWAKVPool):
                chosen = (name, candidate)
                break
        else:
            logger.info("no hybrid source: reading the runner's own full pool")
            chosen = ("none", None)
        return chosen

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32)
        self.cuda_graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
