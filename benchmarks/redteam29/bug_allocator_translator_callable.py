"""Decode backend that binds a full->SWA index translator once and applies it when present."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

IndexTranslator = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class DecodeMetadata:
    cache_loc: Optional[torch.Tensor] = None
    max_seq_len: int = 0


def _bind_translator(model_runner) -> Optional[IndexTranslator]:
    # Index bookkeeping lives with the allocator; bind its translator so the
    # hot path does not look it up every step.
    allocator = model_runner.token_to_kv_pool_allocator
    return getattr(allocator, "translate_loc_from_full_to_swa", None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_dtype = model_runner.kv_cache_dtype
        self._to_swa = _bind_translator(model_runner)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        self.forward_metadata = DecodeMetadata()

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self._to_swa is not None:
            self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.cuda_graph_swa_loc is not None:
            self.cuda_graph_swa_loc[:bs].copy_(self._to_swa(loc)[:bs])

    def init_forward_metadata(self, loc: torch.Tensor):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        self.forward_metadata = DecodeMetadata(cache_loc=loc, max_seq_len=int(loc.numel()))

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.cache_loc
