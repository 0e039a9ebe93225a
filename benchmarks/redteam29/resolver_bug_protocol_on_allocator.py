"""Backend that finds its full->SWA translator structurally among the runner's KV objects."""

import logging
from typing import Optional, Protocol, runtime_checkable

import torch

logger = logging.getLogger(__name__)


@runtime_checkable
class FullToSWATranslator(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


def find_translator(model_runner) -> Optional[FullToSWATranslator]:
    # The pool carries the mapping once registered; the allocator always owns it.
    for candidate in (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator):
        if isinstance(candidate, FullToSWATranslator):
            return candidate
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.translator = find_translator(model_runner)
        self.use_sliding_window_kv_pool = self.translator is not None
        self._graph_swa_loc: Optional[torch.Tensor] = None
        logger.info(
            "sliding window translation via %s",
            type(self.translator).__name__ if self.translator is not None else "none",
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.use_sliding_window_kv_pool:
            self._graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        swa_loc = self.translator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
